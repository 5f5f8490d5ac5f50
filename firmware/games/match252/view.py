# Match 2-52 screens: the setup (declared for kit.setup), the table and the result screen.
#
# The table: a status line on top (whose turn, action 1 or 2 of 2, what to choose now), the
# 4x4 grid on the left, and beside it the draw pile and both capture piles (top card and
# count), and a hint bar telling what the buttons do now. The cursor moves with the arrows;
# A on a face-down card reveals it, A on a face-up card offers Move or Replace; Move then
# lets the cursor visit only the legal targets (same row or column). Choices inside a capture
# (which match first, the Ace's card, the Jack's and the Queen's card) are cycled with
# Up/Down and taken with A. The table is a kit.table.Table: the pause menu, the turn driver
# (kit.turns: the session's save after every action, the AI's "Thinking..." and pace,
# messages in step with the moves, in the status line), the first-game tip and the end of
# Watch AI play are the kit's; the setup screen, resume included, is kit.setup's.

import time

from micropython import const

from core import input as btn
from core import strings, theme
from core.app import Scene
from games.match252 import ai, rules
from kit import setup, table, turns
from ui import widgets
from ui.cards import CURSOR, DIMMED, PICKED, card_width, draw_back, draw_card, draw_slot

GAME_ID = "match252"
FIRSTS = ("random", 0, 1)
SUITS = ("♠", "♥", "♦", "♣")

# Interaction modes of the human's turn.
M_PICK = const(0)      # cursor on the grid, choose a card
M_TARGET = const(1)    # choose where the picked face-up card goes
M_CHOICE = const(2)    # cycling through the pending choices


def card_name(card):
    return rules.RANK_NAMES[card >> 2] + SUITS[card & 3]


def face_of(card):
    s = card & 3
    return (rules.RANK_NAMES[card >> 2], theme.RED if s == 1 or s == 2 else theme.INK,
            "suit_" + rules.SUIT_NAMES[s], None)


# -- setup -----------------------------------------------------------------------------------


class Spec(setup.Spec):
    """The opponent's level, who plays first; Watch AI play: Normal against that level;
    High scores: the best results (cards captured), kept by the kit."""
    game_id = GAME_ID
    options = (("first", "m252.first", FIRSTS,
                ("m252.first_random", "m252.first_you", "m252.first_ai"), "random"),)
    demo_seats = ("normal", "hard")
    high_scores = True      # best results: kept and shown by the kit (kit.stats, auto_scores)
    auto_scores = True

    def rules_module(self):
        return rules

    def table(self, app, session, demo):
        return GameScene(session, demo=demo)


# -- the table -------------------------------------------------------------------------------


class GameScene(table.Table):
    timers = ("flash_until",)     # deadlines moved on by the time asleep (kit.table)

    def __init__(self, session, demo=False):
        super().__init__(session, demo, ai)
        self.cursor = 5
        self.mode = M_PICK
        self.src = -1            # the face-up card being moved
        self.targets = []        # legal target slots of the move
        self.ci = 0              # index into the pending choices / targets
        self.result_shown = False
        self.flash = []          # slot, card, ...: a capture (or a Six) shown before it goes
        self.flash_until = None
        self.status = ""
        self.geo: tuple = ()
        # What is on screen, so a partial draw repaints only what differs: per slot the card
        # code and its look (flags, face up, known; 0 = not drawn), the status and hint texts
        # with their drawn widths, and the side panel's figures.
        self.drawn_cells = bytearray(32)
        self.drawn_status = None
        self.drawn_hint = None
        self.status_w = 0
        self.hint_w = 0
        self.drawn_side: tuple = ()
        self.quick = False      # after a move: the next frame draws only the grid (draw)
        st = self.state
        if st.phase != rules.ACT and st.current_player >= 0:
            self.mode = M_CHOICE    # a game resumed in a choice (a pair, a card to take...)

    # -- layout -----------------------------------------------------------------------------
    def enter(self):
        app = self.app
        font = app.small
        top = font.line_height + 4
        bottom = widgets.hint_height(app)
        avail = app.height - top - bottom - 4
        cell_h = avail // 4
        card_h = cell_h - 2
        card_w = card_width(card_h)
        # Wide enough for "10" and a suit icon even on the 240x135 screen.
        min_w = font.width("10") + 8
        if card_w < min_w:
            card_w = (min_w + 1) & ~1
        cell_w = card_w + 2
        gx = 4
        gy = top + 2
        side_x = gx + 4 * cell_w + 6
        self.geo = (gx, gy, cell_w, cell_h, card_w, card_h, side_x, top, bottom)

    def message_band(self):
        """Messages go over the status line: the grid is where you choose."""
        return 0, 0, self.app.width, self.geo[7]

    def human_seat(self):
        seats = self.session.seats
        for i in range(len(seats)):
            if seats[i] == "human":
                return i
        return -1

    def name(self, seat):
        return self.names[seat]

    def my_turn(self):
        return self.turns.human_to_move()

    # -- acting -----------------------------------------------------------------------------
    def act(self, action):
        s = self.state
        seat = s.current_player
        try:
            self.turns.act(action)
        except ValueError as exc:
            self.refuse(exc)
            return False
        self.announce(seat, s.events)
        self.quick = True       # the grid first (draw)
        self.mode = M_PICK
        self.src = -1
        self.ci = 0
        if s.phase != rules.ACT and s.current_player >= 0:
            self.mode = M_CHOICE
            if s.phase != rules.P_PAIR and self.turns.human_to_move():
                from kit import tips
                tips.show(self.app, "m252.special", "tip.m252_special")   # Ace, Jack, Queen
        self.request_draw()
        return True

    def announce(self, seat, events):
        """Toast what happened (every event of the action; the History keeps it whole), in
        the second person for you ("You capture J♦ J♣"); captured pairs and a Six stay on
        the grid a moment before they leave (show_flash)."""
        parts = []
        t = strings.t
        you = seat == self.human_seat() and not self.demo
        to_you = 1 - seat == self.human_seat() and not self.demo
        who = self.name(seat)
        looked = -1
        flash = self.flash
        del flash[:]
        for ev in events:
            k = ev[0]
            if k == "reveal" and ev[3] >> 2 != rules.SIX:
                self.app.sound("flip")
                c = card_name(ev[3])
                parts.append(t("m252.you_reveal") % c if you else t("m252.ev_reveal") % (who, c))
            elif k == "move":
                a, b = rules.slot_str(ev[2]), rules.slot_str(ev[3])
                if you:   # seen on the grid: in the History only
                    self.turns.record(t("m252.you_move") % (a, b))
                else:
                    parts.append(t("m252.ev_move") % (who, a, b))
            elif k == "replace":
                c = card_name(ev[3])
                parts.append(t("m252.you_replace") % c if you else
                             t("m252.ev_replace") % (who, c))
            elif k == "capture":
                self.app.sound("capture")
                a, b = card_name(ev[4]), card_name(ev[5])
                parts.append(t("m252.you_capture") % (a, b) if you else
                             t("m252.ev_capture") % (who, a, b))
                flash.extend((ev[2], ev[4], ev[3], ev[5]))
            elif k == "six":
                c = card_name(ev[3])
                if you:
                    parts.append(t("m252.you_six") % (c, self.name(1 - seat)))
                elif to_you:
                    parts.append(t("m252.six_to_you") % (c, who))
                else:
                    parts.append(t("m252.ev_six") % (c, self.name(1 - seat)))
                flash.extend((ev[2], ev[3]))
            elif k == "take":
                c = card_name(ev[2])
                parts.append(t("m252.you_take") % c if you else
                             t("m252.ev_take_you" if to_you else "m252.ev_take") % (who, c))
            elif k == "king":
                parts.append(t("m252.ev_king"))
            elif k == "look":
                looked = ev[2]
                parts.append(t("m252.you_look_at") % rules.slot_str(ev[2]) if you else
                             t("m252.ev_look") % (who, rules.slot_str(ev[2])))
            elif k == "skip":
                parts.append(t("m252.ev_skip"))
        if flash:
            self.show_flash()
        for part in parts:
            # One message an event, each in the status line in turn (the next move waits
            # for them all: kit.turns), after any dialog (it is never covered).
            self.app.toast(part)
        if looked >= 0 and seat == self.human_seat() and not self.demo:
            # The Jack's look is private: only the human who made it sees the card (and
            # finds it again in the History).
            card = self.state.grid[looked]
            text = strings.t("m252.you_look") % (rules.slot_str(looked), card_name(card))
            self.turns.record(text)
            from ui.dialog import Dialog

            self.app.push(Dialog(text, [strings.t("ok")], None))

    def show_flash(self):
        """The captured pair (or the Six) stays on the grid, marked, for the pause after a
        move (kit.turns.human_pause_ms: slow 2 s, normal 1.2 s, fast 0.5 s) before the grid
        shows the cards that replaced it; no AI move meanwhile; A skips it."""
        app = self.app
        now = app.platform.ticks_ms()
        ms = turns.human_pause_ms((app.settings or {}) if app is not None else {})
        self.flash_until = time.ticks_add(now, ms)
        self.turns.wait(now, ms)

    def flash_card(self, slot):
        """The card shown at `slot` while a capture is shown, or -1."""
        if self.flash_until is None:
            return -1
        f = self.flash
        for i in range(0, len(f), 2):
            if f[i] == slot:
                return f[i + 1]
        return -1

    def end_flash(self):
        if self.flash_until is not None:
            self.flash_until = None
            del self.flash[:]
            self.request_draw()

    # -- buttons ----------------------------------------------------------------------------
    def button(self, b, kind):
        if self.flash_until is not None and not self.demo and kind != btn.RELEASE and \
                b != btn.MENU:
            if b == btn.A and kind == btn.PRESS:
                self.end_flash()      # A: go on at once
            return
        super().button(b, kind)

    def press(self, b, kind):
        if self.mode == M_CHOICE:
            self.button_choice(b, kind)
        elif self.mode == M_TARGET:
            self.button_target(b, kind)
        else:
            self.button_pick(b, kind)

    def move_cursor(self, b):
        r = self.cursor >> 2
        c = self.cursor & 3
        if b == btn.UP:
            r = (r - 1) & 3
        elif b == btn.DOWN:
            r = (r + 1) & 3
        elif b == btn.LEFT:
            c = (c - 1) & 3
        elif b == btn.RIGHT:
            c = (c + 1) & 3
        else:
            return False
        self.cursor = r * 4 + c
        self.request_draw()
        return True

    def button_pick(self, b, kind):
        if self.move_cursor(b) or kind != btn.PRESS or b != btn.A:
            return
        s = self.state
        slot = self.cursor
        if s.grid[slot] == rules.EMPTY:
            return
        if not s.up[slot]:
            self.act(rules.action(rules.REVEAL, slot))
            return
        labels = [strings.t("m252.move")]
        acts: list = ["move"]
        if s.pile:
            labels.append(strings.t("m252.replace"))
            acts.append("replace")
        labels.append(strings.t("cancel"))
        acts.append(None)

        def done(choice):
            if choice < 0 or acts[choice] is None:
                return
            if acts[choice] == "replace":
                self.act(rules.action(rules.REPLACE, slot))
            else:
                self.start_move(slot)

        from ui.dialog import Dialog

        self.app.push(Dialog(strings.t("m252.card_menu") % card_name(s.grid[slot]), labels,
                             done))

    def start_move(self, slot):
        s = self.state
        self.targets = [t for t in rules.LINES[slot] if s.grid[t] != rules.EMPTY]
        if not self.targets:
            self.app.toast(strings.t("m252.no_move"))
            return
        self.src = slot
        self.mode = M_TARGET
        self.cursor = self.targets[0]
        self.request_draw()

    def button_target(self, b, kind):
        if b == btn.B and kind == btn.PRESS:
            self.cursor = self.src
            self.mode = M_PICK
            self.src = -1
            self.request_draw()
            return
        if b in (btn.UP, btn.DOWN, btn.LEFT, btn.RIGHT):
            # Step in the arrow's direction to the next legal target, wrapping in the line.
            self.cursor = self.next_target(b)
            self.request_draw()
        elif b == btn.A and kind == btn.PRESS and self.cursor in self.targets:
            self.act(0x100 | (self.src << 4) | self.cursor)

    def next_target(self, b):
        d = {btn.UP: -4, btn.DOWN: 4, btn.LEFT: -1, btn.RIGHT: 1}[b]
        cur = self.cursor
        for _ in range(4):
            nxt = cur + d
            if d in (-1, 1) and nxt >> 2 != cur >> 2:
                nxt = (cur & ~3) | (nxt & 3)
            cur = nxt & 15
            if cur in self.targets:
                return cur
        # Nothing that way: cycle through the targets in order.
        i = self.targets.index(self.cursor) if self.cursor in self.targets else -1
        return self.targets[(i + (1 if d > 0 else -1)) % len(self.targets)]

    def button_choice(self, b, kind):
        choices = self.state.choices
        if not choices:
            return
        if b in (btn.UP, btn.LEFT):
            self.ci = (self.ci - 1) % len(choices)
            self.request_draw()
        elif b in (btn.DOWN, btn.RIGHT):
            self.ci = (self.ci + 1) % len(choices)
            self.request_draw()
        elif b == btn.A and kind == btn.PRESS:
            self.act(choices[self.ci % len(choices)])

    # -- time -------------------------------------------------------------------------------
    def play(self, action):
        """An AI's action, from the turn driver."""
        self.act(action)

    def tick(self, now):
        if self.flash_until is not None:
            if time.ticks_diff(now, self.flash_until) < 0:
                # The flash is the pause after the move (show_flash): the AI decides during
                # it (Turns.tick plays nothing while the pause runs), not after it.
                if self.session.is_ai_turn():
                    self.turns.tick(now)
                return
            self.end_flash()
            return      # the grid without the pair is drawn before the AI's move
        if self.turns.tick(now) == turns.OVER:
            self.game_over(now)

    def game_over(self, now):
        # The last move's message has been read (kit.turns): the result now (an all-AI
        # game: the kit names the winner, then leaves).
        if self.result_shown or self.demo:
            return
        self.result_shown = True
        self.app.replace(ResultScene(self.session, self.human_seat(), self.names))

    # -- drawing ----------------------------------------------------------------------------
    def status_text(self):
        s = self.state
        if s.is_over():
            return strings.t("game_over")
        n = 3 - s.left
        # (your turn while the last move's message is still read: yours already, not "You's")
        if self.demo or not self.session.is_human_turn():
            if self.turns.thinking:
                return self.name(s.current_player) + ": " + strings.t("thinking")
            if s.phase != rules.ACT:
                return strings.t("m252.ai_choosing") % self.name(s.current_player)
            return strings.t("m252.ai_turn") % (self.name(s.current_player), n)
        if self.mode == M_TARGET:
            return strings.t("m252.pick_target") % card_name(s.grid[self.src])
        if self.mode == M_CHOICE:
            if s.phase == rules.P_PAIR:
                return strings.t("m252.pick_pair")
            if s.phase == rules.P_TAKE:
                ch = s.choices
                return strings.t("m252.pick_take") % (card_name(ch[self.ci % len(ch)] & 0xFF),
                                                      self.ci % len(ch) + 1, len(ch))
            if s.phase == rules.P_LOOK:
                return strings.t("m252.pick_look")
            return strings.t("m252.pick_show")
        return strings.t("m252.your_turn") % n

    def hint_text(self):
        s = self.state
        if self.demo or s.is_over():
            return self.hint(strings.t("m252.h_wait"))
        if not self.my_turn():
            return strings.t("m252.h_wait")
        if self.mode == M_TARGET:
            return strings.t("m252.h_target")
        if self.mode == M_CHOICE:
            return strings.t("m252.h_choice")
        slot = self.cursor
        if s.grid[slot] == rules.EMPTY:
            return strings.t("m252.h_empty")
        return strings.t("m252.h_faceup" if s.up[slot] else "m252.h_reveal")

    def marked(self):
        """Slots to highlight: the pending choice's (pair, card to look at or reveal)."""
        s = self.state
        if self.mode != M_CHOICE or not s.choices:
            return -1, -1
        act = s.choices[self.ci % len(s.choices)]
        kind = act >> 8
        if kind == rules.PAIR:
            return (act >> 4) & 15, act & 15
        if kind in (rules.LOOK, rules.SHOW):
            return act & 15, -1
        return -1, -1

    def draw(self, c, full):
        """Everything when `full`; else only the cells, texts and side panel that changed
        since the last draw (a cursor move repaints two cells, not the screen)."""
        app = self.app
        gx, gy, cell_w, cell_h, card_w, card_h, side_x, top, bottom = self.geo
        font = app.small
        cells = self.drawn_cells
        # After a move, the grid alone first: the card turned or moved shows ~15 ms sooner;
        # the status line, the hint and the side panel follow on the next frame.
        quick = self.quick and not full
        self.quick = False
        if full:
            c.clear(theme.BG)
            c.fill_rect(0, 0, app.width, top, theme.PANEL)
            c.hline(0, top - 1, app.width, theme.EDGE)
            for i in range(32):
                cells[i] = 0
            self.drawn_status = None
            self.drawn_hint = None
            self.drawn_side = ()
        # status line
        text = None if quick else font.fit(self.status_text(), app.width - 8)
        if text is not None and text != self.drawn_status:
            tw = font.width(text)
            if not full:
                c.fill_rect(4, 2, max(tw, self.status_w), font.line_height, theme.PANEL)
            c.text(font, text, 4, 2, theme.ACCENT)
            self.drawn_status = text
            self.status_w = tw
        # hint bar (the buttons named as this board presses them: ui.widgets.hints)
        text = None if quick else widgets.hints(app, self.hint_text())
        if text is not None and text != self.drawn_hint:
            fitted = font.fit(text, app.width - 2 * widgets.PAD)
            tw = font.width(fitted)
            if full:
                widgets.hint_bar(app, c, text)
            else:
                # The same pixels as widgets.hint_bar, repainting only where the text goes.
                hy = app.height - bottom + 2
                c.fill_rect(widgets.PAD, hy, max(tw, self.hint_w), font.line_height,
                            theme.PANEL)
                c.text(font, fitted, widgets.PAD, hy, theme.DIM)
            self.hint_w = tw
            self.drawn_hint = text
        # grid
        s = self.state
        viewer = self.human_seat() if not self.demo else -1
        m1, m2 = self.marked()
        show_cursor = self.my_turn() and self.mode != M_CHOICE
        targeting = self.mode == M_TARGET and self.my_turn()
        for slot in range(16):
            flags = 0
            if show_cursor and slot == self.cursor:
                flags |= CURSOR
            if slot == m1 or slot == m2:
                flags |= CURSOR
            if targeting:
                if slot == self.src:
                    flags |= PICKED
                elif slot not in self.targets:
                    flags |= DIMMED
            card = s.grid[slot]
            look = 0x80 | flags
            shown = self.flash_card(slot)
            if shown >= 0:
                card = shown
                flags = PICKED
                look = 0xC0 | flags
            elif card != rules.EMPTY:
                if s.up[slot]:
                    look |= 0x10
                elif viewer >= 0 and s.know[card] & (1 << viewer):
                    look |= 0x20
            if cells[2 * slot] == card and cells[2 * slot + 1] == look:
                continue
            cells[2 * slot] = card
            cells[2 * slot + 1] = look
            x = gx + (slot & 3) * cell_w
            y = gy + (slot >> 2) * cell_h
            if not full:
                c.fill_rect(x, y, cell_w, cell_h, theme.BG)
            if shown >= 0:
                draw_card(app, c, x, y, card_w, card_h, face_of(shown), flags)
            else:
                self.draw_slot_card(c, slot, x, y, card_w, card_h, flags, viewer)
        # side panel: the pile, both capture piles, the action and turn counters; each part
        # is drawn again only when what it shows changed (a reveal changes the action count
        # alone: ~2 ms instead of the panel's ~11 on the emulated RP2040)
        if quick:
            self.request_draw()     # the rest on the next frame
            return
        c0 = s.caps[0]
        c1 = s.caps[1]
        cur = s.current_player
        side = (len(s.pile), (len(c0), c0[-1] if c0 else -1, cur == 0),
                (len(c1), c1[-1] if c1 else -1, cur == 1), (cur >= 0, s.left), s.turn)
        old = self.drawn_side
        if side != old:
            self.draw_side(c, side_x, top + 2, app.width - side_x - 4,
                           app.height - top - bottom - 4, card_h,
                           [full or not old or side[i] != old[i] for i in range(5)])
            self.drawn_side = side

    def draw_slot_card(self, c, slot, x, y, w, h, flags, viewer):
        app = self.app
        s = self.state
        card = s.grid[slot]
        if card == rules.EMPTY:
            draw_slot(app, c, x, y, w, h, flags & CURSOR)
            return
        if s.up[slot]:
            draw_card(app, c, x, y, w, h, face_of(card), flags)
            return
        draw_back(app, c, x, y, w, h, flags)
        if viewer >= 0 and s.know[card] & (1 << viewer):
            # A card this player has seen (a Jack look, or put under the pile): a reminder.
            font = app.small
            label = card_name(card)
            tw = font.width(label) + 2
            c.fill_rect(x + 2, y + 2, tw, font.line_height, theme.CARD)
            s2 = card & 3
            c.text(font, label, x + 3, y + 2,
                   theme.RED if s2 == 1 or s2 == 2 else theme.INK)

    def draw_side(self, c, x, y, w, h, card_h, parts):
        """The side panel's parts whose flag in `parts` is set, each on its own cleared
        strip: the pile, seat 0's and seat 1's captures, the action count, the turn."""
        app = self.app
        s = self.state
        font = app.small
        lh = font.line_height
        rows = 3
        small_h = min(card_h, (h - 2 * lh) // rows - 2)
        small_w = card_width(small_h)
        row_h = small_h + 2
        left = x
        strip = app.width - x
        for i in range(3):
            if not parts[i]:
                continue
            seat = i - 1
            ry = y + i * row_h
            tx = x + small_w + 4
            c.fill_rect(left, ry - (2 if i == 0 else 0), strip, row_h + (2 if i == 0 else 0),
                        theme.BG)
            if seat < 0:
                if s.pile:
                    draw_back(app, c, x, ry, small_w, small_h)
                else:
                    draw_slot(app, c, x, ry, small_w, small_h)
                text = "%s %d" % (strings.t("m252.pile"), len(s.pile))
                color = theme.FG
            else:
                pile = s.caps[seat]
                if pile:
                    draw_card(app, c, x, ry, small_w, small_h, face_of(pile[-1]))
                else:
                    draw_slot(app, c, x, ry, small_w, small_h)
                text = "%s %d/12" % (self.name(seat), len(pile))
                color = theme.ACCENT if seat == s.current_player else theme.FG
                # A narrow panel: the name, and the count under it.
                two = font.width(text) > w - small_w - 4 and small_h >= 2 * lh
                ty = ry + (small_h - (2 if two else 1) * lh) // 2
                if seat == s.current_player:
                    c.fill_rect(tx, ty + (2 if two else 1) * lh, w - small_w - 4, 2,
                                theme.ACCENT)
                if two:
                    c.text(font, font.fit(self.name(seat), w - small_w - 4), tx, ty, color)
                    c.text(font, "%d/12" % len(pile), tx, ty + lh, color)
                    continue
            c.text(font, font.fit(text, w - small_w - 4), tx, ry + (small_h - lh) // 2, color)
        ty = y + 3 * row_h + 2
        if ty + 2 * lh <= y + h + 4:
            if parts[3]:
                c.fill_rect(left, ty - 2, strip, lh + 2, theme.BG)
                if s.current_player >= 0:
                    c.text(font, strings.t("m252.action") % (3 - s.left), x, ty, theme.FG)
            if parts[4]:
                c.fill_rect(left, ty + lh, strip, lh, theme.BG)
                c.text(font, strings.t("m252.turn") % s.turn, x, ty + lh, theme.DIM)


# -- the result ------------------------------------------------------------------------------


class ResultScene(Scene):
    """Who won, the captured cards, why it ended. A: Play again / Setup / Menu (kit.after;
    B on that choice comes back here), B: back to the setup screen."""

    def __init__(self, session, human, names):
        super().__init__()
        self.session = session
        self.human = human
        self.names = names

    def enter(self):
        self.session.clear_save()

    def lines(self):
        s = self.session.state
        sc = s.scores()
        h = self.human
        names = self.names
        out = []
        r = s.returns()[h]
        out.append(strings.t("you_win" if r == 1.0 else ("draw" if r == 0.5 else "you_lose")))
        out.append(strings.t("m252.final") % (names[h], sc[h], names[1 - h], sc[1 - h]))
        out.append(strings.t("m252.over_" + s.end_reason))
        out.append(strings.t("m252.turn") % s.turn)
        return out

    def button(self, b, kind):
        if kind != btn.PRESS:
            return
        app = self.app
        if b == btn.A:
            # Play again / Setup / Menu: the kit's flow after every game.
            from kit import after

            after.choose(app, self.session, Spec())
        elif b == btn.B or b == btn.MENU:
            app.pop()

    def draw(self, c, full):
        app = self.app
        c.clear(theme.BG)
        widgets.title_bar(app, c, strings.t("game_over"))
        widgets.hint_bar(app, c, strings.t("hint_result"))      # the same in every game
        x, y, w, h = widgets.content_box(app)
        s = self.session.state
        lines = self.lines()
        large = app.large
        ty = y + 4
        color = theme.ACCENT
        c.text(large, large.fit(lines[0], w - 8), x + 6, ty, color)
        ty += large.line_height + 2
        c.text(large, large.fit(lines[1], w - 8), x + 6, ty, theme.FG)
        ty += large.line_height + 2
        for line in lines[2:]:
            c.text(app.small, app.small.fit(line, w - 8), x + 6, ty, theme.DIM)
            ty += app.small.line_height
        # Both capture piles as rows of small overlapping cards, when there is room.
        room = y + h - ty - 4
        ch = min(36, (room - 4) // 2)
        if ch >= 16:
            cw = card_width(ch)
            for seat in range(2):
                pile = s.caps[seat]
                ry = ty + 2 + seat * (ch + 2)
                n = len(pile)
                if not n:
                    continue
                step = min(cw + 1, max(4, (w - 12 - cw) // max(1, n - 1)))
                for i in range(n):
                    draw_card(app, c, x + 6 + i * step, ry, cw, ch, face_of(pile[i]))
