"""Match & Collect: the round summary and game over screen. Imported at the end of a round;
the table drops it (and the score table code) when it is back on top.
"""

import time

from core import input as btn
from core import strings, theme
from core.app import Scene
from core.session import HUMAN
from games.match_collect import rules
from games.match_collect.view import GAME_ID, meld_name
from ui import widgets

SUMMARY_DEMO_MS = 2500   # an all-AI game leaves each summary by itself after this long


class Summary(Scene):
    """A score table of the round (melds, Wonders and going out, hand, round, total) and a
    line per player naming their melds; at the end of the game, the winner. A continues."""

    toasts = False      # a result: no message over it (they wait until it closes)

    def __init__(self, table, result, final):
        super().__init__()
        self.table = table
        self.result = result
        self.final = final
        self.top = 0
        self.lines = []
        self._until = None

    def enter(self):
        app = self.app
        t = strings.t
        seats = self.table.seats
        res = self.result
        self.headers = ["", t("mc.melds_title")[:5], t("mc.h_bonus"), t("mc.h_hand"),
                        t("mc.h_round"), t("mc.h_total")]
        rows = []
        text = []
        st = self.table.session.state
        if self.final:
            win = st.winners if hasattr(st, "winners") else []
            if len(win) > 1:
                text.append(t("mc.shared_win") + ": " + ", ".join([seats[s] for s in win]))
            elif win:
                text.append(t("mc.wins") % seats[win[0]])
        for seat in range(len(res["players"])):
            p = res["players"][seat]
            melds = 0
            for v in p["meld_values"]:
                melds += v
            bonus = 5 * len(p["wonders"]) + (25 if p["out"] else 0)
            hand = "-" if p["sheltered"] else -rules.hand_penalty(p["hand"])
            rows.append([seats[seat], melds, bonus, hand, p["score"], p["total"]])
            parts = []
            for k in range(len(p["melds"])):
                parts.append("%s %d" % (meld_name(p["meld_types"][k]), p["meld_values"][k]))
            line = seats[seat] + ": " + (", ".join(parts) if parts else t("mc.no_melds"))
            if p["wonders"]:
                line += "; " + t("mc.r_wonders") % (5 * len(p["wonders"]))
            if p["out"]:
                line += "; " + t("mc.r_out")
            if p["sheltered"]:
                line += "; " + t("mc.sheltered")
            text.append(line)
        self.rows = rows
        font = app.small
        x, y, w, h = widgets.content_box(app)
        from ui.scores import row_height

        self.table_h = row_height(app) * (len(rows) + 1) + 4
        self.lines = font.wrap("\n".join(text), w - 8)
        self.page = max(1, (h - self.table_h - 4) // font.line_height)
        if self.table.demo:
            self._until = time.ticks_add(app.platform.ticks_ms(), SUMMARY_DEMO_MS)

    def tick(self, now):
        if self._until is not None and time.ticks_diff(now, self._until) >= 0:
            self._until = None
            self.close()

    def close(self):
        app = self.app
        app.pop()
        if self.final:
            finish(self.table)   # this module's own: the table dropped it (resume)

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if b in (btn.UP, btn.LEFT) and self.top > 0:
            self.top -= 1
            self.invalidate()
        elif b in (btn.DOWN, btn.RIGHT) and self.top + self.page < len(self.lines):
            self.top += 1
            self.invalidate()
        elif kind == btn.PRESS and b == btn.A:
            self.close()

    def draw(self, c, full):
        from ui.scores import draw_score_table

        app = self.app
        t = strings.t
        c.clear(theme.BG)
        title = t("game_over") if self.final else t("mc.round_over") % self.result["round"]
        widgets.title_bar(app, c, title)
        widgets.hint_bar(app, c, t("mc.hint_over" if self.final else "mc.hint_summary"))
        x, y, w, h = widgets.content_box(app)
        y = draw_score_table(app, c, x + 2, y + 2, w - 4, self.headers, self.rows)
        y += 4
        font = app.small
        for i in range(self.top, min(len(self.lines), self.top + self.page)):
            color = theme.ACCENT if (self.final and i == 0) else theme.FG
            c.text(font, self.lines[i], x + 4, y, color)
            y += font.line_height


# -- the game's end (the table's game_over and finish forward here: not in the heap during play)
def game_over(table):
    st = table.session.state
    # A high score is a game won (as kit.stats keeps them: a loss is never a new best).
    won = not table.demo and table.session.seats[0] == HUMAN and (
        0 in st.winners if hasattr(st, "winners") else False)
    if won:
        from core import storage

        damaged = []
        rank = storage.add_score(table.app.platform.data_dir, GAME_ID,
                                 {"score": st.totals[0], "players": st.num_players,
                                  "won": won}, damaged=damaged)
        if damaged:
            table._best = strings.t("scores_unreadable") % damaged[0]
        elif rank == 0:
            table._best = strings.t("new_best")
    table.session.clear_save()


def finish(table):
    """The game-over summary was closed: then Play again / Setup / Menu with the result
    (kit.table.Table.offer_after, the same flow after every game); an all-AI game is
    ended by the kit."""
    if table.demo:
        return
    if not table._over:           # the table has not ticked since the game ended
        table._over = True
        game_over(table)
    text = table.result_line()
    table.offer_after(text + "\n" + table._best if table._best else text)
