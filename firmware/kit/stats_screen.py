# The Statistics screens (kit.stats keeps the counts), imported only when one opens:
# - from a game's setup screen (the "Statistics" row of kit.setup_screen): that game's table,
#   one row per category (opponent level, and board size for Memory): played, won, lost,
#   drawn, the current/best win streak, the best score;
# - from the main menu: `entry_scene(app, None)` (a list of the games; A opens one's table).
#   The menu imports this module by name only when the row is chosen (boot-to-menu stays at
#   64wK); the kit's strings are merged here, dropped with the kit when the menu is back.
# On a table, A asks "Reset the statistics of <game>?" (a Dialog, Cancel first) and resets
# only when confirmed. A file that could not be read is said in a Dialog (kept as .bad).
# `scores_screen` is the high-score table the kit keeps for a Spec with auto_scores.

from core import input as btn
from core import strings
from core.session import LEVELS
from kit import stats
from ui import widgets
from ui.menu import MenuScreen
from ui.scores import ScoreTable


def _ensure_strings():
    if strings.t("statistics") == "statistics":
        from kit import lang

        lang.load("kit")


def _game_name(game_id):
    import registry

    entry = registry.find(game_id)
    if entry is None:
        return game_id
    return registry.label(entry, strings.lang())[0]


def _level_text(cat):
    """"hard:32" -> "Hard 32"."""
    parts = cat.split(":")
    lv = parts[0]
    text = strings.t("stats_solo") if lv == stats.SOLO else strings.t("level_" + lv)
    for p in parts[1:]:
        text += " " + p
    return text


def _order(cat):
    parts = cat.split(":")
    lv = parts[0]
    key = [LEVELS.index(lv) if lv in LEVELS else len(LEVELS)]
    for p in parts[1:]:
        try:
            key.append(int(p))
        except ValueError:
            key.append(0)
    return key


def table_rows(rec):
    """The rows of a statistics table for the record {category: row}."""
    cats = sorted(rec.keys(), key=_order)
    rows = []
    for cat in cats:
        r = rec[cat]
        best = r[stats.BEST]
        rows.append([_level_text(cat), r[stats.PLAYED], r[stats.WON], r[stats.LOST],
                     r[stats.DRAWN], "%d/%d" % (r[stats.STREAK], r[stats.BEST_STREAK]),
                     "-" if best is None else ("%g" % best)])
    if not rows:
        rows.append([strings.t("stats_none"), "", "", "", "", "", ""])
    return rows


def headers():
    return [""] + strings.t("stats_cols").split(",")


class StatsScreen(ScoreTable):
    """One game's statistics; A: reset (asked first), B: back."""

    def __init__(self, data_dir, game_id, damaged=None):
        self.data_dir = data_dir
        self.game_id = game_id
        rec = stats.load(data_dir, game_id, damaged)
        super().__init__(strings.t("stats_of") % _game_name(game_id), headers(),
                         table_rows(rec))

    def button(self, b, kind):
        if b == btn.A:
            if kind == btn.PRESS:
                self.app.sound("select")
                self.ask_reset()
            return
        super().button(b, kind)

    def ask_reset(self):
        from ui.dialog import Dialog

        text = strings.t("stats_reset_q") % _game_name(self.game_id)
        self.app.push(Dialog(text, [strings.t("cancel"), strings.t("stats_reset")],
                             self._reset_done))

    def _reset_done(self, choice):
        if choice != 1:
            return
        app = self.app
        stats.reset(self.data_dir, self.game_id)
        app.replace(StatsScreen(self.data_dir, self.game_id))
        app.toast(strings.t("stats_was_reset"))

    def draw(self, c, full):
        super().draw(c, full)
        if full:
            widgets.hint_bar(self.app, c, strings.t("stats_hint"))


def _push(app, screen, damaged):
    app.push(screen)
    if damaged:
        from ui.dialog import Dialog

        app.push(Dialog(strings.t("stats_unreadable") % ", ".join(damaged),
                        [strings.t("ok")], None))


def open_game(app, game_id, spec=None):
    """Push game_id's statistics (and, when its file was damaged, say so)."""
    _ensure_strings()
    damaged = []
    _push(app, StatsScreen(app.platform.data_dir, game_id, damaged), damaged)


class StatsMenu(MenuScreen):
    """The main menu's Statistics: every game; A opens its table."""

    def __init__(self):
        super().__init__(strings.t("statistics"))

    def rows(self):
        import registry

        lang = strings.lang()
        out = []
        for entry in registry.GAMES:
            name, icon = registry.label(entry, lang)
            out.append([name, None, True, None])
        return out

    def chosen(self, index):
        import registry

        open_game(self.app, registry.GAMES[index][0])


def entry_scene(app, entry=None):
    """The main menu's Statistics screen (the kit's strings merged first)."""
    _ensure_strings()
    return StatsMenu()


def scores_screen(app, game_id, damaged=None):
    """The high scores the kit keeps (Spec.auto_scores), best first: rank, opponent level,
    score."""
    from core import storage

    table = storage.load_scores(app.platform.data_dir, game_id, damaged)
    rows = []
    for i in range(len(table)):
        e = table[i]
        if isinstance(e, dict) and e.get("won", 1) != 0:   # lost: kept before, not shown
            rows.append(["%d." % (len(rows) + 1), _level_text(str(e.get("level", ""))),
                         e.get("score", 0)])
    if not rows:
        rows.append([strings.t("no_scores"), "", ""])
    return ScoreTable(strings.t("high_scores"), ["", strings.t("level"), strings.t("score")],
                      rows)
