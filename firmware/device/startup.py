"""What main.py (device.entry) does before the app starts: the board's name, the safe-mode
button, the SPI clock, the built-in modules kept, the panel's early reset. A module of its own
so that device.entry can drop it once the app runs: device.entry's globals live as long as
the app does, and these functions cost ~1.3 KB of heap there for nothing
(the stock firmware keeps bytecode in RAM; docs/PERFORMANCE.md, "Memory budget").
"""

import sys

DEFAULT_BOARD = "pico_lcd_1_3"
BOARD_FILE = "/board.txt"
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


def reset_panel(board, pin_factory=None):
    """Reset `board`'s panel now, by its reset pin: the time.ticks_ms() when it was let go,
    or None (no reset pin: the Display Pack 2.0's panel is reset by an SPI command, at its
    init). The controller takes no command for 120 ms after a reset; done here, at boot, that
    time passes while the app loads, and ST7789.init(reset_at) waits only for what is left
    (~130 ms less from reset to the first frame)."""
    import time

    if not hasattr(time, "ticks_ms"):  # CPython (tests): the panel's init resets it
        return None
    try:
        from device import boards

        gpio = boards.get(board)["rst"]
    except Exception:  # noqa: BLE001 - the panel's own init resets it then
        return None
    if gpio is None:
        return None
    if pin_factory is None:
        from machine import Pin

        pin = Pin(gpio, Pin.OUT, value=0)
    else:
        pin = pin_factory(gpio)
        pin.value(0)
    time.sleep_ms(1)  # >= 10 us low resets
    pin.value(1)
    return time.ticks_ms()


# The built-in modules the app imports that a file of the same name could replace ("extensible"
# in MicroPython: time, machine, os, json...). An `import` of one searches sys.path's folders
# for that file first, every time (a built-in module is not kept in sys.modules): 4.2 ms an
# import on the emulated RP2040 with littlefs, and ~40 such imports (in functions, modules
# imported again) lie between reset and a game's table.
BUILTINS = ("time", "machine", "os", "json", "array", "io", "struct", "binascii")


def keep_builtins(names=BUILTINS):
    """Import `names` with sys.path empty (no folder to search) and keep them in sys.modules,
    where every later import finds them at once. Returns the names kept (a port without one
    skips it)."""
    path = sys.path
    saved = list(path)
    kept = []
    while path:
        path.pop()
    try:
        for name in names:
            try:
                sys.modules[name] = __import__(name)
                kept.append(name)
            except ImportError:
                pass
    finally:
        path.extend(saved)
    return kept


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
