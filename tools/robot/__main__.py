"""`python -m tools.robot`: a pass of the robot player (see tools/robot/__init__.py)."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time

from sim import compat

compat.install()


def main(argv=None) -> int:
    from tools.robot import matrix
    from tools.robot.player import GAMES, play

    ap = argparse.ArgumentParser(prog="python -m tools.robot", description=__doc__)
    ap.add_argument("--short", action="store_true", help="the short pass (make test)")
    ap.add_argument("--games", type=int, default=10, help="runs per game (default 10)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", choices=GAMES)
    ap.add_argument("--board", choices=matrix.BOARDS)
    ap.add_argument("--lang", choices=matrix.LANGS)
    ap.add_argument("--notes", action="store_true", help="also list the notes (texts cut "
                    "outside the tables)")
    ap.add_argument("--shots", metavar="DIR", help="a screenshot of each failure (its first "
                    "frame) in DIR")
    ap.add_argument("--only", type=int, metavar="N", help="only the Nth run of the pass "
                    "(0-based)")
    ap.add_argument("--mpy", type=int, metavar="N", help="also replay N of the runs (spread "
                    "over the pass) under the MicroPython unix port with a Pico's heap "
                    "(default: 1 with --short, else 0)")
    ap.add_argument("--verbose", "-v", action="store_true", help="a line per run")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if args.short:
        plans = matrix.short_plans(args.seed)
    else:
        plans = matrix.plans(args.games, args.seed, args.game, args.board, args.lang)
    if args.only is not None:
        plans = plans[args.only:args.only + 1]
    mpy_runs = args.mpy if args.mpy is not None else (1 if args.short else 0)
    step = max(1, len(plans) // mpy_runs) if mpy_runs else 0
    replayed = set(range(args.seed % step, len(plans), step)[:mpy_runs]) if step else set()
    presses = 0
    failures = 0
    failed_runs = 0
    notes = {}
    start = time.monotonic()
    for i, plan in enumerate(plans):
        folder = tempfile.mkdtemp(prefix="robot-")
        try:
            r = play(plan, folder, args.shots)
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        presses += r.presses
        bad = list(r.failures)
        if not r.finished and not bad:
            bad.append("the game did not reach its after-game choice")
        if i in replayed and plan.feel == "power":
            replayed.add(i + 1)     # one app per power-on: the next run replays instead
        elif i in replayed:
            from tools.robot import mpy

            rep = mpy.replay(r)
            bad += mpy.check(r, rep)
            if args.verbose:
                print("     MicroPython replay (%s heap): %s on top, least free heap %d B"
                      % (mpy.PICO_HEAP, rep.top, rep.min_free))
        if args.verbose or bad:
            print("%s %s: %d presses, %d actions, %.0f s virtual%s" % (
                "FAIL" if bad else "ok  ", plan, r.presses, r.actions, r.ms / 1000,
                "" if bad else ""), flush=True)
        if bad:
            failed_runs += 1
            failures += len(bad)
            for f in bad:
                print("   - %s" % f)
            print("   replay: %s" % r.replay)
        for n in r.notes:
            notes.setdefault((n.kind, n.screen, n.text), plan)
    if args.notes and notes:
        print("notes (%d):" % len(notes))
        for (kind, screen, text), plan in sorted(notes.items()):
            print("   %s on %s: %s  [%s %s %s]" % (kind, screen, text, plan.game, plan.board,
                                                   plan.lang))
    print("robot: %.0f s" % (time.monotonic() - start))
    print("robot: %d games, %d presses, %d failures" % (len(plans), presses, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
