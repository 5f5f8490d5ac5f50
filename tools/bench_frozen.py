"""`make bench`, section "frozen": the frozen firmware beside the filesystem build, on the
emulated RP2040.

The runs of tools/bench_rig.py but the games against the AI (the power-on, the menu run with
every game's first screen, an all-AI game per game), made twice with bench_rig's own functions:

- filesystem: the stock MicroPython RPI_PICO UF2 (../shared/rig, $RIG_FIRMWARE) with the whole
  `make build` (.mpy files, main.py, gen/) in its littlefs, as `make flash` leaves a board;
- frozen: the UF2 of `make firmware` (the app frozen in) with only what `make flash` copies
  beside such a firmware in its littlefs (gen/, plus the folders its marker module leaves on
  the filesystem), at the offset its firmware-<BOARD>.json names (`--fs-kb` moves it).

Which frozen firmware: `--firmware UF2` ($FROZEN_FIRMWARE), or `--micropy-dir DIR`
($MICROPY_DIR), which runs `make firmware` for RPI_PICO first (tools/firmware.py; a minute or
two once the port's build folder exists). Neither: the section is skipped and says so.
build/firmware-RPI_PICO.uf2 alone is not used unless named: it may be older than firmware/.

Writes build/bench_frozen.json (per run: boot_to_menu_ms, scenes (draws), scene_free_heap,
min_free_heap; and the differences) and returns the text and markdown for docs/PERFORMANCE.md
(block `frozen`). The raw results of each run are in build/rig/bench_frozen/.

    python -m tools.bench_frozen [--firmware UF2 | --micropy-dir DIR] [--quick] [--games a,b]
        [--demo-ms N] [--reuse-filesystem] [--no-doc] [--report]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import sys
import time
from pathlib import Path

from tools import bench_rig, rig
from tools import build as buildmod

ROOT = Path(__file__).resolve().parent.parent
OUT_JSON = ROOT / "build" / "bench_frozen.json"
RUNS_DIR = ROOT / "build" / "rig" / "bench_frozen"  # each run's bench_rig JSON and events
FROZEN_FS = ROOT / "build" / "rig" / "frozen-fs"     # the littlefs contents beside the UF2
BOARD = "RPI_PICO"  # the rig emulates an RP2040
DEFAULT_UF2 = ROOT / "build" / ("firmware-%s.uf2" % BOARD)
SKIP = ("no frozen firmware to measure: pass MICROPY_DIR=<a MicroPython source tree> (`make "
        "bench MICROPY_DIR=~/micropython` builds it with make firmware) or FROZEN_FIRMWARE=<a "
        "UF2 made by make firmware for RPI_PICO>")


class FrozenError(RuntimeError):
    """The frozen firmware could not be built or used."""


# -- the firmware ---------------------------------------------------------------------------------
def find_firmware(firmware=None, micropy_dir=None, log=print) -> Path | None:
    """The frozen UF2 to measure: `firmware` ($FROZEN_FIRMWARE), else built from `micropy_dir`
    ($MICROPY_DIR) by tools/firmware.py; None when neither is given."""
    firmware = firmware or os.environ.get("FROZEN_FIRMWARE") or None
    micropy_dir = micropy_dir or os.environ.get("MICROPY_DIR") or None
    if firmware:
        path = Path(firmware).expanduser()
        if not path.is_file():
            raise FrozenError("FROZEN_FIRMWARE %s: no such file" % path)
        return path
    if not micropy_dir:
        return None
    from tools import firmware as fw

    log("  make firmware (tools/firmware.py) from %s for %s" % (micropy_dir, BOARD))
    status = fw.main(["--micropy-dir", str(micropy_dir), "--board", BOARD,
                      "--out", str(DEFAULT_UF2.parent)])
    if status != 0:
        raise FrozenError("make firmware failed (exit %d): see above" % status)
    return DEFAULT_UF2


def firmware_info(uf2_path: Path) -> dict:
    """What the UF2 holds: its image's size and app marker, and the layout tools/firmware.py
    wrote beside it (firmware-<BOARD>.json: filesystem offset and size, what is frozen)."""
    from tools import firmware as fw
    from tools import uf2

    blocks = uf2.image_blocks(uf2.parse(uf2_path.read_bytes()))
    image = b"".join(b.payload for b in sorted(blocks, key=lambda b: b.address))
    found = fw.MARKER_RE.search(image)
    if found is None:
        raise FrozenError("%s holds no app frozen marker: a stock firmware, not one from make "
                          "firmware" % uf2_path)
    layout_file = fw.layout_path(uf2_path)
    layout = json.loads(layout_file.read_text()) if layout_file.is_file() else {}
    if layout.get("chip", "rp2040") != "rp2040":
        raise FrozenError("%s is for the %s; the rig emulates an RP2040 only"
                          % (uf2_path, layout["chip"]))
    freeze = layout.get("freeze_games", "all")
    filesystem = fw.split_frozen(["%s/x.py" % fw.GAMES_DIR], freeze)[1]
    offset, blocks_n = rig.fs_layout(uf2_path)
    return {
        "uf2": str(uf2_path),
        "marker": found.group().decode(),
        # firmware.bin's size when the layout file has it (the UF2 pads it to 256-byte pages)
        "image_bytes": layout.get("bin_bytes", len(image)),
        "freeze_games": freeze,
        "filesystem": filesystem,
        "fs_offset": offset,
        "fs_bytes": blocks_n * rig.FS_BLOCK_SIZE,
        "layout_file": str(layout_file) if layout else None,
        "expected_marker": fw.expected_marker(freeze_games=freeze),
    }


def frozen_fs_dir(build_dir: Path, dest: Path, filesystem=()) -> Path:
    """`dest` holding what `make flash` copies beside a frozen firmware (tools/flash.copy_plan:
    gen/, and the folders in `filesystem`) from `build_dir`."""
    from tools import flash

    copy, _dirs, _remove = flash.copy_plan(flash.build_files(build_dir), True, tuple(filesystem))
    if dest.exists():
        shutil.rmtree(dest)
    for rel in copy:
        target = dest / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(build_dir / rel, target)
    dest.mkdir(parents=True, exist_ok=True)
    return dest


# -- the runs ---------------------------------------------------------------------------------
@contextlib.contextmanager
def bench_rig_run(name: str, firmware: Path | None):
    """bench_rig.measure writing into RUNS_DIR/<name>.json and RUNS_DIR/<name>/ (not over
    build/bench_rig.json), with RIG_FIRMWARE set to `firmware` (None: as it is)."""
    saved = bench_rig.OUT_JSON, bench_rig.EVENTS_DIR, os.environ.get("RIG_FIRMWARE")
    bench_rig.OUT_JSON = RUNS_DIR / (name + ".json")
    bench_rig.EVENTS_DIR = RUNS_DIR / name
    if firmware is not None:
        os.environ["RIG_FIRMWARE"] = str(firmware)
    try:
        yield
    finally:
        bench_rig.OUT_JSON, bench_rig.EVENTS_DIR = saved[0], saved[1]
        if saved[2] is None:
            os.environ.pop("RIG_FIRMWARE", None)
        else:
            os.environ["RIG_FIRMWARE"] = saved[2]


def summary(res: dict) -> dict:
    """The figures this section compares, from one bench_rig.measure result."""
    return {
        "boot_to_menu_ms": res.get("boot_to_menu_ms"),
        "scene_free_heap": dict(res.get("scene_free_heap", {})),
        "draw_ms_max": {k: v["draw_ms_max"] for k, v in res.get("scenes", {}).items()
                        if v.get("full_frames")},
        # the all-AI games' (a filesystem run of the whole bench also has games against the
        # AI, which the frozen run does not play)
        "min_free_heap": {g: v["all_ai"] for g, v in res["min_free_heap_by_run"].items()
                          if v.get("all_ai") is not None}
        if res.get("min_free_heap_by_run") else dict(res.get("min_free_heap", {})),
        "demo": {k: {"ended": v.get("ended"), "decisions": v.get("decisions")}
                 for k, v in res.get("demo", {}).items()},
        "errors": list(res.get("errors", [])),
        "meta": res.get("meta", {}),
    }


def differences(fs: dict, fz: dict) -> dict:
    """frozen minus filesystem, for the keys both have."""
    def diff(a, b):
        return {k: b[k] - a[k] for k in sorted(a) if k in b and a[k] is not None
                and b[k] is not None}
    return {
        "boot_to_menu_ms": round(fz["boot_to_menu_ms"] - fs["boot_to_menu_ms"], 1)
        if fz["boot_to_menu_ms"] is not None and fs["boot_to_menu_ms"] is not None else None,
        "scene_free_heap": diff(fs["scene_free_heap"], fz["scene_free_heap"]),
        "min_free_heap": diff(fs["min_free_heap"], fz["min_free_heap"]),
    }


def game_extra_heap(res: dict) -> dict:
    """Per game: the extra free heap (bytes) with the frozen firmware at its first screen
    (opened from the menu: scene keys `game/<Scene>`) and at its all-AI game's least."""
    out: dict = {}
    d = res["difference"]["scene_free_heap"]
    for key, extra in d.items():
        game, _, scene = key.partition("/")
        if scene and "/" not in scene:
            out.setdefault(game, {})["first_screen"] = extra
            out[game]["first_screen_scene"] = scene
    for game, extra in res["difference"]["min_free_heap"].items():
        out.setdefault(game, {})["all_ai_least"] = extra
    return out


def measure(firmware: Path, quick: bool = False, games=None, demo_ms=None,
            reuse_filesystem: bool = False, log=print) -> dict:
    info = firmware_info(firmware)
    if info["marker"] != info["expected_marker"]:
        log("  note: %s holds %s; firmware/ as it is now would give %s (the frozen build is "
            "older than the sources measured from the filesystem)" % (
                firmware, info["marker"], info["expected_marker"]))
    result = buildmod.build(buildmod.FIRMWARE, bench_rig.RIG_BUILD)
    if not result.ok:
        raise rig.RigError(buildmod.report(result, quiet=True))
    wall = time.monotonic()
    if reuse_filesystem and bench_rig.OUT_JSON.is_file():
        log("  filesystem: reusing %s (the rig section of this run)" % bench_rig.OUT_JSON)
        fs = json.loads(bench_rig.OUT_JSON.read_text())
    else:
        log("  filesystem build, stock %s:" % rig.firmware_path().name)
        with bench_rig_run("filesystem", None):
            fs = bench_rig.measure(quick, games, demo_ms, build_dir=bench_rig.RIG_BUILD, log=log,
                                   human=False)
    fs_dir = frozen_fs_dir(bench_rig.RIG_BUILD, FROZEN_FS, info["filesystem"])
    log("  frozen firmware %s (%s), littlefs at 0x%x (%d KB) holding %s:" % (
        firmware.name, info["marker"], info["fs_offset"], info["fs_bytes"] // 1024,
        ", ".join(sorted({p.relative_to(fs_dir).parts[0] for p in fs_dir.iterdir()})) or
        "nothing"))
    with bench_rig_run("frozen", firmware):
        fz = bench_rig.measure(quick, games, demo_ms, build_dir=fs_dir, log=log, human=False)
    out = {"filesystem": summary(fs), "frozen": summary(fz), "firmware": info,
           "quick": quick, "wall_s": round(time.monotonic() - wall, 1),
           "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())}
    out["difference"] = differences(out["filesystem"], out["frozen"])
    out["extra_heap_per_game"] = game_extra_heap(out)
    OUT_JSON.parent.mkdir(parents=True, exist_ok=True)
    OUT_JSON.write_text(json.dumps(out, indent=1, sort_keys=True))
    return out


# -- the report ------------------------------------------------------------------------------
def _num(v, fmt="{:,}"):
    return "-" if v is None else fmt.format(v)


def report(res: dict, cmd: str = "python -m tools.bench --only frozen") -> tuple[str, str]:
    fs, fz, info = res["filesystem"], res["frozen"], res["firmware"]
    md = ["Command: `%s` (tools/bench_frozen.py, bench_rig's runs made twice; figures in "
          "`build/bench_frozen.json`). Emulated RP2040 as in the section above; **emulated** "
          "ms. Filesystem: the stock `%s` with the whole `make build` in littlefs. Frozen: `%s` "
          "(`make firmware`, app marker `%s`, %s bytes, games %s) with only %s in a %d KB "
          "littlefs at 0x%x. Both runs use the `.mpy` build and the firmware made at the start "
          "(`git describe` at the end of each run: filesystem `%s`, frozen `%s`)%s." % (
              cmd, fs["meta"].get("firmware", "?"), Path(info["uf2"]).name, info["marker"],
              _num(info["image_bytes"]), "frozen" if info["freeze_games"] == "all"
              else "on the filesystem",
              "gen/" + "".join(", %s/" % d for d in info["filesystem"]),
              info["fs_bytes"] // 1024, info["fs_offset"], fs["meta"].get("source", "?"),
              fz["meta"].get("source", "?"),
              "" if info["marker"] == info["expected_marker"] else
              "; the frozen firmware was built from older sources than the `.mpy` build (marker "
              "%s, firmware/ then %s)" % (info["marker"], info["expected_marker"])), ""]
    d = res["difference"]
    md += ["| what | filesystem | frozen | frozen - filesystem |", "|---|---:|---:|---:|",
           "| reset to the first menu frame (ms) | %s | %s | %s |" % (
               _num(fs["boot_to_menu_ms"], "{:.0f}"), _num(fz["boot_to_menu_ms"], "{:.0f}"),
               _num(d["boot_to_menu_ms"], "{:+.0f}"))]
    lines = ["%-44s %10s %10s %10s" % ("", "filesystem", "frozen", "difference"),
             "%-44s %10s %10s %10s" % ("reset to first menu frame ms",
                                        _num(fs["boot_to_menu_ms"], "{:.0f}"),
                                        _num(fz["boot_to_menu_ms"], "{:.0f}"),
                                        _num(d["boot_to_menu_ms"], "{:+.0f}"))]
    for game in sorted(set(fs["min_free_heap"]) | set(fz["min_free_heap"])):
        a, b = fs["min_free_heap"].get(game), fz["min_free_heap"].get(game)
        diff = d["min_free_heap"].get(game)
        md.append("| %s: least free heap in the all-AI game (bytes) | %s | %s | %s |" % (
            game, _num(a), _num(b), _num(diff, "{:+,}")))
        lines.append("%-44s %10s %10s %10s" % (game + " all-AI least free heap", _num(a),
                                               _num(b), _num(diff, "{:+,}")))
    md += ["", "Per scene: free heap after `gc.collect()` when it came on top (least seen) and "
           "its full draws' max (before the flush); `game/` = opened from the menu (the first "
           "screen), `game/demo/` = during the all-AI game.", "",
           "| scene | free heap, filesystem | free heap, frozen | difference | draw ms max, "
           "filesystem | draw ms max, frozen |", "|---|---:|---:|---:|---:|---:|"]
    scenes = sorted((set(fs["scene_free_heap"]) | set(fs["draw_ms_max"]))
                    & (set(fz["scene_free_heap"]) | set(fz["draw_ms_max"])))
    for s in scenes:
        a, b = fs["scene_free_heap"].get(s), fz["scene_free_heap"].get(s)
        diff = d["scene_free_heap"].get(s)
        md.append("| %s | %s | %s | %s | %s | %s |" % (
            s, _num(a), _num(b), _num(diff, "{:+,}"),
            _num(fs["draw_ms_max"].get(s), "{:.1f}"), _num(fz["draw_ms_max"].get(s), "{:.1f}")))
        lines.append("%-44s %10s %10s %10s  draw %s / %s" % (
            s[:44], _num(a), _num(b), _num(diff, "{:+,}"),
            _num(fs["draw_ms_max"].get(s), "{:.1f}"), _num(fz["draw_ms_max"].get(s), "{:.1f}")))
    for name, run in (("filesystem", fs), ("frozen", fz)):
        if run["errors"]:
            md += ["", "Errors seen on the console in the %s run:" % name, ""]
            md += ["- `%s`" % e.strip().splitlines()[-1][:200] for e in run["errors"]]
            lines += ["ERROR (%s): %s" % (name, e.strip().splitlines()[-1]) for e in run["errors"]]
    md += ["", "Run: %s, %.0f s of wall time%s." % (
        res["date"], res["wall_s"], ", quick (shorter all-AI games)" if res["quick"] else "")]
    return "\n".join(lines), "\n".join(md)


def section(quick: bool = False, reuse_filesystem: bool = False, log=print):
    """(text, markdown) for tools.bench, or None (printed why) when it cannot run here."""
    why = rig.missing()
    if why:
        log("  skipped: the emulated Pico needs %s" % why)
        return None
    firmware = find_firmware(log=log)
    if firmware is None:
        log("  skipped: " + SKIP)
        return None
    return report(measure(firmware, quick, reuse_filesystem=reuse_filesystem, log=log))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.bench_frozen",
                                 description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--firmware", help="a UF2 from make firmware ($FROZEN_FIRMWARE)")
    ap.add_argument("--micropy-dir", help="a MicroPython source tree: build the UF2 first "
                    "($MICROPY_DIR)")
    ap.add_argument("--quick", action="store_true", help="shorter all-AI games")
    ap.add_argument("--games", help="comma-separated game ids (default: every registered one)")
    ap.add_argument("--demo-ms", type=int, help="emulated ms per all-AI game, at most")
    ap.add_argument("--reuse-filesystem", action="store_true",
                    help="take the filesystem figures from %s instead of measuring them"
                    % bench_rig.OUT_JSON.relative_to(ROOT))
    ap.add_argument("--no-doc", action="store_true", help="leave docs/PERFORMANCE.md alone")
    ap.add_argument("--report", action="store_true", help="measure nothing: print (and write "
                    "the doc block) from %s" % OUT_JSON.relative_to(ROOT))
    args = ap.parse_args(argv)
    if args.report:
        res = json.loads(OUT_JSON.read_text())
        text, md = report(res, res.get("command", "python -m tools.bench_frozen"))
        print(text)
        if not args.no_doc:
            write_doc(md)
        return 0
    why = rig.missing()
    if why:
        print("bench_frozen: skipped: the emulated Pico needs %s" % why)
        return 0
    try:
        firmware = find_firmware(args.firmware, args.micropy_dir)
        if firmware is None:
            print("bench_frozen: skipped: " + SKIP)
            return 0
        games = args.games.split(",") if args.games else None
        res = measure(firmware, args.quick, games, args.demo_ms, args.reuse_filesystem)
    except FrozenError as exc:
        print("bench_frozen: %s" % exc, file=sys.stderr)
        return 1
    cmd = "python -m tools.bench_frozen" + "".join(
        " " + a for a in (argv if argv is not None else sys.argv[1:]))
    res["command"] = cmd
    OUT_JSON.write_text(json.dumps(res, indent=1, sort_keys=True))
    text, md = report(res, cmd)
    print(text)
    print("wrote %s" % OUT_JSON)
    if not args.no_doc:
        write_doc(md)
    return 0


def write_doc(md: str) -> None:
    """docs/PERFORMANCE.md's block `frozen` becomes `md`."""
    from tools import bench

    bench.write_block("frozen", md)


if __name__ == "__main__":
    sys.exit(main())
