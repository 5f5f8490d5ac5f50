"""Bitmap fonts with French characters, read from the font_*.bin files tools/assets.py makes.

MicroPython's framebuf.text() knows ASCII only, so the fonts are drawn here. On MicroPython
native code (viper, core/font_viper.py) sets each string's inked pixels straight into the canvas's
GS4_HMSB buffer and sums advances, one call per string. The plain path (CPython, a port
without viper, and any FrameBuffer that is not a Canvas's)
draws glyph by glyph with framebuf.blit: each glyph a small MONO_HLSB FrameBuffer over the
font's bytes, blitted through a 2-entry palette (0 -> key, 1 -> colour) so only the inked
pixels are written and the background stays; both paths set the same pixels
(tests/test_speed_text.py). The plain path works on a FrameBuffer of any format (colour is a
value of that format).

File layout: see tools/assets.py. The whole file is read once into one bytearray. Under
CPython the plain path keeps each glyph's FrameBuffer once drawn (text() then allocates
nothing); under MicroPython it makes them per draw (see _CACHE).

Memory, measured with gc.mem_free() on the MicroPython unix port (64-bit: pointers and
objects are twice a Pico's, so the Pico needs less): loading font_small.bin (2.3 KB file, 149
glyphs) takes 4.0 KB, font_large.bin (2.9 KB) 4.6 KB; about 2.9 and 3.5 KB on a Pico. A kept
glyph (CPython's plain path) is a FrameBuffer and a memoryview, about 35 B on a Pico.
"""

import sys

import framebuf
from micropython import const

from core import native

_HEADER = const(16)
_ASCII_FIRST = const(32)
_ASCII_LAST = const(126)
_ELLIPSIS = "\u2026"
# A lone one of these after a space must stay on the line before it (French puts a space
# before ? ! : ; and »); « must stay with the word after it.
_GLUE_BEFORE = "?!:;\u00bb%"
_GLUE_AFTER = "\u00ab"


def _u16(d, o):
    return d[o] | (d[o + 1] << 8)


# The fast path: native code (viper, core/font_viper.py: its doc says what it does), loaded
# by core.native on MicroPython; CPython, or a port without viper, keeps the plain paths below,
# which draw the same pixels (tests/test_speed_text.py). One call per string instead of a few
# dozen bytecodes per character: on the emulated RP2040 a call costs ~6-19 us, a 30-character
# line took 6.2 ms to draw and 4.3 ms to measure (docs/PERFORMANCE.md at ef6896e, "Drawing
# speed").
_native = native.load("core.font_viper")
_v_text = _native["text"] if _native is not None else None
del _native
_P = None
if _v_text is not None:
    import array

    _P = array.array("i", bytes(32))  # the fast paths' parameters, filled per call
_PAL: list = [None]  # the plain path's 2-colour palette (key, ink), made on first use
# The plain path keeps each glyph's FrameBuffer under CPython (the simulator: no allocation
# per draw); under MicroPython it is only the fallback of a port without viper, which makes
# them per draw rather than keep ~5 KB of them (the Pico, drawing natively, keeps none).
_CACHE = sys.implementation.name != "micropython"


class Font:
    """A bitmap font. `height` is the glyph box (y given to text() is its top edge),
    `line_height` the suggested line pitch, `baseline` rows from the top to the baseline."""

    def __init__(self, path):
        with open(path, "rb") as f:
            f.seek(0, 2)
            size = f.tell()
            f.seek(0)
            data = bytearray(size)  # writable: FrameBuffer wants a writable buffer
            f.readinto(data)
        if data[0:4] != b"FNT1":
            raise ValueError("not a font file: %s" % path)
        self._data = data
        self.height = data[4]
        self.baseline = data[5]
        self.line_height = data[6]
        n = _u16(data, 8)
        self._count = n
        self._default = _u16(data, 10)
        self._cps = _HEADER  # offset of the code point table
        self._met = _HEADER + 2 * n  # offset of the metrics (8 bytes per glyph)
        self._bits = memoryview(data)[_HEADER + 10 * n :]
        self._glyphs: list | None = None  # the plain path's glyph FrameBuffers (on first use)

    def _index(self, cp):
        """Glyph index of code point `cp` (the '?' glyph when the font lacks it)."""
        if _ASCII_FIRST <= cp <= _ASCII_LAST:
            return cp - _ASCII_FIRST
        d = self._data
        lo = _ASCII_LAST - _ASCII_FIRST + 1
        hi = self._count - 1
        base = self._cps
        while lo <= hi:
            mid = (lo + hi) >> 1
            v = _u16(d, base + 2 * mid)
            if v == cp:
                return mid
            if v < cp:
                lo = mid + 1
            else:
                hi = mid - 1
        return self._default

    def has(self, ch):
        """True when the font has a glyph of its own for character `ch`."""
        i = self._index(ord(ch))
        return i != self._default or ch == "?"

    def _glyph(self, i):
        m = self._met + 8 * i
        d = self._data
        w, h = d[m + 3], d[m + 4]
        off = _u16(d, m + 6)
        size = ((w + 7) >> 3) * h
        g = framebuf.FrameBuffer(self._bits[off : off + size], w, h, framebuf.MONO_HLSB)
        if _CACHE and self._glyphs is not None:
            self._glyphs[i] = g
        return g

    def text(self, fb, s, x, y, color, canvas=None):
        """Draw `s` with its glyph box's top-left at (x, y) in `color`; return the x after the
        last character. Pixels outside the glyphs' ink are left as they are. `canvas`: the
        core.canvas.Canvas whose GS4_HMSB FrameBuffer `fb` is, for the native fast path."""
        if canvas is not None and _v_text is not None:
            p = _P
            p[0] = x + 0x8000   # biased: see core/font_viper.py
            p[1] = y + 0x8000
            p[2] = color
            p[3] = canvas.width
            p[4] = canvas.height
            p[5] = len(s)
            p[6] = self._count
            p[7] = self._default
            return _v_text(canvas.buf, self._data, s, p) - 0x8000
        pal = _PAL[0]
        if pal is None:
            pal = _PAL[0] = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
        key = color ^ 1  # any value other than color: palette entry 0 maps to it, blit skips it
        pal.pixel(0, 0, key)
        pal.pixel(1, 0, color)
        d = self._data
        met = self._met
        glyphs = self._glyphs
        if glyphs is None:
            glyphs = self._glyphs = [None] * (self._count if _CACHE else 1)
        for ch in s:
            i = self._index(ord(ch))
            m = met + 8 * i
            if d[m + 3]:
                g = glyphs[i] if _CACHE else None
                if g is None:
                    g = self._glyph(i)
                xo = d[m + 1]
                if xo > 127:
                    xo -= 256
                fb.blit(g, x + xo, y + d[m + 2], key, pal)
            x += d[m]
        return x

    def advance(self, ch):
        """Advance width of one character in pixels."""
        return self._data[self._met + 8 * self._index(ord(ch))]

    def width(self, s):
        """Width of `s` in pixels (sum of the advances)."""
        if _v_text is not None:
            p = _P
            p[0] = 0x8000
            p[1] = 0x8000
            p[2] = 0x3FFFFFFF   # no limit (a small int on a 32-bit port: viper loads it)
            p[3] = 0   # a 0x0 target: measure only
            p[4] = 0
            p[5] = len(s)
            p[6] = self._count
            p[7] = self._default
            return _v_text(self._data, self._data, s, p) - 0x8000
        d = self._data
        met = self._met
        w = 0
        for ch in s:
            w += d[met + 8 * self._index(ord(ch))]
        return w

    def fit(self, s, max_width):
        """`s` if it fits in max_width pixels, else its longest head that fits followed by '…'
        (trailing spaces dropped); '' when not even '…' fits."""
        if self.width(s) <= max_width:
            return s
        room = max_width - self.advance(_ELLIPSIS)
        if room < 0:
            return ""
        if _v_text is not None:
            p = _P
            p[0] = 0x8000
            p[1] = 0x8000
            p[2] = room   # measure up to room: p[5] = the chars that fit
            p[3] = 0
            p[4] = 0
            p[5] = len(s)
            p[6] = self._count
            p[7] = self._default
            _v_text(self._data, self._data, s, p)
            return s[: p[5]].rstrip() + _ELLIPSIS
        w = 0
        n = 0
        for ch in s:
            w += self.advance(ch)
            if w > room:
                break
            n += 1
        return s[:n].rstrip() + _ELLIPSIS

    def _tokens(self, para):
        """Words of a paragraph, with French spaced punctuation kept on its word's line."""
        out = []
        glue_next = False
        for word in para.split(" "):
            if not word:
                continue
            if out and (glue_next or (len(word) == 1 and word in _GLUE_BEFORE)):
                out[-1] = out[-1] + " " + word
            else:
                out.append(word)
            glue_next = word == _GLUE_AFTER
        return out

    def _break_word(self, word, max_width, lines):
        """Split a word wider than max_width over several lines; return the last piece."""
        start = 0
        w = 0
        for i, ch in enumerate(word):
            a = self.advance(ch)
            if w + a > max_width and i > start:
                lines.append(word[start:i])
                start = i
                w = 0
            w += a
        return word[start:]

    def wrap(self, s, max_width):
        """Lines of `s` word-wrapped to max_width pixels. '\\n' starts a new line (an empty
        line stays empty); runs of spaces collapse at line breaks; a word wider than the line
        is cut where it must; a lone ? ! : ; » % never starts a line and « never ends one."""
        if "\n" not in s and s[:1] != " " and s[-1:] != " " and "  " not in s and (
                self.width(s) <= max_width):
            return [s]          # one line as it is (a message: ~7 ms less on a Pico)
        lines = []
        space = self.advance(" ")
        for para in s.split("\n"):
            line = ""
            lw = 0
            words = self._tokens(para)
            i = 0
            while i < len(words):
                word = words[i]
                i += 1
                ww = self.width(word)
                if line and lw + space + ww <= max_width:
                    line = line + " " + word
                    lw += space + ww
                    continue
                if ww > max_width and " " in word:
                    # glued punctuation that cannot fit even alone: let it go after all
                    words[i:i] = word.split(" ")
                    continue
                if line:
                    lines.append(line)
                if ww > max_width:
                    word = self._break_word(word, max_width, lines)
                    ww = self.width(word)
                line = word
                lw = ww
            lines.append(line)
        return lines
