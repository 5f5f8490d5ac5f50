"""The themes' colour tables (see core.theme for what each index means).

Loaded only while a theme is applied, then dropped (core.theme.palette).
"""


def rgb565(r, g, b):
    return ((r & 0xF8) << 8) | ((g & 0xFC) << 3) | (b >> 3)


def _palette(hex_colors):
    return [rgb565((c >> 16) & 255, (c >> 8) & 255, c & 255) for c in hex_colors]


# 24-bit RGB sources, in index order BG, FG, DIM, PANEL, SEL, SEL_FG, ACCENT, EDGE,
# RED, BLUE, YELLOW, GREEN, CARD, INK, BACK, WARN.
# The card colours (RED..GREEN) are what card corners, symbols and suits are drawn in, on the
# card face (CARD): each is as bright as it can be while its text stays readable there (a
# contrast ratio of 4.5 or more, WCAG's for small text) and it still shows on the background
# (3 or more); DIM on a card face (a card not playable now) keeps 3. tests/test_screens.py
# computes the ratios for every theme.
_SOURCES = {
    "dark": (0x101820, 0xE8ECF0, 0x7A8794, 0x1E2A36, 0x2F6FB0, 0xFFFFFF, 0xF2B33D, 0x3C4B5A,
             0xC73D33, 0x356FC5, 0x846B0D, 0x2A7E42, 0xF4F1E8, 0x1A1A1A, 0x5A3E9E, 0xFF6A4D),
    "light": (0xF2EFE6, 0x1C2026, 0x6B7078, 0xDDD8CB, 0x2F6FB0, 0xFFFFFF, 0xB5651D, 0xA8A290,
              0xC8281E, 0x1E5FC8, 0x906F00, 0x208743, 0xFFFFFF, 0x1A1A1A, 0x4A3590, 0xC0301A),
    "contrast": (0x000000, 0xFFFFFF, 0x929292, 0x202020, 0xFFFF00, 0x000000, 0x00FFFF, 0xFFFFFF,
                 0xDD2929, 0x3373CC, 0x777700, 0x198719, 0xFFFFFF, 0x000000, 0x8040FF, 0xFF8000),
}


def palette(name):
    """The 16 RGB565 values of theme `name` (unknown names give the dark theme)."""
    return _palette(_SOURCES.get(name, _SOURCES["dark"]))


def rgb888(name):
    """The 24-bit colours of a theme (for the simulator's screenshots and docs)."""
    return _SOURCES.get(name, _SOURCES["dark"])
