# Memory's guided first turn, "?" screen and card held to be seen whole (kit.learn asks; this
# module is imported only then).

from core import input as btn
from core import strings
from games import deck88
from games.memory import rules


def grid(table):
    """The grid's rectangle on the screen."""
    return (table.grid_x, table.grid_y, table.cell_w * table.cols, table.cell_h * table.rows)


def cell(table, i):
    r, c = divmod(i, table.cols)
    return (table.grid_x + c * table.cell_w, table.grid_y + r * table.cell_h, table.cell_w,
            table.cell_h)


def guide(table):
    s = table.state
    ph = s.phase
    if ph == rules.FIRST:
        return strings.t("mem.g_first"), grid(table)
    if ph == rules.SECOND:
        return strings.t("mem.g_second") % strings.t("mem.mode%d" % s.mode), grid(table)
    if ph == rules.OFFER:
        return strings.t("mem.g_offer"), None
    if ph == rules.BONUS:
        loc = s.bonus_loc[s.current_player]
        return strings.t("mem.g_bonus") % deck88.LOCATION_NAMES[loc], grid(table)
    return None


def phase_help(table):
    s = table.state
    ph = s.phase
    if ph == rules.OFFER:
        key = "mem.help_offer"
    elif ph == rules.BONUS:
        key = "mem.help_bonus"
    else:
        key = "mem.help_turn"
    text = strings.t(key)
    if "%s" in text:
        text = text % strings.t("mem.mode%d" % s.mode)
    return strings.t("mem.help_title"), text + "\n" + table._keys()


def holds(table):
    """A held shows the card under the cursor where faces show a location's code, not its
    name (the 64-card board, the 240x135 screen)."""
    labels = table._face[2]
    for loc in range(len(labels)):
        if labels[loc] != deck88.LOCATION_NAMES[loc]:
            return btn.A
    return 0


def inspect_card(table):
    """The face-up card under the cursor (a face-down one shows nothing: it is not known)."""
    if table.demo:
        return None
    card = table.face_up(table.cursor)
    if card < 0:
        return None

    def draw(c, x, y, w, h):
        table._draw_face(c, x, y, w, h, card)

    from games.memory.view import card_name

    return draw, card_name(card)
