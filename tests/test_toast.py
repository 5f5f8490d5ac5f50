"""Toasts (core.app): one message at a time, queued, each on screen long enough to read (the
"ai_speed" setting sets the pace), the area restored exactly when it goes, never drawn over a
dialog or the rules text. Runs the real App on the headless platform's virtual clock."""

import pytest

from core import strings, theme
from core.app import App
from core.canvas import Canvas
from core.scene import Scene
from device.headless import HeadlessPlatform
from tests.mpy import ROOT, run_mpy
from ui.dialog import Dialog
from ui.textview import TextView

GEN = str(ROOT / "firmware" / "gen")


class Stripes(Scene):
    """Sixteen colour bands; a partial draw draws nothing (nothing changed)."""

    def draw(self, c, full):
        if full:
            c.clear(theme.BG)
            band = c.height // 16
            for i in range(16):
                c.fill_rect(0, i * band, c.width, band, i)


def toast_ms(settings, text):
    """The on-screen time core.app gives a message (its rule, restated to check it)."""
    ms = min(max(1300 + 45 * len(text), 2200), 5000)
    speed = (settings or {}).get("ai_speed")
    return ms * 3 // 2 if speed == "slow" else ms * 2 // 3 if speed == "fast" else ms


def toast_text(app):
    q = app._toast[0]
    return q[0][0] if q else None


def make_app(tmp_path, speed="normal", board=(240, 240)):
    p = HeadlessPlatform(width=board[0], height=board[1], data_dir=str(tmp_path), asset_dir=GEN)
    app = App(p)
    app.settings = {"ai_speed": speed}
    strings.load("en")
    app.load_assets()
    app.apply_theme("dark")
    return app, p


def run_for(app, p, ms):
    end = p.clock.now + ms
    while p.clock.now < end:
        wait = app.step()
        p.clock.sleep_ms(wait if wait > 0 else 1)


def watch(app, p, ms):
    """Step the app for `ms`, returning [(message on screen or None, from, to)]."""
    spans = []
    end = p.clock.now + ms
    while p.clock.now < end:
        wait = app.step()
        text = toast_text(app) if on_screen(app) else None
        if not spans or spans[-1][0] != text:
            spans.append([text, p.clock.now, p.clock.now])
        p.clock.sleep_ms(wait if wait > 0 else 1)
        spans[-1][2] = p.clock.now
    return [tuple(s) for s in spans]


def shown_ms(spans, text):
    return sum(b - a for t, a, b in spans if t == text)


def fresh(app, scene):
    """What `scene` alone draws on a blank canvas (no message anywhere)."""
    c = Canvas(app.width, app.height)
    scene.draw(c, True)
    return bytes(c.buf)


def box_pixels(app, box):
    """Canvas bytes inside a (x, y, w, h) box (x and w even)."""
    x, y, w, h = box
    stride = app.width // 2
    buf = app.canvas.buf
    return b"".join(bytes(buf[(y + r) * stride + x // 2:(y + r) * stride + (x + w) // 2])
                    for r in range(h))


def outside_equal(app, expected, box):
    """True when the canvas equals `expected` everywhere outside `box`."""
    x, y, w, h = box
    x0 = x & ~1
    x1 = (x + w + 1) & ~1
    stride = app.width // 2
    got = app.canvas.buf
    for row in range(app.height):
        a = row * stride
        if y <= row < y + h:
            if got[a:a + x0 // 2] != expected[a:a + x0 // 2]:
                return False
            if got[a + x1 // 2:a + stride] != expected[a + x1 // 2:a + stride]:
                return False
        elif got[a:a + stride] != expected[a:a + stride]:
            return False
    return True


def on_screen(app):
    """The message box drawn on the canvas now (None if none): its fill is SEL."""
    box = app._toast[2]
    if box is None:
        return None
    x, y, w, h = box
    sel = theme.SEL * 17
    return box if box_pixels(app, ((x + 3) & ~1, y + h // 2, 2, 1)) == bytes((sel,)) else None


# -- pace ------------------------------------------------------------------------------------
@pytest.mark.parametrize("speed, text, want", [
    ("normal", "Six!", 2200),                  # the 2.2 s minimum
    ("slow", "Six!", 3300),                    # x1.5
    ("fast", "Six!", 1466),                    # x2/3
    ("normal", "North called Emberfall and you gave two cards to West, then drew three",
     1300 + 45 * 70),                          # 4,450 ms: 45 ms a character
    ("normal", "x" * 300, 5000),               # at most 5 s
])
def test_time_on_screen_follows_the_length_and_the_ai_speed(tmp_path, speed, text, want):
    assert len(text) in (4, 70, 300)
    app, p = make_app(tmp_path, speed)
    app.push(Stripes())
    run_for(app, p, 100)
    app.toast(text)
    shown = shown_ms(watch(app, p, 8000), text)
    assert want <= shown <= want + 40, (shown, want)      # one frame of slack


@pytest.mark.parametrize("speed", ["slow", "normal", "fast"])
def test_each_message_stays_its_full_time_then_the_next(tmp_path, speed):
    app, p = make_app(tmp_path, speed)
    app.push(Stripes())
    run_for(app, p, 100)
    app.toast("First message")
    app.toast("Second")
    spans = watch(app, p, 12000)
    first = shown_ms(spans, "First message")
    second = shown_ms(spans, "Second")
    want1 = toast_ms({"ai_speed": speed}, "First message")
    want2 = toast_ms({"ai_speed": speed}, "Second")
    # One frame of slack either way (a frame is 33 ms).
    assert want1 <= first <= want1 + 40, (first, want1)
    assert want2 <= second <= want2 + 40, (second, want2)
    # The first is not replaced by the second: it comes first, whole, then the second.
    assert [t for t, _, _ in spans if t] == ["First message", "Second"]
    assert app.toasts_pending() == 0 and toast_text(app) is None


def test_same_text_twice_is_shown_once_and_the_queue_is_capped(tmp_path):
    app, p = make_app(tmp_path)
    app.push(Stripes())
    app.toast("Again")
    app.toast("Again")
    assert app.toasts_pending() == 1
    for i in range(10):
        app.toast("m%d" % i)
    # The one on screen stays; of the waiting ones the oldest were dropped.
    assert app.toasts_pending() == 5
    assert [m[0] for m in app._toast[0]] == ["Again", "m6", "m7", "m8", "m9"]
    app.toast("")
    assert app.toasts_pending() == 5


# -- no fragments -----------------------------------------------------------------------------
def test_a_short_message_after_a_long_one_leaves_no_fragment(tmp_path):
    app, p = make_app(tmp_path)
    scene = Stripes()
    app.push(scene)
    run_for(app, p, 100)
    expected = fresh(app, scene)
    app.toast("A long message that wraps onto two lines of the toast box, easily")
    app.toast("Short")
    run_for(app, p, 300)
    long_box = on_screen(app)
    assert long_box is not None and toast_text(app).startswith("A long")
    assert outside_equal(app, expected, long_box)
    # Until the short one is on screen, then check everything outside its (smaller) box.
    while not (toast_text(app) == "Short" and on_screen(app)) and p.clock.now < 10000:
        run_for(app, p, 1)
    short_box = on_screen(app)
    assert short_box is not None and short_box[2] < long_box[2]
    assert outside_equal(app, expected, short_box), "pieces of the long message are left"
    run_for(app, p, 4000)
    assert toast_text(app) is None
    assert bytes(app.canvas.buf) == expected       # fully restored


def test_scene_drawing_under_a_message_keeps_it_whole(tmp_path):
    class Mover(Stripes):
        def __init__(self):
            super().__init__()
            self.x = 0

        def tick(self, now):
            self.x = (self.x + 8) % 200
            self.request_draw()

        def draw(self, c, full):
            super().draw(c, full)
            c.fill_rect(0, c.height - 40, c.width, 30, theme.BG)    # under the message
            c.fill_rect(self.x, c.height - 40, 10, 30, theme.ACCENT)

    app, p = make_app(tmp_path)
    app.push(Mover())
    app.toast("Over a moving picture")
    run_for(app, p, 500)
    box = on_screen(app)
    assert box is not None
    drawn = box_pixels(app, box)
    run_for(app, p, 300)
    assert box_pixels(app, box) == drawn           # the box is drawn again over each change


# -- never over a dialog or the rules text ----------------------------------------------------
def test_messages_wait_while_a_dialog_is_open_and_one_showing_is_cleared(tmp_path):
    app, p = make_app(tmp_path)
    scene = Stripes()
    app.push(scene)
    run_for(app, p, 100)
    expected = fresh(app, scene)
    app.toast("Before the dialog")
    run_for(app, p, 500)
    assert on_screen(app) is not None
    done = []
    dialog = Dialog("Really?", ["Yes", "No"], done.append)
    app.push(dialog)
    run_for(app, p, 100)
    # Around the dialog's box the screen is the scene again: no piece of the message.
    x, y, w, h = dialog._box[:4]
    assert outside_equal(app, expected, (x, y, w, h))
    app.toast("During the dialog")
    run_for(app, p, 8000)                          # longer than both messages
    assert app.toasts_pending() == 2               # nothing went by unseen
    assert outside_equal(app, expected, (x, y, w, h))
    app.pop()
    spans = watch(app, p, 8000)
    # Each one shown in full (2.2 s at least) after the dialog closed, in order.
    assert [t for t, _, _ in spans if t] == ["Before the dialog", "During the dialog"]
    assert shown_ms(spans, "Before the dialog") >= 2200
    assert shown_ms(spans, "During the dialog") >= 2200


def test_never_over_the_rules_text(tmp_path):
    app, p = make_app(tmp_path)
    app.push(Stripes())
    run_for(app, p, 100)
    view = TextView("How to play", "Rules. " * 200)
    app.push(view)
    app.toast("Not over the rules")
    run_for(app, p, 600)
    assert on_screen(app) is None
    assert bytes(app.canvas.buf) == fresh(app, view)
    app.pop()
    run_for(app, p, 300)
    assert on_screen(app) is not None and toast_text(app) == "Not over the rules"


def test_toasts_on_the_small_board_fit_and_restore(tmp_path):
    app, p = make_app(tmp_path, board=(240, 135))
    scene = Stripes()
    app.push(scene)
    run_for(app, p, 100)
    expected = fresh(app, scene)
    app.toast("You capture J and J; Six! turn over, North plays next")
    run_for(app, p, 300)
    x, y, w, h = on_screen(app)
    assert 0 <= x and x + w <= 240 and 0 <= y and y + h <= 135 - 13   # above the hint bar
    run_for(app, p, 6000)
    assert bytes(app.canvas.buf) == expected


# -- on the real interpreter ------------------------------------------------------------------
MPY_TOASTS = """
from core import strings, theme
from core.app import App
from core.scene import Scene
from device.headless import HeadlessPlatform

class S(Scene):
    def draw(self, c, full):
        if full:
            c.clear(theme.BG)

p = HeadlessPlatform(data_dir=%(data)r, asset_dir=%(gen)r)
app = App(p)
app.settings = {"ai_speed": "normal"}
strings.load("en")
app.load_assets()
app.push(S())
app.toast("one")
app.toast("two")
seen = []
while p.clock.now < 6000:
    app.step()
    p.clock.sleep_ms(10)
    q = app._toast[0]
    t = q[0][0] if q else None
    if not seen or seen[-1][0] != t:
        seen.append((t, p.clock.now))
print(seen)
"""


def test_queue_under_micropython(tmp_path):
    out = run_mpy(MPY_TOASTS % {"data": str(tmp_path), "gen": GEN}).stdout.strip()
    seen = eval(out)
    assert [t for t, _ in seen] == ["one", "two", None]
    assert seen[1][1] - seen[0][1] >= 2200 and seen[2][1] - seen[1][1] >= 2200


def test_a_screens_messages_go_with_it_but_survive_a_replace(tmp_path):
    app, p = make_app(tmp_path)
    menu = Stripes()
    app.push(menu)
    game = Stripes()
    app.push(game)
    app.toast("North plays Q")
    app.toast("You win")
    run_for(app, p, 300)
    assert on_screen(app) is not None
    app.pop()                                  # back to the menu
    run_for(app, p, 300)
    assert app.toasts_pending() == 0 and on_screen(app) is None
    assert bytes(app.canvas.buf) == fresh(app, menu)
    # Under a dialog, a message belongs to the screen below; replace keeps them.
    app.push(game)
    dialog = Dialog("Sure?", ["Yes", "No"], None)
    app.push(dialog)
    app.toast("Saved")
    app.pop()                                  # the dialog goes, "Saved" stays
    assert toast_text(app) == "Saved"
    result = Stripes()
    app.replace(result)
    assert toast_text(app) == "Saved"
    app.pop()
    assert app.toasts_pending() == 0
