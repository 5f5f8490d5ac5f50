"""Boot splash: the console's name for a moment, then the main menu (any button skips)."""

from core import input as btn
from core import strings, theme
from core.app import Scene

SPLASH_MS = 1500


class Splash(Scene):
    def __init__(self):
        super().__init__()
        self._until = None

    def tick(self, now):
        import time

        if self._until is None:
            self._until = time.ticks_add(now, SPLASH_MS)
        elif time.ticks_diff(now, self._until) >= 0:
            self._leave()

    def button(self, b, kind):
        if kind == btn.PRESS:
            self._leave()

    def _leave(self):
        from screens.main_menu import MainMenu

        self.app.replace(MainMenu())

    def draw(self, c, full):
        app = self.app
        w = app.width
        h = app.height
        c.clear(theme.BG)
        # Four fanned card outlines in the four card colours, then the name.
        cw = max(24, w // 8)
        ch = cw * 3 // 2
        cx = w // 2 - 2 * cw
        cy = h // 2 - ch - 8
        colors = (theme.RED, theme.BLUE, theme.YELLOW, theme.GREEN)
        suits = ("suit_spade_16", "suit_heart_16", "suit_diamond_16", "suit_club_16")
        for i in range(4):
            x = cx + i * (cw - 4) + 6
            y = cy + (6 if i in (0, 3) else 0)
            c.round_rect(x, y, cw, ch, theme.CARD)
            c.round_rect(x, y, cw, ch, colors[i], False)
            c.round_rect(x + 1, y + 1, cw - 2, ch - 2, colors[i], False)
            iw, ih = app.icons.size(suits[i])
            app.icons.draw(c.fb, suits[i], x + (cw - iw) // 2, y + (ch - ih) // 2, colors[i])
        title = strings.t("console")
        tw = app.large.width(title)
        ty = cy + ch + 14
        c.text(app.large, title, (w - tw) // 2, ty, theme.ACCENT)
        tag = strings.t("tagline")
        tag = app.small.fit(tag, w - 8)
        c.text(app.small, tag, (w - app.small.width(tag)) // 2, ty + app.large.line_height + 4,
               theme.DIM)
