"""Raw button state from GPIO: active-low inputs with the RP2040's internal pull-ups.

read() only samples; debounce, edges and repeat belong to core.input. The app reads the
buttons every 2 ms while it sleeps (core.app), so on the rp2 port read() takes every pin from
one register (SIO GPIO_IN, the same address on the RP2040 and the RP2350): ~9 Pin.value()
calls otherwise.
"""

from micropython import const

_SIO_GPIO_IN = const(0xD0000004)


def _pull_up_input(gpio):
    from machine import Pin

    return Pin(gpio, Pin.IN, Pin.PULL_UP)


class Buttons:
    def __init__(self, button_map, pin_factory=None):
        """button_map: ((gpio, logical button bit), ...) as in a board profile.

        pin_factory(gpio) -> object with value(); defaults to a machine.Pin pull-up input
        (tests pass fakes).
        """
        make = pin_factory or _pull_up_input
        self._pins = tuple((make(gpio), bit) for gpio, bit in button_map)
        self._in: tuple | None = None   # rp2: (machine.mem32, ((pin mask, bit), ...))
        if pin_factory is None:
            import sys

            if sys.platform == "rp2":
                import machine

                self._in = (machine.mem32, tuple((1 << gpio, bit) for gpio, bit in button_map))
        available = 0
        for _, bit in button_map:
            available |= bit
        self.available = available  # bits this board can report at all

    def read(self):
        """Bitmask of the logical buttons held now (a low pin is a pressed button)."""
        held = 0
        fast = self._in
        if fast is not None:
            low = ~fast[0][_SIO_GPIO_IN]    # GPIO 0-29: a small int, no allocation
            for mask, bit in fast[1]:
                if low & mask:
                    held |= bit
            return held
        for pin, bit in self._pins:  # a tuple walk: no heap allocation on MicroPython
            if not pin.value():
                held |= bit
        return held
