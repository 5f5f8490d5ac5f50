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
