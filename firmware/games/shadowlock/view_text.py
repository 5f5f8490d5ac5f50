# Shadow Lock table texts: names, the announcements of what happened (second person for
# the player, third for an AI), the status line. Functions of the table scene
# (games.shadowlock.view.Table), kept apart to keep view.py small; the labels of what you may
# do now are in view_menu.py (loaded only on your turn).

from core import strings
from games.shadowlock import cards
from games.shadowlock.rules import (
    P_FORCED,
    P_QUANTUM,
    P_SHADOW,
    P_SKIPPED,
    P_VALIDATE,
)

FLASH_MS = 650
LOG_LINES = 2
_NO_SEAT = ("round_end", "round_scored", "new_round", "over")

# -- names -------------------------------------------------------------------------------------


def seat_name(state, seat, me):
    if seat == me:
        return strings.t("sl.you")
    names = strings.t("sl.seats").split(",")
    n = state.num_players
    idx = (0, 2) if n == 2 else ((0, 1, 3) if n == 3 else (0, 1, 2, 3))
    return names[idx[seat]]


def card_name(c):
    k = cards.KIND[c]
    if k == 0:
        return "%d %s" % (cards.VALUE[c], strings.t("sl.colours").split(",")[cards.COLOUR[c]])
    if k == 1:
        return strings.t("sl.rainbow")
    if k == 2:
        return strings.t("sl.shadow")
    return action_name(cards.ACTION[c])


def action_name(a):
    return strings.t("sl.actions").split(",")[a]


def box_name(b):
    return strings.t("sl.boxes").split(",")[b]


# -- the table's texts -------------------------------------------------------------------------


def announce(table, seat, events):
    me = table.me()
    lines = []
    toast = []
    summary = None
    for ev in events:
        k = ev[0]
        who = ev[1] if len(ev) > 1 and k not in _NO_SEAT else seat
        you = who == me
        sfx = "_you" if you else ""
        nm = table.name(who) if 0 <= who < table.state.num_players else ""
        if k == "draw":
            text = strings.t("sl.ev_draw" + sfx) % ((card_name(ev[3]),) if you else
                                                     (nm, card_name(ev[3])))
            lines.append(text)
            table.flash = ev[3]
            table.flash_until = table.app.platform.ticks_ms() + FLASH_MS
        elif k == "bust":
            why = strings.t("sl.why_" + ev[2])
            text = strings.t("sl.ev_bust" + sfx) % ((why, ev[3]) if you else
                                                     (why, nm, ev[3]))
            lines.append(text)
            toast.append(text)
        elif k == "play":
            act = ev[2]
            an = action_name(act)
            if act in (1, 2, 4):          # Double, Skip, Swipe have a target
                tn = table.target_name(ev[3]) if ev[3] != who else strings.t("sl.yourself")
                text = strings.t("sl.ev_play_on" + sfx) % ((an, tn) if you else
                                                            (nm, an, tn))
            else:
                text = strings.t("sl.ev_play" + sfx) % ((an,) if you else (nm, an))
            lines.append(text)
            if not you:
                toast.append(text)
            if act == 3 and you:
                look = table.state.look[who]
                toast.append(strings.t("sl.you_look") % (
                    card_name(look[0]) if look[0] >= 0 else "-",
                    card_name(look[1]) if look[1] >= 0 else "-"))
        elif k in ("stop", "pass", "shadow_discard", "skipped", "doubled"):
            key = {"stop": "sl.ev_stop", "pass": "sl.ev_pass", "shadow_discard": "sl.ev_shd",
                   "skipped": "sl.ev_skipped", "doubled": "sl.ev_doubled"}[k]
            lines.append(strings.t(key + sfx) if you else strings.t(key) % nm)
        elif k in ("lock", "shadow_keep", "lost"):
            key = {"lock": "sl.ev_lock", "shadow_keep": "sl.ev_shk", "lost": "sl.ev_lost"}[k]
            lines.append(strings.t(key + sfx) % ((ev[2],) if you else (nm, ev[2])))
        elif k == "reveal":
            lines.append(strings.t("sl.ev_reveal") % ", ".join([card_name(c)
                                                                 for c in ev[3]]))
        elif k == "quantum_keep":
            if ev[2] < 0:
                lines.append(strings.t("sl.ev_keep_none" + sfx) if you else
                             strings.t("sl.ev_keep_none") % nm)
            else:
                lines.append(strings.t("sl.ev_keep" + sfx) % (
                    (card_name(ev[2]),) if you else (nm, card_name(ev[2]))))
        elif k == "validate":
            lines.append(strings.t("sl.ev_validate" + sfx) % (
                (box_name(ev[2]), ev[3]) if you else (nm, box_name(ev[2]), ev[3])))
        elif k == "round_scored":
            summary = ev[1]
        elif k == "new_round":
            lines.append(strings.t("sl.ev_new_round") % ev[1])
        elif k == "no_cards":
            lines.append(strings.t("sl.ev_no_cards"))
    for line in lines:
        table.log.append(line)
    del table.log[:-LOG_LINES]
    for t in toast:
        table.app.toast(t)
    if summary is not None and not table.demo:
        from games.shadowlock import screens

        screens.round_summary(table, summary)

def status_text(table):
    s = table.state
    t = strings.t
    if s.is_over():
        return t("game_over")
    if table.turns.thinking:
        return table.name(s.current_player) + ": " + t("thinking")
    if not table.turns.human_to_move():
        if s.phase == P_VALIDATE:
            return t("sl.validating") % table.name(s.current_player)
        return t("sl.turn_of") % table.name(s.current_player)
    ph = s.phase
    if ph == P_VALIDATE:
        fam = strings.t("sl.families").split(",")[s.val_family]
        return t("sl.your_validate") % (s.round_no, fam)
    if ph == P_SHADOW:
        return t("sl.your_shadow")
    if ph == P_QUANTUM:
        return t("sl.your_quantum")
    if ph == P_SKIPPED:
        return t("sl.your_skipped")
    if ph == P_FORCED:
        return t("sl.your_forced")
    if s.owed:
        return t("sl.your_owed") % s.owed
    if s.drawn or s.played:
        return t("sl.your_draw")
    return t("sl.your_turn")
