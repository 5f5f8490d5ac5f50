"""The themes' colour tables (see core.theme for what each index means).

Loaded only while a theme is applied, then dropped (core.theme.palette).
"""


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


def palette(name):
    """The 16 RGB565 values of theme `name` (unknown names give the dark theme)."""
    return _palette(_SOURCES.get(name, _SOURCES["dark"]))


def rgb888(name):
    """The 24-bit colours of a theme (for the simulator's screenshots and docs)."""
    return _SOURCES.get(name, _SOURCES["dark"])
