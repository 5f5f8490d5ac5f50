"""`make memcheck` is repeatable: a run on the virtual clock with fixed seeds gives the same
figures whatever the host's load, and a failed run says what happened.

What depended on the host's timing, each checked here:
- the AIs' wall-clock caps read `time.ticks_ms()`, the host's clock, while the app ran on the
  virtual one: under load a move got fewer iterations, so another game, another heap figure
  (now the virtual Pico's `time` follows the virtual clock: device/unixport.VirtualTime);
- the relay appended the interpreter's output to `console` before reading the VPICO-DONE line
  in it, so a reader seeing the REPL banner that follows END could find no stats yet and call
  the run a failure, reported as "no answer within 600 s" after a few seconds (tools/vpico.py
  now reads the line first; tools/memcheck.wait_for_board also waits for it a moment);
- that message: it now says the firmware stopped (after how long, with the error line) when
  it did, and "no answer" only when the wall-clock limit really went by.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.mpy import ROOT, require_micropython, run_mpy
from tools import memcheck, vpico


# -- the outcome's message ---------------------------------------------------------------------
def test_a_run_that_stopped_early_says_so():
    console = (b"MicroPython v1.29\r\nTraceback (most recent call last):\r\n"
               b"MemoryError: memory allocation failed, allocating 512 bytes\r\n"
               b"Use Ctrl-D to exit, Ctrl-E for paste mode\r\n")
    ok, stats, why = memcheck.outcome(None, console, "", 14.2, 600)
    assert not ok and stats == {}
    assert why == ("the firmware stopped after 14 s without finishing its script: "
                   "MemoryError: memory allocation failed, allocating 512 bytes")
    assert "600" not in why
    ok, _, why = memcheck.outcome(None, b"", "", 600.3, 600)
    assert why == "no answer within 600 s (wall clock; the run hung)"


def test_other_outcomes():
    good = {"frames": 9, "errors": 0, "timeouts": 0, "top": "MainMenu", "ms": 5000}
    assert memcheck.outcome(good, b"", "", 1, 600) == (True, good, "")
    bad = dict(good, errors=1)
    assert memcheck.outcome(bad, b"", "x\nValueError: broken\n", 1, 600)[2] == \
        "error screen: ValueError: broken"
    late = dict(good, timeouts=1, ms=3605000)
    assert "UNTIL waited its whole limit" in memcheck.outcome(late, b"", "", 1, 600)[2]
    elsewhere = dict(good, top="Splash")
    assert memcheck.outcome(elsewhere, b"", "", 1, 600)[2] == \
        "did not come back to the menu (ended on Splash)"


class _Relay(vpico.VirtualPico):
    """The relay's output handling alone (no interpreter), recording what a reader of
    `console` could see at each moment."""

    def __init__(self):  # noqa: D107 - no board is started
        self.console = bytearray()
        self.echo = None
        self.done = None
        self._tail = b""
        self._line = b""
        self._handshake = False
        self._raw = False
        self._master = -1
        import threading

        self._done_event = threading.Event()
        self.seen = []

    def _to_console(self, data):
        super()._to_console(data)
        self.seen.append((bytes(self.console).find(vpico.FRIENDLY_BANNER) >= 0,
                          self.done is not None))


def test_the_done_line_is_read_before_the_banner_is_shown():
    relay = _Relay()
    relay._from_child(b"VPICO-DONE frames=3 errors=0 peak_alloc=10 free=5 ms=7 timeouts=0 "
                      b"top=MainMenu\r\nMicroPython v1.29; Type \"help()\" for more "
                      b"information.\r\n>>> ")
    # Whenever the banner is in `console`, the stats are there too.
    assert relay.seen == [(True, True)]
    assert relay.done["frames"] == 3 and relay.done["top"] == "MainMenu"


# -- the firmware's own clock on the virtual Pico ------------------------------------------------
MPY_TIME = """
from device import unixport
p = unixport.UnixPlatform("pico_lcd_1_3", {"clock": "virtual"})
import time                  # what a game's AI imports after start-up
t0 = time.ticks_ms()
x = 0
for i in range(200000):      # host time goes by; virtual time does not
    x += i
print(type(time).__name__, t0, time.ticks_ms(), p.ticks_ms())
p.sleep_ms(1234)
print(time.ticks_ms(), time.ticks_add(time.ticks_ms(), 5), time.ticks_diff(10, 4))
time.sleep_ms(6)
print(p.ticks_ms())
"""


def test_ai_time_caps_read_the_virtual_clock():
    out = run_mpy(MPY_TIME).stdout.splitlines()
    assert out == ["VirtualTime 0 0 0", "1234 1239 6", "1240"]


# -- the same figures with and without load ------------------------------------------------------
@pytest.fixture(scope="module")
def flashed(tmp_path_factory):
    """The firmware as `make flash` leaves it (tools.build's .mpy files)."""
    require_micropython()
    from tools import build

    out = tmp_path_factory.mktemp("pico")
    result = build.build(out=out)
    assert result.ok, result.errors
    return out


def _hogs(n):
    """n busy processes (one a core), ended by the caller."""
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(n)]


@pytest.mark.slow   # 2 x cpu_count busy processes and memcheck's bisection
@pytest.mark.parametrize("game", ["match252", "match_collect"])
def test_same_figures_under_load(flashed, game):
    keys = memcheck.game_keys(game)
    quiet = memcheck.trial(Path(flashed), 210, keys)
    hogs = _hogs(2 * (os.cpu_count() or 2))
    try:
        loaded = memcheck.trial(Path(flashed), 210, keys)
    finally:
        for h in hogs:
            h.kill()
            h.wait()
    assert quiet[0], quiet[2]
    # Completed both times, with the very same frames, virtual ms and heap figures.
    assert loaded == quiet


@pytest.mark.slow   # memcheck's bisection, twice
def test_min_heap_is_repeatable(flashed):
    first = memcheck.min_heap(Path(flashed), memcheck.MENU_KEYS, 32, 128)
    second = memcheck.min_heap(Path(flashed), memcheck.MENU_KEYS, 32, 128)
    assert first == second and first[0] is not None and first[1] == ""
    assert ROOT.is_dir()
