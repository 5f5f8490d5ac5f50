# Manufactory's screens over the table, imported when one opens: the choosers (which colour a
# wild part joins, which collected card to give up for a back part) and the groups table (the
# standings during the game, the final scores at the end).

from core import input as btn
from core import strings, theme
from core.app import Scene
from games.manufactory import rules
from games.manufactory.names import BG_INK, group_name, letters, part_name
from ui import widgets
from ui.menu import MenuScreen


class Chooser(MenuScreen):
    """A titled list of choices (scrolls on a small screen): A calls on_done(index) after
    closing; B closes without a choice."""

    def __init__(self, title, rows, on_done):
        super().__init__(title)
        self._list = rows
        self.on_done = on_done

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
    table.app.push(Chooser(strings.t("mf.declare_t") % part_name(card), rows,
                           lambda i: done(gs[i])))


def give_up(table, seat, card, done):
    """Ask which collected card leaves the game for the back part `card`; done(card id)."""
    s = table.state
    mine = sorted(s.coll[seat], key=lambda c: (s.group[c], rules.MANA[c], c))
    rows = [(part_name(c), "%s %d" % (letters()[s.group[c]], rules.MANA[c])) for c in mine]
    table.app.push(Chooser(strings.t("mf.giveup_t") % part_name(card), rows,
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
    """The per-colour table: each player's count/top mana and points per group (= a shared
    place), the group bonuses and totals; at the end the winner too. A or B: back (at the end
    A offers Play again / Setup / Menu)."""

    def __init__(self, session, names, final):
        super().__init__()
        self.session = session
        self.names = names
        self.final = final

    def button(self, b, kind):
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
        c.clear(theme.BG)
        widgets.title_bar(app, c, strings.t("mf.result" if self.final else "mf.standings"))
        # The end: A offers the after-game choice (the kit's hint); during the game, back.
        widgets.hint_bar(app, c, strings.t("hint_result" if self.final else "mf.h_result"))
        x, y, w, h = widgets.content_box(app)
        font = app.small
        lh = font.line_height
        n = s.num_players
        y += 2
        if self.final:
            c.text(app.large, app.large.fit(self.winner_text(), w - 8), 4, y, theme.ACCENT)
            y += app.large.line_height + 2
        label_w = max(font.width(strings.t("mf.bonus")), font.width(strings.t("mf.total"))) + 6
        col = (w - 4 - label_w) // n
        for p in range(n):
            c.text(font, font.fit(self.names[p], col - 2), 4 + label_w + p * col, y, theme.DIM)
        y += lh
        table, bonus, totals = cells(s)
        lt = letters()
        for g in range(6):
            c.text(font, lt[g], 4, y, BG_INK[g])
            for p in range(n):
                k, top, pts, shared = table[g][p]
                text = "%d/%d:%d%s" % (k, top, pts, "=" if shared else "") if k else "-"
                c.text(font, font.fit(text, col - 2), 4 + label_w + p * col, y,
                       theme.FG if pts else theme.DIM)
            y += lh
        for label, vals, colour in ((strings.t("mf.bonus"), bonus, theme.FG),
                                    (strings.t("mf.total"), totals, theme.ACCENT)):
            c.text(font, label, 4, y, colour)
            for p in range(n):
                c.text(font, str(vals[p]), 4 + label_w + p * col, y, colour)
            y += lh
        if y + lh <= app.height - widgets.hint_height(app):
            c.text(font, font.fit(strings.t("mf.cell_help"), w - 8), 4, y + 2, theme.DIM)
