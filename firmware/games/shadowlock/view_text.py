# Shadow Lock table texts: names, the announcements of what happened (second person for
# the player, third for an AI), the labels of the actions you may take, the status line.
# Functions of the table scene (games.shadowlock.view.Table), kept apart to keep view.py small.

from core import strings
from games.shadowlock import cards
from games.shadowlock.rules import (
    DECLINE,
    DOUBLE,
    DRAW,
    FLIP,
    JOKER,
    LOCK,
    P_FORCED,
    P_QUANTUM,
    P_SHADOW,
    P_SKIPPED,
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

# -- what you may do now --------------------------------------------------------------------
def menu_items(table):
    """[(action, label)] of the person's legal actions, in a stable order."""
    if not table.turns.human_to_move():
        return []
    s = table.state
    seat = s.current_player
    out = []
    best = -1
    if s.phase == P_VALIDATE:
        from games.shadowlock.objectives import best_plan

        for f, _p, box, j in best_plan(s.coll[seat], s.boxes[seat], s.val_jokers):
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
        return t("sl.a_decline")
    return s.action_str(a)

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
