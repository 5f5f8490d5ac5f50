# Runs UNDER the MicroPython unix port (started by tools/soak.py): AI-only games of one
# registered game, each decision timed with time.ticks_us. Prints one line per game:
#   GAME <index> <seed> <actions> <error or -> <scores...>
# then per level: TIMES <level> <count> <median_us> <p95_us> <max_us>
# and finally DONE. Configuration comes in the variable CONFIG, prepended by tools/soak.py.
# Decision times go into a fixed-size reservoir per level (uniform sample of all decisions,
# exact up to RESERVOIR of them), so the harness itself does not grow on the heap.
import gc
import sys
import time
from array import array

import registry
from core.rng import Rng

cfg = CONFIG  # noqa: F821 - defined by the host before this file
for entry in cfg.get("register", []):
    registry.register(tuple(entry))
rules = registry.load(cfg["game"], "rules")
ai = registry.load(cfg["game"], "ai")
levels = cfg["levels"]
players = len(levels)
master = Rng(cfg["seed"])
RESERVOIR = 2000
sample_rng = Rng(12345)
times = {}
counts = {}
for level in levels:
    times[level] = array("I", bytes(4 * RESERVOIR))
    counts[level] = 0
worst = {}
for level in levels:
    worst[level] = 0
peak = 0
for g in range(cfg["games"]):
    seed = master.next32()
    seats = [levels[(i + g) % players] for i in range(players)]   # rotate seats
    rngs = [Rng(seed ^ (0x9E3779B9 * (s + 1) & 0xFFFFFFFF)) for s in range(players)]
    state = None
    n = 0
    error = "-"
    try:
        state = rules.new_game({"players": players}, seed)
        while not state.is_over():
            if n >= cfg["max_actions"]:
                raise RuntimeError("no end after %d actions" % n)
            seat = state.current_player
            t0 = time.ticks_us()
            action = ai.choose(state, seat, seats[seat], rngs[seat], cfg.get("budget"))
            dt = time.ticks_diff(time.ticks_us(), t0)
            level = seats[seat]
            k = counts[level]
            if k < RESERVOIR:
                times[level][k] = dt
            else:
                j = sample_rng.randbelow(k + 1)
                if j < RESERVOIR:
                    times[level][j] = dt
            counts[level] = k + 1
            if dt > worst[level]:
                worst[level] = dt
            state.apply(action)
            n += 1
            a = gc.mem_alloc()
            if a > peak:
                peak = a
    except Exception as exc:  # noqa: BLE001 - report and go on with the next game
        error = type(exc).__name__ + ":" + str(exc).replace(" ", "_")[:80]
        sys.print_exception(exc)
    scores = state.scores() if state is not None and error == "-" else []
    print("GAME", g, seed, n, error, " ".join(str(s) for s in scores))
    state = None
    gc.collect()
for level in times:
    n = counts[level]
    t = sorted(times[level][: min(n, RESERVOIR)])
    if t:
        print("TIMES", level, n, t[len(t) // 2], t[min(len(t) - 1, (len(t) * 95) // 100)],
              worst[level])
print("PEAK", peak)
print("DONE")
