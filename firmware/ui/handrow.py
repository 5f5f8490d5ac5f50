"""A row of cards with a cursor (ui.cards draws each card).

`HandRow` lays out card ids in a box: side by side when they fit, overlapped when not, and
scrolled (with arrows at the edges) when even the tightest overlap would hide the corners.
The card under the cursor is drawn on top of its neighbours so it is always seen whole.
Every card is drawn once into a small scratch canvas and only its visible part is blitted,
so a cursor move redraws just the old and new cursor cards' columns. Highlight flags and card
faces: see ui.cards (PICKED also lifts the card here).
"""

import framebuf
from micropython import const

from core import native, theme
from core.canvas import Canvas
from ui.cards import CURSOR, DIMMED, PICKED, card_width, draw_card

GAP = const(2)         # pixels between cards laid out side by side
ARROW_W = const(6)     # margin for the scroll arrows of a scrolled row
MIN_STEP = const(12)   # never overlap cards closer than this (corner must stay readable)

# HandRow's byte copy as native code (viper, ui/handrow_viper.py: its doc says what it does),
# loaded by core.native on MicroPython when the first HandRow is made; CPython or a port
# without viper copies with FrameBuffer.blit. The card back is ui.cardback's.
_copy = None
_P = None
_copy_loaded = [False]


def _load_copy():
    """HandRow's native copy, compiled when the first HandRow is made (a game without one
    does not pay for it), or None without viper."""
    global _copy, _P
    if not _copy_loaded[0]:
        _copy_loaded[0] = True
        mod = native.load("ui.handrow_viper")
        if mod is not None:
            import array

            _copy = mod["copy"]
            _P = array.array("i", bytes(40))
    return _copy



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
