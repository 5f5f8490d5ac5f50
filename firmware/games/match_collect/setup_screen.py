"""Match & Collect: the setup (declared for kit.setup) and the high scores (loaded when the
setup screen opens: view.Spec).

When a game starts, the setup screen gives its place on the stack to the table (Spec.replace:
the table drops this module, kit.setup_screen and ui.options, not needed again until the
next visit from the main menu).
"""

from core import strings
from games.match_collect import rules
from games.match_collect.view import GAME_ID, Table
from kit import setup


def target_of(players, length):
    return rules.TARGET[players] + rules.LENGTH_DELTA[length]


def _length_label(v, values):
    return "%s (%d)" % (strings.t("mc.len_" + v), target_of(values["players"], v))


def game_options(values):
    """The rules' options from the setup values."""
    return {"players": values["players"], "reshuffle": bool(values["reshuffle"]),
            "quick": bool(values["quick"]), "length": values["length"]}


class Spec(setup.Spec):
    """Players (2-4, the "Default players" setting first), each opponent's level, variants,
    length (target); Watch AI play: every seat Hard; High scores."""
    game_id = GAME_ID
    options = (
        ("reshuffle", "mc.reshuffle", (False, True), ("mc.off", "mc.on"), False),
        ("quick", "mc.quick", (False, True), ("mc.off", "mc.on"), False),
        ("length", "mc.length", ("standard", "shorter", "longer"), _length_label,
         "standard"),
    )
    replace = True
    high_scores = True
    demo_seats = ("hard", "hard")     # Watch AI play: every seat Hard

    def rules_module(self):
        return rules

    def table(self, app, session, demo):
        return Table(session, demo)

    def demo_game_options(self, app, players):
        # Four players play with Reshuffle on (GAMES.md), as the setup's default.
        return game_options({"players": players, "reshuffle": players == 4, "quick": False,
                             "length": "standard"})

    def defaults(self, app, entry):
        values = super().defaults(app, entry)
        values["reshuffle"] = values["players"] == 4
        return values

    def changed(self, values, key):
        if key == "players":
            # Four players play with Reshuffle on by default (GAMES.md); it can be turned off.
            values["reshuffle"] = values["players"] == 4

    def game_options(self, values):
        return game_options(values)

    def seats(self, values, demo):
        if demo:
            return ["hard"] * values["players"]
        return super().seats(values, demo)

    def new_seed(self, app):
        return app.platform.seed() & 0x7FFFFFFF

    def scores_screen(self, app):
        damaged = []
        screen = high_scores_screen(app, damaged)
        self.scores_message = setup.damaged_text(damaged)
        return screen


def high_scores_screen(app, damaged=None):
    # core.storage only here: imported at the top, it stayed in the heap (~4 KB of bytecode)
    # through every game opened from this screen, all-AI ones too.
    from core import storage
    from ui.scores import ScoreTable

    table = storage.load_scores(app.platform.data_dir, GAME_ID, damaged)
    rows = []
    for i in range(len(table)):
        e = table[i]
        if isinstance(e, dict):
            rows.append(["%d. %s" % (i + 1, strings.t("you_win") if e.get("won") else ""),
                         e.get("players", 0), e.get("score", 0)])
    if not rows:
        rows.append([strings.t("no_scores"), "", ""])
    return ScoreTable(strings.t("high_scores"),
                      ["", strings.t("mc.players"), strings.t("score")], rows)

