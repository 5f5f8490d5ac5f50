"""The 4-bit palette canvas with dirty-rectangle tracking.

One GS4_HMSB framebuffer (28,800 bytes at 240x240) allocated once at start-up. Every drawing
call marks the rectangle it touched; `flush(display)` sends only those rectangles, strip by
strip through the display's one small RGB565 buffer. A cursor move therefore sends a few
rows, not a frame. Rectangles are kept word-aligned on x (two pixels per byte) and merged so
there are never more than MAX_RECTS of them.
"""

import array

import framebuf
from micropython import const

from core import native

MAX_RECTS = const(6)
# Merging two rectangles is accepted when the union wastes at most this many pixels.
_MERGE_SLACK = const(1200)
# The dirty list, one array of ints: [count, 1 while the whole screen is dirty (mark() has
# nothing to add), width, height, then MAX_RECTS x (x0, y0, x1, y1), x1 and y1 exclusive].
_N = const(0)
_ALL = const(1)
_R = const(4)

# mark()'s bookkeeping as native code (core/canvas_viper.py, the same algorithm as _add below):
# None until fast_marks() (under CPython, without viper: for good).
_mark = None


def fast_marks():
    """Compile mark()'s native bookkeeping, once: ~80 ms and ~2.5 KB of heap on a Pico, for
    ~15 us a mark instead of ~250 (a table's partial redraw marks once per canvas call). The
    main menu calls it when a game is chosen: not at boot, whose heap is the tightest
    (tests/test_boot_heap.py), nor on the menu's few marks."""
    global _mark
    if _mark is None:
        functions = native.load("core.canvas_viper")
        if functions:
            _mark = functions["mark"]


class Canvas:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.buf = bytearray(width * height // 2)
        self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.GS4_HMSB)
        self._r = array.array("i", bytes(4 * (_R + 4 * MAX_RECTS)))
        self._r[2] = width
        self._r[3] = height

    # -- dirty tracking -------------------------------------------------------------------
    def mark(self, x, y, w, h):
        """Record that the rectangle changed; clipped to the screen, x widened to even."""
        r = self._r
        if _mark is not None:
            _mark(r, x, y, w, h)
            return
        if r[_ALL]:
            return
        x0 = x if x > 0 else 0
        y0 = y if y > 0 else 0
        x1 = x + w
        y1 = y + h
        if x1 > self.width:
            x1 = self.width
        if y1 > self.height:
            y1 = self.height
        if x1 <= x0 or y1 <= y0:
            return
        x0 &= ~1
        x1 = (x1 + 1) & ~1
        self._add(x0, y0, x1, y1)

    def mark_all(self):
        r = self._r
        r[_N] = 1
        r[_ALL] = 1
        r[_R] = 0
        r[_R + 1] = 0
        r[_R + 2] = self.width
        r[_R + 3] = self.height

    def is_dirty(self, rect=None):
        """True when something was drawn since the last flush; with `rect` (x, y, w, h), only
        when a dirty rectangle overlaps it (marks are never smaller than what was drawn)."""
        r = self._r
        if rect is None:
            return r[_N] > 0
        x, y, w, h = rect
        x1 = x + w
        y1 = y + h
        for i in range(r[_N]):
            k = _R + 4 * i
            if r[k] < x1 and x < r[k + 2] and r[k + 1] < y1 and y < r[k + 3]:
                return True
        return False

    def dirty_area(self):
        r = self._r
        total = 0
        for i in range(r[_N]):
            k = _R + 4 * i
            total += (r[k + 2] - r[k]) * (r[k + 3] - r[k + 1])
        return total

    def _add(self, x0, y0, x1, y1):
        """The plain path of mark() (core/canvas_viper.py does the same natively)."""
        r = self._r
        n = r[_N]
        # Merge with an existing rectangle when that wastes little.
        for i in range(n):
            k = _R + 4 * i
            ux0 = min(x0, r[k])
            uy0 = min(y0, r[k + 1])
            ux1 = max(x1, r[k + 2])
            uy1 = max(y1, r[k + 3])
            union = (ux1 - ux0) * (uy1 - uy0)
            parts = (x1 - x0) * (y1 - y0) + (r[k + 2] - r[k]) * (r[k + 3] - r[k + 1])
            if union <= parts + _MERGE_SLACK:
                r[k] = ux0
                r[k + 1] = uy0
                r[k + 2] = ux1
                r[k + 3] = uy1
                self._coalesce(i)
                return
        if n < MAX_RECTS:
            k = _R + 4 * n
            r[k] = x0
            r[k + 1] = y0
            r[k + 2] = x1
            r[k + 3] = y1
            r[_N] = n + 1
            return
        # Full: grow the rectangle whose union with the new one is smallest.
        best = 0
        best_area = -1
        for i in range(n):
            k = _R + 4 * i
            area = (max(x1, r[k + 2]) - min(x0, r[k])) * (max(y1, r[k + 3]) - min(y0, r[k + 1]))
            if best_area < 0 or area < best_area:
                best = i
                best_area = area
        k = _R + 4 * best
        r[k] = min(x0, r[k])
        r[k + 1] = min(y0, r[k + 1])
        r[k + 2] = max(x1, r[k + 2])
        r[k + 3] = max(y1, r[k + 3])
        self._coalesce(best)

    def _coalesce(self, i):
        """After rectangle i grew, fold in any other rectangle it now overlaps."""
        r = self._r
        k = _R + 4 * i
        j = 0
        while j < r[_N]:
            if j != i:
                m = _R + 4 * j
                if (r[m] < r[k + 2] and r[k] < r[m + 2]
                        and r[m + 1] < r[k + 3] and r[k + 1] < r[m + 3]):
                    r[k] = min(r[k], r[m])
                    r[k + 1] = min(r[k + 1], r[m + 1])
                    r[k + 2] = max(r[k + 2], r[m + 2])
                    r[k + 3] = max(r[k + 3], r[m + 3])
                    last = _R + 4 * (r[_N] - 1)
                    for n in range(4):
                        r[m + n] = r[last + n]
                    r[_N] -= 1
                    if i == r[_N]:
                        i = j
                        k = _R + 4 * i
                    j = 0
                    continue
            j += 1

    def flush(self, display):
        """Send every dirty rectangle to the display; returns the pixels sent."""
        r = self._r
        sent = 0
        for i in range(r[_N]):
            k = _R + 4 * i
            w = r[k + 2] - r[k]
            h = r[k + 3] - r[k + 1]
            display.flush(self.buf, r[k], r[k + 1], w, h)
            sent += w * h
        r[_N] = 0
        r[_ALL] = 0
        return sent

    # -- drawing (each call marks what it touched) ------------------------------------------
    def clear(self, color):
        self.fb.fill(color)
        self.mark_all()

    def fill_rect(self, x, y, w, h, color):
        self.fb.fill_rect(x, y, w, h, color)
        self.mark(x, y, w, h)

    def rect(self, x, y, w, h, color):
        self.fb.rect(x, y, w, h, color)
        self.mark(x, y, w, h)

    def hline(self, x, y, w, color):
        self.fb.hline(x, y, w, color)
        self.mark(x, y, w, 1)

    def vline(self, x, y, h, color):
        self.fb.vline(x, y, h, color)
        self.mark(x, y, 1, h)

    def line(self, x0, y0, x1, y1, color):
        self.fb.line(x0, y0, x1, y1, color)
        self.mark(min(x0, x1), min(y0, y1), abs(x1 - x0) + 1, abs(y1 - y0) + 1)

    def pixel(self, x, y, color):
        self.fb.pixel(x, y, color)
        self.mark(x, y, 1, 1)

    def round_rect(self, x, y, w, h, color, fill=True):
        """A rectangle with 2-pixel cut corners (cards, buttons, panels)."""
        fb = self.fb
        if fill:
            fb.fill_rect(x + 2, y, w - 4, h, color)
            fb.fill_rect(x, y + 2, w, h - 4, color)
            fb.fill_rect(x + 1, y + 1, w - 2, h - 2, color)
        else:
            fb.hline(x + 2, y, w - 4, color)
            fb.hline(x + 2, y + h - 1, w - 4, color)
            fb.vline(x, y + 2, h - 4, color)
            fb.vline(x + w - 1, y + 2, h - 4, color)
            fb.pixel(x + 1, y + 1, color)
            fb.pixel(x + w - 2, y + 1, color)
            fb.pixel(x + 1, y + h - 2, color)
            fb.pixel(x + w - 2, y + h - 2, color)
        self.mark(x, y, w, h)

    def text8(self, s, x, y, color):
        """MicroPython's built-in 8x8 font (ASCII only); see core.font for the others."""
        self.fb.text(s, x, y, color)
        self.mark(x, y, 8 * len(s), 8)

    def blit(self, src, x, y, w, h, key=-1, palette=None):
        if palette is None:
            self.fb.blit(src, x, y, key)
        else:
            self.fb.blit(src, x, y, key, palette)
        self.mark(x, y, w, h)

    def icon(self, icons, name, x, y, color, bg=-1):
        """Draw icon `name` of a core.icons.Icons set (see Icons.draw) and mark it; returns
        its (width, height). Icons go through here, never straight into `fb`, so what they
        change is sent."""
        w, h = icons.size(name)
        icons.draw(self.fb, name, x, y, color, bg)
        self.mark(x, y, w, h)
        return w, h

    def text(self, font, s, x, y, color):
        """Draw with a core.font.Font; returns the x after the last glyph."""
        x_end = font.text(self.fb, s, x, y, color, self)
        self.mark(x, y, x_end - x, font.line_height)
        return x_end
