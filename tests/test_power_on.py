"""Back in your game at power-on (kit/resume.py, screens/splash.py): a game in progress opens at
its table with no press, as it was (its moves, the last one played again with its message),
a welcome line says B goes to the menu and it does; without a game in progress, or with the
console's own restart into a chosen game, the console starts as before. On the three boards,
in both languages; every time is the virtual clock's."""

import os

import pytest

import registry
from core.session import HUMAN, Session
from sim import headless
from tools.robot.watch import find_table

BOARDS = ("pico_lcd_1_3", "pico_lcd_1_14", "display_pack_2")


def make_save(folder, game="match252", moves=5, seed=21):
    """A game of `game` against the AI saved in `folder` after `moves` moves (the first legal
    action each time), as a finished session of play would leave it."""
    entry = registry.find(game)
    rules = registry.load(game, "rules")
    s = Session(game, rules, {"players": 2, "first": 0} if game == "match252" else
                {"players": 2}, [HUMAN, "easy"], seed, str(folder))
    s.save()
    for _ in range(moves):
        s.apply(s.state.legal_actions()[0])
    assert not s.is_over()
    return entry, s


def power_on(folder, board="pico_lcd_1_3", lang=None, ms=1500, keys=()):
    r = headless.Runner(board=board, seed=4, lang=lang, data_dir=str(folder))
    r.__enter__()
    for k in keys:
        r.press(headless.button_bit(k))
    r.wait(ms)
    return r


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_power_on_opens_the_game_in_progress_at_its_table(tmp_path, board, lang):
    _entry, saved = make_save(tmp_path)
    r = power_on(tmp_path, board, lang, ms=300)
    try:
        table = find_table(r.app)
        assert table is not None and r.app.top is table          # no press, no menu
        assert table.session.actions == saved.actions           # every move, the last again
        lines = table.history.lines
        welcome = "Back in your game. B: main menu" if lang == "en" else \
            "Retour à votre partie. B : menu principal"
        assert welcome in lines
        said = lines[lines.index(welcome) + 1:]
        assert said, lines                  # Match 2-52 says every move: the last one again
    finally:
        r.__exit__(None, None, None)


def test_b_while_the_welcome_shows_goes_to_the_menu_and_keeps_the_game(tmp_path):
    make_save(tmp_path)
    r = power_on(tmp_path, ms=200)
    try:
        assert find_table(r.app) is r.app.top
        r.press(headless.button_bit("B"))
        assert type(r.app.top).__name__ == "MainMenu"
        assert os.path.exists(os.path.join(str(tmp_path), "resume_match252.json"))
        r.press(headless.button_bit("DOWN"))     # Match 2-52: the third row
        r.press(headless.button_bit("DOWN"))
        r.press(headless.button_bit("A"))
        r.wait(600)
        assert getattr(r.app.top, "title", "") != "" and find_table(r.app) is None
        assert type(r.app.top).__name__ == "Dialog"   # the setup screen offers it again
    finally:
        r.__exit__(None, None, None)


def test_once_the_messages_have_gone_b_is_the_games_again(tmp_path):
    make_save(tmp_path)
    r = power_on(tmp_path, ms=12_000)
    try:
        table = find_table(r.app)
        assert r.app.top is table and r.app.toasts_pending(table) == 0
        r.press(headless.button_bit("B"))
        assert find_table(r.app) is table            # B did not leave the game
        assert "button" not in vars(table)          # the table's own button() again
    finally:
        r.__exit__(None, None, None)


def test_no_game_in_progress_starts_at_the_menu(tmp_path):
    _entry, s = make_save(tmp_path)
    s.clear_save()                                   # the game ended (or was abandoned)
    assert not os.path.exists(os.path.join(str(tmp_path), "playing.txt"))
    r = power_on(tmp_path)
    try:
        assert type(r.app.top).__name__ == "MainMenu"
    finally:
        r.__exit__(None, None, None)


def test_a_game_chosen_before_the_consoles_own_restart_wins(tmp_path):
    make_save(tmp_path)                              # Match 2-52 in progress...
    with open(os.path.join(str(tmp_path), "launch.txt"), "w") as f:
        f.write("memory")                            # ...but Memory was chosen on the menu
    r = power_on(tmp_path, ms=800)
    try:
        assert type(r.app.top).__name__ == "SetupScreen"
        assert r.app.top.game_id == "memory"
    finally:
        r.__exit__(None, None, None)


def test_a_damaged_save_at_power_on_is_said_on_the_menu(tmp_path):
    make_save(tmp_path)
    with open(os.path.join(str(tmp_path), "resume_match252.json"), "wb") as f:
        f.write(b"CC1 1 12345678\n{}\n")
    r = power_on(tmp_path, ms=400)
    try:
        assert type(r.app.top).__name__ == "MainMenu"
        assert "could not be read" in r.app._toast[0][0][0]
    finally:
        r.__exit__(None, None, None)


def test_the_next_game_after_a_power_on_resume_gets_a_fresh_interpreter(tmp_path):
    """The heap before the first game is taken when the table opens at power-on, as the menu
    does for its first game (screens.launch): the next game chosen restarts when this one
    left the heap smaller."""
    import screens

    make_save(tmp_path)
    r = power_on(tmp_path, ms=300)
    try:
        assert screens.home[3] is not None and screens.home[3][0] is r.app
    finally:
        r.__exit__(None, None, None)


def test_the_marker_follows_the_game_last_started_or_resumed(tmp_path):
    from core import storage

    d = str(tmp_path)
    make_save(tmp_path, "match252")
    assert storage.playing(d) == "match252"
    make_save(tmp_path, "memory")
    assert storage.playing(d) == "memory"
    rules = registry.load("match252", "rules")
    s, _msg = Session.open_saved("match252", rules, d)
    assert s is not None and storage.playing(d) == "match252"


@pytest.mark.parametrize("game", ["memory", "match_collect", "match252", "cauldron",
                                  "manufactory"])
def test_every_game_comes_back_with_its_last_move_played_again(tmp_path, game):
    _entry, saved = make_save(tmp_path, game, moves=7)
    r = power_on(tmp_path, "pico_lcd_1_14", ms=4000)
    try:
        assert r.app.errors == 0
        table = find_table(r.app)
        assert table is not None and table.session.game_id == game
        assert table.session.actions[:len(saved.actions)] == saved.actions
    finally:
        r.__exit__(None, None, None)
