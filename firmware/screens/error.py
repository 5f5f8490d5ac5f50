"""The error screen: what went wrong, that it was logged, any button returns to the menu.

It must work with almost no memory left (after a MemoryError), so it allocates little and
draws with the built-in 8x8 font if the fonts are not usable.
"""

import gc

from core import input as btn
from core import strings, theme
from core.scene import Scene


def show(app, exc, text):
    """Push the error screen (App.crash has emptied the stack, unloaded games, logged)."""
    try:
        strings.remove()
    except Exception:  # noqa: BLE001
        pass
    gc.collect()
    app.push(ErrorScreen(exc, text))


class ErrorScreen(Scene):
    toasts = False      # a message never covers it (they wait until it has gone)
    def __init__(self, exc, text):
        super().__init__()
        self.is_memory = isinstance(exc, MemoryError)
        self.summary = type(exc).__name__ + ": " + str(exc)
        # Keep the last line of the traceback location (file and line), not the whole text.
        where = ""
        for line in text.split("\n"):
            if "File " in line:
                where = line.strip()
        self.where = where

    def button(self, b, kind):
        if kind == btn.PRESS:
            self.app.reset_to_home()

    def draw(self, c, full):
        app = self.app
        c.clear(theme.BG)
        c.fill_rect(0, 0, app.width, 4, theme.WARN)
        title = strings.t("memory_error") if self.is_memory else strings.t("error")
        try:
            font = app.small
            y = 12
            c.text(app.large, app.large.fit(title, app.width - 8), 4, y, theme.WARN)
            y += app.large.line_height + 6
            for line in font.wrap(self.summary, app.width - 8)[:6]:
                c.text(font, line, 4, y, theme.FG)
                y += font.line_height
            y += 4
            for line in font.wrap(self.where, app.width - 8)[:3]:
                c.text(font, line, 4, y, theme.DIM)
                y += font.line_height
            y += 6
            for line in font.wrap(strings.t("error_help"), app.width - 8):
                c.text(font, line, 4, y, theme.ACCENT)
                y += font.line_height
        except Exception:  # noqa: BLE001 - fonts missing or no memory: plain 8x8 text
            c.clear(theme.BG)
            c.text8(title[:28], 4, 12, theme.WARN)
            s = self.summary
            y = 32
            while s and y < app.height - 10:
                c.text8(s[:29], 4, y, theme.FG)
                s = s[29:]
                y += 10
