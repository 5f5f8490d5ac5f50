"""`make memcheck`: the smallest heap the console needs, measured on the virtual Pico.

For boot-to-menu and for each game in firmware/registry.py (from the menu, a whole game
with every seat played by the AI -- kit.setup.demo_scene -- and back to the menu, fixed
seeds), it finds by bisection the smallest `-X heapsize=NwK` at which the run completes with no
error screen, then measures the peak live heap (gc.mem_alloc() after a collection, sampled every
frame) at a Pico's heap. Each run boots the flashed build (build/pico/, as `make flash` leaves
it) with main.py on the MicroPython unix port (tools/vpico.py), on a virtual clock.

Writes build/memcheck.json ({"menu": {"min_heap_wK", "peak_alloc"}, GAME: {...}}) and the
section between <!-- memcheck:begin --> and <!-- memcheck:end --> of docs/PERFORMANCE.md.

    python -m tools.memcheck [--games ID ...] [--lo 32] [--hi 512] [--no-doc]

Exit status: 0 every run completes at TARGET_WK or less; 1 otherwise (or a run never completes).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tools import vpico

ROOT = Path(__file__).resolve().parent.parent
BUILD_DIR = ROOT / "build" / "pico"
JSON_OUT = ROOT / "build" / "memcheck.json"
DOC = ROOT / "docs" / "PERFORMANCE.md"
BEGIN = "<!-- memcheck:begin -->"
END = "<!-- memcheck:end -->"

TARGET_WK = 160   # every game must complete at this heap or less
AIM_WK = 96       # and should at this one
SEED = 1          # platform seed (the first seed() the app asks for)
GAME_SEED = 7     # the demo game's deal
RUN_TIMEOUT_S = 600.0
MENU_KEYS = "UNTIL:MainMenu:5000,WAIT:500,END"


def game_keys(game_id: str, seed: int = GAME_SEED) -> str:
    """Menu, then a whole all-AI game of `game_id`, back to the menu."""
    return "UNTIL:MainMenu:5000,DEMO:%s:%d,UNTIL:MainMenu,WAIT:500,END" % (game_id, seed)


def registered_games() -> list[str]:
    """Game ids in firmware/registry.py (read by CPython)."""
    sys.path.insert(0, str(ROOT / "firmware"))
    try:
        import registry

        return [entry[0] for entry in registry.GAMES]
    finally:
        sys.path.remove(str(ROOT / "firmware"))


def trial(template: Path, heap_wk: int, keys: str, trace: bool = False,
          timeout: float = RUN_TIMEOUT_S) -> tuple[bool, dict, str]:
    """Boot a fresh copy of `template` with this heap and key script.

    Returns (completed, stats of the VPICO-DONE line, why not). Completed means the script
    reached END on the main menu with no error screen and no UNTIL timing out. The run is on
    the virtual clock with fixed seeds (and the firmware's own `time.ticks_ms` follows that
    clock, so AI time caps never depend on the host), so its result is the same whatever the
    host's load; `timeout` (wall clock) only stops a run that hangs."""
    config = {"keys": keys, "clock": "virtual", "seed": SEED, "panel": "",
              "stop_on_error": True, "trace": trace}
    with tempfile.TemporaryDirectory(prefix="memcheck-") as tmp:
        fs = Path(tmp) / "fs"
        shutil.copytree(template, fs)
        board = vpico.VirtualPico(fs, heap=heap_wk, config=config)
        started = time.monotonic()
        board.start()
        try:
            stats = wait_for_board(board, timeout)
            console = bytes(board.console)
        finally:
            board.stop()
        elapsed = time.monotonic() - started
        log_path = fs / "log.txt"
        log = log_path.read_text(errors="replace") if log_path.exists() else ""
    return outcome(stats, console, log, elapsed, timeout)


def wait_for_board(board, timeout: float) -> dict | None:
    """The VPICO-DONE stats, or None when the interpreter stopped without them (it came back
    to its REPL: an exception left main.py) or `timeout` seconds went by."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        stats = board.wait_done(0.05)
        if stats is not None:
            return stats
        if board.console.find(vpico.FRIENDLY_BANNER) >= 0:
            # The REPL came up. Its banner follows the DONE line when the script ended:
            # give the relay a moment to have read that line too.
            return board.wait_done(1.0)
    return None


def outcome(stats: dict | None, console: bytes, log: str, elapsed: float,
            timeout: float) -> tuple[bool, dict, str]:
    """(completed, stats, why not) of a run, with a reason that says what happened."""
    if stats is None:
        lines = [ln.strip() for ln in console.decode(errors="replace").splitlines()
                 if ln.strip()]
        errors = [ln for ln in lines if "Error" in ln]
        if elapsed < timeout:
            return False, {}, "the firmware stopped after %.0f s without finishing its script" \
                % elapsed + (": " + errors[-1] if errors else "")
        return False, {}, "no answer within %.0f s (wall clock; the run hung)" % timeout
    if stats.get("errors"):
        errors = [ln.strip() for ln in log.splitlines() if "Error" in ln]
        return False, stats, "error screen: " + (errors[-1] if errors else "see log.txt")
    if stats.get("timeouts"):
        return False, stats, "an UNTIL waited its whole limit (%s virtual ms in all): the " \
            "game did not come back to the menu" % stats.get("ms")
    if stats.get("top") != "MainMenu":
        return False, stats, "did not come back to the menu (ended on %s)" % stats.get("top")
    return True, stats, ""


def min_heap(template: Path, keys: str, lo: int, hi: int) -> tuple[int | None, str]:
    """Smallest heap (wK) in [lo, hi] at which `keys` completes (bisection: it assumes more
    heap never hurts), or None with the reason it fails at `hi`."""
    ok, _, why = trial(template, hi, keys)
    if not ok:
        return None, why
    while lo < hi:
        mid = (lo + hi) // 2
        if trial(template, mid, keys)[0]:
            hi = mid
        else:
            lo = mid + 1
    return hi, ""


def measure(template: Path, name: str, keys: str, lo: int, hi: int) -> dict:
    least, why = min_heap(template, keys, lo, hi)
    ok, stats, why_trace = trial(template, vpico.MCUS["pico"], keys, trace=True)
    if not ok:  # a run that did not complete has no peak worth reporting
        stats = {}
    return {"name": name, "min_heap_wK": least, "peak_alloc": stats.get("peak_alloc"),
            "why": why or why_trace, "frames": stats.get("frames"), "ms": stats.get("ms")}


def micropython_version() -> str:
    """The unix port's version line, e.g. "MicroPython 1.29.0 (unix port)"."""
    import subprocess

    exe = vpico.find_micropython()
    if exe is None:
        return "the MicroPython unix port"
    code = "import sys; print('.'.join(str(v) for v in sys.implementation.version[:3]))"
    proc = subprocess.run([exe, "-c", code], capture_output=True, text=True, check=False)
    return "MicroPython %s (unix port)" % proc.stdout.strip()


def report_markdown(results: list[dict]) -> str:
    lines = [
        "## Memory budget (`make memcheck`)",
        "",
        "Smallest `-X heapsize=NwK` of the MicroPython unix port (the virtual Pico, "
        "`tools/vpico.py`) at which each run completes, found by bisection: boot to the main "
        "menu, and for each game, from the menu a whole game with every seat played by the AI "
        "(`kit.setup.demo_scene`, fixed seeds) and back to the menu. Peak alloc is the "
        "largest `gc.mem_alloc()` after a `gc.collect()` sampled every frame at the Pico's "
        "heap (%dwK). Target: every game at %dwK or less; aim: %dwK." % (
            vpico.MCUS["pico"], TARGET_WK, AIM_WK),
        "",
        "| run | min heap | target %dwK | aim %dwK | peak alloc (bytes, 64-bit) | frames |"
        % (TARGET_WK, AIM_WK),
        "|---|---:|:---:|:---:|---:|---:|",
    ]
    for r in results:
        least = r["min_heap_wK"]
        lines.append("| %s | %s | %s | %s | %s | %s |" % (
            r["name"],
            "%dwK" % least if least is not None else "fails: " + r["why"],
            "ok" if least is not None and least <= TARGET_WK else "**over**",
            "ok" if least is not None and least <= AIM_WK else "over",
            "{:,}".format(r["peak_alloc"]) if r["peak_alloc"] is not None else "-",
            r["frames"] if r["frames"] is not None else "-",
        ))
    lines += [
        "",
        "How to read it: `w` sizes are words, so the unix port's heap is twice as many bytes "
        "on a 64-bit PC, where objects are also twice as large: object counts match a 32-bit "
        "Pico, byte buffers (canvas, fonts) get more room than on the device. Treat the "
        "numbers as close estimates and keep a margin. The bisection assumes more heap never "
        "hurts; fragmentation can make a single size fail between two that pass.",
        "",
        "Measured %s on %s." % (time.strftime("%Y-%m-%d"), micropython_version()),
    ]
    return "\n".join(lines)


def update_doc(path: Path, section: str) -> None:
    """Put `section` between the memcheck markers of `path` (creating them if needed)."""
    block = BEGIN + "\n" + section + "\n" + END
    text = path.read_text() if path.exists() else "# Performance\n"
    if BEGIN in text and END in text:
        head, _, rest = text.partition(BEGIN)
        _, _, tail = rest.partition(END)
        text = head + block + tail
    else:
        text = text.rstrip("\n") + "\n\n" + block + "\n"
    path.write_text(text)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.memcheck",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", type=Path, default=BUILD_DIR)
    ap.add_argument("--games", nargs="*", help="game ids (default: every registered game)")
    ap.add_argument("--lo", type=int, default=32, help="lowest heap tried (wK)")
    ap.add_argument("--hi", type=int, default=512, help="highest heap tried (wK)")
    ap.add_argument("--json", type=Path, default=JSON_OUT)
    ap.add_argument("--no-doc", action="store_true", help="do not update docs/PERFORMANCE.md")
    args = ap.parse_args(argv)
    if not (args.build_dir / "main.py").is_file():
        print("memcheck: no build in %s: run `make build`" % args.build_dir, file=sys.stderr)
        return 1
    games = registered_games() if args.games is None else args.games
    runs = [("menu", MENU_KEYS)] + [(g, game_keys(g)) for g in games]
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="memcheck-") as tmp:
        template = Path(tmp) / "flashed"
        shutil.copytree(args.build_dir, template)  # what `make flash` leaves on the board
        # One interpreter per core: the figures do not depend on it (virtual clock), but a
        # host with more runs than cores only gets slower.
        with ThreadPoolExecutor(max_workers=max(1, min(len(runs), os.cpu_count() or 2))) \
                as pool:
            results = list(pool.map(
                lambda run: measure(template, run[0], run[1], args.lo, args.hi), runs))
    summary = {r["name"]: {"min_heap_wK": r["min_heap_wK"], "peak_alloc": r["peak_alloc"]}
               for r in results}
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(summary, indent=2) + "\n")
    section = report_markdown(results)
    print(section)
    print("\nmemcheck: %d runs in %.0f s; wrote %s" % (len(runs), time.monotonic() - started,
                                                     args.json))
    if not args.no_doc:
        update_doc(DOC, section)
        print("memcheck: updated %s" % DOC)
    over = [r["name"] for r in results
            if r["min_heap_wK"] is None or r["min_heap_wK"] > TARGET_WK]
    if over:
        print("memcheck: over the %dwK target: %s" % (TARGET_WK, ", ".join(over)),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
