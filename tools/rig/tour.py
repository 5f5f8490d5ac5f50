"""Every game in one power-on, through the board's buttons: does the last one still fit?

    python -m tools.rig.tour [--build DIR] [--each MS] [--last GAME] [--last-ms MS]

From the main menu, each game in turn (GAME last, Match & Collect by default: the biggest):
A opens its setup screen, the cursor goes up to "Watch AI play" and A starts its all-AI game,
which plays for --each emulated ms (the last for --last-ms); B (and B) back to the menu. It
prints, per game, the scene its Watch row opened, the least free heap after gc.collect() at
the scene changes (tools/rig/hook.py), whether the board restarted when it was chosen and
when it was left (screens.launch), then the restarts, the errors and the qstr pool at the
end. Exit status 1 on an error screen, a traceback or a MemoryError.

It is how docs/PERFORMANCE.md at ef6896e, "Each game on a fresh interpreter" was measured
(`--build` with a build of an older commit gives the figures before screens.launch).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tools import rig

TABLES_NOT = ("TextView", "ScoreTable", "StatsScreen", "SetupScreen", "MainMenu", "Splash")


def watch(r: rig.Rig) -> str | None:
    """On the game's setup screen: up from the top to its "Watch AI play" row (the rows
    below it vary: How to play, High scores, Statistics) and A; the scene it opened."""
    for _ in range(3):
        r.press("UP")
    for _ in range(3):
        since = len(r.events)
        r.press("A", gap=0)
        ev = r.wait_event(lambda e: e.kind == "scene" and e.fields[0] == "push", 5000,
                          since=since)
        scene = ev.fields[1] if ev else None
        if scene is not None and scene not in TABLES_NOT:
            return scene
        # Not the game (a row below it): back to the setup screen, one row up.
        r.press("B")
        r.wait_scene("SetupScreen", 3000)
        r.run(300)
        r.press("UP")
    return None


def tour(build: Path | str, each_ms: float, last: str, last_ms: float, log=print) -> dict:
    res: dict = {"games": [], "errors": []}
    with rig.Rig(build_dir=build) as r:
        if r.wait_scene("MainMenu", 30_000) is None:
            raise rig.RigError("no main menu:\n" + r.text()[-1500:])
        r.run(500)
        games = [ev for ev in r.events if ev.kind == "games"][0].fields[0].split(",")
        order = [g for g in games if g != last] + [last]
        cursor = 0
        for game in order:
            row = games.index(game)
            while cursor != row:
                r.press("DOWN" if row > cursor else "UP")
                cursor += 1 if row > cursor else -1
            since, mark = len(r.events), len(r.console)
            r.press("A", gap=0)
            if r.wait_scene("SetupScreen", 30_000) is None:
                res["errors"].append("%s: no setup screen:\n%s" % (game, r.text()[-1500:]))
                break
            r.run(400)
            scene = watch(r)
            r.run(last_ms if game == last else each_ms)
            heaps = [int(e.fields[3]) for e in r.events[since:] if e.kind == "scenefree"]
            text = r.console[mark:].decode(errors="replace")
            row_res = {"game": game, "opened": scene, "least_free_heap": min(heaps),
                       "restarted": "soft reboot" in text}
            res["games"].append(row_res)
            log("  %-14s watch opened %-10s least free heap %7d B  %s" % (
                game, scene, row_res["least_free_heap"],
                "after a restart" if row_res["restarted"] else "in place"))
            row_res["left_with_restart"] = False
            if "Traceback" in text or "MemoryError" in text or r.top() == "ErrorScreen":
                res["errors"].append("%s:\n%s" % (game, text[-1500:]))
                break
            left = len(r.console)
            r.back_to_menu(6, 300)
            row_res["left_with_restart"] = "soft reboot" in r.console[left:].decode(
                errors="replace")
            cursor = row    # the menu opens on the game's row (a pop keeps it, a restart too)
        res["restarts"] = r.text().count("soft reboot")
        res["qstr"] = r.repl("import micropython\nmicropython.qstr_info()").strip()
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=str(rig.BUILD_DIR), help="the build to pack")
    ap.add_argument("--each", type=float, default=5000, help="emulated ms of each all-AI game")
    ap.add_argument("--last", default="match_collect", help="the game played last")
    ap.add_argument("--last-ms", type=float, default=30_000, help="emulated ms of the last")
    args = ap.parse_args(argv)
    why = rig.missing()
    if why:
        print("tour: skipped: " + why)
        return 0
    res = tour(Path(args.build), args.each, args.last, args.last_ms)
    print("  restarts: %d; at the end: %s" % (res["restarts"], res["qstr"]))
    for e in res["errors"]:
        print("ERROR " + e)
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
