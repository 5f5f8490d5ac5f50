"""Shadow Lock screens, headless: the setup (kit), the table mid-turn on the three boards
(240x240, 240x135, the four-button 320x240) with a draw made with the buttons, the
announcements, the private Flip look, the round-end validation with the best choice
proposed, the players' piles and scorecards, the final scorecards and a whole demo game.
Frames stay in memory; the pictures in docs/img are tools/screenshots.py's (shadowlock_*)."""

import registry
from core import strings
from core.rng import Rng
from core.session import Session
from games.shadowlock import ai, lang_en, lang_fr, rules, view
from games.shadowlock.objectives import best_plan
from kit import lang
from kit.actions import encode
from sim import headless
from tests import opening
from tests.opening import drawn_texts

ENTRY = registry.find("shadowlock")
BOARDS = (("pico_lcd_1_3", 240, 240, "DOWN"), ("pico_lcd_1_14", 240, 135, "DOWN"),
          ("display_pack_2", 320, 240, "Y"))


def is_a(obj, name):
    """`obj` is an instance of games.shadowlock.screens.<name>, whichever copy of the module
    made it: the game imports its screens on demand and the menu drops them again, so a class
    imported here at the top may belong to an older copy (the full suite's order showed it)."""
    cls = type(obj)
    return cls.__name__ == name and cls.__module__ == "games.shadowlock.screens"


def advance(session, until, rng_seed=3, level="normal"):
    """AI moves for every seat (seat 0 too) until `until(state)` or the game is over."""
    rng = Rng(rng_seed)
    st = session.state
    steps = 0
    while not st.is_over() and not until(st):
        session.apply(ai.choose(st, st.current_player, level, rng))
        steps += 1
        assert steps < 5000


def mid_turn(st):
    return st.current_player == 0 and st.phase == rules.ACT and st.drawn >= 1 and \
        len(st.piles[0]) > 0 and len(st.piles[1]) > 0 and st.turn_no > 10


def table(until=mid_turn, players=3, seed=5, out=None, options=None, hook=None):
    def setup(app):
        app.start()
        app.settings["ai_speed"] = "fast"
        lang.load("games.shadowlock", None)
        opts = {"players": players}
        opts.update(options or {})
        s = Session("shadowlock", rules, opts, ["human"] + ["hard"] * (players - 1), seed,
                    None)
        advance(s, until)
        if hook is not None:
            hook(s)
        if out is not None:
            out.append(s)
        app.push(view.Table(s))
    return setup


def test_setup_screen_starts_a_game_with_the_chosen_mode():
    def setup(app):
        app.start()
        app.push(opening.entry_scene(app, ENTRY))
    # rows: Players, Opponent, Mode, Show odds, Start
    r = headless.run("WAIT:200,DOWN,DOWN,A,DOWN,DOWN,SHOT:setup,A,WAIT:300", setup=setup)
    assert r.log == ""
    top = r.app.top
    assert type(top).__name__ == "Table" and not top.demo
    assert top.session.options["mode"] == "discovery" and top.state.rounds == 3
    assert top.session.seats == ["human", "normal"]


def test_table_mid_turn_on_every_board_and_a_draw_with_the_buttons():
    for board, w, h, down in BOARDS:
        sessions = []
        r = headless.run("WAIT:300,SHOT:table_%s" % board, board=board,
                         setup=table(out=sessions, options={"odds": True}))
        assert r.log == "" and r.final.size == (w, h)
        scene = r.app.top
        assert type(scene).__name__ == "Table"
        assert scene.status_text() == "Draw again or stop"
        labels = [lab for _a, lab in scene.menu_items()]
        assert labels[0].startswith("Draw from A (risk ") and labels[0].endswith("%)")
        assert "Stop (keep the pile)" in labels
        assert all(lab for lab in labels)
        # the menu is on screen: the highlighted row is drawn in SEL colour
        st = sessions[0].state
        before = len(sessions[0].actions)
        r = headless.run("WAIT:300,%s,A,WAIT:50,SHOT:drawn_%s" % (down, board), board=board,
                         setup=table(out=sessions))
        s2 = sessions[1]
        assert r.log == ""
        assert s2.actions[before] == encode(rules.DRAW, 1)       # second row: pile B
        assert st is not s2.state


def test_the_drawn_card_is_shown_and_announced_in_the_second_person():
    sessions = []
    r = headless.run("WAIT:300", setup=table(out=sessions))
    scene = r.app.top
    s = sessions[0]
    top = s.state.piles[0][-1]
    n = len(s.actions)
    scene.act(encode(rules.DRAW, 0))
    assert s.actions[n] == encode(rules.DRAW, 0)
    assert "You draw %s" % view.card_name(top) in scene.log
    assert scene.flash == top                      # face up for a moment...
    now = r.app.platform.ticks_ms()
    scene.tick(now)
    assert len(s.actions) == n + 1 and scene.flash == top    # ...nothing moves meanwhile
    scene.tick(now + view.FLASH_MS + 1)
    assert scene.flash == -1


def test_ai_actions_are_announced_in_the_third_person():
    scene_box = []

    def hook(s):
        scene_box.append(s)

    r = headless.run("WAIT:100", setup=table(out=[], hook=hook))
    scene = r.app.top
    st = scene.state
    # an AI Swipe on the person, in the third person
    st.events = [("play", 1, 4, 0)]
    scene.announce(1, st.events)
    assert scene.log[-1] == "West played Swipe on you"     # seat 1 of 3 (kit.seat_names)
    st.events = [("draw", 2, 0, 6)]
    scene.announce(2, st.events)
    assert scene.log[-1] == "East draws 7 Red"
    st.events = [("bust", 0, "value", 5)]
    scene.announce(0, st.events)
    assert scene.log[-1] == "STOP, same value twice: you lose 5 cards"


def test_a_flip_look_is_shown_only_to_the_player_who_made_it():
    def hook(s):
        st = s.state
        for h in [st.piles[0], st.piles[1], st.discard] + st.coll + st.reserve:
            if 65 in h:
                h.remove(65)
        st.reserve[0].append(65)         # a Flip, taken from wherever it was
        st.check()
    sessions = []
    r = headless.run("WAIT:300", setup=table(out=sessions, hook=hook))
    scene = r.app.top
    items = scene.menu_items()
    flip = [i for i in range(len(items)) if items[i][0] == encode(rules.FLIP)]
    assert flip
    scene.cursor = flip[0]
    scene.menu_for = len(sessions[0].actions)
    texts = []
    r.app.toast = lambda message, ms=0: texts.append(message)
    scene.act(items[flip[0]][0])
    st = scene.state
    assert "You play Flip" in scene.log
    assert texts and texts[-1].startswith("Flip: pile A shows %s" % view.card_name(st.look[0][0]))
    # the other seats only know that a Flip was played
    assert st.observation(1)["look"] == [-1, -1] and st.observation(1)["others_looked"] == [0]


def at_validation(st):
    return st.phase == rules.P_VALIDATE and st.current_player == 0


def test_round_end_validation_proposes_the_best_and_a_press_validates_it():
    sessions = []
    r = headless.run("WAIT:300,SHOT:validation", setup=table(until=at_validation, players=2,
                                                             seed=11, out=sessions))
    assert r.log == ""
    scene = r.app.top
    st = sessions[0].state
    assert at_validation(st), "the AI game reached no validation for seat 0"
    fam = st.val_family
    items = scene.menu_items()
    assert items[-1][0] == encode(rules.DECLINE, fam)
    plan = [p for p in best_plan(st.coll[0], st.boxes[0], st.val_jokers) if p[0] == fam]
    scene.place_cursor(items)
    want = items[scene.cursor][0]
    assert plan
    if plan:
        f, pts, box, j = plan[0]
        assert want == encode(rules.VALIDATE, box * 2 + j)
        assert items[scene.cursor][1] == "%s: %d pts%s *best" % (
            view.box_name(box), pts, " (joker)" if j else "")
        before = st.totals[0]
        scene.act(want)
        assert st.boxes[0][box] == pts and st.totals[0] == before + pts


def test_browse_lists_every_players_pile_and_scorecard():
    sessions = []
    # The kit's pause menu: Resume, ? What now, How to play, History, then this game's rows.
    r = headless.run("WAIT:300,MENU,WAIT:100,DOWN,DOWN,DOWN,DOWN,A,WAIT:200,SHOT:browse",
                     setup=table(out=sessions))
    top = r.app.top
    assert type(top).__name__ == "TextView" and top.title == "Piles and scorecards"
    text = " ".join(top.lines)       # a card's name may wrap onto the next line
    st = sessions[0].state
    assert "Your pile" in text and "East's pile" in text and "West's pile" in text
    for c in st.coll[1]:
        assert view.card_name(c) in text
    assert text.count("Rainbow run:") == 3


def finished(st):
    return st.is_over()


def test_game_over_shows_the_scorecards_side_by_side():
    sessions = []
    r = headless.run("WAIT:2500,SHOT:over", setup=table(until=finished, players=4, seed=8,
                                                        out=sessions))
    assert r.log == ""
    top = r.app.top
    assert is_a(top, "Result")
    st = sessions[0].state
    rows = top.rows()
    assert rows[10] == ("Total", [str(t) for t in st.totals])
    assert rows[11][1] == [str(st.box_count(p)) for p in range(4)]
    for b in range(10):
        assert rows[b][1] == [str(st.boxes[p][b]) if st.boxes[p][b] else "-" for p in range(4)]
    assert top.headline() == {1.0: "You win!", 0.5: "Draw", 0.0: "You lose"}[st.returns()[0]]
    r2 = headless.run("WAIT:2500,DOWN,DOWN,DOWN,SHOT:over_small", board="pico_lcd_1_14",
                      setup=table(until=finished, players=4, seed=8))
    assert r2.log == "" and is_a(r2.app.top, "Result") and r2.app.top.top > 0


def test_after_the_result_the_same_choice_as_every_game():
    r = headless.run("WAIT:2500,A,WAIT:300", setup=table(until=finished, players=4, seed=8))
    top = r.app.top
    assert type(top).__name__ == "Dialog" and list(top.choices) == ["Play again", "Setup",
                                                                    "Menu"]


def test_pause_menu_has_the_history():
    r = headless.run("WAIT:300,MENU,WAIT:200", setup=table())
    labels = list(r.app.top.choices)
    assert labels == ["Resume", "? What now", "How to play", "History",
                      "Piles and scorecards", "Show odds: Off", "Sound: on", "Quit game"]


def test_a_whole_demo_game_plays_to_the_end_and_goes_back():
    def setup(app):
        app.start()
        app.settings["ai_speed"] = "fast"
        app.push(opening.demo_scene(app, ENTRY, 12))
    r = headless.run("WAIT:400000", setup=setup)
    assert r.log == ""
    assert type(r.app.top).__name__ != "Table"         # popped back when it ended


def test_resume_after_quitting(tmp_path):
    s = Session("shadowlock", rules, {"players": 3, "mode": "discovery"},
                ["human", "hard", "easy"], 21, str(tmp_path))
    s.save()
    advance(s, lambda st: len(s.actions) >= 40 and st.current_player == 0)
    want = s.state
    assert not want.is_over()
    again, message = Session.open_saved("shadowlock", rules, str(tmp_path))
    assert message is None and again.actions == s.actions
    got = again.state
    assert (got.piles, got.coll, got.reserve, got.totals, got.current_player, got.nums,
            got.round_no, got.turn_no) == (want.piles, want.coll, want.reserve, want.totals,
                                           want.current_player, want.nums, want.round_no,
                                           want.turn_no)

    def setup(app):
        app.start()
        app.push(opening.entry_scene(app, ENTRY))
    r = headless.run("WAIT:300,A,WAIT:300", setup=setup, data_dir=str(tmp_path))
    assert r.log == ""
    top = r.app.top
    assert type(top).__name__ == "Table"                      # Resume chosen with A
    assert top.session.actions[:len(s.actions)] == s.actions
    assert top.state.rounds == 3


def test_french_strings_match_the_english_keys():
    assert set(lang_en.T) == set(lang_fr.T)
    for key in lang_en.T:
        assert lang_en.T[key].count("%") == lang_fr.T[key].count("%"), key
    for t in (lang_en.T, lang_fr.T):
        assert len(t["sl.boxes"].split(",")) == 10 == len(t["sl.box_codes"].split(","))
        assert len(t["sl.actions"].split(",")) == 6
    try:
        def setup(app):
            app.start()
            strings.load("fr")
            lang.load("games.shadowlock", None)
            s = Session("shadowlock", rules, {"players": 2}, ["human", "hard"], 5, None)
            advance(s, mid_turn)
            app.push(view.Table(s))
        r = headless.run("WAIT:300,SHOT:fr", setup=setup)
        assert r.log == "" and r.app.top.status_text() == "Piocher encore ou s'arrêter"
    finally:
        strings.load("en")



# -- partial redraws ---------------------------------------------------------------------------


def full_frame(scene):
    """The scene drawn once, fully, on a fresh canvas: what the screen must look like."""
    from core.canvas import Canvas

    app = scene.app
    fresh = Canvas(app.width, app.height)
    scene.draw(fresh, True)
    return bytes(fresh.buf)


def test_a_cursor_move_sends_two_menu_rows_not_the_table():
    for board, w, h, down in BOARDS:
        up = "UP" if down == "DOWN" else "X"
        r = headless.run("WAIT:500,%s,%s,%s,%s" % (down, down, up, down), board=board,
                         setup=table(options={"odds": True}))
        assert r.log == ""
        scene = r.app.top
        assert isinstance(scene, view.Table) and len(scene.menu_items()) >= 3
        row = r.app.small.line_height + 2
        sent = [st.bytes for st in r.steps if st.token in (down, up)]
        # the row the cursor left and the row it reached, each the table's width at most
        assert len(sent) == 4 and all(0 < b <= 2 * row * w * 2 for b in sent), (board, sent)
        assert all(b < w * h * 2 // 5 for b in sent), (board, sent)
        assert bytes(r.app.canvas.buf) == full_frame(scene), board


def drawing(st):
    """Seat 0 to move after a draw, both piles still up."""
    return st.current_player == 0 and st.phase == rules.ACT and st.drawn >= 1 and \
        len(st.piles[0]) > 0 and len(st.piles[1]) > 0


def test_partial_redraws_match_a_full_redraw():
    """Cursor moves over a list longer than the rows shown (it scrolls, its "3/7" mark
    changes), "Thinking...", the drawn card turned down: after each partial frame the canvas
    is what a whole redraw draws."""
    from core import input as btn

    def hook(s):
        st = s.state
        for card in (61, 63, 65, 68, 70):    # Double, Skip, Flip, Swipe, Quantum: a long menu
            for h in [st.piles[0], st.piles[1], st.discard] + st.coll + st.reserve:
                if card in h:
                    h.remove(card)
            st.reserve[0].append(card)
        st.check()

    for board, _w, _h, _down in BOARDS:
        r = headless.run("WAIT:300", board=board, settle_ms=0,
                         setup=table(until=drawing, players=4, hook=hook))
        app = r.app
        scene = app.top
        c = app.canvas
        n = len(scene.menu_items())
        assert n > scene._shown[4] >= 1, (board, n)      # longer than the rows shown
        app.draw()
        checked = 0
        for b in [btn.DOWN] * (n + 1) + [btn.UP] * 3:
            scene.button(b, btn.PRESS)
            assert scene.redraw and not scene.full_redraw
            app.draw()
            assert bytes(c.buf) == full_frame(scene), (board, scene.cursor)
            checked += 1
        scene.turns.thinking = True                   # "East: Thinking..." in the status
        scene.request_draw()
        app.draw()
        assert bytes(c.buf) == full_frame(scene)
        scene.turns.thinking = False
        top = scene.state.piles[0][-1]
        scene.act(encode(rules.DRAW, 0))              # the card drawn, face up
        assert scene.redraw and not scene.full_redraw   # the move's frame: its band only
        app.draw()
        assert scene.flash == top and scene.full_redraw  # the rest: the next frame, whole
        app.draw()
        assert bytes(c.buf) == full_frame(scene)
        scene.tick(app.platform.ticks_ms() + view.FLASH_MS + 1)   # turned down again
        assert not scene.full_redraw
        app.draw()
        assert scene.flash == -1 and bytes(c.buf) == full_frame(scene)
        assert checked == n + 4


def test_a_move_shows_first_in_the_message_band_then_the_table_whole():
    """The person's move: its first frame is the status line and the piles' row with the
    card drawn face up and its message (the band messages go in), not the table; the next
    frame is the whole table. The AI decides only after that one (kit.turns)."""
    for board, w, h, _down in BOARDS:
        r = headless.run("WAIT:300", board=board, settle_ms=0,
                         setup=table(until=drawing, players=3))
        app = r.app
        scene = app.top
        c = app.canvas
        sends = []
        real = c.flush

        def flush(display, real=real, sends=sends):
            sends.append(real(display))
            return sends[-1]
        c.flush = flush
        app.draw()
        top = scene.state.piles[0][-1]
        scene.act(encode(rules.DRAW, 0))
        band = scene.message_band()
        app.draw()
        sent = sends[-1]
        assert scene.flash == top and 0 < sent <= band[2] * band[3], (board, sent)
        assert sent < w * h // 3, (board, sent)
        assert scene._shown[0] == scene.status_text()     # the status line after the move
        assert scene.full_redraw and scene.turns._acted is None
        fresh = full_frame(scene)
        app.draw()
        row = w // 2                                      # bytes a row (two pixels a byte)
        assert bytes(c.buf)[row * band[3]:] == fresh[row * band[3]:], board
        assert sends[-1] == w * h


# -- every text whole ----------------------------------------------------------------------


def table_texts(t, f):
    """(where, text) of every text the table draws in one line, with its longest arguments:
    the status line, the rows of what you may do, the opponents' lines, the pile's label."""
    names = t("seats4").split(",")            # every seat's name (kit.seat_names)
    cards = [t("sl.rainbow"), t("sl.shadow")] + t("sl.actions").split(",") + \
        ["12 " + c for c in t("sl.colours").split(",")]
    out = []
    for key in ("sl.your_turn", "sl.your_draw", "sl.your_forced", "sl.your_shadow",
                "sl.your_quantum", "sl.your_skipped", "game_over"):
        out.append(("status", t(key)))
    out.append(("status", t("sl.your_owed") % 2))
    out += [("status", t("sl.your_validate") % (5, fam)) for fam in t("sl.families").split(",")]
    for n in names:
        out += [("status", view.view_text.named("sl.turn_of", n)),
                ("status", t("sl.validating") % n), ("status", n + ": " + t("thinking")),
                ("opponent", t("sl.opp") % (n, 24, " L", 10, 199) + "  [SJQDFFPPSSJQDF]"),
                ("pile", view.view_text.named("sl.pile_of", n) + " (" + t("sl.locked") + ") " +
                 t("sl.cards_n") % 24)]
    out.append(("pile", t("sl.your_pile") + " (" + t("sl.locked") + ") " + t("sl.cards_n") % 24))
    for key in ("sl.a_stop", "sl.a_flip", "sl.a_joker", "sl.a_sh_discard", "sl.a_sh_keep",
                "sl.a_none", "sl.a_pass"):
        out.append(("menu", t(key)))
    out += [("menu", t("sl.a_lock") % 24), ("menu", t("sl.a_draw_odds") % ("A", 100)),
            ("menu", t("sl.a_quantum") % "A"), ("validate", t("sl.a_decline") + t("sl.a_best"))]
    for n in names + [t("sl.yourself")]:
        out += [("menu", t(key) % n) for key in ("sl.a_double", "sl.a_skip", "sl.a_swipe")]
    out += [("menu", t("sl.a_keep") % c) for c in cards]
    out += [("validate", t("sl.a_validate") % (b, 30) + t("sl.a_joker_used") + t("sl.a_best"))
            for b in t("sl.boxes").split(",")]
    return out


def toast_texts(t):
    """The announcements shown as messages, with their longest arguments."""
    n = "Ouest" if t("you") == "Vous" else "North"
    card = "Arc-en-ciel" if n == "Ouest" else "Rainbow"
    out = [t("sl.ev_skipped_you"), t("sl.ev_doubled_you"), t("sl.ev_lost_you") % 24,
           t("sl.you_look") % ("12 " + card, "12 " + card)]
    for why in ("sl.why_value", "sl.why_colour"):
        out += [t("sl.ev_bust_you") % (t(why), 24), t("sl.ev_bust") % (t(why), n, 24)]
    for a in t("sl.actions").split(","):
        out += [t("sl.ev_play") % (n, a), t("sl.ev_play_on") % (n, a, t("sl.itself"))]
    return out


def test_every_text_of_the_table_fits_whole_on_every_board_in_both_languages():
    """Nothing on the table is cut short ('…'): each one-line text fits its room with its
    longest arguments (a validation list has at most 9 rows, so its "3/7" mark is narrow);
    the announcements under the menu are wrapped, never cut."""
    try:
        for board, w, _h, _down in BOARDS:
            for language in ("en", "fr"):
                r = headless.run("WAIT:100", board=board, setup=table(players=4, until=drawing))
                scene = r.app.top
                if language == "fr":
                    strings.load("fr")
                    lang.load("games.shadowlock", None)
                f = r.app.small
                t = strings.t
                rw = f.width(t("sl.round") % (5, 5))
                room = {"status": w - rw - 12, "opponent": w - 8, "pile": w - 8,
                        "menu": w - 12 - scene.mark_width(99) - 6,
                        "validate": w - 12 - scene.mark_width(9) - 6}
                long = [(where, text, f.width(text), room[where])
                        for where, text in table_texts(t, f) if f.width(text) > room[where]]
                assert not long, (board, language, long)
                # the messages: two lines in their box (core.app: 24 pixels of margin)
                long = [text for text in toast_texts(t) if len(f.wrap(text, w - 24)) > 2]
                assert not long, (board, language, long)
                strings.remove()
                strings.load("en")
    finally:
        strings.remove()
        strings.load("en")


def test_the_last_announcements_are_wrapped_whole_under_the_menu():
    r = headless.run("WAIT:300", setup=table(players=2), settle_ms=0)
    scene = r.app.top
    scene.log[:] = ["Round over: West loses 24 unlocked cards, and this line goes on and on",
                    "You draw 7 Red"]
    c = r.app.canvas
    drawn = []
    real = c.text
    c.text = lambda font, s, x, y, color: drawn.append(s) or real(font, s, x, y, color)
    try:
        scene.draw(c, True)
    finally:
        del c.text
    font = r.app.small
    first = font.wrap(scene.log[0], r.app.width - 8)
    assert len(first) == 2 and all(line in drawn for line in first)
    assert "You draw 7 Red" in drawn and drawn.index(first[1]) < drawn.index("You draw 7 Red")
    assert not [s for s in drawn if s.endswith("…")]


# -- words a newcomer reads ---------------------------------------------------------------------


def test_no_english_card_names_left_in_french():
    # "Shadow", "Flip", "Swipe", "STOP", "Stop", "scorecards" were English in the French
    # table (the game is the "Verrou d'Ombre": a Shadow is an Ombre)
    for key, text in lang_fr.T.items():
        for word in ("Shadow", "Flip", "Swipe", "STOP", "Stop", "stop", "scorecard"):
            assert word not in text, (key, word)
    assert lang_fr.T["sl.shadow"] == "Ombre"
    from games.shadowlock import howto_fr

    for word in ("Shadow ", "Flip", "Swipe", "scorecard"):
        assert word not in howto_fr.RULES.replace("(Shadow Lock)", ""), word


def test_opponents_are_described_in_words_where_the_line_has_room():
    # "West 5 L  1/10 17p  [JJ]" could not be read without the rules; now "West: 5 cards
    # (locked), 1/10 boxes, 17 pts; Joker, Joker" where it fits, the reserve by its chips'
    # letters where only that does, the short form last (the "?" screen explains it)
    for language in ("en", "fr"):
        for board, w, _h, _down in BOARDS:
            seen = []

            def setup(app, seen=seen, language=language):
                if language == "fr":
                    strings.load("fr")
                table(players=3)(app)
                seen.append(drawn_texts(app))
            try:
                r = headless.run("WAIT:300", board=board, setup=setup)
                scene = r.app.top
                st = scene.state
                texts = seen[0]
                f = r.app.small
                word = strings.t("sl.opp_words").split("%s")[1][:2]   # ": " / " :"
                words = 0
                for seat in (1, 2):
                    line = scene.opponent_line(seat, w - 8)
                    assert line in texts and f.width(line) <= w - 8, (board, line, texts)
                    if not line.startswith(scene.name(seat) + word):
                        continue              # the short form: the words did not fit
                    words += 1
                    n = len(st.coll[seat])
                    assert strings.t("sl.cards_1" if n == 1 else "sl.cards_n") % n in line
                    for c in st.reserve[seat]:
                        assert view.action_name(view.cards.ACTION[c])[:2] in line
                assert words >= (2 if w == 320 else 1), (board, language)
                # one card, one "card": no "1 cards"
                assert view.cards_text(1) == strings.t("sl.cards_1") % 1 != \
                    strings.t("sl.cards_n") % 1
                assert not [t for t in texts if t.endswith("\u2026")], (board, texts)
                # the short form only where the words do not fit, and never cut
                for room in (w - 8, 150, 100):
                    line = scene.opponent_line(1, room)
                    assert f.width(line) <= room or line.startswith(scene.name(1) + " "), room
            finally:
                strings.remove()
                strings.load("en")


def test_how_to_play_spells_out_the_codes():
    # "P 2P 3K 4K F FC SR LR RR C", the reserves' letters and the short opponent line were
    # explained nowhere: How to play (from the pause menu) spells them out, both languages
    from games.shadowlock import howto_en, howto_fr

    for t, text in ((lang_en.T, howto_en.RULES), (lang_fr.T, howto_fr.RULES)):
        for code, name in zip(t["sl.box_codes"].split(","), t["sl.boxes"].split(",")):
            assert code + " " + name in text, code
        short = t["sl.opp"] % ("West" if t is lang_en.T else "Ouest", 5, " L", 1, 17)
        assert " ".join(short.split()) in text


def test_the_final_scorecards_name_the_boxes_where_they_fit():
    # the rows were "P", "2P", "3K"...: now "Pair", "Two pairs"... (the codes only where
    # the columns would keep no room for a score)
    for board, _w, _h, _down in BOARDS:
        for players in (2, 4):
            seen = []

            def setup(app, seen=seen, players=players):
                table(until=finished, players=players, seed=8)(app)
                seen.append(drawn_texts(app))
            r = headless.run("WAIT:2500", board=board, setup=setup)
            assert is_a(r.app.top, "Result")
            texts = seen[0]
            assert not [t for t in texts if t.endswith("\u2026")], (board, texts)
            texts = texts[texts.index("Total"):]         # the final scorecards' rows
            assert "Pair" in texts and "P" not in texts, (board, players)
