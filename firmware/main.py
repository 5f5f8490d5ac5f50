"""Device boot: safe mode, clocks, board profile, then the app.

Hold B while powering on to skip the app and keep the REPL free (for mpremote).
The board is the Settings screen's choice; "auto" (the default) means the first line of
/board.txt if that file exists, else the Waveshare Pico-LCD-1.3.
"""

import sys

DEFAULT_BOARD = "pico_lcd_1_3"
BOARD_FILE = "/board.txt"
LOG_FILE = "/log.txt"
LOG_CAP = 8192
_SAFE_MODE_FALLBACK_PIN = 17  # B on the Waveshare boards


def read_board_name(path=BOARD_FILE, data_dir="/"):
    """The board chosen in the settings, else the board file's first line, else the default.

    An unknown name (a typo in board.txt, a profile removed since) falls back to the
    default rather than stopping the boot."""
    name = "auto"
    try:
        from core.storage import load_settings

        name = load_settings(data_dir)[0].get("board", "auto")
    except Exception:  # noqa: BLE001 - a broken settings file must not stop the boot
        pass
    if name == "auto":
        try:
            with open(path) as f:
                name = f.readline().strip()
        except OSError:
            name = ""
    try:
        from device import boards

        boards.get(name)
        return name
    except Exception:  # noqa: BLE001
        return DEFAULT_BOARD


def safe_mode_pin(board):
    """GPIO of button B on `board` (the Waveshare pin when the profile cannot be read)."""
    try:
        from device import boards

        gpio = boards.pin_of(boards.get(board), boards.B)
        if gpio is not None:
            return gpio
    except Exception:  # noqa: BLE001 - safe mode must work even with a broken profile
        pass
    return _SAFE_MODE_FALLBACK_PIN


def safe_mode_requested(gpio, pin_factory=None, settle_ms=2):
    """True while the (active-low, pulled-up) button on `gpio` is held."""
    import time

    if pin_factory is None:
        from machine import Pin

        pin = Pin(gpio, Pin.IN, Pin.PULL_UP)
    else:
        pin = pin_factory(gpio)
    if settle_ms and hasattr(time, "sleep_ms"):
        time.sleep_ms(settle_ms)  # let the pull-up charge the line before sampling
    return not pin.value()


def raise_peripheral_clock(machine_name=None, version=None):
    """Restore 62.5 MHz SPI on RP2040 with MicroPython >= 1.24; True if the clock was set.

    Since 1.24 the peripheral clock boots at 48 MHz, capping SPI at 24 MHz; older firmware
    runs it from the 125 MHz system clock already (and machine.freq takes one argument).
    The RP2350 keeps its own clock tree, so it is left alone.
    """
    if machine_name is None:
        machine_name = getattr(sys.implementation, "_machine", "")
    if version is None:
        version = sys.implementation.version
    if "RP2040" not in machine_name or tuple(version[:2]) < (1, 24):
        return False
    try:
        import machine

        machine.freq(125_000_000, 125_000_000)  # type: ignore[call-arg]
        return True
    except Exception:  # noqa: BLE001 - a firmware that refuses keeps the slower SPI
        return False


def format_exception(exc):
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


def on_unix_port():
    """True on the MicroPython unix port (the virtual Pico of tools/vpico.py, which has no
    SPI); False on a board and under CPython."""
    if sys.platform != "linux" or sys.implementation.name != "micropython":
        return False
    try:
        from machine import SPI  # noqa: F401
    except ImportError:
        return True
    return False


def run_virtual(board_file, log_file):
    """The virtual Pico: the board's folder is the filesystem root (the current directory),
    screen and buttons are the host's (device/unixport.py)."""
    board = read_board_name(board_file, ".")
    try:
        from device import unixport

        return unixport.run(board)
    except Exception as exc:
        append_log("--- main.py: board %s (virtual) ---\n%s" % (board, format_exception(exc)),
                   log_file)
        raise


def run(board_file=BOARD_FILE, log_file=LOG_FILE, pin_factory=None):
    if pin_factory is None and on_unix_port():
        return run_virtual(board_file.lstrip("/"), log_file.lstrip("/"))
    board = read_board_name(board_file)
    if safe_mode_requested(safe_mode_pin(board), pin_factory):
        print("safe mode: B held at power-on, app not started (REPL is free)")
        return False
    raise_peripheral_clock()
    try:
        import screens
        from core.app import main as app_main
        from device.platform import DevicePlatform

        app_main(DevicePlatform(board), screens)
    except Exception as exc:  # the app shows its own errors; this is the last resort
        append_log("--- main.py: board %s ---\n%s" % (board, format_exception(exc)), log_file)
        raise
    return True


if __name__ == "__main__":
    run()
