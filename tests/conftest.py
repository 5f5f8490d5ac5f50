"""pytest set-up: firmware/ and the CPython stand-ins (sim/stubs) on sys.path, headless SDL."""

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
for p in (ROOT / "sim" / "stubs", ROOT / "firmware", ROOT):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

# -- byte code, once --------------------------------------------------------------------------
# The firmware drops a game's modules when it is left and imports them again when it is
# opened (core.modules): without a cache CPython compiles them from source every time (with
# PYTHONDONTWRITEBYTECODE set it writes none). The compiled files go to build/pycache (the
# Makefile says the same to the tools), none next to the sources. A robot game of Match &
# Collect: 7.7 s -> 2.5 s.
sys.dont_write_bytecode = False
sys.pycache_prefix = str(ROOT / "build" / "pycache")
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)        # the subprocesses too
os.environ["PYTHONPYCACHEPREFIX"] = sys.pycache_prefix

# -- a temporary folder of the run's own -------------------------------------------------------
# MicroPython puts a script's folder first on sys.path: a tool's script written loose into /tmp
# imported a kit/ folder another program had left there instead of firmware/kit. So the run's
# temporary files (tempfile, TMPDIR for the subprocesses) go to a folder of its own (xdist's
# workers inherit it), removed when the run passes and kept, named, when not. pytest's
# tmp_path stays where it was (PYTEST_DEBUG_TEMPROOT): the 64wK boot test's data folder is a
# path the heap holds, and a longer one crossed its target.
os.environ.setdefault("PYTEST_DEBUG_TEMPROOT", tempfile.gettempdir())
_MADE_TMP = "CARD_CONSOLE_TEST_TMP" not in os.environ
if _MADE_TMP:
    os.environ["CARD_CONSOLE_TEST_TMP"] = tempfile.mkdtemp(prefix="card-console-tests-")
RUN_TMP = os.environ["CARD_CONSOLE_TEST_TMP"]
os.environ["TMPDIR"] = RUN_TMP
tempfile.tempdir = RUN_TMP

from sim import compat  # noqa: E402
from sim.platform import VirtualClock  # noqa: E402

compat.install()

# -- the virtual clock ------------------------------------------------------------------------
# MicroPython's time.ticks_ms() that code reads itself (the AIs' wall-clock caps through
# kit.sampling.deadline, Match 2-52's TIME_CAP_MS) is, in the tests, a clock that stands still
# unless something sleeps: no result depends on how fast or loaded the machine is, and a game
# plays the same moves as under MicroPython (tests/mpy.py gives its runs the same clock). A
# headless run (sim.headless) puts its own virtual clock in for its length and gives this one
# back; the simulator's window keeps the real clock (sim.compat).
TEST_CLOCK = VirtualClock()
for _name in ("ticks_ms", "ticks_us", "sleep_ms", "sleep_us"):
    setattr(time, _name, getattr(TEST_CLOCK, _name))


# -- hypothesis: no deadline ------------------------------------------------------------------
# Hypothesis fails an example that takes over 200 ms of wall-clock time; on a loaded machine a
# test that writes files (tests/test_storage.py) or runs the app crosses it with nothing
# wrong. No wall clock decides a result here.
from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("card-console", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("card-console")


# -- docs/img is written only by `python -m tools.screenshots` ---------------------------------
# A test that writes there fails (also outside CI): each test compares the folder's listing
# (name, size, mtime) before and after it, and the run compares the pictures' hashes.
_DOCS_IMG = ROOT / "docs" / "img"
_docs_before = {}


def _docs_img_state():
    import hashlib

    if not _DOCS_IMG.is_dir():
        return {}
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(_DOCS_IMG.glob("*.png"))}


def _docs_img_listing():
    if not _DOCS_IMG.is_dir():
        return {}
    return {e.name: (e.stat().st_size, e.stat().st_mtime_ns) for e in os.scandir(_DOCS_IMG)}


def _changed(before, after):
    return sorted(n for n in set(after) | set(before) if after.get(n) != before.get(n))


def pytest_sessionstart(session):
    _docs_before.update(_docs_img_state())


def pytest_sessionfinish(session, exitstatus):
    if hasattr(session.config, "workerinput"):
        return  # a pytest-xdist worker: the controller checks the whole run
    changed = _changed(_docs_before, _docs_img_state())
    if changed:
        print("\ndocs/img changed during the test run (%s): only `python -m tools.screenshots` "
              "may write it" % ", ".join(changed))
        session.exitstatus = 1
    if _MADE_TMP:
        if session.exitstatus == 0:
            shutil.rmtree(RUN_TMP, ignore_errors=True)
        else:
            print("\nthe run's temporary files are kept in " + RUN_TMP)


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


@pytest.fixture(autouse=True)
def _docs_img_untouched():
    before = _docs_img_listing()
    yield
    changed = _changed(before, _docs_img_listing())
    if changed:
        pytest.fail("this test wrote docs/img (%s): only `python -m tools.screenshots` may "
                    "write it" % ", ".join(changed), pytrace=False)


# -- tests that need what the run was not given are left out, said at the end (not skipped) ---
_left_out = []


def pytest_collection_modifyitems(config, items):
    if os.environ.get("FROZEN_FIRMWARE"):
        return
    keep = []
    for item in items:
        if item.get_closest_marker("frozen_firmware"):
            _left_out.append(item)
        else:
            keep.append(item)
    if _left_out:
        config.hook.pytest_deselected(items=list(_left_out))
        items[:] = keep


def pytest_terminal_summary(terminalreporter):
    if _left_out:
        terminalreporter.write_line(
            "left out (no FROZEN_FIRMWARE: a UF2 from `make firmware`, which needs a "
            "MicroPython tree): " + ", ".join(i.nodeid for i in _left_out))

