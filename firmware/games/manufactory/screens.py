# Manufactory's screens over the table, imported when one opens: the choosers (which colour a
# wild part joins, which collected card to give up for a back part) and the groups table (the
# standings during the game, the final scores at the end).

from core import input as btn
from core import strings, theme
from core.app import Scene
from games.manufactory import rules
from games.manufactory.names import BG_INK, group_name, letters, part_name
from ui import widgets
from ui.menu import MenuList, MenuScreen


class Chooser(MenuScreen):
    """A titled list of choices (scrolls on a small screen): A calls on_done(index) after
    closing; B closes without a choice."""

    def __init__(self, title, short, rows, on_done):
        super().__init__(title)
        self.short = short      # the title when `title` does not fit the title bar
        self._list = rows
        self.on_done = on_done

    def enter(self):
        app = self.app
        if app.large.width(self.title) > app.width - 2 * widgets.PAD:
            self.title = self.short
        super().enter()
        menu = self.menu
        if menu.row_h > app.small.line_height + 6 and \
                [r for r in menu.rows if app.large.width(r[0]) > menu.w - 28]:
            # a row too long for the large font: every row in the small one, not a mix
            self.menu = MenuList(menu.x, menu.y, menu.w, menu.h, app.small.line_height + 6)
            self.menu.set_rows(self.rows())

    def rows(self):
        return [["%s  (%s)" % (label, value), None, True] for label, value in self._list]

    def hint(self):
        return strings.t("mf.h_choose")

    def chosen(self, index):
        self.app.pop()
        self.on_done(index)


def _group_count(state, seat, g):
    k = 0
    top = 0
    for c in state.coll[seat]:
        if state.group[c] == g:
            k += 1
            if rules.MANA[c] > top:
                top = rules.MANA[c]
    return k, top


def declare(table, card, done):
    """Ask which colour `card` joins; done(group)."""
    s = table.state
    seat = s.current_player
    m = rules.OPTIONS[card]
    gs = [g for g in range(6) if m >> g & 1]
    rows = []
    for g in gs:
        k, top = _group_count(s, seat, g)
        rows.append((group_name(g), strings.t("mf.have") % (k, top) if k else
                     strings.t("mf.have_none")))
    table.app.push(Chooser(strings.t("mf.declare_t") % part_name(card),
                           strings.t("mf.declare_short"), rows,
                           lambda i: done(gs[i])))


def give_up(table, seat, card, done):
    """Ask which collected card leaves the game for the back part `card`; done(card id)."""
    s = table.state
    mine = sorted(s.coll[seat], key=lambda c: (s.group[c], rules.MANA[c], c))
    rows = [(part_name(c), strings.t("mf.group_mana") % (group_name(s.group[c]), rules.MANA[c]))
            for c in mine]
    table.app.push(Chooser(strings.t("mf.giveup_t") % part_name(card),
                           strings.t("mf.giveup_short"), rows,
                           lambda i: done(mine[i])))


def cells(state):
    """Per group and player: (count, top mana, points, shared); then bonuses and totals."""
    cnt, top = state.keys()
    rows, bonus, totals = rules.score_table(cnt, top, state.num_players)
    n = state.num_players
    out = []
    for g in range(6):
        line = []
        for p in range(n):
            i = p * 6 + g
            key = cnt[i] * 8 + top[i]
            shared = cnt[i] > 0 and rows[g][p] > 0 and any(
                q != p and cnt[q * 6 + g] * 8 + top[q * 6 + g] == key for q in range(n))
            line.append((cnt[i], top[i], rows[g][p], shared))
        out.append(line)
    return out, bonus, totals


class Standings(Scene):
    """The per-colour table: each player's points per group, with the parts and the highest
    mana that earned them ("2 (3/7)"; "=" a shared place), the total first, the group
    bonuses and a line saying how to read a cell; at the end the winner too. Up/Down scroll
    what does not fit (240x135). A or B: back (at the end A offers Play again / Setup /
    Menu)."""

    def __init__(self, session, names, final):
        super().__init__()
        self.session = session
        self.names = names
        self.final = final
        self.top = 0            # the first body row shown (the body scrolls)
        self.fit = 0            # body rows the last frame had room for
        self.body = 0           # body rows in all
        self.help_lines = None  # mf.cell_help wrapped, once (a wrap is ~15 ms on a Pico)

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if b in (btn.UP, btn.X, btn.DOWN, btn.Y):
            top = self.top + (-1 if b in (btn.UP, btn.X) else 1)
            if 0 <= top <= self.body - self.fit:
                self.top = top
                self.invalidate()
            return
        if kind != btn.PRESS:
            return
        if b == btn.A and self.final:
            # The same flow after every game: Play again / Setup / Menu (kit.after).
            from kit import after

            after.choose(self.app, self.session)
        elif b in (btn.A, btn.B, btn.MENU):
            self.app.pop()

    def winner_text(self):
        s = self.session.state
        sc = s.scores()
        best = max(sc)
        won = [self.names[p] for p in range(len(sc)) if sc[p] == best]
        if len(won) > 1:
            return strings.t("mf.shared") % ", ".join(won)
        seats = self.session.seats
        if "human" in seats and sc[seats.index("human")] == best:
            return strings.t("mf.you_win")
        return strings.t("mf.wins") % won[0]

    def draw(self, c, full):
        app = self.app
        s = self.session.state
        t = strings.t
        c.clear(theme.BG)
        widgets.title_bar(app, c, t("mf.result" if self.final else "mf.standings"))
        x, y, w, h = widgets.content_box(app)
        bottom = y + h
        font = app.small
        lh = font.line_height
        n = s.num_players
        y += 2
        if self.final:
            c.text(app.large, app.large.fit(self.winner_text(), w - 8), 4, y, theme.ACCENT)
            y += app.large.line_height + 2
        # The colours by name where the cells keep their room, else by letter.
        widest = font.width("8= (88/8)") + 4
        labels = [group_name(g) for g in range(6)] + [t("mf.bonus"), t("mf.total")]
        label_w = max([font.width(lab) for lab in labels]) + 6
        if (w - 4 - label_w) // n < widest:
            labels[:6] = letters()
            label_w = max([font.width(lab) for lab in labels]) + 6
        col = (w - 4 - label_w) // n
        for p in range(n):
            c.text(font, font.fit(self.names[p], col - 2), 4 + label_w + p * col, y, theme.DIM)
        y += lh
        table, bonus, totals = cells(s)
        self.draw_sums(c, y, labels[7], totals, theme.ACCENT, label_w, col)
        y += lh + 1
        c.hline(4, y - 1, w - 8, theme.EDGE)
        help_lines = self.help_lines
        if help_lines is None:
            help_lines = self.help_lines = font.wrap(t("mf.cell_help"), w - 8)
        self.body = 7 + len(help_lines)
        self.fit = (bottom - y) // lh
        more = self.body > self.fit
        if self.top > self.body - self.fit:
            self.top = max(0, self.body - self.fit)
        hint = t("hint_result" if self.final else "mf.h_result")
        widgets.hint_bar(app, c, t("mf.h_scroll") + "  " + hint if more else hint)
        for i in range(self.top, min(self.body, self.top + self.fit)):
            if i < 6:
                c.text(font, labels[i], 4, y, BG_INK[i])
                for p in range(n):
                    self.draw_cell(c, table[i][p], 4 + label_w + p * col, y)
            elif i == 6:
                self.draw_sums(c, y, labels[6], bonus, theme.FG, label_w, col)
            else:
                c.text(font, help_lines[i - 7], 4, y + 1, theme.DIM)
            y += lh

    def draw_cell(self, c, cell, x, y):
        """"2 (3/7)": the points, bright, then the parts and the highest mana; "-" none."""
        font = self.app.small
        k, top, pts, shared = cell
        if not k:
            c.text(font, "-", x, y, theme.DIM)
            return
        text = "%d%s" % (pts, "=" if shared else "")
        c.text(font, text, x, y, theme.FG if pts else theme.DIM)
        c.text(font, " (%d/%d)" % (k, top), x + font.width(text), y, theme.DIM)

    def draw_sums(self, c, y, label, vals, colour, label_w, col):
        font = self.app.small
        c.text(font, label, 4, y, colour)
        for p in range(len(vals)):
            c.text(font, str(vals[p]), 4 + label_w + p * col, y, colour)
