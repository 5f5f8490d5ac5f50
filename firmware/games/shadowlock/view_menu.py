# Shadow Lock table, what the person may do now: the labels of their legal actions (the list
# at the bottom of the table) and the odds a pile stops them ("Show odds"). Imported only when
# the person is to move or the odds are shown, so an all-AI game never loads it.

from core import strings
from games.shadowlock import cards
from games.shadowlock.rules import (
    DECLINE,
    DOUBLE,
    DRAW,
    FLIP,
    JOKER,
    LOCK,
    P_VALIDATE,
    PASS,
    QKEEP,
    QNONE,
    QUANTUM,
    SH_DISCARD,
    SH_KEEP,
    SKIP,
    STOP,
    SWIPE,
    VALIDATE,
)
from games.shadowlock.view_text import box_name, card_name


def stop_chance(state, seat, p):
    """The chance (0..1) that the next card of pile p stops `seat`'s turn (a Shadow, or a
    number repeating the last value / making three of a colour), from what the seat saw."""
    pile = state.piles[p]
    if not pile:
        return 0.0
    look = state.look[seat][p]
    cands = [look] if look >= 0 else state.unseen(seat)
    if look < 0:
        other = state.look[seat][1 - p]
        if other >= 0 and other in cands:
            cands.remove(other)
    if not cands:
        return 0.0
    nums = state.nums if state.current_player == seat else []
    last = nums[-1] if nums else -1
    two = len(nums) >= 2 and cards.COLOUR[nums[-2]] == cards.COLOUR[last]
    bad = 0
    for c in cands:
        k = cards.KIND[c]
        if k == 2:
            bad += 1
        elif k == 0 and last >= 0 and (cards.VALUE[c] == cards.VALUE[last] or
                                       (two and cards.COLOUR[c] == cards.COLOUR[last])):
            bad += 1
    return bad / len(cands)


def menu_items(table):
    """[(action, label)] of the person's legal actions, in a stable order."""
    s = table.state
    seat = s.current_player
    out = []
    best = -1
    if s.phase == P_VALIDATE:
        from games.shadowlock.objectives import best_plan

        # Nothing planned for this family (its only options spend a joker that gains more
        # in a family still to come): declining is the best choice.
        best = (DECLINE << 8) | s.val_family
        for f, _p, box, j in best_plan(s.coll[seat], s.boxes[seat], s.val_jokers,
                                       s.val_family):
            if f == s.val_family:
                best = (VALIDATE << 8) | (box * 2 + j)
    for a in s.legal_actions():
        out.append((a, table.label(a, a == best)))
    return out


def label(table, a, best=False):
    s = table.state
    k = a >> 8
    arg = a & 0xFF
    t = strings.t
    if k == DRAW:
        pile = "AB"[arg]
        if table.odds:
            return t("sl.a_draw_odds") % (pile, int(100 * stop_chance(s, s.current_player,
                                                                      arg) + 0.5))
        return t("sl.a_draw") % pile
    if k == LOCK:
        return t("sl.a_lock") % len(s.coll[s.current_player])
    if k == STOP:
        return t("sl.a_stop")
    if k == FLIP:
        return t("sl.a_flip")
    if k in (DOUBLE, SKIP, SWIPE):
        key = {DOUBLE: "sl.a_double", SKIP: "sl.a_skip", SWIPE: "sl.a_swipe"}[k]
        who = t("sl.yourself") if arg == s.current_player else table.name(arg)
        return t(key) % who
    if k == QUANTUM:
        return t("sl.a_quantum") % "AB"[arg]
    if k == JOKER:
        return t("sl.a_joker")
    if k == SH_DISCARD:
        return t("sl.a_sh_discard")
    if k == SH_KEEP:
        return t("sl.a_sh_keep")
    if k == QKEEP:
        return t("sl.a_keep") % card_name(arg)
    if k == QNONE:
        return t("sl.a_none")
    if k == PASS:
        return t("sl.a_pass")
    if k == VALIDATE:
        pts = 0
        from games.shadowlock.objectives import family_options

        for p, box, j in family_options(s.val_family, s.coll[s.current_player],
                                        s.boxes[s.current_player], s.val_jokers):
            if box * 2 + j == arg:
                pts = p
        text = t("sl.a_validate") % (box_name(arg >> 1), pts)
        if arg & 1:
            text += t("sl.a_joker_used")
        return text + (t("sl.a_best") if best else "")
    if k == DECLINE:
        return t("sl.a_decline") + (t("sl.a_best") if best else "")
    return s.action_str(a)
