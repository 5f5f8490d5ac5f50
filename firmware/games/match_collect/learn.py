# Match & Collect's guided first turn, "?" screen and card held to be seen whole (kit.learn
# asks; imported only then).

from core import input as btn
from core import strings
from games.match_collect import rules
from games.match_collect.view import card_name, face_of


def piles(table):
    _hy, _hh, _py, _ih, ch, cw, px = table._lay
    return px, 2, 2 * cw + 4, ch


def hand(table):
    hand_y, hand_h = table._lay[0], table._lay[1]
    return 0, hand_y, table.app.width, hand_h


def guide(table):
    st = table.session.state
    if st.is_over():
        return None
    if st.phase == rules.PH_DRAW:
        return strings.t("mc.g_draw"), piles(table)
    if table.picking or st.phase == rules.PH_CHOICE:
        return strings.t("mc.g_choice"), hand(table)
    if table.sel:
        if table.preview_ok:
            return strings.t("mc.g_lay"), hand(table)
        return strings.t("mc.g_more"), hand(table)
    return strings.t("mc.g_main"), hand(table)


def phase_help(table):
    st = table.session.state
    if st.phase == rules.PH_DRAW:
        key = "mc.help_draw"
    elif table.picking or st.phase == rules.PH_CHOICE:
        key = "mc.help_choice"
    else:
        key = "mc.help_main"
    return table.status(), strings.t(key) + "\n" + table.hint_text()


def holds(table):
    """A held shows the card under the cursor: the hand's cards overlap (up to 13 of them)."""
    return btn.A


def inspect_card(table):
    c = table.row.current() if table.row is not None else None
    if c is None:
        return None
    app = table.app

    def draw(canvas, x, y, w, h):
        from ui.cards import draw_card

        draw_card(app, canvas, x, y, w, h, face_of(c))

    return draw, card_name(c)
