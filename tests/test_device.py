"""Device layer: board profiles, ST7789 driver, buttons, DevicePlatform and main.py.

CPython tests use small fakes (and sim/stubs/machine.py for DevicePlatform / main.run);
the MicroPython tests run the same code under the real unix port, where the viper
conversion is compiled, and compare its bytes with the reference path and with bytes
computed here independently.
"""

import sys
import types
from pathlib import Path

import machine  # sim/stubs/machine.py
import pytest

from device import boards
from device.buttons import Buttons
from device.st7789 import ST7789, convert_strip_py
from tests.mpy import run_mpy

ROOT = Path(__file__).resolve().parent.parent
STUBS = ROOT / "sim" / "stubs"

CASET, RASET, RAMWR = 0x2A, 0x2B, 0x2C
D_PAD = boards.UP | boards.DOWN | boards.LEFT | boards.RIGHT


# -- fakes --------------------------------------------------------------------------------
class Bus:
    """Records SPI writes with the DC level at the time of each write."""

    def __init__(self):
        self.writes = []
        self.dc = None

    def write(self, buf):
        self.writes.append((self.dc, bytes(buf)))


class FakePin:
    def __init__(self, bus=None, role=None, level=1):
        self.bus = bus
        self.role = role
        self.level = level
        self.history = []

    def value(self, v=None):
        if v is None:
            return self.level
        self.level = v
        self.history.append(v)
        if self.role == "dc":
            self.bus.dc = v
        return None


class FakePWM:
    def __init__(self):
        self.duty = None

    def duty_u16(self, v):
        self.duty = v


def make_display(profile=None, strip_rows=16, **overrides):
    bus = Bus()
    p = dict(profile or boards.get("pico_lcd_1_3"))
    p.update(overrides)
    rst = FakePin() if p["rst"] is not None else None
    disp = ST7789(bus, FakePin(bus, "dc"), cs=FakePin(), rst=rst, backlight=FakePWM(),
                  width=p["width"], height=p["height"], madctl=p["madctl"],
                  x_offset=p["x_offset"], y_offset=p["y_offset"], invert=p["invert"],
                  tuning=p.get("tuning", ()), strip_rows=strip_rows, sleep_ms=lambda ms: None)
    return disp, bus, rst


def commands(writes):
    """[(command byte, parameter bytes), ...] from a recorded SPI stream."""
    out = []
    for dc, data in writes:
        if dc == 0:
            assert len(data) == 1
            out.append([data[0], b""])
        else:
            assert out, "data before any command"
            out[-1][1] += data
    return [(c, bytes(p)) for c, p in out]


def expected_pixels(canvas, stride_px, palette, x, y, w, h):
    """Big-endian RGB565 of a GS4_HMSB rectangle, decoded pixel by pixel."""
    out = bytearray()
    for row in range(y, y + h):
        for col in range(x, x + w):
            byte = canvas[(row * stride_px + col) // 2]
            idx = byte >> 4 if col % 2 == 0 else byte & 0x0F
            out += palette[idx].to_bytes(2, "big")
    return bytes(out)


PALETTE = [0x0000, 0xF800, 0x07E0, 0x001F, 0xFFFF, 0x1234, 0xABCD, 0x8000,
           0x0001, 0x7FFF, 0xC618, 0x39E7, 0xFFE0, 0xF81F, 0x07FF, 0x5A5A]


def make_canvas(width, height):
    """A canvas whose pixel (x, y) holds index (x + 3*y) % 16."""
    buf = bytearray(width * height // 2)
    for y in range(height):
        for x in range(0, width, 2):
            a = (x + 3 * y) % 16
            b = (x + 1 + 3 * y) % 16
            buf[(y * width + x) // 2] = (a << 4) | b
    return buf




# -- board profiles -----------------------------------------------------------------------
@pytest.mark.parametrize("name", boards.names())
def test_profile_is_consistent(name):
    p = boards.get(name)
    assert p["name"] == name
    pins = [p["sck"], p["mosi"], p["cs"], p["dc"], p["bl"]]
    if p["rst"] is not None:
        pins.append(p["rst"])
    pins += [gpio for gpio, _ in p["buttons"]] + list(p["extra_pins"])
    assert len(pins) == len(set(pins)), "a GPIO is used twice"
    assert all(0 <= g <= 29 for g in pins)
    bits = [bit for _, bit in p["buttons"]]
    assert len(bits) == len(set(bits))
    assert all(bit & (bit - 1) == 0 and 1 <= bit <= boards.MENU for bit in bits)
    assert boards.A in bits and boards.B in bits  # B is also the safe-mode button
    assert p["width"] % 2 == 0  # the canvas packs two pixels per byte
    # ST7789 RAM is 240 x 320; with MV (0x20) set, columns run to 320 and rows to 240.
    cols, rows = (320, 240) if p["madctl"] & 0x20 else (240, 320)
    assert 0 <= p["x_offset"] and p["x_offset"] + p["width"] <= cols
    assert 0 <= p["y_offset"] and p["y_offset"] + p["height"] <= rows
    for entry in p["tuning"]:
        assert len(entry) >= 2 and entry[0] not in (0x01, 0x11, 0x29, 0x36, 0x3A)
    if p["four_buttons"]:
        assert sorted(bits) == [boards.A, boards.B, boards.X, boards.Y]
        assert not any(bit & (D_PAD | boards.MENU) for bit in bits)
    else:
        assert all(any(bit == d for bit in bits) for d in (boards.UP, boards.DOWN,
                                                             boards.LEFT, boards.RIGHT))


def test_profile_facts():
    lcd13, lcd114, pack = (boards.get(n) for n in ("pico_lcd_1_3", "pico_lcd_1_14",
                                                     "display_pack_2"))
    assert boards.DEFAULT == "pico_lcd_1_3"
    assert (lcd13["width"], lcd13["height"], lcd13["x_offset"], lcd13["y_offset"]) == (
        240, 240, 0, 0)
    assert (lcd114["width"], lcd114["height"], lcd114["x_offset"], lcd114["y_offset"]) == (
        240, 135, 40, 53)
    assert (pack["width"], pack["height"], pack["rst"], pack["spi"]) == (320, 240, None, 0)
    assert pack["four_buttons"] and not lcd13["four_buttons"]
    assert boards.pin_of(lcd13, boards.MENU) == 3  # joystick press
    assert boards.pin_of(lcd13, boards.B) == 17 and boards.pin_of(pack, boards.B) == 13
    assert boards.pin_of(lcd114, boards.X) is None


def test_button_bits_mirror_core_input():
    from core import input as core_input

    for name in ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "X", "Y", "MENU"):
        assert getattr(boards, name) == getattr(core_input, name)
    assert (boards.UP, boards.A, boards.MENU) == (1, 16, 256)


def test_unknown_board_lists_known_names():
    with pytest.raises(ValueError) as err:
        boards.get("nope")
    msg = str(err.value)
    assert msg.startswith("unknown board: 'nope'")
    for name in ("pico_lcd_1_3", "pico_lcd_1_14", "display_pack_2"):
        assert name in msg


# -- ST7789 ---------------------------------------------------------------------------------
def test_init_with_reset_pin_sends_expected_sequence():
    disp, bus, rst = make_display()
    disp.init()
    assert rst.history == [1, 0, 1]
    cmds = commands(bus.writes)
    codes = [c for c, _ in cmds]
    assert 0x01 not in codes  # hardware reset instead of SWRESET
    assert cmds[0] == (0x11, b"")  # SLPOUT first
    assert cmds[1] == (0x3A, b"\x55")  # COLMOD 16 bit
    assert cmds[2] == (0x36, b"\x70")  # MADCTL
    assert (0xB2, b"\x0c\x0c\x00\x33\x33") in cmds  # vendor tuning passed through
    assert codes[-3:] == [0x21, 0x13, 0x29]  # INVON, NORON, DISPON
    assert codes.index(0xE1) < codes.index(0x21)


def test_init_without_reset_pin_uses_swreset_and_invoff_when_asked():
    disp, bus, rst = make_display(boards.get("display_pack_2"), invert=False, tuning=())
    disp.init()
    assert rst is None
    assert commands(bus.writes) == [(0x01, b""), (0x11, b""), (0x3A, b"\x55"),
                                    (0x36, b"\x70"), (0x20, b""), (0x13, b""), (0x29, b"")]


def test_set_window_adds_offsets_240x135():
    disp, bus, _ = make_display(boards.get("pico_lcd_1_14"))
    disp.set_window(0, 0, 239, 134)
    assert commands(bus.writes) == [
        (CASET, bytes([0x00, 0x28, 0x01, 0x17])),  # columns 40..279
        (RASET, bytes([0x00, 0x35, 0x00, 0xBB])),  # rows 53..187
        (RAMWR, b""),
    ]
    bus.writes.clear()
    disp.set_window(10, 20, 19, 29)
    assert commands(bus.writes) == [(CASET, bytes([0, 50, 0, 59])),
                                    (RASET, bytes([0, 73, 0, 82])), (RAMWR, b"")]


def test_write_data_sends_with_dc_high():
    disp, bus, _ = make_display()
    disp.write_data(b"\x01\x02")
    assert bus.writes == [(1, b"\x01\x02")]


@pytest.mark.parametrize("strip_rows", [16, 1, 3])
def test_flush_full_canvas_matches_independent_decoding(strip_rows):
    w, h = 32, 12
    disp, bus, _ = make_display(width=w, height=h, x_offset=0, y_offset=0, tuning=(),
                                strip_rows=strip_rows)
    disp.set_palette(PALETTE)
    canvas = make_canvas(w, h)
    disp.flush(canvas, 0, 0, w, h)
    cmds = commands(bus.writes[:5])
    assert cmds == [(CASET, bytes([0, 0, 0, w - 1])), (RASET, bytes([0, 0, 0, h - 1])),
                    (RAMWR, b"")]
    pixels = b"".join(data for dc, data in bus.writes[5:])
    assert all(dc == 1 for dc, _ in bus.writes[5:])
    assert pixels == expected_pixels(canvas, w, PALETTE, 0, 0, w, h)
    # the first row really holds indices 0..15 twice: the palette in order
    assert pixels[:32] == b"".join(c.to_bytes(2, "big") for c in PALETTE)


def test_flush_dirty_rect_sends_only_that_rect():
    disp, bus, _ = make_display(boards.get("pico_lcd_1_14"), strip_rows=2)
    disp.set_palette(PALETTE)
    canvas = make_canvas(240, 135)
    x, y, w, h = 38, 101, 10, 7
    disp.flush(canvas, x, y, w, h)
    cmds = commands(bus.writes[:5])
    assert cmds[0] == (CASET, bytes([0, 40 + x, 0, 40 + x + w - 1]))
    assert cmds[1] == (RASET, bytes([0, 53 + y, 0, 53 + y + h - 1]))
    pixel_writes = [data for _, data in bus.writes[5:]]
    pixels = b"".join(pixel_writes)
    assert len(pixels) == w * h * 2
    assert pixels == expected_pixels(canvas, 240, PALETTE, x, y, w, h)
    # a 10-pixel-wide rect packs many rows into the 2-row (960-byte) strip: 48 rows fit
    assert len(pixel_writes) == 1


def test_flush_uses_several_strips_with_a_short_last_one():
    disp, bus, _ = make_display(width=16, height=8, tuning=(), strip_rows=3)
    disp.set_palette(PALETTE)
    canvas = make_canvas(16, 8)
    disp.flush(canvas, 0, 0, 16, 8)
    sizes = [len(data) for _, data in bus.writes[5:]]
    assert sizes == [96, 96, 64]  # 3 + 3 + 2 rows of 32 bytes


def test_flush_rejects_odd_or_offscreen_rects_and_ignores_empty():
    disp, bus, _ = make_display()
    canvas = bytearray(240 * 240 // 2)
    with pytest.raises(ValueError):
        disp.flush(canvas, 1, 0, 2, 2)
    with pytest.raises(ValueError):
        disp.flush(canvas, 0, 0, 3, 2)
    with pytest.raises(ValueError):
        disp.flush(canvas, 230, 0, 12, 2)
    with pytest.raises(ValueError):
        disp.flush(canvas, 0, 239, 2, 2)
    disp.flush(canvas, 0, 0, 0, 5)
    assert bus.writes == []


class FakeDma:
    """A DMA channel that sends asynchronously: start() only takes the buffer; the bytes are
    read (and recorded on the bus) when the transfer completes, at wait() or finish(). A
    driver that wrote into a half before its transfer had completed would corrupt them."""

    def __init__(self, bus, halves_of):
        self.bus = bus
        self.halves_of = halves_of
        self.pending = None
        self.started = []          # which half (0/1) each start used, and its byte count
        self.finished = 0

    def start(self, buf, n):
        assert self.pending is None, "started while the channel was busy"
        assert self.bus.dc == 1
        halves = self.halves_of()
        self.started.append((0 if buf is halves[0] else 1 if buf is halves[1] else None, n))
        self.pending = (buf, n)

    def wait(self):
        if self.pending is not None:
            buf, n = self.pending
            self.bus.writes.append((self.bus.dc, bytes(buf[:n])))
            self.pending = None

    def finish(self):
        self.wait()
        self.finished += 1


def make_dma_display(w, h, strip_rows):
    bus = Bus()
    box = []
    dma = FakeDma(bus, lambda: box[0]._halves)
    cs = FakePin()
    disp = ST7789(bus, FakePin(bus, "dc"), cs=cs, width=w, height=h, x_offset=0, y_offset=0,
                  strip_rows=strip_rows, sleep_ms=lambda ms: None, dma=dma)
    box.append(disp)
    disp.set_palette(PALETTE)
    return disp, bus, dma, cs


@pytest.mark.parametrize("rect", [(0, 0, 32, 12), (6, 3, 10, 7), (0, 11, 32, 1)])
def test_flush_by_dma_alternates_halves_and_sends_the_same_bytes(rect):
    w, h = 32, 12
    disp, bus, dma, cs = make_dma_display(w, h, strip_rows=3)  # halves of 96 bytes
    canvas = make_canvas(w, h)
    disp.flush(canvas, *rect)
    x, y, rw, rh = rect
    pixels = b"".join(data for _, data in bus.writes[5:])
    assert pixels == expected_pixels(canvas, w, PALETTE, x, y, rw, rh)
    per = 96 // (2 * rw)
    sizes = [min(per, rh - k) * 2 * rw for k in range(0, rh, per)]
    assert dma.started == [(k % 2, n) for k, n in enumerate(sizes)]
    assert dma.finished == 1 and dma.pending is None
    assert cs.history == [0, 1] * 3 + [0, 1]   # CASET, RASET, RAMWR, then the pixels


def test_flush_by_dma_falls_back_to_spi_writes_when_a_half_holds_no_row():
    disp, bus, dma, _ = make_dma_display(32, 4, strip_rows=1)  # halves of 32 bytes < 64
    canvas = make_canvas(32, 4)
    disp.flush(canvas, 0, 0, 32, 4)
    assert dma.started == [] and dma.finished == 0
    assert b"".join(d for _, d in bus.writes[5:]) == expected_pixels(canvas, 32, PALETTE,
                                                                      0, 0, 32, 4)


def test_no_dma_without_rp2():
    from device import st7789

    assert st7789.make_dma(None) is None
    assert st7789.make_dma(1) is None   # CPython: no rp2 module
    disp = ST7789(Bus(), FakePin(), spi_id=1)
    assert disp._dma is None


def test_set_palette_table_is_big_endian_pairs():
    disp, _, _ = make_display()
    disp.set_palette(PALETTE)
    lut = disp._lut
    assert lut[4 * 0x14: 4 * 0x14 + 4] == bytes([0xF8, 0x00, 0xFF, 0xFF])
    assert lut[4 * 0x65: 4 * 0x65 + 4] == bytes([0xAB, 0xCD, 0x12, 0x34])


def test_reference_conversion_params():
    lut = bytearray(range(256)) * 4  # entry b = bytes 4b..4b+3 (mod 256)
    src = bytes(range(20))
    dst = bytearray(16)
    convert_strip_py(src, dst, lut, (3, 2, 10, 2))  # bytes 3,4 then 13,14
    assert list(dst) == [12, 13, 14, 15, 16, 17, 18, 19, 52, 53, 54, 55, 56, 57, 58, 59]


def test_backlight_percent_and_clamp():
    disp, _, _ = make_display()
    pwm = disp._bl
    for percent, duty in ((0, 0), (50, 32767), (100, 65535), (150, 65535), (-5, 0)):
        disp.backlight(percent)
        assert pwm.duty == duty


@pytest.mark.parametrize("strip_rows", [16, 3, 1])
def test_clear_fills_whole_panel(strip_rows):
    disp, bus, _ = make_display(boards.get("display_pack_2"), tuning=(), strip_rows=strip_rows)
    disp.clear(0xF81E)
    cmds = commands(bus.writes[:5])
    assert cmds[0] == (CASET, bytes([0, 0, 0x01, 0x3F]))  # 0..319
    assert cmds[1] == (RASET, bytes([0, 0, 0, 0xEF]))  # 0..239
    pixels = b"".join(data for _, data in bus.writes[5:])
    assert pixels == b"\xf8\x1e" * (320 * 240)


# -- buttons --------------------------------------------------------------------------------
def test_buttons_low_pins_set_bits():
    pins = {}

    def factory(gpio):
        pins[gpio] = FakePin(level=1)
        return pins[gpio]

    btn = Buttons(boards.get("pico_lcd_1_3")["buttons"], factory)
    assert btn.read() == 0
    assert btn.available == 511
    pins[17].level = 0
    pins[2].level = 0
    assert btn.read() == boards.B | boards.UP
    pins[3].level = 0
    assert btn.read() == boards.B | boards.UP | boards.MENU
    pins[17].level = pins[2].level = pins[3].level = 1
    assert btn.read() == 0


def test_buttons_with_machine_stub_pull_ups():
    machine.reset_state()
    btn = Buttons(boards.get("display_pack_2")["buttons"])
    assert btn.read() == 0  # pulled up, nothing pressed
    machine.Pin.levels[14] = 0
    assert btn.read() == boards.X
    assert btn.available == boards.A | boards.B | boards.X | boards.Y
    machine.reset_state()


# -- platform ---------------------------------------------------------------------------
def test_device_platform_builds_the_board():
    from device.platform import DevicePlatform

    machine.reset_state()
    machine.SPI.dc_gpio = 8
    p = DevicePlatform("pico_lcd_1_14")
    assert (p.board, p.width, p.height, p.four_buttons) == ("pico_lcd_1_14", 240, 135, False)
    assert (p.data_dir, p.asset_dir) == ("/", "/gen")
    (spi,) = machine.SPI.instances
    assert (spi.id, spi.baudrate, spi.sck.id, spi.mosi.id) == (1, 62_500_000, 10, 11)
    assert "baudrate=62500000" in repr(spi)
    cmds = commands(spi.writes)
    assert cmds[0] == (0x11, b"")
    assert (CASET, bytes([0x00, 0x28, 0x01, 0x17])) in cmds  # the clear() window
    assert len(spi.data()) >= 240 * 135 * 2
    (pwm,) = machine.PWM.instances
    assert pwm.pin.id == 13 and pwm.duty == 65535 and pwm.freq_hz == 1000
    assert machine.Pin.outputs[12] == 1  # reset released
    machine.Pin.levels[15] = 0
    assert p.buttons.read() == boards.A
    seed = p.seed()
    assert isinstance(seed, int) and 0 <= seed < 2**32
    t = p.ticks_ms()
    assert p.ticks_diff(t + 5, t) == 5
    assert p.ticks_diff(3, (1 << 30) - 2) == 5  # wraps like MicroPython's ticks
    with pytest.raises(ValueError):
        DevicePlatform("nope")
    machine.reset_state()


def test_device_platform_display_pack_has_no_reset_pin():
    from device.platform import DevicePlatform

    machine.reset_state()
    machine.SPI.dc_gpio = 16
    p = DevicePlatform("display_pack_2", backlight=40)
    assert p.four_buttons and (p.width, p.height) == (320, 240)
    (spi,) = machine.SPI.instances
    assert spi.id == 0
    assert commands(spi.writes)[0] == (0x01, b"")  # SWRESET
    assert machine.PWM.instances[0].duty == 40 * 65535 // 100
    machine.reset_state()


# -- main.py --------------------------------------------------------------------------------
@pytest.fixture
def boot():
    import main

    machine.reset_state()
    yield main
    machine.reset_state()


@pytest.fixture
def startup():
    from device import startup

    machine.reset_state()
    yield startup
    machine.reset_state()


def test_board_name_from_file(startup, tmp_path):
    f = tmp_path / "board.txt"
    assert startup.read_board_name(str(f)) == "pico_lcd_1_3"
    f.write_text("display_pack_2\nignored\n")
    assert startup.read_board_name(str(f)) == "display_pack_2"
    f.write_text("  \n")
    assert startup.read_board_name(str(f)) == "pico_lcd_1_3"


def test_safe_mode_pin_and_level(startup):
    assert startup.safe_mode_pin("pico_lcd_1_3") == 17
    assert startup.safe_mode_pin("display_pack_2") == 13
    assert startup.safe_mode_pin("no_such_board") == 17
    assert startup.safe_mode_requested(17) is False
    machine.Pin.levels[17] = 0
    assert startup.safe_mode_requested(17) is True


def test_peripheral_clock_only_on_rp2040_from_1_24(startup):
    rp2040 = "Raspberry Pi Pico with RP2040"
    assert startup.raise_peripheral_clock(rp2040, (1, 24, 0)) is True
    assert machine.freq_calls == [(125_000_000, 125_000_000)]
    machine.freq_calls.clear()
    assert startup.raise_peripheral_clock(rp2040, (1, 23, 0)) is False
    assert startup.raise_peripheral_clock("Raspberry Pi Pico2 with RP2350", (1, 25, 0)) is False
    assert startup.raise_peripheral_clock("linux [GCC 14.2.1] version", (1, 29, 0)) is False
    assert machine.freq_calls == []


def test_append_log_keeps_the_tail(boot, tmp_path):
    log = tmp_path / "log.txt"
    assert boot.append_log("a" * 5000, str(log)) is True
    assert boot.append_log("b" * 5000, str(log)) is True
    data = log.read_bytes()
    assert len(data) == 8192
    assert data == b"a" * 3192 + b"b" * 5000
    assert boot.append_log("x", str(tmp_path / "missing" / "log.txt")) is False


def _fake_app(monkeypatch, behaviour):
    mod = types.ModuleType("core.app")
    mod.main = behaviour
    monkeypatch.setitem(sys.modules, "core.app", mod)


def test_run_starts_the_app_with_the_named_board(boot, tmp_path, monkeypatch):
    seen = []
    loaded = []

    def app(platform, screens):
        seen.append(platform)
        loaded.extend(m for m in ("device.startup", "device.boards") if m in sys.modules)

    _fake_app(monkeypatch, app)
    (tmp_path / "board.txt").write_text("display_pack_2\n")
    assert boot.run(str(tmp_path / "board.txt"), str(tmp_path / "log.txt")) is True
    (platform,) = seen
    assert platform.board == "display_pack_2" and platform.width == 320
    assert not (tmp_path / "log.txt").exists()
    # what comes before the app is not in the heap while it runs (both are ~4 KB on a Pico)
    assert loaded == []


def test_run_safe_mode_skips_the_app(boot, tmp_path, monkeypatch, capsys):
    seen = []
    _fake_app(monkeypatch, lambda platform, screens: seen.append(platform))
    machine.Pin.levels[17] = 0
    assert boot.run(str(tmp_path / "none.txt"), str(tmp_path / "log.txt")) is False
    assert seen == []
    assert "safe mode" in capsys.readouterr().out


def test_run_logs_and_reraises_an_escaping_exception(boot, tmp_path, monkeypatch):
    def crash(platform, screens):
        raise RuntimeError("boom from app")

    _fake_app(monkeypatch, crash)
    log = tmp_path / "log.txt"
    with pytest.raises(RuntimeError):
        boot.run(str(tmp_path / "none.txt"), str(log))
    text = log.read_text()
    assert "board pico_lcd_1_3" in text and "RuntimeError: boom from app" in text


# -- the same code under MicroPython ------------------------------------------------------
MPY_FLUSH = """
import device.st7789 as st

W, H = 240, 135

class Bus:
    # keeps only what was written with DC high, in one preallocated buffer
    def __init__(self):
        self.out = bytearray(W * H * 2 + 8)
        self.n = 0
        self.dc = 0
    def write(self, buf):
        if self.dc:
            k = len(buf)
            self.out[self.n:self.n + k] = buf
            self.n += k

class DC:
    def __init__(self, bus):
        self.bus = bus
    def value(self, v=None):
        self.bus.dc = v

PALETTE = %r
CANVAS = bytearray(W * H // 2)
for y in range(H):
    for x in range(0, W, 2):
        CANVAS[(y * W + x) // 2] = (((x + 3 * y) %% 16) << 4) | ((x + 1 + 3 * y) %% 16)

def run(bus, convert, rect, strip_rows):
    bus.n = 0
    d = st.ST7789(bus, DC(bus), width=W, height=H, x_offset=40, y_offset=53,
                  strip_rows=strip_rows, sleep_ms=lambda ms: None)
    if convert is not None:
        d._convert = convert
    d.set_palette(PALETTE)
    d.flush(CANVAS, *rect)
    return d

fast, slow = Bus(), Bus()
print("viper", st.convert_strip_viper is not None)
for i, rect in enumerate(((0, 0, W, H), (38, 101, 10, 7), (200, 0, 40, 135))):
    for rows in (16, 1):
        d = run(fast, None, rect, rows)
        run(slow, st.convert_strip_py, rect, rows)
        print("default", d.viper, "same", fast.n == slow.n and fast.out == slow.out)
    with open(%r + "/rect%%d.bin" %% i, "wb") as f:
        f.write(memoryview(fast.out)[8:fast.n])  # after CASET/RASET parameters
"""


def test_flush_under_micropython_viper_matches_reference_and_expected(tmp_path):
    proc = run_mpy(MPY_FLUSH % (PALETTE, str(tmp_path)))
    lines = proc.stdout.splitlines()
    assert lines[0] == "viper True"
    assert lines[1:] == ["default True same True"] * 6
    canvas = make_canvas(240, 135)
    rects = ((0, 0, 240, 135), (38, 101, 10, 7), (200, 0, 40, 135))
    for i, rect in enumerate(rects):
        got = (tmp_path / ("rect%d.bin" % i)).read_bytes()
        assert got == expected_pixels(canvas, 240, PALETTE, *rect)


MPY_BOARD_BUTTONS_MAIN = """
import os
from device import boards
from device.buttons import Buttons
from device import startup
import main

try:
    boards.get("nope")
except ValueError as e:
    print("err", str(e))

class P:
    def __init__(self, level):
        self.level = level
    def value(self):
        return self.level

pins = {}
def factory(g):
    pins[g] = P(1)
    return pins[g]

b = Buttons(boards.get("pico_lcd_1_3")["buttons"], factory)
pins[21].level = 0
pins[16].level = 0
print("held", b.read())
print("safe", startup.safe_mode_pin("display_pack_2"),
      startup.safe_mode_requested(13, lambda g: P(0)))
print("clock", startup.raise_peripheral_clock())
path = %r
print("board", startup.read_board_name(path + "/missing.txt"))
main.append_log("a" * 5000, path + "/log.txt")
main.append_log("b" * 5000, path + "/log.txt")
with open(path + "/log.txt", "rb") as f:
    data = f.read()
print("log", len(data), data.count(b"a"), data[-1:])
"""


def test_boards_buttons_and_main_under_micropython(tmp_path):
    proc = run_mpy(MPY_BOARD_BUTTONS_MAIN % (str(tmp_path),))
    out = proc.stdout.splitlines()
    assert out[0].startswith("err unknown board: 'nope' (known: display_pack_2, pico_lcd_1_14,")
    assert out[1] == "held %d" % (boards.Y | boards.LEFT)
    assert out[2] == "safe 13 True"
    assert out[3] == "clock False"  # the unix port is not an RP2040
    assert out[4] == "board pico_lcd_1_3"
    assert out[5] == "log 8192 3192 b'b'"


MPY_PLATFORM = """
import machine
from device.platform import DevicePlatform
machine.SPI.dc_gpio = 8
p = DevicePlatform("pico_lcd_1_3")
spi = machine.SPI.instances[0]
print("size", p.width, p.height, p.board, p.four_buttons)
print("pixels", len(spi.data()))
machine.Pin.levels[19] = 0
print("held", p.buttons.read())
s = p.seed()
print("seed", 0 <= s < (1 << 32))
t = p.ticks_ms()
print("diff", p.ticks_diff(t + 7, t))
"""


def test_device_platform_under_micropython_with_machine_stub():
    proc = run_mpy(MPY_PLATFORM, paths=[STUBS])
    out = proc.stdout.splitlines()
    assert out[0] == "size 240 240 pico_lcd_1_3 False"
    # init commands carry 1-byte DC-high params too; the clear() alone is 115,200 bytes
    assert int(out[1].split()[1]) >= 240 * 240 * 2
    assert out[2] == "held %d" % boards.X
    assert out[3:] == ["seed True", "diff 7"]


def test_board_from_settings_wins_over_board_file(startup, tmp_path):
    from core import storage

    f = tmp_path / "board.txt"
    f.write_text("display_pack_2\n")
    settings = dict(storage.DEFAULT_SETTINGS)
    storage.save_settings(str(tmp_path), settings)          # "auto": the file decides
    assert startup.read_board_name(str(f), str(tmp_path)) == "display_pack_2"
    settings["board"] = "pico_lcd_1_14"
    storage.save_settings(str(tmp_path), settings)
    assert startup.read_board_name(str(f), str(tmp_path)) == "pico_lcd_1_14"
    (tmp_path / "settings.json").write_bytes(b"garbage")    # corrupt: back to the file
    assert startup.read_board_name(str(f), str(tmp_path)) == "display_pack_2"
    settings["board"] = "no_such_board"                     # unknown: default, no crash
    storage.save_settings(str(tmp_path), settings)
    assert startup.read_board_name(str(tmp_path / "none.txt"), str(tmp_path)) == "pico_lcd_1_3"


def test_the_virtual_pico_strips_as_the_driver_does():
    """device/unixport.py keeps its own copy of the driver's strip height (its flush sends the
    same strips); the two must not drift apart."""
    from device import st7789, unixport

    assert unixport.STRIP_ROWS == st7789.STRIP_ROWS


MPY_BOOT_SHORTCUTS = """
import sys, time
from device import startup
from device.st7789 import ST7789

path = list(sys.path)
kept = startup.keep_builtins(("time", "json", "no_such_module"))
print("kept", kept, sys.path == path, sys.modules["json"] is __import__("json"))
import time   # the built-in one now (the tests' own stand-in, if any, is replaced)

class P:
    def __init__(self, g=None):
        self.levels = []
    def value(self, v=None):
        if v is not None:
            self.levels.append(v)

pins = {}
def factory(g):
    pins[g] = P()
    return pins[g]

t = startup.reset_panel("pico_lcd_1_3", factory)
print("reset", sorted(pins), pins[12].levels, type(t) is int,
      time.ticks_diff(time.ticks_ms(), t) < 50)
print("none", startup.reset_panel("display_pack_2", factory))

class S:
    def write(self, b):
        pass

def panel():
    slept = []
    rst = P()
    d = ST7789(S(), P(), cs=P(), rst=rst, sleep_ms=slept.append)
    return d, slept, rst

d, slept, rst = panel()
d.init()
print("cold", slept, rst.levels)
d, slept, rst = panel()
d.init(time.ticks_add(time.ticks_ms(), -50))
print("early", len(slept), 68 <= slept[0] <= 70, slept[1:], rst.levels)
d, slept, rst = panel()
d.init(time.ticks_add(time.ticks_ms(), -500))
print("long", slept)
"""


def test_boot_keeps_builtins_and_resets_the_panel_early_under_micropython():
    """main.py's two boot shortcuts (device.startup): the extensible built-in modules
    imported once with sys.path empty and kept in sys.modules (on the emulated RP2040 each
    import of one otherwise searched littlefs: 4.2 ms), and the panel's reset pin pulsed at
    boot, so that ST7789.init waits only for what is left of the 120 ms after a reset."""
    out = run_mpy(MPY_BOOT_SHORTCUTS).stdout.splitlines()
    assert out[0] == "kept ['time', 'json'] True True"
    assert out[1] == "reset [12] [0, 1] True True"   # the Pico-LCD boards' RST: GPIO 12
    assert out[2] == "none None"                     # Display Pack 2.0: reset by command
    assert out[3] == "cold [5, 5, 120, 10] [1, 0, 1]"
    assert out[4] == "early 2 True [10] []"          # ~70 of the 120 ms left; no pulse
    assert out[5] == "long [10]"
