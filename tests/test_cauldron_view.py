"""Cauldron screens, headless: the setup, the board on the three screen sizes, taking a card
with the buttons, a corner's Declinatio question, a Perluceo look, the end screen and a whole
demo game. The pictures in docs/img come from `python -m tools.screenshots` and are compared
pixel for pixel by tests/test_golden_screens.py."""


if __name__ == "__main__":  # run as a script: the same paths as tests/conftest.py
    import tests.conftest  # noqa: F401

from core import strings
from core.rng import Rng
from core.session import Session
from games.cauldron import ai, rules, texts, view
from games.cauldron.board import LINE_CELLS
from kit import lang
from sim import headless
from tests import opening

BOARDS = (("pico_lcd_1_3", 240, 240), ("pico_lcd_1_14", 240, 135),
          ("display_pack_2", 320, 240))
ENTRY = ("cauldron", ("Cauldron", "Chaudron"), "games.cauldron", 2, 4)


def play_until(session, n):
    """AI moves for every seat until n actions are recorded and seat 0 (the human) is to take
    from a line, or the game is over."""
    rng = Rng(3)
    st = session.state
    while not st.is_over() and (len(session.actions) < n or st.current_player != 0
                                or st.phase != rules.ACT):
        session.apply(ai.choose(st, st.current_player, "normal", rng))


def table(n=0, seed=5, players=3, out=None, options=None, state_hook=None):
    def setup(app):
        app.start()
        lang.load("games.cauldron")
        opts = {"players": players, "recipes": True}
        opts.update(options or {})
        s = Session("cauldron", rules, opts, ["human"] + ["hard"] * (players - 1), seed,
                    None)
        play_until(s, n)
        if state_hook is not None:
            state_hook(s)
        if out is not None:
            out.append(s)
        app.push(view.Table(s))
    return setup


def test_board_fits_every_screen():
    for board, w, h in BOARDS:
        r = headless.run("WAIT:300", board=board, setup=table(20, players=4))
        scene = r.app.top
        assert type(scene).__name__ == "Table" and r.log == ""
        bx, by, cw, ch, lane, side_x, top, bottom = scene.geo
        assert bx + 6 * cw + 2 * lane <= side_x and side_x + 60 <= w     # board, then side
        assert by + 6 * ch + 2 * lane <= h - bottom                       # above the hints
        assert cw >= r.app.small.width("Ff4") + 5                          # code + value
        assert r.final.size == (w, h)
        assert scene.status_text().startswith("Your turn: take from ")
        # every cell is drawn: the per-cell record holds all 36
        assert all(scene.drawn[2 * g + 1] & 0x80 for g in range(36))


def test_take_with_the_buttons():
    sessions = []
    r = headless.run("DOWN,A,WAIT:300", setup=table(0, out=sessions))
    s = sessions[0]
    st = s.state
    assert len(s.actions) >= 1
    first = s.actions[0]
    assert first >> 8 == rules.TAKE and (first & 0xFF) % 6 == 1      # the second card
    assert r.log == ""
    assert st.current_player != 0 or st.is_over() or len(s.actions) > 1


def test_corner_asks_declinatio():
    def hook(s):
        st = s.state
        grid = list(st.grid)
        st2 = rules.position(grid, pile=list(st.pile), cauldrons=[[], [], []],
                             spells=[[76], [], []], pawns=[18, 5, 10], players=3)
        s.state = st2
    sessions = []
    r = headless.run("WAIT:300,SHOT:corner,A,WAIT:300", setup=table(0, out=sessions,
                                                                     state_hook=hook))
    s = sessions[0]
    assert r.log == ""
    # seat 0 at place 18 moved 2 to corner 0: asked, A chose Declinatio
    assert s.actions[:1] == [rules.DECL << 8]
    assert s.state.uses[76] == 2


def perluceo_setup(s):
    st = s.state
    st.grid[LINE_CELLS[st.line][0]] = 82
    st.cauldrons[0] = [0, 9, 33]
    st.placed[0] = [1, 2, 3]
    st.pile = [c for c in st.pile if c not in (82, 0, 9, 33)]
    st.out = [c for c in st.out if c not in (82, 0, 9, 33)]
    grid_cards = set(st.grid)
    for c in (0, 9, 33):
        if c in grid_cards:
            st.grid[list(st.grid).index(c)] = st.pile.pop()
    st.out = [c for c in range(84) if c not in set(st.grid) | set(st.pile) | {0, 9, 33}
              and not any(c in x for x in st.cauldrons + st.spells)]


def test_perluceo_look_shows_the_whole_cauldron():
    sessions = []
    r = headless.run("A,WAIT:300,SHOT:look", setup=table(0, out=sessions,
                                                         state_hook=perluceo_setup))
    s = sessions[0]
    assert r.log == ""
    assert s.state.spells[0] == [82]
    top = r.app.top
    assert type(top).__name__ == "TextView"
    text = "\n".join(top.lines)
    assert "3. Amberseed 2 (top)" in text and "1. Sunpetal 1" in text
    assert "2. Frogleaf 2" in text


def test_end_screen_lists_kinds_immutos_and_recipes():
    sessions = []
    r = headless.run("WAIT:300", setup=table(0, out=sessions))
    st = sessions[0].state
    rng = Rng(9)
    while not st.is_over():
        st.apply(ai.choose(st, st.current_player, "hard", rng))
    scene = r.app.top
    lines = texts.result_lines(scene)
    totals = st.scores()
    assert lines[0].endswith("wins") or lines[0].startswith("Shared win")
    for o in range(3):
        assert any(line == "%s: %d points" % (scene.name(o), totals[o]) for line in lines)
    assert sum(1 for line in lines if line.startswith("  Recipe A")) == 3
    assert sum(1 for line in lines if line.startswith("  Recipe B")) == 3
    # the kinds are listed in kind order with their values, their points add up
    base = st.final()[1][0][0]
    me = lines.index("%s: %d points" % (scene.name(0), totals[0]))
    pts = 0
    for line in lines[me + 1:]:
        if not line.startswith("  ") or line.startswith("  Immuto") or \
                line.startswith("  Recipe") or line.startswith("  Spells"):
            break
        pts += int(line.rsplit(":", 1)[1])
    assert pts == base


def test_result_screen_after_the_last_move():
    def finish(s):
        rng = Rng(4)
        st = s.state
        while not st.is_over():
            if st.current_player == 0 and st.phase == rules.P_KEEP:
                break
            s.apply(ai.choose(st, st.current_player, "hard", rng))
    # The first deal in which your turn comes to the end-of-game question (the AIs may
    # end the game first).
    from core.session import Session

    for seed in range(5, 60):
        s = Session("cauldron", rules, {"players": 3, "recipes": True},
                    ["human", "hard", "hard"], seed, None)
        play_until(s, 0)
        finish(s)
        if not s.state.is_over():
            break
    sessions = []
    r = headless.run("WAIT:500,A,WAIT:400,A,WAIT:6000", setup=table(0, seed=seed,
                                                                    out=sessions,
                                                                    state_hook=finish))
    st = sessions[0].state
    assert r.log == ""
    assert st.is_over() and st.ender == 0                   # the question came, A kept
    assert sessions[0].actions[-1] == rules.KEEP << 8
    assert type(r.app.top).__name__ == "TextView" and r.app.top.title == "Results"


def test_after_the_results_the_same_choice_as_every_game():
    """Closing the result text offers Play again / Setup / Menu (kit.after)."""
    def finish(s):
        rng = Rng(4)
        st = s.state
        while not st.is_over():
            if st.current_player == 0 and st.phase == rules.P_KEEP:
                break
            s.apply(ai.choose(st, st.current_player, "hard", rng))
    r = headless.run("WAIT:500,A,WAIT:400,A,WAIT:6000,B,WAIT:400",
                     setup=table(0, state_hook=finish))
    top = r.app.top
    assert type(top).__name__ == "Dialog", type(top).__name__
    assert list(top.choices) == ["Play again", "Setup", "Menu"]


def test_pause_menu_opens_the_history():
    r = headless.run("WAIT:300,DOWN,A,WAIT:3000,MENU,WAIT:200", setup=table(0))
    menu = r.app.top
    assert type(menu).__name__ == "Dialog"
    labels = list(menu.choices)
    assert "History" in labels and labels[-1] == "Quit game"
    keys = ",".join(["DOWN"] * labels.index("History"))
    r = headless.run("WAIT:300,DOWN,A,WAIT:3000,MENU,WAIT:200," + keys + ",A,WAIT:300",
                     setup=table(0))
    assert type(r.app.top).__name__ == "HistoryScreen"
    assert any(line.startswith("You take") for line in r.app.top.lines), r.app.top.lines


def test_menu_shows_your_recipes_and_open_cauldrons():
    sessions = []
    # The pause menu: Resume, ? What now, How to play, History, then the game's rows: Your
    # Recipes...
    r = headless.run("MENU,WAIT:200,DOWN,DOWN,DOWN,DOWN,A,WAIT:300",
                     setup=table(6, out=sessions))
    st = sessions[0].state
    top = r.app.top
    assert type(top).__name__ == "TextView" and top.title == "Your Recipes"
    text = "\n".join(top.lines)
    colour = ("Orange", "Purple", "Pink", "Brown", "White")[st.recipes[0][0] - 88]
    assert "Recipe A: most %s cards" % colour in text and "Recipe B: " in text
    # with the open-cauldrons assist every cauldron can be read from the menu
    r = headless.run("MENU,WAIT:200,DOWN,DOWN,DOWN,DOWN,DOWN,A,WAIT:300",
                     setup=table(12, out=sessions, options={"open": True}))
    top = r.app.top
    assert type(top).__name__ == "TextView" and top.title == "Cauldrons"
    st = sessions[1].state
    from games.cauldron.view import card_name
    text = "\n".join(top.lines)
    for o in range(3):
        for c in st.cauldrons[o]:
            assert card_name(c) in text


def test_landing_follows_the_cursor():
    sessions = []
    r = headless.run("WAIT:300", setup=table(0, out=sessions))
    scene = r.app.top
    st = sessions[0].state
    tg = scene.targets()
    for i in range(len(tg)):
        scene.ci = i
        card = st.grid[scene.target_cell(tg[i])]
        if card < 72:
            assert scene.landing() == (st.pawns[0] + (card & 3) + 1) % 20
        elif card < 74:
            assert scene.landing() == st.pawns[0]
        else:
            assert scene.landing() == (st.pawns[0] + 2) % 20     # empty cauldron: 2
    r = headless.run("DOWN,WAIT:200,DOWN,WAIT:200", setup=table(0))
    assert r.log == "" and r.app.top.drawn_landing == r.app.top.landing()


def test_last_take_is_marked():
    sessions = []
    r = headless.run("WAIT:300", setup=table(0, out=sessions))
    scene = r.app.top
    scene.act(scene.targets()[2])
    assert scene.last_cell == scene.target_cell(sessions[0].actions[0])
    assert scene.looks()[scene.last_cell] & view.LOOK_LAST


def test_resume_after_quitting(tmp_path):
    # a game saved after every action, quit, then offered again by the setup screen
    s = Session("cauldron", rules, {"players": 3, "recipes": True}, ["human", "hard", "easy"],
                21, str(tmp_path))
    s.save()
    play_until(s, 25)
    want = s.state
    again, message = Session.open_saved("cauldron", rules, str(tmp_path))
    assert message is None and again.actions == s.actions
    got = again.state
    assert (got.grid, got.pile, got.cauldrons, got.spells, got.recipes, got.current_player,
            got.turn, list(got.pawns)) == (want.grid, want.pile, want.cauldrons, want.spells,
                                           want.recipes, want.current_player, want.turn,
                                           list(want.pawns))
    import registry

    def setup(app):
        app.start()
        app.push(opening.entry_scene(app, registry.find("cauldron")))
    r = headless.run("WAIT:300,A,WAIT:300", setup=setup, data_dir=str(tmp_path))
    assert r.log == ""
    table = r.app.top
    assert type(table).__name__ == "Table"                     # Resume chosen with A
    assert table.state.grid == want.grid and table.session.actions == s.actions


def test_french_strings():
    from games.cauldron import lang_en, lang_fr
    assert set(lang_en.T) == set(lang_fr.T)
    for key in lang_en.T:
        assert lang_en.T[key].count("%") == lang_fr.T[key].count("%"), key
    for table_ in (lang_en.T, lang_fr.T):
        assert len(table_["cd.kinds"].split(",")) == 18
        assert len(set(table_["cd.codes"].split())) == 18
        assert len(table_["cd.colours"].split(",")) == 9 == len(table_["cd.colour_letters"])
        assert len(table_["cd.goals"].split(",")) == 5


def test_french_board():
    def setup(app):
        app.start()
        strings.load("fr")
        lang.load("games.cauldron")
        s = Session("cauldron", rules, {"players": 3}, ["human", "hard", "hard"], 5, None)
        app.push(view.Table(s))
    try:
        r = headless.run("WAIT:300", setup=setup)
        scene = r.app.top
        assert r.log == ""
        assert scene.status_text() == "À vous : prenez dans la colonne 2"
        assert view.card_name(8 * 4) == "Graine-ambre 1"
    finally:
        strings.load("en")


def test_setup_screen_and_demo():
    import registry

    registered = "cauldron" in [e[0] for e in registry.GAMES]
    if not registered:
        registry.register(ENTRY)
    try:
        def setup(app):
            app.start()
            app.push(opening.entry_scene(app, registry.find("cauldron")))
        r = headless.run("WAIT:300,SHOT:setup", setup=setup)
        assert r.log == ""
        rows = [row[0] for row in r.app.top.menu.rows]
        assert "Recipes" in rows and "Open cauldrons" in rows

        scenes = []

        def demo(app):
            app.start()
            app.settings["ai_speed"] = "fast"
            scenes.append(opening.demo_scene(app, registry.find("cauldron"), 11))
            app.push(scenes[0])
        r = headless.run("WAIT:200000", setup=demo)
        assert r.log == ""
        assert scenes[0].state.is_over() and len(scenes[0].session.actions) > 40
        assert scenes[0] not in r.app.stack                  # popped back when it ended
    finally:
        if not registered:
            registry.unregister("cauldron")


def test_a_move_redraws_only_what_changed_and_the_same_pixels():
    """A move is drawn in part (the cells that changed, the status, the side panel, the pawns,
    the hint), not whole (~90 ms on the emulated RP2040), and the canvas is then what a whole
    redraw gives, through the person's moves and the AI's."""
    from core.canvas import Canvas

    sessions = []
    r = headless.run("", setup=table(0, out=sessions, players=3), settle_ms=0)
    scene = r.app.top
    st = sessions[0].state
    c = r.app.canvas
    scene.draw(c, True)
    rng = Rng(9)
    moves = quick = 0
    while moves < 12 and not st.is_over():
        targets = scene.targets() if st.current_player == 0 and st.phase == rules.ACT else ()
        if targets:     # (none while the last AI move's message is read: its turn plays it)
            scene.act(targets[0])
        else:
            scene.play(ai.choose(st, st.current_player, "normal", rng))
        moves += 1
        assert not scene.full_redraw, moves
        scene.redraw = False
        scene.draw(c, False)            # a take: its cell first, the rest asked for
        if scene.redraw:
            quick += 1
            scene.redraw = False
            scene.draw(c, False)
        fresh = Canvas(r.app.width, r.app.height)
        scene.draw(fresh, True)
        assert bytes(c.buf) == bytes(fresh.buf), (moves, st.phase)
    assert moves == 12 and quick > 0


def test_how_to_play_explains_every_code_and_letter_on_the_screen():
    """The board's abbreviations, read on a page of the game's menu: the kinds' codes, the
    colour letters, the spells' uses left beside each player (A2 D3), the corner mark."""
    import importlib

    for language in ("en", "fr"):
        table = importlib.import_module("games.cauldron.lang_" + language).T
        rules_text = importlib.import_module("games.cauldron.howto_" + language).RULES
        for code, kind in zip(table["cd.codes"].split(" "), table["cd.kinds"].split(",")):
            assert "%s %s" % (code, kind) in rules_text, (language, code)
        for letter, colour in zip(table["cd.colour_letters"], table["cd.colours"].split(",")):
            assert "%s %s" % (letter, colour) in rules_text, (language, letter)
        assert "A2" in rules_text and "D3" in rules_text


def test_small_cells_show_the_ingredients_pictures():
    """240x135 (14 px tall cells): each ingredient shows its kind's 8 px picture
    (gen/icons_cauldron_8.bin) beside its value, as the bigger boards show the 12 px one, not
    its kind code; spells and Immutos keep their codes."""
    from framebuf import GS4_HMSB, FrameBuffer

    from core import theme

    r = headless.run("WAIT:300", board="pico_lcd_1_14", setup=table(20, players=4))
    scene = r.app.top
    pack = getattr(scene, "icons8", None)
    assert pack is not None and r.log == ""
    fb = r.app.canvas.fb
    h = scene.geo[3] - 1
    pictures = 0
    for g in range(36):
        card = scene.state.grid[g]
        if card >= 72:
            continue
        x, y = scene.cell_xy(g)
        x += 4
        y += (h - 8) // 2
        name = view.ICON_NAMES[card >> 2]
        assert pack.size(name) == (8, 8)
        art = FrameBuffer(bytearray(32), 8, 8, GS4_HMSB)
        pack.draw(art, name, 0, 0, 1, 0)
        ink = [(i, j) for j in range(8) for i in range(8) if art.pixel(i, j)]
        assert 0 < len(ink) < 64
        for j in range(8):
            for i in range(8):
                got = fb.pixel(x + i, y + j)
                assert (got == theme.INK) == ((i, j) in ink), (g, name, i, j)
        pictures += 1
    assert pictures >= 10
