"""Shared pieces of every screen: title bar, hint bar, panels (toasts: core.app).

Layout convention: a title bar at the top, a hint bar at the bottom telling what the buttons
do now, the content in between (`content_box`). Everything is drawn in theme indices.
"""

from micropython import const

from core import strings, theme

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


# The last hint bar: its text as given (the same str object each frame: a strings table's),
# the app's Input (its board), the line drawn, the battery level it showed and that level's
# text ("" when it had no room). A table draws the same hint frame after frame, and expanding
# it made ~20 new strings a draw (~0.2-1 ms each on the Pico).
_LAST = [None, None, None, None, ""]


def hint_bar(app, c, text):
    """The bottom line saying what the buttons do, e.g. "A Select  B Back"; button tokens
    such as {LR} are named for this board (see `hints`). On battery power, where the board
    can tell (docs/POWER.md), the level ("62%") at its right end when the hint leaves room
    for it (red when low)."""
    h = hint_height(app)
    y = app.height - h
    w = app.width
    c.fill_rect(0, y, w, h, theme.PANEL)
    c.hline(0, y, w, theme.EDGE)
    font = app.small
    last = _LAST
    pct = app._idle[8]          # core.power.step: the level read last (None: none to show)
    if last[0] is not text or last[1] is not app.input or last[3] != pct:
        last[2] = None
        line = font.fit(hints(app, text), w - 2 * PAD)
        level = "" if pct is None else str(pct) + "%"
        if level and font.width(line) + font.width(level) + 3 * PAD > w:
            level = ""          # the hint first: no room left for the level
        last[2] = line
        last[4] = level
        last[0] = text
        last[1] = app.input
        last[3] = pct
    c.text(font, last[2], PAD, y + 2, theme.DIM)
    level = last[4]
    if level and pct is not None:
        c.text(font, level, w - PAD - font.width(level), y + 2,
               theme.RED if pct <= 15 else theme.DIM)


# -- button names that fit the board ----------------------------------------------------------
# Tokens a hint text may hold (index order), the names per board and language, and the logical
# buttons each needs (core.input bits: UP 1, DOWN 2, LEFT 4, RIGHT 8, A 16, B 32, X 64, Y 128,
# MENU 256). Long strings split when needed: every short string constant or name would be
# interned at boot for good (MicroPython's qstr pool only grows; a new pool costs 7 KB).
NAMES = ("A B X Y UP DOWN LEFT RIGHT LR UD DPAD MENU",   # the tokens, then how to press them
          "A,B,X,Y,Up,Down,<,>,</>,Up/Down,Arrows,MENU",
          "A,B,X,Y,Haut,Bas,<,>,</>,Haut/Bas,Flèches,MENU",
          "A,B,X,Y,X,Y,B+X,B+Y,B+X/Y,X/Y,X/Y B+X/Y,Hold B",     # four buttons
          "A,B,X,Y,X,Y,B+X,B+Y,B+X/Y,X/Y,X/Y B+X/Y,B long",
          (16, 32, 64, 128, 1, 2, 4, 8, 12, 3, 15, 256))        # the buttons each needs


# The last six hint texts expanded: [(text, the app's Input, language, expanded), ...],
# newest last. A table asks for its hint every frame it draws, and expanding one (splits, a
# new string per token) cost ~10 ms a frame on the emulated RP2040 (Match 2-52's cursor move).
_HINTS = []
_HINTS_KEPT = const(6)


def hints(app, text):
    """A hint text with button tokens in braces, written once for every board, as this
    board presses them: "{LR} Change  A Next  B Back" is "</> Change  A Next  B Back" with
    a d-pad and "B+X/Y Change  A Next  B Back" on the Display Pack 2.0. Items are separated
    by two spaces; an item naming a button the board lacks ("{X} Hint" on the Pico-LCD-1.14)
    is left out. Tokens: {A} {B} {X} {Y} {UP} {DOWN} {LEFT} {RIGHT} {LR} (left/right) {UD}
    (up/down) {DPAD} (all four) {MENU}. Text without braces comes back unchanged; one
    token alone ("{LR}") gives its name, or "" when the board cannot press it."""
    # chr() and " " + " ": literals would be more strings interned for good at boot.
    if chr(123) not in text:
        return text
    inp = app.input
    lang = strings.lang()
    for e in _HINTS:
        if e[1] is inp and e[0] == text and e[2] == lang:
            return e[3]
    out = _expand(app, text)
    if len(_HINTS) >= _HINTS_KEPT:
        _HINTS.pop(0)
    _HINTS.append((text, inp, lang, out))
    return out


def _expand(app, text):
    o = chr(123)
    tokens = NAMES[0].split(" ")
    four = app.input.four_buttons
    have = 511 & ~(64 | 128) if four else getattr(app.platform.buttons, "available", 511)
    names = NAMES[(3 if four else 1) + (strings.lang() == "fr")].split(",")  # type: ignore
    needs = NAMES[5]
    out = []
    sep = " " + " "
    for item in text.split(sep):
        start = item.find(o)
        while start >= 0:
            end = item.find(chr(125), start)
            if end < 0:
                break
            token = item[start + 1:end]
            i = tokens.index(token) if token in tokens else -1
            if i < 0 or have & needs[i] != needs[i]:  # type: ignore
                item = ""
                break
            name = names[i]
            item = item[:start] + name + item[end + 1:]
            start = item.find(o, start + len(name))
        if item:
            out.append(item)
    return sep.join(out)


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


def button_name(app, name):
    """How to press `name` ("A", "X", "LR", "UD", "MENU"... see `hints`) on this board, in
    the current language; None when the board cannot: no X or Y on the Pico-LCD-1.14, nor on
    the Display Pack 2.0 (its X and Y are UP and DOWN, B with them LEFT and RIGHT, B held
    MENU). The board's buttons: `platform.buttons.available` (all when it does not say)."""
    tokens = NAMES[0].split(" ")
    if name not in tokens:
        return None
    i = tokens.index(name)
    need = NAMES[5][i]
    four = app.input.four_buttons
    have = 511 & ~(64 | 128) if four else getattr(app.platform.buttons, "available", 511)
    if have & need != need:  # type: ignore
        return None
    # Display Pack 2.0: X up, Y down, B+X left, B+Y right, B held = MENU.
    row = (3 if four else 1) + (strings.lang() == "fr")
    return NAMES[row].split(",")[i]  # type: ignore
