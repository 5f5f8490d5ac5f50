# Manufactory screens: the setup (kit.setup, declared as data), the table and the turn driver
# (kit.turns). The choosers (which colour to declare, which card to give up), the groups now
# and the end screen are in games.manufactory.screens, imported when one opens.
#
# The table: a status line on top; the conveyor, its two free front parts apart from the two
# back parts (their cost written over them) and the deck with its count; the part under the
# cursor (name, colours, mana) and the race of its colour(s) ("Blue: you 4, East 3"); the
# groups of every player (count and highest mana per colour) with the score if the game
# ended now; a hint bar. Left/Right (X/Y on the four-button board) move along the conveyor,
# A drafts. An AI's draft is shown lifted off the belt for a moment and announced. The table
# is a kit.table.Table: the pause menu (Standings is this game's row), messages in step with
# the moves (in the status line), the first-game tip, the after-game choice and the end of
# Watch AI play are the kit's.

import gc

from micropython import const

from core import input as btn
from core import strings, theme
from core.icons import Icons
from games.manufactory import cards, rules
from games.manufactory.names import BG_INK, FACE_INK, colours_text, group_name, letters, part_name
from kit import seat_names, table, turns
from kit.actions import encode
from ui import widgets
from ui.cardback import draw_back  # here, not in the first draw (its import compiles native code)

GAME_ID = "manufactory"
ANIM_MS = const(450)


def _load_ai():
    from games.manufactory import ai

    return ai


def _first_label(value, values):
    """Who starts: Random, You, or the seat after yours by its name at the table (West with
    three or four players, North with two: kit.seat_names)."""
    if value == 0:
        return strings.t("mf.first_you")
    if value == 1:
        n = values.get("players", 2)
        return seat_names(["human"] + ["normal"] * (n - 1))[1]
    return strings.t("mf.first_random")


def Spec():  # noqa: N802 - the kit asks every view for its Spec (kit.setup.spec_of)
    """The game's setup declaration. Its class is made when it is asked for, so that the view
    does not hold kit.setup (3.6 KB on the emulated RP2040), which leaves the heap with the
    setup screen while the table plays (replace)."""
    from kit import setup

    class ManufactorySpec(setup.Spec):
        game_id = GAME_ID
        options = (
            setup.LEVEL_ROWS,
            ("first", "mf.first", ("random", 0, 1), _first_label, "random"),
        )
        demo_seats = ("normal", "hard")
        replace = True      # the setup screen and its modules leave the heap while the table plays
        high_scores = auto_scores = True    # best results, kept and shown by the kit (kit.stats)

        def rules_module(self):
            return rules

        def table(self, app, session, demo):
            if not demo:
                # The choosers' module is imported once now and let go at once: the names it
                # interns stay (MicroPython's qstr pool), and a pool that fills up is followed by
                # one twice its size (1,280 entries, about 9 KB in one piece). When the first
                # chooser's import was the one to need it, a minute of play had cut the heap into
                # smaller runs: MemoryError ('allocating 1280 bytes') with 58 KB free, with the
                # setup screen and the AI let go (emulated RP2040, tools.rig.play manufactory
                # --ms 120000). Interned now, the pool grows earlier, on a heap less cut up.
                from core import modules
                from games.manufactory import screens  # noqa: F401

                modules.drop("games.manufactory.screens")
                modules.drop("ui.menu")
                modules.drop("ui.scroll")
            return Table(session, demo)

    return ManufactorySpec()


# -- the table -------------------------------------------------------------------------------


class Table(table.Table):
    ai_modules = ("games.manufactory.ai", "games.manufactory.forecast",
                  "games.manufactory.drafts", "games.manufactory.endgame", "kit.sampling")
    # A chooser's, the standings' and the pause menu's modules leave the heap when the table
    # is back on top (kit.table.Table.resume): held after the first chooser, with the AI,
    # they made the game's least free heap 29-33 KB against Hard (emulated RP2040,
    # tools.rig.play manufactory --ms 120000). ui.scroll is ui.menu's.
    screen_modules = ("games.manufactory.screens", "ui.menu", "ui.scroll")

    def __init__(self, session, demo=False):
        super().__init__(session, demo, _load_ai)
        self.cursor = 0
        self.anim = None          # [action, slot, seat, start ms or None]: an AI draft shown
        self.draft = [-1, -1]     # this draft so far: the card taken, the card given up
        self.asked = False        # a chooser is open for the human
        self.result_shown = False
        self.geo: tuple = ()
        self.icons = None         # the parts' pictures (gen/icons_manufactory.bin), table only
        self.cursor_only = False  # only the cursor moved since the last frame (see draw)
        self.drawn_cursor = -1    # the belt slot last drawn with the cursor (-1: none)
        self.info_w = 0           # where the lines about the part end (draw_info)
        self.quick = -1           # after a draft: the belt slot it emptied (see draw), else -1
        self.rest = False         # the quick frame was sent, the whole table not yet (tick)
        self.help_lines = None    # mf.table_help wrapped to the screen, once (see draw_groups)

    def me(self):
        seats = self.session.seats
        for i in range(len(seats)):
            if seats[i] == "human":
                return i
        return -1

    def name(self, seat):
        return self.names[seat]

    def message_band(self):
        """Messages go over the status line (and the belt's labels, where there are): the
        belt is where you choose, and the score rows below it stay in view."""
        return 0, 0, self.app.width, self.geo[0] + self.geo[2]

    # -- layout -----------------------------------------------------------------------------
    def enter(self):
        app = self.app
        if self.icons is None:
            gc.collect()  # before the pack's read (tools.memcheck, a demo game: 129wK -> 126wK)
            try:
                self.icons = Icons(app.platform.asset_dir + "/icons_manufactory.bin")
            except OSError:   # no pack: the cards are drawn without their pictures
                pass
        lh = app.small.line_height
        top = lh + 4
        bottom = app.height - widgets.hint_height(app)
        n = self.state.num_players
        rows = n + 1
        small = app.height < 200
        label_h = 0 if small else lh + 2
        # the part under the cursor; below it, where there is room, the race of each of its
        # colours (a line each when one line cannot hold both)
        info_h = lh * (1 if small else 3) + 2
        table_h = rows * lh + 2
        card_h = bottom - top - label_h - info_h - table_h - 8
        if card_h > 64:
            card_h = 64
        card_w = (app.width - 8 - 16 - 10) // 5
        if card_w > card_h - 4:
            card_w = card_h - 4
        card_w &= ~1
        belt_y = top + 2 + label_h
        xs = []
        x = 4
        for slot in range(4):
            xs.append(x)
            x += card_w + (12 if slot == 1 else 4)
        deck_x = x + 8
        info_y = belt_y + card_h + 4
        table_y = info_y + info_h
        self.geo = (top, bottom, label_h, belt_y, card_w, card_h, xs, deck_x, info_y, info_h,
                    table_y, small)

    # -- acting -----------------------------------------------------------------------------
    def act(self, action):
        s = self.state
        seat = s.current_player
        slide = -1
        try:
            self.turns.act(action)
        except ValueError as exc:
            self.refuse(exc)
            return False
        for ev in s.events:
            k = ev[0]
            if k == "take":
                self.app.sound("flip")
                self.draft[0] = ev[3]
            elif k == "discard":
                self.draft[1] = ev[2]
            elif k == "slide":
                self.announce(seat)
                self.draft = [-1, -1]
                slide = ev[2]
        if self.cursor >= len(s.belt):
            self.cursor = max(0, len(s.belt) - 1)
        if s.phase == rules.ACT:
            self.asked = False
        # A draft made: first the part taken leaves the belt (its place cleared, ~1 ms to draw
        # on the emulated RP2040; the whole belt was ~15 ms), the whole table on the next
        # frame (draw), before the AI decides (tick).
        self.request_draw()
        self.quick = slide
        return True

    def announce(self, seat):
        card, given = self.draft
        if card < 0:
            return
        t = strings.t
        you = seat == self.me() and not self.demo
        who = () if you else (self.name(seat),)
        sfx = "_you" if you else ""
        part = part_name(card)
        grp = group_name(self.state.group[card])
        texts = [t("mf.ev_take" + sfx) % (who + (part, grp))]
        if given >= 0:
            gone = part_name(given)
            texts.insert(0, t("mf.ev_back" + sfx) % (who + (gone, part, grp)))
            texts.insert(1, t("mf.ev_give" + sfx) % (who + (gone, part)))
        texts.append(t("mf.ev_part" + sfx) % (who + (part,)))
        self.say(texts)

    def say(self, texts):
        """The first of `texts` (the fullest first) whole in the message band; the History
        keeps the first. The small screen's band is one line: there the draft's colour, then
        the part given up, give way (the groups table shows the colour)."""
        app = self.app
        band = app.band_of(self)
        for text in texts:
            if not app.lines_in(text, band[2], band[3])[-1].endswith("\u2026"):
                break
        else:
            text = texts[-1]
        app.toast(text, log=None if text is texts[0] else texts[0])

    def play(self, action):
        """An AI's action: a draft is first shown lifted off the belt (see tick)."""
        s = self.state
        if s.phase == rules.ACT:
            self.anim = [action, action & 3, s.current_player, None]
            self.request_draw()
            return True
        self.act(action)
        return False

    def draft_slot(self, slot):
        """The human drafts the part at `slot`: the choosers first, then the actions."""
        s = self.state
        if slot >= len(s.belt):
            return
        card = s.belt[slot]
        seat = s.current_player
        if slot >= rules.FREE and not s.coll[seat]:
            self.say((strings.t("mf.no_back"), strings.t("mf.no_back_short")))
            return
        def with_group(given):
            if rules.is_wild(card):
                from games.manufactory import screens

                screens.declare(self, card, lambda g: self.finish(slot, given, g))
            else:
                self.finish(slot, given, rules.plain_group(card))

        if slot >= rules.FREE:
            # The screens module only when a question is asked: its import took ~30 ms of
            # a plain draft's first visible effect on the emulated RP2040.
            from games.manufactory import screens

            screens.give_up(self, seat, card, with_group)
        else:
            with_group(-1)

    def finish(self, slot, given, g):
        """Apply the draft (take, give up, declare) once the choices are made; g < 0: ask
        the colour when it is needed (a draft resumed after the give-up)."""
        s = self.state
        if s.phase == rules.ACT and not self.act(slot):
            return
        if s.phase == rules.P_DISCARD and not self.act(encode(rules.DISCARD, given)):
            return
        if s.phase == rules.P_DECLARE:
            if g < 0:
                from games.manufactory import screens

                screens.declare(self, s.belt[s.slot], lambda g2: self.finish(slot, -1, g2))
                return
            self.act(encode(rules.DECLARE, g))

    def resume_choice(self):
        """A draft left half-made (a resumed save): ask what is left of it."""
        from games.manufactory import screens

        s = self.state
        slot = s.slot
        card = s.belt[slot]
        self.asked = True
        if s.phase == rules.P_DISCARD:
            screens.give_up(self, s.current_player, card,
                            lambda given: self.finish(slot, given, -1))
        else:
            screens.declare(self, card, lambda g: self.finish(slot, -1, g))

    # -- buttons ----------------------------------------------------------------------------
    def press(self, b, kind):
        s = self.state
        n = len(s.belt)
        if not n:
            return
        if b in (btn.LEFT, btn.UP, btn.X):
            self.move_cursor((self.cursor - 1) % n)
        elif b in (btn.RIGHT, btn.DOWN, btn.Y):
            self.move_cursor((self.cursor + 1) % n)
        elif b == btn.A and kind == btn.PRESS:
            if s.phase == rules.ACT:
                self.draft_slot(self.cursor)
            else:
                self.resume_choice()

    def move_cursor(self, slot):
        """The cursor to `slot`: the next frame redraws the belt and the lines about the part
        (a cursor move in ~10 ms, not the whole table's ~50 ms: the time from a press to its
        frame is what a player feels)."""
        self.cursor = slot
        if not self.redraw:
            self.cursor_only = True
        self.redraw = True

    def request_draw(self):
        self.cursor_only = False
        super().request_draw()

    def invalidate(self):
        self.cursor_only = False
        super().invalidate()

    def drop_ai(self):
        """An AI has decided (kit.turns, mostly during the pause after the move before): its
        modules go, and its garbage is collected now, not by the next frame's first
        allocation (the frame showing the AI's draft took 80-90 ms instead of ~45 on the
        emulated RP2040 when the collection fell in it); settled, as kit.turns does after
        its own collections (a sieved heap makes every call of that frame slow)."""
        super().drop_ai()
        if self.app is not None:
            if self.icons is not None:
                # the pictures of parts gone from the belt: up to ~1.5 KB late in a game
                self.icons.forget()
            gc.collect()
            turns.settle()

    def menu_rows(self):
        """Standings: the groups table as it stands."""
        def standings():
            from games.manufactory import screens

            self.app.push(screens.Standings(self.session, self.names, False))

        return ((strings.t("mf.standings"), standings),)

    # -- time -------------------------------------------------------------------------------
    def tick(self, now):
        if self.rest:
            return      # the whole table after a draft's quick frame comes first (draw)
        anim = self.anim
        if anim is not None:
            if self.app.top is not self:
                return
            if anim[3] is None:
                anim[3] = now
                return
            if now - anim[3] < ANIM_MS:
                return
            self.anim = None
            self.act(anim[0])
            return
        what = self.turns.tick(now)
        if what == turns.OVER:
            # The last message read (kit.turns): the final standings (an all-AI game: the
            # kit ends it).
            if not self.demo and not self.result_shown and self.app.top is self:
                self.result_shown = True
                self.session.clear_save()
                from games.manufactory import screens

                self.app.replace(screens.Standings(self.session, self.names, True))
            return
        if what == turns.HUMAN_TURN and self.app.top is self and not self.asked and \
                self.state.phase != rules.ACT:
            self.resume_choice()

    # -- drawing ----------------------------------------------------------------------------
    def status_text(self):
        s = self.state
        if s.is_over():
            return strings.t("game_over")
        if self.anim is not None:
            return strings.t("mf.drafts") % (self.name(self.anim[2]),
                                             part_name(s.belt[self.anim[1]]))
        if self.turns.thinking:
            return self.name(s.current_player) + ": " + strings.t("thinking")
        if not self.demo and self.session.is_human_turn():     # (also while the last
            return strings.t("mf.your_turn")                     # move's message is read)
        return strings.t("mf.turn_of") % self.name(s.current_player)

    def shown_slot(self):
        """The slot the info lines describe: the AI's draft, else the cursor."""
        if self.anim is not None:
            return self.anim[1]
        s = self.state
        if s.phase != rules.ACT and s.slot >= 0:
            return s.slot
        return self.cursor if self.turns.human_to_move() else -1

    def draw(self, c, full):
        app = self.app
        (top, bottom, label_h, belt_y, card_w, card_h, xs, deck_x, info_y, info_h, table_y,
         small) = self.geo
        s = self.state
        font = app.small
        lh = font.line_height
        quick = self.quick
        self.quick = -1
        if quick >= 0 and not full:
            # A draft's first frame: the part taken leaves its place (lifted when an AI took
            # it); the whole table, the belt slid on, in the next frame.
            y = belt_y - 4 if belt_y - 4 > top else top
            c.fill_rect(xs[quick], y, card_w, belt_y + card_h - y, theme.BG)
            self.invalidate()
            self.rest = True
            return
        self.rest = False
        if self.cursor_only and not full:
            self.cursor_only = False
            # Only the cursor moved: the frame of the part it left and of the part it reached
            # (the same pixels as the whole draw: a part's face keeps off its frame, and the
            # corners no cursor changes), and the lines about that one.
            shown = self.shown_slot()
            mine = self.turns.human_to_move()
            now = shown if mine else -1
            for slot in (self.drawn_cursor, now):
                if 0 <= slot < len(s.belt):
                    self.draw_frame(c, xs[slot], belt_y, card_w, card_h, slot == now,
                                    slot >= rules.FREE)
            self.drawn_cursor = now
            # the old lines go (as wide as they were: fewer pixels to send), the new come
            c.fill_rect(0, info_y, self.info_w, info_h, theme.BG)
            self.draw_info(c, shown, info_y, small)
            return
        self.cursor_only = False
        c.clear(theme.BG)
        c.fill_rect(0, 0, app.width, top, theme.PANEL)
        c.hline(0, top - 1, app.width, theme.EDGE)
        c.text(font, font.fit(self.status_text(), app.width - 8), 4, 2, theme.ACCENT)
        widgets.hint_bar(app, c, self.hint(strings.t("mf.h_turn" if self.turns.human_to_move()
                                                     else "mf.h_wait")))
        if label_h:
            c.text(font, font.fit(strings.t("mf.free"), 2 * card_w), xs[0], top + 1, theme.DIM)
            c.text(font, font.fit(strings.t("mf.cost"), 2 * card_w + 4), xs[2], top + 1,
                   theme.WARN)
        else:
            c.vline(xs[2] - 7, belt_y, card_h, theme.WARN)
        self.draw_belt(c)
        # the deck
        dw = min(card_w, app.width - deck_x - 4)
        if s.deck:
            draw_back(app, c, deck_x, belt_y, dw, card_h - lh - 2)
        else:
            c.round_rect(deck_x, belt_y, dw, card_h - lh - 2, theme.EDGE, False)
        text = "%s %d" % (strings.t("mf.deck"), len(s.deck)) if dw > 40 else str(len(s.deck))
        c.text(font, font.fit(text, app.width - deck_x), deck_x, belt_y + card_h - lh,
               theme.FG)
        self.draw_info(c, self.shown_slot(), info_y, small)
        self.draw_groups(c, table_y)

    def draw_belt(self, c):
        """The parts on the belt (the one the cursor or an AI's draft is on, lifted for a
        draft), or the empty places."""
        s = self.state
        (_top, _bottom, _lh, belt_y, card_w, card_h, xs, _dx, _iy, _ih, _ty,
         _small) = self.geo
        shown = self.shown_slot()
        mine = self.turns.human_to_move()
        self.drawn_cursor = -1
        for slot in range(4):
            x = xs[slot]
            if slot >= len(s.belt):
                c.round_rect(x, belt_y, card_w, card_h, theme.EDGE, False)
                continue
            lift = 4 if self.anim is not None and slot == self.anim[1] else 0
            cursor = slot == shown and (mine or lift)
            if cursor:
                self.drawn_cursor = slot
            self.draw_part(c, s.belt[slot], x, belt_y - lift, card_w, card_h, cursor,
                           slot >= rules.FREE)

    def draw_info(self, c, shown, info_y, small):
        """The part described, and its race(s); info_w: where the lines end, at most."""
        s = self.state
        self.info_w = 0
        if 0 <= shown < len(s.belt):
            app = self.app
            font = app.small
            card = s.belt[shown]
            w = c.text(font, font.fit(strings.t("mf.card") % (
                part_name(card), colours_text(card), rules.MANA[card]), app.width - 8),
                4, info_y, theme.FG)
            if not small:
                room = app.width - 8
                parts = self.race_parts(card)
                lines = ["; ".join(parts)]
                if font.width(lines[0]) > room:
                    lines = parts
                y = info_y
                for line in lines:
                    y += font.line_height
                    end = c.text(font, font.fit(line, room), 4, y, theme.DIM)
                    if end > w:
                        w = end
            self.info_w = w

    def draw_part(self, c, card, x, y, w, h, cursor, back):
        app = self.app
        font = app.small
        lh = font.line_height
        c.round_rect(x, y, w, h, theme.CARD)
        self.draw_frame(c, x, y, w, h, cursor, back)
        m = rules.OPTIONS[card]
        gs = [g for g in range(6) if m >> g & 1]
        band = 6 if h >= 40 else 4
        bw = (w - 6) // len(gs)
        for i in range(len(gs)):
            c.fill_rect(x + 3 + i * bw, y + 3, bw, band, FACE_INK[gs[i]])
        lt = letters()
        text = "*" if len(gs) == 6 else "/".join([lt[g] for g in gs])
        c.text(font, font.fit(text, w - 6), x + 3, y + band + 4, theme.INK)
        big = app.large
        mana = str(rules.MANA[card])
        tw = big.width(mana)
        my = y + band + 4 + lh
        end = y + h - 2
        icons = self.icons
        if icons is not None and my + big.line_height <= end:
            # the part's picture: above the mana value when there is room, else beside it
            name = cards.ICON_NAMES[cards.ICON[card]]  # the pack's names are the deck's
            if my + 13 + big.line_height <= end:
                c.icon(icons, name, x + (w - 12) // 2, my + 1, theme.INK)
                my += 13
                c.text(big, mana, x + (w - tw) // 2, my + (end - my - big.line_height) // 2,
                       theme.INK)
            else:
                c.icon(icons, name, x + 4, my + (end - my - 12) // 2, theme.INK)
                c.text(big, mana, x + w - tw - 4, my + (end - my - big.line_height) // 2,
                       theme.INK)
        elif my + big.line_height <= y + h - 2:
            c.text(big, mana, x + (w - tw) // 2, my + (y + h - my - big.line_height) // 2,
                   theme.INK)
        else:
            c.text(font, mana, x + w - font.width(mana) - 3, y + band + 4, theme.INK)

    def draw_frame(self, c, x, y, w, h, cursor, back):
        """A part's frame, two pixels wide with the cursor on it, else one (the pixel inside
        it the card's: what a part's face leaves there)."""
        if cursor:
            c.round_rect(x, y, w, h, theme.SEL, False)
            c.rect(x + 1, y + 1, w - 2, h - 2, theme.SEL)
        else:
            c.rect(x + 1, y + 1, w - 2, h - 2, theme.CARD)
            c.round_rect(x, y, w, h, theme.WARN if back else theme.EDGE, False)

    def race_parts(self, card):
        """["Blue: You 4, East 3"]: who holds how many parts of each colour the part may join
        (two at most; most first, then in seat order)."""
        s = self.state
        m = rules.OPTIONS[card]
        gs = [g for g in range(6) if m >> g & 1]
        if len(gs) > 2:
            return [strings.t("mf.land")]
        out = []
        for g in gs:
            counts = []
            for p in range(s.num_players):
                k = 0
                for c in s.coll[p]:
                    if s.group[c] == g:
                        k += 1
                if k:
                    counts.append((-k, p))
            counts.sort()
            if counts:
                text = ", ".join(["%s %d" % (self.name(p), -k) for k, p in counts])
                out.append(strings.t("mf.race") % (group_name(g), text))
            else:
                out.append(strings.t("mf.race_none") % group_name(g))
        return out

    def draw_groups(self, c, y):
        """One row per player: name, count/top mana per colour, the score now."""
        app = self.app
        s = self.state
        font = app.small
        lh = font.line_height
        n = s.num_players
        cnt, top = s.keys()
        totals = s.scores()
        name_w = min(56, app.width // 5)
        pts_w = font.width("99") + 6
        cell = (app.width - 4 - name_w - pts_w) // 6
        lt = letters()
        for g in range(6):
            c.text(font, lt[g], 4 + name_w + g * cell, y, BG_INK[g])
        c.text(font, strings.t("mf.pts"), app.width - pts_w, y, theme.DIM)
        for p in range(n):
            ry = y + (p + 1) * lh
            colour = theme.ACCENT if p == s.current_player else theme.FG
            c.text(font, font.fit(self.name(p), name_w - 2), 4, ry, colour)
            for g in range(6):
                k = cnt[p * 6 + g]
                text = "%d/%d" % (k, top[p * 6 + g]) if k else "-"
                if font.width(text) > cell - 1:
                    text = str(k) if k else "-"
                c.text(font, text, 4 + name_w + g * cell, ry, BG_INK[g] if k else theme.DIM)
            c.text(font, str(totals[p]), app.width - pts_w, ry, colour)
        # How to read the table, under it where there is room (the small screen: How to play);
        # wrapped once: the wrap was 20 of a whole draw's ~50 ms on the emulated RP2040
        lines = self.help_lines
        if lines is None:
            lines = self.help_lines = font.wrap(strings.t("mf.table_help"), app.width - 8)
        y += (n + 1) * lh + 3
        if y + len(lines) * lh <= self.geo[1]:
            for line in lines:
                c.text(font, line, 4, y, theme.DIM)
                y += lh
