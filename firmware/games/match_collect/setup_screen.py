"""Match & Collect: the setup screen and the high scores (loaded by view.entry_scene only).

When a game starts, the setup screen gives its place on the stack to the table (the table
drops this module: it is not needed again until the next visit from the main menu).
"""

from core import storage, strings
from core.session import HUMAN, Session
from games.match_collect import rules
from games.match_collect.view import GAME_ID, LEVELS, Table, rules_text, seat_names
from ui.dialog import Dialog
from ui.options import OptionsScreen


# -- setup -------------------------------------------------------------------------------------
def _onoff(v):
    return strings.t("mc.on") if v else strings.t("mc.off")


def _level(v):
    return strings.t("level_" + v)


def target_of(players, length):
    return rules.TARGET[players] + rules.LENGTH_DELTA[length]


def game_options(values):
    """The rules' options from the setup values."""
    return {"players": values["players"], "reshuffle": bool(values["reshuffle"]),
            "quick": bool(values["quick"]), "length": values["length"]}


class Setup(OptionsScreen):
    """Players, each opponent's level, variants, length (target); Start, Watch AI play, How to
    play, High scores. Offers to resume a saved game once, when it first shows."""

    def __init__(self, app, entry):
        players = app.settings.get("players", 2) if app.settings else 2
        players = 2 if players < 2 else 4 if players > 4 else players
        values = {"players": players, "lv1": "normal", "lv2": "normal", "lv3": "normal",
                  "reshuffle": players == 4, "quick": False, "length": "standard"}
        super().__init__(_title(entry), self.option_rows, values, self.start,
                         rules_text)
        self.entry = entry
        self._offer = True
        self._drawn = False

    def option_rows(self, values):
        n = values["players"]
        seats = seat_names(n)
        rows: list = [("players", strings.t("mc.players"), (2, 3, 4), str)]
        for i in range(1, n):
            rows.append(("lv%d" % i, strings.t("mc.opponent") % seats[i], LEVELS, _level))
        rows.append(("reshuffle", strings.t("mc.reshuffle"), (False, True), _onoff))
        rows.append(("quick", strings.t("mc.quick"), (False, True), _onoff))

        def length_label(v):
            return "%s (%d)" % (strings.t("mc.len_" + v), target_of(n, v))

        rows.append(("length", strings.t("mc.length"), ("standard", "shorter", "longer"),
                     length_label))
        return rows

    def rows(self):
        rows = super().rows()
        rows.append([strings.t("mc.high_scores"), None, True])
        return rows

    def changed(self, index, delta):
        players = self.values["players"]
        done = super().changed(index, delta)
        if done and self.values["players"] != players:
            # Four players play with Reshuffle on by default (GAMES.md); it can be turned off.
            self.values["reshuffle"] = self.values["players"] == 4
            self.menu.set_rows(self.rows())
            self.invalidate()
        return done

    def chosen(self, index):
        if index == len(self.menu.rows) - 1:
            self.app.push(high_scores_screen(self.app))
            return
        super().chosen(index)

    def draw(self, c, full):
        super().draw(c, full)
        self._drawn = True

    def tick(self, now):
        if self._offer and self._drawn:
            self._offer = False
            if storage.load_resume(self.app.platform.data_dir, GAME_ID):
                app = self.app
                app.push(Dialog(strings.t("resume_offer"),
                                [strings.t("resume"), strings.t("new_game")],
                                self._resume_answer))

    def _resume_answer(self, choice):
        if choice != 0:
            return
        session = Session.resume(GAME_ID, rules, self.app.platform.data_dir)
        if session is None:
            return
        self.app.replace(Table(session))

    def start(self, values, demo):
        n = values["players"]
        app = self.app
        if demo:
            seats = ["hard"] * n
            data_dir = None          # an all-AI game never replaces your saved game
        else:
            seats = [HUMAN] + [values["lv%d" % i] for i in range(1, n)]
            data_dir = app.platform.data_dir
        session = Session(GAME_ID, rules, game_options(values), seats,
                          app.platform.seed() & 0x7FFFFFFF, data_dir)
        session.save()
        app.replace(Table(session, demo))


def high_scores_screen(app):
    from ui.scores import ScoreTable

    table = storage.load_scores(app.platform.data_dir, GAME_ID)
    rows = []
    for i in range(len(table)):
        e = table[i]
        if isinstance(e, dict):
            rows.append(["%d. %s" % (i + 1, strings.t("you_win") if e.get("won") else ""),
                         e.get("players", 0), e.get("score", 0)])
    if not rows:
        rows.append([strings.t("mc.no_scores"), "", ""])
    return ScoreTable(strings.t("mc.high_scores"),
                      ["", strings.t("mc.players"), strings.t("score")], rows)


def _title(entry):
    from games import registry

    return registry.label(entry, strings.lang())[0]
