# The 64 regular cards of the Match & Collect ("mirrorquest") deck, as arithmetic.
#
# GAMES.md section 1: 4 colours x 8 symbols x 2 copies, grouped in 16 locations of 4 cards.
# Location L (0..15) holds one card of each colour c (0..3) with symbol
#     (L + c) mod 8        when L < 8
#     (L + 3c) mod 8       when L >= 8
# so every (colour, symbol) pair occurs in exactly two locations (one below 8, one from 8 up).
# A regular card id is L * 4 + c (0..63): location and colour come straight out of the id,
# and no table is needed on the Pico. The 24 Wonders are not here (Memory does not use them).

from micropython import const

COLORS = const(4)
SYMBOLS = const(8)
LOCATIONS = const(16)
REGULAR = const(64)

COLOR_NAMES = ("Red", "Blue", "Yellow", "Green")
SYMBOL_NAMES = ("Stag", "Mountain", "Moon", "Sun", "Wave", "Tree", "Crown", "Key")
LOCATION_NAMES = ("Winterwoods", "Sunspire", "Moonmere", "Stormpeak", "Emberfall", "Mistvale",
                  "Thornkeep", "Glasslake", "Duskmarsh", "Brightharbor", "Ironhollow",
                  "Starfield", "Ashgrove", "Coralreach", "Frostgate", "Goldmeadow")
# Icon base names (firmware/gen/icons.bin: sym_<name>_12 / _16), in symbol order.
SYMBOL_ICONS = ("sym_stag", "sym_mountain", "sym_moon", "sym_sun", "sym_wave", "sym_tree",
                "sym_crown", "sym_key")


def card_id(location, color):
    return location * 4 + color


def location_of(card):
    return card >> 2


def color_of(card):
    return card & 3


def symbol_of(card):
    loc = card >> 2
    c = card & 3
    if loc < 8:
        return (loc + c) & 7
    return (loc + 3 * c) & 7


def location_cards(location):
    """The four card ids of a location, in colour order."""
    base = location * 4
    return (base, base + 1, base + 2, base + 3)
