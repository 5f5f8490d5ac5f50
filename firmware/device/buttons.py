"""Raw button state from GPIO: active-low inputs with the RP2040's internal pull-ups.

read() only samples; debounce, edges and repeat belong to core.input.
"""


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
        available = 0
        for _, bit in button_map:
            available |= bit
        self.available = available  # bits this board can report at all

    def read(self):
        """Bitmask of the logical buttons held now (a low pin is a pressed button)."""
        held = 0
        for pin, bit in self._pins:  # a tuple walk: no heap allocation on MicroPython
            if not pin.value():
                held |= bit
        return held
