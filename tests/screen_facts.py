"""What must be on a screen, checked on its pixels: a text in a colour at a place, a frame
around a cell. The facts are written by hand in tests/test_screen_facts.py (read off the game's
state and the rules, not off the code that draws), so a wrong screen cannot become golden by
regenerating the golden images (tests/test_golden_screens.py compares with those only).

Colours are the theme's roles (core.theme: FG, ACCENT, INK, SEL...), looked up in the palette
the screen was drawn with."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GEN = ROOT / "firmware" / "gen"
_FONTS = {}


def font(kind):
    """core.font.Font "small" or "large", from firmware/gen."""
    if kind not in _FONTS:
        from core.font import Font

        _FONTS[kind] = Font(str(GEN / ("font_%s.bin" % kind)))
    return _FONTS[kind]


class Screen:
    """A screenshot (tools.screenshots.take) and the palette it was drawn with."""

    def __init__(self, name):
        from tools import screenshots

        img, result = screenshots.take(name)
        self.name = name
        self.img = img.convert("RGB")
        self.palette = [tuple(c) for c in result.platform.display.palette]

    def rgb(self, role):
        return self.palette[role]

    def text_mask(self, kind, s, x, y):
        """The pixels `s` in font `kind` sets with its glyph box's top-left at (x, y), and the
        box (x, y, w, h) it takes."""
        from core.canvas import Canvas

        f = font(kind)
        w, h = self.img.size
        c = Canvas(w + (w & 1), h)
        c.clear(0)
        end = f.text(c.fb, s, x, y, 1)
        mask = set()
        for py in range(max(0, y), min(h, y + f.height)):
            for px in range(max(0, x), min(w, end)):
                if c.fb.pixel(px, py) == 1:
                    mask.add((px, py))
        return mask, (x, y, end - x, f.height)

    def text_at(self, kind, s, x, y, role):
        """None when `s` is there in colour `role`: every pixel of its glyphs in that colour
        and no other pixel of its box; else what is wrong."""
        mask, (bx, by, bw, bh) = self.text_mask(kind, s, x, y)
        if not mask:
            return "%r draws no pixel" % s
        ink = self.rgb(role)
        px = self.img.load()
        missing = [p for p in mask if px[p] != ink]
        extra = [(i, j) for j in range(by, by + bh) for i in range(bx, bx + bw)
                 if (i, j) not in mask and 0 <= i < self.img.width and
                 0 <= j < self.img.height and px[i, j] == ink]
        if missing or extra:
            return ("%s: %r at (%d, %d) in %r: %d of its %d pixels not that colour, %d other "
                    "pixels of its box are" % (self.name, s, x, y, ink, len(missing), len(mask),
                                               len(extra)))
        return None

    def frame_at(self, x, y, w, h, role, thick=1, corner=0):
        """None when a frame `thick` pixels wide of colour `role` runs around the rectangle
        (x, y, w, h) (its `corner` end pixels of each side left out: rounded corners), and the
        pixels just outside it and just inside it, mid-side, are another colour; else what is
        wrong."""
        ink = self.rgb(role)
        px = self.img.load()
        edge = []
        for t in range(thick):
            for i in range(x + corner, x + w - corner):
                edge += [(i, y + t), (i, y + h - 1 - t)]
            for j in range(y + corner, y + h - corner):
                edge += [(x + t, j), (x + w - 1 - t, j)]
        off = [p for p in edge if px[p] != ink]
        if off:
            return "%s: the frame (%d, %d, %d, %d) is not all %r: %d pixels, first %r" % (
                self.name, x, y, w, h, ink, len(off), off[0])
        mx, my = x + w // 2, y + h // 2
        beside = [(mx, y - 1), (mx, y + h), (x - 1, my), (x + w, my),
                  (mx, y + thick), (mx, y + h - 1 - thick), (x + thick, my),
                  (x + w - 1 - thick, my)]
        same = [p for p in beside if 0 <= p[0] < self.img.width and
                0 <= p[1] < self.img.height and px[p] == ink]
        if same:
            return "%s: the frame (%d, %d, %d, %d) is not a frame: %r beside it are %r too" % (
                self.name, x, y, w, h, same, ink)
        return None
