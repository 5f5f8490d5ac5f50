"""Headless simulator: the real app on a virtual clock, driven by a key script.

A key script is a comma-separated list of tokens (case-insensitive):

  UP, DOWN, LEFT, RIGHT, A, B, X, Y, MENU   press the button for 80 ms, release, wait 170 ms
  B+X                                        a chord: both down, then both up
  HOLD:NAME:MS                               hold the button (or chord) MS ms, release, wait
  WAIT:MS                                    let MS ms go by
  SHOT:name                                  take a screenshot called `name`

One parser (core.keyscript) serves the simulator, the headless platform and the virtual
Pico; a button the chosen board lacks is refused (on the Display Pack 2.0: A, B, X, Y only,
so left is B+X).

Time is virtual: it moves only as the script says, frames are stepped exactly when the app
asks for them, and nothing depends on the speed of the machine, so a script with a given
seed gives the same pictures every time (for tests and docs).

    from sim import headless
    r = headless.run("DOWN,A,WAIT:500", seed=7)
    r.final.save("out.png"); r.steps  # bytes sent to the display per token
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections import namedtuple

from sim import platform as simplatform

SETTLE_MS = 1500     # run after the script, before the final screenshot
BUTTON_NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "X", "Y", "MENU")

# One parsed token: kind "press" (button name or chord "B+X", hold ms, gap ms), "wait" (ms)
# or "shot" (name).
Action = namedtuple("Action", "kind arg ms gap token")
StepStat = namedtuple("StepStat", "token bytes flushes frames")


def _keyscript():
    from core import keyscript

    return keyscript


KeyScriptError = _keyscript().KeyScriptError
PRESS_MS = 80        # a tap (core.keyscript holds it for 80 ms)
GAP_MS = 170         # then released (device.headless and the virtual Pico use the same)


def button_bit(name: str) -> int:
    """Bit of a button name, or the mask of a chord ("B+X")."""
    mask = 0
    for part in name.split("+"):
        mask |= 1 << BUTTON_NAMES.index(part)
    return mask


def parse_keys(text: str | None, board: str | None = None) -> list[Action]:
    """Parse a key script into Actions (core.keyscript, the parser the headless platform and
    the virtual Pico use too); KeyScriptError naming the first bad token, or a button the
    `board` (a profile name; None: any) does not have."""
    ks = _keyscript()
    allowed = simplatform.board_profile(board)["buttons"] if board else ks.btn.ALL
    actions = []
    for kind, arg, ms, token in ks.parse(text, allowed, board or ""):
        if kind == 0:    # PRESS
            name = token.split(":")[1] if token.startswith("HOLD:") else token
            actions.append(Action("press", name, ms, GAP_MS, token))
        elif kind == 1:  # WAIT
            actions.append(Action("wait", None, ms, 0, token))
        elif kind == 2:  # SHOT
            name = arg[:-4] if arg.lower().endswith(".png") else arg
            if not name:
                raise KeyScriptError("bad screenshot name in key script token %r" % token, token)
            actions.append(Action("shot", name, 0, 0, "SHOT:" + name))
        else:
            raise KeyScriptError("%s works only on the virtual Pico (make vpico), not in the "
                                 "simulator (key script token %r)" % (token.split(":")[0], token),
                                 token)
    return actions


def check_board(actions: list[Action], board: str) -> None:
    """KeyScriptError when a parsed script presses a button `board` does not have."""
    have = simplatform.board_profile(board)["buttons"]
    for act in actions:
        if act.kind == "press" and button_bit(act.arg) & ~have:
            names = [n for n in BUTTON_NAMES if button_bit(n) & have]
            raise KeyScriptError("the %s board has no %s button (key script token %r; it has "
                                 "%s)" % (board, act.arg, act.token, ", ".join(names)), act.token)


def timeline(actions: list[Action]) -> tuple[list[tuple], int]:
    """Timed events (at_ms, token_index, op, arg) for a parsed script, and its length in ms.

    ops: "begin" (a token starts), "down"/"up" (button bit), "shot" (name). Events at the same
    time keep their order."""
    events = []
    t = 0
    for i, act in enumerate(actions):
        events.append((t, i, "begin", act.token))
        if act.kind == "press":
            bit = button_bit(act.arg)
            events.append((t, i, "down", bit))
            t += act.ms
            events.append((t, i, "up", bit))
            t += act.gap
        elif act.kind == "wait":
            t += act.ms
        else:
            events.append((t, i, "shot", act.arg))
    return events, t


class Result:
    """What a headless run produced.

    frames        {name: PIL RGB image} for every SHOT token
    final         the screen after the script and SETTLE_MS more (PIL RGB image)
    app, platform the app and platform, still usable (e.g. to inspect the scene stack)
    steps         [StepStat(token, bytes, flushes, frames)]: "START" (start-up and first
                  frame), one per script token (from its start to the next token's), "SETTLE"
    bytes_flushed [bytes] of the same steps: RGB565 bytes the display was sent
    log           the app's log.txt after the run ("" when nothing went wrong)
    """

    def __init__(self, app, platform):
        self.app = app
        self.platform = platform
        self.frames = {}
        self.final = None
        self.steps = []
        self.log = ""

    @property
    def bytes_flushed(self) -> list[int]:
        return [s.bytes for s in self.steps]

    @property
    def elapsed_ms(self) -> int:
        return self.platform.clock.now


def apply_overrides(app, lang=None, theme=None):
    """--lang / --theme for this run only: change the loaded settings, never save them."""
    if lang is not None:
        from core import strings

        if app.settings is not None:
            app.settings["lang"] = lang
        strings.load(lang)
        app.invalidate_all()
    if theme is not None:
        if app.settings is not None:
            app.settings["theme"] = theme
        app.apply_theme(theme)


class _VirtualTime:
    """While active, MicroPython's time.ticks_ms/sleep_ms read the virtual clock, so code that
    calls them directly (as device code may) stays deterministic too."""

    NAMES = ("ticks_ms", "ticks_us", "sleep_ms", "sleep_us")

    def __init__(self, clock):
        self.clock = clock
        self.saved = {}

    def __enter__(self):
        for name in self.NAMES:
            self.saved[name] = getattr(time, name, None)
            setattr(time, name, getattr(self.clock, name))
        return self

    def __exit__(self, *exc):
        for name, fn in self.saved.items():
            if fn is None:
                delattr(time, name)
            else:
                setattr(time, name, fn)


def run(keys="", board=simplatform.DEFAULT_BOARD, seed=None, lang=None, theme=None,
        data_dir=None, shots=None, asset_dir=None, settle_ms=SETTLE_MS, setup=None) -> Result:
    """Run the app headless through the key script `keys` (a string or parsed Actions).

    data_dir: the app's writable folder (None: a temporary one, removed after the run).
    shots: folder to also write each SHOT frame to as <name>.png (None: keep them in memory).
    setup: a callable(app) used instead of app.start() (tests of the simulator itself)."""
    if isinstance(keys, str) or keys is None:
        actions = parse_keys(keys, board)
    else:
        actions = list(keys)
        check_board(actions, board)
    events, length = timeline(actions)
    # No window is ever opened; the dummy driver keeps SDL away from any real display.
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    temp_dir = None
    if data_dir is None:
        temp_dir = tempfile.mkdtemp(prefix="sim-headless-")
        data_dir = temp_dir
    try:
        return _run(actions, events, length, board, seed, lang, theme, data_dir, shots,
                    asset_dir, settle_ms, setup)
    finally:
        if temp_dir is not None:
            shutil.rmtree(temp_dir, ignore_errors=True)


class Runner:
    """The app on a virtual clock, driven one step at a time: `run()` drives it through a
    whole key script, the robot player (tools/robot) one press at a time; both step the
    frames exactly alike, so a robot's key script replays the same game in `run()`.

    Use as a context manager (MicroPython's time functions read the virtual clock inside):

        with Runner(board="pico_lcd_1_14", seed=5, lang="fr", data_dir=d) as r:
            r.press(button_bit("A")); r.wait(500)

    `t` is the script time (ms since the first frame); `on_frame(app)`, when set, is called
    after every frame the app steps."""

    def __init__(self, board=simplatform.DEFAULT_BOARD, seed=None, lang=None, theme=None,
                 data_dir=None, asset_dir=None, setup=None):
        from core.app import App

        self.clock = simplatform.VirtualClock()
        self.platform = simplatform.SimPlatform(board=board, data_dir=data_dir,
                                                asset_dir=asset_dir, seed=seed,
                                                clock=self.clock)
        self.app = App(self.platform)
        self.on_frame = None
        self.t = 0
        self._setup = setup
        self._lang = lang
        self._theme = theme
        self._due = 0
        self._base = 0
        self._time = _VirtualTime(self.clock)

    def __enter__(self):
        self._time.__enter__()
        app = self.app
        if self._setup is None:
            app.start()
        else:
            self._setup(app)
        apply_overrides(app, self._lang, self._theme)
        if app.running:
            self._frame()
        self._base = self.clock.now
        return self

    def __exit__(self, *exc):
        self._time.__exit__(*exc)

    def _frame(self):
        clock = self.clock
        wait = self.app.step()
        self._due = clock.now + (wait if wait > 0 else 1)
        if self.on_frame is not None:
            self.on_frame(self.app)

    def run_until(self, t):
        """Step frames when the app asks for them, strictly before script time `t`."""
        target = self._base + t
        clock = self.clock
        while self.app.running and self._due < target:
            if self._due > clock.now:
                clock.now = self._due
            self._frame()
        if target > clock.now:
            clock.now = target
        if t > self.t:
            self.t = t

    def down(self, mask):
        self.run_until(self.t)
        self.platform.buttons.script |= mask

    def up(self, mask):
        self.run_until(self.t)
        self.platform.buttons.script &= ~mask

    def press(self, mask, ms=PRESS_MS, gap=GAP_MS):
        """A tap (or a hold of `ms`) of the button bits `mask`, then `gap` ms released."""
        self.down(mask)
        self.run_until(self.t + ms)
        self.up(mask)
        self.run_until(self.t + gap)

    def wait(self, ms):
        self.run_until(self.t + ms)


def _run(actions, events, length, board, seed, lang, theme, data_dir, shots, asset_dir,
         settle_ms, setup):
    runner = Runner(board, seed, lang, theme, data_dir, asset_dir, setup)
    app = runner.app
    plat = runner.platform
    display = plat.display
    result = Result(app, plat)
    mark = [display.bytes_flushed, display.flushes, 0]

    def close_step(token):
        result.steps.append(StepStat(token, display.bytes_flushed - mark[0],
                                     display.flushes - mark[1], app.frames_drawn - mark[2]))
        mark[0] = display.bytes_flushed
        mark[1] = display.flushes
        mark[2] = app.frames_drawn

    with runner:
        token = "START"
        for at, _index, op, arg in events:
            runner.run_until(at)
            if op == "begin":
                close_step(token)
                token = arg
            elif op == "down":
                plat.buttons.script |= arg
            elif op == "up":
                plat.buttons.script &= ~arg
            else:
                img = display.to_image()
                result.frames[arg] = img
                if shots is not None:
                    os.makedirs(shots, exist_ok=True)
                    display.save_png(os.path.join(shots, arg + ".png"))
        runner.run_until(length)
        close_step(token)
        runner.run_until(length + settle_ms)
        close_step("SETTLE")
    result.final = display.to_image()
    try:
        with open(os.path.join(data_dir, "log.txt"), encoding="utf-8", errors="replace") as f:
            result.log = f.read()
    except OSError:
        pass
    return result
