"""kit.turns: one turn driver for every game. The AI decides during the pause after the last
move, once that move is drawn (else "Thinking..." is drawn before it decides); its pace
follows the ai_speed setting; after the human's move the result stays before any AI moves; a
move's message is on screen with the frame that shows the move and the next move (or your
turn) waits until it has been read; nothing moves under a dialog; Session.ai_choose checks
seat, level and the AI's answer.
Times are the headless simulator's virtual clock (deterministic, not the host's)."""

import pytest

import registry
from core.session import LEVELS, Session, ai_delay_ms
from kit import turns
from sim import headless
from tests.toygame import ENTRY, rules
from tests.toygame import ai as toy_ai


@pytest.fixture(autouse=True)
def toy_registered():
    saved = list(registry.GAMES)
    registry.register(ENTRY)
    yield
    registry.unload_all()
    registry.GAMES[:] = saved


class Recorder:
    """Wraps a table: the virtual time of each applied action, who made it, and what the
    status line said in the last frame drawn before each AI decision."""

    def __init__(self, think_ms=0):
        self.applied = []       # (ms, seat, human, frames drawn)
        self.before_ai = []     # (frames drawn, status drawn, ms) when the AI was asked
        self.statuses = []      # the status line of every frame drawn
        self.think_ms = think_ms    # virtual ms each decision takes

    def install(self, table):
        rec = self
        real_act = table.turns.act
        real_draw = table.draw
        table.drawn_status = None

        def act(action):
            seat = table.session.state.current_player
            now = table.app.platform.ticks_ms()
            rec.applied.append((now, seat, table.session.seats[seat] == "human",
                                table.app.frames_drawn))
            return real_act(action)

        def draw(c, full):
            real_draw(c, full)
            table.drawn_status = table.status()
            rec.statuses.append(table.drawn_status)

        class AI:
            @staticmethod
            def choose(state, seat, level, rng, budget=None):
                rec.before_ai.append((table.app.frames_drawn, table.drawn_status,
                                      table.app.platform.ticks_ms()))
                table.app.platform.clock.now += rec.think_ms
                return toy_ai.choose(state, seat, level, rng, budget)

        table.turns.act = act
        table.draw = draw
        table.turns._ai = AI


def table_setup(seats, speed="normal", recorder=None, out=None):
    def setup(app):
        app.start()
        app.settings["ai_speed"] = speed
        view = registry.load("toy", "view")
        from kit import lang

        lang.load("tests.toygame", "toy")
        session = Session("toy", rules, {"players": len(seats)}, seats, 11)
        table = view.Table(session, demo="human" not in seats)
        if recorder is not None:
            recorder.install(table)
        app.push(table)
        if out is not None:
            out.append(table)
    return setup


@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
def test_ai_pace_and_the_pause_after_the_human(speed):
    """The next move waits for the pause and for the last move's message to be read
    (core.app.reading_ms), and not much more."""
    from core.app import reading_ms

    rec = Recorder()
    tables = []
    headless.run("WAIT:200,A,WAIT:20000", setup=table_setup(["human", "easy", "normal"],
                                                           speed, rec, tables), settle_ms=0)
    moves = rec.applied
    assert moves[0][2] and not moves[1][2] and not moves[2][2]   # you, then two AIs
    settings = {"ai_speed": speed}
    table = tables[0]
    lines = table.history.lines
    # After your move: the longer pause, or your message's reading time.
    first = max(turns.human_pause_ms(settings), reading_ms(settings, lines[0]))
    assert first <= moves[1][0] - moves[0][0] < first + 200
    # Between AI moves: the AI speed's delay, or the message's time (two frames of slack).
    second = max(ai_delay_ms(settings), reading_ms(settings, lines[1]))
    assert second <= moves[2][0] - moves[1][0] < second + 200
    assert turns.human_pause_ms(settings) > ai_delay_ms(settings)
    assert len(moves) == 3 and table.turns.human_to_move()    # your turn again


def test_a_moves_message_is_on_screen_with_the_frame_that_shows_the_move():
    """Each move's message is drawn in the first frame after the move (not queued behind the
    last one), and the next move comes only once it has gone."""
    tables = []
    seen = []       # (actions applied, the message on screen) at each frame drawn

    def setup(app):
        table_setup(["normal", "hard", "easy"], "fast", out=tables)(app)
        table = tables[0]
        real = table.draw

        def draw(c, full):
            real(c, full)
        table.draw = draw
        real_app_draw = app.draw

        def app_draw(now=0):
            real_app_draw(now)
            t = app._toast
            seen.append((len(table.session.actions), t[0][0][0] if t[0] and t[1] else None))
        app.draw = app_draw

    headless.run("WAIT:15000", setup=setup, settle_ms=0)
    table = tables[0]
    lines = table.history.lines
    assert len(lines) >= 4
    for n in range(1, 5):
        frames = [text for k, text in seen if k == n]
        # The first frame that shows move n shows its message, and it stays until move n+1.
        assert frames and frames[0] == lines[n - 1], (n, frames[:2], lines[n - 1])
    for k, text in seen:
        if text is not None:
            assert text == lines[k - 1]      # never an older move's message over a newer move


def test_your_turn_waits_until_the_ai_message_is_read_and_a_takes_it_off():
    tables = []
    headless.run("WAIT:200,A,WAIT:2800", setup=table_setup(["human", "normal"], "normal",
                                                          out=tables), settle_ms=0)
    table = tables[0]
    app = table.app
    assert len(table.session.actions) == 2 and table.session.is_human_turn()
    assert app.toasts_pending() == 1 and table.turns.reading()
    assert not table.turns.human_to_move()             # not yet: the AI's message is up
    assert table.status() != "Your turn: play a card"
    tables.clear()
    headless.run("WAIT:200,A,WAIT:2800,A,WAIT:150", setup=table_setup(
        ["human", "normal"], "normal", out=tables), settle_ms=0)
    table = tables[0]
    assert table.app.toasts_pending() == 0 and table.turns.human_to_move()   # A: read
    assert len(table.session.actions) == 2              # ... and it played nothing


def test_the_ai_decides_during_the_pause_once_your_move_is_drawn():
    """The answer is decided while the pause after your move runs (after a frame showing
    your move was drawn, so you see it first) and played when the pause ends: the pause
    hides the thinking, and "Thinking..." is never shown."""
    rec = Recorder(think_ms=300)
    headless.run("WAIT:200,A,WAIT:6000", setup=table_setup(["human", "normal"], "normal", rec),
                 settle_ms=0)
    you, answer = rec.applied[0], rec.applied[1]
    assert you[2] and not answer[2]
    frames, status, asked = rec.before_ai[0]
    from core.app import reading_ms

    settings = {"ai_speed": "normal"}
    pause = max(turns.human_pause_ms(settings), reading_ms(settings, "You: card 1, total 1"))
    assert frames > you[3]                    # your move was drawn before the AI was asked
    assert status == "North to play"          # ... and the table said so, not Thinking...
    assert asked - you[0] < 100               # asked at once, not after the pause
    assert pause <= answer[0] - you[0] < pause + 100    # played when the pause ended
    assert "Thinking..." not in rec.statuses


def test_a_decision_longer_than_the_pause_is_played_when_made():
    rec = Recorder(think_ms=3000)
    headless.run("WAIT:200,A,WAIT:8000", setup=table_setup(["human", "normal"], "fast", rec),
                 settle_ms=0)
    you, answer = rec.applied[0], rec.applied[1]
    asked = rec.before_ai[0][2]
    assert 3000 <= answer[0] - asked < 3000 + 100     # no pause added after the decision
    assert answer[0] - you[0] < 3000 + turns.human_pause_ms({"ai_speed": "fast"})


def test_thinking_is_drawn_before_a_decision_with_no_pause():
    """The AI's first move of the game has no pause before it: "Thinking..." is drawn
    first, then it decides."""
    rec = Recorder()
    headless.run("WAIT:3000", setup=table_setup(["normal", "human"], "fast", rec),
                 settle_ms=0)
    assert rec.before_ai and rec.applied and not rec.applied[0][2]
    assert rec.before_ai[0][1] == "Thinking..."


def test_nothing_moves_while_a_dialog_is_over_the_table():
    tables = []

    def setup(app):
        table_setup(["normal", "hard"], "fast", out=tables)(app)
        from ui.dialog import Dialog

        app.push(Dialog("Paused", ["OK"], None))

    r = headless.run("WAIT:5000", setup=setup, settle_ms=0)
    assert type(r.app.top).__name__ == "Dialog"
    assert tables[0].session.actions == []
    r = headless.run("WAIT:5000,A,WAIT:3000", setup=setup, settle_ms=0)
    assert len(r.app.stack) and r.app.errors == 0


def test_a_demo_plays_to_the_end_and_pops_back():
    tables = []
    r = headless.run("WAIT:120000", setup=table_setup(["normal", "hard"], "fast", out=tables),
                     settle_ms=0)
    assert tables[0].session.is_over() and r.app.errors == 0
    assert type(r.app.top).__name__ == "MainMenu"
    assert len(tables[0].session.actions) == 20


def test_session_ai_choose_checks_seat_level_and_answer():
    s = Session("toy", rules, {"players": 2}, ["human", "hard"], 3)
    with pytest.raises(ValueError, match="not an AI level"):
        s.ai_choose(toy_ai)                       # seat 0 is the person
    s.apply(s.state.legal_actions()[0])
    assert s.ai_choose(toy_ai) in s.state.legal_actions()

    class Cheat:
        @staticmethod
        def choose(state, seat, level, rng, budget=None):
            return 99

    with pytest.raises(ValueError, match="not a legal action"):
        s.ai_choose(Cheat)
    with pytest.raises(ValueError, match="not 'human' nor a level"):
        Session("toy", rules, {"players": 2}, ["human", "expert"], 3)
    assert LEVELS == ("easy", "normal", "hard")
    while not s.is_over():
        s.apply(s.state.legal_actions()[0])
    with pytest.raises(ValueError, match="no seat may move"):
        s.ai_choose(toy_ai)


def test_turn_win_and_lose_tunes_come_from_the_driver():
    """Every kit game gets the "turn" tune when the move comes back to you (once per turn,
    not after each of your actions) and one win or lose tune at the end; a demo plays none."""
    played = []

    def setup_for(seats, out):
        inner = table_setup(seats, "fast", out=out)

        def setup(app):
            inner(app)
            app.sound = played.append      # the tunes the app was asked for, in order
        return setup

    tables = []
    keys = ",".join(["A,WAIT:3000"] * 10) + ",WAIT:5000"    # the game, not the next one
    headless.run("WAIT:200," + keys, setup=setup_for(["human", "easy"], tables), settle_ms=0)
    session = tables[0].session
    assert session.is_over()
    turns_started = sum(1 for i in range(len(session.actions))
                        if i == 0 or session.seats[_mover(session, i)] == "human"
                        and session.seats[_mover(session, i - 1)] != "human")
    assert played.count("turn") == turns_started
    won = session.state.returns()[0]
    end = [p for p in played if p in ("win", "lose")]
    assert end == (["win"] if won >= 1 else (["lose"] if won <= 0 else []))
    played.clear()
    headless.run("WAIT:120000", setup=setup_for(["normal", "hard"], []), settle_ms=0)
    assert played == []


def _mover(session, i):
    """The seat that made action i (replayed from the record)."""
    s = rules.new_game(session.options, session.seed)
    for a in session.actions[:i]:
        s.apply(a)
    return s.current_player
