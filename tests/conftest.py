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


# -- docs/img is written only by `python -m tools.screenshots` (issue #17) -------------------
_DOCS_IMG = ROOT / "docs" / "img"
_docs_before = {}


def _docs_img_state():
    import hashlib

    if not _DOCS_IMG.is_dir():
        return {}
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(_DOCS_IMG.glob("*.png"))}


def pytest_sessionstart(session):
    _docs_before.update(_docs_img_state())


def pytest_sessionfinish(session, exitstatus):
    after = _docs_img_state()
    changed = sorted(n for n in set(after) | set(_docs_before)
                     if after.get(n) != _docs_before.get(n))
    if not changed:
        return
    msg = ("docs/img changed during the test run (%s): only `python -m tools.screenshots` "
           "may write it" % ", ".join(changed))
    print("\n" + msg)
    if os.environ.get("CI", "").lower() == "true":
        session.exitstatus = 1  # under CI nothing else writes docs/img: a test did


# -- first-game tips (kit.tips) stay off unless a test turns them on -------------------------
import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _first_game_tips_off():
    """The simulator's platform says "no tips" (kit.tips.enabled): a tip over a table would
    change what every other test sees. tests/test_tips.py overrides this fixture (tips on).
    (A class attribute of sim.platform.SimPlatform: the app's own modules are dropped and
    imported again during a run, the simulator's are not.)"""
    from sim.platform import SimPlatform

    SimPlatform.tips = False
    yield
    del SimPlatform.tips
