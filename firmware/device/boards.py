"""Board profiles: everything that differs between supported boards, as plain data.

Adding a board means adding a profile here. Each profile is a dict:

  name, title        profile key and a human-readable name
  spi, sck, mosi     SPI bus id and its clock/data GPIOs
  cs, dc, rst, bl    chip select, data/command, reset (None: no reset pin) and backlight GPIOs
  baudrate           requested SPI rate; the rp2 port rounds it down to what its clock allows
  width, height      visible panel size in pixels, in the orientation we drive it
  madctl             ST7789 MADCTL byte (rotation / mirroring / refresh order)
  x_offset, y_offset where the visible panel starts in the controller's 240x320 RAM
  invert             True: send INVON (IPS panels show inverted colours without it)
  buttons            ((gpio, logical button bit), ...): active-low inputs with pull-ups
  four_buttons       True when the board has no d-pad (core.input then remaps A/B/X/Y)
  extra_pins         other GPIOs the board uses (kept free; listed so profiles can be checked)
  buzzer             GPIO of a piezo buzzer driven by PWM (None: no sound on this board)
  led                (red, green, blue) GPIOs of an RGB LED, active low (None: no LED)
  battery            True: a Pico's VSYS/3 on ADC 3 (GPIO 29) and VBUS sense on GPIO 24 tell
                     the battery voltage and USB power (not on a Pico W: docs/POWER.md)
  tuning             vendor panel settings sent during init: (bytes: command, then params, ...)

Button maps are tuples of pairs, not dicts: MicroPython dicts do not keep insertion order and
a tuple of small tuples is the cheapest structure to walk in Buttons.read().
"""

try:
    from core.input import DOWN, LEFT, MENU, RIGHT, UP, A, B, X, Y
except ImportError:  # core.input unavailable: the same bit values, mirrored from core.input
    UP = 1
    DOWN = 2
    LEFT = 4
    RIGHT = 8
    A = 16
    B = 32
    X = 64
    Y = 128
    MENU = 256

DEFAULT = "pico_lcd_1_3"

# MADCTL 0x70 = MX | MV | ML: landscape, the orientation both vendors' own examples use
# (Waveshare's Pico-LCD demos and Pimoroni's ST7789 driver at ROTATE_0).
_LANDSCAPE = 0x70

# Waveshare Pico-LCD-1.3 and 1.14 share the pin-out and the joystick.
_WAVESHARE_JOYSTICK = ((2, UP), (18, DOWN), (16, LEFT), (20, RIGHT), (3, MENU))
# A piezo added by the owner between GPIO 22 and GND: no pin of the LCD (8-13) or of the
# buttons (2, 3, 15-21) on either Waveshare board, and no other PWM slice's pin in use
# (GPIO 22 is PWM 3A; the backlight, GPIO 13, is 6B). docs/POWER.md.
_WAVESHARE_BUZZER = 22

# Porch, gate, VCOM, power and gamma settings from the vendors' own init code (Waveshare's
# Pico-LCD demos; Pimoroni's ST7789 driver for 320x240). The panels also light up on the
# controller's reset defaults, but with these the colours match what the vendors tuned.
_WAVESHARE_TUNING = (
    b"\xb2\x0c\x0c\x00\x33\x33",  # PORCTRL
    b"\xb7\x35",  # GCTRL
    b"\xbb\x19",  # VCOMS
    b"\xc0\x2c",  # LCMCTRL
    b"\xc2\x01",  # VDVVRHEN
    b"\xc3\x12",  # VRHS
    b"\xc4\x20",  # VDVS
    b"\xc6\x0f",  # FRCTRL2: 60 Hz
    b"\xd0\xa4\xa1",  # PWCTRL1
    b"\xe0\xd0\x04\x0d\x11\x13\x2b\x3f\x54\x4c\x18\x0d\x0b\x1f\x23",  # positive gamma
    b"\xe1\xd0\x04\x0c\x11\x13\x2c\x3f\x44\x51\x2f\x1f\x1f\x20\x23",  # negative gamma
)
_PIMORONI_320_TUNING = (
    b"\xb2\x0c\x0c\x00\x33\x33",  # PORCTRL
    b"\xc0\x2c",  # LCMCTRL
    b"\xc2\x01",  # VDVVRHEN
    b"\xc3\x12",  # VRHS
    b"\xc4\x20",  # VDVS
    b"\xd0\xa4\xa1",  # PWCTRL1
    b"\xc6\x0f",  # FRCTRL2: 60 Hz
    b"\xb7\x35",  # GCTRL
    b"\xbb\x1f",  # VCOMS
    b"\xd6\xa1",  # (undocumented; Pimoroni sends it)
    b"\xe0\xd0\x08\x11\x08\x0c\x15\x39\x33\x50\x36\x13\x14\x29\x2d",  # positive gamma
    b"\xe1\xd0\x08\x10\x08\x06\x06\x39\x44\x51\x0b\x16\x14\x2f\x31",  # negative gamma
)

BOARDS = {
    "pico_lcd_1_3": {
        "name": "pico_lcd_1_3",
        "title": "Waveshare Pico-LCD-1.3",
        "spi": 1, "sck": 10, "mosi": 11, "cs": 9, "dc": 8, "rst": 12, "bl": 13,
        "baudrate": 62_500_000,
        "width": 240, "height": 240,
        "madctl": _LANDSCAPE, "x_offset": 0, "y_offset": 0, "invert": True,
        "buttons": ((15, A), (17, B), (19, X), (21, Y)) + _WAVESHARE_JOYSTICK,
        "four_buttons": False,
        "extra_pins": (_WAVESHARE_BUZZER,),
        "buzzer": _WAVESHARE_BUZZER, "led": None, "battery": True,
        "tuning": _WAVESHARE_TUNING,
    },
    # 135 x 240 panel centred in the 240 x 320 RAM: in landscape (MV set) the visible area
    # starts at column 40, row 53 (russhughes/st7789_mpy ORIENTATIONS_135x240 for MADCTL 0x60,
    # Pimoroni's driver for 240x135, and Waveshare's demo all use 40/53 for this rotation).
    "pico_lcd_1_14": {
        "name": "pico_lcd_1_14",
        "title": "Waveshare Pico-LCD-1.14",
        "spi": 1, "sck": 10, "mosi": 11, "cs": 9, "dc": 8, "rst": 12, "bl": 13,
        "baudrate": 62_500_000,
        "width": 240, "height": 135,
        "madctl": _LANDSCAPE, "x_offset": 40, "y_offset": 53, "invert": True,
        "buttons": ((15, A), (17, B)) + _WAVESHARE_JOYSTICK,
        "four_buttons": False,
        "extra_pins": (_WAVESHARE_BUZZER,),
        "buzzer": _WAVESHARE_BUZZER, "led": None, "battery": True,
        "tuning": _WAVESHARE_TUNING,
    },
    # 320 x 240 fills the controller RAM exactly in landscape: no offsets. No reset pin (the
    # driver sends SWRESET instead). Only A/B/X/Y, so core.input's four-button mode applies.
    "display_pack_2": {
        "name": "display_pack_2",
        "title": "Pimoroni Pico Display Pack 2.0",
        "spi": 0, "sck": 18, "mosi": 19, "cs": 17, "dc": 16, "rst": None, "bl": 20,
        "baudrate": 62_500_000,
        "width": 320, "height": 240,
        "madctl": _LANDSCAPE, "x_offset": 0, "y_offset": 0, "invert": True,
        "buttons": ((12, A), (13, B), (14, X), (15, Y)),
        "four_buttons": True,
        "extra_pins": (6, 7, 8),  # RGB LED
        "buzzer": None, "led": (6, 7, 8), "battery": True,
        "tuning": _PIMORONI_320_TUNING,
    },
}


def names():
    """Known profile names, sorted."""
    return sorted(BOARDS)


def get(name):
    """The profile called `name`; ValueError naming the known boards otherwise."""
    profile = BOARDS.get(name)
    if profile is None:
        raise ValueError("unknown board: %r (known: %s)" % (name, ", ".join(names())))
    return profile


def pin_of(profile, button):
    """GPIO wired to logical `button` on this board, or None if the board lacks it."""
    for gpio, bit in profile["buttons"]:
        if bit == button:
            return gpio
    return None


def button_mask(profile):
    """Raw buttons the board has (logical bits of its GPIO map, before four-button mode)."""
    mask = 0
    for _gpio, bit in profile["buttons"]:
        mask |= bit
    return mask
