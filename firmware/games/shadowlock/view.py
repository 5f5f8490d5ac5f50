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


from core import input as btn
from core import strings, theme
from core.app import Scene
from games.shadowlock import cards, rules, view_text
from games.shadowlock.rules import (
    P_VALIDATE,
)

# names used by screens and tests, re-exported
from games.shadowlock.view_text import (  # noqa: F401
    FLASH_MS,
    action_name,
    box_name,
    card_name,
    seat_name,
)
from kit import setup, turns
from ui import widgets

GAME_ID = "shadowlock"
COLOURS = (theme.RED, theme.BLUE, theme.YELLOW, theme.GREEN)


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
        # Every game has AI seats: their module loads now, after a collection and before the
        # table's objects, rather than at the first AI turn, when it had to find its blocks
        # between them (make memcheck: 130 -> 128wK).
        import gc

        gc.collect()
        _load_ai()
        return Table(session, demo)


def entry_scene(app, entry):
    return setup.entry_scene(app, entry, Spec())


def demo_scene(app, entry, seed):
    return setup.demo_scene(app, entry, Spec(), seed)


# -- the table ---------------------------------------------------------------------------------
# A game is 300-480 actions (AI games, 2-4 players, both modes). The session's action record
# grows by doubling; late in a game the heap is fragmented and the 257th action once found no
# 2 KB block for it on a Pico-sized heap (tools.memcheck: the demo needed 130wK because of
# it). Room for ACTIONS_ROOM is reserved when the table opens, while the heap is still whole.
ACTIONS_ROOM = 512


def _reserve(lst, n):
    """Give list `lst` room for `n` items without changing it (MicroPython keeps a list's
    room when items are deleted from its end); where the heap has no such block, nothing."""
    k = len(lst)
    if k < n:
        try:
            lst.extend(bytes(n - k))
        except MemoryError:      # no such block even now: the list grows as it must
            pass
        del lst[k:]



class Table(Scene):
    def __init__(self, session, demo=False):
        super().__init__()
        self.session = session
        self.state = session.state
        self.demo = demo
        _reserve(session.actions, ACTIONS_ROOM)
        self.turns = turns.Turns(self, session, _load_ai, demo)
        self.cursor = 0
        self.menu_for = -1          # the action count the cursor was placed for
        self.flash = -1             # the card just drawn, shown face up for a moment
        self.flash_until = 0
        self.log = []
        # what each seat validated (or lost) at this round's end, for the round summary
        self.notes = [[] for _ in range(session.state.num_players)]
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
        for ev in events:
            if ev[0] == "draw":
                self.app.sound("flip")        # a card turned over from a pile
                break
        view_text.announce(self, seat, events)

    def round_note(self, seat, text):
        self.notes[seat].append(text)

    def round_over(self, round_no, points):
        """A round was scored: its summary over the table (not in a demo, which goes on)."""
        notes = self.notes
        self.notes = [[] for _ in range(self.state.num_players)]
        if not self.demo:
            from games.shadowlock import screens

            self.app.push(screens.RoundSummary(self, round_no, points, notes))

    def menu_items(self):
        """[(action, label)] of the person's legal actions, in a stable order ([] when the
        person is not to move: view_menu is loaded only when they are)."""
        if not self.turns.human_to_move():
            return []
        from games.shadowlock import view_menu

        return view_menu.menu_items(self)

    def label(self, a, best=False):
        from games.shadowlock import view_menu

        return view_menu.label(self, a, best)

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

        self.app.push(Dialog(t("sl.pause"), *self.turns.with_history(labels, done)))

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
        return view_text.status_text(self)

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
        need_menu = min(len(items), 2 if app.height < 200 else 4) * row
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
                from games.shadowlock.view_menu import stop_chance

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
        more = first > 0 or first + rows < n
        mark = "%d/%d" % (cur + 1, n) if more else ""
        mw = font.width(mark) + 6 if more else 0
        for i in range(first, min(n, first + rows)):
            ry = y + (i - first) * row
            sel = i == cur
            if sel:
                c.fill_rect(2, ry, w - 4, row, theme.SEL)
            room = w - 12 - (mw if i == first else 0)
            c.text(font, font.fit(items[i][1], room), 6, ry + 1,
                   theme.SEL_FG if sel else theme.FG)
            if more and i == first:
                # a longer list scrolls: where the cursor is, at the right of the first row
                c.text(font, mark, w - 4 - font.width(mark), ry + 1,
                       theme.SEL_FG if sel else theme.DIM)


def _order(card):
    """Earlier cards sorted by colour then value (jokers last) so runs are easy to read."""
    if cards.KIND[card] == 0:
        return cards.COLOUR[card] * 16 + cards.VALUE[card]
    return 100 + card

