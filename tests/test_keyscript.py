"""Key scripts and button hints that fit the board.

One parser (core.keyscript) for the simulator, the headless platform and the virtual Pico:
chords (B+X), a button the chosen board lacks refused with a message naming the board, the
same steps under CPython and MicroPython. Hints (ui.widgets.hints) name only the buttons the
board has, the way they are pressed there, in both languages."""

import pytest

from core import input as btn
from core import keyscript as ks
from core import strings
from device import unixport
from device.headless import HeadlessPlatform
from device.headless import parse_keys as device_parse
from sim import headless
from tests.mpy import ROOT, run_mpy
from ui import widgets

GEN = str(ROOT / "firmware" / "gen")
FOUR = btn.A | btn.B | btn.X | btn.Y
LCD114 = btn.ALL & ~(btn.X | btn.Y)


# -- the one parser -----------------------------------------------------------------------------
PRESS, WAIT, SHOT, DEMO, UNTIL, END = range(6)   # core.keyscript's step kinds


def test_parse_exact_with_chords():
    got = ks.parse(" b+x, HOLD:B+y:500 ,a,Wait:20,SHOT:t,DEMO:memory:7,UNTIL:MainMenu,END")
    assert got == [
        (PRESS, btn.B | btn.X, 80, "B+X"),
        (PRESS, btn.B | btn.Y, 500, "HOLD:B+Y:500"),
        (PRESS, btn.A, 80, "A"),
        (WAIT, None, 20, "WAIT:20"),
        (SHOT, "t", 0, "SHOT:t"),
        (DEMO, "memory", 7, "DEMO:memory:7"),
        (UNTIL, "MainMenu", None, "UNTIL:MainMenu"),
        (END, None, 0, "END"),
    ]


@pytest.mark.parametrize("script, allowed, board, refused", [
    ("A,UP", FOUR, "display_pack_2", "UP"),
    ("A,MENU", FOUR, "display_pack_2", "MENU"),
    ("HOLD:LEFT:300", FOUR, "display_pack_2", "LEFT"),
    ("B,X", LCD114, "pico_lcd_1_14", "X"),
    ("B+Y", LCD114, "pico_lcd_1_14", "Y"),
])
def test_a_button_the_board_lacks_is_refused(script, allowed, board, refused):
    with pytest.raises(ks.KeyScriptError) as err:
        ks.parse(script, allowed, board)
    msg = str(err.value)
    assert ("the %s board has no %s button" % (board, refused)) in msg
    assert err.value.args[1] in script


def test_the_boards_own_buttons_and_chords_pass():
    assert [s[1] for s in ks.parse("A,B,X,Y,B+X,B+Y", FOUR, "display_pack_2")] == [
        btn.A, btn.B, btn.X, btn.Y, btn.B | btn.X, btn.B | btn.Y]
    assert [s[1] for s in ks.parse("UP,LEFT,MENU,A,B", LCD114, "pico_lcd_1_14")] == [
        btn.UP, btn.LEFT, btn.MENU, btn.A, btn.B]


def test_the_three_front_ends_share_it():
    # The headless platform: (mask, ms) with the gap after each press.
    assert device_parse("B+X,WAIT:5,SHOT:s") == [(btn.B | btn.X, 80), (0, 170), (0, 5), (-1, 0)]
    with pytest.raises(ValueError, match="virtual Pico"):
        device_parse("DEMO:memory")
    # The virtual Pico: its own step tuples, and its one-line message.
    assert unixport.parse_keys("B+X") == [(0, btn.B | btn.X, 80), (0, 0, 170)]
    with pytest.raises(ValueError, match=r"^bad key script token: UP$"):
        unixport.parse_keys("A,UP", FOUR, "display_pack_2")
    # The simulator: Actions, chords kept by name; DEMO refused with a reason.
    assert headless.parse_keys("B+X") == [headless.Action("press", "B+X", 80, 170, "B+X")]
    assert headless.timeline(headless.parse_keys("B+X"))[0][:2] == [
        (0, 0, "begin", "B+X"), (0, 0, "down", btn.B | btn.X)]
    with pytest.raises(headless.KeyScriptError, match="only on the virtual Pico"):
        headless.parse_keys("END")


def test_the_simulator_refuses_keys_the_board_lacks():
    with pytest.raises(headless.KeyScriptError, match="display_pack_2 board has no UP"):
        headless.run("UP", board="display_pack_2")
    with pytest.raises(headless.KeyScriptError, match="pico_lcd_1_14 board has no X"):
        headless.run("X", board="pico_lcd_1_14")
    # Parsed scripts are checked as well.
    with pytest.raises(headless.KeyScriptError, match="display_pack_2 board has no RIGHT"):
        headless.run(headless.parse_keys("RIGHT"), board="display_pack_2")
    # The headless platform too, for a four-button board.
    with pytest.raises(ValueError, match="no DOWN button"):
        HeadlessPlatform(keys="DOWN", four_buttons=True, board="display_pack_2")


def test_a_chord_moves_left_and_right_on_the_display_pack():
    log = []

    def setup(app):
        from core.scene import Scene

        class Log(Scene):
            def button(self, b, kind):
                if kind == btn.PRESS:
                    log.append(btn.name_of(b))

        app.apply_theme("dark")
        app.push(Log())

    headless.run("B+X,B+Y,X,Y,HOLD:B:900", board="display_pack_2", setup=setup, settle_ms=50)
    assert log == ["LEFT", "RIGHT", "UP", "DOWN", "MENU"]


MPY_PARSE = """
from core import keyscript as ks
print(ks.parse(" b+x, HOLD:B+y:500 ,a,Wait:20,SHOT:t,DEMO:memory:7,UNTIL:MainMenu,END"))
for script, allowed in (("A,UP", 240), ("JUMP", 511), ("WAIT:-5", 511)):
    try:
        ks.parse(script, allowed, "display_pack_2")
    except ks.KeyScriptError as e:
        print(e.args[1], "|", e)
"""


def test_same_parser_under_micropython():
    out = run_mpy(MPY_PARSE).stdout.splitlines()
    assert eval(out[0]) == ks.parse(
        " b+x, HOLD:B+y:500 ,a,Wait:20,SHOT:t,DEMO:memory:7,UNTIL:MainMenu,END")
    for line, (script, allowed) in zip(out[1:], (("A,UP", FOUR), ("JUMP", btn.ALL),
                                                ("WAIT:-5", btn.ALL))):
        with pytest.raises(ks.KeyScriptError) as err:
            ks.parse(script, allowed, "display_pack_2")
        assert line == "%s | %s" % (err.value.args[1], err.value)


# -- hints that fit the board -------------------------------------------------------------------
class _App:
    def __init__(self, available, four):
        self.input = btn.Input(four_buttons=four)
        self.platform = type("P", (), {})()
        self.platform.buttons = type("B", (), {"available": available})()


BOARD_APPS = {
    "pico_lcd_1_3": (btn.ALL, False),
    "pico_lcd_1_14": (LCD114, False),
    "display_pack_2": (FOUR, True),
}
TEXT = "{LR} Card  A Pick  {X} Hint  {Y} Peek  {UD} Scroll  {MENU} Menu  B Back"


@pytest.mark.parametrize("lang, board, want", [
    ("en", "pico_lcd_1_3", "</> Card  A Pick  X Hint  Y Peek  Up/Down Scroll  MENU Menu  B Back"),
    ("en", "pico_lcd_1_14", "</> Card  A Pick  Up/Down Scroll  MENU Menu  B Back"),
    ("en", "display_pack_2", "B+X/Y Card  A Pick  X/Y Scroll  Hold B Menu  B Back"),
    ("fr", "pico_lcd_1_3", "</> Card  A Pick  X Hint  Y Peek  Haut/Bas Scroll  MENU Menu  B Back"),
    ("fr", "display_pack_2", "B+X/Y Card  A Pick  X/Y Scroll  B long Menu  B Back"),
])
def test_hints_name_only_the_boards_buttons(lang, board, want):
    strings.load(lang)
    try:
        app = _App(*BOARD_APPS[board])
        assert widgets.hints(app, TEXT) == want
        assert widgets.hints(app, "A Select  B Back") == "A Select  B Back"
        assert widgets.button_name(app, "NOPE") is None
    finally:
        strings.load("en")


@pytest.mark.parametrize("board, want_settings, want_text", [
    ("pico_lcd_1_3", "</> Change  A Next  B Back", "Up/Down Scroll  A Page  B Back"),
    ("pico_lcd_1_14", "</> Change  A Next  B Back", "Up/Down Scroll  A Page  B Back"),
    ("display_pack_2", "B+X/Y Change  A Next  B Back", "X/Y Scroll  A Page  B Back"),
])
def test_console_screens_hints_per_board(board, want_settings, want_text):
    from screens.settings import SettingsScreen

    r = headless.run("WAIT:1700", board=board, settle_ms=0)
    app = r.app
    assert [widgets.button_name(app, t) for t in ("X", "Y", "LR", "MENU")] == {
        "pico_lcd_1_3": ["X", "Y", "</>", "MENU"],
        "pico_lcd_1_14": [None, None, "</>", "MENU"],
        "display_pack_2": [None, None, "B+X/Y", "Hold B"]}[board]
    assert widgets.hints(app, SettingsScreen().hint()) == want_settings
    assert widgets.hints(app, strings.t("hint_text")) == want_text
    # No MENU and no "</>" anywhere on the four-button board's console hints.
    if board == "display_pack_2":
        for key in ("hint_menu", "hint_settings", "hint_text"):
            shown = widgets.hints(app, strings.t(key))
            assert "MENU" not in shown and "</>" not in shown


def test_the_window_offers_only_the_boards_keys():
    import pygame

    from sim import window
    from sim.platform import SimPlatform, VirtualClock

    keys = window.key_map(False, LCD114)
    assert pygame.K_a not in keys and pygame.K_s not in keys      # no X, no Y
    assert keys[pygame.K_z] == btn.A and keys[pygame.K_LEFT] == btn.LEFT
    assert ("A", "X") not in window.help_lines(False, LCD114)
    assert set(window.key_map(True, FOUR).values()) == {btn.A, btn.B, btn.X, btn.Y}
    p = SimPlatform(board="pico_lcd_1_14", clock=VirtualClock())
    assert p.buttons.available == LCD114
    p.buttons.press(btn.X)                       # a stray bit never reaches the app
    assert p.buttons.read() == 0


def test_hints_are_expanded_once_per_text_board_and_language():
    """widgets.hints keeps the last few texts it expanded (a table asks every frame): the same
    text gives the same string back, and a change of language or board expands it again."""
    app = _App(*BOARD_APPS["pico_lcd_1_3"])
    first = widgets.hints(app, TEXT)
    assert widgets.hints(app, "".join(TEXT)) is first
    strings.load("fr")
    try:
        assert "Haut/Bas" in widgets.hints(app, TEXT)
    finally:
        strings.load("en")
    assert widgets.hints(app, TEXT) == first
    four = _App(*BOARD_APPS["display_pack_2"])
    assert widgets.hints(four, TEXT).startswith("B+X/Y Card")
