"""kit.setup: the setup screen declared as data, the resume offer (issue #12 "Nothing lost":
Back keeps the save, only a confirmed New game clears it), damaged saves reported, game
names from meta.py, and the strings convention (kit.lang). Driven through the toy game
(tests/toygame/view.py, the worked example of docs/NEW_GAME.md)."""

import sys

import pytest

import registry
from core import storage, strings
from core.rng import Rng
from core.session import Session
from sim import headless
from tests import opening
from tests.toygame import ENTRY, ai, rules


@pytest.fixture(autouse=True)
def toy_registered():
    saved = list(registry.GAMES)
    registry.register(ENTRY)
    yield
    registry.unload_all()
    registry.GAMES[:] = saved
    strings.load("en")


def open_setup(app):
    app.start()
    app.push(opening.entry_scene(app, registry.find("toy")))


def saved_game(data, moves=4, seed=7):
    s = Session("toy", rules, {"players": 2}, ["human", "hard"], seed, str(data))
    s.save()
    rng = Rng(3)
    for _ in range(moves):
        st = s.state
        s.apply(ai.choose(st, st.current_player, "normal", rng))
    return s


def names(scene):
    return [row[0] for row in scene.menu.rows]


def test_rows_from_the_declaration_and_players_row_changes_level_rows():
    r = headless.run("WAIT:300,RIGHT,WAIT:100", setup=open_setup)
    scene = r.app.top
    assert type(scene).__name__ == "SetupScreen" and r.app.errors == 0
    assert scene.title == "Eleven"                       # from its registry line
    assert names(scene) == ["Players", "West", "East", "Start", "Watch AI play",
                            "How to play", "Statistics"]
    assert scene.values == {"players": 3, "lv1": "normal", "lv2": "normal", "lv3": "normal"}
    assert scene.spec.seats(scene.values, False) == ["human", "normal", "normal"]
    assert scene.spec.seats(scene.values, True) == ["normal", "normal", "normal"]
    assert scene.spec.game_options(scene.values) == {"players": 3}


def test_start_opens_the_table_and_saves(tmp_path):
    # Players, Opponent, Start (row 2).
    r = headless.run("WAIT:300,DOWN,DOWN,A,WAIT:300", setup=open_setup, data_dir=str(tmp_path))
    table = r.app.top
    assert type(table).__name__ == "Table" and table.session.seats == ["human", "normal"]
    assert storage.load_resume(str(tmp_path), "toy")["seats"] == ["human", "normal"]


def test_the_spec_is_remembered_for_a_game_against_the_ai_not_for_an_all_ai_game(tmp_path):
    from kit import setup

    # Watch AI play (row 3): no after-game choice, no statistics: nothing kept for them.
    r = headless.run("WAIT:300,DOWN,DOWN,DOWN,A,WAIT:300", setup=open_setup,
                     data_dir=str(tmp_path))
    assert type(r.app.top).__name__ == "Table" and r.app.top.session.seats[0] != "human"
    assert setup.current == [None, None]
    # Then Start on the same setup screen (the toy's table opens above it): remembered again.
    r.app.pop()
    setup_screen = r.app.top
    setup_screen._start(setup_screen.values, False)
    assert type(r.app.top).__name__ == "Table" and r.app.top.session.seats[0] == "human"
    assert setup.current[0] is setup_screen.spec and setup.current[1][0] == "toy"


def test_a_table_in_place_of_its_setup_lets_go_of_the_spec_and_the_game_end_makes_it_again(
        tmp_path):
    """Spec.replace: the table plays without the Spec (it holds its module's globals and
    kit.setup's); the statistics and the after-game choice at the end make it again."""
    from kit import setup, stats
    from tests.toygame import view

    view.Spec.replace = True
    try:
        r = headless.run("WAIT:300,DOWN,DOWN,A,WAIT:300", setup=open_setup,
                         data_dir=str(tmp_path))
        assert type(r.app.top).__name__ == "Table" and r.app.top.session.seats[0] == "human"
        assert setup.current[0] is None and setup.current[1][0] == "toy"
        assert "kit.setup" not in sys.modules and "kit.setup_screen" not in sys.modules
        spec = stats.spec_of("toy")
        assert type(spec).__name__ == "Spec" and spec.game_id == "toy"
        assert setup.current[0] is spec           # kept for kit.after
    finally:
        del view.Spec.replace


def test_watch_ai_play_never_touches_the_save(tmp_path):
    before = saved_game(tmp_path).actions
    # Back on the offer, then Watch AI play (row 3) to its end.
    r = headless.run("WAIT:300,B,DOWN,DOWN,DOWN,A,WAIT:60000", setup=open_setup,
                     data_dir=str(tmp_path), settle_ms=0)
    assert r.app.errors == 0 and type(r.app.top).__name__ == "SetupScreen"
    assert Session.resume("toy", rules, str(tmp_path)).actions == before


def test_back_on_the_resume_offer_keeps_the_save(tmp_path):
    before = saved_game(tmp_path).actions
    r = headless.run("WAIT:300,SHOT:offer,B,WAIT:200", setup=open_setup,
                     data_dir=str(tmp_path))
    assert type(r.app.top).__name__ == "SetupScreen" and r.app.errors == 0
    again = Session.resume("toy", rules, str(tmp_path))
    assert again is not None and again.actions == before
    # The offer was the dialog of the first screen.
    r = headless.run("WAIT:300", setup=open_setup, data_dir=str(tmp_path))
    assert type(r.app.top).__name__ == "Dialog"
    assert r.app.top.message == "Resume the game you left?"


def test_resume_brings_the_game_back(tmp_path):
    before = saved_game(tmp_path)
    r = headless.run("WAIT:300,A,WAIT:300", setup=open_setup, data_dir=str(tmp_path))
    table = r.app.top
    assert type(table).__name__ == "Table"
    assert table.session.actions == before.actions
    assert table.session.state.scores() == before.state.scores()


def test_new_game_needs_a_confirmation_before_the_save_goes(tmp_path):
    before = saved_game(tmp_path).actions
    # New game, then Cancel on "the game you left will be lost": kept.
    r = headless.run("WAIT:300,DOWN,A,WAIT:100,SHOT:confirm,DOWN,A,WAIT:100",
                     setup=open_setup, data_dir=str(tmp_path))
    assert type(r.app.top).__name__ == "SetupScreen"
    assert Session.resume("toy", rules, str(tmp_path)).actions == before
    # New game, then Back on the confirmation: kept.
    headless.run("WAIT:300,DOWN,A,WAIT:100,B,WAIT:100", setup=open_setup,
                 data_dir=str(tmp_path))
    assert Session.resume("toy", rules, str(tmp_path)).actions == before
    # New game, New game: cleared, the setup screen stays for the options.
    r = headless.run("WAIT:300,DOWN,A,WAIT:100,A,WAIT:100", setup=open_setup,
                     data_dir=str(tmp_path))
    assert type(r.app.top).__name__ == "SetupScreen"
    assert storage.load_resume(str(tmp_path), "toy") is None


def test_start_while_a_save_is_kept_asks_first(tmp_path):
    before = saved_game(tmp_path).actions
    # Back on the offer, Start: the question; Cancel keeps the save and opens nothing.
    r = headless.run("WAIT:300,B,DOWN,DOWN,A,WAIT:100", setup=open_setup,
                     data_dir=str(tmp_path))
    top = r.app.top
    assert type(top).__name__ == "Dialog" and top.message.startswith("Start a new game?")
    r = headless.run("WAIT:300,B,DOWN,DOWN,A,WAIT:100,B,WAIT:100", setup=open_setup,
                     data_dir=str(tmp_path))
    assert type(r.app.top).__name__ == "SetupScreen"
    assert Session.resume("toy", rules, str(tmp_path)).actions == before
    # ... and New game starts one in its place.
    r = headless.run("WAIT:300,B,DOWN,DOWN,A,WAIT:100,A,WAIT:300", setup=open_setup,
                     data_dir=str(tmp_path))
    assert type(r.app.top).__name__ == "Table"
    assert Session.resume("toy", rules, str(tmp_path)).actions != before


def test_damaged_header_is_reported_and_kept(tmp_path):
    saved_game(tmp_path)
    (tmp_path / "resume_toy.json").write_bytes(b"CC1 1 00000000\n{\"seed\": 7")
    r = headless.run("WAIT:300", setup=open_setup, data_dir=str(tmp_path))
    top = r.app.top
    assert type(top).__name__ == "Dialog"
    assert top.message == "Your saved game could not be read. A copy was kept."
    assert (tmp_path / "resume_toy.json.bad").exists()
    assert (tmp_path / "resume_toy.act.bad").exists()
    assert not (tmp_path / "resume_toy.json").exists()


def test_damaged_actions_resume_at_an_earlier_move_and_say_so(tmp_path):
    s = saved_game(tmp_path, moves=6)
    with open(tmp_path / "resume_toy.act", "ab") as f:
        f.write(b"\xff\xff\x02\x00")               # an illegal action, then one more
    r = headless.run("WAIT:300,A,WAIT:300", setup=open_setup, data_dir=str(tmp_path))
    top = r.app.top
    assert type(top).__name__ == "Dialog"
    assert top.message == "Your saved game was damaged: it goes on from move 6 of 8. A " \
        "copy was kept."
    table = r.app.stack[-2]
    assert type(table).__name__ == "Table" and table.session.actions == s.actions
    assert len((tmp_path / "resume_toy.act.bad").read_bytes()) == 16   # the damaged file
    assert len((tmp_path / "resume_toy.act").read_bytes()) == 12       # what was replayed


def test_options_rows_labels_and_level_rows_position():
    from kit import setup

    class Spec(setup.Spec):
        game_id = "toy"
        package = "tests.toygame"
        options = (("size", "sz", (16, 32), "%d cards", 32), setup.LEVEL_ROWS,
                   ("first", "fp", ("a", "b"), ("k.a", "k.b"), "b"))
        solo = True

    class App:
        settings = {}

    spec = Spec()
    entry = ("toy", "game.toy", "tests.toygame", 1, 2)
    values = spec.defaults(App, entry)
    assert values == {"lv1": "normal", "size": 32, "first": "b"}
    rows = spec.rows(App, entry, values)
    assert [r[0] for r in rows] == ["size", "lv1", "first"]
    assert rows[1][2] == ("solo", "easy", "normal", "hard")
    assert rows[0][3](16) == "16 cards" and rows[2][3]("a") == "k.a"
    assert spec.seats(values, False) == ["human", "normal"]
    values["lv1"] = "solo"
    assert spec.seats(values, False) == ["human"] and spec.seats(values, True) == ["normal"]
    assert spec.game_options(values) == {"players": 1, "size": 32, "first": "b"}


def test_kit_lang_loads_one_language_and_drops_its_module():
    from kit import lang

    strings.load("fr")
    lang.load("tests.toygame", "toy")
    assert strings.t("toy.keys") == "{LR} Carte  A Jouer  {MENU} Menu"
    assert strings.t("game.toy") == "Onze"
    assert "tests.toygame.lang_fr" not in sys.modules
    assert "tests.toygame.lang_en" not in sys.modules
    assert lang.rules_text("tests.toygame").startswith("Onze.")
    assert "tests.toygame.lang_fr" not in sys.modules
    strings.remove()
    assert strings.t("toy.keys") == "toy.keys"


def test_menu_names_and_icons_from_the_registry_line_without_loading_the_game():
    for name in [n for n in sys.modules if n.startswith("tests.toygame")]:
        del sys.modules[name]
    assert registry.label(ENTRY, "fr") == ("Onze", "game_toy")
    assert registry.label(ENTRY, "en") == ("Eleven", "game_toy")
    assert not [n for n in sys.modules if n.startswith("tests.toygame")]
    assert registry.label(registry.find("memory"), "fr") == ("Mémoire", "game_memory")
    assert registry.label(("x", ("X", "Y", "game_y"), "p.x", 1, 1), "fr") == ("Y", "game_y")
    strings.load("en")
    assert registry.label(("x", "settings", "p.x", 1, 1)) == ("Settings", "game_x")


def test_damaged_high_scores_are_reported_and_kept(tmp_path):
    # Memory: Board, Opponent, Start, Watch AI play, How to play, High scores, Statistics
    # (the last row: UP, UP reaches High scores).
    (tmp_path / "scores_memory32.json").write_bytes(b"CC1 1 00000000\n[1, 2")

    def setup(app):
        app.start()
        app.push(opening.entry_scene(app, registry.find("memory")))

    r = headless.run("WAIT:300,UP,UP,A,WAIT:300", setup=setup, data_dir=str(tmp_path))
    top = r.app.top
    assert type(top).__name__ == "Dialog"
    assert top.message == "High scores could not be read: kept as scores_memory32.json.bad"
    assert type(r.app.stack[-2]).__name__ == "ScoreTable"
    assert (tmp_path / "scores_memory32.json.bad").exists()
    damaged = []
    assert storage.add_score(str(tmp_path), "memory32", {"score": 5}, damaged=damaged) == 0
    assert damaged == []                     # set aside once: the new table reads
    (tmp_path / "scores_memory16.json").write_bytes(b"junk")
    assert storage.add_score(str(tmp_path), "memory16", {"score": 7}, damaged=damaged) == 0
    assert damaged == ["scores_memory16.json.bad"]
    assert storage.load_scores(str(tmp_path), "memory16") == [{"score": 7}]
