"""The robot's presses for the console's feel (tools/robot/feel.py): sleep and wake, a power
cut and the power-on back at the table, a card held to be seen whole, on every board; and
that each check turns red when what it watches is broken."""

import tempfile

import pytest

from tests import ci
from tools.robot import feel
from tools.robot.driver import Driver
from tools.robot.watch import find_table

pytestmark = pytest.mark.skipif(ci.gen_missing() is not None and not ci.in_ci(),
                                reason="firmware/gen not built (make assets)")

BOARDS = ("pico_lcd_1_3", "pico_lcd_1_14", "display_pack_2")


def open_game(d, row=0, moves=0):
    """From the menu, the game on `row` (0: Memory) with its setup's defaults, Start; then
    A pressed on the table until `moves` moves are made (Memory: a card flipped each)."""
    d.wait(1500)
    for _ in range(row):
        d.press("DOWN")
    d.press("A")
    d.wait(500)
    scene = d.app.top
    start = len(scene._rows)
    while scene.menu.cursor != start:
        d.press("DOWN")
    d.press("A")
    d.wait(5000)                    # Memory's preview
    table = find_table(d.app)
    assert table is not None and d.app.top is table
    tries = 0
    while len(table.session.actions) < moves and tries < 40:
        tries += 1
        if table.turns.human_to_move():
            d.press("RIGHT")
            d.press("A")
        d.wait(800)
    return table


@pytest.mark.parametrize("board", BOARDS)
def test_sleep_and_wake_on_the_menu_and_at_a_table(board):
    with tempfile.TemporaryDirectory(prefix="feel-") as folder:
        with Driver(board, 11, "en", folder) as d:
            d.wait(1500)
            assert feel.sleep_and_wake(d) == []
            open_game(d, moves=1)
            assert feel.sleep_and_wake(d, wake="B") == []
            assert feel.sleep_and_wake(d, wake="A") == []


def test_sleep_and_wake_turns_red_when_the_wake_press_acts():
    from core import power

    real = power.sleep

    def leaky(app, raw):
        was = app._idle[1]
        out = real(app, raw)
        if was == 3 and app._idle[1] == 0:
            app._idle[3] = 0        # planted fault: the press that woke it is not swallowed
        return out

    with tempfile.TemporaryDirectory(prefix="feel-") as folder:
        with Driver("pico_lcd_1_3", 11, "en", folder) as d:
            power.sleep = leaky
            try:
                d.wait(1500)
                failures = feel.sleep_and_wake(d, wake="DOWN")
            finally:
                power.sleep = real
    assert failures and all(f.startswith("sleep:") for f in failures), failures


@pytest.mark.parametrize("board", BOARDS)
def test_power_cut_at_a_table_comes_back_to_it(board):
    with tempfile.TemporaryDirectory(prefix="feel-") as folder:
        with Driver(board, 12, "fr", folder) as d:
            table = open_game(d, moves=3)
            moves = len(table.session.actions)
            assert feel.power_cycle(d) == []
            again = find_table(d.app)
            assert len(again.session.actions) == moves
            lines = feel.replay_lines(d, folder)
            assert len(lines) == 2 and "--data-dir" in lines[0]


def test_power_cycle_turns_red_when_the_console_forgets_the_game():
    with tempfile.TemporaryDirectory(prefix="feel-") as folder:
        with Driver("pico_lcd_1_3", 12, "en", folder) as d:
            open_game(d, moves=2)
            import os

            for name in os.listdir(folder):      # planted fault: the save is lost
                if name.startswith("resume_"):
                    os.remove(os.path.join(folder, name))
            failures = feel.power_cycle(d)
    assert failures and "not back" in failures[0], failures


@pytest.mark.parametrize("board", BOARDS)
def test_a_held_shows_the_card_and_the_table_comes_back(board):
    with tempfile.TemporaryDirectory(prefix="feel-") as folder:
        with Driver(board, 13, "en", folder) as d:
            table = open_game(d, row=1)                  # Match & Collect: A is held
            assert d.app.top is table and table.hold_buttons
            assert feel.inspect(d) == []


def test_inspect_turns_red_when_the_card_stays_on_after_a_is_let_go():
    from kit import inspect

    real = inspect.Inspect.button
    inspect.Inspect.button = lambda self, b, kind: None   # planted fault: never closes
    try:
        with tempfile.TemporaryDirectory(prefix="feel-") as folder:
            with Driver("pico_lcd_1_14", 13, "en", folder) as d:
                open_game(d, row=1)
                failures = feel.inspect(d)
    finally:
        inspect.Inspect.button = real
    assert failures and "stayed on top" in failures[0], failures


def test_inspect_turns_red_when_the_card_leaves_a_ghost_on_the_table(monkeypatch):
    """Planted: the table under the card is not drawn again when the card goes (App.pop
    without its invalidate()): the card's picture stays on the table's pixels."""
    from core.app import App

    def pop_no_redraw(self):
        scene = self.stack.pop()
        scene.exit()
        scene.app = None

    with tempfile.TemporaryDirectory(prefix="feel-") as folder:
        with Driver("pico_lcd_1_14", 13, "en", folder) as d:
            table = open_game(d, row=1)
            monkeypatch.setattr(App, "pop", pop_no_redraw)
            failures = feel.inspect(d)
            assert d.app.top is table
    assert failures and "drawn whole" in failures[0], failures
