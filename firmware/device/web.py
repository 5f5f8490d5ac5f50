"""The browser's platform: the firmware on MicroPython compiled to WebAssembly.

The page's Web Worker (web/worker.js, built by `make web`) loads MicroPython's WebAssembly
port, writes `make build`'s tree into its in-memory filesystem at "/" (the same .mpy modules,
gen/ assets and text packs as a Pico's flash) and the saved data into /data, then calls
`boot(config)` once and `step(buttons)` whenever the app asked to run again. Everything else
is the App, its screens and its games, as on the device.

The worker is the hardware, reached through one JavaScript object, `host` (in the browser
the worker's `cardConsole`, as `js.cardConsole`; tests pass a Python object with the same
methods, all arguments small ints):
  attach(address, width, height)  where the 4-bit canvas (GS4_HMSB) lives in memory
  flush(x, y, w, h)               that rectangle of it changed: draw it
  palette(index, rgb565)          one of the 16 colours
  backlight(percent)
  tone(hz, volume, ms)            a square wave (Web Audio); only on boards with a buzzer
  led(r, g, b)                    the "your turn" light; only on boards with the LED
  random16()                      16 random bits (crypto.getRandomValues)
  shot(name)                      a key script's SHOT:name (the page keeps that picture)

`config` is a JSON object: board (a profile name; "" or "auto": the Settings screen's
board, else the Pico-LCD-1.3), data_dir, asset_dir, uptime_ms (how long the page has been
open: the console's ticks count from there, as a Pico's from power-on), and for a scripted
run (tests, the README's picture) keys (the simulator's key script), seed (or seeds: a list,
given in turn), lang and theme (for this run only), settle_ms and tips (false: no first-game
tips, as in the test harness). A scripted run uses a virtual clock and steps frames exactly
as the headless simulator (sim/headless.py) does, so the same script and seed draw the same
pixels; `play(steps)` advances it.
"""

import json
import sys

try:
    from uctypes import addressof as _address  # type: ignore[assignment]
except ImportError:  # CPython (tests): the host is handed the buffer itself
    def _address(buf):
        return buf

SETTLE_MS = 1500        # after a script, before its last picture (sim/headless.py)
GAP_MS = 170            # released after every tap or hold (core.keyscript, sim/headless.py)


class WebDisplay:
    """The display: flushed rectangles and the palette go to the page."""

    def __init__(self, host, width, height):
        self.host = host
        self.width = width
        self.height = height
        self._buf = None
        self.flushes = 0
        self.level = 100

    def set_palette(self, colors):
        for i in range(16):
            self.host.palette(i, colors[i] & 0xFFFF)

    def flush(self, buf, x, y, w, h):
        if buf is not self._buf:     # the app's canvas: the same buffer for its whole life
            self._buf = buf
            self.host.attach(_address(buf), self.width, self.height)
        self.flushes += 1
        self.host.flush(x, y, w, h)

    def backlight(self, percent):
        self.level = percent
        self.host.backlight(int(percent))


class WebButtons:
    """The buttons the page holds (keyboard, pointer, touch, or a key script)."""

    def __init__(self, mask):
        self.mask = mask
        self.available = mask     # the board's raw buttons (App.board_buttons)
        self.held = 0

    def read(self):
        return self.held & self.mask


class WebPlatform:
    """A board in a web page: see docs/ARCHITECTURE.md, "The platform object"."""

    def __init__(self, host, profile, mask, data_dir="/data", asset_dir="/gen", clock=None,
                 seeds=(), uptime_ms=0):
        import time

        self.host = host
        self.board = profile["name"]
        self.width = profile["width"]
        self.height = profile["height"]
        self.four_buttons = profile["four_buttons"]
        self.data_dir = data_dir
        self.asset_dir = asset_dir
        self.display = WebDisplay(host, self.width, self.height)
        self.buttons = WebButtons(mask)
        self.clock = clock
        source = clock if clock is not None else time
        self.ticks_ms = source.ticks_ms
        self.ticks_diff = source.ticks_diff
        self.sleep_ms = source.sleep_ms
        if clock is None and uptime_ms:
            # The console is on since the page opened (a Pico's ticks count from power-on),
            # not since the interpreter started: the splash holds until 0.8 s after that.
            offset = time.ticks_diff(uptime_ms, time.ticks_ms())  # type: ignore[arg-type]
            self.ticks_ms = lambda: time.ticks_add(time.ticks_ms(), offset)  # type: ignore
        self._seeds = list(seeds)
        if profile.get("buzzer") is None:
            self.tone = None  # type: ignore[assignment]
        if profile.get("led") is None:
            self.led = None  # type: ignore[assignment]

    def tone(self, hz, volume, ms=0):
        self.host.tone(int(hz), int(volume), int(ms))

    def led(self, r, g, b):
        self.host.led(r & 255, g & 255, b & 255)

    def seed(self):
        """A scripted run's seeds first (the simulator's --seed, or every seed a run of the
        simulator gave, to replay it), then fresh ones."""
        if self._seeds:
            return self._seeds.pop(0) & 0xFFFFFFFF
        return (self.host.random16() & 0xFFFF) << 16 | (self.host.random16() & 0xFFFF)


def timeline(steps):
    """Timed events (at_ms, op, arg) of a parsed key script and its length in ms, as
    sim.headless.timeline: op 0 press (mask), 1 release (mask), 2 shot (name)."""
    events = []
    t = 0
    for kind, arg, ms, token in steps:
        if kind == 0:      # PRESS: down, held `ms`, up, then the gap
            events.append((t, 0, arg))
            t += ms
            events.append((t, 1, arg))
            t += GAP_MS
        elif kind == 1:    # WAIT
            t += ms
        elif kind == 2:    # SHOT
            events.append((t, 2, arg))
        else:
            raise ValueError("%s works only on the virtual Pico, not in the page (key script "
                             "token %r)" % (token.split(":")[0], token))
    return events, t


class Console:
    """The app on the page: made by `boot`, stepped by `step` (live) or `play` (a script)."""

    def __init__(self, host, config):
        from device import boards

        board = config.get("board") or "auto"
        data_dir = config.get("data_dir", "/data")
        if board == "auto":
            from device import startup

            board = startup.read_board_name(data_dir + "/board.txt", data_dir)
        profile = boards.get(board)
        mask = boards.button_mask(profile)
        script = config.get("keys")
        clock = None
        if script is not None:
            from device.unixport import VirtualClock, VirtualTime

            clock = VirtualClock()
            # Code that reads the time itself (an AI's wall-clock cap) reads this clock too:
            # the games are imported after this, as in the virtual Pico.
            if sys.implementation.name == "micropython":
                import time

                sys.modules["time"] = VirtualTime(clock, time)  # type: ignore[assignment]
        seeds = config.get("seeds") or ([config["seed"]] if "seed" in config else [])
        self.platform = p = WebPlatform(host, profile, mask, data_dir,
                                        config.get("asset_dir", "/gen"), clock, seeds,
                                        config.get("uptime_ms", 0))
        if config.get("tips") is False:
            p.tips = False  # type: ignore[attr-defined]
        self.info = {"board": profile["name"], "title": profile["title"],
                     "width": p.width, "height": p.height, "four_buttons": p.four_buttons,
                     "buttons": mask, "buzzer": p.tone is not None, "led": p.led is not None}
        import screens
        from core.app import App

        self.app = App(p, screens)
        self._run = None
        if script is None:
            self.app.start()
            return
        from core import keyscript

        events, length = timeline(keyscript.parse(script, mask, profile["name"]))
        self._run = self._script(events, length, config.get("settle_ms", SETTLE_MS),
                                 config.get("lang"), config.get("theme"))

    def step(self, held):
        self.platform.buttons.held = held
        return self.app.step()

    # -- a scripted run on the virtual clock, frame for frame as sim/headless.py ------------
    def _script(self, events, length, settle_ms, lang, theme):
        app = self.app
        clock = self.platform.clock
        buttons = self.platform.buttons
        app.start()
        # --lang / --theme for this run only, as sim.headless.apply_overrides: never saved
        if lang is not None:
            from core import strings

            app.settings["lang"] = lang
            strings.load(lang)
            app.invalidate_all()
        if theme is not None:
            app.settings["theme"] = theme
            app.apply_theme(theme)
        due = [0]

        def frame():
            if due[0] > clock.now:
                clock.now = due[0]
            wait = app.step()
            due[0] = clock.now + (wait if wait > 0 else 1)

        if app.running:
            frame()
        base = clock.now
        for at, op, arg in events:
            while app.running and due[0] < base + at:
                frame()
                yield
            clock.now = max(clock.now, base + at)
            if op == 0:
                buttons.held |= arg
            elif op == 1:
                buttons.held &= ~arg
            else:
                self.platform.host.shot(arg)
        for end in (base + length, base + length + settle_ms):
            while app.running and due[0] < end:
                frame()
                yield
            clock.now = max(clock.now, end)

    def play(self, frames):
        """Run up to `frames` frames of the script; True once it is over."""
        run = self._run
        if run is None:
            return True
        for _ in range(frames):
            try:
                next(run)
            except StopIteration:
                self._run = None
                return True
        return False

    def describe(self):
        """What the tests ask about: the scene stack, the messages, the game's record and
        what its table said last, errors, time."""
        app = self.app
        out = {"scenes": [type(s).__name__ for s in app.stack], "frames": app.frames_drawn,
               "errors": app.errors, "now": self.platform.ticks_ms(),
               "board": self.platform.board}
        out["messages"] = app.toasts_pending()       # on screen or waiting their turn
        for scene in app.stack:
            session = getattr(scene, "session", None)
            turns = getattr(scene, "turns", None)
            if session is not None and turns is not None:
                out["game"] = session.game_id
                out["actions"] = len(session.actions)
                out["human_to_move"] = bool(turns.human_to_move())
                out["over"] = bool(session.state.is_over())
                history = getattr(scene, "history", None)    # what the table said last
                out["said"] = [str(t) for t in history.lines[-4:]] if history else []
        top = app.top
        menu = getattr(top, "menu", None)
        if menu is not None and hasattr(menu, "rows"):      # a menu: its rows and cursor
            out["rows"] = [str(r[0]) for r in menu.rows]
            out["cursor"] = menu.cursor
        if hasattr(top, "choices") and hasattr(top, "message"):    # a dialog
            out["message"] = str(top.message)
            out["rows"] = [str(c) for c in top.choices]
            out["cursor"] = top.cursor
        return json.dumps(out)


_console = None


def boot(config_json, host=None):
    """Make the app from the page's config (JSON); the board's description (JSON) back."""
    global _console
    if host is None:
        import js  # type: ignore[import-not-found]  # the WebAssembly port's page bridge

        host = js.cardConsole
    _console = Console(host, json.loads(config_json))
    return json.dumps(_console.info)


def step(held):
    """One frame with `held` buttons; the milliseconds until the app wants the next one."""
    return _console.step(held)  # type: ignore[union-attr]


def play(frames):
    return _console.play(frames)  # type: ignore[union-attr]


def describe():
    return _console.describe()  # type: ignore[union-attr]


def top():
    """The name of the screen on top (the page's first menu frame, a slow step's screen)."""
    return type(_console.app.top).__name__  # type: ignore[union-attr]
