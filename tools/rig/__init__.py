"""The emulated Pico: the stock MicroPython RPI_PICO firmware on rp2040js, with `make build`.

`Rig` starts tools/rig/rig.mjs under node (a subprocess speaking JSON lines on stdin/stdout):
an RP2040 at 125 MHz with the official UF2 in its flash, the build packed into the firmware's
littlefs (offset 0xA0000, 352 blocks of 4 KiB; another layout when the UF2 has a
firmware-<BOARD>.json beside it, as `make firmware` writes: see `fs_layout`), an ST7789 on the
board's SPI pins, the buttons as GPIO inputs (active low), emulated time, and the REPL on USB
CDC. Nothing here runs in real time: `run(ms)` advances the emulated clock (about ten times
slower than real time while the CPU is busy; idle waits are skipped).

    from tools.rig import Rig
    with Rig() as rig:                       # packs build/pico/ and boots
        rig.wait_scene("MainMenu")
        rig.tap("DOWN")
        rig.screenshot("menu.png")

Files it needs (never committed): the UF2 ($RIG_FIRMWARE, default
../shared/rig/RPI_PICO-v1.28.0.uf2 beside the repo's folder) and the RP2040 B1 bootrom
($RIG_BOOTROM, default ../shared/rig/rp2040-bootrom-b1.bin), node ($NODE or PATH) and the npm
package rp2040js in tools/rig/node_modules (`make rig-install`). `missing()` says which is
absent.

The host learns what the app does from tools/rig/hook.py, written into the filesystem as
/boot.py (MicroPython runs it before main.py): "RIG:" lines on the console for scene changes
(with free heap after gc.collect()), frames (draw and flush times), AI decisions and errors.
See docs/PERFORMANCE.md, "Measured on the emulated RP2040", and tools/bench_rig.py.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

RIG_DIR = Path(__file__).resolve().parent
ROOT = RIG_DIR.parent.parent
BUILD_DIR = ROOT / "build" / "pico"
SHARED_RIG = ROOT.parent / "shared" / "rig"
DEFAULT_FIRMWARE = SHARED_RIG / "RPI_PICO-v1.28.0.uf2"
DEFAULT_BOOTROM = SHARED_RIG / "rp2040-bootrom-b1.bin"
SCRIPT = RIG_DIR / "rig.mjs"
HOOK = RIG_DIR / "hook.py"
NODE_MODULES = RIG_DIR / "node_modules"

# littlefs of MicroPython's RPI_PICO build (shared/rig/README.md).
FS_OFFSET = 0xA0000
FS_BLOCK_SIZE = 4096
FS_BLOCK_COUNT = 352
FS_PROG_SIZE = 256
FS_READ_SIZE = 32
FS_LOOKAHEAD = 32

PRESS_MS = 80  # a tap, as in the key scripts of sim.headless and device/unixport.py
GAP_MS = 170
ERROR_MARKS = ("Traceback (most recent call last)", "MemoryError", "RIG:error")


class RigError(RuntimeError):
    """The emulator failed, or did not answer as expected."""


def firmware_path() -> Path:
    return Path(os.environ.get("RIG_FIRMWARE") or DEFAULT_FIRMWARE)


def bootrom_path() -> Path:
    return Path(os.environ.get("RIG_BOOTROM") or DEFAULT_BOOTROM)


def node_path() -> str | None:
    env = os.environ.get("NODE")
    if env:
        return env if Path(env).is_file() else None
    return shutil.which("node")


def fs_layout(firmware: Path | str | None = None) -> tuple[int, int]:
    """(flash offset, 4 KiB blocks) of the firmware's littlefs: from the firmware-<BOARD>.json
    that tools/firmware.py writes beside its UF2 (a build with --fs-kb moves the filesystem),
    else the stock RPI_PICO layout. A layout for another chip than the RP2040 is refused."""
    path = Path(firmware or firmware_path()).with_suffix(".json")
    if not path.is_file():
        return FS_OFFSET, FS_BLOCK_COUNT
    try:
        info = json.loads(path.read_text())
    except ValueError as exc:
        raise RigError("%s: not a firmware layout: %s" % (path, exc)) from exc
    if info.get("chip", "rp2040") != "rp2040":
        raise RigError("%s: a firmware for the %s; the rig emulates an RP2040 only"
                       % (path, info["chip"]))
    offset, size = info.get("fs_offset"), info.get("fs_bytes")
    if offset is None or size is None:
        return FS_OFFSET, FS_BLOCK_COUNT
    if offset % FS_BLOCK_SIZE or size % FS_BLOCK_SIZE:
        raise RigError("%s: filesystem at 0x%x, %d bytes: not in 4 KiB blocks"
                       % (path, offset, size))
    return offset, size // FS_BLOCK_SIZE


def missing_files() -> list[str]:
    """What of the firmware and bootrom is absent (empty: both are there)."""
    out = []
    if not firmware_path().is_file():
        out.append("firmware UF2 %s (set RIG_FIRMWARE)" % firmware_path())
    if not bootrom_path().is_file():
        out.append("RP2040 bootrom %s (set RIG_BOOTROM)" % bootrom_path())
    return out


def missing_tools() -> list[str]:
    """What of node and the npm package is absent (empty: both are there)."""
    out = []
    if node_path() is None:
        out.append("node (set NODE or put it on PATH)")
    if not (NODE_MODULES / "rp2040js" / "package.json").is_file():
        out.append("the npm package rp2040js in %s (`make rig-install`)" % NODE_MODULES)
    return out


def missing() -> str | None:
    """Why the rig cannot run here, or None."""
    gone = missing_files() + missing_tools()
    return "; ".join(gone) if gone else None


# -- the filesystem image ------------------------------------------------------------------------
# boot.py (MicroPython runs it before main.py): the hook's module and the heap it holds. Its own
# names are deleted: boot.py and main.py share the __main__ globals.
BOOT = b"""import gc
gc.collect()
_f = gc.mem_free()
import rig_hook
gc.collect()
rig_hook.COST[0] = _f - gc.mem_free()
del _f, gc, rig_hook
"""


def hook_source(trace: bool = False, quiet: bool = False) -> str:
    text = HOOK.read_text()
    if trace:
        text = text.replace("\nTRACE = False\n", "\nTRACE = True\n", 1)
    if quiet:
        text = text.replace("\nQUIET = False\n", "\nQUIET = True\n", 1)
    return text


def hook_files(trace: bool = False, quiet: bool = False) -> dict[str, bytes]:
    """/boot.py and the hook as /rig_hook.mpy (compiled here, as `make build` compiles the
    app: the board does not spend its heap and time compiling it), or as /rig_hook.py
    without mpy-cross."""
    source = hook_source(trace, quiet)
    files = {"boot.py": BOOT}
    try:
        from tools import build as buildmod

        cross = buildmod.find_mpy_cross()
        with tempfile.TemporaryDirectory(prefix="rig-hook-") as tmp:
            src = Path(tmp) / "rig_hook.py"
            src.write_text(source)
            out = Path(tmp) / "rig_hook.mpy"
            subprocess.run([cross, "-march=armv6m", "-s", "rig_hook.py", "-o", str(out),
                            str(src)], check=True, capture_output=True)
            files["rig_hook.mpy"] = out.read_bytes()
    except (OSError, subprocess.CalledProcessError):
        files["rig_hook.py"] = source.encode()
    return files


def pack(build_dir: Path | str = BUILD_DIR, extra: dict[str, bytes] | None = None,
         block_count: int = FS_BLOCK_COUNT) -> bytes:
    """The littlefs image (`block_count` x 4 KiB) holding `build_dir` and the `extra` files
    (path -> bytes; a path in both takes the extra file). `build_dir` is a build (main.py) or,
    for a firmware with the app frozen in, what `make flash` leaves beside it (gen/)."""
    from littlefs import LittleFS

    build_dir = Path(build_dir)
    if not (build_dir / "main.py").is_file() and not (build_dir / "gen").is_dir():
        raise RigError("no build in %s: run `make build`" % build_dir)
    fs = LittleFS(block_size=FS_BLOCK_SIZE, block_count=block_count, prog_size=FS_PROG_SIZE,
                  read_size=FS_READ_SIZE, lookahead_size=FS_LOOKAHEAD)
    files: dict[str, bytes] = {}
    for path in sorted(build_dir.rglob("*")):
        if path.is_file():
            files[path.relative_to(build_dir).as_posix()] = path.read_bytes()
    files.update(extra or {})
    made = set()
    for rel, data in sorted(files.items()):
        parts = rel.split("/")
        for i in range(1, len(parts)):
            folder = "/".join(parts[:i])
            if folder not in made:
                fs.makedirs(folder, exist_ok=True)
                made.add(folder)
        with fs.open(rel, "wb") as f:
            f.write(data)
    return bytes(fs.context.buffer)


def read_fs(image: bytes, block_count: int = FS_BLOCK_COUNT) -> dict[str, bytes]:
    """Every file of a littlefs image (path -> bytes): what the board wrote."""
    from littlefs import LittleFS, UserContext

    ctx = UserContext(FS_BLOCK_SIZE * block_count)
    ctx.buffer = bytearray(image)
    fs = LittleFS(ctx, block_size=FS_BLOCK_SIZE, block_count=block_count,
                  prog_size=FS_PROG_SIZE, read_size=FS_READ_SIZE, lookahead_size=FS_LOOKAHEAD,
                  mount=False)
    fs.mount()
    out = {}
    for root, _dirs, names in fs.walk("/"):
        for name in names:
            path = root.rstrip("/") + "/" + name
            with fs.open(path, "rb") as f:
                out[path.lstrip("/")] = f.read()
    return out


# -- the board ---------------------------------------------------------------------------------
def board_profile(name: str = "pico_lcd_1_3") -> dict:
    from sim import compat

    compat.install()
    from device import boards

    return boards.get(name)


@dataclass
class Event:
    """One RIG: line of the hook, with the emulated ms at which the host read it."""

    kind: str
    fields: list[str]
    t: float

    def int(self, i: int) -> int:
        return int(self.fields[i])


@dataclass
class Flush:
    """One RAMWR window as the panel saw it (emulated ms): CASET at start, last pixel at end."""

    x0: int
    y0: int
    x1: int
    y1: int
    px: int
    start: float
    ramwr: float
    end: float
    chg: int = 0            # pixels whose value it changed
    chg_first: float = -1   # when the first and the last of them arrived (-1: none)
    chg_last: float = -1

    @property
    def ms(self) -> float:
        return self.end - self.start


@dataclass
class Rig:
    """One emulated board. start() it (or use `with`), stop() it."""

    build_dir: Path | str = BUILD_DIR
    board: str = "pico_lcd_1_3"
    hook: bool = True
    trace: bool = False
    quiet: bool = False     # the hook records into RAM instead of printing (hook.py, QUIET)
    extra: dict[str, bytes] = field(default_factory=dict)
    firmware: Path | str | None = None
    bootrom: Path | str | None = None
    echo: bool = False  # print the console as it comes
    # The littlefs's place (flash offset, 4 KiB blocks); None: fs_layout(firmware).
    fs: tuple[int, int] | None = None
    # Power: None on USB (VBUS high), else a battery of this many mV on VSYS (VBUS low).
    vsys_mv: int | None = None

    def __post_init__(self):
        self.proc: subprocess.Popen | None = None
        self.console = bytearray()
        self.events: list[Event] = []
        self.t = 0.0         # emulated ms
        self.cycles = 0
        self.last: dict = {}
        self._line = b""
        self._held: set[int] = set()
        self._tmp: str | None = None
        self.profile = board_profile(self.board)
        from sim import compat

        compat.install()
        from core import input as btn

        self._btn = btn

    # -- life cycle ------------------------------------------------------------------------
    def start(self, hold: tuple[str, ...] = ()) -> Rig:
        """Pack the build, start node, power on (with the buttons in `hold` held)."""
        why = missing()
        if why:
            raise RigError("rig unavailable: " + why)
        extra = dict(self.extra)
        if self.hook:
            for name, data in hook_files(self.trace, self.quiet).items():
                extra.setdefault(name, data)
        firmware = self.firmware or firmware_path()
        if self.fs is None:
            self.fs = fs_layout(firmware)
        image = pack(self.build_dir, extra, self.fs[1])
        self._tmp = tempfile.mkdtemp(prefix="rig-")
        img = Path(self._tmp) / "littlefs.img"
        img.write_bytes(image)
        p = self.profile
        args = [node_path() or "node", str(SCRIPT),
                "--firmware", str(firmware),
                "--bootrom", str(self.bootrom or bootrom_path()),
                "--fs", str(img), "--fs-offset", str(self.fs[0]),
                "--panel", "%dx%d+%d+%d" % (p["width"], p["height"], p["x_offset"],
                                            p["y_offset"]),
                "--spi", str(p["spi"]), "--dc", str(p["dc"]), "--cs", str(p["cs"]),
                "--pins", ",".join(str(g) for g, _ in p["buttons"]),
                "--vsys-mv", str(self.vsys_mv or 0)]
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=str(RIG_DIR))
        self._read()  # the "ready" line
        if hold:
            self.hold(*hold)
        return self

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None:
            try:
                if proc.poll() is None:
                    proc.stdin.write(b'{"cmd":"quit"}\n')  # type: ignore[union-attr]
                    proc.stdin.flush()  # type: ignore[union-attr]
                proc.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                proc.kill()
                proc.wait()
        if self._tmp:
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._tmp = None

    def __enter__(self) -> Rig:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    # -- protocol ----------------------------------------------------------------------------
    def _read(self) -> dict:
        assert self.proc is not None and self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            err = self.proc.stderr.read().decode(errors="replace") if self.proc.stderr else ""
            raise RigError("the emulator stopped: " + (err.strip()[-2000:] or "no message"))
        msg = json.loads(line)
        self.t = msg.get("t", self.t)
        self.cycles = msg.get("cycles", self.cycles)
        out = base64.b64decode(msg.pop("out", "") or "")
        if out:
            self._console(out)
        self.last = msg
        if not msg.get("ok"):
            raise RigError(msg.get("error", "the emulator refused"))
        return msg

    def cmd(self, name: str, **kw) -> dict:
        if self.proc is None:
            raise RigError("the rig is not running")
        kw["cmd"] = name
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(kw).encode() + b"\n")
        self.proc.stdin.flush()
        return self._read()

    def _console(self, data: bytes) -> None:
        if self.echo:
            print(data.decode(errors="replace"), end="", flush=True)
        self.console += data
        self._line += data
        while b"\n" in self._line:
            line, _, self._line = self._line.partition(b"\n")
            text = line.decode(errors="replace").strip()
            at = text.find("RIG:")
            if at >= 0:
                parts = text[at + 4:].split()
                if parts:
                    self.events.append(Event(parts[0], parts[1:], self.t))

    # -- time and console ----------------------------------------------------------------------
    def run(self, ms: float) -> None:
        """Advance emulated time by `ms`."""
        self.cmd("run", ms=ms)

    def until(self, text: str, ms: float) -> bool:
        """Run until the console shows `text` (in output not yet read), at most `ms`."""
        return bool(self.cmd("until", text=text, ms=ms)["found"])

    def expect(self, text: str, ms: float, since: int = 0) -> bool:
        """True once the console shows `text` at or after byte `since` (already, or within
        `ms` more emulated ms)."""
        if self.console.find(text.encode(), since) >= 0:
            return True
        self.until(text, ms)
        return self.console.find(text.encode(), since) >= 0

    def until_flush(self, ms: float, min_px: int = 1) -> bool:
        return bool(self.cmd("until_flush", ms=ms, min_px=min_px)["found"])

    def wait_event(self, pred, ms: float, step: float = 50,
                   since: int | None = None) -> Event | None:
        """Run in `step` ms slices until an event satisfies pred, at most `ms`. Events count
        from index `since` of self.events (default: from now on)."""
        start = len(self.events) if since is None else since
        end = self.t + ms
        while True:
            for ev in self.events[start:]:
                if pred(ev):
                    return ev
            start = len(self.events)
            if self.t >= end:
                return None
            self.until("RIG:", min(step, end - self.t))
            # "until" stops at the start of a line: let the rest of it arrive.
            self.until("\n", 5)

    def wait_scene(self, name: str, ms: float = 60_000) -> Event | None:
        """Run until the hook reports `name` on top (a push or pop), at most `ms`."""
        for ev in reversed(self.events):
            if ev.kind == "scene":
                if ev.fields[1] == name:
                    return ev
                break
        return self.wait_event(lambda e: e.kind == "scene" and e.fields[1] == name, ms)

    def wait_frame(self, ms: float = 10_000, scene: str | None = None) -> Event | None:
        return self.wait_event(
            lambda e: e.kind == "frame" and (scene is None or e.fields[0] == scene), ms)

    def text(self) -> str:
        return self.console.decode(errors="replace")

    def errors(self) -> list[str]:
        """Console lines with a traceback, a MemoryError or an app error report."""
        lines = self.text().splitlines()
        return [ln for ln in lines if any(mark in ln for mark in ERROR_MARKS)]

    def top(self) -> str | None:
        """The top scene of the last scene event."""
        for ev in reversed(self.events):
            if ev.kind == "scene":
                return ev.fields[1]
        return None

    def back_to_menu(self, presses: int = 6, settle_ms: float = 200) -> bool:
        """Press B (waiting for the menu after each) until the main menu is on top, then wait
        for its frame and `settle_ms`: True when it is there."""
        # A menu that comes back after a game may restart the board first (screens.launch):
        # it is there once it has drawn a frame, after the restart's boot.
        since = len(self.events)

        def drawn():
            return any(e.kind == "frame" and e.fields[0] == "MainMenu"
                       for e in self.events[since:])

        for _ in range(presses):
            if drawn():
                break
            if self.top() != "MainMenu":
                self.press("B")
            self.wait_event(lambda e: e.kind == "frame" and e.fields[0] == "MainMenu", 5000,
                            since=since)
        self.run(settle_ms)
        return self.top() == "MainMenu" and drawn()

    # -- buttons -------------------------------------------------------------------------------
    def gpio_of(self, name: str) -> int:
        bit = self._btn.button_named(name)
        for gpio, b in self.profile["buttons"]:
            if b == bit:
                return gpio
        raise ValueError("board %s has no %s button" % (self.profile["name"], name))

    def hold(self, *names: str) -> None:
        """Hold these buttons (pins low) from now on, releasing the others."""
        self._held = {self.gpio_of(n) for n in names}
        self.cmd("pins", low=sorted(self._held))

    def release(self) -> None:
        self.hold()

    def tap(self, name: str, ms: float = PRESS_MS, gap: float = GAP_MS) -> float:
        """Press `name` for `ms`, release, run `gap`; returns the emulated ms of the press."""
        self.hold(name)
        at = self.t
        self.run(ms)
        self.release()
        if gap:
            self.run(gap)
        return at

    def press(self, name: str, max_ms: float = 300, gap: float = 100) -> float:
        """Hold `name` until the app answers (a frame or a scene change: the press was seen),
        at most `max_ms`, release, run `gap`; returns the emulated ms of the press. For
        navigating: a tap shorter than a slow frame can fall between two button samples, as
        on the device."""
        self.hold(name)
        at = self.t
        self.wait_event(lambda e: e.kind in ("frame", "scene"), max_ms, step=10)
        self.release()
        if gap:
            self.run(gap)
        return at

    def power(self, vsys_mv: int | None = None) -> None:
        """USB power (None), or a battery of `vsys_mv` mV from now on."""
        self.vsys_mv = vsys_mv
        self.cmd("power", vsys_mv=vsys_mv or 0)

    # -- panel ---------------------------------------------------------------------------------
    def flushes(self) -> list[Flush]:
        return [Flush(**f) for f in self.cmd("flushes")["flushes"]]

    def mark(self) -> None:
        """Remember the visible picture: `changes()` compares with it."""
        self.cmd("mark")

    def changes(self) -> dict:
        """The visible pixels that differ from the last `mark()`: {"n": count} and, when n > 0,
        their box (x0, y0, x1, y1, inclusive) and the emulated ms at which the earliest
        ("first") and the latest ("last") of them got the value they have now."""
        msg = dict(self.cmd("changes"))
        for key in ("ok", "t", "cycles"):
            msg.pop(key, None)
        return msg

    def screen(self):
        """The panel as a PIL image (RGB), upright."""
        from PIL import Image

        msg = self.cmd("screen")
        w, h = msg["w"], msg["h"]
        raw = base64.b64decode(msg["b64"])
        rgb = bytearray(w * h * 3)
        for i in range(w * h):
            v = raw[2 * i] | raw[2 * i + 1] << 8
            r, g, b = v >> 11, (v >> 5) & 63, v & 31
            rgb[3 * i] = (r << 3) | (r >> 2)
            rgb[3 * i + 1] = (g << 2) | (g >> 4)
            rgb[3 * i + 2] = (b << 3) | (b >> 2)
        return Image.frombytes("RGB", (w, h), bytes(rgb))

    def screenshot(self, path: Path | str) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.screen().save(path)
        return path

    def state(self) -> dict:
        return self.cmd("state")

    def flash_fs(self) -> dict[str, bytes]:
        """The files on the board's filesystem now (read back from the emulated flash)."""
        offset, blocks = self.fs or (FS_OFFSET, FS_BLOCK_COUNT)
        msg = self.cmd("flash", offset=offset, length=FS_BLOCK_SIZE * blocks)
        return read_fs(base64.b64decode(msg["b64"]), blocks)

    # -- REPL ----------------------------------------------------------------------------------
    def write(self, data: bytes) -> None:
        self.cmd("write", b64=base64.b64encode(data).decode())

    def repl(self, code: str, ms: float = 10_000) -> str:
        """Run `code` in the raw REPL (interrupting the app if it runs); returns its output.
        Raises RigError on a timeout; an exception in `code` comes back in the text."""
        self.write(b"\r\x03\x03")
        self.run(50)
        mark = len(self.console)
        self.write(b"\x01")
        if not self.expect("raw REPL; CTRL-B to exit\r\n>", 2000, mark):
            raise RigError("no raw REPL: " + self.text()[-300:])
        mark = len(self.console)
        self.write(code.encode() + b"\x04")
        if not self.expect("\x04>", ms, mark):
            raise RigError("REPL snippet did not finish in %s ms" % ms)
        out = bytes(self.console[mark:])
        at = out.find(b"OK")
        body = out[at + 2:] if at >= 0 else out
        text, _, err = body.partition(b"\x04")
        err = err.rstrip(b">").rstrip(b"\x04")
        result = text.decode(errors="replace")
        if err.strip():
            result += err.decode(errors="replace")
        return result

    def start_in_safe_mode(self, code: str) -> int:
        """Power on with B held (the app does not start), enter the raw REPL and send `code`
        without waiting for it to end; returns the console mark before its output."""
        self.start(hold=("B",))
        self.run(500)
        self.release()
        if not self.expect(">>> ", 3000):
            raise RigError("no REPL in safe mode:\n" + self.text()[-1000:])
        mark = len(self.console)
        self.write(b"\x01")
        if not self.expect("raw REPL; CTRL-B to exit\r\n>", 2000, mark):
            raise RigError("no raw REPL")
        mark = len(self.console)
        self.write(code.encode() + b"\x04")
        return mark

    def exit_raw(self) -> None:
        self.write(b"\x02")
        self.run(20)


def wall() -> float:
    return time.monotonic()


DEMO = RIG_DIR / "demo.py"


def demo_files() -> dict[str, bytes]:
    """The extra file for all-AI games from the REPL (tools/rig/demo.py as /rig_demo.py)."""
    return {"rig_demo.py": DEMO.read_bytes()}
