"""Palettes: the 16 colours of the canvas and what each index means.

Widgets draw with these index names, never with raw colours, so a theme is just a different
list of 16 RGB565 values. Card colours (RED..GREEN) keep their hue in every theme because the
games depend on them; only their brightness is tuned for the background.
"""

from micropython import const

BG = const(0)          # screen background
FG = const(1)          # main text
DIM = const(2)         # secondary text, disabled items
PANEL = const(3)       # panels, list rows, table stripes
SEL = const(4)         # selection background
SEL_FG = const(5)      # text on the selection
ACCENT = const(6)      # titles, highlights
EDGE = const(7)        # borders, separators
RED = const(8)
BLUE = const(9)
YELLOW = const(10)
GREEN = const(11)
CARD = const(12)       # card face
INK = const(13)        # ink on card faces
BACK = const(14)       # card backs
WARN = const(15)       # errors and warnings


NAMES = ("dark", "light", "contrast")


def palette(name):
    """The 16 RGB565 values of theme `name` (unknown names give the dark theme).

    The colour tables live in core.palettes, loaded for the moment it takes to build the
    list: a theme is applied at start-up and from Settings only, and the heap is tight."""
    from core import modules, palettes

    colors = palettes.palette(name)
    modules.drop("core.palettes")
    return colors


def rgb888(name):
    """The 24-bit colours of a theme (for the simulator's screenshots and docs)."""
    from core import modules, palettes

    colors = palettes.rgb888(name)
    modules.drop("core.palettes")
    return colors
