# Shadow Lock table texts: names, the announcements of what happened (second person for
# the player, third for an AI), the status line. Functions of the table scene
# (games.shadowlock.view.Table), kept apart to keep view.py small; the labels of what you may
# do now are in view_menu.py (loaded only on your turn).

import time

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


def named(key, name):
    """strings.t(key) % name, from the key's "_v" form before a name that starts with a
    vowel: French elides ("Tour d'Est", not "Tour de Est"); English has the same text in
    both."""
    if name and name[0] in "AEIOUYÉ":
        key += "_v"
    return strings.t(key) % name


# -- the table's texts -------------------------------------------------------------------------
# Every action adds at least one line to the game's History (kit.turns): a message for what
# the person must notice (a STOP, an AI's action card, your turn skipped or doubled, your
# Flip look), a History line alone (turns.record) for the small steps the table shows anyway
# (a draw, a stop, a lock, a validation). The last LOG_LINES lines are also on the table.


def announce(table, seat, events):
    me = table.me()
    out = []                              # (text, a message or only a History line)
    summary = None
    over = False
    for ev in events:
        k = ev[0]
        who = ev[1] if len(ev) > 1 and k not in _NO_SEAT else seat
        you = who == me
        sfx = "_you" if you else ""
        nm = table.name(who) if 0 <= who < table.state.num_players else ""
        text = None
        loud = False                      # a message, not only a History line
        if k == "draw":
            text = strings.t("sl.ev_draw" + sfx) % ((card_name(ev[3]),) if you else
                                                     (nm, card_name(ev[3])))
            table.flash = ev[3]
            table.flash_until = time.ticks_add(table.app.platform.ticks_ms(), FLASH_MS)
        elif k == "bust":
            why = strings.t("sl.why_" + ev[2])
            text = strings.t("sl.ev_bust" + sfx) % ((why, ev[3]) if you else
                                                     (why, nm, ev[3]))
            loud = True
        elif k == "play":
            act = ev[2]
            an = action_name(act)
            if act in (1, 2, 4):          # Double, Skip, Swipe have a target
                tn = table.target_name(ev[3]) if ev[3] != who else \
                    strings.t("sl.yourself" if you else "sl.itself")
                text = strings.t("sl.ev_play_on" + sfx) % ((an, tn) if you else
                                                            (nm, an, tn))
            else:
                text = strings.t("sl.ev_play" + sfx) % ((an,) if you else (nm, an))
            loud = not you
        elif k in ("stop", "pass", "shadow_discard", "skipped", "doubled"):
            key = {"stop": "sl.ev_stop", "pass": "sl.ev_pass", "shadow_discard": "sl.ev_shd",
                   "skipped": "sl.ev_skipped", "doubled": "sl.ev_doubled"}[k]
            text = strings.t(key + sfx) if you else named(key, nm) if k == "skipped" else \
                strings.t(key) % nm
            loud = you and k in ("skipped", "doubled")
        elif k == "shadow_keep" and not ev[2]:
            # a Shadow kept in place of an empty pile: nothing lost to say
            text = strings.t("sl.ev_shk0_you") if you else strings.t("sl.ev_shk0") % nm
        elif k in ("lock", "shadow_keep", "lost"):
            key = {"lock": "sl.ev_lock", "shadow_keep": "sl.ev_shk", "lost": "sl.ev_lost"}[k]
            text = strings.t(key + sfx) % ((ev[2],) if you else (nm, ev[2]))
            loud = k == "lost" and you
            if k == "lost":
                table.round_note(who, strings.t("sl.note_lost") % ev[2])
        elif k == "reveal":
            text = strings.t("sl.ev_reveal") % ", ".join([card_name(c) for c in ev[3]])
        elif k == "quantum_keep":
            if ev[2] < 0:
                text = strings.t("sl.ev_keep_none" + sfx) if you else \
                    strings.t("sl.ev_keep_none") % nm
            else:
                text = strings.t("sl.ev_keep" + sfx) % (
                    (card_name(ev[2]),) if you else (nm, card_name(ev[2])))
        elif k == "validate":
            text = strings.t("sl.ev_validate" + sfx) % (
                (box_name(ev[2]), ev[3]) if you else (nm, box_name(ev[2]), ev[3]))
            table.round_note(who, "%s %d" % (box_name(ev[2]), ev[3]))
        elif k == "decline":
            fam = strings.t("sl.families").split(",")[ev[2]]
            text = strings.t("sl.ev_decline" + sfx) % ((fam,) if you else (nm, fam))
        elif k == "round_end":
            text = strings.t("sl.ev_round_end") % ev[1]
        elif k == "round_scored":
            summary = ev
        elif k == "new_round":
            text = strings.t("sl.ev_new_round") % ev[1]
        elif k == "no_cards":
            text = strings.t("sl.ev_no_cards")
        elif k == "over":
            over = True
        if text is not None:
            out.append((text, loud))
        if k == "play" and ev[2] == 3 and you:
            # your Flip look: private, and the reason you played it
            look = table.state.look[who]
            out.append((strings.t("sl.you_look") % (
                card_name(look[0]) if look[0] >= 0 else "-",
                card_name(look[1]) if look[1] >= 0 else "-"), True))
        if k == "round_scored":
            # the scores of the round, in the History too (the summary screen goes)
            out.append((strings.t("sl.round_title") % ev[1], False))
            for i in range(table.state.num_players):
                out.append((round_line(table, i, ev[2][i]), False))
    if over:
        out.append((strings.t("game_over") + ": " + headline(table.state, me, table.name),
                    False))
    # With the round summary on screen (Watch AI play's too), no message about the round
    # waits behind it to be read in the next round: the summary says it, the History keeps it.
    quiet = summary is not None
    log = table.log
    for text, loud in out:
        log.append(text)
        if loud and not quiet:
            table.app.toast(text)        # a message, and a History line (App.toast)
        else:
            table.turns.record(text)
    del log[:-LOG_LINES]
    if summary is not None:
        table.round_over(summary[1], summary[2])


def round_line(table, seat, points):
    s = table.state
    return strings.t("sl.round_line") % (table.name(seat), points, s.totals[seat],
                                         s.box_count(seat))


def headline(state, me, name):
    """Who won: "You win!" / "Draw" / "You lose" for the person, "East wins" in a demo."""
    r = state.returns()
    if me >= 0:
        return strings.t("you_win" if r[me] == 1.0 else
                         ("draw" if r[me] == 0.5 else "you_lose"))
    return strings.t("sl.wins") % " & ".join([name(i) for i in range(len(r)) if r[i] > 0])


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
        return named("sl.turn_of", table.name(s.current_player))
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
