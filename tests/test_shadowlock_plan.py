"""Shadow Lock's round-end proposal: the families are settled one by one (Value, Colour, Run,
Bonus), and what the screen proposes and the AI validates at each step must add up to the
best plan of the round's start (GAMES.md section 4: "the interface proposes the choice worth
the most"). Checked on the issue's hand-worked pile and over thousands of random piles,
through the rules engine, for the person's proposals (the "*best" row) and the Normal and
Hard AI."""

import pytest

from core import strings
from core.rng import Rng
from games.shadowlock import ai, rules, view_menu
from games.shadowlock.objectives import best_plan
from games.shadowlock.rules import DECLINE, LOCK, P_VALIDATE, VALIDATE
from kit import lang
from kit.actions import encode

R, B, Y, G = 0, 1, 2, 3
RAINBOW = 48


@pytest.fixture(autouse=True)
def english():
    """The game's English strings (the "*best" mark the proposals are found by)."""
    strings.load("en")
    lang.load("games.shadowlock", None)
    yield
    strings.remove()
    strings.load("en")


def n(v, c):
    return c * 12 + v - 1


class FakeTable:
    """What view_menu reads of the table: the state, the labels, who is to move."""

    odds = False

    def __init__(self, state):
        self.state = state

        class _Turns:
            @staticmethod
            def human_to_move():
                return True

        self.turns = _Turns()

    def label(self, a, best=False):
        return view_menu.label(self, a, best)

    def name(self, seat):
        return "P%d" % seat


def round_end(pile, boxes=None):
    """Seat 0 has locked `pile` (frozen `boxes`: {box: points}); seat 1 locks one card that is
    in no box's way: the round ends and seat 0 validates first."""
    used = set(pile)
    other = [c for c in range(48) if c not in used][0]
    rest = [c for c in range(48) if c not in used and c != other]
    s = rules.position(2, coll=[pile, [other]], locked=[1, 0], player=1,
                       boxes=[boxes or {}, {}], piles_=[[rest[0]], [rest[1]]])
    s.apply(encode(LOCK))
    return s


def proposed(state):
    """The action the screen marks "*best" (the cursor's place) for the seat to validate."""
    items = view_menu.menu_items(FakeTable(state))
    best = [a for a, label in items if label.endswith(" *best")]
    assert len(best) == 1, items
    return best[0]


def settle(state, choose):
    """Settle seat 0's families with `choose(state)`; seat 0's points of the round."""
    while state.phase == P_VALIDATE and state.current_player == 0:
        state.apply(choose(state))
    return state.history[-1][0]


def planned(pile, boxes=None):
    frozen = bytearray(10)
    for b, p in (boxes or {}).items():
        frozen[b] = p
    return sum(p for _f, p, _b, _j in best_plan(pile, frozen))


def test_the_issue_pile_three_of_a_kind_and_a_joker_run_28():
    pile = [n(12, R), n(12, B), n(12, Y), n(3, G), n(4, R), RAINBOW]
    assert best_plan(pile, bytearray(10)) == [(0, 18, 2, 0), (2, 10, 6, 1)]
    # Value settled with Three of a kind: the joker is still to give, to the run.
    frozen = bytearray(10)
    frozen[2] = 18
    assert best_plan(pile, frozen, 1, 2) == [(2, 10, 6, 1)]
    s = round_end(pile)
    assert s.current_player == 0 and s.val_family == 0
    assert proposed(s) == encode(VALIDATE, 2 * 2)          # Three of a kind, no joker
    s.apply(proposed(s))
    assert s.val_family == 2                               # Colour has nothing
    assert proposed(s) == encode(VALIDATE, 6 * 2 + 1)      # Small run 3-4-(5): 5 + 5
    s.apply(proposed(s))
    assert s.history[-1][0] == 28 and s.boxes[0][2] == 18 and s.boxes[0][6] == 10
    s = round_end(pile)
    assert settle(s, lambda st: ai.choose(st, 0, "hard", Rng(1))) == 28


def test_decline_is_proposed_when_the_joker_gains_more_in_a_family_to_come():
    # Value has only a joker pair (12s: 14); the joker gains 24 in a Rainbow run.
    pile = [n(3, R), n(12, G), n(5, B), n(6, Y), RAINBOW]
    s = round_end(pile)
    assert s.val_family == 0 and proposed(s) == encode(DECLINE, 0)
    assert settle(s, proposed) == 24 == planned(pile)


def random_pile(rng):
    """3-14 cards of the numbers, Rainbows and Shadows (ids 0..57), and some frozen boxes."""
    ids = list(range(58))
    rng.shuffle(ids)
    pile = ids[:3 + rng.randbelow(12)]
    boxes = {}
    for b in range(10):
        if rng.random() < 0.25:
            boxes[b] = 5 + rng.randbelow(20)
    return pile, boxes


def test_step_by_step_proposals_add_up_to_the_plan_of_the_round_start():
    rng = Rng(2024)
    checked = 0
    jokers = 0
    for _ in range(3000):
        pile, boxes = random_pile(rng)
        want = planned(pile, boxes)
        got = settle(round_end(pile, boxes), proposed)
        assert got == want, (pile, boxes)
        s = round_end(pile, boxes)
        s.round_no = s.rounds      # the last round: the AI declines nothing to wait
        assert settle(s, lambda st: ai.choose(st, 0, "hard", Rng(1))) == want, (pile, boxes)
        checked += 1
        jokers += any(rules.is_joker_card(c) for c in pile)
    assert checked == 3000 and jokers > 1000     # jokers really were in play
