# A game's setup screen from a declaration, the same in every game.
#
# A game describes its setup as data in a `Spec` subclass (class attributes; methods only
# where a game needs something data cannot say) in its view, and that is all the console
# needs to open it (entry_scene, demo_scene find `<package>.view.Spec`):
#
#     from kit import setup
#
#     class Spec(setup.Spec):
#         game_id = "shadowlock"
#         options = (("variant", "sl.variant", ("basic", "full"), ("sl.basic", "sl.full"),
#                     "basic"),)
#         demo_seats = ("normal", "hard")
#
#         def rules_module(self):
#             from games.shadowlock import rules
#             return rules
#
#         def table(self, app, session, demo):
#             return Table(session, demo)
#
# (A game whose setup lives in a module of its own, loaded only for the setup screen, makes
# `Spec` a function of its view returning the declaration: Match & Collect.)
#
# The screen (kit.setup_screen.SetupScreen on ui.options.OptionsScreen, imported only when the setup
# screen opens: a table or a demo loads just this module) shows, in this order: a "Players" row when
# the registry entry's player range has more than one value; one level row per opponent seat
# (choices core.session.LEVELS); the game's options; then Start, Watch AI play, How to play and,
# when the game keeps high scores, High scores, and Statistics (kit.stats_screen: played, won,
# lost, drawn, streaks, best score per opponent level; A resets them, asking first; kept by
# kit.stats, counted once per finished game by kit.turns). LEFT/RIGHT or A change a row; B goes
# back to the main menu. A saved game is offered once, when the screen first shows: Resume, or
# New game (confirmed: "the game you left will be lost"); Back leaves the save alone; a damaged
# save is reported (core.session.Session.open_saved). Watch AI play never touches the save.
#
# Options: `(key, label_key, choices, labels, default)`:
#   key        the option's name in the rules' options dict (new_game(options, seed))
#   label_key  strings key of the row's label
#   choices    tuple of values (or a function of the app returning one: screen-dependent)
#   labels     how a value is shown: a tuple of strings keys, one per choice; or one strings
#              key with a %-slot ("mem.cards" = "%d cards"); or None: str(value); or a
#              function (value, values) -> text (a label that depends on other rows)
#   default    the starting value (or a function of the app)
# The Players and level rows come first unless the string LEVEL_ROWS stands in `options`
# where they should go (Memory: the board size first, then the opponent).

from core import strings
from core.session import HUMAN, LEVELS, Session
from kit import current, forget, seat_names

SOLO = "solo"
LEVEL_ROWS = "levels"       # in Spec.options: where the Players and level rows go


class Spec:
    game_id = ""                # registry id: saves, scores, logs
    package = None              # "games.<id>" by default (strings, rules text)
    options: tuple = ()         # (key, label_key, choices, labels, default), see above
    levels = LEVELS             # choices of each opponent's level row
    level_default = "normal"
    solo = False                # two seats at most: the opponent row offers "None (solo)"
    demo_level = "normal"       # seat 0's level in Watch AI play (other seats: their rows)
    demo_seats = ("normal", "hard")   # demo_scene's seats (an all-AI game from the menu)
    demo_options = None         # demo_scene's options (None: the declared defaults)
    replace = False             # the table replaces the setup screen (frees its memory)
    high_scores = False         # a "High scores" row opens scores_screen(app)
    auto_scores = False         # the kit keeps the high-score table (kit.stats: the player's
                                # final score, the level) and shows it (set high_scores too)
    stats_split = ()            # option keys that split the statistics (Memory: ("size",))

    # -- what data cannot say (override when needed) --------------------------------------
    def rules_module(self):
        """The game's rules module (imported here, when the game starts)."""
        return __import__(self.pkg() + ".rules", None, None, ("rules",), 0)

    def table(self, app, session, demo):
        """The game's table scene for `session` (demo: an all-AI game)."""
        raise NotImplementedError("Spec.table: return the game's table scene")

    def rules_text(self):
        """The how-to-play text (kit.lang convention: RULES in the game's lang module)."""
        from kit import lang

        return lang.rules_text(self.pkg())

    scores_message = None       # set by scores_screen: shown over the table (a damaged file)

    def scores_screen(self, app):
        """The high scores screen (when high_scores is True). Load the tables with
        core.storage.load_scores(..., damaged=names) and set `self.scores_message =
        damaged_text(names)` so the player is told when a file could not be read. With
        auto_scores, the kit's table (kit.stats_screen.scores_screen)."""
        if not self.auto_scores:
            raise NotImplementedError("Spec.scores_screen")
        from kit import stats_screen

        damaged = []
        screen = stats_screen.scores_screen(app, self.game_id, damaged)
        self.scores_message = damaged_text(damaged)
        return screen

    def level_label(self, seat, players):
        """Label of the level row of opponent `seat` (1..players-1): the seat's name, as the
        table will call it (kit.seat_names)."""
        return seat_names([HUMAN] + [LEVELS[0]] * (players - 1))[seat] if players > 1 else \
            strings.t("opponent")

    def new_seed(self, app):
        """The seed of a new game (the platform's fresh seed)."""
        return app.platform.seed()

    def changed(self, values, key):
        """Called after the player changed `key` (e.g. a default that depends on it)."""

    def first_scene(self, app, entry):
        """The scene the game opens on (entry_scene): its setup screen."""
        return screen(app, entry, self)

    def demo_game_options(self, app, players):
        """The rules' options of an all-AI game of `players` seats (demo_scene): demo_options,
        else the declared defaults."""
        if self.demo_options is not None:
            options = dict(self.demo_options)
        else:
            options = {}
            for opt in self.options:
                if opt != LEVEL_ROWS:
                    options[opt[0]] = opt[4](app) if callable(opt[4]) else opt[4]
        options["players"] = players
        return options

    def game_options(self, values):
        """The rules' options for new_game from the setup values."""
        out = {"players": self.players_of(values)}
        for opt in self.options:
            if opt != LEVEL_ROWS:
                out[opt[0]] = values[opt[0]]
        return out

    # -- derived from the data -------------------------------------------------------------
    def pkg(self):
        return self.package or "games." + self.game_id

    def players_of(self, values):
        if self.solo:
            return 1 if values.get("lv1") == SOLO else 2
        return values["players"]

    def defaults(self, app, entry):
        low, high = entry[3], entry[4]
        values = {}
        if not self.solo:
            n = app.settings.get("players", low) if app.settings else low
            values["players"] = low if n < low else high if n > high else n
        for seat in range(1, high):
            values["lv%d" % seat] = self.level_default
        for opt in self.options:
            if opt != LEVEL_ROWS:
                default = opt[4]
                values[opt[0]] = default(app) if callable(default) else default
        return values

    def seats(self, values, demo):
        """Seat 0 is the player (or demo_level in Watch AI play), the others the AI at the
        level of their row."""
        n = self.players_of(values)
        out = [self.demo_level if demo else HUMAN]
        for seat in range(1, n):
            out.append(values["lv%d" % seat])
        return out

    def rows(self, app, entry, values):
        """The option rows now: (key, label, choices, label_of) for ui.options."""
        rows = []
        options = self.options
        if LEVEL_ROWS not in options:
            self._level_rows(entry, values, rows)
        for opt in options:
            if opt == LEVEL_ROWS:
                self._level_rows(entry, values, rows)
                continue
            key, label, choices, labels, _default = opt
            if callable(choices):
                choices = choices(app)
            rows.append((key, strings.t(label), choices, _labeller(choices, labels, values)))
        return rows

    def _level_rows(self, entry, values, rows):
        low, high = entry[3], entry[4]
        if self.solo:
            rows.append(("lv1", strings.t("opponent"), (SOLO,) + tuple(self.levels),
                         _level_label))
            return
        if high > low:
            rows.append(("players", strings.t("num_players"), tuple(range(low, high + 1)),
                         str))
        n = values["players"]
        for seat in range(1, n):
            rows.append(("lv%d" % seat, self.level_label(seat, n), tuple(self.levels),
                         _level_label))


def damaged_text(names):
    """What to tell the player about high score files that could not be read (kept as .bad:
    core.storage.load_scores / add_score `damaged`), or None."""
    if not names:
        return None
    return strings.t("scores_unreadable") % ", ".join(names)


def _level_label(v):
    return strings.t(SOLO) if v == SOLO else strings.t("level_" + v)


def _labeller(choices, labels, values):
    if labels is None:
        return str
    if callable(labels):
        return lambda v: labels(v, values)
    if isinstance(labels, str):
        return lambda v: strings.t(labels) % v
    return lambda v: strings.t(labels[list(choices).index(v)])


def screen(app, entry, spec):
    """The setup screen of a game declared by `spec` (kit.setup_screen.SetupScreen: its
    module, with ui.options, is imported only now, so a table or a demo never loads it)."""
    from kit.setup_screen import SetupScreen

    current[0] = spec
    current[1] = entry
    return SetupScreen(app, entry, spec)


def spec_of(entry):
    """The declaration of the game of registry `entry`: its view's `Spec()` (the view is
    imported now, when it is not yet)."""
    import registry

    return registry.load(entry[0], "view").Spec()


def _strings(entry):
    """Merge the game's strings unless they are in already (kit.lang.open_view)."""
    key = "game." + entry[0]
    if strings.t(key) == key:
        from kit import lang

        lang.load(entry[2], entry[0])


def entry_scene(app, entry, spec=None):
    """The game's first scene: its strings merged (kit.lang, unless kit.lang.open_view did
    it: strings first, while the heap has room), then the setup screen."""
    _strings(entry)
    return (spec if spec is not None else spec_of(entry)).first_scene(app, entry)


def demo_scene(app, entry, seed, players=None, spec=None):
    """A whole all-AI game (spec.demo_seats, or `players` seats at demo_seats' last level)
    with the declared default options (or spec.demo_options(players)), not saved; the table
    leaves when it ends (kit.table.Table.leave)."""
    forget()
    _strings(entry)
    if spec is None:
        spec = spec_of(entry)
    seats = list(spec.demo_seats)
    if players is not None:
        seats = (seats + [seats[-1]] * players)[:players]
    options = spec.demo_game_options(app, len(seats))
    session = Session(entry[0], spec.rules_module(), options, seats, seed, None)
    table = spec.table(app, session, True)
    # Nothing asks for the Spec again (forget) in a game nobody plays: this module leaves
    # the heap while it goes on (the views that import it at their top keep it).
    from core import modules

    modules.drop("kit.setup")
    return table
