# Shadow Lock screens: the setup (kit.setup, declared as data), the table and the turn driver
# (kit.turns). The round summary, the players' piles and scorecards and the final scorecards
# are in games.shadowlock.screens, imported only when one opens.
#
# The table, top to bottom: a status line (what to do now, round and turn); both piles with
# their sizes (the tops you saw with a Flip face up; with "Show odds", the chance that the
# next card from each pile stops you); the card just drawn, face up for a moment; your pile,
# this turn's cards set apart after a bar so the value and colour runs that would stop you
# are seen at a glance; your reserve (playable actions lit); your scorecard; one line per
# opponent (pile size, locked, reserve, boxes, points); the last announcements; and, on your
# turn, the list of what you may do now (Up/Down, A). MENU: the piles and scorecards of
# every player, Show odds, How to play, Quit (the game stays saved).

from micropython import const

from core import input as btn
from core import strings, theme
from core.app import Scene
from games.shadowlock import cards, rules
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
from kit import setup, turns
from ui import widgets

GAME_ID = "shadowlock"
COLOURS = (theme.RED, theme.BLUE, theme.YELLOW, theme.GREEN)
FLASH_MS = const(650)
LOG_LINES = const(2)
_NO_SEAT = ("round_end", "round_scored", "new_round", "over")


def _load_ai():
    from games.shadowlock import ai

    return ai


class Spec(setup.Spec):
    game_id = GAME_ID
    options = (
        ("mode", "sl.mode", ("classic", "discovery"), ("sl.classic", "sl.discovery"),
         "classic"),
        ("odds", "sl.odds", (False, True), ("sl.off", "sl.on"), False),
    )
    demo_seats = ("normal", "hard")

    def rules_module(self):
        return rules

    def table(self, app, session, demo):
        return Table(session, demo)


def entry_scene(app, entry):
    return setup.entry_scene(app, entry, Spec())


def demo_scene(app, entry, seed):
    return setup.demo_scene(app, entry, Spec(), seed)


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


# -- the table ---------------------------------------------------------------------------------


class Table(Scene):
    def __init__(self, session, demo=False):
        super().__init__()
        self.session = session
        self.state = session.state
        self.demo = demo
        self.turns = turns.Turns(self, session, _load_ai, demo)
        self.cursor = 0
        self.menu_for = -1          # the action count the cursor was placed for
        self.flash = -1             # the card just drawn, shown face up for a moment
        self.flash_until = 0
        self.log = []
        self.result_shown = False
        self.odds = bool(session.options.get("odds", False))

    def me(self):
        if self.demo:
            return -1
        seats = self.session.seats
        for i in range(len(seats)):
            if seats[i] == "human":
                return i
        return -1

    def name(self, seat):
        return seat_name(self.state, seat, self.me())

    def viewer(self):
        """The seat whose pile is shown as "yours": the person, or seat 0 in a demo."""
        me = self.me()
        return me if me >= 0 else 0

    # -- acting -----------------------------------------------------------------------------
    def act(self, action):
        s = self.state
        seat = s.current_player
        try:
            self.turns.act(action)
        except ValueError as exc:
            self.app.toast(str(exc))
            return
        self.announce(seat, s.events)
        self.menu_for = -1
        self.invalidate()

    def play(self, action):
        self.act(action)

    def target_name(self, t):
        if t == self.me():
            return strings.t("sl.you_lc")
        return self.name(t)

    def announce(self, seat, events):
        me = self.me()
        lines = []
        toast = []
        summary = None
        for ev in events:
            k = ev[0]
            who = ev[1] if len(ev) > 1 and k not in _NO_SEAT else seat
            you = who == me
            sfx = "_you" if you else ""
            nm = self.name(who) if 0 <= who < self.state.num_players else ""
            if k == "draw":
                text = strings.t("sl.ev_draw" + sfx) % ((card_name(ev[3]),) if you else
                                                         (nm, card_name(ev[3])))
                lines.append(text)
                self.flash = ev[3]
                self.flash_until = self.app.platform.ticks_ms() + FLASH_MS
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
                    tn = self.target_name(ev[3]) if ev[3] != who else strings.t("sl.yourself")
                    text = strings.t("sl.ev_play_on" + sfx) % ((an, tn) if you else
                                                                (nm, an, tn))
                else:
                    text = strings.t("sl.ev_play" + sfx) % ((an,) if you else (nm, an))
                lines.append(text)
                if not you:
                    toast.append(text)
                if act == 3 and you:
                    look = self.state.look[who]
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
            self.log.append(line)
        del self.log[:-LOG_LINES]
        for t in toast:
            self.app.toast(t)
        if summary is not None and not self.demo:
            from games.shadowlock import screens

            screens.round_summary(self, summary)

    # -- what you may do now --------------------------------------------------------------------
    def menu_items(self):
        """[(action, label)] of the person's legal actions, in a stable order."""
        if not self.turns.human_to_move():
            return []
        s = self.state
        seat = s.current_player
        out = []
        best = -1
        if s.phase == P_VALIDATE:
            from games.shadowlock.objectives import best_plan

            for f, _p, box, j in best_plan(s.coll[seat], s.boxes[seat], s.val_jokers):
                if f == s.val_family:
                    best = (VALIDATE << 8) | (box * 2 + j)
        for a in s.legal_actions():
            out.append((a, self.label(a, a == best)))
        return out

    def label(self, a, best=False):
        s = self.state
        k = a >> 8
        arg = a & 0xFF
        t = strings.t
        if k == DRAW:
            pile = "AB"[arg]
            if self.odds:
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
            who = t("sl.yourself") if arg == s.current_player else self.name(arg)
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

    def place_cursor(self, items):
        """On a new decision: the proposed choice at validation, else the first item."""
        if self.menu_for == len(self.session.actions):
            return
        self.menu_for = len(self.session.actions)
        self.cursor = 0
        for i in range(len(items)):
            if items[i][1].endswith(strings.t("sl.a_best")):
                self.cursor = i

    # -- buttons ----------------------------------------------------------------------------
    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if b == btn.MENU and kind == btn.PRESS:
            self.open_menu()
            return
        if self.demo:
            if b == btn.B and kind == btn.PRESS:
                self.app.pop()
            return
        items = self.menu_items()
        if not items:
            return
        self.place_cursor(items)
        if b in (btn.UP, btn.LEFT, btn.X):
            self.cursor = (self.cursor - 1) % len(items)
            self.request_draw()
        elif b in (btn.DOWN, btn.RIGHT, btn.Y):
            self.cursor = (self.cursor + 1) % len(items)
            self.request_draw()
        elif kind == btn.PRESS and b == btn.A:
            self.act(items[self.cursor % len(items)][0])

    def open_menu(self):
        from ui.dialog import Dialog

        t = strings.t
        labels = [t("resume"), t("sl.browse"),
                  t("sl.odds_row") % t("sl.on" if self.odds else "sl.off"),
                  t("how_to_play"), t("quit_game")]

        def done(ch):
            if ch == 1:
                from games.shadowlock import screens

                screens.browse(self)
            elif ch == 2:
                self.odds = not self.odds
                self.invalidate()
            elif ch == 3:
                from kit import lang
                from ui.textview import TextView

                self.app.push(TextView(t("how_to_play"), lang.rules_text("games.shadowlock")))
            elif ch == 4:
                self.app.pop()

        self.app.push(Dialog(t("sl.pause"), labels, done))

    # -- time -------------------------------------------------------------------------------
    def tick(self, now):
        if self.flash >= 0:
            if now - self.flash_until < 0 and self.app.top is self:
                return                       # the drawn card stays face up a moment
            self.flash = -1
            self.invalidate()
        what = self.turns.tick(now)
        if what != turns.OVER:
            return
        if self.demo:
            self.turns.end_demo(now)
        elif not self.result_shown and self.app.top is self and not self.app.toasts_pending():
            self.result_shown = True
            self.session.clear_save()
            from games.shadowlock import screens

            self.app.replace(screens.Result(self.session, self.me()))

    # -- drawing ----------------------------------------------------------------------------
    def status_text(self):
        s = self.state
        t = strings.t
        if s.is_over():
            return t("game_over")
        if self.turns.thinking:
            return self.name(s.current_player) + ": " + t("thinking")
        if not self.turns.human_to_move():
            if s.phase == P_VALIDATE:
                return t("sl.validating") % self.name(s.current_player)
            return t("sl.turn_of") % self.name(s.current_player)
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

    def hint_text(self):
        if self.demo:
            return strings.t("sl.h_demo")
        return strings.t("sl.h_act" if self.turns.human_to_move() else "sl.h_wait")

    def draw(self, c, full):
        app = self.app
        s = self.state
        font = app.small
        lh = font.line_height
        w = app.width
        c.clear(theme.BG)
        # status line
        top = lh + 4
        c.fill_rect(0, 0, w, top, theme.PANEL)
        c.hline(0, top - 1, w, theme.EDGE)
        right = strings.t("sl.round") % (s.round_no, s.rounds)
        rw = font.width(right)
        c.text(font, right, w - rw - 4, 2, theme.DIM)
        c.text(font, font.fit(self.status_text(), w - rw - 12), 4, 2, theme.ACCENT)
        widgets.hint_bar(app, c, self.hint_text())
        bottom = app.height - widgets.hint_height(app)
        y = top + 2
        y = self.draw_piles(c, y)
        me = self.viewer()
        y = self.draw_pile_of(c, me, 4, y, w - 8, 2 if app.height < 200 else 3)
        y = self.draw_reserve(c, me, y)
        items = self.menu_items()
        row = lh + 2
        need_menu = min(len(items), 4) * row
        # opponents as room allows above the menu, then the menu, then the last news
        for seat in range(s.num_players):
            if seat == me:
                continue
            if y + lh > bottom - need_menu:
                break
            c.text(font, font.fit(self.opponent_line(seat), w - 8), 4, y,
                   theme.ACCENT if seat == s.current_player else theme.FG)
            y += lh
        if items:
            self.place_cursor(items)
            rows = (bottom - y - 1) // row
            if rows > len(items):
                rows = len(items)
            self.draw_menu(c, items, y + 1, y + 1 + rows * row)
            y += 2 + rows * row
        for line in self.log:
            if y + lh > bottom:
                break
            c.text(font, font.fit(line, w - 8), 4, y, theme.DIM)
            y += lh

    def draw_piles(self, c, y):
        app = self.app
        s = self.state
        font = app.small
        lh = font.line_height
        ch = lh + 6
        cw = font.width("12") + 6
        x = 4
        me = self.viewer()
        for p in range(2):
            look = s.look[me][p] if not self.demo or me == 0 else -1
            if not s.piles[p]:
                c.round_rect(x, y, cw, ch, theme.EDGE, False)
            elif look >= 0:
                self.chip(c, look, x, y, cw, ch)
            else:
                c.round_rect(x, y, cw, ch, theme.BACK)
                c.round_rect(x, y, cw, ch, theme.EDGE, False)
            text = strings.t("sl.pile") % ("AB"[p], len(s.piles[p]))
            if self.odds and s.piles[p]:
                text += " " + strings.t("sl.odds_pct") % int(100 * stop_chance(s, me, p) + 0.5)
            c.text(font, text, x + cw + 3, y + (ch - lh) // 2, theme.FG)
            x += cw + 6 + font.width(text) + 8
        if self.flash >= 0:
            # the card just drawn, face up at the right
            fw = cw + 8
            fx = app.width - fw - 4
            self.chip(c, self.flash, fx, y - 1, fw, ch + 2, theme.ACCENT)
        return y + ch + 3

    def chip(self, c, card, x, y, w, h, frame=-1):
        """A small card: its value in its colour, R for a Rainbow, S for a Shadow."""
        font = self.app.small
        k = cards.KIND[card]
        if k == 0:
            label = str(cards.VALUE[card])
            fill = theme.CARD
            ink = COLOURS[cards.COLOUR[card]]
        elif k == 1:
            label = "*"
            fill = theme.ACCENT
            ink = theme.BG
        elif k == 2:
            label = "S"
            fill = theme.INK
            ink = theme.CARD
        else:
            label = action_name(cards.ACTION[card])[:2]
            fill = theme.PANEL
            ink = theme.FG
        c.round_rect(x, y, w, h, fill)
        c.round_rect(x, y, w, h, frame if frame >= 0 else theme.EDGE, False)
        c.text(font, label, x + (w - font.width(label)) // 2, y + (h - font.line_height) // 2,
               ink)

    def draw_pile_of(self, c, seat, x, y, w, max_rows):
        """A pile as chips; this turn's cards after a bar in ACCENT frames."""
        s = self.state
        font = self.app.small
        lh = font.line_height
        pile = s.coll[seat]
        label = strings.t("sl.your_pile") if seat == self.me() else \
            strings.t("sl.pile_of") % self.name(seat)
        if s.locked[seat]:
            label += " (" + strings.t("sl.locked") + ")"
        c.text(font, font.fit(label + " " + strings.t("sl.cards_n") % len(pile), w), x, y,
               theme.DIM)
        y += lh + 1
        cw = font.width("12") + 4
        ch = lh + 3
        start = s.start if seat == s.current_player and s.phase != P_VALIDATE else len(pile)
        if start > len(pile):
            start = len(pile)
        earlier = sorted(pile[:start], key=_order)
        now = pile[start:]
        per_row = (w + 2) // (cw + 2)
        n = len(earlier) + len(now) + (1 if now else 0)
        rows = (n + per_row - 1) // per_row if n else 1
        if rows > max_rows:
            # too many to show whole: overlap them to fit the rows we have
            per_row = (n + max_rows - 1) // max_rows
            rows = max_rows
        step = (w - cw) // (per_row - 1) if per_row > 1 else cw
        if step > cw + 2:
            step = cw + 2
        i = 0
        for card in earlier:
            self.chip(c, card, x + (i % per_row) * step, y + (i // per_row) * (ch + 1), cw, ch)
            i += 1
        if now:
            bx = x + (i % per_row) * step
            c.fill_rect(bx + step // 2 - 1, y + (i // per_row) * (ch + 1), 2, ch, theme.ACCENT)
            i += 1
            for card in now:
                self.chip(c, card, x + (i % per_row) * step, y + (i // per_row) * (ch + 1), cw,
                          ch, theme.ACCENT)
                i += 1
        if not pile:
            c.text(font, strings.t("sl.empty"), x, y, theme.DIM)
        return y + rows * (ch + 1) + 2

    def draw_reserve(self, c, seat, y):
        s = self.state
        font = self.app.small
        lh = font.line_height
        w = self.app.width
        playable = 0
        if seat == s.current_player and self.turns.human_to_move():
            for a in s.legal_actions():
                k = a >> 8
                for i in range(6):
                    if rules.PLAY_KIND[i] == k:
                        playable |= 1 << i
        x = 4
        text = strings.t("sl.reserve")
        c.text(font, text, x, y, theme.DIM)
        x += font.width(text) + 4
        if not s.reserve[seat]:
            c.text(font, strings.t("sl.none"), x, y, theme.DIM)
        for card in s.reserve[seat]:
            a = cards.ACTION[card]
            name = action_name(a)
            nw = font.width(name)
            if x + nw > w - 4:
                break
            c.text(font, name, x, y, theme.ACCENT if playable & (1 << a) else theme.FG)
            x += nw + 6
        y += lh
        # the scorecard: validated boxes lit with their points
        codes = strings.t("sl.box_codes").split(",")
        box = s.boxes[seat]
        head = strings.t("sl.card_box") % (s.box_count(seat), s.totals[seat])
        c.text(font, head, 4, y, theme.FG)
        x = 8 + font.width(head)
        for b in range(10):
            code = codes[b]
            cwid = font.width(code)
            if x + cwid > w - 2:
                y += lh
                x = 12
            c.text(font, code, x, y, theme.ACCENT if box[b] else theme.EDGE)
            x += cwid + 4
        return y + lh + 1

    def opponent_line(self, seat):
        s = self.state
        res = "".join([action_name(cards.ACTION[c])[0] for c in s.reserve[seat]])
        lock = " L" if s.locked[seat] else ""
        text = strings.t("sl.opp") % (self.name(seat), len(s.coll[seat]), lock,
                                      s.box_count(seat), s.totals[seat])
        return text + ("  [" + res + "]" if res else "")

    def draw_menu(self, c, items, y, bottom):
        font = self.app.small
        lh = font.line_height
        row = lh + 2
        rows = (bottom - y) // row
        if rows < 1:
            rows = 1
        n = len(items)
        cur = self.cursor % n
        first = 0
        if cur >= rows:
            first = cur - rows + 1
        w = self.app.width
        for i in range(first, min(n, first + rows)):
            ry = y + (i - first) * row
            sel = i == cur
            if sel:
                c.fill_rect(2, ry, w - 4, row, theme.SEL)
            c.text(font, font.fit(items[i][1], w - 12), 6, ry + 1,
                   theme.SEL_FG if sel else theme.FG)
        if first > 0 or first + rows < n:
            c.text(font, "%d/%d" % (cur + 1, n), w - 4 - font.width("%d/%d" % (n, n)),
                   y - lh - 1 if y - lh - 1 > 0 else y, theme.DIM)


def _order(card):
    """Earlier cards sorted by colour then value (jokers last) so runs are easy to read."""
    if cards.KIND[card] == 0:
        return cards.COLOUR[card] * 16 + cards.VALUE[card]
    return 100 + card

