"""Match & Collect: the browsers opened from the table's actions list (the discard pile,
every meld, the scores so far). Imported on demand; the table drops it when it is back on top.
"""

from core import input as btn
from core import strings, theme
from core.app import Scene
from games.match_collect import rules
from games.match_collect.view import card_name, face_of, meld_name
from ui import widgets
from ui.cards import card_width, draw_card
from ui.handrow import HandRow


class PileView(Scene):
    """Cards in a scrollable row (the discard pile, top first) with the name of the card under
    the cursor; B goes back."""

    def __init__(self, title, cards):
        super().__init__()
        self.title = title
        self.cards = cards
        self.row = None

    def enter(self):
        app = self.app
        x, y, w, h = widgets.content_box(app)
        rh = min(80, h - 2 * app.small.line_height - 8)
        self.row = HandRow(app, x, y + 4, w, rh, face_of, self.cards,
                           min_step=app.small.width("WWW") + 4)
        self._name_y = y + 4 + rh + 4

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if b in (btn.LEFT, btn.UP):
            if self.row.move(-1):
                self.request_draw()
        elif b in (btn.RIGHT, btn.DOWN):
            if self.row.move(1):
                self.request_draw()
        elif kind == btn.PRESS and b in (btn.B, btn.A):
            self.app.pop()

    def draw(self, c, full):
        app = self.app
        if full:
            c.clear(theme.BG)
            widgets.title_bar(app, c, self.title)
            widgets.hint_bar(app, c, strings.t("hint_menu"))
        self.row.draw(c, full)
        font = app.small
        c.fill_rect(0, self._name_y, app.width, font.line_height, theme.BG)
        cur = self.row.current()
        text = card_name(cur) if cur is not None else strings.t("mc.empty")
        c.text(font, font.fit(text, app.width - 8), 4, self._name_y, theme.FG)


class MeldsView(Scene):
    """Every player's melds (and Wonders played) as rows of small cards; UP/DOWN scroll."""

    def __init__(self, table):
        super().__init__()
        st = table.session.state
        self.items = []     # (text, cards or None)
        for seat in range(st.num_players):
            head = table.seats[seat]
            if st.sheltered[seat]:
                head += " (" + strings.t("mc.sheltered") + ")"
            self.items.append((head, None))
            ms = st.melds[seat]
            for m in ms:
                self.items.append(("%s %d" % (meld_name(m[0]), rules.meld_value(m)),
                                   list(m[1])))
            if st.played[seat]:
                self.items.append((strings.t("mc.wonders_played") + " +%d" % (
                    5 * len(st.played[seat])), list(st.played[seat])))
            if not ms and not st.played[seat]:
                self.items.append(("  " + strings.t("mc.no_melds"), None))
        self.top = 0

    def enter(self):
        app = self.app
        _x, _y, _w, h = widgets.content_box(app)
        self.card_h = 30 if h >= 150 else 24
        self.card_w = card_width(self.card_h) + 2

    def item_h(self, item):
        lh = self.app.small.line_height + 1
        return lh if item[1] is None else lh + self.card_h + 3

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if b in (btn.UP, btn.LEFT) and self.top > 0:
            self.top -= 1
            self.invalidate()
        elif b in (btn.DOWN, btn.RIGHT) and self.top < len(self.items) - 1:
            self.top += 1
            self.invalidate()
        elif kind == btn.PRESS and b in (btn.A, btn.B):
            self.app.pop()

    def draw(self, c, full):
        app = self.app
        font = app.small
        x0, y, w, h = widgets.content_box(app)
        c.clear(theme.BG)
        widgets.title_bar(app, c, strings.t("mc.melds_title"))
        widgets.hint_bar(app, c, strings.t("hint_text"))
        bottom = y + h
        y += 3
        for i in range(self.top, len(self.items)):
            item = self.items[i]
            ih = self.item_h(item)
            if y + ih > bottom:
                break
            text, cards = item
            c.text(font, font.fit(text, w - 8), x0 + 4, y, theme.ACCENT if cards is None
                   else theme.FG)
            y += font.line_height + 1
            if cards is not None:
                cw = self.card_w - 2
                step = min(self.card_w, (w - 8 - cw) // max(1, len(cards) - 1))
                for k in range(len(cards)):
                    draw_card(app, c, x0 + 4 + k * step, y, cw, self.card_h,
                              face_of(cards[k]))
                y += self.card_h + 3


def scores_screen(table):
    from ui.scores import ScoreTable

    st = table.session.state
    t = strings.t
    rows = []
    for seat in range(st.num_players):
        p = st.score_parts(seat)
        rows.append([table.seats[seat], p["melds"] + p["wonders"], p["hand"], st.totals[seat]])
    return ScoreTable(t("mc.act_scores") + " - " + (t("mc.round") % st.round_number),
                      ["", t("mc.melds_title"), t("mc.r_hand"), t("mc.r_total")], rows)
