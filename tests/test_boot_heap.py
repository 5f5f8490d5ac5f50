"""The real app on a small heap, and the error path, under MicroPython and CPython.

Boot-to-menu memory: the real app (device.headless.HeadlessPlatform: no screen, scripted
buttons, virtual clock) boots under the MicroPython unix port with a capped heap, moves the
menu cursor, opens Settings, changes the language and leaves (saving the settings). It must
finish with no error caught by the app and no log.txt written.

The issue's target is a 64wK heap (`-X heapsize=64wK`: 64 K words, 128 KB on the 64-bit unix
port, mirroring a 64 KB heap on the 32-bit Pico in object counts). It is checked on what a
board runs: the firmware compiled to .mpy by tools.build (from .py source the interpreter also
needs the compiler's memory, so that run gets a larger budget).

Error path: a scene whose draw raises (or runs out of memory) shows the ErrorScreen, writes
log.txt in the data folder with the exception text, and any button returns to the main menu.
"""

from pathlib import Path

import pytest

from tests.mpy import run_mpy

ROOT = Path(__file__).resolve().parent.parent
GEN = str(ROOT / "firmware" / "gen")

TARGET_HEAP = "64wK"
# Smallest heap that completes, measured by `python -m tools.bench --only heap` (84wK when the
# firmware runs from .py source, which also needs the compiler's memory), plus a little room.
BUDGET_HEAP = "96wK"

# UP, UP reaches Settings from the first row whether or not games are registered (the cursor
# wraps past About); RIGHT changes the language (en -> fr: French strings load), B saves.
BOOT_KEYS = "WAIT:1600,UP,UP,A,RIGHT,B,DOWN"

BOOT_CODE = """
import gc, os
from core.app import App
from device.headless import HeadlessPlatform, run
D = %(data)r
p = HeadlessPlatform(keys=%(keys)r, data_dir=D, asset_dir=%(gen)r)
app = run(App(p))
print(type(app.top).__name__, app.errors, "log.txt" in os.listdir(D), app.settings["lang"])
print(open(D + "/settings.json").read().count('"fr"'))
print("OK")
"""


def boot(tmp_path, heap, paths=None):
    # clock="real": the app's clock is HeadlessPlatform's virtual one already and no AI
    # plays; tests/mpy.py's stand-in `time` would take heap that the 64wK target is about.
    code = BOOT_CODE % {"data": str(tmp_path), "keys": BOOT_KEYS, "gen": GEN}
    return run_mpy(code, heap=heap, check=False, paths=paths, clock="real")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The firmware as flashed: .mpy files from tools.build (bytecode imports on the unix port)."""
    from tools import build

    out = tmp_path_factory.mktemp("pico")
    result = build.build(out=out)
    assert result.ok, result.errors
    return out


def test_boot_to_menu_within_budget(tmp_path):
    proc = boot(tmp_path, BUDGET_HEAP)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.split("\n")[:3] == ["MainMenu 0 False fr", "1", "OK"]


def test_boot_to_menu_at_64wK_target(tmp_path, built):
    proc = boot(tmp_path, TARGET_HEAP, paths=[built])
    assert proc.returncode == 0 and proc.stdout.split("\n")[:3] == [
        "MainMenu 0 False fr", "1", "OK"], proc.stdout + proc.stderr


# -- the error path under MicroPython --------------------------------------------------------
ERROR_CODE = """
import os
from core.app import App, Scene
from device.headless import HeadlessPlatform
D = %(data)r

class Broken(Scene):
    def draw(self, c, full):
        if %(memory)r:
            self.hog = bytearray(4000000)
        raise ValueError("broken draw 4217")

p = HeadlessPlatform(keys="WAIT:400,A", data_dir=D, asset_dir=%(gen)r)
app = App(p)
app.start()
app.push(Broken())

def advance(ms):
    end = p.clock.now + ms
    while p.clock.now < end:
        wait = app.step()
        p.clock.sleep_ms(wait if wait > 0 else 1)

advance(300)
top = app.top
print(type(top).__name__, app.errors, top.is_memory, len(app.stack))
print(top.summary)
log = open(D + "/log.txt").read()
print("broken draw 4217" in log, "MemoryError" in log, "Traceback" in log)
advance(700)
print(type(app.top).__name__, app.errors, len(app.stack))
"""


@pytest.mark.parametrize("memory", [False, True])
def test_error_screen_log_and_back_to_menu_micropython(tmp_path, memory):
    code = ERROR_CODE % {"data": str(tmp_path), "gen": GEN, "memory": memory}
    out = run_mpy(code, heap=BUDGET_HEAP).stdout.split("\n")
    if memory:
        assert out[0] == "ErrorScreen 1 True 1"
        assert out[1].startswith("MemoryError: memory allocation failed")
        assert out[2] == "False True True"
    else:
        assert out[0] == "ErrorScreen 1 False 1"
        assert out[1] == "ValueError: broken draw 4217"
        assert out[2] == "True False True"
    assert out[3] == "MainMenu 1 1"
    assert (tmp_path / "log.txt").exists()


# -- the same under CPython, through the headless simulator's setup hook ----------------------
def test_error_screen_log_and_back_to_menu_cpython(tmp_path):
    from core import theme
    from core.app import Scene
    from screens.error import ErrorScreen
    from screens.main_menu import MainMenu
    from sim import headless
    from sim.platform import rgb565_to_rgb888

    class Broken(Scene):
        def draw(self, c, full):
            raise ValueError("broken draw 4217")

    def setup(app):
        app.start()
        app.push(Broken())

    r = headless.run("WAIT:300,SHOT:error,A", seed=1, data_dir=tmp_path, setup=setup)
    assert r.app.errors == 1
    assert isinstance(r.app.top, MainMenu) and len(r.app.stack) == 1
    assert "ValueError: broken draw 4217" in r.log and "Traceback" in r.log
    assert (tmp_path / "log.txt").read_text() == r.log
    # The shot (taken before A) is the error screen: the WARN stripe across the top.
    shot = r.frames["error"]
    warn_rgb = rgb565_to_rgb888(theme.palette("dark")[theme.WARN])
    assert all(shot.getpixel((x, y)) == warn_rgb for x in range(0, 240, 7) for y in range(4))
    # And an ErrorScreen was on top then: run again, stopping before the button.
    r2 = headless.run("WAIT:300", seed=1, setup=setup)
    assert isinstance(r2.app.top, ErrorScreen)
    assert r2.app.top.summary == "ValueError: broken draw 4217"
