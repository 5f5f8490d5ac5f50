"""screens.launch: after a game the board restarts into the menu, where it can restart, so the
next game opens in place on a fresh interpreter.

The headless platform stands in for the board: `restart` records the call (on the device it is
machine.soft_reset(), which never returns), and a new App on the same data folder stands in
for main.py running again. tests/test_rig.py checks the real restart on the emulated RP2040.
"""

import os

import registry
from core.app import App
from device.headless import HeadlessPlatform
from screens import launch
from tests.test_app import GEN, press, run_for


class RestartingPlatform(HeadlessPlatform):
    def __init__(self, **kw):
        super().__init__(**kw)
        self.restarts = 0

    def restart(self):
        self.restarts += 1


def booted(tmp_path, platform=RestartingPlatform):
    p = platform(data_dir=str(tmp_path), asset_dir=GEN)
    app = App(p)
    app.start()
    run_for(app, p, 2000)
    return app, p


def names(app):
    return [type(s).__name__ for s in app.stack]


def row_of(game_id):
    return [e[0] for e in registry.GAMES].index(game_id)


def open_row(app, p, game_id):
    app.top.menu.cursor = row_of(game_id)
    press(app, p, "A")


def launch_file(tmp_path):
    return tmp_path / launch.LAUNCH_FILE


def test_leaving_a_game_restarts_into_the_menu_and_the_next_game_opens_in_place(tmp_path):
    app, p = booted(tmp_path)
    open_row(app, p, "memory")
    assert names(app) == ["SetupScreen"] and p.restarts == 0
    assert not launch_file(tmp_path).exists()
    press(app, p, "B")          # the menu's first tick: the game left its names behind
    assert p.restarts == 1
    assert launch_file(tmp_path).read_text() == "#%d" % row_of("memory")
    # main.py again: no splash, the menu on the game's row, the next game in place.
    app, p = booted(tmp_path)
    assert names(app) == ["MainMenu"] and app.top.menu.cursor == row_of("memory")
    assert not launch_file(tmp_path).exists()
    open_row(app, p, "match_collect")
    assert names(app) == ["SetupScreen"] and p.restarts == 0


def test_the_restart_into_the_menu_draws_no_splash(tmp_path):
    launch_file(tmp_path).write_text("#2")
    p = RestartingPlatform(data_dir=str(tmp_path), asset_dir=GEN)
    app = App(p)
    app.start()
    texts = []
    draw_text = app.canvas.text
    app.canvas.text = lambda font, text, *a, **kw: texts.append(text) or draw_text(
        font, text, *a, **kw)
    app.draw(p.ticks_ms())
    assert texts == []                      # the splash drew nothing
    run_for(app, p, 100)
    assert names(app) == ["MainMenu"] and app.top.menu.cursor == 2 and p.restarts == 0


def test_a_game_that_leaves_the_heap_whole_lets_the_next_open_in_place(tmp_path, monkeypatch):
    """As with the games frozen into the firmware: names and bytecode in flash, the heap
    back whole after a game. A game that leaves LEFT_BEHIND bytes or more: a restart."""
    import gc

    free = [150_000]
    monkeypatch.setattr(gc, "mem_free", lambda: free[0], raising=False)
    app, p = booted(tmp_path)
    open_row(app, p, "memory")
    press(app, p, "B")
    free[0] -= launch.LEFT_BEHIND - 1
    open_row(app, p, "cauldron")
    assert p.restarts == 0 and names(app) == ["SetupScreen"]
    press(app, p, "B")
    free[0] -= 1
    open_row(app, p, "memory")
    assert p.restarts == 1 and names(app) == ["MainMenu"]


def test_after_the_restart_the_splash_opens_the_game_and_the_menu_comes_back_on_its_row(
        tmp_path):
    launch_file(tmp_path).write_text("match_collect")
    p = RestartingPlatform(data_dir=str(tmp_path), asset_dir=GEN)
    app = App(p)
    app.start()
    assert names(app) == ["Splash"]
    assert not launch_file(tmp_path).exists()     # taken at once: no loop of restarts
    run_for(app, p, 300)                           # no 800 ms hold: the game loads now
    assert names(app) == ["SetupScreen"]
    assert app.top.entry[0] == "match_collect"
    assert p.restarts == 0
    press(app, p, "B")                             # a game ran on this interpreter
    assert names(app) == ["MainMenu"]
    assert app.top.menu.cursor == row_of("match_collect")
    assert p.restarts == 1
    assert launch_file(tmp_path).read_text() == "#%d" % row_of("match_collect")


def test_the_splash_names_the_game_it_opens(tmp_path):
    launch_file(tmp_path).write_text("cauldron")
    p = RestartingPlatform(data_dir=str(tmp_path), asset_dir=GEN)
    app = App(p)
    app.start()
    splash = app.top
    assert splash.launch[0] == "cauldron"
    texts = []
    draw_text = app.canvas.text

    def spy(font, text, *args, **kw):
        texts.append(text)
        return draw_text(font, text, *args, **kw)

    app.canvas.text = spy
    app.draw(p.ticks_ms())
    assert "Cauldron" in texts


def test_a_damaged_or_unknown_launch_file_is_removed_and_the_console_starts_as_usual(
        tmp_path):
    for data in (b"no_such_game", b"\xff\xfe\x00garbage", b""):
        launch_file(tmp_path).write_bytes(data)
        app, p = booted(tmp_path)
        assert names(app) == ["MainMenu"], data
        assert not launch_file(tmp_path).exists(), data


def test_without_restart_every_game_opens_in_place(tmp_path):
    app, p = booted(tmp_path, HeadlessPlatform)
    for game_id in ("memory", "cauldron", "memory"):
        open_row(app, p, game_id)
        assert names(app) == ["SetupScreen"] and app.top.entry[0] == game_id
        press(app, p, "B")
        assert names(app) == ["MainMenu"]
    assert not launch_file(tmp_path).exists()


def test_a_disk_that_refuses_the_file_opens_the_game_in_place(tmp_path, monkeypatch):
    app, p = booted(tmp_path)
    open_row(app, p, "memory")
    real_open = open

    def refuse(path, *args, **kw):
        if str(path).endswith(launch.LAUNCH_FILE) and args and "w" in args[0]:
            raise OSError(28, "No space left on device")
        return real_open(path, *args, **kw)

    monkeypatch.setattr("builtins.open", refuse)
    press(app, p, "B")
    assert p.restarts == 0 and names(app) == ["MainMenu"]
    open_row(app, p, "cauldron")
    assert p.restarts == 0
    assert names(app) == ["SetupScreen"] and app.top.entry[0] == "cauldron"
    assert not os.path.exists(launch_file(tmp_path))


MPY_PRELUDE = """
import os
from core.app import App
from device.headless import HeadlessPlatform, run
import registry

class P(HeadlessPlatform):
    restarts = 0
    def restart(self):
        P.restarts += 1

D = %(data)r
"""

MPY_AFTER_RESTART = MPY_PRELUDE + """
with open(D + "/launch.txt", "w") as f:
    f.write("match252")
p = P(keys="WAIT:400", data_dir=D, asset_dir=%(gen)r)
app = run(App(p))
print(type(app.top).__name__, app.top.entry[0], app.errors, "launch.txt" in os.listdir(D))
"""

MPY_SECOND_GAME = MPY_PRELUDE + """
p = P(keys="WAIT:1600", data_dir=D, asset_dir=%(gen)r)
app = run(App(p))
app.top.start_game(registry.GAMES[0])
print(type(app.top).__name__, P.restarts)
app.reset_to_home()
app.top.start_game(registry.GAMES[1])
print(type(app.top).__name__, P.restarts, open(D + "/launch.txt").read())
"""


def test_the_restart_into_a_game_under_micropython(tmp_path):
    from tests.mpy import run_mpy

    args = {"data": str(tmp_path), "gen": GEN}
    assert run_mpy(MPY_AFTER_RESTART % args).stdout.split("\n")[0] == (
        "SetupScreen match252 0 False")
    lines = run_mpy(MPY_SECOND_GAME % args).stdout.split("\n")
    assert lines[0] == "SetupScreen 0"          # the first game of this interpreter: in place
    # The second: the first left its names interned (gc.mem_free() lower): a restart.
    assert lines[1] == "MainMenu 1 " + registry.GAMES[1][0]


def test_a_missing_data_folder_boots_as_usual(tmp_path):
    app, p = booted(tmp_path / "not_made_yet")
    assert names(app) == ["MainMenu"] and app.errors == 0
