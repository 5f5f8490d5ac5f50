"""Menu list with a cursor and scrolling, and a ready-made menu screen.

`MenuList` is a component: rows of (label, value) text, a cursor, a scroll offset (ui.scroll
keeps the cursor in view and draws the bar). Moving the cursor redraws only the two rows that
changed, unless the list scrolled. `MenuScreen` wraps
it with a title and a hint bar; subclasses (main menu, settings) fill the rows and react.
"""

from core import input as btn
from core import strings, theme
from core.scene import Scene
from ui import scroll, widgets


class MenuList:
    def __init__(self, x, y, w, h, row_h):
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.row_h = row_h
        self.rows = []          # list of [label, value or None, enabled(, icon name)]
        self.icon_w = 0         # > 0: rows show a square icon of this size before the label
        self.cursor = 0
        self.top = 0            # first visible row
        self._drawn_cursor = -1
        self._drawn_top = -1
        self._vw = []
        self._pending = []          # rows whose value changed since the last draw

    @property
    def visible(self):
        return max(1, self.h // self.row_h)

    def set_rows(self, rows):
        self.rows = rows
        self._vw = [0] * len(rows)   # drawn width of each row's value, to erase it
        self._pending = []
        if self.cursor >= len(rows):
            self.cursor = max(0, len(rows) - 1)
        self.top = scroll.move(self.top, self.cursor, self.visible, len(rows))
        self._drawn_top = -1

    def set_value(self, index, value):
        """Change a row's value text; the next partial draw repaints that row."""
        self.rows[index][1] = value
        if index not in self._pending:
            self._pending.append(index)

    def move(self, delta, wrap=True):
        """Move the cursor over enabled rows; returns True when it moved."""
        n = len(self.rows)
        if n == 0:
            return False
        i = self.cursor
        for _ in range(n):
            i += delta
            if i < 0 or i >= n:
                if not wrap:
                    return False
                i %= n
            if self.rows[i][2]:
                break
        if i == self.cursor:
            return False
        self.cursor = i
        self.top = scroll.move(self.top, i, self.visible, n)
        return True

    def draw(self, app, c, full):
        if full or self.top != self._drawn_top:
            c.fill_rect(self.x, self.y, self.w, self.h, theme.BG)
            for i in range(self.top, min(len(self.rows), self.top + self.visible)):
                self._draw_icon(app, c, i)
                self._draw_row(app, c, i)
            scroll.draw(c, self.x + self.w - scroll.width, self.y, self.h, self.top, self.visible,
                       len(self.rows))
        else:
            if self._drawn_cursor != self.cursor and 0 <= self._drawn_cursor < len(self.rows):
                self._draw_row(app, c, self._drawn_cursor)
            self._draw_row(app, c, self.cursor)
            for i in self._pending:
                if i != self.cursor and i < len(self.rows):
                    self.redraw_row(app, c, i)
        self._pending = []
        self._drawn_cursor = self.cursor
        self._drawn_top = self.top

    def _draw_icon(self, app, c, i):
        row = self.rows[i]
        if not self.icon_w or len(row) < 4 or not row[3] or not app.icons.has(row[3]):
            return  # no icon (e.g. a game without art): the row is just its label
        s = self.icon_w
        x = self.x + 6
        y = self.y + (i - self.top) * self.row_h + (self.row_h - s) // 2
        c.icon(app.icons, row[3], x, y, theme.ACCENT if row[2] else theme.DIM)

    def redraw_row(self, app, c, i):
        if self.top <= i < self.top + self.visible:
            self._draw_row(app, c, i)

    def _draw_row(self, app, c, i):
        """Draw row i. The highlight hugs the label (and the value keeps its own small box),
        so a cursor move repaints two short boxes, not two screen-wide bars: that is what
        keeps a move under a tenth of a frame on the wire."""
        label, value, enabled = self.rows[i][0], self.rows[i][1], self.rows[i][2]
        y = self.y + (i - self.top) * self.row_h
        selected = i == self.cursor
        font = app.large if self.row_h >= app.large.line_height + 6 else app.small
        small = app.small
        right = self.x + self.w - 8          # leave the scroll bar alone
        room = right - self.x - 20
        if value is not None:
            vtext = "< " + value + " >"
            vw = small.width(vtext)
            old = self._vw[i] if i < len(self._vw) else 0
            erase = vw if vw > old else old
            vy = y + (self.row_h - small.line_height) // 2
            c.fill_rect(right - erase - 4, vy - 1, erase + 4, small.line_height + 2, theme.BG)
            if selected:
                c.text(small, vtext, right - vw, vy, theme.ACCENT)
            else:
                c.text(small, value, right - vw + small.width("< "), vy, theme.ACCENT)
            if i < len(self._vw):
                self._vw[i] = vw
            room -= erase + 8
        bx = self.x + 4
        if self.icon_w:
            bx += self.icon_w + 8
            room -= self.icon_w + 8
        if font is not small and font.width(label) > room:
            # A long label in the small font rather than cut short: what a label in the
            # large font drew there (the value's width changes the room) goes first.
            c.fill_rect(bx, y, room + 12, self.row_h, theme.BG)
            font = small
        fh = font.line_height
        ty = y + (self.row_h - fh) // 2
        text = font.fit(label, room)
        box_w = font.width(text) + 12
        if selected:
            c.round_rect(bx, ty - 1, box_w, fh + 2, theme.SEL)
            fg = theme.SEL_FG
        else:
            c.fill_rect(bx, ty - 1, box_w, fh + 2, theme.BG)
            fg = theme.FG if enabled else theme.DIM
        c.text(font, text, bx + 6, ty + 1, fg)

class MenuScreen(Scene):
    """A titled menu. Subclasses override `rows()` and `chosen(index)`."""

    def __init__(self, title):
        super().__init__()
        self.title = title
        self.menu = None
        self._hint = None        # the hint text drawn (it may change with the cursor's row)

    def enter(self):
        app = self.app
        x, y, w, h = widgets.content_box(app)
        row_h = app.large.line_height + 8
        if row_h * 4 > h:
            row_h = app.small.line_height + 6
        self.menu = MenuList(x, y + 2, w, h - 4, row_h)
        self.menu.set_rows(self.rows())

    def resume(self):
        self.menu.set_rows(self.rows())

    def rows(self):
        return []

    def chosen(self, index):
        """A was pressed on row `index`."""

    def changed(self, index, delta):
        """LEFT/RIGHT on row `index` (settings-style rows); return True if it changed."""
        return False

    def back(self):
        self.app.pop()

    def hint(self):
        """The hint bar's text now (it may depend on the cursor's row)."""
        return strings.t("hint_menu")

    def message_band(self):
        """Messages (core.app.App.toast) go over the title bar, not over the rows."""
        return 0, 0, self.app.width, widgets.title_height(self.app) + 4

    def title_right(self):
        """Short text at the right of the title bar (None for nothing)."""
        return None

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        menu = self.menu
        app = self.app       # sounds first: chosen() and back() may pop this screen
        if b == btn.UP or b == btn.X:
            if menu.move(-1):
                app.sound("cursor")
                self.request_draw()
        elif b == btn.DOWN or b == btn.Y:
            if menu.move(1):
                app.sound("cursor")
                self.request_draw()
        elif kind == btn.PRESS and b == btn.A:
            if menu.rows:
                app.sound("select")
                self.chosen(menu.cursor)
        elif b == btn.LEFT or b == btn.RIGHT:
            if menu.rows and self.changed(menu.cursor, -1 if b == btn.LEFT else 1):
                app.sound("cursor")
                self.request_draw()
            else:
                app.sound("error")
        elif kind == btn.PRESS and b == btn.B:
            app.sound("back")
            self.back()

    def draw(self, c, full):
        app = self.app
        hint = self.hint()
        if full:
            c.clear(theme.BG)
            widgets.title_bar(app, c, self.title, self.title_right())
        if full or hint is not self._hint:
            widgets.hint_bar(app, c, hint)
            self._hint = hint
        self.menu.draw(app, c, full)
