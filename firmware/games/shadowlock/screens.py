# Shadow Lock screens opened over the table, imported only when one opens: the round
# summary (every player's round and totals), the piles and scorecards of every player (a
# scrolled text), and the final scorecards side by side.

import time

from core import input as btn
from core import strings, theme
from core.scene import Scene
from games.shadowlock.view_text import box_name, card_name, headline, named
from ui import widgets

GAP = 4     # pixels between the summary's table and the lines below it


class RoundSummary(Scene):
    """The round just scored, over the table: each player's points this round, total and
    boxes (a score table, your row lit), then what each validated (or lost). Up/Down scroll
    where it does not fit; A (or B) goes back to the table, where nothing moved meanwhile.
    In an all-AI game (Watch AI play) it goes by itself after its reading time at the AI
    speed setting (core.app.reading_ms), and the game goes on."""

    toasts = False      # what happened at the round's end is here (and in the History)

    def __init__(self, table, round_no, points, notes):
        super().__init__()
        s = table.state
        t = strings.t
        self.title = t("sl.round_title") % round_no
        self.headers = ["", t("sl.col_round"), t("sl.total"), t("sl.nboxes")]
        self.rows = []
        self.mine = -1
        text = []
        for seat in range(s.num_players):
            name = table.name(seat)
            if seat == table.me():
                self.mine = seat
            self.rows.append([name, "+%d" % points[seat], str(s.totals[seat]),
                              "%d/10" % s.box_count(seat)])
            text.append(name + ": " + (", ".join(notes[seat]) if notes[seat] else
                                       t("sl.note_none")))
        self.text = "\n".join(text)
        self.last = s.is_over()
        self.demo = table.demo
        self.table = table
        self.until = None       # an all-AI game: when the summary goes by itself
        self.lines = []
        self.heights = b""
        self.top = 0

    def enter(self):
        app = self.app
        _x, _y, w, h = widgets.content_box(app)
        self.lines = app.small.wrap(self.text, w - 2 * widgets.PAD - 4)
        # Scrolled a line at a time: the table's header and rows, then the text's lines.
        from ui.scores import row_height

        rh = row_height(app)
        lh = app.small.line_height
        self.heights = bytearray([rh] * (len(self.rows) + 1) + [lh] * len(self.lines))
        if self.lines:
            self.heights[len(self.rows) + 1] += GAP
        self.room = h - 2 * widgets.PAD
        if self.demo:
            # an all-AI game's AI modules leave while the summary shows (room for it, as in
            # a person's game); they load again for the next decision
            self.table.drop_ai()
            from core.app import reading_ms

            self.until = time.ticks_add(app.platform.ticks_ms(),
                                        reading_ms(app.settings, self.text))

    def tick(self, now):
        if self.until is not None and time.ticks_diff(now, self.until) >= 0:
            self.until = None
            self.app.pop()          # read: the all-AI game goes on

    def count(self):
        return len(self.heights)

    def fits(self, top):
        """How many items from `top` fit in the content box."""
        room = self.room
        n = 0
        for i in range(top, len(self.heights)):
            room -= self.heights[i]
            if room < 0:
                break
            n += 1
        return n

    def last_top(self):
        top = 0
        while top < len(self.heights) and top + self.fits(top) < len(self.heights):
            top += 1
        return top

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if b in (btn.UP, btn.X, btn.DOWN, btn.Y):
            step = -1 if b in (btn.UP, btn.X) else 1
            top = max(0, min(self.last_top(), self.top + step))
            if top != self.top:
                self.top = top
                self.app.sound("cursor")
                self.invalidate()
        elif kind == btn.PRESS and b in (btn.A, btn.B):
            self.app.sound("select")
            self.app.pop()

    def hint(self, more):
        # the last round's summary leads to the final scorecards
        t = strings.t
        text = t("sl.h_to_result" if self.last and not self.demo else "sl.h_continue")
        return t("sl.h_scroll") + "  " + text if more else text

    def draw(self, c, full):
        from ui import scroll
        from ui.scores import column_widths, draw_score_header, draw_score_rows

        app = self.app
        c.clear(theme.BG)
        widgets.title_bar(app, c, self.title)
        more = self.last_top() > 0
        widgets.hint_bar(app, c, self.hint(more))
        x, y, w, h = widgets.content_box(app)
        tw = w - 2 * widgets.PAD - (scroll.width if more else 0)
        widths = column_widths(app, tw, self.headers, self.rows)
        y += widgets.PAD
        shown = self.fits(self.top)
        n = len(self.rows)
        i = self.top
        end = self.top + shown
        if i == 0 and end > 0:
            y = draw_score_header(app, c, widgets.PAD, y, tw, self.headers, widths)
            i = 1
        if i <= n and i < end:
            last = min(end, n + 1)
            y = draw_score_rows(app, c, widgets.PAD, y, tw, self.rows, widths, i - 1,
                                last - i, self.mine)
            i = last
        font = app.small
        while i < end:
            if i == n + 1:
                y += GAP          # what each validated, a little apart from the table
            c.text(font, self.lines[i - n - 1], widgets.PAD + 2, y + 1, theme.FG)
            y += font.line_height
            i += 1
        if more:
            bx, by, bw, bh = widgets.content_box(app)
            scroll.draw(c, bw - scroll.width, by + widgets.PAD, bh - 2 * widgets.PAD,
                        self.top, shown, self.count())


def browse_text(table):
    """Every player's pile, reserve and scorecard, as lines of text."""
    s = table.state
    out = []
    for seat in range(s.num_players):
        name = table.name(seat)
        head = named("sl.pile_of", name) if seat != table.me() else \
            strings.t("sl.your_pile")
        if s.locked[seat]:
            head += " (" + strings.t("sl.locked") + ")"
        out.append(head + ": " + (", ".join([card_name(c) for c in s.coll[seat]])
                                  or strings.t("sl.empty")))
        out.append(strings.t("sl.reserve") + " " + (", ".join(
            [card_name(c) for c in s.reserve[seat]]) or strings.t("sl.none")))
        out.append(strings.t("sl.card_box") % (s.box_count(seat), s.totals[seat]))
        for b in range(10):
            p = s.boxes[seat][b]
            out.append("  %s: %s" % (box_name(b), str(p) if p else "-"))
        out.append("")
    return "\n".join(out)


def browse(table):
    from ui.textview import TextView

    table.app.push(TextView(strings.t("sl.browse"), browse_text(table)))


class Result(Scene):
    """The final scorecards side by side: one column per player, the ten boxes, the total
    and the box count; who won and by which rule. Up/Down scroll on small screens; A a new
    game (same options and seats), B back."""

    def __init__(self, session, me, names):
        super().__init__()
        self.session = session
        self.me = me
        self._names = names      # the table's (kit.seat_names)
        self.top = 0

    def names(self):
        return self._names

    def headline(self):
        names = self.names()
        return headline(self.session.state, self.me, lambda seat: names[seat])

    def end_text(self):
        """Why the game ended: someone filled the ten boxes, or the rounds were played."""
        s = self.session.state
        if s.end_reason == "boxes":
            names = self.names()
            full = [names[p] for p in range(s.num_players) if s.box_count(p) == 10]
            return strings.t("sl.end_boxes") % " & ".join(full)
        return strings.t("sl.end_rounds") % len(s.history)

    def rows(self):
        """[(label, [cell per player])]: the boxes, the total, the box count."""
        s = self.session.state
        out = []
        for b in range(10):
            out.append((box_name(b),
                        [str(s.boxes[p][b]) if s.boxes[p][b] else "-"
                         for p in range(s.num_players)]))
        out.append((strings.t("sl.total"), [str(t) for t in s.totals]))
        out.append((strings.t("sl.nboxes"), [str(s.box_count(p))
                                              for p in range(s.num_players)]))
        return out

    def enter(self):
        self.session.clear_save()

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if b in (btn.UP, btn.X):
            if self.top > 0:
                self.top -= 1
                self.invalidate()
            return
        if b in (btn.DOWN, btn.Y):
            self.top += 1
            self.invalidate()
            return
        if kind != btn.PRESS:
            return
        app = self.app
        if b == btn.A:
            # The same flow after every game: Play again / Setup / Menu (kit.after).
            from kit import after

            after.choose(app, self.session)
        elif b == btn.B or b == btn.MENU:
            app.pop()

    def draw(self, c, full):
        app = self.app
        s = self.session.state
        font = app.small
        lh = font.line_height
        c.clear(theme.BG)
        widgets.title_bar(app, c, strings.t("sl.final"))
        x, y, w, h = widgets.content_box(app)
        y += 3
        c.text(app.large, app.large.fit(self.headline(), w - 8), x + 4, y, theme.ACCENT)
        y += app.large.line_height + 1
        rule = strings.t("sl.by_boxes" if s.mode == 1 else "sl.by_points")
        for line in (self.end_text(), rule):
            c.text(font, font.fit(line, w - 8), x + 4, y, theme.DIM)
            y += lh
        y += 2
        n = s.num_players
        # the boxes by name where the columns keep room for a score, else by code
        rows = self.rows()
        sums = max(font.width(strings.t("sl.nboxes")), font.width(strings.t("sl.total"))) + 6
        label_w = max(sums, max([font.width(r[0]) for r in rows[:10]]) + 8)
        if (w - 8 - label_w) // n < font.width("888") + 6:
            codes = strings.t("sl.box_codes").split(",")
            for b in range(10):
                rows[b] = (codes[b], rows[b][1])
            label_w = max(sums, max([font.width(code) + 8 for code in codes]))
        col_w = (w - 8 - label_w) // n
        names = self.names()
        for p in range(n):
            c.text(font, font.fit(names[p], col_w - 4), x + 4 + label_w + p * col_w, y,
                   theme.ACCENT if s.returns()[p] > 0 else theme.FG)
        y += lh + 1
        c.hline(x + 4, y - 1, w - 8, theme.EDGE)
        # The total and the box count first, always in view; the ten boxes below them
        # scroll where they do not fit (240x135).
        for i in (10, 11):
            self.draw_row(c, rows[i], y, label_w, col_w, theme.ACCENT)
            y += lh
        c.hline(x + 4, y, w - 8, theme.EDGE)
        y += 2
        fit = (widgets.content_box(app)[1] + h - y) // lh
        if self.top > 10 - fit:
            self.top = max(0, 10 - fit)
        more = 10 > fit
        widgets.hint_bar(app, c, (strings.t("sl.h_scroll") + "  " if more else "") +
                         strings.t("hint_result"))
        for i in range(self.top, min(10, self.top + fit)):
            self.draw_row(c, rows[i], y + (i - self.top) * lh, label_w, col_w, theme.DIM)

    def draw_row(self, c, row, y, label_w, col_w, ink):
        font = self.app.small
        label, cells = row
        c.text(font, label, 4, y, ink)
        for p in range(len(cells)):
            c.text(font, cells[p], 4 + label_w + p * col_w, y,
                   theme.FG if cells[p] != "-" else theme.EDGE)
