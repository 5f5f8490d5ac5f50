"""CPython stand-in for MicroPython's `machine` module (tests and the simulator only).

Just enough of Pin, SPI and PWM to run firmware/device/ under pytest, recording what the
firmware does so tests can check it:

- Pin.levels    {gpio: 0/1}: input levels set by tests (unset: 1 with PULL_UP, else 0)
- Pin.outputs   {gpio: 0/1}: the level each output pin was last driven to
- SPI.dc_gpio   GPIO whose output level is recorded with every SPI write (None: not tracked)
- spi.writes    [(dc level or None, bytes), ...] per SPI instance; SPI.instances lists them
- PWM.instances every PWM made, with its .freq_hz and .duty
- ADC.levels    {gpio or channel: read_u16 value}: what ADC(n).read_u16() returns (unset: 0)
- Timer.instances every Timer made, with .inits [(mode, period, callback), ...] and .fire()
- freq_calls    [args, ...] of every freq(...) call that set something
- Pin.irqs      {gpio: (handler, trigger)} of every pin with an interrupt armed (irq(None)
                disarms); lightsleep_calls [ms, ...]; `during_lightsleep`, when set, is
                called with the ms of each lightsleep (a test presses a button there)

Call reset_state() between tests to clear all of the above.
"""

_freq_hz = 125_000_000
freq_calls = []


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    ALT = 3
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    levels = {}
    outputs = {}
    irqs = {}

    def __init__(self, id, mode=-1, pull=-1, *, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        if value is not None:
            Pin.outputs[id] = 1 if value else 0

    def init(self, mode=-1, pull=-1, *, value=None):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            Pin.outputs[self.id] = 1 if value else 0

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.OUT:
                return Pin.outputs.get(self.id, 0)
            default = 1 if self.pull == Pin.PULL_UP else 0
            return Pin.levels.get(self.id, default)
        Pin.outputs[self.id] = 1 if v else 0
        return None

    __call__ = value

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING):
        if handler is None:
            Pin.irqs.pop(self.id, None)
        else:
            Pin.irqs[self.id] = (handler, trigger)

    def fire(self):
        """The edge an armed interrupt waits for: its handler runs (as the board's would)."""
        entry = Pin.irqs.get(self.id)
        if entry is not None:
            entry[0](self)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)

    def __repr__(self):
        return "Pin(GPIO%d)" % self.id


class SPI:
    dc_gpio = None
    instances = []

    def __init__(self, id, baudrate=1_000_000, *, polarity=0, phase=0, bits=8, firstbit=0,
                 sck=None, mosi=None, miso=None):
        self.id = id
        self.baudrate = baudrate
        self.polarity = polarity
        self.phase = phase
        self.sck = sck
        self.mosi = mosi
        self.miso = miso
        self.writes = []
        SPI.instances.append(self)

    def init(self, baudrate=None, **kwargs):
        if baudrate is not None:
            self.baudrate = baudrate

    def write(self, buf):
        dc = None if SPI.dc_gpio is None else Pin.outputs.get(SPI.dc_gpio)
        self.writes.append((dc, bytes(buf)))

    def data(self):
        """All bytes written while DC was high, concatenated (the pixel stream)."""
        return b"".join(b for dc, b in self.writes if dc == 1)

    def __repr__(self):
        return "SPI(%d, baudrate=%d, polarity=%d, phase=%d)" % (
            self.id, self.baudrate, self.polarity, self.phase)


class PWM:
    instances = []

    def __init__(self, pin, *, freq=None, duty_u16=None):
        self.pin = pin
        self.freq_hz = freq or 0
        self.duty = duty_u16 or 0
        PWM.instances.append(self)

    def freq(self, hz=None):
        if hz is None:
            return self.freq_hz
        self.freq_hz = hz
        return None

    def duty_u16(self, value=None):
        if value is None:
            return self.duty
        self.duty = value
        return None

    def deinit(self):
        self.duty = 0


class ADC:
    levels = {}

    def __init__(self, pin):
        self.id = pin.id if isinstance(pin, Pin) else pin

    def read_u16(self):
        return ADC.levels.get(self.id, 0)


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1
    instances = []

    def __init__(self, id=-1, **kwargs):
        self.inits = []
        self.callback = None
        Timer.instances.append(self)
        if kwargs:
            self.init(**kwargs)

    def init(self, *, mode=1, period=-1, freq=-1, callback=None):
        self.inits.append((mode, period, callback))
        self.callback = callback

    def deinit(self):
        self.callback = None

    def fire(self):
        """Run the callback as the timer would when its period ends (one-shot: once)."""
        cb = self.callback
        if cb is not None:
            if self.inits and self.inits[-1][0] == Timer.ONE_SHOT:
                self.callback = None
            cb(self)


def freq(*args):
    """Get the CPU clock, or record a set (any number of arguments, as on rp2)."""
    global _freq_hz
    if not args:
        return _freq_hz
    freq_calls.append(args)
    _freq_hz = args[0]
    return None


def reset():
    raise SystemExit("machine.reset()")


def soft_reset():
    raise SystemExit("machine.soft_reset()")


def unique_id():
    return b"\xe6\x61\x38\x97\x4b\x1c\x2e\x2f"


def idle():
    pass


lightsleep_calls = []
during_lightsleep = None


def lightsleep(ms=None):
    lightsleep_calls.append(ms)
    if during_lightsleep is not None:
        during_lightsleep(ms)


def reset_state():
    """Forget every recorded level, write, PWM and freq call."""
    global _freq_hz
    global during_lightsleep
    Pin.levels.clear()
    Pin.outputs.clear()
    Pin.irqs.clear()
    del lightsleep_calls[:]
    during_lightsleep = None
    SPI.dc_gpio = None
    SPI.instances.clear()
    PWM.instances.clear()
    ADC.levels.clear()
    Timer.instances.clear()
    freq_calls.clear()
    _freq_hz = 125_000_000
