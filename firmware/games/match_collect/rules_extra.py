"""Match & Collect: the parts of the rules that play does not need at every move, imported
the first time one is used (the State methods of the same names forward here): the reason an
action is illegal, the contract's observation / sample_hidden / clone, and action_str.

It imports the state's pieces (actions, melds, cards), never rules.py itself: rules.py
imports this module when one of these is first used, so the two do not import each other.

Kept apart so the Pico's heap does not hold their bytecode (and texts) during a game that never
asks for them; the behaviour is that of games.match_collect.rules (see its docstring).
"""

from core.rng import Rng
from games.match_collect.actions import (
    P_GUIDE_KEEP,
    P_GUIDE_ORDER,
    PH_CHOICE,
    PH_DRAW,
    decode,
)
from games.match_collect.cards import COLOR, LOCATION, SYMBOL, WONDER
from games.match_collect.melds import REGULAR


def clone(state):
    s = state.__class__()
    for k in state.__dict__:
        v = state.__dict__[k]
        if isinstance(v, bytearray):
            v = bytearray(v)
        elif isinstance(v, list):
            if k == "melds":
                v = [[[m[0], list(m[1])] for m in ms] for ms in v]
            elif v and isinstance(v[0], list):
                v = [list(x) for x in v]
            else:
                v = list(v)
        elif isinstance(v, dict):
            v = dict(v)
        setattr(s, k, v)   # MicroPython: an instance's __dict__ takes no new keys
    s.rng = Rng(1)
    s.rng.setstate(state.rng.getstate())
    return s


# The reason keys of rules.State's _*_ok checks, worded.
REASONS = {
    "no discard": "the discard pile is empty",
    "empty hand": "with no cards in hand you must draw from the draw pile",
    "quick take": "Quick Rounds: the discard can be taken only to meld it this turn",
    "wondered": "melds come before the turn's Wonder",
    "not held": "that card is not in your hand",
    "keep one": "you must keep one card to discard",
    "no meld": "those cards cannot make a meld together",
    "no select": "select the cards of the meld first",
    "bad meld": "those cards are not a valid meld",
    "no meld #": "you have no meld number %d",
    "no extend": "those cards cannot be added to that meld",
    "quick meld": "Quick Rounds: after this meld the card taken from the discard could not be "
                  "melded any more",
    "one wonder": "only one Wonder a turn",
    "not wonder": "that card is not a Wonder",
    "legendary": "a Legendary is used inside a meld, not played",
    "no guide": "the Guide needs a draw pile",
    "sheltered": "your hand is already sheltered and the discard pile is empty",
}


def _worded(key, action=None):
    """The sentence of a check's reason key (None stays None: allowed)."""
    if key is None:
        return None
    if key == "no meld #":
        return REASONS[key] % (decode(action)[1] + 1)
    return REASONS[key]


def why_illegal(state, action):
    """None if `action` is legal now, else the reason (a short English sentence)."""
    if state.current_player < 0:
        return "the game is over"
    try:
        kind, arg = decode(action)
    except (ValueError, TypeError):
        return "unknown action %r" % (action,)
    if state.phase == PH_CHOICE:
        if action in state._choice_actions():
            return None
        return "finish the Wonder's choice first"
    if state.phase == PH_DRAW:
        if kind == "draw":
            return None if state.draw_pile else "the draw pile is empty"
        if kind == "take":
            return _worded(state._take_ok())
        return "draw first: take the top of the draw pile or of the discard pile"
    seat = state.current_player
    if kind in ("draw", "take"):
        return "you have already drawn this turn"
    if kind == "call":
        if state.call_used[seat]:
            return "the free call is used for this round"
        if state.melded_turn or state.wonder_turn or state.selection:
            return "the call comes before melds and Wonders"
        if state.location_count(seat, arg) < 2:
            return "a call needs two cards of that location in hand"
        return None
    if kind == "select":
        if arg in state.selection:
            return "that card is already selected"
        return _worded(state._select_ok(arg))
    if kind == "meld" or kind == "extend":
        return _worded(state._commit_ok(action), action)
    if kind == "cancel":
        return None if state.selection else "nothing is selected"
    if state.selection:
        return "lay or cancel the selected cards first"
    if state.must_meld >= 0:
        return "Quick Rounds: meld the card taken from the discard pile first"
    if kind == "wonder":
        return _worded(state._wonder_ok(arg))
    if kind == "discard":
        if arg not in state.hands[seat]:
            return "that card is not in your hand"
        if arg in state.taken:
            return "a card taken from the discard pile cannot be discarded this turn"
        return None
    return "that action is not possible now"


def observation(state, seat):
    """What `seat` may see: its own hand, everything public, counts of hidden things, the
    cards of other hands it knows (taken from the discard pile, handed over), and every fact
    the legal choices of the seat to move depend on (its selection, the cards picked in a
    pending choice, what is owed, what this turn already did, the variant)."""
    own = state.current_player == seat
    bit = 1 << seat
    known = []
    for other in range(state.num_players):
        if other == seat:
            known.append([])
        else:
            known.append(sorted([c for c in state.hands[other] if state.known[c] & bit]))
    private = state.pending in (P_GUIDE_KEEP, P_GUIDE_ORDER)
    return {
        "seat": seat,
        "hand": list(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "known_cards": known,
        "melds": [[[m[0], list(m[1])] for m in ms] for ms in state.melds],
        "played": [list(p) for p in state.played],
        "sheltered": list(state.sheltered),
        "call_used": list(state.call_used),
        "calls": list(state.calls),
        "picked_up": [list(p) for p in state.picked_up],
        "discard": list(state.discard),
        "draw_count": len(state.draw_pile),
        "known_top": (state.draw_pile[len(state.draw_pile) - state.guide_known:]
                      if state.guide_seat == seat and state.guide_known else []),
        "looked": list(state.looked) if own and private else [],
        "looked_count": len(state.looked),
        "totals": list(state.totals),
        "target": state.target,
        "quick": state.quick,
        "reshuffle": state.reshuffle,
        "round_number": state.round_number,
        "starter": state.starter,
        "current_player": state.current_player,
        "phase": state.phase,
        "pending": state.pending,
        "selection": list(state.selection) if own else [],
        "selection_size": len(state.selection),
        "chosen": list(state.chosen) if own or not private else [],
        "chosen_count": len(state.chosen),
        "owed": state.owed,
        "taken": list(state.taken),
        "must_meld": state.must_meld,
        "melded_turn": state.melded_turn,
        "wonder_turn": state.wonder_turn,
        "reshuffles": state.reshuffles,
        "ending": state.ending,
        "turns": state.turns,
    }


def sample_hidden(state, seat, rng):
    """A copy where every card `seat` cannot place is dealt again at random over the places
    such cards occupy (other hands, the draw pile below what a Guide showed it, cards another
    player's Guide is looking at), sizes kept; cards it knows the hand of (taken from the
    discard pile, handed over: `known`) stay where they are, and what other seats know stays
    with the place in the hand. The state's own generator is replaced by one from `rng`."""
    world = state.clone()
    bit = 1 << seat
    known = state.guide_known if state.guide_seat == seat else 0
    pile = world.draw_pile
    keep_top = pile[len(pile) - known:] if known else []
    pool = pile[:len(pile) - known]
    slots = []  # (hand, index, knowledge bits of other seats at that place)
    for other in range(state.num_players):
        if other != seat:
            h = world.hands[other]
            for i in range(len(h)):
                c = h[i]
                if not state.known[c] & bit:
                    slots.append((other, i, state.known[c]))
                    pool.append(c)
    own_guide = state.current_player == seat
    if not own_guide:
        pool.extend(world.looked)
    pool.sort()  # the pool's order must not leak where the cards really are
    rng.shuffle(pool)
    k = 0
    for other, i, bits in slots:
        c = pool[k]
        world.hands[other][i] = c
        world.known[c] = bits
        k += 1
    if not own_guide:
        n = len(world.looked)
        world.looked = pool[k:k + n]
        k += n
    rest = pool[k:]
    for c in rest:
        world.known[c] = 0
    world.draw_pile = rest + keep_top
    world.rng = rng.fork()
    return world

def action_str(state, action):
    kind, arg = decode(action)
    if kind in ("select", "discard", "wonder", "pick"):
        return "%s %s" % (kind, card_str(arg))
    if kind in ("call", "name"):
        from games.match_collect.cards import LOCATION_NAMES

        return "%s %s" % (kind, LOCATION_NAMES[arg])
    if kind == "extend":
        return "extend meld %d" % (arg + 1)
    return kind



def card_str(card):
    from games.match_collect.cards import COLOR_NAMES, LOCATION_NAMES, SYMBOL_NAMES, WONDER_NAMES

    if card >= REGULAR:
        return WONDER_NAMES[WONDER[card]]
    return "%s %s (%s)" % (COLOR_NAMES[COLOR[card]], SYMBOL_NAMES[SYMBOL[card]],
                           LOCATION_NAMES[LOCATION[card]])
