"""The simulator front-end: key scripts, the display conversion, the virtual clock, headless
runs of the real app (deterministic, right size, real colours), the window's keys, the CLI."""

import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from PIL import Image

from sim import compat, headless
from sim import platform as simplatform
from sim.headless import Action, KeyScriptError, parse_keys, timeline
from sim.platform import SimDisplay, SimPlatform, VirtualClock, rgb565_to_rgb888
from tests.ci import needs

ROOT = Path(__file__).resolve().parent.parent
GEN = ROOT / "firmware" / "gen"
UP, DOWN, LEFT, RIGHT, A, B, X, Y, MENU = (1 << i for i in range(9))
BOARDS = {"pico_lcd_1_3": (240, 240, False), "pico_lcd_1_14": (240, 135, False),
          "display_pack_2": (320, 240, True)}


def _app_missing():
    """Why the real app cannot run yet, or None."""
    for mod in ("screens.splash", "screens.main_menu"):
        try:
            found = importlib.util.find_spec(mod) is not None
        except ImportError:
            found = False
        if not found:
            return "app screens not present yet"
    for name in ("font_small.bin", "font_large.bin", "icons.bin"):
        if not (GEN / name).exists():
            return "firmware/gen/%s not built yet (make assets)" % name
    return None


needs_app = needs(_app_missing())  # skips, or fails under CI=true (tests/ci.py)


# -- a tiny scene for testing the simulator machinery on its own ----------------------------
def _fake_setup(log):
    from core import input as inp
    from core.app import Scene

    class Stripes(Scene):
        """16 colour stripes; DOWN moves a 20x10 marker (a partial redraw)."""

        def __init__(self):
            super().__init__()
            self.y = 0

        def button(self, b, kind):
            log.append((b, kind))
            if kind == inp.PRESS and b == inp.DOWN:
                self.y += 10
                self.request_draw()

        def tick(self, now):
            log.append(("tick", now, __import__("time").ticks_ms()))

        def draw(self, c, full):
            if full:
                c.clear(0)
                for i in range(16):
                    c.fill_rect(i * (c.width // 16), 40, c.width // 16, 20, i)
            c.fill_rect(0, self.y, 20, 10, 6)

    def setup(app):
        app.apply_theme("dark")
        app.push(Stripes())

    return setup


def _events(log):
    return [e for e in log if e[0] != "tick"]


# -- key scripts ----------------------------------------------------------------------------
def test_parse_keys_exact():
    got = parse_keys(" down, a ,hold:b:700,Wait:500,SHOT:menu,MENU,, x ")
    assert got == [
        Action("press", "DOWN", 80, 170, "DOWN"),
        Action("press", "A", 80, 170, "A"),
        Action("press", "B", 700, 170, "HOLD:B:700"),
        Action("wait", None, 500, 0, "WAIT:500"),
        Action("shot", "menu", 0, 0, "SHOT:menu"),
        Action("press", "MENU", 80, 170, "MENU"),
        Action("press", "X", 80, 170, "X"),
    ]
    assert parse_keys("") == [] and parse_keys(None) == [] and parse_keys(" , ") == []
    assert parse_keys("SHOT:final.png") == [Action("shot", "final", 0, 0, "SHOT:final")]


@pytest.mark.parametrize("bad", ["JUMP", "WAIT:abc", "WAIT:-5", "WAIT", "HOLD:Q:100",
                                 "HOLD:A", "SHOT:", "SHOT:a/b", "A:5", "UP:DOWN"])
def test_parse_keys_rejects(bad):
    with pytest.raises(KeyScriptError) as err:
        parse_keys("A," + bad + ",B")
    assert repr(bad) in str(err.value) or repr(bad.split(":")[1]) in str(err.value)


def test_parse_keys_unknown_token_message():
    with pytest.raises(KeyScriptError, match=r"unknown key script token 'JUMP' \(expected a "
                       r"button \(UP, DOWN, LEFT, RIGHT, A, B, X, Y, MENU\), HOLD:NAME:MS"):
        parse_keys("DOWN,JUMP")


def test_timeline_exact():
    events, length = timeline(parse_keys("A,WAIT:100,SHOT:x,HOLD:menu:300"))
    assert events == [
        (0, 0, "begin", "A"), (0, 0, "down", A), (80, 0, "up", A),
        (250, 1, "begin", "WAIT:100"),
        (350, 2, "begin", "SHOT:x"), (350, 2, "shot", "x"),
        (350, 3, "begin", "HOLD:MENU:300"), (350, 3, "down", MENU), (650, 3, "up", MENU),
    ]
    assert length == 820


# -- display conversion ---------------------------------------------------------------------
def test_rgb565_expansion_exact():
    assert rgb565_to_rgb888(0xF800) == (255, 0, 0)
    assert rgb565_to_rgb888(0x07E0) == (0, 255, 0)
    assert rgb565_to_rgb888(0x001F) == (0, 0, 255)
    assert rgb565_to_rgb888(0xFFFF) == (255, 255, 255)
    assert rgb565_to_rgb888(0x0000) == (0, 0, 0)
    assert rgb565_to_rgb888(0x8410) == (132, 130, 132)
    assert rgb565_to_rgb888(0x1234) == (16, 69, 165)


def _palette16():
    # Index i: red = i (5 bits), green = 63 - 4 * i, blue = 31 - i: all 16 distinct.
    return [(i << 11) | ((63 - 4 * i) << 5) | (31 - i) for i in range(16)]


def test_display_flush_exact_nibbles():
    d = SimDisplay(8, 3)
    d.set_palette(_palette16())
    # GS4_HMSB, stride 8 px = 4 bytes: high nibble is the left pixel.
    buf = bytearray([0x01, 0x23, 0x45, 0x67,
                     0x89, 0xAB, 0xCD, 0xEF,
                     0xF0, 0x0F, 0x5A, 0xA5])
    d.flush(buf, 0, 0, 8, 3)
    assert bytes(d.pixels) == bytes([0, 1, 2, 3, 4, 5, 6, 7,
                                     8, 9, 10, 11, 12, 13, 14, 15,
                                     15, 0, 0, 15, 5, 10, 10, 5])
    img = d.to_image()
    assert img.mode == "RGB" and img.size == (8, 3)
    pal = [rgb565_to_rgb888(c) for c in _palette16()]
    assert img.getpixel((3, 0)) == pal[3] == (24, 207, 231)
    assert img.getpixel((7, 1)) == pal[15]
    assert img.getpixel((5, 2)) == pal[10]
    assert d.bytes_flushed == 8 * 3 * 2 and d.flushes == 1
    # The pygame surface shares the pixels and has the palette.
    assert tuple(d.surface.get_at((3, 0)))[:3] == pal[3]
    assert tuple(d.to_surface().get_at((1, 2)))[:3] == pal[0]


def test_display_partial_flush_touches_only_its_rectangle():
    d = SimDisplay(8, 3)
    d.set_palette(_palette16())
    d.flush(bytearray(12), 0, 0, 8, 3)
    d.dirty = False
    buf = bytearray([0x11] * 4 + [0x12, 0x34, 0x56, 0x78] + [0x9A, 0xBC, 0xDE, 0xF1])
    d.flush(buf, 2, 1, 4, 2)     # x=2..5, rows 1 and 2
    assert bytes(d.pixels) == bytes([0, 0, 0, 0, 0, 0, 0, 0,
                                     0, 0, 3, 4, 5, 6, 0, 0,
                                     0, 0, 11, 12, 13, 14, 0, 0])
    assert d.dirty and d.flushes == 2 and d.bytes_flushed == 48 + 16
    with pytest.raises(ValueError):
        d.flush(buf, 1, 0, 4, 1)      # odd x
    with pytest.raises(ValueError):
        d.flush(buf, 6, 0, 4, 1)      # past the right edge
    with pytest.raises(ValueError):
        d.set_palette([0] * 15)


def test_display_row_path_equals_full_width_path():
    rnd = random.Random(5)
    buf = bytearray(rnd.getrandbits(8) for _ in range(40 * 30 // 2))
    whole = SimDisplay(40, 30)
    whole.flush(buf, 0, 0, 40, 30)
    pieces = SimDisplay(40, 30)
    for x, y, w, h in ((0, 0, 40, 7), (0, 7, 18, 23), (18, 7, 22, 20), (18, 27, 22, 3)):
        pieces.flush(buf, x, y, w, h)
    assert pieces.pixels == whole.pixels
    assert pieces.bytes_flushed == whole.bytes_flushed == 2 * 40 * 30
    assert whole.pixels[41] == buf[20] & 15 and whole.pixels[40] == buf[20] >> 4


def test_save_png_is_rgb_device_pixels(tmp_path):
    d = SimDisplay(8, 3)
    d.set_palette(_palette16())
    d.flush(bytearray(range(0, 256, 22))[:12], 0, 0, 8, 3)
    path = d.save_png(tmp_path / "sub" / "s.png")
    img = Image.open(path)
    assert img.mode == "RGB" and img.size == (8, 3)
    assert img.tobytes() == d.to_image().tobytes()


# -- platform and clock ---------------------------------------------------------------------
@pytest.mark.parametrize("board", sorted(BOARDS))
def test_platform_board_sizes(board, tmp_path):
    p = SimPlatform(board=board, data_dir=tmp_path / "fs", clock=VirtualClock())
    assert (p.width, p.height, p.four_buttons) == BOARDS[board]
    assert p.board == board
    assert (p.display.width, p.display.height) == BOARDS[board][:2]
    assert os.path.isdir(p.data_dir) and p.data_dir.endswith("/fs")
    assert p.asset_dir.endswith("firmware/gen")


def test_platform_unknown_board():
    with pytest.raises(ValueError, match="unknown board"):
        SimPlatform(board="nope", clock=VirtualClock())


def test_four_button_board_has_no_dpad_bits(tmp_path):
    p = SimPlatform(board="display_pack_2", data_dir=tmp_path, clock=VirtualClock())
    p.buttons.keys = UP | DOWN | LEFT | RIGHT | MENU | A
    p.buttons.script = Y
    assert p.buttons.read() == A | Y
    q = SimPlatform(board="pico_lcd_1_3", data_dir=tmp_path, clock=VirtualClock())
    q.buttons.press(UP)
    q.buttons.press(MENU)
    q.buttons.release(UP)
    assert q.buttons.read() == MENU


def test_virtual_clock_and_seeds(tmp_path):
    c = VirtualClock()
    p = SimPlatform(data_dir=tmp_path, seed=1234, clock=c)
    assert p.ticks_ms() == 0
    p.sleep_ms(250)
    p.sleep_ms(-5)
    assert p.ticks_ms() == 250 and c.now == 250
    c.now = compat.TICKS_PERIOD - 10
    t0 = p.ticks_ms()
    c.advance(30)
    assert p.ticks_ms() == 20 and p.ticks_diff(p.ticks_ms(), t0) == 30
    seeds = [p.seed() for _ in range(4)]
    again = SimPlatform(data_dir=tmp_path, seed=1234, clock=VirtualClock())
    assert seeds[0] == 1234 and [again.seed() for _ in range(4)] == seeds
    assert len(set(seeds)) == 4 and all(0 <= s < 1 << 32 for s in seeds)


# -- headless runs of the simulator machinery (a stand-in scene) ----------------------------
def test_headless_events_bytes_and_virtual_time():
    log = []
    before = __import__("time").ticks_ms
    r = headless.run("DOWN,WAIT:100,SHOT:one,DOWN", seed=1, setup=_fake_setup(log))
    assert _events(log) == [(DOWN, 1), (DOWN, 3), (DOWN, 1), (DOWN, 3)]
    assert [s.token for s in r.steps] == ["START", "DOWN", "WAIT:100", "SHOT:one", "DOWN",
                                          "SETTLE"]
    # The first frame is the whole screen; a DOWN redraws only the 20x10 marker.
    assert r.bytes_flushed == [240 * 240 * 2, 20 * 10 * 2, 0, 0, 20 * 10 * 2, 0]
    assert r.elapsed_ms == 250 + 100 + 250 + 1500
    # Frames are stepped every 33 virtual ms: the DOWN first seen at 33 is taken at once (the
    # state before it had lasted the debounce time), so no sample in between. The app's time
    # is the virtual clock, also for code that reads time.ticks_ms() directly.
    ticks = [e for e in log if e[0] == "tick"]
    assert [t[1] for t in ticks[:4]] == [0, 33, 66, 99]
    assert all(t[1] == t[2] for t in ticks)
    assert __import__("time").ticks_ms is before   # given back after the run
    assert r.frames["one"].size == (240, 240)
    assert r.frames["one"].getpixel((0, 10)) == r.platform.display.palette[6]
    assert r.final.getpixel((0, 20)) == r.platform.display.palette[6]


def test_headless_four_button_board_refuses_arrows():
    # A key the board lacks is refused (it would do nothing on the device).
    for key in ("UP", "DOWN", "LEFT", "RIGHT", "MENU"):
        with pytest.raises(KeyScriptError, match="display_pack_2 board has no " + key):
            headless.run("A," + key, board="display_pack_2", setup=_fake_setup([]))
    log = []
    headless.run("A", board="display_pack_2", setup=_fake_setup(log))
    assert _events(log) == [(A, 1), (A, 3)]
    log = []
    headless.run("UP,MENU", board="pico_lcd_1_3", setup=_fake_setup(log))
    assert _events(log) == [(UP, 1), (UP, 3), (MENU, 1), (MENU, 3)]


def test_headless_shots_written(tmp_path):
    r = headless.run("SHOT:first,DOWN,SHOT:second", setup=_fake_setup([]), shots=tmp_path)
    for name in ("first", "second"):
        img = Image.open(tmp_path / (name + ".png"))
        assert img.size == (240, 240)
        assert img.tobytes() == r.frames[name].tobytes()
    assert r.frames["first"].tobytes() != r.frames["second"].tobytes()


# -- the window (SDL dummy driver) ----------------------------------------------------------
@pytest.fixture
def window_factory(tmp_path):
    from core.app import App
    from sim import window

    made = []

    def make(board="pico_lcd_1_3", frame=True, clock=None, log=None, **kw):
        plat = SimPlatform(board=board, data_dir=tmp_path / "fs", clock=clock)
        app = App(plat)
        _fake_setup([] if log is None else log)(app)
        win = window.Window(app, plat, frame=frame, **kw)
        made.append(win)
        return win

    yield make
    pygame.display.quit()


def _key(kind, key):
    pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


def test_window_keys_help_and_screenshot(window_factory, tmp_path, monkeypatch, capsys):
    win = window_factory()
    assert win.scale == 3
    win.tick()
    assert win.presents == 1 and not win.display.dirty
    # The scaled screen is in the window, nearest neighbour, exact colours.
    sx, sy = win.screen_pos
    # Device row 43, x 14 (stripe 0) and x 15 (stripe 1) -> window columns 42..44 and 45..47.
    assert tuple(win.surface.get_at((sx + 44, sy + 130)))[:3] == win.display.palette[0]
    assert tuple(win.surface.get_at((sx + 45, sy + 130)))[:3] == win.display.palette[1]
    assert tuple(win.surface.get_at((sx + 47, sy + 130)))[:3] == win.display.palette[1]
    win.tick()
    assert win.presents == 1           # nothing changed: nothing presented

    _key(pygame.KEYDOWN, pygame.K_F1)
    win.tick()
    assert win.overlay and win.presents == 2
    _key(pygame.KEYDOWN, pygame.K_DOWN)
    _key(pygame.KEYDOWN, pygame.K_z)
    win.tick()
    assert win.buttons.read() == DOWN | A
    _key(pygame.KEYUP, pygame.K_DOWN)
    _key(pygame.KEYUP, pygame.K_z)
    _key(pygame.KEYDOWN, pygame.K_ESCAPE)
    win.tick()
    assert win.buttons.read() == MENU and win.running     # Esc is MENU, not quit
    _key(pygame.KEYUP, pygame.K_ESCAPE)
    _key(pygame.KEYDOWN, pygame.K_RETURN)
    win.tick()
    assert win.buttons.read() == MENU

    monkeypatch.chdir(tmp_path)
    _key(pygame.KEYDOWN, pygame.K_F12)
    win.tick()
    shots = sorted(tmp_path.glob("sim-*.png"))
    assert len(shots) == 1 and str(shots[0]) in capsys.readouterr().out
    img = Image.open(shots[0])
    assert img.size == (240, 240) and img.mode == "RGB"
    assert img.getpixel((0, 45)) == win.display.palette[0]

    pygame.event.post(pygame.event.Event(pygame.QUIT))
    win.tick()
    assert not win.running


def test_window_four_button_board(window_factory):
    win = window_factory("display_pack_2", frame=False)
    assert win.scale == 2 and win.surface.get_size() == (640, 480)
    for key in (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_ESCAPE,
                pygame.K_RETURN):
        _key(pygame.KEYDOWN, key)
    win.tick()
    assert win.buttons.read() == 0
    for key in (pygame.K_z, pygame.K_x, pygame.K_a, pygame.K_s):
        _key(pygame.KEYDOWN, key)
    win.tick()
    assert win.buttons.read() == A | B | X | Y


def test_window_plays_a_key_script(window_factory, tmp_path, capsys):
    # A virtual clock makes the window loop deterministic: time moves only when we say so.
    clock = VirtualClock()
    log = []
    win = window_factory(clock=clock, log=log, keys="DOWN,SHOT:after", shots=tmp_path)
    for _ in range(20):                 # 20 x 33 ms: past the 250 ms tap
        win.tick()
        clock.advance(33)
    assert _events(log) == [(DOWN, 1), (DOWN, 3)]
    assert win.buttons.read() == 0
    img = Image.open(tmp_path / "after.png")
    assert img.size == (240, 240) and img.getpixel((0, 15)) == win.display.palette[6]
    assert "after.png" in capsys.readouterr().out


def test_window_run_quits_on_close_and_saves(window_factory, tmp_path):
    win = window_factory(screenshot=str(tmp_path / "exit.png"))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    win.run()                           # returns: closing the window is the way out
    assert not win.running
    assert Image.open(tmp_path / "exit.png").size == (240, 240)


def test_window_backlight_dims_the_image(window_factory):
    win = window_factory(frame=False)
    win.tick()
    bright = tuple(win.surface.get_at((50, 130)))[:3]
    win.display.backlight(50)
    win.tick()
    dim = tuple(win.surface.get_at((50, 130)))[:3]
    assert bright == win.display.palette[1] and all(d < b for d, b in zip(dim, bright))


# -- the CLI --------------------------------------------------------------------------------
def _sim(*args):
    return subprocess.run([sys.executable, "-m", "sim", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


def test_cli_unknown_token_exits_2():
    r = _sim("--headless", "--keys", "DOWN,FLY,A")
    assert r.returncode == 2
    assert "unknown key script token 'FLY'" in r.stderr


def test_cli_shot_needs_a_folder():
    r = _sim("--headless", "--keys", "SHOT:x")
    assert r.returncode == 2 and "--shots" in r.stderr


def _no_display_env():
    env = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        env.pop(name, None)
    return env


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="DISPLAY is an X11 notion")
def test_cli_window_without_a_display_says_so_and_exits():
    # `make sim` on a machine with no display: a clear error, not a window nobody sees.
    for extra in ({}, {"SDL_VIDEODRIVER": "dummy"}):
        env = dict(_no_display_env(), **extra)
        r = subprocess.run([sys.executable, "-m", "sim"], cwd=ROOT, capture_output=True,
                           text=True, timeout=60, env=env)
        assert r.returncode == 1, r.stdout + r.stderr
        assert "no display to open a window on" in r.stderr
    # The virtual Pico's window (`make sim RUNTIME=micropython`) likewise, before any build.
    r = subprocess.run([sys.executable, "-m", "tools.vpico", "--flash"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60, env=_no_display_env())
    assert r.returncode == 1 and "no display to open a window on" in r.stderr, r.stderr


def test_cli_data_dir_that_is_a_file(tmp_path):
    f = tmp_path / "settings-here"
    f.write_text("not a folder")
    r = _sim("--headless", "--data-dir", str(f))
    assert r.returncode == 1
    assert "the data folder %s is a file, not a folder" % f in r.stderr
    assert "Traceback" not in r.stderr
    with pytest.raises(NotADirectoryError, match="is a file, not a folder"):
        SimPlatform(data_dir=str(f), clock=VirtualClock())


# -- the real app ---------------------------------------------------------------------------
@needs_app
def test_real_app_same_script_same_pixels(tmp_path):
    keys = "WAIT:2000,SHOT:menu,DOWN,SHOT:down,UP"
    a = headless.run(keys, seed=7, shots=tmp_path / "a")
    b = headless.run(keys, seed=7, shots=tmp_path / "b")
    for name in ("menu", "down"):
        assert (tmp_path / "a" / (name + ".png")).read_bytes() == \
            (tmp_path / "b" / (name + ".png")).read_bytes()
    assert a.final.tobytes() == b.final.tobytes()
    assert a.bytes_flushed == b.bytes_flushed
    assert a.app.errors == 0
    assert type(a.app.top).__name__ == "MainMenu"
    # DOWN moved the menu cursor: a partial redraw, smaller than a frame.
    assert a.frames["menu"].tobytes() != a.frames["down"].tobytes()
    down = a.steps[[s.token for s in a.steps].index("DOWN")]
    assert 0 < down.bytes < 240 * 240 * 2


@needs_app
@pytest.mark.parametrize("board", sorted(BOARDS))
def test_real_app_screenshot_size_and_colours(board):
    r = headless.run("WAIT:2000", board=board, seed=3)
    w, h, _ = BOARDS[board]
    assert r.final.size == (w, h)
    pal = set(r.platform.display.palette)
    colours = {c for _, c in r.final.getcolors(w * h)}
    assert colours <= pal
    assert len(colours) >= 4          # a real menu, not a blank screen
    assert r.app.errors == 0


@needs_app
def test_real_app_four_button_board_refuses_arrows():
    with pytest.raises(KeyScriptError, match="display_pack_2 board has no UP"):
        headless.run("WAIT:2000,UP", board="display_pack_2", seed=1)
    # Its own Y moves the menu cursor down, as DOWN does on a d-pad board.
    base = headless.run("WAIT:2000,WAIT:250", board="display_pack_2", seed=1)
    y = headless.run("WAIT:2000,Y", board="display_pack_2", seed=1)
    assert y.final.tobytes() != base.final.tobytes()
    # On a d-pad board the same DOWN does move something.
    moved = headless.run("WAIT:2000,DOWN", seed=1)
    still = headless.run("WAIT:2000,WAIT:250", seed=1)
    assert moved.final.tobytes() != still.final.tobytes()


@needs_app
def test_real_app_lang_and_theme_overrides_are_not_saved(tmp_path):
    from core import strings, theme

    r = headless.run("WAIT:2000", seed=1, lang="fr", theme="light", data_dir=tmp_path)
    try:
        assert r.app.theme_name == "light" and strings.lang() == "fr"
        assert r.app.settings["lang"] == "fr" and r.app.settings["theme"] == "light"
        light = {rgb565_to_rgb888(c) for c in theme.palette("light")}
        assert {c for _, c in r.final.getcolors(240 * 240)} <= light
        assert not (tmp_path / "settings.json").exists()
    finally:
        strings.load("en")


@needs_app
def test_cli_headless_screenshot(tmp_path):
    out = tmp_path / "out.png"
    r = _sim("--headless", "--board", "display_pack_2", "--seed", "5", "--keys",
             "WAIT:1800,A,SHOT:menu", "--screenshot", str(out))
    assert r.returncode == 0, r.stderr
    assert Image.open(out).size == (320, 240)
    assert Image.open(tmp_path / "menu.png").size == (320, 240)
    assert "headless: display_pack_2" in r.stdout


def test_sim_platform_module_reads_boards_profile():
    # device/boards.py is the source of board sizes once present.
    names = simplatform.board_names()
    assert set(BOARDS) <= set(names)


def test_the_simulator_starts_on_the_board_saved_in_settings(tmp_path, capsys):
    """Without --board, the board chosen in Settings (settings.json in the data folder);
    "auto", none saved or an unreadable file: the Pico-LCD-1.3; --board always wins."""
    from core import storage
    from sim.__main__ import main, saved_board

    names = simplatform.board_names()
    assert saved_board(tmp_path, names) == "pico_lcd_1_3"          # nothing saved
    settings = dict(storage.DEFAULT_SETTINGS)
    settings["board"] = "pico_lcd_1_14"
    assert storage.save_settings(str(tmp_path), settings)
    assert saved_board(tmp_path, names) == "pico_lcd_1_14"
    assert main(["--headless", "--data-dir", str(tmp_path)]) == 0
    assert capsys.readouterr().out.startswith("headless: pico_lcd_1_14,")
    assert main(["--headless", "--data-dir", str(tmp_path), "--board", "display_pack_2"]) == 0
    assert capsys.readouterr().out.startswith("headless: display_pack_2,")
    settings["board"] = "auto"
    storage.save_settings(str(tmp_path), settings)
    assert saved_board(tmp_path, names) == "pico_lcd_1_3"
    (tmp_path / "settings.json").write_bytes(b"\xff garbage")
    assert saved_board(tmp_path, names) == "pico_lcd_1_3"
