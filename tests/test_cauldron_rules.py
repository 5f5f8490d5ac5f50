"""Cauldron rules engine: hand-worked scores (GAMES.md section 6 and seed 004), hand-built
positions for every rule, the every-card-in-one-place invariant, and random games on CPython
and under the MicroPython unix port."""

import csv
from pathlib import Path

import pytest

from core.rng import Rng
from games.cauldron import board, cards, rules, scoring
from games.cauldron.board import EMPTY, LINE_CELLS
from games.cauldron.rules import ACCIO, DECL, DISCARD, KEEP, PASS, TAKE
from games.cauldron.scoring import final_scores, kind_points, score_cauldron
from tests.mpy import run_mpy

ROOT = Path(__file__).resolve().parent.parent
E = EMPTY
IMM1, IMM2 = 72, 73
ACC1, ACC2, DEC1, DEC2 = 74, 75, 76, 77
VAN1, VAN2, VAN3, VAN4 = 78, 79, 80, 81
PER1, PER2 = 82, 83
# Kinds: 0-1 Yellow, 2-3 Green, 4-5 Red, 6-7 Blue, 8-9 Orange, 10-11 Purple, 12-13 Pink,
# 14-15 Brown, 16-17 White.
YEL, GRN, RED, BLU = 0, 2, 4, 6
ORA, PUR, PNK, BRN, WHT = 8, 10, 12, 14, 16
RA = {"Orange": 88, "Purple": 89, "Pink": 90, "Brown": 91, "White": 92}
RB_ING, RB_FOURS, RB_SPELLS, RB_ONES, RB_LAST = 93, 94, 95, 96, 97


def ing(kind, v):
    """The card of ingredient kind `kind` (0-17) with value v (1-4)."""
    return kind * 4 + v - 1


def act(kind, line=0, pos=0):
    return (kind << 8) | (line * 6 + pos)


# -- the deck table ----------------------------------------------------------------------------


def test_deck_table_and_compiled_module_agree_with_the_layout():
    with open(ROOT / "assets" / "decks" / "cauldron.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    assert len(rows) == cards.COUNT == 98
    kinds = [r["kind"] for r in rows]
    assert kinds.count("ingredient") == 72 and kinds.count("immuto") == 2
    assert kinds.count("spell") == 10 and kinds.count("corner") == 4
    assert kinds.count("recipe_a") == 5 and kinds.count("recipe_b") == 5
    names = set()
    for c in range(72):
        r = rows[c]
        assert int(r["value"]) == board.value(c) == cards.VALUE[c]
        assert r["colour"] == board.COLOURS[board.colour(c)]
        assert cards.NAME[c] == board.kind(c)
        names.add(r["name"])
    assert len(names) == 18
    # 2 kinds in each of 9 colours, each kind one card of each value
    for k in range(18):
        assert sorted(board.value(c) for c in range(72) if board.kind(c) == k) == [1, 2, 3, 4]
        assert len({rows[c]["colour"] for c in range(72) if board.kind(c) == k}) == 1
    spells = [rows[c]["name"] for c in range(74, 84)]
    assert spells.count("Accio") == 2 and spells.count("Declinatio") == 2
    assert spells.count("Vanesco") == 4 and spells.count("Perluceo") == 2
    assert [int(rows[c]["uses"]) for c in (74, 75, 76, 77)] == [2, 2, 3, 3]
    assert [rows[c]["colour"] for c in range(88, 93)] == ["Orange", "Purple", "Pink", "Brown",
                                                         "White"]
    assert rows[72]["value"] == "0"


def test_board_geometry():
    assert len(LINE_CELLS) == 8 and all(len(cl) == 6 for cl in LINE_CELLS)
    corners = {0, 5, 30, 35}
    seen = {}
    for cl in LINE_CELLS:
        for g in cl:
            assert g not in corners
            seen[g] = seen.get(g, 0) + 1
    assert len(seen) == 32          # every non-corner cell is in a line
    assert sum(1 for v in seen.values() if v == 2) == 16   # the inner 4x4 in two
    # 20 places: 4 corners, 16 facing a line; each line faced from both sides
    assert [p for p in range(20) if board.PLACE_LINE[p] < 0] == [0, 5, 10, 15]
    faced = [board.PLACE_LINE[p] for p in range(20) if board.PLACE_LINE[p] >= 0]
    assert sorted(faced) == sorted(list(range(8)) * 2)
    assert board.PLACE_LINE[1] == 0 and board.PLACE_LINE[14] == 0   # column 1, top and bottom
    assert board.PLACE_LINE[6] == 4 and board.PLACE_LINE[19] == 4   # row 1, right and left


# -- scoring: one cauldron ---------------------------------------------------------------------

SCORES = [
    # (cards, pawn colour, points, Immuto kinds)
    ([], "Yellow", 0, []),
    ([ing(ORA, 3)], "Yellow", -3, []),                              # a single: minus its value
    ([ing(YEL, 3)], "Yellow", -6, []),                              # own colour single doubled
    ([ing(YEL, 1)], "Yellow", -2, []),
    ([ing(ORA, 1), ing(ORA, 4)], "Yellow", 0, []),                  # a pair: 0
    ([ing(YEL, 1), ing(YEL, 4)], "Yellow", 0, []),                  # own pair still 0
    ([ing(ORA, 1), ing(ORA, 2), ing(ORA, 4)], "Yellow", 7, []),     # three: the sum
    ([ing(YEL, 1), ing(YEL, 2), ing(YEL, 4)], "Yellow", 14, []),    # own three doubled
    ([ing(ORA, v) for v in (1, 2, 3, 4)], "Yellow", 15, []),        # four: sum + 5
    ([ing(YEL, v) for v in (1, 2, 3, 4)], "Yellow", 25, []),        # own four: 2x10 + 5
    ([ing(GRN + 1, v) for v in (1, 2, 3, 4)], "Green", 25, []),     # the other own kind
    ([ing(GRN + 1, v) for v in (1, 2, 3, 4)], "Red", 15, []),       # not the pawn's colour
    ([ing(ORA, 3), ing(PUR, 1), ing(PUR, 2), ing(PNK, 2), ing(PNK, 3), ing(PNK, 4)],
     "Blue", 6, []),                                                # -3 + 0 + 9
    ([IMM1], "Yellow", 0, [0]),                                     # an Immuto alone
    ([ing(ORA, 4), IMM1], "Yellow", 0, [ORA]),                      # single -> pair
    ([ing(ORA, 3), ing(ORA, 4), IMM1], "Yellow", 7, [ORA]),         # pair -> three: 3+4+0
    ([ing(ORA, 1), ing(ORA, 2), ing(ORA, 3), IMM1], "Yellow", 11, [ORA]),   # -> four: +5
    ([ing(ORA, v) for v in (1, 2, 3, 4)] + [IMM1], "Yellow", 15, [0]),  # nothing to gain
    # two Immutos: a three from the single 4 (4 - 2 = 2) beats saving both singles (0)
    ([ing(ORA, 4), ing(PUR, 2), IMM1, IMM2], "Yellow", 2, [ORA, ORA]),
    # 1 - 1 (a three of 1, the Purple single) = 0 + 0 (both saved): a tie, the lowest kinds
    ([ing(ORA, 1), ing(PUR, 1), IMM1, IMM2], "Yellow", 0, [ORA, ORA]),
    ([ing(ORA, 3), ing(ORA, 4), IMM1, IMM2], "Yellow", 12, [ORA, ORA]),  # both: four, 7+5
    # own single 4 (-8) and a three (6): both Immutos on the single (8 + 6 = 14) beat one
    # each (0 + 11)
    ([ing(BLU, 4), ing(ORA, 1), ing(ORA, 2), ing(ORA, 3), IMM1, IMM2], "Blue", 14,
     [BLU, BLU]),
    ([ing(BLU, 4), IMM1], "Blue", 0, [BLU]),                         # own -8 saved
    ([ing(BLU, 2), ing(BLU, 3), ing(BLU, 4), IMM1], "Blue", 23, [BLU]),  # 2x9 + 5: the 5 once
    ([ACC1, VAN1, 88, 93], "Yellow", 0, []),                       # spells, Recipes: nothing
]


@pytest.mark.parametrize("cards_, colour, points, assigned", SCORES)
def test_score_cauldron(cards_, colour, points, assigned):
    assert score_cauldron(cards_, colour) == (points, assigned)
    assert score_cauldron(cards_, board.COLOURS.index(colour)) == (points, assigned)


def test_kind_points_table():
    assert [kind_points(n, 10, False) for n in range(6)] == [0, -10, 0, 10, 15, 15]
    assert [kind_points(n, 10, True) for n in range(6)] == [0, -20, 0, 20, 25, 25]


# The seed's "Blue player" example (its picture is not in the seed; this cauldron matches every
# figure the text gives): four Blue Frostcaps 1-4 (2 x 10 + 5 = 25, the 5 not doubled), three
# Orange 1, 3, 4 (8), two Green 3 and 4 (0), one Blue Tidewort 4 (-8): 25 in all.
BLUE = ([ing(BLU, v) for v in (1, 2, 3, 4)] + [ing(ORA, 1), ing(ORA, 3), ing(ORA, 4)] +
        [ing(GRN, 3), ing(GRN, 4)] + [ing(BLU + 1, 4)])


def test_seed_blue_player_example():
    assert score_cauldron(BLUE, "Blue") == (25, [])
    _total, _asg, rows = scoring.breakdown(BLUE, "Blue")
    assert rows == [(GRN, 2, 0, 0), (BLU, 4, 0, 25), (BLU + 1, 1, 0, -8), (ORA, 3, 0, 8)]


def test_seed_blue_player_with_an_immuto():
    # With an Immuto: on the three Orange +5 (30), on the two Green 3+4+0 = 7 (32), on the lone
    # Blue 4 no -8 (33): the program picks the best, the lone Blue.
    assert 25 - kind_points(3, 8, False) + kind_points(4, 8, False) == 30
    assert 25 + kind_points(3, 7, False) == 32
    assert 25 - kind_points(1, 4, True) + kind_points(2, 4, True) == 33
    assert score_cauldron(BLUE + [IMM1], "Blue") == (33, [BLU + 1])


def test_immuto_tie_goes_to_recipe_a_colour():
    two_singles = [ing(ORA, 2), ing(PUR, 2), IMM1]
    assert score_cauldron(two_singles, "Red") == (-2, [ORA])
    assert score_cauldron(two_singles, "Red", board.colour(ing(PUR, 1))) == (-2, [PUR])
    assert score_cauldron([IMM1], "Red", 8) == (0, [WHT])


# -- scoring: the table and the Recipes --------------------------------------------------------


def fs(cauldrons, recipes, spells=None, ender=-1, colours=None):
    n = len(cauldrons)
    return final_scores(cauldrons, colours or list(range(n)), spells, recipes, ender)


def test_final_scores_without_recipes():
    totals, details = fs([[ing(ORA, 1)], [ing(YEL, 2), IMM1]], None)
    assert totals == [-1, 0]
    assert details[1] == (0, [YEL], 0, 0)


def test_recipe_a_strict_highest_two_players():
    c0 = [ing(ORA, 1), ing(ORA, 2), ing(ORA + 1, 3)]       # 3 Orange: 0 + (-3)
    c1 = [ing(ORA + 1, 1)]
    totals, details = fs([c0, c1], [[RA["Orange"], RB_LAST], [RA["Purple"], RB_LAST]])
    assert details[0] == (-3, [], 3, 0)                     # +1 per card
    assert details[1] == (-1, [], 0, 0)                     # 0 Purple: never strictly highest
    assert totals == [0, -1]


def test_recipe_a_tie_scores_nothing():
    c0 = [ing(ORA, 1), ing(ORA, 2)]
    c1 = [ing(ORA + 1, 1), ing(ORA + 1, 2)]
    _t, details = fs([c0, c1], [[RA["Orange"], RB_LAST], [RA["Orange"] + 1, RB_LAST]])
    assert details[0][2] == 0


def test_recipe_a_three_players_one_per_card():
    c = [[ing(PNK, 1), ing(PNK, 2), ing(PNK, 3), ing(PNK + 1, 4)], [ing(PNK + 1, 1)], []]
    _t, d = fs(c, [[RA["Pink"], RB_LAST], [RA["Orange"], RB_LAST], [RA["White"], RB_LAST]])
    assert d[0][2] == 4


def test_recipe_a_four_players_two_per_card():
    c = [[ing(ORA, 1), ing(ORA, 2), ing(ORA, 3)], [ing(ORA + 1, 1), ing(ORA + 1, 2)], [], []]
    rec = [[RA["Orange"], RB_LAST], [RA["Purple"], RB_LAST], [RA["Pink"], RB_LAST],
           [RA["White"], RB_LAST]]
    _t, d = fs(c, rec)
    assert d[0][2] == 6


def test_recipe_a_counts_immuto_assigned_to_the_colour():
    c0 = [ing(ORA, 3), ing(ORA, 4), IMM1]                   # Immuto -> Orange (pair -> three)
    c1 = [ing(ORA + 1, 1), ing(ORA + 1, 2), ing(PUR, 3)]   # 2 Orange
    _t, d = fs([c0, c1], [[RA["Orange"], RB_LAST], [RA["Purple"], RB_LAST]])
    assert d[0] == (7, [ORA], 3, 0)                         # 3 vs 2: +3
    # without the Immuto it would be a 2-3 loss
    _t, d = fs([c0[:2], c1], [[RA["Orange"], RB_LAST], [RA["Purple"], RB_LAST]])
    assert d[0][2] == 0


def test_recipe_a_immuto_tie_break_wins_the_colour():
    # Equal choices for the Immuto (two singles of 2): it goes to Purple, the Recipe's colour,
    # making 2 Purple against 1.
    c0 = [ing(ORA, 2), ing(PUR, 2), IMM1]
    c1 = [ing(PUR + 1, 1)]
    _t, d = fs([c0, c1], [[RA["Purple"], RB_LAST], [RA["Orange"], RB_LAST]])
    assert d[0] == (-2, [PUR], 2, 0)
    assert d[1][2] == 0                                     # 0 Orange against 1


def test_recipe_a_other_players_immutos_count_for_them():
    c0 = [ing(WHT, 1), ing(WHT, 2)]
    c1 = [ing(WHT + 1, 3), ing(WHT + 1, 4), IMM1]           # their Immuto makes White 3
    _t, d = fs([c0, c1], [[RA["White"], RB_LAST], [RA["Orange"], RB_LAST]])
    assert d[0][2] == 0


B_CASES = [
    # (goal card, cauldrons, spells, ender, bonus of seat 0)
    (RB_ING, [[ing(ORA, 1), IMM1], [ing(PUR, 1), ing(PUR, 2), ing(PUR, 3)]], None, -1, 10),
    (RB_ING, [[ing(ORA, 1), IMM1], [ing(PUR, 1), ing(PUR, 2)]], None, -1, 0),      # tie
    (RB_FOURS, [[ing(ORA, 1), IMM1], [ing(PUR, 4)]], None, -1, 10),  # Immuto is no 4
    (RB_FOURS, [[ing(ORA, 4)], [ing(PUR, 4)]], None, -1, 0),
    (RB_SPELLS, [[], []], [[ACC1], [VAN1, PER1]], -1, 10),           # used spells count
    (RB_SPELLS, [[], []], [[ACC1], [VAN1]], -1, 0),
    (RB_ONES, [[ing(ORA, 1), ing(PUR, 1)], [ing(PNK, 1)]], None, -1, 10),
    (RB_ONES, [[ing(ORA, 1)], [ing(PNK, 1)]], None, -1, 0),
    (RB_ONES, [[], []], None, -1, 0),                                # 0-0: a tie
    (RB_LAST, [[], []], None, 0, 10),
    (RB_LAST, [[], []], None, 1, 0),
    (RB_LAST, [[], []], None, -1, 0),                                # dead end or cap
]


@pytest.mark.parametrize("goal, cauldrons, spells, ender, bonus", B_CASES)
def test_recipe_b(goal, cauldrons, spells, ender, bonus):
    other_b = RB_ING if goal != RB_ING else RB_FOURS
    rec = [[RA["White"], goal], [RA["Brown"], other_b]]
    _t, d = fs(cauldrons, rec, spells, ender)
    assert d[0][3] == bonus


def test_recipe_b_three_players_fewest_spells_strict():
    rec = [[RA["White"], RB_SPELLS], [RA["Brown"], RB_ING], [RA["Pink"], RB_ONES]]
    _t, d = fs([[], [], []], rec, [[], [ACC1], []])
    assert d[0][3] == 0                                     # tied with seat 2 at 0
    _t, d = fs([[], [], []], rec, [[], [ACC1], [VAN1]])
    assert d[0][3] == 10


def test_totals_add_everything():
    c0 = [ing(ORA, 1), ing(ORA, 2), ing(ORA, 3)]            # 6, 3 Orange
    rec = [[RA["Orange"], RB_LAST], [RA["Purple"], RB_LAST]]
    totals, _d = fs([c0, [ing(PUR, 2)]], rec, ender=0)
    assert totals == [6 + 3 + 10, -2 + 1]           # seat 1: 1 Purple against 0


# -- positions ---------------------------------------------------------------------------------


def full_grid(avoid=()):
    """36 cells of Yellow, Green, Red, Blue and White ingredients (corners are filled by
    position()); the tests' cauldrons and piles use Orange, Purple, Pink and Brown."""
    pool = [c for c in list(range(32)) + list(range(64, 72)) if c not in avoid]
    return [pool[i] for i in range(36)]


def test_new_game_first_move_of_two():
    s = rules.new_game({"players": 2}, 5)
    s.check()
    assert s.current_player == 0
    assert s.pawns[0] == 2 and s.pawns[1] == 10       # opposite corners, seat 0 moved 2
    assert s.line == board.PLACE_LINE[2] == 1         # column 2 seen from above
    assert s.legal_actions() == [act(TAKE, 1, i) for i in range(6)]
    s.apply(act(TAKE, 1, 3))
    assert s.current_player == 1 and s.pawns[1] == 12
    assert len(s.cauldrons[0]) + len(s.spells[0]) == 1
    s.check()


def test_two_player_deck_leaves_one_player_colour_out():
    s = rules.new_game({"players": 2}, 1)
    blue = [c for c in range(72) if board.colour(c) == 3]
    assert sorted(s.out) == blue and len(blue) == 8
    assert len(s.pile) + 32 == 84 - 8
    for n in (3, 4):
        s = rules.new_game({"players": n}, 1)
        assert s.out == [] and len(s.pile) == 84 - 32
        # beside different corners (0, 5, 10, 15), seat 0 moved 2 (its cauldron is empty)
        assert list(s.pawns) == [2, 5, 10, 15][:n]
    with pytest.raises(ValueError):
        rules.new_game({"players": 5}, 1)


def test_move_by_top_card_value():
    grid = full_grid()
    s = rules.position(grid, pile=[60, 61], cauldrons=[[ing(ORA, 3)], []], pawns=[6, 10])
    assert s.pawns[0] == 9 and s.line == board.PLACE_LINE[9]
    assert s.next_place(1) == (12, board.PLACE_LINE[12])   # empty cauldron: 2


def test_immuto_on_top_after_a_take_stays_on_the_same_line():
    grid = full_grid()
    # seat 0 took the Immuto from row 2 (line 5) last turn with an Accio, its pawn faces
    # column 2: no move, it takes from row 2 again
    s = rules.position(grid, pile=[60], cauldrons=[[ing(ORA, 3), IMM1], []], pawns=[2, 10],
                       last_line=[5, -1])
    assert s.pawns[0] == 2 and s.line == 5 and s.dist == 0
    assert [a & 0xFF for a in s.legal_actions()] == [5 * 6 + i for i in range(6)]


def test_immuto_on_top_without_a_take_moves_by_the_card_under():
    grid = full_grid()
    s = rules.position(grid, pile=[60], cauldrons=[[ing(ORA, 3), IMM1], []], pawns=[5, 10])
    assert s.pawns[0] == 8 and s.dist == 3
    s = rules.position(grid, pile=[60], cauldrons=[[IMM2, IMM1], []], pawns=[5, 10])
    assert s.pawns[0] == 7 and s.dist == 2                  # nothing under but Immutos: 2
    s = rules.position(grid, pile=[60], cauldrons=[[ing(ORA, 4), IMM2, IMM1], []],
                       pawns=[5, 10])
    assert s.pawns[0] == 9                                  # the first non-Immuto under


def test_vanesco_uncovering_an_immuto_at_a_corner():
    # The seed's special case: seat 1 waits at a corner (took nothing); seat 0's Vanesco
    # uncovers seat 1's Immuto; seat 1 then moves by the card under the Immuto.
    grid = full_grid()
    grid[LINE_CELLS[1][0]] = VAN1
    s = rules.position(grid, pile=[60, 61], cauldrons=[[], [ing(ORA, 2), IMM1, ing(PUR, 1)]],
                       pawns=[0, 10], last_line=[-1, -1])
    assert s.pawns[0] == 2 and s.line == 1
    s.apply(act(TAKE, 1, 0))
    assert s.cauldrons[1] == [ing(ORA, 2), IMM1]
    assert s.pile[0] == ing(PUR, 1)                         # under the pile
    assert s.current_player == 1 and s.pawns[1] == 12 and s.dist == 2
    s.check()


def test_corner_without_declinatio_passes():
    grid = full_grid()
    s = rules.position(grid, pile=[60], cauldrons=[[ing(ORA, 3)], []], pawns=[2, 10])
    # seat 0 lands on corner 5 and has no Declinatio: the turn passes to seat 1
    assert s.current_player == 1
    assert s.pawns[0] == 5 and s.last_line[0] == -1
    assert s.turn == 2


def test_corner_with_declinatio():
    grid = full_grid()
    line = board.PLACE_LINE[8]
    grid[LINE_CELLS[line][0]] = VAN1
    grid[LINE_CELLS[line][1]] = PER1
    s = rules.position(grid, pile=[60], cauldrons=[[ing(ORA, 3)], []], pawns=[2, 10],
                       spells=[[DEC1, ACC1], []])
    assert s.current_player == 0 and s.phase == rules.CORNER_P
    assert s.legal_actions() == [DECL << 8, PASS << 8]      # no Accio at a corner
    with pytest.raises(ValueError):
        s.apply(act(ACCIO, 0, 0))
    s.apply(DECL << 8)
    assert s.pawns[0] == 8 and s.line == line and s.uses[DEC1] == 2
    legal = s.legal_actions()
    # one spell a turn: neither the Vanesco nor the Perluceo, and no Accio
    assert legal == [act(TAKE, line, i) for i in range(2, 6)]
    before = s.clone()
    for bad in (act(TAKE, line, 0), act(TAKE, line, 1), act(ACCIO, 0, 0)):
        with pytest.raises(ValueError):
            s.apply(bad)
    assert s.grid == before.grid and s.uses == before.uses and s.phase == before.phase
    s.apply(act(TAKE, line, 2))
    assert s.current_player == 1
    s.check()


def test_corner_pass_with_declinatio():
    grid = full_grid()
    s = rules.position(grid, pile=[60], cauldrons=[[ing(ORA, 3)], []], pawns=[2, 10],
                       spells=[[DEC1], []])
    s.apply(PASS << 8)
    assert s.current_player == 1 and s.uses[DEC1] == 3 and s.last_line[0] == -1


def test_declinatio_dead_end_ends_the_game():
    grid = [E] * 36
    line = board.PLACE_LINE[8]
    grid[LINE_CELLS[line][2]] = VAN1
    grid[LINE_CELLS[line][4]] = PER1
    grid[LINE_CELLS[0][0]] = ing(ORA, 1)
    s = rules.position(grid, pile=[], cauldrons=[[ing(ORA, 3)], []], pawns=[2, 10],
                       spells=[[DEC1], []])
    s.apply(DECL << 8)
    assert s.is_over() and s.end_reason == "dead_end" and s.ender == -1
    assert s.legal_actions() == []
    s.check()
    with pytest.raises(ValueError):
        s.apply(PASS << 8)


def test_declinatio_to_an_empty_line_takes_nothing():
    grid = full_grid()
    line = board.PLACE_LINE[8]
    for g in LINE_CELLS[line]:
        grid[g] = E
    s = rules.position(grid, pile=[60], cauldrons=[[ing(ORA, 3)], []], pawns=[2, 10],
                       spells=[[DEC1], []])
    s.apply(DECL << 8)
    assert not s.is_over() and s.current_player == 1 and s.last_line[0] == -1


def test_accio_limits():
    grid = full_grid()
    grid[LINE_CELLS[6][0]] = VAN1
    grid[LINE_CELLS[6][1]] = ACC2
    s = rules.position(grid, pile=[60, 61, 62], cauldrons=[[], []], pawns=[0, 10],
                       spells=[[ACC1], []])
    line = s.line
    legal = s.legal_actions()
    takes = [a for a in legal if a >> 8 == TAKE]
    accios = [a for a in legal if a >> 8 == ACCIO]
    assert len(takes) == 6
    assert all((a & 0xFF) // 6 != line for a in accios)      # the faced line is a plain take
    assert act(ACCIO, 6, 0) not in accios                    # no Vanesco with Accio
    assert act(ACCIO, 6, 1) in accios                        # another Accio is fine
    assert PASS << 8 not in legal                            # a card must be taken
    s.apply(act(ACCIO, 6, 1))
    assert s.uses[ACC1] == 1 and s.spells[0] == [ACC1, ACC2] and s.last_line[0] == 6
    assert s.grid[LINE_CELLS[6][1]] == 62                    # refilled from the pile top
    s.check()


def test_accio_used_up_after_two():
    grid = full_grid()
    s = rules.position(grid, pile=[60, 61], cauldrons=[[ing(ORA, 1)], []], pawns=[0, 10],
                       spells=[[ACC1], []], uses={ACC1: 1})
    a = [x for x in s.legal_actions() if x >> 8 == ACCIO][0]
    s.apply(a)
    assert s.uses[ACC1] == 0 and s.uses_left(0, 0) == 0
    s2 = rules.position(grid, pile=[60, 61], cauldrons=[[ing(ORA, 1)], []], pawns=[0, 10],
                        spells=[[ACC1], []], uses={ACC1: 0})
    assert all(x >> 8 == TAKE for x in s2.legal_actions())


def test_accio_from_an_empty_line_or_pass():
    grid = full_grid()
    for g in LINE_CELLS[board.PLACE_LINE[2]]:
        grid[g] = E
    s = rules.position(grid, pile=[60], cauldrons=[[], []], pawns=[0, 10],
                       spells=[[ACC1], []])
    legal = s.legal_actions()
    assert PASS << 8 in legal and all(x >> 8 in (ACCIO, PASS) for x in legal)
    # without an Accio the empty line passes by itself
    s = rules.position(grid, pile=[60], cauldrons=[[], []], pawns=[0, 10])
    assert s.current_player == 1 and s.last_line[0] == -1


def test_vanesco_sends_tops_under_the_pile():
    grid = full_grid()
    grid[LINE_CELLS[1][0]] = VAN1
    s = rules.position(grid, pile=[60, 61], players=3,
                       cauldrons=[[ing(ORA, 1)], [ing(PUR, 1), ing(PUR, 2)], []],
                       pawns=[1, 5, 10])
    s.apply(act(TAKE, 1, 0))
    assert s.cauldrons == [[ing(ORA, 1)], [ing(PUR, 1)], []]
    assert s.pile == [ing(PUR, 2), 60]                       # under; 61 refilled the cell
    assert s.grid[LINE_CELLS[1][0]] == 61
    assert s.spells[0] == [VAN1]
    s.check()


def test_vanesco_with_an_empty_pile_puts_tops_out_of_the_game():
    grid = full_grid()
    grid[LINE_CELLS[1][0]] = VAN1
    s = rules.position(grid, pile=[], cauldrons=[[], [ing(PUR, 1), ing(PUR, 2)]],
                       pawns=[0, 10])
    s.apply(act(TAKE, 1, 0))
    assert s.cauldrons[1] == [ing(PUR, 1)] and ing(PUR, 2) in s.out and s.pile == []
    assert s.grid[LINE_CELLS[1][0]] == E and not s.is_over()
    s.check()


def test_perluceo_look_is_recorded():
    grid = full_grid()
    grid[LINE_CELLS[1][0]] = PER1
    s = rules.position(grid, pile=[60], cauldrons=[[ing(ORA, 1)], []], pawns=[1, 10], turn=7)
    s.apply(act(TAKE, 1, 0))
    assert s.looked[0] == 7 and ("look", 0) in s.events
    assert s.cauldrons[0] == [ing(ORA, 1)]                   # spells never go in


def last_card_position(card):
    grid = [E] * 36
    line = board.PLACE_LINE[2]
    grid[LINE_CELLS[line][3]] = card
    grid[LINE_CELLS[5][0]] = ing(PNK, 1)
    return rules.position(grid, pile=[], cauldrons=[[ing(ORA, 1)], [ing(PUR, 3)]],
                          pawns=[1, 10]), line


def test_end_keep_the_last_card():
    s, line = last_card_position(ing(ORA, 2))
    s.apply(act(TAKE, line, 3))
    assert not s.is_over() and s.phase == rules.P_KEEP
    assert s.legal_actions() == [KEEP << 8, DISCARD << 8] and s.current_player == 0
    s.check()
    s.apply(KEEP << 8)
    assert s.is_over() and s.end_reason == "last_card" and s.ender == 0
    assert s.cauldrons[0] == [ing(ORA, 1), ing(ORA, 2)]
    assert s.scores() == [0, -3]
    s.check()


def test_end_discard_the_last_card():
    s, line = last_card_position(ing(PNK + 1, 4))
    s.apply(act(TAKE, line, 3))
    s.apply(DISCARD << 8)
    assert s.is_over() and ing(PNK + 1, 4) in s.out and s.cauldrons[0] == [ing(ORA, 1)]
    assert s.ender == 0                       # discarded, but still the card that ended it
    assert s.scores() == [-1, -3]
    s.check()


def test_end_with_a_vanesco_still_acts():
    s, line = last_card_position(VAN2)
    s.apply(act(TAKE, line, 3))
    assert s.cauldrons[1] == [] and ing(PUR, 3) in s.out     # pile empty: out of the game
    s.apply(KEEP << 8)
    assert s.is_over() and s.spells[0] == [VAN2]
    s.check()


def test_no_end_while_the_pile_has_cards():
    grid = [E] * 36
    line = board.PLACE_LINE[2]
    grid[LINE_CELLS[line][3]] = ing(ORA, 2)
    s = rules.position(grid, pile=[60], cauldrons=[[], []], pawns=[0, 10])
    s.apply(act(TAKE, line, 3))
    assert not s.is_over() and s.grid[LINE_CELLS[line][3]] == 60


def test_turn_cap_400():
    # Nothing on the board, nothing in the pile: every turn passes until the cap.
    s = rules.position([E] * 36, pile=[], cauldrons=[[], []], pawns=[0, 10])
    assert s.is_over() and s.end_reason == "cap" and s.turn == rules.MAX_TURNS
    assert s.ender == -1


def test_illegal_actions_change_nothing():
    s = rules.new_game({"players": 3, "recipes": True}, 9)
    before = s.clone()
    for bad in (act(TAKE, 7, 0), act(ACCIO, 0, 0), DECL << 8, PASS << 8, KEEP << 8, 9999, -1):
        with pytest.raises(ValueError):
            s.apply(bad)
    assert (s.grid, s.pile, s.cauldrons, s.current_player, s.turn) == \
        (before.grid, before.pile, before.cauldrons, before.current_player, before.turn)
    with pytest.raises(ValueError):
        s.apply("take")


def test_recipes_dealt_secretly():
    s = rules.new_game({"players": 4, "recipes": True}, 3)
    assert all(88 <= r[0] < 93 and 93 <= r[1] < 98 for r in s.recipes)
    assert len({r[0] for r in s.recipes}) == 4 and len(s.box) == 2
    obs = s.observation(1)
    assert obs["recipes"] == s.recipes[1] and "cauldrons" not in obs
    s.check()
    assert rules.new_game({"players": 2}, 3).recipes == [[], []]


# -- knowledge ---------------------------------------------------------------------------------


def played(seed, players=3, steps=40, **opt):
    s = rules.new_game(dict(players=players, **opt), seed)
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_over():
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_memory_depends_on_turns_not_cards():
    s = played(4, steps=60)
    for level in ("easy", "normal", "hard"):
        mem = s.memory(1, level)
        for o in range(3):
            if s.cauldrons[o]:
                assert mem[o][-1] == s.cauldrons[o][-1]       # the top is always seen
    kept = {lv: sum(1 for o in range(3) for c in s.memory(0, lv)[o] if c != E)
            for lv in ("easy", "normal", "hard")}
    total = sum(len(c) for c in s.cauldrons)
    assert kept["easy"] < kept["normal"] < kept["hard"] <= total
    assert kept["hard"] >= total - 3
    assert sum(1 for o in range(3) for c in s.memory(0, None)[o] if c != E) == total
    # changing a card does not change what is remembered
    t = s.clone()
    t.cauldrons[2][0], t.pile[0] = t.pile[0], t.cauldrons[2][0]
    assert [s.remembers(0, 2, i, "easy") for i in range(len(s.cauldrons[2]))] == \
        [t.remembers(0, 2, i, "easy") for i in range(len(t.cauldrons[2]))]


def test_perluceo_refreshes_own_memory():
    s = played(6, steps=80)
    seat = 0
    n = len(s.cauldrons[seat])
    assert n >= 3
    before = sum(1 for i in range(n) if s.remembers(seat, seat, i, "easy"))
    s.looked[seat] = s.turn
    after = sum(1 for i in range(n) if s.remembers(seat, seat, i, "easy"))
    assert after > before
    # a rival's memory of that cauldron is not refreshed
    assert [s.remembers(1, seat, i, "easy") for i in range(n)] == \
        [s.clone().remembers(1, seat, i, "easy") for i in range(n)]


def test_open_cauldrons_assist():
    s = played(3, steps=50, open=True)
    assert s.observation(0)["cauldrons"] == s.cauldrons
    assert all(s.remembers(0, 1, i, "easy") for i in range(len(s.cauldrons[1])))


def test_sample_hidden_keeps_what_the_seat_knows():
    s = played(8, players=3, steps=50, recipes=True)
    seat = 1
    obs = s.observation(seat)
    mem = s.memory(seat, "easy")
    worlds = [s.sample_hidden(seat, Rng(k), "easy") for k in range(20)]
    for w in worlds:
        w.check()
        assert w.observation(seat) == obs
        assert w.memory(seat, "easy") == mem
        assert w.recipes[seat] == s.recipes[seat]
    assert len({bytes(w.pile) for w in worlds}) > 1
    assert len({tuple(w.recipes[0]) for w in worlds}) > 1
    # perfect memory: every cauldron as it is, only the pile and Recipes move
    w = s.sample_hidden(seat, Rng(1))
    assert w.cauldrons == s.cauldrons and sorted(w.pile) == sorted(s.pile)
    # without Recipes (nothing to deal again but the pile and forgotten cards)
    s = played(8, players=2, steps=30)
    for level in (None, "easy"):
        w = s.sample_hidden(0, Rng(2), level)
        w.check()
        assert w.observation(0) == s.observation(0) and w.recipes == [[], []]


# -- whole games -------------------------------------------------------------------------------


def random_game(seed, players, **opt):
    s = rules.new_game(dict(players=players, **opt), seed)
    rng = Rng(seed + 99)
    n = 0
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        s.check()
        n += 1
        assert n < 1000
    return s


def test_random_games_end_and_keep_every_card_in_one_place():
    reasons = set()
    for seed in range(60):
        s = random_game(seed, 2 + seed % 3, recipes=seed % 2 == 0)
        reasons.add(s.end_reason)
        sc = s.scores()
        best = max(sc)
        r = s.returns()
        assert all(r[i] == (0.0 if sc[i] < best else (1.0 if sc.count(best) == 1 else 0.5))
                   for i in range(len(sc)))
        assert s.turn <= rules.MAX_TURNS
    assert "last_card" in reasons


def test_clone_is_independent():
    s = rules.new_game({"players": 2}, 4)
    t = s.clone()
    assert t.events == s.events and t.events is not s.events
    t.apply(t.legal_actions()[0])
    assert s.current_player == 0 and s.cauldrons[0] == [] and s.spells[0] == []


def test_action_str():
    s = rules.new_game({"players": 2}, 5)
    a = s.legal_actions()[0]
    assert s.action_str(a).startswith("take ") and "col 2" in s.action_str(a)
    assert s.action_str(DECL << 8) == "declinatio" and s.action_str(KEEP << 8) == "keep"
    assert max(s.legal_actions()) < rules.NUM_ACTIONS


MPY_GAME = """
from games.cauldron import rules
from core.rng import Rng
for seed in range(4):
    s = rules.new_game({"players": 2 + seed % 3, "recipes": seed % 2 == 0}, seed)
    rng = Rng(seed + 99)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        s.check()
    print(seed, s.scores(), s.end_reason, s.turn)
from games.cauldron import scoring
print(scoring.score_cauldron([24, 25, 26, 27, 32, 34, 35, 10, 11, 31, 72], "Blue"))
"""


def test_random_games_under_micropython():
    out = run_mpy(MPY_GAME, heap="64wK").stdout.strip().split("\n")
    assert len(out) == 5
    for seed in range(4):
        s = random_game(seed, 2 + seed % 3, recipes=seed % 2 == 0)
        assert out[seed] == "%d %r %s %d" % (seed, s.scores(), s.end_reason, s.turn)
    assert out[4] == "(33, [7])"
