"""The device's platform object (see docs/ARCHITECTURE.md, "The platform object").

DevicePlatform(board_name) builds the display and buttons of a board profile from
device.boards and exposes the clock, folders and seed the runtime needs, and where the board
has them (docs/POWER.md): `tone` (a piezo on the profile's buzzer pin), `led` (the RGB LED),
`battery` (VSYS on a Pico). A missing part is None, so the app and core.sound leave it alone;
each part's pins are claimed only when first used.
"""

import os
import time

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


def pico_senses_vsys(machine_name=None):
    """True on a Pico or Pico 2; False on a Pico W / Pico 2 W, whose GPIO 24, 25 and 29 belong
    to the wireless chip (reading VSYS there needs the radio stopped), and off the rp2 port."""
    import sys

    if machine_name is None:
        machine_name = getattr(sys.implementation, "_machine", "")
    return "Pico" in machine_name and "Pico W" not in machine_name and (
        "Pico 2 W" not in machine_name)


class DevicePlatform:
    data_dir = "/"
    asset_dir = "/gen"

    def __init__(self, board_name=None, backlight=100, reset_at=None):
        # device.boards holds every board's profile: read this one, then let it go (~2.9 KB
        # of heap on the stock firmware; the Settings screen imports it again for its list).
        from core import modules
        from device import boards

        profile = boards.get(board_name or boards.DEFAULT)
        boards = None
        modules.drop("device.boards")
        self.board = profile["name"]
        self.profile = profile
        self.width = profile["width"]
        self.height = profile["height"]
        self.four_buttons = profile["four_buttons"]
        self.buttons = Buttons(profile["buttons"])
        display = make_display(profile)
        display.init(reset_at)   # reset_at: the panel's reset done at boot (main.py)
        display.clear(0)  # the panel's RAM holds noise after power-on
        display.backlight(backlight)
        self.display = display
        # Plain functions as instance attributes: platform.ticks_ms() is a direct call.
        self.ticks_ms = ticks_ms
        self.ticks_diff = ticks_diff
        self.sleep_ms = sleep_ms
        # buzzer (PWM, Timer, stop), LED PWMs, (ADC, VBUS pin), the buttons' wake flag while
        # asleep ([1]: pressed): made when first used
        self._parts: list = [None, None, None, None]
        if profile.get("buzzer") is None:
            self.tone = None  # type: ignore[assignment]
        if profile.get("led") is None:
            self.led = None  # type: ignore[assignment]
        if not profile.get("battery") or not pico_senses_vsys():
            self.battery = None  # type: ignore[assignment]

    def restart(self):
        """A fresh interpreter: machine.soft_reset() ends this one (its heap, its interned
        names) and runs boot.py and main.py again; screens.launch says what to open then."""
        import machine

        machine.soft_reset()

    # -- sound, LED, battery (docs/POWER.md) -------------------------------------------------
    def tone(self, hz, volume, ms=0):
        """A square wave of `hz` on the buzzer at `volume` percent (50 % duty is the loudest
        a piezo gets) that a one-shot timer stops after `ms`; hz 0: silence."""
        from machine import PWM, Pin, Timer

        part = self._parts[0]
        if part is None:
            pwm = PWM(Pin(self.profile["buzzer"]))
            pwm.duty_u16(0)
            part = self._parts[0] = (pwm, Timer(-1), lambda t: pwm.duty_u16(0))
        pwm, timer, stop = part
        if hz <= 0 or volume <= 0:
            timer.deinit()
            pwm.duty_u16(0)
            return
        pwm.freq(hz)
        pwm.duty_u16(min(volume, 100) * 327)
        if ms > 0:
            timer.init(mode=Timer.ONE_SHOT, period=ms, callback=stop)

    def led(self, r, g, b):
        """The RGB LED at (r, g, b), each 0-255 (active low: full duty is dark)."""
        leds = self._parts[1]
        if leds is None:
            from machine import PWM, Pin

            leds = []
            for gpio in self.profile["led"]:
                pwm = PWM(Pin(gpio))
                pwm.freq(1000)
                leds.append(pwm)
            self._parts[1] = leds
        for pwm, v in zip(leds, (r, g, b)):
            pwm.duty_u16(65535 - (v & 255) * 257)

    def battery(self):
        """VSYS in millivolts while on battery; None while USB powers the board (GPIO 24
        high). VSYS/3 on ADC 3 (GPIO 29), full scale 3.3 V (the Pico datasheet)."""
        part = self._parts[2]
        if part is None:
            from machine import ADC, Pin

            part = self._parts[2] = (ADC(29), Pin(24, Pin.IN))
        adc, vbus = part
        if vbus.value():
            return None
        return adc.read_u16() * 9900 // 65535

    def doze(self, ms):
        """Wait up to `ms` in the lowest-power wait MicroPython has here, machine.lightsleep
        (docs/POWER.md "Sleep": clocks from the crystal, PLLs off, every peripheral clock but
        the timer's stopped); a press (a falling edge on a button's pin, an interrupt armed
        on each) ends it sooner. True when a press was seen since the last call. `doze(0)`
        disarms the interrupts (awake again). Without lightsleep: time.sleep_ms."""
        import machine

        woke = self._parts[3]
        pins = self.buttons._pins
        if ms <= 0:
            if woke is not None:
                for pin, _bit in pins:
                    pin.irq(None)
                self._parts[3] = None
            return False
        if woke is None:
            woke = self._parts[3] = [0]

            def pressed(_pin):
                woke[0] = 1

            for pin, _bit in pins:
                pin.irq(pressed, machine.Pin.IRQ_FALLING)
        if not woke[0]:         # (the handler runs a little after the edge that woke it)
            rest = getattr(machine, "lightsleep", None)
            try:
                if rest is not None:
                    rest(ms)
                else:
                    sleep_ms(ms)
            except Exception:  # noqa: BLE001 - a port whose lightsleep refuses: a plain wait
                sleep_ms(ms)
        seen = woke[0]
        woke[0] = 0
        return seen == 1

    def seed(self):
        """A fresh 32-bit seed from the hardware random source."""
        return int.from_bytes(os.urandom(4), "little")
