"""pytest set-up: firmware/ and the CPython stand-ins (sim/stubs) on sys.path, headless SDL."""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
for p in (ROOT / "sim" / "stubs", ROOT / "firmware", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

from sim import compat  # noqa: E402

compat.install()
