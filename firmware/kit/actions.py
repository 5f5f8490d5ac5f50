# One action encoding for every game: an action is a small int, (kind << 8) | argument.
#
# `kind` names what is done (a game's own const()s: DRAW, TAKE, ...), `argument` which card,
# slot or choice (0..255). Small ints are never heap-allocated on MicroPython, so lists of
# legal actions cost one word each and compare with ==, as OpenSpiel's integer actions do.
#
# The pending-choice pattern: when resolving an action needs a decision (which pair first,
# which card to take, which colour to declare), the state sets `phase` to a pending phase and
# `choices` to the list of legal answers; `legal_actions()` then returns `choices` and the
# next `apply` must be one of them. `pending(state)` tells whether a choice is open.

from micropython import const

ARG_BITS = const(8)
ARG_MASK = const(0xFF)


def encode(kind, arg=0):
    """The action int of `kind` (0..127) with argument `arg` (0..255)."""
    if arg < 0 or arg > ARG_MASK:
        raise ValueError("action argument %r out of range 0..255" % (arg,))
    return (kind << ARG_BITS) | arg


def kind_of(action):
    return action >> ARG_BITS


def arg_of(action):
    return action & ARG_MASK


def pair(a, b):
    """Two 4-bit values (slots of a 4x4 grid, conveyor places...) as one argument."""
    return (a << 4) | b


def unpair(arg):
    return arg >> 4, arg & 15


def check_legal(state, action):
    """Raise ValueError naming the action unless it is among `state.legal_actions()`.

    Call it first in `apply`, before any change, so an illegal action changes nothing."""
    if state.current_player < 0:
        raise ValueError("the game is over")
    if action not in state.legal_actions():
        name = state.action_str(action) if hasattr(state, "action_str") else str(action)
        raise ValueError("illegal action %s (%d)" % (name, action))


def pending(state, phase_act=0):
    """True while the state waits for the answer to a pending choice (its `phase` is not the
    game's ordinary acting phase `phase_act`)."""
    return state.current_player >= 0 and state.phase != phase_act
