"""`make firmware MICROPY_DIR=...`: a MicroPython UF2 with the card console frozen in.

Frozen modules run from flash instead of being loaded into RAM, which leaves more of the Pico's
heap to the games. The app's modules come from tools/manifest.py (the same files `make build`
compiles, main.py included); the data files in firmware/gen/ stay on the filesystem and
`make flash` copies them (it sees the frozen app and copies nothing else).

Needs a MicroPython source tree (1.23 or newer) and the Arm GCC toolchain, as in MicroPython's
ports/rp2/README.md. Runs:
    make -C $MICROPY_DIR/mpy-cross
    make -C $MICROPY_DIR/ports/rp2 BOARD=RPI_PICO submodules
    make -C $MICROPY_DIR/ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=<repo>/tools/manifest.py
and copies the UF2 to build/firmware-RPI_PICO.uf2.

    python -m tools.firmware --micropy-dir DIR [--board RPI_PICO|RPI_PICO2] [--dry-run]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "tools" / "manifest.py"
BUILD = ROOT / "build"
MIN_MICROPYTHON = (1, 23)

USAGE = """\
firmware: pass the MicroPython source tree, e.g.
    git clone https://github.com/micropython/micropython ~/micropython
    make firmware MICROPY_DIR=~/micropython        (or: BOARD=RPI_PICO2 for a Pico 2)
It needs the Arm GCC toolchain (Debian/Ubuntu: apt install gcc-arm-none-eabi
libnewlib-arm-none-eabi cmake). See docs/BUILD.md."""


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


def commands(micropy_dir: Path, board: str, jobs: int) -> list[list[str]]:
    """The make invocations that build the frozen firmware, in order."""
    port = micropy_dir / "ports" / "rp2"
    cmds = []
    if not (micropy_dir / "mpy-cross" / "build" / "mpy-cross").exists():
        cmds.append(["make", "-C", str(micropy_dir / "mpy-cross"), "-j", str(jobs)])
    cmds.append(["make", "-C", str(port), "BOARD=" + board, "submodules"])
    cmds.append(
        [
            "make",
            "-C",
            str(port),
            "BOARD=" + board,
            "FROZEN_MANIFEST=" + str(MANIFEST),
            "-j",
            str(jobs),
        ]
    )
    return cmds


def uf2_path(micropy_dir: Path, board: str) -> Path:
    return micropy_dir / "ports" / "rp2" / ("build-" + board) / "firmware.uf2"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.firmware", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--micropy-dir", type=Path, help="MicroPython source tree")
    parser.add_argument(
        "--board", default=os.environ.get("BOARD", "RPI_PICO"), help="RPI_PICO or RPI_PICO2"
    )
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--dry-run", action="store_true", help="print the commands only")
    args = parser.parse_args(argv)

    if args.micropy_dir is None:
        print(USAGE, file=sys.stderr)
        return 2
    micropy_dir = args.micropy_dir.expanduser().resolve()
    if not (micropy_dir / "ports" / "rp2").is_dir():
        print(
            "firmware: {} is not a MicroPython source tree (no ports/rp2)".format(micropy_dir),
            file=sys.stderr,
        )
        return 2
    version = micropython_version(micropy_dir)
    if version is not None and version < MIN_MICROPYTHON:
        print(
            "firmware: {} is MicroPython {}.{}; the app needs {}.{} or newer".format(
                micropy_dir, *version, *MIN_MICROPYTHON
            ),
            file=sys.stderr,
        )
        return 2

    for cmd in commands(micropy_dir, args.board, args.jobs):
        print("$ " + " ".join(cmd), flush=True)
        if args.dry_run:
            continue
        if subprocess.run(cmd, check=False).returncode != 0:
            print("firmware: command failed: " + " ".join(cmd), file=sys.stderr)
            return 1
    uf2 = uf2_path(micropy_dir, args.board)
    if args.dry_run:
        print("the UF2 would be {}".format(uf2))
        return 0
    if not uf2.exists():
        print("firmware: the build finished but {} is missing".format(uf2), file=sys.stderr)
        return 1
    BUILD.mkdir(exist_ok=True)
    dest = BUILD / "firmware-{}.uf2".format(args.board)
    shutil.copyfile(uf2, dest)
    print("UF2: {} ({} bytes)".format(dest, dest.stat().st_size))
    print(
        "Install: hold BOOTSEL while plugging in the Pico, copy the UF2 onto the RPI-RP2 drive "
        "(RP2350 on a Pico 2), then run `make flash` to copy the data files (gen/)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
