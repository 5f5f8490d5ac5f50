"""The virtual Pico's platform: the firmware on the MicroPython unix port (tools/vpico.py).

main.py picks this module when it runs on the unix port (sys.platform "linux", no
machine.SPI). The host tool, tools/vpico.py, plays the board's hardware: it runs
`micropython` with the board's folder as the current directory (that folder is the board's
filesystem, so data_dir is "." and asset_dir "gen": nothing is written outside it) and passes
its settings in the environment variable VPICO, a JSON object:

  panel  path of the host's unix-domain socket: the screen goes out, buttons come back
  keys   a key script the firmware plays itself (buttons from the panel still work)
  clock  "virtual": time moves only when the app sleeps, so scripted runs are fast and
         always the same (while the script runs; real time afterwards); modules imported
         after start-up (games, AIs) get a `time` whose ticks follow it (VirtualTime)
  seed   the first random seed (the next ones follow from it)
  trace  true: gc.collect() before sampling memory each frame (peak live heap)
  stop_on_error  true: end the script at the first error screen (memory checks)
  safe   true: safe mode (the app does not start, the REPL stays free)

Key scripts (core.keyscript, the one parser) use the simulator's tokens (button names, chords
such as B+X, HOLD:NAME:MS, WAIT:MS, SHOT:name) plus
  DEMO:GAME[:SEED]          back to the menu, then start GAME with every seat played by the
                            AI (kit.setup.demo_scene(app, entry, seed))
  UNTIL:SCENE[:MS]          wait until the top scene's class is SCENE (at most MS ms)
  END                       stop the app: main.py returns and the REPL takes over
When the script is over the firmware prints one line for the host:
  VPICO-DONE frames=N errors=N peak_alloc=N free=N ms=N timeouts=N top=SCENE

Panel protocol (little-endian). Board to host: b"H" + width, height (u16), four_buttons
(u8), name length (u8), name; b"P" + 16 RGB565 (u16); b"F" + x, y, w, h (u16) + h rows of
w/2 canvas bytes; b"L" + backlight percent (u8); b"S" + name length (u8) + name. Host to
board: b"B" + buttons held (u16).
"""

import gc
import os
import struct
import sys
import time

from micropython import const

from core import input as btn
from device import boards

ENV = "VPICO"
PRESS_MS = const(80)   # a tap, as in the simulator's key scripts
GAP_MS = const(170)
UNTIL_MS = 3_600_000   # default UNTIL limit (virtual ms): a whole game at the slow AI speed
STRIP_ROWS = const(4)  # the ST7789 driver's strip buffer height (device/st7789.py)
LUT_BYTES = const(1024)

# gc.mem_alloc/mem_free are MicroPython's (0 under CPython, where this module is tested too).
_mem_alloc = getattr(gc, "mem_alloc", lambda: 0)
_mem_free = getattr(gc, "mem_free", lambda: 0)

# Script step kinds.
_HOLD = const(0)
_SHOT = const(1)
_DEMO = const(2)
_UNTIL = const(3)
_END = const(4)


def read_config(text=None):
    """The host's settings (see the module doc): a dict, empty when VPICO is unset."""
    if text is None:
        text = os.getenv(ENV)
    if not text:
        return {}
    import json

    cfg = json.loads(text)
    if not isinstance(cfg, dict):
        raise ValueError(ENV + " must hold a JSON object")
    return cfg


def parse_keys(script, allowed=btn.ALL, board=""):
    """Key script -> list of steps (kind, arg, ms), by the one parser (core.keyscript, dropped
    again once the script is read); ValueError naming a bad token or a button the board
    lacks."""
    from core import keyscript as ks
    from core import modules

    try:
        parsed = ks.parse(script, allowed, board)
    except ks.KeyScriptError as exc:
        raise ValueError("bad key script token: " + exc.args[1]) from None
    finally:
        if sys.implementation.name == "micropython":
            # Its bytecode back for the app; CPython tests keep its classes.
            modules.drop("core.keyscript")
    steps = []
    for kind, arg, ms, _token in parsed:
        if kind == 0:      # PRESS
            steps.append((_HOLD, arg, ms))
            steps.append((_HOLD, 0, GAP_MS))
        elif kind == 1:    # WAIT
            steps.append((_HOLD, 0, ms))
        elif kind == 2:    # SHOT
            steps.append((_SHOT, arg, 0))
        elif kind == 3:    # DEMO
            steps.append((_DEMO, arg, ms))
        elif kind == 4:    # UNTIL
            steps.append((_UNTIL, arg, UNTIL_MS if ms is None else ms))
        else:              # END
            steps.append((_END, None, 0))
    return steps


def demo(app, game_id, seed):
    """Back to the main menu, then push GAME's all-AI demo scene over it (see
    docs/ARCHITECTURE.md, the game contract). Errors go to the app's error screen."""
    try:
        app.reset_to_home()
        import registry

        entry = registry.find(game_id)
        gc.collect()
        from kit import lang

        view = lang.open_view(entry)     # strings first, then the view (kit.lang)
        from kit import setup

        app.replace(setup.demo_scene(app, entry, seed, spec=view.Spec()))  # as a game
    except Exception as exc:  # noqa: BLE001 - as App.step: log it, show it, back to the menu
        app.crash(exc)


class Script:
    """Plays key script steps against the platform's clock, one call per app frame."""

    def __init__(self, steps):
        self.steps = steps
        self.index = 0
        self.started = None     # ticks when the current step began
        self.timeouts = 0

    def done(self):
        return self.index >= len(self.steps)

    def update(self, platform, now):
        """The buttons the script holds now; runs the steps whose time has come.
        (A DEMO step keeps its seed, or None, where other steps keep their length.)"""
        steps = self.steps
        while self.index < len(steps):
            kind, arg, ms = steps[self.index]
            if self.started is None:
                self.started = now
                if kind == _SHOT:
                    platform.link.shot(arg)
                elif kind == _DEMO:
                    demo(platform.app, arg, platform.seed() if ms is None else ms)
                elif kind == _END:
                    self.index = len(steps)
                    platform.finish(self)
                    return 0
            elapsed = platform.ticks_diff(now, self.started)
            if kind == _HOLD and elapsed < ms:
                return arg
            if kind == _UNTIL and elapsed < ms:
                if type(platform.app.top).__name__ != arg:
                    return 0
            elif kind == _UNTIL:
                self.timeouts += 1
            self.index += 1
            self.started = None
        return 0


class Link:
    """The socket to the host's panel; every method is a no-op without one (or once the
    host has gone), so the firmware runs the same with or without a screen."""

    def __init__(self, path=None):
        self.sock = None
        self.poller = None
        self.buttons = 0
        self._rx = bytearray(3)
        self._rx_n = 0
        self._head = bytearray(9)
        if path:
            import select
            import socket

            unix = socket.AF_UNIX  # type: ignore  # the unix port has it; rp2 stubs do not
            sock = socket.socket(unix, socket.SOCK_STREAM)  # type: ignore
            try:
                # MicroPython's unix port takes a raw sockaddr_un for AF_UNIX.
                sock.connect(struct.pack("H", unix) + path.encode() + b"\0")
            except OSError as exc:
                sock.close()
                print("vpico: no panel at %s (%s): running without a screen" % (path, exc))
                return
            self.sock = sock
            self.poller = select.poll()
            self.poller.register(sock, select.POLLIN)

    def send(self, data):
        sock = self.sock
        if sock is None:
            return
        try:
            sock.write(data)
        except OSError:  # the host went away: carry on without a screen
            self.close()

    def close(self):
        if self.sock is not None:
            self.sock.close()
        self.sock = None
        self.poller = None

    def hello(self, width, height, four_buttons, name):
        self.send(struct.pack("<BHHBB", ord("H"), width, height, 1 if four_buttons else 0,
                              len(name)) + name.encode())

    def shot(self, name):
        data = name.encode()
        self.send(bytes((ord("S"), len(data))) + data)

    def poll_buttons(self, wait_ms=0):
        """Buttons held in the host's window (the last mask it sent)."""
        while self.poller is not None:
            ready = False
            for _obj, _event in self.poller.ipoll(wait_ms):
                ready = True
                break
            if not ready:
                break
            wait_ms = 0
            rx = self._rx
            try:
                n = self.sock.readinto(memoryview(rx)[self._rx_n:])
            except OSError:
                n = 0
            if not n:  # the host closed the panel
                self.close()
                break
            self._rx_n += n
            if self._rx_n == 3:
                self._rx_n = 0
                if rx[0] == ord("B"):
                    self.buttons = rx[1] | rx[2] << 8
        return self.buttons


class LinkDisplay:
    """The display: what a flush sends goes to the host as canvas bytes (GS4_HMSB rows).

    It holds a buffer the size of the ST7789 driver's (strip + palette table), used to
    gather the rows of partial-width rectangles, so the app sees the same heap as on a Pico."""

    def __init__(self, link, width):
        self.link = link
        self.width = width
        self._buf = bytearray(STRIP_ROWS * width * 2 + LUT_BYTES)
        self._mv = memoryview(self._buf)
        self._src = None
        self._src_mv = None
        self.flushes = 0
        self.level = 100

    def set_palette(self, colors):
        buf = self._buf
        buf[0] = ord("P")
        for i in range(16):
            struct.pack_into("<H", buf, 1 + 2 * i, colors[i] & 0xFFFF)
        self.link.send(self._mv[:33])

    def flush(self, buf, x, y, w, h):
        self.flushes += 1
        link = self.link
        if link.sock is None:
            return
        if buf is not self._src:
            self._src = buf
            self._src_mv = memoryview(buf)
        src = self._src_mv
        stride = self.width // 2
        head = link._head
        struct.pack_into("<BHHHH", head, 0, ord("F"), x, y, w, h)
        link.send(head)
        if w == self.width:
            link.send(src[y * stride:(y + h) * stride])
            return
        half = w // 2
        out = self._buf
        room = len(out) // half
        row = y
        while row < y + h:
            n = min(room, y + h - row)
            for i in range(n):
                start = (row + i) * stride + x // 2
                out[i * half:(i + 1) * half] = src[start:start + half]
            link.send(self._mv[:n * half])
            row += n

    def backlight(self, percent):
        self.level = percent
        self.link.send(bytes((ord("L"), int(percent) & 0xFF)))


class VirtualClock:
    """Time that moves only when the app sleeps (scripted runs); `real` switches it back to
    also sleeping for real once the script is over."""

    def __init__(self):
        self.now = 0
        self.real = False

    def ticks_ms(self):
        return self.now & 0x3FFFFFFF

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def sleep_ms(self, ms):
        if ms > 0:
            self.now += ms
            if self.real:
                time.sleep_ms(ms)


class VirtualTime:
    """What `import time` gives the firmware while the clock is virtual: the interpreter's
    own module, but ticks_ms/ticks_us follow the virtual clock and sleep_ms/sleep_us move it.
    So code that reads the time itself (an AI's wall-clock cap) sees the same virtual time
    as the app: a run with fixed seeds plays the same game, however loaded the host is."""

    def __init__(self, clock, real):
        for name in dir(real):
            if not name.startswith("__"):
                setattr(self, name, getattr(real, name))
        self.__name__ = "time"
        self.ticks_ms = clock.ticks_ms
        self.sleep_ms = clock.sleep_ms
        self.ticks_us = lambda: (clock.now * 1000) & 0x3FFFFFFF
        self.sleep_us = lambda us: clock.sleep_ms((us + 999) // 1000)
        self.sleep = lambda s: clock.sleep_ms(int(s * 1000))


class Buttons:
    """The host window's buttons plus the key script's."""

    def __init__(self, platform, mask):
        self.platform = platform
        self.mask = mask
        self.available = mask   # the board's raw buttons (App.board_buttons)

    def read(self):
        p = self.platform
        p.sample_memory()
        held = p.link.poll_buttons()
        script = p.script
        if p.stop_on_error and p.app is not None and p.app.errors and not p.finished:
            p.finish(script)
        elif script is not None and not script.done():
            held |= script.update(p, p.ticks_ms())
            if script.done() and p.clock is not None:
                p.clock.real = True
        return held & self.mask


def _silent(hz, volume, ms=0):
    """The virtual board's buzzer: nothing to hear."""


class UnixPlatform:
    data_dir = "."
    asset_dir = "gen"
    tone = None     # no buzzer on the board (docs/POWER.md); see __init__

    def __init__(self, board_name=boards.DEFAULT, config=None):
        cfg = read_config() if config is None else config
        profile = boards.get(board_name)
        self.board = profile["name"]
        self.width = profile["width"]
        self.height = profile["height"]
        self.four_buttons = profile["four_buttons"]
        self.config = cfg
        self.app = None
        self.peak_alloc = 0
        self.trace = bool(cfg.get("trace"))
        self.stop_on_error = bool(cfg.get("stop_on_error"))
        self.finished = False
        self._seed = cfg.get("seed")
        self.link = Link(cfg.get("panel"))
        self.link.hello(self.width, self.height, self.four_buttons, self.board)
        if profile.get("buzzer") is not None:
            # The board has a buzzer (Settings offers Sound, as on the device); the virtual
            # one makes no sound.
            self.tone = _silent
        self.display = LinkDisplay(self.link, self.width)
        mask = boards.button_mask(profile)
        self.buttons = Buttons(self, mask)
        keys = cfg.get("keys")
        self.script = Script(parse_keys(keys, mask, self.board)) if keys else None
        self.clock = None
        if cfg.get("clock") == "virtual":
            self.clock = VirtualClock()
            self.ticks_ms = self.clock.ticks_ms
            self.ticks_diff = self.clock.ticks_diff
            self.sleep_ms = self.clock.sleep_ms
            # Modules imported from now on (the games, their AIs) read this clock too.
            sys.modules["time"] = VirtualTime(self.clock, time)  # type: ignore
        else:
            self.ticks_ms = time.ticks_ms
            self.ticks_diff = time.ticks_diff
            self.sleep_ms = time.sleep_ms
        self._start = self.ticks_ms()

    def seed(self):
        """The configured seed, then a reproducible sequence from it; else os.urandom."""
        if self._seed is None:
            return int.from_bytes(os.urandom(4), "little")
        seed = self._seed
        self._seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        return seed & 0xFFFFFFFF

    def safe_mode(self):
        """Safe mode: asked by the host, or B held in its window at power-on."""
        return bool(self.config.get("safe")) or bool(self.link.poll_buttons(50) & btn.B)

    def sample_memory(self):
        if self.trace:
            gc.collect()
        used = _mem_alloc()
        if used > self.peak_alloc:
            self.peak_alloc = used

    def finish(self, script=None):
        """Stop the app and tell the host how it went (the VPICO-DONE line)."""
        self.finished = True
        app = self.app
        top = type(app.top).__name__ if app is not None and app.top is not None else "-"
        print("VPICO-DONE frames=%d errors=%d peak_alloc=%d free=%d ms=%d timeouts=%d top=%s"
              % (app.frames_drawn if app else 0, app.errors if app else 0, self.peak_alloc,
                 _mem_free(), self.ticks_diff(self.ticks_ms(), self._start),
                 script.timeouts if script else 0, top))
        if app is not None:
            app.running = False


def run(board_name, config=None):
    """Boot the app on the virtual board; False in safe mode (nothing started)."""
    platform = UnixPlatform(board_name, config)
    if platform.safe_mode():
        print("safe mode: the app was not started (REPL is free)")
        platform.link.close()
        return False
    import screens
    from core.app import App

    app = App(platform, screens)
    platform.app = app  # type: ignore
    try:
        app.run()
    finally:
        platform.link.close()
    return True
