"""`make bench`, section "rig": speed and memory measured on the emulated RP2040 (tools/rig).

The stock MicroPython 1.28.0 RPI_PICO firmware runs in rp2040js (125 MHz, SPI at the rate the
firmware sets, flash cache misses not modelled) with `make build` in its littlefs. Two kinds of
run, both reading the "RIG:" lines of tools/rig/hook.py (scene changes with free heap after
gc.collect(), every frame's draw and flush time, every AI decision):

1. a normal power-on: reset to the first menu frame; the menu cursor moved a few times (button
   press, i.e. the GPIO going low, to the end of the new frame's last pixel on the panel);
   About, Settings and each registered game's first screen opened from the menu (their full
   draws and a cursor move there);
2. per game, an all-AI demo (the game view's demo_scene, started from the REPL of a board booted
   in safe mode, as device/unixport.py's DEMO: token does): every scene's draws, every AI
   decision (Hard ones give the p50/p95/max), the free heap after gc.collect() after every
   decision (its least value);
3. per game, a game against the AI (seat 0 a person, the others Hard; tools/rig/demo.py's
   human()), played on the board's buttons: a cursor move in the table (press to new frame),
   and "move to the AI's answer on screen": from the press of the person's action that hands
   the turn to the AI to the end of the first frame begun after the AI's action reached the
   table, less the pause the ai_speed setting puts after a person's move (run_human).

Writes build/bench_rig.json (keys: boot_to_menu_ms, menu_press_to_frame_ms, scenes,
full_flush_ms, move_to_ai_answer_ms, ai_hard_ms, min_free_heap, and more) and returns the
text and markdown for docs/PERFORMANCE.md. Without the firmware, the bootrom or node it says so
and returns None.

    python -m tools.bench_rig [--quick] [--games a,b] [--demo-ms N] [--build DIR]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import time
from pathlib import Path

from tools import build as buildmod
from tools import rig
from tools.arena import median, percentile

ROOT = Path(__file__).resolve().parent.parent
OUT_JSON = ROOT / "build" / "bench_rig.json"
EVENTS_DIR = ROOT / "build" / "rig"           # the raw RIG: events of each all-AI game
MENU_SCENES = ("MainMenu", "Splash")
RIG_BUILD = ROOT / "build" / "rig" / "pico"   # its own build: other tools may rebuild build/pico
MENU_TAPS = ("DOWN", "DOWN", "UP", "UP")
DEMO_MS = 60_000        # emulated ms per all-AI game, at most (it stops when the game ends)
QUICK_DEMO_MS = 20_000
SEED = 1
TARGETS = {"draw_ms": 120, "press_to_frame_ms": 40, "flush_ms": 20, "boot_ms": 1200,
           "ai_hard_p95_ms": 1000, "min_free_heap": 48 * 1024, "answer_ms": 400}


# -- reading the events ----------------------------------------------------------------------
def frames(events, since=0):
    """(scene, full, start ms, end ms, draw ms, flush ms, px) of the frame events."""
    out = []
    for ev in events[since:]:
        if ev.kind == "frame":
            start = int(ev.fields[2]) / 1000
            total = int(ev.fields[3]) / 1000
            flush = int(ev.fields[4]) / 1000
            out.append((ev.fields[0], ev.fields[1] == "1", start, start + total,
                        total - flush, flush, int(ev.fields[5])))
    return out


def press_to_frame(events, since, press_ms):
    """ms from the press to the end of the first frame begun after it (None: no frame)."""
    for f in frames(events, since):
        if f[2] >= press_ms:
            return f[3] - press_ms
    return None


def add_frames(scenes, events, prefix="", since=0, skip=()):
    """Fold the frames into scenes[name]: max draw/flush of full frames, counts."""
    for name, full, _s, _e, draw, flush, _px in frames(events, since):
        if name in skip:
            continue
        key = prefix + name
        row = scenes.setdefault(key, {"draw_ms_max": 0.0, "flush_ms_max": 0.0, "full_frames": 0,
                                      "partial_draw_ms_max": 0.0, "frames": 0})
        row["frames"] += 1
        if full:
            row["full_frames"] += 1
            row["draw_ms_max"] = max(row["draw_ms_max"], round(draw, 1))
            row["flush_ms_max"] = max(row["flush_ms_max"], round(flush, 1))
        else:
            row["partial_draw_ms_max"] = max(row["partial_draw_ms_max"], round(draw, 1))


def add_heaps(heaps, events, prefix="", since=0, skip=()):
    for ev in events[since:]:
        if ev.kind == "scene" and ev.fields[1] not in skip:
            key = prefix + ev.fields[1]
            free = int(ev.fields[3])
            heaps[key] = min(heaps.get(key, free), free)


def errors_in(r, mark):
    text = r.console[mark:].decode(errors="replace")
    return [ln for ln in text.splitlines() if any(m in ln for m in rig.ERROR_MARKS)]


# -- run 1: power-on, menu, first screens ----------------------------------------------------
def run_menu(build_dir, log) -> dict:
    res = {"scenes": {}, "heaps": {}, "press": {}, "open": {}, "errors": []}
    wall = time.monotonic()
    with rig.Rig(build_dir=build_dir) as r:
        first = r.wait_frame(30_000, "MainMenu")
        if first is None:
            raise rig.RigError("no main menu frame after 30 s (emulated):\n" + r.text()[-2000:])
        f = frames([first])[0]
        res["boot_to_menu_ms"] = round(f[3], 1)
        log("  reset to the first menu frame: %.0f ms (emulated)" % f[3])
        games = [ev for ev in r.events if ev.kind == "games"]
        res["games"] = games[0].fields[0].split(",") if games and games[0].fields else []
        r.run(300)
        taps = []
        for name in MENU_TAPS:
            since = len(r.events)
            at = r.press(name, gap=300)
            ms = press_to_frame(r.events, since, at)
            if ms is not None:
                taps.append(round(ms, 1))
        res["press"]["MainMenu"] = taps
        log("  menu cursor, press to new frame: %s ms" % taps)
        add_frames(res["scenes"], r.events)
        add_heaps(res["heaps"], r.events)

        def visit(label, moves, prefix):
            """From the menu (cursor on row 0): moves, A, the first screen, a DOWN, back."""
            for m in moves:
                r.press(m)
            since, mark = len(r.events), len(r.console)
            at = r.press("A", gap=0)
            # A second game restarts the board into it (screens.launch): splash, menu, then it.
            pushed = r.wait_event(lambda e: e.kind == "scene" and e.fields[0] == "push" and
                                  e.fields[1] not in ("Splash", "MainMenu"), 10_000,
                                  since=since)
            scene = pushed.fields[1] if pushed else None
            if scene and scene != "ErrorScreen":
                r.wait_frame(15_000, scene)
                first = next((f for f in frames(r.events, since) if f[0] == scene), None)
                if first is not None:
                    res["open"][label] = {"ms": round(first[3] - at, 1), "restarted":
                                          "soft reboot" in r.console[mark:].decode(
                                              errors="replace")}
                r.run(400)
                at = r.press("DOWN", gap=400)
                ms = press_to_frame(r.events, since, at)  # first frame begun after the press
                if ms is not None:
                    res["press"][prefix + scene] = [round(ms, 1)]
            bad = errors_in(r, mark)
            if bad or scene in (None, "ErrorScreen"):
                res["errors"].append("%s: %s" % (label, r.console[mark:].decode(
                    errors="replace")[-1500:]))
            add_frames(res["scenes"], r.events, prefix, since)
            add_heaps(res["heaps"], r.events, prefix, since)
            r.back_to_menu(5)
            # Back on row 0: the menu keeps its cursor after a pop, a new menu starts at 0.
            last = [ev for ev in r.events if ev.kind == "scene"][-1]
            if last.fields[0] == "pop":
                for m in moves:
                    r.press("DOWN" if m == "UP" else "UP")
            log("  %s: first screen %s" % (label, scene))

        for i, game in enumerate(res["games"]):
            visit(game, ("DOWN",) * i, game + "/")
        # Statistics, Settings and About follow the games (the menu need not wrap around).
        n = len(res["games"])
        visit("statistics", ("DOWN",) * n, "")
        visit("settings", ("DOWN",) * (n + 1), "")
        visit("about", ("DOWN",) * (n + 2), "")
        res["emulated_ms"] = round(r.t)
    res["wall_s"] = round(time.monotonic() - wall, 1)
    return res


# -- run 2: an all-AI game ----------------------------------------------------------------------
def run_demo(build_dir, game, limit_ms, log) -> dict:
    wall = time.monotonic()
    r = rig.Rig(build_dir=build_dir, trace=True, extra=rig.demo_files())
    res = {"game": game}
    try:
        mark = r.start_in_safe_mode("import rig_demo; rig_demo.run(%r, %d, %d)"
                                    % (game, SEED, limit_ms))
        done = r.wait_event(lambda e: e.kind == "demo", limit_ms + 30_000, step=5000)
        res["ended"] = bool(done and done.fields[1] == "1")
        res["errors"] = errors_in(r, mark)
        events = r.events
        start = next((i for i, ev in enumerate(events)
                      if ev.kind == "scene" and ev.fields[1] not in ("Splash", "MainMenu")), 0)
        res["events"] = events[start:]
        res["emulated_ms"] = round(r.t)
    finally:
        r.stop()
    res["wall_s"] = round(time.monotonic() - wall, 1)
    ai = [ev for ev in res["events"] if ev.kind == "ai"]
    log("  %s demo: %d decisions, %s, %.0f s emulated, %.0f s wall" % (
        game, len(ai), "ended" if res["ended"] else "stopped at the limit",
        res["emulated_ms"] / 1000, res["wall_s"]))
    return res


# -- run 3: a game against the AI, played on the board's buttons ------------------------------
HUMAN_MS = 60_000       # emulated ms per game against the AI, at most
QUICK_HUMAN_MS = 30_000
HUMAN_ANSWERS = 4       # answers measured per game (then it stops)
CURSOR_TAPS = ("RIGHT", "LEFT")
# The presses tried, in turn, until the person's action is applied: A on the thing under the
# cursor, else the cursor moved on (never B nor MENU: they leave or pause).
MOVE_KEYS = ("A", "RIGHT", "A", "DOWN", "A", "LEFT", "A", "UP", "A")
# Match & Collect's actions are in the list B opens: Draw first; in the main phase the last
# entry (one UP away) discards the card under the cursor (a first-turn tip, if any, takes
# the first B).
MOVE_KEYS_FOR = {"match_collect": ("B", "A", "B", "A", "B", "UP", "A")}
HUMAN_TURN, WAITING, PLAYED = 0, 1, 3     # kit.turns.Turns.tick's answers (RIG:tick)


def _ticks(events, since, what):
    return [ev for ev in events[since:] if ev.kind == "tick" and int(ev.fields[0]) == what]


def run_human(build_dir, game, limit_ms, log) -> dict:
    """A game with seat 0 a person (the other seats Hard, seed SEED), played by pressing the
    board's buttons (GPIO): when it is the person's turn, a cursor move (press to new frame),
    then presses (MOVE_KEYS, or the game's MOVE_KEYS_FOR) until the person's action is
    applied; when that hands the turn to an AI, the answer time is from the press of that
    action to the end of the first frame begun after the AI's action was handed to the table
    (kit.turns PLAYED), less the pause the ai_speed setting puts after a person's move
    (kit.turns.human_pause_ms)."""
    wall = time.monotonic()
    r = rig.Rig(build_dir=build_dir, extra=rig.demo_files())
    res = {"game": game, "answers": [], "raw": [], "cursor": [], "errors": [], "events": []}
    try:
        mark = r.start_in_safe_mode("import rig_demo; rig_demo.human(%r, %d, %d)"
                                    % (game, SEED, limit_ms))
        head = r.wait_event(lambda e: e.kind == "human", 30_000)
        if head is None:
            raise rig.RigError("no game against the AI:\n" + r.text()[-1500:])
        pause = int(head.fields[1])
        res["pause_ms"] = pause
        end = r.t + limit_ms
        since = len(r.events)
        while r.t < end and len(res["answers"]) < HUMAN_ANSWERS:
            turn = r.wait_event(lambda e: e.kind == "tick" and int(e.fields[0]) == HUMAN_TURN,
                                end - r.t, since=since)
            if turn is None or any(ev.kind in ("demo", "error") for ev in r.events[since:]):
                break
            r.run(400)      # the table drawn, the turn's tune and tips done
            if len(res["cursor"]) < len(CURSOR_TAPS):
                for key in CURSOR_TAPS:
                    mark_ev = len(r.events)
                    at = r.press(key, gap=300)
                    ms = press_to_frame(r.events, mark_ev, at)
                    if ms is not None:
                        res["cursor"].append(round(ms, 1))
            handed = None
            keys = MOVE_KEYS_FOR.get(game, MOVE_KEYS)
            for _ in range(3):
                for key in keys:
                    mark_ev = len(r.events)
                    at = r.tap(key, gap=400)
                    acts = [ev for ev in r.events[mark_ev:] if ev.kind == "act"]
                    if not acts or acts[0].fields[0] != "human":
                        continue
                    # Applied: did it hand the turn over (the driver no longer waits for you;
                    # a table may first show your move's result a moment: Memory's pair)?
                    if r.wait_event(lambda e: e.kind == "tick" and int(e.fields[0]) !=
                                    HUMAN_TURN, 2000, since=mark_ev) is not None:
                        handed = (at, mark_ev)
                        break
                if handed:
                    break
            if handed is None:
                res["stopped"] = "no action of the person applied after %d presses" % (
                    3 * len(keys))
                break
            at, mark_ev = handed
            played = r.wait_event(lambda e: e.kind == "tick" and int(e.fields[0]) == PLAYED,
                                  20_000, since=mark_ev)
            if played is None:
                break
            p_ms = int(played.fields[1]) / 1000
            frame = r.wait_event(lambda e, p=p_ms: e.kind == "frame"
                                 and int(e.fields[2]) / 1000 >= p, 5000, since=mark_ev)
            if frame is None:
                break
            f = frames([frame])[0]
            res["raw"].append(round(f[3] - at, 1))
            res["answers"].append(round(f[3] - at - pause, 1))
            since = len(r.events)
        res["errors"] += errors_in(r, mark)
        res["emulated_ms"] = round(r.t)
        start = next((i for i, ev in enumerate(r.events) if ev.kind == "human"), 0)
        res["events"] = r.events[start:]
    finally:
        r.stop()
    res["wall_s"] = round(time.monotonic() - wall, 1)
    log("  %s against the AI: answers %s ms (less the %s ms pause), cursor %s ms, %.0f s wall%s"
        % (game, res["answers"], res.get("pause_ms"), res["cursor"], res["wall_s"],
           "; stopped: " + res["stopped"] if res.get("stopped") else ""))
    return res


def answer_times(events) -> list[float]:
    """Busy ms from the end of the previous player's decision to the end of the frame showing
    the Hard AI's move (see the module doc)."""
    fr = frames(events)
    ai = [(ev.fields[1], ev.fields[2], int(ev.fields[3]) / 1000, int(ev.fields[4]) / 1000)
          for ev in events if ev.kind == "ai"]
    out = []
    for k in range(1, len(ai)):
        level, seat, h0, hd = ai[k]
        _plevel, pseat, p0, pd = ai[k - 1]
        if level != "hard" or seat == pseat:
            continue
        p_end, h_end = p0 + pd, h0 + hd
        f1 = next((f for f in fr if f[2] >= p_end), None)
        f2 = None
        for f in fr:
            if f[2] < h0:
                f2 = f
        f3 = next((f for f in fr if f[2] >= h_end), None)
        if f1 is None or f2 is None or f3 is None or f2[2] < f1[2]:
            continue
        idle = max(0.0, f2[2] - f1[3])
        out.append(round(f3[3] - p_end - idle, 1))
    return out


# -- the whole section ----------------------------------------------------------------------------
def measure(quick: bool = False, games=None, demo_ms=None, build_dir=None, log=print) -> dict:
    # The tree as it is built, not as it is when the run ends a quarter of an hour later.
    git = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT,
                         capture_output=True, text=True, check=False).stdout.strip()
    if build_dir is None:
        result = buildmod.build(buildmod.FIRMWARE, RIG_BUILD)
        if not result.ok:
            raise rig.RigError(buildmod.report(result, quiet=True))
        build_dir = RIG_BUILD
    wall = time.monotonic()
    menu = run_menu(build_dir, log)
    scenes, heaps = menu["scenes"], menu["heaps"]
    chosen = [g for g in menu["games"] if games is None or g in games]
    limit = demo_ms or (QUICK_DEMO_MS if quick else DEMO_MS)
    demos = {}
    for game in chosen:
        d = run_demo(build_dir, game, limit, log)
        demos[game] = d
        add_frames(scenes, d["events"], game + "/demo/", skip=MENU_SCENES)
        add_heaps(heaps, d["events"], game + "/demo/", skip=MENU_SCENES)
        EVENTS_DIR.mkdir(parents=True, exist_ok=True)
        (EVENTS_DIR / ("demo-%s.json" % game)).write_text(json.dumps(
            [[ev.kind, ev.fields, ev.t] for ev in d["events"]]))
    humans = {}
    hlimit = QUICK_HUMAN_MS if quick else HUMAN_MS
    for game in chosen:
        h = humans[game] = run_human(build_dir, game, hlimit, log)
        add_frames(scenes, h["events"], game + "/play/", skip=MENU_SCENES)
        add_heaps(heaps, h["events"], game + "/play/", skip=MENU_SCENES)
    full = [s["flush_ms_max"] for s in scenes.values() if s["full_frames"]]
    taps = menu["press"].get("MainMenu", [])
    out = {
        "boot_to_menu_ms": menu["boot_to_menu_ms"],
        "open_ms": menu["open"],
        "menu_press_to_frame_ms": median(taps) if taps else None,
        "menu_press_to_frame_ms_all": taps,
        "press_to_frame_ms": {k: v for k, v in menu["press"].items()},
        "scenes": scenes,
        "full_flush_ms": max(full) if full else None,
        "scene_free_heap": heaps,
        "move_to_ai_answer_ms": {},
        "move_to_ai_answer_ms_max": {},
        "move_to_ai_answer_ms_all": {},
        "move_to_ai_answer_raw_ms": {},
        "ai_pause_ms": {},
        "demo_answer_ms": {},
        "ai_hard_ms": {},
        "ai_ms": {},
        "min_free_heap": {},
        "demo": {},
        "errors": list(menu["errors"]),
    }
    for game, d in demos.items():
        ai = [ev for ev in d["events"] if ev.kind == "ai"]
        by_level: dict[str, list[float]] = {}
        for ev in ai:
            by_level.setdefault(ev.fields[1], []).append(int(ev.fields[4]) / 1000)
        out["ai_ms"][game] = {lvl: {"n": len(v), "p50": round(median(v), 1),
                                    "p95": round(percentile(v, 95), 1), "max": round(max(v), 1)}
                              for lvl, v in sorted(by_level.items())}
        if "hard" in by_level:
            out["ai_hard_ms"][game] = out["ai_ms"][game]["hard"]
        answers = answer_times(d["events"])
        if answers:     # the old measure, from the all-AI game (see answer_times)
            out["demo_answer_ms"][game] = median(answers)
        # During the all-AI game only: after every decision, and at its scene changes.
        lows = [int(ev.fields[0]) for ev in d["events"] if ev.kind == "heap"]
        lows += [int(ev.fields[3]) for ev in d["events"] if ev.kind == "scene"
                 and ev.fields[1] not in MENU_SCENES]
        if lows:
            out["min_free_heap"][game] = min(lows)
        out["demo"][game] = {"ended": d["ended"], "decisions": len(ai),
                             "emulated_ms": d["emulated_ms"], "wall_s": d["wall_s"]}
        out["errors"] += ["%s demo: %s" % (game, e) for e in d["errors"]]
    for game, h in humans.items():
        if h["answers"]:
            out["move_to_ai_answer_ms"][game] = median(h["answers"])
            out["move_to_ai_answer_ms_max"][game] = max(h["answers"])
            out["move_to_ai_answer_ms_all"][game] = h["answers"]
            out["move_to_ai_answer_raw_ms"][game] = h["raw"]
        out["ai_pause_ms"][game] = h.get("pause_ms")
        if h["cursor"]:
            out["press_to_frame_ms"][game + "/table"] = h["cursor"]
        out["errors"] += ["%s against the AI: %s" % (game, e) for e in h["errors"]]
    fw = rig.firmware_path()
    out["meta"] = {
        "source": git or "unknown",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "firmware": fw.name,
        "firmware_sha256": hashlib.sha256(fw.read_bytes()).hexdigest(),
        "rp2040js": json.loads((rig.NODE_MODULES / "rp2040js" / "package.json").read_text())
        ["version"],
        "demo_limit_ms": limit, "human_limit_ms": hlimit, "seed": SEED, "quick": quick,
        "wall_s": round(time.monotonic() - wall, 1),
        "menu_run": {"emulated_ms": menu["emulated_ms"], "wall_s": menu["wall_s"]},
    }
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps(out, indent=1, sort_keys=True))
    return out


def mark(ok: bool) -> str:
    return "pass" if ok else "**miss**"


def report(res: dict, cmd: str = "python -m tools.bench --only rig") -> tuple[str, str]:
    lines = []
    md = ["Command: `%s` (tools/bench_rig.py; figures in `build/bench_rig.json`). Emulated "
          "RP2040 (rp2040js %s, 125 MHz, SPI at the firmware's rate, flash cache misses not "
          "modelled) running the stock %s; every time is **emulated** ms, read from the "
          "app's own `time.ticks_us` through tools/rig/hook.py and the panel model. Targets "
          "from issue #13. Source measured: `%s` (`-dirty`: with the working tree's uncommitted "
          "changes)." % (cmd, res["meta"]["rp2040js"], res["meta"]["firmware"],
                         res["meta"].get("source", "unknown")), ""]
    t = TARGETS
    md += ["| what | measured | target |", "|---|---:|---|"]
    rows = [("reset to the first menu frame", "%.0f ms" % res["boot_to_menu_ms"],
             "< %d ms: %s" % (t["boot_ms"], mark(res["boot_to_menu_ms"] < t["boot_ms"])))]
    if res["full_flush_ms"] is not None:
        rows.append(("full 240x240 flush (Canvas.flush, the project's driver), max",
                     "%.1f ms" % res["full_flush_ms"],
                     "<= %d ms: %s" % (t["flush_ms"], mark(res["full_flush_ms"] <= t["flush_ms"]))))
    press = res["menu_press_to_frame_ms"]
    if press is not None:
        rows.append(("menu cursor move: press to new frame, median (all: %s)"
                     % ", ".join("%.0f" % v for v in res["menu_press_to_frame_ms_all"]),
                     "%.0f ms" % press,
                     "< %d ms: %s" % (t["press_to_frame_ms"],
                                      mark(press < t["press_to_frame_ms"]))))
    for scene, v in sorted(res["press_to_frame_ms"].items()):
        if scene.endswith("/table"):
            worst = max(v)
            rows.append(("cursor move (%s) in %s's table against the AI: press to new frame, "
                         "max (all: %s)" % ("/".join(CURSOR_TAPS), scene[:-6],
                                            ", ".join("%.0f" % x for x in v)),
                         "%.0f ms" % worst, "< %d ms: %s" % (t["press_to_frame_ms"],
                                                            mark(worst < t["press_to_frame_ms"]))))
        elif scene != "MainMenu":
            rows.append(("cursor move (DOWN) on %s: press to new frame" % scene,
                         "%.0f ms" % v[0], "< %d ms: %s" % (t["press_to_frame_ms"],
                                                           mark(v[0] < t["press_to_frame_ms"]))))
    for label, v in res.get("open_ms", {}).items():
        rows.append(("A on the menu to %s's first frame (%s)" % (
            label, "after a restart, screens.launch" if v["restarted"] else "in place"),
            "%.0f ms" % v["ms"], "-"))
    for label, value, target in rows:
        md.append("| %s | %s | %s |" % (label, value, target))
        lines.append("%-62s %12s  %s" % (label[:62], value, target))
    md += ["", "Full-screen draws (before the flush) and flushes, per scene, max over the full "
           "frames seen (`game/` = opened from the menu, `game/demo/` = during the all-AI "
           "game); free heap after `gc.collect()` when the scene came on top (least seen):", "",
           "| scene | full frames | draw ms max | flush ms max | partial draw ms max | "
           "free heap | draw < %d ms |" % t["draw_ms"], "|---|---:|---:|---:|---:|---:|---|"]
    lines.append("%-36s %5s %8s %8s %8s %8s" % ("scene", "full", "draw", "flush", "part",
                                                 "heap"))
    heaps = res["scene_free_heap"]
    for scene, v in sorted(res["scenes"].items()):
        heap = heaps.get(scene)
        ok = mark(v["draw_ms_max"] < t["draw_ms"]) if v["full_frames"] else "-"
        md.append("| %s | %d | %.1f | %.1f | %.1f | %s | %s |" % (
            scene, v["full_frames"], v["draw_ms_max"], v["flush_ms_max"],
            v["partial_draw_ms_max"], heap if heap is not None else "-", ok))
        lines.append("%-36s %5d %8.1f %8.1f %8.1f %8s" % (
            scene[:36], v["full_frames"], v["draw_ms_max"], v["flush_ms_max"],
            v["partial_draw_ms_max"], heap if heap is not None else "-"))
    md += ["", "All-AI games (demo_scene, seed %d, at most %d s emulated each): AI decision "
           "times per level; least free heap after `gc.collect()` (sampled after every "
           "decision and at scene changes). The move-to-answer time is measured in another "
           "run per game, against the AI (seat 0 a person, the others Hard, seed %d, the "
           "all-AI game's options, i.e. the setup's defaults, at most %d s emulated, %d "
           "answers): the rig presses the "
           "board's buttons (GPIO) when it is the person's turn (A, else the cursor moved on "
           "and A again) until the person's action is applied and hands the turn over; the "
           "time runs from the press of that action to the end of the first frame begun after "
           "the AI's action was handed to the table, less the pause the ai_speed setting puts "
           "after a person's move (`kit.turns.human_pause_ms`: %s ms here); median and max."
           % (res["meta"]["seed"], res["meta"]["demo_limit_ms"] // 1000, res["meta"]["seed"],
              res["meta"].get("human_limit_ms", 0) // 1000, HUMAN_ANSWERS,
              "/".join(sorted({"%s" % v for v in res.get("ai_pause_ms", {}).values()}))
              or "-"), "",
           "Targets: Hard p95 < %d ms, move to answer < %d ms (plus the ai_speed delay), "
           "least free heap >= %d bytes." % (t["ai_hard_p95_ms"], t["answer_ms"],
                                             t["min_free_heap"]), "",
           "| game | played | level | decisions | p50 ms | p95 ms | max ms | move to answer ms "
           "| least free heap |", "|---|---|---|---:|---:|---:|---:|---:|---:|"]
    for game, levels in sorted(res["ai_ms"].items()):
        d = res["demo"][game]
        played = "whole game" if d["ended"] else "first %.0f s" % (d["emulated_ms"] / 1000)
        ans = res["move_to_ai_answer_ms"].get(game)
        ans_text = "%.0f (max %.0f): %s" % (ans, res["move_to_ai_answer_ms_max"][game],
                                            mark(ans < t["answer_ms"])) \
            if ans is not None else "-"
        heap = res["min_free_heap"].get(game)
        if heap is not None:
            heap = "%d: %s" % (heap, mark(heap >= t["min_free_heap"]))
        for level, v in levels.items():
            p95 = "%.1f" % v["p95"]
            if level == "hard":
                p95 += ": " + mark(v["p95"] < t["ai_hard_p95_ms"])
            md.append("| %s | %s | %s | %d | %.1f | %s | %.1f | %s | %s |" % (
                game, played, level, v["n"], v["p50"], p95, v["max"],
                ans_text if level == "hard" else "", heap if level == "hard" else ""))
            lines.append("%-14s %-7s n=%-4d p50 %7.1f p95 %7.1f max %7.1f  answer %s  heap %s" % (
                game, level, v["n"], v["p50"], v["p95"], v["max"],
                ans_text if level == "hard" else "-", heap if level == "hard" else "-"))
    if res["errors"]:
        md += ["", "Errors seen on the console (the figures above cover what ran):", ""]
        md += ["- `%s`" % e.strip().splitlines()[-1][:200] for e in res["errors"]]
        lines += ["ERROR: " + e.strip().splitlines()[-1] for e in res["errors"]]
    md += ["", "Run: %s, %.0f s of wall time." % (res["meta"]["date"], res["meta"]["wall_s"])]
    return "\n".join(lines), "\n".join(md)


def section(quick: bool = False, log=print):
    """(text, markdown) for tools.bench, or None (printed why) when the rig cannot run here."""
    why = rig.missing()
    if why:
        log("  skipped: the emulated Pico needs %s" % why)
        return None
    return report(measure(quick, log=log))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench_rig",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="shorter all-AI games")
    ap.add_argument("--games", help="comma-separated game ids (default: every registered one)")
    ap.add_argument("--demo-ms", type=int, help="emulated ms per all-AI game, at most")
    ap.add_argument("--build", type=Path, help="a build folder (default: build it into %s)"
                    % RIG_BUILD.relative_to(ROOT))
    args = ap.parse_args(argv)
    why = rig.missing()
    if why:
        print("bench_rig: skipped: the emulated Pico needs %s" % why)
        return 0
    games = args.games.split(",") if args.games else None
    res = measure(args.quick, games, args.demo_ms, args.build)
    text, _md = report(res, "python -m tools.bench_rig" + (" --quick" if args.quick else ""))
    print(text)
    print("wrote %s" % OUT_JSON)
    return 0


if __name__ == "__main__":
    sys.exit(main())
