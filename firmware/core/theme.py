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


def rgb565(r, g, b):
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def _palette(hex_colors):
    return [rgb565((c >> 16) & 255, (c >> 8) & 255, c & 255) for c in hex_colors]


# 24-bit RGB sources, in index order BG, FG, DIM, PANEL, SEL, SEL_FG, ACCENT, EDGE,
# RED, BLUE, YELLOW, GREEN, CARD, INK, BACK, WARN.
_SOURCES = {
    "dark": (0x101820, 0xE8ECF0, 0x7A8794, 0x1E2A36, 0x2F6FB0, 0xFFFFFF, 0xF2B33D, 0x3C4B5A,
             0xE0453A, 0x3D7FE0, 0xF0C419, 0x3DB860, 0xF4F1E8, 0x1A1A1A, 0x5A3E9E, 0xFF6A4D),
    "light": (0xF2EFE6, 0x1C2026, 0x6B7078, 0xDDD8CB, 0x2F6FB0, 0xFFFFFF, 0xB5651D, 0xA8A290,
              0xC8281E, 0x1E5FC8, 0xC89B00, 0x228C46, 0xFFFFFF, 0x1A1A1A, 0x4A3590, 0xC0301A),
    "contrast": (0x000000, 0xFFFFFF, 0xC8C8C8, 0x202020, 0xFFFF00, 0x000000, 0x00FFFF, 0xFFFFFF,
                 0xFF3030, 0x4090FF, 0xFFFF00, 0x30FF30, 0xFFFFFF, 0x000000, 0x8040FF, 0xFF8000),
}
NAMES = ("dark", "light", "contrast")


def palette(name):
    """The 16 RGB565 values of theme `name` (unknown names give the dark theme)."""
    return _palette(_SOURCES.get(name, _SOURCES["dark"]))


def rgb888(name):
    """The 24-bit colours of a theme (for the simulator's screenshots and docs)."""
    return _SOURCES.get(name, _SOURCES["dark"])
