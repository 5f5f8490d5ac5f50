# Cauldron: the cards and the board, as numbers. Runs on CPython and MicroPython.
#
# Cards (assets/decks/cauldron.csv, compiled into cards.py): ids 0-71 are ingredients, kind
# k = id >> 2 (0-17), value (id & 3) + 1, colour k >> 1 (0-3 the player colours Yellow, Green,
# Red, Blue; 4-8 Orange, Purple, Pink, Brown, White); 72-73 Immuto (value 0); 74-75 Accio,
# 76-77 Declinatio, 78-81 Vanesco, 82-83 Perluceo; 84-87 the corner cards; 88-92 Recipe A (one
# per non-player colour, 4-8 in order); 93-97 Recipe B (the goals B_* below, in order).
#
# The board: a 6x6 square, cell g = row * 6 + col; the corner cells 0, 5, 35, 30 hold the
# corner cards. Pawns move clockwise over 20 places around it: place 0 is the top-left corner,
# 1-4 face columns 1-4 from above, 5 the top-right corner, 6-9 face rows 1-4 from the right,
# 10 the bottom-right corner, 11-14 face columns 4-1 from below, 15 the bottom-left corner,
# 16-19 face rows 4-1 from the left. A line is one of the 8 rows/columns 1-4 (lines 0-3 are
# columns 1-4, lines 4-7 rows 1-4), 6 cells each, listed top to bottom or left to right; two
# places face each line (one on each side).

from micropython import const

COUNT = const(98)
EMPTY = const(255)
N_ING = const(72)
N_KINDS = const(18)
IMMUTO = const(72)        # 72, 73
ACCIO = const(74)         # 74, 75
DECLINATIO = const(76)    # 76, 77
VANESCO = const(78)       # 78-81
PERLUCEO = const(82)      # 82, 83
CORNER = const(84)        # 84-87
RECIPE_A = const(88)      # 88-92
RECIPE_B = const(93)      # 93-97
PLACES = const(20)
CELLS = const(36)
LINES = const(8)

# Spell types
S_ACCIO = const(0)
S_DECL = const(1)
S_VANESCO = const(2)
S_PERLUCEO = const(3)

# Recipe B goals (card 93 + goal)
B_FEWEST_ING = const(0)
B_FEWEST_FOURS = const(1)
B_FEWEST_SPELLS = const(2)
B_MOST_ONES = const(3)
B_LAST_CARD = const(4)
B_GOALS = ("fewest_ingredients", "fewest_fours", "fewest_spells", "most_ones", "last_card")

COLOURS = ("Yellow", "Green", "Red", "Blue", "Orange", "Purple", "Pink", "Brown", "White")
SPELLS = ("Accio", "Declinatio", "Vanesco", "Perluceo")
CORNER_CELLS = (0, 5, 35, 30)


def is_ingredient(card):
    return card < N_ING


def is_immuto(card):
    return card == 72 or card == 73


def in_cauldron(card):
    """Ingredients and Immuto go into the cauldron; spells go beside it."""
    return card < 74


def is_spell(card):
    return 74 <= card < 84


def kind(card):
    return card >> 2


def value(card):
    """The move value of a cauldron card: 1-4 for an ingredient, 0 for an Immuto."""
    return (card & 3) + 1 if card < N_ING else 0


def colour(card):
    return card >> 3


def spell_type(card):
    if card < 76:
        return S_ACCIO
    if card < 78:
        return S_DECL
    if card < 82:
        return S_VANESCO
    return S_PERLUCEO


def is_instant(card):
    """Vanesco and Perluceo: act at once when taken (Accio and Declinatio may not take them)."""
    return 78 <= card < 84


def start_uses(card):
    t = spell_type(card)
    return 2 if t == S_ACCIO else (3 if t == S_DECL else 0)


def colour_index(c):
    """A colour given by name ("Blue") or index (3) -> its index."""
    if isinstance(c, str):
        return COLOURS.index(c)
    return c


def _line_cells():
    out = []
    for line in range(LINES):
        if line < 4:
            col = line + 1
            out.append(tuple([r * 6 + col for r in range(6)]))
        else:
            row = line - 3
            out.append(tuple([row * 6 + c for c in range(6)]))
    return tuple(out)


def _place_lines():
    out = []
    for p in range(PLACES):
        if p % 5 == 0:
            out.append(-1)
        elif p < 5:
            out.append(p - 1)
        elif p < 10:
            out.append(4 + p - 6)
        elif p < 15:
            out.append(3 - (p - 11))
        else:
            out.append(7 - (p - 16))
    return tuple(out)


LINE_CELLS = _line_cells()
PLACE_LINE = _place_lines()   # the line a place faces, -1 at a corner


def is_corner_place(p):
    return p % 5 == 0


def line_of_cell(g):
    """The lines through a cell (one or two), as a tuple."""
    r = g // 6
    c = g % 6
    out = []
    if 1 <= c <= 4:
        out.append(c - 1)
    if 1 <= r <= 4:
        out.append(3 + r)
    return tuple(out)


def line_str(line):
    return ("col %d" % (line + 1)) if line < 4 else ("row %d" % (line - 3))


def card_str(card):
    if card == EMPTY:
        return "-"
    if card < N_ING:
        return "%s%d" % (("Y", "G", "R", "B", "O", "P", "K", "N", "W")[card >> 3] +
                         "ab"[(card >> 2) & 1], (card & 3) + 1)
    if card < 74:
        return "Imm"
    if card < 84:
        return SPELLS[spell_type(card)][:3]
    if card < 88:
        return "Cor"
    if card < 93:
        return "RA-" + COLOURS[4 + card - 88]
    return "RB-" + B_GOALS[card - 93]
