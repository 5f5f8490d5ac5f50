"""Shared pieces of every screen: title bar, hint bar, panels (toasts: core.app).

Layout convention: a title bar at the top, a hint bar at the bottom telling what the buttons
do now, the content in between (`content_box`). Everything is drawn in theme indices.
"""

from core import theme

PAD = 4


def title_height(app):
    return app.large.line_height + 6


def hint_height(app):
    return app.small.line_height + 4


def content_box(app):
    """(x, y, w, h) between the title bar and the hint bar."""
    top = title_height(app)
    return 0, top, app.width, app.height - top - hint_height(app)


def title_bar(app, c, text, right=None):
    """Title on a panel strip; `right` is an optional short text at the right edge."""
    h = title_height(app)
    c.fill_rect(0, 0, app.width, h, theme.PANEL)
    c.hline(0, h - 1, app.width, theme.EDGE)
    font = app.large
    room = app.width - 2 * PAD
    if right:
        rw = app.small.width(right)
        c.text(app.small, right, app.width - PAD - rw, (h - app.small.line_height) // 2,
               theme.DIM)
        room -= rw + PAD
    c.text(font, font.fit(text, room), PAD, 3, theme.ACCENT)


def hint_bar(app, c, text):
    """The bottom line saying what the buttons do, e.g. "A Select  B Back"."""
    h = hint_height(app)
    y = app.height - h
    c.fill_rect(0, y, app.width, h, theme.PANEL)
    c.hline(0, y, app.width, theme.EDGE)
    font = app.small
    c.text(font, font.fit(text, app.width - 2 * PAD), PAD, y + 2, theme.DIM)


def panel(c, x, y, w, h, fill=theme.PANEL, edge=theme.EDGE):
    c.round_rect(x, y, w, h, fill)
    c.round_rect(x, y, w, h, edge, False)


def text_block(app, c, lines, x, y, color, font=None):
    """Draw pre-wrapped lines; returns the y below the last one."""
    font = font or app.small
    for line in lines:
        c.text(font, line, x, y, color)
        y += font.line_height
    return y
