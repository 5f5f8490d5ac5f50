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
# turn, the list of what you may do now (Up/Down, A). The table is a kit.table.Table: the
# pause menu (the piles and scorecards of every player and Show odds are this game's rows),
# messages in step with the moves (over the status line and the piles' row, away from the
# list you choose from), the first-game tip, the after-game choice and the end of Watch AI
# play are the kit's.


import time

from core import input as btn
from core import strings, theme
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
)
from kit import table, turns
from ui import widgets

GAME_ID = "shadowlock"
COLOURS = (theme.RED, theme.BLUE, theme.YELLOW, theme.GREEN)


def _load_ai():
    from games.shadowlock import ai

    return ai


def Spec():  # noqa: N802 - the kit asks every view for its Spec (kit.setup.spec_of)
    """The game's setup declaration. Its class is made when it is asked for, so that the view
    does not hold kit.setup (3.6 KB on the emulated RP2040), which leaves the heap with the
    setup screen while the table plays (replace)."""
    from kit import setup

    class ShadowLockSpec(setup.Spec):
        game_id = GAME_ID
        options = (
            ("mode", "sl.mode", ("classic", "discovery"), ("sl.classic", "sl.discovery"),
             "classic"),
            ("odds", "sl.odds", (False, True), ("sl.off", "sl.on"), False),
        )
        demo_seats = ("normal", "hard")
        replace = True      # the setup screen and its modules leave the heap while the table plays

        def rules_module(self):
            return rules

        def table(self, app, session, demo):
            # An all-AI game's AI module loads now, after a collection and before the table's
            # objects, rather than at the first AI turn, when it had to find its blocks between
            # them (make memcheck: 130 -> 128wK). A person's game loads it for each decision and
            # lets it go after (kit.table.Table.ai_modules): loaded here, it stayed through the
            # person's first turn.
            if demo:
                import gc

                gc.collect()
                _load_ai()
            return Table(session, demo)

    return ShadowLockSpec()


# -- the table ---------------------------------------------------------------------------------
# A game is 300-480 actions (AI games, 2-4 players, both modes). The session's action record
# grows by doubling; late in a game the heap is fragmented and the 257th action once found no
# 2 KB block for it on a Pico-sized heap (tools.memcheck: the demo needed 130wK because of
# it). Room for ACTIONS_ROOM is reserved when the table opens, while the heap is still whole.
ACTIONS_ROOM = 512
RESULT_PAUSE_MS = 1500      # the finished table stays this long before the final scorecards


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



class Table(table.Table):
    timers = ("flash_until",)     # deadlines moved on by the time asleep (kit.table)
    ai_modules = ("games.shadowlock.ai", "games.shadowlock.ai_model")   # kit.table.drop_ai

    def __init__(self, session, demo=False):
        _reserve(session.actions, ACTIONS_ROOM)
        super().__init__(session, demo, _load_ai)
        self.cursor = 0
        self.menu_for = -1          # the action count the cursor was placed for
        self.flash = -1             # the card just drawn, shown face up for a moment
        self.flash_until = 0
        self.log = []
        # what each seat validated (or lost) at this round's end, for the round summary
        self.notes = [[] for _ in range(session.state.num_players)]
        self.result_shown = False
        self.odds = bool(session.options.get("odds", False))
        self._items = None          # [actions then, odds then, items]: the menu, worked out once
        # What the last frame shows, for a frame that redraws only what changed (see draw):
        # [status text, flash card, piles row y, menu y, menu rows, first row, cursor, count]
        self._shown = [None, -1, 0, 0, 0, 0, -1, 0]
        self._moved = False         # the person moved: the next frame is draw_moved's

    def me(self):
        if self.demo:
            return -1
        seats = self.session.seats
        for i in range(len(seats)):
            if seats[i] == "human":
                return i
        return -1

    def name(self, seat):
        return self.names[seat]

    def message_band(self):
        """Messages go over the status line and the piles' row: the list you choose from is
        at the bottom."""
        return 0, 0, self.app.width, self._shown[2] + self.app.small.line_height + 9

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
            self.refuse(exc)
            return
        self.announce(seat, s.events)
        self.menu_for = -1
        if seat == self.me() and self._shown[0] is not None:
            # The person's move: its first frame shows at once what it did (see draw_moved),
            # the rest of the table on the frame after it.
            self._moved = True
            self.full_redraw = False
            self.request_draw()
        else:
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
        """A round was scored: its summary over the table (in an all-AI game too: it goes
        by itself after its reading time, then the game goes on)."""
        notes = self.notes
        self.notes = [[] for _ in range(self.state.num_players)]
        from games.shadowlock import screens

        self.app.push(screens.RoundSummary(self, round_no, points, notes))

    def menu_items(self):
        """[(action, label)] of the person's legal actions, in a stable order ([] when the
        person is not to move: view_menu is loaded only when they are). Worked out once per
        decision: a cursor move asks for them twice (its button, its frame)."""
        if not self.turns.human_to_move():
            return []
        memo = self._items
        n = len(self.session.actions)
        if memo is not None and memo[0] == n and memo[1] == self.odds:
            return memo[2]
        from games.shadowlock import view_menu

        items = view_menu.menu_items(self)
        self._items = [n, self.odds, items]
        return items

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
    def press(self, b, kind):
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

    def menu_rows(self):
        """The piles and scorecards of every player; Show odds, on or off."""
        t = strings.t

        def browse():
            from games.shadowlock import screens

            screens.browse(self)

        def odds():
            self.odds = not self.odds
            self.invalidate()

        return ((t("sl.browse"), browse),
                (t("sl.odds_row") % t("sl.on" if self.odds else "sl.off"), odds))

    # -- time -------------------------------------------------------------------------------
    def tick(self, now):
        if self.flash >= 0:
            if time.ticks_diff(self.flash_until, now) > 0 and self.app.top is self:
                return                       # the drawn card stays face up a moment
            self.flash = -1
            self.request_draw()              # only the piles' row changes (draw_changes)
        what = self.turns.tick(now)
        if what != turns.OVER or self.demo:      # (an all-AI game: the kit ends it)
            return
        if not self.result_shown and self.app.top is self and \
                self.turns.over_for(now) >= RESULT_PAUSE_MS:
            # the finished table a moment (its status says "Game over"), its last message
            # read (kit.turns), then the final scorecards
            self.result_shown = True
            self.session.clear_save()
            from games.shadowlock import screens

            self.app.replace(screens.Result(self.session, self.me(), self.names))

    # -- drawing ----------------------------------------------------------------------------
    def status_text(self):
        return view_text.status_text(self)

    def hint_text(self):
        return self.hint(strings.t("sl.h_act" if self.turns.human_to_move() else "sl.h_wait"))

    # A frame after an action draws the table whole (invalidate); the frames in between
    # (request_draw: a cursor move, "Thinking...", the drawn card turned down again) redraw
    # only what changed since the last frame (_shown): the status line, the piles' row, the
    # menu rows the cursor left and reached. A whole table is ~57,600 pixels at 240x240 (47-54
    # ms a cursor move on an emulated RP2040, every pixel sent); a cursor move is two rows.
    def draw(self, c, full):
        if self._moved:
            self._moved = False
            if not full:
                self.draw_moved(c)
                return
        if not full and self._shown[0] is not None:
            self.draw_changes(c)
            return
        app = self.app
        s = self.state
        font = app.small
        lh = font.line_height
        c.clear(theme.BG)
        self.draw_status(c)
        widgets.hint_bar(app, c, self.hint_text())
        bottom = app.height - widgets.hint_height(app)
        y = lh + 6
        self._shown[2] = y
        y = self.draw_piles(c, y)
        me = self.viewer()
        y = self.draw_pile_of(c, me, 4, y, app.width - 8, 2 if app.height < 200 else 3)
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
            c.text(font, font.fit(self.opponent_line(seat, app.width - 8), app.width - 8), 4, y,
                   theme.ACCENT if seat == s.current_player else theme.FG)
            y += lh
        shown = self._shown
        shown[7] = len(items)
        if items:
            self.place_cursor(items)
            rows = (bottom - y - 1) // row
            if rows > len(items):
                rows = len(items)
            if rows < 1:
                rows = 1
            shown[3] = y + 1
            shown[4] = rows
            shown[5] = -1
            self.draw_menu(c, items)
            y += 2 + rows * row
        self.draw_log(c, y, bottom)

    def draw_log(self, c, y, bottom):
        """The last announcements under the menu, each whole (wrapped), the newest first
        when there is no room for both (the History keeps every one)."""
        font = self.app.small
        lh = font.line_height
        room = (bottom - y) // lh
        shown = []
        for text in reversed(self.log):
            lines = font.wrap(text, self.app.width - 8)
            if len(lines) > room:
                break
            room -= len(lines)
            shown.insert(0, lines)
        for lines in shown:
            for line in lines:
                c.text(font, line, 4, y, theme.DIM)
                y += lh

    def draw_moved(self, c):
        """The first frame after the person's move (~10 ms on an emulated RP2040, a whole
        table ~45-60): what it did, where its message goes (message_band): the status line
        and the piles' row, with the card drawn face up. The rest of the table (your pile,
        reserve, scorecard, the opponents, what you may do now, the news) is the next frame's,
        a whole one; the turn driver's work after a move (the save, the collection: kit.turns
        tidy, through App.later) comes between the two, and the AI's decision after both
        (its pause starts from a table drawn whole)."""
        w = self.app.width
        band = self.message_band()[3]
        c.fill_rect(0, 0, w, band, theme.BG)
        self.draw_status(c)
        self.draw_piles(c, self._shown[2])
        self.invalidate()                   # the rest of the table on the next frame
        self.turns.shown_in_part()

    def draw_changes(self, c):
        """A frame between two actions: redraw only what changed since the last one."""
        shown = self._shown
        if self.status_text() != shown[0]:
            self.draw_status(c)
        if self.flash != shown[1]:
            # the drawn card turned down again (or another one up): the piles' row anew
            y = shown[2]
            c.fill_rect(0, y - 1, self.app.width, self.app.small.line_height + 9, theme.BG)
            self.draw_piles(c, y)
        items = self.menu_items()
        if len(items) != shown[7]:
            self.draw(c, True)            # the menu came or went: the table anew
        elif items:
            self.draw_menu(c, items)

    def draw_status(self, c):
        """The status line: what to do now at the left, the round at the right."""
        app = self.app
        s = self.state
        font = app.small
        w = app.width
        top = font.line_height + 4
        c.fill_rect(0, 0, w, top, theme.PANEL)
        c.hline(0, top - 1, w, theme.EDGE)
        right = strings.t("sl.round") % (s.round_no, s.rounds)
        rw = font.width(right)
        c.text(font, right, w - rw - 4, 2, theme.DIM)
        text = self.status_text()
        self._shown[0] = text
        c.text(font, font.fit(text, w - rw - 12), 4, 2, theme.ACCENT)

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
        self._shown[1] = self.flash
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
            label = strings.t("sl.shadow")[0]      # S, or O for the French Ombre
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
            view_text.named("sl.pile_of", self.name(seat))
        if s.locked[seat]:
            label += " (" + strings.t("sl.locked") + ")"
        c.text(font, font.fit(label + " " + cards_text(len(pile)), w), x, y,
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

    def opponent_line(self, seat, room=9999):
        """The fullest line about an opponent that fits `room` pixels: "West: 5 cards locked,
        1/10 boxes, 17 pts; Joker, Double", then the reserve as its chips' letters ("Jo Do"),
        then "West 5 L  1/10 17p  [JoDo]" (the "?" screen says how to read it)."""
        s = self.state
        t = strings.t
        font = self.app.small
        names = [action_name(cards.ACTION[c]) for c in s.reserve[seat]]
        n = len(s.coll[seat])
        words = t("sl.opp_words") % (self.name(seat), cards_text(n),
                                     t("sl.opp_locked") if s.locked[seat] else "",
                                     s.box_count(seat), s.totals[seat])
        text = words + (t("sl.opp_res") % ", ".join(names) if names else "")
        if font.width(text) <= room:
            return text
        short = [nm[:2] for nm in names]
        text = words + (t("sl.opp_res") % " ".join(short) if names else "")
        if font.width(text) <= room:
            return text
        text = t("sl.opp") % (self.name(seat), n, " L" if s.locked[seat] else "",
                              s.box_count(seat), s.totals[seat])
        return text + ("  [" + "".join(short) + "]" if names else "")

    def draw_menu(self, c, items):
        """The list of what you may do now, in the rows the last whole frame gave it
        (_shown[3:5]): every row when it scrolled or was not drawn yet, else only the row
        the cursor left, the row it reached and the "3/7" mark of a longer list."""
        shown = self._shown
        y = shown[3]
        rows = shown[4]
        n = len(items)
        cur = self.cursor % n
        first = cur - rows + 1 if cur >= rows else 0
        more = first > 0 or first + rows < n
        mark = "%d/%d" % (cur + 1, n) if more else ""
        old = shown[6]
        if first != shown[5]:
            for i in range(first, min(n, first + rows)):
                self.menu_row(c, items, i, first, y, mark)
        else:
            if old != cur and first <= old < first + rows:
                self.menu_row(c, items, old, first, y, mark)
            self.menu_row(c, items, cur, first, y, mark)
            if more and cur != first and old != first:
                self.menu_mark(c, False, y, mark, n)
        shown[5] = first
        shown[6] = cur

    def menu_row(self, c, items, i, first, y, mark):
        font = self.app.small
        row = font.line_height + 2
        ry = y + (i - first) * row
        sel = i == self.cursor % len(items)
        w = self.app.width
        c.fill_rect(2, ry, w - 4, row, theme.SEL if sel else theme.BG)
        room = w - 12 - (self.mark_width(len(items)) + 6 if mark and i == first else 0)
        c.text(font, font.fit(items[i][1], room), 6, ry + 1, theme.SEL_FG if sel else theme.FG)
        if mark and i == first:
            self.menu_mark(c, sel, y, mark, len(items))

    def mark_width(self, n):
        """Room for the "3/7" mark of a list of n: the same for every place of the cursor,
        so the first row's label is cut at the same place whichever mark is shown."""
        return self.app.small.width("88/88" if n > 9 else "8/8")

    def menu_mark(self, c, sel, y, mark, n):
        """Where the cursor is in a longer list, at the right of its first row shown."""
        font = self.app.small
        w = self.app.width
        mw = self.mark_width(n)
        c.fill_rect(w - 6 - mw, y, mw + 4, font.line_height + 2, theme.SEL if sel else theme.BG)
        c.text(font, mark, w - 4 - font.width(mark), y + 1, theme.SEL_FG if sel else theme.DIM)


def cards_text(n):
    """"1 card", "5 cards"."""
    return strings.t("sl.cards_1" if n == 1 else "sl.cards_n") % n


def _order(card):
    """Earlier cards sorted by colour then value (jokers last) so runs are easy to read."""
    if cards.KIND[card] == 0:
        return cards.COLOUR[card] * 16 + cards.VALUE[card]
    return 100 + card

