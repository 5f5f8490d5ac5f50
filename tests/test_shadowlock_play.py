"""Shadow Lock played at its table to the end: every action adds a line to the game's History
(kit.turns) before the next one, in order, the person's in the second person and each AI's
under its seat name; every round's end shows its summary (the points of the round, the
totals, the boxes, what each validated or lost), readable on the three boards in English and
French; after the last one the final scorecards, then Play again / Setup / Menu (kit.after),
through the buttons."""

import registry
from core import strings
from core.rng import Rng
from core.session import Session
from games.shadowlock import ai, rules, view
from kit import lang
from sim import headless

BOARDS = (("pico_lcd_1_3", "DOWN"), ("pico_lcd_1_14", "DOWN"), ("display_pack_2", "Y"))


def is_a(obj, name):
    """An instance of games.shadowlock.screens.<name> (whichever copy of the module: the
    game imports its screens on demand and the menu drops them again)."""
    return type(obj).__name__ == name and type(obj).__module__ == "games.shadowlock.screens"


def advance(session, until, rng_seed=3):
    rng = Rng(rng_seed)
    st = session.state
    while not st.is_over() and not until(st):
        session.apply(ai.choose(st, st.current_player, "normal", rng))


def table(players=3, seed=5, until=None, out=None, language="en", mode="classic",
          demo=False, pushed=None):
    """A setup(app): the table of a person's game (an all-AI game with `demo`) with the moves
    until `until(state)` made; `pushed` (a list) records the scenes pushed from then on, with
    their times."""
    def setup(app):
        app.start()
        app.settings["ai_speed"] = "fast"
        if language != "en":
            strings.load(language)
        lang.load("games.shadowlock", None)
        s = Session("shadowlock", rules, {"players": players, "mode": mode},
                    ["normal"] * players if demo else ["human"] + ["normal"] * (players - 1),
                    seed, None)
        if until is not None:
            advance(s, until)
        if out is not None:
            out.append(s)
        # as the setup screen's Start leaves it: the Spec kit.after plays again with
        from kit import setup as kit_setup

        kit_setup.current[0] = view.Spec()
        kit_setup.current[1] = registry.find("shadowlock")
        if pushed is not None:
            real = app.push

            def push(scene):
                pushed.append((type(scene).__name__, app.platform.ticks_ms(), scene))
                real(scene)
            app.push = push
        app.push(view.Table(s, demo))
    return setup


class Drive:
    """The app of a headless run, stepped on: buttons pressed as a person would."""

    def __init__(self, result):
        self.app = result.app
        self.platform = result.platform

    def run(self, ms):
        clock = self.platform.clock
        end = clock.now + ms
        while clock.now < end:
            wait = self.app.step()
            clock.now += wait if wait > 0 else 1

    def press(self, name):
        bit = headless.button_bit(name)
        self.platform.buttons.script |= bit
        self.run(80)
        self.platform.buttons.script &= ~bit
        self.run(170)


def test_every_action_adds_history_lines_in_order_and_every_round_its_summary():
    sessions = []
    r = headless.run("WAIT:100", setup=table(players=3, seed=5, out=sessions), settle_ms=0)
    app = r.app
    scene = app.top
    session = sessions[0]
    st = session.state
    lines = []
    scene.history.append = lambda text: lines.append(str(text))   # every line, uncapped
    names = {0: "You", 1: "West", 2: "East"}       # clockwise from you (kit.seat_names)
    rng = Rng(9)
    summaries = 0
    acts = 0
    while not st.is_over():
        seat = st.current_player
        round_no = st.round_no
        before = len(lines)
        action = ai.choose(st, seat, "normal", rng)
        scene.play(action) if seat else scene.act(action)
        acts += 1
        new = lines[before:]
        assert new, "no History line for %s" % st.action_str(action)
        assert new[0].startswith(names[seat]), (names[seat], new)
        assert new == scene.log[-len(new):] or len(new) > view.view_text.LOG_LINES
        if len(st.history) == round_no:                  # that action scored the round
            summary = app.top
            assert is_a(summary, "RoundSummary"), st.action_str(action)
            points = st.history[-1]
            assert summary.title == "Round %d scored" % round_no
            assert [row[1] for row in summary.rows] == ["+%d" % p for p in points]
            assert [row[2] for row in summary.rows] == [str(t) for t in st.totals]
            assert summary.text.split("\n")[0].startswith("You: ")
            assert "Round %d scored" % round_no in new
            assert "You +%d = %d (%d/10)" % (points[0], st.totals[0], st.box_count(0)) in new
            summaries += 1
            app.pop()
        assert app.top is scene
    assert summaries == len(st.history) == st.round_no and acts == len(session.actions)
    assert lines[-1].startswith("Game over: ")
    # a decline says so too: rounds are settled family by family
    assert any(" validates no " in line or line.startswith("You validate no ")
               for line in lines)
    # the History screen shows the last lines in full
    scene.open_menu()
    menu = app.top
    menu.on_done(list(menu.choices).index("History"))
    assert type(app.top).__name__ == "HistoryScreen"


def last_round_validation(st):
    return st.round_no == st.rounds and st.phase == rules.P_VALIDATE


def play_to_the_choice(board, down, language, players, seed, shots):
    """From the last round's validation: A on the proposal until the round summary, which
    is read (scrolled to its end where it does not fit), the final scorecards, the choice."""
    sessions = []
    r = headless.run("WAIT:200", board=board, settle_ms=0,
                     setup=table(players, seed, last_round_validation, sessions, language,
                                 "discovery"))
    assert r.log == ""
    d = Drive(r)
    app = d.app
    seen = []
    for _ in range(400):
        top = app.top
        name = type(top).__name__
        if name == "Table":
            if top.turns.human_to_move() and top.flash < 0:
                d.press("A")
            else:
                d.run(200)
        elif name == "RoundSummary":
            seen.append(name)
            d.run(100)
            shots.append((board, language, "summary", app.platform.display.to_image()))
            while top.top < top.last_top():
                d.press(down)
            # the last line of what was validated is on screen, every line fits the width
            assert top.top + top.fits(top.top) == top.count()
            w = app.width - 8
            assert all(app.small.width(line) <= w for line in top.lines)
            d.press("A")
        elif name == "Result":
            seen.append(name)
            d.run(100)
            shots.append((board, language, "result", app.platform.display.to_image()))
            d.press("A")
        elif name == "Dialog" and ("Play again" in top.choices or "Rejouer" in top.choices):
            seen.append("Choice")
            return sessions[0], seen, top, d
        else:
            d.run(200)
    raise AssertionError("no choice after the game: %s" % seen)


def test_the_last_round_summary_then_the_result_then_the_choice_on_every_board():
    shots = []
    try:
        for board, down in BOARDS:
            for language in ("en", "fr"):
                session, seen, choice, d = play_to_the_choice(board, down, language, 4, 5,
                                                              shots)
                assert seen == ["RoundSummary", "Result", "Choice"], (board, language)
                assert session.state.is_over() and d.app.errors == 0
                assert list(choice.choices) == (["Play again", "Setup", "Menu"]
                                                if language == "en" else
                                                ["Rejouer", "Réglages", "Menu"])
    finally:
        strings.remove()
        strings.load("en")
    assert len(shots) == 12


def test_play_again_from_the_choice_starts_a_new_game_with_the_same_seats():
    session, _seen, choice, d = play_to_the_choice("pico_lcd_1_3", "DOWN", "en", 3, 7, [])
    d.press("A")                                           # Play again
    d.run(500)
    top = d.app.top
    assert isinstance(top, view.Table) and top.session is not session
    assert top.session.seats == session.seats and top.state.num_players == 3
    assert top.state.rounds == 3 and not top.state.is_over()


def test_a_person_who_locked_nothing_is_told_the_pile_is_lost_once():
    sessions = []
    r = headless.run("WAIT:100", setup=table(players=2, seed=3, out=sessions), settle_ms=0)
    scene = r.app.top
    st = sessions[0].state
    texts = []
    r.app.toast = lambda message, ms=0: texts.append(message)
    st.events = [("lost", 0, 6), ("round_end", 1)]
    scene.announce(1, st.events)
    assert texts == ["Round over: your unlocked 6 cards are lost"]
    assert scene.notes[0] == ["pile lost (6 cards)"]
    assert scene.history.lines[-1] == "Round 1 over"


def test_french_elides_before_a_vowel_and_an_empty_pile_is_not_lost():
    try:
        sessions = []
        r = headless.run("WAIT:100", setup=table(players=4, seed=3, out=sessions,
                                                 language="fr"), settle_ms=0)
        scene = r.app.top
        st = sessions[0].state
        st.events = [("skipped", 1), ("shadow_keep", 3, 0), ("shadow_keep", 2, 4)]
        scene.announce(1, st.events)
        # four players: Ouest, Nord, Est clockwise from you (kit.seat_names)
        assert scene.history.lines[-3:] == ["Le tour d'Ouest est passé", "Est garde l'Ombre",
                                            "Nord garde l'Ombre, 4 cartes perdues"]
        st.events = [("play", 1, 1, 1)]                  # an AI's Double on itself
        scene.announce(1, st.events)
        assert scene.history.lines[-1] == "Ouest a joué Double sur lui-même"
        from games.shadowlock import screens

        text = screens.browse_text(scene)
        assert "Pile d'Est" in text and "Pile d'Ouest" in text and "Pile de Nord" in text
        assert view.view_text.named("sl.turn_of", "Est") == "Tour d'Est"
    finally:
        strings.remove()
        strings.load("en")


# -- Watch AI play -------------------------------------------------------------------------------


def watching(board, language, until):
    """An all-AI game of Shadow Lock (Discovery: 3 rounds, three players) from `until(state)`
    on (its moves made beforehand); the scenes pushed are recorded with their times."""
    pushed = []
    r = headless.run("WAIT:100", board=board, settle_ms=0,
                     setup=table(3, 5, until, None, language, "discovery", True, pushed))
    assert r.log == ""
    return Drive(r), pushed


def test_watch_ai_play_shows_each_round_summary_for_its_reading_time_then_goes_on():
    """Watch AI play shows the summary a person sees at each round's end; it goes by itself
    after its reading time (core.app.reading_ms at the AI speed) and the next round goes on by
    itself; after the last one the winner, then back where Watch AI play came from. On the
    three boards, in both languages."""
    from core.app import reading_ms

    try:
        for board, _down in BOARDS:
            for language in ("en", "fr"):
                d, pushed = watching(board, language, last_round_validation)
                app = d.app
                table = app.top
                assert isinstance(table, view.Table) and table.demo
                summary = None
                for _ in range(600):
                    d.run(100)
                    if is_a(app.top, "RoundSummary"):
                        summary = app.top
                        break
                assert summary is not None, (board, language, [p[0] for p in pushed])
                opened = [p[1] for p in pushed if p[2] is summary][0]
                d.run(100)
                # on screen, its hint A Continue (no final scorecards in an all-AI game)
                assert summary.hint(False) == strings.t("sl.h_continue")
                wait = reading_ms(app.settings, summary.text)
                d.run(wait - 300)
                assert app.top is summary, (board, language)     # still read
                d.run(400)
                assert app.top is table, (board, language)       # gone by itself
                assert app.platform.ticks_ms() - opened >= wait
                for _ in range(100):
                    d.run(200)
                    if app.top is not table:
                        break
                # the winner said, then the game left for what was below it
                assert table.state.is_over() and table not in app.stack
                assert app.errors == 0
    finally:
        strings.remove()
        strings.load("en")


def test_watch_ai_play_goes_on_to_the_next_round_after_a_summary():
    d, pushed = watching("pico_lcd_1_3", "en",
                         lambda st: st.round_no == st.rounds - 1 and st.phase == rules.P_VALIDATE)
    app = d.app
    table = app.top
    first = table.state.round_no
    for _ in range(6000):
        d.run(200)
        if app.top is not table and not is_a(app.top, "RoundSummary"):
            break
    names = [p[0] for p in pushed]
    assert names == ["Table", "RoundSummary", "RoundSummary"], names
    assert table.state.is_over() and table.state.round_no == first + 1
    assert table not in app.stack and app.errors == 0
