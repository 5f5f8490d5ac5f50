"""Modal dialogs: a message with yes/no, or a choice of one of N.

`Dialog(message, choices, on_done)` opens over the current screen; UP/DOWN (or LEFT/RIGHT)
move between the choices, A confirms, B cancels (`on_done(-1)`). The screen underneath is
redrawn when the dialog closes. The hint bar says what this dialog's buttons do (not those of
the screen under it) when the box leaves it room.
"""

from core import input as btn
from core import strings, theme
from core.scene import Scene
from ui import widgets


class Dialog(Scene):
    toasts = False      # a message never covers it (they wait until it has gone)
    overlay = True      # drawn over the screen below, which stays visible around it

    def __init__(self, message, choices, on_done, default=0, title=None):
        super().__init__()
        self.message = message
        self.choices = choices
        self.on_done = on_done
        self.cursor = default
        self.title = title
        self._drawn = -1
        self._hint = False
        self._box = (0, 0, 0, 0, 0, 0)
        self.lines = []

    def enter(self):
        app = self.app
        font = app.small
        w = app.width - 24
        lines = font.wrap(self.message, w - 16)
        max_lines = (app.height - 40) // font.line_height - len(self.choices) * 2 - 2
        self.lines = lines[:max(1, max_lines)]
        row_h = font.line_height + 6
        title_h = app.large.line_height + 4 if self.title else 0
        h = 12 + title_h + len(self.lines) * font.line_height + 6 + len(self.choices) * row_h
        x = (app.width - w) // 2
        above = app.height - widgets.hint_height(app)     # the room above the hint bar
        self._hint = h <= above
        y = max(0, ((above if self._hint else app.height) - h) // 2)
        self._box = (x, y, w, h, row_h, y + 6 + title_h + len(self.lines) * font.line_height + 6)

    def _close(self, result):
        app = self.app
        app.pop()
        if self.on_done is not None:
            self.on_done(result)

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        n = len(self.choices)
        if b in (btn.UP, btn.LEFT, btn.X):
            self.cursor = (self.cursor - 1) % n
            self.app.sound("cursor")
            self.request_draw()
        elif b in (btn.DOWN, btn.RIGHT, btn.Y):
            self.cursor = (self.cursor + 1) % n
            self.app.sound("cursor")
            self.request_draw()
        elif kind == btn.PRESS and b == btn.A:
            self.app.sound("select")
            self._close(self.cursor)
        elif kind == btn.PRESS and b == btn.B:
            self.app.sound("back")
            self._close(-1)

    def draw(self, c, full):
        app = self.app
        x, y, w, h, row_h, choices_y = self._box
        if full:
            # The screen below stays visible around the box (it was drawn before).
            if self._hint:
                widgets.hint_bar(app, c, strings.t("hint_dialog" if len(self.choices) > 1
                                                   else "hint_message"))
            widgets.panel(c, x, y, w, h, theme.PANEL, theme.ACCENT)
            ty = y + 6
            if self.title:
                c.text(app.large, app.large.fit(self.title, w - 16), x + 8, ty, theme.ACCENT)
                ty += app.large.line_height + 4
            widgets.text_block(app, c, self.lines, x + 8, ty, theme.FG)
        for i in range(len(self.choices)):
            if full or i == self.cursor or i == self._drawn:
                cy = choices_y + i * row_h
                sel = i == self.cursor
                c.fill_rect(x + 6, cy, w - 12, row_h - 2, theme.SEL if sel else theme.PANEL)
                label = self.choices[i]
                lw = app.small.width(label)
                c.text(app.small, label, x + (w - lw) // 2, cy + 3,
                       theme.SEL_FG if sel else theme.FG)
        self._drawn = self.cursor


def confirm(app, message, on_yes, on_no=None):
    """Yes/No question; `on_yes()` runs on Yes, `on_no()` (if any) otherwise."""

    def done(result):
        if result == 0:
            on_yes()
        elif on_no is not None:
            on_no()

    app.push(Dialog(message, [strings.t("yes"), strings.t("no")], done, default=1))
