"""Match & Collect rules engine (firmware/games/match_collect/rules.py) and its deck table.

Hand-worked scoring examples, every turn phase and Wonder, round ends, variants, illegal
actions, invariants under random play, and the same engine under the MicroPython unix port."""

import os

import pytest

from core.rng import Rng
from games.match_collect import cards
from games.match_collect import rules as R
from tests.mpy import ROOT, run_mpy
from tests.statecmp import refused

# -- card helpers (ids: regular = location * 4 + colour; Wonders 64..87) ---------------------
RED, BLUE, YELLOW, GREEN = 0, 1, 2, 3
STAG, MOUNTAIN, MOON, SUN, WAVE, TREE, CROWN, KEY = range(8)
LEG = (64, 65, 66, 67)
MSG = (68, 69, 70, 71)
GUIDE = (72, 73, 74, 75)
PORTAL = (76, 77, 78, 79)
SHELTER = (80, 81, 82, 83)
OFFER = (84, 85, 86, 87)


def card(colour, symbol, copy=0):
    """The regular card of that colour and symbol: copy 0 from a location below 8, 1 above."""
    loc = (symbol - colour) % 8 if copy == 0 else 8 + (symbol - 3 * colour) % 8
    cid = loc * 4 + colour
    assert R.colour_of(cid) == colour and R.symbol_of(cid) == symbol
    return cid


def loc_cards(loc):
    return [loc * 4 + c for c in range(4)]


def table(players=2, hands=None, discard=(), pile=(), seat=0, phase=R.PH_DRAW, **options):
    """A state with chosen cards; every card not placed goes to the bottom of the draw pile
    (pile lists the top cards, top last), so the deck stays complete."""
    opts = {"players": players}
    opts.update(options)
    s = R.new_game(opts, 1)
    hands = [list(h) for h in (hands or [[] for _ in range(players)])]
    used = set(discard) | set(pile)
    for h in hands:
        used |= set(h)
    rest = [c for c in range(88) if c not in used]
    s.hands = hands
    s.discard = list(discard)
    s.draw_pile = rest + list(pile)
    s.current_player = seat
    s.starter = seat
    s.phase = phase
    return s


def where(state):
    """Every card in every place, sorted: `where(s) == list(range(88))` holds only when each
    card is in exactly one place (a card missing or in two places breaks it)."""
    places = []
    for h in state.hands:
        places += h
    for ms in state.melds:
        for m in ms:
            places += m[1]
    for p in state.played:
        places += p
    places += state.discard + state.draw_pile + state.looked
    return sorted(places)


def play(state, actions):
    for a in actions:
        state.apply(a)


# -- the deck --------------------------------------------------------------------------------


# The tables against assets/decks/mirrorquest.csv, and the card ids: tests/test_decks.py.


def test_deck_shape_follows_games_md():
    pairs = {}
    for cid in range(64):
        pairs.setdefault((cards.COLOR[cid], cards.SYMBOL[cid]), []).append(cards.LOCATION[cid])
    assert len(pairs) == 32
    for locs in pairs.values():
        assert len(locs) == 2 and locs[0] != locs[1]
    for loc in range(16):
        ids = loc_cards(loc)
        assert sorted(cards.COLOR[c] for c in ids) == [0, 1, 2, 3]
        assert len({cards.SYMBOL[c] for c in ids}) == 4
    assert [sum(1 for c in range(64, 88) if cards.WONDER[c] == w) for w in range(6)] == [4] * 6
    assert cards.LOCATION_NAMES[0] == "Winterwoods" and cards.SYMBOL_NAMES[0] == "Stag"


# -- hand-worked meld values -----------------------------------------------------------------

R1, B1, Y1, G1 = card(RED, STAG), card(BLUE, STAG), card(YELLOW, STAG), card(GREEN, STAG)
R2, B2 = card(RED, STAG, 1), card(BLUE, STAG, 1)


@pytest.mark.parametrize("cards_, expect", [
    ([R1, R2], (R.M_PAIR, 10)),                                    # 1 Mirror Pair
    ([R1, B1], None),                                              # 2 colours differ
    ([R1, LEG[0]], None),                                          # 3 no Legendary in a pair
    ([R1, B1, R2], (R.M_SYMBOL, 30)),                              # 4 Symbol Run of 3
    ([R1, B1, R2, B2, Y1], (R.M_SYMBOL, 50)),                      # 5 run of 5, 3 colours
    ([R1, B1, LEG[0]], (R.M_SYMBOL, 40)),                          # 6 2 + Legendary: 30 + 10
    ([R1, R2, B1, LEG[1]], (R.M_SYMBOL, 50)),                      # 7 3 real 2 colours + L
    ([R1, B1, Y1, G1], (R.M_RAINBOW, 80)),                         # 8 natural Rainbow
    ([R1, B1, Y1, G1, R2, B2], (R.M_RAINBOW, 100)),                # 9 Rainbow of 6
    ([R1, B1, Y1, LEG[0]], (R.M_RAINBOW, 60)),                     # 10 Legendary Rainbow
    ([R1, B1, Y1, LEG[0], R2, B2], (R.M_RAINBOW, 80)),             # 11 60 + 2 x 10
    ([R1, B1, Y1, G1, LEG[0]], None),                              # 12 L only as missing colour
    ([R1, B1, LEG[0], LEG[1]], None),                              # 13 one Legendary a meld
    ([card(RED, s) for s in (STAG, MOON, SUN, WAVE, KEY)], (R.M_COLOUR, 55)),          # 14
    ([card(RED, s) for s in (STAG, MOON, SUN, WAVE, KEY, TREE, CROWN)], (R.M_COLOUR, 75)),
    ([card(RED, s) for s in (STAG, MOON, SUN, WAVE)] + [LEG[2]], (R.M_COLOUR, 65)),    # 16
    ([card(RED, s) for s in (STAG, MOON, SUN, WAVE, KEY)] + [LEG[2]], (R.M_COLOUR, 75)),
    ([card(RED, s) for s in (STAG, MOON, SUN, WAVE)], None),       # 18 colour run needs 5
    (loc_cards(3)[:3], (R.M_LOCATION, 70)),                        # 19 Location Group of 3
    (loc_cards(3), (R.M_LOCATION, 100)),                           # 20 ... of 4
    (loc_cards(3)[:2] + [LEG[0]], None),                           # 21 real cards only
    (list(PORTAL[:3]), (R.M_WONDERS, 70)),                         # 22 Wonder Set of 3
    (list(GUIDE), (R.M_WONDERS, 100)),                             # 23 ... of 4
    (list(LEG[:3]), (R.M_WONDERS, 70)),                            # 24 three Legendaries
    ([PORTAL[0], PORTAL[1], GUIDE[0]], None),                      # 25 mixed Wonders
    (list(PORTAL[:2]), None),                                      # 26 two Wonders only
    ([R1, B1, MSG[0]], None),                                      # 27 a Messenger stands
    ([R1, R1, B1], None),                                          # 28 a card twice
])
def test_classify_meld(cards_, expect):
    assert R.classify_meld(cards_) == expect


@pytest.mark.parametrize("meld, add, expect", [
    ([R.M_SYMBOL, [R1, B1, R2]], [B2], (R.M_SYMBOL, 40)),                  # 29 run 3 -> 4
    ([R.M_SYMBOL, [R1, B1, Y1]], [G1], (R.M_RAINBOW, 80)),                 # 30 upgrade
    ([R.M_SYMBOL, [R1, B1, Y1]], [LEG[0]], (R.M_RAINBOW, 60)),             # 31 L upgrade
    ([R.M_RAINBOW, [R1, B1, Y1, LEG[0]]], [G1], (R.M_RAINBOW, 70)),        # 32 stays 60-based
    ([R.M_RAINBOW, [R1, B1, Y1, G1]], [LEG[0]], None),                     # 33 no L in full
    ([R.M_RAINBOW, [R1, B1, Y1, G1]], [R2], (R.M_RAINBOW, 90)),            # 34 +10 any colour
    ([R.M_SYMBOL, [R1, B1, LEG[0]]], [Y1], (R.M_RAINBOW, 60)),             # 35 3 colours + L
    ([R.M_SYMBOL, [R1, B1, R2]], [Y1, LEG[1]], (R.M_RAINBOW, 70)),         # 36 60 + 10
    ([R.M_SYMBOL, [R1, B1, R2]], [card(RED, MOON)], None),                 # 37 wrong symbol
    ([R.M_LOCATION, loc_cards(5)[:3]], [loc_cards(5)[3]], (R.M_LOCATION, 100)),  # 38 +30
    ([R.M_LOCATION, loc_cards(5)[:3]], [LEG[0]], None),                    # 39 no L
    ([R.M_WONDERS, list(SHELTER[:3])], [SHELTER[3]], (R.M_WONDERS, 100)),  # 40 +30
    ([R.M_WONDERS, list(SHELTER[:3])], [OFFER[0]], None),                  # 41 same type only
    ([R.M_PAIR, [R1, R2]], [B1], None),                                    # 42 pairs stay
    ([R.M_COLOUR, [card(RED, s) for s in (STAG, MOON, SUN, WAVE, KEY)]], [LEG[3]],
     (R.M_COLOUR, 75)),                                                    # 43 +10 +10
    ([R.M_COLOUR, [card(RED, s) for s in (STAG, MOON, SUN, WAVE, KEY)] + [LEG[0]]],
     [LEG[1]], None),                                                      # 44 one L a meld
])
def test_can_extend(meld, add, expect):
    assert R.can_extend(meld, add) == expect


def test_meld_value_and_rainbow_base():
    assert R.meld_value([R.M_RAINBOW, [R1, B1, Y1, LEG[0], G1, R2]]) == 80
    assert R.rainbow_base([R.M_RAINBOW, [R1, B1, Y1, LEG[0]]]) == 60
    assert R.rainbow_base([R.M_RAINBOW, [R1, B1, Y1, G1]]) == 80
    assert R.meld_value([R.M_LOCATION, loc_cards(2)]) == 100
    assert R.hand_penalty([R1, B1, PORTAL[0]]) == 20


# -- turn structure and illegal actions -------------------------------------------------------


def unchanged(state, action, reason_part):
    """The action is refused with that reason and the whole state (every field, deep: piles
    in order, totals, pending choice, free call, must-meld, the generator) is unchanged."""
    refused(state, action, reason_part)


def test_discard_before_drawing_is_refused():
    s = table(hands=[[R1, B1, Y1], [R2]], discard=[G1])
    unchanged(s, R.discard(R1), "draw first")
    unchanged(s, R.wonder(R1), "draw first")
    assert s.legal_actions() == [R.DRAW, R.TAKE]


def test_invalid_meld_and_second_wonder_refused():
    s = table(hands=[[R1, card(RED, MOON), PORTAL[0], GUIDE[0], B2], [R2]], pile=[G1])
    s.apply(R.DRAW)
    assert R.select(card(RED, MOON)) in s.legal_actions()
    s.apply(R.select(R1))
    s.apply(R.select(card(RED, MOON)))  # same colour: could grow into a Colour Run
    unchanged(s, R.MELD, "not a valid meld")
    s.apply(R.CANCEL)
    s.apply(R.wonder(GUIDE[0]))
    assert s.pending == R.P_GUIDE_KEEP
    s.apply(R.pick(s.looked[0]))
    s.apply(R.pick(s.looked[1]))
    s.apply(R.pick(s.looked[0]))  # order: first picked goes on top
    unchanged(s, R.wonder(PORTAL[0]), "one Wonder a turn")
    unchanged(s, R.select(R1), "melds come before")


def test_taken_discard_cannot_go_back_and_legendary_not_played():
    s = table(hands=[[R1, B1, LEG[0]], [R2]], discard=[Y1])
    s.apply(R.TAKE)
    unchanged(s, R.discard(Y1), "cannot be discarded this turn")
    unchanged(s, R.wonder(LEG[0]), "inside a meld")
    assert R.discard(Y1) not in s.legal_actions()
    assert s.picked_up[0] == [Y1]


def test_quick_rounds_take_only_to_meld():
    s = table(hands=[[R1, card(RED, MOON)], [R2]], discard=[card(GREEN, KEY)], quick=True)
    unchanged(s, R.TAKE, "Quick Rounds")
    assert R.TAKE not in s.legal_actions()
    s = table(hands=[[R1, B1, card(RED, MOON)], [card(GREEN, KEY)]], discard=[Y1], quick=True)
    assert R.can_take_discard(s)
    s.apply(R.TAKE)
    assert s.must_meld == Y1
    unchanged(s, R.discard(card(RED, MOON)), "Quick Rounds")
    play(s, [R.select(R1), R.select(B1), R.select(Y1), R.MELD])
    assert s.must_meld == -1 and s.melds[0] == [[R.M_SYMBOL, sorted([R1, B1, Y1])]]
    s.apply(R.discard(card(RED, MOON)))
    assert s.round_results[-1]["players"][0]["out"] is True


def test_quick_rounds_the_taken_card_may_go_into_a_later_meld():
    # GAMES.md: the discard top must be melded this same turn, in any of the turn's melds (not
    # necessarily the first). Hand: a Red Stag run (R1 B1 R2) and two Moons; the discard top
    # is a third Moon. The Stag run may come first, then the Moon run with the taken card.
    m1, m2, m3 = card(RED, MOON), card(BLUE, MOON), card(YELLOW, MOON)
    spare = card(GREEN, KEY)
    s = table(hands=[[R1, B1, R2, m1, m2, spare], [card(GREEN, SUN)]], discard=[m3],
              quick=True)
    s.apply(R.TAKE)
    assert s.must_meld == m3
    play(s, R.meld_actions([R1, B1, R2]))        # the first meld leaves the taken card out
    assert s.must_meld == m3 and s.melds[0] == [[R.M_SYMBOL, sorted([R1, B1, R2])]]
    unchanged(s, R.discard(spare), "Quick Rounds")  # still unmelded: no discard yet
    play(s, R.meld_actions([m1, m2, m3]))
    assert s.must_meld == -1
    assert s.melds[0][1] == [R.M_SYMBOL, sorted([m1, m2, m3])]
    s.apply(R.discard(spare))
    assert s.round_results[-1]["players"][0]["out"] is True


def test_quick_rounds_a_meld_that_strands_the_taken_card_is_refused():
    # The taken card (Yellow Key of location 5) can only go into a Location Group with the two
    # other location-5 cards of the hand. Laying one of them in a Red Colour Run first would
    # leave it unmeldable (and the turn stuck: no discard while it is unmelded), so that meld
    # is refused; the Location Group with it is fine.
    a, b, t, _ = loc_cards(5)                   # Red Tree, Blue Crown, Yellow Key
    reds = [a, R1, card(RED, MOON), card(RED, SUN), card(RED, WAVE)]
    spare = card(GREEN, MOUNTAIN)
    s = table(hands=[reds + [b, spare], [card(GREEN, SUN)]], discard=[t], quick=True)
    assert R.can_take_discard(s)
    s.apply(R.TAKE)
    play(s, [R.select(c) for c in reds])
    unchanged(s, R.MELD, "could not be melded any more")
    assert R.MELD not in s.legal_actions()
    s.apply(R.CANCEL)
    play(s, R.meld_actions([a, b, t]))
    assert s.must_meld == -1 and s.melds[0] == [[R.M_LOCATION, sorted([a, b, t])]]


def test_every_refusal_reason_is_worded():
    """rules.py's checks answer short reason keys; rules_extra.REASONS words every one of them
    (and no other), and the meld number is filled in."""
    import ast

    from games.match_collect import rules_extra

    keys = set()
    for node in ast.walk(ast.parse(open(R.__file__).read())):
        if isinstance(node, ast.FunctionDef) and node.name.startswith("_") and \
                node.name.endswith("_ok"):
            for ret in ast.walk(node):
                if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Constant):
                    keys.add(ret.value.value)
    keys.discard(None)
    assert len(keys) == 17 and keys == set(rules_extra.REASONS)
    s = table(hands=[[R1, B1, Y1], [R2]], pile=[G1])
    s.apply(R.DRAW)
    s.apply(R.select(R1))
    assert s.why_illegal(R.extend(2)) == "you have no meld number 3"
    unchanged(s, R.extend(2), "you have no meld number 3")


def test_must_keep_one_card():
    s = table(hands=[[R1, B1], [R2]], pile=[Y1])
    s.apply(R.DRAW)
    play(s, [R.select(R1), R.select(B1)])
    unchanged(s, R.select(Y1), "keep one card")


def test_free_call_once_a_round_hand_only():
    loc = 6
    a, b, c, d = loc_cards(loc)
    s = table(hands=[[a, b, R1], [c, d, B2]], pile=[G1])
    s.melds[1] = []
    unchanged(s, R.call(loc), "draw first")
    s.apply(R.DRAW)
    s.apply(R.call(loc))
    assert sorted(s.hands[0]) == sorted([a, b, R1, G1, c, d]) and s.hands[1] == [B2]
    assert s.calls == [(0, loc, 2, "call")] and s.call_used[0]
    assert R.call(loc) not in s.legal_actions()
    play(s, R.meld_actions([a, b, c, d]))
    assert R.meld_value(s.melds[0][0]) == 100


def test_call_needs_two_and_comes_before_melds():
    s = table(hands=[[loc_cards(1)[0], R1, R2, B1], [loc_cards(1)[1]]], pile=[G1])
    s.apply(R.DRAW)
    unchanged(s, R.call(1), "two cards of that location")
    play(s, R.meld_actions([R1, R2, B1]))
    s.hands[0].append(loc_cards(1)[2])  # a second card of location 1, for the test only
    unchanged(s, R.call(1), "before melds")


def test_messenger_takes_all_or_draws():
    loc = 9
    cs = loc_cards(loc)
    s = table(players=3, hands=[[MSG[0], R1], [cs[0], cs[1]], [cs[2], B2]], pile=[G1, Y1])
    s.apply(R.DRAW)
    play(s, [R.wonder(MSG[0]), R.name(loc)])
    assert sorted(s.hands[0]) == sorted([R1, Y1, cs[0], cs[1], cs[2]])
    assert s.hands[1] == [] and s.hands[2] == [B2]
    assert s.calls[-1] == (0, loc, 3, "messenger") and s.played[0] == [MSG[0]]
    s = table(hands=[[MSG[0], R1], [B2]], pile=[G1, Y1])
    s.apply(R.DRAW)
    play(s, [R.wonder(MSG[0]), R.name(loc)])
    assert sorted(s.hands[0]) == sorted([R1, Y1, G1])  # nobody had one: draw a card


def test_guide_keeps_two_and_orders_the_rest():
    top4 = [card(GREEN, KEY), card(YELLOW, KEY), card(BLUE, KEY), card(RED, KEY)]
    s = table(hands=[[GUIDE[0], R1], [B2]], pile=top4 + [Y1])
    s.apply(R.DRAW)  # Y1
    s.apply(R.wonder(GUIDE[0]))
    assert s.looked == [top4[3], top4[2], top4[1], top4[0]]  # the top first
    assert s.observation(1)["looked"] == [] and s.observation(0)["looked"] == s.looked
    assert R.DONE not in s.legal_actions()
    play(s, [R.pick(top4[3]), R.pick(top4[0])])
    assert s.pending == R.P_GUIDE_ORDER
    s.apply(R.pick(top4[1]))  # goes on top
    assert s.draw_pile[-2:] == [top4[2], top4[1]]
    assert top4[3] in s.hands[0] and top4[0] in s.hands[0]
    assert s.observation(0)["known_top"] == [top4[2], top4[1]]
    assert s.observation(1)["known_top"] == []


def test_portal_new_turn_no_discard_and_round_end_at_next_discard():
    s = table(hands=[[PORTAL[0], PORTAL[1], R1], [B2]], discard=[G1], pile=[Y1])
    s.draw_pile = [Y1]  # the last card
    top_before = s.discard[-1]
    s.apply(R.DRAW)
    assert s.ending
    s.apply(R.wonder(PORTAL[0]))
    assert s.current_player == 0 and s.phase == R.PH_DRAW and s.discard[-1] == top_before
    assert s.played[0] == [PORTAL[0]]
    s.apply(R.TAKE)  # empty pile: the discard top is still there
    s.apply(R.wonder(PORTAL[1]))  # fresh Wonder allowance
    # New turn: nothing to draw and nothing to take, so the round ended at once.
    res = s.round_results[-1]
    assert res["reason"] == "exhausted"
    assert res["players"][0]["wonders"] == [PORTAL[0], PORTAL[1]]
    assert res["players"][0]["hand"] == sorted([R1, Y1, G1])
    assert [p["score"] for p in res["players"]] == [10 - 15, -5]
    assert s.round_number == 2 and s.starter == 1  # tie: the first after seat 0


def test_shelter_both_options():
    s = table(hands=[[SHELTER[0], SHELTER[1], R1, B1, PORTAL[2]], [B2]], discard=[LEG[0], G1],
              pile=[Y1])
    s.apply(R.DRAW)
    play(s, [R.wonder(SHELTER[0]), R.SHELTER_HAND])
    assert s.sheltered[0] and s.played[0] == [SHELTER[0]]
    assert s.why_illegal(R.wonder(SHELTER[1])) == "only one Wonder a turn"
    # second Shelter on a later turn: only the "take from the discard" option remains
    s.apply(R.discard(R1))
    s.apply(R.DRAW)
    s.apply(R.discard(B2))
    s.apply(R.DRAW)
    s.apply(R.wonder(SHELTER[1]))
    legal = s.legal_actions()
    assert R.SHELTER_HAND not in legal and R.pick(LEG[0]) in legal
    s.apply(R.pick(LEG[0]))  # any card, deep in the pile
    assert LEG[0] in s.hands[0] and LEG[0] not in s.discard
    assert R.discard(LEG[0]) not in s.legal_actions()


def test_offering_take_and_return_in_chosen_order():
    s = table(hands=[[OFFER[0], R1, B1, Y1, card(RED, MOON)], [B2]],
              discard=[G1, card(GREEN, KEY), card(BLUE, KEY)], pile=[R2])
    s.apply(R.DRAW)
    play(s, [R.wonder(OFFER[0]), R.OFFER_TAKE, R.pick(G1), R.pick(card(GREEN, KEY))])
    assert s.pending == R.P_OFFER_RETURN
    assert R.pick(G1) not in s.legal_actions()  # taken cards do not go back
    play(s, [R.pick(card(RED, MOON)), R.pick(R2)])
    assert s.discard == [card(BLUE, KEY), card(RED, MOON), R2]
    assert s.phase == R.PH_MAIN and G1 in s.hands[0]


def test_offering_swap_limited_by_pile():
    s = table(hands=[[OFFER[0], R1, B1, Y1], [B2]], discard=[G1], pile=[R2, card(RED, KEY)])
    s.draw_pile = [R2, card(RED, KEY)]
    s.apply(R.DRAW)  # pile now holds one card
    play(s, [R.wonder(OFFER[0]), R.OFFER_SWAP, R.pick(R1)])
    assert all(R.decode(a)[0] != "pick" for a in s.legal_actions())
    s.apply(R.DONE)
    assert R2 in s.hands[0] and s.discard[-1] == R1 and s.ending


def test_wonder_in_hand_costs_ten_and_shelter_cancels():
    s = table(hands=[[R1], [PORTAL[0], card(RED, MOON), B2]])
    s.melds[1] = [[R.M_LOCATION, loc_cards(4)[:3]]]
    s.played[1] = [GUIDE[1]]
    assert s.score_parts(1) == {"melds": 70, "wonders": 5, "out": 0, "hand": -20,
                                "total": 55}
    assert s.score_parts(0, out_seat=0) == {"melds": 0, "wonders": 0, "out": 25, "hand": -5,
                                            "total": 20}
    s.sheltered[1] = True
    assert s.score_parts(1)["hand"] == 0 and s.score_parts(1)["total"] == 75


def test_going_out_scores_and_next_round_starter():
    s = table(players=3, hands=[[R1, R2, B1], [card(RED, MOON), PORTAL[0]], [G1]],
              discard=[card(GREEN, KEY)], pile=[Y1])
    s.played[2] = [GUIDE[0]]
    s.apply(R.DRAW)
    play(s, R.meld_actions([R1, R2, B1, Y1][:3]))
    s.apply(R.discard(Y1))
    res = s.round_results[-1]
    assert res["reason"] == "out" and res["round"] == 1
    p0, p1, p2 = res["players"]
    assert p0 == {"melds": [sorted([R1, R2, B1])], "meld_values": [30],
                  "meld_types": [R.M_SYMBOL], "wonders": [],
                  "hand": [], "out": True, "sheltered": False, "score": 30 + 25, "total": 55}
    assert p1["score"] == -15 and p1["hand"] == sorted([card(RED, MOON), PORTAL[0]])
    assert p2["score"] == 5 - 5 and p2["wonders"] == [GUIDE[0]]
    assert s.totals == [55, -15, 0]
    assert s.round_number == 2 and s.starter == 1 and s.current_player == 1
    assert all(len(h) == 10 for h in s.hands) and len(s.discard) == 1


def test_round_results_name_meld_types_and_keep_only_scores_of_older_rounds():
    # A Legendary standing for the missing colour makes a Rainbow (60-based): the result says
    # so, so the summary does not classify the cards again.
    rainbow = [R1, B1, Y1, LEG[0]]
    s = table(players=2, hands=[rainbow + [G1, card(RED, MOON)], [R2, B2]],
              discard=[card(GREEN, KEY)], pile=[card(YELLOW, MOON)])
    s.apply(R.DRAW)
    play(s, R.meld_actions(rainbow))
    while not s.round_results:      # then everyone draws and discards until a round ends
        if s.phase == R.PH_DRAW:
            s.apply(R.DRAW)
        else:
            s.apply(R.discard(s.hands[s.current_player][0]))
    first = s.round_results[0]["players"][0]
    assert first["meld_types"] == [R.M_RAINBOW] and first["meld_values"] == [60]
    assert first["melds"] == [sorted(rainbow)]
    totals = [p["total"] for p in s.round_results[0]["players"]]
    # The next round's end trims the first result to its scores.
    while len(s.round_results) < 2:
        if s.phase == R.PH_DRAW:
            s.apply(R.DRAW)
        else:
            s.apply(R.discard(s.hands[s.current_player][0]))
    older = s.round_results[0]["players"]
    assert [sorted(p) for p in older] == [["out", "score", "sheltered", "total"]] * 2
    assert [p["total"] for p in older] == totals
    assert "meld_types" in s.round_results[1]["players"][0]


def test_starter_tie_goes_clockwise_after_previous_starter():
    s = table(players=4, hands=[[R1], [R2], [], [B2]])
    s.starter = 2
    s.totals = [0, 10, 0, 0]
    s._end_round("out", 2)  # seat 2 went out with an empty hand: +25, the others -5
    assert s.totals == [-5, 5, 25, -5]
    assert s.starter == 3 and s.current_player == 3  # tie at -5: the first after seat 2
    s = table(players=4, hands=[[R1], [R2], [], [B2]])
    s.starter = 3
    s.totals = [0, 10, 0, 0]
    s._end_round("out", 2)
    assert s.starter == 0  # tie at -5 between 0 and 3: seat 0 comes first after seat 3


def test_round_ends_when_pile_runs_out_without_reshuffle():
    s = table(hands=[[R1, B1], [R2, B2]], discard=[G1])
    s.draw_pile = [Y1]
    s.apply(R.DRAW)
    assert s.ending
    s.apply(R.discard(R1))
    res = s.round_results[-1]
    assert res["reason"] == "exhausted"
    assert [p["score"] for p in res["players"]] == [-10, -10]


def test_reshuffle_variant_and_its_cap():
    s = table(players=4, hands=[[R1, B1], [R2], [B2], [G1]], discard=[Y1, card(RED, MOON)])
    assert s.reshuffle  # four players: on by default
    s.draw_pile = [card(RED, KEY)]
    s.apply(R.DRAW)
    assert not s.ending and s.reshuffles == 1 and s.draw_pile == [Y1]
    assert s.discard == [card(RED, MOON)]
    s.apply(R.discard(R1))
    s.apply(R.DRAW)  # seat 1 takes the last card: second reshuffle of [R.MOON]? no: 1 card
    assert s.reshuffles == 2 and s.draw_pile == [card(RED, MOON)]
    s.apply(R.discard(R2))
    s.apply(R.DRAW)
    assert s.ending  # third exhaustion ends the round
    s.apply(R.discard(B2))
    assert s.round_results[-1]["reason"] == "exhausted"


def test_targets_and_game_end():
    assert R.new_game({"players": 2}, 3).target == 800
    assert R.new_game({"players": 3}, 3).target == 700
    assert R.new_game({"players": 4, "length": "shorter"}, 3).target == 500
    assert R.new_game({"players": 2, "length": "longer"}, 3).target == 1000
    assert not R.new_game({"players": 3}, 3).reshuffle
    assert not R.new_game({"players": 4, "reshuffle": False}, 3).reshuffle
    assert [len(h) for h in R.new_game({"players": 2}, 3).hands] == [12, 12]
    s = table(hands=[[R1, R2, B1], [G1]], pile=[Y1])
    s.totals = [760, 790]
    s.apply(R.DRAW)
    play(s, R.meld_actions([R1, R2, B1]))
    s.apply(R.discard(Y1))  # 55 -> 815, the other 790 - 5 = 785
    assert s.is_over() and s.totals == [815, 785] and s.returns() == [1.0, 0.0]
    assert s.legal_actions() == []
    with pytest.raises(ValueError, match="over"):
        s.apply(R.DRAW)


def test_shared_win():
    s = table(hands=[[R1], [G1]])
    s.totals = [800, 800]
    s.current_player = R.OVER
    assert s.returns() == [0.5, 0.5]


def test_actions_roundtrip_and_text():
    for a in range(R.NUM_ACTIONS):
        kind, arg = R.decode(a)
        rebuilt = {"call": R.call, "name": R.name, "extend": R.extend, "select": R.select,
                   "discard": R.discard, "wonder": R.wonder, "pick": R.pick}.get(kind)
        assert (rebuilt(arg) if rebuilt else a) == a
    s = table()
    assert s.action_str(R.discard(0)) == "discard Red Stag (Winterwoods)"
    assert s.action_str(R.call(15)) == "call Goldmeadow"
    with pytest.raises(ValueError):
        R.decode(R.NUM_ACTIONS)


# -- invariants under random play ------------------------------------------------------------


def meld_points(cards_):
    """Points of a laid meld from its cards alone, written from GAMES.md, apart from the
    engine: n cards (a Legendary counts), Legendary = Wonder 64..67."""
    n = len(cards_)
    regs = [c for c in cards_ if c < 64]
    legs = sum(1 for c in cards_ if 64 <= c < 68)
    if not regs:
        return 70 if n == 3 else 100                       # Wonder Set
    if n == 2:
        return 10                                          # Mirror Pair
    colours = {c % 4 for c in regs}                        # colour = id % 4
    if len({c // 4 for c in regs}) == 1 and not legs:
        return 70 if n == 3 else 100                       # Location Group
    if len({cards.SYMBOL[c] for c in regs}) == 1:
        if legs and len(colours) >= 3:
            return 60 + 10 * (n - 4)                       # Rainbow with a Legendary
        if not legs and len(colours) == 4:
            return 80 + 10 * (n - 4)                       # Rainbow
        return 30 + 10 * (n - 3) + 10 * legs               # Symbol Run
    assert len(colours) == 1 and n >= 5, cards_
    return 55 + 10 * (n - 5) + 10 * legs                   # Colour Run


def test_meld_points_hand_worked():
    assert meld_points([R1, R2]) == 10
    assert meld_points([R1, B1, LEG[0]]) == 40
    assert meld_points([R1, B1, Y1, G1, R2]) == 90
    assert meld_points([R1, B1, Y1, LEG[0], G1]) == 70
    assert meld_points(loc_cards(3)) == 100
    assert meld_points([card(RED, s) for s in (STAG, MOON, SUN, WAVE)] + [LEG[2]]) == 65
    assert meld_points(list(GUIDE[:3])) == 70


def random_game(players, seed, **options):
    opts = {"players": players}
    opts.update(options)
    s = R.new_game(opts, seed)
    rng = Rng(seed * 31 + 7)
    steps = 0
    rounds_seen = 0
    while not s.is_over():
        legal = s.legal_actions()
        assert legal
        s.apply(legal[rng.randbelow(len(legal))])
        steps += 1
        assert where(s) == list(range(88)) or s.is_over()
        if len(s.round_results) > rounds_seen:
            rounds_seen = len(s.round_results)
            res = s.round_results[-1]
            for seat, p in enumerate(res["players"]):
                # A second, independent reckoning (GAMES.md section 1), not the rules' own.
                hand_pen = 0 if p["sheltered"] else sum(10 if c >= 64 else 5 for c in p["hand"])
                values = [meld_points(m) for m in p["melds"]]
                assert p["meld_values"] == values
                assert p["score"] == (sum(values) + 5 * len(p["wonders"])
                                      + (25 if p["out"] else 0) - hand_pen)
                prev = s.round_results[-2]["players"][seat]["total"] if rounds_seen > 1 else 0
                assert p["total"] == prev + p["score"]
        assert steps < 60000
    assert s.totals == [p["total"] for p in s.round_results[-1]["players"]]
    assert max(s.totals) >= s.target or s.round_number == R.MAX_ROUNDS
    return s


@pytest.mark.parametrize("players, options", [
    (2, {}), (3, {"quick": True}), (4, {}), (4, {"reshuffle": False, "quick": True}),
    (2, {"length": "shorter", "reshuffle": True}),
])
def test_random_play_keeps_every_card_and_ends(players, options):
    for seed in range(2):
        random_game(players, seed, **options)


def test_legal_actions_are_all_accepted_and_others_refused():
    s = R.new_game({"players": 3}, 5)
    rng = Rng(9)
    for _ in range(400):
        if s.is_over():
            break
        legal = set(s.legal_actions())
        for a in range(R.NUM_ACTIONS):
            assert (s.why_illegal(a) is None) == (a in legal), (a, s.action_str(a))
        s.apply(sorted(legal)[rng.randbelow(len(legal))])


def test_clone_and_sample_hidden_keep_public_facts():
    s = R.new_game({"players": 3}, 11)
    rng = Rng(3)
    for _ in range(40):
        s.apply(s.legal_actions()[rng.randbelow(len(s.legal_actions()))])
    c = s.clone()
    assert c.hands == s.hands and c.draw_pile == s.draw_pile and c.rng.getstate() == \
        s.rng.getstate()
    c.hands[0].append(99)
    assert 99 not in s.hands[0]
    seat = s.current_player
    w = s.sample_hidden(seat, Rng(4))
    assert w.hands[seat] == s.hands[seat] and w.discard == s.discard and w.melds == s.melds
    assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
    assert len(w.draw_pile) == len(s.draw_pile)
    assert where(w) == list(range(88))


def test_sample_hidden_keeps_cards_whose_hand_the_seat_knows():
    # Seat 1 takes Y1 from the discard pile (everyone sees it); seat 0 names location 10 with
    # its free call and receives seat 1's two cards of it (seat 1 saw what it handed over).
    # Every world seat 0 samples keeps Y1 in seat 1's hand; every world of seat 1 keeps the
    # two cards of location 10 in seat 0's hand; a card neither may place moves in some world.
    c6 = loc_cards(10)
    s = table(hands=[[c6[0], c6[1], R1, B2], [c6[2], c6[3], G1, card(RED, KEY)]],
              discard=[Y1], pile=[card(GREEN, KEY)], seat=1)
    s.apply(R.TAKE)
    s.apply(R.discard(G1))
    s.apply(R.DRAW)
    s.apply(R.call(10))
    assert sorted(s.hands[0]) == sorted([c6[0], c6[1], R1, B2, card(GREEN, KEY), c6[2], c6[3]])
    assert sorted(s.hands[1]) == sorted([Y1, card(RED, KEY)])
    moved0 = moved1 = 0
    for k in range(20):
        w = s.sample_hidden(0, Rng(k))
        assert Y1 in w.hands[1] and len(w.hands[1]) == 2 and where(w) == list(range(88))
        assert w.observation(0) == s.observation(0)
        moved0 += card(RED, KEY) not in w.hands[1]
        w = s.sample_hidden(1, Rng(k))
        assert c6[2] in w.hands[0] and c6[3] in w.hands[0] and where(w) == list(range(88))
        assert w.observation(1) == s.observation(1)
        moved1 += R1 not in w.hands[0]
    assert moved0 > 10 and moved1 > 10
    assert s.observation(0)["known_cards"] == [[], [Y1]]
    assert s.observation(1)["known_cards"] == [sorted([c6[2], c6[3]]), []]
    # once melded or discarded the card is public and no longer "known in a hand"
    s.apply(R.discard(R1))
    s.apply(R.DRAW)
    assert s.observation(0)["known_cards"] == [[], [Y1]]


def test_observation_holds_what_the_legal_choices_depend_on():
    # Two states that differ only in a fact the seat to move must know (cards already picked
    # in an Offering, whether this turn melded): different legal actions, so different
    # observations for that seat.
    s = table(hands=[[OFFER[0], R1, B1, Y1, card(RED, MOON)], [B2]],
              discard=[G1, card(GREEN, KEY), card(BLUE, KEY)], pile=[R2])
    s.apply(R.DRAW)
    play(s, [R.wonder(OFFER[0]), R.OFFER_TAKE])
    t = s.clone()
    t.chosen = [R1]                         # as if one pick were made (kept in the hand)
    assert s.legal_actions() != t.legal_actions()      # DONE only once something is picked
    assert s.observation(0) != t.observation(0)
    u = table(hands=[[R1, B1, Y1, loc_cards(2)[0], loc_cards(2)[1]], [B2]], pile=[G1])
    u.apply(R.DRAW)
    v = u.clone()
    v.melded_turn = True
    assert R.call(2) in u.legal_actions() and R.call(2) not in v.legal_actions()
    assert u.observation(0) != v.observation(0)
    w = u.clone()
    w.owed = 1
    assert u.observation(0) != w.observation(0)


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 4, "quick": True}])
def test_worlds_of_the_seat_to_move_agree_with_what_it_sees(options):
    # Along random games: every world the seat to move samples looks the same to it and
    # offers it exactly the same legal actions (they depend only on what it may see), and
    # every card is in one place.
    s = R.new_game(options, 17)
    rng = Rng(5)
    checked = 0
    for step in range(600):
        if s.is_over():
            break
        seat = s.current_player
        if step % 7 == 0:
            seen = s.observation(seat)
            legal = s.legal_actions()
            for k in range(2):
                w = s.sample_hidden(seat, Rng(step * 2 + k))
                assert w.observation(seat) == seen
                assert w.legal_actions() == legal
                assert where(w) == list(range(88))
                checked += 1
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
    assert checked > 100


def test_rules_modules_do_not_import_each_other():
    # Each module of the game's rules imports only those below it: cards <- melds, actions <-
    # rules_extra <- rules (rules.py loads rules_extra on demand; rules_extra never imports
    # rules). Read from the source, so a lazy import inside a function counts too.
    import re

    base = os.path.join(ROOT, "firmware", "games", "match_collect")
    names = ("cards", "actions", "melds", "rules_extra", "rounds", "rules", "ai")
    imports = {}
    for n in names:
        with open(os.path.join(base, n + ".py")) as f:
            src = f.read()
        found = re.findall(r"^\s*from games\.match_collect(?:\.(\w+))? import \(?\s*(\w+)", src,
                           re.M)
        imports[n] = {m or first for m, first in found} - {n}
    for a in names:
        for b in imports[a]:
            assert a not in imports.get(b, ()), (a, b)
    assert "rules" not in imports["rules_extra"] and "rules" not in imports["rounds"]
    assert imports["melds"] <= {"cards"} and imports["actions"] == set()


# -- MicroPython ------------------------------------------------------------------------------

MPY_RANDOM = """
from core.rng import Rng
from games.match_collect import rules as R
for players, opts in ((2, {}), (4, {"quick": True})):
    o = {"players": players}
    o.update(opts)
    s = R.new_game(o, 7)
    rng = Rng(8)
    n = 0
    while not s.is_over():
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
        n += 1
    print(players, s.round_number, s.totals == [p["total"] for p in s.round_results[-1]["players"]])
print(R.classify_meld([0, 32]), R.can_extend([1, [0, 5, 10]], [15]))
"""


def test_rules_under_micropython():
    out = run_mpy(MPY_RANDOM, heap="96wK", paths=[ROOT]).stdout.split("\n")
    assert out[0].split()[0] == "2" and out[0].split()[2] == "True"
    assert out[1].split()[0] == "4" and out[1].split()[2] == "True"
    assert out[2] == "%r %r" % (R.classify_meld([0, 32]), R.can_extend([1, [0, 5, 10]], [15]))
    # and independently: 0 and 32 are the two Red Stags (a Mirror Pair, 10); 0, 5, 10 are no
    # symbol run (Red Stag, Blue Moon, Yellow Wave), so nothing can be added to it
    assert out[2] == "(%d, 10) None" % R.M_PAIR
