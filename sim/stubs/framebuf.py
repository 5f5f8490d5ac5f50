"""CPython stand-in for MicroPython's `framebuf` module, pixel-identical to the real one.

Every drawing routine follows MicroPython's extmod/modframebuf.c step by step (same
clipping, same Bresenham line, same ellipse and polygon-fill integer arithmetic, same
treatment of colours per format), so a canvas drawn in the simulator holds the very bytes
the Pico would hold. tests/test_framebuf_parity.py checks this against the real module run
in the MicroPython unix port.

Deliberate likenesses with the device, so that code which works here also works there:
- methods take positional arguments only (MicroPython raises TypeError on keywords);
- coordinates and colours must be ints (a float raises TypeError, as on the device);
- the object exposes no width/height attributes (the native type has none);
- `poly` wants a buffer (e.g. array('h', ...)), not a list;
- `blit` takes a FrameBuffer or a (buffer, width, height, format[, stride]) tuple/list.
Unlike the native type it does not implement the buffer protocol (CPython 3.11 classes
cannot): keep a reference to the bytearray you built it on.

RGB565 pixels are stored little-endian, as MicroPython does on little-endian hosts and on
the Pico. Hot paths (fill, fill_rect, row copies, GS4 -> RGB565 palette blits) work row-wise
with slice assignment so a 240x240 canvas stays quick to draw.
"""

from operator import index as _int

from font_petme128_8x8 import FONT as _FONT

MONO_VLSB = 0
MVLSB = 0
RGB565 = 1
GS4_HMSB = 2
MONO_HLSB = 3
MONO_HMSB = 4
GS2_HMSB = 5
GS8 = 6

_ELLIPSE_MASK_FILL = 0x10
_ELLIPSE_MASK_ALL = 0x0F
_ELLIPSE_MASK_Q1 = 0x01
_ELLIPSE_MASK_Q2 = 0x02
_ELLIPSE_MASK_Q3 = 0x04
_ELLIPSE_MASK_Q4 = 0x08

_U32 = 0xFFFFFFFF
_NO_ARG = object()

# Per-bit tables for bytes.translate: set or clear one bit in every byte of a slice.
_OR_BIT = [bytes(b | (1 << k) for b in range(256)) for k in range(8)]
_AND_NOT_BIT = [bytes(b & ~(1 << k) for b in range(256)) for k in range(8)]


def _bits_from_buffer(obj, writable):
    """A flat unsigned-byte memoryview of `obj`, as mp_get_buffer_raise would give."""
    try:
        mv = memoryview(obj)
    except TypeError:
        raise TypeError("object with buffer protocol required") from None
    if writable and mv.readonly:
        raise TypeError("object with buffer protocol required")
    if mv.format != "B" or mv.ndim != 1:
        mv = mv.cast("B")
    return mv


def _root_object(obj):
    """The object that owns the memory behind `obj` (to spot a blit from a buffer to itself)."""
    while isinstance(obj, memoryview) and obj.obj is not None:
        obj = obj.obj
    return obj


def _cdiv(a, b):
    """C integer division (truncates toward zero)."""
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


class FrameBuffer:
    """FrameBuffer(buffer, width, height, format, stride=width) -- see MicroPython docs."""

    def __init__(self, buffer, width, height, format, stride=_NO_ARG, /):
        self._setup(buffer, width, height, format, stride, True)

    def __repr__(self):
        return "<FrameBuffer>"

    # -- construction -------------------------------------------------------------------

    def _setup(self, buffer, width, height, fmt, stride, writable):
        width = _int(width)
        height = _int(height)
        fmt = _int(fmt)
        stride = width if stride is _NO_ARG else _int(stride)
        if (
            width < 1
            or height < 1
            or width > 0xFFFF
            or height > 0xFFFF
            or stride > 0xFFFF
            or stride < width
        ):
            raise ValueError()
        bpp = 1
        height_required = height
        width_required = width
        strides_required = height - 1
        if fmt == MONO_VLSB:
            height_required = (height + 7) & ~7
            strides_required = height_required - 8
        elif fmt == MONO_HLSB or fmt == MONO_HMSB:
            stride = (stride + 7) & ~7
            width_required = (width + 7) & ~7
        elif fmt == GS2_HMSB:
            stride = (stride + 3) & ~3
            width_required = (width + 3) & ~3
            bpp = 2
        elif fmt == GS4_HMSB:
            stride = (stride + 1) & ~1
            width_required = (width + 1) & ~1
            bpp = 4
        elif fmt == GS8:
            bpp = 8
        elif fmt == RGB565:
            bpp = 16
        else:
            raise ValueError("invalid format")
        buf = _bits_from_buffer(buffer, writable)
        needed = (
            (strides_required * stride + (height_required - strides_required) * width_required)
            * bpp
            // 8
        )
        if needed > buf.nbytes:
            raise ValueError()
        self._buf_obj = buffer
        self._buf = buf
        self._w = width
        self._h = height
        self._stride = stride
        self._fmt = fmt
        make = _FORMATS[fmt]
        self._set, self._get, self._fill = make(buf, stride, fmt)

    # -- drawing --------------------------------------------------------------------------

    def fill(self, c, /):
        self._fill(0, 0, self._w, self._h, _int(c))

    def fill_rect(self, x, y, w, h, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), _int(h), _int(c))

    def _fill_rect(self, x, y, w, h, c):
        if h < 1 or w < 1 or x + w <= 0 or y + h <= 0 or y >= self._h or x >= self._w:
            return
        xend = min(self._w, x + w)
        yend = min(self._h, y + h)
        x = max(x, 0)
        y = max(y, 0)
        self._fill(x, y, xend - x, yend - y, c)

    def pixel(self, x, y, c=_NO_ARG, /):
        x = _int(x)
        y = _int(y)
        if 0 <= x < self._w and 0 <= y < self._h:
            if c is _NO_ARG:
                return self._get(x, y)
            self._set(x, y, _int(c))
        return None

    def hline(self, x, y, w, c, /):
        self._fill_rect(_int(x), _int(y), _int(w), 1, _int(c))

    def vline(self, x, y, h, c, /):
        self._fill_rect(_int(x), _int(y), 1, _int(h), _int(c))

    def rect(self, x, y, w, h, c, f=False, /):
        x, y, w, h, c = _int(x), _int(y), _int(w), _int(h), _int(c)
        if f:
            self._fill_rect(x, y, w, h, c)
        else:
            self._fill_rect(x, y, w, 1, c)
            self._fill_rect(x, y + h - 1, w, 1, c)
            self._fill_rect(x, y, 1, h, c)
            self._fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c, /):
        self._line(_int(x1), _int(y1), _int(x2), _int(y2), _int(c))

    def _line(self, x1, y1, x2, y2, col):
        width = self._w
        height = self._h
        setpixel = self._set
        dx = x2 - x1
        if dx > 0:
            sx = 1
        else:
            dx = -dx
            sx = -1
        dy = y2 - y1
        if dy > 0:
            sy = 1
        else:
            dy = -dy
            sy = -1
        if dy > dx:
            x1, y1 = y1, x1
            dx, dy = dy, dx
            sx, sy = sy, sx
            steep = True
        else:
            steep = False
        e = 2 * dy - dx
        for _ in range(dx):
            if steep:
                if 0 <= y1 < width and 0 <= x1 < height:
                    setpixel(y1, x1, col)
            elif 0 <= x1 < width and 0 <= y1 < height:
                setpixel(x1, y1, col)
            while e >= 0:
                y1 += sy
                e -= 2 * dx
            x1 += sx
            e += 2 * dy
        if 0 <= x2 < width and 0 <= y2 < height:
            setpixel(x2, y2, col)

    def _setpixel_checked(self, x, y, col, mask):
        if mask and 0 <= x < self._w and 0 <= y < self._h:
            self._set(x, y, col)

    def _ellipse_points(self, cx, cy, x, y, col, mask):
        if mask & _ELLIPSE_MASK_FILL:
            if mask & _ELLIPSE_MASK_Q1:
                self._fill_rect(cx, cy - y, x + 1, 1, col)
            if mask & _ELLIPSE_MASK_Q2:
                self._fill_rect(cx - x, cy - y, x + 1, 1, col)
            if mask & _ELLIPSE_MASK_Q3:
                self._fill_rect(cx - x, cy + y, x + 1, 1, col)
            if mask & _ELLIPSE_MASK_Q4:
                self._fill_rect(cx, cy + y, x + 1, 1, col)
        else:
            self._setpixel_checked(cx + x, cy - y, col, mask & _ELLIPSE_MASK_Q1)
            self._setpixel_checked(cx - x, cy - y, col, mask & _ELLIPSE_MASK_Q2)
            self._setpixel_checked(cx - x, cy + y, col, mask & _ELLIPSE_MASK_Q3)
            self._setpixel_checked(cx + x, cy + y, col, mask & _ELLIPSE_MASK_Q4)

    def ellipse(self, x, y, xr, yr, c, f=False, m=_NO_ARG, /):
        cx, cy, xr, yr, col = _int(x), _int(y), _int(xr), _int(yr), _int(c)
        mask = _ELLIPSE_MASK_FILL if f else 0
        if m is _NO_ARG:
            mask |= _ELLIPSE_MASK_ALL
        else:
            mask |= _int(m) & _ELLIPSE_MASK_ALL
        if xr == 0 and yr == 0:
            # The algorithm below would never end; MicroPython draws one pixel instead.
            self._setpixel_checked(cx, cy, col, mask & _ELLIPSE_MASK_ALL)
            return
        two_asquare = 2 * xr * xr
        two_bsquare = 2 * yr * yr
        x = xr
        y = 0
        xchange = yr * yr * (1 - 2 * xr)
        ychange = xr * xr
        ellipse_error = 0
        stoppingx = two_bsquare * xr
        stoppingy = 0
        while stoppingx >= stoppingy:  # 1st set of points, y' > -1
            self._ellipse_points(cx, cy, x, y, col, mask)
            y += 1
            stoppingy += two_asquare
            ellipse_error += ychange
            ychange += two_asquare
            if (2 * ellipse_error + xchange) > 0:
                x -= 1
                stoppingx -= two_bsquare
                ellipse_error += xchange
                xchange += two_bsquare
        x = 0
        y = yr
        xchange = yr * yr
        ychange = xr * xr * (1 - 2 * yr)
        ellipse_error = 0
        stoppingx = 0
        stoppingy = two_asquare * yr
        while stoppingx <= stoppingy:  # 2nd set of points, y' < -1
            self._ellipse_points(cx, cy, x, y, col, mask)
            x += 1
            stoppingx += two_bsquare
            ellipse_error += xchange
            xchange += two_bsquare
            if (2 * ellipse_error + ychange) > 0:
                y -= 1
                stoppingy -= two_asquare
                ellipse_error += ychange
                ychange += two_asquare

    def poly(self, x, y, coords, c, f=False, /):
        x = _int(x)
        y = _int(y)
        try:
            mv = memoryview(coords)
        except TypeError:
            raise TypeError("object with buffer protocol required") from None
        values = mv.tolist() if mv.ndim == 1 else mv.cast("B").tolist()
        n_poly = len(values) // 2
        if n_poly == 0:
            return
        pts = [_int(v) for v in values[: n_poly * 2]]
        col = _int(c)
        if not f:
            px1 = pts[0]
            py1 = pts[1]
            i = n_poly * 2 - 1
            while True:
                py2 = pts[i]
                px2 = pts[i - 1]
                i -= 2
                self._line(x + px1, y + py1, x + px2, y + py2, col)
                px1 = px2
                py1 = py2
                if i < 0:
                    break
            return
        # Integer scan-line fill (http://alienryderflex.com/polygon_fill/), as MicroPython.
        ys = pts[1::2]
        for row in range(min(ys), max(ys) + 1):
            nodes = []
            px1 = pts[0]
            py1 = pts[1]
            i = n_poly * 2 - 1
            while True:
                py2 = pts[i]
                px2 = pts[i - 1]
                i -= 2
                if py1 != py2 and ((py1 > row and py2 <= row) or (py1 <= row and py2 > row)):
                    node = _cdiv(
                        32 * px1 + _cdiv(32 * (px2 - px1) * (row - py1), py2 - py1) + 16, 32
                    )
                    nodes.append(node)
                elif row == max(py1, py2):
                    # At local minima, fill in the pixels the rule above leaves out.
                    if py1 < py2:
                        self._setpixel_checked(x + px2, y + py2, col, 1)
                    elif py2 < py1:
                        self._setpixel_checked(x + px1, y + py1, col, 1)
                    else:
                        self._line(x + px1, y + py1, x + px2, y + py2, col)
                px1 = px2
                py1 = py2
                if i < 0:
                    break
            if not nodes:
                continue
            nodes.sort()
            for k in range(0, len(nodes) - 1, 2):
                self._fill_rect(x + nodes[k], y + row, nodes[k + 1] - nodes[k] + 1, 1, col)

    def text(self, s, x, y, c=1, /):
        if isinstance(s, str):
            data = s.encode("utf-8")
        elif isinstance(s, bytes):
            data = s
        else:
            raise TypeError("can't convert '%s' object to str implicitly" % type(s).__name__)
        x0 = _int(x)
        y0 = _int(y)
        col = _int(c)
        end = data.find(b"\x00")  # the C loop stops at a NUL byte
        if end >= 0:
            data = data[:end]
        width = self._w
        height = self._h
        setpixel = self._set
        for chr_ in data:
            if chr_ < 32 or chr_ > 127:
                chr_ = 127
            base = (chr_ - 32) * 8
            for j in range(8):
                if 0 <= x0 < width:
                    vline = _FONT[base + j]
                    yy = y0
                    while vline:
                        if vline & 1 and 0 <= yy < height:
                            setpixel(x0, yy, col)
                        vline >>= 1
                        yy += 1
                x0 += 1

    def scroll(self, xstep, ystep, /):
        xstep = _int(xstep)
        ystep = _int(ystep)
        width = self._w
        height = self._h
        if xstep < 0:
            if width + xstep <= 0:
                return
        elif xstep - 1 >= width - 1:
            return
        if ystep < 0:
            if height + ystep <= 0:
                return
        elif ystep - 1 >= height - 1:
            return
        # MicroPython walks the pixels in an order that always reads a pixel before it is
        # overwritten, so the result equals copying from a snapshot of the old contents.
        x_lo = max(0, xstep)
        x_hi = width + min(0, xstep)
        y_lo = max(0, ystep)
        y_hi = height + min(0, ystep)
        fmt = self._fmt
        if fmt in (GS8, RGB565) or (fmt == GS4_HMSB and not xstep & 1):
            self._scroll_rows(xstep, ystep, x_lo, x_hi, y_lo, y_hi)
            return
        old = FrameBuffer.__new__(FrameBuffer)
        old._setup(bytes(self._buf), width, height, fmt, self._stride, False)
        get = old._get
        setpixel = self._set
        for yy in range(y_lo, y_hi):
            sy = yy - ystep
            for xx in range(x_lo, x_hi):
                setpixel(xx, yy, get(xx - xstep, sy))

    def _scroll_rows(self, xstep, ystep, x_lo, x_hi, y_lo, y_hi):
        buf = self._buf
        old = bytes(buf)
        stride = self._stride
        n = x_hi - x_lo
        if self._fmt == GS4_HMSB:
            # x_lo and xstep are even here, so whole bytes move except a lone last pixel.
            nbytes = n >> 1
            for yy in range(y_lo, y_hi):
                d = (x_lo + yy * stride) >> 1
                s = (x_lo - xstep + (yy - ystep) * stride) >> 1
                buf[d : d + nbytes] = old[s : s + nbytes]
                if n & 1:
                    d += nbytes
                    s += nbytes
                    buf[d] = (old[s] & 0xF0) | (buf[d] & 0x0F)
            return
        bpp = 2 if self._fmt == RGB565 else 1
        nbytes = n * bpp
        for yy in range(y_lo, y_hi):
            d = (x_lo + yy * stride) * bpp
            s = (x_lo - xstep + (yy - ystep) * stride) * bpp
            buf[d : d + nbytes] = old[s : s + nbytes]

    def blit(self, fbuf, x, y, key=-1, palette=None, /):
        source = _readonly_framebuffer(fbuf)
        x = _int(x)
        y = _int(y)
        key = _int(key) & _U32
        pal = None if palette is None else _readonly_framebuffer(palette)
        if x >= self._w or y >= self._h or -x >= source._w or -y >= source._h:
            return
        x0 = max(0, x)
        y0 = max(0, y)
        x1 = max(0, -x)
        y1 = max(0, -y)
        x0end = min(self._w, x + source._w)
        y0end = min(self._h, y + source._h)
        n = x0end - x0
        if n <= 0 or y0end <= y0:
            return
        separate = _root_object(source._buf_obj) is not _root_object(self._buf_obj)
        if separate and self._blit_fast(source, pal, key, x0, y0, x1, y1, n, y0end - y0):
            return
        getpixel = source._get
        setpixel = self._set
        pget = pal._get if pal is not None else None
        while y0 < y0end:
            cx1 = x1
            for cx0 in range(x0, x0end):
                col = getpixel(cx1, y1)
                if pget is not None:
                    col = pget(col, 0)
                if col != key:
                    setpixel(cx0, y0, col)
                cx1 += 1
            y0 += 1
            y1 += 1

    def _blit_fast(self, source, pal, key, x0, y0, x1, y1, n, rows):
        """Row-wise blits for the common cases; False when the caller must go pixel by pixel."""
        fmt = self._fmt
        if pal is None:
            if source._fmt != fmt or key <= 0xFFFF:
                return False
            if fmt == GS8 or fmt == RGB565:
                bpp = 2 if fmt == RGB565 else 1
                dbuf, sbuf = self._buf, source._buf
                ds, ss = self._stride, source._stride
                nb = n * bpp
                for r in range(rows):
                    d = (x0 + (y0 + r) * ds) * bpp
                    s = (x1 + (y1 + r) * ss) * bpp
                    dbuf[d : d + nb] = sbuf[s : s + nb]
                return True
            if fmt == GS4_HMSB and not (x0 ^ x1) & 1:
                self._blit_gs4_aligned(source, x0, y0, x1, y1, n, rows)
                return True
            return False
        if source._fmt == MONO_HLSB and fmt == GS4_HMSB and pal._w >= 2:
            self._blit_mono_to_gs4(source, pal._get(0, 0), pal._get(1, 0), key,
                                   x0, y0, x1, y1, n, rows)
            return True
        if source._fmt == GS4_HMSB and fmt == RGB565 and pal._fmt == RGB565:
            try:
                colours = [pal._get(i, 0) for i in range(16)]
            except IndexError:
                return False
            if key in colours:
                return False
            self._blit_gs4_to_rgb565(source, colours, x0, y0, x1, y1, n, rows)
            return True
        return False

    def _blit_mono_to_gs4(self, source, c0, c1, key, x0, y0, x1, y1, n, rows):
        """A 1-bit image (a font's glyph) through a 2-colour palette onto a 4-bit canvas,
        the key colour left out: what core.font does for every character under CPython."""
        dbuf, sbuf = self._buf, source._buf
        ds, ss = self._stride, source._stride
        todo = []
        for bit, col in ((0, c0), (1, c1)):
            if col != key:
                todo.append((bit, col & 0x0F, (col << 4) & 0xF0))
        if not todo:
            return
        for r in range(rows):
            srow = (y1 + r) * ss
            drow = (y0 + r) * ds
            for k in range(n):
                sx = x1 + k
                bit = (sbuf[(srow + sx) >> 3] >> (7 - (sx & 7))) & 1
                for want, low, high in todo:
                    if bit == want:
                        dx = x0 + k
                        i = (drow + dx) >> 1
                        if dx & 1:
                            dbuf[i] = low | (dbuf[i] & 0xF0)
                        else:
                            dbuf[i] = high | (dbuf[i] & 0x0F)

    def _blit_gs4_aligned(self, source, x0, y0, x1, y1, n, rows):
        dbuf, sbuf = self._buf, source._buf
        ds, ss = self._stride, source._stride
        dset, sget = self._set, source._get
        for r in range(rows):
            dy = y0 + r
            sy = y1 + r
            dx, sx, left = x0, x1, n
            if dx & 1:
                dset(dx, dy, sget(sx, sy))
                dx += 1
                sx += 1
                left -= 1
            nb = left >> 1
            d = (dx + dy * ds) >> 1
            s = (sx + sy * ss) >> 1
            dbuf[d : d + nb] = sbuf[s : s + nb]
            if left & 1:
                dset(dx + left - 1, dy, sget(sx + left - 1, sy))

    def _blit_gs4_to_rgb565(self, source, colours, x0, y0, x1, y1, n, rows):
        # Each source byte holds two pixels; map it to their four RGB565 bytes (little
        # endian) with four translate tables and interleave them with extended slices.
        t0 = bytes(colours[b >> 4] & 0xFF for b in range(256))
        t1 = bytes(colours[b >> 4] >> 8 for b in range(256))
        t2 = bytes(colours[b & 15] & 0xFF for b in range(256))
        t3 = bytes(colours[b & 15] >> 8 for b in range(256))
        dbuf, sbuf = self._buf, source._buf
        ds, ss = self._stride, source._stride
        skip = (x1 & 1) * 2
        nb = n * 2
        for r in range(rows):
            p = x1 + (y1 + r) * ss
            seg = bytes(sbuf[p >> 1 : (p + n + 1) >> 1])
            out = bytearray(4 * len(seg))
            out[0::4] = seg.translate(t0)
            out[1::4] = seg.translate(t1)
            out[2::4] = seg.translate(t2)
            out[3::4] = seg.translate(t3)
            d = (x0 + (y0 + r) * ds) * 2
            dbuf[d : d + nb] = out[skip : skip + nb]


def _readonly_framebuffer(obj):
    if isinstance(obj, FrameBuffer):
        return obj
    if not isinstance(obj, (tuple, list)):
        raise TypeError("object '%s' isn't a tuple or list" % type(obj).__name__)
    if len(obj) < 4 or len(obj) > 5:
        raise ValueError()
    fb = FrameBuffer.__new__(FrameBuffer)
    stride = obj[4] if len(obj) == 5 else _NO_ARG
    fb._setup(obj[0], obj[1], obj[2], obj[3], stride, False)
    return fb


def FrameBuffer1(buffer, width, height, stride=_NO_ARG, /):
    """Legacy factory: a MONO_VLSB FrameBuffer."""
    return FrameBuffer(buffer, width, height, MONO_VLSB, width if stride is _NO_ARG else stride)


# -- per-format pixel access ---------------------------------------------------------------
# Each maker returns (setpixel, getpixel, fill_rect) closures over the byte view and stride;
# x, y are in range and fill_rect's rectangle is already clipped, as in the C code.


def _make_mvlsb(buf, stride, fmt):
    def setpixel(x, y, col):
        i = (y >> 3) * stride + x
        if col & _U32:
            buf[i] |= 1 << (y & 7)
        else:
            buf[i] &= ~(1 << (y & 7)) & 0xFF

    def getpixel(x, y):
        return (buf[(y >> 3) * stride + x] >> (y & 7)) & 1

    def fill_rect(x, y, w, h, col):
        tables = _OR_BIT if col & _U32 else _AND_NOT_BIT
        for yy in range(y, y + h):
            a = (yy >> 3) * stride + x
            buf[a : a + w] = bytes(buf[a : a + w]).translate(tables[yy & 7])

    return setpixel, getpixel, fill_rect


def _make_mono_horiz(buf, stride, fmt):
    msb_first = fmt == MONO_HLSB  # MONO_HLSB: leftmost pixel in bit 7

    def setpixel(x, y, col):
        i = (x + y * stride) >> 3
        bit = 1 << (7 - (x & 7) if msb_first else x & 7)
        if col & _U32:
            buf[i] |= bit
        else:
            buf[i] &= ~bit & 0xFF

    def getpixel(x, y):
        i = (x + y * stride) >> 3
        return (buf[i] >> (7 - (x & 7) if msb_first else x & 7)) & 1

    def mask(k0, k1):  # bits of the pixels k0..k1-1 within one byte
        m = 0
        for k in range(k0, k1):
            m |= 1 << (7 - k if msb_first else k)
        return m

    def fill_rect(x, y, w, h, col):
        on = bool(col & _U32)
        full = 0xFF if on else 0
        for yy in range(y, y + h):
            p0 = x + yy * stride
            p1 = p0 + w
            b0, b1 = p0 >> 3, p1 >> 3
            k0, k1 = p0 & 7, p1 & 7
            if b0 == b1:
                m = mask(k0, k1)
                buf[b0] = (buf[b0] | m) if on else (buf[b0] & ~m & 0xFF)
                continue
            if k0:
                m = mask(k0, 8)
                buf[b0] = (buf[b0] | m) if on else (buf[b0] & ~m & 0xFF)
                b0 += 1
            if b1 > b0:
                buf[b0:b1] = bytes((full,)) * (b1 - b0)
            if k1:
                m = mask(0, k1)
                buf[b1] = (buf[b1] | m) if on else (buf[b1] & ~m & 0xFF)

    return setpixel, getpixel, fill_rect


def _make_rgb565(buf, stride, fmt):
    def setpixel(x, y, col):
        i = (x + y * stride) << 1
        buf[i] = col & 0xFF
        buf[i + 1] = (col >> 8) & 0xFF

    def getpixel(x, y):
        i = (x + y * stride) << 1
        return buf[i] | (buf[i + 1] << 8)

    def fill_rect(x, y, w, h, col):
        row = bytes((col & 0xFF, (col >> 8) & 0xFF)) * w
        if w == stride:
            a = (y * stride) << 1
            buf[a : a + 2 * w * h] = row * h
            return
        for yy in range(y, y + h):
            a = (x + yy * stride) << 1
            buf[a : a + 2 * w] = row

    return setpixel, getpixel, fill_rect


def _make_gs2_hmsb(buf, stride, fmt):
    def setpixel(x, y, col):
        i = (x + y * stride) >> 2
        shift = (x & 3) << 1
        buf[i] = ((col & 3) << shift) | (buf[i] & ~(3 << shift) & 0xFF)

    def getpixel(x, y):
        return (buf[(x + y * stride) >> 2] >> ((x & 3) << 1)) & 3

    def fill_rect(x, y, w, h, col):
        c = col & 3
        full = c | (c << 2) | (c << 4) | (c << 6)
        for yy in range(y, y + h):
            p0 = x + yy * stride
            p1 = p0 + w
            b0, b1 = p0 >> 2, p1 >> 2
            k0, k1 = p0 & 3, p1 & 3
            if b0 == b1:
                m = ((1 << (2 * k1)) - 1) & ~((1 << (2 * k0)) - 1)
                buf[b0] = (buf[b0] & ~m & 0xFF) | (full & m)
                continue
            if k0:
                m = 0xFF & ~((1 << (2 * k0)) - 1)
                buf[b0] = (buf[b0] & ~m & 0xFF) | (full & m)
                b0 += 1
            if b1 > b0:
                buf[b0:b1] = bytes((full,)) * (b1 - b0)
            if k1:
                m = (1 << (2 * k1)) - 1
                buf[b1] = (buf[b1] & ~m & 0xFF) | (full & m)

    return setpixel, getpixel, fill_rect


def _make_gs4_hmsb(buf, stride, fmt):
    def setpixel(x, y, col):
        i = (x + y * stride) >> 1
        if x & 1:
            buf[i] = (col & 0x0F) | (buf[i] & 0xF0)
        else:
            buf[i] = ((col << 4) & 0xF0) | (buf[i] & 0x0F)

    def getpixel(x, y):
        if x & 1:
            return buf[(x + y * stride) >> 1] & 0x0F
        return buf[(x + y * stride) >> 1] >> 4

    def fill_rect(x, y, w, h, col):
        col &= 0x0F
        high = col << 4
        pair = high | col
        if w == stride:  # whole rows (x == 0): one slice
            a = (y * stride) >> 1
            n = (w * h) >> 1
            buf[a : a + n] = bytes((pair,)) * n
            return
        odd_x = x & 1
        ww = w - 1 if odd_x else w
        middle = bytes((pair,)) * (ww >> 1)
        n = ww >> 1
        for yy in range(y, y + h):
            i = (x + yy * stride) >> 1
            if odd_x:
                buf[i] = (buf[i] & 0xF0) | col
                i += 1
            buf[i : i + n] = middle
            if ww & 1:
                i += n
                buf[i] = high | (buf[i] & 0x0F)

    return setpixel, getpixel, fill_rect


def _make_gs8(buf, stride, fmt):
    def setpixel(x, y, col):
        buf[x + y * stride] = col & 0xFF

    def getpixel(x, y):
        return buf[x + y * stride]

    def fill_rect(x, y, w, h, col):
        row = bytes((col & 0xFF,)) * w
        if w == stride:
            a = y * stride
            buf[a : a + w * h] = row * h
            return
        for yy in range(y, y + h):
            a = x + yy * stride
            buf[a : a + w] = row

    return setpixel, getpixel, fill_rect


_FORMATS = {
    MONO_VLSB: _make_mvlsb,
    RGB565: _make_rgb565,
    GS4_HMSB: _make_gs4_hmsb,
    MONO_HLSB: _make_mono_horiz,
    MONO_HMSB: _make_mono_horiz,
    GS2_HMSB: _make_gs2_hmsb,
    GS8: _make_gs8,
}
