"""Sleep (docs/POWER.md "Sleep"): the sleep gesture puts the console to sleep at once, nothing
moves or is drawn while it sleeps, any button wakes it as it was and that press does nothing
else; the gesture changes nothing a person does today (a MENU tap still opens the menu, B
held on the Display Pack 2.0 is still MENU); the device waits in machine.lightsleep with the
buttons' interrupts armed. Every time here is the virtual clock's."""

import pytest

from core import input as btn
from sim import headless

MENU = headless.button_bit("MENU")


def runner(board="pico_lcd_1_3", **kw):
    return headless.Runner(board=board, seed=3, **kw)


def test_menu_held_a_second_sleeps_and_a_press_wakes_as_it_was():
    with runner() as r:
        app, d = r.app, r.platform.display
        r.wait(2000)
        menu = app.top
        cursor = menu.menu.cursor
        r.press(MENU, 1200)
        assert app._idle[1] == 3 and d.backlight_percent == 0
        drawn = app.frames_drawn
        r.wait(60_000)
        assert app._idle[1] == 3 and app.frames_drawn == drawn    # nothing drawn asleep
        r.press(headless.button_bit("DOWN"), 300)                 # wakes, does nothing else
        assert app._idle[1] == 0 and d.backlight_percent == 80
        assert app.top is menu and menu.menu.cursor == cursor and app.frames_drawn == drawn
        r.press(headless.button_bit("DOWN"))                      # the next press acts
        assert menu.menu.cursor != cursor


def test_the_gesture_held_on_does_not_wake_it_and_a_short_menu_does_not_sleep():
    with runner() as r:
        app = r.app
        r.wait(2000)
        r.press(MENU, 900)                  # under a second: a tap of MENU, no sleep
        assert app._idle[1] == 0
        r.press(MENU, 4000)                 # held on after sleeping: stays asleep
        assert app._idle[1] == 3
        r.wait(1000)
        assert app._idle[1] == 3


def test_a_game_does_not_move_while_asleep_and_goes_on_after():
    import registry
    from kit import setup as kit_setup

    entry = registry.find("memory")

    def setup(app):
        app.start()
        app.settings["ai_speed"] = "fast"
        app.push(kit_setup.demo_scene(app, entry, 5))

    with runner(setup=setup) as r:
        app = r.app
        r.wait(9000)
        table = app.top
        moves = len(table.session.actions)
        assert moves > 0
        r.press(MENU, 1100)
        asleep = len(table.session.actions)
        r.wait(30_000)
        assert len(table.session.actions) == asleep and app._idle[1] == 3
        r.press(headless.button_bit("B"))          # wakes: B does not leave the demo
        assert app.top is table
        r.wait(3000)
        assert len(table.session.actions) > asleep


def test_sleep_silences_and_puts_the_light_out():
    with runner(board="display_pack_2") as r:
        app, plat = r.app, r.platform
        r.wait(2000)
        app.settings["your_turn_led"] = True
        app.led(True)
        assert plat.led_rgb is not None
        r.press(headless.button_bit("X+Y"), 1200)    # the Display Pack's gesture
        assert app._idle[1] == 3 and plat.led_rgb is None


def test_display_pack_b_held_is_still_menu_and_x_y_sleeps():
    seen = []

    with runner(board="display_pack_2") as r:
        app = r.app
        r.wait(2000)
        top = app.top
        top.button = lambda b, kind: seen.append((btn.name_of(b), kind))
        r.press(headless.button_bit("B"), 2500)      # as today: MENU, never sleep
        assert ("MENU", btn.PRESS) in seen and app._idle[1] == 0
        del seen[:]
        r.press(headless.button_bit("X+Y"), 600)     # not a second: the cursor keys only
        assert app._idle[1] == 0 and ("UP", btn.PRESS) in seen
        del seen[:]
        r.press(headless.button_bit("X+Y"), 1100)
        assert app._idle[1] == 3
        assert ("DOWN", btn.REPEAT) not in seen      # no cursor runs while it is held


def test_menu_tap_is_one_press_at_its_release_on_dpad_boards():
    i = btn.Input(debounce_ms=10)
    out = []
    for raw, now in [(0, 0)] + [(btn.MENU, t) for t in range(10, 100, 10)] + [(0, 100),
                                                                            (0, 110)]:
        i.update(raw, now)
        ev = i.pop()
        while ev:
            out.append((btn.name_of(btn.event_button(ev)), btn.event_kind(ev), now))
            ev = i.pop()
    assert out == [("MENU", btn.PRESS, 100), ("MENU", btn.RELEASE, 100)]


def test_a_deferred_button_taps_on_release_and_holds_after_hold_ms():
    i = btn.Input(debounce_ms=10, hold_ms=400)
    i.defer = btn.A

    def feed(samples):
        out = []
        for raw, now in samples:
            i.update(raw, now)
            ev = i.pop()
            while ev:
                out.append((btn.name_of(btn.event_button(ev)), btn.event_kind(ev), now))
                ev = i.pop()
        return out

    tap = feed([(0, 0)] + [(btn.A, t) for t in range(10, 90, 10)] + [(0, 90), (0, 100)])
    assert tap == [("A", btn.PRESS, 90), ("A", btn.RELEASE, 90)]
    hold = feed([(btn.A, t) for t in range(200, 900, 10)] + [(0, 900)])
    assert hold == [("A", btn.HOLD, 600), ("A", btn.RELEASE, 900)]   # no PRESS, no repeat
    i.defer = 0
    plain = feed([(btn.A, 1000), (btn.A, 1010), (0, 1100)])
    assert plain == [("A", btn.PRESS, 1000), ("A", btn.RELEASE, 1100)]


@pytest.fixture
def machine():
    import machine

    machine.reset_state()
    yield machine
    machine.reset_state()


def test_device_dozes_in_lightsleep_with_the_buttons_interrupts_armed(machine):
    from core import power
    from core.app import App
    from device import platform

    p = platform.DevicePlatform("pico_lcd_1_14")
    pins = {gpio for gpio, _bit in p.profile["buttons"]}
    assert p.doze(100) is False
    assert machine.lightsleep_calls == [100] and set(machine.Pin.irqs) == pins
    machine.during_lightsleep = lambda ms: machine.Pin(15).fire()    # A pressed, let go
    assert p.doze(100) is True
    machine.during_lightsleep = None
    assert p.doze(100) is False                                      # seen once only
    p.doze(0)
    assert machine.Pin.irqs == {}

    # The app asleep on this platform: a press seen by the interrupt alone wakes it.
    class Plat:
        width, height, data_dir, four_buttons = 240, 135, None, False
        display = p.display
        buttons = p.buttons
        doze = p.doze
        ticks_ms = staticmethod(lambda: 0)

    app = App(Plat(), screens=object())
    app.settings = {"brightness": 60}
    power.sleep(app, -1)
    machine.during_lightsleep = None
    assert power.sleep(app, 0) == 0 and app._idle[1] == 3     # the gesture let go
    assert power.sleep(app, 0) == 0 and app._idle[1] == 3     # nothing pressed
    machine.during_lightsleep = lambda ms: machine.Pin(15).fire()
    power.sleep(app, 0)
    assert app._idle[1] == 0 and machine.Pin.irqs == {}
    assert p.display._bl.duty_u16() == 60 * 65535 // 100


def test_the_panel_sleeps_and_wakes_with_its_own_commands(machine):
    from device import platform

    p = platform.DevicePlatform("pico_lcd_1_3")
    spi = machine.SPI.instances[-1]
    del spi.writes[:]
    p.display.sleep(True)
    p.display.sleep(False)
    sent = [w[1][0] for w in spi.writes]
    assert sent == [0x28, 0x10, 0x11, 0x29]     # DISPOFF, SLPIN; SLPOUT, DISPON


def test_tap_hold_and_the_gestures_under_micropython():
    from tests.mpy import run_mpy

    code = """
from core import input as inp
def run(i, samples):
    out = []
    for raw, now in samples:
        i.update(raw, now)
        ev = i.pop()
        while ev:
            out.append((inp.event_button(ev), inp.event_kind(ev), now))
            ev = i.pop()
    return out
def held(raw, a, b):
    return [(raw, t) for t in range(a, b, 10)]
i = inp.Input(debounce_ms=10)
i.defer = inp.A
print(run(i, [(0, 0)] + held(inp.A, 10, 90) + held(0, 90, 110) + held(inp.A, 110, 700)
          + held(0, 700, 720) + held(inp.MENU, 720, 1800) + held(0, 1800, 1820)))
i = inp.Input(four_buttons=True, debounce_ms=10)
print(run(i, [(0, 0)] + held(inp.X | inp.Y, 10, 1100) + held(0, 1100, 1120)))
"""
    out = run_mpy(code, heap="64wK").stdout.split("\n")
    A, MENU, UP, DOWN = btn.A, btn.MENU, btn.UP, btn.DOWN
    P, R, H = btn.PRESS, btn.RELEASE, btn.HOLD
    assert out[0] == str([(A, P, 90), (A, R, 90), (A, H, 510), (A, R, 700), (MENU, H, 1720),
                          (MENU, R, 1800)])
    assert out[1] == str([(UP, P, 10), (DOWN, P, 10), (MENU, H, 1010), (UP, R, 1100),
                          (DOWN, R, 1100)])


def test_a_message_on_screen_keeps_its_reading_time_while_asleep():
    with runner() as r:
        app = r.app
        r.wait(2000)
        app.toast("A message long enough to be read for a while")
        r.wait(500)
        assert app.toasts_pending() == 1
        r.press(MENU, 1100)
        r.wait(30_000)                              # asleep far longer than its time
        r.press(headless.button_bit("B"))           # awake
        assert app.toasts_pending() == 1            # still there: its time stood still
        r.wait(8000)
        assert app.toasts_pending() == 0


def test_a_table_wakes_as_it_fell_asleep_its_deadlines_moved_on():
    """A pair of Memory shown face up, and the AI's pause after a move, keep what they had
    left when the console fell asleep (kit.table.Table.slept): the pair is still face up on
    the first frame awake, however long it slept."""
    import registry
    from kit import setup as kit_setup

    entry = registry.find("memory")

    def setup(app):
        app.start()
        app.push(kit_setup.demo_scene(app, entry, 5))

    with runner(setup=setup) as r:
        app = r.app
        table = app.top
        while table.show_until is None:             # the first pair turned face up
            r.wait(20)
        left = table.show_until - r.platform.clock.now
        wait_left = None if table.turns.wait_until is None else \
            table.turns.wait_until - r.platform.clock.now
        assert left > 100
        app._idle[1] = 0
        from core import power

        power.sleep(app, -1)                        # asleep now (the gesture's effect)
        app._idle[3] = 0                            # its buttons let go
        r.wait(30_000)
        assert app._idle[1] == 3 and table.show_until is not None
        r.down(headless.button_bit("B"))
        r.run_until(r.t + 25)                       # woken at its next look (20 ms)
        assert app._idle[1] == 0
        assert table.show_until is not None         # still face up
        assert 0 < table.show_until - r.platform.clock.now <= left
        if wait_left is not None and table.turns.wait_until is not None:
            assert table.turns.wait_until - r.platform.clock.now > wait_left - 30


def test_a_tap_begun_under_another_screen_does_nothing_on_the_one_that_opened():
    """A held-capable A (a table that shows a card while A is held: its tap comes at the
    release) goes down; a screen opens before it is let go (the after-game choice, once the
    last message has gone): the release is that screen's, not a press of A on it."""
    from core.scene import Scene

    class Holding(Scene):
        hold_buttons = btn.A

    class Seen(Scene):
        def __init__(self):
            super().__init__()
            self.events = []

        def button(self, b, kind):
            self.events.append((btn.name_of(b), kind))

    with runner() as r:
        app = r.app
        r.wait(2000)
        app.push(Holding())
        r.wait(100)
        bit = headless.button_bit("A")
        r.down(bit)
        r.run_until(r.t + 60)
        seen = Seen()
        app.push(seen)                      # opened while A is down
        r.run_until(r.t + 40)
        r.up(bit)
        r.run_until(r.t + 100)
        assert ("A", btn.PRESS) not in seen.events, seen.events
        r.press(bit)                        # the next tap is its own
        assert ("A", btn.PRESS) in seen.events
