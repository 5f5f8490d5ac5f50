"""Device boot: safe mode, clocks, board profile, then the app (main.py runs run()).

Hold B while powering on to skip the app and keep the REPL free (for mpremote).
The board is the Settings screen's choice; "auto" (the default) means the first line of
/board.txt if that file exists, else the Waveshare Pico-LCD-1.3.

What comes before the app (board name, safe mode, clock) is in device/startup.py, dropped
before the app starts: this module's globals stay in the heap as long as the app runs. It was
main.py itself, which MicroPython compiles from source at every power-on (44 ms on the
emulated RP2040 for its 3.2 KB); as a module make build compiles it once.
"""

import sys

BOARD_FILE = "/board.txt"
LOG_FILE = "/log.txt"
LOG_CAP = 8192


def format_exception(exc):
    """As core.app.format_exception, copied: this one must work when core.app cannot be
    imported (the crash it reports may be that import)."""
    if hasattr(sys, "print_exception"):
        import io

        out = io.StringIO()
        sys.print_exception(exc, out)  # type: ignore[attr-defined]
        return out.getvalue()  # type: ignore[attr-defined]
    import traceback

    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


def append_log(text, path=LOG_FILE, cap=LOG_CAP):
    """Append to the log, keeping only its last `cap` bytes. False if the disk refused."""
    data = text.encode()
    try:
        try:
            with open(path, "rb") as f:
                old = f.read()
        except OSError:
            old = b""
        data = old + data
        if len(data) > cap:
            data = data[len(data) - cap:]
        with open(path, "wb") as f:
            f.write(data)
        return True
    except OSError:
        return False


def _drop_startup():
    from core import modules

    modules.drop("device.startup")


def run_virtual(board_file, log_file):
    """The virtual Pico: the board's folder is the filesystem root (the current directory),
    screen and buttons are the host's (device/unixport.py)."""
    from device import startup

    board = startup.read_board_name(board_file, ".")
    startup = None
    _drop_startup()
    try:
        from device import unixport

        return unixport.run(board)
    except Exception as exc:
        append_log("--- main.py: board %s (virtual) ---\n%s" % (board, format_exception(exc)),
                   log_file)
        raise


def run(board_file=BOARD_FILE, log_file=LOG_FILE, pin_factory=None):
    from device import startup

    if pin_factory is None and startup.on_unix_port():
        startup = None
        return run_virtual(board_file.lstrip("/"), log_file.lstrip("/"))
    startup.keep_builtins()
    board = startup.read_board_name(board_file)
    if startup.safe_mode_requested(startup.safe_mode_pin(board), pin_factory):
        print("safe mode: B held at power-on, app not started (REPL is free)")
        return False
    startup.raise_peripheral_clock()
    reset_at = startup.reset_panel(board, pin_factory)
    startup = None
    _drop_startup()
    try:
        import screens
        from core.app import main as app_main
        from device.platform import DevicePlatform

        app_main(DevicePlatform(board, reset_at=reset_at), screens)
    except Exception as exc:  # the app shows its own errors; this is the last resort
        append_log("--- main.py: board %s ---\n%s" % (board, format_exception(exc)), log_file)
        raise
    return True

