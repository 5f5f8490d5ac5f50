"""Match 2-52 rules engine: hand-built positions for every rule of GAMES.md section 3, the
52-card invariant, and random games on CPython and under the MicroPython unix port."""

import csv
from pathlib import Path

import pytest

from core.rng import Rng
from games.match252 import rules
from games.match252.rules import EMPTY, action
from tests.mpy import run_mpy
from tests.statecmp import refused

ROOT = Path(__file__).resolve().parent.parent
E = EMPTY


def c(rank, suit=0):
    """Card id from a rank name ("A", "2".."10", "J", "Q", "K") and a suit index."""
    return rules.RANK_NAMES.index(rank) * 4 + suit


def reveal(s):
    return action(rules.REVEAL, s)


def move(a, b):
    return action(rules.MOVE, (a << 4) | b)


def replace(s):
    return action(rules.REPLACE, s)


def filler(n, avoid=()):
    """n distinct cards of ranks 2..5, 8..10 (no specials, no Six, no 7) not in `avoid`."""
    out = []
    for r in ("2", "3", "4", "5", "8", "9", "10"):
        for s in range(4):
            if c(r, s) not in avoid and len(out) < n:
                out.append(c(r, s))
    return out


def grid_with(cards, up_slots=None, avoid=()):
    """A 16-slot grid: `cards` maps slot -> card; the rest face-down filler cards that cannot
    match each other (all different ranks is impossible, so they stay face down)."""
    placed = set(cards.values()) | set(avoid)
    fill = iter(filler(16, placed))
    grid = [cards[s] if s in cards else next(fill) for s in range(16)]
    up = [1 if (up_slots is None and s in cards) or (up_slots and s in up_slots) else 0
          for s in range(16)]
    return grid, up


def test_deck_table_matches_the_card_ids():
    with open(ROOT / "assets" / "decks" / "standard52.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    assert len(rows) == 52
    for row in rows:
        card = int(row["id"])
        assert rules.RANK_NAMES[rules.rank(card)] == row["rank"]
        assert rules.SUIT_NAMES[rules.suit(card)] == row["suit"]


def test_new_game_deals_sixteen_face_down_and_is_deterministic():
    s = rules.new_game({"players": 2}, 7)
    s.check()
    assert len(s.pile) == 36 and not any(s.up) and s.left == 2 and s.phase == rules.ACT
    assert rules.new_game({"players": 2}, 7).grid == s.grid
    assert rules.new_game({"players": 2}, 8).grid != s.grid
    assert rules.new_game({"players": 2, "first": 1}, 7).current_player == 1
    assert rules.new_game({"players": 2, "first": 0}, 7).current_player == 0
    assert {rules.new_game({"players": 2}, k).current_player for k in range(20)} == {0, 1}
    with pytest.raises(ValueError):
        rules.new_game({"players": 3}, 1)
    assert len(s.legal_actions()) == 16  # only reveals at the start
    assert s.legal_actions() == list(range(16))


def test_reveal_move_replace_and_two_actions_per_turn():
    grid, up = grid_with({0: c("7", 0), 5: c("9", 1)})
    s = rules.position(grid, up, pile=[c("K", 3)])
    s.apply(move(0, 3))  # 7 goes to D1, the face-down card at D1 comes to A1 face down
    assert s.grid[3] == c("7", 0) and s.up[3] == 1 and s.up[0] == 0
    assert s.current_player == 0 and s.left == 1
    s.apply(replace(5))  # 9h under the pile, the K on top refills B2 face down
    assert s.pile[0] == c("9", 1) and s.grid[5] == c("K", 3) and not s.up[5]
    assert s.know[c("9", 1)] == 3  # both saw it go under
    assert s.current_player == 1 and s.left == 2 and s.turn == 2
    s.check()


def test_illegal_actions_are_refused_and_change_nothing():
    grid, up = grid_with({0: c("7", 0)})
    grid[6] = E
    s = rules.position(grid, up, pile=[])
    s.know[s.grid[3]] = 1          # some knowledge, captures and a later turn: all must stay
    s.caps = [[c("K", 0), c("K", 1)], [c("A", 2)]]
    s.turn = 9
    bad = [
        (reveal(0), "already face up"),
        (reveal(6), "empty"),
        (move(1, 2), "not a face-up card"),     # face-down card cannot be moved
        (move(0, 5), "not in the row or column"),
        (move(0, 0), "not in the row or column"),
        (replace(1), "not a face-up card"),
        (0x700, "not a turn action"),
        (action(rules.PAIR, 1), "not a turn action"),
    ]
    for act, reason in bad:    # refused, and the whole state (every field, deep) unchanged
        refused(s, act, reason)
    s2 = rules.position(grid, up, pile=[c("K", 0)])
    s2.pile.append(s2.grid[2])
    s2.grid[2] = E
    refused(s2, move(0, 2), "empty")
    # the pile is empty: no Replace at all
    empty = rules.position(grid, up, pile=[], fill=False)
    refused(empty, replace(0), "draw pile is empty")
    # a pending choice: anything else is refused and the choice stays open
    grid3, up3 = grid_with({0: c("J", 0), 2: c("J", 1)})
    p = rules.position(grid3, up3)
    p.apply(move(2, 1))
    assert p.phase == rules.P_LOOK
    refused(p, reveal(3), "not one of the choices")
    refused(p, action(rules.SHOW, 3), "not one of the choices")   # a Queen's choice, not now
    assert all(a >> 8 != rules.REPLACE for a in empty.legal_actions())


def test_a_match_is_captured_and_refilled_face_down():
    grid, up = grid_with({0: c("7", 0), 2: c("7", 1)}, avoid=[c("J", 2), c("Q", 2)])
    s = rules.position(grid, up, pile=[c("J", 2), c("Q", 2)])
    s.apply(move(2, 1))          # 7 7 side by side in row 1
    assert s.caps[0] == [c("7", 0), c("7", 1)]
    assert s.grid[0] == c("Q", 2) and s.grid[1] == c("J", 2)   # from the top, A1 then B1
    assert not s.up[0] and not s.up[1]
    assert s.events[-1][0] == "capture" and s.left == 1
    s.check()


def test_no_match_across_an_empty_slot_or_diagonally():
    grid, up = grid_with({0: c("7", 0), 5: c("7", 1), 2: c("9", 0)})
    grid[1] = E
    up[1] = 0
    s = rules.position(grid, up)
    assert s.matches() == []      # A1/B2 diagonal
    s.apply(move(2, 14))          # 9 to C4: still no match
    assert s.caps == [[], []]


def test_several_matches_the_player_chooses_the_order():
    # Row 1: 8 8 8 in A1 B1 C1 (a line of three) and 4 4 in A2 B2, all face up at once by
    # revealing B1.
    grid, up = grid_with({0: c("8", 0), 1: c("8", 1), 2: c("8", 2), 4: c("4", 0),
                          5: c("4", 1)}, up_slots={0, 2, 4})
    s = rules.position(grid, up)
    s.apply(reveal(5))           # 4 4: one match, captured at once
    assert len(s.caps[0]) == 2 and s.phase == rules.ACT
    s.apply(reveal(1))           # 8 8 8: A1-B1 or B1-C1
    assert s.phase == rules.P_PAIR and s.current_player == 0
    assert s.legal_actions() == [action(rules.PAIR, 0x01), action(rules.PAIR, 0x12)]
    with pytest.raises(ValueError, match="not one of the choices"):
        s.apply(reveal(3))
    s.apply(action(rules.PAIR, 0x12))
    assert s.caps[0][-2:] == [c("8", 1), c("8", 2)] and s.grid[0] == c("8", 0)
    assert s.current_player == 1  # second action done
    s.check()


def test_two_separate_matches_at_once():
    # Moving a card can make two matches: the 5 goes between 5 and... use a swap of two
    # face-up cards that each land beside their rank.
    grid, up = grid_with({0: c("9", 0), 1: c("3", 0), 4: c("3", 1), 5: c("9", 1)},
                         up_slots={0, 1, 4, 5})
    s = rules.position(grid, up)
    # A1=9 B1=3 / A2=3 B2=9: swapping A1 and B1 gives 3 9 / 3 9: two vertical matches
    s.apply(move(0, 1))
    assert s.phase == rules.P_PAIR
    assert sorted(s.legal_actions()) == [action(rules.PAIR, 0x04), action(rules.PAIR, 0x15)]
    s.apply(action(rules.PAIR, 0x15))
    assert s.phase == rules.ACT and len(s.caps[0]) == 4   # the other one is taken at once
    s.check()


def test_ace_match_takes_a_chosen_card():
    grid, up = grid_with({0: c("A", 0), 2: c("A", 1)})
    s = rules.position(grid, up, caps=([], [c("K", 0), c("J", 3), c("7", 2)]))
    s.apply(move(2, 1))
    assert s.phase == rules.P_TAKE and s.current_player == 0
    assert s.legal_actions() == [action(rules.TAKE, k) for k in sorted([c("K", 0), c("J", 3),
                                                                         c("7", 2)])]
    s.apply(action(rules.TAKE, c("K", 0)))
    assert s.caps[0] == [c("A", 0), c("A", 1), c("K", 0)] and len(s.caps[1]) == 2
    assert s.left == 1
    s.check()


def test_ace_match_with_nothing_to_take_is_skipped():
    grid, up = grid_with({0: c("A", 0), 2: c("A", 1)})
    s = rules.position(grid, up)
    s.apply(move(2, 1))
    assert s.phase == rules.ACT and ("skip", 0, 0) in s.events and s.left == 1


def test_jack_match_private_look():
    grid, up = grid_with({0: c("J", 0), 2: c("J", 1)})
    s = rules.position(grid, up, pile=[c("K", 2), c("7", 2)])
    s.apply(move(2, 1))
    assert s.phase == rules.P_LOOK
    assert s.legal_actions() == [action(rules.LOOK, t) for t in range(16) if not s.up[t]]
    target = s.grid[9]
    assert s.observation(0)["grid"][9] == -1
    s.apply(action(rules.LOOK, 9))
    assert s.observation(0)["grid"][9] == target     # seat 0 now knows it
    assert s.observation(1)["grid"][9] == -1         # seat 1 does not
    assert 9 in s.observation(1)["other_knows"]      # but saw where the look was
    assert not s.up[9] and s.left == 1
    # the knowledge follows the card when it is moved
    s.apply(move(3, 11) if s.up[3] else reveal(3))
    s.check()


def test_queen_match_reveals_and_a_revealed_match_is_captured():
    grid, up = grid_with({0: c("Q", 0), 2: c("Q", 1), 14: c("7", 0), 10: c("7", 1)},
                         up_slots={0, 2, 14})
    s = rules.position(grid, up)
    s.apply(move(2, 1))
    assert s.phase == rules.P_SHOW
    s.apply(action(rules.SHOW, 10))                  # the 7 beside the face-up 7
    assert s.caps[0][-2:] == [c("7", 1), c("7", 0)] or s.caps[0][-2:] == [c("7", 0), c("7", 1)]
    assert len(s.caps[0]) == 4 and s.left == 1 and s.phase == rules.ACT
    s.check()


def test_queen_with_no_face_down_card_is_skipped():
    # A partial deck (fill=False): with all 52 cards someone would already have 12.
    grid = [c("Q", 0), c("2", 0), c("Q", 1), c("3", 1), c("3", 2)] + [E] * 11
    s = rules.position(grid, None, pile=[], fill=False)
    s.apply(move(2, 1))   # Q Q captured; the pile is empty: A1, B1 stay empty
    assert s.grid[0] == E and s.grid[1] == E
    assert ("skip", 0, rules.QUEEN) in s.events and s.phase == rules.ACT and s.left == 1


def test_six_by_reveal_goes_to_the_opponent_and_ends_the_turn():
    grid, up = grid_with({3: c("6", 2)}, up_slots=set())
    s = rules.position(grid, up, pile=[c("7", 3)])
    s.apply(reveal(3))
    assert s.caps == [[], [c("6", 2)]]
    assert s.grid[3] == c("7", 3) and not s.up[3]
    assert s.current_player == 1 and s.left == 2 and s.turn == 2   # first action, turn over
    s.check()


def test_six_by_queen_ends_the_turn_too():
    grid, up = grid_with({0: c("Q", 0), 2: c("Q", 1), 9: c("6", 0)}, up_slots={0, 2})
    s = rules.position(grid, up, player=1)
    s.apply(move(2, 1))
    s.apply(action(rules.SHOW, 9))
    assert s.caps[0] == [c("6", 0)]                              # the Six to the opponent
    assert sorted(s.caps[1]) == [c("Q", 0), c("Q", 1)]           # in either order
    assert s.current_player == 0 and s.left == 2
    s.check()


def test_six_by_queen_matches_already_on_the_grid_are_still_captured():
    # GAMES.md section 3, Six: matches already on the grid when a Six ends the turn are still
    # captured by the player who made them, with their effects. A1=Q B1=7 / A2=7 B2=Q: the
    # swap A1-B1 makes two matches at once, 7-7 (A1-A2) and Q-Q (B1-B2). Seat 0 takes the
    # Queens first; their reveal shows the Six at B3: it goes to seat 1 and the turn will end
    # (on the first action), but the 7s are captured by seat 0 first. Pile top K, J, 5
    # refill B1, B2, B3 then A1, A2 (face down).
    grid, up = grid_with({0: c("Q", 0), 1: c("7", 0), 4: c("7", 1), 5: c("Q", 1),
                          9: c("6", 0)}, up_slots={0, 1, 4, 5},
                         avoid=[c("2", 3), c("3", 3), c("K", 2), c("J", 2), c("5", 3)])
    s = rules.position(grid, up, pile=[c("2", 3), c("3", 3), c("5", 3), c("J", 2), c("K", 2)])
    s.apply(move(0, 1))
    assert s.phase == rules.P_PAIR
    s.apply(action(rules.PAIR, 0x15))            # Q-Q first
    assert s.phase == rules.P_SHOW
    s.apply(action(rules.SHOW, 9))               # a Six
    assert s.caps[1] == [c("6", 0)]
    assert sorted(s.caps[0]) == sorted([c("Q", 0), c("Q", 1), c("7", 0), c("7", 1)])
    assert s.grid[0] == c("3", 3) and s.grid[4] == c("2", 3) and not s.up[0] and not s.up[4]
    assert s.grid[1] == c("K", 2) and s.grid[5] == c("J", 2) and s.grid[9] == c("5", 3)
    assert s.matches() == []
    assert s.current_player == 1 and s.left == 2 and s.turn == 2   # the turn ended
    assert [e[0] for e in s.events] == ["reveal", "six", "capture"]
    s.check()


def test_six_by_queen_remaining_match_effects_apply():
    # The same, but the match left on the grid is two Jacks: their effect (a private look)
    # still belongs to seat 0 before the turn passes.
    grid, up = grid_with({0: c("Q", 0), 1: c("J", 0), 4: c("J", 1), 5: c("Q", 1),
                          9: c("6", 0)}, up_slots={0, 1, 4, 5})
    s = rules.position(grid, up)
    s.apply(move(0, 1))
    s.apply(action(rules.PAIR, 0x15))
    s.apply(action(rules.SHOW, 9))
    assert s.phase == rules.P_LOOK and s.current_player == 0      # the Jacks' look, seat 0
    s.apply(action(rules.LOOK, 3))
    assert s.know[s.grid[3]] & 1 and s.current_player == 1 and s.left == 2
    assert sorted(s.caps[0]) == sorted([c("Q", 0), c("Q", 1), c("J", 0), c("J", 1)])
    s.check()


def test_king_match_swaps_the_capture_piles():
    caps = ([c("7", 2), c("7", 3)], [c(r, k) for r in ("J", "Q") for k in range(4)])
    grid, up = grid_with({0: c("K", 0), 2: c("K", 1)})
    s = rules.position(grid, up, caps=caps)
    s.apply(move(2, 1))
    assert len(s.caps[0]) == 8 and len(s.caps[1]) == 4
    assert ("king", 0) in s.events
    s.check()


def test_king_swap_can_take_a_win_away():
    # Seat 0 has 10, makes the Kings match (12) and then the piles swap: seat 0 has 3.
    mine = filler(10)
    theirs = filler(3, mine)
    grid, up = grid_with({0: c("K", 0), 2: c("K", 1)}, avoid=mine + theirs)
    s = rules.position(grid, up, caps=(mine, theirs))
    s.apply(move(2, 1))
    assert s.scores() == [3, 12]
    assert s.is_over() and s.end_reason == "target" and s.returns() == [0.0, 1.0]


def test_twelve_captures_win_after_the_action_resolves():
    mine = [c(r, k) for r in ("J", "Q") for k in range(4)] + [c("K", 0), c("K", 1)]
    grid, up = grid_with({0: c("7", 0), 2: c("7", 1)})
    s = rules.position(grid, up, caps=(mine, []))
    s.apply(move(2, 1))
    assert s.is_over() and s.scores() == [12, 0] and s.returns() == [1.0, 0.0]
    assert s.current_player == rules.OVER and s.legal_actions() == []
    with pytest.raises(ValueError, match="over"):
        s.apply(reveal(5))


def test_empty_draw_pile_leaves_slots_empty():
    grid, up = grid_with({0: c("7", 0), 2: c("7", 1), 8: c("9", 0), 13: c("9", 2)})
    rest = [k for k in range(52) if k not in grid]
    s = rules.position(grid, up, pile=[], caps=(rest[:20], rest[20:]), fill=False)
    s.check()
    s.apply(move(2, 1))
    assert s.grid[0] == E and s.grid[1] == E and not s.up[0]
    # an empty slot cannot be revealed or moved into
    with pytest.raises(ValueError):
        s.apply(reveal(0))
    with pytest.raises(ValueError):
        s.apply(move(8, 0))
    assert move(8, 0) not in s.legal_actions()


def test_game_ends_when_no_pair_can_be_made():
    # Only Sixes and cards of distinct ranks are left in grid + pile after this capture. (With
    # all 52 cards someone has 12 by then, so this is a partial deck: fill=False.)
    grid = [c("7", 0), c("2", 0), c("7", 1), c("3", 0)] + [E] * 12
    s = rules.position(grid, None, pile=[c("6", 0), c("6", 1), c("K", 0)], fill=False)
    s.apply(move(2, 1))
    assert s.is_over() and s.end_reason == "no_pairs" and s.scores() == [2, 0]
    # a pair still possible (two Kings, one in the pile): the game goes on
    grid = [c("7", 0), c("2", 0), c("7", 1), c("K", 1)] + [E] * 12
    s = rules.position(grid, None, pile=[c("6", 0), c("6", 1), c("K", 0)], fill=False)
    s.apply(move(2, 1))
    assert not s.is_over()


def test_turn_cap_ends_the_game():
    s = rules.new_game({"players": 2}, 3)
    s.turn = rules.MAX_TURNS
    grid, up = grid_with({0: c("7", 0), 5: c("9", 0)})
    s = rules.position(grid, up)
    s.turn = rules.MAX_TURNS
    s.apply(move(0, 1))
    s.apply(move(1, 0))
    assert s.is_over() and s.end_reason == "turns"


def test_sample_hidden_keeps_what_the_seat_knows():
    s = rules.new_game({"players": 2}, 11)
    rng = Rng(5)
    for _ in range(25):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    for seat in (0, 1):
        seen = s.observation(seat)
        worlds = [s.sample_hidden(seat, Rng(k)) for k in range(8)]
        for w in worlds:
            w.check()
            assert w.observation(seat) == seen
        assert len({bytes(w.grid) + bytes(w.pile) for w in worlds}) > 1


def random_game(seed):
    s = rules.new_game({"players": 2}, seed)
    rng = Rng(seed + 99)
    n = 0
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        s.check()
        n += 1
        assert n < 3000
    return s


def test_invariant_over_random_games():
    reasons = set()
    for seed in range(40):
        s = random_game(seed)
        reasons.add(s.end_reason)
        sc = s.scores()
        assert s.returns() == ([0.5, 0.5] if sc[0] == sc[1] else
                               ([1.0, 0.0] if sc[0] > sc[1] else [0.0, 1.0]))
    assert "target" in reasons


def test_clone_is_independent():
    s = rules.new_game({"players": 2}, 4)
    t = s.clone()
    t.apply(reveal(0) if not t.up[0] else t.legal_actions()[0])
    assert not s.up[0] or s.grid != t.grid
    assert s.left == 2


MPY_GAME = """
from games.match252 import rules
from core.rng import Rng
done = 0
for seed in range(3):
    s = rules.new_game({"players": 2}, seed)
    rng = Rng(seed + 99)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        s.check()
    done += 1
print("games", done, s.scores(), s.end_reason)
"""


def test_random_games_under_micropython():
    out = run_mpy(MPY_GAME, heap="64wK").stdout
    assert out.strip().startswith("games 3")
    # the same seeds give the same games on both ports
    s = random_game(2)
    assert out.strip() == "games 3 %r %s" % (s.scores(), s.end_reason)
