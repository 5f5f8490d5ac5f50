"""Make CPython look enough like MicroPython for firmware/ to import unchanged.

`install()` puts sim/stubs (framebuf, machine, micropython stand-ins) and firmware/ on
sys.path, adds MicroPython's `time.ticks_*` / `sleep_ms` functions to CPython's `time` and
makes the firmware's `gc.collect()` cheap (see `collect`). It is idempotent and called by
`python -m sim`, the tools and the tests.
"""

import gc
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUBS = ROOT / "sim" / "stubs"
# FIRMWARE_DIR: another copy of the firmware (a test plants a fault in one and runs the
# robot player on it in a subprocess).
FIRMWARE = Path(os.environ.get("FIRMWARE_DIR") or ROOT / "firmware")

# MicroPython's ticks wrap at a power of two; on the Pico it is 2**30.
TICKS_PERIOD = 1 << 30
_TICKS_MAX = TICKS_PERIOD - 1
_TICKS_HALF = TICKS_PERIOD // 2
_start = time.monotonic_ns()


def ticks_ms() -> int:
    return ((time.monotonic_ns() - _start) // 1_000_000) & _TICKS_MAX


def ticks_us() -> int:
    return ((time.monotonic_ns() - _start) // 1_000) & _TICKS_MAX


def ticks_add(ticks: int, delta: int) -> int:
    return (ticks + delta) & _TICKS_MAX


def ticks_diff(a: int, b: int) -> int:
    return ((a - b + _TICKS_HALF) & _TICKS_MAX) - _TICKS_HALF


def sleep_ms(ms: int) -> None:
    if ms > 0:
        time.sleep(ms / 1000)


def sleep_us(us: int) -> None:
    if us > 0:
        time.sleep(us / 1_000_000)


# -- gc.collect() ------------------------------------------------------------------------------
# On a Pico gc.collect() gives a fragmented heap its blocks back, and the firmware calls it at
# every move and scene change. CPython frees by reference counting and finds cycles by itself;
# there a full collection walks every object of the process (pytest's and hypothesis' too) and
# buys nothing, yet it was most of the CPU time of the tests that drive the app. So a call made
# from a module under firmware/ does nothing here, and every other caller gets the real
# collection. The MicroPython runs (tests/mpy.py, the Virtual Pico, the rig) keep the real one.
real_collect = gc.collect
_FIRMWARE_PREFIX = str(FIRMWARE) + "/"


def collect(generation: int = 2) -> int:
    caller = sys._getframe(1).f_code.co_filename
    if caller.startswith(_FIRMWARE_PREFIX):
        return 0
    return real_collect(generation)


def install() -> None:
    for p in (STUBS, FIRMWARE):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))
    for name, fn in (
        ("ticks_ms", ticks_ms),
        ("ticks_us", ticks_us),
        ("ticks_add", ticks_add),
        ("ticks_diff", ticks_diff),
        ("sleep_ms", sleep_ms),
        ("sleep_us", sleep_us),
    ):
        if not hasattr(time, name):
            setattr(time, name, fn)
    gc.collect = collect
