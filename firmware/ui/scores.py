"""Score tables: names on the left, numbers right-aligned in columns, striped rows.

`draw_score_table` draws one onto any canvas (a game's end-of-round panel); `ScoreTable` is a
screen showing one, scrolling when the rows do not fit (UP/DOWN a row, LEFT/RIGHT/A a page,
B back). Cells may be ints or strings; the screen converts them to strings once.
"""

from micropython import const

from core import input as btn
from core import strings, theme
from core.scene import Scene
from ui import scroll, widgets
from ui.textview import delta, draw_position, position_room

COL_GAP = const(8)      # space left of each number column
MIN_NAME = const(24)    # the name column never gets narrower than this


def _cell(v):
    return v if isinstance(v, str) else str(v)


def row_height(app):
    return app.small.line_height + 3


def column_widths(app, w, headers, rows):
    """Widths of the columns in a table w pixels wide: each number column as wide as its
    widest cell (header included) plus COL_GAP, the name column gets the rest."""
    font = app.small
    n = len(headers)
    widths = [0] * n
    used = 2 * widgets.PAD
    for col in range(1, n):
        cw = font.width(_cell(headers[col]))
        for row in rows:
            tw = font.width(_cell(row[col]))
            if tw > cw:
                cw = tw
        widths[col] = cw + COL_GAP
        used += cw + COL_GAP
    rest = w - used
    widths[0] = rest if rest > MIN_NAME else MIN_NAME
    return widths


def _draw_cells(app, c, x, y, w, cells, widths, color):
    """One line of cells: the first left-aligned and fitted, the others right-aligned."""
    font = app.small
    pad = widgets.PAD
    ty = y + (row_height(app) - font.height) // 2
    right = x + w - pad
    for col in range(len(widths) - 1, 0, -1):
        s = _cell(cells[col])
        c.text(font, s, right - font.width(s), ty, color)
        right -= widths[col]
    c.text(font, font.fit(_cell(cells[0]), widths[0] - 2), x + pad, ty, color)


def draw_score_header(app, c, x, y, w, headers, widths):
    """The header line (DIM on the background, a rule below); returns the y below it."""
    rh = row_height(app)
    c.fill_rect(x, y, w, rh, theme.BG)
    _draw_cells(app, c, x, y, w, headers, widths, theme.ACCENT)
    c.hline(x, y + rh - 1, w, theme.EDGE)
    return y + rh


def draw_score_rows(app, c, x, y, w, rows, widths, first=0, count=-1, highlight_row=-1):
    """Rows first..first+count-1 (all when count < 0), striped; returns the y below them."""
    rh = row_height(app)
    end = len(rows) if count < 0 else min(len(rows), first + count)
    for i in range(first, end):
        if i == highlight_row:
            bg = theme.SEL
            fg = theme.SEL_FG
        else:
            bg = theme.PANEL if i & 1 else theme.BG
            fg = theme.FG
        c.fill_rect(x, y, w, rh, bg)
        _draw_cells(app, c, x, y, w, rows[i], widths, fg)
        y += rh
    return y


def draw_score_table(app, c, x, y, w, headers, rows, highlight_row=-1, widths=None):
    """A whole table (header and every row); returns the y below it."""
    if widths is None:
        widths = column_widths(app, w, headers, rows)
    y = draw_score_header(app, c, x, y, w, headers, widths)
    return draw_score_rows(app, c, x, y, w, rows, widths, 0, -1, highlight_row)


class ScoreTable(Scene):
    toasts = False      # a message never covers it (they wait until it has gone)
    def __init__(self, title, headers, rows, highlight_row=-1):
        super().__init__()
        self.title = title
        self.headers = [_cell(h) for h in headers]
        self.rows = [[_cell(v) for v in row] for row in rows]
        self.highlight_row = highlight_row
        self.top = 0
        self.page = 1
        self.widths = None
        self._title = title
        self._room = 0
        self._drawn_top = -1

    def enter(self):
        app = self.app
        pad = widgets.PAD
        x, y, w, h = widgets.content_box(app)
        self._table = (x, y + pad, w - 2 * pad - scroll.width)
        rows_h = h - 2 * pad - row_height(app)
        self.page = max(1, rows_h // row_height(app))
        self.widths = column_widths(app, self._table[2], self.headers, self.rows)
        n = len(self.rows)
        self._room = position_room(app, n, self.page) if n > self.page else 0
        room = app.width - 2 * pad - (self._room + pad if self._room else 0)
        self._title = app.large.fit(self.title, room)
        if 0 <= self.highlight_row:
            self.scroll(self.highlight_row - self.page // 2)

    def max_top(self):
        return scroll.fit(len(self.rows), self.page, len(self.rows))

    def scroll(self, delta):
        """Move the rows by delta (clamped); returns True when they moved."""
        top = scroll.fit(self.top + delta, self.page, len(self.rows))
        if top == self.top:
            return False
        self.top = top
        self.request_draw()
        return True

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if b == btn.B:
            if kind == btn.PRESS:
                self.app.sound("back")
                self.app.pop()
        elif self.scroll(delta(b, self.page)):
            self.app.sound("cursor")

    def draw(self, c, full):
        app = self.app
        x, y, w = self._table
        pad = widgets.PAD
        rh = row_height(app)
        if full:
            bx, by, bw, bh = widgets.content_box(app)
            c.fill_rect(bx, by, bw, bh, theme.BG)
            widgets.title_bar(app, c, self._title)
            widgets.hint_bar(app, c, strings.t("hint_text"))
            draw_score_header(app, c, x, y, w, self.headers, self.widths)
        elif self.top == self._drawn_top:
            return
        ry = y + rh
        # Clear the whole rows area: the last page may hold fewer rows than the one before.
        c.fill_rect(x, ry, w, self.page * rh, theme.BG)
        draw_score_rows(app, c, x, ry, w, self.rows, self.widths, self.top, self.page,
                        self.highlight_row)
        scroll.draw(c, x + w + pad, ry, self.page * rh, self.top, self.page, len(self.rows))
        if self._room:
            draw_position(app, c, self.top, self.page, len(self.rows), self._room)
        self._drawn_top = self.top
