"""The simulator's platform object: what `core.app.App` needs, on a PC.

`SimPlatform` has the members docs/ARCHITECTURE.md lists for a platform (size, display,
buttons, clock, folders, seed), and those of docs/POWER.md a board has: `tone` (the buzzer,
through pygame's mixer: sim/sound.py), `led` (the Display Pack's RGB LED: `led_rgb`, drawn
by the window). It has no battery: the simulator shows no battery level. It holds no game
or UI logic: the window (sim/window.py) and the headless runner (sim/headless.py) only
set button bits and show what the display got.

The display keeps one full-size 8-bit indexed image (`pixels`, one palette index per byte)
that a pygame Surface shares, so `flush` only converts the rectangle it is given from the
GS4_HMSB canvas (two pixels a byte, left pixel in the high nibble) and nothing is redrawn
at presentation time.
"""

from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

from sim import compat

compat.install()

ROOT = compat.ROOT
DEFAULT_BOARD = "pico_lcd_1_3"
DEFAULT_ASSET_DIR = ROOT / "firmware" / "gen"
WINDOW_DATA_DIR = ROOT / "sim-fs"

# Logical button bits (mirrors core.input, which needs the MicroPython stubs to import).
UP, DOWN, LEFT, RIGHT, A, B, X, Y, MENU = (1 << i for i in range(9))
ALL_BUTTONS = (1 << 9) - 1
FOUR_BUTTONS = A | B | X | Y

# Used only while device/boards.py cannot be imported; the fields the simulator reads.
_FALLBACK_BOARDS = {
    "pico_lcd_1_3": {"name": "pico_lcd_1_3", "width": 240, "height": 240,
                     "four_buttons": False, "mask": ALL_BUTTONS, "buzzer": 22},
    "pico_lcd_1_14": {"name": "pico_lcd_1_14", "width": 240, "height": 135,
                      "four_buttons": False, "mask": ALL_BUTTONS & ~(X | Y), "buzzer": 22},
    "display_pack_2": {"name": "display_pack_2", "width": 320, "height": 240,
                       "four_buttons": True, "mask": FOUR_BUTTONS, "led": (6, 7, 8)},
}

# A canvas byte holds two pixels: these tables pick out the left (high) or right nibble.
_HIGH_NIBBLE = bytes(b >> 4 for b in range(256))
_LOW_NIBBLE = bytes(b & 15 for b in range(256))


def board_names() -> list[str]:
    """Known board profile names (device/boards.py when it imports)."""
    try:
        from device import boards
    except ImportError:
        return sorted(_FALLBACK_BOARDS)
    return list(boards.names())


def board_profile(name: str) -> dict:
    """name, width, height, four_buttons, buttons (the mask of the raw buttons it has),
    buzzer and led (True when the board has them) of a board; ValueError for an unknown
    name."""
    try:
        from device import boards
    except ImportError:
        boards = None
    if boards is not None:
        p = boards.get(name)
        mask = boards.button_mask(p)
    else:
        p = _FALLBACK_BOARDS.get(name)
        if p is None:
            known = ", ".join(sorted(_FALLBACK_BOARDS))
            raise ValueError("unknown board: %r (known: %s)" % (name, known))
        mask = p["mask"]
    return {"name": name, "width": int(p["width"]), "height": int(p["height"]),
            "four_buttons": bool(p.get("four_buttons", False)), "buttons": mask,
            "buzzer": p.get("buzzer") is not None, "led": p.get("led") is not None}


def rgb565_to_rgb888(c: int) -> tuple[int, int, int]:
    """What a panel shows for an RGB565 value: each channel widened by bit replication."""
    r = (c >> 11) & 31
    g = (c >> 5) & 63
    b = c & 31
    return ((r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2))


# -- clocks ---------------------------------------------------------------------------------
class RealClock:
    """Wall-clock ticks (MicroPython semantics, from sim.compat) for the window."""

    virtual = False

    @staticmethod
    def ticks_ms() -> int:
        return compat.ticks_ms()

    @staticmethod
    def ticks_diff(a: int, b: int) -> int:
        return compat.ticks_diff(a, b)

    @staticmethod
    def sleep_ms(ms: int) -> None:
        compat.sleep_ms(ms)


class VirtualClock:
    """Ticks that move only when someone sleeps or advances them: deterministic runs.

    `now` counts milliseconds without wrapping; ticks_ms() wraps it like the device does."""

    virtual = True

    def __init__(self, start: int = 0):
        self.now = start

    def ticks_ms(self) -> int:
        return self.now % compat.TICKS_PERIOD

    def ticks_us(self) -> int:
        return (self.now * 1000) % compat.TICKS_PERIOD

    @staticmethod
    def ticks_diff(a: int, b: int) -> int:
        return compat.ticks_diff(a, b)

    def sleep_ms(self, ms: int) -> None:
        if ms > 0:
            self.now += int(ms)

    def sleep_us(self, us: int) -> None:
        if us > 0:
            self.now += (int(us) + 999) // 1000

    advance = sleep_ms


# -- display --------------------------------------------------------------------------------
class SimDisplay:
    """Stands in for the ST7789 driver: palette, rectangle flushes, backlight."""

    def __init__(self, width: int, height: int):
        import pygame

        self.width = width
        self.height = height
        self.palette = [(0, 0, 0)] * 16       # RGB888, what the panel would show
        self.palette565 = [0] * 16
        self.pixels = bytearray(width * height)  # one palette index per pixel
        # Shares `pixels`: a flush updates the surface without a copy.
        self.surface = pygame.image.frombuffer(self.pixels, (width, height), "P")
        self.surface.set_palette(self.palette)
        self.backlight_percent = 100
        self.bytes_flushed = 0   # what an RGB565 panel would have been sent (2 bytes a pixel)
        self.flushes = 0
        self.dirty = True        # set by every change; the window clears it when presenting

    def set_palette(self, colors) -> None:
        if len(colors) != 16:
            raise ValueError("palette needs 16 RGB565 colours, got %d" % len(colors))
        self.palette565 = [int(c) & 0xFFFF for c in colors]
        self.palette = [rgb565_to_rgb888(c) for c in self.palette565]
        self.surface.set_palette(self.palette)
        self.dirty = True

    def flush(self, buf, x: int, y: int, w: int, h: int) -> None:
        """Copy the rectangle of the GS4_HMSB canvas `buf` (stride = width) to the screen."""
        W = self.width
        if x < 0 or y < 0 or w <= 0 or h <= 0 or x + w > W or y + h > self.height:
            raise ValueError("flush rectangle %r outside %dx%d" % ((x, y, w, h), W, self.height))
        if x & 1 or w & 1:
            raise ValueError("flush x and w must be even, got x=%d w=%d" % (x, w))
        px = self.pixels
        if x == 0 and w == W:
            # Whole rows: one contiguous run, two slice assignments.
            src = bytes(buf[y * W // 2:(y + h) * W // 2])
            start = y * W
            end = start + h * W
            px[start:end:2] = src.translate(_HIGH_NIBBLE)
            px[start + 1:end:2] = src.translate(_LOW_NIBBLE)
        else:
            half = w // 2
            for row in range(y, y + h):
                start = row * W + x
                src = bytes(buf[start // 2:start // 2 + half])
                px[start:start + w:2] = src.translate(_HIGH_NIBBLE)
                px[start + 1:start + w:2] = src.translate(_LOW_NIBBLE)
        self.bytes_flushed += 2 * w * h
        self.flushes += 1
        self.dirty = True

    def backlight(self, percent) -> None:
        self.backlight_percent = max(0, min(100, int(percent)))
        self.dirty = True

    # -- pictures of the screen (device pixels, exact colours) -------------------------------
    def to_image(self):
        """The screen as a PIL RGB image (Pillow), 1 device pixel = 1 image pixel."""
        from PIL import Image

        img = Image.frombytes("P", (self.width, self.height), bytes(self.pixels))
        flat = []
        for rgb in self.palette:
            flat.extend(rgb)
        img.putpalette(flat)
        return img.convert("RGB")

    def to_surface(self):
        """A 24-bit pygame copy of the screen."""
        import pygame

        out = pygame.Surface((self.width, self.height), depth=24)
        out.blit(self.surface, (0, 0))
        return out

    def save_png(self, path) -> str:
        """Write the screen as an RGB PNG (device pixels); returns the path written."""
        import pygame

        path = str(path)
        parent = os.path.dirname(path)
        if parent:
            os.makedirs(parent, exist_ok=True)
        pygame.image.save(self.to_surface(), path)
        return path


# -- buttons --------------------------------------------------------------------------------
class SimButtons:
    """Raw buttons held now, from the keyboard (`keys`) and a key script (`script`).

    Bits the board does not have are dropped, as on the device: a four-button board has no
    d-pad and no MENU button, the Pico-LCD-1.14 no X and Y (`available`: the board's own)."""

    def __init__(self, four_buttons: bool = False, available: int | None = None):
        if available is None:
            available = FOUR_BUTTONS if four_buttons else ALL_BUTTONS
        self.mask = available
        self.available = available
        self.keys = 0
        self.script = 0

    def read(self) -> int:
        return (self.keys | self.script) & self.mask

    def press(self, bit: int) -> None:
        self.keys |= bit

    def release(self, bit: int) -> None:
        self.keys &= ~bit


# -- the platform ---------------------------------------------------------------------------
class SimPlatform:
    """A board in a window (or headless): see docs/ARCHITECTURE.md, "The platform object"."""

    def __init__(self, board: str = DEFAULT_BOARD, data_dir=None, asset_dir=None,
                 seed: int | None = None, clock=None):
        profile = board_profile(board)
        self.board = board
        self.width = profile["width"]
        self.height = profile["height"]
        self.four_buttons = profile["four_buttons"]
        self.clock = clock if clock is not None else RealClock()
        self.display = SimDisplay(self.width, self.height)
        self.buttons = SimButtons(self.four_buttons, profile["buttons"])
        if data_dir is None:
            data_dir = (tempfile.mkdtemp(prefix="sim-fs-") if self.clock.virtual
                        else WINDOW_DATA_DIR)
        if os.path.exists(data_dir) and not os.path.isdir(data_dir):
            raise NotADirectoryError(
                "the data folder %s is a file, not a folder: the console keeps its settings "
                "and saves in a folder (pass --data-dir FOLDER, or move the file away)"
                % data_dir)
        os.makedirs(data_dir, exist_ok=True)
        self.data_dir = str(Path(data_dir)).replace(os.sep, "/")
        self.asset_dir = str(Path(asset_dir or DEFAULT_ASSET_DIR)).replace(os.sep, "/")
        self._seed = seed
        # With --seed the first seed() is that number and the next ones follow from it, so
        # a whole session replays exactly; without it every seed() is fresh.
        self._seeds = random.Random(seed) if seed is not None else random.SystemRandom()
        self._seed_calls = 0
        # The board's buzzer and LED (docs/POWER.md); None where the board has none.
        self.led_rgb = None
        if profile["buzzer"]:
            from sim.sound import Buzzer

            self.tone = Buzzer()
        else:
            self.tone = None
        if not profile["led"]:
            self.led = None
        import screens

        self.screens = screens   # the console's own screens, for App(platform)

    def ticks_ms(self) -> int:
        return self.clock.ticks_ms()

    def ticks_diff(self, a: int, b: int) -> int:
        return self.clock.ticks_diff(a, b)

    def sleep_ms(self, ms: int) -> None:
        self.clock.sleep_ms(ms)

    def led(self, r: int, g: int, b: int) -> None:  # type: ignore[no-redef]
        """The RGB LED at (r, g, b), 0-255 each (0, 0, 0: off); the window shows it."""
        self.led_rgb = None if not (r or g or b) else (r, g, b)
        self.display.dirty = True

    def seed(self) -> int:
        self._seed_calls += 1
        if self._seed is not None and self._seed_calls == 1:
            return self._seed & 0xFFFFFFFF
        return self._seeds.getrandbits(32)
