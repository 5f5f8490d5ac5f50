"""Power-on back at the table, and sleep, on the emulated RP2040 with the stock firmware.

    python -m tools.rig.resume_time [--games match252,memory] [--board NAME] [--moves N]
                                    [--no-sleep] [--json build/resume_time.json]

For each game: a game in progress is made by the simulator's own firmware code (the first
legal action, N times, against an Easy AI: core.session on CPython, as a board would have
saved it), its files (resume_<id>.json, .act, playing.txt) are packed into the emulated
board's filesystem beside `make build`'s output, and the board is powered on. Measured:
reset to the end of the first frame of the game's table (the hook's RIG:frame, ticks_us from
reset), and for comparison reset to the first main menu frame with no game in progress.
Target: under 1.5 s (the issue's). On Match & Collect's table: a tap of A, which core.input
reports at its release there (A held shows the card), against a tap of RIGHT, reported at
its press. Then, unless --no-sleep: the sleep gesture (MENU held
1.2 s, X and Y on the Display Pack 2.0), no frame for 2 s, a press that wakes it without a
frame, and the next press's frame. Figures are emulated milliseconds at 125 MHz (flash cache
misses not modelled: a real Pico is somewhat slower; docs/PERFORMANCE.md).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from tools import rig

GAMES = ("match252", "memory", "match_collect", "cauldron", "manufactory")
TARGET_MS = 1500


def saved_game(game: str, moves: int, seed: int = 21) -> dict[str, bytes]:
    """The data folder's files of a `game` in progress after `moves` moves (path -> bytes)."""
    from sim import compat

    compat.install()
    import registry
    from core.session import HUMAN, Session

    registry.find(game)
    rules = registry.load(game, "rules")
    folder = tempfile.mkdtemp(prefix="resume-time-")
    options = {"players": 2}
    s = Session(game, rules, options, [HUMAN, "easy"], seed, folder)
    s.save()
    for _ in range(moves):
        if s.is_over():
            break
        s.apply(s.state.legal_actions()[0])
    return {p.name: p.read_bytes() for p in Path(folder).iterdir() if p.is_file()}


def first_frame_after(events, names_not=("Splash",)):
    """The first frame event whose scene is not one of `names_not`."""
    for ev in events:
        if ev.kind == "frame" and ev.fields[0] not in names_not:
            return ev
    return None


def frame_end_ms(ev) -> float:
    return (int(ev.fields[2]) + int(ev.fields[3])) / 1000


def board_files(board: str) -> dict[str, bytes]:
    """/board.txt naming the board (main.py reads it; without it the Pico-LCD-1.3)."""
    return {"board.txt": board.encode() + b"\n"}


def measure_game(game: str, board: str, moves: int, sleep: bool, log=print) -> dict:
    files = saved_game(game, moves)
    files.update(board_files(board))
    out: dict = {"game": game, "board": board, "moves": moves}
    wall = time.monotonic()
    with rig.Rig(board=board, extra=files) as r:
        ev = r.wait_event(lambda e: e.kind == "frame" and e.fields[0] not in (
            "Splash", "MainMenu"), 30_000)
        if ev is None:
            raise rig.RigError("%s: no table frame 30 s after reset:\n%s" % (
                game, r.text()[-1500:]))
        out["table_scene"] = ev.fields[0]
        out["reset_to_table_ms"] = round(frame_end_ms(ev), 1)
        log("  %s: reset to the table's first frame %.0f ms (%s)" % (
            game, out["reset_to_table_ms"], ev.fields[0]))
        menu = [e for e in r.events if e.kind == "frame" and e.fields[0] == "MainMenu"]
        out["menu_frames_on_the_way"] = len(menu)
        r.run(12000)            # the power-on's messages read, the turn back to you
        if game == "match_collect":
            out.update(measure_tap(r, board, log))
        if sleep:
            out.update(measure_sleep(r, board, log))
        out["errors"] = r.errors()
    out["wall_s"] = round(time.monotonic() - wall, 1)
    return out


def measure_sleep(r, board: str, log=print) -> dict:
    profile = rig.board_profile(board)
    gesture = ("X", "Y") if profile["four_buttons"] else ("MENU",)
    since = len(r.events)
    start = r.t
    r.hold(*gesture)
    r.run(1200)
    r.release()
    r.run(2000)
    # Asleep from a second into the gesture (a frame before that: the Display Pack's X and
    # Y still move the cursor, as they always did).
    asleep_frames = [e for e in r.events[since:] if e.kind == "frame" and
                     int(e.fields[2]) / 1000 >= start + 1050]
    since = len(r.events)
    r.tap("A")                      # wakes it: nothing drawn, nothing done
    r.run(500)
    wake_frames = [e for e in r.events[since:] if e.kind == "frame"]
    since = len(r.events)
    at = r.tap("Y" if profile["four_buttons"] else "DOWN", gap=400)
    after = [e for e in r.events[since:] if e.kind == "frame"]
    res = {"frames_while_asleep": len(asleep_frames), "frames_on_wake": len(wake_frames),
           "press_after_wake_to_frame_ms": round(frame_end_ms(after[0]) - at, 1)
           if after else None}
    log("  sleep: %d frames while asleep, %d on the waking press, the next "
        "press's frame %s ms after it" % (len(asleep_frames), len(wake_frames),
                                         res["press_after_wake_to_frame_ms"]))
    return res


def measure_tap(r, board: str, log=print) -> dict:
    """A tap of A where A held shows the card (Match & Collect's hand: core.input reports the
    tap at its release) against a tap of RIGHT (reported at its press): ms from the press
    and from the release to the end of the first frame begun after it."""
    profile = rig.board_profile(board)
    right = "Y" if profile["four_buttons"] else "RIGHT"
    res = {}
    for name, key in ((right, "tap_right"), ("A", "tap_a")):
        since = len(r.events)
        at = r.tap(name, gap=500)
        up = at + rig.PRESS_MS
        after = [e for e in r.events[since:] if e.kind == "frame" and
                 int(e.fields[2]) / 1000 >= at]
        if after:
            end = frame_end_ms(after[0])
            res[key + "_press_to_frame_ms"] = round(end - at, 1)
            res[key + "_release_to_frame_ms"] = round(end - up, 1)
    log("  taps of %d ms on the hand: %s" % (rig.PRESS_MS, res))
    return res


def measure_menu(board: str, log=print) -> float:
    with rig.Rig(board=board, extra=board_files(board)) as r:
        ev = r.wait_frame(30_000, "MainMenu")
        if ev is None:
            raise rig.RigError("no main menu frame 30 s after reset")
        ms = frame_end_ms(ev)
    log("  no game in progress: reset to the menu's first frame %.0f ms" % ms)
    return round(ms, 1)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--board", default="pico_lcd_1_3")
    ap.add_argument("--moves", type=int, default=6)
    ap.add_argument("--no-sleep", action="store_true")
    ap.add_argument("--json", default=str(rig.ROOT / "build" / "resume_time.json"))
    args = ap.parse_args(argv)
    why = rig.missing()
    if why:
        print("rig unavailable: " + why, file=sys.stderr)
        return 2
    res = {"board": args.board, "menu_ms": measure_menu(args.board), "games": []}
    for i, game in enumerate(args.games.split(",")):
        res["games"].append(measure_game(game, args.board, args.moves,
                                         not args.no_sleep and i == 0))
    worst = max(g["reset_to_table_ms"] for g in res["games"])
    res["worst_ms"] = worst
    print("worst reset to table: %.0f ms (target < %d ms: %s)" % (
        worst, TARGET_MS, "met" if worst < TARGET_MS else "NOT met"))
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(res, indent=1))
    bad = [g for g in res["games"] if g["errors"]]
    for g in bad:
        print("%s: errors: %s" % (g["game"], g["errors"][:5]), file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
