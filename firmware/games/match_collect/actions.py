"""Match & Collect: phases, pending choices and the action codec (see rules.py's docstring
for what each action does). Imports nothing of the game: rules.py, rules_extra.py, the AI and
the view import it.
"""

try:
    from micropython import const  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython without sim/stubs on the path

    def const(x):
        return x


# -- phases and pending choices ----------------------------------------------------------------
OVER = const(-2)
PH_DRAW = const(0)
PH_MAIN = const(1)
PH_CHOICE = const(2)
P_NONE = const(0)
P_MESSENGER = const(1)
P_GUIDE_KEEP = const(2)
P_GUIDE_ORDER = const(3)
P_SHELTER = const(4)
P_OFFERING = const(5)
P_OFFER_TAKE = const(6)
P_OFFER_RETURN = const(7)
P_OFFER_SWAP = const(8)

# -- actions ----------------------------------------------------------------------------------
DRAW = const(0)
TAKE = const(1)
MELD = const(2)
CANCEL = const(3)
SHELTER_HAND = const(4)
DONE = const(5)
OFFER_TAKE = const(6)
OFFER_SWAP = const(7)
_CALL = const(8)
_NAME = const(24)
_EXTEND = const(40)
MAX_MELDS = const(40)
_SELECT = const(80)
_DISCARD = const(168)
_WONDER = const(256)
_PICK = const(344)
NUM_ACTIONS = const(432)
_SIMPLE = ("draw", "take", "meld", "cancel", "shelter_hand", "done", "offer_take",
           "offer_swap")


def call(loc):
    return _CALL + loc


def name(loc):
    return _NAME + loc


def extend(i):
    return _EXTEND + i


def select(card):
    return _SELECT + card


def discard(card):
    return _DISCARD + card


def wonder(card):
    return _WONDER + card


def pick(card):
    return _PICK + card


def decode(action):
    """(kind, arg): kind is one of draw take meld cancel shelter_hand done offer_take
    offer_swap (arg -1), call name (arg location), extend (arg meld index), select discard
    wonder pick (arg card id). ValueError for an int outside the action range."""
    if action < 0 or action >= NUM_ACTIONS:
        raise ValueError("no action %r" % (action,))
    if action < _CALL:
        return _SIMPLE[action], -1
    if action < _NAME:
        return "call", action - _CALL
    if action < _EXTEND:
        return "name", action - _NAME
    if action < _SELECT:
        return "extend", action - _EXTEND
    if action < _DISCARD:
        return "select", action - _SELECT
    if action < _WONDER:
        return "discard", action - _DISCARD
    if action < _PICK:
        return "wonder", action - _WONDER
    return "pick", action - _PICK


def meld_actions(cards):
    """The actions that lay `cards` as a new meld."""
    return [select(c) for c in cards] + [MELD]


def extend_actions(index, cards):
    """The actions that add `cards` to the player's own meld number `index`."""
    return [select(c) for c in cards] + [extend(index)]
