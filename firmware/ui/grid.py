"""Grids of cells with a cursor: Memory's cards, Match 2-52's table, a 6x6 board.

`Grid(cols, rows)` lays cells out in a box, moves a cursor with the d-pad (wrapping, or not),
remembers which cells changed, and redraws only those; it also gives the path around the
grid's border (a conveyor, refills, cards dealt around a table). Cells are numbered row by
row: index = row * cols + col. The game draws a cell; the grid says where and when:

    from ui.grid import Grid

    grid = Grid(6, 6)
    grid.layout(x, y, w, h)            # cell size from the box (cell x and width kept even)
    grid.move(btn.RIGHT)               # the cursor; True when it moved (cells marked)
    grid.mark(i)                       # cell i changed: drawn again at the next draw
    grid.draw(c, full, self.draw_cell) # draw_cell(c, i, x, y, w, h, selected) for the cells
                                       # that need it: all when `full`, else marked ones and
                                       # the cells the cursor left and reached
    grid.border()                      # the border's cells clockwise from the top-left corner
    grid.along(i, 1)                   # the next cell clockwise along the border

Nothing here draws pixels itself, so each game keeps its own look; the grid keeps a partial
redraw to the cells that changed (a cursor move is two cells on the wire, not a frame).
"""

from core import input as btn


class Grid:
    def __init__(self, cols, rows, wrap=True):
        self.cols = cols
        self.rows = rows
        self.n = cols * rows
        self.wrap = wrap          # the cursor wraps at the edges (else it stops)
        self.cursor = 0
        self.x = 0
        self.y = 0
        self.cell_w = 0
        self.cell_h = 0
        self.enabled = None       # optional callable(i) -> bool: cells the cursor may stop on
        self._marked = []
        self._drawn_cursor = -1
        self._border = None

    # -- geometry ------------------------------------------------------------------------
    def layout(self, x, y, w, h):
        """Fit the cells in the box (x, y, w, h), centred; a cell's x and width are even, so
        every cell is whole bytes of the 4-bit canvas (a redraw sends no neighbour pixels)."""
        cw = (w // self.cols) & ~1
        ch = h // self.rows
        self.cell_w = cw
        self.cell_h = ch
        self.x = (x + (w - cw * self.cols) // 2) & ~1
        self.y = y + (h - ch * self.rows) // 2

    def index(self, col, row):
        return row * self.cols + col

    def pos(self, i):
        """(col, row) of cell i."""
        return i % self.cols, i // self.cols

    def rect(self, i):
        """(x, y, w, h) of cell i on the screen."""
        cw = self.cell_w
        ch = self.cell_h
        return self.x + (i % self.cols) * cw, self.y + (i // self.cols) * ch, cw, ch

    def box(self):
        """(x, y, w, h) of the whole grid."""
        return self.x, self.y, self.cell_w * self.cols, self.cell_h * self.rows

    # -- cursor --------------------------------------------------------------------------
    def step(self, i, b):
        """The cell next to i in the direction of d-pad button b (wrapping or stopping at the
        edge as `wrap` says); i itself when it cannot move."""
        col = i % self.cols
        row = i // self.cols
        if b == btn.UP:
            row -= 1
        elif b == btn.DOWN:
            row += 1
        elif b == btn.LEFT:
            col -= 1
        elif b == btn.RIGHT:
            col += 1
        else:
            return i
        if self.wrap:
            col %= self.cols
            row %= self.rows
        elif col < 0 or row < 0 or col >= self.cols or row >= self.rows:
            return i
        return row * self.cols + col

    def move(self, b):
        """Move the cursor with a d-pad button, over cells `enabled` refuses; True when it
        moved (the old and the new cell are drawn again at the next draw)."""
        i = self.cursor
        for _ in range(max(self.cols, self.rows)):
            j = self.step(i, b)
            if j == i:
                return False
            i = j
            if self.enabled is None or self.enabled(i):
                break
        else:
            return False
        if i == self.cursor:
            return False
        self.cursor = i
        return True

    def set_cursor(self, i):
        self.cursor = i

    # -- redraw --------------------------------------------------------------------------
    def mark(self, i):
        """Cell i changed: it is drawn again at the next partial draw."""
        if i not in self._marked:
            self._marked.append(i)

    def mark_all(self):
        self._marked = list(range(self.n))

    def pending(self):
        """The cells the next partial draw will draw, in order (marked, then the cursor's)."""
        out = list(self._marked)
        for i in (self._drawn_cursor, self.cursor):
            if 0 <= i < self.n and i not in out:
                out.append(i)
        if self._drawn_cursor == self.cursor and self.cursor not in self._marked:
            out.remove(self.cursor)
        return out

    def draw(self, c, full, draw_cell):
        """Call draw_cell(c, i, x, y, w, h, selected) for every cell when `full`, else only
        for the cells that changed; returns how many were drawn."""
        cells = range(self.n) if full else self.pending()
        count = 0
        cw = self.cell_w
        ch = self.cell_h
        for i in cells:
            draw_cell(c, i, self.x + (i % self.cols) * cw, self.y + (i // self.cols) * ch,
                      cw, ch, i == self.cursor)
            count += 1
        self._marked = []
        self._drawn_cursor = self.cursor
        return count

    # -- the border ------------------------------------------------------------------------
    def border(self):
        """The border's cells clockwise from the top-left corner: the top row left to right,
        the right column down, the bottom row right to left, the left column up (each corner
        once). A single row or column is just its cells in order."""
        if self._border is None:
            cols = self.cols
            rows = self.rows
            if rows == 1 or cols == 1:
                path = list(range(self.n))
            else:
                path = list(range(cols))
                path += [r * cols + cols - 1 for r in range(1, rows)]
                path += [(rows - 1) * cols + c for c in range(cols - 2, -1, -1)]
                path += [r * cols for r in range(rows - 2, 0, -1)]
            self._border = tuple(path)
        return self._border

    def along(self, i, steps=1):
        """The border cell `steps` places clockwise from border cell i (negative: the other
        way); ValueError when i is not on the border."""
        path = self.border()
        k = path.index(i)
        return path[(k + steps) % len(path)]
