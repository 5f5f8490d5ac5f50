"""Manufactory screens, headless: the setup, the table on the three screen sizes, drafting with
the buttons (a free part, a back part refused with nothing collected, a back part with the
give-up chooser, a land with the declare chooser), the end screen's per-colour table, resume
after quitting, a whole demo game. Pictures go to a temporary folder only (the docs' pictures
are tools/screenshots.py's manufactory_* screens)."""

import registry
from core import strings
from core.rng import Rng
from core.session import Session
from games.manufactory import ai, cards, rules, screens, view
from games.manufactory.rules import DECLARE, DISCARD
from kit import lang
from kit.actions import encode
from sim import headless
from tests import opening
from tests.opening import drawn_texts

BOARDS = (("pico_lcd_1_3", 240, 240), ("pico_lcd_1_14", 240, 135),
          ("display_pack_2", 320, 240))


def is_a(obj, name):
    """`obj` is an instance of games.manufactory.screens.<name>, whichever copy of the module
    made it: the game imports its screens module on demand and the menu drops it again, so a
    class imported here at the top may belong to an older copy."""
    cls = type(obj)
    return cls.__name__ == name and cls.__module__ == "games.manufactory.screens"


def name(n):
    return cards.NAME_NAMES.index(n)


def play_until(session, n):
    """AI drafts for every seat until n actions are recorded and seat 0 (the human) is to
    draft, or the game is over."""
    rng = Rng(3)
    st = session.state
    while not st.is_over() and (len(session.actions) < n or st.current_player != 0
                                or st.phase != rules.ACT):
        session.apply(ai.choose(st, st.current_player, "normal", rng))


def table(n=0, seed=5, players=3, out=None, position=None, french=False):
    def setup(app):
        app.start()
        if french:
            strings.load("fr")
        lang.load("games.manufactory", "manufactory")
        s = Session("manufactory", rules, {"players": players, "first": 0},
                    ["human"] + ["hard"] * (players - 1), seed, None)
        if position is not None:
            s.state = position.clone()
        play_until(s, n)
        if out is not None:
            out.append(s)
        app.push(view.Table(s))
    return setup


GEAR, RAIL, TUBE, FAN, PLUG, YARD = (name(n) for n in (
    "Polished Gear", "Guard Rail", "Glass Tube", "Mist Fan", "Spark Plug", "Junk Yard"))
DECK = [name(n) for n in ("Seed Sower", "Night Gear", "Fire Drill", "Steel Bolt")]


def test_setup_screen_rows_and_start():
    def setup(app):
        app.start()
        app.push(opening.entry_scene(app, registry.find("manufactory")))
    r = headless.run("WAIT:200", setup=setup)
    labels = [row[0] for row in r.app.top.menu.rows]
    assert labels[:2] == ["Players", "North"]
    assert "Who starts" in labels and "Start" in labels and "How to play" in labels
    assert "Watch AI play" in labels
    start = labels.index("Start")
    # three players: one level row per opponent
    r = headless.run("RIGHT,WAIT:100", setup=setup)
    labels = [row[0] for row in r.app.top.menu.rows]
    assert labels[:3] == ["Players", "West", "East"]
    # Who starts: Random, You, or the seat after yours, by its name at the table (North with
    # two players, West with three or four: the kit's seats, clockwise from you); the name
    # follows the Players row
    def starter(keys):
        r = headless.run(keys + ",WAIT:100", setup=setup)
        row = [row for row in r.app.top.menu.rows if row[0] == "Who starts"][0]
        return row[1]
    assert starter("DOWN,DOWN,RIGHT") == "You"
    assert starter("DOWN,DOWN,RIGHT,RIGHT") == "North"
    assert starter("DOWN,DOWN,RIGHT,RIGHT,UP,UP,RIGHT") == "West"
    assert starter("RIGHT,RIGHT,DOWN,DOWN,DOWN,DOWN,RIGHT,RIGHT") == "West"   # 4 players
    # Start (two players) opens the table with the human in seat 0
    r = headless.run(",".join(["DOWN"] * start) + ",A,WAIT:300", setup=setup)
    top = r.app.top
    assert type(top).__name__ == "Table" and top.session.seats[0] == "human"
    assert top.state.num_players == 2 and r.log == ""


def test_table_fits_every_screen(tmp_path):
    for board, w, h in BOARDS:
        r = headless.run("WAIT:300", board=board, setup=table(12, players=4))
        scene = r.app.top
        assert type(scene).__name__ == "Table" and r.log == ""
        (top, bottom, label_h, belt_y, card_w, card_h, xs, deck_x, info_y, info_h, table_y,
         small) = scene.geo
        lh = r.app.small.line_height
        assert xs[3] + card_w < deck_x and deck_x + 16 <= w          # belt, then the deck
        assert xs[2] - xs[1] > xs[1] - xs[0]                         # front and back apart
        assert belt_y + card_h <= info_y and table_y + 5 * lh <= bottom  # all 4 players
        assert card_w >= r.app.large.width("7") + 6 and card_h >= 30
        assert scene.status_text() == "Your turn: take a part"
        assert r.final.size == (w, h)
        r.final.save(tmp_path / ("table_%s.png" % board))


def test_race_and_part_lines():
    pos = rules.position([TUBE, GEAR, RAIL, FAN], deck=DECK,
                         colls=[[name("Water Pump")], [name("Pressure Gauge"),
                                                       name("Cooling Coil")]])
    r = headless.run("WAIT:300", setup=table(position=pos, players=2))
    scene = r.app.top
    assert scene.race_parts(TUBE) == ["Blue: North 2, You 1"]
    assert scene.race_parts(PLUG) == ["Red: nobody yet"]
    assert scene.race_parts(name("Split Lens")) == ["White: nobody yet", "Blue: North 2, You 1"]


def four_way_race():
    """Four players, each holding White and Blue parts; a White/Blue part under the cursor:
    the longest race lines there are."""
    colls = [[name(a), name(b)] for a, b in (
        ("Polished Gear", "Glass Tube"), ("Guard Rail", "Mist Fan"),
        ("Signal Bell", "Pressure Gauge"), ("Safety Valve", "Vapour Nozzle"))]
    colls[3].append(name("Great Turbine"))
    return rules.position([name("Split Lens"), GEAR, RAIL, FAN], deck=DECK, colls=colls,
                          players=4)


def test_the_race_of_both_colours_is_drawn_whole_with_four_players():
    # Two colours, four players each: "White: You 1, West 1, North 1, East 1; Blue: ..." was
    # cut at the screen's edge; now a line per colour where one cannot hold both (ties in
    # seat order), on every board and in both languages.
    for french in (False, True):
        try:
            for board, _w, _h in BOARDS:
                seen = []

                def setup(app, french=french, seen=seen):
                    table(position=four_way_race(), players=4, french=french)(app)
                    seen.append(drawn_texts(app))
                r = headless.run("WAIT:300", board=board, setup=setup)
                texts = seen[0]
                assert r.log == "" and texts
                assert not [t for t in texts if t.endswith("\u2026")], (board, french)
                if board != "pico_lcd_1_14":       # the small screen shows no race line
                    want = ("Blanc : Vous 1, Ouest 1, Nord 1, Est 1" if french else
                            "White: You 1, West 1, North 1, East 1")
                    assert want in texts, (board, texts)
        finally:
            strings.load("en")


def test_draft_a_free_part_with_the_buttons():
    sessions = []
    pos = rules.position([GEAR, TUBE, RAIL, FAN], deck=DECK)
    r = headless.run("RIGHT,A,WAIT:300", setup=table(position=pos, players=2, out=sessions))
    s = sessions[0]
    assert s.actions[0] == 1 and s.state.coll[0] == [TUBE]
    assert r.log == ""


def test_four_button_board_drafts_and_declares():
    # Display Pack 2.0: Y moves the cursor on, A drafts; in the chooser Y moves down, A picks
    sessions = []
    pos = rules.position([GEAR, YARD, RAIL, FAN], deck=DECK)
    r = headless.run("Y,A,WAIT:200,Y,Y,A,WAIT:300", board="display_pack_2",
                     setup=table(position=pos, players=2, out=sessions))
    assert sessions[0].actions[:2] == [1, encode(DECLARE, 2)]      # the land, as Black
    assert r.log == ""


def test_back_part_needs_a_collected_card():
    sessions = []
    pos = rules.position([GEAR, TUBE, RAIL, FAN], deck=DECK)
    r = headless.run("RIGHT,RIGHT,A,WAIT:100", setup=table(position=pos, players=2,
                                                          out=sessions))
    assert sessions[0].actions == []
    assert [m[0] for m in r.app._toast[0]] == [
        "A back part costs a part you have: you have none yet"]
    # The small screen's band is one line: the short form, whole; the History keeps the long
    r = headless.run("RIGHT,RIGHT,A,WAIT:100", board="pico_lcd_1_14",
                     setup=table(position=pos, players=2))
    assert [m[0] for m in r.app._toast[0]] == ["You have no part to give up yet"]
    assert r.app.top.history.lines[-1] == "A back part costs a part you have: you have none yet"


def test_a_draft_message_says_what_was_given_up_where_it_fits():
    # Each board's band: the whole sentence on the big screens; on 240x135 (one line) the
    # longest form that fits whole (the colour goes first, then what was given up); the
    # History keeps the whole sentence.
    pos = rules.position([GEAR, TUBE, RAIL, FAN], deck=DECK,
                         colls=[[PLUG, name("Leaf Spring")], []])
    whole = "You give up Spark Plug for Guard Rail (White)"
    for board, shown in (("pico_lcd_1_3", whole), ("display_pack_2", whole),
                         ("pico_lcd_1_14", whole)):
        keys = "RIGHT,RIGHT,A,WAIT:200,A,WAIT:100" if board != "display_pack_2" else \
            "Y,Y,A,WAIT:200,A,WAIT:100"
        r = headless.run(keys, board=board, setup=table(position=pos, players=2))
        assert whole in r.app.top.history.lines, board
        assert [m[0] for m in r.app._toast[0]][:1] == [shown], board
    # A long French sentence on the one-line band: the part given up stays, the colour goes
    try:
        pos = rules.position([GEAR, TUBE, name("Safety Valve"), FAN], deck=DECK,
                             colls=[[name("Seed Sower")], []])
        r = headless.run("RIGHT,RIGHT,A,WAIT:200,A,WAIT:100", board="pico_lcd_1_14",
                         setup=table(position=pos, players=2, french=True))
        shown = [m[0] for m in r.app._toast[0]][0]
        assert shown == "Vous défaussez Semoir pour Soupape de sûreté", shown
        assert r.app.top.history.lines[-1] == shown + " (Blanc)"
    finally:
        strings.load("en")


def test_give_up_chooser(tmp_path):
    sessions = []
    pos = rules.position([GEAR, TUBE, RAIL, FAN], deck=DECK,
                         colls=[[PLUG, name("Leaf Spring")], []])
    r = headless.run("RIGHT,RIGHT,A,WAIT:200,SHOT:giveup,DOWN,A,WAIT:300",
                     setup=table(position=pos, players=2, out=sessions))
    s = sessions[0]
    # sorted by group: the Red plug first, then the Green spring; DOWN chose the spring
    assert s.actions[:2] == [2, encode(DISCARD, name("Leaf Spring"))]
    assert s.state.out == [name("Leaf Spring")] and RAIL in s.state.coll[0]
    r.frames["giveup"].save(tmp_path / "giveup.png")
    assert r.log == ""


def test_declare_chooser_and_colourless_land(tmp_path):
    sessions = []
    pos = rules.position([YARD, TUBE, RAIL, FAN], deck=DECK)

    def check(app):
        top = app.top
        assert is_a(top, "Chooser")
        assert [row[0].split("  ")[0] for row in top.menu.rows] == [
            "White", "Blue", "Black", "Red", "Green", "Colourless"]
    r = headless.run("A,WAIT:200,SHOT:declare", setup=table(position=pos, players=2,
                                                            out=sessions))
    check(r.app)
    assert sessions[0].actions == []               # nothing applied before the choice
    r.frames["declare"].save(tmp_path / "declare.png")
    r = headless.run("A,WAIT:200,UP,A,WAIT:300", setup=table(position=pos, players=2,
                                                             out=sessions))
    s = sessions[1]
    assert s.actions[:2] == [0, encode(DECLARE, 5)]
    assert s.state.group[YARD] == 5
    # B closes the chooser: still nothing drafted
    r = headless.run("A,WAIT:200,B,WAIT:200", setup=table(position=pos, players=2,
                                                          out=sessions))
    assert sessions[2].actions == [] and type(r.app.top).__name__ == "Table"


def test_end_screen_per_colour_table(tmp_path):
    sessions = []
    r = headless.run("WAIT:300", setup=table(0, out=sessions, players=3))
    s = sessions[0]
    st = s.state
    rng = Rng(9)
    while not st.is_over():
        st.apply(ai.choose(st, st.current_player, "hard", rng))
    names = r.app.top.names
    cells, bonus, totals = screens.cells(st)
    assert totals == st.scores()
    cnt, top = st.keys()
    for g in range(6):
        pts = rules.place_points([cnt[p * 6 + g] * 8 + top[p * 6 + g] for p in range(3)])
        assert [c[2] for c in cells[g]] == pts
        for p in range(3):
            others = [q for q in range(3) if q != p and cells[g][q][:2] == cells[g][p][:2]]
            assert cells[g][p][3] == (bool(others) and cnt[p * 6 + g] > 0 and pts[p] > 0)
    end = screens.Standings(s, names, True)
    text = end.winner_text()
    best = max(totals)
    assert (text == "You win!") == (totals[0] == best and totals.count(best) == 1) or \
        text.startswith("Shared win")

    def setup(app):
        app.start()
        lang.load("games.manufactory", "manufactory")
        app.push(screens.Standings(s, names, True))
    r = headless.run("WAIT:200,SHOT:end", setup=setup)
    assert r.log == ""
    r.frames["end"].save(tmp_path / "end.png")


def test_the_final_scores_read_without_abbreviations_on_every_board():
    # A cell was "3/7:2" (count/top mana:points); now the points, then the parts and the
    # highest mana: "2 (3/7)", and a line under the table says how to read it. The colours
    # by name where the columns keep their room; on 240x135 the rows below the total scroll
    # to that line. Nothing is cut, in both languages, with four players.
    st = rules.new_game({"players": 4, "first": 0}, 3)
    rng = Rng(9)
    while not st.is_over():
        st.apply(ai.choose(st, st.current_player, "easy", rng))
    s = Session("manufactory", rules, {"players": 4, "first": 0},
                ["human", "hard", "hard", "hard"], 3, None)
    s.state = st
    help_en = "2 (3/7): 2 points for 3 parts, highest mana 7; = a shared place"
    for french in (False, True):
        for board, _w, _h in BOARDS:
            seen = []

            def setup(app, french=french, seen=seen):
                app.start()
                if french:
                    strings.load("fr")
                lang.load("games.manufactory", "manufactory")
                names = ["Vous" if french else "You"] + (
                    ["Ouest", "Nord", "Est"] if french else ["West", "North", "East"])
                app.push(screens.Standings(s, names, True))
                seen.append(drawn_texts(app))
            try:
                keys = "WAIT:200" + (",DOWN" * 6 if board == "pico_lcd_1_14" else "") + \
                    ",WAIT:100"
                if board == "display_pack_2":
                    keys = keys.replace("DOWN", "Y")
                r = headless.run(keys, board=board, setup=setup)
            finally:
                strings.load("en")
            texts = seen[0]
            assert r.log == "" and not [t for t in texts if t.endswith("\u2026")], board
            assert not [t for t in texts if ":" in t and "/" in t and "(" not in t and
                        "Total" not in t], texts             # no "3/7:2" cell
            k, top0, pts, shared = screens.cells(st)[0][0][0]
            if k:
                assert ("%d%s" % (pts, "=" if shared else "")) in texts
                assert " (%d/%d)" % (k, top0) in texts
            if not french:
                assert help_en.split(";")[0] in " ".join(texts), board
                if board != "pico_lcd_1_14":
                    assert "White" in texts          # the colours by name


def test_result_after_the_last_draft():
    sessions = []
    pos = rules.position([GEAR], colls=[[TUBE], [PLUG]])
    r = headless.run("A,WAIT:4000", setup=table(position=pos, players=2, out=sessions))
    assert sessions[0].state.is_over()
    top = r.app.top
    assert is_a(top, "Standings") and top.final
    assert top.winner_text() == "You win!"         # White and Blue against Red


def test_after_the_result_the_same_choice_as_every_game():
    pos = rules.position([GEAR], colls=[[TUBE], [PLUG]])
    r = headless.run("A,WAIT:4000,A,WAIT:300", setup=table(position=pos, players=2))
    top = r.app.top
    assert type(top).__name__ == "Dialog" and list(top.choices) == ["Play again", "Setup",
                                                                    "Menu"]


def test_pause_menu_has_the_history():
    r = headless.run("WAIT:300,MENU,WAIT:200", setup=table())
    labels = list(r.app.top.choices)
    assert labels == ["Resume", "? What now", "How to play", "History", "Groups now",
                      "Sound: on", "Quit game"]


def test_resume_after_quitting(tmp_path):
    s = Session("manufactory", rules, {"players": 3}, ["human", "hard", "easy"], 21,
                str(tmp_path))
    s.save()
    play_until(s, 10)
    s.save()

    def setup(app):
        app.start()
        app.push(opening.entry_scene(app, registry.find("manufactory")))
    r = headless.run("WAIT:300,A,WAIT:300", setup=setup, data_dir=str(tmp_path))
    assert r.log == ""
    top = r.app.top
    assert type(top).__name__ == "Table"
    assert top.session.actions == s.actions and top.state.belt == s.state.belt


def test_demo_game_runs_to_the_end():
    def setup(app):
        app.start()
        app.push(opening.demo_scene(app, registry.find("manufactory"), 7))
    r = headless.run("WAIT:120000", setup=setup)
    assert r.log == ""
    assert type(r.app.top).__name__ != "Table"     # popped back when it ended


def test_french_strings_and_table():
    from games.manufactory import lang_en, lang_fr

    assert set(lang_en.T) == set(lang_fr.T)
    for key in lang_en.T:
        assert lang_en.T[key].count("%") == lang_fr.T[key].count("%"), key
    for t in (lang_en.T, lang_fr.T):
        assert len(t["mf.groups"].split(",")) == 6 and len(t["mf.letters"].split()) == 6
    # no English left in French: the deck is the "Pioche", a part is taken, not "drafted"
    for key, text in lang_fr.T.items():
        low = text.lower()
        assert "deck" not in low and "draft" not in low, key
    # one verb for one move: a part is taken (the guide's line too), never "drafted"
    for key, text in lang_en.T.items():
        assert "draft" not in text.lower(), key
    # the first-game tip names the button as the hint bar does
    for t in (lang_en.T, lang_fr.T):
        verb = t["mf.h_turn"].split("  ")[1]
        assert verb in t["tip.manufactory"], verb
    try:
        r = headless.run("WAIT:300", setup=table(6, french=True))
        scene = r.app.top
        assert scene.status_text() == "À vous : prenez une pièce"
        assert view.part_name(GEAR) == "Engrenage poli"
        assert r.log == ""
    finally:
        strings.load("en")


def test_a_chooser_title_too_long_for_its_bar_is_said_shorter():
    # "Défausser pour Serpentin de refroidissement" was cut in the title bar: a title that
    # does not fit gives way to the short question.
    coil = name("Cooling Coil")
    pos = rules.position([GEAR, TUBE, coil, FAN], deck=DECK, colls=[[PLUG], []])
    try:
        for board, _w, _h in BOARDS:
            keys = "Y,Y,A,WAIT:200" if board == "display_pack_2" else "RIGHT,RIGHT,A,WAIT:200"
            r = headless.run(keys, board=board, setup=table(position=pos, players=2,
                                                            french=True))
            top = r.app.top
            assert is_a(top, "Chooser")
            long = "Défausser pour Serpentin de refroidissement"
            fits = r.app.large.width(long) <= r.app.width - 8
            assert top.title == (long if fits else "Quelle pièce défausser ?"), board
            assert r.app.large.width(top.title) <= r.app.width - 8
    finally:
        strings.load("en")


def test_the_groups_table_says_how_to_read_it():
    # "W U B R G C", "1/3" and "Pts" were never explained on the table: a legend under it
    # where there is room (both languages, 2 to 4 players), whole; where there is none (the
    # 240x135 board) the "?" screen of the pause menu says it.
    from games.manufactory import learn

    for french in (False, True):
        try:
            for board, _w, _h in BOARDS:
                for players in (2, 3, 4):
                    seen = []

                    def setup(app, french=french, seen=seen, players=players):
                        table(players=players, french=french)(app)
                        seen.append(drawn_texts(app))
                    r = headless.run("WAIT:300", board=board, setup=setup)
                    texts = seen[0]
                    legend = strings.t("mf.table_help")
                    lines = r.app.small.wrap(legend, r.app.width - 8)
                    assert not [t for t in texts if t.endswith("\u2026")], (board, texts)
                    on_table = all(line in texts for line in lines)
                    assert on_table or not [line for line in lines if line in texts], board
                    if board != "pico_lcd_1_14":
                        assert on_table, (board, players, french)
                    assert legend in learn.phase_help(r.app.top)[1], board
        finally:
            strings.load("en")


def test_a_chooser_draws_its_rows_in_one_font():
    # "Plaque de blindage  (Blanc, mana 3)" is too long for the large font: that row was
    # drawn small between large ones; now every row of the list is in the small font.
    pos = rules.position([GEAR, TUBE, name("Safety Valve"), FAN], deck=DECK,
                         colls=[[name("Shield Plate"), name("Shadow Shutter"),
                                 name("Vine Cable")], []])
    for board, _w, _h in BOARDS:
        for french in (False, True):
            fonts = []

            def setup(app, fonts=fonts, french=french):
                table(position=pos, players=2, french=french)(app)
                draw = app.canvas.text

                def text(font, txt, x, y, color):
                    fonts.append((txt, font))
                    return draw(font, txt, x, y, color)
                app.canvas.text = text
            keys = "Y,Y,A,WAIT:300" if board == "display_pack_2" else "RIGHT,RIGHT,A,WAIT:300"
            try:
                r = headless.run(keys, board=board, setup=setup)
            finally:
                strings.load("en")
            top = r.app.top
            assert is_a(top, "Chooser")
            labels = [row[0] for row in top.menu.rows]
            used = set(f for shown, f in fonts if shown in labels)
            assert len(used) == 1 and len(labels) == 3, (board, french, labels)
