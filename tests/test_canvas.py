"""core.canvas: dirty-rectangle tracking and flushing."""

from hypothesis import given, settings
from hypothesis import strategies as st

from core.canvas import MAX_RECTS, Canvas
from tests.mpy import run_mpy


class RecordingDisplay:
    def __init__(self):
        self.calls = []

    def flush(self, buf, x, y, w, h):
        self.calls.append((x, y, w, h))


def test_new_canvas_is_clean_and_sized():
    c = Canvas(240, 240)
    assert len(c.buf) == 28800
    assert not c.is_dirty()


def test_mark_clips_and_aligns_to_even_x():
    c = Canvas(240, 135)
    c.mark(-5, 130, 12, 20)
    d = RecordingDisplay()
    assert c.flush(d) == 8 * 5
    assert d.calls == [(0, 130, 8, 5)]
    c.mark(3, 4, 2, 1)            # pixels 3..4 -> bytes covering 2..5
    c.flush(d)
    assert d.calls[-1] == (2, 4, 4, 1)


def test_offscreen_mark_is_ignored():
    c = Canvas(240, 240)
    c.mark(240, 0, 10, 10)
    c.mark(0, -20, 10, 10)
    c.mark(5, 5, 0, 10)
    assert not c.is_dirty()


def test_close_rectangles_merge_far_ones_stay_apart():
    c = Canvas(240, 240)
    c.mark(10, 10, 20, 10)
    c.mark(10, 20, 20, 10)         # adjacent: merges
    c.mark(200, 200, 10, 10)       # far: separate
    d = RecordingDisplay()
    c.flush(d)
    assert sorted(d.calls) == [(10, 10, 20, 20), (200, 200, 10, 10)]


def test_never_more_than_max_rects_and_all_marked_pixels_are_covered():
    c = Canvas(240, 240)
    marks = [(i * 37 % 230, i * 53 % 230, 6, 6) for i in range(20)]
    for m in marks:
        c.mark(*m)
    d = RecordingDisplay()
    c.flush(d)
    assert len(d.calls) <= MAX_RECTS
    for x, y, w, h in marks:
        assert any(rx <= x and ry <= y and x + w <= rx + rw and y + h <= ry + rh
                   for rx, ry, rw, rh in d.calls)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(-20, 250), st.integers(-20, 250),
                          st.integers(0, 80), st.integers(0, 80)), max_size=25))
def test_flush_covers_every_marked_pixel(marks):
    c = Canvas(240, 240)
    for m in marks:
        c.mark(*m)
    d = RecordingDisplay()
    c.flush(d)
    assert len(d.calls) <= MAX_RECTS
    for rx, ry, rw, rh in d.calls:
        assert rx % 2 == 0 and rw % 2 == 0 and rw > 0 and rh > 0
        assert 0 <= rx and 0 <= ry and rx + rw <= 240 and ry + rh <= 240
    for x, y, w, h in marks:
        x0, y0, x1, y1 = max(0, x), max(0, y), min(240, x + w), min(240, y + h)
        if x1 <= x0 or y1 <= y0:
            continue
        for px, py in ((x0, y0), (x1 - 1, y1 - 1), (x0, y1 - 1), (x1 - 1, y0)):
            assert any(rx <= px < rx + rw and ry <= py < ry + rh for rx, ry, rw, rh in d.calls)


def test_drawing_marks_what_it_touched():
    c = Canvas(240, 240)
    c.fill_rect(20, 30, 10, 4, 5)
    c.hline(100, 100, 8, 3)
    d = RecordingDisplay()
    c.flush(d)
    assert sorted(d.calls) == [(20, 30, 10, 4), (100, 100, 8, 1)]
    # GS4_HMSB: pixel (20, 30) is the high nibble of byte (20 + 30*240) // 2.
    assert c.buf[(20 + 30 * 240) // 2] == 0x55
    assert c.buf[(100 + 100 * 240) // 2] == 0x33


def test_clear_marks_everything():
    c = Canvas(240, 135)
    c.clear(2)
    d = RecordingDisplay()
    assert c.flush(d) == 240 * 135


def test_same_rectangles_under_micropython():
    code = """
from core.canvas import Canvas
class D:
    def __init__(self): self.calls = []
    def flush(self, buf, x, y, w, h): self.calls.append((x, y, w, h))
c = Canvas(240, 240)
for i in range(20):
    c.mark(i * 37 % 230, i * 53 % 230, 6, 6)
c.fill_rect(3, 3, 5, 5, 7)
d = D()
c.flush(d)
print(sorted(d.calls))
print(c.buf[(4 + 4 * 240) // 2])
"""
    out = run_mpy(code, heap="64wK").stdout.split("\n")
    c = Canvas(240, 240)
    for i in range(20):
        c.mark(i * 37 % 230, i * 53 % 230, 6, 6)
    c.fill_rect(3, 3, 5, 5, 7)
    d = RecordingDisplay()
    c.flush(d)
    assert out[0] == str(sorted(d.calls))
    assert out[1] == str(c.buf[(4 + 4 * 240) // 2]) == "119"



# 600 marks of a pseudo-random sequence, the rectangles printed every 9th (the plain path under
# CPython, the native one under MicroPython); PATH: the line that picks the path.
MARKS = """
from core import canvas
PATH
c = canvas.Canvas(240, 240)
seed = 7
out = []
for step in range(600):
    seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
    x = seed % 260 - 10
    y = (seed >> 9) % 260 - 10
    w = (seed >> 3) % 90
    h = (seed >> 13) % 70
    c.mark(x, y, w, h)
    if step % 9 == 8:
        out.append([tuple(c._r[4 + 4 * i:8 + 4 * i]) for i in range(c._r[0])])
        c._r[0] = 0
print(out)
"""


def test_native_marks_give_the_plain_paths_rectangles():
    """core/canvas_viper.py (the unix port compiles it) keeps the very rectangles the plain
    path keeps under CPython, mark after mark: merges, the full list's growth, coalescing."""
    out = run_mpy(MARKS.replace("PATH", "canvas.fast_marks()\nassert canvas._mark is not None"),
                  heap="64wK").stdout.strip()
    expected = []
    exec(MARKS.replace("PATH", "assert canvas._mark is None"), {"print": expected.append})
    assert out == str(expected[0])
