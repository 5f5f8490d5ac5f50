"""`make bench`: measured speed and memory of the platform, written to docs/PERFORMANCE.md.

    python -m tools.bench [--quick] [--only NAME[,NAME]] [--no-write]
    python -m tools.bench --script NAME      # print the MicroPython script a section runs

Sections (NAME):
  bytes   RGB565 bytes sent to the display per typical input event (sim.headless, real app)
  flush   ST7789.flush under the MicroPython unix port: the real driver with a do-nothing SPI,
          viper and pure-Python conversion, full frame and a menu cursor move (on the chip:
          the rig section)
  heap    boot-to-menu heap of the real app under the unix port (device.headless), and the
          smallest -X heapsize at which it completes (bisection), from .py and from .mpy
  sim     the simulator window (SDL dummy driver): idle CPU and frame rate, present() speed
  ai      AI decision time of every registered game (tools.arena)
  rig     measured on the emulated RP2040 (tools/bench_rig.py; skipped without the firmware)
  frozen  the frozen firmware (make firmware) beside the filesystem build on the emulated
          RP2040 (tools/bench_frozen.py; skipped, saying why, without MICROPY_DIR or
          FROZEN_FIRMWARE)

A benchmark, not a test: it prints a table and rewrites only its own blocks of
docs/PERFORMANCE.md (between `<!-- bench:NAME:begin -->` and `<!-- bench:NAME:end -->`);
text outside the markers is kept. Timings vary from run to run and machine to machine; the
byte counts and heap sizes do not.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sim import compat

compat.install()

from tools.arena import median, percentile  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
GEN = FIRMWARE / "gen"
DOC = ROOT / "docs" / "PERFORMANCE.md"
SECTIONS = ("bytes", "flush", "heap", "sim", "ai", "rig", "frozen")

FRAME_BYTES = 240 * 240 * 2
TARGET_CURSOR_PCT = 10.0
TARGET_HEAP_WK = 64
TARGET_IDLE_CPU = 20.0
TARGET_FPS = 60

# The key scripts of the "bytes" section (and of the heap run): UP, UP reaches Settings from
# the menu's first row whether or not games are registered.
BOOT = "WAIT:1600"
EVENTS = (
    # (label, key script, token whose bytes are the event)
    ("boot to the main menu (splash, then menu)", BOOT, "BOOT"),
    ("menu cursor move (DOWN on the main menu)", BOOT + ",DOWN", "DOWN"),
    ("open a screen (A on Settings)", BOOT + ",UP,UP,A", "A"),
    ("settings value change (RIGHT on Brightness)", BOOT + ",UP,UP,A,DOWN,DOWN,RIGHT",
     "RIGHT"),
    ("settings cursor move (DOWN in Settings)", BOOT + ",UP,UP,A,DOWN", "DOWN"),
    ("back to the menu (B)", BOOT + ",UP,UP,A,B", "B"),
)
HEAP_KEYS = BOOT + ",UP,UP,A,RIGHT,B,DOWN"


def micropython() -> str | None:
    from tools.upy import find_micropython

    return find_micropython()


def run_mpy(script: str, heap: str, path: Path | str = FIRMWARE, timeout: float = 300):
    exe = micropython()
    if exe is None:
        raise RuntimeError("no MicroPython unix port (.venv/bin/micropython or PATH)")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(script)
    try:
        env = dict(os.environ, MICROPYPATH=str(path))
        return subprocess.run([exe, "-X", "heapsize=" + heap, f.name], capture_output=True,
                              text=True, timeout=timeout, env=env)
    finally:
        os.unlink(f.name)


def stats(values: list[float]) -> tuple[float, float]:
    return median(values), percentile(values, 95)


def verdict(ok: bool) -> str:
    return "**pass**" if ok else "**FAIL**"


# -- bytes per event ---------------------------------------------------------------------------
def flush_recorder(rects):
    """A setup hook that starts the app and appends every display.flush rectangle to rects."""

    def setup(app):
        display = app.platform.display
        real = display.flush

        def flush(buf, x, y, w, h):
            rects.append((x, y, w, h))
            real(buf, x, y, w, h)

        display.flush = flush
        app.start()

    return setup


def bench_bytes(quick: bool) -> dict:
    from sim import headless

    rows = []
    for label, keys, want in EVENTS:
        r = headless.run(keys, seed=1)
        # "BOOT" = start-up and first frame plus the WAIT (the splash hands over to the menu);
        # otherwise the last token of the script.
        steps = r.steps
        if want == "BOOT":
            sent = steps[0].bytes + steps[1].bytes
        else:
            sent = [s for s in steps if s.token == want][-1].bytes
        rows.append((label, keys, sent, 100.0 * sent / FRAME_BYTES))
    # The rectangles a menu cursor move flushes, for the flush section.
    rects = []
    headless.run(BOOT + ",DOWN", seed=1, setup=flush_recorder(rects))
    # The flushes during DOWN are the last ones (nothing else moves on the menu).
    before = headless.run(BOOT, seed=1).platform.display.flushes
    cursor_rects = rects[before:]
    return {"rows": rows, "cursor_rects": cursor_rects,
            "cursor_pct": rows[1][3]}


def report_bytes(res: dict) -> tuple[str, str]:
    lines = ["%-46s %9s %8s" % ("event (240x240)", "bytes", "% frame")]
    md = ["Command: `python -m tools.bench --only bytes` (sim.headless, real app, seed 1; "
          "bytes = RGB565 bytes sent to the display from the key's press until the next "
          "token, %d bytes = one full frame)." % FRAME_BYTES, "",
          "| event | key script | bytes sent | % of a full frame |", "|---|---|---:|---:|"]
    for label, keys, sent, pct in res["rows"]:
        lines.append("%-46s %9d %7.1f%%" % (label, sent, pct))
        md.append("| %s | `%s` | %d | %.1f %% |" % (label, keys, sent, pct))
    rects = res["cursor_rects"]
    ok = res["cursor_pct"] < TARGET_CURSOR_PCT
    md += ["", "Menu cursor move: %d flush(es), rectangles (x, y, w, h) %s. Target: under "
           "%d %% of a full frame: %.1f %%, %s." % (len(rects), ", ".join(map(str, rects)),
                                                     TARGET_CURSOR_PCT, res["cursor_pct"],
                                                     verdict(ok))]
    lines.append("cursor move rects %s: %.1f%% of a frame (target < %d%%) %s" % (
        rects, res["cursor_pct"], TARGET_CURSOR_PCT, "pass" if ok else "FAIL"))
    return "\n".join(lines), "\n".join(md)


# -- flush under MicroPython --------------------------------------------------------------------
FLUSH_SCRIPT = """
import gc, json, time
from device import st7789
from core import theme

RUNS = %(runs)d
CASES = %(cases)r


class SPI:
    def write(self, buf):
        pass


class Pin:
    def value(self, v=None):
        return 0


def no_conversion(src, dst, lut, params):
    pass


drv = st7789.ST7789(SPI(), Pin(), cs=Pin(), rst=Pin(), width=240, height=240,
                    sleep_ms=lambda ms: None)
drv.set_palette(theme.palette("dark"))
buf = bytearray(240 * 240 // 2)
for i in range(len(buf)):
    buf[i] = (i * 7 + (i >> 7)) & 0xFF
out = {"viper": drv.viper}
paths = (("viper", st7789.convert_strip_viper), ("python", st7789.convert_strip_py),
         ("overhead", no_conversion))
for mode, fn in paths:
    if fn is None:
        continue
    drv._convert = fn
    for name, rects in CASES:
        runs = RUNS if not (mode == "python" and name == "full") else max(5, RUNS // 5)
        for r in rects:                     # warm-up (first call compiles nothing, but caches)
            drv.flush(buf, r[0], r[1], r[2], r[3])
        gc.collect()
        times = []
        for _ in range(runs):
            t0 = time.ticks_us()
            for r in rects:
                drv.flush(buf, r[0], r[1], r[2], r[3])
            times.append(time.ticks_diff(time.ticks_us(), t0))
        out[mode + ":" + name] = times
print(json.dumps(out))
"""


def flush_cases(cursor_rects) -> list:
    return [("full", [(0, 0, 240, 240)]), ("cursor", [tuple(r) for r in cursor_rects])]


def bench_flush(quick: bool, cursor_rects) -> dict:
    runs = 15 if quick else 50
    cases = flush_cases(cursor_rects)
    proc = run_mpy(FLUSH_SCRIPT % {"runs": runs, "cases": cases}, "192wK")
    if proc.returncode != 0:
        raise RuntimeError("flush bench failed:\n" + proc.stdout + proc.stderr)
    raw = json.loads(proc.stdout.strip().splitlines()[-1])
    res = {"runs": runs, "viper": raw["viper"], "cases": cases, "ms": {}}
    for key, times in raw.items():
        if key != "viper":
            res["ms"][key] = stats([t / 1000.0 for t in times]) + (len(times),)
    return res


def report_flush(res: dict) -> tuple[str, str]:
    cmd = "python -m tools.bench --only flush%s" % ("" if res["runs"] >= 50 else " --quick")
    lines = ["%-34s %9s %9s %5s" % ("flush on the unix port", "median ms", "p95 ms", "runs")]
    md = ["Command: `%s` (prints the MicroPython script with `python -m tools.bench --script "
          "flush`; it runs as `MICROPYPATH=firmware .venv/bin/micropython -X heapsize=192wK "
          "script.py`). The real `device.st7789.ST7789` driver, a fake SPI whose `write()` "
          "does nothing and fake pins, a canvas of varied bytes; viper path active: %s. "
          "Host: %s, %s." % (cmd, "yes" if res["viper"] else "NO", platform.machine(),
                             platform.processor() or platform.system()),
          "", "| unix port | median ms | p95 ms | runs |", "|---|---:|---:|---:|"]
    names = {"full": "full frame 240x240", "cursor": "menu cursor move"}
    modes = {"viper": "viper", "python": "pure Python", "overhead": "driver only, no conversion"}
    for mode in ("viper", "python", "overhead"):
        for name in ("full", "cursor"):
            key = mode + ":" + name
            if key not in res["ms"]:
                continue
            med, p95, n = res["ms"][key]
            label = "%s, %s" % (names[name], modes[mode])
            lines.append("%-34s %9.3f %9.3f %5d" % (label[:34], med, p95, n))
            md.append("| %s | %.3f | %.3f | %d |" % (label, med, p95, n))
    md += ["", "On the chip (the real driver, DMA and viper, on the emulated RP2040): "
           "`full_flush_ms` and the menu's press to frame in the block above."]
    return "\n".join(lines), "\n".join(md)


# -- boot-to-menu heap --------------------------------------------------------------------------
HEAP_SCRIPT = """
import gc, os
try:
    import micropython
    mem_peak = micropython.mem_peak
except (ImportError, AttributeError):
    mem_peak = None
from core.app import App
from device.headless import HeadlessPlatform

D = %(data)r
p = HeadlessPlatform(keys=%(keys)r, data_dir=D, asset_dir=%(gen)r)
app = App(p)
app.start()
peak = gc.mem_alloc()
menu_live = -1
end = -1
while p.clock.now < 600000:
    wait = app.step()
    a = gc.mem_alloc()
    if a > peak:
        peak = a
    if menu_live < 0 and type(app.top).__name__ == "MainMenu":
        gc.collect()
        menu_live = gc.mem_alloc()
    p.clock.sleep_ms(wait if wait > 0 else 1)
    if end < 0 and p.buttons.done():
        end = p.clock.now + 1500
    if end >= 0 and p.clock.now >= end:
        break
gc.collect()
ok = type(app.top).__name__ == "MainMenu" and app.errors == 0 and "log.txt" not in os.listdir(D)
print("RESULT", menu_live, gc.mem_alloc(), peak, gc.mem_free() + gc.mem_alloc(),
      mem_peak() if mem_peak else -1, app.errors, type(app.top).__name__)
print("SUMMARY", getattr(app.top, "summary", "-"))
if ok:
    print("OK")
"""


def heap_run(heap_wk: int, path: Path, gen: Path) -> tuple[bool, list | None, str]:
    data = tempfile.mkdtemp(prefix="bench-heap-")
    try:
        script = HEAP_SCRIPT % {"data": data, "keys": HEAP_KEYS, "gen": str(gen)}
        proc = run_mpy(script, "%dwK" % heap_wk, path)
    finally:
        shutil.rmtree(data, ignore_errors=True)
    out = proc.stdout.splitlines()
    fields = None
    summary = ""
    for line in out:
        if line.startswith("RESULT "):
            fields = line.split()[1:]
        elif line.startswith("SUMMARY "):
            summary = line[8:]
    ok = proc.returncode == 0 and bool(out) and out[-1] == "OK"
    if ok:
        return ok, fields, ""
    if fields is not None:
        why = "the app caught %s error(s) and ended on %s: %s" % (fields[5], fields[6], summary)
    else:
        err = proc.stderr.strip().splitlines()
        why = "MicroPython stopped: " + (err[-1] if err else "exit %d" % proc.returncode)
    return ok, fields, why


def bisect_heap(path: Path, gen: Path, lo: int = 32, hi: int = 256) -> int | None:
    """Smallest heap (wK) at which the boot script completes; None if not even `hi`."""
    if not heap_run(hi, path, gen)[0]:
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if heap_run(mid, path, gen)[0]:
            hi = mid
        else:
            lo = mid
    return hi


def bench_heap(quick: bool) -> dict:
    ok, fields, err = heap_run(192, FIRMWARE, GEN)
    if not ok or fields is None:
        raise RuntimeError("heap bench: the app did not complete at 192wK: %s" % err)
    res = {"fields": [int(v) for v in fields[:6]], "min_py": bisect_heap(FIRMWARE, GEN)}
    res["target_ok"] = False
    res["target_err"] = "not built"
    res["min_mpy"] = None
    if True:  # the target is judged on what a board runs: the .mpy build
        build = Path(tempfile.mkdtemp(prefix="bench-build-"))
        try:
            proc = subprocess.run([sys.executable, "-m", "tools.build", "--out", str(build),
                                   "-q"], cwd=ROOT, capture_output=True, text=True)
            if proc.returncode == 0:
                target_ok, _, target_err = heap_run(TARGET_HEAP_WK, build, build / "gen")
                res["target_ok"] = target_ok
                res["target_err"] = target_err
                res["min_mpy"] = bisect_heap(build, build / "gen")
        finally:
            shutil.rmtree(build, ignore_errors=True)
    return res


def report_heap(res: dict) -> tuple[str, str]:
    menu_live, end_live, peak, total, mem_peak, _errors = res["fields"]
    cmd = "python -m tools.bench --only heap"
    lines = [
        "live heap at the main menu (after gc.collect): %d B" % menu_live,
        "live heap at the end (Settings visited, French loaded): %d B" % end_live,
        "peak gc.mem_alloc() sampled after each frame at 192wK: %d B" % peak,
        "micropython.mem_peak(): %d B (allocator count, GC frees not subtracted)" % mem_peak,
        "smallest heap that completes, .py source: %s" % _wk(res["min_py"]),
        "smallest heap that completes, .mpy (tools.build): %s" % _wk(
            res["min_mpy"], "not measured (--quick)"),
        "target %dwK (.mpy build): %s %s" % (TARGET_HEAP_WK, "pass" if res["target_ok"] else "FAIL",
                                res["target_err"]),
    ]
    md = ["Command: `%s` (the script: `python -m tools.bench --script heap`; it runs as "
          "`MICROPYPATH=firmware .venv/bin/micropython -X heapsize=NwK script.py`). The real "
          "app on `device.headless.HeadlessPlatform` (asset_dir firmware/gen, a fresh temporary "
          "data_dir), key script `%s`: boot, splash, main menu, cursor moves, open Settings, "
          "RIGHT (language English -> French), B (saves settings), DOWN. Completion = the app "
          "ends on the main menu with no error caught and no log.txt, and the script prints OK. "
          "The unix port is 64-bit: `NwK` is N K words = 2N KB, and objects are about twice "
          "a Pico's, so `64wK` mirrors a 64 KB heap on the Pico in object counts (byte "
          "buffers such as the 28,800-byte canvas do not double)." % (cmd, HEAP_KEYS), "",
          "| measure (unix port, 64-bit) | value |", "|---|---:|",
          "| live heap at the main menu after boot (gc.collect, gc.mem_alloc) | %d B |"
          % menu_live,
          "| live heap at the end (Settings visited, French strings loaded) | %d B |" % end_live,
          "| peak gc.mem_alloc() sampled after every frame, at 192wK (%d B heap) | %d B |"
          % (total, peak),
          "| micropython.mem_peak() (the allocator's running count; blocks the GC frees are "
          "not subtracted, so it overstates) | %d B |" % mem_peak,
          "| smallest `-X heapsize` that completes, firmware as .py source (bisection, "
          "32..256wK) | %s |" % _wk(res["min_py"]),
          "| smallest `-X heapsize` that completes, firmware as .mpy (`tools.build`) | %s |"
          % _wk(res["min_mpy"], "not measured (--quick)"),
          "", "Target: completes at %dwK: %s%s" % (
              TARGET_HEAP_WK, verdict(res["target_ok"]),
              "" if res["target_ok"] else " (at %dwK %s)" % (
                  TARGET_HEAP_WK, res["target_err"] or "did not print OK"))]
    return "\n".join(lines), "\n".join(md)


def _wk(value, missing="did not complete at 256wK"):
    return missing if value is None else "%dwK" % value


# -- the simulator window --------------------------------------------------------------------
def bench_sim(quick: bool) -> dict:
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from core.app import App
    from sim import window
    from sim.platform import SimPlatform

    idle_s = 2.0 if quick else 5.0
    data = tempfile.mkdtemp(prefix="bench-sim-")
    try:
        plat = SimPlatform(board="pico_lcd_1_3", data_dir=data, seed=1)
        app = App(plat)
        app.start()
        win = window.Window(app, plat)
        # Boot to the main menu (the splash lasts 1.5 s of real time).
        t_end = time.monotonic() + 1.8
        while time.monotonic() < t_end:
            win.tick()
            win.clock.tick(window.FPS)
        menu = type(app.top).__name__
        ticks0, presents0, steps0 = 0, win.presents, app.frames_drawn
        wall0, cpu0 = time.perf_counter(), time.process_time()
        while time.perf_counter() - wall0 < idle_s:
            win.tick()
            win.clock.tick(window.FPS)
            ticks0 += 1
        wall = time.perf_counter() - wall0
        cpu = time.process_time() - cpu0
        idle = {"seconds": wall, "cpu_pct": 100.0 * cpu / wall, "loops_per_s": ticks0 / wall,
                "presents": win.presents - presents0, "frames": app.frames_drawn - steps0,
                "top": menu}
        # Capability: present() with a changed screen every time, unthrottled.
        n = 60 if quick else 200
        t0 = time.perf_counter()
        for _ in range(n):
            app.canvas.mark_all()
            app.canvas.flush(plat.display)
            win.present()
        busy = time.perf_counter() - t0
        pygame.display.quit()
    finally:
        shutil.rmtree(data, ignore_errors=True)
    return {"idle": idle, "present_fps": n / busy, "present_ms": 1000 * busy / n}


def report_sim(res: dict) -> tuple[str, str]:
    idle = res["idle"]
    ok_cpu = idle["cpu_pct"] < TARGET_IDLE_CPU
    ok_fps = res["present_fps"] >= TARGET_FPS and idle["loops_per_s"] >= 0.9 * TARGET_FPS
    lines = ["idle window on %s: %.1f s, %.1f %% CPU, %.1f loops/s, %d frames drawn, %d "
             "presents" % (idle["top"], idle["seconds"], idle["cpu_pct"], idle["loops_per_s"],
                           idle["frames"], idle["presents"]),
             "full-screen convert + present, unthrottled: %.2f ms -> %.0f fps" % (
                 res["present_ms"], res["present_fps"])]
    md = ["Command: `python -m tools.bench --only sim` (SDL dummy video driver, the real app in "
          "`sim.window.Window` at scale 3 with the handheld frame, real clock). Idle: the main "
          "menu with no key held, the window loop (`tick()` + `clock.tick(%d)`) for %.1f s; CPU "
          "= `time.process_time()` / wall time. Capability: the whole canvas flushed to the "
          "simulated display and `present()` (scale, frame, flip) back to back." % (
              TARGET_FPS, idle["seconds"]), "",
          "| measure | value | target | |", "|---|---:|---|---|",
          "| idle CPU (one core) | %.1f %% | < %g %% | %s |" % (idle["cpu_pct"], TARGET_IDLE_CPU,
                                                         verdict(ok_cpu)),
          "| idle window loop rate | %.1f /s | %d /s | %s |" % (
              idle["loops_per_s"], TARGET_FPS,
              verdict(idle["loops_per_s"] >= 0.9 * TARGET_FPS)),
          "| app frames drawn / window presents while idle | %d / %d | 0 (nothing changes) | |"
          % (idle["frames"], idle["presents"]),
          "| full-screen flush + present | %.2f ms (%.0f fps) | >= %d fps | %s |" % (
              res["present_ms"], res["present_fps"], TARGET_FPS,
              verdict(res["present_fps"] >= TARGET_FPS)),
          "", "Host: %s %s, Python %s." % (platform.system(), platform.machine(),
                                           platform.python_version())]
    _ = ok_fps
    return "\n".join(lines), "\n".join(md)


# -- AI decision timing ----------------------------------------------------------------------
AI_HEAP = "256wK"      # generous: this section measures time; tools.memcheck measures memory


def bench_ai(quick: bool) -> dict:
    """Per registered game and level: all seats at that level, AI-only games under the
    MicroPython unix port (tools.soak), each decision timed with time.ticks_us."""
    import registry
    from tools import soak

    games = 3 if quick else 10
    out = []
    for entry in list(registry.GAMES):
        game_id, _key, _pkg, low, high = entry
        players = max(2, low) if high >= 2 else low
        for level in ("easy", "normal", "hard"):
            res = soak.soak(game_id, [level] * players, games, 1, heap=AI_HEAP)
            s = res["levels"].get(level, {})
            out.append((game_id, players, level, res["ok"], s.get("count", 0),
                        s.get("median_ms", 0.0), s.get("p95_ms", 0.0), s.get("max_ms", 0.0),
                        len(res["errors"])))
    return {"games": games, "rows": out}


def report_ai(res: dict) -> tuple[str, str]:
    cmd = "python -m tools.bench --only ai%s" % ("" if res["games"] >= 10 else " --quick")
    if not res["rows"]:
        return ("no games registered yet",
                "Command: `%s`. No games registered yet (`firmware/registry.py` "
                "GAMES is empty); this table fills in as games register." % cmd)
    lines = ["%-14s %3s %-7s %5s %6s %9s %9s %9s" % (
        "game", "n", "level", "games", "moves", "med ms", "p95 ms", "max ms")]
    md = ["Command: `%s` (`tools.soak`: the real rules and AI under the MicroPython unix port "
          "with `-X heapsize=%s`, every seat at one level, default budget, %d games per "
          "level from seed 1, each decision timed with `time.ticks_us`): the host's times, "
          "for comparing AI changes; on the chip, `ai_hard_ms` in the block above."
          % (cmd, AI_HEAP, res["games"]),
          "", "| game | players | level | games ended | decisions | median ms | p95 ms | "
          "max ms |", "|---|---:|---|---:|---:|---:|---:|---:|"]
    for game_id, players, level, n, moves, med, p95, worst, errors in res["rows"]:
        lines.append("%-14s %3d %-7s %5d %6d %9.3f %9.3f %9.3f%s" % (
            game_id, players, level, n, moves, med, p95, worst,
            "  (%d errors)" % errors if errors else ""))
        played = "%d (%d raised)" % (n, errors) if errors else str(n)
        md.append("| %s | %d | %s | %s | %d | %.3f | %.3f | %.3f |" % (
            game_id, players, level, played, moves, med, p95, worst))
    return "\n".join(lines), "\n".join(md)


# -- docs/PERFORMANCE.md -----------------------------------------------------------------------
TITLES = {
    "bytes": "Bytes sent per input event",
    "flush": "Canvas flush (ST7789 driver)",
    "heap": "Boot-to-menu heap",
    "sim": "Simulator window",
    "ai": "AI decision time",
    "rig": "Measured on the emulated RP2040",
    "frozen": "Frozen firmware beside the filesystem build (emulated RP2040)",
}

DOC_HEAD = """# Performance

Measured by `make bench` (`python -m tools.bench`; `--quick` for a shorter run, `--only NAME`
for one section: %s). The blocks between `<!-- bench:NAME:begin -->` and
`<!-- bench:NAME:end -->` are rewritten by every run; everything else in this file is
hand-written and kept. Timings depend on the machine; byte counts do not, heap figures
barely (a few dozen bytes).

""" % ", ".join(SECTIONS)


def begin(name):
    return "<!-- bench:%s:begin -->" % name


def end(name):
    return "<!-- bench:%s:end -->" % name


def update_doc(text: str, blocks: dict[str, str]) -> str:
    """Replace (or append) each named block of `text`; everything else stays."""
    if not text.strip():
        text = DOC_HEAD
    for name in SECTIONS:
        if name not in blocks:
            continue
        stamp = "_Last run: %s._" % time.strftime("%Y-%m-%d")
        body = "%s\n%s\n\n%s\n%s" % (begin(name), stamp, blocks[name], end(name))
        b, e = text.find(begin(name)), text.find(end(name))
        if b >= 0 and e > b:
            text = text[:b] + body + text[e + len(end(name)):]
        else:
            text = text.rstrip("\n") + "\n\n## %s\n\n%s\n" % (TITLES[name], body)
    return text


def write_block(name: str, md: str) -> None:
    """docs/PERFORMANCE.md's block `name` (between its bench markers) becomes `md` (the
    sections run alone write their own: tools/bench_rig.py, tools/bench_frozen.py)."""
    old = DOC.read_text(encoding="utf-8") if DOC.exists() else ""
    DOC.write_text(update_doc(old, {name: md}), encoding="utf-8")
    print("updated %s (%s)" % (DOC, name))


SCRIPTS = {"flush": lambda: FLUSH_SCRIPT % {"runs": 50, "cases": flush_cases(
    bench_bytes(True)["cursor_rects"])},
    "heap": lambda: HEAP_SCRIPT % {"data": "/tmp/bench-data", "keys": HEAP_KEYS,
                                   "gen": str(GEN)}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench", description=__doc__.split(
        "\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer runs, shorter waits")
    ap.add_argument("--only", help="comma-separated sections: " + ", ".join(SECTIONS))
    ap.add_argument("--no-write", action="store_true", help="print only; leave the doc alone")
    ap.add_argument("--doc", default=str(DOC), help="markdown file to update")
    ap.add_argument("--script", choices=sorted(SCRIPTS), help="print a MicroPython script")
    args = ap.parse_args(argv)
    if args.script:
        print(SCRIPTS[args.script]())
        return 0
    names = SECTIONS
    if args.only:
        names = tuple(n.strip() for n in args.only.split(",") if n.strip())
        unknown = [n for n in names if n not in SECTIONS]
        if unknown:
            print("unknown section(s): %s (known: %s)" % (", ".join(unknown),
                                                          ", ".join(SECTIONS)), file=sys.stderr)
            return 2
    blocks = {}
    started = time.monotonic()
    cursor_rects = None
    rig_ran = False  # the frozen section then reuses its figures for the filesystem build
    failed = 0
    for name in SECTIONS:
        if name not in names:
            continue
        t0 = time.monotonic()
        print("== %s" % TITLES[name], flush=True)
        try:
            if name == "bytes":
                res = bench_bytes(args.quick)
                cursor_rects = res["cursor_rects"]
                text, md = report_bytes(res)
            elif name == "flush":
                if cursor_rects is None:
                    cursor_rects = bench_bytes(True)["cursor_rects"]
                text, md = report_flush(bench_flush(args.quick, cursor_rects))
            elif name == "heap":
                text, md = report_heap(bench_heap(args.quick))
            elif name == "sim":
                text, md = report_sim(bench_sim(args.quick))
            elif name == "rig":
                from tools import bench_rig

                rig_res = bench_rig.section(args.quick)
                if rig_res is None:  # no firmware, bootrom or node here: said so, skipped
                    continue
                text, md = rig_res
                rig_ran = True
            elif name == "frozen":
                from tools import bench_frozen  # skipped, saying why, without MICROPY_DIR

                frozen_res = bench_frozen.section(args.quick, reuse_filesystem=rig_ran)
                if frozen_res is None:
                    continue
                text, md = frozen_res
            else:
                text, md = report_ai(bench_ai(args.quick))
        except RuntimeError as exc:
            failed += 1
            print("  skipped: %s" % exc, file=sys.stderr)
            continue
        print(text)
        print("(%.1f s)" % (time.monotonic() - t0), flush=True)
        blocks[name] = md
    if blocks and not args.no_write:
        doc = Path(args.doc)
        old = doc.read_text(encoding="utf-8") if doc.exists() else ""
        doc.parent.mkdir(parents=True, exist_ok=True)
        doc.write_text(update_doc(old, blocks), encoding="utf-8")
        print("updated %s (%s) in %.0f s" % (os.path.relpath(doc), ", ".join(blocks),
                                              time.monotonic() - started))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
