# Runs UNDER the MicroPython unix port (started by tools/robot/mpy.py): a robot run's key
# script replayed through the real app on the headless platform, on the virtual clock, with
# the heap the interpreter was given. The frames are stepped as sim.headless.Runner steps
# them (a frame at 0, then whenever the app asks; a button change is seen by the first frame
# at or after it), so the same script plays the same game. Prints, then DONE:
#   SEEN <actions> <over 0/1>     each time a table's session is seen with a new move count
#   TOP <scene> / ERRORS <n> / MINFREE <bytes> / LOG <last line of log.txt or ->
import gc

from core import strings
from core.app import App
from device import headless

cfg = CONFIG  # noqa: F821 - defined by the host before this file
seeds = cfg["seeds"]


class StreamButtons:
    """The key script read from a file one token at a time (a whole game's script parsed at
    once would take more of a Pico's heap than the game itself can spare)."""

    def __init__(self, path, clock, available, board):
        from core import keyscript

        self.parse = keyscript.parse
        self.file = open(path)
        self.clock = clock
        self.available = available
        self.board = board
        self.steps = []      # what is left of the token being played: [(mask, ms), ...]
        self.mask = 0
        self.step_end = 0
        self.ended = False

    def _token(self):
        chars = []
        while True:
            ch = self.file.read(1)
            if not ch or ch == ",":
                break
            chars.append(ch)
        if not chars and not ch:
            return None
        return "".join(chars)

    def read(self):
        now = self.clock.now
        while now >= self.step_end and not self.ended:
            if not self.steps:
                token = self._token()
                if token is None:
                    self.ended = True
                    self.mask = 0
                    break
                for kind, arg, ms, _tok in self.parse(token, self.available, self.board):
                    if kind == 0:
                        self.steps.append((arg, ms))
                        self.steps.append((0, headless.GAP_MS))
                    elif kind == 1:
                        self.steps.append((0, ms))
                continue
            self.mask, ms = self.steps.pop(0)
            self.step_end += ms
        return self.mask

    def done(self):
        return self.ended


class Platform(headless.HeadlessPlatform):
    """The headless platform with the seeds the CPython run drew, in order."""

    def seed(self):
        if seeds:
            return seeds.pop(0)
        return 1


plat = Platform(cfg["width"], cfg["height"], "", cfg["data_dir"], cfg["asset_dir"],
                cfg["four_buttons"], 0, cfg["board"])
plat.buttons = StreamButtons(cfg["keys_file"], plat.clock, cfg["available"], cfg["board"])
app = App(plat)
app.start()
if cfg["lang"]:
    app.settings["lang"] = cfg["lang"]
    strings.load(cfg["lang"])
    app.invalidate_all()
clock = plat.clock
buttons = plat.buttons
end = cfg["end_ms"]
least = gc.mem_free()
last = (-1, -1)
while clock.now < end and app.running:
    wait = app.step()
    for scene in app.stack:
        session = getattr(scene, "session", None)
        if session is not None and hasattr(scene, "turns"):
            seen = (len(session.actions), 1 if session.is_over() else 0)
            if seen != last:
                last = seen
                print("SEEN", seen[0], seen[1])
    free = gc.mem_free()
    if free < least:
        least = free
    clock.sleep_ms(wait if wait > 0 else 1)
top = app.top
print("TOP", type(top).__name__ if top is not None else "-")
print("ERRORS", app.errors)
print("MINFREE", least)
try:
    with open(cfg["data_dir"] + "/log.txt") as f:
        lines = f.read().strip().split("\n")
    print("LOG", lines[-1])
except OSError:
    print("LOG -")
print("DONE")
