"""`make firmware MICROPY_DIR=...`: a MicroPython UF2 with the card console frozen in.

Frozen modules run from flash instead of being loaded into RAM, which leaves more of the Pico's
heap to the games. The app's modules come from tools/manifest.py (the same files `make build`
compiles, main.py included, or all but firmware/games/ with `--freeze-games none`); the data
files in firmware/gen/ stay on the filesystem and `make flash` copies them (it sees the frozen
app and copies nothing else but the folders the marker module names, games/ then).

Needs a MicroPython source tree (1.23 or newer; a git clone or an exported tree / release
tarball with its lib/ submodules), the Arm GCC toolchain, cmake, a host C compiler and git, as
in MicroPython's ports/rp2/README.md. Runs, for BOARD=RPI_PICO:

    make -C $MICROPY_DIR/mpy-cross                                  (once)
    make -C $MICROPY_DIR/ports/rp2 BOARD=RPI_PICO BOARD_DIR=<repo>/build/board-RPI_PICO-fs1024k \\
         BUILD=build-RPI_PICO-console submodules                    (git clones only)
    CMAKE_ARGS=-DPICO_NO_PICOTOOL=1 \\
    make -C $MICROPY_DIR/ports/rp2 BOARD=RPI_PICO BOARD_DIR=<repo>/build/board-RPI_PICO-fs1024k \\
         BUILD=build-RPI_PICO-console FROZEN_MANIFEST=<repo>/tools/manifest.py

then checks firmware.bin (a flash image for the board's chip, small enough for the firmware
area, and holding this app's frozen marker: see `app_marker`) and writes
build/firmware-RPI_PICO.uf2 from it with tools/uf2.py, and build/firmware-RPI_PICO.json (the
flash layout: firmware area, filesystem offset and size; tools/rig reads it). Nothing is
reported as built otherwise.

- Filesystem size (`--fs-kb`): every game frozen is ~710 KB, more than the 640 KB that stock
  RPI_PICO leaves before its 1408 KB filesystem. So on RPI_PICO, with `--freeze-games all` (the
  default), the build uses a board folder of its own, build/board-RPI_PICO-fs1024k: the port's
  boards/RPI_PICO copied, MICROPY_HW_FLASH_STORAGE_BYTES set to 1024 KB (the port puts the
  filesystem at PICO_FLASH_SIZE_BYTES minus that: offset 0x100000 instead of 0xA0000, and the
  firmware area grows to 1024 KB). Such a firmware finds no filesystem at its offset on a board
  that ran another layout, so MicroPython formats a new one at first boot (rp2's _boot.py):
  files and saves on the board are lost, once. `--fs-kb stock` keeps the board's own layout.

- Build folder: build-<BOARD>-console, never the port's own build-<BOARD>: the port reruns
  cmake only when the folder has no Makefile yet, so a stock build folder would silently give
  a stock firmware. When this folder's CMakeCache.txt was configured with another manifest,
  board or picotool choice it is deleted and configured again.
- picotool: pico-sdk 2.x makes the UF2 with picotool and downloads and builds it when none is
  installed, which fails offline. `--picotool none` (the default unless a picotool is found)
  configures with -DPICO_NO_PICOTOOL=1 and this tool writes the UF2; `--picotool sdk` lets the
  SDK do it (its UF2 is used after checking that it carries firmware.bin, else ours is
  written); `auto` (the default) picks sdk when `picotool` is on PATH or picotool_DIR /
  PICOTOOL_FETCH_FROM_GIT_PATH is set, and falls back to none if that build fails with picotool
  in its output. CMAKE_ARGS goes through the environment: on make's command line it would
  replace the port Makefile's own CMAKE_ARGS (board, frozen manifest) instead of adding to them.

    python -m tools.firmware --micropy-dir DIR [--board RPI_PICO|RPI_PICO2]
        [--freeze-games all|none] [--fs-kb N|stock] [--picotool auto|sdk|none] [--clean]
        [--out DIR] [-j N] [--dry-run]

- What is frozen: `--freeze-games all` (the default) freezes every module; `none` freezes the
  platform and leaves firmware/games/ to `make flash`, which reads the list of unfrozen folders
  from the marker module (FILESYSTEM). On RPI_PICO `none` fits the stock layout (the default
  filesystem size there is `stock`), so it keeps the board's files; it leaves the games in RAM.

Exit status: 0 UF2 written; 1 a command failed or the firmware failed a check; 2 bad arguments
or not a usable MicroPython tree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
from collections import deque
from dataclasses import dataclass
from pathlib import Path

# Only the standard library at import time: tools/manifest.py loads this file by path inside
# MicroPython's build, where `tools` may be MicroPython's own folder. tools.uf2 and tools.build
# are imported where they are used.

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
MANIFEST = ROOT / "tools" / "manifest.py"
OUT = ROOT / "build"
MIN_MICROPYTHON = (1, 23)
BUILD_SUFFIX = "-console"
MODES = ("auto", "sdk", "none")

# Which games go into the firmware. The registry and every game live in one package, games/, and
# a MicroPython package has one __path__ (".frozen/games" or "games"): its submodules are looked
# up there only, so a package cannot be half frozen, half on the filesystem. "none" freezes the
# platform (core, device, ui, screens, kit, main.py) and leaves the whole games/ folder to
# `make flash`; "all" freezes everything (on RPI_PICO with a smaller filesystem: below).
GAMES_DIR = "games"
FREEZE_GAMES = ("all", "none")
DEFAULT_FREEZE_GAMES = {"RPI_PICO": "all", "RPI_PICO2": "all"}
# The filesystem size (KB) when not given: every game frozen does not fit RPI_PICO's stock
# 640 KB firmware area (709,092 bytes at e0ddac6), so it gets 1024 KB of firmware, 1024 KB of
# filesystem. Anything else keeps the board's stock layout (None).
DEFAULT_FS_KB = {("RPI_PICO", "all"): 1024}
STOCK = "stock"
STORAGE_DEFINE = "MICROPY_HW_FLASH_STORAGE_BYTES"
FREEZE_ENV = "CONSOLE_FREEZE_GAMES"  # how the choice reaches tools/manifest.py inside make

MARKER_MODULE = "console_frozen"  # tools/flash.py imports it on the board to spot a frozen app
MARKER_PREFIX = "card-console-app:"
MARKER_RE = re.compile(rb"card-console-app:[0-9a-f]{16}")

FLASH_BASE = 0x10000000
# MICROPY_BANNER_NAME_AND_VERSION ("MicroPython v1.28.0 on <date>; <board>"), which every
# MicroPython firmware prints at the REPL. A v1.28.0 build whose link had lost the runtime
# (51 KB, no entry point) still passed the other checks but had no banner. The version is
# py/makeversionhdr.py's `git describe --tags --dirty --always`: in a clone without tags (seen:
# `git clone --depth 1` of a commit after the last release) it is the commit's hash,
# "MicroPython b652480eb5 on 2026-12-01"; "v1.28.0" from an exported tree (mpconfig.h).
BANNER = "MicroPython <version> on <date>"
BANNER_RE = re.compile(
    rb"MicroPython (?:\(with v2\.0 preview\) )?(?:v\d+\.\d+\S*|[0-9a-f]{7,40}\S*) on "
    rb"\d{4}-\d{2}-\d{2}"
)
CONFIGURE_FAILED = ("CMake Error", "Configuring incomplete", "Generate step failed")


@dataclass(frozen=True)
class Board:
    name: str
    chip: str  # "rp2040" or "rp2350"
    family: str  # tools.uf2.FAMILIES key
    flash_bytes: int


BOARDS = {
    b.name: b
    for b in (
        Board("RPI_PICO", "rp2040", "rp2040", 2 * 1024 * 1024),
        Board("RPI_PICO2", "rp2350", "rp2350-arm-s", 4 * 1024 * 1024),
    )
}

USAGE = """\
firmware: pass the MicroPython source tree, e.g.
    git clone https://github.com/micropython/micropython ~/micropython
    make firmware MICROPY_DIR=~/micropython        (or: BOARD=RPI_PICO2 for a Pico 2)
It needs the Arm GCC toolchain, cmake, a host C compiler and git (Debian/Ubuntu:
apt install gcc-arm-none-eabi libnewlib-arm-none-eabi cmake build-essential git).
See docs/BUILD.md."""


# --- the app's frozen marker ---------------------------------------------------------------


def source_digest(firmware_dir: Path | str, paths: list[str]) -> str:
    """16 hex digits of SHA-256 over the frozen modules' paths and contents, in order."""
    h = hashlib.sha256()
    for rel in paths:
        h.update(rel.encode() + b"\0")
        with open(os.path.join(str(firmware_dir), rel), "rb") as f:
            h.update(f.read() + b"\0")
    return h.hexdigest()[:16]


def app_marker(firmware_dir: Path | str, paths: list[str]) -> str:
    """The string the marker module holds: it ends up verbatim in firmware.bin (a frozen
    module's string constants are stored as plain bytes in the firmware's qstr/constant data),
    and names these exact sources, so a firmware frozen from other sources does not pass."""
    return MARKER_PREFIX + source_digest(firmware_dir, paths)


def marker_module_text(marker: str, filesystem: list[str] | tuple[str, ...] = ()) -> str:
    """Source of the frozen `console_frozen` module (written by tools/manifest.py).

    FILESYSTEM names the app's top folders that are not frozen: `make flash` copies their
    .mpy files to the board (and gen/, always)."""
    return (
        "# Present only in a firmware with the card console frozen in (tools/manifest.py).\n"
        "# tools/flash.py imports it to detect a frozen app; tools/firmware.py looks for\n"
        "# MARKER's text in firmware.bin before it reports a build. Nothing imports it at boot.\n"
        "MARKER = {!r}\n"
        "FILESYSTEM = {!r}\n".format(marker, tuple(filesystem))
    )


def split_frozen(paths: list[str], freeze_games: str) -> tuple[list[str], list[str]]:
    """(the paths to freeze, the top folders left on the filesystem) for `--freeze-games`."""
    if freeze_games not in FREEZE_GAMES:
        raise ValueError(
            "freeze-games must be one of {}, got {!r}".format(", ".join(FREEZE_GAMES), freeze_games)
        )
    if freeze_games == "all":
        return list(paths), []
    frozen = [p for p in paths if not p.startswith(GAMES_DIR + "/")]
    return frozen, [GAMES_DIR] if len(frozen) < len(paths) else []


def expected_marker(firmware_dir: Path | None = None, freeze_games: str = "all") -> str:
    """The marker a firmware frozen from firmware/ as it is now must hold."""
    from tools import build

    firmware_dir = FIRMWARE if firmware_dir is None else firmware_dir
    paths = split_frozen(build.frozen_modules(firmware_dir), freeze_games)[0]
    return app_marker(firmware_dir, paths)


# --- the MicroPython tree --------------------------------------------------------------------


def micropython_version(micropy_dir: Path) -> tuple[int, int] | None:
    """(major, minor) of the MicroPython tree, read from py/mpconfig.h, or None."""
    try:
        text = (micropy_dir / "py" / "mpconfig.h").read_text()
    except OSError:
        return None
    major = re.search(r"#define MICROPY_VERSION_MAJOR \(?(\d+)", text)
    minor = re.search(r"#define MICROPY_VERSION_MINOR \(?(\d+)", text)
    if not (major and minor):
        return None
    return int(major.group(1)), int(minor.group(1))


# What ports/rp2 needs for RPI_PICO / RPI_PICO2 (a v1.28.0 build stopped without lib/mbedtls).
SUBMODULES = ("lib/pico-sdk", "lib/tinyusb", "lib/mbedtls", "lib/micropython-lib")


def missing_submodules(micropy_dir: Path) -> list[str]:
    """The lib/ folders an rp2 build needs that are absent or empty."""
    missing = []
    for rel in SUBMODULES:
        folder = micropy_dir / rel
        if not folder.is_dir() or not any(folder.iterdir()):
            missing.append(rel)
    return missing


def _size_define(text: str, name: str, flash_bytes: int) -> tuple[bool, int | None]:
    """(defined?, value) of `#define name <expr>`: the value when expr is arithmetic on numbers
    and PICO_FLASH_SIZE_BYTES (as in the rp2 board files), else None."""
    m = re.search(r"#define\s+" + name + r"\s+(.+)", text)
    if not m:
        return False, None
    expr = m.group(1).split("//")[0].replace("PICO_FLASH_SIZE_BYTES", str(flash_bytes)).strip()
    if not re.fullmatch(r"[0-9\s()*+-]+", expr):
        return True, None
    try:
        return True, int(eval(expr, {"__builtins__": {}}))  # digits and + - * ( ) only
    except (SyntaxError, ValueError):
        return True, None


def flash_sizes(
    micropy_dir: Path, board: Board, board_dir: Path | None = None
) -> tuple[int | None, int | None]:
    """(filesystem bytes, ROMFS bytes) of a build: the board file's
    MICROPY_HW_FLASH_STORAGE_BYTES (and MICROPY_HW_ROMFS_BYTES), else ports/rp2/mpconfigport.h's
    defaults; None where unknown. `board_dir`: a board folder other than boards/<BOARD>."""
    port = micropy_dir / "ports" / "rp2"
    board_dir = port / "boards" / board.name if board_dir is None else board_dir
    texts = []
    for path in (board_dir / "mpconfigboard.h", port / "mpconfigport.h"):
        try:
            texts.append(path.read_text(errors="replace"))
        except OSError:
            texts.append("")
    sizes = {}
    for name in ("MICROPY_HW_FLASH_STORAGE_BYTES", "MICROPY_HW_ROMFS_BYTES"):
        for text in texts:  # the board file first: the port's defaults are #ifndef'd
            defined, value = _size_define(text, name, board.flash_bytes)
            if defined:
                sizes[name] = value
                break
    return sizes.get("MICROPY_HW_FLASH_STORAGE_BYTES"), sizes.get("MICROPY_HW_ROMFS_BYTES", 0)


def firmware_area(micropy_dir: Path, board: Board, board_dir: Path | None = None) -> int | None:
    """Bytes of flash before the filesystem (and ROMFS, if any). None if unknown."""
    storage, romfs = flash_sizes(micropy_dir, board, board_dir)
    if storage is None or romfs is None:
        return None
    return board.flash_bytes - storage - romfs


def stock_board_dir(micropy_dir: Path, board: str) -> Path:
    return micropy_dir / "ports" / "rp2" / "boards" / board


def board_dir_for(out: Path, board: str, fs_kb: int) -> Path:
    """The board folder of a build with a `fs_kb` KB filesystem (under build/, not in the tree)."""
    return out / "board-{}-fs{}k".format(board, fs_kb)


def fs_kb_problem(value: int, board: Board) -> str:
    """'' if a filesystem of `value` KB can be used on the board, else why not."""
    if value <= 0 or value % 4:
        return "must be a positive multiple of 4 (the flash's 4 KB sectors)"
    if value * 1024 >= board.flash_bytes:
        return "leaves no room for the firmware in {}'s {} KB of flash".format(
            board.name, board.flash_bytes // 1024
        )
    return ""


def board_header(stock: str, fs_kb: int) -> str:
    """The stock mpconfigboard.h with the filesystem size set to `fs_kb` KB."""
    value = "({} * 1024)".format(fs_kb)
    pattern = r"(#define\s+" + STORAGE_DEFINE + r"\s+)[^\n]*"
    if re.search(pattern, stock):
        return re.sub(pattern, lambda m: m.group(1) + value, stock, count=1)
    return stock.rstrip("\n") + "\n#define {}          {}\n".format(STORAGE_DEFINE, value)


def write_board_dir(micropy_dir: Path, board: str, fs_kb: int, out: Path) -> Path:
    """build/board-<BOARD>-fs<N>k: the port's board folder with a `fs_kb` KB filesystem. Files
    are rewritten only when they differ: every object of the port includes mpconfigboard.h, so
    a new modification time would rebuild the whole firmware."""
    src = stock_board_dir(micropy_dir, board)
    dst = board_dir_for(out, board, fs_kb)
    wanted = {}
    for path in sorted(src.rglob("*")):
        if path.is_file():
            wanted[path.relative_to(src)] = path.read_bytes()
    header = Path("mpconfigboard.h")
    wanted[header] = board_header(wanted.get(header, b"").decode(), fs_kb).encode()
    for rel, data in wanted.items():
        target = dst / rel
        if target.exists() and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    return dst


def build_dir(micropy_dir: Path, board: str) -> Path:
    return micropy_dir / "ports" / "rp2" / ("build-" + board + BUILD_SUFFIX)


def read_cmake_cache(path: Path) -> dict[str, str]:
    """NAME -> value from a CMakeCache.txt (`NAME:TYPE=value` lines)."""
    values = {}
    try:
        lines = path.read_text(errors="replace").splitlines()
    except OSError:
        return values
    for line in lines:
        m = re.match(r"([A-Za-z0-9_.+-]+):[A-Z]+=(.*)$", line)
        if m:
            values[m.group(1)] = m.group(2)
    return values


def _truthy(value: str) -> bool:
    return value.strip().upper() in ("1", "ON", "YES", "TRUE", "Y")


def configured_mode(folder: Path) -> str | None:
    """'none' or 'sdk' for a configured build folder, None when it is not configured."""
    if not (folder / "Makefile").exists():
        return None
    cache = read_cmake_cache(folder / "CMakeCache.txt")
    return "none" if _truthy(cache.get("PICO_NO_PICOTOOL", "")) else "sdk"


def stale_reason(
    folder: Path, board: str, mode: str, manifest: Path, board_dir: Path | None = None
) -> str:
    """Why a build folder cannot be reused for this build, or ''. A folder with a CMakeCache.txt
    but no Makefile counts too: cmake would run again there, but keep the cached settings that
    this build does not pass (PICO_NO_PICOTOOL in particular)."""
    cache_path = folder / "CMakeCache.txt"
    if not (folder / "Makefile").exists() and not cache_path.exists():
        return ""
    cache = read_cmake_cache(cache_path)
    if not cache:
        return "it has a Makefile but no CMakeCache.txt"
    if cache.get("MICROPY_BOARD", board) != board:
        return "it was configured for {}".format(cache["MICROPY_BOARD"])
    got = cache.get("MICROPY_FROZEN_MANIFEST", "").strip('"')
    if got != str(manifest):
        return "it was configured with the frozen manifest {!r}".format(got)
    cached = "none" if _truthy(cache.get("PICO_NO_PICOTOOL", "")) else "sdk"
    if cached != mode:
        return "it was configured {} picotool".format("without" if mode == "sdk" else "with")
    # The board folder (BOARD_DIR: the filesystem size). `board_dir` None: the port's own
    # boards/<BOARD>; a cache that names none counts as that (older folders), so a folder of
    # our own must be named in the cache to be reused.
    got_dir = cache.get("MICROPY_BOARD_DIR", "").strip('"')
    want_dir = str(board_dir) if board_dir is not None else str(folder.parent / "boards" / board)
    if (got_dir or board_dir is not None) and got_dir != want_dir:
        return "it was configured with the board folder {!r}".format(got_dir or "(none)")
    return ""


def picotool_found(env: dict[str, str]) -> str:
    """Where an installed picotool was seen (PATH or the SDK's variables), or ''."""
    found = shutil.which("picotool", path=env.get("PATH"))
    if found:
        return found
    for var in ("picotool_DIR", "PICOTOOL_FETCH_FROM_GIT_PATH"):
        if env.get(var):
            return "${}={}".format(var, env[var])
    return ""


def make_env(base: dict[str, str], mode: str) -> dict[str, str]:
    """The environment for the port's make: CMAKE_ARGS gains -DPICO_NO_PICOTOOL=1 for 'none'."""
    env = dict(base)
    if mode == "none":
        args = env.get("CMAKE_ARGS", "").split()
        if "-DPICO_NO_PICOTOOL=1" not in args:
            args.append("-DPICO_NO_PICOTOOL=1")
        env["CMAKE_ARGS"] = " ".join(args)
    return env


def commands(
    micropy_dir: Path,
    board: str,
    jobs: int,
    manifest: Path | None = None,
    board_dir: Path | None = None,
) -> list[list[str]]:
    """The make invocations that build the frozen firmware, in order. `board_dir`: a board
    folder of our own (BOARD_DIR=, the port's Makefile passes it to cmake), None for stock."""
    manifest = MANIFEST if manifest is None else manifest
    port = micropy_dir / "ports" / "rp2"
    build = "BUILD=build-" + board + BUILD_SUFFIX
    board_args = ["BOARD=" + board] + (["BOARD_DIR=" + str(board_dir)] if board_dir else [])
    cmds = []
    if not (micropy_dir / "mpy-cross" / "build" / "mpy-cross").exists():
        cmds.append(["make", "-C", str(micropy_dir / "mpy-cross"), "-j", str(jobs)])
    if (micropy_dir / ".git").exists():
        cmds.append(["make", "-C", str(port)] + board_args + [build, "submodules"])
    cmds.append(
        [
            "make",
            "-C",
            str(port),
        ]
        + board_args
        + [
            build,
            "FROZEN_MANIFEST=" + str(manifest),
            "-j",
            str(jobs),
        ]
    )
    return cmds


def submodules_hint(tail: list[str]) -> str:
    """What to do when `make submodules` failed in a git clone (git's output in `tail`)."""
    if any("transport 'file' not allowed" in line for line in tail):
        # git 2.38.1+ refuses local-path submodule URLs by default (CVE-2022-39253).
        return (
            "firmware: git refused the submodules' local paths (.gitmodules points at a local "
            "mirror): allow them for this build with GIT_CONFIG_COUNT=1 "
            "GIT_CONFIG_KEY_0=protocol.file.allow GIT_CONFIG_VALUE_0=always, or "
            "`git config --global protocol.file.allow always`"
        )
    return (
        "firmware: `make submodules` clones {} into the tree the first time, from the URLs in "
        ".gitmodules (the network, for a clone of GitHub); once they are checked out it works "
        "offline. Or build from a tree that carries them (a release tarball).".format(
            ", ".join(SUBMODULES)
        )
    )


def is_port(cmd: list[str]) -> bool:
    """A make run in ports/rp2 (it gets the CMAKE_ARGS environment), not the mpy-cross one."""
    return any(arg.startswith("BOARD=") for arg in cmd)


def show(cmd: list[str], env: dict[str, str]) -> str:
    prefix = "{}={} ".format(FREEZE_ENV, env[FREEZE_ENV]) if env.get(FREEZE_ENV) else ""
    if env.get("CMAKE_ARGS"):
        prefix += "CMAKE_ARGS={} ".format(env["CMAKE_ARGS"])
    return "$ " + prefix + " ".join(cmd)


def run(cmd: list[str], env: dict[str, str]) -> tuple[int, list[str]]:
    """Run `cmd`, echoing its output; (exit status, its last 200 lines)."""
    try:
        proc = subprocess.Popen(
            cmd,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
        )
    except OSError as exc:
        return 127, ["{}: {}".format(cmd[0], exc)]
    tail: deque[str] = deque(maxlen=200)
    assert proc.stdout is not None
    for line in proc.stdout:
        sys.stdout.write(line)
        tail.append(line)
    sys.stdout.flush()
    return proc.wait(), list(tail)


# --- checking firmware.bin -------------------------------------------------------------------


def crc32_mpeg2(data: bytes) -> int:
    """CRC-32 as the RP2040 boot ROM checks boot2: poly 0x04C11DB7, init 0xFFFFFFFF, no
    reflection, no final xor (RP2040 datasheet 2.8.1.3.1)."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7 if crc & 0x80000000 else crc << 1) & 0xFFFFFFFF
    return crc


def image_problem(image: bytes, board: Board) -> str:
    """'' if `image` starts like a flash image for the board's chip at 0x10000000.

    RP2040: the first 256 bytes are boot2, whose last 4 bytes are the CRC above of the first 252.
    RP2350: the boot ROM wants a block loop (PICOBIN_BLOCK_MARKER_START 0xFFFFDED3 ...
    PICOBIN_BLOCK_MARKER_END 0xAB123579, holding the IMAGE_DEF) in the first 4 KB.
    """
    if board.chip == "rp2040":
        if len(image) < 256:
            return "shorter than the RP2040's 256-byte boot2"
        if crc32_mpeg2(image[:252]) != struct.unpack_from("<I", image, 252)[0]:
            return "no valid RP2040 boot2 in its first 256 bytes (wrong chip, or not a flash image)"
        return ""
    head = image[:4096]
    words = [struct.unpack_from("<I", head, i)[0] for i in range(0, len(head) - 3, 4)]
    if 0xFFFFDED3 not in words or 0xAB123579 not in words[words.index(0xFFFFDED3) :]:
        return "no RP2350 IMAGE_DEF block in its first 4 KB (wrong chip, or not a flash image)"
    return ""


def marker_problem(image: bytes, marker: str) -> str:
    """'' if `image` holds `marker`, else what it holds instead."""
    if marker.encode() in image:
        return ""
    other = MARKER_RE.search(image)
    if other:
        return (
            "it holds the app frozen from other sources ({}, expected {}): a stale build, or "
            "another checkout's manifest".format(other.group().decode(), marker)
        )
    return (
        "it does not hold the app's frozen marker {}: MicroPython was built without "
        "tools/manifest.py (a stock firmware)".format(marker)
    )


def _uf2():
    from tools import uf2

    return uf2


# --- main ------------------------------------------------------------------------------------


def fail(message: str, status: int = 1) -> int:
    print("firmware: " + message, file=sys.stderr)
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.firmware", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--micropy-dir", type=Path, help="MicroPython source tree")
    parser.add_argument(
        "--board", default=os.environ.get("BOARD", "RPI_PICO"), help="RPI_PICO or RPI_PICO2"
    )
    parser.add_argument(
        "--picotool",
        default=os.environ.get("PICOTOOL", "auto"),
        help="auto (default; env PICOTOOL), sdk or none: who makes the UF2, see the module doc",
    )
    parser.add_argument(
        "--freeze-games",
        default=os.environ.get("FREEZE_GAMES"),
        help="all or none (env FREEZE_GAMES; default all): freeze the games too, or only the "
        "platform with games/ left to `make flash`",
    )
    parser.add_argument(
        "--fs-kb",
        default=os.environ.get("FS_KB"),
        help="the filesystem's size in KB, or 'stock' (env FS_KB; default: 1024 for RPI_PICO "
        "with every game frozen, else stock); the firmware area is the rest of the flash",
    )
    parser.add_argument("--clean", action="store_true", help="delete the build folder first")
    parser.add_argument("--out", type=Path, default=OUT, help="where the UF2 goes (build/)")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--dry-run", action="store_true", help="print the commands only")
    args = parser.parse_args(argv)

    if args.micropy_dir is None:
        print(USAGE, file=sys.stderr)
        return 2
    if args.picotool not in MODES:
        return fail(
            "--picotool (or PICOTOOL) is {!r}; use auto, sdk or none".format(args.picotool), 2
        )
    board = BOARDS.get(args.board)
    if board is None:
        return fail("unknown board {!r}: use one of {}".format(args.board, ", ".join(BOARDS)), 2)
    out = args.out.resolve() / "firmware-{}.uf2".format(board.name)
    if not args.dry_run:
        # build/ holds a UF2 only when the last build passed every check: one refused here
        # (bad arguments, not a usable tree) leaves none from an earlier build either.
        for stale in (out, layout_path(out)):
            if stale.exists():
                stale.unlink()
    freeze_games = args.freeze_games or DEFAULT_FREEZE_GAMES[board.name]
    if freeze_games not in FREEZE_GAMES:
        return fail(
            "--freeze-games (or FREEZE_GAMES) is {!r}; use all or none".format(freeze_games), 2
        )
    fs_kb = args.fs_kb or DEFAULT_FS_KB.get((board.name, freeze_games)) or STOCK
    if fs_kb != STOCK:
        try:
            fs_kb = int(fs_kb)
        except ValueError:
            return fail("--fs-kb (or FS_KB) is {!r}; use a number of KB or stock".format(fs_kb), 2)
        why = fs_kb_problem(fs_kb, board)
        if why:
            return fail("--fs-kb {}: {}".format(fs_kb, why), 2)
    micropy_dir = args.micropy_dir.expanduser().resolve()
    if not (micropy_dir / "ports" / "rp2").is_dir():
        return fail("{} is not a MicroPython source tree (no ports/rp2)".format(micropy_dir), 2)
    if fs_kb != STOCK and not stock_board_dir(micropy_dir, board.name).is_dir():
        return fail("{} has no boards/{}".format(micropy_dir / "ports" / "rp2", board.name), 2)
    version = micropython_version(micropy_dir)
    if version is not None and version < MIN_MICROPYTHON:
        return fail(
            "{} is MicroPython {}.{}; the app needs {}.{} or newer".format(
                micropy_dir, *version, *MIN_MICROPYTHON
            ),
            2,
        )
    if not (micropy_dir / ".git").exists():
        missing = missing_submodules(micropy_dir)
        print(
            "firmware: {} has no .git (an exported tree or a release tarball): skipping "
            "`make submodules`, using lib/ as it is".format(micropy_dir)
        )
        if missing and not args.dry_run:
            return fail(
                "{} is missing {}: a tree without .git must carry its submodules (release "
                "tarballs do); or use a git clone".format(micropy_dir, ", ".join(missing)),
                2,
            )

    folder = build_dir(micropy_dir, board.name)
    base_env = dict(os.environ)
    if not (micropy_dir / ".git").exists():
        # MicroPython's version header comes from `git describe` in the tree, else from
        # py/mpconfig.h; in a tree inside another repository (this one, say), git would find
        # that repository and stamp its commit as MicroPython's version.
        base_env["GIT_CEILING_DIRECTORIES"] = str(micropy_dir.parent)
    mode, auto = args.picotool, args.picotool == "auto"
    if auto:
        mode = configured_mode(folder) if not args.clean else None
        if mode is None:
            found = picotool_found(base_env)
            mode = "sdk" if found else "none"
            print(
                "firmware: picotool {}: {}".format(
                    "found at " + found if found else "not installed",
                    "the SDK makes the UF2"
                    if found
                    else "configuring with -DPICO_NO_PICOTOOL=1, the UF2 is made from firmware.bin",
                )
            )
        else:
            print(
                "firmware: reusing {} (configured {} picotool)".format(
                    folder.name, "with" if mode == "sdk" else "without"
                )
            )
    marker = expected_marker(freeze_games=freeze_games)
    base_env[FREEZE_ENV] = freeze_games
    print(
        "firmware: freezing {}".format(
            "the platform and every game"
            if freeze_games == "all"
            else "the platform only; games/ stays on the filesystem (`make flash` copies it)"
        )
    )
    board_dir = None if fs_kb == STOCK else board_dir_for(out.parent, board.name, fs_kb)
    if board_dir is None:
        print("firmware: {}'s own flash layout (boards/{})".format(board.name, board.name))
    else:
        print(
            "firmware: a {} KB filesystem at 0x{:x} ({}: boards/{} with {} = {} KB); "
            "flashing it re-creates the board's filesystem".format(
                fs_kb,
                board.flash_bytes - fs_kb * 1024,
                board_dir,
                board.name,
                STORAGE_DEFINE,
                fs_kb,
            )
        )

    if args.dry_run:
        for cmd in commands(micropy_dir, board.name, args.jobs, board_dir=board_dir):
            print(show(cmd, make_env({FREEZE_ENV: freeze_games}, mode) if is_port(cmd) else {}))
        print(
            "then: check {} for the marker {} and write {} (family {}, from 0x{:08x})".format(
                folder / "firmware.bin", marker, out, board.family, FLASH_BASE
            )
        )
        return 0

    if board_dir is not None:
        write_board_dir(micropy_dir, board.name, int(fs_kb), out.parent)
    if args.clean and folder.exists():
        print("firmware: --clean: deleting {}".format(folder))
        shutil.rmtree(folder)

    while True:
        reason = stale_reason(folder, board.name, mode, MANIFEST, board_dir)
        if reason:
            print("firmware: deleting {}: {}".format(folder, reason))
            shutil.rmtree(folder)
        env = make_env(base_env, mode)
        failed, status, tail = None, 0, []
        for cmd in commands(micropy_dir, board.name, args.jobs, board_dir=board_dir):
            cmd_env = env if is_port(cmd) else base_env
            print(show(cmd, cmd_env if is_port(cmd) else {}), flush=True)
            status, tail = run(cmd, cmd_env)
            if status != 0:
                failed = cmd
                break
        if failed is None:
            break
        if auto and mode == "sdk" and any("picotool" in line.lower() for line in tail):
            print(
                "firmware: the build failed on picotool (offline, or an old picotool?); "
                "retrying with -DPICO_NO_PICOTOOL=1 in a fresh {}".format(folder.name)
            )
            if folder.exists():
                shutil.rmtree(folder)
            mode = "none"
            continue
        if folder.exists() and any(m in line for line in tail for m in CONFIGURE_FAILED):
            # cmake may have written a Makefile anyway; the port would then never configure
            # this folder again and link whatever it generated (seen: a 51 KB firmware).
            print("firmware: deleting {}: its configuration failed".format(folder))
            shutil.rmtree(folder)
        if failed[-1] == "submodules":
            print(submodules_hint(tail), file=sys.stderr)
        return fail("command failed (exit {}): {}".format(status, " ".join(failed)))

    # The manifest read firmware/ while make ran: if it changed since the start (an editor saving,
    # a checkout), the firmware holds the newer sources. Check against firmware/ as it is now.
    # Saved before the manifest ran, the image holds the new digest; after, the one computed at
    # the start. Both are this checkout's sources; anything else is refused.
    now = expected_marker(freeze_games=freeze_games)
    older = None
    if now != marker:
        print(
            "firmware: firmware/ changed during the build ({} -> {}): checking against the "
            "sources as they are now, or as they were at the start".format(marker, now)
        )
        marker, older = now, marker
    return finish(micropy_dir, board, folder, mode, marker, out, freeze_games, board_dir, older)


def layout_path(uf2_path: Path) -> Path:
    """build/firmware-<BOARD>.json beside the UF2: its flash layout (tools/rig reads it)."""
    return uf2_path.with_suffix(".json")


def finish(
    micropy_dir: Path,
    board: Board,
    folder: Path,
    mode: str,
    marker: str,
    out: Path,
    freeze_games: str = "all",
    board_dir: Path | None = None,
    older: str | None = None,
) -> int:
    """Check the build's firmware.bin and write the UF2 to `out`."""
    uf2 = _uf2()
    bin_path = folder / "firmware.bin"
    if not bin_path.exists():
        return fail("the build finished but {} is missing".format(bin_path))
    image = bin_path.read_bytes()
    problem = image_problem(image, board)
    if not problem and not BANNER_RE.search(image):
        problem = "no {!r} banner: not a working MicroPython firmware".format(BANNER)
    if problem:
        return fail("{}: {}".format(bin_path, problem))
    problem = marker_problem(image, marker)
    if problem and older and not marker_problem(image, older):
        print(
            "firmware: it holds firmware/ as it was when the build started ({}); run make "
            "firmware again to freeze the sources saved since".format(older)
        )
        marker, problem = older, ""
    if problem:
        return fail("{}: {}. No UF2 written; try again with --clean.".format(bin_path, problem))
    storage, romfs = flash_sizes(micropy_dir, board, board_dir)
    area = firmware_area(micropy_dir, board, board_dir)
    if area is not None and len(image) > area:
        return fail(
            "{} is {} bytes, more than the {} bytes before {}'s filesystem: try a smaller "
            "filesystem (--fs-kb, FS_KB; now {} KB){}".format(
                bin_path,
                len(image),
                area,
                board.name,
                (storage or 0) // 1024,
                ""
                if freeze_games == "none"
                else " or --freeze-games none (FREEZE_GAMES=none), games/ then stays on the "
                "filesystem",
            )
        )
    family = uf2.FAMILIES[board.family]
    data, source = None, ""
    sdk_uf2 = folder / "firmware.uf2"
    if mode == "sdk" and sdk_uf2.exists():
        sdk_data = sdk_uf2.read_bytes()
        try:
            why = uf2.check_image(uf2.parse(sdk_data), image, family)
        except ValueError as exc:
            why = str(exc)
        if why:
            print(
                "firmware: {} does not match firmware.bin ({}); writing the UF2 from "
                "firmware.bin instead".format(sdk_uf2, why)
            )
        else:
            data, source = sdk_data, "picotool's " + str(sdk_uf2)
    if data is None:
        data, source = uf2.bin_to_uf2(image, family), "firmware.bin (tools/uf2.py)"
    why = uf2.check_image(uf2.parse(data), image, family)
    if why:  # our own writer, read back: cannot happen unless tools/uf2.py is broken
        return fail("the UF2 does not read back as firmware.bin: " + why)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(data)
    layout = {
        "board": board.name,
        "chip": board.chip,
        "flash_bytes": board.flash_bytes,
        "bin_bytes": len(image),
        "firmware_area": area,
        "fs_offset": None if storage is None else board.flash_bytes - storage,
        "fs_bytes": storage,
        "romfs_bytes": romfs,
        "stock_layout": board_dir is None,
        "board_dir": None if board_dir is None else str(board_dir),
        "freeze_games": freeze_games,
        "marker": marker,
    }
    layout_path(out).write_text(json.dumps(layout, indent=1, sort_keys=True) + "\n")
    print("firmware.bin: {} bytes, holds {}".format(len(image), marker), end="")
    if area is not None:
        print(
            " ({} KB of the {} KB firmware area free)".format(
                (area - len(image)) // 1024, area // 1024
            )
        )
    else:
        print()
    print(
        "UF2: {} ({} bytes, {} blocks, family {}) from {}".format(
            out, len(data), len(data) // uf2.BLOCK_SIZE, board.family, source
        )
    )
    if storage is not None:
        print(
            "Flash layout: firmware area {} KB, filesystem {} KB at 0x{:x}{} "
            "(written to {})".format(
                (area or 0) // 1024,
                storage // 1024,
                board.flash_bytes - storage,
                " (the board's stock layout)" if board_dir is None else " (not the stock layout)",
                layout_path(out),
            )
        )
    print(
        "Install: hold BOOTSEL while plugging in the board, copy the UF2 onto the drive "
        "(RPI-RP2, or RP2350 on a Pico 2), then `make flash` to copy the data files (gen/){}. "
        "Until then the screen stays black and the REPL shows OSError: [Errno 2] ENOENT.".format(
            " and the games (games/, not frozen)" if freeze_games == "none" else ""
        )
    )
    if board_dir is not None:
        print(
            "The filesystem moves: at the first boot MicroPython formats a new one, so the "
            "files on the board (saves, settings, board.txt) are lost, once (and again when "
            "going back to a stock firmware). Copy them off first if needed "
            "(.venv/bin/mpremote fs cp :settings.json .)."
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
