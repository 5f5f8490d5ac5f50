"""Match & Collect: the parts of the rules that play does not need at every move, imported
the first time one is used (the State methods of the same names forward here): the reason an
action is illegal, the contract's observation / sample_hidden / clone, and action_str.

Kept apart so the Pico's heap does not hold their bytecode (and texts) during a game that never
asks for them; the behaviour is that of games.match_collect.rules (see its docstring).
"""

from core.rng import Rng
from games.match_collect.cards import COLOR, LOCATION, SYMBOL, WONDER
from games.match_collect.rules import (
    P_GUIDE_KEEP,
    P_GUIDE_ORDER,
    PH_CHOICE,
    PH_DRAW,
    REGULAR,
    State,
    decode,
)


def clone(state):
    s = State()
    for k in state.__dict__:
        v = state.__dict__[k]
        if isinstance(v, list):
            if k == "melds":
                v = [[[m[0], list(m[1])] for m in ms] for ms in v]
            elif v and isinstance(v[0], list):
                v = [list(x) for x in v]
            else:
                v = list(v)
        elif isinstance(v, dict):
            v = dict(v)
        s.__dict__[k] = v
    s.rng = Rng(1)
    s.rng.setstate(state.rng.getstate())
    return s


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
            return state._take_ok()
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
        return state._select_ok(arg)
    if kind == "meld" or kind == "extend":
        return state._commit_ok(action)
    if kind == "cancel":
        return None if state.selection else "nothing is selected"
    if state.selection:
        return "lay or cancel the selected cards first"
    if state.must_meld >= 0:
        return "Quick Rounds: meld the card taken from the discard pile first"
    if kind == "wonder":
        return state._wonder_ok(arg)
    if kind == "discard":
        if arg not in state.hands[seat]:
            return "that card is not in your hand"
        if arg in state.taken:
            return "a card taken from the discard pile cannot be discarded this turn"
        return None
    return "that action is not possible now"


def observation(state, seat):
    """What `seat` may see: its own hand, everything public, counts of hidden things."""
    own = state.current_player == seat
    return {
        "seat": seat,
        "hand": list(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
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
        "looked": list(state.looked) if own and state.pending in (P_GUIDE_KEEP,
                                                                P_GUIDE_ORDER) else [],
        "totals": list(state.totals),
        "round_number": state.round_number,
        "current_player": state.current_player,
        "phase": state.phase,
        "pending": state.pending,
        "selection": list(state.selection) if own else [],
        "taken": list(state.taken),
        "must_meld": state.must_meld,
        "reshuffles": state.reshuffles,
        "ending": state.ending,
    }

def sample_hidden(state, seat, rng):
    """A copy where every card `seat` cannot see (other hands, the draw pile below what a
    Guide showed it, cards another player's Guide is looking at) is dealt again at random,
    sizes kept, and the state's own generator is replaced by one from `rng`."""
    world = state.clone()
    known = state.guide_known if state.guide_seat == seat else 0
    pile = world.draw_pile
    keep_top = pile[len(pile) - known:] if known else []
    pool = pile[:len(pile) - known]
    for other in range(state.num_players):
        if other != seat:
            pool.extend(world.hands[other])
    own_guide = state.current_player == seat
    if not own_guide:
        pool.extend(world.looked)
    pool.sort()  # the pool's order must not leak where the cards really are
    rng.shuffle(pool)
    k = 0
    for other in range(state.num_players):
        if other != seat:
            n = len(world.hands[other])
            world.hands[other] = pool[k:k + n]
            k += n
    if not own_guide:
        n = len(world.looked)
        world.looked = pool[k:k + n]
        k += n
    world.draw_pile = pool[k:] + keep_top
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
