"""core.app: scene stack, idle behaviour, games loaded and dropped, errors and the way home."""

import sys

import pytest

import registry
from core import strings
from core.app import App, Scene
from device.headless import HeadlessPlatform
from screens.error import ErrorScreen
from tests.mpy import ROOT, run_mpy

GEN = str(ROOT / "firmware" / "gen")
FAKE = ("fake", "game.fake", "tests.fakegame", 1, 1)


@pytest.fixture
def fake_game():
    registry.register(FAKE)
    yield
    registry.unload("fake")
    registry.unregister("fake")


def fake_row():
    """The fake game's row in the main menu (games come first, in registry order)."""
    return [e[0] for e in registry.GAMES].index("fake")


def make_app(tmp_path, keys=""):
    p = HeadlessPlatform(keys=keys, data_dir=str(tmp_path), asset_dir=GEN)
    return App(p), p


def run_for(app, p, ms):
    end = p.clock.now + ms
    while p.clock.now < end:
        wait = app.step()
        p.clock.sleep_ms(wait if wait > 0 else 1)


def press(app, p, name):
    """Hold a button for 80 ms then release it for 170 ms (as the key scripts do)."""
    from device.headless import parse_keys

    p.buttons.steps = parse_keys(name)
    p.buttons.index = 0
    p.buttons.step_end = p.clock.now + p.buttons.steps[0][1]
    run_for(app, p, 250)


def test_boot_reaches_main_menu_and_idles_without_drawing(tmp_path):
    app, p = make_app(tmp_path)
    app.start()
    run_for(app, p, 2000)
    assert type(app.top).__name__ == "MainMenu"
    drawn = app.frames_drawn
    flushes = p.display.flushes
    run_for(app, p, 3000)          # nothing happens: no frame drawn, nothing sent
    assert app.frames_drawn == drawn
    assert p.display.flushes == flushes


def test_push_pop_replace_call_the_hooks_in_order():
    calls = []

    class S(Scene):
        def __init__(self, name):
            super().__init__()
            self.name = name

        def enter(self):
            calls.append("enter " + self.name)

        def resume(self):
            calls.append("resume " + self.name)

        def exit(self):
            calls.append("exit " + self.name)

    class Home(S):
        home = True

    class Screens:
        """The console's screens as App asks for them: only the home screen matters here."""

        def menu(self):
            return Home("home")

        def unload_all(self):
            calls.append("unload")

    p = HeadlessPlatform(data_dir="/tmp", asset_dir=GEN)
    app = App(p, Screens())
    app.push(S("a"))
    app.push(S("b"))
    app.pop()
    app.replace(S("c"))
    app.pop()                       # the last scene leaves: the home screen opens instead
    assert calls == ["enter a", "enter b", "exit b", "resume a", "exit a", "enter c",
                     "exit c", "unload", "enter home"]
    assert app.top.name == "home" and len(app.stack) == 1
    app.pop()                       # the home screen never leaves
    assert app.top.name == "home" and len(app.stack) == 1 and calls[-1] == "enter home"


def test_a_game_is_imported_when_chosen_and_dropped_when_left(tmp_path, fake_game):
    app, p = make_app(tmp_path)
    app.start()
    run_for(app, p, 2000)
    assert "tests.fakegame.view" not in sys.modules
    app.top.menu.cursor = fake_row()
    press(app, p, "A")
    assert type(app.top).__name__ == "FakeTable"
    assert "tests.fakegame.view" in sys.modules
    assert strings.t("fake.title") == "Fake table"
    press(app, p, "B")
    assert type(app.top).__name__ == "MainMenu"
    assert "tests.fakegame.view" not in sys.modules
    assert "tests.fakegame" not in sys.modules
    assert strings.t("fake.title") == "fake.title"   # the game's strings left with it


def test_the_menu_leaves_the_heap_while_a_game_plays_and_comes_back_on_it(tmp_path, fake_game):
    app, p = make_app(tmp_path)
    app.start()
    run_for(app, p, 2000)
    press(app, p, "DOWN")           # the menu's modules loaded later than the boot's set
    row = fake_row()
    app.top.menu.cursor = row
    press(app, p, "A")
    assert [type(s).__name__ for s in app.stack] == ["FakeTable"]   # in place of the menu
    assert "screens.main_menu" not in sys.modules and "ui.menu" not in sys.modules
    import kit.piles  # noqa: F401 - as a game would: the kit leaves with it

    press(app, p, "B")              # the game's last scene leaves: a new menu, on its row
    assert [type(s).__name__ for s in app.stack] == ["MainMenu"]
    assert app.top.menu.cursor == row
    assert "screens.main_menu" in sys.modules and "tests.fakegame.view" not in sys.modules
    assert "kit.piles" not in sys.modules and "kit" not in sys.modules


def test_an_exception_shows_the_error_screen_logs_and_any_key_goes_home(tmp_path, fake_game):
    app, p = make_app(tmp_path)
    app.start()
    run_for(app, p, 2000)
    app.top.menu.cursor = fake_row()
    press(app, p, "A")              # into the fake game
    press(app, p, "A")              # the fake game raises
    assert isinstance(app.top, ErrorScreen)
    assert app.errors == 1
    assert "tests.fakegame.view" not in sys.modules
    log = (tmp_path / "log.txt").read_text()
    assert "RuntimeError: fake game failure" in log
    assert "fakegame/view.py" in log
    press(app, p, "DOWN")
    assert type(app.top).__name__ == "MainMenu"
    assert len(app.stack) == 1


def test_log_is_capped(tmp_path, fake_game):
    app, p = make_app(tmp_path)
    app.start()
    run_for(app, p, 2000)
    for _ in range(32):
        app.top.menu.cursor = fake_row()
        press(app, p, "A")
        press(app, p, "A")
        press(app, p, "B")
    assert app.errors == 32
    log = (tmp_path / "log.txt").read_bytes()
    # 32 tracebacks are well over the cap: the oldest were dropped, the newest kept whole.
    assert 8192 - 1500 < len(log) <= 8192
    assert log.rstrip().endswith(b"RuntimeError: fake game failure")


def test_corrupt_settings_are_set_aside_with_a_toast(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"CC1 1 00000000\n{not json")
    app, p = make_app(tmp_path)
    app.start()
    assert app._toast[0][0][0] == strings.t("settings_reset")
    assert (tmp_path / "settings.json.bad").read_bytes() == b"CC1 1 00000000\n{not json"
    run_for(app, p, 4000)
    assert app.toasts_pending() == 0   # it went by itself


def test_settings_change_is_saved_and_survives_a_restart(tmp_path):
    app, p = make_app(tmp_path)
    app.start()
    run_for(app, p, 2000)
    labels = [row[0] for row in app.top.menu.rows]
    app.top.menu.cursor = labels.index(strings.t("settings"))
    press(app, p, "A")
    press(app, p, "DOWN")           # Theme
    press(app, p, "RIGHT")          # dark -> light
    press(app, p, "B")              # save and leave
    assert app.settings["theme"] == "light"
    app2, p2 = make_app(tmp_path)
    app2.start()
    assert app2.settings["theme"] == "light"
    assert app2.theme_name == "light"


def test_error_path_under_micropython(tmp_path):
    code = """
import os
from core.app import App
from device.headless import HeadlessPlatform, run
import registry
registry.GAMES[:] = []
registry.register(("fake", "game.fake", "tests.fakegame", 1, 1))
p = HeadlessPlatform(keys="WAIT:2000,A,A,A,DOWN", data_dir=%r, asset_dir=%r)
app = run(App(p))
print(type(app.top).__name__, app.errors)
print("fake game failure" in open(%r + "/log.txt").read())
""" % (str(tmp_path), GEN, str(tmp_path))
    out = run_mpy(code, heap="128wK", paths=[ROOT]).stdout.split()
    assert out == ["MainMenu", "1", "True"]
