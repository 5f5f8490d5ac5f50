"""`make rig ARGS=...`: boot the build on the emulated Pico, play buttons, take screenshots.

    python -m tools.rig.run [--keys SCRIPT] [--shot PNG] [--ms N] [--repl CODE] [--echo]
                            [--build DIR] [--board NAME] [--safe] [--no-hook]

--keys takes the simulator's tokens, comma-separated: a button name taps it (80 ms, then 170 ms),
HOLD:NAME:MS holds it, WAIT:MS waits, UNTIL:SCENE[:MS] runs until the hook reports that scene on
top, SHOT:path.png saves the panel. Without --keys it boots to the main menu. At the end it
saves --shot (default build/rig/screen.png), prints the scenes, frames (draw and flush ms) and
any error, and exits 1 if the console shows a traceback or a MemoryError.
--repl runs CODE in the raw REPL once the keys are done (the app is interrupted) and prints
its output; --safe holds B at power-on (the app does not start: the REPL is free).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from tools import rig

DEFAULT_SHOT = rig.ROOT / "build" / "rig" / "screen.png"


def play(r: rig.Rig, script: str) -> None:
    for raw in script.split(","):
        token = raw.strip()
        if not token:
            continue
        parts = token.split(":")
        head = parts[0].upper()
        if head == "WAIT":
            r.run(float(parts[1]))
        elif head == "HOLD":
            r.tap(parts[1].upper(), float(parts[2]))
        elif head == "UNTIL":
            ms = float(parts[2]) if len(parts) > 2 else 60_000
            if r.wait_scene(parts[1], ms) is None:
                print("rig: %s not on top after %g ms" % (parts[1], ms), file=sys.stderr)
        elif head == "SHOT":
            print("screenshot: %s" % r.screenshot(parts[1]))
        else:
            r.tap(head)


def summary(r: rig.Rig) -> str:
    lines = []
    for ev in r.events:
        if ev.kind == "scenefree":
            lines.append("%9.1f ms  scene %-5s %-22s free heap %s" % (
                int(ev.fields[2]) / 1000, ev.fields[0], ev.fields[1], ev.fields[3]))
        elif ev.kind == "frame":
            total, flush = int(ev.fields[3]) / 1000, int(ev.fields[4]) / 1000
            lines.append("%9.1f ms  frame %-28s %s draw %6.1f ms, flush %5.1f ms, %s px" % (
                int(ev.fields[2]) / 1000, ev.fields[0], "full" if ev.fields[1] == "1" else "part",
                total - flush, flush, ev.fields[5]))
        elif ev.kind == "ai":
            lines.append("%9.1f ms  ai    %s %s seat %s: %.1f ms" % (
                int(ev.fields[3]) / 1000, ev.fields[0], ev.fields[1], ev.fields[2],
                int(ev.fields[4]) / 1000))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.rig.run",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--keys", default="", help="key script (see above)")
    ap.add_argument("--ms", type=float, default=0, help="emulated ms to run after the keys")
    ap.add_argument("--shot", default=str(DEFAULT_SHOT),
                    help="screenshot at the end ('' for none)")
    ap.add_argument("--repl", help="Python to run in the raw REPL at the end")
    ap.add_argument("--build", type=Path, default=rig.BUILD_DIR, help="build folder")
    ap.add_argument("--board", default="pico_lcd_1_3", help="board profile")
    ap.add_argument("--safe", action="store_true", help="hold B at power-on (safe mode)")
    ap.add_argument("--no-hook", action="store_true", help="no /boot.py reporting hook")
    ap.add_argument("--echo", action="store_true", help="print the console as it comes")
    args = ap.parse_args(argv)
    why = rig.missing()
    if why:
        print("rig: unavailable: " + why, file=sys.stderr)
        return 2
    wall = time.monotonic()
    r = rig.Rig(build_dir=args.build, board=args.board, hook=not args.no_hook, echo=args.echo)
    try:
        r.start(hold=("B",) if args.safe else ())
        if args.safe:
            r.run(500)
            r.release()
            r.expect(">>> ", 3000)
        elif not args.no_hook:
            if r.wait_frame(30_000, "MainMenu") is None:
                print("rig: no main menu frame after 30 s (emulated)", file=sys.stderr)
        else:
            r.run(4000)
        if args.keys:
            play(r, args.keys)
        if args.ms:
            r.run(args.ms)
        if args.shot:
            print("screenshot: %s" % r.screenshot(args.shot))
        if args.repl:
            print(r.repl(args.repl.replace("\\n", "\n")))
        print(summary(r))
        state = r.state()
    finally:
        r.stop()
    print("emulated %.0f ms (%d cycles) in %.1f s of wall time; flash: %d erases, %d programs"
          % (r.t, r.cycles, time.monotonic() - wall, state["erases"], state["programs"]))
    errors = r.errors()
    if errors:
        print("rig: errors on the console:\n" + r.text()[-3000:], file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
