# Memory's screens: the setup (declared for kit.setup) and the table.
#
# The table is a grid of cards (4x4 / 8x4 / 8x8 or whatever fits the screen best) under a
# status line that always shows the mode, the scores and the Hint/Peek counts. The cursor
# moves with the d-pad; A flips, B cycles the mode (Colour, Symbol, Location), X Hint and
# Y Peek (shortcuts; both are also in the MENU dialog, so four-button boards reach them).
# The preview and the Peek show every card for the "Memory preview" setting's seconds; a
# failed pair stays face up a moment before turning back. The table is a kit.table.Table: the
# kit gives the pause menu (Hint and Peek are this game's rows in it), the turn driver
# (kit.turns: the session's save after every action, the AI's pace, messages in step with the
# moves), the first-game tip, the after-game choice and the end of Watch AI play. Messages
# go in the status line (message_band): every card of the grid is a choice.

import time

from micropython import const

from core import input as btn
from core import strings, theme
from games import deck88
from games.memory import ai, rules
from kit import setup, table, turns
from ui import widgets
from ui.cardback import draw_back

GAME_ID = "memory"
PACKAGE = "games.memory"
SHOW_MS = const(1200)       # a flipped pair stays face up this long
HINT_MS = const(2500)       # hinted cards glow this long
LOC_CODES = ("WW", "SS", "MM", "SP", "EF", "MV", "TK", "GL", "DM", "BH", "IH", "SF", "AG",
             "CR", "FG", "GM")


def left(text, n):
    """"Hint (2 left)": `text` is "singular|plural" with a %d ("Indice (%d restant)|Indice
    (%d restants)")."""
    parts = text.split("|")
    return parts[1 if n > 1 and len(parts) > 1 else 0] % n


def card_name(card):
    """"Blue Moon, Moonmere" (French "Lune bleue, Moonmere": the colour agrees with the
    symbol, mem.symbols_f)."""
    symbol = deck88.symbol_of(card)
    colours = "mem.colours_f" if strings.t("mem.symbols_f")[symbol] == "1" else "mem.colours"
    col = strings.t(colours).split(",")[card & 3]
    sym = strings.t("mem.symbols").split(",")[symbol]
    if strings.lang() == "fr":
        return "%s %s, %s" % (sym, col.lower(), deck88.LOCATION_NAMES[card >> 2])
    return "%s %s, %s" % (col, sym, deck88.LOCATION_NAMES[card >> 2])


def hint_colour(hinted, i):
    """The frame of a hinted slot: the first pair's colour, the second pair's another, so
    that two pairs shown at once are told apart; 0 when slot i is not hinted."""
    if i not in hinted:
        return 0
    return theme.ACCENT if hinted.index(i) < 2 else theme.WARN


def face_rows(h, size, font):
    """(frame, icon's top, label's top) of a face h high: the colour frame's width, the
    symbol centred over the location label. Where a face is too low for both with a row
    between them (the 64-card board) the frame is a pixel thinner and the label sits on the
    frame (its last glyph row, the descenders', is blank in a location code), so that the
    symbol is never drawn through the label."""
    lh = font.line_height
    icon = 3 + max(0, (h - 6 - lh - size) // 2)
    label = h - 2 - lh
    if icon + size <= label:            # the glyph box's top row is blank: one row between
        return 3, icon, label
    return 2, 2, h - 2 - font.baseline


def sizes_for(app):
    """Board sizes offered on this screen: 64 needs room for an 8x8 grid (GAMES.md)."""
    if app.height < 200:
        return (16, 32)
    return rules.SIZES


def layout(n, w, h):
    """(cols, rows) of the grid for n cards in a w x h box: the largest card side wins,
    cards a little taller than wide preferred."""
    best = None
    for cols in (2, 4, 8, 16):
        if n % cols:
            continue
        rows = n // cols
        cw = w // cols
        ch = h // rows
        side = min(cw * 6 // 5, ch)
        if best is None or side > best[0]:
            best = (side, cols, rows)
    return best[1], best[2]


# -- setup -----------------------------------------------------------------------------------


class Spec(setup.Spec):
    """The board size, then the opponent (None: solo); Watch AI play: Normal against it;
    High scores: the solo best scores of each board size."""
    game_id = GAME_ID
    solo = True
    options = (("size", "mem.size", sizes_for, "mem.cards", 32), setup.LEVEL_ROWS)
    demo_seats = ("normal", "hard")
    high_scores = True
    stats_split = ("size",)     # statistics per board size (kit.stats)

    def scores_screen(self, app):
        damaged = []
        screen = scores_screen(app, damaged)
        self.scores_message = setup.damaged_text(damaged)
        return screen

    def rules_module(self):
        return rules

    def table(self, app, session, demo):
        # A resumed game (moves already made) does not show the preview again.
        return GameScene(session, demo=demo, resumed=len(session.actions) > 0)


def scores_screen(app, damaged=None):
    """The solo high scores, best first, of each board size this screen offers (the names
    of files that could not be read are appended to `damaged`)."""
    from core import storage
    from ui.scores import ScoreTable

    data = app.platform.data_dir
    rows = []
    for size in sizes_for(app):
        table = storage.load_scores(data, GAME_ID + str(size), damaged)
        for i in range(len(table)):
            e = table[i]
            if isinstance(e, dict):
                rows.append(["%d." % (i + 1), strings.t("mem.cards") % size, e.get("score", 0)])
    if not rows:
        rows.append([strings.t("no_scores"), "", ""])
    return ScoreTable(strings.t("high_scores"), ["", strings.t("mem.size"), strings.t("score")],
                      rows)


# -- the table -------------------------------------------------------------------------------


class GameScene(table.Table):
    # Deadlines moved on by the time asleep (kit.table).
    timers = ("reveal_until", "show_until", "hint_until")

    def __init__(self, session, demo=False, resumed=False):
        super().__init__(session, demo, ai)
        self.cursor = 0
        self.cols = 4
        self.rows = 4
        self.cell_w = 0
        self.cell_h = 0
        self.grid_x = 0
        self.grid_y = 0
        self.dirty = bytearray(session.state.size)
        self.reveal_until = None        # preview / Peek: all cards face up until then
        self.reveal_left = 0            # its seconds left, as the hint bar counts them down
        self.show = [-1, -1]            # a pair just flipped, face up until show_until
        self.show_cards = [0, 0]
        self.show_until = None
        self.hint_until = None
        self.offer_open = False
        self.offer_dismissed = False    # B closed the offer: A opens it again
        self.final_shown = False
        self.status_dirty = True
        self.status_next = False        # the status line (and hint bar) on the next frame
        self._status = None             # the status line's pieces (None: to work out again)
        self.frames = 0                 # frames drawn (the offer waits for the board)
        self._named = None              # (message, card, card, frames): see _name_cards
        self._reveals = 0 if not resumed else session.state.reveals
        self.resumed = resumed

    # -- set-up ---------------------------------------------------------------------------
    def enter(self):
        app = self.app
        top = app.small.line_height + 3
        bottom = widgets.hint_height(app)
        w = app.width
        h = app.height - top - bottom
        n = self.state.size
        self.cols, self.rows = layout(n, w, h)
        self.cell_w = (w // self.cols) & ~1
        self.cell_h = h // self.rows
        self.grid_x = ((w - self.cell_w * self.cols) // 2) & ~1
        self.grid_y = top + (h - self.cell_h * self.rows) // 2
        self._face_layout()
        self._sync_reveals(app.platform.ticks_ms())

    def _face_layout(self):
        """What every face of this cell size draws, worked out once: the symbol icons' names
        (None: not in the pack), each location's label (its name when it fits, else its code)
        and that label's x offset. A draw then makes no string (each new str costs ~0.2-1 ms
        on the Pico: tools/bench_rig) and measures no text."""
        app = self.app
        font = app.small
        w = self.cell_w - 2
        h = self.cell_h - 2
        size = 16 if (h - 6 >= 16 + font.line_height and w - 6 >= 16) else 12
        suffix = "_16" if size == 16 else "_12"
        icons = app.icons
        names = []
        fb = app.canvas.fb
        for base in deck88.SYMBOL_ICONS:
            name = base + suffix
            if icons is not None and icons.has(name):
                # Drawn once where the table's first (full) draw paints over it: the icon's
                # FrameBuffer is made now, not inside that frame.
                icons.draw(fb, name, 0, 0, theme.PANEL)
            else:
                name = None
            names.append(name)
        labels = []
        offsets = bytearray(len(LOC_CODES))
        for loc in range(len(LOC_CODES)):
            label = deck88.LOCATION_NAMES[loc] if w - 8 >= font.width(
                deck88.LOCATION_NAMES[loc]) else LOC_CODES[loc]
            labels.append(label)
            offsets[loc] = max(0, (w - font.width(label)) // 2)
        self._face = (size, tuple(names), tuple(labels), offsets) + face_rows(h, size, font)

    def message_band(self):
        """Messages go over the status line: every card of the grid is a choice."""
        return 0, 0, self.app.width, self.grid_y

    def _human_seat(self):
        seats = self.session.seats
        for i in range(len(seats)):
            if seats[i] == "human":
                return i
        return 0

    def _sync_reveals(self, now):
        """A preview or Peek happened since last look: show every card for a while."""
        if self.state.reveals != self._reveals:
            self._reveals = self.state.reveals
            secs = self.app.settings.get("preview_s", 3) if self.app.settings else 3
            self.reveal_until = time.ticks_add(now, secs * 1000)
            self.reveal_left = secs
            self.invalidate()

    def _count_down(self, now, until):
        """The seconds left to memorise the cards (until `until`), in the hint bar: drawn
        again when the count changes."""
        left = (time.ticks_diff(until, now) + 999) // 1000
        if 0 < left != self.reveal_left:
            self.reveal_left = left
            self.status_dirty = True
            self.request_draw()

    def _busy(self, now):
        """True while something is shown for a moment (input and the AI wait)."""
        if self.reveal_until is not None:
            if time.ticks_diff(now, self.reveal_until) < 0:
                return True
            self.reveal_until = None
            self.invalidate()
        if self.show_until is not None:
            if time.ticks_diff(now, self.show_until) < 0:
                return True
            self._end_show()
        return False

    def _end_show(self):
        self.show_until = None
        for i in self.show:
            if i >= 0:
                self.dirty[i] = 1
        self.show[0] = self.show[1] = -1
        self.request_draw()

    # -- acting ---------------------------------------------------------------------------
    def act(self, action):
        """Apply an action through the session and update the screen for what it did."""
        s = self.state
        seat = s.current_player
        self.offer_dismissed = False
        self.turns.act(action)
        now = self.app.platform.ticks_ms()
        last = s.last
        kind = last[0]
        human = self.session.seats[seat] == "human"
        who = self.names[seat]
        msg = None
        log = None     # the cards to name after the message in the History (see tick)
        if kind == "flip":
            self.app.sound("flip")
            self.dirty[last[2]] = 1
        elif kind == "pair":
            # the second card turned over; a pair found ("capture"), a miss only the flip
            self.app.sound("capture" if last[7] > 0 else "flip")
            a, b = last[2], last[3]
            self.show[0], self.show[1] = a, b
            self.show_cards[0], self.show_cards[1] = last[4], last[5]
            self.show_until = time.ticks_add(now, SHOW_MS)
            self.dirty[a] = self.dirty[b] = 1
            pts = last[7]
            name = strings.t("mem.mode%d" % last[6])
            if pts > 0:
                msg = strings.t("mem.pair") % (name, pts) if human else \
                    strings.t("mem.ai_pair") % (who, name, pts)
            else:
                msg = strings.t("mem.miss") if human else strings.t("mem.ai_miss") % who
            log = (last[4], last[5])
        elif kind == "bonus":
            i = last[2]
            self.show[0], self.show[1] = i, -1
            self.show_cards[0] = last[3]
            self.show_until = time.ticks_add(now, SHOW_MS)
            self.dirty[i] = 1
            pts = last[4]
            if human:
                msg = (strings.t("mem.bonus_hit") if pts > 0 else strings.t("mem.bonus_miss")) \
                    % pts
            else:
                msg = (strings.t("mem.ai_bonus") if pts > 0 else strings.t("mem.ai_bonus_miss")) \
                    % (who, pts)
            log = (last[3], -1)
        elif kind == "hint":
            self.hint_until = time.ticks_add(now, HINT_MS)
            for i in s.hint_slots:
                self.dirty[i] = 1
            if not human:
                msg = strings.t("mem.ai_hint") % who
            else:
                self.turns.record(strings.t("mem.you_hint"))
        elif kind == "peek":
            if not human:
                msg = strings.t("mem.ai_peek") % who
            else:
                self.turns.record(strings.t("mem.you_peek"))
        elif human:
            if kind == "mode":
                self.turns.record(strings.t("mem.you_mode") % strings.t("mem.mode%d" % last[2]))
            elif kind == "accept":
                self.turns.record(strings.t("mem.you_accept"))
            elif kind == "decline":
                self.turns.record(strings.t("mem.you_decline"))
        else:
            if kind == "mode":
                msg = strings.t("mem.ai_mode") % (who, strings.t("mem.mode%d" % last[2]))
            elif kind == "accept":
                msg = strings.t("mem.ai_accept") % who
            elif kind == "decline":
                msg = strings.t("mem.ai_decline") % who
        self._sync_reveals(now)
        if msg:
            # The status line shows the outcome, the History the cards too: after the
            # person's move, named once the move is on screen (tick); after an AI's, now,
            # before the turn driver's collection (kit.turns), as the frame after it wants.
            if log is not None and not human:
                log = msg + self._cards(log[0], log[1])
            elif log is not None:
                self._named = (msg, log[0], log[1], self.frames)
                log = None
            self.app.toast(msg, log=log)
        self._status = None
        if human:
            # The person's move: its frame shows the card(s) turned (and the message) at
            # once; the status line and the hint bar follow on the next frame (~15 ms on an
            # emulated RP2040 less between the press and the card).
            self.status_next = True
        else:
            self.status_dirty = True
        self.request_draw()

    def _name_cards(self, named):
        """The History's line of a pair or a bonus flip gets the cards' names (" (Blue Moon,
        Moonmere + Red Stag, Winterwoods)"), once the frame that shows the move has been
        sent: the names cost ~10 ms on an emulated RP2040, which the press no longer waits
        for."""
        self._named = None
        msg = named[0]
        lines = self.history.lines
        for k in range(len(lines) - 1, -1, -1):
            if lines[k] == msg:
                lines[k] = msg + self._cards(named[1], named[2])
                return

    def _cards(self, a, b):
        """" (Blue Moon, Moonmere + Red Stag, Winterwoods)": the cards of a pair or a bonus
        flip, after the outcome in the History (the grid shows them to the player)."""
        names = card_name(a)
        if b >= 0:
            names += " + " + card_name(b)
        return " (" + names + ")"

    def _try(self, action, refusal):
        if action in self.state.legal_actions():
            self.act(action)
            return True
        self.app.toast(strings.t(refusal))
        return False

    def button(self, b, kind):
        # In a game you play the cursor moves at any time (it waits where you want it for
        # your turn), and A turns a pair shown face up back at once; the rest is the kit's.
        if kind != btn.RELEASE and not self.demo and not self.state.is_over():
            if b in (btn.UP, btn.DOWN, btn.LEFT, btn.RIGHT):
                self.move(b)
                return
            if b == btn.A and kind == btn.PRESS and self.show_until is not None:
                self._end_show()
                return
        super().button(b, kind)

    def holding(self, held):
        """A held shows a face-up card whole (learn.inspect_card: a face-down one is not
        known): on a face-down card A flips it when it goes down, not when it is let go."""
        return held if self.face_up(self.cursor) >= 0 else held & ~btn.A

    def press(self, b, kind):
        if kind != btn.PRESS or self._busy(self.app.platform.ticks_ms()):
            return
        s = self.state
        if s.phase == rules.OFFER:
            if b == btn.A:
                self.open_offer()
            return
        if b == btn.A:
            if self.cursor in s.legal_actions():
                self.act(self.cursor)
        elif b == btn.B:
            if s.phase in (rules.FIRST, rules.SECOND):
                self._try(rules.ACT_MODE + (s.mode + 1) % rules.MODES, "mem.no_mode")
        elif b == btn.X:
            self._try(rules.ACT_HINT, "mem.no_hint")
        elif b == btn.Y:
            self._try(rules.ACT_PEEK, "mem.no_peek")

    def move(self, b):
        i = self.cursor
        r, c = divmod(i, self.cols)
        if b == btn.UP:
            r = (r - 1) % self.rows
        elif b == btn.DOWN:
            r = (r + 1) % self.rows
        elif b == btn.LEFT:
            c = (c - 1) % self.cols
        else:
            c = (c + 1) % self.cols
        j = r * self.cols + c
        if j != i:
            self.dirty[i] = 1
            self.dirty[j] = 1
            self.cursor = j
            self.request_draw()

    def open_offer(self):
        s = self.state
        seat = s.current_player
        step = s.bonus_step[seat]
        loc = s.bonus_loc[seat]
        text = strings.t("mem.offer") % (
            strings.t("mem.fourth" if step else "mem.third"), deck88.LOCATION_NAMES[loc],
            "+%d" % rules.BONUS_HIT[step], "%d" % rules.BONUS_MISS[step])
        choices = [strings.t("mem.try"), strings.t("mem.decline")]
        if s.peeks[seat] > 0:
            choices.append(left(strings.t("mem.peek_n"), s.peeks[seat]))
        self.offer_open = True

        def done(choice):
            self.offer_open = False
            self.offer_dismissed = choice < 0
            if choice == 0:
                self.act(rules.ACT_ACCEPT)
            elif choice == 1:
                self.act(rules.ACT_DECLINE)
            elif choice == 2:
                self.act(rules.ACT_PEEK)

        from ui.dialog import Dialog

        self.app.push(Dialog(text, choices, done))
        from kit import tips
        tips.show(self.app, "mem.offer", "tip.mem_offer")     # the first offer: what it is

    def menu_rows(self):
        """Hint and Peek, with what is left of them, while they can be used."""
        s = self.state
        if self.demo or s.is_over():
            return ()
        seat = self._human_seat()
        rows = []
        if s.phase != rules.BONUS:        # a bonus flip: no Hint (nor mode change)
            rows.append((left(strings.t("mem.hint_n"), s.hints[seat]),
                         lambda: self._power(rules.ACT_HINT, "mem.no_hint")))
        rows.append((left(strings.t("mem.peek_n"), s.peeks[seat]),
                     lambda: self._power(rules.ACT_PEEK, "mem.no_peek")))
        return rows

    def _power(self, action, refusal):
        if self.turns.human_to_move() and not self._busy(self.app.platform.ticks_ms()):
            self._try(action, refusal)

    # -- time -----------------------------------------------------------------------------
    def play(self, action):
        """An AI's action, from the turn driver."""
        self.act(action)

    def thinking_changed(self):
        self.status_dirty = True
        self._status = None
        self.request_draw()

    def tick(self, now):
        named = self._named
        if named is not None and named[3] != self.frames:
            self._name_cards(named)
        s = self.state
        until = self.reveal_until
        if until is not None:
            self._count_down(now, until)
        if self.hint_until is not None and time.ticks_diff(now, self.hint_until) >= 0:
            self.hint_until = None
            for i in s.hint_slots:
                self.dirty[i] = 1
            self.request_draw()
        if self._busy(now):
            return
        what = self.turns.tick(now)
        if what == turns.OVER:
            self._game_over(now)
        elif what == turns.HUMAN_TURN and s.phase == rules.OFFER and not self.offer_open \
                and not self.offer_dismissed and self.app.top is self and self.frames > 0:
            self.open_offer()

    def _game_over(self, now):
        if self.final_shown:
            return
        self.final_shown = True
        self.status_dirty = True
        self._status = None
        self.request_draw()
        if self.demo:
            return          # the kit names the winner, then leaves
        s = self.state
        sc = s.scores()
        if s.num_players == 1:
            data = self.app.platform.data_dir
            table_id = GAME_ID + str(s.size)
            damaged = []
            from core import storage

            rank = storage.add_score(data, table_id, {"score": sc[0], "size": s.size},
                                     damaged=damaged)
            table: list = storage.load_scores(data, table_id)
            best = table[0]["score"] if table else sc[0]
            text = strings.t("mem.final_solo") % (sc[0], best)
            if rank == 0:
                text += "\n" + strings.t("new_best")
            if damaged:
                text += "\n" + strings.t("scores_unreadable") % damaged[0]
        else:
            me = self._human_seat()
            names = self.names
            text = strings.t("mem.final") % (names[me], sc[me], names[1 - me], sc[1 - me])
            r = s.returns()[me]
            text += "\n" + strings.t("you_win" if r == 1.0 else ("draw" if r == 0.5 else
                                                                  "you_lose"))
        # The result, then Play again / Setup / Menu (the kit's flow after every game).
        self.offer_after(text)

    # -- drawing --------------------------------------------------------------------------
    def face_up(self, i):
        """The card to show face up in slot i, or -1 (face down or empty)."""
        s = self.state
        if self.show_until is not None:
            if i == self.show[0]:
                return self.show_cards[0]
            if i == self.show[1]:
                return self.show_cards[1]
        if not s.alive[i]:
            return -1
        if i == s.first or self.reveal_until is not None:
            return s.slots[i]
        return -1

    def draw(self, c, full):
        app = self.app
        self.frames += 1
        if full:
            c.clear(theme.BG)
            self.status_dirty = True
            widgets.hint_bar(app, c, self._keys())
        if self.status_next and not full and not self.status_dirty:
            self.status_next = False
            self.status_dirty = True          # on the next frame (see act)
            self.request_draw()
        elif self.status_dirty:
            self.status_next = False
            self._draw_status(c)
            if not full:
                widgets.hint_bar(app, c, self._keys())
            self.status_dirty = False
        hinted = self.state.hint_slots if self.hint_until is not None else ()
        if full:
            self._draw_all(c, hinted)
            return
        for i in range(self.state.size):
            if self.dirty[i]:
                self.dirty[i] = 0
                self.draw_cell(c, i, hint_colour(hinted, i))

    def _draw_all(self, c, hinted):
        """Every cell on the cleared screen: draw_cell's pixels (the background is there
        already), with what does not change from cell to cell looked up once: each lookup
        and call costs on a Pico, and a full draw has 32 cells or more."""
        s = self.state
        alive = s.alive
        slots = s.slots
        dirty = self.dirty
        cw = self.cell_w
        ch = self.cell_h
        w = cw - 2
        h = ch - 2
        reveal = self.reveal_until is not None
        first = s.first
        shown0 = shown1 = -1
        if self.show_until is not None:
            shown0, shown1 = self.show
        cursor = -1 if self.demo else self.cursor
        app = self.app
        face = self._draw_face
        cols = self.cols
        x0 = self.grid_x + 1
        y = self.grid_y + 1
        i = 0
        for _row in range(self.rows):
            x = x0
            for _col in range(cols):
                dirty[i] = 0
                if i == shown0:
                    face(c, x, y, w, h, self.show_cards[0])
                elif i == shown1:
                    face(c, x, y, w, h, self.show_cards[1])
                elif not alive[i]:
                    c.round_rect(x, y, w, h, theme.PANEL, False)
                elif reveal or i == first:
                    face(c, x, y, w, h, slots[i])
                else:
                    draw_back(app, c, x, y, w, h)
                if i == cursor or i in hinted:
                    self._highlight(c, x, y, w, h, hint_colour(hinted, i), i == cursor)
                x += cw
                i += 1
            y += ch

    def _keys(self):
        s = self.state
        if self.demo or s.is_over():
            return self.hint("")
        if self.reveal_until is not None:        # the preview or a Peek: nothing to press
            return strings.t("mem.memorise") % self.reveal_left
        if not self.turns.human_to_move():
            return strings.t("mem.keys_ai")
        if s.phase == rules.OFFER:
            return strings.t("mem.keys_offer")
        # The buttons this board has (ui.widgets.hints names them): with X and Y, Hint and
        # Peek are shortcuts; without (Pico-LCD-1.14, Display Pack 2.0) they are in the
        # menu, and the four-button board is told how it moves (X/Y, B+X/Y).
        if self.app.input.four_buttons:
            key = "mem.keys4"
        elif widgets.button_name(self.app, "X") is None:
            key = "mem.keys_menu"
        else:
            key = "mem.keys"
        if s.phase == rules.BONUS:
            key += "_bonus"       # one flip for the bonus: no Mode, no Hint
        return strings.t(key)

    def _draw_status(self, c):
        app = self.app
        font = app.small
        h = font.line_height + 3
        c.fill_rect(0, 0, app.width, h, theme.PANEL)
        pieces = self._status
        if pieces is None:
            pieces = self._status = self._status_pieces()
        for i in range(0, len(pieces), 4):
            x, text, col, box = pieces[i], pieces[i + 1], pieces[i + 2], pieces[i + 3]
            if box:
                c.fill_rect(x - 2, 0, box, h - 1, theme.SEL)
            c.text(font, text, x, 2, col)

    def _status_pieces(self):
        """The status line as [x, text, colour, selection box width (0: none)] * n, worked
        out when the game changed (act, thinking): a full redraw then makes no strings."""
        app = self.app
        s = self.state
        font = app.small
        out = []
        x = 3
        mode = strings.t("mem.mode%d" % s.mode)
        out += (x, mode, theme.ACCENT, 0)
        x += font.width(mode) + 8
        seat = self._human_seat()
        sc = s.points
        if s.num_players == 1:
            text = "%d" % sc[0]
            out += (x, text, theme.FG, 0)
            x += font.width(text) + 8
        else:
            for k in range(2):
                text = "%s %d" % (self.names[k], sc[k])
                col = theme.SEL_FG if s.current_player == k else theme.DIM
                tw = font.width(text)
                out += (x, text, col, tw + 4 if s.current_player == k else 0)
                x += tw + 8
        right = strings.t("mem.hp") % (s.hints[seat], s.peeks[seat])
        if self.turns.thinking:
            right = strings.t("thinking")
        elif s.phase == rules.BONUS and s.current_player >= 0:
            right = strings.t("mem.bonus_status") % LOC_CODES[s.bonus_loc[s.current_player]]
        out += (app.width - 3 - font.width(right), right, theme.FG, 0)
        return out

    def draw_cell(self, c, i, hinted):
        app = self.app
        col = i % self.cols
        row = i // self.cols
        cw = self.cell_w
        ch = self.cell_h
        x = self.grid_x + col * cw
        y = self.grid_y + row * ch
        c.fill_rect(x, y, cw, ch, theme.BG)
        x += 1
        y += 1
        w = cw - 2
        h = ch - 2
        card = self.face_up(i)
        if card >= 0:
            self._draw_face(c, x, y, w, h, card)
        elif self.state.alive[i]:
            draw_back(app, c, x, y, w, h)
        else:
            c.round_rect(x, y, w, h, theme.PANEL, False)
        self._highlight(c, x, y, w, h, hinted, i == self.cursor and not self.demo)

    def _highlight(self, c, x, y, w, h, hinted, cursor):
        # Highlights use the cell's 1 px margin and the card's outer pixel only, so the
        # colour frame of a face-up card stays visible under the cursor. `hinted`: the hint
        # frame's colour (hint_colour), 0 for none.
        if hinted:
            c.rect(x - 1, y - 1, w + 2, h + 2, hinted)
            c.rect(x, y, w, h, hinted)
        if cursor:
            c.rect(x - 1, y - 1, w + 2, h + 2, theme.FG)
            c.rect(x, y, w, h, theme.FG)

    def _draw_face(self, c, x, y, w, h, card):
        """Colour as a thick frame, symbol icon in ink, location code (or name) below (the
        names, labels and offsets of _face_layout)."""
        app = self.app
        size, names, labels, offsets, frame, icon_dy, label_dy = self._face
        if h != self.cell_h - 2:      # a card drawn big (kit.inspect): its own rows
            frame, icon_dy, label_dy = face_rows(h, size, app.small)
        c.round_rect(x, y, w, h, theme.RED + (card & 3))   # marks the card's box
        fb = c.fb
        fb.fill_rect(x + frame, y + frame, w - 2 * frame, h - 2 * frame, theme.CARD)
        name = names[deck88.symbol_of(card)]
        if name is not None:
            app.icons.draw(fb, name, x + (w - size) // 2, y + icon_dy, theme.INK)
        loc = card >> 2
        app.small.text(fb, labels[loc], x + offsets[loc], y + label_dy, theme.INK, c)
