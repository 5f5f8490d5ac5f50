"""Learn by playing and the card held to be seen whole (kit/learn.py, kit/inspect.py and each
game's learn.py): on every game's table, board and language, the guide's line says what to
do in one line that fits, its place is on the screen, the "?" screen fits one page, A is held
where the cards are codes or overlapped, and the card shown whole is the one under the
cursor with its full name."""

import pytest

import registry
from core import input as btn
from core.session import HUMAN, Session
from kit import learn
from sim import headless

BOARDS = ("pico_lcd_1_3", "pico_lcd_1_14", "display_pack_2")
GAMES = ("memory", "match252", "match_collect", "cauldron", "manufactory", "shadowlock")
OPTIONS = {"memory": {"players": 2, "size": 32}, "match252": {"players": 2, "first": 0}}


def open_table(game, board="pico_lcd_1_3", lang="en", options=None, data_dir=None):
    """A Runner whose app has `game`'s table (you against an Easy AI) on top, your turn."""
    entry = registry.find(game)
    holder = {}

    def setup(app):
        app.start()
        from core import strings
        from kit import current
        from kit import setup as kit_setup

        app.settings["lang"] = lang
        strings.load(lang)
        kit_setup._strings(entry)
        spec = kit_setup.spec_of(entry)
        opts = dict(options or OPTIONS.get(game, {"players": 2}))
        session = Session(game, spec.rules_module(), opts, [HUMAN, "easy"], 7, data_dir)
        current[0] = spec
        current[1] = entry
        holder["table"] = spec.table(app, session, False)
        app.replace(holder["table"])

    r = headless.Runner(board=board, seed=3, setup=setup, data_dir=data_dir)
    r.__enter__()
    table = holder["table"]
    for _ in range(60):
        if table.turns.human_to_move() and r.app.top is table:
            break
        r.wait(250)
    assert table.turns.human_to_move() and r.app.top is table, (game, board)
    r.wait(500)
    return r, table


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_guide_line_fits_and_its_place_is_on_the_screen(game, board, lang):
    from ui import widgets

    r, table = open_table(game, board, lang)
    try:
        app = r.app
        mod = learn.game(table)
        got = mod.guide(table)
        assert got is not None, (game, board)
        text, place = got
        assert "%" not in text and text.strip()
        shown = widgets.hints(app, text)
        room = app.width - 2 * widgets.PAD          # the line takes the hint bar's place
        assert app.small.fit(shown, room) == shown, (game, board, lang, shown)
        if place is not None:
            x, y, w, h = place
            assert x >= 0 and y >= 0 and w > 0 and h > 0
            assert x + w <= app.width and y + h <= app.height - widgets.hint_height(app), \
                (game, board, place)
    finally:
        learn.drop(table)
        r.__exit__(None, None, None)


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_help_screen_is_one_page(game, board, lang):
    r, table = open_table(game, board, lang)
    try:
        assert learn.open_help(table)
        r.wait(100)
        view = r.app.top
        assert type(view).__name__ == "TextView"
        assert len(view.lines) <= view.page, (game, board, lang, view.lines)
        assert "{" not in "".join(view.lines)          # every button named for the board
        r.press(headless.button_bit("B"))
        assert r.app.top is table
    finally:
        r.__exit__(None, None, None)


@pytest.mark.parametrize("game,board,options,held", [
    ("memory", "pico_lcd_1_3", {"players": 2, "size": 64}, True),
    ("memory", "display_pack_2", {"players": 2, "size": 16}, False),
    ("memory", "pico_lcd_1_14", {"players": 2, "size": 32}, True),
    ("cauldron", "pico_lcd_1_14", None, True),
    ("cauldron", "pico_lcd_1_3", None, False),
    ("match_collect", "display_pack_2", None, True),
    ("match252", "pico_lcd_1_14", None, False),
])
def test_a_is_held_where_the_cards_are_codes_or_overlapped(game, board, options, held):
    r, table = open_table(game, board, options=options)
    try:
        assert (learn.holds(table) == btn.A) is held
    finally:
        r.__exit__(None, None, None)


def _inspect(r, table):
    """Hold A on the table (as core.input reports a hold) and return the overlay shown."""
    assert learn.show_card(table)
    r.wait(50)
    shown = r.app.top
    assert type(shown).__name__ == "Inspect"
    return shown


def test_memory_shows_the_face_up_card_under_the_cursor_with_its_name():
    from games.memory.view import card_name

    r, table = open_table("memory", "pico_lcd_1_3", options={"players": 2, "size": 64})
    try:
        r.wait(4000)                                    # the preview is over
        assert learn.show_card(table) is False          # face down: nothing to see
        table.act(table.cursor)                         # turn it over
        r.wait(100)
        card = table.face_up(table.cursor)
        shown = _inspect(r, table)
        assert shown.name == card_name(card) and "," in shown.name
        r.press(headless.button_bit("B"))               # any other press closes it
        assert r.app.top is table
    finally:
        r.__exit__(None, None, None)


def test_memory_flips_a_face_down_card_when_a_goes_down_and_holds_a_on_a_face_up_one():
    """A held shows only a face-up card: on a face-down one A is not held back until it is
    let go, so the flip shows while the button is still down."""
    r, table = open_table("memory", "pico_lcd_1_3", options={"players": 2, "size": 64})
    try:
        r.wait(4000)                                    # the preview is over
        assert table.face_up(table.cursor) < 0 and table.hold_buttons == 0
        before = len(table.session.actions)
        r.down(headless.button_bit("A"))
        r.run_until(r.t + 60)                           # still down: flipped already
        assert len(table.session.actions) == before + 1
        assert table.face_up(table.cursor) >= 0 and table.hold_buttons == btn.A
        r.up(headless.button_bit("A"))
        r.run_until(r.t + 100)
        r.down(headless.button_bit("A"))                # face up now: a hold shows it
        r.run_until(r.t + 700)
        assert type(r.app.top).__name__ == "Inspect"
        assert len(table.session.actions) == before + 1
        r.up(headless.button_bit("A"))
        r.run_until(r.t + 100)
        assert r.app.top is table
    finally:
        r.__exit__(None, None, None)


def test_cauldron_and_match_and_collect_show_the_card_under_the_cursor():
    from games.cauldron.learn import full_name
    from games.match_collect.view import card_name

    r, table = open_table("cauldron", "pico_lcd_1_14")
    try:
        tg = table.targets()
        card = table.state.grid[table.target_cell(tg[table.ci % len(tg)])]
        assert _inspect(r, table).name == full_name(card)
    finally:
        r.__exit__(None, None, None)
    r, table = open_table("match_collect", "pico_lcd_1_14")
    try:
        assert _inspect(r, table).name == card_name(table.row.current())
    finally:
        r.__exit__(None, None, None)


@pytest.mark.parametrize("board", BOARDS)
def test_the_inspect_overlay_draws_the_card_big_and_goes_when_a_is_let_go(board):
    from kit.inspect import Inspect

    r, table = open_table("match_collect", board)
    try:
        calls = []
        r.app.push(Inspect(lambda c, x, y, w, h: calls.append((x, y, w, h)), "Red Stag, "
                           "Winterwoods"))
        r.wait(100)
        (x, y, w, h), = calls
        assert h >= r.app.height // 2 and x >= 0 and x + w <= r.app.width
        r.app.top.button(btn.A, btn.RELEASE)
        assert r.app.top is table
    finally:
        r.__exit__(None, None, None)


# -- the table's side: the guided first turn, the pause menu's rows, A held, the round tune ---
@pytest.fixture
def tips_on():
    from sim.platform import SimPlatform

    SimPlatform.tips = True
    yield
    SimPlatform.tips = False


def _guided(app, table):
    return "draw" in vars(table)          # kit.learn.Guide wraps the table's draw


def test_the_first_game_is_a_guided_first_turn_once(tips_on, tmp_path):
    from ui import widgets

    r, table = open_table("match252", data_dir=str(tmp_path))
    try:
        app = r.app
        assert type(app.top).__name__ != "Dialog"            # no tip dialog: the guide
        assert _guided(app, table)
        # Its line in the hint bar's place, lit; a frame around where to act.
        y = app.height - widgets.hint_height(app) + 1
        from core import theme

        row = {r.platform.display.pixels[y * app.width + x] for x in range(app.width)}
        assert theme.SEL in row
        r.press(headless.button_bit("A"))                   # reveal: action 1 of 2
        r.wait(1500)
        assert _guided(app, table)                          # still your turn
        r.press(headless.button_bit("RIGHT"))
        r.press(headless.button_bit("A"))                   # action 2 of 2: your turn ends
        r.wait(1500)
        assert not _guided(app, table), (len(table.session.actions), table.mode,
                                         type(app.top).__name__, table.turns.human_to_move())
    finally:
        r.__exit__(None, None, None)
    r, table = open_table("match252", data_dir=str(tmp_path))     # the next game: none
    try:
        assert not _guided(r.app, table)
    finally:
        r.__exit__(None, None, None)


def full_frame(scene):
    """The scene drawn once, fully, on a fresh canvas: what the screen must look like."""
    from core.canvas import Canvas

    app = scene.app
    fresh = Canvas(app.width, app.height)
    scene.draw(fresh, True)
    return bytes(fresh.buf)


@pytest.mark.parametrize("game", ("memory", "match_collect", "match252"))
def test_a_cursor_move_in_the_guided_turn_sends_little_and_draws_a_whole_redraws_pixels(
        tips_on, tmp_path, game):
    """The guide's frame and line stay on the screen through the game's partial redraws:
    a cursor move sends what the move changed (not the frame around the place, most of the
    screen), and the screen is what a whole redraw of the guided table draws."""
    r, table = open_table(game, data_dir=str(tmp_path))
    try:
        app = r.app
        for _ in range(40):                 # Memory shows every card first
            if _guided(app, table):
                break
            r.wait(250)
        assert _guided(app, table)
        display = r.platform.display
        for key in ("RIGHT", "RIGHT", "LEFT", "DOWN"):
            before = display.bytes_flushed
            r.press(headless.button_bit(key))
            r.wait(300)
            sent = display.bytes_flushed - before
            assert 0 < sent < app.width * app.height * 2 // 4, (game, key, sent)
            assert bytes(app.canvas.buf) == full_frame(table), (game, key)
        assert _guided(app, table)
    finally:
        r.__exit__(None, None, None)


def test_the_pause_menus_question_row_shows_the_phase_on_one_screen():
    r, table = open_table("cauldron", "pico_lcd_1_14", "fr")
    try:
        r.press(headless.button_bit("MENU"))
        r.wait(200)
        menu = r.app.top
        assert menu.choices[1] == "? Et maintenant"
        r.press(headless.button_bit("DOWN"))
        r.press(headless.button_bit("A"))
        r.wait(200)
        view = r.app.top
        assert type(view).__name__ == "TextView" and view.title == "Votre tour"
        assert len(view.lines) <= view.page
    finally:
        r.__exit__(None, None, None)


def test_the_mute_shortcut_row_turns_sound_off_and_saves_it(tmp_path):
    from core import storage

    r, table = open_table("memory", data_dir=str(tmp_path))
    try:
        r.press(headless.button_bit("MENU"))
        r.wait(200)
        menu = r.app.top
        at = menu.choices.index("Sound: on")
        for _ in range(at):
            r.press(headless.button_bit("DOWN"))
        r.press(headless.button_bit("A"))
        r.wait(300)
        assert r.app.settings["sound"] is False
        assert storage.load_settings(r.platform.data_dir)[0]["sound"] is False
    finally:
        r.__exit__(None, None, None)
    r, table = open_table("memory", "display_pack_2")     # no buzzer: no row
    try:
        r.press(headless.button_bit("B"), ms=800)          # B held: MENU
        r.wait(200)
        assert not [c for c in r.app.top.choices if c.startswith("Sound")]
    finally:
        r.__exit__(None, None, None)


@pytest.mark.parametrize("board", BOARDS)
def test_a_held_shows_the_card_and_a_tap_still_acts(board):
    r, table = open_table("match_collect", board)
    try:
        app = r.app
        assert table.hold_buttons == btn.A
        sel = list(table.sel)
        r.press(headless.button_bit("A"), ms=700)           # held: shown, nothing picked
        assert table.sel == sel and app.top is table
        runner = r
        runner.down(headless.button_bit("A"))
        runner.run_until(runner.t + 600)
        assert type(app.top).__name__ == "Inspect"
        runner.up(headless.button_bit("A"))
        runner.run_until(runner.t + 100)
        assert app.top is table and table.sel == sel
        r.press(headless.button_bit("A"))                   # a tap: picks the card
        assert len(table.sel) == len(sel) + 1
    finally:
        r.__exit__(None, None, None)


def test_a_round_ending_plays_the_round_tune():
    """Every move through the turn driver (the AI deciding for both seats) until the first
    round is over: "round" plays then, and not before."""
    from games.match_collect import ai

    played = []
    r, table = open_table("match_collect")
    try:
        r.app.sound = played.append
        s = table.session.state
        while not s.round_results and not s.is_over():
            assert "round" not in played
            table.turns.act(table.session.ai_choose(ai) if table.session.is_ai_turn()
                            else ai.choose(s, s.current_player, "easy", table.session.ai_rng))
        assert s.round_results and played.count("round") == (0 if s.is_over() else 1)
    finally:
        r.__exit__(None, None, None)
