"""Cards on screen: one card (face, back, empty slot) and a row of cards with a cursor.

A card face is described by a neutral 4-tuple every game can build:

    (corner, color, icon, caption)

- corner: short text in the top-left corner ("10", "K", "7") or None;
- color: theme index for the corner text and icons (theme.RED, BLUE, YELLOW, GREEN, INK);
- icon: base icon name ("suit_heart", "sym_stag", ... : assets/icons/<base>_<size>.png) or
  None; the small icon (8 or 12 px) goes under the corner text, the 16 px one in the middle
  when the card is big enough (looked up once per name, see `icon_names`);
- caption: a short word along the bottom of big cards, or None.

`face_of(card_id)` may also return None for a face-down card (drawn with `draw_back`).

Highlights are flags: CURSOR (thick border in SEL), PICKED (multi-selected: border in ACCENT;
HandRow also lifts the card), DIMMED (corner and icons in DIM, e.g. not playable now).

`HandRow` lays out card ids in a box: side by side when they fit, overlapped when not, and
scrolled (with arrows at the edges) when even the tightest overlap would hide the corners.
The card under the cursor is drawn on top of its neighbours so it is always seen whole.
Every card is drawn once into a small scratch canvas and only its visible part is blitted,
so a cursor move redraws just the old and new cursor cards' columns.
"""

import framebuf
from micropython import const

from core import native, theme
from core.canvas import Canvas

# The card back's frame and lattice, and HandRow's byte copy, as native code (viper: their
# docs say what they do) in ui/cards_viper.py and ui/handrow_viper.py, loaded by core.native
# on MicroPython; CPython or a port without viper draws the same pixels with the plain paths.
_back = None
_copy = None
_P = None
_copy_loaded = [False]


def _params():
    """The native calls' parameter array (made with the first native module)."""
    global _P
    if _P is None:
        import array

        _P = array.array("i", bytes(40))


_native = native.load("ui.cards_viper")
if _native is not None:
    _back = _native.back
    _params()
del _native


def _load_copy():
    """HandRow's native copy, compiled when the first HandRow is made (a game without one,
    such as Memory, does not pay for it), or None without viper."""
    global _copy
    if not _copy_loaded[0]:
        _copy_loaded[0] = True
        mod = native.load("ui.handrow_viper")
        if mod is not None:
            _copy = mod.copy
            _params()
    return _copy


CURSOR = const(1)
PICKED = const(2)
DIMMED = const(4)

GAP = const(2)         # pixels between cards laid out side by side
ARROW_W = const(6)     # margin for the scroll arrows of a scrolled row
MIN_STEP = const(12)   # never overlap cards closer than this (corner must stay readable)
BIG_ICON = const(16)

# base name -> (small name, its size, big name); filled on first use of each base name.
_icon_cache = {}
_icon_owner = [None]    # the Icons object the cache belongs to (a new set empties it)
_SUFFIXES = ("_8", "_12", "_16", "")


def icon_names(app, base):
    """(small, small_size, big, big_size) icon names for `base`: "suit_heart" ->
    ("suit_heart_8", 8, "suit_heart_16", 16); "sym_stag" -> ("sym_stag_12", 12, "sym_stag_16",
    16). A name is None (size 0) when the icon set lacks it. Looked up once per base name."""
    icons = app.icons
    if _icon_owner[0] is not icons:
        _icon_cache.clear()
        _icon_owner[0] = icons
    names = _icon_cache.get(base)
    if names is not None:
        return names
    small = big = None
    small_size = big_size = 0
    for suffix in _SUFFIXES:
        name = base + suffix
        if icons is None or not icons.has(name):
            continue
        h = icons.size(name)[1]
        if h < BIG_ICON:
            if small is None or h < small_size:
                small = name
                small_size = h
        elif big is None:
            big = name
            big_size = h
    names = (small, small_size, big, big_size)
    _icon_cache[base] = names
    return names


def draw_icon(app, c, name, x, y, color, size=0):
    """Draw a square icon `name` onto canvas `c` and mark it; `size` (its side) saves a
    lookup when known. Returns the width drawn (0 for None)."""
    if name is None or app.icons is None:
        return 0
    icons = app.icons
    if size:
        w = h = size
    else:
        w, h = icons.size(name)
    icons.draw(c.fb, name, x, y, color)
    c.mark(x, y, w, h)
    return w


def _outline(fb, x, y, w, h, color):
    """Canvas.round_rect(..., fill=False) on the FrameBuffer, unmarked."""
    fb.hline(x + 2, y, w - 4, color)
    fb.hline(x + 2, y + h - 1, w - 4, color)
    fb.vline(x, y + 2, h - 4, color)
    fb.vline(x + w - 1, y + 2, h - 4, color)
    fb.pixel(x + 1, y + 1, color)
    fb.pixel(x + w - 2, y + 1, color)
    fb.pixel(x + 1, y + h - 2, color)
    fb.pixel(x + w - 2, y + h - 2, color)


def _border(fb, x, y, w, h, flags, normal):
    """The card's border on the FrameBuffer, unmarked (the card's box is marked already: each
    canvas mark costs ~0.4 ms on a Pico while the screen is not wholly dirty)."""
    if flags & CURSOR:
        _outline(fb, x, y, w, h, theme.SEL)
        fb.rect(x + 1, y + 1, w - 2, h - 2, theme.SEL)
        if flags & PICKED:
            fb.rect(x + 2, y + 2, w - 4, h - 4, theme.ACCENT)
    elif flags & PICKED:
        _outline(fb, x, y, w, h, theme.ACCENT)
        fb.rect(x + 1, y + 1, w - 2, h - 2, theme.ACCENT)
    else:
        _outline(fb, x, y, w, h, normal)


def draw_card(app, c, x, y, w, h, face, flags=0):
    """One face-up card at (x, y), size w x h, described by `face` (see the module doc);
    `face` None draws the back."""
    if face is None:
        draw_back(app, c, x, y, w, h, flags)
        return
    corner, color, icon, caption = face
    ink = theme.DIM if flags & DIMMED else color
    c.round_rect(x, y, w, h, theme.CARD)   # marks the card's box: what follows draws inside
    fb = c.fb
    _border(fb, x, y, w, h, flags, theme.EDGE)
    font = app.small
    lh = font.line_height
    left = x + 3
    ty = y + 3
    if corner:
        end = font.text(fb, corner, left, ty, ink, c)
        if end > x + w:
            c.mark(left, ty, end - left, lh)   # a corner wider than the card
        ty += lh
    big = None
    big_size = 0
    icons = app.icons
    if icon is not None:
        small, small_size, big, big_size = icon_names(app, icon)
        if small is not None and ty + small_size <= y + h - 3:
            icons.draw(fb, small, left, ty, ink)
            if left + small_size > x + w:
                c.mark(left, ty, small_size, small_size)
            ty += small_size + 1
    cap_h = lh + 2 if caption and h >= ty - y + BIG_ICON + lh + 6 else 0
    mid_top = ty
    mid_h = y + h - 3 - cap_h - mid_top
    if big is not None and w >= big_size + 8 and mid_h >= big_size:
        icons.draw(fb, big, x + (w - big_size) // 2, mid_top + (mid_h - big_size) // 2, ink)
    elif icon is None and corner:
        large = app.large
        tw = large.width(corner)
        if tw <= w - 8 and mid_h >= large.height:
            large.text(fb, corner, x + (w - tw) // 2, mid_top + (mid_h - large.height) // 2,
                       ink, c)
    if cap_h:
        text = font.fit(caption, w - 6)
        tw = font.width(text)
        font.text(fb, text, x + (w - tw) // 2, y + h - 3 - lh,
                  theme.DIM if flags & DIMMED else theme.INK, c)


def draw_back(app, c, x, y, w, h, flags=0):
    """A face-down card: theme.BACK with a light frame and a diamond lattice."""
    c.round_rect(x, y, w, h, theme.BACK)   # marks the card's box: what follows draws inside
    fb = c.fb
    edge = theme.EDGE
    back = _back
    if back is not None:
        if flags:
            _border(fb, x, y, w, h, flags, edge)
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
    _border(fb, x, y, w, h, flags, edge)
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


def draw_slot(app, c, x, y, w, h, flags=0, label=None):
    """An empty place for a card (a pile, a table spot): outline on the background."""
    c.fill_rect(x, y, w, h, theme.BG)   # marks the box: what follows draws inside
    fb = c.fb
    if flags & CURSOR:
        _outline(fb, x, y, w, h, theme.SEL)
        fb.rect(x + 1, y + 1, w - 2, h - 2, theme.SEL)
    else:
        _outline(fb, x, y, w, h, theme.EDGE)
    if label:
        font = app.small
        text = font.fit(label, w - 4)
        tw = font.width(text)
        ty = y + (h - font.height) // 2
        tx = x + (w - tw) // 2
        font.text(fb, text, tx, ty, theme.DIM, c)
        if ty < y or ty + font.line_height > y + h:
            c.mark(tx, ty, tw, font.line_height)   # a slot lower than a line of text


def card_width(h):
    """Card width for a card height (poker proportions 5:7), even for byte-aligned blits."""
    return (h * 5 // 7) & ~1


class HandRow:
    """A row of cards with a cursor and multi-selection, inside the box (x, y, w, h).

    `cards` are ints chosen by the game; `face_of(card_id)` returns the face tuple (or None
    for a back). The card height is the box height less the lift of picked cards; the width
    follows. `min_step` is the smallest overlap pitch allowed (default: the corner's width).
    Call `draw(c, full)` from the scene's draw; after `move`, `toggle` and friends return
    True, the scene should `request_draw()`.
    """

    def __init__(self, app, x, y, w, h, face_of, cards=(), min_step=0):
        self.app = app
        self.x = x & ~1
        self.y = y
        self.w = w
        self.h = h
        self.face_of = face_of
        self.lift = max(2, min(6, h // 12))
        self.card_h = h - self.lift
        cw = card_width(self.card_h)
        if cw > w:
            cw = w & ~1
        self.card_w = cw
        if min_step <= 0:
            min_step = max(MIN_STEP, app.small.width("10") + 6, cw // 3)
        self.min_step = (min_step + 1) & ~1
        self.focused = True
        self.cards = []
        self.cursor = -1
        self.selected = bytearray(0)
        self.dimmed = bytearray(0)
        self.first = 0          # first visible index (scrolled rows)
        self.visible = 0        # how many cards are on screen
        self.step = 0           # pitch between card left edges
        self.spread = 0         # extra room after the cursor's card when cards overlap
        self.x0 = self.x        # left edge of the first visible card
        self.scrolls = False
        self._full = True
        self._da = 0            # dirty columns [_da, _db) for the next partial draw
        self._db = 0
        self._drawn_first = -1
        _load_copy()
        self._scratch = Canvas(cw, self.card_h)
        self._mv = memoryview(self._scratch.buf)
        self._views = [None] * (cw >> 1)   # scratch views from each byte column, made once
        self._ra = 0
        self._rb = 0
        self._scratch_key = None
        self.set_cards(cards)

    # -- content ----------------------------------------------------------------------------
    def set_cards(self, cards, cursor=None):
        """New list of card ids: the selection is cleared, the cursor kept in range (or set)."""
        self.cards = list(cards)
        n = len(self.cards)
        if len(self.selected) < n:
            self.selected = bytearray(n)
            self.dimmed = bytearray(n)
        else:
            for i in range(len(self.selected)):
                self.selected[i] = 0
                self.dimmed[i] = 0
        if cursor is not None:
            self.cursor = cursor
        if self.cursor >= n:
            self.cursor = n - 1
        if self.cursor < 0 and n:
            self.cursor = 0
        self._scratch_key = None
        self._layout()
        self._scroll_to_cursor()
        self._full = True

    def _layout(self):
        n = len(self.cards)
        cw = self.card_w
        w = self.w
        self.scrolls = False
        self.first = 0
        if n == 0:
            self.step = 0
            self.visible = 0
            return
        spread = 0
        if n * cw + (n - 1) * GAP <= w:
            step = cw + GAP
            vis = n
        else:
            # Overlapping: the cursor's card is shown whole and the cards after it start at
            # its right edge (`spread` further right), so no card hides the next one's corner.
            if n > 2:
                step = ((w - 2 * cw) // (n - 2)) & ~1
            else:
                step = ((w - cw) // (n - 1)) & ~1 if n > 1 else 0
            vis = n
            if step < self.min_step:
                self.scrolls = True
                step = self.min_step
                vis = (w - 2 * ARROW_W - 2 * cw + step) // step + 1
                if vis < 1:
                    vis = 1
                if vis > n:
                    vis = n
            if step < cw:
                spread = cw - step
        self.step = step
        self.spread = spread
        self.visible = vis
        total = cw + (vis - 1) * step + (spread if vis > 1 else 0)
        self.x0 = (self.x + (w - total) // 2) & ~1

    def _scroll_to_cursor(self):
        """Keep the cursor on screen; returns True when the visible window moved."""
        if not self.scrolls or self.cursor < 0:
            return False
        first = self.first
        if self.cursor < first:
            first = self.cursor
        elif self.cursor >= first + self.visible:
            first = self.cursor - self.visible + 1
        if first == self.first:
            return False
        self.first = first
        self._full = True
        return True

    def current(self):
        """The card id under the cursor, or None."""
        if 0 <= self.cursor < len(self.cards):
            return self.cards[self.cursor]
        return None

    # -- cursor and selection -----------------------------------------------------------------
    def move(self, delta, wrap=False):
        """Move the cursor by delta; returns True when it moved."""
        n = len(self.cards)
        if n == 0:
            return False
        i = self.cursor + delta
        if i < 0 or i >= n:
            if not wrap:
                i = 0 if i < 0 else n - 1
            else:
                i %= n
        return self.set_cursor(i)

    def set_cursor(self, i):
        if i == self.cursor or i < 0 or i >= len(self.cards):
            return False
        old = self.cursor
        if self.spread:
            if i - old > 1 or old - i > 1:
                self._full = True     # the cards in between move (see card_x)
            self._touch(i)            # where it was (after the old cursor's card)
        self._touch(old)
        self.cursor = i
        if not self._scroll_to_cursor():
            self._touch(i)
            if self.spread:
                self._touch(old)      # where the old cursor's card is now
        return True

    def set_focus(self, on):
        """An unfocused row shows no cursor (another widget has the buttons)."""
        if on == self.focused:
            return False
        self.focused = on
        self._touch(self.cursor)
        return True

    def toggle(self):
        """Flip the multi-selection of the card under the cursor; returns its new state."""
        i = self.cursor
        if i < 0:
            return False
        self.selected[i] ^= 1
        self._touch(i)
        return bool(self.selected[i])

    def set_selected(self, i, on):
        v = 1 if on else 0
        if self.selected[i] != v:
            self.selected[i] = v
            self._touch(i)

    def set_dimmed(self, i, on):
        v = 1 if on else 0
        if self.dimmed[i] != v:
            self.dimmed[i] = v
            self._touch(i)

    def clear_selection(self):
        for i in range(len(self.cards)):
            if self.selected[i]:
                self.selected[i] = 0
                self._touch(i)

    def selected_ids(self):
        """Card ids of the selected cards, in row order."""
        out = []
        for i in range(len(self.cards)):
            if self.selected[i]:
                out.append(self.cards[i])
        return out

    def selected_count(self):
        n = 0
        for i in range(len(self.cards)):
            n += self.selected[i]
        return n

    # -- geometry -----------------------------------------------------------------------------
    def is_visible(self, i):
        return self.first <= i < self.first + self.visible

    def card_x(self, i):
        """Left edge of card i on screen (meaningful only when it is visible); the cards
        after the cursor's sit `spread` further right, so the cursor's card is seen whole."""
        x = self.x0 + (i - self.first) * self.step
        if i > self.cursor:
            x += self.spread
        return x

    def card_rect(self, i):
        """(x, y, w, h) of card i as drawn (picked cards sit `lift` pixels higher)."""
        y = self.y if self.selected[i] else self.y + self.lift
        return self.card_x(i), y, self.card_w, self.card_h

    def _cursor_shown(self):
        k = self.cursor
        return k if self.focused and k >= 0 and self.is_visible(k) else -1

    def _region(self, j, k):
        """Set _ra, _rb to the columns [a, b) of card j not covered by other cards (k = the
        cursor, drawn on top); attributes rather than a tuple so drawing allocates less."""
        a = self.card_x(j)
        b = a + self.card_w
        if j != k:
            if j < self.first + self.visible - 1:
                nxt = a + self.step
                if nxt < b:
                    b = nxt
            if k >= 0:
                xk = self.card_x(k)
                if j < k:
                    if b > xk:
                        b = xk
                elif a < xk + self.card_w:
                    a = xk + self.card_w
        self._ra = a
        self._rb = b

    def _touch(self, i):
        """Card i's columns must be redrawn next time."""
        if i < 0 or i >= len(self.cards) or not self.is_visible(i) or self._full:
            return
        a = self.card_x(i)
        b = a + self.card_w
        if self._da >= self._db:
            self._da = a
            self._db = b
        else:
            if a < self._da:
                self._da = a
            if b > self._db:
                self._db = b

    def refresh(self, i):
        """Card i's face changed (same id): redraw it next time."""
        self._scratch_key = None
        self._touch(i)

    def invalidate(self):
        """Redraw the whole row next time (e.g. faces changed)."""
        self._scratch_key = None
        self._full = True

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, c, full=False):
        """Draw the whole row when `full` (or after a scroll), else only what changed."""
        if full or self._full:
            c.fill_rect(self.x, self.y, self.w, self.h, theme.BG)
            if self.visible:
                last = self.first + self.visible - 1
                self._draw_columns(c, self.card_x(self.first), self.card_x(last) + self.card_w)
            self._draw_arrows(c)
            self._full = False
        elif self._da < self._db:
            c.fill_rect(self._da, self.y, self._db - self._da, self.h, theme.BG)
            self._draw_columns(c, self._da, self._db)
        self._da = self._db = 0

    def _draw_columns(self, c, da, db):
        """Redraw every visible piece of card within screen columns [da, db)."""
        k = self._cursor_shown()
        cw = self.card_w
        for j in range(self.first, self.first + self.visible):
            self._region(j, k)
            a = self._ra if self._ra > da else da
            b = self._rb if self._rb < db else db
            if a >= b:
                continue
            self._render(j, k)
            x = self.card_x(j)
            y = self.y if self.selected[j] else self.y + self.lift
            # Columns [off, off + b - a) of the scratch card; x positions are even, so off
            # falls on a byte boundary of the 4-bit buffer (two pixels a byte).
            half = (a - x) >> 1
            if _copy is not None and not (a | b) & 1:
                p = _P
                p[0] = a + 0x8000   # biased: see ui/handrow_viper.py
                p[1] = y + 0x8000
                p[2] = (b - a) >> 1
                p[3] = self.card_h
                p[4] = half
                p[5] = cw >> 1
                p[6] = c.width
                p[7] = c.height
                _copy(c.buf, self._scratch.buf, p)
                c.mark(a, y, b - a, self.card_h)
                continue
            views = self._views
            mv = views[half]
            if mv is None:
                mv = self._mv[half:]
                views[half] = mv
            c.blit((mv, b - a, self.card_h, framebuf.GS4_HMSB, cw), a, y, b - a, self.card_h)

    def _render(self, j, k):
        """Draw card j into the scratch canvas (skipped when it already holds it)."""
        flags = 0
        if j == k:
            flags |= CURSOR
        if self.selected[j]:
            flags |= PICKED
        if self.dimmed[j]:
            flags |= DIMMED
        cid = self.cards[j]
        key = cid * 8 + flags
        if key == self._scratch_key:
            return
        s = self._scratch
        s.fb.fill(theme.BG)
        s.mark_all()   # keeps the scratch's own dirty list at one rectangle (cheap merges)
        draw_card(self.app, s, 0, 0, self.card_w, self.card_h, self.face_of(cid), flags)
        self._scratch_key = key

    def _draw_arrows(self, c):
        if not self.scrolls:
            return
        mid = self.y + self.lift + self.card_h // 2
        if self.first > 0:
            x = self.x + 1
            for i in range(4):
                c.vline(x + i, mid - i, 2 * i + 1, theme.ACCENT)
        if self.first + self.visible < len(self.cards):
            x = self.x + self.w - 2
            for i in range(4):
                c.vline(x - i, mid - i, 2 * i + 1, theme.ACCENT)
