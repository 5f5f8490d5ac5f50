"""The device's platform object (see docs/ARCHITECTURE.md, "The platform object").

DevicePlatform(board_name) builds the display and buttons of a board profile from
device.boards and exposes the clock, folders and seed the runtime needs.
"""

import os
import time

from device import boards
from device.buttons import Buttons
from device.st7789 import ST7789

_PERIOD = 1 << 30  # MicroPython's ticks wrap at 2**30 on every port


# CPython stand-ins (tests with sim/stubs), used only where `time` lacks the MicroPython
# functions; same meaning, built on time.monotonic.
def _monotonic_ticks_ms():
    return int(time.monotonic() * 1000) % _PERIOD  # type: ignore[attr-defined]


def _wrapping_ticks_diff(a, b):
    d = (a - b) % _PERIOD
    return d - _PERIOD if d >= _PERIOD // 2 else d


def _seconds_sleep_ms(ms):
    time.sleep(ms / 1000)


ticks_ms = getattr(time, "ticks_ms", _monotonic_ticks_ms)
ticks_diff = getattr(time, "ticks_diff", _wrapping_ticks_diff)
sleep_ms = getattr(time, "sleep_ms", _seconds_sleep_ms)


def make_display(profile):
    """An ST7789 wired as `profile` says (not yet initialised)."""
    from machine import PWM, SPI, Pin

    spi = SPI(profile["spi"], baudrate=profile["baudrate"], polarity=0, phase=0,
              sck=Pin(profile["sck"]), mosi=Pin(profile["mosi"]))
    # Create the control pins only after the SPI bus: the rp2 SPI constructor also routes
    # the bus's default MISO pin to the SPI block (GPIO 8 on SPI1, 16 on SPI0 -- the DC pin
    # on these boards); making DC an output afterwards takes the pin back.
    dc = Pin(profile["dc"], Pin.OUT, value=0)
    cs = Pin(profile["cs"], Pin.OUT, value=1)
    rst = None
    if profile["rst"] is not None:
        rst = Pin(profile["rst"], Pin.OUT, value=1)
    bl = None
    if profile["bl"] is not None:
        bl = PWM(Pin(profile["bl"]))
        bl.freq(1000)
        bl.duty_u16(0)  # dark until the panel holds a clean picture
    return ST7789(spi, dc, cs=cs, rst=rst, backlight=bl,
                  width=profile["width"], height=profile["height"], madctl=profile["madctl"],
                  x_offset=profile["x_offset"], y_offset=profile["y_offset"],
                  invert=profile["invert"], tuning=profile.get("tuning", ()), spi_id=profile["spi"])


class DevicePlatform:
    data_dir = "/"
    asset_dir = "/gen"

    def __init__(self, board_name=boards.DEFAULT, backlight=100):
        profile = boards.get(board_name)
        self.board = profile["name"]
        self.profile = profile
        self.width = profile["width"]
        self.height = profile["height"]
        self.four_buttons = profile["four_buttons"]
        self.buttons = Buttons(profile["buttons"])
        display = make_display(profile)
        display.init()
        display.clear(0)  # the panel's RAM holds noise after power-on
        display.backlight(backlight)
        self.display = display
        # Plain functions as instance attributes: platform.ticks_ms() is a direct call.
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.sleep_ms = sleep_ms

    def seed(self):
        """A fresh 32-bit seed from the hardware random source."""
        return int.from_bytes(os.urandom(4), "little")
