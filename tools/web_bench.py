"""The web page's speed in headless Chromium (`python -m tools.web bench [--write]`): what a
person feels, measured in the page with performance.now().

The interpreter runs in a Web Worker (web/worker.js); the page's main thread only puts the
frames it sends on the canvas and turns keys into the button mask.

- load: navigation start to the first main-menu frame put on the page's canvas (and the
  first frame, the splash), on a fresh page with empty storage;
- press to frame: a key's event time on the main thread to the frame the worker drew after
  it, put on the canvas, and to the animation frame after that, menu cursor moves;
- a whole all-AI game of each kind (Watch AI play, AI speed "fast"): every app step's
  duration in the worker, the main thread's long tasks (over 50 ms: a frame dropped at
  20 Hz or worse) and the longest time between two animation frames of the page;
- idle: the main menu left alone, the main thread's busy time (CDP Performance.getMetrics
  TaskDuration) and the worker's (its steps and what follows each) over wall time, and app
  steps per second.

With --write the figures go to docs/WEB.md between its BENCH markers.
"""

from __future__ import annotations

import platform
import statistics
import subprocess
import time
from pathlib import Path

from tools import web_browser as wb

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "WEB.md"
BEGIN = "<!-- BENCH:BEGIN (python -m tools.web bench --write) -->"
END = "<!-- BENCH:END -->"
LOADS = 5
PRESSES = 20
IDLE_S = 10
GAME_TIMEOUT_S = 900
GAMES = ("memory", "match_collect", "match252", "cauldron", "manufactory", "shadowlock")


def _fast_settings():
    import sys

    sys.path.insert(0, str(ROOT / "firmware"))
    sys.path.insert(0, str(ROOT / "sim" / "stubs"))
    from sim import compat

    compat.install()
    from core import storage

    return storage.encode(dict(storage.DEFAULT_SETTINGS, ai_speed="fast", tips_enabled=False))


def measure_load(b, site) -> list[dict]:
    runs = []
    for _ in range(LOADS):
        page = wb.open_page(b, site.url("?board=pico_lcd_1_3"))
        page.page.wait_for_function("window.cardConsole.timing.firstMenuFrame !== null",
                                    timeout=30_000)
        runs.append(page.page.evaluate("window.cardConsole.timing"))
        page.page.context.close()
    return runs


def measure_presses(b, site) -> dict:
    page = wb.menu_page(b, site)
    page.page.wait_for_timeout(500)
    keys = wb.Presser(page.page, "keys", gap=250)
    for i in range(PRESSES):
        keys.press("DOWN" if i % 2 == 0 else "UP")
    page.page.wait_for_timeout(300)
    lat = page.page.evaluate("window.cardConsole.latency")
    page.page.context.close()
    return lat


def measure_idle(b, site) -> dict:
    page = wb.menu_page(b, site)
    page.page.wait_for_timeout(2000)
    cdp = page.page.context.new_cdp_session(page.page)
    cdp.send("Performance.enable")

    def metrics():
        return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}

    s0 = page.page.evaluate("window.cardConsole.ask('stats')")
    m0 = metrics()
    t0 = time.monotonic()
    page.page.wait_for_timeout(IDLE_S * 1000)
    m1 = metrics()
    wall = time.monotonic() - t0
    s1 = page.page.evaluate("window.cardConsole.ask('stats')")
    page.page.context.close()
    return {"wall_s": wall, "task_s": m1["TaskDuration"] - m0["TaskDuration"],
            "script_s": m1["ScriptDuration"] - m0["ScriptDuration"],
            "worker_s": (s1["busyMs"] - s0["busyMs"]) / 1000,
            "steps_per_s": (s1["steps"] - s0["steps"]) / wall}


# In the page: the main thread's long tasks, and the time between its animation frames.
WATCH_MAIN_THREAD = """() => {
    const h = window.cardConsole;
    const w = h.watch = {long: [], gapMax: 0, gapsOver50: 0, frames: 0, on: true};
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.long.push(e.duration);
    }).observe({ type: "longtask", buffered: false });
    let last = performance.now();
    const frame = (now) => {
        const gap = now - last;
        last = now;
        w.frames++;
        if (gap > w.gapMax) w.gapMax = gap;
        if (gap > 50) w.gapsOver50++;
        if (w.on) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    return h.ask("record", true);
}"""


def measure_game(b, site, game: str) -> dict:
    page = wb.menu_page(b, site, data={"settings.json": _fast_settings()})
    keys = wb.Presser(page.page, "keys")
    wb.cursor_to(page, keys, GAMES.index(game))
    keys.press("A")
    d = page.wait_for("d.scenes.includes('SetupScreen') && d.rows && d.rows.includes('Start')")
    wb.cursor_to(page, keys, d["rows"].index("Watch AI play"))
    page.page.evaluate(WATCH_MAIN_THREAD)
    t0 = time.monotonic()
    keys.press("A")
    page.wait_for("d.game !== undefined", 15_000)
    page.wait_for("d.game === undefined", GAME_TIMEOUT_S * 1000, GAME_TIMEOUT_S * 1000)
    wall = time.monotonic() - t0
    out = page.page.evaluate("""async () => {
        const h = window.cardConsole, w = h.watch;
        w.on = false;
        const s = await h.ask("stats");
        await h.ask("record", false);
        return {steps: s.stepTimes, slow: s.slowSteps, long: w.long, gapMax: w.gapMax,
                gapsOver50: w.gapsOver50, frames: w.frames};
    }""")
    out["wall_s"] = wall
    out["errors"] = page.errors + ([] if page.describe()["errors"] == 0 else ["error screen"])
    page.page.context.close()
    return out


def _ms(values):
    return "%.1f" % values if isinstance(values, float) else str(values)


def report(load, presses, games, idle, version) -> str:
    firsts = [r["firstFrame"] for r in load]
    menus = [r["firstMenuFrame"] for r in load]
    lines = [
        "Measured with `python -m tools.web bench --write` on %s (headless Debian Chromium %s, "
        "Playwright; %d CPU cores, shared with other jobs), site version %s." % (
            time.strftime("%Y-%m-%d"), version, _cores(), site_version()),
        "",
        "| what | figure | target |",
        "|---|---|---|",
        "| page load to the first menu frame (median of %d fresh loads; min-max) | "
        "%.0f ms (%.0f-%.0f) | median under 1,500 ms: %s |" % (
            len(menus), statistics.median(menus), min(menus), max(menus),
            "**pass**" if statistics.median(menus) < 1500 else "**over**"),
        "| page load to the first frame (the splash) | %.0f ms (%.0f-%.0f) | |" % (
            statistics.median(firsts), min(firsts), max(firsts)),
    ]
    drawn, painted = presses["drawn"], presses["painted"]
    lines.append(
        "| key press to the new frame drawn (%d menu cursor moves; median, max) | "
        "%.1f ms, %.1f ms | every one under 16 ms: %s |" % (
            len(drawn), statistics.median(drawn), max(drawn),
            "**pass**" if max(drawn) < 16 else "**over**"))
    lines.append(
        "| key press to the next animation frame after it (median, max) | %.1f ms, %.1f ms "
        "| |" % (statistics.median(painted), max(painted)))
    lines.append(
        "| idle on the main menu, %.0f s: busy time / wall time, main thread; worker | "
        "%.2f %%; %.2f %% (%.1f app steps a second) | near zero |" % (
            idle["wall_s"], 100 * idle["task_s"] / idle["wall_s"],
            100 * idle["worker_s"] / idle["wall_s"], idle["steps_per_s"]))
    lines += ["", "A whole all-AI game of each kind (Watch AI play from the setup screen, "
              "default options, AI speed fast, Pico-LCD-1.3): each app step's time in the "
              "worker; on the page's main thread, its long tasks (busy over 50 ms) and the "
              "longest time between two of its animation frames.", "",
              "| game | wall time | app steps | step median | step max | steps over 33 ms "
              "(the screen on top after them) | main-thread long tasks (over 50 ms) "
              "| longest between animation frames (gaps over 50 ms, of frames) | errors |",
              "|---|---|---|---|---|---|---|---|---|"]
    for game, g in games.items():
        steps = g["steps"]
        slow = ", ".join("%.0f ms (%s)" % (ms, scene) for ms, scene in g["slow"]) or "none"
        lines.append("| %s | %.0f s | %d | %.2f ms | %.1f ms | %s | %d%s | %.0f ms (%d of %d) "
                     "| %s |" % (
                         game, g["wall_s"], len(steps), statistics.median(steps), max(steps),
                         slow, len(g["long"]),
                         " (longest %.0f ms)" % max(g["long"]) if g["long"] else "",
                         g["gapMax"], g["gapsOver50"], g["frames"],
                         "; ".join(g["errors"]) or "none"))
    return "\n".join(lines) + "\n"


def _cores() -> int:
    import os

    return os.cpu_count() or 0


def site_version() -> str:
    from tools import web

    try:
        html = (web.OUT / "index.html").read_text()
        return html.split("console.js?v=")[1][:12]
    except (OSError, IndexError):
        return "?"


def _git_head() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def write_doc(text: str) -> None:
    doc = DOC.read_text()
    head, rest = doc.split(BEGIN, 1)
    _old, tail = rest.split(END, 1)
    DOC.write_text(head + BEGIN + "\n" + text + END + tail)


def main(site_dir: Path, write: bool) -> int:
    with wb.Site(site_dir) as site, wb.browser() as b:
        version = b.version
        load = measure_load(b, site)
        print("load:", [round(r["firstMenuFrame"]) for r in load], flush=True)
        presses = measure_presses(b, site)
        print("press to frame:", [round(x, 1) for x in presses["drawn"]], flush=True)
        idle = measure_idle(b, site)
        print("idle:", idle, flush=True)
        games = {}
        for game in GAMES:
            games[game] = measure_game(b, site, game)
            g = games[game]
            print("%s: %.0f s, %d steps, max %.1f ms, main-thread long tasks %s, longest "
                  "frame gap %.0f ms" % (game, g["wall_s"], len(g["steps"]), max(g["steps"]),
                                         [round(x) for x in g["long"]], g["gapMax"]),
                  flush=True)
    text = report(load, presses, games, idle, version)
    text = text.replace("site version", "commit %s (%s), site version" % (
        _git_head(), platform.machine()), 1)
    print(text)
    if write:
        write_doc(text)
        print("written to", DOC.relative_to(ROOT))
    return 0
