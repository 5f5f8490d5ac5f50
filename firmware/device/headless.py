"""A board with no screen and scripted buttons, for the MicroPython unix port.

Benchmarks and memory checks boot the real app on the real interpreter with this platform:
the display only counts what it is sent (and can keep the last canvas bytes), the buttons
follow a key script, and the clock is virtual, so runs are deterministic and as fast as the
interpreter allows. Key scripts: core.keyscript (the simulator's syntax: button names and
chords such as B+X separated by commas, `WAIT:ms`, `HOLD:NAME:ms`).
"""

from core import input as buttons

PRESS_MS = 80
GAP_MS = 170


def parse_keys(script, available=buttons.ALL, board="headless"):
    """Key script -> list of (mask, duration_ms) steps (SHOT: (-1, 0)), by the one parser
    (core.keyscript); KeyScriptError (a ValueError) on a bad token or a button not in
    `available`. DEMO, UNTIL and END belong to the virtual Pico (device/unixport.py)."""
    import sys

    from core import keyscript as ks

    parsed = ks.parse(script, available, board)
    if hasattr(sys, "print_exception"):     # MicroPython
        # Its bytecode back for the app (memory checks); CPython tests keep its classes.
        from core import modules

        modules.drop("core.keyscript")
    steps = []
    for kind, arg, ms, token in parsed:
        if kind == 0:    # PRESS
            steps.append((arg, ms))
            steps.append((0, GAP_MS))
        elif kind == 1:  # WAIT
            steps.append((0, ms))
        elif kind == 2:  # SHOT
            steps.append((-1, 0))  # a marker; the runner decides what a shot means
        else:
            raise ks.KeyScriptError("%s works only on the virtual Pico (key script token %r)"
                                    % (token.split(":")[0], token), token)
    return steps


class CountingDisplay:
    def __init__(self):
        self.flushes = 0
        self.pixels = 0
        self.palette = None
        self.level = 0

    def set_palette(self, colors):
        self.palette = colors

    def flush(self, buf, x, y, w, h):
        self.flushes += 1
        self.pixels += w * h

    def backlight(self, percent):
        self.level = percent


class ScriptButtons:
    def __init__(self, steps, clock):
        self.steps = steps
        self.clock = clock
        self.index = 0
        self.step_end = steps[0][1] if steps else 0
        self.shots = 0

    def read(self):
        steps = self.steps
        while self.index < len(steps) and self.clock.now >= self.step_end:
            self.index += 1
            if self.index < len(steps):
                self.step_end += steps[self.index][1]
        if self.index >= len(steps):
            return 0
        mask = steps[self.index][0]
        return mask if mask > 0 else 0

    def done(self):
        return self.index >= len(self.steps)


class VirtualClock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        if ms > 0:
            self.now += ms


class HeadlessPlatform:
    def __init__(self, width=240, height=240, keys="", data_dir="/tmp", asset_dir="gen",
                 four_buttons=False, seed=1, board="headless"):
        self.width = width
        self.height = height
        self.four_buttons = four_buttons
        self.board = board
        self.data_dir = data_dir
        self.asset_dir = asset_dir
        self._seed = seed
        self.clock = VirtualClock()
        self.display = CountingDisplay()
        available = buttons.A | buttons.B | buttons.X | buttons.Y if four_buttons else buttons.ALL
        self.buttons = ScriptButtons(parse_keys(keys, available, board), self.clock)
        self.ticks_ms = self.clock.ticks_ms
        self.ticks_diff = self.clock.ticks_diff
        self.sleep_ms = self.clock.sleep_ms
        import screens

        self.screens = screens   # the console's own screens, for App(platform)

    def seed(self):
        return self._seed


def run(app, settle_ms=1500, max_ms=600000):
    """Start the app and step it until the key script is done plus `settle_ms`."""
    p = app.platform
    app.start()
    end = -1
    while p.clock.now < max_ms:
        wait = app.step()
        p.clock.sleep_ms(wait if wait > 0 else 1)
        if end < 0 and p.buttons.done():
            end = p.clock.now + settle_ms
        if end >= 0 and p.clock.now >= end:
            break
    return app
