"""Power-on: device.entry.run() (its doc says what happens). Kept this small: MicroPython
compiles main.py from source at every boot."""

from device.entry import append_log, format_exception, run, run_virtual  # noqa: F401

if __name__ == "__main__":
    run()
