"""AI decision times on the emulated Pico (stock MicroPython on rp2040js, tools/rig), lighter
than `make bench`'s rig section: whole AI games of one game, played from the raw REPL in safe
mode with the build's modules, each decision timed with time.ticks_us.

    python -m tools.ladder_rig --game manufactory [--levels hard,normal] [--players 2]
        [--games 2] [--seed 1] [--budget N] [--set NAME=VALUE]... [--build DIR]

`--levels` gives the seats' levels (the last repeats); `--budget` is passed to ai.choose
(None: the level's default); `--set NAME=VALUE` sets a constant of the game's ai module
before play (`--set WORLDS=(0,0,3,1,1)`), to try a setting on the chip before it is
committed. As in a game on the console, the heap is collected after every action. Prints
per level: decisions, median, p95 and max in ms (emulated time at 125 MHz; the rig does not
model flash cache misses, so a real Pico is somewhat slower: docs/PERFORMANCE.md). A run
takes about ten seconds of wall time per emulated second of thinking.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

CODE = r"""
import gc, time
from core.rng import Rng
rules = __import__("games.%(game)s.rules", None, None, ("rules",), 0)
ai = __import__("games.%(game)s.ai", None, None, ("ai",), 0)
%(sets)s
levels = %(levels)r
for g in range(%(games)d):
    s = rules.new_game({"players": %(players)d}, %(seed)d + g)
    rngs = [Rng(%(seed)d * 131 + g * 7 + k) for k in range(%(players)d)]
    while not s.is_over():
        p = s.current_player
        t = time.ticks_us()
        a = ai.choose(s, p, levels[p], rngs[p], %(budget)r)
        d = time.ticks_diff(time.ticks_us(), t)
        print("AITIME", levels[p], d)
        s.apply(a)
        gc.collect()
    print("AITIME game", g, s.scores())
print("AITIME-END")
"""


def percentile(values: list[float], q: float) -> float:
    from tools.arena import percentile as pct

    return pct(values, q)


def measure(build_dir: Path, game: str, levels: list[str], players: int, games: int,
            seed: int, budget: int | None, sets: list[str]) -> dict[str, list[float]]:
    """{level: [decision ms...]} from the emulated Pico."""
    from tools.rig import script

    levels = (levels + [levels[-1]] * players)[:players]
    code = CODE % {"game": game, "levels": levels, "players": players, "games": games,
                   "seed": seed, "budget": budget,
                   "sets": "\n".join("ai.%s" % s for s in sets)}
    times: dict[str, list[float]] = {}
    ms = 600_000 * games
    for row in script.run(build_dir, code, "AITIME", ms=ms):
        f = row.split()
        if f and f[0] != "game":
            times.setdefault(f[0], []).append(int(f[1]) / 1000.0)
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--levels", default="hard")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", type=int, default=None)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument("--build", type=Path, help="a tools.build output (default: build the tree)")
    args = ap.parse_args(argv)
    from tools.rig import missing_files, missing_tools, script

    lack = missing_files() + missing_tools()
    if lack:
        print("ladder_rig: the rig cannot run: %s" % "; ".join(lack), file=sys.stderr)
        return 2
    build_dir = script.tree_build(args.build, "ladder_rig")
    if build_dir is None:
        return 1
    start = time.time()
    times = measure(build_dir, args.game, args.levels.split(","), args.players, args.games,
                    args.seed, args.budget, args.set)
    print("%s, %d players, %d games from seed %d, budget %s%s (emulated RP2040, %.0f s)" % (
        args.game, args.players, args.games, args.seed, args.budget,
        "".join(", " + s for s in args.set), time.time() - start))
    for level, ms in times.items():
        print("%-7s %5d decisions  median %7.1f ms  p95 %7.1f ms  max %7.1f ms" % (
            level, len(ms), percentile(ms, 50), percentile(ms, 95), max(ms)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
