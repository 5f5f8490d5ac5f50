"""History: every game keeps a log of what happened, bounded, strings only, that the History
row of the kit's pause menu opens in full (a message cut to the screen's width, or missed,
can be read). The kit gives it to every table through kit.turns.Turns: every toast shown
while the table is on the stack is recorded (core.app.App.toast), `turns.record` adds a
line without a toast; kit.table's pause menu (kit.pause) has the row. Driven through the toy
game and the games' tables."""

import pytest

import registry
from core import input as btn
from core import strings
from core.session import Session
from kit import turns
from sim import headless
from tests.toygame import ENTRY, rules


@pytest.fixture(autouse=True)
def toy_registered():
    saved = list(registry.GAMES)
    registry.register(ENTRY)
    yield
    registry.unload_all()
    registry.GAMES[:] = saved
    strings.load("en")


def toy_table(seats, out):
    def setup(app):
        app.start()
        app.settings["ai_speed"] = "fast"
        view = registry.load("toy", "view")
        from kit import lang

        lang.load("tests.toygame", "toy")
        session = Session("toy", rules, {"players": len(seats)}, seats, 11)
        table = view.Table(session, demo="human" not in seats)
        app.push(table)
        out.append(table)
    return setup


def test_every_message_of_a_game_is_recorded_in_full_and_bounded():
    tables = []
    r = headless.run("WAIT:120000", setup=toy_table(["normal", "hard"], tables), settle_ms=0)
    table = tables[0]
    lines = table.turns.history.lines
    assert table.session.is_over() and r.app.errors == 0
    # The toy table toasts one line per action: 20 actions, 20 lines, in order; then the
    # kit names the winner of the all-AI game with the final scores.
    assert len(table.session.actions) == 20
    assert len(lines) == 21 and all(isinstance(x, str) for x in lines)
    assert lines[0].startswith("South:") and lines[1].startswith("North:")
    assert " wins: " in lines[20] or lines[20].startswith("Shared win: ")
    # Bounded: only the last HISTORY_LINES are kept.
    h = turns.History()
    for i in range(turns.HISTORY_LINES + 15):
        h.append("line %d" % i)
    assert len(h.lines) == turns.HISTORY_LINES
    assert h.lines[0] == "line 15" and h.lines[-1] == "line %d" % (turns.HISTORY_LINES + 14)


def test_messages_outside_a_game_are_not_recorded_and_record_adds_a_line():
    tables = []

    def setup(app):
        toy_table(["human", "hard"], tables)(app)
        tables[0].turns.record("North called Emberfall: you gave 2 cards")

    r = headless.run("WAIT:100", setup=setup, settle_ms=0)
    table = tables[0]
    assert table.turns.history.lines == ["North called Emberfall: you gave 2 cards"]
    r.app.pop()                         # the table leaves: its messages are no more recorded
    r.app.toast("Settings saved")
    assert table.turns.history.lines == ["North called Emberfall: you gave 2 cards"]


def test_the_pause_menu_row_opens_the_history_screen_scrolled_to_the_end():
    tables = []
    long = "North called Emberfall: you gave 2 cards, and this message is far too long " \
        "for one line of a toast on any of the three screens, but History shows all of it"

    def setup(app):
        toy_table(["human", "hard"], tables)(app)
        table = tables[0]
        for i in range(30):
            table.turns.record("event %d" % i)
        table.turns.record(long)

    # MENU, then the third row: History.
    # the pause menu: Resume, ? What now, How to play, History
    r = headless.run("WAIT:100,MENU,WAIT:100,DOWN,DOWN,DOWN,A,WAIT:100", setup=setup,
                     settle_ms=0)
    top = r.app.top
    assert type(top).__name__ == "HistoryScreen"
    # The newest message is on screen, whole (wrapped, never cut), the oldest scrolled away.
    shown = " ".join(top.lines[top.top:top.top + top.page])
    assert long.split(", and")[0] in shown and shown.endswith("all of it")
    assert "event 0" not in shown
    # B goes back to the table.
    top.button(btn.B, btn.PRESS)
    assert r.app.top is tables[0]


def test_history_screen_says_when_nothing_happened_and_in_french():
    from kit import lang
    from kit.history import HistoryScreen

    strings.load("fr")
    lang.load("tests.toygame", "toy")
    screen = HistoryScreen(turns.History())
    assert screen.title == "Historique" and screen.text == "Rien ne s'est encore passé."


MPY_FLOW = """
from core.app import App
from core import input as btn
from device.headless import HeadlessPlatform
import registry
p = HeadlessPlatform(keys="", data_dir=%(data)r, asset_dir=%(gen)r)
app = App(p)
app.start()
from screens.main_menu import MainMenu
app.stack = []
app.push(MainMenu())
view = registry.load("memory", "view")
entry = registry.find("memory")
from kit import setup as kit_setup
setup = kit_setup.entry_scene(app, entry)
app.push(setup)
setup.values["size"] = 16
setup.values["lv1"] = "solo"
setup._start(setup.values, False)
table = app.top
from games.memory import ai
from core.rng import Rng
rng = Rng(3)
s = table.session
while not s.is_over():
    table.act(ai.choose(s.state, 0, "hard", rng))
for _ in range(200):
    app.step()
    p.clock.sleep_ms(33)
    if type(app.top).__name__ == "Dialog":
        break
dialog = app.top
print(dialog.choices)
h = table.turns.history.lines
print(len(h) > 3, len(h) <= 60, h[-1][:8])
dialog.button(btn.A, btn.PRESS)
new = app.top
print(type(new).__name__, new is not table, len(new.session.actions))
new.open_menu()
print(app.top.choices)
app.top.cursor = 3
app.top.button(btn.A, btn.PRESS)
print(type(app.top).__name__, app.top.lines[:1])
"""


def test_history_and_the_after_game_flow_under_micropython(tmp_path):
    from pathlib import Path

    from tests.mpy import run_mpy

    root = Path(__file__).resolve().parent.parent
    data = tmp_path / "data"
    data.mkdir()
    code = MPY_FLOW % {"data": str(data), "gen": str(root / "firmware" / "gen")}
    out = run_mpy(code, heap="192wK", paths=[root], timeout=300).stdout.strip().splitlines()
    assert out[0] == "['Play again', 'Setup', 'Menu']", out
    assert out[1].startswith("True True You "), out      # your last pair, in the History
    assert out[2] == "GameScene True 0", out
    assert out[3] == "['Resume', '? What now', 'How to play', 'History', 'Hint (2 left)', " \
        "'Peek (1 left)', 'Quit game']", out
    assert out[4] == "HistoryScreen ['Nothing has happened yet.']", out


def test_a_resumed_game_says_its_history_starts_there(tmp_path):
    from core.rng import Rng
    from tests.toygame import ai

    s = Session("toy", rules, {"players": 2}, ["human", "hard"], 7, None)
    rng = Rng(3)
    for _ in range(4):
        st = s.state
        s.apply(ai.choose(st, st.current_player, "normal", rng))
    tables = []

    def setup(app):
        app.start()
        view = registry.load("toy", "view")
        from kit import lang

        lang.load("tests.toygame", "toy")
        table = view.Table(s)
        app.push(table)
        tables.append(table)

    headless.run("WAIT:50", setup=setup, settle_ms=0)
    assert tables[0].turns.history.lines[0] == \
        "Game resumed after move 4 (earlier moves are not listed)"
