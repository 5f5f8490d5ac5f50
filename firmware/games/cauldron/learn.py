# Cauldron's guided first turn, "?" screen and card held to be seen whole (kit.learn asks;
# imported only then).

from core import input as btn
from core import strings, theme
from games.cauldron import rules
from games.cauldron.board import EMPTY, LINE_CELLS
from games.cauldron.names import card_code, card_name, names
from games.cauldron.view import ICON_NAMES, stripe_colour


def line_box(table, line):
    """The rectangle around the six places of a line."""
    _bx, _by, cw, ch, _l, _sx, _t, _b = table.geo
    xs = []
    ys = []
    for g in LINE_CELLS[line]:
        x, y = table.cell_xy(g)
        xs.append(x)
        ys.append(y)
    x0 = min(xs)
    y0 = min(ys)
    return x0, y0, max(xs) + cw - x0 - 1, max(ys) + ch - y0 - 1


def guide(table):
    s = table.state
    ph = s.phase
    if ph == rules.CORNER_P:
        return strings.t("cd.g_corner"), None
    if ph == rules.P_KEEP:
        return strings.t("cd.g_keep"), None
    if ph not in (rules.ACT, rules.DECL_TAKE):
        return None
    if not table.targets():
        return strings.t("cd.g_pass"), None
    place = line_box(table, s.line) if s.line >= 0 else None
    return strings.t("cd.g_take"), place


def phase_help(table):
    s = table.state
    ph = s.phase
    key = {rules.CORNER_P: "cd.help_corner", rules.P_KEEP: "cd.help_keep",
           rules.DECL_TAKE: "cd.help_decl"}.get(ph, "cd.help_take")
    return strings.t("cd.help_title"), strings.t(key) + "\n" + table.hint_text()


def holds(table):
    """A held shows the card under the cursor where the places are small (240x135: an 8 px
    picture, or a code, and the value)."""
    app = table.app
    ch = table.geo[3]
    return btn.A if ch - 1 < 14 + app.large.line_height else 0


def full_name(card):
    """'Amberseed 3, Yellow' (its colour: what its stripe and letter say in short)."""
    name = card_name(card)
    if card < 72:
        name += ", " + names("cd.colours")[card >> 3]
    return name


def inspect_card(table):
    """The card the cursor is on among those you may take (none elsewhere)."""
    tg = table.targets()
    if not tg:
        return None
    card = table.state.grid[table.target_cell(tg[table.ci % len(tg)])]
    if card == EMPTY or card >= 84:
        return None
    app = table.app

    def draw(c, x, y, w, h):
        c.round_rect(x, y, w, h, theme.CARD)
        c.fill_rect(x + 2, y + 4, 6, h - 8, stripe_colour(card))
        code, val = card_code(card)
        ink = theme.INK
        if 74 <= card < 84:
            ink = theme.BLUE if card < 78 else theme.RED
        large = app.large
        icons = table.icons
        if card < 72 and icons is not None:
            iw, ih = icons.size(ICON_NAMES[card >> 2])
            c.icon(icons, ICON_NAMES[card >> 2], x + (w - iw) // 2, y + 10, ink)
        c.text(large, code, x + (w - large.width(code)) // 2,
               y + h // 2 - large.line_height // 2, ink)
        if val:
            c.text(large, val, x + w - large.width(val) - 8, y + h - large.line_height - 6,
                   ink)

    return draw, full_name(card)
