"""What a game's language tables cost on the emulated Pico: as text packs and as modules.

    python -m tools.rig.textcost [--build DIR] [--game match_collect]

In safe mode (B held at power-on, the app not started), from the raw REPL, with the build's
core.strings (English), the game's package and the kit imported first:

1. heap (after one kit.lang.load and a clear, so that the names both ways intern are in the
   pool already): free heap after gc.collect() before and after adding the kit's and the
   game's tables as the device does (kit.lang.load: their text packs), then the same tables
   imported as modules and added as dicts (what a build without packs did), each time with
   the previous ones cleared and collected;
2. time of strings.t() for 24 of the game's keys with the packs: the first call (read from
   the pack's file, opened for each key: "first"; opened once and kept, as within a frame:
   "first_open"), the next (the cache: "cached"), and with the dicts ("dicts"); median and
   max, in microseconds (time.ticks_us).

docs/PERFORMANCE.md at ef6896e ("Language tables as text packs") quotes it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tools.rig import script

CODE = r"""
import gc, sys, time
from core import strings, modules
strings.load("en")
pkg = "games.%(game)s"
__import__(pkg)
import kit      # the game has it (kit.turns too) before its tables load
from kit import lang
lang.load(pkg, "%(game)s")     # once before: the names it interns stay, in both cases
lang = None
strings.clear()
keys = [k for k in sorted(__import__(pkg + ".lang_en", None, None, ("T",), 0).T)][:24]
modules.drop(pkg + ".lang_en")
def free():
    gc.collect()
    return gc.mem_free()
def times(label, cold=False):
    got = []
    for k in keys:
        if cold:
            strings.release()
        t0 = time.ticks_us()
        strings.t(k)
        got.append(time.ticks_diff(time.ticks_us(), t0))
    got.sort()
    print("TEXTCOST time", label, got[len(got) // 2], got[-1])
print("TEXTCOST packed", type(strings._table) is tuple, strings._hash is strings._builtin)
a = free()
from kit import lang
lang.load(pkg, "%(game)s")
lang = None
print("TEXTCOST heap packs", a - free(), [type(x).__name__ for x in strings._extra])
times("first", True)
strings._cache.clear()
times("first_open")
times("cached")
strings.release()
strings.clear()
a = free()
for p in ("kit", pkg):
    m = __import__(p + ".lang_en", None, None, ("T",), 0)
    strings.add({"en": m.T})
    m = None
    modules.drop(p + ".lang_en")
print("TEXTCOST heap modules", a - free(), [type(x).__name__ for x in strings._extra])
times("dicts")
print("TEXTCOST-END")
"""


def measure(build_dir: Path, game: str) -> list[list[str]]:
    return [row.split(None, 2) for row in script.run(build_dir, CODE % {"game": game},
                                                      "TEXTCOST")]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", type=Path, help="a tools.build output (default: build the tree)")
    ap.add_argument("--game", default="match_collect")
    args = ap.parse_args(argv)
    build_dir = script.tree_build(args.build, "textcost")
    if build_dir is None:
        return 1
    for row in measure(build_dir, args.game):
        print(" ".join(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
