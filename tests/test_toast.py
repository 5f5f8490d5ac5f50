"""Toasts (core.app): one message at a time, queued, each on screen for its reading time (the
"ai_speed" setting sets the pace), in the band its screen leaves for it, the area restored
exactly when it goes, never drawn over a dialog or the rules text. Runs the real App on the
headless platform's virtual clock."""

import pytest

from core import strings, theme
from core.app import App
from core.canvas import Canvas
from core.scene import Scene
from device.headless import HeadlessPlatform
from tests.mpy import ROOT, run_mpy
from tests.opening import drawn_texts
from ui import widgets
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
    """The on-screen time core.app gives a message (its rule, restated to check it): a base
    and a time per character, both set by the AI speed, and a cap."""
    base, per, cap = {"slow": (2000, 60, 6000), "fast": (500, 25, 2500)}.get(
        (settings or {}).get("ai_speed"), (1200, 40, 4000))
    return min(base + per * len(text), cap)


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


def outside_equal(app, expected, box, bottom=0):
    """True when the canvas equals `expected` everywhere outside `box` (and the last `bottom`
    rows: a dialog's own hint bar)."""
    x, y, w, h = box
    x0 = x & ~1
    x1 = (x + w + 1) & ~1
    stride = app.width // 2
    got = app.canvas.buf
    for row in range(app.height - bottom):
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
    ("normal", "Six!", 1200 + 4 * 40),
    ("slow", "Six!", 2000 + 4 * 60),
    ("fast", "Six!", 500 + 4 * 25),
    ("normal", "North called Emberfall, you gave two", 1200 + 36 * 40),   # 40 ms a character
    ("normal", "x" * 300, 4000),               # at most 4 s
    ("slow", "x" * 300, 6000),
    ("fast", "x" * 300, 2500),
])
def test_time_on_screen_follows_the_length_and_the_ai_speed(tmp_path, speed, text, want):
    assert len(text) in (4, 36, 300) and want == toast_ms({"ai_speed": speed}, text)
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
    # Around the dialog's box the screen is the scene again: no piece of the message (the
    # bottom line is the dialog's own hint bar).
    x, y, w, h = dialog._box[:4]
    hint = widgets.hint_height(app)
    assert outside_equal(app, expected, (x, y, w, h), hint)
    app.toast("During the dialog")
    run_for(app, p, 8000)                          # longer than both messages
    assert app.toasts_pending() == 2               # nothing went by unseen
    assert outside_equal(app, expected, (x, y, w, h), hint)
    app.pop()
    spans = watch(app, p, 8000)
    # Each one shown in full after the dialog closed, in order.
    assert [t for t, _, _ in spans if t] == ["Before the dialog", "During the dialog"]
    assert shown_ms(spans, "Before the dialog") >= toast_ms(app.settings, "Before the dialog")
    assert shown_ms(spans, "During the dialog") >= toast_ms(app.settings, "During the dialog")


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
    assert seen[1][1] - seen[0][1] >= toast_ms({}, "one")
    assert seen[2][1] - seen[1][1] >= toast_ms({}, "two")


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


# -- where a message goes, and how it ends ------------------------------------------------------
class Banded(Stripes):
    """A screen that leaves a band for messages (a table's row of scores, say)."""

    band = (40, 10, 160, 30)

    def message_band(self):
        return self.band


def test_a_message_goes_in_the_band_its_screen_leaves(tmp_path):
    app, p = make_app(tmp_path)
    scene = Banded()
    app.push(scene)
    run_for(app, p, 100)
    app.toast("In the band, away from the cards")
    run_for(app, p, 100)
    x, y, w, h = on_screen(app)
    bx, by, bw, bh = scene.band
    assert bx <= x and x + w <= bx + bw and by <= y and y + h <= by + bh
    # Without a band: two lines just above the hint bar, as before.
    app2, p2 = make_app(tmp_path)
    app2.push(Stripes())
    run_for(app2, p2, 100)
    app2.toast("Above the hint bar")
    run_for(app2, p2, 100)
    x, y, w, h = on_screen(app2)
    assert y + h <= 240 - widgets.hint_height(app2) and y > 240 // 2


def test_a_one_line_band_shows_one_line_cut_and_the_history_keeps_it_whole(tmp_path):
    class History:
        def __init__(self):
            self.lines = []

        def append(self, text):
            self.lines.append(text)

    app, p = make_app(tmp_path)
    scene = Banded()
    scene.band = (0, 0, 240, 18)
    scene.history = History()
    app.push(scene)
    run_for(app, p, 100)
    text = "A message far too long for one line of the band, so its end is cut there"
    app.toast(text)
    drawn = drawn_texts(app)
    run_for(app, p, 100)
    assert len(drawn) == 1 and drawn[0].endswith("…") and text.startswith(drawn[0][:-1])
    assert scene.history.lines == [text]
    app.toast("Pair!", log="You make a COLOUR pair: +20")     # short here, whole in History
    assert scene.history.lines[-1] == "You make a COLOUR pair: +20"


def test_skip_takes_the_message_off_and_clear_forgets_a_screens_messages(tmp_path):
    app, p = make_app(tmp_path)
    scene = Stripes()
    app.push(scene)
    run_for(app, p, 100)
    expected = fresh(app, scene)
    app.toast("Read already")
    run_for(app, p, 100)
    assert on_screen(app) is not None
    app.skip_toast()
    run_for(app, p, 100)
    assert app.toasts_pending() == 0 and bytes(app.canvas.buf) == expected
    app.toast("One")
    app.toast("Two")
    run_for(app, p, 100)
    assert app.toasts_pending(scene) == 2 and app.toasts_pending(object()) == 0
    app.clear_toasts(scene)
    run_for(app, p, 100)
    assert app.toasts_pending() == 0 and bytes(app.canvas.buf) == expected


def test_a_dialog_opened_as_another_closes_leaves_no_ghost_of_it(tmp_path):
    # A tall dialog closes and a shorter one opens in the same frame (a choice, then what
    # came of it): the screen under the short one is drawn again first.
    app, p = make_app(tmp_path)
    scene = Stripes()
    app.push(scene)
    run_for(app, p, 100)
    expected = fresh(app, scene)
    tall = Dialog("Resume the game you left?", ["Resume", "New game", "Back", "More"], None)
    app.push(tall)
    run_for(app, p, 100)
    app.pop()
    short = Dialog("Damaged", ["OK"], None)
    app.push(short)
    run_for(app, p, 100)
    assert outside_equal(app, expected, short._box[:4], widgets.hint_height(app))
