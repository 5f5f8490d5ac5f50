"""A robot run replayed under the MicroPython unix port, with a Pico's heap.

The CPython run (tools.robot.player) decides every press; its key script, the seeds its
platform drew and its board and language are handed to `tools/mpy/replay.py`, which plays
them through the same app on the real interpreter (device.headless, a virtual clock stepped
as sim.headless steps it). The replay must reach the same end: no error, the same finished
game (its number of moves), the same screen on top.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from sim import platform as simplatform

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
SCRIPT = ROOT / "tools" / "mpy" / "replay.py"
PICO_HEAP = "210wK"      # tools/vpico.py's Pico: what a Pico has free after boot, and a margin
SETTLE_MS = 1500


class Replay:
    def __init__(self):
        self.seen: list[tuple[int, int]] = []
        self.top = ""
        self.errors = -1
        self.min_free = 0
        self.log = ""
        self.output = ""

    @property
    def finished_actions(self):
        """The move count of the first finished game seen (None: none finished)."""
        for n, over in self.seen:
            if over:
                return n
        return None


def replay(result, heap: str = PICO_HEAP, exe: str | None = None,
           timeout: float = 600) -> Replay:
    """Replay robot `result` (tools.robot.player.Result) under MicroPython."""
    from tools.upy import find_micropython

    exe = exe or find_micropython()
    if exe is None:
        raise RuntimeError("no MicroPython unix port (.venv/bin/micropython or PATH)")
    plan = result.plan
    if plan.feel == "power":
        raise ValueError("a run with a power cut replays in the simulator only (one app per "
                         "power-on: its replay line)")
    profile = simplatform.board_profile(plan.board)
    data_dir = tempfile.mkdtemp(prefix="robot-mpy-")
    try:
        total = _script_ms(result.keys)
        keys_file = os.path.join(data_dir, "keys.txt")
        with open(keys_file, "w") as f:
            f.write(result.keys)
        config = {"keys_file": keys_file, "board": plan.board, "width": profile["width"],
                  "height": profile["height"], "four_buttons": profile["four_buttons"],
                  "available": profile["buttons"], "lang": plan.lang,
                  "seeds": list(result.seeds), "data_dir": data_dir,
                  "asset_dir": str(FIRMWARE / "gen"), "end_ms": total + SETTLE_MS}
        code = "CONFIG = %s\n" % json.dumps(config).replace("true", "True").replace(
            "false", "False").replace("null", "None") + SCRIPT.read_text()
        # In a folder of its own: MicroPython puts the script's folder first on sys.path, and
        # a stray /tmp/kit would be imported instead of firmware/kit.
        script = os.path.join(data_dir, "replay.py")
        with open(script, "w") as f:
            f.write(code)
        env = dict(os.environ, MICROPYPATH="%s:%s" % (FIRMWARE, ROOT))
        proc = subprocess.run([exe, "-X", "heapsize=" + heap, script], capture_output=True,
                              text=True, timeout=timeout, env=env, cwd=data_dir)
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    out = Replay()
    out.output = proc.stdout[-4000:] + proc.stderr[-4000:]
    for line in proc.stdout.splitlines():
        word, _sp, rest = line.partition(" ")
        if word == "SEEN":
            n, over = rest.split()
            out.seen.append((int(n), int(over)))
        elif word == "TOP":
            out.top = rest
        elif word == "ERRORS":
            out.errors = int(rest)
        elif word == "MINFREE":
            out.min_free = int(rest)
        elif word == "LOG":
            out.log = rest
    return out


def _script_ms(keys: str) -> int:
    from sim import headless

    _events, length = headless.timeline(headless.parse_keys(keys))
    return length


def check(result, rep: Replay) -> list[str]:
    """What differs between the CPython run and its MicroPython replay (empty: the same)."""
    bad = []
    if rep.errors != 0:
        bad.append("MicroPython replay: %d error(s): %s" % (rep.errors, rep.log))
    if result.finished and rep.finished_actions != result.actions:
        bad.append("MicroPython replay: the game finished at move %s, under CPython at %d"
                   % (rep.finished_actions, result.actions))
    if result.top and rep.top != result.top:
        bad.append("MicroPython replay ends on %s, CPython on %s" % (rep.top, result.top))
    if not rep.top:
        bad.append("MicroPython replay did not finish: %s" % rep.output[-600:])
    return bad
