"""kit.table and what every game's table gets from the kit: the pause menu (the same title and
rows in every game, its own hint bar), the first-game tip before anything moves, the finished
table (B on the after-game choice leaves the result, A brings the choice back, a hint says
so), Watch AI play (no "you", the winner and the scores named, then back to the setup
screen), one name per seat (kit.seat_names) and no game's message outliving it. Headless,
virtual clock; the toy game (tests/toygame) and every registered game."""

import pytest

import registry
from core import input as btn
from core import strings
from core.session import Session
from sim import headless
from tests import opening
from tests.opening import drawn_texts, toy_game  # noqa: F401 - a fixture

# Every test here with the toy game registered (tests.opening.toy_game).
pytestmark = pytest.mark.usefixtures("toy_game")


def kit(name):
    """The kit's module as the game loaded it (the kit is dropped with each game)."""
    return __import__("kit." + name, None, None, (name,), 0) if name else __import__("kit")


def toy_table(seats, out, speed="fast"):
    """The toy table with these seats, opened from its setup screen (as Start does)."""
    def go(app):
        app.start()
        app.reset_to_home()
        app.settings["ai_speed"] = speed
        screen = opening.entry_scene(app, registry.find("toy"))
        app.push(screen)
        spec = screen.spec
        session = Session("toy", spec.rules_module(), {"players": len(seats)}, seats, 7,
                          None if "human" not in seats else app.platform.data_dir)
        screen.open_table(session, "human" not in seats)
        out.append(app.top)
    return go


# -- seats ------------------------------------------------------------------------------------
def test_one_name_per_seat_in_both_languages():
    from kit import lang

    lang.load("tests.toygame", "toy")
    seat_names = kit("").seat_names
    assert seat_names(["human", "hard"]) == ["You", "North"]
    assert seat_names(["human", "easy", "hard"]) == ["You", "West", "East"]
    assert seat_names(["human", "easy", "hard", "normal"]) == ["You", "West", "North", "East"]
    assert seat_names(["hard", "normal"]) == ["South", "North"]          # all AI: no "you"
    assert seat_names(["easy", "hard", "human"]) == ["West", "East", "You"]   # from your seat
    strings.load("fr")
    try:
        lang.load("tests.toygame", "toy")
        assert kit("").seat_names(["human", "easy", "hard", "normal"]) == [
            "Vous", "Ouest", "Nord", "Est"]
        assert kit("").seat_names(["hard", "normal"]) == ["Sud", "Nord"]
    finally:
        strings.remove()
        strings.load("en")


@pytest.mark.parametrize("game", ["memory", "match252", "match_collect", "cauldron",
                                  "manufactory", "shadowlock"])
def test_every_game_names_its_seats_the_kits_way(game):
    """The table's names and the setup screen's level rows are kit.seat_names'."""
    tables = []

    def go(app):
        app.start()
        app.reset_to_home()
        entry = registry.find(game)
        screen = opening.entry_scene(app, entry)
        if "players" in screen.values:
            screen.values["players"] = entry[4]       # every seat: a row each
        app.push(screen)
        tables.append(screen)

    r = headless.run("WAIT:300", setup=go)
    screen = tables[0]
    labels = [row[0] for row in screen.menu.rows]
    n = screen.values.get("players", 2)
    places = kit("").seat_names(["human"] + ["hard"] * (n - 1))[1:]
    if game == "memory":
        assert "Opponent" in labels          # solo or one opponent: its row says so
    else:
        assert [x for x in labels if x in places] == places, labels
    spec = screen.spec
    values = dict(screen.values)
    session = Session(game, spec.rules_module(), spec.game_options(values),
                      spec.seats(values, False), 3, None)
    table = spec.table(r.app, session, False)
    assert table.names == kit("").seat_names(session.seats)


# -- the pause menu ---------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["memory", "match252", "match_collect", "cauldron",
                                  "manufactory", "shadowlock", "toy"])
def test_the_pause_menu_has_the_same_title_and_rows_in_every_game(game):
    tables = []

    def go(app):
        app.start()
        app.reset_to_home()
        entry = registry.find(game)
        spec = kit("setup").spec_of(entry)
        opening.entry_scene(app, entry)          # strings, as the menu opens a game
        values = spec.defaults(app, entry)
        session = Session(game, spec.rules_module(), spec.game_options(values),
                          spec.seats(values, False), 3, None)
        table = spec.table(app, session, False)
        app.push(table)
        tables.append(table)

    r = headless.run("WAIT:300,MENU,WAIT:200", setup=go)
    menu = r.app.top
    texts = drawn_texts(r.app)
    menu.invalidate()
    r.app.draw()
    assert type(menu).__name__ == "Dialog"
    assert menu.message == registry.label(registry.find(game))[0]      # the game's name
    assert menu.choices[:4] == ["Resume", "? What now", "How to play", "History"]
    assert menu.choices[-1] == "Quit game"
    # The mute shortcut where the board has a buzzer (the Pico-LCD-1.3's, on by default).
    assert menu.choices[-2] == "Sound: on"
    # Its hint bar says what its buttons do, not the table's.
    assert "Up/Down Choose  A OK  B Back" in texts


# -- the first-game tip -------------------------------------------------------------------------
@pytest.fixture
def tips_on():
    from sim.platform import SimPlatform

    SimPlatform.tips = True
    yield
    SimPlatform.tips = False


def test_the_first_game_tip_comes_before_anything_moves(tips_on, tmp_path):
    """When an AI opens the game, the tip shows before its first move, and nothing moves
    under it."""
    tables = []

    def go(app):
        strings.add({"en": {"tip.toy": "Play a card.  {LR} Card  A Play"}})
        toy_table(["normal", "human"], tables)(app)
        strings.add({"en": {"tip.toy": "Play a card.  {LR} Card  A Play"}})

    r = headless.run("WAIT:3000", setup=go, data_dir=str(tmp_path))
    tip = r.app.top
    assert type(tip).__name__ == "Dialog" and tip.title == "Tip"
    assert tables[0].session.actions == []            # the AI waits for the tip


# -- the finished table -------------------------------------------------------------------------
def finished_toy(keys, out):
    """A toy game you play (fast AI), A pressed until its end; then `keys`."""
    return headless.run(",".join(["A,WAIT:2500"] * 10) + ",WAIT:3000" + keys,
                        setup=toy_table(["human", "easy"], out))


def test_b_on_the_after_game_choice_leaves_the_result_and_a_brings_it_back():
    tables = []
    r = finished_toy("", tables)
    table = tables[0]
    choice = r.app.top
    assert table.session.is_over() and type(choice).__name__ == "Dialog"
    assert choice.choices == ["Play again", "Setup", "Menu"]
    # The choice names the winner and every final score.
    scores = table.session.state.scores()
    assert all(str(x) in choice.message for x in scores) and "You" in choice.message
    tables.clear()
    r = finished_toy(",B,WAIT:300", tables)
    assert r.app.top is tables[0]                      # the result stays on screen
    texts = drawn_texts(r.app)
    tables[0].invalidate()
    r.app.draw()
    assert "A What next?  MENU Menu" in texts          # ... with a hint that says so
    tables.clear()
    r = finished_toy(",B,WAIT:300,A,WAIT:300", tables)
    assert type(r.app.top).__name__ == "Dialog"
    assert r.app.top.choices == ["Play again", "Setup", "Menu"]


def test_no_message_of_a_game_carries_into_the_next():
    tables = []
    r = finished_toy("", tables)
    app = r.app
    table = tables[0]
    app.toast("the last game's words")                   # after the end, on its table
    choice = app.top
    assert choice.choices[choice.cursor] == "Play again"
    choice.button(btn.A, btn.PRESS)
    assert app.top is not table and type(app.top).__name__ == "Table"
    assert app.toasts_pending() == 0


# -- Watch AI play ------------------------------------------------------------------------------
def test_an_all_ai_game_names_the_winner_then_goes_back_to_its_setup_screen():
    tables = []
    seen = []

    def go(app):
        toy_table(["normal", "hard"], tables)(app)
        real = app.toast

        def toast(message, ms=0, log=None):
            seen.append(message)
            return real(message, ms, log)

        app.toast = toast

    r = headless.run("WAIT:120000", setup=go)
    table = tables[0]
    assert table.session.is_over() and table not in r.app.stack
    assert type(r.app.top).__name__ == "SetupScreen"
    last = seen[-1]
    scores = table.session.state.scores()
    assert (" wins: " in last or last.startswith("Shared win: ")) and "South" in last
    assert all(str(x) in last for x in scores)
    assert not [m for m in seen if "You" in m or "you " in m]     # nobody is "you"


def test_an_all_ai_game_that_took_the_setup_screens_place_opens_it_again():
    tables = []

    def go(app):
        toy_table(["normal", "hard"], tables)(app)
        table = tables[0]
        table.reopen_setup = True           # as the setup screen does for Spec.replace
        app.replace(table)
        app.stack[:] = [table]

    r = headless.run("WAIT:120000", setup=go)
    assert type(r.app.top).__name__ == "SetupScreen" and r.app.top.game_id == "toy"
    assert len(r.app.stack) == 1


def test_a_refused_move_is_said_in_plain_words_and_the_rules_text_kept():
    """A move the rules refuse (the table offered it: a bug of the table) changes nothing;
    the person hears the error sound and reads a plain sentence, not the rules' message,
    which the History keeps."""
    tables = []
    r = headless.Runner(board="pico_lcd_1_3", seed=3, setup=toy_table(["human", "easy"],
                                                                       tables))
    with r:
        r.wait(300)
        table = tables[0]
        r.app.clear_toasts(table)
        before = len(table.session.actions)
        try:
            table.turns.act(9999)
        except ValueError as exc:
            table.refuse(exc)
        r.wait(40)
        assert len(table.session.actions) == before
        shown = [m[0] for m in r.app._toast[0]]
        assert shown == ["That cannot be done now."], shown
        assert "9999" in table.history.lines[-1]
