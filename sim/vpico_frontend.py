"""The Virtual Pico's front end, a library: the simulator's window (or PNGs) for a board
that tools/vpico.py runs (`make sim RUNTIME=micropython` = `python -m tools.vpico --flash`).

The firmware runs on the virtual Pico (tools/vpico.py: the MicroPython unix port with a
Pico's heap, flashed with mpremote like a board). Its display driver (device/unixport.py)
sends each flushed rectangle of the 4-bit canvas to the host; `Panel` keeps the picture in a
`sim.platform.SimDisplay`, so the pygame window (`sim.window.Window`, the same front-end as the
CPython simulator) shows it and its keys become the board's buttons. Headless, the panel keeps
each SHOT:name frame as an image and writes it as <name>.png to --shots.

tools/vpico.py calls: `can_open_window()`, `Panel(shots)`, `run_window(board, panel, ...)`
and `run_headless(board, ...)`; `board` is anything with `send_buttons(mask)` and `done`.
Nothing here imports tools/ (no cycle: the tool uses the library, never the other way).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from sim import compat  # noqa: E402
from sim.platform import SimButtons, SimDisplay, board_profile  # noqa: E402

DEFAULT_BOARD = "pico_lcd_1_3"


def can_open_window() -> bool:
    """True when SDL can open a window here: not the dummy or offscreen driver, and on Linux
    an X or Wayland display to show it on (elsewhere the desktop always has one)."""
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return False
    if not sys.platform.startswith("linux"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


NO_DISPLAY = ("no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set, or "
              "SDL_VIDEODRIVER is dummy): use --headless with --keys/--screenshot, or run "
              "it on a desktop")


class Panel:
    """The virtual board's screen as the host receives it (see tools.vpico.parse_panel)."""

    def __init__(self, shots=None):
        self.shots = Path(shots) if shots else None
        self.display = None       # SimDisplay once the firmware said hello
        self.canvas = b""
        self.board = ""
        self.four_buttons = False
        self.generation = 0       # +1 each time the screen size changes
        self.flushes = 0
        self.images = {}          # SHOT name -> PIL RGB image
        self.saved = {}           # SHOT name -> PNG path (with `shots`)

    def hello(self, width: int, height: int, four_buttons: bool, board: str) -> None:
        d = self.display
        if d is None or (d.width, d.height) != (width, height):
            self.display = SimDisplay(width, height)
            self.canvas = bytearray(width * height // 2)
            self.generation += 1
        self.board = board
        self.four_buttons = four_buttons

    def palette(self, colors) -> None:
        if self.display is not None:
            self.display.set_palette(colors)

    def flush(self, x: int, y: int, w: int, h: int, rows: bytes) -> None:
        d = self.display
        if d is None:
            return
        stride = d.width // 2
        half = w // 2
        for i in range(h):
            start = (y + i) * stride + x // 2
            self.canvas[start:start + half] = rows[i * half:(i + 1) * half]
        d.flush(self.canvas, x, y, w, h)
        self.flushes += 1

    def backlight(self, percent: int) -> None:
        if self.display is not None:
            self.display.backlight(percent)

    def shot(self, name: str) -> None:
        if self.display is None:
            return
        self.images[name] = self.display.to_image()
        if self.shots is not None:
            self.saved[name] = self.save(self.shots / (name + ".png"))

    def save(self, path) -> str:
        return self.display.save_png(path)


class _Board:
    """What sim.window.Window needs from a platform, for the virtual board's screen."""

    def __init__(self, panel: Panel):
        if panel.display is None:
            p = board_profile(DEFAULT_BOARD)
            panel.hello(p["width"], p["height"], p["four_buttons"], DEFAULT_BOARD)
        self.display = panel.display
        self.width = self.display.width
        self.height = self.display.height
        self.four_buttons = panel.four_buttons
        self.board = "virtual Pico: " + panel.board
        try:
            available = board_profile(panel.board)["buttons"]
        except ValueError:   # a board the host does not know: every button of its kind
            available = None
        self.buttons = SimButtons(self.four_buttons, available)
        self.ticks_ms = compat.ticks_ms
        self.ticks_diff = compat.ticks_diff


class _Pump:
    """The `app` the window steps: sends the keys to the board, ends or rebuilds the window."""

    running = True

    def __init__(self, vp, panel: Panel, board: _Board, until_done: bool, deadline: float):
        self.vp = vp
        self.panel = panel
        self.board = board
        self.until_done = until_done
        self.deadline = deadline
        self.generation = panel.generation
        self.sent = -1
        self.rebuild = False
        self.window = None

    def step(self) -> int:
        mask = self.board.buttons.read()
        if mask != self.sent:
            self.vp.send_buttons(mask)
            self.sent = mask
        stop = (self.until_done and self.vp.done is not None) or (
            self.deadline and time.monotonic() > self.deadline)
        if self.panel.generation != self.generation:
            self.rebuild = True
            stop = True
        if stop and self.window is not None:
            self.window.running = False
        return 16


def run_window(vp, panel: Panel, scale=None, frame=True, until_done=False, timeout=0.0) -> None:
    """Show the board in the simulator's window until it is closed (or the script is done)."""
    from sim import window as simwindow

    deadline = time.monotonic() + timeout if timeout else 0.0
    while True:
        board = _Board(panel)
        pump = _Pump(vp, panel, board, until_done, deadline)
        win = simwindow.Window(pump, board, scale=scale, frame=frame, title="Virtual Pico")
        pump.window = win
        win.run()
        if not pump.rebuild:
            return


def run_headless(vp, until_done=False, timeout=0.0) -> None:
    """Wait while the board runs (Ctrl-C stops it)."""
    deadline = time.monotonic() + timeout if timeout else 0.0
    while True:
        if until_done and vp.done is not None:
            return
        if deadline and time.monotonic() > deadline:
            return
        time.sleep(0.05)
