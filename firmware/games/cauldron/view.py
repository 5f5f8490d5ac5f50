# Cauldron screens: the setup (kit.setup, declared as data), the board and the turn driver
# (kit.turns). The Perluceo look, the Recipes, the open cauldrons and the end screen are text
# screens built by games.cauldron.texts, imported only when one opens.
#
# The board: a status line on top, the 6x6 square with the pawn lanes around it on the left
# (each card shows its kind's picture, 12 px from gen/icons_cauldron.bin or 8 px from
# icons_cauldron_8.bin in the 240x135 board's small cells, its value and a colour stripe;
# spells and Immutos their codes; the corners are crossed), and on
# the right, per player, the colour, the top card of the cauldron, its size and the spells
# with uses left, then the pile count; a hint bar at the bottom. During your turn the cards
# you may take are lit and Up/Down (X/Y on the four-button board) walk through them: the
# faced line first, then, with an Accio, the other lines; A takes, B takes nothing when that
# is allowed. The place your pawn will reach next turn is framed in its lane. The table is a
# kit.table.Table: the pause menu (My recipes and Cauldrons are this game's rows), messages in
# step with the moves (in the status line), the first-game tip, the after-game choice and the
# end of Watch AI play are the kit's.

import gc
import sys

from micropython import const

from core import input as btn
from core import strings, theme
from core.icons import Icons
from games.cauldron import rules
from games.cauldron.board import EMPTY, LINE_CELLS
from games.cauldron.names import VALUES, card_code, card_name, line_name, names
from kit import table, turns
from ui import widgets

GAME_ID = "cauldron"
SEAT_COLOURS = (theme.YELLOW, theme.GREEN, theme.RED, theme.BLUE)
LOOK_CURSOR = const(1)
LOOK_LEGAL = const(2)
LOOK_LINE = const(4)
LOOK_LAST = const(8)
# The ingredients' pictures in gen/icons_cauldron.bin, by kind (card id // 4): literal names,
# so that drawing one allocates no string.
ICON_NAMES = ("cd_0", "cd_1", "cd_2", "cd_3", "cd_4", "cd_5", "cd_6", "cd_7", "cd_8", "cd_9",
              "cd_10", "cd_11", "cd_12", "cd_13", "cd_14", "cd_15", "cd_16", "cd_17")


def _load_ai():
    from games.cauldron import ai

    return ai


def Spec():  # noqa: N802 - the kit asks every view for its Spec (kit.setup.spec_of)
    """The game's setup declaration. Its class is made when it is asked for, so that the view
    does not hold kit.setup (3.6 KB on the emulated RP2040), which leaves the heap with the
    setup screen while the table plays (replace)."""
    from kit import setup

    class CauldronSpec(setup.Spec):
        game_id = GAME_ID
        options = (
            ("recipes", "cd.recipes", (False, True), ("cd.off", "cd.on"), False),
            ("open", "cd.open", (False, True), ("cd.off", "cd.open_on"), False),
        )
        demo_seats = ("normal", "hard")
        replace = True      # the setup screen and its modules leave the heap while it plays

        def rules_module(self):
            return rules

        def table(self, app, session, demo):
            return Table(session, demo)

    return CauldronSpec()


# -- the board (names of cards and lines: games.cauldron.names) ----------------------------


def stripe_colour(card):
    if card < 72 and card >> 3 < 4:
        return SEAT_COLOURS[card >> 3]
    return theme.DIM if card < 72 else theme.ACCENT


# -- the board ---------------------------------------------------------------------------------


class Table(table.Table):
    # kit.table.drop_ai; scoring too (games.cauldron.rules imports it when it scores): ~2.5
    # KB more room on a person's turn on the emulated RP2040
    ai_modules = ("games.cauldron.ai", "kit.sampling", "games.cauldron.scoring")
    # The text screens' modules (the Perluceo look, the Recipes, the end) and the questions'
    # leave the heap when the table is back on top (kit.table.Table.resume): the look's
    # first frame was the game's least free heap against Hard (emulated RP2040).
    screen_modules = ("games.cauldron.texts", "ui.textview", "ui.dialog", "kit.history")

    def __init__(self, session, demo=False):
        super().__init__(session, demo, _load_ai)
        self.ci = 0               # index into the human's targets
        self.asked = -1           # the turn a corner/keep question was last asked
        self.result_shown = False
        self.settled = False      # the heap collected at the first turn of yours (tick)
        self.geo = (0, 0, 0, 0, 0, 0, 0, 0)
        self.drawn = bytearray(72)   # per cell: card, look (0 = not drawn)
        self.drawn_status = None
        self.last_cell = -1       # where the last card was taken (shown until the next take)
        self.drawn_landing = -1
        self.drawn_hint = None
        self.moved = False        # a move since the last draw: side panel, pawns, hint again
        self.quick = False        # after a take: the next frame draws only its cell
        self.quick_cell = -1
        self.icons = None         # the ingredients' pictures (gen/icons_cauldron*.bin), table only
        self.icons8 = None        # the 8 px ones (icons_cauldron_8.bin) for 14 px cells
        self._tg = None           # the targets while a draw runs (targets)
        self.letters = ()         # the colour letters, one str each (made once: enter)
        self.codes = []           # the 18 kind codes (games.cauldron.names: its list, enter)
        self.widths = b""         # the kind codes' and values' widths (enter)

    def drop_ai(self):
        """The AI has decided, in the pause after a move of a person's game (kit.turns): its
        modules leave (kit.table) and its garbage goes now, while the pause hides the
        collection. Left for later it lay in the heap through the frames of the pause: one
        of them paid an automatic collection (a whole table in 142-302 ms on the emulated
        RP2040 against ~60). Not settled here (kit.turns.settle, whose free heap the rig
        reads): read this deep in the tick that decided, the heap was each time the game's
        least so far (to 48,320 B), the AI's modules likely kept by stale references on the
        stack; the turn driver collects and settles after the move. At the table's opening
        (no AI loaded yet): nothing to collect."""
        decided = "games.cauldron.ai" in sys.modules
        super().drop_ai()
        if decided:
            gc.collect()

    def me(self):
        seats = self.session.seats
        for i in range(len(seats)):
            if seats[i] == "human":
                return i
        return -1

    def name(self, seat):
        return self.names[seat]

    def message_band(self):
        """Messages go over the status line: the square is where you choose."""
        return 0, 0, self.app.width, self.geo[6]

    # -- layout -----------------------------------------------------------------------------
    def enter(self):
        app = self.app
        self.letters = tuple(strings.t("cd.colour_letters"))
        # text widths a cell needs, measured once (each measure is a native call): the 18
        # kind codes (small font), then the values 1-4 (large font)
        codes = self.codes = names("cd.codes", " ")
        self.widths = bytearray([app.small.width(k) for k in codes]
                                + [app.large.width(v) for v in VALUES])
        lh = app.small.line_height
        top = lh + 4
        bottom = widgets.hint_height(app)
        avail = app.height - top - bottom - 2
        lane = 7 if avail < 150 else 9
        ch = (avail - 2 * lane) // 6
        side_min = 90 if app.height < 200 else 72
        cw = (app.width - side_min - 2 * lane - 4) // 6
        if cw > ch + 6:
            cw = ch + 6
        bx = 2
        by = top + 1
        side_x = bx + 6 * cw + 2 * lane + 4
        self.geo = (bx, by, cw, ch, lane, side_x, top, bottom)
        if self.icons is None:
            # the 12 px pictures: in the cells where one fits above the value (240x240,
            # 320x240), and on the card held to be seen whole (games.cauldron.learn); where
            # the cells are 14 px tall (240x135) they show the 8 px ones beside the value
            gc.collect()  # before the packs' read, as in games.manufactory.view
            self.icons = self.read_icons("")
            if ch - 1 < 14 + app.large.line_height:
                self.icons8 = self.read_icons("_8")

    def read_icons(self, size):
        try:
            return Icons(self.app.platform.asset_dir + "/icons_cauldron%s.bin" % size)
        except OSError:   # no pack: the cards show their kind codes only
            return None

    # -- targets ----------------------------------------------------------------------------
    def targets(self):
        """The human's take actions, in order: the faced line, then Accio's (worked out once
        per draw: the draw asks for them for the looks, the landing and the cells)."""
        tg = self._tg
        if tg is not None:
            return tg
        s = self.state
        if not self.turns.human_to_move() or s.phase not in (rules.ACT, rules.DECL_TAKE):
            return []
        return [a for a in s.legal_actions() if a >> 8 in (rules.TAKE, rules.ACCIO)]

    def target_cell(self, a):
        arg = a & 0xFF
        return LINE_CELLS[arg // 6][arg % 6]

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
        self.ci = 0
        # Not the whole table (~90 ms on the emulated RP2040): the cells that changed (the
        # draw compares each with what it drew), the status line, the side panel, the pawns
        # and the hint bar.
        self.moved = True
        if action >> 8 in (rules.TAKE, rules.ACCIO):
            self.quick = True     # the cell taken from first (_draw)
            self.quick_cell = self.target_cell(action)
        self.request_draw()

    def play(self, action):
        self.act(action)

    def announce(self, seat, events):
        me = -1 if self.demo else self.me()
        parts = []
        look = False
        for ev in events:
            k = ev[0]
            who = ev[1] if len(ev) > 1 else seat
            you = who == me
            if k == "take" or k == "accio":
                self.app.sound("flip")
                self.last_cell = ev[3]
                key = "cd.ev_" + k + ("_you" if you else "")
                text = strings.t(key) % ((card_name(ev[4]),) if you else
                                         (self.name(who), card_name(ev[4])))
                parts.append(text)
            elif k in ("decl", "pass", "corner", "empty", "keep", "discard"):
                key = "cd.ev_" + k + ("_you" if you else "")
                parts.append(strings.t(key) if you else strings.t(key) % self.name(who))
            elif k == "vanish":
                if you:
                    parts.append(strings.t("cd.ev_vanish_you") % card_name(ev[2]))
                else:
                    parts.append(strings.t("cd.ev_vanish") % (self.name(who),
                                                              card_name(ev[2])))
            elif k == "look":
                if you:
                    look = True
                else:
                    parts.append(strings.t("cd.ev_look") % self.name(who))
            elif k == "over":
                parts.append(strings.t("cd.over_" + ev[1]))
        for p in parts:
            self.app.toast(p)
        if look:
            self.open_text("look")

    def open_text(self, what):
        from games.cauldron import texts

        title, body = texts.build(self, what)
        from ui.textview import TextView

        self.app.push(TextView(title, body))

    # -- buttons ----------------------------------------------------------------------------
    def press(self, b, kind):
        s = self.state
        if s.phase in (rules.CORNER_P, rules.P_KEEP):
            if kind == btn.PRESS and b == btn.A:
                self.ask()
            return
        tg = self.targets()
        if b in (btn.UP, btn.LEFT, btn.X) and tg:
            self.ci = (self.ci - 1) % len(tg)
            self.request_draw()
        elif b in (btn.DOWN, btn.RIGHT, btn.Y) and tg:
            self.ci = (self.ci + 1) % len(tg)
            self.request_draw()
        elif kind == btn.PRESS and b == btn.A and tg:
            self.act(tg[self.ci % len(tg)])
        elif kind == btn.PRESS and b == btn.B and (rules.PASS << 8) in s.legal_actions():
            from ui.dialog import Dialog

            self.app.push(Dialog(strings.t("cd.pass_q"), [strings.t("yes"),
                                                          strings.t("cancel")],
                                 lambda ch: self.act(rules.PASS << 8) if ch == 0 else None))

    def ask(self):
        """The corner (Declinatio?) and last-card (keep?) questions."""
        s = self.state
        self.asked = s.turn
        if s.phase == rules.CORNER_P:
            text = strings.t("cd.use_decl") % s.uses_left(s.current_player, 1)
            acts = [rules.DECL << 8, rules.PASS << 8]
            labels = [strings.t("cd.decl_yes"), strings.t("cd.decl_no")]
        else:
            text = strings.t("cd.keep_q") % card_name(s.held)
            acts = [rules.KEEP << 8, rules.DISCARD << 8]
            labels = [strings.t("cd.keep"), strings.t("cd.discard")]

        def done(ch):
            if 0 <= ch < len(acts):
                self.act(acts[ch])

        from ui.dialog import Dialog

        self.app.push(Dialog(text, labels, done))

    def menu_rows(self):
        """Your Recipes (with the Recipes variant), every cauldron (open cauldrons, or at the
        end)."""
        s = self.state
        rows = []
        if s.recipes and s.recipes[0] and not self.demo:
            rows.append((strings.t("cd.my_recipes"), lambda: self.open_text("recipes")))
        if s.open or s.is_over():
            rows.append((strings.t("cd.cauldrons"), lambda: self.open_text("cauldrons")))
        return rows

    # -- time -------------------------------------------------------------------------------
    def tick(self, now):
        what = self.turns.tick(now)
        if what == turns.OVER:
            # The last message read (kit.turns): the result text, then, when it is closed,
            # the choice every game offers (an all-AI game: the kit ends it).
            if self.demo or self.app.top is not self:
                pass
            elif not self.result_shown:
                self.result_shown = True
                self.session.clear_save()
                self.open_text("result")
            elif self.after_text is None:
                self.offer_after()
            return
        s = self.state
        if what == turns.HUMAN_TURN and not self.settled:
            # Your first turn, before any press: a collection now (later turns come after an
            # AI's move, which kit.turns collects). Left to itself the first automatic one fell
            # on a cursor press of the first turn (49 ms against ~20 on the emulated RP2040).
            self.settled = True
            gc.collect()
            turns.settle()
        if what == turns.HUMAN_TURN and self.app.top is self and self.asked != s.turn and \
                s.phase in (rules.CORNER_P, rules.P_KEEP):
            self.ask()

    # -- drawing ----------------------------------------------------------------------------
    def status_text(self):
        s = self.state
        if s.is_over():
            return strings.t("game_over")
        if self.turns.thinking:
            return self.name(s.current_player) + ": " + strings.t("thinking")
        if self.demo or not self.session.is_human_turn():   # (yours while the last move's
            return strings.t("cd.turn_of") % self.name(s.current_player)   # message is read)
        if s.phase == rules.CORNER_P:
            return strings.t("cd.your_corner")
        if s.phase == rules.P_KEEP:
            return strings.t("cd.your_keep")
        tg = self.targets()
        if tg:
            a = tg[self.ci % len(tg)]
            card = card_name(s.grid[self.target_cell(a)])
            if a >> 8 == rules.ACCIO:
                return strings.t("cd.accio_pick") % (card, line_name((a & 0xFF) // 6))
        key = "cd.your_decl" if s.phase == rules.DECL_TAKE else "cd.your_take"
        return strings.t(key) % line_name(s.line)

    def hint_text(self):
        s = self.state
        if self.demo or s.is_over():
            return self.hint(strings.t("cd.h_wait"))
        if not self.turns.human_to_move():
            return strings.t("cd.h_wait")
        if s.phase in (rules.CORNER_P, rules.P_KEEP):
            return strings.t("cd.h_ask")
        if (rules.PASS << 8) in s.legal_actions():
            return strings.t("cd.h_pass")
        return strings.t("cd.h_take")

    def looks(self):
        """Per cell its look flags now (cursor, legal target, faced line)."""
        out = bytearray(36)
        s = self.state
        tg = self.targets()
        for a in tg:
            out[self.target_cell(a)] |= LOOK_LEGAL
        if tg:
            out[self.target_cell(tg[self.ci % len(tg)])] |= LOOK_CURSOR
        if s.current_player >= 0 and s.line >= 0:
            for g in LINE_CELLS[s.line]:
                out[g] |= LOOK_LINE
        if self.last_cell >= 0:
            out[self.last_cell] |= LOOK_LAST
        return out

    def draw(self, c, full):
        self._tg = None
        self._tg = self.targets()
        try:
            self._draw(c, full)
        finally:
            self._tg = None

    def _draw(self, c, full):
        app = self.app
        font = app.small
        bx, by, cw, ch, lane, side_x, top, bottom = self.geo
        if full:
            drawn = self.drawn
            c.clear(theme.BG)
            c.fill_rect(0, 0, app.width, top, theme.PANEL)
            c.hline(0, top - 1, app.width, theme.EDGE)
            self.drawn_hint = self.hint_text()
            widgets.hint_bar(app, c, self.drawn_hint)
            for i in range(72):
                drawn[i] = 0
            self.drawn_status = None
            self.draw_lanes(c)
            self.draw_side(c)
        elif self.quick:
            # After a take, its cell alone first (the card gone shows ~50 ms sooner on the
            # emulated RP2040); the other cells' looks, the status, side panel, pawns and
            # hint on the next frame.
            self.quick = False
            self.draw_cells(c, self.quick_cell)
            self.request_draw()
            return
        elif self.moved:
            c.fill_rect(side_x, top, app.width - side_x, app.height - bottom - top, theme.BG)
            self.draw_side(c)
            self.draw_lanes(c, True)
            hint = self.hint_text()
            if hint != self.drawn_hint:
                self.drawn_hint = hint
                widgets.hint_bar(app, c, hint)
        self.moved = False
        self.quick = False
        text = font.fit(self.status_text(), app.width - 8)
        if text != self.drawn_status:
            c.fill_rect(0, 0, app.width, top - 1, theme.PANEL)
            c.text(font, text, 4, 2, theme.ACCENT)
            self.drawn_status = text
        if not full and self.landing() != self.drawn_landing:
            self.draw_lanes(c, True)
        self.draw_cells(c, -1, full)

    def draw_cells(self, c, only=-1, clean=False):
        """The cells whose card or look changed since they were drawn (cell `only` alone);
        `clean`: a whole frame, the canvas cleared and marked whole (draw_cell)."""
        drawn = self.drawn
        grid = self.state.grid
        looks = self.looks()
        for g in range(36) if only < 0 else (only,):
            card = grid[g]
            look = 0x80 | looks[g]
            if drawn[2 * g] == card and drawn[2 * g + 1] == look:
                continue
            drawn[2 * g] = card
            drawn[2 * g + 1] = look
            self.draw_cell(c, g, card, looks[g], clean)

    def cell_xy(self, g):
        bx, by, cw, ch, lane, _sx, _t, _b = self.geo
        return bx + lane + (g % 6) * cw, by + lane + (g // 6) * ch

    def draw_cell(self, c, g, card, look, clean=False):
        """One place of the square. A whole table draws 36 of them (~50 ms of its ~60 on the
        emulated RP2040 when each drawing went through the canvas), so the cell is marked
        once, as a whole: by its background fill, or, in a whole frame (`clean`), by the
        canvas's clear; what lies inside it goes straight to the FrameBuffer (c.fb), with the
        fonts' and the pictures' own draw (what Canvas.text and Canvas.icon call, less their
        marks and, for a picture, its size looked up)."""
        app = self.app
        font = app.small
        geo = self.geo
        cw = geo[2]
        ch = geo[3]
        x = geo[0] + geo[4] + (g % 6) * cw
        y = geo[1] + geo[4] + (g // 6) * ch
        w = cw - 1
        h = ch - 1
        if not clean:
            c.fill_rect(x, y, cw, ch, theme.BG)
        fb = c.fb
        if card == EMPTY:
            fb.rect(x + 1, y + 1, w - 2, h - 2, theme.PANEL)
        elif card >= 84:
            fb.fill_rect(x, y, w, h, theme.PANEL)
            fb.line(x + 2, y + 2, x + w - 3, y + h - 3, theme.EDGE)
            fb.line(x + w - 3, y + 2, x + 2, y + h - 3, theme.EDGE)
        else:
            # (self._tg: the targets of the draw running, see draw)
            dim = look & LOOK_LINE and not look & LOOK_LEGAL and self._tg
            fb.fill_rect(x, y, w, h, theme.PANEL if dim else theme.CARD)
            ink = theme.INK
            if card < 72:
                fb.fill_rect(x, y, 3, h, SEAT_COLOURS[card >> 3] if card < 32 else theme.DIM)
                code = self.codes[card >> 2]
                val = VALUES[card & 3]
            else:
                fb.fill_rect(x, y, 3, h, theme.ACCENT)
                code, val = card_code(card)
                if 74 <= card < 84:
                    ink = theme.BLUE if card < 78 else theme.RED
            icons = self.icons
            large = app.large
            if card < 72 and icons is not None and h >= 14 + large.line_height:
                # the ingredient's picture, and its code beside it when the cell is wide
                icons.draw(fb, ICON_NAMES[card >> 2], x + 4, y + 2, ink)
                if w - 19 >= self.widths[card >> 2]:
                    font.text(fb, code, x + 18, y + 3, ink, c)
            elif h >= font.line_height + large.line_height:
                font.text(fb, code, x + 4, y + 1, ink, c)
            if h >= font.line_height + large.line_height:
                if val:
                    vw = self.widths[18 + (card & 3)] if card < 72 else large.width(val)
                    large.text(fb, val, x + w - vw - 2, y + h - large.line_height, ink, c)
                if card < 72:
                    font.text(fb, self.letters[card >> 3], x + 4, y + h - font.line_height - 1,
                              theme.DIM, c)
            elif card < 72 and self.icons8 is not None:
                # the 8 px picture, its value beside it
                self.icons8.draw(fb, ICON_NAMES[card >> 2], x + 4, y + (h - 8) // 2, ink)
                font.text(fb, val, x + w - font.width(val) - 1, y + (h - font.line_height) // 2,
                          ink, c)
            else:
                font.text(fb, font.fit(code + val, w - 4), x + 4,
                          y + (h - font.line_height) // 2, ink, c)
        if look & LOOK_LAST:
            # the place the last card was taken from: a corner mark
            fb.fill_rect(x + w - 5, y, 5, 2, theme.WARN)
            fb.fill_rect(x + w - 2, y, 2, 5, theme.WARN)
        if look & LOOK_CURSOR:
            fb.rect(x, y, w, h, theme.ACCENT)
            fb.rect(x + 1, y + 1, w - 2, h - 2, theme.ACCENT)
        elif look & LOOK_LEGAL:
            fb.rect(x, y, w, h, theme.SEL)
        elif look & LOOK_LINE and card != EMPTY and card < 84:
            fb.rect(x, y, w, h, theme.EDGE)

    def lane_rect(self, p):
        bx, by, cw, ch, lane, _sx, _t, _b = self.geo
        if p <= 5:
            return bx + lane + p * cw, by, cw - 1, lane - 1
        if p < 10:
            return bx + lane + 6 * cw + 1, by + lane + (p - 5) * ch, lane - 1, ch - 1
        if p <= 15:
            return bx + lane + (15 - p) * cw, by + lane + 6 * ch + 1, cw - 1, lane - 1
        return bx, by + lane + (20 - p) * ch, lane - 1, ch - 1

    def landing(self):
        """Where your pawn will be at your next turn (-1: not shown): during your turn, if you
        take the card under the cursor (its value, or an Immuto's stay, decides it)."""
        s = self.state
        me = -1 if self.demo else self.me()
        if me < 0 or s.is_over():
            return -1
        tg = self.targets()
        if tg:
            card = s.grid[self.target_cell(tg[self.ci % len(tg)])]
            if card < 72:
                return (s.pawns[me] + (card & 3) + 1) % 20
            if card < 74:
                return s.pawns[me]
        return s.next_place(me)[0]

    def draw_lanes(self, c, clear=False):
        s = self.state
        if clear:
            bx, by, cw, ch, lane, _sx, _t, _b = self.geo
            size = 6 * cw + 2 * lane
            c.fill_rect(bx, by, size, lane, theme.BG)
            c.fill_rect(bx, by + lane + 6 * ch, size, lane + 1, theme.BG)
            c.fill_rect(bx, by + lane, lane, 6 * ch, theme.BG)
            c.fill_rect(bx + lane + 6 * cw, by + lane, lane + 1, 6 * ch, theme.BG)
        p = self.landing()
        self.drawn_landing = p
        if p >= 0:
            x, y, w, h = self.lane_rect(p)
            c.rect(x, y, w, h, theme.ACCENT)
        counts = bytearray(20)
        for seat in range(s.num_players):
            p = s.pawns[seat]
            x, y, w, h = self.lane_rect(p)
            k = counts[p]
            counts[p] += 1
            size = min(w, h) - 2
            if size < 3:
                size = 3
            if w >= h:
                px, py = x + 1 + k * (size + 1), y + 1
            else:
                px, py = x + 1, y + 1 + k * (size + 1)
            c.fill_rect(px, py, size, size, SEAT_COLOURS[s.colours[seat]])
            if seat == s.current_player:
                c.rect(px, py, size, size, theme.FG)

    def draw_side(self, c):
        app = self.app
        font = app.small
        lh = font.line_height
        s = self.state
        _bx, by, _cw, _ch, _l, x, top, bottom = self.geo
        w = app.width - x - 2
        y = by
        tall = app.height >= 200
        for seat in range(s.num_players):
            col = SEAT_COLOURS[s.colours[seat]]
            c.fill_rect(x, y + 1, 6, lh - 2, col)
            t = s.top(seat)
            top_txt = "".join(card_code(t)) if t != EMPTY else "-"
            name = self.name(seat)
            c.text(font, font.fit(name, w - 10 - font.width(top_txt) - 4), x + 9, y,
                   theme.ACCENT if seat == s.current_player else theme.FG)
            if t != EMPTY:
                tw = font.width(top_txt) + 4
                c.fill_rect(x + w - tw, y, tw, lh, theme.CARD)
                c.fill_rect(x + w - tw, y, 2, lh, stripe_colour(t))
                c.text(font, top_txt, x + w - tw + 3, y, theme.INK)
            y += lh
            n = len(s.cauldrons[seat])
            line = strings.t("cd.card1" if n == 1 else "cd.cards") % n
            a = s.uses_left(seat, 0)
            d = s.uses_left(seat, 1)
            uses = (" A%d" % a if a else "") + (" D%d" % d if d else "")
            if tall:
                # "17 cartes A2 D3" is wider than the panel of a 240-high board: the spells'
                # uses left go on a line of their own there, where the panel has the room.
                c.text(font, line, x + 4, y, theme.DIM)
                y += lh
                line = uses[1:]
            else:
                line += uses
            c.text(font, font.fit(line, w - 4), x + 4, y, theme.DIM)
            y += lh + (3 if tall else 1)
        c.text(font, font.fit(strings.t("cd.pile") % len(s.pile), w), x, y, theme.FG)
