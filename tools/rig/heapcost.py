"""What a Python call costs on the emulated Pico when its frame comes from a sieved heap.

    python -m tools.rig.heapcost [--build DIR] [--kept N]

In safe mode (B held at power-on, the app not started), from the raw REPL: 200 calls of a
function with 3 locals (its frame on the C stack) and 200 of one with 14 (over 11 words: its
frame comes from the heap at every call, py/objfun.c), timed with time.ticks_us, on

1. the heap after gc.collect(),
2. a sieve: N 1-block tuples kept, each after one dropped, then gc.collect() (the low heap is
   N one-block holes, as garbage between live objects leaves it),
3. the same sieve after kit.turns.settle() (the build's, imported from its filesystem).

It prints one line per case (microseconds for the 200 calls each) and the tuples settle()
used. docs/PERFORMANCE.md at ef6896e ("Python calls on a sieved heap") quotes it.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tools.rig import script

CODE = r"""
import gc, time
from kit import turns
def small(a, b):
    x = a + b
    return x
def big(a, b):
    c = d = e = f = g = h = i = j = k = l = m = n = 0
    return a + b
def bench(label, extra=""):
    t0 = time.ticks_us()
    for _ in range(200):
        small(1, 2)
    t1 = time.ticks_us()
    for _ in range(200):
        big(1, 2)
    t2 = time.ticks_us()
    print("HEAPCOST", label, time.ticks_diff(t1, t0), time.ticks_diff(t2, t1), extra)
gc.collect()
bench("collected")
keep = [None] * %(kept)d
for i in range(%(kept)d):
    keep[i] = (i,)
    (i,)
gc.collect()
bench("sieve")
n = turns.settle()
bench("settled", n)
print("HEAPCOST-END")
"""


def measure(build_dir: Path, kept: int) -> list[tuple[str, int, int, str]]:
    rows = []
    for row in script.run(build_dir, CODE % {"kept": kept}, "HEAPCOST"):
        f = row.split()
        rows.append((f[0], int(f[1]), int(f[2]), f[3] if len(f) > 3 else ""))
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", type=Path, help="a tools.build output (default: build the tree)")
    ap.add_argument("--kept", type=int, default=2000, help="tuples kept in the sieve")
    args = ap.parse_args(argv)
    build_dir = script.tree_build(args.build, "heapcost")
    if build_dir is None:
        return 1
    print("200 calls, us: case, 3 locals, 14 locals, tuples settle() used")
    for label, small, big, extra in measure(build_dir, args.kept):
        print("%-10s %8d %8d %s" % (label, small, big, extra))
    return 0


if __name__ == "__main__":
    sys.exit(main())
