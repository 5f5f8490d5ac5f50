# Match 2-52's guided first turn and "?" screen (kit.learn asks; imported only then). Its
# cards are whole on every screen: nothing to hold A for.

from core import strings
from games.match252 import rules
from games.match252.view import M_CHOICE, M_TARGET, card_name


def grid(table):
    gx, gy, cell_w, cell_h = table.geo[0], table.geo[1], table.geo[2], table.geo[3]
    return gx, gy, 4 * cell_w, 4 * cell_h


def cell(table, slot):
    gx, gy, cell_w, cell_h = table.geo[0], table.geo[1], table.geo[2], table.geo[3]
    return gx + (slot & 3) * cell_w, gy + (slot >> 2) * cell_h, cell_w, cell_h


def guide(table):
    s = table.state
    if table.mode == M_TARGET:
        return strings.t("m252.g_target") % card_name(s.grid[table.src]), grid(table)
    if table.mode == M_CHOICE:
        return strings.t("m252.g_choice"), grid(table)
    if s.phase != rules.ACT:
        return None
    slot = table.cursor
    if s.grid[slot] != rules.EMPTY and s.up[slot]:
        return strings.t("m252.g_faceup"), cell(table, slot)
    return strings.t("m252.g_reveal"), grid(table)


def phase_help(table):
    if table.mode == M_TARGET:
        key = "m252.help_target"
    elif table.mode == M_CHOICE:
        key = "m252.help_special"
    else:
        key = "m252.help_turn"
    return table.status_text(), strings.t(key) + "\n" + table.hint_text()
