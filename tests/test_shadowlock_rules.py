"""Shadow Lock rules engine: hand-worked scoring of every objective (GAMES.md section 4),
jokers, round validation, the STOP conditions, every action card, rounds and game end, the
72-card invariant, and random games on CPython and under the MicroPython unix port."""

import csv
from pathlib import Path

import pytest

from core.rng import Rng
from games.shadowlock import cards, rules
from games.shadowlock.objectives import best_plan, family_options
from games.shadowlock.rules import (
    DECLINE,
    DOUBLE,
    DRAW,
    FLIP,
    JOKER,
    LOCK,
    P_FORCED,
    P_QUANTUM,
    P_SHADOW,
    P_SKIPPED,
    P_VALIDATE,
    PASS,
    QKEEP,
    QNONE,
    QUANTUM,
    SH_DISCARD,
    SH_KEEP,
    SKIP,
    STOP,
    SWIPE,
    VALIDATE,
)
from kit.actions import encode
from tests.mpy import run_mpy

ROOT = Path(__file__).resolve().parent.parent
R, B, Y, G = 0, 1, 2, 3
RAIN = [48, 49, 50, 51]
SHAD = [52, 53, 54, 55, 56, 57]
JOK = [58, 59, 60]
DBL = [61, 62]
SKP = [63, 64]
FLP = [65, 66, 67]
SWP = [68, 69]
QUA = [70, 71]


def n(v, c):
    return c * 12 + v - 1


def pts(obj, ids, joker=1):
    return rules.objective_points(obj, ids, joker)


# -- the deck --------------------------------------------------------------------------------


def test_deck_table_has_the_72_cards_of_games_md():
    with open(ROOT / "assets" / "decks" / "shadowlock.csv", encoding="utf-8") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    assert len(rows) == 72 == cards.COUNT
    kinds = [r["kind"] for r in rows]
    assert kinds.count("number") == 48 and kinds.count("rainbow") == 4
    assert kinds.count("shadow") == 6 and kinds.count("action") == 14
    acts = [r["action"] for r in rows if r["kind"] == "action"]
    assert {a: acts.count(a) for a in set(acts)} == {
        "Joker": 3, "Double": 2, "Skip": 2, "Flip": 3, "Swipe": 2, "Quantum": 2}
    for v in range(1, 13):
        for c in range(4):
            card = n(v, c)
            assert rows[card]["kind"] == "number" and int(rows[card]["value"]) == v
            assert rows[card]["colour"] == ("Red", "Blue", "Yellow", "Green")[c]
    assert [rules.action_of(c) for c in JOK + DBL + SKP + FLP + SWP + QUA] == \
        [0] * 3 + [1] * 2 + [2] * 2 + [3] * 3 + [4] * 2 + [5] * 2


# -- scoring: every objective, hand-worked -----------------------------------------------------


def test_pair_is_base_2_plus_its_value_the_highest_pair_wins():
    assert pts(1, [n(3, R), n(3, B), n(7, G)]) == 5
    assert pts(1, [n(3, R), n(3, B), n(9, R), n(9, Y)]) == 11
    assert pts(1, [n(3, R), n(4, B), n(7, G)]) == 0


def test_pair_with_a_joker_standing_for_the_highest_single():
    pile = [n(3, R), n(3, B), n(12, G), RAIN[0]]
    assert pts(1, pile) == 14           # the Rainbow is the second 12
    assert pts(1, pile, joker=0) == 5   # real cards only: the 3s


def test_two_pairs_base_4_plus_the_higher_pair():
    assert pts(2, [n(3, R), n(3, B), n(9, R), n(9, Y)]) == 13
    assert pts(2, [n(3, R), n(3, B), n(9, R), SHAD[0]]) == 13      # the Shadow is a 9
    assert pts(2, [n(5, R), n(9, R), SHAD[0]]) == 0                # one joker, one pair


def test_two_pairs_cannot_use_both_kinds_of_joker():
    pile = [n(5, R), n(9, B), RAIN[0], SHAD[0]]
    assert pts(2, pile) == 0            # it would need the Rainbow AND the Shadow
    assert pts(1, pile) == 11           # a pair of 9s with one of them


def test_three_of_a_kind():
    assert pts(3, [n(4, R), n(4, B), n(4, Y), n(8, G)]) == 10
    assert pts(3, [n(4, R), n(4, B), n(8, G), n(8, Y), RAIN[1]]) == 14   # joker: third 8
    assert pts(3, [n(8, G), RAIN[0], SHAD[0]]) == 0                      # never two jokers


def test_four_of_a_kind_jades_example_and_with_a_joker():
    assert pts(4, [n(4, R), n(4, B), n(4, Y), n(4, G), n(9, R)]) == 19   # 15 + 4
    assert pts(4, [n(11, R), n(11, B), n(11, Y), SHAD[2]]) == 26
    assert pts(4, [n(11, R), n(11, B), SHAD[2], RAIN[2]]) == 0


def test_flush_five_of_one_colour():
    assert pts(5, [n(1, R), n(3, R), n(5, R), n(7, R), n(10, R)]) == 18
    assert pts(5, [n(1, R), n(3, R), n(5, R), n(7, R), n(10, B)]) == 0


def test_flush_joker_is_the_highest_value_of_the_colour_not_in_it():
    assert pts(5, [n(1, R), n(3, R), n(5, R), n(7, R), RAIN[0]]) == 20   # joker = 12 Red
    # 12 Red is in it: the joker is 11 Red, the highest is still 12
    assert pts(5, [n(2, R), n(5, R), n(8, R), n(12, R), SHAD[0]]) == 20
    # five low Reds: a joker for the 12 beats the real five (house reading of the rule)
    assert pts(5, [n(1, R), n(2, R), n(3, R), n(4, R), n(5, R)], joker=0) == 13
    assert pts(5, [n(1, R), n(2, R), n(3, R), n(4, R), n(5, R), RAIN[0]]) == 20
    assert pts(5, [n(1, R), n(2, R), n(3, R), RAIN[0], SHAD[0]]) == 0


def test_full_colour_six_of_one_colour():
    blues = [n(2, B), n(4, B), n(6, B), n(8, B), n(10, B), n(11, B)]
    assert pts(6, blues) == 23
    assert pts(6, blues[:5] + [RAIN[3]]) == 24
    assert pts(6, blues[:5]) == 0


def test_small_run_jades_example_and_no_wrap():
    assert pts(7, [n(9, R), n(10, B), n(11, Y), n(4, G)]) == 16      # 5 + 11
    assert pts(7, [n(11, R), n(12, B), n(1, Y)]) == 0                # 11-12-1 is no run
    assert pts(7, [n(11, R), n(12, B), RAIN[0]]) == 17               # joker as the 10
    assert pts(7, [n(12, R), n(1, B), SHAD[0]]) == 0


def test_long_run_with_a_joker_in_the_gap_or_at_the_end():
    assert pts(8, [n(3, R), n(4, B), n(5, Y), n(6, G), n(7, R)]) == 19
    assert pts(8, [n(3, R), n(4, B), n(6, G), n(7, R), SHAD[0]]) == 19   # joker is the 5
    assert pts(8, [n(3, R), n(4, B), n(5, Y), n(6, G), RAIN[0]]) == 19   # joker is the 7
    assert pts(8, [n(3, R), n(4, B), n(6, G), RAIN[0], SHAD[0]]) == 0


def test_rainbow_run_four_values_four_colours():
    assert pts(9, [n(5, R), n(6, B), n(7, Y), n(8, G)]) == 26
    assert pts(9, [n(5, R), n(6, R), n(7, Y), n(8, G)]) == 0
    # a joker: either the 6 in Blue (26) or, better, a 9 in Blue after 6R 7Y 8G (27)
    assert pts(9, [n(5, R), n(6, R), n(7, Y), n(8, G), RAIN[0]]) == 27
    assert pts(9, [n(5, R), n(6, B), n(7, Y), n(8, G)], joker=0) == 26


def test_collector_counts_every_card_jokers_included():
    nine = [n(v, R) for v in range(1, 10)]
    assert pts(10, nine) == 0
    assert pts(10, nine + [n(1, B)]) == 10
    assert pts(10, nine[:8] + [RAIN[0], SHAD[0]]) == 10      # flat 10, jokers count
    with pytest.raises(ValueError):
        pts(11, nine)


def test_a_card_counts_in_several_families():
    pile = [n(9, R), n(9, B), n(10, R), n(11, R), n(12, R), n(8, R)]
    assert pts(1, pile) == 11         # the 9s
    assert pts(5, pile) == 20         # 8 9 10 11 12 Red
    assert pts(8, pile) == 24         # 8-12
    assert pts(7, pile) == 17


# -- validation options, best of family, jokers once a round -----------------------------------


def test_best_of_family_jade():
    pile = [n(4, R), n(4, B), n(4, Y), n(4, G), n(9, R), n(10, B), n(11, Y)]
    boxes = bytearray(10)
    boxes[2] = 10                        # three of a kind validated in round 1
    value = family_options(0, pile, boxes, 0)
    assert value[0] == (19, 3, 0)        # four of a kind proposed first
    assert (6, 0, 0) in value and all(o[1] != 2 for o in value)   # frozen box not offered
    assert family_options(2, pile, boxes, 0) == [(16, 6, 0)]
    plan = best_plan(pile, boxes)
    assert [(f, p, b) for f, p, b, _j in plan] == [(0, 19, 3), (2, 16, 6)]


def test_one_joker_completes_one_combination_the_plan_gives_it_where_it_gains_most():
    pile = [n(3, R), n(12, G), n(5, B), n(6, Y), RAIN[0]]
    boxes = bytearray(10)
    assert family_options(0, pile, boxes, 1)[0] == (14, 0, 1)   # pair of 12s with the joker
    # 3R (4G) 5B 6Y rainbow run: 18 + 6; 5 6 (7) small run: 5 + 7
    assert family_options(2, pile, boxes, 1) == [(24, 8, 1), (12, 6, 1)]
    assert family_options(2, pile, boxes, 0) == []
    plan = best_plan(pile, boxes)
    assert plan == [(2, 24, 8, 1)]          # the joker gains 24 in runs, 14 in values
    # Two jokers: each completes one combination.
    plan2 = best_plan(pile + [SHAD[0]], boxes)
    assert plan2 == [(0, 14, 0, 1), (2, 24, 8, 1)]


def round_end_position(pile, boxes=None, other=()):
    """Seat 0 has locked `pile`; seat 1 (to play, pile `other`) locks: the round ends."""
    s = rules.position(2, coll=[pile, list(other) or [n(1, G)]], locked=[1, 0], player=1,
                       boxes=[boxes or {}, {}], piles_=[[n(2, G)] * 0 + [n(7, G)], [n(8, G)]])
    s.apply(encode(LOCK))
    return s


def test_round_end_validation_uses_a_joker_once_and_sums_families():
    pile = [n(3, R), n(12, G), n(5, B), n(6, Y), RAIN[0]]
    s = round_end_position(pile)
    assert s.phase == P_VALIDATE and s.current_player == 0 and s.val_family == 0
    legal = s.legal_actions()
    assert legal[0] == encode(VALIDATE, 0 * 2 + 1) and legal[-1] == encode(DECLINE, 0)
    s.apply(encode(VALIDATE, 1))                   # pair of 12s with the Rainbow: 14
    assert s.boxes[0][0] == 14 and s.totals[0] == 14
    # The joker is used: no run is left for this round (all need it), so seat 0 is done;
    # seat 1 (one card) has nothing: the round is over and a new one begins.
    assert s.round_no == 2 and s.history == [[14, 0]]
    s.check()


def test_declining_keeps_the_box_open_and_the_other_family_still_scores():
    pile = [n(4, R), n(4, B), n(4, Y), n(4, G), n(9, R), n(10, B), n(11, Y)]
    s = round_end_position(pile, boxes={2: 10})
    assert s.legal_actions() == [encode(VALIDATE, 6), encode(VALIDATE, 0),
                                 encode(DECLINE, 0)]
    with pytest.raises(ValueError):
        s.apply(encode(VALIDATE, 4))               # three of a kind is frozen
    s.apply(encode(DECLINE, 0))                     # hope for a higher four later
    assert s.boxes[0][3] == 0 and s.val_family == 2 and s.phase == P_VALIDATE
    s.apply(encode(VALIDATE, 12))                  # small run 9-10-11: 16
    assert s.totals[0] == 26 and s.boxes[0][6] == 16 and s.history == [[16, 0]]


def test_collector_and_an_unlocked_pile_scores_nothing():
    ten = [n(v, c) for v, c in ((1, R), (3, B), (5, Y), (7, G), (9, R), (11, B), (2, Y),
                                (4, G), (6, R), (8, B))]
    s = rules.position(2, coll=[ten, [n(5, G), n(5, R)]], locked=[1, 0], player=1,
                       piles_=[[], [n(12, G)]])
    s.apply(encode(DRAW, 1))       # seat 1 draws the last card, both piles are empty
    s.apply(encode(STOP))          # round over: seat 1's unlocked pile is lost
    legal = s.legal_actions()
    assert s.current_player == 0
    assert encode(VALIDATE, 9 * 2) not in legal      # Bonus comes last: first Value...
    while s.current_player == 0 and s.phase == P_VALIDATE:
        if s.val_family == 3:
            assert s.legal_actions() == [encode(VALIDATE, 18), encode(DECLINE, 3)]
            s.apply(encode(VALIDATE, 18))
        else:
            s.apply(encode(DECLINE, s.val_family))
    assert s.history[-1] == [10, 0] and s.boxes[1] == bytearray(10)


# -- STOP conditions -------------------------------------------------------------------------


def drawing(seq, coll=(), reserve=(), player=0, players=2):
    """A position where `player` draws the cards of `seq` in order from pile 0."""
    colls = [[] for _ in range(players)]
    colls[player] = list(coll)
    res = [[] for _ in range(players)]
    res[player] = list(reserve)
    filler = [n(12, G), n(1, Y)]
    return rules.position(players, coll=colls, reserve=res, player=player,
                          piles_=[list(reversed(seq)), filler])


def test_two_of_one_value_in_a_row_with_a_rainbow_between_is_a_stop():
    s = drawing([n(5, R), RAIN[0], n(5, B)], coll=[n(9, G)])
    s.apply(encode(DRAW, 0))
    s.apply(encode(DRAW, 0))
    assert s.phase == P_FORCED and encode(STOP) not in s.legal_actions()
    s.apply(encode(DRAW, 0))
    assert ("bust", 0, "value", 4) in s.events
    assert s.coll[0] == [] and n(9, G) in s.discard and s.current_player == 1
    s.check()


def test_three_of_one_colour_with_an_action_drawn_between_is_a_stop():
    s = drawing([n(3, R), n(7, R), SKP[0], n(9, R)])
    for _ in range(3):
        s.apply(encode(DRAW, 0))
    assert s.reserve[0] == [SKP[0]] and s.coll[0] == [n(3, R), n(7, R)]
    s.apply(encode(DRAW, 0))
    assert ("bust", 0, "colour", 3) in s.events and s.reserve[0] == [SKP[0]]


def test_a_different_card_breaks_the_runs():
    s = drawing([n(3, R), n(7, R), n(9, B), n(2, R), n(5, Y), n(9, Y)])
    for _ in range(6):
        s.apply(encode(DRAW, 0))
    assert len(s.coll[0]) == 6 and s.current_player == 0   # no two in a row, no three
    s.apply(encode(STOP))
    assert s.current_player == 1 and len(s.coll[0]) == 6


def test_flip_between_does_not_break_a_colour_run():
    s = drawing([n(3, R), n(7, R), RAIN[1], n(9, R)], reserve=[FLP[0]])
    s.apply(encode(DRAW, 0))
    s.apply(encode(FLIP))
    s.apply(encode(DRAW, 0))
    s.apply(encode(DRAW, 0))           # Rainbow: forced
    s.apply(encode(DRAW, 0))
    assert ("bust", 0, "colour", 4) in s.events


def test_runs_look_only_at_this_turn():
    s = drawing([n(5, B), n(8, R)], coll=[n(5, R), n(4, R), n(6, R)])
    s.apply(encode(DRAW, 0))           # 5 Blue after last turn's 5 Red: no stop
    s.apply(encode(DRAW, 0))           # a third Red in the pile, first Red this turn
    assert len(s.coll[0]) == 5 and s.current_player == 0


def test_shadow_discard_keeps_the_pile_keep_starts_a_new_one():
    s = drawing([SHAD[0]], coll=[n(5, R), n(6, B)])
    s.apply(encode(DRAW, 0))
    assert s.phase == P_SHADOW and s.legal_actions() == [encode(SH_DISCARD), encode(SH_KEEP)]
    s.apply(encode(SH_DISCARD))
    assert s.coll[0] == [n(5, R), n(6, B)] and SHAD[0] in s.discard and s.current_player == 1
    s2 = drawing([SHAD[0]], coll=[n(5, R), n(6, B)])
    s2.apply(encode(DRAW, 0))
    s2.apply(encode(SH_KEEP))
    assert s2.coll[0] == [SHAD[0]] and n(5, R) in s2.discard and s2.current_player == 1
    s2.check()


# -- action cards ----------------------------------------------------------------------------


def test_joker_on_a_shadow_keeps_the_pile_and_forces_a_draw():
    s = drawing([SHAD[1], n(2, Y)], coll=[n(5, R), n(6, B)], reserve=[JOK[0], FLP[0]])
    assert encode(JOKER) not in s.legal_actions()         # only on a Shadow
    s.apply(encode(DRAW, 0))
    assert encode(JOKER) in s.legal_actions()
    s.apply(encode(JOKER))
    assert s.phase == P_FORCED and s.current_player == 0
    assert SHAD[1] in s.discard and JOK[0] in s.discard and s.reserve[0] == [FLP[0]]
    assert set(s.legal_actions()) == {encode(DRAW, 0), encode(DRAW, 1), encode(FLIP)}
    with pytest.raises(ValueError):
        s.apply(encode(STOP))
    s.apply(encode(DRAW, 0))
    assert s.coll[0] == [n(5, R), n(6, B), n(2, Y)]
    s.apply(encode(STOP))
    s.check()


def test_double_then_a_stop():
    s = drawing([], reserve=[DBL[0]])
    s.coll[1] = [n(4, G)]
    s.piles[0] = [n(9, B), n(5, B), n(5, R)]        # seat 1 will draw 5R then 5B
    s.apply(encode(DOUBLE, 1))
    assert s.current_player == 1 and s.owed == 2 and ("doubled", 1) in s.events
    legal = s.legal_actions()
    assert encode(LOCK) not in legal and encode(STOP) not in legal
    with pytest.raises(ValueError):
        s.apply(encode(LOCK))
    s.apply(encode(DRAW, 0))
    with pytest.raises(ValueError):
        s.apply(encode(STOP))                       # one draw of the two
    s.apply(encode(DRAW, 0))                        # 5 Blue: a STOP still ends it at once
    assert ("bust", 1, "value", 3) in s.events and s.current_player == 0 and s.coll[1] == []


def test_double_after_two_draws_stop_is_legal_again():
    s = drawing([], reserve=[DBL[0]])
    s.piles[0] = [n(9, B), n(3, Y), n(7, R)]
    s.apply(encode(DOUBLE, 1))
    s.apply(encode(DRAW, 0))
    s.apply(encode(DRAW, 0))
    assert s.owed == 0 and encode(STOP) in s.legal_actions()
    s.apply(encode(STOP))
    assert s.coll[1] == [n(7, R), n(3, Y)]


def test_skip_then_the_skipped_player_plays_a_swipe_from_reserve():
    s = rules.position(2, coll=[[n(1, R), n(2, B)], [n(10, R), n(11, B), n(12, Y)]],
                       reserve=[[SKP[0]], [SWP[0], QUA[0]]],
                       piles_=[[n(3, G), n(4, G)], [n(5, G), n(6, G)]])
    s.apply(encode(SKIP, 1))
    assert s.current_player == 1 and s.phase == P_SKIPPED
    legal = s.legal_actions()
    assert encode(PASS) in legal and encode(SWIPE, 0) in legal
    assert encode(DRAW, 0) not in legal and encode(LOCK) not in legal
    assert encode(QUANTUM, 0) not in legal           # a skipped turn draws nothing
    s.apply(encode(SWIPE, 0))
    assert s.coll[0] == [n(10, R), n(11, B), n(12, Y)] and s.coll[1] == [n(1, R), n(2, B)]
    assert s.current_player == 0 and s.phase == rules.ACT
    s.check()


def test_skipped_player_may_just_pass():
    s = rules.position(2, reserve=[[SKP[0]], []], piles_=[[n(3, G)], [n(5, G)]])
    s.coll[1] = [n(9, Y)]
    s.apply(encode(SKIP, 1))
    assert s.legal_actions() == [encode(PASS)]
    s.apply(encode(PASS))
    assert s.current_player == 0 and s.coll[1] == [n(9, Y)]


def test_swipe_with_each_neighbour_and_never_with_a_locked_pile():
    def three():
        return rules.position(3, coll=[[n(1, R)], [n(2, R)], [n(3, R)]],
                              reserve=[[], [SWP[0]], []], player=1,
                              piles_=[[n(4, G)], [n(5, G)]])
    s = three()
    assert {encode(SWIPE, 0), encode(SWIPE, 2)} <= set(s.legal_actions())
    s.apply(encode(SWIPE, 2))          # the next player
    assert s.coll == [[n(1, R)], [n(3, R)], [n(2, R)]] and s.current_player == 2
    s = three()
    s.apply(encode(SWIPE, 0))          # the previous player
    assert s.coll == [[n(2, R)], [n(1, R)], [n(3, R)]] and s.current_player == 2
    s = three()
    s.locked[2] = 1
    assert encode(SWIPE, 2) not in s.legal_actions()
    with pytest.raises(ValueError):
        s.apply(encode(SWIPE, 2))
    assert s.coll == [[n(1, R)], [n(2, R)], [n(3, R)]] and s.reserve[1] == [SWP[0]]
    # four players: seat 0's neighbours are 1 and 3, not 2
    s4 = rules.position(4, coll=[[n(1, R)], [n(2, R)], [n(3, R)], [n(4, R)]],
                        reserve=[[SWP[1]], [], [], []], piles_=[[n(5, G)], [n(6, G)]])
    swipes = [a & 0xFF for a in s4.legal_actions() if a >> 8 == SWIPE]
    assert sorted(swipes) == [1, 3]


def test_quantum_with_a_shadow_among_the_three():
    s = rules.position(2, coll=[[n(1, R)], []], reserve=[[QUA[0]], []],
                       piles_=[[n(3, G)], [n(12, G), DBL[0], n(7, R), SHAD[3]]])
    # pile 1, top first: Shadow, 7R, Double
    s.apply(encode(QUANTUM, 1))
    assert s.phase == P_QUANTUM and s.reveal == [SHAD[3], n(7, R), DBL[0]]
    assert ("reveal", 0, 1, [SHAD[3], n(7, R), DBL[0]]) in s.events
    assert s.legal_actions() == [encode(QKEEP, n(7, R)), encode(QKEEP, DBL[0]), encode(QNONE)]
    with pytest.raises(ValueError):
        s.apply(encode(QKEEP, SHAD[3]))              # a Shadow cannot be kept
    s.check()
    s.apply(encode(QKEEP, DBL[0]))                   # an action joins the reserve
    assert s.reserve[0] == [DBL[0]] and s.coll[0] == [n(1, R)]
    assert SHAD[3] in s.discard and n(7, R) in s.discard and s.current_player == 1
    assert s.piles[1] == [n(12, G)]
    s.check()


def test_quantum_keeps_a_number_without_a_stop_check_and_ends_the_turn():
    s = rules.position(2, reserve=[[QUA[1]], []],
                       piles_=[[n(9, G), n(5, R)], [n(5, B), n(2, G), n(3, G)]])
    s.apply(encode(DRAW, 0))
    s.apply(encode(QUANTUM, 1))
    s.apply(encode(QKEEP, n(5, B)))
    assert s.coll[0] == [n(5, R), n(5, B)] and s.current_player == 1
    assert n(2, G) in s.discard and n(3, G) in s.discard and s.piles[1] == []
    s.check()


def test_flip_look_is_private_and_forgotten_when_the_top_changes():
    s = drawing([n(5, R), n(6, B)], reserve=[FLP[0], FLP[1]])
    top1 = s.piles[1][-1]
    s.apply(encode(FLIP))
    assert s.look[0] == [n(5, R), top1]
    assert s.observation(0)["look"] == [n(5, R), top1]
    assert s.observation(1)["look"] == [-1, -1] and s.observation(1)["others_looked"] == [0]
    assert encode(FLIP) not in s.legal_actions()       # both tops known already
    assert encode(LOCK) not in s.legal_actions() and encode(STOP) in s.legal_actions()
    s.apply(encode(DRAW, 0))
    assert s.look[0] == [-1, top1] and encode(FLIP) in s.legal_actions()


def test_lock_only_at_the_start_and_locked_seats_sit_out():
    s = rules.position(3, coll=[[n(1, R)], [n(2, R)], []],
                       piles_=[[n(4, G), n(6, Y)], [n(5, G), n(7, B)]])
    assert encode(LOCK) in s.legal_actions()
    s.apply(encode(DRAW, 0))
    with pytest.raises(ValueError):
        s.apply(encode(LOCK))
    s.apply(encode(STOP))
    s.apply(encode(LOCK))                              # seat 1 locks
    assert s.locked[1] and s.current_player == 2
    assert encode(LOCK) not in s.legal_actions()       # seat 2 has no pile to lock
    s.apply(encode(DRAW, 1))
    s.apply(encode(STOP))
    assert s.current_player == 0                       # seat 1 is skipped from now on


def test_skip_then_double_on_one_player_take_two_turns():
    s = rules.position(3, coll=[[], [n(1, R)], [n(2, R)]], reserve=[[SKP[0]], [DBL[0]], []],
                       piles_=[[n(4, G), n(6, Y), n(8, B)], [n(5, G), n(7, B), n(9, Y)]])
    s.apply(encode(SKIP, 2))
    s.apply(encode(DOUBLE, 2))                 # seat 1
    assert s.current_player == 2 and s.phase == P_SKIPPED and s.dbl[2] == 1
    s.apply(encode(PASS))
    assert s.current_player == 0 and s.dbl[2] == 1
    s.apply(encode(DRAW, 0))
    s.apply(encode(STOP))
    s.apply(encode(DRAW, 0))                   # seat 1
    s.apply(encode(STOP))
    assert s.current_player == 2 and s.owed == 2 and s.dbl[2] == 0
    assert encode(LOCK) not in s.legal_actions() and encode(STOP) not in s.legal_actions()


def test_a_double_still_waiting_at_round_end_is_lost():
    s = rules.position(2, coll=[[n(1, R)], [n(2, B)]], reserve=[[DBL[0]], []],
                       piles_=[[n(4, G)], []])
    s.apply(encode(DRAW, 0))                   # the last card: both piles are empty
    s.apply(encode(DOUBLE, 1))                 # the turn ends, and with it the round
    assert s.round_no == 2 and list(s.dbl) == [0, 0] and s.owed == 0
    assert s.history == [[0, 0]] and s.current_player == 1
    s.check()


def test_double_and_skip_target_rules():
    s = rules.position(3, reserve=[[DBL[0], SKP[0]], [], []], locked=[0, 0, 1],
                       piles_=[[n(4, G)], [n(5, G)]])
    legal = s.legal_actions()
    assert encode(DOUBLE, 0) in legal and encode(DOUBLE, 1) in legal   # self too
    assert encode(DOUBLE, 2) not in legal                              # locked
    assert encode(SKIP, 1) in legal and encode(SKIP, 0) not in legal
    assert encode(SKIP, 2) not in legal


def test_illegal_actions_change_nothing():
    s = rules.new_game({"players": 3}, 5)
    before = s.clone()
    for bad in (encode(STOP), encode(LOCK), encode(SWIPE, 1), encode(QKEEP, 3),
                encode(VALIDATE, 0), 12345, encode(DRAW, 2)):
        with pytest.raises(ValueError):
            s.apply(bad)
    assert s.piles == before.piles and s.coll == before.coll and s.phase == before.phase
    with pytest.raises(ValueError):
        rules.new_game({"players": 5}, 1)
    with pytest.raises(ValueError):
        rules.new_game({"players": 2, "mode": "long"}, 1)


# -- rounds and the game ---------------------------------------------------------------------


def test_new_round_reshuffles_everything_but_the_reserves():
    s = rules.position(2, coll=[[n(1, R), n(2, R)], [n(5, B)]], reserve=[[FLP[0]], [SKP[0]]],
                       locked=[1, 0], player=1, piles_=[[n(7, G)], [n(8, G)]])
    s.apply(encode(LOCK))                              # nothing to validate: new round
    assert s.round_no == 2 and s.turn_no == 1 and s.current_player == 1  # starter moves on
    assert len(s.piles[0]) == 35 and len(s.piles[1]) == 35
    assert s.reserve == [[FLP[0]], [SKP[0]]] and s.coll == [[], []] and not any(s.locked)
    s.check()


def test_sixty_turn_cap_ends_the_round():
    s = rules.position(2, coll=[[n(1, R)], [n(3, B)]], piles_=[[n(4, G)], [n(5, G)]])
    s.turn_no = 60
    s.apply(encode(DRAW, 0))
    s.apply(encode(STOP))
    assert s.round_no == 2 and s.history == [[0, 0]]


def test_game_ends_after_the_round_someone_fills_all_ten_boxes():
    boxes = {b: 5 for b in range(9)}
    ten = [n(v, R) for v in range(1, 11)]
    s = rules.position(2, coll=[ten, [n(1, B)]], locked=[1, 0], player=1, boxes=[boxes, {}],
                       piles_=[[n(12, G)], [n(11, G)]])
    s.apply(encode(LOCK))
    assert s.legal_actions() == [encode(VALIDATE, 18), encode(DECLINE, 3)]
    s.apply(encode(VALIDATE, 18))
    assert s.is_over() and s.end_reason == "boxes" and s.totals == [55, 0]
    assert s.returns() == [1.0, 0.0] and s.legal_actions() == []


def test_classic_five_rounds_discovery_three_and_its_winner_by_boxes():
    s = rules.new_game({"players": 2, "mode": "discovery"}, 3)
    assert s.rounds == 3 and rules.new_game({"players": 2}, 3).rounds == 5
    s.current_player = rules.OVER
    s.totals = [40, 30]
    s.boxes[0][:] = bytes([20, 20, 0, 0, 0, 0, 0, 0, 0, 0])
    s.boxes[1][:] = bytes([10, 10, 10, 0, 0, 0, 0, 0, 0, 0])
    assert s.returns() == [0.0, 1.0]          # Discovery: 3 boxes beat 2
    s.mode = 0
    assert s.returns() == [1.0, 0.0]          # Classic: points
    s.totals = [30, 30]
    assert s.returns() == [0.5, 0.5]


def test_sample_hidden_keeps_what_the_seat_knows():
    s = rules.new_game({"players": 3}, 11)
    for p in s.piles:
        if FLP[0] in p:
            p.remove(FLP[0])
    s.reserve[0].append(FLP[0])
    s.check()
    s.apply(encode(FLIP))
    seen = list(s.look[0])
    differs = 0
    for k in range(20):
        w = s.sample_hidden(0, Rng(k))
        w.check()
        assert [p[-1] for p in w.piles] == seen
        assert sorted(w.piles[0] + w.piles[1]) == sorted(s.piles[0] + s.piles[1])
        assert [len(p) for p in w.piles] == [len(p) for p in s.piles]
        assert w.coll == s.coll and w.reserve == s.reserve and w.discard == s.discard
        differs += w.piles != s.piles
    assert differs == 20
    w1 = s.sample_hidden(1, Rng(3))
    assert w1.look[0] == [w1.piles[0][-1], w1.piles[1][-1]]   # the other's look follows


def random_game(players, seed, mode="classic"):
    s = rules.new_game({"players": players, "mode": mode}, seed)
    rng = Rng(seed + 77)
    steps = 0
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        s.check()
        steps += 1
        assert steps < 20000
    return s


def test_random_legal_play_always_ends_with_72_cards_in_place():
    for g in range(60):
        s = random_game(2 + g % 3, g, ("classic", "discovery")[g % 2])
        assert s.round_no <= s.rounds and len(s.history) == s.round_no
        assert s.end_reason in ("rounds", "boxes")
        assert s.totals == [sum(b) for b in s.boxes]


def test_same_seed_same_game_and_clone_is_independent():
    a = random_game(3, 42)
    b = random_game(3, 42)
    assert a.totals == b.totals and a.history == b.history
    s = rules.new_game({"players": 2}, 9)
    c = s.clone()
    c.apply(c.legal_actions()[0])
    assert s.drawn == 0 and len(s.piles[0]) == 36


MPY_GAME = """
from core.rng import Rng
from games.shadowlock import rules
out = []
for g in range(3):
    s = rules.new_game({"players": 2 + g % 3, "mode": ("classic", "discovery")[g % 2]}, g)
    rng = Rng(g + 77)
    while not s.is_over():
        s.apply(rng.choice(s.legal_actions()))
        s.check()
    out.append("%r %r" % (s.totals, s.history))
print("|".join(out))
"""


def test_rules_under_micropython_match_cpython():
    out = run_mpy(MPY_GAME, heap="64wK").stdout.strip()
    expect = []
    for g in range(3):
        s = random_game(2 + g % 3, g, ("classic", "discovery")[g % 2])
        expect.append("%r %r" % (s.totals, s.history))
    assert out == "|".join(expect)
