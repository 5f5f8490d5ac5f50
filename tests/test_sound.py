"""Sound (issue #14): core.sound's queue on a virtual clock, the app's one call (app.sound),
the device's buzzer (PWM + one-shot timer, machine stub) and the simulator's (pygame mixer).

Nothing here measures the host clock: every time is the virtual clock's, and "never blocks"
is checked by counting sleeps (there must be none) while sounds are asked for and stepped.
"""

import sys

import pytest

from core import sound
from core.app import App
from sim import headless
from sim.platform import SimPlatform, VirtualClock
from sim.sound import Buzzer


class Out:
    """A fake tone output: every call with the virtual time it was made at."""

    def __init__(self, clock):
        self.clock = clock
        self.calls = []

    def __call__(self, hz, volume, ms):
        self.calls.append((self.clock.now, hz, volume, ms))


def notes_of(*names):
    out = []
    for name in names:
        t = sound.TUNES[name]
        out += [(t[i], t[i + 1]) for i in range(0, len(t), 2)]
    return out


def run_player(player, clock, until, frame=33):
    while clock.now < until:
        player.step(clock.ticks_ms())
        clock.sleep_ms(frame)


# -- the queue ----------------------------------------------------------------------------------
def test_notes_play_in_order_each_for_its_time_then_silence():
    clock = VirtualClock()
    out = Out(clock)
    p = sound.Player(out, {"sound": True, "sound_volume": 40})
    p("select")
    p("cursor")
    run_player(p, clock, 1000, frame=10)
    # select = (1320, 30), (1760, 40); cursor = (1760, 30); then silence once.
    assert out.calls == [(0, 1320, 40, 30), (30, 1760, 40, 40), (70, 1760, 40, 30),
                         (100, 0, 0, 0)]
    assert not p.busy()


def test_nothing_is_dropped_however_fast_sounds_are_asked_for():
    clock = VirtualClock()
    out = Out(clock)
    p = sound.Player(out, {"sound": True, "sound_volume": 60})
    names = ["cursor"] * 40 + ["capture", "win", "lose", "error", "flip", "turn", "back"]
    for name in names:          # all at once, in one frame
        p(name)
    run_player(p, clock, 60000)
    played = [(hz, ms) for _t, hz, _v, ms in out.calls if ms]
    assert played == notes_of(*names)
    assert out.calls[-1][1:] == (0, 0, 0) and not p.busy()
    # each note starts at the first frame after the previous one's time (frames of 33 ms)
    starts = [t for t, _hz, _v, ms in out.calls if ms]
    for (t0, (_hz, ms)), t1 in zip(zip(starts, played), starts[1:]):
        assert t1 - t0 == -(-ms // 33) * 33


def test_rests_are_silent_notes_and_unknown_names_play_nothing():
    clock = VirtualClock()
    out = Out(clock)
    p = sound.Player(out, {"sound": True, "sound_volume": 80})
    p("no such tune")
    assert not p.busy()
    p("turn")              # (990, 60), (0, 30), (1320, 60): the rest has volume 0
    run_player(p, clock, 500)
    assert [c[1:] for c in out.calls] == [(990, 80, 60), (0, 0, 30), (1320, 80, 60), (0, 0, 0)]


def test_off_stops_at_once_and_queues_nothing():
    clock = VirtualClock()
    out = Out(clock)
    s = {"sound": True, "sound_volume": 60}
    p = sound.Player(out, s)
    p("win")
    p.step(0)
    s["sound"] = False
    p("cursor")            # off: this request silences what plays and is not queued
    assert out.calls[-1] == (0, 0, 0, 0) and not p.busy()
    run_player(p, clock, 2000)
    assert len(out.calls) == 2


def test_a_platform_without_a_tone_queues_nothing():
    p = sound.Player(None, {"sound": True})
    p("win")
    assert not p.busy()
    p.step(0)


def test_every_tune_is_pairs_of_audible_or_rest_notes_of_a_frame_or_more():
    assert set(sound.TUNES) == {"cursor", "select", "back", "error", "flip", "capture",
                                "round", "turn", "win", "lose"}
    for name, t in sound.TUNES.items():
        assert len(t) % 2 == 0 and t, name
        for i in range(0, len(t), 2):
            assert t[i] == 0 or 200 <= t[i] <= 4000, name
            assert t[i + 1] >= 30, name


# -- the app: one call, a no-op when off, never a sleep ----------------------------------------
def make_app(tmp_path, sound_on, board="pico_lcd_1_3"):
    clock = VirtualClock()
    plat = SimPlatform(board=board, data_dir=str(tmp_path), clock=clock)
    out = Out(clock)
    plat.tone = out
    app = App(plat)
    app.start()
    app.settings["sound"] = sound_on
    return app, plat, out


def test_app_sound_is_a_no_op_while_off(tmp_path):
    sys.modules.pop("core.sound", None)
    app, _plat, out = make_app(tmp_path, False)
    app.sound("win")
    assert out.calls == [] and "core.sound" not in sys.modules   # not even imported


def test_app_sound_never_sleeps(tmp_path, monkeypatch):
    app, plat, out = make_app(tmp_path, True)
    slept = []
    monkeypatch.setattr(plat.clock, "sleep_ms", lambda ms: slept.append(ms))
    import time

    monkeypatch.setattr(time, "sleep", lambda s: slept.append(s))
    for name in ("win", "lose", "capture", "cursor"):
        app.sound(name)
    for _ in range(100):
        app.step()
        plat.clock.now += 33
    assert slept == []
    assert [(hz, ms) for _t, hz, _v, ms in out.calls if ms] == notes_of(
        "win", "lose", "capture", "cursor")


def test_menus_click_select_and_back(tmp_path):
    """The UI kit's sounds: cursor moves in a menu, A on a row, B back, LEFT/RIGHT on a row
    with nothing to change."""
    rec = {}

    def setup(app):
        app.start()
        app.settings["sound"] = True
        app.settings["sound_volume"] = 100
        out = rec["out"] = Out(app.platform.clock)
        app.platform.tone = out

    # Menu: DOWN (cursor), UP (cursor), LEFT (error: nothing to change), UP UP A (Settings,
    # select), B (back).
    headless.run("WAIT:1600,DOWN,UP,LEFT,UP,UP,A,WAIT:300,B", setup=setup,
                 data_dir=str(tmp_path))
    first = {sound.TUNES[n][:2]: n for n in ("cursor", "select", "back", "error")}
    calls = [c for c in rec["out"].calls if c[3]]
    names = [first[(hz, ms)] for _t, hz, _v, ms in calls if (hz, ms) in first]
    assert names == ["cursor", "cursor", "error", "cursor", "cursor", "select", "back"]
    assert all(v == 100 for _t, hz, v, _ms in calls if hz)


def test_settings_sound_row_turns_sound_on_and_sets_the_volume(tmp_path):
    """The Sound row: Off, 20 %, ... 100 %, on at 40 % by default; each change plays
    "select" at the new volume (none at Off)."""
    rec = {}

    def setup(app):
        app.start()
        assert app.settings["sound"] is True and app.settings["sound_volume"] == 40
        out = rec["out"] = Out(app.platform.clock)
        app.platform.tone = out

    # Settings (UP UP A), down to Sound (row 5: DOWN x4), LEFT: 20 %, LEFT: Off, RIGHT: 20 %,
    # RIGHT: 40 %.
    r = headless.run("WAIT:1600,UP,UP,A,WAIT:200,DOWN,DOWN,DOWN,DOWN,LEFT,LEFT,WAIT:300,"
                     "RIGHT,RIGHT", setup=setup, data_dir=str(tmp_path))
    s = r.app.settings
    assert s["sound"] is True and s["sound_volume"] == 40
    select = sound.TUNES["select"][0]
    vols = [v for _t, hz, v, ms in rec["out"].calls if hz == select and ms]
    assert vols[-3:] == [20, 20, 40]


# -- the device's buzzer (sim/stubs/machine.py records PWM and Timer) ----------------------------
@pytest.fixture
def machine():
    import machine

    machine.reset_state()
    yield machine
    machine.reset_state()


def test_device_tone_is_pwm_on_the_buzzer_pin_stopped_by_a_one_shot_timer(machine):
    from device.platform import DevicePlatform

    p = DevicePlatform("pico_lcd_1_3")
    before = len(machine.PWM.instances)
    p.tone(1760, 60, 30)
    pwm = machine.PWM.instances[before]
    assert pwm.pin.id == 22 and pwm.freq_hz == 1760 and pwm.duty == 60 * 327
    timer = machine.Timer.instances[-1]
    assert timer.inits[-1][:2] == (machine.Timer.ONE_SHOT, 30)
    timer.fire()                        # 30 ms later
    assert pwm.duty == 0
    p.tone(880, 100, 40)
    assert (pwm.freq_hz, pwm.duty) == (880, 32700) and len(machine.PWM.instances) == before + 1
    p.tone(0, 0, 0)
    assert pwm.duty == 0


def test_boards_without_a_buzzer_have_no_tone(machine):
    from device import boards
    from device.platform import DevicePlatform

    assert DevicePlatform("display_pack_2").tone is None
    assert boards.get("display_pack_2")["buzzer"] is None
    for name in ("pico_lcd_1_3", "pico_lcd_1_14"):
        p = boards.get(name)
        assert p["buzzer"] == 22 and 22 in p["extra_pins"]   # checked free by test_device


# -- the simulator's buzzer -----------------------------------------------------------------------
class FakeSound:
    def __init__(self, log, buffer):
        self.log = log
        self.buffer = buffer

    def play(self, loops=0, maxtime=0):
        self.log.append(("play", len(self.buffer), loops, maxtime))

    def stop(self):
        self.log.append(("stop",))


class FakeMixer:
    def __init__(self, fail=False):
        self.log = []
        self.fail = fail
        self.opened = False

    def get_init(self):
        return (22050, -16, 1) if self.opened else None

    def init(self, **kw):
        if self.fail:
            raise RuntimeError("no audio device")
        self.opened = True
        self.log.append(("init", kw))

    def Sound(self, buffer):  # noqa: N802 - pygame's name
        return FakeSound(self.log, buffer)


def test_sim_buzzer_plays_a_looped_square_wave_for_the_note_time():
    mixer = FakeMixer()
    b = Buzzer(mixer)
    b(441, 50, 30)
    b(441, 50, 40)         # same note again: the cached wave, the one playing stopped first
    b(0, 0, 0)
    period = 22050 // 441  # 50 samples of 16 bits
    assert mixer.log == [("init", {"frequency": 22050, "size": -16, "channels": 1}),
                         ("play", 2 * period, -1, 30), ("stop",),
                         ("play", 2 * period, -1, 40), ("stop",)]
    assert b.notes == [(441, 50, 30), (441, 50, 40), (0, 0, 0)]


def test_sim_buzzer_without_audio_is_silent_without_error():
    b = Buzzer(FakeMixer(fail=True))
    b(880, 60, 30)
    b(0, 0, 0)
    assert b.playing is None


def test_sim_buzzer_under_the_dummy_driver(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    b = Buzzer()
    b(880, 60, 30)         # the real pygame mixer (or none): no error either way
    b(0, 0, 0)
    assert b.playing is None


def test_sim_platform_has_the_boards_buzzer_and_led():
    assert isinstance(SimPlatform("pico_lcd_1_3", clock=VirtualClock()).tone, Buzzer)
    pack = SimPlatform("display_pack_2", clock=VirtualClock())
    assert pack.tone is None and pack.led is not None
    assert SimPlatform("pico_lcd_1_14", clock=VirtualClock()).led is None


# -- the same modules on the real interpreter ---------------------------------------------------
MPY_CODE = """
import time
from core import sound, power
calls = []
now = [0]
p = sound.Player(lambda hz, v, ms: calls.append((now[0], hz, v, ms)), {"sound": True,
                 "sound_volume": 40})
for name in ("select", "cursor", "win"):
    p(name)
while now[0] < 3000:
    p.step(now[0])
    now[0] += 33
print(len(calls), calls[0], calls[1], calls[-1])
print(power.percent(4000), power.percent(3500), power.percent(2700), power.percent(4300))
"""


def test_sound_queue_and_battery_levels_under_micropython():
    from tests.mpy import run_mpy

    out = run_mpy(MPY_CODE).stdout.split("\n")
    # select (2 notes) + cursor (1) + win (4) = 7 notes, then silence once. Frames of 33 ms:
    # 0 select 30 ms, 33 select 40, 99 cursor 30, 132 win 90, 231 win 90, 330 win 90,
    # 429 win 200 (ends at 629), silence at the next frame, 660.
    assert out[0] == "8 (0, 1320, 40, 30) (33, 1760, 40, 40) (660, 0, 0, 0)"
    assert out[1] == "85 50 0 100"
