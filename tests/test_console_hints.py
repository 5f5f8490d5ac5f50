"""The console's own screens say what their buttons do and keep messages off what you change:
the main menu offers no B (B does nothing there), a menu's hint follows the row the cursor is
on (a value to change, or a row to choose), Settings' messages go over the title bar (not
over the value being changed), Sound is offered only where the board has a buzzer, and an
unreadable settings file is said in both languages (the language is not known either).
Headless, virtual clock."""

import pytest

import registry
from core import strings
from sim import headless
from tests import opening
from tests.opening import toy_game  # noqa: F401 - a fixture
from ui import widgets


def hint_now(app):
    """The hint bar's text as last drawn (ui.widgets keeps it)."""
    return widgets._LAST[2]


def test_the_main_menu_offers_no_b():
    r = headless.run("WAIT:1600")
    assert type(r.app.top).__name__ == "MainMenu"
    hint = hint_now(r.app)
    assert hint.startswith("Up/Down Choose") and "A Open" in hint
    assert " B " not in " " + hint and not hint.startswith("B ")


def test_settings_hint_follows_the_row_and_messages_go_over_the_title():
    # UP, UP: Settings; the first row (Language) changes with LEFT/RIGHT.
    r = headless.run("WAIT:1600,UP,UP,A,WAIT:300")
    settings = r.app.top
    assert type(settings).__name__ == "SettingsScreen"
    assert hint_now(r.app).startswith("</> Change")
    # The last row, Reset settings, is chosen with A: the hint says so.
    r = headless.run("WAIT:1600,UP,UP,A,WAIT:300,UP,WAIT:200")
    assert r.app.top.menu.cursor == len(r.app.top.menu.rows) - 1
    assert hint_now(r.app) == "A Select  B Back"
    # Its question is a dialog with its own hint bar.
    r = headless.run("WAIT:1600,UP,UP,A,WAIT:300,UP,A,WAIT:200")
    assert type(r.app.top).__name__ == "Dialog" and hint_now(r.app) == \
        "Up/Down Choose  A OK  B Back"
    # Changing the board: the message goes over the title bar, the rows stay in view.
    rows = [row[0] for row in settings.menu.rows]
    board = rows.index("Board")
    keys = "WAIT:1600,UP,UP,A,WAIT:300," + ",".join(["DOWN"] * board) + ",RIGHT,WAIT:200"
    r = headless.run(keys)
    app = r.app
    assert app._toast[0] and app._toast[0][0][0] == "Board change applies after a restart"
    x, y, w, h = app._toast[2]
    assert y + h <= widgets.title_height(app) + 4


def test_sound_is_offered_only_on_a_board_with_a_buzzer():
    with_buzzer = headless.run("WAIT:1600,UP,UP,A,WAIT:300", board="pico_lcd_1_3")
    without = headless.run("WAIT:1600,X,X,A,WAIT:300", board="display_pack_2")
    assert type(without.app.top).__name__ == "SettingsScreen"
    assert "Sound" in [row[0] for row in with_buzzer.app.top.menu.rows]
    rows = [row[0] for row in without.app.top.menu.rows]
    assert "Sound" not in rows and "AI speed" in rows
    # Rows after the missing one still change their own setting.
    speed = rows.index("AI speed")
    keys = "WAIT:1600,X,X,A,WAIT:300," + ",".join(["Y"] * speed) + ",A,WAIT:200"
    r = headless.run(keys, board="display_pack_2")
    assert r.app.settings["ai_speed"] == "fast"


def test_unreadable_settings_are_said_in_both_languages(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"CC1 1 00000000\n{broken")
    r = headless.run("WAIT:300", data_dir=str(tmp_path))
    said = [m[0] for m in r.app._toast[0]]
    assert said and "Settings unreadable" in said[0] and "Réglages illisibles" in said[0]
    from core import lang_fr

    assert lang_fr.T["settings_reset"] == strings.t("settings_reset")
    assert lang_fr.T["board"] == "Matériel"            # not "Carte": a card, in a card game


@pytest.mark.usefixtures("toy_game")
def test_a_setup_screens_hint_follows_the_row():
    def go(app):
        app.start()
        app.push(opening.entry_scene(app, registry.find("toy")))

    # Players (a value), then Start (a row to choose).
    r = headless.run("WAIT:300", setup=go)
    assert hint_now(r.app).startswith("</> Change")
    rows = [row[0] for row in r.app.top.menu.rows]
    keys = "WAIT:300," + ",".join(["DOWN"] * rows.index("Start")) + ",WAIT:100"
    r = headless.run(keys, setup=go)
    assert hint_now(r.app) == "A Select  B Back"
