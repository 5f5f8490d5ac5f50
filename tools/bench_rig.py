"""`make bench`, section "rig": what a player feels, measured on the emulated RP2040 (tools/rig).

The stock MicroPython 1.28.0 RPI_PICO firmware runs in rp2040js (125 MHz, SPI at the rate the
firmware sets, flash erase and program charged to the clock, flash cache misses not modelled,
USB power) with `make build` in its littlefs. Times are emulated ms: the panel model's (a press
is the button's GPIO going low; a frame ends with its last pixel on the panel) and the app's
own `time.ticks_us`, the same clock. docs/PERFORMANCE.md defines each figure; the runs:

1. **power-on**, twice: with no hook at all (boot.py absent: nothing runs that the firmware
   would not run) for `boot_to_menu_ms` and `menu_press_to_frame_ms`, read from the panel
   alone; then with tools/rig/hook.py in QUIET mode (no print, no collection) for the splash's
   and the menu's draws, and what the hook costs (its heap, the boot time it adds);
2. **menu**: one power-on through the buttons: Statistics, Settings, About and each game's
   first screen (a cursor move on each), each game's "Watch AI play" for WATCH_MS, back to the
   menu, then the first game again: `menu_to_game_ms` is each game opened after another game
   ran (A on the menu to the last pixel of the game's first frame);
3. per game, an **all-AI game** started from the REPL of a board booted in safe mode
   (tools/rig/demo.py): AI decision times, draws, the least free heap (TRACE);
4. per game, **a person against Hard** through the buttons (tools/rig/play.py): cursor moves
   and moves on the table (press to frame), the AI's answer beyond the pause, draws, the least
   free heap.

Writes build/bench_rig.json (keys: boot_to_menu_ms, menu_press_to_frame_ms, full_flush_ms,
scenes, table_press_to_frame_ms, table_move_ms, move_to_ai_answer_ms, ai_hard_ms,
min_free_heap, menu_to_game_ms, and more) and returns the text and markdown for
docs/PERFORMANCE.md. Without the firmware, the bootrom or node it says so and returns None.

    python -m tools.bench_rig [--quick] [--games a,b] [--demo-ms N] [--human-ms N] [--build DIR]
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
from tools.rig import measure as panel
from tools.rig import play
from tools.rig.tour import watch

ROOT = Path(__file__).resolve().parent.parent
OUT_JSON = ROOT / "build" / "bench_rig.json"
EVENTS_DIR = ROOT / "build" / "rig"           # the raw RIG: events of each game
MENU_SCENES = ("MainMenu", "Splash")
RIG_BUILD = ROOT / "build" / "rig" / "pico"   # its own build: other tools may rebuild build/pico
MENU_TAPS = ("DOWN", "DOWN", "UP", "UP")
DEMO_MS = 60_000        # emulated ms per all-AI game, at most (it stops when the game ends)
QUICK_DEMO_MS = 20_000
HUMAN_MS = 120_000      # emulated ms per game against the AI
QUICK_HUMAN_MS = 40_000
MEASURED_TURNS = 4
WATCH_MS = 5000         # each game's "Watch AI play" in the menu run
SEED = 1
TARGETS = {"boot_ms": 1200, "menu_press_ms": 25, "flush_ms": 20, "draw_ms": 80,
           "cursor_ms": 25, "move_ms": 40, "answer_ms": 400, "ai_hard_max_ms": 1000,
           "min_free_heap": 48 * 1024, "open_ms": 1000}


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


def add_frames(scenes, events, prefix="", since=0, skip=()):
    """Fold the frames into scenes[name]: max draw/flush of full frames, counts."""
    for name, full, _s, _e, draw, flush, _px in frames(events, since):
        if name in skip:
            continue
        row = scenes.setdefault(prefix + name, {"draw_ms_max": 0.0, "flush_ms_max": 0.0,
                                                "full_frames": 0, "partial_draw_ms_max": 0.0,
                                                "frames": 0})
        row["frames"] += 1
        if full:
            row["full_frames"] += 1
            row["draw_ms_max"] = max(row["draw_ms_max"], round(draw, 1))
            row["flush_ms_max"] = max(row["flush_ms_max"], round(flush, 1))
        else:
            row["partial_draw_ms_max"] = max(row["partial_draw_ms_max"], round(draw, 1))


def merge_scenes(into, other):
    """Fold another run's scene rows into `into` (the worst of each figure, counts added)."""
    for key, v in other.items():
        row = into.get(key)
        if row is None:
            into[key] = dict(v)
            continue
        for k in ("draw_ms_max", "flush_ms_max", "partial_draw_ms_max"):
            row[k] = max(row[k], v[k])
        for k in ("full_frames", "frames"):
            row[k] += v[k]


def add_heaps(heaps, events, prefix="", since=0, skip=()):
    for ev in events[since:]:
        if ev.kind == "scenefree" and ev.fields[1] not in skip and int(ev.fields[3]) >= 0:
            key = prefix + ev.fields[1]
            free = int(ev.fields[3])
            heaps[key] = min(heaps.get(key, free), free)


def errors_in(r, mark):
    text = r.console[mark:].decode(errors="replace")
    return [ln for ln in text.splitlines() if any(m in ln for m in rig.ERROR_MARKS)]


def game_ids() -> list[str]:
    """The registry's game ids, read on the host (the board's hook never imports it)."""
    from sim import compat

    compat.install()
    import registry

    return [e[0] for e in registry.GAMES]


# -- run 1: power-on ---------------------------------------------------------------------------
def run_power_on(build_dir, log) -> dict:
    res: dict = {}
    with rig.Rig(build_dir=build_dir, hook=False) as r:
        b = panel.boot(r)
        res["boot_to_menu_ms"] = b["boot_ms"]
        taps = [panel.press(r, k) for k in MENU_TAPS]
        res["menu_presses"] = [p.row() for p in taps]
    with rig.Rig(build_dir=build_dir, quiet=True) as r:
        b = panel.boot(r)
        res["hooked_boot_ms"] = b["boot_ms"]
        taps = [panel.press(r, k) for k in MENU_TAPS]
        res["hooked_menu_presses"] = [p.row() for p in taps]
        r.events.clear()
        r.repl("import rig_hook; rig_hook.dump()")
        res["events"] = list(r.events)
    cost = [e for e in res["events"] if e.kind == "cost"]
    res["hook_heap_bytes"] = int(cost[0].fields[0]) if cost else None
    log("  reset to the menu's last pixel: %s ms with no hook (%s ms with the quiet hook); "
        "menu cursor moves %s ms" % (res["boot_to_menu_ms"], res["hooked_boot_ms"],
                                     [p["effect_ms"] for p in res["menu_presses"]]))
    return res


# -- run 2: the menu, every screen and game from it ---------------------------------------------
def run_menu(build_dir, games, log) -> dict:
    res: dict = {"scenes": {}, "heaps": {}, "press": {}, "open": {}, "leave": {}, "errors": []}
    wall = time.monotonic()
    with rig.Rig(build_dir=build_dir) as r:
        if r.wait_frame(30_000, "MainMenu") is None:
            raise rig.RigError("no main menu frame after 30 s (emulated):\n" + r.text()[-2000:])
        panel.Still().wait(r, 3000)
        cursor = [0]

        def to_row(row):
            while cursor[0] != row:
                r.press("DOWN" if row > cursor[0] else "UP")
                cursor[0] += 1 if row > cursor[0] else -1

        def open_from_menu(label, row, prefix, then=None):
            """A on the menu's row `row`: the first screen (time to its last pixel), a cursor
            move on it, `then` (e.g. Watch AI play), back to the menu."""
            to_row(row)
            panel.Still().wait(r, 3000)
            r.flushes()
            since, mark = len(r.events), len(r.console)
            at = panel.tap(r, "A")
            pushed = r.wait_event(lambda e: e.kind == "scene" and e.fields[0] == "push" and
                                  e.fields[1] not in MENU_SCENES, 15_000, since=since)
            scene = pushed.fields[1] if pushed else None
            if scene and scene != "ErrorScreen":
                r.wait_frame(15_000, scene)
                r.run(50)
                fr = panel.group(r.flushes(), r.events, since)
                first = next((f for f in fr if f.scene == scene), None)
                if first is not None:
                    res["open"][label] = {
                        "ms": round(first.end - at, 1), "scene": scene,
                        "restarted": "soft reboot" in r.console[mark:].decode(errors="replace")}
                p = panel.press(r, "DOWN")
                if p.effect_ms is not None:
                    res["press"][prefix + scene] = p.row()
                if then is not None:
                    then()
            if errors_in(r, mark) or scene in (None, "ErrorScreen"):
                res["errors"].append("%s: %s" % (label, r.console[mark:].decode(
                    errors="replace")[-1500:]))
            add_frames(res["scenes"], r.events, prefix, since, skip=MENU_SCENES)
            add_heaps(res["heaps"], r.events, prefix, since, skip=MENU_SCENES)
            left = leave_to_menu(r)
            if left is not None:
                res["leave"][label] = left
            # A new menu (after a game, or a restart) opens on the game's row; a pop keeps it.
            cursor[0] = row
            log("  %s: first screen %s in %s ms" % (label, scene, res["open"].get(
                label, {}).get("ms")))

        add_frames(res["scenes"], r.events, skip=("Splash",))
        n = len(games)
        for label, row in (("statistics", n), ("settings", n + 1), ("about", n + 2)):
            open_from_menu(label, row, "")

        def watch_ai():
            if watch(r) is not None:
                r.run(WATCH_MS)
        for i, game in enumerate(games):
            open_from_menu(game, i, game + "/", watch_ai)
        if games:   # the first game again: now after another game, as every other one
            open_from_menu(games[0] + "#2", 0, games[0] + "/")
        res["restarts"] = r.text().count("soft reboot")
        res["emulated_ms"] = round(r.t)
        # The heap the hook holds (boot.py measured it), in this run's normal mode.
        out = r.repl("import rig_hook\nprint(rig_hook.COST[0])").strip().splitlines()
        res["hook_heap_bytes"] = int(out[-1]) if out and out[-1].isdigit() else None
    res["wall_s"] = round(time.monotonic() - wall, 1)
    return res


def leave_to_menu(r) -> dict | None:
    """B until the menu is back (a dialog or the setup screen may come first): from the last
    B press to the last pixel of the menu's first frame, and whether the board restarted on
    the way (screens.launch); None when the menu did not come back."""
    r.flushes()
    for _ in range(6):
        since, mark = len(r.events), len(r.console)
        at = panel.tap(r, "B")
        ev = r.wait_event(lambda e: e.kind == "frame" and e.fields[0] == "MainMenu" or
                          e.kind == "scene" and e.fields[1] not in MENU_SCENES, 6000,
                          since=since)
        if ev is None:
            continue
        if ev.kind == "frame":
            r.run(50)
            fr = panel.group(r.flushes(), r.events, since)
            first = next((f for f in fr if f.scene == "MainMenu"), None)
            r.run(300)
            return {"ms": round(first.end - at, 1) if first else None,
                    "restarted": "soft reboot" in r.console[mark:].decode(errors="replace")}
        r.run(300)
        r.flushes()
    return None


# -- run 3: an all-AI game --------------------------------------------------------------------
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
                      if ev.kind == "scene" and ev.fields[1] not in MENU_SCENES), 0)
        res["events"] = events[start:]
        res["emulated_ms"] = round(r.t)
    finally:
        r.stop()
    res["wall_s"] = round(time.monotonic() - wall, 1)
    ai = [ev for ev in res["events"] if ev.kind == "ai"]
    log("  %s all-AI: %d decisions, %s, %.0f s emulated, %.0f s wall" % (
        game, len(ai), "ended" if res["ended"] else "stopped at the limit",
        res["emulated_ms"] / 1000, res["wall_s"]))
    return res


def least_heap(events) -> int | None:
    lows = [int(ev.fields[0]) for ev in events if ev.kind == "heap"]
    lows += [int(ev.fields[3]) for ev in events if ev.kind == "scenefree"
             and ev.fields[1] not in MENU_SCENES and int(ev.fields[3]) >= 0]
    return min(lows) if lows else None


def _worst(values):
    values = [v for v in values if v is not None]
    return max(values) if values else None


# -- the whole section ----------------------------------------------------------------------------
def measure_all(quick: bool = False, games=None, demo_ms=None, human_ms=None, build_dir=None,
                human: bool = True, log=print) -> dict:
    # The tree as it is built, not as it is when the run ends a quarter of an hour later.
    git = subprocess.run(["git", "describe", "--always", "--dirty"], cwd=ROOT,
                         capture_output=True, text=True, check=False).stdout.strip()
    if build_dir is None:
        result = buildmod.build(buildmod.FIRMWARE, RIG_BUILD)
        if not result.ok:
            raise rig.RigError(buildmod.report(result, quiet=True))
        build_dir = RIG_BUILD
    wall = time.monotonic()
    ids = game_ids()
    chosen = [g for g in ids if games is None or g in games]
    power = run_power_on(build_dir, log)
    scenes: dict = {}
    heaps: dict = {}
    add_frames(scenes, power["events"])
    menu = run_menu(build_dir, ids, log)
    merge_scenes(scenes, menu["scenes"])
    heaps.update(menu["heaps"])
    limit = demo_ms or (QUICK_DEMO_MS if quick else DEMO_MS)
    hlimit = human_ms or (QUICK_HUMAN_MS if quick else HUMAN_MS)
    demos, humans = {}, {}
    EVENTS_DIR.mkdir(parents=True, exist_ok=True)
    for game in chosen:
        d = demos[game] = run_demo(build_dir, game, limit, log)
        add_frames(scenes, d["events"], game + "/demo/", skip=MENU_SCENES)
        add_heaps(heaps, d["events"], game + "/demo/", skip=MENU_SCENES)
        (EVENTS_DIR / ("demo-%s.json" % game)).write_text(json.dumps(
            [[ev.kind, ev.fields, ev.t] for ev in d["events"]]))
    if human:
        for game in chosen:
            h = humans[game] = play.run(build_dir, game, hlimit, MEASURED_TURNS, log)
            add_frames(scenes, h["events"], game + "/play/", skip=MENU_SCENES)
            add_heaps(heaps, h["events"], game + "/play/", skip=MENU_SCENES)
            (EVENTS_DIR / ("play-%s.json" % game)).write_text(json.dumps(
                [[ev.kind, ev.fields, ev.t] for ev in h["events"]]))
    full = [s["flush_ms_max"] for s in scenes.values() if s["full_frames"]]
    taps = [p["effect_ms"] for p in power["menu_presses"] if p["effect_ms"] is not None]
    out = {
        "boot_to_menu_ms": power["boot_to_menu_ms"],
        "menu_press_to_frame_ms": _worst(taps),
        "menu_press_to_frame_ms_all": taps,
        "full_flush_ms": max(full) if full else None,
        "scenes": scenes,
        "scene_free_heap": heaps,
        "hook": {"heap_bytes": menu.get("hook_heap_bytes"),
                 "heap_bytes_quiet": power["hook_heap_bytes"],
                 "boot_ms_with_quiet_hook": power["hooked_boot_ms"],
                 "menu_press_ms_with_quiet_hook": [p["effect_ms"] for p in
                                                   power["hooked_menu_presses"]]},
        "open_ms": menu["open"],
        "leave_ms": menu["leave"],
        "menu_to_game_ms": {},
        "press_to_frame_ms": menu["press"],
        "table_press_to_frame_ms": {},
        "table_move_ms": {},
        "move_to_ai_answer_ms": {},
        "table_presses": {},
        "ai_pause_ms": {},
        "ai_hard_ms": {},
        "ai_ms": {},
        "min_free_heap": {},
        "min_free_heap_by_run": {},
        "demo": {},
        "play": {},
        "restarts_in_menu_run": menu["restarts"],
        "errors": list(menu["errors"]),
    }
    # Every game opened after another game ran: the first one of the power-on only the second
    # time ("#2"); the first opening is kept apart.
    for label, v in menu["open"].items():
        game, _, again = label.partition("#")
        if game not in ids:
            continue
        if game == ids[0] and not again:
            out["first_game_ms"] = {game: v["ms"]}
        else:
            out["menu_to_game_ms"][game] = v["ms"]
    for game in chosen:
        d = demos[game]
        h = humans.get(game)
        events = d["events"] + (h["events"] if h else [])
        by_level: dict[str, list[float]] = {}
        for ev in events:
            if ev.kind == "ai":
                by_level.setdefault(ev.fields[1], []).append(int(ev.fields[4]) / 1000)
        out["ai_ms"][game] = {lvl: {"n": len(v), "p50": round(median(v), 1),
                                    "p95": round(percentile(v, 95), 1), "max": round(max(v), 1)}
                              for lvl, v in sorted(by_level.items())}
        if "hard" in by_level:
            out["ai_hard_ms"][game] = out["ai_ms"][game]["hard"]
        lows = {"all_ai": least_heap(d["events"])}
        if h:
            lows["person"] = h["min_free_heap"]
        out["min_free_heap_by_run"][game] = lows
        vals = [v for v in lows.values() if v is not None]
        if vals:
            out["min_free_heap"][game] = min(vals)
        out["demo"][game] = {"ended": d["ended"], "decisions": len(
            [e for e in d["events"] if e.kind == "ai"]), "emulated_ms": d["emulated_ms"],
            "wall_s": d["wall_s"]}
        out["errors"] += ["%s all-AI: %s" % (game, e) for e in d["errors"]]
        if h:
            out["table_press_to_frame_ms"][game] = _worst(c["effect_ms"] for c in h["cursor"])
            out["table_move_ms"][game] = _worst(m["effect_ms"] for m in h["moves"])
            out["move_to_ai_answer_ms"][game] = _worst(a["ms"] for a in h["answers"])
            out["table_presses"][game] = {"cursor": h["cursor"], "moves": h["moves"],
                                          "answers": h["answers"]}
            out["ai_pause_ms"][game] = h["pause_ms"]
            out["play"][game] = {"turns": h["turns"], "emulated_ms": h["emulated_ms"],
                                 "wall_s": h["wall_s"], "keys": h["keys"]}
            out["errors"] += ["%s against the AI: %s" % (game, e) for e in h["errors"]]
    fw = rig.firmware_path()
    out["meta"] = {
        "source": git or "unknown",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "firmware": fw.name,
        "firmware_sha256": hashlib.sha256(fw.read_bytes()).hexdigest(),
        "rp2040js": json.loads((rig.NODE_MODULES / "rp2040js" / "package.json").read_text())
        ["version"],
        "demo_limit_ms": limit, "human_limit_ms": hlimit if human else 0, "seed": SEED,
        "quick": quick, "wall_s": round(time.monotonic() - wall, 1),
        "menu_run": {"emulated_ms": menu["emulated_ms"], "wall_s": menu["wall_s"]},
    }
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps(out, indent=1, sort_keys=True))
    return out


# bench_frozen's name for it (the same runs, made twice there)
def measure(quick=False, games=None, demo_ms=None, build_dir=None, log=print, human=True):
    return measure_all(quick, games, demo_ms, None, build_dir, human, log)


def mark(ok: bool) -> str:
    return "pass" if ok else "**miss**"


def _ms(v) -> str:
    return "-" if v is None else "%.0f ms" % v


def _judge(v, target, below=True) -> str:
    if v is None:
        return "-"
    return mark(v < target if below else v >= target)


def report(res: dict, cmd: str = "python -m tools.bench --only rig") -> tuple[str, str]:
    t = TARGETS
    meta = res["meta"]
    md = ["Command: `%s` (tools/bench_rig.py; every figure below is in `build/bench_rig.json` "
          "under the key named). Emulated RP2040: rp2040js %s at 125 MHz running the stock %s "
          "on USB power, flash erase and program charged to the clock, flash cache misses not "
          "modelled; **emulated** ms. Source measured: `%s`%s. The moment each figure measures: "
          "\"How each figure is measured\" above." % (
              cmd, meta["rp2040js"], meta["firmware"], meta.get("source", "unknown"),
              " (`-dirty`: with uncommitted changes)" if "dirty" in meta.get("source", "")
              else ""), ""]
    hook = res.get("hook", {})
    rows = [
        ("`boot_to_menu_ms`: reset to the last pixel of the menu (no hook)",
         _ms(res["boot_to_menu_ms"]), "< %d ms: %s" % (t["boot_ms"], _judge(
             res["boot_to_menu_ms"], t["boot_ms"]))),
        ("`menu_press_to_frame_ms`: menu cursor move, worst of %s (no hook)" % ", ".join(
            "%.0f" % v for v in res["menu_press_to_frame_ms_all"]),
         _ms(res["menu_press_to_frame_ms"]), "< %d ms: %s" % (t["menu_press_ms"], _judge(
             res["menu_press_to_frame_ms"], t["menu_press_ms"]))),
        ("`full_flush_ms`: a full-screen Canvas.flush, worst", _ms(res["full_flush_ms"]),
         "<= %d ms: %s" % (t["flush_ms"], _judge(res["full_flush_ms"], t["flush_ms"] + 0.01))),
        ("the hook's cost: the heap it holds (QUIET mode); reset to the menu with it (QUIET)",
         "%s B (%s B); %s" % (hook.get("heap_bytes"), hook.get("heap_bytes_quiet"),
                              _ms(hook.get("boot_ms_with_quiet_hook"))), "-"),
    ]
    md += ["| figure | measured | target |", "|---|---:|---|"]
    md += ["| %s | %s | %s |" % row for row in rows]
    lines = ["%-70s %10s  %s" % (a[:70], b, c) for a, b, c in rows]
    games = sorted(set(res["ai_ms"]) | set(res["menu_to_game_ms"]))
    md += ["", "Per game (worst of each; `-`: not measured; the free heap is read with the hook "
           "in the heap: a board without it has the hook's heap more):", "",
           "| game | `table_press_to_frame_ms` cursor < %d | `table_move_ms` move < %d | "
           "`move_to_ai_answer_ms` beyond the pause < %d | `ai_hard_ms` p50 / p95 / max "
           "(max < %d) | `min_free_heap` >= %d B (all-AI / person) | `menu_to_game_ms` < %d |"
           % (t["cursor_ms"], t["move_ms"], t["answer_ms"], t["ai_hard_max_ms"],
              t["min_free_heap"], t["open_ms"]), "|---|---:|---:|---:|---:|---:|---:|"]
    for g in games:
        cur = res["table_press_to_frame_ms"].get(g)
        mov = res["table_move_ms"].get(g)
        ans = res["move_to_ai_answer_ms"].get(g)
        ai = res["ai_hard_ms"].get(g)
        heap = res["min_free_heap"].get(g)
        by = res.get("min_free_heap_by_run", {}).get(g, {})
        opn = res["menu_to_game_ms"].get(g)
        cells = [
            "%s: %s" % (_ms(cur), _judge(cur, t["cursor_ms"])) if cur is not None else "-",
            "%s: %s" % (_ms(mov), _judge(mov, t["move_ms"])) if mov is not None else "-",
            "%s: %s" % (_ms(ans), _judge(ans, t["answer_ms"])) if ans is not None else "-",
            "%.0f / %.0f / %.0f: %s" % (ai["p50"], ai["p95"], ai["max"], _judge(
                ai["max"], t["ai_hard_max_ms"])) if ai else "-",
            "%s (%s / %s): %s" % (heap, by.get("all_ai", "-"), by.get("person", "-"),
                                  _judge(heap, t["min_free_heap"], False))
            if heap is not None else "-",
            "%s: %s" % (_ms(opn), _judge(opn, t["open_ms"])) if opn is not None else "-"]
        md.append("| %s | %s |" % (g, " | ".join(cells)))
        lines.append("%-14s %s" % (g, " | ".join(cells)))
    md += scene_tables(res, lines)
    opens = res.get("open_ms", {})
    if opens:
        md += ["", "A on the menu to the last pixel of the screen it opens (menu run, in this "
               "order; `#2`: the first game again, after the others):", "",
               "| opened | ms | scene | |", "|---|---:|---|---|"]
        for label, v in opens.items():
            md.append("| %s | %.0f | %s | %s |" % (label, v["ms"], v["scene"], "after a "
                                                  "restart" if v["restarted"] else "in place"))
    if res["errors"]:
        md += ["", "Errors seen on the console (the figures above cover what ran):", ""]
        md += ["- `%s`" % e.strip().splitlines()[-1][:200] for e in res["errors"]]
        lines += ["ERROR: " + e.strip().splitlines()[-1] for e in res["errors"]]
    md += ["", "Run: %s, %.0f s of wall time; all-AI games at most %d s, games against the AI "
           "at most %d s (emulated), seed %d." % (
               meta["date"], meta["wall_s"], meta["demo_limit_ms"] // 1000,
               meta.get("human_limit_ms", 0) // 1000, meta["seed"])]
    return "\n".join(lines), "\n".join(md)


def _draw_cell(v) -> str:
    if v is None or not v["full_frames"]:
        return "-"
    return "%.1f%s" % (v["draw_ms_max"], "" if v["draw_ms_max"] < TARGETS["draw_ms"] else
                       " **miss**")


def scene_tables(res: dict, lines: list) -> list:
    """The `scenes` rows as two short tables: the console's screens, then each game's (its
    setup screen, its table in the all-AI game and against the AI, its worst other scene)."""
    scenes, heaps = res["scenes"], res["scene_free_heap"]
    t = TARGETS
    md = ["", "Full-screen draws (`scenes`, scene -> `draw_ms_max`, `flush_ms_max`: App.draw "
          "less its flush, worst over the frames the scene drew whole; target < %d ms) and "
          "the free heap after `gc.collect()` when the scene came on top (least seen):"
          % t["draw_ms"], "", "| console screen | draw_ms_max | flush_ms_max | free heap |",
          "|---|---:|---:|---:|"]
    games = sorted({k.split("/")[0] for k in scenes if "/" in k})
    for key in sorted(k for k in scenes if "/" not in k):
        v = scenes[key]
        md.append("| %s | %s | %.1f | %s |" % (key, _draw_cell(v), v["flush_ms_max"],
                                                heaps.get(key, "-")))
        lines.append("%-36s draw %s" % (key, _draw_cell(v)))
    md += ["", "| game | setup screen | table, all-AI | table, against the AI | worst other "
           "scene | least free heap at a scene |", "|---|---:|---:|---:|---|---:|"]
    for g in games:
        rows = {k: v for k, v in scenes.items() if k.startswith(g + "/")}
        setup = rows.get(g + "/SetupScreen")
        tables = {}
        for k, v in rows.items():
            part = k[len(g) + 1:].split("/")
            if len(part) == 2 and part[1] in ("Table", "GameScene"):
                tables[part[0]] = v
        others = [(v["draw_ms_max"], k[len(g) + 1:]) for k, v in rows.items()
                  if v["full_frames"] and v is not setup and v not in tables.values()]
        worst = max(others) if others else None
        least = [h for k, h in heaps.items() if k.startswith(g + "/")]
        md.append("| %s | %s | %s | %s | %s | %s |" % (
            g, _draw_cell(setup), _draw_cell(tables.get("demo")), _draw_cell(tables.get("play")),
            "%.1f%s (%s)" % (worst[0], "" if worst[0] < t["draw_ms"] else " **miss**", worst[1])
            if worst else "-", min(least) if least else "-"))
        lines.append("%-14s setup %s, table %s / %s, other %s" % (
            g, _draw_cell(setup), _draw_cell(tables.get("demo")), _draw_cell(tables.get("play")),
            "%.1f (%s)" % worst if worst else "-"))
    return md


def section(quick: bool = False, log=print):
    """(text, markdown) for tools.bench, or None (printed why) when the rig cannot run here."""
    why = rig.missing()
    if why:
        log("  skipped: the emulated Pico needs %s" % why)
        return None
    return report(measure_all(quick, log=log))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench_rig",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true", help="shorter games")
    ap.add_argument("--games", help="comma-separated game ids (default: every registered one)")
    ap.add_argument("--demo-ms", type=int, help="emulated ms per all-AI game, at most")
    ap.add_argument("--human-ms", type=int, help="emulated ms per game against the AI")
    ap.add_argument("--build", type=Path, help="a build folder (default: build it into %s)"
                    % RIG_BUILD.relative_to(ROOT))
    ap.add_argument("--report", action="store_true", help="measure nothing: print (and write the "
                    "doc block) from %s" % OUT_JSON.relative_to(ROOT))
    ap.add_argument("--no-doc", action="store_true", help="leave docs/PERFORMANCE.md alone")
    args = ap.parse_args(argv)
    if args.report:
        res = json.loads(OUT_JSON.read_text())
        text, md = report(res, res.get("command", "python -m tools.bench_rig"))
        print(text)
        if not args.no_doc:
            write_doc(md)
        return 0
    why = rig.missing()
    if why:
        print("bench_rig: skipped: the emulated Pico needs %s" % why)
        return 0
    games = args.games.split(",") if args.games else None
    res = measure_all(args.quick, games, args.demo_ms, args.human_ms, args.build)
    res["command"] = "python -m tools.bench_rig" + "".join(
        " " + a for a in (argv if argv is not None else sys.argv[1:]) if a != "--no-doc")
    OUT_JSON.write_text(json.dumps(res, indent=1, sort_keys=True))
    text, md = report(res, res["command"])
    print(text)
    print("wrote %s" % OUT_JSON)
    if not args.no_doc and games is None:
        write_doc(md)
    return 0


def write_doc(md: str) -> None:
    """docs/PERFORMANCE.md's block `rig` becomes `md`."""
    from tools import bench

    bench.write_block("rig", md)


if __name__ == "__main__":
    sys.exit(main())
