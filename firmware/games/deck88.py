# The 64 regular cards of the Match & Collect ("mirrorquest") deck, for Memory.
#
# The deck is data: assets/decks/mirrorquest.csv, compiled by `python -m tools.decks` into
# games.match_collect.cards (one byte per card id and column), the table Match & Collect
# reads too. This module only names what Memory needs of it. GAMES.md section 1: 4 colours
# x 8 symbols x 2 copies in 16 locations of 4 cards; a regular card id is location * 4 +
# colour (0..63: the CSV's layout, checked by tests/test_decks.py), so Memory takes colour
# and location straight from the id. The 24 Wonders (ids 64..87) are not Memory's.

from games.match_collect.cards import (
    COLOR,
    COLOR_NAMES,
    LOCATION,
    LOCATION_NAMES,
    SYMBOL,
    SYMBOL_NAMES,
)

COLORS = len(COLOR_NAMES)
SYMBOLS = len(SYMBOL_NAMES)
LOCATIONS = len(LOCATION_NAMES)
REGULAR = LOCATIONS * COLORS
# Icon base names (firmware/gen/icons.bin: sym_<name>_12 / _16), in symbol order
# ("sym_" + the symbol's name in lower case: tests/test_decks.py checks it).
SYMBOL_ICONS = ("sym_stag", "sym_mountain", "sym_moon", "sym_sun", "sym_wave", "sym_tree",
                "sym_crown", "sym_key")


def card_id(location, color):
    return location * 4 + color


def location_of(card):
    return LOCATION[card]


def color_of(card):
    return COLOR[card]


def symbol_of(card):
    return SYMBOL[card]


def location_cards(location):
    """The four card ids of a location, in colour order."""
    base = location * 4
    return (base, base + 1, base + 2, base + 3)
