"""ui.grid: cells laid out in a box, a cursor moved with the d-pad (wrapping or not, skipping
disabled cells), per-cell redraw (a cursor move draws two cells; the result equals a full
redraw), the path around the border; canvas.icon marks what an icon changed. Hand-worked
values; the same under MicroPython."""

import inspect
from pathlib import Path

import pytest

from core import input as btn
from core import theme
from core.canvas import Canvas
from core.icons import Icons
from tests.mpy import ROOT, run_mpy
from ui import grid as grid_mod
from ui.grid import Grid

GEN = ROOT / "firmware" / "gen"


def test_layout_even_cells_centred():
    g = Grid(6, 6)
    g.layout(0, 22, 240, 205)
    assert (g.cell_w, g.cell_h, g.x, g.y) == (40, 34, 0, 22)
    assert g.box() == (0, 22, 240, 204)
    g = Grid(4, 4)
    g.layout(3, 20, 237, 100)
    # 237 // 4 = 59 -> 58 (even); 4 * 58 = 232, 5 pixels over: x = 3 + 2 = 5 -> 4 (even).
    assert (g.cell_w, g.cell_h, g.x, g.y) == (58, 25, 4, 20)
    assert g.rect(0) == (4, 20, 58, 25)
    assert g.rect(6) == (4 + 2 * 58, 20 + 25, 58, 25)
    assert g.index(2, 1) == 6 and g.pos(6) == (2, 1)


def test_cursor_moves_wrapping_or_stopping():
    g = Grid(4, 3)
    seq = []
    for b in (btn.LEFT, btn.UP, btn.RIGHT, btn.DOWN, btn.DOWN, btn.DOWN, btn.A):
        moved = g.move(b)
        seq.append((g.cursor, moved))
    # From 0: LEFT wraps to 3, UP wraps to 11, RIGHT wraps to 8, DOWN wraps to 0, then 4, 8;
    # A is not a move.
    assert seq == [(3, True), (11, True), (8, True), (0, True), (4, True), (8, True),
                   (8, False)]
    g = Grid(4, 3, wrap=False)
    assert not g.move(btn.LEFT) and not g.move(btn.UP) and g.cursor == 0
    for _ in range(5):
        g.move(btn.RIGHT)
    assert g.cursor == 3


def test_cursor_skips_disabled_cells():
    g = Grid(5, 1)
    taken = {1, 2}
    g.enabled = lambda i: i not in taken
    assert g.move(btn.RIGHT) and g.cursor == 3      # over 1 and 2
    assert g.move(btn.LEFT) and g.cursor == 0
    taken = {1, 2, 3, 4}
    g.enabled = lambda i: i not in taken
    assert not g.move(btn.RIGHT) and g.cursor == 0  # nowhere to go


def test_border_path():
    g = Grid(6, 6)
    path = g.border()
    assert len(path) == 20 and len(set(path)) == 20
    assert path == (0, 1, 2, 3, 4, 5, 11, 17, 23, 29, 35, 34, 33, 32, 31, 30, 24, 18, 12, 6)
    assert all(g.pos(i)[0] in (0, 5) or g.pos(i)[1] in (0, 5) for i in path)
    assert g.along(5, 1) == 11 and g.along(6, 1) == 0 and g.along(0, -1) == 6
    assert g.along(30, 7) == 2                      # 30, 24, 18, 12, 6, 0, 1, 2
    with pytest.raises(ValueError):
        g.along(14, 1)                              # an inner cell
    assert Grid(3, 2).border() == (0, 1, 2, 5, 4, 3)
    assert Grid(4, 1).border() == (0, 1, 2, 3)
    assert Grid(1, 3).border() == (0, 1, 2)


class Drawn:
    """A draw_cell recording its calls and painting the cell (selected: SEL, else a colour
    from the cell's number)."""

    def __init__(self):
        self.calls = []

    def __call__(self, c, i, x, y, w, h, selected):
        self.calls.append((i, selected))
        c.fill_rect(x, y, w, h, theme.SEL if selected else 8 + i % 4)


def test_only_changed_cells_are_drawn():
    g = Grid(6, 6)
    g.layout(0, 22, 240, 205)
    c = Canvas(240, 240)
    d = Drawn()
    assert g.draw(c, True, d) == 36 and d.calls[0] == (0, True)
    c.flush(type("D", (), {"flush": lambda *a: None})())
    d.calls = []
    assert g.draw(c, False, d) == 0                 # nothing changed
    g.move(btn.RIGHT)
    assert g.draw(c, False, d) == 2 and d.calls == [(0, False), (1, True)]
    # Only those two cells went out: 2 x 40 x 34 pixels.
    assert c.dirty_area() == 2 * 40 * 34
    d.calls = []
    g.mark(20)
    g.mark(20)
    assert g.draw(c, False, d) == 1 and d.calls == [(20, False)]


def test_partial_redraws_equal_a_full_redraw():
    g = Grid(6, 6)
    g.layout(0, 22, 240, 205)
    c = Canvas(240, 240)
    d = Drawn()
    g.draw(c, True, d)
    for b in (btn.RIGHT, btn.DOWN, btn.DOWN, btn.LEFT, btn.UP, btn.LEFT, btn.LEFT):
        g.move(b)
        g.draw(c, False, d)
    fresh = Canvas(240, 240)
    g.draw(fresh, True, d)
    assert bytes(c.buf) == bytes(fresh.buf)


def test_canvas_icon_marks_what_it_draws():
    icons = Icons(str(GEN / "icons.bin"))
    c = Canvas(64, 64)
    c.flush(type("D", (), {"flush": lambda *a: None})())
    w, h = c.icon(icons, "suit_heart_16", 10, 7, theme.RED)
    assert (w, h) == icons.size("suit_heart_16")
    assert c.dirty_area() == w * h                  # x 10 and w 16: already even
    assert any(c.fb.pixel(10 + x, 7 + y) == theme.RED for x in range(w) for y in range(h))
    # The console's own widgets draw icons through the canvas only.
    for name in ("menu.py", "grid.py", "widgets.py", "scroll.py"):
        assert "c.fb" not in (ROOT / "firmware" / "ui" / name).read_text(), name
    assert "grid" in inspect.getsource(grid_mod).lower() and Path(grid_mod.__file__).exists()


MPY = """
from core import input as btn
from ui.grid import Grid
g = Grid(6, 6)
print(g.border())
print(g.along(5, 1), g.along(0, -1), g.along(30, 7))
g = Grid(4, 3)
out = []
for b in (btn.LEFT, btn.UP, btn.RIGHT, btn.DOWN, btn.DOWN):
    g.move(b)
    out.append(g.cursor)
print(out)
g.layout(3, 20, 237, 100)
print(g.cell_w, g.cell_h, g.x, g.y)
"""


def test_same_under_micropython():
    out = run_mpy(MPY).stdout.splitlines()
    assert out == ["(0, 1, 2, 3, 4, 5, 11, 17, 23, 29, 35, 34, 33, 32, 31, 30, 24, 18, 12, 6)",
                   "11 6 2", "[3, 11, 8, 0, 4]", "58 33 4 20"]
