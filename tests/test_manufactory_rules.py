"""Manufactory rules: hand-worked scores (places, mana tie-breaks, shared places, empty groups,
group bonuses, 2-4 players), conveyor positions (back cards, a shrinking belt, declared
colours), invariants, booster make-up, random play, and the same games under MicroPython."""

import pytest

from core.rng import Rng
from games.manufactory import cards, rules
from games.manufactory.rules import DECLARE, DISCARD, P_DECLARE, P_DISCARD, final_scores
from kit.actions import encode
from tests.mpy import run_mpy


def name(n):
    """The card id of a part by its English name."""
    return cards.NAME_NAMES.index(n)


W, U, B, R, G, C = range(6)

# -- hand-worked scores: (collections, expected points) ----------------------------------
SCORES = [
    # 1 clear first and second
    ([[("W", 3), ("W", 5)], [("W", 2)]], [3, 2]),
    # 2 only one player has the group: no second place
    ([[("U", 4)], []], [3, 0]),
    # 3 equal sizes: the single highest mana decides (7 beats 6)
    ([[("B", 2), ("B", 6)], [("B", 7), ("B", 1)]], [2, 3]),
    # 4 equal sizes, equal highest mana: both first, 2 each, nobody second
    ([[("R", 5), ("R", 1)], [("R", 5), ("R", 3)]], [2, 2]),
    # 5 three tied for first: 2 each
    ([[("G", 4)], [("G", 4)], [("G", 4)]], [2, 2, 2]),
    # 6 two tied first use up both places: the third player gets nothing
    ([[("C", 3), ("C", 3)], [("C", 3), ("C", 0)], [("C", 7)]], [2, 2, 0]),
    # 7 two tied for second: half of 2 each
    ([[("W", 1), ("W", 1), ("W", 1)], [("W", 4)], [("W", 4)]], [3, 1, 1]),
    # 8 three tied for second (4 players)
    ([[("U", 1), ("U", 1), ("U", 1)], [("U", 2)], [("U", 2)], [("U", 2)]], [3, 1, 1, 1]),
    # 9 a tie for second broken by mana (6 beats 5)
    ([[("B", 1), ("B", 1), ("B", 1)], [("B", 5)], [("B", 6)]], [3, 0, 2]),
    # 10 empty groups never score, even with 4 players
    ([[("R", 2)], [], [], []], [3, 0, 0, 0]),
    # 11 four groups: bonus 2
    ([[("W", 1), ("U", 1), ("B", 1), ("R", 1)], []], [14, 0]),
    # 12 five groups: bonus 4; the rival wins White on mana
    ([[("W", 1), ("U", 1), ("B", 1), ("R", 1), ("G", 1)], [("W", 2)]], [18, 3]),
    # 13 six groups: bonus 6
    ([[("W", 1), ("U", 1), ("B", 1), ("R", 1), ("G", 1), ("C", 1)], []], [24, 0]),
    # 14 three groups: no bonus
    ([[("W", 1), ("U", 1), ("B", 1)], []], [9, 0]),
    # 15 only the single highest card counts: 7,0,0 beats 6,6,6
    ([[("G", 7), ("G", 0), ("G", 0)], [("G", 6), ("G", 6), ("G", 6)]], [3, 2]),
    # 16 size beats mana: three cheap parts beat two 7s
    ([[("C", 0), ("C", 0), ("C", 1)], [("C", 7), ("C", 7)]], [3, 2]),
    # 17 both with six groups, every kind of result (worked in the rules document)
    ([[("W", 3), ("W", 2), ("U", 5), ("B", 1), ("R", 4), ("G", 2), ("C", 0)],
      [("W", 7), ("U", 5), ("U", 1), ("B", 2), ("R", 4), ("G", 1), ("C", 0), ("C", 0)]],
     [20, 21]),
    # 18 four tied for first
    ([[("W", 3)], [("W", 3)], [("W", 3)], [("W", 3)]], [2, 2, 2, 2]),
    # 19 four players: clear first and second, the two others nothing
    ([[("R", 1)] * 3, [("R", 1)] * 2, [("R", 1)], [("R", 1)]], [3, 2, 0, 0]),
    # 20 four players: seats 1 and 3 tied for first, the rest nothing
    ([[("U", 1)], [("U", 2), ("U", 2)], [("U", 6)], [("U", 0), ("U", 2)]], [0, 2, 0, 2]),
    # 21 three players, places and a bonus together
    ([[("W", 1), ("U", 1), ("B", 1), ("R", 1)], [("W", 2), ("W", 2)], [("U", 1)]],
     [12, 3, 2]),
    # 22 a group of 0-mana parts is not empty: it scores
    ([[("C", 0)], []], [3, 0]),
    # 23 three tied for first leave the fourth nothing
    ([[("G", 5)], [("G", 5)], [("G", 5)], [("G", 1)]], [2, 2, 2, 0]),
    # 24 many cards in one group: one group, no bonus
    ([[("W", 1)] * 7, [("U", 1)]], [3, 3]),
    # 25 three players: a tie for second between two, broken for nobody (same mana)
    ([[("B", 7), ("B", 1)], [("B", 3)], [("B", 3)]], [3, 1, 1]),
    # 26 two groups each, split races (2 players)
    ([[("R", 6), ("G", 1), ("G", 1)], [("R", 6), ("R", 0), ("G", 7)]], [5, 5]),
    # 27 five groups against four groups (3 players)
    ([[("W", 2), ("U", 2), ("B", 2), ("R", 2), ("G", 2)],
      [("W", 3), ("U", 3), ("B", 3), ("C", 3)],
      [("G", 1), ("G", 1)]],
     [2 + 2 + 2 + 3 + 2 + 4, 3 + 3 + 3 + 3 + 2, 3]),
    # 28 four players, six groups against fewer, shares everywhere
    ([[("W", 1), ("U", 1), ("B", 1), ("R", 1), ("G", 1), ("C", 1)],
      [("W", 1), ("U", 1), ("B", 1), ("R", 1)],
      [("W", 1), ("U", 1)],
      [("W", 1)]],
     [2 + 2 + 2 + 2 + 3 + 3 + 6, 2 + 2 + 2 + 2 + 2, 2 + 2, 2]),
    # 29 equal points: a shared win
    ([[("W", 4), ("U", 1)], [("U", 4), ("W", 1)]], [5, 5]),
]


@pytest.mark.parametrize("collections,want", SCORES)
def test_hand_worked_scores(collections, want):
    assert final_scores(collections) == want


def test_at_least_25_examples_cover_2_3_and_4_players():
    assert len(SCORES) >= 25
    assert {len(c) for c, _ in SCORES} == {2, 3, 4}


def test_place_points_directly():
    assert rules.place_points([0, 0, 0]) == [0, 0, 0]
    assert rules.place_points([8, 0]) == [3, 0]
    assert rules.place_points([17, 17, 9, 9]) == [2, 2, 0, 0]
    assert rules.place_points([25, 17, 17, 9]) == [3, 1, 1, 0]


def test_bad_collections_are_refused():
    with pytest.raises(ValueError, match="unknown group"):
        final_scores([[("X", 1)], []])
    with pytest.raises(ValueError, match="mana"):
        final_scores([[("W", 8)], []])


def test_state_scores_agree_with_final_scores():
    for seed in range(20):
        s = rules.new_game({"players": 2 + seed % 3}, seed)
        rng = Rng(seed)
        while not s.is_over():
            s.apply(rng.choice(s.legal_actions()))
        cols = [[(rules.GROUPS[s.group[c]], cards.MANA[c]) for c in col] for col in s.coll]
        assert s.scores() == final_scores(cols)
        best = max(s.scores())
        r = s.returns()
        assert all((r[p] > 0) == (s.scores()[p] == best) for p in range(s.num_players))


def test_shared_win_returns_half():
    s = rules.position([], colls=[[name("Polished Gear")], [name("Glass Tube")]])
    s.current_player = rules.OVER
    assert s.scores() == [3, 3]
    assert s.returns() == [0.5, 0.5]


# -- positions ---------------------------------------------------------------------------
GEAR, RAIL, TUBE, FAN, PLUG, LENS, YARD = (name(n) for n in (
    "Polished Gear", "Guard Rail", "Glass Tube", "Mist Fan", "Spark Plug", "Split Lens",
    "Junk Yard"))


def test_back_card_impossible_with_nothing_collected():
    s = rules.position([GEAR, RAIL, TUBE, FAN], deck=[PLUG])
    assert s.legal_actions() == [0, 1]
    before = s.observation(0)
    for slot in (2, 3):
        with pytest.raises(ValueError, match="costs a collected card"):
            s.apply(slot)
    assert s.observation(0) == before
    with pytest.raises(ValueError, match="no slot"):
        s.apply(4)


def test_back_card_costs_a_collected_card():
    bolt, leaf = name("Steel Bolt"), name("Leaf Spring")
    s = rules.position([GEAR, RAIL, TUBE, FAN], deck=[PLUG], colls=[[bolt, leaf], []])
    assert s.legal_actions() == [0, 1, 2, 3]
    s.apply(3)                                   # the Mist Fan, nearest the deck
    assert s.phase == P_DISCARD and s.current_player == 0
    assert s.legal_actions() == [encode(DISCARD, bolt), encode(DISCARD, leaf)]
    s.check()
    before = s.observation(0)
    with pytest.raises(ValueError, match="not collected"):
        s.apply(encode(DISCARD, GEAR))           # a card you do not have
    with pytest.raises(ValueError, match="give up"):
        s.apply(0)
    assert s.observation(0) == before
    s.apply(encode(DISCARD, leaf))
    assert s.out == [leaf] and s.coll[0] == [bolt, FAN]
    assert s.belt == [GEAR, RAIL, TUBE, PLUG]    # slid forward, the deck's card at the back
    assert s.deck == [] and s.current_player == 1 and s.phase == rules.ACT
    s.check()


def test_front_card_slides_the_belt():
    s = rules.position([GEAR, RAIL, TUBE, FAN], deck=[YARD, PLUG])
    s.apply(0)
    assert s.belt == [RAIL, TUBE, FAN, PLUG] and s.deck == [YARD]
    assert s.coll[0] == [GEAR] and s.group[GEAR] == W
    assert s.events[0] == ("take", 0, 0, GEAR)


def test_last_cards_of_a_shrinking_belt():
    bolt = name("Steel Bolt")
    s = rules.position([GEAR, RAIL, TUBE], colls=[[bolt], [PLUG]])
    assert s.legal_actions() == [0, 1, 2]        # slot 3 is gone; slot 2 still costs
    s.apply(2)
    assert s.phase == P_DISCARD
    s.apply(encode(DISCARD, bolt))
    assert s.belt == [GEAR, RAIL] and s.current_player == 1
    assert s.legal_actions() == [0, 1]           # two left: both free
    s.apply(1)
    assert s.belt == [GEAR]
    s.apply(0)
    assert s.belt == [] and s.is_over() and s.legal_actions() == []
    assert s.coll == [[TUBE, GEAR], [PLUG, RAIL]] and s.out == [bolt]
    s.check()
    with pytest.raises(ValueError, match="over"):
        s.apply(0)


def test_declaring_each_colour_of_a_multicolour_part():
    s = rules.position([LENS, GEAR, RAIL, TUBE], deck=[FAN])
    s.apply(0)
    assert s.phase == P_DECLARE
    assert s.legal_actions() == [encode(DECLARE, W), encode(DECLARE, U)]
    before = s.observation(0)
    for bad in (B, R, G, C):
        with pytest.raises(ValueError, match="cannot be"):
            s.apply(encode(DECLARE, bad))
    with pytest.raises(ValueError, match="declare"):
        s.apply(1)
    assert s.observation(0) == before
    s.check()
    for g in (W, U):
        t = s.clone()
        t.apply(encode(DECLARE, g))
        assert t.group[LENS] == g and t.coll[0] == [LENS]
        assert t.scores()[0] == 3 and t.belt == [GEAR, RAIL, TUBE, FAN]
        assert t.events[0] == ("declare", 0, LENS, g)
        t.check()


def test_land_declared_colourless():
    s = rules.position([YARD, GEAR, RAIL, TUBE], deck=[FAN], colls=[[], [name("Steel Bolt")]])
    s.apply(0)
    assert s.legal_actions() == [encode(DECLARE, g) for g in range(6)]
    s.apply(encode(DECLARE, C))
    assert s.group[YARD] == C
    # Colourless: both have one 0-mana vs 1-mana card; the bolt (mana 1) ranks first.
    assert s.scores() == [2, 3]


def test_back_wild_card_asks_discard_then_colour():
    s = rules.position([GEAR, RAIL, TUBE, YARD], colls=[[PLUG], []])
    s.apply(3)
    s.apply(encode(DISCARD, PLUG))
    assert s.phase == P_DECLARE and s.belt[s.slot] == YARD
    s.check()
    s.apply(encode(DECLARE, R))
    assert s.coll[0] == [YARD] and s.out == [PLUG] and s.belt == [GEAR, RAIL, TUBE]


def test_action_strings():
    s = rules.position([GEAR, RAIL, TUBE, FAN], colls=[[PLUG], []])
    assert s.action_str(0) == "take front 1 Polished Gear"
    assert s.action_str(3) == "take back 4 Mist Fan"
    assert s.action_str(encode(DISCARD, PLUG)) == "give up Spark Plug"
    assert s.action_str(encode(DECLARE, C)) == "declare Colourless"


# -- the deal, invariants, random play ---------------------------------------------------


def test_booster_make_up_for_many_seeds():
    for seed in range(300):
        players = 2 + seed % 3
        bs = rules.boosters(players, Rng(seed))
        assert len(bs) == players
        seen = set()
        for b in bs:
            assert len(b) == rules.BOOSTER
            assert sum(1 for c in b if rules.is_land(c)) == 1
            assert sum(1 for c in b if rules.is_wild(c) and not rules.is_land(c)) == 1
            for g in range(6):
                assert sum(1 for c in b if rules.plain_group(c) == g) == 2
            seen.update(b)
        assert len(seen) == 14 * players                  # no part twice
        s = rules.new_game({"players": players}, seed)
        assert len(s.cards) == 14 * players and len(s.belt) == 4
        assert len(s.deck) == 14 * players - 4
        s.check()


def test_pool_has_60_distinct_parts_with_names_in_both_languages():
    assert cards.COUNT >= 60
    assert len(set(cards.NAME_NAMES)) == cards.COUNT
    assert len(set(cards.NAME_FR_NAMES)) == cards.COUNT
    assert all(0 <= m <= 7 for m in cards.MANA)
    kinds = [cards.KIND_NAMES[k] for k in cards.KIND]
    assert set(kinds) == {"part", "land"}


def test_who_starts():
    for first in range(4):
        assert rules.new_game({"players": 4, "first": first}, 3).current_player == first
    starters = {rules.new_game({"players": 3}, seed).current_player for seed in range(40)}
    assert starters == {0, 1, 2}
    with pytest.raises(ValueError):
        rules.new_game({"players": 5}, 1)


def test_random_legal_play_ends_and_keeps_every_card_in_one_place():
    for seed in range(150):
        players = 2 + seed % 3
        s = rules.new_game({"players": players}, 1000 + seed)
        rng = Rng(seed)
        steps = 0
        while not s.is_over():
            acts = s.legal_actions()
            assert acts and all(0 <= a < rules.NUM_ACTIONS for a in acts)
            s.apply(rng.choice(acts))
            s.check()
            steps += 1
            assert steps <= 3 * 14 * players
        assert s.drafts == 14 * players
        assert sum(len(c) for c in s.coll) + len(s.out) == 14 * players


def test_illegal_actions_change_nothing():
    rng = Rng(5)
    s = rules.new_game({"players": 3}, 5)
    while not s.is_over():
        legal = s.legal_actions()
        before = s.observation(0)
        for a in (0, 1, 2, 3, 0x100, 0x100 | 74, 0x200, 0x205, 0x206, 0x2FF):
            if a not in legal:
                with pytest.raises(ValueError):
                    s.apply(a)
                assert s.observation(0) == before
        s.apply(rng.choice(legal))


def test_sample_hidden_only_reorders_the_deck():
    s = rules.new_game({"players": 2}, 9)
    s.apply(0)
    for k in range(5):
        w = s.sample_hidden(0, Rng(k))
        assert w.observation(0) == s.observation(0)
        assert sorted(w.deck) == sorted(s.deck)
        w.check()
    assert any(s.sample_hidden(1, Rng(k)).deck != s.deck for k in range(5))


def test_clone_is_independent():
    s = rules.new_game({"players": 2}, 4)
    t = s.clone()
    t.apply(0)
    while t.phase != rules.ACT:
        t.apply(t.legal_actions()[0])
    assert len(s.coll[s.current_player]) == 0 and s.drafts == 0 and len(s.belt) == 4
    assert t.drafts == 1 and s.belt[1:] == t.belt[:3]


MPY_GAMES = """
from games.manufactory import rules
from core.rng import Rng
out = []
for g in range(6):
    s = rules.new_game({"players": 2 + g % 3}, 70 + g)
    r = Rng(g)
    while not s.is_over():
        s.apply(r.choice(s.legal_actions()))
        s.check()
    out.append(",".join([str(v) for v in s.scores()]))
print(" ".join(out))
print(rules.final_scores([[("W", 3), ("W", 2), ("U", 5), ("B", 1), ("R", 4), ("G", 2),
    ("C", 0)], [("W", 7), ("U", 5), ("U", 1), ("B", 2), ("R", 4), ("G", 1), ("C", 0)]]))
"""


def test_rules_under_micropython_match_cpython():
    got = run_mpy(MPY_GAMES, heap="64wK").stdout.split("\n")
    want = []
    for g in range(6):
        s = rules.new_game({"players": 2 + g % 3}, 70 + g)
        r = Rng(g)
        while not s.is_over():
            s.apply(r.choice(s.legal_actions()))
        want.append(",".join(str(v) for v in s.scores()))
    assert got[0].split() == want
    assert got[1].replace(" ", "") == "[20,20]"
