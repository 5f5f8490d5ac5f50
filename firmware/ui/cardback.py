"""A face-down card, and the borders every card drawing shares (ui.cards builds on them).

Split from ui.cards so that a game showing only backs (Memory's grid, Manufactory's deck) loads
this small module and not the faces, slots and HandRow. The highlight flags are here too (ui.cards
re-exports them): CURSOR (thick border in SEL), PICKED (multi-selected: border in ACCENT),
DIMMED (corner and icons in DIM).
"""

from micropython import const

from core import native, theme

CURSOR = const(1)
PICKED = const(2)
DIMMED = const(4)

# The back's frame and lattice as native code (viper, ui/cards_viper.py: its doc says what it
# does), loaded by core.native on MicroPython; CPython or a port without viper draws the same
# pixels with the plain path of draw_back.
_back = None
_P = None
_native = native.load("ui.cards_viper")
if _native is not None:
    import array

    _back = _native["back"]
    _P = array.array("i", bytes(40))
del _native


def outline(fb, x, y, w, h, color):
    """Canvas.round_rect(..., fill=False) on the FrameBuffer, unmarked."""
    fb.hline(x + 2, y, w - 4, color)
    fb.hline(x + 2, y + h - 1, w - 4, color)
    fb.vline(x, y + 2, h - 4, color)
    fb.vline(x + w - 1, y + 2, h - 4, color)
    fb.pixel(x + 1, y + 1, color)
    fb.pixel(x + w - 2, y + 1, color)
    fb.pixel(x + 1, y + h - 2, color)
    fb.pixel(x + w - 2, y + h - 2, color)


def border(fb, x, y, w, h, flags, normal, cursor=-1):
    """The card's border on the FrameBuffer, unmarked (the card's box is marked already: each
    canvas mark costs ~0.4 ms on a Pico while the screen is not wholly dirty). `cursor`: the
    cursor's colour, three rings thick, in place of two rings of theme.SEL (a card back's:
    SEL hardly shows on theme.BACK)."""
    if flags & CURSOR:
        ring = theme.SEL if cursor < 0 else cursor
        outline(fb, x, y, w, h, ring)
        fb.rect(x + 1, y + 1, w - 2, h - 2, ring)
        if flags & PICKED:
            fb.rect(x + 2, y + 2, w - 4, h - 4, theme.ACCENT)
        elif cursor >= 0:
            fb.rect(x + 2, y + 2, w - 4, h - 4, ring)
    elif flags & PICKED:
        outline(fb, x, y, w, h, theme.ACCENT)
        fb.rect(x + 1, y + 1, w - 2, h - 2, theme.ACCENT)
    else:
        outline(fb, x, y, w, h, normal)


def draw_back(app, c, x, y, w, h, flags=0):
    """A face-down card: theme.BACK with a light frame and a diamond lattice."""
    c.round_rect(x, y, w, h, theme.BACK)   # marks the card's box: what follows draws inside
    fb = c.fb
    edge = theme.EDGE
    back = _back
    if back is not None:
        if flags:
            border(fb, x, y, w, h, flags, edge, theme.FG)
        p = _P
        p[0] = x + 0x8000   # biased: see ui/cards_viper.py
        p[1] = y + 0x8000
        p[2] = w
        p[3] = h
        p[4] = edge
        p[5] = theme.CARD
        p[6] = edge
        p[7] = c.width
        p[8] = c.height
        p[9] = 0 if flags else 1
        back(c.buf, p)
        return
    border(fb, x, y, w, h, flags, edge, theme.FG)
    if w < 12 or h < 12:
        return
    fb.rect(x + 3, y + 3, w - 6, h - 6, theme.CARD)
    # Diagonals both ways every 6 px, clipped to the inside of the frame.
    ix = x + 5
    iy = y + 5
    iw = w - 10
    ih = h - 10
    if iw <= 0 or ih <= 0:
        return
    k = -ih + 1
    while k < iw:
        # down-right line through (ix + k, iy), and its mirror image (down-left)
        sx = ix + k if k > 0 else ix
        sy = iy if k > 0 else iy - k
        n = min(ix + iw - sx, iy + ih - sy)
        if n > 0:
            fb.line(sx, sy, sx + n - 1, sy + n - 1, edge)
            mx = 2 * ix + iw - 1 - sx
            fb.line(mx, sy, mx - n + 1, sy + n - 1, edge)
        k += 6
