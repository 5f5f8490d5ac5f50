# The game kit: what every game shares, so that writing a game means writing its rules, its
# AI, its table scene and its strings (docs/NEW_GAME.md). Imported by games and by the
# console's game screens (the menu opens a game through kit.setup, its Statistics are
# kit.stats_screen), never by core/ or ui/, and dropped with the game when the menu is back
# on top (registry.unload_all).
#
#   kit.setup     the setup screen from a declaration (Spec, the one thing a view must give):
#                 players, levels, options, demo seats, resume (Back keeps the save), Start,
#                 Watch AI play, How to play, high scores; entry_scene / demo_scene open a
#                 game from its registry entry
#   kit.table     the table's share every game has: the start of its buttons, the pause menu,
#                 the finished table and the after-game choice, leaving, seat names
#   kit.turns     the turn driver: human/AI dispatch, "Thinking...", the AI's pace, messages
#                 in step with the moves, the first-game tip, the end of an all-AI game, gc
#                 after each action (and settle(): the heap left quick to allocate from for
#                 the next frame) and the game's History (every message shown while the
#                 table is up, the last 60)
#   kit.history   the History screen (imported when it opens)
#   kit.after     after every game: Play again / Setup / Menu (imported when a game ends)
#   kit.lang      one strings convention: lang_en.py / lang_fr.py with T and RULES, only the
#                 current language loaded, dropped after merging
#   kit.actions   one small-int action codec (kind, argument) and the pending-choice helpers
#   kit.piles     seeded shuffle, deal, draw, split, reshuffle a discard with a cap
#   kit.sampling  determinisation for AIs: sample worlds, evaluate, combine, on a budget
#   kit.stats, kit.stats_screen, kit.tips    statistics, their screens, first-game tips
#
# What lives here, in the package itself (loaded with any kit module, so it costs no module
# of its own), is what several kit modules share and none owns: `current`, the game now
# open; seat_names, the one naming of seats; and check_turn and off_day, for a game's
# ai.choose. Each kit module sits at one level: the package (this file) at the bottom, then
# actions, piles, sampling, lang, tips, history, stats; stats_screen and turns above stats;
# setup_screen above turns; setup above it; after above setup; table and pause on top
# (tests/test_import_graph.py finds any cycle).

from core import strings
from core.session import HUMAN, LEVELS

# The game now open: its Spec and registry entry, remembered when its setup screen is made,
# for what comes after a game (kit.after: Play again / Setup / Menu; kit.stats: the
# statistics split and high scores). Dropped with the kit.
current: list = [None, None]


def forget():
    """Let go of the remembered Spec and entry (an all-AI game has no after-game choice and
    counts no statistics): a Spec holds its module's globals, and with them the setup's
    modules that the table dropped from sys.modules."""
    current[0] = None
    current[1] = None


def check_turn(state, seat, level):
    """ValueError unless `seat` is the seat to move in `state` and `level` is one of
    core.session.LEVELS. Session.ai_choose makes these checks for play; a game's
    `ai.choose(state, seat, level, rng, budget)` calls this so that tools and tests calling it
    directly (tools.arena, tools.bench, the AI tests) get the same refusal, from one place."""
    if state.current_player != seat:
        raise ValueError("seat %d cannot move now (seat %d is to move)" % (
            seat, state.current_player))
    if level not in LEVELS:
        raise ValueError("unknown level %r (not one of %s)" % (level, ", ".join(LEVELS)))


def off_day(rng, seat, share):
    """True when the AI of `seat` plays this whole game off form, which happens in `share`
    (0..1) of its games: drawn once a game from the AI's generator (kept on it, so every
    decision of the game agrees, and a resumed game, whose generator starts again from the
    same seed, draws the same), then mixed with the seat, as a table's AI seats share one
    generator. A level whose off days play near random and whose other days play well wins
    some games against the level above it and loses some to a random player: the spread of
    results that one steady skill cannot give in a game where skill decides nearly every
    game (docs/LADDER.md)."""
    if share <= 0:
        return False
    day = getattr(rng, "ai_day", None)
    if day is None:
        day = rng.randbelow(0x10000)
        rng.ai_day = day
    x = (day * 40503 + (seat + 1) * 25667) & 0xFFFF
    x ^= x >> 7
    x = (x * 12653 + 4099) & 0xFFFF
    return x < share * 0x10000


def seat_names(seats):
    """The name of each seat of a game with these `seats` (core.session: HUMAN or a level),
    the one naming every game uses: the person is "You" ("Vous"), the others are where they
    sit around the table, counted from the person's seat in the order turns go (clockwise:
    two players South and North, three South, West, East, four South, West, North, East; the
    person is South). In an all-AI game seat 0 sits South. Past four seats: "Player 5"."""
    n = len(seats)
    me = -1
    for i in range(n):
        if seats[i] == HUMAN:
            me = i
            break
    places = strings.t("seats%d" % n).split(",") if 2 <= n <= 4 else None
    base = me if me >= 0 else 0
    out = []
    for i in range(n):
        if i == me:
            out.append(strings.t("you"))
        elif places is not None:
            out.append(places[(i - base) % n])
        else:
            out.append(strings.t("player") + " " + str(i + 1))
    return out
