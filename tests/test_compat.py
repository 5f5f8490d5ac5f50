"""sim.compat: what makes CPython look enough like MicroPython for firmware/ to run."""

import gc

from sim import compat


def _collections(code, filename):
    """Full collections run while `code` (compiled as if from `filename`) runs."""
    seen = []

    def watch(phase, info):
        if phase == "start":
            seen.append(info["generation"])

    gc.callbacks.append(watch)
    try:
        exec(compile(code, filename, "exec"), {})
    finally:
        gc.callbacks.remove(watch)
    return seen


def test_the_firmwares_gc_collect_is_cheap_under_cpython_and_others_get_the_real_one():
    """The firmware's gc.collect() (every move, every scene change) does nothing under CPython,
    where reference counting frees what a Pico's collection would; any other caller, and a
    firmware module's code run under MicroPython (tests/mpy.py), gets a real collection."""
    compat.install()
    assert gc.collect is compat.collect
    code = "import gc\nr = gc.collect()\nassert r == 0\n"
    assert _collections(code, str(compat.FIRMWARE / "core" / "app.py")) == []
    assert _collections(code.replace("assert r == 0", ""), __file__) == [2]
    assert _collections("import gc\ngc.collect(1)\n", __file__) == [1]
    compat.install()   # idempotent: still the stand-in, the real one kept
    assert gc.collect is compat.collect and compat.real_collect is not compat.collect


CLOCK_CODE = """
import time
from kit import sampling
when = sampling.deadline(5)
start = time.ticks_ms()
x = 0
for i in range(300000):      # host time goes by, well past 5 ms
    x += i
late = sampling.out_of_time(when)
time.sleep_ms(5)
print(late, sampling.out_of_time(when), time.ticks_diff(time.ticks_ms(), start))
"""


def test_in_the_tests_an_ais_wall_clock_cap_is_never_reached_unless_time_is_slept():
    """The tests' clock (tests/conftest.py for CPython, tests/mpy.py for MicroPython) stands
    still while code runs: a deadline from kit.sampling is not reached however slow the
    machine, only by sleeping; so a Hard decision never depends on the host's speed."""
    from tests.mpy import run_mpy

    scope = {}
    exec(compile(CLOCK_CODE.replace("print(", "result = ("), "clock", "exec"), scope)
    assert scope["result"] == (False, True, 5)
    assert run_mpy(CLOCK_CODE).stdout.split() == ["False", "True", "5"]
