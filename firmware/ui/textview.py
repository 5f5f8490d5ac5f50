"""A scrolling text screen (rules, about, credits).

The text is word-wrapped once, when the screen opens, into a list of lines ("\\n" starts a
new line, an empty line stays as a gap between paragraphs). UP/DOWN scroll one line (held:
repeat), LEFT/RIGHT and A one page, B goes back. A scroll bar on the right and "2/5" (the page
shown / pages) at the right of the title bar tell where you are. Scrolling redraws
the text area and the little position label only; a scroll of less than a page moves the
lines that stay (move_rows) and draws only those that come into view.
"""

from core import input as btn
from core import strings, theme
from core.scene import Scene
from ui import scroll, widgets


def delta(b, page):
    """How far a button scrolls a viewer: UP/DOWN a line, LEFT a page back, RIGHT or A a
    page on; 0 for any other button."""
    if b == btn.UP:
        return -1
    if b == btn.DOWN:
        return 1
    if b == btn.LEFT:
        return -page
    if b == btn.RIGHT or b == btn.A:
        return page
    return 0


def move_rows(c, y0, y1, dy):
    """Move what rows y0..y1 (exclusive, the whole width) of Canvas `c` show by dy rows, down
    when positive, as a scroll does: one memmove, no pixel loop. The dy rows it uncovers keep
    what they held: the caller draws them. Marks y0..y1. (Here, not in core.canvas: the canvas
    is in the heap from boot, and only a text screen scrolls this way.)"""
    s = c.width // 2
    band = memoryview(c.buf)[y0 * s : y1 * s]
    n = (y1 - y0 - abs(dy)) * s
    if n <= 0:
        return
    if dy < 0:
        band[:n] = band[-dy * s :]
    else:
        band[dy * s :] = band[:n]
    c.mark(0, y0, c.width, y1 - y0)


def pages(total, page):
    """How many pages of `page` lines `total` lines make."""
    return (total + page - 1) // page if page > 0 else 1


def position_room(app, total, page):
    """Width of the widest position label for `total` lines in pages of `page` (digits are
    not all as wide: "2/4" may be wider than "4/4")."""
    n = pages(total, page)
    tail = "/" + str(n)
    room = 0
    for i in range(1, n + 1):
        w = app.small.width(str(i) + tail)
        if w > room:
            room = w
    return room


def draw_position(app, c, top, page, total, room):
    """Right-aligned "page/pages" in the title bar for a view of `page` lines from line `top`
    of `total`, over a cleared `room`-wide area (the last page when the end is in view)."""
    n = pages(total, page)
    shown = n if top + page >= total else top // page + 1
    font = app.small
    h = widgets.title_height(app)
    x = app.width - widgets.PAD - room
    y = (h - font.line_height) // 2
    c.fill_rect(x, y, room, font.line_height, theme.PANEL)
    label = str(shown) + "/" + str(n)
    c.text(font, label, app.width - widgets.PAD - font.width(label), y, theme.DIM)


class TextView(Scene):
    toasts = False      # a message never covers it (they wait until it has gone)
    def __init__(self, title, text):
        super().__init__()
        self.title = title
        self.text = text
        self.lines = []
        self.top = 0            # index of the first line shown
        self.page = 1           # lines that fit in the text area
        self._title = title
        self._room = 0
        self._box = (0, 0, 0, 0)
        self._drawn_top = -1

    def enter(self):
        app = self.app
        font = app.small
        x, y, w, h = widgets.content_box(app)
        pad = widgets.PAD
        self._box = (x, y, w, h)
        self.page = max(1, (h - 2 * pad) // font.line_height)
        self.lines = font.wrap(self.text, w - 3 * pad - scroll.width)
        self.text = None  # the wrapped lines are all we need from now on
        n = len(self.lines)
        self._room = position_room(app, n, self.page) if n > self.page else 0
        room = app.width - 2 * pad - (self._room + pad if self._room else 0)
        self._title = app.large.fit(self.title, room)

    def max_top(self):
        return scroll.fit(len(self.lines), self.page, len(self.lines))

    def scroll(self, delta):
        """Move the view by delta lines (clamped); returns True when it moved."""
        top = scroll.fit(self.top + delta, self.page, len(self.lines))
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
        if full:
            widgets.title_bar(app, c, self._title)
            widgets.hint_bar(app, c, strings.t("hint_text"))
        elif self.top == self._drawn_top:
            return
        self._draw_text(c, full)
        self._drawn_top = self.top

    def _draw_text(self, c, full):
        app = self.app
        font = app.small
        pad = widgets.PAD
        lh = font.line_height
        x, y, w, h = self._box
        lines = self.lines
        ty = y + pad
        first = self.top
        end = min(len(lines), self.top + self.page)
        moved = self.top - self._drawn_top
        if not full and self._drawn_top >= 0 and 0 < abs(moved) < self.page:
            # A scroll of a few lines: what stays on screen moves with one memmove, and only
            # the lines that come into view are drawn (a line, held UP/DOWN, is most scrolls).
            move_rows(c, ty, ty + self.page * lh, -moved * lh)
            if moved > 0:
                first = end - moved
            else:
                end = first - moved
            # (whole rows move: the text area is the screen's width, widgets.content_box)
            ny = ty + (first - self.top) * lh   # the first new line's row
            c.fill_rect(x, ny, w - pad - scroll.width, (end - first) * lh, theme.BG)
            ty = ny
        else:
            # A scroll clears only the text columns; the scroll bar clears its own.
            c.fill_rect(x, y, w if full else w - pad - scroll.width, h, theme.BG)
        for i in range(first, end):
            c.text(font, lines[i], x + pad, ty, theme.FG)
            ty += lh
        scroll.draw(c, x + w - pad - scroll.width, y + pad, h - 2 * pad, self.top, self.page,
                   len(lines))
        if self._room:
            draw_position(app, c, self.top, self.page, len(lines), self._room)
