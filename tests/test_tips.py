"""First-game tips (issue #14): kit.tips.show pushes a tip once ever (a checked file of the ids
seen), names the buttons of the board, shows nothing when tips are off; the kit shows a game's
first-turn tip by itself (kit.turns); Settings turns tips off and shows them again. Headless,
virtual clock, through the toy game (tests/toygame)."""

import pytest

import registry
from core import input as btn
from core import storage, strings
from sim import headless
from tests import opening
from tests.toygame import ENTRY

TOY_TIP = "Play a card: the total must not pass 11.  {LR} Card  A Play  {X} Nothing"


@pytest.fixture(autouse=True)
def _first_game_tips_off():
    """Overrides tests/conftest.py's: tips keep their default (on) here."""
    yield


@pytest.fixture(autouse=True)
def toy_registered():
    saved = list(registry.GAMES)
    registry.register(ENTRY)
    yield
    registry.unload_all()
    registry.GAMES[:] = saved
    strings.load("en")


def kit(name):
    return __import__("kit." + name, None, None, (name,), 0)


def started(out, tip=True, tips_on=True):
    """The toy's setup screen (its strings merged, with a first-turn tip text), Start."""
    def go(app):
        app.start()
        app.reset_to_home()
        app.settings["tips_enabled"] = tips_on
        registry.load("toy", "view")
        screen = opening.entry_scene(app, registry.find("toy"))
        if tip:
            strings.add({"en": {"tip.toy": TOY_TIP}})
        app.push(screen)
        screen.values["players"] = 2
        screen._start(screen.values, False)
        out.append(app)
    return go


def run(tmp_path, keys="WAIT:3000", board="pico_lcd_1_3", **kw):
    apps = []
    r = headless.run(keys, board=board, setup=started(apps, **kw), data_dir=str(tmp_path),
                     settle_ms=0)
    return apps[0], r


def seen(tmp_path):
    ids, status = storage.load(str(tmp_path / "tips_seen.json"), [])
    return ids, status


def test_the_first_turn_tip_shows_once_with_this_boards_buttons(tmp_path):
    app, _r = run(tmp_path)
    tip = app.top
    assert type(tip).__name__ == "Dialog" and tip.title == "Tip"
    # d-pad board: {LR} is "</>", {X} is X
    assert tip.message == "Play a card: the total must not pass 11.\n</> Card  A Play  X Nothing"
    assert type(app.stack[-2]).__name__ == "Table"
    assert seen(tmp_path) == (["toy.turn"], "ok")
    tip.button(btn.A, btn.PRESS)
    assert type(app.top).__name__ == "Table"
    # A new game, on the same console: no tip again.
    after = kit("after")
    after.done(app, app.top.session, after.AGAIN)
    table = app.top
    for _ in range(5):
        table.turns.tick(app.platform.ticks_ms())
        app.frames_drawn += 1
    assert app.top is table
    assert seen(tmp_path) == (["toy.turn"], "ok")


def test_a_tip_names_the_buttons_of_a_four_button_board(tmp_path):
    app, _r = run(tmp_path, board="display_pack_2")
    tip = app.top
    assert type(tip).__name__ == "Dialog"
    # {LR} is B+X/Y here; the {X} item is left out: X moves on this board (ui.widgets.hints)
    assert tip.message == "Play a card: the total must not pass 11.\nB+X/Y Card  A Play"


def test_no_tip_when_tips_are_off_and_none_seen(tmp_path):
    app, _r = run(tmp_path, tips_on=False)
    assert type(app.top).__name__ == "Table"
    assert seen(tmp_path)[1] == "missing"
    assert kit("tips").show(app, "x.y", "tip.toy") is False


def test_no_tip_without_its_text(tmp_path):
    app, _r = run(tmp_path, tip=False)
    assert type(app.top).__name__ == "Table"
    assert seen(tmp_path)[1] == "missing"


def test_show_once_per_id_and_a_damaged_file(tmp_path):
    app, _r = run(tmp_path, tip=False)
    tips = kit("tips")
    strings.add({"en": {"tip.a": "First A.  A Go", "tip.b": "First B."}})
    table = app.top
    assert tips.show(app, "g.a", "tip.a") is True
    assert app.top.message == "First A.\nA Go" and app.top.choices == ["OK"]
    app.pop()
    assert tips.show(app, "g.a", "tip.a") is False and app.top is table
    assert tips.show(app, "g.b", "tip.b") is True
    app.pop()
    assert seen(tmp_path) == (["g.a", "g.b"], "ok")
    # A damaged file: set aside, the tips show again (nothing else breaks).
    (tmp_path / "tips_seen.json").write_bytes(b"CC1 1 00000000\n[")
    assert tips.show(app, "g.a", "tip.a") is True
    assert (tmp_path / "tips_seen.json.bad").exists()
    assert seen(tmp_path) == (["g.a"], "ok")


def test_settings_turn_tips_off_and_show_them_again(tmp_path):
    app, _r = run(tmp_path)
    app.pop()                                    # the tip
    assert seen(tmp_path) == (["toy.turn"], "ok")
    from screens.settings import SettingsScreen

    screen = SettingsScreen()
    app.push(screen)
    rows = [r[0] for r in screen.menu.rows]
    i = rows.index("First-game tips")
    assert screen.menu.rows[i][1] == "On"
    assert rows[-2:] == ["Show tips again", "Reset settings"]
    screen.menu.cursor = i
    screen.changed(i, 1)
    assert app.settings["tips_enabled"] is False and screen.menu.rows[i][1] == "Off"
    assert kit("tips").show(app, "g.c", "tip.toy") is False
    screen.chosen(len(rows) - 2)                 # Show tips again
    assert seen(tmp_path) == ([], "ok")
    assert type(app.top).__name__ == "SettingsScreen"   # no question, a message
    screen.changed(i, 1)
    assert app.settings["tips_enabled"] is True
    assert kit("tips").show(app, "toy.turn", "tip.toy") is True


def test_tip_texts_exist_in_both_languages():
    from kit import lang_en, lang_fr

    keys = [k for k in lang_en.T if k.startswith("tip.")]
    assert len(keys) >= 6
    assert sorted(keys) == sorted(k for k in lang_fr.T if k.startswith("tip."))
    for k in keys:
        assert "{" in lang_en.T[k] and "{" in lang_fr.T[k]


def test_the_settings_value_is_checked():
    assert storage.DEFAULT_SETTINGS["tips_enabled"] is True
    assert storage.valid_setting("tips_enabled", False)
    assert not storage.valid_setting("tips_enabled", 1)
