# Shadow Lock screens opened over the table, imported only when one opens: the round
# summary (every player's round and totals), the piles and scorecards of every player (a
# scrolled text), and the final scorecards side by side.

from core import input as btn
from core import strings, theme
from core.scene import Scene
from games.shadowlock.view import box_name, card_name, seat_name
from ui import widgets


def round_summary(table, points):
    """A dialog: each player's points this round, total and boxes."""
    from ui.dialog import Dialog

    s = table.state
    lines = []
    for seat in range(s.num_players):
        lines.append(strings.t("sl.round_line") % (table.name(seat), points[seat],
                                                   s.totals[seat], s.box_count(seat)))
    rnd = len(s.history)
    table.app.push(Dialog("\n".join(lines), [strings.t("ok")], None,
                          title=strings.t("sl.round_title") % rnd))


def browse_text(table):
    """Every player's pile, reserve and scorecard, as lines of text."""
    s = table.state
    out = []
    for seat in range(s.num_players):
        name = table.name(seat)
        head = strings.t("sl.pile_of") % name if seat != table.me() else \
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

    def __init__(self, session, me):
        super().__init__()
        self.session = session
        self.me = me
        self.top = 0

    def names(self):
        s = self.session.state
        return [seat_name(s, seat, self.me) for seat in range(s.num_players)]

    def headline(self):
        s = self.session.state
        r = s.returns()
        names = self.names()
        if self.me >= 0:
            return strings.t("you_win" if r[self.me] == 1.0 else
                             ("draw" if r[self.me] == 0.5 else "you_lose"))
        best = [names[i] for i in range(len(r)) if r[i] > 0]
        return strings.t("sl.wins") % " & ".join(best)

    def rows(self):
        """[(label, [cell per player])]: the boxes, the total, the box count."""
        s = self.session.state
        out = []
        for b in range(10):
            out.append((strings.t("sl.box_codes").split(",")[b],
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
        widgets.hint_bar(app, c, strings.t("sl.h_result"))
        x, y, w, h = widgets.content_box(app)
        y += 3
        c.text(app.large, app.large.fit(self.headline(), w - 8), x + 4, y, theme.ACCENT)
        y += app.large.line_height + 1
        rule = strings.t("sl.by_boxes" if s.mode == 1 else "sl.by_points")
        c.text(font, font.fit(rule, w - 8), x + 4, y, theme.DIM)
        y += lh + 2
        n = s.num_players
        label_w = font.width("Col") + 10
        for code in strings.t("sl.box_codes").split(","):
            label_w = max(label_w, font.width(code) + 8)
        label_w = max(label_w, font.width(strings.t("sl.nboxes")) + 6)
        col_w = (w - 8 - label_w) // n
        names = self.names()
        for p in range(n):
            c.text(font, font.fit(names[p], col_w - 4), x + 4 + label_w + p * col_w, y,
                   theme.ACCENT if s.returns()[p] > 0 else theme.FG)
        y += lh + 1
        c.hline(x + 4, y - 1, w - 8, theme.EDGE)
        rows = self.rows()
        fit = (widgets.content_box(app)[1] + h - y) // lh
        if self.top > len(rows) - fit:
            self.top = max(0, len(rows) - fit)
        for i in range(self.top, min(len(rows), self.top + fit)):
            label, cells = rows[i]
            ry = y + (i - self.top) * lh
            bold = i >= 10
            c.text(font, label, x + 4, ry, theme.ACCENT if bold else theme.DIM)
            for p in range(n):
                c.text(font, cells[p], x + 4 + label_w + p * col_w, ry,
                       theme.FG if cells[p] != "-" else theme.EDGE)

