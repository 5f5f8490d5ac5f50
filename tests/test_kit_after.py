"""kit.after: the same flow after every game (issue #12): the result, then a choice of Play
again / Setup / Menu. Play again starts a new saved game with the same options and seats in
place of the table; Setup goes back to the game's setup screen (a new one when the table
replaced it); Menu goes back to the main menu. Driven through the toy game; the three games'
own result screens are checked in their view tests."""

import pytest

import registry
from core import input as btn
from core import strings
from sim import headless
from tests import opening
from tests.toygame import ENTRY


@pytest.fixture(autouse=True)
def toy_registered():
    saved = list(registry.GAMES)
    registry.register(ENTRY)
    yield
    registry.unload_all()
    registry.GAMES[:] = saved
    strings.load("en")


def started(out, players=3):
    """Main menu, the toy's setup screen (3 players), Start: the table on top."""
    def go(app):
        app.start()
        app.reset_to_home()
        registry.load("toy", "view")
        screen = opening.entry_scene(app, registry.find("toy"))
        app.push(screen)
        screen.values["players"] = players
        screen.values["lv2"] = "hard"
        screen._start(screen.values, False)
        out.append(app)
    return go


def kit(name):
    """The kit's module as the game loaded it (the kit is dropped and imported again with
    each game: a module imported by this file at start would be another copy)."""
    return __import__("kit." + name, None, None, (name,), 0)


AGAIN, SETUP, MENU = 0, 1, 2


def choose(app, index):
    """The table is over: the kit's choice, answered with `index`."""
    after = kit("after")
    table = app.top
    after.choose(app, table.session)
    dialog = app.top
    assert type(dialog).__name__ == "Dialog"
    assert dialog.choices == ["Play again", "Setup", "Menu"]
    for _ in range(index):
        dialog.button(btn.DOWN, btn.PRESS)
    dialog.button(btn.A, btn.PRESS)
    return table


def test_play_again_starts_the_same_game_with_a_new_seed_in_place_of_the_table(tmp_path):
    apps = []
    headless.run("WAIT:50", setup=started(apps), data_dir=str(tmp_path), settle_ms=0)
    app = apps[0]
    old = choose(app, AGAIN)
    new = app.top
    assert type(new).__name__ == "Table" and new is not old
    assert new.session.options == old.session.options
    assert new.session.seats == ["human", "normal", "hard"]
    assert new.session.seed != old.session.seed and new.session.actions == []
    assert [type(s).__name__ for s in app.stack] == ["MainMenu", "SetupScreen", "Table"]
    assert (tmp_path / "resume_toy.json").exists()


def test_play_again_in_place_of_the_setup_screen_lets_go_of_the_spec_as_start_does(tmp_path):
    """Spec.replace: the next game plays without the Spec (and kit.setup), as after Start."""
    import sys

    apps = []
    headless.run("WAIT:50", setup=started(apps), data_dir=str(tmp_path), settle_ms=0)
    app = apps[0]
    spec = kit("setup").current[0]
    type(spec).replace = True
    try:
        old = choose(app, AGAIN)
        assert type(app.top).__name__ == "Table" and app.top is not old
        assert sys.modules["kit"].current[0] is None
        assert sys.modules["kit"].current[1][0] == "toy"
        assert "kit.setup" not in sys.modules
        assert kit("stats").spec_of("toy").game_id == "toy"     # made again at the end
    finally:
        del type(spec).replace


def test_setup_goes_back_to_the_setup_screen(tmp_path):
    apps = []
    headless.run("WAIT:50", setup=started(apps), data_dir=str(tmp_path), settle_ms=0)
    app = apps[0]
    choose(app, SETUP)
    assert [type(s).__name__ for s in app.stack] == ["MainMenu", "SetupScreen"]


def test_setup_when_the_table_replaced_the_setup_screen_opens_a_new_one(tmp_path):
    apps = []
    headless.run("WAIT:50", setup=started(apps), data_dir=str(tmp_path), settle_ms=0)
    app = apps[0]
    setup_screen = app.stack[1]
    app.stack.remove(setup_screen)              # as Spec.replace leaves the stack
    choose(app, SETUP)
    assert [type(s).__name__ for s in app.stack] == ["MainMenu", "SetupScreen"]
    assert app.top is not setup_screen and app.top.game_id == "toy"


def test_menu_goes_back_to_the_main_menu_and_back_leaves_the_result(tmp_path):
    apps = []
    headless.run("WAIT:50", setup=started(apps), data_dir=str(tmp_path), settle_ms=0)
    app = apps[0]
    table = app.top
    kit("after").choose(app, table.session)
    app.top.button(btn.B, btn.PRESS)            # B: the result stays
    assert app.top is table
    choose(app, MENU)
    assert [type(s).__name__ for s in app.stack] == ["MainMenu"]


def test_the_remembered_declaration_is_the_setup_screens(tmp_path):
    apps = []
    headless.run("WAIT:50", setup=started(apps), data_dir=str(tmp_path), settle_ms=0)
    setup = kit("setup")
    assert setup.current[0].game_id == "toy" and setup.current[1][0] == "toy"
    strings.load("fr")
    from kit import lang

    lang.load("tests.toygame", "toy")
    assert kit("after").labels() == ["Rejouer", "Réglages", "Menu"]
