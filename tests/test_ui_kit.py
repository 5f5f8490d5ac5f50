"""ui.textview, ui.cards, ui.scores and screens.gallery on a real App over a fake platform,
with the generated fonts and icons; the same scenarios again under MicroPython (pixel-identical
canvas)."""

import subprocess
import sys
import zlib
from pathlib import Path

import pytest

from core import input as btn
from core import theme
from core.canvas import Canvas
from tests.mpy import run_mpy
from tests.opening import drawn_texts
from ui import cards, scores, widgets
from ui.cards import CURSOR, PICKED, draw_back, draw_card, draw_slot
from ui.handrow import HandRow
from ui.textview import TextView, move_rows

ROOT = Path(__file__).resolve().parent.parent
GEN = ROOT / "firmware" / "gen"

# The fake platform and button helpers, as source so MicroPython runs the very same code.
HARNESS = r'''
from core import input as btn
from core import strings
from core.app import App


class FakeDisplay:
    def __init__(self):
        self.flushes = []

    def set_palette(self, colors):
        pass

    def flush(self, buf, x, y, w, h):
        self.flushes.append((x, y, w, h))

    def backlight(self, percent):
        pass


class FakeButtons:
    def __init__(self):
        self.mask = 0

    def read(self):
        return self.mask


class FakePlatform:
    def __init__(self, w, h, data_dir, asset_dir):
        self.width = w
        self.height = h
        self.display = FakeDisplay()
        self.buttons = FakeButtons()
        self.four_buttons = False
        self.now = 0
        self.data_dir = data_dir
        self.asset_dir = asset_dir
        self.board = "fake"
        import screens

        self.screens = screens

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.now += ms

    def seed(self):
        return 1


def make_app(w, h, data_dir, asset_dir):
    app = App(FakePlatform(w, h, data_dir, asset_dir))
    strings.load("en")
    app.load_assets()
    return app


def run(app, ms):
    """Let `ms` milliseconds pass in 10 ms frames."""
    p = app.platform
    for _ in range(ms // 10):
        p.now += 10
        app.step()


def press(app, b):
    """Press and release one button (past the debounce)."""
    app.platform.buttons.mask = b
    run(app, 40)
    app.platform.buttons.mask = 0
    run(app, 40)


def open_scene(app, scene):
    app.push(scene)
    run(app, 10)
    app.platform.display.flushes = []
'''

_ns = {}
exec(HARNESS, _ns)  # noqa: S102 - our own harness source, shared with the MicroPython run
make_app_raw = _ns["make_app"]
run = _ns["run"]
press = _ns["press"]
open_scene = _ns["open_scene"]



@pytest.fixture(scope="session", autouse=True)
def assets():
    """The generated fonts and icons (the Makefile makes them before tests; do it if not)."""
    need = ("font_small.bin", "font_large.bin", "icons.bin")
    if not all((GEN / n).exists() for n in need):
        subprocess.run([sys.executable, "-m", "tools.assets"], cwd=ROOT, check=True)
    return GEN


@pytest.fixture
def make_app(tmp_path):
    def make(w=240, h=240):
        return make_app_raw(w, h, str(tmp_path), str(GEN))

    return make


def wrap_budget(app):
    """Text width of a TextView: the screen less three pads and the scroll bar."""
    return app.width - 3 * widgets.PAD - 3


def text_page(app):
    """Lines of the small font between the title and hint bars, less two pads."""
    _, _, _, h = widgets.content_box(app)
    assert h == app.height - (app.large.line_height + 6) - (app.small.line_height + 4)
    return (h - 2 * widgets.PAD) // app.small.line_height


def words_per_line(app, word):
    sp = app.small.advance(" ")
    return (wrap_budget(app) + sp) // (app.small.width(word) + sp)


def pixel(c, x, y):
    b = c.buf[(y * c.width + x) // 2]
    return b >> 4 if x % 2 == 0 else b & 15


class NullDisplay:
    def flush(self, buf, x, y, w, h):
        pass


# -- TextView --------------------------------------------------------------------------------

FILLER = 60
TEXT = "Title line\n\n" + " ".join(["0000"] * 50) + "\n" + "\n".join(
    "line %d" % i for i in range(FILLER))


def expected_lines(app):
    k = words_per_line(app, "0000")
    n = (50 + k - 1) // k
    return k, n, 2 + n + FILLER


def test_textview_wraps_once_with_exact_line_count(make_app):
    app = make_app()
    tv = TextView("Rules", TEXT)
    open_scene(app, tv)
    k, n, total = expected_lines(app)
    assert 5 <= k < 50
    assert tv.lines[:3] == ["Title line", "", " ".join(["0000"] * k)]
    assert tv.lines[1 + n:3 + n] == [" ".join(["0000"] * (50 - (n - 1) * k)), "line 0"]
    assert len(tv.lines) == total
    assert tv.text is None  # the source text is dropped once wrapped
    assert tv.page == text_page(app)


def test_textview_scrolls_lines_and_pages_and_stops_at_the_end(make_app):
    app = make_app()
    tv = TextView("Rules", TEXT)
    open_scene(app, tv)
    page = tv.page
    last = expected_lines(app)[2] - page
    assert last > 2 * page + 2
    press(app, btn.UP)
    assert tv.top == 0
    press(app, btn.DOWN)
    press(app, btn.DOWN)
    assert tv.top == 2
    press(app, btn.RIGHT)
    assert tv.top == 2 + page
    press(app, btn.LEFT)
    assert tv.top == 2
    press(app, btn.A)
    press(app, btn.A)
    assert tv.top == 2 + 2 * page
    while tv.top < last:
        press(app, btn.A)
    assert tv.top == last == tv.max_top()   # a page, clamped at the end
    drawn = app.frames_drawn
    press(app, btn.DOWN)
    press(app, btn.A)
    press(app, btn.RIGHT)
    assert tv.top == last
    assert app.frames_drawn == drawn  # nothing moved, nothing drawn
    for _ in range(last // page + 1):
        press(app, btn.LEFT)
    assert tv.top == 0


def test_textview_held_down_repeats(make_app):
    app = make_app()
    tv = TextView("Rules", TEXT)
    open_scene(app, tv)
    app.platform.buttons.mask = btn.DOWN
    run(app, 20)
    assert tv.top == 0
    run(app, 10)    # stable for 15 ms (sampled at 10 and 30 ms): the press scrolls one line
    assert tv.top == 1
    run(app, 370)   # repeat starts 380 ms after the press ...
    assert tv.top == 1
    run(app, 10)
    assert tv.top == 2
    run(app, 180)   # ... then every 90 ms
    assert tv.top == 4
    app.platform.buttons.mask = 0
    run(app, 200)
    assert tv.top == 4


def test_textview_scroll_redraws_only_the_text_area(make_app):
    app = make_app()
    tv = TextView("Rules", TEXT)
    open_scene(app, tv)
    press(app, btn.DOWN)
    flushes = app.platform.display.flushes
    assert flushes
    x, y, w, h = widgets.content_box(app)
    for fx, fy, fw, fh in flushes:
        in_text = fy >= y and fy + fh <= y + h
        in_label = fy + fh <= widgets.title_height(app) and fx >= app.width // 2
        assert in_text or in_label, (fx, fy, fw, fh)


# A scroll of less than a page moves the rows that stay and draws only the new lines: the
# canvas must then be exactly what a whole redraw at that line gives. Shared source, so the
# unix port (memoryview moves) runs the very same steps.
SCROLL_PARITY = r'''
from core import input as btn
from ui.textview import TextView


def scroll_parity(make, text):
    """Per press: (top, the canvas equals a TextView opened and drawn whole at that top)."""
    app = make()
    tv = TextView("Rules", text)
    open_scene(app, tv)
    out = []
    for b in (btn.DOWN, btn.DOWN, btn.DOWN, btn.UP, btn.RIGHT, btn.UP, btn.UP, btn.DOWN,
              btn.LEFT, btn.UP):
        press(app, b)
        ref = make()
        again = TextView("Rules", text)
        again.top = tv.top
        open_scene(ref, again)
        out.append((tv.top, bytes(app.canvas.buf) == bytes(ref.canvas.buf)))
    return out
'''
exec(SCROLL_PARITY, _ns)  # noqa: S102 - our own test source, shared with the MicroPython run
def expected_parity(page):
    tops = [1, 2, 3, 2, 2 + page, 1 + page, page, 1 + page, 1, 0]
    return [(t, True) for t in tops]


@pytest.mark.parametrize("size", [(240, 240), (240, 135), (320, 240)])
def test_textview_line_scroll_draws_what_a_whole_redraw_draws(make_app, size):
    # Every board's screen: the rows move whole, so the text area must span the width.
    def make():
        return make_app(*size)

    app = make()
    page = TextView("Rules", TEXT)
    open_scene(app, page)
    assert _ns["scroll_parity"](make, TEXT) == expected_parity(page.page)


def test_textview_line_scroll_under_micropython(tmp_path):
    code = HARNESS + SCROLL_PARITY + """
def make():
    return make_app(240, 240, %(data)r, %(gen)r)
print(scroll_parity(make, %(text)r))
""" % {"data": str(tmp_path), "gen": str(GEN), "text": TEXT}
    out = run_mpy(code).stdout.strip().splitlines()[-1]
    app = make_app_raw(240, 240, str(tmp_path), str(GEN))
    tv = TextView("Rules", TEXT)
    open_scene(app, tv)
    assert out == repr(expected_parity(tv.page))


def test_textview_position_label_counts_pages_and_b_pops(make_app):
    app = make_app()
    app.push(TextView("Under", "x"))
    tv = TextView("Rules", TEXT)
    open_scene(app, tv)
    pages = str(-(-expected_lines(app)[2] // tv.page))
    assert int(pages) >= 2 and tv._room == max(app.small.width("%d/%s" % (i, pages))
                                               for i in range(1, int(pages) + 1))
    drawn = drawn_texts(app)
    tv.invalidate()
    app.draw()
    assert "1/" + pages in drawn                  # the first page of N, not lines
    for _ in range(int(pages) + 2):
        press(app, btn.RIGHT)                     # a page on, past the end
    drawn.clear()
    tv.invalidate()
    app.draw()
    assert pages + "/" + pages in drawn
    press(app, btn.B)
    assert app.top is not tv and len(app.stack) == 1


def test_textview_fits_every_screen(make_app):
    for w, h in ((240, 135), (320, 240)):
        app = make_app(w, h)
        tv = TextView("Rules", TEXT)
        open_scene(app, tv)
        assert tv.page == text_page(app)
        assert len(tv.lines) == expected_lines(app)[2]
        assert max(app.small.width(s) for s in tv.lines) <= wrap_budget(app)


def rows_of(c):
    """Each row's first pixel (rows filled with one colour each)."""
    return [c.buf[y * c.width // 2] >> 4 for y in range(c.height)]


def test_move_rows_moves_a_band_up_and_down_and_marks_it():
    c = Canvas(8, 10)
    for y in range(10):
        c.fill_rect(0, y, 8, 1, y)
    c.flush(NullDisplay())
    move_rows(c, 2, 8, -2)        # rows 4..7 move up to 2..5; 6, 7 keep what they held
    assert rows_of(c) == [0, 1, 4, 5, 6, 7, 6, 7, 8, 9]
    sent = []
    c.flush(type("Rec", (), {"flush": lambda self, buf, x, y, w, h: sent.append((x, y, w, h))})())
    assert sent == [(0, 2, 8, 6)]
    move_rows(c, 0, 10, 3)        # everything down 3: rows 0..6 go to 3..9
    assert rows_of(c) == [0, 1, 4, 0, 1, 4, 5, 6, 7, 6]
    c.flush(NullDisplay())
    move_rows(c, 0, 10, 10)       # nothing stays: nothing moves, nothing marked
    assert rows_of(c) == [0, 1, 4, 0, 1, 4, 5, 6, 7, 6]
    assert not c.is_dirty()


# -- single cards ----------------------------------------------------------------------------

FACES = (("10", theme.RED, "suit_heart", None), ("K", theme.INK, "suit_club", "King"),
         ("3", theme.BLUE, "sym_stag", "Stag"), ("12", theme.GREEN, None, None), None)


@pytest.mark.parametrize("size", [(20, 28), (26, 37), (42, 59), (56, 78)])
def test_cards_stay_inside_their_rectangle(make_app, size):
    app = make_app()
    c = app.canvas
    w, h = size
    for draw in ("card", "back", "slot"):
        for face in FACES:
            for flags in (0, CURSOR, PICKED, CURSOR | PICKED | cards.DIMMED):
                c.fb.fill(theme.BG)
                c.flush(NullDisplay())
                if draw == "card":
                    draw_card(app, c, 10, 12, w, h, face, flags)
                elif draw == "back":
                    draw_back(app, c, 10, 12, w, h, flags)
                else:
                    draw_slot(app, c, 10, 12, w, h, flags, "Deck")
                inside = 0
                for y in range(0, 12 + h + 4):
                    for x in range(0, 10 + w + 4):
                        if pixel(c, x, y) != theme.BG:
                            assert 10 <= x < 10 + w and 12 <= y < 12 + h, (draw, face, x, y)
                            inside += 1
                assert inside > 0
                assert c.dirty_area() <= w * h + 2 * h  # x widened to even columns at most


def test_card_highlight_borders(make_app):
    app = make_app()
    c = app.canvas
    face = FACES[0]
    draw_card(app, c, 10, 10, 42, 59, face, 0)
    assert pixel(c, 10, 40) == theme.EDGE and pixel(c, 11, 40) == theme.CARD
    draw_card(app, c, 10, 10, 42, 59, face, CURSOR)
    assert pixel(c, 10, 40) == theme.SEL and pixel(c, 11, 40) == theme.SEL
    draw_card(app, c, 10, 10, 42, 59, face, PICKED)
    assert pixel(c, 10, 40) == theme.ACCENT and pixel(c, 11, 40) == theme.ACCENT
    draw_card(app, c, 10, 10, 42, 59, face, CURSOR | PICKED)
    assert [pixel(c, x, 40) for x in (10, 11, 12)] == [theme.SEL, theme.SEL, theme.ACCENT]


def test_icon_names_resolve_small_and_big_sizes(make_app):
    app = make_app()
    assert cards.icon_names(app, "suit_heart") == ("suit_heart_8", 8, "suit_heart_16", 16)
    assert cards.icon_names(app, "sym_stag") == ("sym_stag_12", 12, "sym_stag_16", 16)
    assert cards.icon_names(app, "no_such") == (None, 0, None, 0)


# -- HandRow ---------------------------------------------------------------------------------


def face_of(cid):
    return FACES[cid % len(FACES)]


def xs(row):
    return [row.card_x(i) for i in range(row.first, row.first + row.visible)]


def test_handrow_sizes_from_box_height(make_app):
    app = make_app()
    row = HandRow(app, 0, 100, 240, 64, face_of, range(5))
    assert (row.lift, row.card_h, row.card_w) == (5, 59, 42)
    # default overlap limit: the corner "10" plus 6 px (or a third of a card), even
    assert row.min_step == (max(12, app.small.width("10") + 6, 14) + 1) & ~1
    row = HandRow(app, 0, 0, 240, 40, face_of, range(5), min_step=17)
    assert (row.lift, row.card_h, row.card_w, row.min_step) == (3, 37, 26, 18)


def test_handrow_five_cards_side_by_side(make_app):
    row = HandRow(make_app(), 0, 100, 240, 64, face_of, range(5))
    assert not row.scrolls and row.step == 44
    assert xs(row) == [10, 54, 98, 142, 186]   # 218 px centred in 240


def test_handrow_overlaps_when_cards_do_not_fit(make_app):
    # The cursor's card (0) is seen whole: the cards after it start at its right edge
    # (spread = 42 - step), so no card hides the next one's corner (issue #12).
    row = HandRow(make_app(), 0, 100, 240, 64, face_of, range(8))
    assert not row.scrolls and row.step == 26   # (240 - 2 * 42) // 6 = 26
    assert xs(row) == [0, 42, 68, 94, 120, 146, 172, 198]
    row = HandRow(make_app(), 0, 100, 240, 64, face_of, range(20), min_step=8)
    assert not row.scrolls and row.step == 8    # (240 - 2 * 42) // 18 = 8
    assert xs(row) == [6] + [48 + 8 * (i - 1) for i in range(1, 20)]


def test_handrow_twenty_cards_scroll(make_app):
    row = HandRow(make_app(), 0, 100, 240, 64, face_of, range(20), min_step=18)
    # an 8 px overlap would hide the corners (min 18): scroll, 10 cards of 18 px pitch shown
    # (and the cursor's card whole)
    assert row.scrolls and row.step == 18 and row.visible == 10
    assert xs(row) == [6] + [48 + 18 * (i - 1) for i in range(1, 10)]
    assert row.first == 0
    row.set_cursor(15)
    assert row.first == 6 and row.card_x(15) == 6 + 18 * 9
    row.set_cursor(2)
    assert row.first == 2 and row.card_x(2) == 6


def test_handrow_cursor_bounds_and_wrap(make_app):
    row = HandRow(make_app(), 0, 100, 240, 64, face_of, [7, 8, 9])
    assert row.cursor == 0 and row.current() == 7
    assert row.move(-1) is False and row.cursor == 0
    assert row.move(1) and row.move(1) and row.cursor == 2
    assert row.move(1) is False and row.cursor == 2
    assert row.move(1, wrap=True) and row.cursor == 0
    assert row.move(-1, wrap=True) and row.cursor == 2
    row.set_cards([])
    assert row.cursor == -1 and row.current() is None and row.move(1) is False
    assert row.toggle() is False


def test_handrow_multi_select(make_app):
    row = HandRow(make_app(), 0, 100, 240, 64, face_of, [40, 41, 42, 43])
    row.move(1)
    assert row.toggle() is True
    row.move(2)
    row.toggle()
    assert row.selected_ids() == [41, 43] and row.selected_count() == 2
    assert row.toggle() is False
    assert row.selected_ids() == [41]
    row.clear_selection()
    assert row.selected_ids() == []
    row.toggle()
    row.set_cards([1, 2])
    assert row.selected_ids() == [] and row.cursor == 1


def render_full(app, ids, cursor, picked, dimmed=(), min_step=0, focused=True):
    """A fresh canvas with the row drawn once, fully, in the given state."""
    c = Canvas(app.width, app.height)
    row = HandRow(app, 0, 100, 240, 64, face_of, ids, min_step=min_step)
    row.focused = focused
    row.set_cursor(cursor)
    for i in picked:
        row.set_selected(i, True)
    for i in dimmed:
        row.set_dimmed(i, True)
    row.draw(c, True)
    return bytes(c.buf)


@pytest.mark.parametrize("n,min_step", [(5, 0), (8, 0), (20, 8), (20, 0)])
def test_handrow_partial_redraws_match_a_full_redraw(make_app, n, min_step):
    app = make_app()
    c = app.canvas
    row = HandRow(app, 0, 100, 240, 64, face_of, range(n), min_step=min_step)
    row.draw(c, True)
    moves = (1, 1, "A", 1, -1, "A", 1, 1, 1, "A", -1, "D", 1, 1, 1, 1, 1, 1, "F", 1, "F")
    for m in moves:
        if m == "A":
            row.toggle()
        elif m == "D":
            row.set_dimmed(row.cursor, True)
        elif m == "F":
            row.set_focus(not row.focused)
        else:
            row.move(m)
        row.draw(c, False)
        picked = [i for i in range(n) if row.selected[i]]
        dimmed = [i for i in range(n) if row.dimmed[i]]
        expect = render_full(app, range(n), row.cursor, picked, dimmed, min_step, row.focused)
        assert bytes(c.buf) == expect, (m, row.cursor)


def test_handrow_cursor_move_redraws_a_small_area(make_app):
    app = make_app()
    c = app.canvas
    row = HandRow(app, 0, 100, 240, 64, face_of, range(8))
    row.draw(c, True)
    c.flush(NullDisplay())
    assert row.move(1)
    row.draw(c, False)
    # old and new cursor cards, where they were and are: columns 0..42+42 over 64 rows
    assert c.dirty_area() == 84 * 64
    assert c.dirty_area() < 0.2 * 240 * 240
    c.flush(NullDisplay())
    row.toggle()
    row.draw(c, False)
    assert c.dirty_area() == 42 * 64
    c.flush(NullDisplay())
    row.draw(c, False)   # nothing changed: nothing drawn
    assert c.dirty_area() == 0


def test_handrow_cursor_card_on_top_and_picked_lifted(make_app):
    app = make_app()
    c = app.canvas
    row = HandRow(app, 0, 100, 240, 64, face_of, range(8))
    row.set_cursor(3)
    row.draw(c, True)
    right = row.card_x(3) + 41          # right border of the cursor card, over card 4
    mid = 100 + 5 + 30
    assert pixel(c, right, mid) == theme.SEL
    assert pixel(c, row.card_x(4), mid) == theme.EDGE   # card 4 starts after it: edge seen
    row.move(1)
    row.draw(c, False)
    assert pixel(c, right, mid) != theme.SEL            # card 4 (on top now) covers it
    # card 4 is face down: a back's cursor is theme.FG (SEL hardly shows on theme.BACK)
    assert pixel(c, row.card_x(4), mid) == theme.FG     # card 4's left border
    assert pixel(c, row.card_x(3), mid) == theme.EDGE   # card 3 back to normal
    x = row.card_x(4) + 20
    assert pixel(c, x, 100 + 5) == theme.FG and pixel(c, x, 100) == theme.BG
    row.toggle()
    row.draw(c, False)
    assert pixel(c, x, 100) == theme.FG                 # lifted by 5 px
    assert pixel(c, x, 100 + 63) == theme.BG


def test_handrow_scroll_arrows(make_app):
    app = make_app()
    c = app.canvas
    row = HandRow(app, 0, 100, 240, 64, face_of, range(20), min_step=18)
    row.draw(c, True)
    mid = 100 + 5 + 59 // 2
    assert pixel(c, 1, mid) == theme.BG and pixel(c, 238, mid) == theme.ACCENT
    row.set_cursor(19)
    row.draw(c, False)
    assert pixel(c, 1, mid) == theme.ACCENT and pixel(c, 238, mid) == theme.BG


# -- score table -----------------------------------------------------------------------------


class RecordingCanvas(Canvas):
    def __init__(self, w, h):
        super().__init__(w, h)
        self.texts = []

    def text(self, font, s, x, y, color):
        x_end = super().text(font, s, x, y, color)
        self.texts.append((s, x, y, x_end, color))
        return x_end


def test_score_table_aligns_numbers_right_and_names_left(make_app):
    app = make_app()
    c = RecordingCanvas(240, 240)
    headers = ("Player", "R1", "Total")
    rows = (("Ann", 5, 120), ("Bob", 42, 7),
            ("A very long player name, much too long for this table", 1, 1), ("Dee", 3, 4))
    widths = scores.column_widths(app, 240, headers, rows)
    fw = app.small.width
    w1 = max(fw("R1"), fw("42")) + 8          # widest cell of a number column + the gap
    w2 = max(fw("Total"), fw("120")) + 8
    assert widths == [240 - 2 * widgets.PAD - w1 - w2, w1, w2]
    rh = app.small.line_height + 3
    end = scores.draw_score_table(app, c, 0, 50, 240, headers, rows, highlight_row=1)
    assert end == 50 + 5 * rh
    by_text = {t[0]: t for t in c.texts}
    assert by_text["120"][3] == by_text["7"][3] == by_text["Total"][3] == 236
    assert by_text["5"][3] == by_text["42"][3] == by_text["R1"][3] == 236 - w2
    assert by_text["Ann"][1] == by_text["Bob"][1] == by_text["Player"][1] == 4
    ty = 50 + (rh - app.small.height) // 2
    assert [t[2] for t in c.texts if t[0] in ("Player", "Ann", "Bob")] == [ty, ty + rh,
                                                                          ty + 2 * rh]
    long = [t for t in c.texts if t[0].startswith("A very")][0]
    assert long[0].endswith("\u2026") and long[3] - long[1] <= widths[0] - 2
    assert by_text["Bob"][4] == theme.SEL_FG and by_text["Ann"][4] == theme.FG
    assert pixel(c, 100, 50 + rh + 1) == theme.BG         # row 0
    assert pixel(c, 100, 50 + 2 * rh + 1) == theme.SEL    # row 1 highlighted
    assert pixel(c, 100, 50 + 3 * rh + 1) == theme.BG     # row 2
    assert pixel(c, 100, 50 + 4 * rh + 1) == theme.PANEL  # row 3 striped


def test_score_table_screen_scrolls(make_app):
    app = make_app(240, 135)
    rows = [("P%d" % i, i, 2 * i) for i in range(14)]
    st = scores.ScoreTable("Scores", ("Name", "A", "B"), rows, highlight_row=4)
    app.push(TextView("Under", "x"))
    open_scene(app, st)
    rh = app.small.line_height + 3
    _, _, _, h = widgets.content_box(app)
    assert st.page == (h - 2 * widgets.PAD - rh) // rh == 6
    assert st.top == 1           # highlight row brought to the middle
    press(app, btn.UP)
    press(app, btn.UP)
    assert st.top == 0
    press(app, btn.RIGHT)
    assert st.top == 6
    press(app, btn.A)
    press(app, btn.DOWN)
    assert st.top == 8 == st.max_top()
    for _fx, fy, _fw, fh in app.platform.display.flushes:
        assert fy + fh <= 135 - widgets.hint_height(app)
    press(app, btn.B)
    assert app.top is not st


# -- gallery ---------------------------------------------------------------------------------

GALLERY_RUN = r'''
def gallery_run(app):
    from screens.gallery import Gallery
    from ui.scores import ScoreTable
    from ui.textview import TextView

    g = Gallery()
    app.push(TextView("Under", "x"))
    open_scene(app, g)
    press(app, btn.RIGHT)
    press(app, btn.RIGHT)
    press(app, btn.A)
    press(app, btn.RIGHT)
    press(app, btn.A)
    out = [g.row.cursor, g.row.selected_ids()]
    press(app, btn.X)
    out.append(type(app.top) is TextView)
    press(app, btn.DOWN)
    press(app, btn.B)
    out.append(app.top is g)
    press(app, btn.Y)
    out.append(type(app.top) is ScoreTable)
    press(app, btn.B)
    out.append(app.top is g)
    out.append(app.errors)
    return out
'''
exec(GALLERY_RUN, _ns)  # noqa: S102


@pytest.mark.parametrize("size", [(240, 240), (240, 135), (320, 240)])
def test_gallery_at_every_size(make_app, size):
    app = make_app(*size)
    assert _ns["gallery_run"](app) == [3, [2, 3], True, True, True, True, 0]


# -- MicroPython -----------------------------------------------------------------------------

MPY_SCENARIO = r'''
import binascii
app = make_app(%(w)d, %(h)d, %(data)r, %(gen)r)
result = gallery_run(app)
from ui.handrow import HandRow
from ui.textview import TextView
from ui.scores import ScoreTable, column_widths

def face_of(cid):
    return (("10", 8, "suit_heart", None), ("K", 13, "suit_club", "King"), None)[cid %% 3]

row = HandRow(app, 0, 60, 240, 64, face_of, range(20), 18)
layout = [row.scrolls, row.step, row.visible, row.card_x(0), row.card_x(10)]
row.set_cursor(15)
layout += [row.first, row.card_x(15)]
row8 = HandRow(app, 0, 60, 240, 64, face_of, range(8))
row8.draw(app.canvas, True)
app.canvas.flush(app.platform.display)
row8.move(1)
row8.toggle()
row8.draw(app.canvas, False)
layout += [row8.step, row8.selected_ids(), app.canvas.dirty_area()]
layout.append(binascii.crc32(app.canvas.buf))
app.canvas.flush(app.platform.display)
tv = TextView("Rules", %(text)r)
open_scene(app, tv)
press(app, btn.A)
press(app, btn.DOWN)
layout += [len(tv.lines), tv.page, tv.top]
print(repr([result, layout, column_widths(app, 240, ("P", "R1", "Total"), [("A", 5, 120)])]))
print(binascii.crc32(app.canvas.buf))
'''


def scenario_cpython(w, h, data, text):
    app = make_app_raw(w, h, data, str(GEN))
    result = _ns["gallery_run"](app)
    row = HandRow(app, 0, 60, 240, 64, mpy_face_of, range(20), 18)
    layout = [row.scrolls, row.step, row.visible, row.card_x(0), row.card_x(10)]
    row.set_cursor(15)
    layout += [row.first, row.card_x(15)]
    row8 = HandRow(app, 0, 60, 240, 64, mpy_face_of, range(8))
    row8.draw(app.canvas, True)
    app.canvas.flush(app.platform.display)
    row8.move(1)
    row8.toggle()
    row8.draw(app.canvas, False)
    layout += [row8.step, row8.selected_ids(), app.canvas.dirty_area()]
    layout.append(zlib.crc32(bytes(app.canvas.buf)))   # the gallery under a drawn hand row
    app.canvas.flush(app.platform.display)
    tv = TextView("Rules", text)
    open_scene(app, tv)
    press(app, btn.A)
    press(app, btn.DOWN)
    layout += [len(tv.lines), tv.page, tv.top]
    widths = scores.column_widths(app, 240, ("P", "R1", "Total"), [("A", 5, 120)])
    return [result, layout, widths], zlib.crc32(bytes(app.canvas.buf))


def mpy_face_of(cid):
    return (("10", 8, "suit_heart", None), ("K", 13, "suit_club", "King"), None)[cid % 3]


@pytest.mark.parametrize("size", [(240, 240), (240, 135)])
def test_same_behaviour_and_pixels_under_micropython(tmp_path, size):
    w, h = size
    code = HARNESS + GALLERY_RUN + MPY_SCENARIO % {
        "w": w, "h": h, "data": str(tmp_path), "gen": str(GEN), "text": TEXT}
    proc = run_mpy(code)
    out = proc.stdout.strip().splitlines()
    expect, crc = scenario_cpython(w, h, str(tmp_path), TEXT)
    assert out[0] == repr(expect)
    assert expect[0] == [3, [2, 3], True, True, True, True, 0]
    assert expect[1][:7] == [True, 18, 10, 6, 210, 6, 168]
    assert expect[1][7:10] == [26, [1], 84 * 64]
    assert int(out[1]) == crc   # the very same pixels on the canvas


def test_a_menu_row_too_long_for_the_large_font_is_written_whole_in_the_small_one(make_app):
    from ui.menu import MenuScreen

    long = "Discard Yellow Mountain, Glasslake"

    class Rows(MenuScreen):
        def rows(self):
            return [["Short", None, True], [long, None, True], ["Level", "Normal", True]]

    app = make_app()
    screen = Rows("Choose")
    open_scene(app, screen)
    drawn = drawn_texts(app)
    screen.invalidate()
    app.draw()
    assert long in drawn and not [t for t in drawn if t.endswith("…")]
    assert app.large.width(long) > app.width - 40     # it would not fit the large font
