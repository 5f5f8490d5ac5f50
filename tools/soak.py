"""AI-only games of any registered game under the real MicroPython unix port.

    python -m tools.soak --game match_collect --players 2 --ai hard,easy --games 200 \
        --seed 1 --heap 128wK [--build]

Every game must end without an exception on a Pico-sized heap; AI decision times are measured
with `time.ticks_us` on the unix port (median, 95th percentile, max) and converted to a Pico
estimate with HARDWARE.md's factor of 80 (an estimate, not a measurement). `--build` runs the
.mpy files of `tools.build` (what a board runs) instead of the .py sources. Exits 1 when any
game raised or did not finish.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
PLAYER = Path(__file__).resolve().parent / "mpy" / "play.py"
PICO_FACTOR = 80


def find_micropython() -> str | None:
    from tools.upy import find_micropython as find

    return find()


def soak(game: str, levels: list[str], games: int, seed: int, heap: str = "128wK",
         budget: int | None = None, build: bool = False, max_actions: int = 100000,
         timeout: float = 1800) -> dict:
    """Run the games; returns {"games", "ok", "errors": [...], "levels": {level: {count,
    median_ms, p95_ms, max_ms, pico_p95_ms}}, "peak_alloc", "heap"}."""
    exe = find_micropython()
    if exe is None:
        raise RuntimeError("no MicroPython unix port (.venv/bin/micropython or PATH)")
    path = FIRMWARE
    tmp = None
    if build:
        from tools import build as builder

        tmp = Path(tempfile.mkdtemp(prefix="soak-build-"))
        result = builder.build(out=tmp)
        if not result.ok:
            raise RuntimeError("build failed: %s" % result.errors)
        path = tmp
    config = {"game": game, "levels": levels, "games": games, "seed": seed,
              "budget": budget, "max_actions": max_actions}
    script = "CONFIG = %s\n" % json.dumps(config).replace("null", "None") + PLAYER.read_text()
    # The script's folder comes first on MicroPython's sys.path: a folder of its own, so that
    # a kit/ or games/ another program left in /tmp is never imported instead of firmware's.
    with tempfile.TemporaryDirectory(prefix="soak-") as folder:
        name = os.path.join(folder, "soak_player.py")
        with open(name, "w") as f:
            f.write(script)
        env = dict(os.environ, MICROPYPATH="%s:%s" % (path, ROOT))
        proc = subprocess.run([exe, "-X", "heapsize=" + heap, name], capture_output=True,
                              text=True, timeout=timeout, env=env, cwd=str(ROOT))
    return parse(proc.stdout, proc.stderr, proc.returncode, games, heap)


def parse(out: str, err: str, code: int, games: int, heap: str) -> dict:
    res = {"games": games, "ok": 0, "errors": [], "levels": {}, "peak_alloc": None,
           "heap": heap, "done": False}
    for line in out.splitlines():
        parts = line.split()
        if not parts:
            continue
        if parts[0] == "GAME":
            if parts[4] == "-":
                res["ok"] += 1
            else:
                res["errors"].append("game %s seed %s: %s" % (parts[1], parts[2], parts[4]))
        elif parts[0] == "TIMES":
            n, med, p95, worst = (int(v) for v in parts[2:6])
            res["levels"][parts[1]] = {
                "count": n, "median_ms": med / 1000, "p95_ms": p95 / 1000,
                "max_ms": worst / 1000, "pico_p95_ms": p95 / 1000 * PICO_FACTOR}
        elif parts[0] == "PEAK":
            res["peak_alloc"] = int(parts[1])
        elif parts[0] == "DONE":
            res["done"] = True
    if not res["done"]:
        tail = (err or out).strip().splitlines()[-3:]
        res["errors"].append("interpreter stopped (exit %d): %s" % (code, " | ".join(tail)))
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.soak", description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--ai", default="hard", help="levels, one per seat (the last repeats)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--heap", default="128wK")
    ap.add_argument("--budget", type=int, default=None)
    ap.add_argument("--build", action="store_true", help="run the .mpy build")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    levels = [x.strip() for x in args.ai.split(",") if x.strip()]
    levels = (levels + [levels[-1]] * args.players)[: args.players]
    sys.path.insert(0, str(ROOT))
    res = soak(args.game, levels, args.games, args.seed, args.heap, args.budget, args.build)
    print("%s: %d/%d games ended without error on the unix port at %s (peak gc.mem_alloc %s)"
          % (args.game, res["ok"], res["games"], res["heap"], res["peak_alloc"]))
    for level, s in sorted(res["levels"].items()):
        print("  %-7s decisions %6d  median %7.3f ms  p95 %7.3f ms  max %8.3f ms  "
              "Pico p95 estimate %6.0f ms" % (level, s["count"], s["median_ms"], s["p95_ms"],
                                              s["max_ms"], s["pico_p95_ms"]))
    for e in res["errors"][:10]:
        print("  ERROR", e)
    if args.json:
        print(json.dumps(res))
    return 0 if res["ok"] == res["games"] and res["done"] else 1


if __name__ == "__main__":
    sys.exit(main())
