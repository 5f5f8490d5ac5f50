# Statistics of every game, counted by the kit, once per finished game: a player wants to see
# how they fare against each level, and no game should count it its own way.
#
# One checked, atomic file per game, `stats_<id>.json` in the data folder (core.storage.save /
# load: JSON + CRC, written to a temp file then renamed; a corrupt file is set aside as
# `.bad`, the player is told and the counts start again). It maps a category to a row
#     [played, won, lost, drawn, current streak, best streak, best score or None]
# The category (the rule, one for every game):
# - the level of the STRONGEST AI opponent (core.session.LEVELS order: easy < normal < hard);
#   "solo" when no seat is an AI (Memory solo, or people only);
# - followed by ":<value>" for each option the game's Spec names in `stats_split`
#   (Memory: the board size, so "solo:32" and "hard:32" are kept apart).
# The result is `state.returns()` of the player's seat (the first human seat): 1 a win,
# 0 a loss, anything between a draw or shared win. The streak counts wins in a row: a draw or
# a loss ends it. The best score is the player's highest `state.scores()` value.
#
# Counting: kit.turns.Turns calls `finished(app, session)` when it sees the session over
# (after the action that ended it, and on its tick as a backstop), so every game that plays
# through Turns is counted with no line of its own. A session is counted once
# (`session.counted`): reopening a finished game's screen counts nothing; Play again makes a
# new session, counted when it ends. Never counted: an all-AI game (a demo, Watch AI play), a
# game without a data folder. A resumed game is counted when it ends, like any other.
#
# When the game's Spec says `auto_scores = True` the kit also keeps its high-score table
# (core.storage.add_score: {"score", "level", "won"}) of the games not lost (a lost game's
# many captures are no record), shown by kit.stats_screen.
# Imported only when a game ends or a statistics screen opens.

from core import storage
from core.session import HUMAN, LEVELS

PLAYED = 0
WON = 1
LOST = 2
DRAWN = 3
STREAK = 4
BEST_STREAK = 5
BEST = 6
SOLO = "solo"


def path(data_dir, game_id):
    return storage.join(data_dir, "stats_" + game_id + ".json")


def _valid(row):
    if not isinstance(row, list) or len(row) != 7:
        return False
    for i in range(6):
        v = row[i]
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            return False
    return row[BEST] is None or isinstance(row[BEST], (int, float))


def load(data_dir, game_id, damaged=None):
    """{category: row} of game_id (empty when none). A corrupt file is kept as
    stats_<id>.json.bad and its name appended to `damaged` (if given); rows that are not
    well-formed are left out."""
    p = path(data_dir, game_id)
    rec, status = storage.load(p, {})
    if status == "corrupt" and damaged is not None:
        damaged.append(p[p.rfind("/") + 1:] + ".bad")
    out = {}
    if isinstance(rec, dict):
        for key in rec:
            if isinstance(key, str) and _valid(rec[key]):
                out[key] = rec[key]
    return out


def reset(data_dir, game_id):
    """Forget game_id's statistics (an empty record is written)."""
    return storage.save(path(data_dir, game_id), {})


def human_seat(seats):
    for i in range(len(seats)):
        if seats[i] == HUMAN:
            return i
    return -1


def category(seats, options, split=()):
    """The category of a game with these seats and options (the rule at the top)."""
    best = -1
    for s in seats:
        if s != HUMAN and s in LEVELS:
            i = LEVELS.index(s)
            if i > best:
                best = i
    cat = LEVELS[best] if best >= 0 else SOLO
    for key in split:
        cat += ":" + str(options.get(key))
    return cat


def add(rec, cat, result, score):
    """Count one game of category `cat` in `rec`: result 1 won, 0 lost, else drawn."""
    row = rec.get(cat)
    if row is None:
        row = [0, 0, 0, 0, 0, 0, None]
        rec[cat] = row
    row[PLAYED] += 1
    if result >= 1:
        row[WON] += 1
        row[STREAK] += 1
        if row[STREAK] > row[BEST_STREAK]:
            row[BEST_STREAK] = row[STREAK]
    else:
        row[LOST if result <= 0 else DRAWN] += 1
        row[STREAK] = 0
    if score is not None and (row[BEST] is None or score > row[BEST]):
        row[BEST] = score
    return row


def record(session, split=(), scores=False, damaged=None, scores_damaged=None):
    """Count `session` (over, with a human seat, a data folder, not counted yet) in its
    game's file; the category, or None when nothing was counted. `scores`: add the player's
    score to the game's high-score table too."""
    if getattr(session, "counted", False) or session.data_dir is None:
        return None
    if not session.is_over():
        return None
    seat = human_seat(session.seats)
    if seat < 0:
        return None
    session.counted = True
    state = session.state
    result = state.returns()[seat]
    score = state.scores()[seat]
    cat = category(session.seats, session.options, split)
    data = session.data_dir
    rec = load(data, session.game_id, damaged)
    add(rec, cat, result, score)
    storage.save(path(data, session.game_id), rec)
    if scores and result > 0:      # a high score is a game not lost
        storage.add_score(data, session.game_id, {"score": score, "level": cat,
                                                   "won": result},
                          damaged=scores_damaged)
    return cat


def spec_of(game_id):
    """The game's Spec (the one its setup screen was made with), or None."""
    from kit import current

    spec = current[0]
    if spec is None and current[1] is not None and current[1][0] == game_id:
        # A table that let go of it while it played (kit.setup_screen.open_table): made again
        # from the entry, as kit.setup.spec_of does, and kept for kit.after.
        import registry

        spec = current[0] = registry.load(game_id, "view").Spec()
    return spec if spec is not None and spec.game_id == game_id else None


def finished(app, session):
    """Count a finished game (kit.turns calls this); tell the player when the statistics or
    score file could not be read."""
    if getattr(session, "counted", False):
        return None
    spec = spec_of(session.game_id)
    damaged = []
    lost = []
    cat = record(session, spec.stats_split if spec is not None else (),
                 spec is not None and spec.auto_scores, damaged, lost)
    if app is not None and (damaged or lost):
        from core import strings

        if damaged:
            app.toast(strings.t("stats_unreadable") % damaged[0])
        if lost:
            app.toast(strings.t("scores_unreadable") % lost[0])
    return cat
