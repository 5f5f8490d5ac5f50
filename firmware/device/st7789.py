"""ST7789 TFT driver that draws the 4-bit palette canvas (GS4_HMSB) straight to the panel.

No RGB565 frame buffer exists (it would take half the Pico's heap). `flush` converts the
requested canvas rectangle into one preallocated strip buffer a few rows at a time and sends
each strip over SPI. The conversion maps each canvas byte (two pixels) through a 256-entry
table of 4 bytes: both pixels' RGB565 colours, already big-endian as the ST7789 wants them
(framebuf's RGB565 is little-endian, so the swap happens once, when the table is built).

With DMA (the RP2040: `spi_id` given and `rp2.DMA` available, or any object with the
SpiDma interface passed as `dma`), the strip buffer is split in two halves: while the DMA
channel feeds one half to the SPI TX FIFO, the CPU converts the next strip into the other,
so a full frame takes about the SPI transfer time (15.1 ms at 62.5 MHz for 240x240) instead
of conversion plus transfer (docs/PERFORMANCE.md at ef6896e, "Drawing speed"). Same bytes,
same order.

Hardware is passed in (dependency injection) so the same code runs under tests with fakes:
  spi        object with write(buf)          (machine.SPI on the device)
  dc, cs, rst objects with value(level)       (machine.Pin; cs and rst may be None)
  backlight  object with duty_u16(n) or None  (machine.PWM)
  spi_id     the SPI block's number (0 or 1) for DMA, or None
  dma        an object with start(buf, n) and wait() / finish() (see SpiDma), or None
"""

from micropython import const

from core import native

_SWRESET = const(0x01)
_SLPIN = const(0x10)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVOFF = const(0x20)
_INVON = const(0x21)
_DISPOFF = const(0x28)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)
_COLMOD_16BIT = const(0x55)  # 65k colours, 16 bits per pixel

STRIP_ROWS = const(4)  # full-width rows per strip buffer: 1,920 bytes at 240 pixels wide


def convert_strip_py(src, dst, lut, params):
    """Reference conversion (plain Python): canvas rows -> big-endian RGB565 in `dst`.

    params = (first source byte, source bytes per row, source stride in bytes, rows).
    Each source byte b becomes lut[4*b : 4*b+4]. Allocates nothing.
    """
    row = params[0]
    row_bytes = params[1]
    stride = params[2]
    o = 0
    for _ in range(params[3]):
        for i in range(row, row + row_bytes):
            k = src[i] << 2
            dst[o] = lut[k]
            dst[o + 1] = lut[k + 1]
            dst[o + 2] = lut[k + 2]
            dst[o + 3] = lut[k + 3]
            o += 4
        row += stride


# The fast path, device/st7789_viper.py, compiled when imported on MicroPython only (by
# core.native: it is copied as source, so this module stays plain bytecode and the native code
# is compiled for whatever CPU runs it).
# ptr32 copies each 4-byte table entry in one load/store (both buffers are heap-allocated,
# hence word-aligned, as the Cortex-M0+ requires; the DMA halves start at a multiple of 4);
# the byte order is whatever the table holds. The pointers themselves advance (arguments
# annotated as pointers sit in registers) and the inner loop takes 4 bytes a turn: on the
# emulated RP2040 a full frame converted and sent with spi.write went from 32.7 to 19.1 ms
# (docs/PERFORMANCE.md at ef6896e, "Drawing speed").
_native = native.load("device.st7789_viper")
convert_strip_viper = _native["convert"] if _native is not None else None
del _native


# RP2040 SPI blocks: base address, and the DREQ of their TX FIFO (datasheet 2.5.3.1).
_SPI_BASE = (0x4003C000, 0x40040000)
_SPI_TX_DREQ = (16, 18)
_SSPDR = const(0x08)
_SSPSR = const(0x0C)
_SSPICR = const(0x20)
_BSY = const(0x10)
_RNE = const(0x04)


# The whole DMA flush as one native call (device/st7789_dma_viper.py, compiled by SpiDma when a
# channel is claimed): for each strip, convert it into one half of the strip buffer (as
# `convert` does), wait until the channel is idle (the other half has gone), point the channel
# at this half and trigger it; at the end wait for the channel, then the SPI's BSY, empty the
# RX FIFO and clear its overrun flag. No Python runs between strips, so the SPI is never left
# waiting for the interpreter.
# p = array("I", (first source byte, source bytes per row, source stride, rows, rows per
# strip, DMA channel register base, channel CTRL value, SPI register base, bytes per half)).
class SpiDma:
    """One rp2.DMA channel that copies bytes into SPI block `spi_id`'s TX FIFO, paced by its
    DREQ. start() returns at once; wait() until the channel has handed over every byte;
    finish() also until the last bits have left the shift register, and empties the RX FIFO
    that the sends filled (machine.SPI.write, used for commands, leaves it empty too).
    `native` is the one-call flush above (None where it does not compile), `params` its
    parameter array with the channel's and the SPI's fields filled in."""

    def __init__(self, spi_id):
        import array

        import machine
        import rp2

        base = _SPI_BASE[spi_id]
        self._mem = machine.mem32
        self._dr = base + _SSPDR
        self._sr = base + _SSPSR
        self._icr = base + _SSPICR
        self._ch = rp2.DMA()
        self._ctrl = self._ch.pack_ctrl(size=0, inc_read=True, inc_write=False,
                                        treq_sel=_SPI_TX_DREQ[spi_id])
        regs = 0x50000000 + 0x40 * self._ch.channel  # pyright: ignore[reportAttributeAccessIssue]
        self.params = array.array("I", (0, 0, 0, 0, 0, regs, self._ctrl, base, 0))
        mod = native.load("device.st7789_dma_viper")   # None: no viper, start/wait from Python
        self.native = mod["dma_flush"] if mod is not None else None

    def start(self, buf, n):
        self._ch.config(read=buf, write=self._dr, count=n, ctrl=self._ctrl, trigger=True)

    def wait(self):
        ch = self._ch
        while ch.active():
            pass

    def finish(self):
        self.wait()
        mem = self._mem
        sr = self._sr
        while mem[sr] & _BSY:
            pass
        while mem[sr] & _RNE:
            mem[self._dr]
        mem[self._icr] = 1  # clear the RX overrun flag (RORIC)


def make_dma(spi_id):
    """A SpiDma for SPI block `spi_id`, or None where there is no rp2.DMA (or no free
    channel): the driver then sends each strip with spi.write after converting it."""
    if spi_id is None:
        return None
    try:
        return SpiDma(spi_id)
    except Exception:  # noqa: BLE001 - not an RP2040, or an old firmware: plain writes
        return None


def _default_sleep_ms():
    import time

    sleep_ms = getattr(time, "sleep_ms", None)
    if sleep_ms is not None:
        return sleep_ms
    return lambda ms: time.sleep(ms / 1000)


class ST7789:
    def __init__(self, spi, dc, cs=None, rst=None, backlight=None, width=240, height=240,
                 madctl=0x70, x_offset=0, y_offset=0, invert=True, tuning=(),
                 strip_rows=STRIP_ROWS, sleep_ms=None, spi_id=None, dma=None):
        self.width = width
        self.height = height
        self.madctl = madctl
        self.x_offset = x_offset
        self.y_offset = y_offset
        self.invert = invert
        self.tuning = tuning
        self._spi = spi
        self._dc = dc
        self._cs = cs
        self._rst = rst
        self._bl = backlight
        self._sleep_ms = sleep_ms or _default_sleep_ms()
        self._stride = width // 2  # canvas bytes per row
        # All buffers are allocated here, once: flush() and set_window() allocate nothing
        # per strip (only the two memoryview slices a flush needs).
        self._cmd = bytearray(1)
        self._win = bytearray(4)
        self._lut = bytearray(1024)
        self._strip = bytearray(strip_rows * width * 2)
        self._strip_mv = memoryview(self._strip)
        import array

        self._params = array.array("i", (0, 0, 0, 0))
        self._convert = convert_strip_viper or convert_strip_py
        self.viper = convert_strip_viper is not None
        # DMA: the strip's two halves take turns (one is sent while the next converts into
        # the other); their views are made once. Half is rounded to whole words (ptr32).
        self._dma = dma if dma is not None else make_dma(spi_id)
        half = (len(self._strip) // 2) & ~3
        self._halves = (self._strip_mv[:half], self._strip_mv[half : 2 * half])

    # -- low level ---------------------------------------------------------------------------
    def command(self, cmd, params=None):
        """Send one command byte (DC low), then its parameter bytes (DC high)."""
        cs = self._cs
        if cs is not None:
            cs.value(0)
        self._dc.value(0)
        self._cmd[0] = cmd
        self._spi.write(self._cmd)
        if params:
            self._dc.value(1)
            self._spi.write(params)
        if cs is not None:
            cs.value(1)

    def write_data(self, buf):
        """Send raw bytes as data (DC high), e.g. pixels after set_window()."""
        cs = self._cs
        if cs is not None:
            cs.value(0)
        self._dc.value(1)
        self._spi.write(buf)
        if cs is not None:
            cs.value(1)

    def init(self, reset_at=None):
        """Reset the panel and configure it; leaves the backlight as it was (off at boot).

        `reset_at`: the time.ticks_ms() at which its reset pin was let go already (main.py
        does it at boot, device.startup.reset_panel): only what is left of the 120 ms a reset
        asks for is waited then, not the whole of it (the app has loaded meanwhile)."""
        sleep_ms = self._sleep_ms
        rst = self._rst
        wait = 120  # the controller ignores commands for up to 120 ms after a reset
        if reset_at is not None:
            import time

            wait -= time.ticks_diff(time.ticks_ms(), reset_at)
        elif rst is not None:
            rst.value(1)
            sleep_ms(5)
            rst.value(0)
            sleep_ms(5)  # >= 10 us low resets
            rst.value(1)
        else:
            self.command(_SWRESET)
        if wait > 0:
            sleep_ms(wait)
        self.command(_SLPOUT)
        # The datasheet asks 5 ms after sleep-out before the next command (supplies and
        # clocks settle; 120 ms is only the wait before a sleep-in); 10 ms as Adafruit's
        # ST7789 driver does. It was 120 ms: a tenth of the whole boot to the menu.
        sleep_ms(10)
        self.command(_COLMOD, bytes((_COLMOD_16BIT,)))
        self.command(_MADCTL, bytes((self.madctl,)))
        for entry in self.tuning:
            self.command(entry[0], entry[1:])
        self.command(_INVON if self.invert else _INVOFF)
        self.command(_NORON)
        self.command(_DISPON)
        # No wait after it (it was 20 ms): the datasheet gives none, the next command (the
        # platform's clear) only writes the frame memory, and the backlight comes on after
        # that clear's ~15 ms of SPI.

    def set_window(self, x0, y0, x1, y1):
        """Address the inclusive rectangle (x0, y0)-(x1, y1) and start a RAM write."""
        w = self._win
        x0 += self.x_offset
        x1 += self.x_offset
        w[0] = x0 >> 8
        w[1] = x0 & 0xFF
        w[2] = x1 >> 8
        w[3] = x1 & 0xFF
        self.command(_CASET, w)
        y0 += self.y_offset
        y1 += self.y_offset
        w[0] = y0 >> 8
        w[1] = y0 & 0xFF
        w[2] = y1 >> 8
        w[3] = y1 & 0xFF
        self.command(_RASET, w)
        self.command(_RAMWR)

    # -- the platform's display interface --------------------------------------------------
    def sleep(self, on):
        """The panel's sleep mode (the console asleep, docs/POWER.md): display off and sleep
        in (its oscillator and booster stop; the picture in its memory is kept), or sleep out
        and display on, showing that picture again. The datasheet's waits: 5 ms after either
        before the next command (10 ms, as at init), and 120 ms from a sleep-out to a sleep-in,
        which a person's press and hold of the sleep gesture always leave."""
        if on:
            self.command(_DISPOFF)
            self.command(_SLPIN)
        else:
            self.command(_SLPOUT)
            self._sleep_ms(10)
            self.command(_DISPON)
        self._sleep_ms(10)

    def backlight(self, percent):
        """Backlight brightness 0..100 (clamped); no-op on a board without PWM backlight."""
        if self._bl is None:
            return
        if percent < 0:
            percent = 0
        elif percent > 100:
            percent = 100
        self._bl.duty_u16(percent * 65535 // 100)

    def set_palette(self, colors):
        """Build the byte -> two-pixel table from 16 RGB565 ints (0xF800 = red)."""
        lut = self._lut
        k = 0
        for b in range(256):
            hi = colors[b >> 4]  # left pixel: high nibble (GS4_HMSB)
            lo = colors[b & 15]
            lut[k] = (hi >> 8) & 0xFF
            lut[k + 1] = hi & 0xFF
            lut[k + 2] = (lo >> 8) & 0xFF
            lut[k + 3] = lo & 0xFF
            k += 4

    def flush(self, buf, x, y, w, h):
        """Send canvas rectangle (x, y, w, h) of the GS4_HMSB canvas `buf` (stride = width).

        x and w must be even (two pixels per canvas byte); the rectangle must lie on screen.
        """
        if w <= 0 or h <= 0:
            return
        if (x | w) & 1:
            raise ValueError("flush: x and w must be even")
        if x < 0 or y < 0 or x + w > self.width or y + h > self.height:
            raise ValueError("flush: rectangle off screen")
        self.set_window(x, y, x + w - 1, y + h - 1)
        line = w * 2  # RGB565 bytes per row
        stride = self._stride
        params = self._params
        params[0] = y * stride + (x >> 1)
        params[1] = w >> 1
        params[2] = stride
        convert = self._convert
        lut = self._lut
        cs = self._cs
        if cs is not None:
            cs.value(0)
        self._dc.value(1)
        dma = self._dma
        halves = self._halves
        if dma is not None and len(halves[0]) >= line:
            per_strip = len(halves[0]) // line
            if per_strip > h:
                per_strip = h
            native = getattr(dma, "native", None)
            if native is not None and self._convert is convert_strip_viper:
                p = dma.params
                p[0] = params[0]
                p[1] = params[1]
                p[2] = stride
                p[3] = h
                p[4] = per_strip
                p[8] = len(halves[0])
                native(buf, lut, self._strip, p)
                if cs is not None:
                    cs.value(1)
                return
            rows = per_strip if h >= per_strip else h
            params[3] = rows
            convert(buf, halves[0], lut, params)
            cur = 0
            left = h
            while True:
                dma.wait()                       # the other half has gone: it is free
                dma.start(halves[cur], rows * line)
                params[0] += rows * stride
                left -= rows
                if left <= 0:
                    break
                rows = per_strip if left >= per_strip else left
                params[3] = rows
                cur ^= 1
                convert(buf, halves[cur], lut, params)
            dma.finish()
            if cs is not None:
                cs.value(1)
            return
        per_strip = len(self._strip) // line  # narrow rectangles fit more rows per strip
        if per_strip > h:
            per_strip = h
        strip = self._strip
        spi = self._spi
        full = self._strip_mv[: per_strip * line]
        left = h
        while left > 0:
            rows = per_strip if left >= per_strip else left
            params[3] = rows
            convert(buf, strip, lut, params)
            spi.write(full if rows == per_strip else self._strip_mv[: rows * line])
            params[0] += rows * stride
            left -= rows
        if cs is not None:
            cs.value(1)

    def clear(self, color=0):
        """Fill the whole panel with one RGB565 colour (used before the backlight comes on)."""
        strip = self._strip
        mv = self._strip_mv
        strip[0] = (color >> 8) & 0xFF
        strip[1] = color & 0xFF
        n = 2
        while n < len(strip):  # doubling copies: a few C calls, not one Python turn a pixel
            k = n if 2 * n <= len(strip) else len(strip) - n
            mv[n : n + k] = mv[0:k]
            n += k
        self.set_window(0, 0, self.width - 1, self.height - 1)
        left = self.width * self.height * 2
        cs = self._cs
        if cs is not None:
            cs.value(0)
        self._dc.value(1)
        n = len(strip)
        while left > 0:
            if left < n:
                self._spi.write(self._strip_mv[:left])
                break
            self._spi.write(strip)
            left -= n
        if cs is not None:
            cs.value(1)
