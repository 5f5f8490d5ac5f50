"""Icons from icons.bin (made by tools/assets.py from assets/icons/*.png).

Screens draw them with `canvas.icon(icons, name, x, y, color)`, which marks what changed
(drawing into the canvas's FrameBuffer directly would not be sent). 1-bit icons are drawn in
a colour of the caller's choice (the ink), over a background colour
or transparently (bg=-1). 4-bit icons carry their own palette indices; index 0 is transparent
(or painted `bg` when bg >= 0) and `color` is ignored. Works on a FrameBuffer of any format for
1-bit icons; 4-bit icons are meant for the GS4_HMSB canvas.

The file is read once into one bytearray; each small icon's FrameBuffer is made the first time
it is drawn and kept (about 48 B each on the Pico), so draw() allocates nothing after that.
File layout: see tools/assets.py.
"""

import framebuf
from micropython import const

_HEADER = const(8)
# Big icons (the 32x32 menu pictures) are drawn only when a whole screen is drawn: their
# FrameBuffer is made for the draw and not kept, so they do not sit in the heap between.
_NO_CACHE_AREA = const(1024)
_FIND = hasattr(bytearray, "find")    # a port without it walks the index in Python


class Icons:
    def __init__(self, path):
        with open(path, "rb") as f:
            f.seek(0, 2)
            size = f.tell()
            f.seek(0)
            data = bytearray(size)  # writable: FrameBuffer wants a writable buffer
            f.readinto(data)
        if data[0:4] != b"ICN1":
            raise ValueError("not an icons file: %s" % path)
        index_size = data[6] | (data[7] << 8)
        self._data = data
        self._index_end = _HEADER + index_size
        self._pixels = memoryview(data)[_HEADER + index_size :]
        # name -> offset of its width byte in the index (-1: no such icon), filled as names
        # are asked for: a screen uses a few of the icons, and a dict of every name would
        # sit in the heap for nothing. FrameBuffers cached per name.
        self._where = {}
        self._fbs = {}
        self._pal = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
        self._pal16 = None  # palette for 4-bit icons over a background, made when needed

    def forget(self):
        """Let the names looked up and the FrameBuffers made so far go (made again when
        next drawn): a table whose cards bring icon after icon keeps only those on show."""
        self._where = {}
        self._fbs = {}

    def _entry(self, name):
        """Offset of icon `name`'s width byte in the index, -1 if there is none (looked up in
        the file's index the first time, then remembered)."""
        p = self._where.get(name)
        if p is None:
            key = name.encode()
            n = len(key)
            data = self._data
            p = -1
            if n >= 3 and _FIND:
                # In C: the name after its length byte. Only an entry's start matches: names
                # are printable and longer than 2, a length is under 32 and bpp is 1 or 4,
                # so no match can begin in a name or in an entry's numbers (a first draw
                # looked up ~30 names one Python step per entry: ~17 ms of Match &
                # Collect's first table frame on the emulated RP2040).
                at = data.find(bytes((n,)) + key, _HEADER, self._index_end)
                if at >= 0:
                    p = at + 1 + n
            else:
                at = _HEADER
                for _ in range(data[4] | (data[5] << 8)):
                    k = data[at]
                    if k == n and data[at + 1 : at + 1 + k] == key:
                        p = at + 1 + k
                        break
                    at += k + 6
            self._where[name] = p
        return p

    def names(self):
        """All icon names, sorted."""
        data = self._data
        out = []
        at = _HEADER
        for _ in range(data[4] | (data[5] << 8)):
            k = data[at]
            out.append(bytes(data[at + 1 : at + 1 + k]).decode())
            at += k + 6
        return sorted(out)

    def has(self, name):
        return self._entry(name) >= 0

    def size(self, name):
        """(width, height) of icon `name` in pixels."""
        p = self._entry(name)
        if p < 0:
            raise KeyError("no icon named %r" % name)
        return self._data[p], self._data[p + 1]

    def _fb(self, name, p):
        d = self._data
        w, h, bpp = d[p], d[p + 1], d[p + 2]
        off = d[p + 3] | (d[p + 4] << 8)
        if bpp == 1:
            size, fmt = ((w + 7) >> 3) * h, framebuf.MONO_HLSB
        else:
            size, fmt = ((w + 1) >> 1) * h, framebuf.GS4_HMSB
        fb = framebuf.FrameBuffer(self._pixels[off : off + size], w, h, fmt)
        if w * h < _NO_CACHE_AREA:
            self._fbs[name] = fb
        return fb

    def draw(self, fb, name, x, y, color, bg=-1):
        """Draw icon `name` with its top-left at (x, y). 1-bit: ink in `color`, the rest in
        `bg` (or left alone when bg is -1). 4-bit: own colours, index 0 -> bg or transparent."""
        p = self._entry(name)
        if p < 0:
            raise KeyError("no icon named %r" % name)
        icon = self._fbs.get(name)
        if icon is None:
            icon = self._fb(name, p)
        if self._data[p + 2] == 1:
            pal = self._pal
            if bg < 0:
                key = color ^ 1
                pal.pixel(0, 0, key)
            else:
                key = -1
                pal.pixel(0, 0, bg)
            pal.pixel(1, 0, color)
            fb.blit(icon, x, y, key, pal)
        elif bg < 0:
            fb.blit(icon, x, y, 0)
        else:
            pal = self._pal16
            if pal is None:
                pal = framebuf.FrameBuffer(bytearray(32), 16, 1, framebuf.RGB565)
                for i in range(1, 16):
                    pal.pixel(i, 0, i)
                self._pal16 = pal
            pal.pixel(0, 0, bg)
            fb.blit(icon, x, y, -1, pal)
