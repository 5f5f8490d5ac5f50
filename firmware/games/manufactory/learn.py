# Manufactory's guided first turn and "?" screen (kit.learn asks; imported only then). The
# part under the cursor is named in full under the belt: nothing to hold A for.

from core import strings
from games.manufactory import rules


def belt(table):
    (_top, _bottom, _lh, belt_y, card_w, card_h, xs, _dx, _iy, _ih, _ty, _small) = table.geo
    return xs[0], belt_y, xs[3] + card_w - xs[0], card_h


def guide(table):
    s = table.state
    if s.phase == rules.ACT and s.belt:
        key = "mf.g_back" if table.cursor >= rules.FREE else "mf.g_front"
        return strings.t(key), belt(table)
    if s.phase in (rules.P_DISCARD, rules.P_DECLARE):
        return strings.t("mf.g_choose"), None
    return None


def phase_help(table):
    s = table.state
    if s.phase != rules.ACT:
        return strings.t("mf.your_turn"), strings.t("mf.help_choose") + "\n" + \
            strings.t("mf.h_choose")
    # how to read the groups table too: the 240x135 table has no room for its legend
    return strings.t("mf.your_turn"), strings.t("mf.help_draft") + "\n" + \
        strings.t("mf.table_help") + "\n" + strings.t("mf.h_turn")
