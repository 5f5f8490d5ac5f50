"""The CPython framebuf stand-in (sim/stubs/framebuf.py) against MicroPython's real framebuf.

One scene script runs twice: under the MicroPython unix port (real framebuf, buffers printed
as hex) and under CPython (the stand-in). Every buffer must come out byte-identical,
including the bytes a drawing call must not touch (buffers start with a pattern, not zeros).
"""

import random

import framebuf  # the stand-in: tests/conftest.py puts sim/stubs first on sys.path
import pytest

from tests.mpy import run_mpy

# Runs unchanged under MicroPython and CPython; `scenes()` yields (name, bytes).
SCENE_SCRIPT = r"""
import framebuf as F
from array import array

FORMATS = (
    ("vlsb", F.MONO_VLSB), ("hlsb", F.MONO_HLSB), ("hmsb", F.MONO_HMSB),
    ("rgb565", F.RGB565), ("gs2", F.GS2_HMSB), ("gs4", F.GS4_HMSB), ("gs8", F.GS8),
)


def buf_size(w, h, fmt, stride):
    # What the format needs, plus a tail that no drawing call may touch.
    if fmt == F.MONO_VLSB:
        n = stride * ((h + 7) // 8)
    elif fmt in (F.MONO_HLSB, F.MONO_HMSB):
        n = (stride + 7) // 8 * h
    elif fmt == F.GS2_HMSB:
        n = (stride + 3) // 4 * h
    elif fmt == F.GS4_HMSB:
        n = (stride + 1) // 2 * h
    elif fmt == F.RGB565:
        n = stride * h * 2
    else:
        n = stride * h
    return n + 16


def pattern(n, seed=11):
    return bytearray((i * 37 + seed) & 0xFF for i in range(n))


def new_fb(w, h, fmt, stride=None, seed=11):
    s = w if stride is None else stride
    buf = pattern(buf_size(w, h, fmt, s), seed)
    if stride is None:
        return buf, F.FrameBuffer(buf, w, h, fmt)
    return buf, F.FrameBuffer(buf, w, h, fmt, stride)


def colours(fmt):
    if fmt == F.RGB565:
        return (0xF800, 0x07E0, 0x001F, 0x1234, 0xFFFF, 0x12345, -1)
    return (1, 2, 3, 5, 7, 15, 0, 0x1F3, -1)


def scene_fill(w, h, fmt):
    buf, fb = new_fb(w, h, fmt)
    out = []
    for c in colours(fmt):
        fb.fill(c)
        out.append(bytes(buf))
    return b"".join(out)


def scene_pixels(w, h, fmt):
    buf, fb = new_fb(w, h, fmt)
    cs = colours(fmt)
    k = 0
    for y in (-2, -1, 0, 1, h // 2, h - 2, h - 1, h, h + 1, 1000):
        for x in (-3, -1, 0, 1, 2, w // 2, w - 2, w - 1, w, w + 5, -1000):
            fb.pixel(x, y, cs[k % len(cs)])
            k += 1
    reads = []
    for y in (-1, 0, 1, h - 1, h):
        for x in (-1, 0, 1, 2, 3, w - 2, w - 1, w):
            reads.append(fb.pixel(x, y))
    return bytes(buf) + repr(reads).encode()


def scene_rects(w, h, fmt):
    buf, fb = new_fb(w, h, fmt)
    cs = colours(fmt)
    cases = (
        (0, 0, w, h), (-5, -5, 10, 10), (w - 3, h - 3, 10, 10), (3, 2, 0, 5), (3, 2, 5, 0),
        (3, 2, -4, 5), (3, 2, 5, -4), (-10, 1, 5, 5), (1, -10, 5, 5), (w, 1, 5, 5),
        (1, h, 5, 5), (1, 1, 1, 1), (2, 3, 7, 4), (1, 3, 6, 5), (2, 4, 1, 9), (3, 1, 2, 2),
        (w // 2 - 1, h // 2 - 1, w // 3 + 1, h // 3 + 2), (-1, -1, w + 2, h + 2),
        (5, 0, 1, h), (0, 5, w, 1), (w - 1, 0, 1, h), (0, h - 1, w, 1),
    )
    for i, (x, y, rw, rh) in enumerate(cases):
        c = cs[i % len(cs)]
        fb.fill_rect(x, y, rw, rh, c)
        fb.rect(x + 1, y + 2, rw, rh, cs[(i + 1) % len(cs)])
        fb.rect(x + 2, y + 1, rw - 1, rh + 1, cs[(i + 2) % len(cs)], i % 2 == 0)
        fb.hline(x, y + 3, rw, cs[(i + 3) % len(cs)])
        fb.vline(x + 3, y, rh, cs[(i + 4) % len(cs)])
    return bytes(buf)


def scene_lines(w, h, fmt):
    buf, fb = new_fb(w, h, fmt)
    cs = colours(fmt)
    cx, cy = w // 2, h // 2
    k = 0
    for dx in (-40, -13, -7, -3, 0, 2, 5, 11, 37):
        for dy in (-29, -9, -4, -1, 0, 1, 6, 17, 41):
            fb.line(cx, cy, cx + dx, cy + dy, cs[k % len(cs)])
            fb.line(cx + dx, cy + dy + 1, cx + 1, cy, cs[(k + 3) % len(cs)])
            k += 1
    fb.line(-10, -10, w + 10, h + 10, cs[1])
    fb.line(w + 5, -7, -9, h + 3, cs[2])
    fb.line(-50, 3, -1, 3, cs[3])
    fb.line(3, 3, 3, 3, cs[4])
    fb.line(0, h - 1, w - 1, 0, cs[5])
    return bytes(buf)


def scene_ellipses(w, h, fmt):
    buf, fb = new_fb(w, h, fmt)
    cs = colours(fmt)
    k = 0
    for m in range(16):
        cx = (m * 13) % (w + 10) - 5
        cy = (m * 7) % (h + 6) - 3
        fb.ellipse(cx, cy, m % 5 + 1, (m * 3) % 7, cs[k % len(cs)], m % 2, m)
        fb.ellipse(w // 2, h // 2, m + 2, m // 2 + 3, cs[(k + 1) % len(cs)], False, m)
        k += 1
    fb.ellipse(w // 2, h // 2, w // 2 + 3, h // 3, cs[2])
    fb.ellipse(w // 3, h // 3, w // 4, h // 2, cs[3], True)
    fb.ellipse(0, 0, 6, 4, cs[4], True)
    fb.ellipse(w - 1, h - 1, 6, 9, cs[5], True)
    fb.ellipse(4, 4, 0, 0, cs[1])
    fb.ellipse(6, 6, 0, 3, cs[2], True)
    fb.ellipse(9, 6, 3, 0, cs[3])
    fb.ellipse(-20, -20, 3, 3, cs[3], True)
    return bytes(buf)


def scene_polys(w, h, fmt):
    buf, fb = new_fb(w, h, fmt)
    cs = colours(fmt)
    tri = array("h", [0, 0, 15, 4, 4, 17])
    star = array("h", [10, 0, 13, 7, 20, 7, 14, 12, 17, 20, 10, 15, 3, 20, 6, 12, 0, 7, 7, 7])
    concave = array("b", [0, 0, 12, 0, 12, 12, 6, 5, 0, 12])
    flat = array("h", [0, 0, 9, 0, 9, 0, 0, 6, 9, 6])
    odd = array("h", [2, 2, 14, 3, 7])
    # Negative local coordinates exercise C's truncating division in the edge crossings.
    negative = array("h", [-9, -3, 7, -11, 13, 6, -2, 9, -14, 4])
    k = 0
    for shape in (tri, star, concave, flat, odd, negative):
        for x, y in ((1, 1), (-6, -4), (w - 8, h - 9), (w // 3, h // 4)):
            fb.poly(x, y, shape, cs[k % len(cs)], k % 2 == 0)
            fb.poly(x + 2, y + 1, shape, cs[(k + 2) % len(cs)])
            k += 1
    fb.poly(2, 2, bytearray([0, 0, 30, 2, 25, 19, 3, 11]), cs[3], True)
    fb.poly(2, 2, array("h", [5]), cs[3], True)
    return bytes(buf)


def scene_text(w, h, fmt):
    buf, fb = new_fb(w, h, fmt)
    cs = colours(fmt)
    fb.text("Hello, World!", 1, 1)
    fb.text("Partial", -5, -3, cs[1])
    fb.text("Edge", w - 13, h - 5, cs[2])
    fb.text("Far", -100, 10, cs[3])
    fb.text("under", 3, h - 2, cs[4])
    fb.text("over", 2, -7, cs[5])
    fb.text("~\x7f\x01\x1f e\u00e9\u20ac", 0, h // 2, cs[6])
    fb.text("stop\x00here", 1, h // 3, cs[0])
    fb.text("".join(chr(c) for c in range(32, 128)), -300, 12, cs[1])
    return bytes(buf)


def scene_scroll(w, h, fmt):
    out = []
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (3, 2), (-2, 5), (4, -3), (-5, -1), (2, 0),
             (w - 1, 0), (0, h - 1), (-(w - 1), 1), (w, 0), (0, -h), (w + 3, 2), (0, 0))
    for xs, ys in steps:
        buf, fb = new_fb(w, h, fmt, None, xs * 7 + ys)
        fb.text("Scr", 1, 1, colours(fmt)[1])
        fb.scroll(xs, ys)
        out.append(bytes(buf))
    return b"".join(out)


def make_sprite(fmt, w, h, seed):
    buf = pattern(buf_size(w, h, fmt, w), seed)
    fb = F.FrameBuffer(buf, w, h, fmt)
    return buf, fb


def scene_blit(w, h, fmt):
    buf, fb = new_fb(w, h, fmt)
    cs = colours(fmt)
    k = 0
    for sname, sfmt in FORMATS:
        sbuf, spr = make_sprite(sfmt, 11, 7, k * 5 + 3)
        for x, y in ((0, 0), (3, 2), (-4, -3), (w - 5, h - 4), (-11, 0), (0, -7),
                     (w, 0), (-10, -6), (w // 2 + 1, h // 2)):
            fb.blit(spr, x, y)
            fb.blit(spr, x + 1, y + 1, cs[k % len(cs)] & 3)
            k += 1
        fb.blit((sbuf, 9, 5, sfmt), 2, 1)
        fb.blit([sbuf, 9, 5, sfmt, 12], 3, 4, 1)
    fb.blit(fb, 3, 2)
    fb.blit(fb, -2, -1, 1)
    return bytes(buf)


def scene_palette_blits():
    # The firmware's canvas pipeline: glyph (MONO_HLSB) -> GS4 canvas through a 2-entry
    # GS4 palette, then GS4 canvas -> RGB565 strips through a 16-entry RGB565 palette.
    out = []
    glyph_buf = bytearray([0x3C, 0x42, 0x81, 0xA5, 0x81, 0x99, 0x42, 0x3C, 0xFF, 0x01])
    glyph = F.FrameBuffer(glyph_buf, 8, 10, F.MONO_HLSB)
    pal2_buf = bytearray(1)
    pal2 = F.FrameBuffer(pal2_buf, 2, 1, F.GS4_HMSB)
    pal2.pixel(0, 0, 3)
    pal2.pixel(1, 0, 12)
    for cw, ch in ((240, 240), (37, 23), (240, 135)):
        cbuf, canvas = new_fb(cw, ch, F.GS4_HMSB)
        canvas.fill(1)
        for i, (x, y) in enumerate(((0, 0), (1, 1), (-3, -2), (cw - 5, ch - 6), (cw - 1, 3),
                                    (cw // 2, ch // 2), (-7, 5), (5, -9), (cw, 0))):
            canvas.blit(glyph, x, y, 3 if i % 2 else -1, pal2)
        for i in range(16):
            canvas.fill_rect((i * 7) % cw, (i * 5) % ch, 9, 6, i)
        canvas.text("Strip!", 3, ch - 8, 14)
        out.append(bytes(cbuf))
        pal16_buf = bytearray(32)
        pal16 = F.FrameBuffer(pal16_buf, 16, 1, F.RGB565)
        for i in range(16):
            pal16.pixel(i, 0, (i * 0x1083 + 0x0821 * (i & 3)) & 0xFFFF)
        rows = 16
        sbuf = pattern(cw * rows * 2, 5)
        strip = F.FrameBuffer(sbuf, cw, rows, F.RGB565)
        for y0 in range(0, ch, rows):
            strip.blit(canvas, 0, -y0, -1, pal16)
            out.append(bytes(sbuf))
        # Unaligned and keyed variants of the same conversion.
        obuf, odd = new_fb(31, 9, F.RGB565)
        for x, y, key in ((0, 0, -1), (-1, -3, -1), (3, 2, pal16.pixel(1, 0)), (-5, 1, -1),
                          (25, 4, -1), (2, -1, pal16.pixel(3, 0))):
            odd.blit(canvas, x, y, key, pal16)
        out.append(bytes(obuf))
        tbuf, tfb = new_fb(cw, 8, F.RGB565)
        tfb.blit((cbuf, cw, ch, F.GS4_HMSB), 0, -3, -1, (pal16_buf, 16, 1, F.RGB565))
        out.append(bytes(tbuf))
        gbuf, gfb = new_fb(33, 17, F.GS4_HMSB)
        gfb.blit(canvas, -1, -1)
        gfb.blit(canvas, 2, 3)
        gfb.blit(canvas, 3, 1, 1)
        rev_buf = bytearray(8)
        rev = F.FrameBuffer(rev_buf, 16, 1, F.GS4_HMSB)
        for i in range(16):
            rev.pixel(i, 0, 15 - i)
        gfb.blit(canvas, -2, 5, -1, rev)
        gfb.blit(canvas, 7, -4, 6, rev)
        out.append(bytes(gbuf))
    return b"".join(out)


SCENES = (scene_fill, scene_pixels, scene_rects, scene_lines, scene_ellipses, scene_polys,
          scene_text, scene_scroll, scene_blit)
SIZES = ((240, 240), (37, 23), (13, 135), (8, 8), (1, 1))


def scenes():
    yield "palette_blits", scene_palette_blits()
    for fname, fmt in FORMATS:
        for w, h in SIZES:
            for scene in SCENES:
                name = "%s_%s_%dx%d" % (scene.__name__, fname, w, h)
                yield name, scene(w, h, fmt)
    # A stride wider than the width must leave the bytes between rows alone.
    for fname, fmt in FORMATS:
        buf, fb = new_fb(21, 13, fmt, 30)
        fb.fill(5)
        fb.fill_rect(-2, 3, 40, 4, 2)
        fb.text("Str", 0, 2, 1)
        fb.scroll(2, 1)
        fb.ellipse(10, 6, 12, 4, 3, True)
        fb.blit((pattern(800, 9), 17, 9, fmt, 19), 4, 3, 0)
        yield "stride_" + fname, bytes(buf)


def random_ops(fb, ops, sprites):
    for op in ops:
        name = op[0]
        args = list(op[1:])
        if name == "blit":
            args[0] = sprites[args[0]]
            if len(args) > 4 and args[4] is not None:
                args[4] = sprites[args[4]]
        elif name == "poly":
            args[2] = array("h", args[2])
        getattr(fb, name)(*args)
"""

RANDOM_SCRIPT = r"""
def random_scenes(cases):
    for name, fmt, w, h, ops in cases:
        sprites = {}
        sprites["mono"] = make_sprite(F.MONO_HLSB, 9, 10, 3)[1]
        sprites["gs4"] = make_sprite(F.GS4_HMSB, 13, 6, 4)[1]
        sprites["rgb"] = make_sprite(F.RGB565, 7, 5, 5)[1]
        sprites["pal2"] = make_sprite(F.GS4_HMSB, 2, 1, 6)[1]
        sprites["pal16"] = make_sprite(F.RGB565, 16, 1, 7)[1]
        sprites["same"] = make_sprite(fmt, 12, 9, 8)[1]
        buf, fb = new_fb(w, h, fmt)
        random_ops(fb, ops, sprites)
        yield name, bytes(buf)
"""


ERRORS_SCRIPT = r"""
import framebuf as F
from array import array

buf = bytearray(200)
fb = F.FrameBuffer(buf, 10, 10, F.GS8)


def attempt(f):
    try:
        r = f()
        return "ok %r" % (r,)
    except Exception as e:
        return type(e).__name__


checks = (
    lambda: F.FrameBuffer(bytearray(99), 10, 10, F.GS8),
    lambda: F.FrameBuffer(bytearray(100), 10, 10, F.GS8),
    lambda: F.FrameBuffer(bytearray(100), 0, 10, F.GS8),
    lambda: F.FrameBuffer(bytearray(100), 10, -1, F.GS8),
    lambda: F.FrameBuffer(bytearray(100), 10, 5, F.GS8, 9),
    lambda: F.FrameBuffer(bytearray(100), 10, 10, 7),
    lambda: F.FrameBuffer(b"x" * 100, 10, 10, F.GS8),
    lambda: F.FrameBuffer(bytearray(14), 9, 3, F.GS4_HMSB),
    lambda: F.FrameBuffer(bytearray(15), 9, 3, F.GS4_HMSB),
    lambda: F.FrameBuffer(bytearray(19), 10, 9, F.MONO_VLSB),
    lambda: F.FrameBuffer(bytearray(20), 10, 9, F.MONO_VLSB),
    lambda: F.FrameBuffer(bytearray(15), 5, 9, F.MONO_VLSB, 10),
    lambda: F.FrameBuffer(bytearray(5), 5, 3, F.MONO_HLSB, 9),
    lambda: F.FrameBuffer(bytearray(4), 5, 3, F.MONO_HLSB, 9),
    lambda: F.FrameBuffer(bytearray(65), 9, 3, F.RGB565, 12),
    lambda: F.FrameBuffer(bytearray(66), 9, 3, F.RGB565, 12),
    lambda: F.FrameBuffer(bytearray(8), 9, 3, F.GS2_HMSB),
    lambda: F.FrameBuffer(bytearray(9), 9, 3, F.GS2_HMSB),
    lambda: F.FrameBuffer(memoryview(bytearray(100)), 10, 10, F.GS8),
    lambda: F.FrameBuffer(array("H", range(50)), 10, 10, F.GS8),
    lambda: F.FrameBuffer1(bytearray(20), 10, 9),
    lambda: fb.pixel(1.5, 0),
    lambda: fb.pixel(True, 0),
    lambda: fb.pixel(3, 4, 300),
    lambda: fb.pixel(3, 4),
    lambda: fb.pixel(-1, 4),
    lambda: fb.pixel(10, 4, 1),
    lambda: fb.fill_rect(0, 0, 2.0, 2, 1),
    lambda: fb.rect(0, 0, 2, 2, 1, True),
    lambda: fb.poly(0, 0, [1, 2, 3, 4], 1),
    lambda: fb.poly(0, 0, array("f", [1, 2, 3, 4]), 1),
    lambda: fb.poly(0, 0, bytearray([1, 2, 3, 4, 5, 6]), 1, True),
    lambda: fb.text(b"bytes", 0, 0),
    lambda: fb.text(5, 0, 0),
    lambda: fb.blit(bytearray(3), 0, 0),
    lambda: fb.blit((bytearray(100), 10, 10), 0, 0),
    lambda: fb.blit((b"x" * 100, 10, 10, F.GS8), 0, 0),
    lambda: fb.blit([bytearray(100), 10, 10, F.GS8, 10], 0, 0, 1, None),
    lambda: fb.blit((bytearray(9), 10, 10, F.GS8), 0, 0),
    lambda: fb.blit(fb, 0, 0, key=1),
    lambda: fb.text("a", 0, 0, c=1),
    lambda: fb.scroll(1, 1),
    lambda: fb.ellipse(5, 5, 0, 0, 9, True, 1),
    lambda: fb.pixel(5, 5),
    lambda: (F.MONO_VLSB, F.MVLSB, F.RGB565, F.GS4_HMSB, F.MONO_HLSB, F.MONO_HMSB,
             F.GS2_HMSB, F.GS8),
    lambda: [n for n in ("width", "height", "stride", "format", "buffer") if hasattr(fb, n)],
)
RESULTS = [attempt(f) for f in checks]
"""


def test_errors_and_edge_cases_match_micropython():
    """Same exceptions (by type) and return values for bad and borderline calls."""
    real = run_mpy(ERRORS_SCRIPT + "print(repr(RESULTS))\n").stdout.strip()
    namespace: dict = {}
    exec(compile(ERRORS_SCRIPT, "<errors script>", "exec"), namespace)  # noqa: S102
    assert eval(real) == namespace["RESULTS"]  # noqa: S307


def _random_cases(seed: int, n_ops: int) -> list:
    """Random drawing programs: (name, format, width, height, ops)."""
    rng = random.Random(seed)
    canvases = [
        ("rand_gs4", framebuf.GS4_HMSB, 61, 47),
        ("rand_rgb565", framebuf.RGB565, 29, 31),
        ("rand_hlsb", framebuf.MONO_HLSB, 45, 19),
        ("rand_vlsb", framebuf.MONO_VLSB, 23, 21),
        ("rand_gs8", framebuf.GS8, 17, 33),
    ]
    cases = []
    for name, fmt, w, h in canvases:
        ops = []

        def coord(limit):
            return rng.randint(-20, limit + 20)

        def size(limit):
            return rng.randint(-4, limit + 10)

        def colour():
            return rng.choice([0, 1, 2, 3, 7, 15, 0xF800, 0x1234, 0xFFFF, 0x1FFFF, -1])

        for _ in range(n_ops // len(canvases)):
            kind = rng.choice(
                [
                    "fill_rect",
                    "rect",
                    "hline",
                    "vline",
                    "line",
                    "pixel",
                    "ellipse",
                    "poly",
                    "text",
                    "scroll",
                    "blit",
                    "fill",
                ]
            )
            if kind == "fill_rect":
                ops.append((kind, coord(w), coord(h), size(w), size(h), colour()))
            elif kind == "rect":
                ops.append(
                    (kind, coord(w), coord(h), size(w), size(h), colour(), rng.random() < 0.5)
                )
            elif kind in ("hline", "vline"):
                ops.append((kind, coord(w), coord(h), size(max(w, h)), colour()))
            elif kind == "line":
                ops.append((kind, coord(w), coord(h), coord(w), coord(h), colour()))
            elif kind == "pixel":
                ops.append((kind, coord(w), coord(h), colour()))
            elif kind == "ellipse":
                ops.append(
                    (
                        kind,
                        coord(w),
                        coord(h),
                        rng.randint(0, w),
                        rng.randint(0, h),
                        colour(),
                        rng.random() < 0.5,
                        rng.randint(0, 15),
                    )
                )
            elif kind == "poly":
                pts = [rng.randint(-10, 25) for _ in range(2 * rng.randint(1, 7))]
                ops.append((kind, coord(w), coord(h), pts, colour(), rng.random() < 0.6))
            elif kind == "text":
                s = "".join(chr(rng.randint(32, 126)) for _ in range(rng.randint(1, 6)))
                ops.append((kind, s, coord(w), coord(h), colour()))
            elif kind == "scroll":
                ops.append(
                    (
                        kind,
                        rng.randint(-w - 2, w + 2) // rng.choice([1, 3, 9]),
                        rng.randint(-h - 2, h + 2) // rng.choice([1, 3, 9]),
                    )
                )
            elif kind == "blit":
                src = rng.choice(["mono", "gs4", "rgb", "same"])
                pal = None
                if src == "mono" and rng.random() < 0.5:
                    pal = "pal2"
                elif src == "gs4" and rng.random() < 0.5:
                    pal = "pal16"
                key = rng.choice([-1, -1, 0, 1, 3, 0xF800])
                ops.append((kind, src, coord(w), coord(h), key, pal))
            else:
                ops.append((kind, colour()))
        cases.append((name, fmt, w, h, ops))
    return cases


def _run_micropython(code: str) -> dict[str, str]:
    proc = run_mpy(code, heap="16M", timeout=120)
    out = {}
    for line in proc.stdout.splitlines():
        name, _, data = line.partition(" ")
        out[name] = data
    return out


def _run_cpython(code: str, call: str) -> dict[str, str]:
    namespace: dict = {}
    exec(compile(code, "<scene script>", "exec"), namespace)  # noqa: S102
    return {name: data.hex() for name, data in eval(call, namespace)}  # noqa: S307


def _assert_same(real: dict[str, str], ours: dict[str, str]) -> None:
    assert list(real) == list(ours), "scene lists differ"
    bad = []
    for name, data in real.items():
        mine = ours[name]
        if mine != data:
            at = (
                next(i for i, (a, b) in enumerate(zip(data, mine)) if a != b) // 2
                if len(mine) == len(data)
                else "length %d != %d" % (len(mine), len(data))
            )
            bad.append("%s: first difference at byte %s" % (name, at))
    assert not bad, "stand-in differs from MicroPython:\n" + "\n".join(bad)


@pytest.fixture(scope="module")
def scene_results():
    real = _run_micropython(
        SCENE_SCRIPT + "\nfor name, data in scenes():\n    print(name, data.hex())\n"
    )
    ours = _run_cpython(SCENE_SCRIPT, "list(scenes())")
    return real, ours


def test_scene_count(scene_results):
    real, ours = scene_results
    assert len(real) == len(ours) > 250


@pytest.mark.parametrize(
    "prefix",
    [
        "palette_blits",
        "scene_fill",
        "scene_pixels",
        "scene_rects",
        "scene_lines",
        "scene_ellipses",
        "scene_polys",
        "scene_text",
        "scene_scroll",
        "scene_blit",
        "stride_",
    ],
)
def test_scenes_match_micropython(scene_results, prefix):
    real, ours = scene_results
    pick = {k: v for k, v in real.items() if k.startswith(prefix)}
    assert pick, prefix
    _assert_same(pick, {k: ours[k] for k in pick})


@pytest.mark.parametrize("seed", [20240607, 7, 1234])
def test_random_programs_match_micropython(seed):
    cases = _random_cases(seed=seed, n_ops=300)
    code = SCENE_SCRIPT + RANDOM_SCRIPT + "\nCASES = %r\n" % (cases,)
    real = _run_micropython(
        code + "for name, data in random_scenes(CASES):\n    print(name, data.hex())\n"
    )
    ours = _run_cpython(code, "list(random_scenes(CASES))")
    assert len(real) == 5
    _assert_same(real, ours)
