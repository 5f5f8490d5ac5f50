"""ui.scroll: the one scroller of the text viewer, score tables and menus (hand-worked values),
its bar's pixels, the three widgets using it (and none keeping a copy of it), and the same
values under MicroPython."""

import inspect

import pytest

from core import input as btn
from core import theme
from core.canvas import Canvas
from tests.mpy import run_mpy
from ui import menu, scores, scroll, textview


@pytest.mark.parametrize("top, size, count, want", [
    (0, 10, 4, 0),        # all fits: always 0
    (3, 10, 4, 0),
    (-2, 5, 20, 0),       # never above the first item
    (7, 5, 20, 7),
    (15, 5, 20, 15),      # the last full page starts at 15
    (16, 5, 20, 15),
    (99, 5, 20, 15),
])
def test_fit(top, size, count, want):
    assert scroll.fit(top, size, count) == want


@pytest.mark.parametrize("top, index, size, count, want", [
    (0, 3, 5, 20, 0),     # already in view: no move
    (0, 5, 5, 20, 1),     # one below the window: move one
    (0, 12, 5, 20, 8),    # far below: the cursor becomes the last row shown
    (8, 2, 5, 20, 2),     # above: it becomes the first
    (0, 19, 5, 20, 15),   # the last item: the last full page
    (15, 0, 5, 20, 0),    # wrapped to the top
    (0, 3, 8, 4, 0),      # all fits
])
def test_move(top, index, size, count, want):
    assert scroll.move(top, index, size, count) == want


def test_viewer_buttons():
    d = textview.delta
    assert [d(b, 7) for b in (btn.UP, btn.DOWN, btn.LEFT, btn.RIGHT, btn.A, btn.B, btn.X)] == [
        -1, 1, -7, 7, 7, 0, 0]


def bar_columns(top, size, count, h=40):
    """Rows of the bar drawn with the bar at x=4: (track rows, thumb rows)."""
    c = Canvas(16, 60)
    c.clear(theme.FG)
    scroll.draw(c, 4, 10, h, top, size, count)
    track = thumb = 0
    for y in range(60):
        px = [c.fb.pixel(x, y) for x in range(4, 4 + scroll.width)]
        if px == [theme.PANEL, theme.PANEL, theme.BG]:
            track += 1
        elif px == [theme.DIM, theme.DIM, theme.BG]:
            thumb += 1
    return track, thumb, [c.fb.pixel(4, y) for y in (9, 10, 49, 50)]


def test_bar_pixels():
    # Everything fits: the column is just cleared.
    c = Canvas(16, 60)
    c.clear(theme.FG)
    scroll.draw(c, 4, 10, 40, 0, 10, 4)
    assert all(c.fb.pixel(x, y) == theme.BG for x in range(4, 7) for y in range(10, 50))
    assert c.fb.pixel(4, 9) == theme.FG and c.fb.pixel(4, 50) == theme.FG
    # 40-pixel track, a quarter shown: a 10-pixel thumb at the top, then at the bottom.
    assert bar_columns(0, 5, 20) == (30, 10, [theme.FG, theme.DIM, theme.PANEL, theme.FG])
    assert bar_columns(15, 5, 20) == (30, 10, [theme.FG, theme.PANEL, theme.DIM, theme.FG])
    # A long list: the thumb is never shorter than 6 pixels.
    assert bar_columns(0, 5, 400)[:2] == (34, 6)


def test_the_three_widgets_keep_no_copy_of_it():
    # No clamping, cursor-following or bar drawing of their own.
    for mod in (menu, scores, textview):
        src = inspect.getsource(mod)
        assert "scroll.draw(" in src, mod.__name__
        assert "fill_rect(x, ty," not in src and "bar_h" not in src, mod.__name__
    assert "scroll.move(" in inspect.getsource(menu)
    assert "scroll.fit(" in inspect.getsource(textview)
    assert "scroll.fit(" in inspect.getsource(scores)
    assert not hasattr(menu.MenuList, "_scroll_to_cursor")
    assert not hasattr(menu.MenuList, "_draw_scrollbar")


def test_menu_list_follows_its_cursor_with_the_scroller():
    m = menu.MenuList(0, 0, 100, 50, 10)          # 5 rows visible
    m.set_rows([["r%d" % i, None, True] for i in range(12)])
    tops = []
    for _ in range(12):
        m.move(1)
        tops.append(m.top)
    # Down to row 11 (the window follows from row 5 on), then wrapped back to row 0.
    assert tops == [0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 0]
    m.move(-1)
    assert (m.cursor, m.top) == (11, 7)


MPY = """
from ui import scroll
print([scroll.fit(t, 5, 20) for t in (-2, 7, 15, 16, 99)], scroll.fit(3, 10, 4))
print([scroll.move(0, i, 5, 20) for i in (3, 5, 12, 19)], scroll.move(8, 2, 5, 20))
"""


def test_same_values_under_micropython():
    out = run_mpy(MPY).stdout.splitlines()
    assert out == ["[0, 7, 15, 15, 15] 0", "[0, 1, 8, 15] 2"]
