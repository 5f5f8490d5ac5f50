"""core.input: debounce, edges, repeat and the four-button mode, on CPython and MicroPython."""

from core import input as inp
from tests.mpy import run_mpy


def feed(i, samples):
    """samples: list of (raw_mask, ms); returns the events as (NAME, kind) tuples."""
    out = []
    for raw, now in samples:
        i.update(raw, now)
        ev = i.pop()
        while ev:
            out.append((inp.name_of(inp.event_button(ev)), inp.event_kind(ev)))
            ev = i.pop()
    return out


def hold(raw, start, end, step=10):
    return [(raw, t) for t in range(start, end, step)]


def test_press_release_after_debounce():
    i = inp.Input(debounce_ms=15)
    ev = feed(i, [(0, 0)] + hold(inp.A, 10, 60) + hold(0, 60, 120))
    assert ev == [("A", inp.PRESS), ("A", inp.RELEASE)]


def test_bounce_shorter_than_debounce_is_ignored():
    i = inp.Input(debounce_ms=15)
    # A flickers for 10 ms only.
    ev = feed(i, [(0, 0), (inp.A, 10), (0, 20), (0, 30), (0, 40)])
    assert ev == []


def test_hold_repeats_after_delay_then_at_rate():
    i = inp.Input(debounce_ms=10, repeat_delay_ms=300, repeat_ms=100)
    ev = feed(i, [(0, 0)] + hold(inp.DOWN, 10, 630) + [(0, 640), (0, 660)])
    kinds = [k for _, k in ev]
    assert kinds[0] == inp.PRESS
    # pressed (debounced) at 20 ms: repeats at 320, 420, 520, 620
    assert kinds.count(inp.REPEAT) == 4
    assert kinds[-1] == inp.RELEASE


def test_button_held_at_start_gives_no_press():
    i = inp.Input()
    ev = feed(i, hold(inp.B, 0, 100))
    assert ev == []


def test_two_buttons_give_two_presses_in_bit_order():
    i = inp.Input(debounce_ms=10)
    ev = feed(i, [(0, 0)] + hold(inp.A | inp.UP, 10, 50))
    assert ev == [("UP", inp.PRESS), ("A", inp.PRESS)]


def test_button_named():
    assert inp.button_named(" menu ") == inp.MENU
    try:
        inp.button_named("START")
    except ValueError as e:
        assert "START" in str(e)
    else:
        raise AssertionError("no error")


# -- four-button mode -----------------------------------------------------------------------

def test_four_x_y_are_up_down():
    i = inp.Input(four_buttons=True, debounce_ms=10)
    ev = feed(i, [(0, 0)] + hold(inp.X, 10, 50) + hold(0, 50, 90) + hold(inp.Y, 90, 130))
    assert ev == [("UP", inp.PRESS), ("UP", inp.RELEASE), ("DOWN", inp.PRESS)]


def test_four_short_b_fires_on_release():
    i = inp.Input(four_buttons=True, debounce_ms=10, long_ms=600)
    ev = feed(i, [(0, 0)] + hold(inp.B, 10, 200))
    assert ev == []
    ev = feed(i, hold(0, 200, 260))
    assert ev == [("B", inp.PRESS), ("B", inp.RELEASE)]


def test_four_b_with_x_y_is_left_right_and_no_b():
    i = inp.Input(four_buttons=True, debounce_ms=10)
    samples = ([(0, 0)] + hold(inp.B, 10, 60) + hold(inp.B | inp.X, 60, 120)
               + hold(inp.B, 120, 160) + hold(inp.B | inp.Y, 160, 220) + hold(0, 220, 280))
    ev = feed(i, samples)
    assert ev == [("LEFT", inp.PRESS), ("LEFT", inp.RELEASE),
                  ("RIGHT", inp.PRESS), ("RIGHT", inp.RELEASE)]


def test_four_long_b_is_menu():
    i = inp.Input(four_buttons=True, debounce_ms=10, long_ms=500)
    ev = feed(i, [(0, 0)] + hold(inp.B, 10, 700) + hold(0, 700, 760))
    assert ev == [("MENU", inp.PRESS), ("MENU", inp.RELEASE)]


def test_four_a_is_a():
    i = inp.Input(four_buttons=True, debounce_ms=10)
    ev = feed(i, [(0, 0)] + hold(inp.A, 10, 50) + hold(0, 50, 90))
    assert ev == [("A", inp.PRESS), ("A", inp.RELEASE)]


def test_same_events_under_micropython():
    code = """
import time
from core import input as inp
def run(i, samples):
    out = []
    for raw, now in samples:
        i.update(raw, now)
        ev = i.pop()
        while ev:
            out.append((inp.event_button(ev), inp.event_kind(ev)))
            ev = i.pop()
    return out
s = [(0, 0)] + [(inp.DOWN, t) for t in range(10, 630, 10)] + [(0, 640), (0, 660)]
print(run(inp.Input(debounce_ms=10, repeat_delay_ms=300, repeat_ms=100), s))
s = [(0, 0)] + [(inp.B, t) for t in range(10, 700, 10)] + [(0, t) for t in range(700, 760, 10)]
print(run(inp.Input(four_buttons=True, debounce_ms=10, long_ms=500), s))
"""
    out = run_mpy(code, heap="64wK").stdout.split("\n")
    i = inp.Input(debounce_ms=10, repeat_delay_ms=300, repeat_ms=100)
    s = [(0, 0)] + hold(inp.DOWN, 10, 630) + [(0, 640), (0, 660)]
    expected = []
    for raw, now in s:
        i.update(raw, now)
        ev = i.pop()
        while ev:
            expected.append((inp.event_button(ev), inp.event_kind(ev)))
            ev = i.pop()
    assert out[0] == str(expected)
    assert out[1] == str([(inp.MENU, inp.PRESS), (inp.MENU, inp.RELEASE)])


def test_a_press_after_a_stable_state_is_taken_at_its_first_sample():
    """Press to new frame (issue #13): no second sample is waited for when the buttons had
    been still for the debounce time; a bounce right after a change is still ignored."""
    i = inp.Input(debounce_ms=15)
    assert feed(i, [(0, 0), (0, 20)]) == []
    assert feed(i, [(inp.A, 40)]) == [("A", inp.PRESS)]
    # the contact bounces 5 ms later: open for 4 ms, closed again
    assert feed(i, [(0, 45), (inp.A, 49), (inp.A, 70)]) == []
    assert feed(i, [(0, 120)]) == [("A", inp.RELEASE)]
    # a flicker 10 ms after that release is a bounce: ignored
    assert feed(i, [(inp.A, 130), (0, 134), (0, 160)]) == []
