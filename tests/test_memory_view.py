"""Memory's screens, headless: the 16, 32 and 64 boards on the three screen sizes, the preview,
flipping with the cursor, the mode button, the Location bonus offer, resume from the setup
screen, and a whole demo game. The docs pictures (docs/img/memory_*.png) are golden images
written only by `python -m tools.screenshots` (tests/test_golden_screens.py compares them)."""

from pathlib import Path

if __name__ == "__main__":  # run as a script: the same paths as tests/conftest.py
    import tests.conftest  # noqa: F401

import registry
from core.session import Session
from games import deck88
from games.memory import rules, view
from kit import lang as kit_lang
from sim import headless
from tests import opening
from ui import widgets

ROOT = Path(__file__).resolve().parent.parent
SQUARE = "pico_lcd_1_3"      # 240x240
WIDE = "pico_lcd_1_14"       # 240x135
PACK = "display_pack_2"      # 320x240, four buttons

def _rgb(index):
    """RGB of a theme "dark" colour as the simulator shows it (RGB565 widened)."""
    from core import theme

    v = theme.palette("dark")[index]
    return ((v >> 11) << 3, ((v >> 5) & 63) << 2, (v & 31) << 3)


def card_rgb():
    from core import theme

    return [_rgb(theme.RED + k) for k in range(4)]   # RED, BLUE, YELLOW, GREEN


BACK_RGB = (0x5A, 0x3E, 0x9E)


def colour_pixels(img, rgb):
    # pixels of an exact palette colour (RGB565 rounding: compare with a small tolerance)
    data = img.convert("RGB").tobytes()
    r, g, b = rgb
    return sum(1 for k in range(0, len(data), 3)
               if abs(data[k] - r) < 9 and abs(data[k + 1] - g) < 5 and abs(data[k + 2] - b) < 9)


def table_setup(size, players=2, actions=(), seed=5, seats=None, preview=True, lang=None):
    """A setup(app) that opens the table directly with some actions already played."""
    def setup(app):
        app.start()
        if lang:
            from core import strings

            app.settings["lang"] = lang
            strings.load(lang)
        kit_lang.load("games.memory", "memory")
        ss = seats or (["human", "hard"] if players == 2 else ["human"])
        session = Session("memory", rules, {"players": players, "size": size,
                                            "preview": preview}, ss, seed)
        for a in actions(session.state) if callable(actions) else actions:
            session.apply(a)
        app.push(view.GameScene(session))
    return setup


def location_pair(state):
    """Actions for a Location pair with the first two cards of one location on the board."""
    where = {}
    for i in range(state.size):
        where.setdefault(state.slots[i] >> 2, []).append(i)
    a, b = where[state.slots[0] >> 2][:2]
    return [rules.ACT_MODE + rules.LOCATION, a, b]


def test_preview_shows_every_face_then_turns_them_down():
    r = headless.run("WAIT:500,SHOT:preview,WAIT:3500,SHOT:down", board=SQUARE,
                     setup=table_setup(64))
    up = r.frames["preview"]
    down = r.frames["down"]
    assert up.size == (240, 240)
    for rgb in card_rgb():
        assert colour_pixels(up, rgb) > 1500       # 16 faces of each colour, thick frames
        assert colour_pixels(down, rgb) < 200
    assert colour_pixels(down, BACK_RGB) > 20000
    scene = r.app.top
    assert type(scene).__name__ == "GameScene" and (scene.cols, scene.rows) == (8, 8)
    assert scene.cell_w >= 28 and scene.cell_h >= 26   # GAMES.md: about 28 px cells
    assert r.log == ""


def test_grid_layouts_on_every_screen():
    assert view.layout(16, 240, 216) == (4, 4)
    assert view.layout(32, 240, 216) == (8, 4)
    assert view.layout(64, 240, 216) == (8, 8)
    assert view.layout(32, 240, 110) == (8, 4)
    assert view.layout(16, 240, 110) == (8, 2)
    assert view.layout(64, 320, 216) == (8, 8)


def test_cursor_flip_and_mode_button():
    # RIGHT, A flips slot 1; B cycles the mode to Symbol; A on slot 1 again is refused.
    r = headless.run("WAIT:3500,RIGHT,A,B,WAIT:300", board=SQUARE,
                     setup=table_setup(16, players=1))
    scene = r.app.top
    s = scene.state
    assert s.first == 1 and s.phase == rules.SECOND and s.mode == rules.SYMBOL
    assert scene.session.actions == [1, rules.ACT_MODE + rules.SYMBOL]
    assert r.log == ""


def test_a_flip_shows_the_card_first_then_the_status_line():
    """The person's flip: its frame sends the card turned (not the status line nor the hint
    bar); the next frame sends those; then the screen is what a whole redraw draws."""
    from core.canvas import Canvas

    r = headless.run("WAIT:300", board=SQUARE, setup=table_setup(16, players=2, preview=False))
    app = r.app
    scene = app.top
    c = app.canvas
    sends = []
    real = c.flush

    def flush(display):
        sends.append(c.dirty_area())
        return real(display)
    c.flush = flush
    app.draw()
    scene.act(5)                                            # slot 5 turned face up
    app.draw()
    assert 0 < sends[-1] <= scene.cell_w * scene.cell_h, sends     # the card alone
    assert scene.redraw and scene.status_dirty
    app.draw()
    top = app.small.line_height + 3
    assert sends[-1] >= app.width * top                            # the status line, the bar
    assert not scene.redraw
    fresh = Canvas(app.width, app.height)
    scene.draw(fresh, True)
    assert bytes(c.buf) == bytes(fresh.buf)


def test_versus_ai_plays_its_turn_after_the_human():
    r = headless.run("WAIT:3500,A,RIGHT,A,WAIT:6000", board=SQUARE,
                     setup=table_setup(16, players=2))
    s = r.app.top.state if type(r.app.top).__name__ == "GameScene" else None
    assert s is not None and s.turn >= 2     # the human's attempt, then the AI's
    assert s.current_player == 0
    assert r.log == ""


def test_bonus_offer_dialog_accept():
    r = headless.run("WAIT:2000,SHOT:offer,A,WAIT:300", board=SQUARE,
                     setup=table_setup(32, players=1, actions=location_pair, preview=False))
    s = r.app.stack[-1].state
    assert s.phase == rules.BONUS and s.scores() == [50]
    r2 = headless.run("WAIT:2000,DOWN,A,WAIT:300", board=SQUARE,
                      setup=table_setup(32, players=1, actions=location_pair, preview=False))
    s2 = r2.app.stack[-1].state
    assert s2.phase == rules.FIRST and s2.bonus_loc == [-1]


def test_small_screen_offers_no_64_board_and_four_button_hint():
    class App:
        height = 135
    assert view.sizes_for(App) == (16, 32)
    App.height = 240
    assert view.sizes_for(App) == (16, 32, 64)
    r = headless.run("WAIT:3500,SHOT:wide", board=WIDE, setup=table_setup(32))
    scene = r.app.top
    assert (scene.cols, scene.rows) == (8, 4) and r.log == ""
    r = headless.run("WAIT:3500", board=PACK, setup=table_setup(64))
    assert (r.app.top.cols, r.app.top.rows) == (8, 8) and r.log == ""
    assert "Hold B" in widgets.hints(r.app, r.app.top._keys())


def hint_bar(board, actions=(), lang="en", players=1):
    """The hint bar's text as this board shows it (ui.widgets.hints of the scene's keys)."""
    r = headless.run("WAIT:300", board=board, setup=table_setup(
        32, players=players, actions=actions, preview=False, lang=lang))
    return widgets.hints(r.app, r.app.top._keys())


def test_hint_bar_names_only_buttons_the_board_has():
    # 240x240 (A, B, X, Y, joystick): the shortcuts.
    assert hint_bar(SQUARE) == "A Flip  B Mode  X Hint  Y Peek  MENU Menu"
    # 240x135 (A, B, joystick): no X or Y; Hint and Peek are in the menu, and it says so.
    wide = hint_bar(WIDE)
    assert "X " not in wide and "Y " not in wide and "Menu: Hint, Peek" in wide
    # Display Pack 2.0 (A, B, X, Y, no d-pad): no "MENU", and how to move, once.
    pack = hint_bar(PACK)
    assert pack == "X/Y B+X/Y Move  A Flip  B Mode  Hold B Menu: Hint, Peek"
    assert "MENU" not in pack and pack.count("Move") == 1
    assert "B long" in hint_bar(PACK, lang="fr") and "Aller" in hint_bar(PACK, lang="fr")
    for board in (SQUARE, WIDE, PACK):
        for lang in ("en", "fr"):
            r = headless.run("WAIT:300", board=board,
                             setup=table_setup(32, players=1, preview=False, lang=lang))
            app = r.app
            text = widgets.hints(app, app.top._keys())
            assert app.small.width(text) <= app.width - 2 * widgets.PAD, (board, lang, text)


def test_bonus_flip_hint_bar_and_menu_offer_no_mode_nor_hint():
    accepted = lambda st: location_pair(st) + [rules.ACT_ACCEPT]   # noqa: E731
    for board in (SQUARE, WIDE, PACK):
        text = hint_bar(board, accepted)
        assert "Mode" not in text and "Hint" not in text and "Flip (bonus)" in text, text
    r = headless.run("WAIT:300,MENU,WAIT:100", board=SQUARE,
                     setup=table_setup(32, players=1, actions=accepted, preview=False))
    menu = r.app.top
    assert r.app.stack[-2].state.phase == rules.BONUS
    assert menu.choices == ["Resume", "? What now", "How to play", "History",
                            "Peek (1 left)", "Sound: on", "Quit game"]


def test_messages_name_you_in_the_second_person_and_stay_in_the_history():
    # A Location pair by you (solo), then by the AI (a two-player game it plays first).
    r = headless.run("WAIT:300", board=SQUARE, setup=table_setup(
        32, players=1, actions=lambda st: [], preview=False))
    scene = r.app.top
    for a in location_pair(scene.state):
        scene.act(a)
    said = scene.turns.history.lines
    assert said[-2] == "You switch to LOCATION"
    # the cards are named once the frame that shows the pair has been sent
    assert said[-1] == "You make a LOCATION pair: +50"
    r.app.step()
    r.app.step()
    assert said[-1].startswith("You make a LOCATION pair: +50 (")
    assert said[-1].count(",") == 2 and " + " in said[-1]        # both cards, named in full
    # French: "Vous ...", an AI's move in the third person, named as its seat (the AI
    # plays first).
    r = headless.run("WAIT:4000", board=SQUARE, setup=table_setup(
        32, players=2, seats=["hard", "human"], preview=False, lang="fr"))
    lines = r.app.top.turns.history.lines
    assert lines and all(line.startswith("Nord ") for line in lines), lines
    r3 = headless.run("WAIT:300", board=SQUARE, setup=table_setup(
        32, players=1, preview=False, lang="fr"))
    scene = r3.app.top
    for a in location_pair(scene.state):
        scene.act(a)
    r3.app.step()
    r3.app.step()
    assert scene.turns.history.lines[-1].startswith("Vous formez une paire LIEU : +50 (")
    # The pause menu opens the History.
    r = headless.run("WAIT:300,MENU,WAIT:100", board=SQUARE,
                     setup=table_setup(32, players=1, preview=False))
    assert "History" in r.app.top.choices


def test_how_to_play_explains_the_location_codes_and_the_counts():
    from games.memory import howto_en, howto_fr, lang_en, lang_fr

    for mod, counts in ((howto_en, '"H2 P1"'), (howto_fr, '"I2 A1"')):
        assert counts in mod.RULES
        for code, name in zip(view.LOC_CODES, deck88.LOCATION_NAMES):
            assert "%s %s" % (code, name) in mod.RULES, (code, mod.__name__)
        assert "History" in mod.RULES or "Historique" in mod.RULES
    assert view.left(lang_fr.T["mem.hint_n"], 2) == "Indice (2 restants)"
    assert view.left(lang_fr.T["mem.hint_n"], 1) == "Indice (1 restant)"
    assert view.left(lang_en.T["mem.peek_n"], 1) == "Peek (1 left)"


def test_menu_start_and_resume(tmp_path):
    # From the main menu: Memory, Start (32 cards vs Normal), flip a card, quit, come back:
    # the resume offer brings the same game back.
    r = headless.run("WAIT:2500,A,WAIT:300,DOWN,DOWN,A,WAIT:4000,A,WAIT:200,HOLD:MENU:100,"
                     "UP,A,WAIT:300", board=SQUARE, data_dir=str(tmp_path), seed=3)
    assert r.log == ""
    saved = Session.resume("memory", rules, str(tmp_path))
    assert saved is not None and saved.actions[:1] == [0] and saved.seats == ["human", "normal"]
    r = headless.run("WAIT:2500,A,WAIT:300,A,WAIT:500", board=SQUARE,
                     data_dir=str(tmp_path), seed=4)
    scene = r.app.top   # the menu re-imported the game: compare class names, not classes
    assert type(scene).__name__ == "GameScene" and scene.session.actions[:1] == [0]
    assert scene.state.first == 0


def test_demo_scene_plays_a_whole_game_and_returns():
    def setup(app):
        app.start()
        app.settings["ai_speed"] = "fast"
        entry = registry.find("memory")
        app.push(opening.demo_scene(app, entry, 12))
    r = headless.run("WAIT:1000", board=SQUARE, setup=setup)
    scene = r.app.top
    assert type(scene).__name__ == "GameScene" and scene.demo
    # run it out: the virtual clock makes this quick
    r = headless.run("WAIT:400000", board=SQUARE, setup=setup, settle_ms=0)
    assert type(r.app.top).__name__ != "GameScene" and r.log == ""


def test_solo_game_end_keeps_the_best_score_per_size(tmp_path):
    from core import storage
    from core.rng import Rng
    from games.memory import ai

    def finished(state):
        s = state.clone()
        rng = Rng(3)
        acts = []
        while not s.is_over():
            a = ai.choose(s, s.current_player, "hard", rng)
            s.apply(a)
            acts.append(a)
        return acts

    r = headless.run("WAIT:3000", board=SQUARE, data_dir=str(tmp_path),
                     setup=table_setup(16, players=1, actions=finished, preview=False))
    top = r.app.top
    assert type(top).__name__ == "Dialog" and "Score" in top.lines[0]
    # The result, then the same choice after every game (kit.after).
    assert top.choices == ["Play again", "Setup", "Menu"] and top.title == "Game over"
    (tmp_path / "again").mkdir()
    # (A once the result is open: core.input takes a press at its first sample, and the
    # result opens at about 3000 ms)
    again = headless.run("WAIT:3100,A,WAIT:300", board=SQUARE, data_dir=str(tmp_path / "again"),
                         setup=table_setup(16, players=1, actions=finished, preview=False))
    new = again.app.top
    assert type(new).__name__ == "GameScene" and new.session.actions == []
    assert new.session.options["size"] == 16 and again.log == ""
    scene = r.app.stack[-2]
    table = storage.load_scores(str(tmp_path), "memory16")
    assert table == [{"score": scene.state.points[0], "size": 16}]
    assert r.log == ""
    # A damaged table: the score still counts, the player is told, the file is kept.
    (tmp_path / "scores_memory16.json").write_bytes(b"CC1 1 00000000\n[")
    r = headless.run("WAIT:3000", board=SQUARE, data_dir=str(tmp_path),
                     setup=table_setup(16, players=1, actions=finished, preview=False))
    top = r.app.top
    assert top.message.endswith("High scores could not be read: kept as "
                                "scores_memory16.json.bad")
    assert (tmp_path / "scores_memory16.json.bad").exists()
    assert len(storage.load_scores(str(tmp_path), "memory16")) == 1


def test_setup_offers_the_solo_high_scores(tmp_path):
    # Board, Opponent, Start, Watch AI play, How to play, High scores (row 5).
    from core import storage

    storage.add_score(str(tmp_path), "memory16", {"score": 120, "size": 16})
    storage.add_score(str(tmp_path), "memory32", {"score": 85, "size": 32})
    storage.add_score(str(tmp_path), "memory32", {"score": 140, "size": 32})

    def setup(app):
        app.start()
        app.push(opening.entry_scene(app, registry.find("memory")))

    # High scores is the row above the last (Statistics): UP, UP
    r = headless.run("WAIT:300,UP,UP,A,WAIT:300", board=SQUARE, setup=setup,
                     data_dir=str(tmp_path))
    table = r.app.top
    assert type(table).__name__ == "ScoreTable" and r.log == ""
    assert table.rows == [["1.", "16 cards", "120"], ["1.", "32 cards", "140"],
                          ["2.", "32 cards", "85"]]
    r = headless.run("WAIT:300,UP,UP,A,WAIT:300", board=SQUARE, setup=setup)
    assert r.app.top.rows == [["No scores yet", "", ""]]


# -- read at a glance: the preview's count, the hint's pairs, the faces, the words -------------
def test_the_preview_counts_down_the_seconds_to_memorise():
    texts = []

    def setup(app):
        table_setup(16, players=1)(app)
        seen = opening.drawn_texts(app)
        texts.append(seen)

    r = headless.run("WAIT:3600", board=SQUARE, setup=setup)
    seen = texts[0]
    counts = [t for t in seen if t.startswith("Memorise the cards: ")]
    assert counts[:3] == ["Memorise the cards: 3", "Memorise the cards: 2",
                          "Memorise the cards: 1"], counts
    assert seen.index(counts[2]) < max(i for i, t in enumerate(seen) if t.startswith("A Flip"))
    assert r.app.top.reveal_until is None


def test_a_hint_of_two_pairs_frames_each_pair_in_its_own_colour():
    r = headless.run("WAIT:300,X,WAIT:100,SHOT:hint", board=SQUARE,
                     setup=table_setup(32, players=1, preview=False))
    scene = r.app.top
    slots = scene.state.hint_slots
    assert len(slots) == 4
    img = r.frames["hint"].convert("RGB")
    from core import theme

    def frame_rgb(i):
        row, col = divmod(i, scene.cols)
        # the cell's 1 px margin, left of the card's middle (the cursor is on slot 0)
        return img.getpixel((scene.grid_x + col * scene.cell_w,
                             scene.grid_y + row * scene.cell_h + scene.cell_h // 2))

    first = [frame_rgb(i) for i in slots[:2] if i != scene.cursor]
    second = [frame_rgb(i) for i in slots[2:] if i != scene.cursor]
    assert first and second
    def near(p, index):
        return all(abs(a - b) < 9 for a, b in zip(p, _rgb(index)))

    assert all(near(p, theme.ACCENT) for p in first), first
    assert all(near(p, theme.WARN) for p in second), second


def test_the_symbol_is_never_drawn_through_the_location_label():
    for board, size in ((SQUARE, 16), (SQUARE, 32), (SQUARE, 64), (WIDE, 16), (WIDE, 32),
                        (PACK, 64)):
        r = headless.run("WAIT:300,SHOT:up", board=board, setup=table_setup(size, players=1))
        scene = r.app.top
        img = r.frames["up"].convert("RGB")
        w = scene.cell_w - 2
        h = scene.cell_h - 2
        for i in range(size):
            row, col = divmod(i, scene.cols)
            x = scene.grid_x + col * scene.cell_w + 1
            y = scene.grid_y + row * scene.cell_h + 1
            inked = [any(sum(img.getpixel((x + dx, y + dy))) < 100 for dx in range(3, w - 3))
                     for dy in range(h)]          # the ink (theme.INK), darker than a frame
            # from the top: the symbol's rows, at least one blank row, the label's rows
            runs = []
            for dy in range(h):
                if inked[dy] and (dy == 0 or not inked[dy - 1]):
                    runs.append(dy)
            assert len(runs) >= 2, (board, size, i, inked)


def test_french_card_names_agree_with_the_symbol():
    from core import strings

    strings.load("fr")
    try:
        kit_lang.load("games.memory", "memory")
        names = {view.card_name(c).split(",")[0] for c in range(64)}
    finally:
        strings.remove()
        strings.load("en")
    assert {"Lune bleue", "Clé verte", "Montagne verte", "Cerf bleu", "Soleil vert",
            "Couronne rouge"} <= names, sorted(names)
    assert not {"Lune bleu", "Clé vert", "Vague bleu"} & names


def test_how_to_play_says_the_display_pack_has_x_and_y():
    from games.memory import howto_en, howto_fr

    assert "on the Display Pack 2.0 X and Y move the cursor" in howto_en.RULES
    assert "sur le Display Pack 2.0 X et Y déplacent le curseur" in howto_fr.RULES
    for rules_text in (howto_en.RULES, howto_fr.RULES):
        assert "Pico-LCD-1.14, Display Pack 2.0)" not in rules_text


def test_the_first_game_tip_says_the_turn_passes_and_b_changes_the_mode():
    from kit import lang_en, lang_fr
    from ui.dialog import Dialog

    en = lang_en.T["tip.memory"]
    fr = lang_fr.T["tip.memory"]
    assert "play again" not in en and "rejouez" not in fr
    assert "the turn passes after each try" in en and "le tour passe après chaque essai" in fr
    assert "B changes it" in en and "B Mode" in en
    assert "B le change" in fr and "B Mode" in fr
    # Whole in its dialog on every board (a Dialog keeps the lines its screen has room for).
    for board in (SQUARE, WIDE, PACK):
        app = headless.run("WAIT:100", board=board, setup=lambda app: app.start()).app
        for text in (en, fr, lang_en.T["tip.mem_offer"], lang_fr.T["tip.mem_offer"]):
            shown = widgets.hints(app, text)
            cut = shown.find("  ")
            shown = shown[:cut] + "\n" + shown[cut + 2:]     # as kit.tips.show
            dialog = Dialog(shown, ["OK"], None, title="Tip")
            dialog.app = app
            dialog.enter()
            assert dialog.lines == app.small.wrap(shown, app.width - 40), (board, dialog.lines)
