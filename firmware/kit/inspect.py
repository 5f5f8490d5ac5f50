# A card seen whole while A is held (kit.table: a table whose cards are small codes or
# overlapped sets `hold_buttons = btn.A`; core.input then tells a tap of A, which acts as it
# always did, from a hold, which comes as HOLD after 400 ms and never acts).
#
# The table's `inspect_card()` gives what to show for the card under its cursor:
#     (draw, name): draw(c, x, y, w, h) paints the card's face in that box (the game's own
#     face drawing, at a size it does not use on the table), name its full name ("Red Stag,
#     Winterwoods"); or None when the cursor is on no card that can be seen (a face-down card,
#     an empty place).
# `Inspect(draw, name)` is the overlay shown over the table until A is let go (its RELEASE),
# or any other button; nothing moves meanwhile (kit.turns waits while a screen is over the
# table). Imported on the hold, dropped with the kit.

from core import input as btn
from core import theme
from core.scene import Scene


def card_box(width, height, line_h):
    """(x, y, w, h) of the card on a screen of that size: as tall as the screen leaves once
    two lines of name and margins are taken, 2:3, centred."""
    h = height - 2 * line_h - 20
    w = h * 2 // 3
    if w > width - 24:
        w = width - 24
        h = w * 3 // 2
    w &= ~1
    return (width - w) // 2, 6, w, h


class Inspect(Scene):
    toasts = False      # a message waits until the card has been seen
    overlay = True

    def __init__(self, draw, name):
        super().__init__()
        self.draw_card = draw
        self.name = name

    def button(self, b, kind):
        # A let go (the hold that opened it), or any other button: back to the table. That
        # press does nothing else.
        if kind == btn.RELEASE and b == btn.A or kind == btn.PRESS and b != btn.A:
            self.app.pop()

    def draw(self, c, full):
        if not full:
            return
        app = self.app
        font = app.small
        lh = font.line_height
        x, y, w, h = card_box(app.width, app.height, lh)
        lines = font.wrap(self.name, app.width - 16)[:2]
        box_h = h + 8 + len(lines) * lh + 8
        c.round_rect(x - 6, y - 4, w + 12, box_h, theme.PANEL)
        c.round_rect(x - 6, y - 4, w + 12, box_h, theme.ACCENT, False)
        left = x - 6
        right = x + w + 6
        for line in lines:      # a name wider than the card: the box widens for it
            tw = font.width(line)
            if (app.width - tw) // 2 - 6 < left:
                left = (app.width - tw) // 2 - 6
                right = app.width - left
        if left < x - 6:
            c.round_rect(left, y + h + 2, right - left, box_h - h - 6, theme.PANEL)
            c.round_rect(left, y + h + 2, right - left, box_h - h - 6, theme.ACCENT, False)
        self.draw_card(c, x, y, w, h)
        ty = y + h + 8
        for line in lines:
            c.text(font, line, (app.width - font.width(line)) // 2, ty, theme.FG)
            ty += lh
