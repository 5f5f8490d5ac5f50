"""Match 2-52 screens, headless: the table on the three screen sizes, revealing and moving
with the buttons, a Jack's private look, the result screen, resume from the setup screen and a
whole demo game. The docs pictures (docs/img/match252_*.png) are golden images written only
by `python -m tools.screenshots` (tests/test_golden_screens.py compares them)."""

from pathlib import Path

if __name__ == "__main__":  # run as a script: the same paths as tests/conftest.py
    import tests.conftest  # noqa: F401

import registry
from core.rng import Rng
from core.session import Session
from games.match252 import ai, rules, view
from kit import lang as kit_lang
from sim import headless
from tests import opening
from ui import widgets

ROOT = Path(__file__).resolve().parent.parent
BOARDS = (("pico_lcd_1_3", 240, 240), ("pico_lcd_1_14", 240, 135),
          ("display_pack_2", 320, 240))
BACK_RGB = (0x5A, 0x3E, 0x9E)   # theme "dark" card backs
CARD_RGB = (0xF4, 0xF1, 0xE8)   # card faces


def count_rgb(img, rgb):
    data = img.convert("RGB").tobytes()
    r, g, b = rgb
    return sum(1 for k in range(0, len(data), 3)
               if abs(data[k] - r) < 9 and abs(data[k + 1] - g) < 5 and abs(data[k + 2] - b) < 9)


def play_until(session, n, level="normal"):
    """AI moves for both seats until n actions are recorded and the human (seat 0) is to
    start an action (not inside a pending choice), or the game is over."""
    rng = Rng(3)
    st = session.state
    while not st.is_over() and (len(session.actions) < n or st.current_player != 0
                                or st.phase != rules.ACT):
        session.apply(ai.choose(st, st.current_player, level, rng))


def table(n=0, seed=5, data_dir=None, out=None):
    def setup(app):
        app.start()
        kit_lang.load("games.match252", "match252")
        s = Session("match252", rules, {"players": 2, "first": 0}, ["human", "hard"], seed,
                    data_dir)
        play_until(s, n)
        if out is not None:
            out.append(s)
        app.push(view.GameScene(s))
    return setup


def test_table_fits_every_screen():
    for board, w, h in BOARDS:
        r = headless.run("WAIT:300", board=board, setup=table(14))
        scene = r.app.top
        assert type(scene).__name__ == "GameScene" and r.log == ""
        gx, gy, cell_w, cell_h, card_w, card_h, side_x, top, bottom = scene.geo
        assert gx + 4 * cell_w <= side_x < w - 40          # grid, then the side panel
        assert gy + 4 * cell_h <= h - bottom                 # above the hint bar
        assert card_w >= r.app.small.width("10") + 6        # rank and suit readable
        assert r.final.size == (w, h)
        assert scene.status_text() == "Your turn, action 1 of 2"
        assert count_rgb(r.final, CARD_RGB) > 1000 and count_rgb(r.final, BACK_RGB) > 200


def test_reveal_then_move_with_the_buttons():
    # A seed whose B2 (slot 5, where the cursor starts) is not a Six.
    seed = 8
    while rules.new_game({"players": 2, "first": 0}, seed).grid[5] >> 2 == rules.SIX:
        seed += 1
    sessions = []
    r = headless.run("A,WAIT:300", setup=table(0, seed=seed, out=sessions))
    s = sessions[0]
    assert s.actions == [rules.action(rules.REVEAL, 5)]
    assert s.state.up[5] and r.app.top.status_text() == "Your turn, action 2 of 2"
    assert widgets.hints(r.app, r.app.top.hint_text()) == "Arrows Choose  A Move/Replace  MENU Menu"
    # A on the face-up B2: Move (first choice), then A on the first legal target.
    r = headless.run("A,WAIT:200,A,WAIT:200,A,WAIT:200,SHOT:target,A,WAIT:300",
                     setup=table(0, seed=seed, out=sessions))
    s = sessions[-1]
    assert s.actions[0] == rules.action(rules.REVEAL, 5)
    assert s.actions[1] >> 8 == rules.MOVE
    assert (s.actions[1] >> 4) & 15 == 5 and (s.actions[1] & 15) in rules.LINES[5]


def hand_built(state, seats=("human", "hard"), then=None, out=None):
    """A setup(app) showing a hand-built position (the session's state is replaced)."""
    def setup(app):
        app.start()
        kit_lang.load("games.match252", "match252")
        session = Session("match252", rules, {"players": 2}, list(seats), 1)
        session.state = state
        scene = view.GameScene(session)
        app.push(scene)
        if then is not None:
            then(scene)
        if out is not None:
            out.append(scene)
    return setup


def c(rank, suit=0):
    return rules.RANK_NAMES.index(rank) * 4 + suit


def jack_position():
    grid = [c("J", 0), c("2", 0), c("J", 1)] + [c("3", k) for k in range(4)] + \
        [c("4", k) for k in range(4)] + [c("5", k) for k in range(4)] + [c("9", 0)]
    up = [1, 0, 1] + [0] * 13
    return rules.position(grid, up)


def test_target_mode_visits_only_legal_targets():
    grid = [c("7", 0)] + [c("3", k) for k in range(4)] + [c("4", k) for k in range(4)] + \
        [c("5", k) for k in range(4)] + [c("8", 0), c("8", 1), c("8", 2)]
    up = [1] + [0] * 15
    scenes = []

    def then(scene):
        scene.cursor = 0
        scene.start_move(0)

    r = headless.run("RIGHT,RIGHT,DOWN,DOWN,DOWN,LEFT,WAIT:100", board="pico_lcd_1_3",
                     setup=hand_built(rules.position(grid, up), then=then, out=scenes))
    scene = scenes[0]
    assert scene.mode == view.M_TARGET and scene.targets == [1, 2, 3, 4, 8, 12]
    assert scene.cursor in scene.targets and r.log == ""
    assert widgets.hints(r.app, scene.hint_text()) == "Arrows Target  A Swap  B Cancel"


def test_jack_look_is_shown_only_to_its_maker():
    scenes = []

    def then(scene):
        scene.act(rules.action(rules.MOVE, 0x21))    # J J: a Jacks match
        assert scene.mode == view.M_CHOICE and scene.state.phase == rules.P_LOOK
        scene.act(rules.action(rules.LOOK, 0x0F))    # D4

    r = headless.run("WAIT:200,SHOT:look", setup=hand_built(jack_position(), then=then,
                                                          out=scenes))
    top = r.app.top
    card = scenes[0].state.grid[15]
    assert type(top).__name__ == "Dialog"
    assert top.message == "You look at D4: " + view.card_name(card)
    # The capture and the look are in the History too (the toast waits for the dialog).
    lines = scenes[0].turns.history.lines
    assert lines[-3].startswith("You capture J") and lines[-2] == "Jacks: you look at D4"
    assert lines[-1] == top.message
    scene = scenes[0]
    assert scene.state.observation(0)["grid"][15] == card
    # The AI's look is announced without the card.
    r.app.pop()
    scene.announce(1, [("look", 1, 3)])
    assert r.app.top is scene


def test_result_screen_and_score_line():
    sessions = []
    r = headless.run("WAIT:2500,SHOT:result", setup=table(10000, seed=12, out=sessions))
    s = sessions[0]
    assert s.state.is_over()
    scene = r.app.top
    assert isinstance(scene, view.ResultScene) and r.log == ""
    lines = scene.lines()
    sc = s.state.scores()
    assert lines[1] == "You %d - North %d" % (sc[0], sc[1])
    assert lines[0] in ("You win!", "You lose", "Draw")
    assert count_rgb(r.frames["result"], CARD_RGB) > 500   # the captured cards are shown


def test_resume_from_the_setup_screen(tmp_path):
    data = str(tmp_path)   # pytest's own folder (was a tempfile.mkdtemp never removed)
    sessions = []
    headless.run("WAIT:100", setup=table(9, seed=21, data_dir=data, out=sessions))
    saved = list(sessions[0].actions)
    assert saved

    def setup(app):
        app.start()
        entry = registry.find("match252")
        app.push(opening.entry_scene(app, entry))

    r = headless.run("WAIT:300,A,WAIT:300", setup=setup, data_dir=data)
    scene = r.app.top
    assert type(scene).__name__ == "GameScene"
    assert scene.session.actions == saved
    assert scene.state.grid == sessions[0].state.grid


def test_a_game_resumed_in_a_choice_offers_that_choice(tmp_path):
    """Saved while the person was to choose (a card to take, a pair...), the game comes back
    with that choice on screen: A takes one of its options (the robot found the table back
    in grid mode, every A refused: 'reveal D4 is not one of the choices now')."""
    data = str(tmp_path)
    for seed in range(1, 60):        # the first deal that gives the person a choice
        s = Session("match252", rules, {"players": 2, "first": 0}, ["human", "hard"], seed,
                    data)
        rng = Rng(3)
        st = s.state
        while not st.is_over() and not (st.current_player == 0 and st.phase != rules.ACT):
            s.apply(ai.choose(st, st.current_player, "normal", rng))
        if not st.is_over():
            break
    assert not st.is_over(), "no choice of the person's in 59 deals"
    options = list(st.legal_actions())
    saved = len(s.actions)

    def setup(app):
        app.start()
        kit_lang.load("games.match252", "match252")
        again = Session.resume("match252", rules, data)
        app.push(view.GameScene(again))

    r = headless.run("WAIT:300", setup=setup, data_dir=data)
    scene = r.app.top
    assert len(scene.session.actions) == saved and scene.mode == view.M_CHOICE
    if scene.turns.reading():
        r.app.skip_toast()
    scene.press(widgets_btn_a(), 1)
    assert len(scene.session.actions) == saved + 1
    assert scene.session.actions[-1] in options


def widgets_btn_a():
    from core import input as btn

    return btn.A


def test_demo_game_runs_to_the_end_and_leaves():
    demos = []

    def setup(app):
        app.start()
        app.settings["ai_speed"] = "fast"
        entry = registry.find("match252")
        app.push(opening.entry_scene(app, entry))
        demos.append(opening.demo_scene(app, entry, 7))
        app.push(demos[0])

    r = headless.run("WAIT:200000", setup=setup, settle_ms=100)
    assert r.log == "" and r.app.errors == 0
    assert demos[0].state.is_over() and len(demos[0].session.actions) > 20
    # back on the setup screen (by class name: ui.options is dropped and imported again
    # when a game leaves, so the class object may not be the one imported here)
    assert "OptionsScreen" in [k.__name__ for k in type(r.app.top).__mro__]


# -- partial redraws ---------------------------------------------------------------------------


def full_frame(scene):
    """The scene drawn once, fully, on a fresh canvas: what the screen must look like."""
    from core.canvas import Canvas

    app = scene.app
    fresh = Canvas(app.width, app.height)
    scene.draw(fresh, True)
    return bytes(fresh.buf)


def test_cursor_move_sends_under_a_tenth_of_a_frame():
    # After the toasts have gone; DOWN/LEFT also change the hint (a face-up card).
    for board, w, h in BOARDS[:2]:
        r = headless.run("WAIT:3000,RIGHT,DOWN,LEFT,UP", board=board, setup=table(14))
        sent = [st.bytes for st in r.steps if st.token in ("RIGHT", "DOWN", "LEFT", "UP")]
        assert len(sent) == 4 and all(0 < b < w * h * 2 // 10 for b in sent), (board, sent)
    # The Display Pack has no d-pad: X and Y move the cursor up and down.
    r = headless.run("WAIT:3000,Y,X", board="display_pack_2", setup=table(14))
    sent = [st.bytes for st in r.steps if st.token in ("Y", "X")]
    assert all(0 < b < 320 * 240 * 2 // 10 for b in sent), sent


def test_partial_redraws_match_a_full_redraw():
    from core import input as btn

    scenes = []
    r = headless.run("", setup=hand_built(jack_position(), out=scenes), settle_ms=0)
    app = r.app
    scene = scenes[0]
    c = app.canvas
    scene.draw(c, True)
    partial = 0
    seen = set()

    def frame(label):
        nonlocal partial
        full = scene.full_redraw
        scene.full_redraw = scene.redraw = False
        scene.draw(c, full)
        while scene.redraw:         # a move draws its grid first, the rest on the next frame
            scene.redraw = False
            scene.draw(c, False)
        partial += not full
        seen.add(scene.mode)
        assert bytes(c.buf) == full_frame(scene), (label, scene.mode, scene.cursor)

    def press(*names):
        for name in names:
            scene.button(getattr(btn, name), btn.PRESS)
            frame(name)

    press("RIGHT", "DOWN", "DOWN", "LEFT", "UP", "RIGHT", "RIGHT", "UP", "UP", "LEFT")
    assert scene.cursor == 2 and scene.state.up[2]
    scene.start_move(2)                          # the face-up Jack at C1: choose a target
    frame("move")
    press("RIGHT", "DOWN", "LEFT", "B")          # back to picking
    scene.cursor = 5
    press("A")                                   # reveal B2
    assert scene.state.up[5] and scene.state.left == 1
    scene.act(rules.action(rules.MOVE, 0x21))    # J J: a Jacks match, then choose a look
    frame("match")
    assert scene.mode == view.M_CHOICE and scene.flash_until is not None
    press("A")                                   # the captured pair shown: A goes on
    assert scene.flash_until is None
    press("DOWN", "DOWN", "RIGHT", "UP", "A")    # look at one card: a private dialog
    app.pop()
    frame("dialog closed")
    for _ in range(6):                           # the AI's turn: "Thinking...", then a move
        scene.tick(app.platform.ticks_ms())
        frame("ai")
        if scene.my_turn():
            break
    press("LEFT", "UP")
    assert seen >= {view.M_PICK, view.M_TARGET, view.M_CHOICE} and partial >= 20


MPY_DEMO = """
import gc
from core.app import App
from device.headless import HeadlessPlatform
import registry
p = HeadlessPlatform(keys="", data_dir=%(data)r, asset_dir=%(gen)r)
app = App(p)
app.start()
app.settings["ai_speed"] = "fast"
from screens.main_menu import MainMenu
app.stack = []
app.push(MainMenu())
view = registry.load("match252", "view")
from kit import setup
table = setup.demo_scene(app, registry.find("match252"), 5)
app.push(table)
del view
gc.collect()
while p.clock.now < 3600000 and type(app.top).__name__ != "MainMenu":
    wait = app.step()
    p.clock.sleep_ms(wait if wait > 0 else 1)
st = table.session.state
print(type(app.top).__name__, app.errors, st.is_over(), len(table.session.actions) > 20)
"""


def test_demo_under_micropython(tmp_path):
    from tests.mpy import run_mpy
    from tools import build

    tree = tmp_path / "mpy"
    result = build.build(out=tree)   # as `make flash` ships it
    assert result.ok, result.errors
    data = tmp_path / "data"
    data.mkdir()
    code = MPY_DEMO % {"data": str(data), "gen": str(ROOT / "firmware" / "gen")}
    proc = run_mpy(code, heap="128wK", paths=[tree, ROOT], timeout=600)
    assert proc.stdout.split() == ["MainMenu", "0", "True", "True"], proc.stdout + proc.stderr



def seven_position():
    """7♠ 2♠ 7♥ in the first row, the Sevens face up: swapping C1 and B1 makes a plain
    capture (no special match)."""
    grid = [c("7", 0), c("2", 0), c("7", 1)] + [c("3", k) for k in range(4)] + \
        [c("4", k) for k in range(4)] + [c("5", k) for k in range(4)] + [c("9", 0)]
    up = [1, 0, 1] + [0] * 13
    return rules.position(grid, up)


def test_a_capture_shows_the_pair_on_the_grid_before_it_leaves():
    def then(scene):
        scene.act(rules.action(rules.MOVE, 0x21))

    for wait, showing in ((100, True), (1100, True), (1400, False)):
        scenes = []
        r = headless.run("WAIT:%d,SHOT:grid" % wait, setup=hand_built(
            seven_position(), then=then, out=scenes), settle_ms=0)
        scene = scenes[0]
        st = scene.state
        assert len(st.caps[0]) == 2 and st.grid[0] != c("7", 0)     # captured, refilled
        if showing:   # the pair stays on the grid, marked, for the pause (normal: 1.2 s)
            assert scene.flash_card(0) == c("7", 0) and scene.flash_card(1) == c("7", 1)
            assert scene.flash_card(2) == -1
        else:
            assert scene.flash_until is None and scene.flash_card(0) == -1
        assert r.log == ""
    # A skips the pause; other buttons wait for it.
    scenes = []
    r = headless.run("WAIT:100,RIGHT,WAIT:50", setup=hand_built(
        seven_position(), then=then, out=scenes), settle_ms=0)
    assert scenes[0].flash_until is not None and scenes[0].cursor == 5
    r = headless.run("WAIT:100,A,WAIT:50", setup=hand_built(
        seven_position(), then=then, out=scenes), settle_ms=0)
    assert scenes[-1].flash_until is None and scenes[-1].state.left == 1


def test_messages_say_you_and_the_history_keeps_every_one():
    def then(scene):
        scene.act(rules.action(rules.MOVE, 0x21))

    scenes = []
    headless.run("WAIT:50", setup=hand_built(seven_position(), then=then, out=scenes),
                 settle_ms=0)
    scene = scenes[0]
    lines = scene.turns.history.lines
    assert lines == ["You swap C1 and B1", "You capture 7♠ 7♥!"], lines
    scene.announce(1, [("reveal", 1, 5, c("Q", 1)), ("six", 1, 6, c("6", 2))])
    # One message an event, each a line of the History.
    assert lines[-2:] == ["North reveals Q♥", "Six! 6♦ goes to you; North's turn is over"]
    scene.announce(0, [("reveal", 0, 5, c("Q", 1)), ("six", 0, 6, c("6", 2)),
                       ("take", 0, c("K", 0))])
    assert lines[-3:] == ["You reveal Q♥", "Six! 6♦ goes to North; your turn is over",
                          "Aces: you take K♠"]
    # French.
    from core import strings

    strings.load("fr")
    kit_lang.load("games.match252", "match252")
    from kit import seat_names

    scene.names = seat_names(scene.session.seats)      # as a table opened in French
    scene.announce(0, [("reveal", 0, 5, c("Q", 1)), ("capture", 0, 0, 1, c("J", 2),
                                                    c("J", 3))])
    assert lines[-2:] == ["Vous retournez Q♥", "Vous capturez J♦ J♣ !"]
    scene.announce(1, [("take", 1, c("K", 0))])
    assert lines[-1] == "As : Nord vous prend K♠"
    strings.load("en")


def test_hint_bar_has_only_the_boards_buttons_and_fits():
    for board, w, _h in BOARDS:
        for lang in ("en", "fr"):
            scenes = []

            def setup(app, lang=lang, scenes=scenes):
                app.start()
                from core import strings

                strings.load(lang)
                app.settings["lang"] = lang
                hand_built(jack_position(), out=scenes)(app)

            r = headless.run("WAIT:50", board=board, setup=setup, settle_ms=0)
            scene = scenes[0]
            app = r.app
            texts = []
            for cursor in (0, 1, 5):           # face up, face down
                scene.cursor = cursor
                texts.append(widgets.hints(app, scene.hint_text()))
            scene.start_move(0)
            texts.append(widgets.hints(app, scene.hint_text()))
            for text in texts:
                assert app.small.width(text) <= w - 2 * widgets.PAD, (board, lang, text)
                assert "{" not in text
                if board == "display_pack_2":
                    assert "MENU" not in text and "</>" not in text, text
            if board == "display_pack_2":
                assert texts[0].startswith("X/Y B+X/Y ")


def test_result_then_play_again_setup_or_menu_and_the_pause_menu_history():
    r = headless.run("WAIT:2500,A,WAIT:100", setup=table(10000, seed=12))
    top = r.app.top
    assert type(top).__name__ == "Dialog"
    assert top.choices == ["Play again", "Setup", "Menu"]
    r = headless.run("WAIT:2500,A,WAIT:100,A,WAIT:300", setup=table(10000, seed=12))
    top = r.app.top
    assert type(top).__name__ == "GameScene" and top.session.actions == [] and r.log == ""
    r = headless.run("WAIT:100,MENU,WAIT:100", setup=table(0))
    assert r.app.top.choices == ["Resume", "? What now", "How to play", "History",
                                     "Sound: on", "Quit game"]


def test_a_reveal_plays_the_flip_sound():
    """The game asks the app for the "flip" tune when a card turns face up (app.sound is a
    no-op while the Sound setting is off)."""
    played = []
    sessions = []
    inner = table(0, seed=5, out=sessions)

    def setup(app):
        inner(app)
        app.sound = played.append

    headless.run("A,WAIT:300", setup=setup)
    kinds = [a >> 8 for a in sessions[0].actions]
    assert kinds and kinds[0] == rules.REVEAL
    assert "flip" in played


def test_moves_redraw_the_side_panel_in_parts_with_a_whole_redraws_pixels():
    """After each of 30 moves of a game (captures, Sixes, replacements, both seats), the side
    panel's parts that changed are drawn again, and the canvas equals a whole redraw."""
    sessions = []
    r = headless.run("", setup=table(0, out=sessions), settle_ms=0)
    scene = r.app.top
    st = sessions[0].state
    c = r.app.canvas
    scene.draw(c, True)
    rng = Rng(4)
    caps = 0
    for move in range(30):
        if st.is_over():
            break
        scene.act(ai.choose(st, st.current_player, "normal", rng))
        scene.end_flash()
        caps = len(st.caps[0]) + len(st.caps[1])
        full = scene.full_redraw
        scene.redraw = scene.full_redraw = False
        scene.draw(c, full)
        assert scene.redraw or full         # the grid came first: the rest is asked for
        scene.redraw = False
        scene.draw(c, False)
        assert bytes(c.buf) == full_frame(scene), move
    assert caps > 0                              # a capture was among them


def test_the_cursor_on_a_face_down_card_is_a_thick_light_frame():
    """On a card back (theme.BACK) the cursor is three rings of theme.FG: theme.SEL, the
    cursor's colour on a face, hardly shows there."""
    for board, _w, _h in BOARDS:
        r = headless.run("WAIT:300,SHOT:t", board=board, setup=table(0))
        scene = r.app.top
        s = scene.state
        slot = scene.cursor
        assert not s.up[slot] and s.grid[slot] != rules.EMPTY      # a back under the cursor
        gx, gy, cell_w, cell_h, card_w, card_h = scene.geo[:6]
        x = gx + (slot & 3) * cell_w
        y = gy + (slot >> 2) * cell_h + card_h // 2
        img = r.frames["t"].convert("RGB")
        fg = (0xE8, 0xEC, 0xF0)      # theme "dark" FG
        for dx in range(3):
            p = img.getpixel((x + dx, y))
            assert all(abs(a - b) < 9 for a, b in zip(p, fg)), (board, dx, p)
