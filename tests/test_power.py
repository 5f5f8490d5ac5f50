"""Power (issue #14): the idle screen dims then goes off on the virtual clock, any button
wakes it without acting, the loop polls slowly while it is off; the battery level from fake
ADC values (sim/stubs/machine.py), the low warning, USB power shows no level; the your-turn
LED. No timing asserts on the host clock: every time here is the virtual clock's.
"""

import pytest

from core import input as btn
from core import power
from core.app import App
from core.scene import Scene
from sim.platform import SimPlatform, VirtualClock


def make_app(tmp_path, board="pico_lcd_1_3", **settings):
    plat = SimPlatform(board=board, data_dir=str(tmp_path), clock=VirtualClock())
    app = App(plat)
    app.start()
    app.settings.update(settings)
    return app, plat


def advance(app, plat, ms):
    """Run the app's loop for `ms` virtual milliseconds, sleeping what step() asks; the
    waits it asked for."""
    end = plat.clock.now + ms
    waits = []
    while plat.clock.now < end:
        wait = app.step()
        waits.append(wait)
        plat.clock.sleep_ms(wait if wait > 0 else 1)
    return waits


def press(app, plat, bit, ms=80):
    plat.buttons.script |= bit
    advance(app, plat, ms)
    plat.buttons.script &= ~bit
    advance(app, plat, 170)


def test_idle_dims_then_turns_off_and_polls_slowly(tmp_path):
    app, plat = make_app(tmp_path, brightness=80, dim_after_s=60, off_after_s=300)
    d = plat.display
    advance(app, plat, 2000)                    # splash over, menu drawn: activity
    assert type(app.top).__name__ == "MainMenu" and d.backlight_percent == 80
    advance(app, plat, 55_000)
    assert d.backlight_percent == 80            # under a minute without a button
    advance(app, plat, 6_000)
    assert d.backlight_percent == 20            # dimmed: a quarter of 80 %
    waits = advance(app, plat, 60_000)
    assert d.backlight_percent == 20 and max(waits) <= 33
    advance(app, plat, 180_000)
    assert d.backlight_percent == 0             # off after five minutes
    waits = advance(app, plat, 10_000)
    assert set(waits) == {100}                  # polling slowly while off


def test_a_button_wakes_the_screen_without_acting(tmp_path):
    app, plat = make_app(tmp_path, brightness=70, dim_after_s=60, off_after_s=120)
    advance(app, plat, 2000)
    menu = app.top
    cursor = menu.menu.cursor
    drawn = app.frames_drawn
    advance(app, plat, 130_000)
    assert plat.display.backlight_percent == 0
    press(app, plat, btn.DOWN, ms=300)          # held a while: no press, no repeat either
    assert plat.display.backlight_percent == 70
    assert menu.menu.cursor == cursor and app.frames_drawn == drawn   # swallowed
    press(app, plat, btn.DOWN)                  # the next press acts
    assert menu.menu.cursor != cursor
    # from dim too
    advance(app, plat, 65_000)
    assert plat.display.backlight_percent == 17
    cursor = menu.menu.cursor
    press(app, plat, btn.A)                     # would open a game: it only wakes
    assert plat.display.backlight_percent == 70 and app.top is menu
    assert menu.menu.cursor == cursor


def test_never_keeps_the_screen_lit(tmp_path):
    app, plat = make_app(tmp_path, brightness=80, dim_after_s=0, off_after_s=0)
    advance(app, plat, 4_000_000)
    assert plat.display.backlight_percent == 80


def test_a_screen_that_keeps_drawing_is_not_idle(tmp_path):
    """An AI game being watched draws its moves: the screen stays lit without a button."""

    class Busy(Scene):
        def tick(self, now):
            self.request_draw()

        def draw(self, c, full):
            c.fill_rect(0, 0, 2, 2, now_color[0])
            now_color[0] ^= 1

    now_color = [0]
    app, plat = make_app(tmp_path, dim_after_s=60, off_after_s=300)
    app.push(Busy())
    advance(app, plat, 400_000)
    assert plat.display.backlight_percent == app.settings["brightness"]
    app.pop()
    advance(app, plat, 61_000)
    assert plat.display.backlight_percent < app.settings["brightness"]


# -- battery -----------------------------------------------------------------------------------
@pytest.mark.parametrize("mv,pct", [(4300, 100), (4200, 100), (4000, 85), (3500, 50),
                                    (3010, 15), (3009, 14), (2800, 0), (2500, 0)])
def test_battery_percent_from_millivolts(mv, pct):
    # linear between 2.8 V (0 %) and 4.2 V (100 %): (mv - 2800) * 100 // 1400
    assert power.percent(mv) == pct


@pytest.fixture
def machine():
    import machine

    machine.reset_state()
    yield machine
    machine.reset_state()


@pytest.fixture
def pico(monkeypatch):
    from device import platform

    monkeypatch.setattr(platform, "pico_senses_vsys", lambda name=None: True)
    return platform


def test_device_battery_reads_vsys_on_adc3_and_usb_on_gpio24(machine, pico):
    p = pico.DevicePlatform("pico_lcd_1_3")
    machine.Pin.levels[24] = 0                      # no USB
    machine.ADC.levels[29] = 26479                  # 26479 * 9900 // 65535 = 4000 mV
    assert p.battery() == 4000 and power.level(p) == 85
    machine.ADC.levels[29] = 20853                  # 3150 mV: 25 %
    assert p.battery() == 3150 and power.level(p) == 25
    machine.Pin.levels[24] = 1                      # on USB: no level
    assert p.battery() is None and power.level(p) is None


def test_boards_that_cannot_tell_have_no_battery(machine):
    from device import platform

    assert not platform.pico_senses_vsys("")                                  # not rp2
    assert not platform.pico_senses_vsys("Raspberry Pi Pico W with RP2040")
    assert not platform.pico_senses_vsys("Raspberry Pi Pico 2 W with RP2350")
    assert platform.pico_senses_vsys("Raspberry Pi Pico with RP2040")
    assert platform.pico_senses_vsys("Raspberry Pi Pico 2 with RP2350")
    assert platform.DevicePlatform("pico_lcd_1_3").battery is None   # CPython: not a Pico
    assert power.level(SimPlatform(clock=VirtualClock())) is None     # the simulator


def test_low_battery_warns_once_then_again_after_a_charge(tmp_path):
    app, plat = make_app(tmp_path)
    volts = [4000]
    plat.battery = lambda: volts[0]
    warned = []
    app.toast = warned.append
    advance(app, plat, 2000)
    assert warned == []
    volts[0] = 2990                                 # 13 %: low
    advance(app, plat, 61_000)                      # the app checks once a minute
    assert len(warned) == 1 and "Battery low" in warned[0]
    advance(app, plat, 300_000)
    assert len(warned) == 1                         # once
    volts[0] = 3100                                 # 21 %: above 15 + 5
    advance(app, plat, 61_000)
    volts[0] = 2990
    advance(app, plat, 61_000)
    assert len(warned) == 2
    volts[0] = None                                 # USB: no warning, no level
    assert power.step(app) is None


def test_a_failing_battery_read_shows_nothing_and_breaks_nothing(tmp_path):
    app, plat = make_app(tmp_path)

    def broken():
        raise OSError("ADC")

    plat.battery = broken
    advance(app, plat, 125_000)                     # two checks and the menu's title
    assert app.errors == 0 and type(app.top).__name__ == "MainMenu"
    assert app.top.title_right() is None


def test_menu_title_shows_the_level_on_battery_only(tmp_path):
    app, plat = make_app(tmp_path)
    advance(app, plat, 2000)
    menu = app.top
    assert type(menu).__name__ == "MainMenu"
    assert menu.title_right() is None               # the simulator cannot tell (CPython)
    plat.battery = lambda: 3500
    assert menu.title_right() == "50%"
    plat.battery = lambda: None                     # USB power
    assert menu.title_right() is None


# -- the your-turn LED -------------------------------------------------------------------------
def test_led_lights_dim_while_on_once_per_change_and_only_with_the_setting(tmp_path):
    app, plat = make_app(tmp_path, board="display_pack_2")
    calls = []
    plat.led = lambda r, g, b: calls.append((r, g, b))
    app.led(True)
    app.led(True)
    app.led(False)
    assert calls == [(0, 40, 90), (0, 0, 0)]
    app.settings["your_turn_led"] = False
    app.led(True)
    assert calls == [(0, 40, 90), (0, 0, 0)]


def test_led_is_a_no_op_without_one_and_the_menu_puts_it_out(tmp_path):
    app, plat = make_app(tmp_path)                  # Pico-LCD-1.3: no LED
    assert plat.led is None
    app.led(True)                                   # nothing to light, no error
    app, plat = make_app(tmp_path, board="display_pack_2")
    advance(app, plat, 2000)
    app.led(True)
    assert plat.led_rgb == (0, 40, 90)
    app.top.resume()                                # back on the menu: no game, no light
    assert plat.led_rgb is None


def test_led_goes_out_when_the_screen_that_lit_it_leaves(tmp_path):
    app, plat = make_app(tmp_path, board="display_pack_2")
    advance(app, plat, 2000)
    app.push(Scene())                               # a game's setup screen
    app.push(Scene())                               # its table
    app.led(True)                                   # "your turn" on the table
    advance(app, plat, 100)
    assert plat.led_rgb == (0, 40, 90)
    app.push(Scene())                               # a dialog over it: still lit
    advance(app, plat, 100)
    assert plat.led_rgb == (0, 40, 90)
    app.pop()
    app.pop()                                       # the game quit, back on its setup
    advance(app, plat, 100)
    assert plat.led_rgb is None


def test_device_led_is_active_low_pwm_on_the_packs_pins(machine):
    from device.platform import DevicePlatform

    p = DevicePlatform("display_pack_2")
    before = len(machine.PWM.instances)
    p.led(0, 40, 255)
    r, g, b = machine.PWM.instances[before:before + 3]
    assert (r.pin.id, g.pin.id, b.pin.id) == (6, 7, 8)
    assert (r.duty, g.duty, b.duty) == (65535, 65535 - 40 * 257, 0)
    assert DevicePlatform("pico_lcd_1_3").led is None


def test_sim_window_shows_the_packs_led(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    import pygame

    from sim import window

    app, plat = make_app(tmp_path, board="display_pack_2")
    win = window.Window(app, plat, frame=True)
    try:
        x, y = win.screen_pos
        at = (x - window.BEZEL - 14, y + 16)
        win.tick()
        off = tuple(win.surface.get_at(at))[:3]
        app.led(True)
        win.tick()
        on = tuple(win.surface.get_at(at))[:3]
        assert off == (30, 32, 36)
        assert on == (0, int(40 * 255 / 90), 255)   # the dim blue, at full strength
    finally:
        pygame.display.quit()


def test_the_turn_driver_lights_the_led_on_your_turn_only():
    """kit.turns.Turns.tick: lit while the human is to move, dark while the AI is, and in a
    demo; on the toy game (tests/toygame), Display Pack 2.0."""
    import registry
    from core.session import Session
    from sim import headless
    from tests.toygame import ENTRY, rules

    saved = list(registry.GAMES)
    registry.register(ENTRY)
    seen = []

    def setup(seats):
        def go(app):
            app.start()
            view = registry.load("toy", "view")
            from kit import lang

            lang.load("tests.toygame", "toy")
            session = Session("toy", rules, {"players": 2}, seats, 11)
            table = view.Table(session, demo="human" not in seats)
            real = app.platform.led

            def led(r, g, b):
                seen.append((session.is_human_turn(), (r, g, b)))
                real(r, g, b)

            app.platform.led = led
            app.push(table)
        return go

    try:
        r = headless.run("WAIT:500", board="display_pack_2", setup=setup(["human", "normal"]))
        assert r.platform.led_rgb == (0, 40, 90) and seen == [(True, (0, 40, 90))]
        seen.clear()
        # A plays the human's card: dark while the AI is to move, lit again after its move.
        r = headless.run("WAIT:500,A,WAIT:4000", board="display_pack_2",
                         setup=setup(["human", "normal"]))
        assert seen[:3] == [(True, (0, 40, 90)), (False, (0, 0, 0)), (True, (0, 40, 90))]
        seen.clear()
        r = headless.run("WAIT:5000", board="display_pack_2", setup=setup(["normal", "hard"]))
        assert r.platform.led_rgb is None and seen == []          # a demo: never lit
    finally:
        registry.unload_all()
        registry.GAMES[:] = saved


# -- the battery level in every hint bar ---------------------------------------------------------
def _hint_right_end(app, plat, width=30):
    """Palette indices of the hint bar's right end, on the panel now."""
    from ui import widgets

    d = plat.display
    y0 = app.height - widgets.hint_height(app) + 2
    return {d.pixels[y * app.width + x] for y in range(y0, app.height - 2)
            for x in range(app.width - width, app.width - 2)}


@pytest.mark.parametrize("board", ["pico_lcd_1_3", "pico_lcd_1_14", "display_pack_2"])
def test_the_hint_bar_shows_the_level_on_battery_where_it_has_room(tmp_path, board):
    from core import theme

    app, plat = make_app(tmp_path, board=board)
    advance(app, plat, 2000)
    assert _hint_right_end(app, plat) == {theme.PANEL}          # the simulator: no level
    volts = [3500]
    plat.battery = lambda: volts[0]
    advance(app, plat, 61_000)                                  # the minute's check
    assert app._idle[8] == 50 and theme.DIM in _hint_right_end(app, plat)
    volts[0] = 2900                                             # 7 %: red, and warned
    advance(app, plat, 61_000)
    assert theme.RED in _hint_right_end(app, plat)
    volts[0] = None                                             # on USB: gone
    advance(app, plat, 61_000)
    assert app._idle[8] is None and _hint_right_end(app, plat) == {theme.PANEL}


def test_a_hint_with_no_room_left_keeps_the_hint_whole(tmp_path):
    from ui import widgets

    app, plat = make_app(tmp_path, board="pico_lcd_1_14")
    advance(app, plat, 2000)
    app._idle[8] = 64
    long_hint = "{DPAD} Move  A Take the card  B Cancel  {MENU} Menu and more"
    widgets.hint_bar(app, app.canvas, long_hint)
    assert widgets._LAST[4] == ""                               # no room: no level
    widgets.hint_bar(app, app.canvas, "A OK")
    assert widgets._LAST[4] == "64%"


def test_no_sound_while_the_screen_is_dimmed(tmp_path):
    app, plat = make_app(tmp_path, dim_after_s=60, off_after_s=300)
    notes = []
    plat.tone = lambda hz, volume, ms=0: notes.append(hz)
    advance(app, plat, 2000)
    assert app.settings["sound"] is True                 # on by default
    app.sound("turn")
    advance(app, plat, 500)
    assert notes and notes[0] == 990
    del notes[:]
    advance(app, plat, 61_000)
    assert plat.display.backlight_percent < 80           # dimmed
    app.sound("turn")
    advance(app, plat, 500)
    assert [hz for hz in notes if hz] == []
