"""Match & Collect: card facts and meld arithmetic (GAMES.md section 1, "Meld values"): which
cards make a meld, what it is worth, what may be added to it. Pure functions of card ids;
imports only the deck table (rules.py re-exports every name).
"""

from games.match_collect.cards import COLOR, LOCATION, SYMBOL, WONDER

try:
    from micropython import const  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython without sim/stubs on the path

    def const(x):
        return x


# -- cards ------------------------------------------------------------------------------------
NONE = const(255)
REGULAR = const(64)
W_LEGENDARY = const(0)
W_MESSENGER = const(1)
W_GUIDE = const(2)
W_PORTAL = const(3)
W_SHELTER = const(4)
W_OFFERING = const(5)
NUM_LOCATIONS = const(16)
# The deal's hand size and the target score by players, the length option's change to the
# target and the game's length in rounds (rules.py's; here so that rounds.py, which deals, ends
# rounds and starts a game, needs not import rules.py).
HAND_SIZE = (0, 0, 12, 10, 10)
TARGET = (0, 0, 800, 700, 700)
LENGTH_DELTA = {"standard": 0, "shorter": -200, "longer": 200}
MAX_ROUNDS = const(30)

# -- melds ------------------------------------------------------------------------------------
M_PAIR = const(0)
M_SYMBOL = const(1)
M_COLOUR = const(2)
M_RAINBOW = const(3)
M_LOCATION = const(4)
M_WONDERS = const(5)
MELD_NAMES = ("Mirror Pair", "Symbol Run", "Colour Run", "Rainbow", "Location Group",
              "Wonder Set")

def colour_of(card):
    return COLOR[card]


def symbol_of(card):
    return SYMBOL[card]


def location_of(card):
    return LOCATION[card]


def wonder_of(card):
    """Wonder type of a card, -1 for a regular card."""
    w = WONDER[card]
    return -1 if w == NONE else w


def is_wonder(card):
    return card >= REGULAR


def is_legendary(card):
    return WONDER[card] == W_LEGENDARY


# -- meld arithmetic ---------------------------------------------------------------------------


def _colour_count(cards):
    mask = 0
    for c in cards:
        if c < REGULAR:
            mask |= 1 << COLOR[c]
    return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1)


def _legends(cards):
    n = 0
    for c in cards:
        if WONDER[c] == W_LEGENDARY:
            n += 1
    return n


def _symbol_meld(cards):
    """(mtype, value) of a same-symbol meld (valid shape assumed)."""
    n = len(cards)
    colours = _colour_count(cards)
    if _legends(cards):
        if colours >= 3:
            return M_RAINBOW, 60 + 10 * (n - 4)
        return M_SYMBOL, 30 + 10 * (n - 3) + 10
    if colours == 4:
        return M_RAINBOW, 80 + 10 * (n - 4)
    return M_SYMBOL, 30 + 10 * (n - 3)


def rainbow_base(meld):
    """80 for a natural Rainbow, 60 for one that holds a Legendary (0 if not a Rainbow)."""
    if meld[0] != M_RAINBOW:
        return 0
    return 60 if _legends(meld[1]) else 80


def meld_value(meld):
    """Points of a laid meld [mtype, cards]."""
    mtype = meld[0]
    cards = meld[1]
    n = len(cards)
    if mtype == M_PAIR:
        return 10
    if mtype == M_SYMBOL or mtype == M_RAINBOW:
        return _symbol_meld(cards)[1]
    if mtype == M_COLOUR:
        return 55 + 10 * (n - 5) + (10 if _legends(cards) else 0)
    return 70 if n == 3 else 100  # Location Group, Wonder Set


def _same(cards, table):
    """The common table value of the regular cards, NONE if none, -1 if they differ."""
    v = NONE
    for c in cards:
        if c < REGULAR:
            if v == NONE:
                v = table[c]
            elif table[c] != v:
                return -1
    return v


def _shape(cards):
    """(regulars, legendaries, other wonders, common wonder type or -1)."""
    regs = 0
    legs = 0
    others = 0
    wtype = NONE
    for c in cards:
        if c < REGULAR:
            regs += 1
        else:
            w = WONDER[c]
            if w == W_LEGENDARY:
                legs += 1
            else:
                others += 1
            if wtype == NONE:
                wtype = w
            elif wtype != w:
                wtype = -1
    return regs, legs, others, wtype


def _distinct(cards):
    for i in range(len(cards)):
        for j in range(i):
            if cards[i] == cards[j]:
                return False
    return True


def classify_meld(cards):
    """(mtype, value) if `cards` (ids) form a valid new meld, else None."""
    n = len(cards)
    if n < 2 or not _distinct(cards):
        return None
    regs, legs, others, wtype = _shape(cards)
    if regs == 0:
        if wtype >= 0 and 3 <= n <= 4:
            return M_WONDERS, 70 if n == 3 else 100
        return None
    if others or legs > 1:
        return None
    if n == 2:
        if legs == 0 and COLOR[cards[0]] == COLOR[cards[1]] and \
                SYMBOL[cards[0]] == SYMBOL[cards[1]]:
            return M_PAIR, 10
        return None
    if legs == 0 and n <= 4 and _same(cards, LOCATION) >= 0:
        return M_LOCATION, 70 if n == 3 else 100
    if _same(cards, SYMBOL) >= 0:
        if legs and _colour_count(cards) == 4:
            return None  # a Legendary enters a Rainbow only as its missing colour
        return _symbol_meld(cards)
    if n >= 5 and _same(cards, COLOR) >= 0:
        return M_COLOUR, 55 + 10 * (n - 5) + (10 if legs else 0)
    return None


def can_extend(meld, cards):
    """(mtype, value) of own meld `meld` after adding `cards`, or None if not allowed."""
    if not cards or not _distinct(cards):
        return None
    mtype = meld[0]
    old = meld[1]
    if mtype == M_PAIR:
        return None
    allc = old + list(cards)
    n = len(allc)
    regs, legs, others, wtype = _shape(allc)
    if mtype == M_WONDERS:
        if regs or wtype < 0 or n > 4:
            return None
        return M_WONDERS, 100 if n == 4 else 70
    if others or legs > 1:
        return None
    if mtype == M_LOCATION:
        if legs or n > 4 or _same(allc, LOCATION) < 0:
            return None
        return M_LOCATION, 100 if n == 4 else 70
    if mtype == M_COLOUR:
        if _same(allc, COLOR) < 0:
            return None
        return M_COLOUR, 55 + 10 * (n - 5) + (10 if legs else 0)
    if _same(allc, SYMBOL) < 0:
        return None
    if legs and not _legends(old) and _colour_count(allc) == 4:
        return None  # the Legendary would not stand for a missing colour
    return _symbol_meld(allc)


def could_grow(cards):
    """True if `cards` may be the start of a valid new meld (ignores what the hand holds)."""
    regs, legs, others, wtype = _shape(cards)
    n = len(cards)
    if regs == 0:
        return wtype >= 0 and n <= 4
    if others or legs > 1:
        return False
    if legs == 0 and n <= 2 and COLOR[cards[0]] == COLOR[cards[-1]] and \
            SYMBOL[cards[0]] == SYMBOL[cards[-1]]:
        return True
    if legs == 0 and n <= 4 and _same(cards, LOCATION) >= 0:
        return True
    if _same(cards, SYMBOL) >= 0 and not (legs and _colour_count(cards) == 4):
        return True
    return _same(cards, COLOR) >= 0


HAND_CARD_PENALTY = const(5)
HAND_WONDER_PENALTY = const(10)


def hand_penalty(hand):
    """End-of-round penalty of a hand (positive): 5 a card, 10 a Wonder."""
    p = 0
    for c in hand:
        p += HAND_WONDER_PENALTY if c >= REGULAR else HAND_CARD_PENALTY
    return p


def meldable_with(t, hand, melds):
    """True if card `t` (not in `hand`) can be melded with cards of `hand` (ids) or added to
    one of `melds` (the player's own), one card of the hand staying for the discard. Quick
    Rounds: the check before taking the discard top, and again before each meld of that turn
    that leaves the taken card out (so that it can still be melded)."""
    spare = len(hand)  # hand cards that may go into the meld with t (one must stay)
    if spare < 1:
        return False
    for m in melds:
        if can_extend(m, [t]) is not None:
            return True
    if t >= REGULAR:
        w = WONDER[t]
        same = 0
        for c in hand:
            if c >= REGULAR and WONDER[c] == w:
                same += 1
        if same >= 2 and spare >= 3:
            return True
        if w != W_LEGENDARY:
            return False
        counts = bytearray(12)
        for c in hand:
            if c < REGULAR:
                counts[SYMBOL[c]] += 1
                counts[8 + COLOR[c]] += 1
        for s in range(8):
            if counts[s] >= 2 and spare >= 3:
                return True
        for k in range(4):
            if counts[8 + k] >= 4 and spare >= 5:
                return True
        return False
    sym = 0
    col = 0
    loc = 0
    legs = 0
    for c in hand:
        if c < REGULAR:
            if SYMBOL[c] == SYMBOL[t]:
                sym += 1
                if COLOR[c] == COLOR[t] and spare >= 2:
                    return True  # Mirror Pair
            if COLOR[c] == COLOR[t]:
                col += 1
            if LOCATION[c] == LOCATION[t]:
                loc += 1
        elif WONDER[c] == W_LEGENDARY:
            legs = 1
    if sym + legs >= 2 and spare >= 3:  # two cards with it (or one and a Legendary)
        return True
    if loc >= 2 and spare >= 3:
        return True
    if col + legs >= 4 and spare >= 5:
        return True
    return False
