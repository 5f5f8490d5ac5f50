"""Match & Collect AI (firmware/games/match_collect/ai.py): legal and sensible decisions,
no peeking at hidden cards, whole AI-only games under CPython and MicroPython."""

import pytest

from core.rng import Rng
from games.match_collect import ai
from games.match_collect import rules as R
from tests.mpy import ROOT, run_mpy
from tests.test_match_collect_rules import (
    B1,
    B2,
    G1,
    LEG,
    MSG,
    PORTAL,
    R1,
    R2,
    RED,
    SHELTER,
    Y1,
    card,
    loc_cards,
    table,
    where,
)

MOON, KEY = 2, 7
ALL_CARDS = list(range(88))


def ai_game(levels, seed, **options):
    opts = {"players": len(levels)}
    opts.update(options)
    s = R.new_game(opts, seed)
    rngs = [Rng(seed * 13 + i) for i in range(len(levels))]
    steps = 0
    while not s.is_over():
        seat = s.current_player
        a = ai.choose(s, seat, levels[seat], rngs[seat])
        s.apply(a)  # raises on an illegal action
        steps += 1
        assert steps < 20000
        # every card in exactly one place, after every action
        assert where(s) == ALL_CARDS, "a card is missing or in two places"
    return s


def test_lays_melds_then_discards_and_goes_out():
    s = table(hands=[[R1, R2, B1, card(RED, KEY)], [B2]], pile=[Y1])
    seen = []
    while s.current_player == 0 and not s.round_results:
        a = ai.choose(s, 0, "normal", Rng(1))
        seen.append(R.decode(a)[0])
        s.apply(a)
    assert seen[0] == "draw"
    assert "meld" in seen and seen[-1] == "discard"
    assert s.round_results[-1]["players"][0]["out"] is True
    assert s.round_results[-1]["players"][0]["melds"] == [sorted([R1, R2, B1, Y1])]


def test_takes_the_discard_that_completes_a_location_group():
    a, b, c, _ = loc_cards(10)
    s = table(hands=[[a, b, R1, card(RED, MOON), B2], [G1]], discard=[c])
    assert ai.choose(s, 0, "hard", Rng(1)) == R.TAKE
    assert ai.choose(s, 0, "normal", Rng(1)) == R.TAKE
    s = table(hands=[[a, b, R1, card(RED, MOON), B2], [G1]], discard=[card(3, KEY, 1)])
    assert ai.choose(s, 0, "hard", Rng(1)) == R.DRAW


def test_uses_free_call_on_its_best_location():
    a, b, c, d = loc_cards(7)
    e, f, _, _ = loc_cards(12)
    s = table(hands=[[a, b, e, f, R1], [c, B2]], discard=[d], pile=[G1])
    s.apply(R.DRAW)
    # location 7: one card left unseen (c); location 12: two left unseen -> call 12
    assert ai.choose(s, 0, "hard", Rng(1)) == R.call(12)


def test_plays_portal_and_aims_messenger():
    s = table(hands=[[PORTAL[0], R1, card(RED, MOON), B2], [G1]], pile=[Y1, card(RED, KEY)])
    s.apply(R.DRAW)
    assert ai.choose(s, 0, "hard", Rng(1)) == R.wonder(PORTAL[0])
    a, b, c, _ = loc_cards(3)
    s = table(hands=[[MSG[0], a, b, R1, card(2, KEY)], [c, G1]], pile=[Y1, B2])
    s.apply(R.DRAW)
    s.call_used[0] = True
    assert ai.choose(s, 0, "hard", Rng(1)) == R.wonder(MSG[0])
    s.apply(R.wonder(MSG[0]))
    assert ai.choose(s, 0, "hard", Rng(1)) == R.name(3)


def test_shelter_late_with_a_big_hand():
    hand = [SHELTER[0], R1, card(RED, MOON), B2, card(2, KEY), card(1, MOON, 1), card(3, 5)]
    s = table(hands=[hand, [G1, Y1]], pile=[R2])
    s.draw_pile = s.draw_pile[-5:]  # late in the round
    s.call_used[0] = True
    s.apply(R.DRAW)
    while R.decode(ai.choose(s, 0, "hard", Rng(1)))[0] in ("select", "meld", "extend"):
        s.apply(ai.choose(s, 0, "hard", Rng(1)))  # it lays its Stag run first
    assert s.melds[0] == [[R.M_SYMBOL, [R1, R2, card(1, 0, 1)]]]
    assert ai.choose(s, 0, "hard", Rng(1)) == R.wonder(SHELTER[0])
    s.apply(R.wonder(SHELTER[0]))
    assert ai.choose(s, 0, "hard", Rng(1)) == R.SHELTER_HAND


def test_discard_avoids_feeding_an_opponent_meld():
    # Opponent shows a Moon run; the AI holds two lone cards: a Moon and a Key.
    moon = card(1, MOON, 1)
    key = card(RED, KEY)
    s = table(hands=[[moon, key, R1, R2, B1, LEG[0]], [G1]], pile=[Y1])
    s.melds[1] = [[R.M_SYMBOL, [card(RED, MOON), card(2, MOON), card(3, MOON)]]]
    for c in s.melds[1][0][1]:
        s.draw_pile.remove(c)
    s.apply(R.DRAW)
    while s.phase == R.PH_MAIN and R.decode(ai.choose(s, 0, "hard", Rng(1)))[0] != "discard":
        s.apply(ai.choose(s, 0, "hard", Rng(1)))
    assert ai.choose(s, 0, "hard", Rng(1)) == R.discard(key)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_decision_ignores_hidden_cards(level):
    """Swap cards between an opponent's hand and the draw pile (what seat 0 cannot see): the
    decision of seat 0 stays the same, at every step of a game."""
    s = R.new_game({"players": 3}, 21)
    rng = Rng(2)
    checked = 0
    for step in range(300):
        if s.is_over():
            break
        seat = s.current_player
        if seat == 0:
            base = ai.choose(s, 0, level, Rng(step))
            for k in range(3):
                other = s.clone()
                r = Rng(100 + step * 3 + k)
                o = 1 + r.randbelow(2)
                if other.hands[o] and len(other.draw_pile) > other.guide_known + 1:
                    i = r.randbelow(len(other.hands[o]))
                    j = r.randbelow(len(other.draw_pile) - other.guide_known)
                    other.hands[o][i], other.draw_pile[j] = other.draw_pile[j], \
                        other.hands[o][i]
                other.rng = Rng(999 + k)  # the shuffler's future is hidden too
                assert ai.choose(other, 0, level, Rng(step)) == base
                checked += 1
            s.apply(base)
        else:
            legal = s.legal_actions()
            s.apply(ai.choose(s, seat, "normal", rng) if rng.randbelow(2) else
                    legal[rng.randbelow(len(legal))])
    assert checked > 60


def test_ai_games_all_levels_players_and_variants():
    configs = [
        (["hard", "easy"], {}), (["normal", "hard"], {"quick": True}),
        (["easy", "normal", "hard"], {}), (["hard", "hard", "easy"], {"length": "shorter"}),
        (["hard", "easy", "normal", "easy"], {}),
        (["normal"] * 4, {"reshuffle": False, "quick": True}),
        (["easy", "easy"], {"reshuffle": True, "length": "longer"}),
    ]
    n = 0
    for seed in range(9):
        for levels, opts in configs:
            s = ai_game(levels, seed, **opts)
            assert s.is_over() and (max(s.totals) >= s.target or s.round_number == 30)
            n += 1
    assert n == 63


def test_rejects_wrong_seat_and_level():
    s = R.new_game({"players": 2}, 1)
    with pytest.raises(ValueError):
        ai.choose(s, 1, "hard", Rng(1))
    with pytest.raises(ValueError):
        ai.choose(s, 0, "expert", Rng(1))


MPY_GAMES = """
import time
from core.rng import Rng
from games.match_collect import rules as R, ai
worst = 0
for seed, levels, opts in ((1, ("hard", "easy"), {}), (2, ("hard", "normal", "easy"),
                           {"quick": True}), (3, ("hard", "easy", "normal", "hard"), {})):
    o = {"players": len(levels)}
    o.update(opts)
    s = R.new_game(o, seed)
    rngs = [Rng(seed + i) for i in range(len(levels))]
    while not s.is_over():
        p = s.current_player
        t = time.ticks_ms()
        a = ai.choose(s, p, levels[p], rngs[p])
        worst = max(worst, time.ticks_diff(time.ticks_ms(), t))
        s.apply(a)
    print(len(levels), s.round_number, max(s.totals) >= s.target)
print("worst_ms", worst)
"""


def test_ai_games_under_micropython_small_heap():
    out = run_mpy(MPY_GAMES, heap="96wK", paths=[ROOT]).stdout.split()
    assert out[0:9:3] == ["2", "3", "4"]
    assert out[2:9:3] == ["True", "True", "True"]
    assert out[9] == "worst_ms"


def test_hards_budget_decides_the_same_on_worlds_it_cannot_tell_apart():
    """Hard with a budget (its draw and discard choices played out in sampled worlds to the
    end of its next turn) decides the same on worlds seat 0 cannot tell from the real one;
    budget 1 (BUDGET) is the judgement."""
    assert ai.BUDGET == 1
    s = R.new_game({"players": 3}, 23)
    rngs = [Rng(7 + p) for p in range(3)]
    searched = 0
    for step in range(120):
        if s.is_over():
            break
        seat = s.current_player
        if seat == 0 and (s.phase == R.PH_DRAW or s.selection == []):
            want = ai.choose(s, 0, "hard", Rng(step), 3)
            for k in range(2):
                world = s.sample_hidden(0, Rng(500 + step * 2 + k))
                assert ai.choose(world, 0, "hard", Rng(step), 3) == want
            assert ai.choose(s, 0, "hard", Rng(step), 1) == ai.choose(s, 0, "hard", Rng(step))
            searched += 1
        s.apply(ai.choose(s, seat, "hard", rngs[seat]))
    assert searched > 10
