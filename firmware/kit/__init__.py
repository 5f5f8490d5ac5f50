# The game kit: what every game shares, so that writing a game means writing its rules, its
# AI, its table scene and its strings (docs/NEW_GAME.md). Imported only by games (never by
# core/ or the menu) and dropped with them when the menu is back on top
# (games.registry.unload_all).
#
#   kit.setup     the setup screen from a declaration (Spec): players, levels, options, demo
#                 seats, resume (Back keeps the save), Start, Watch AI play, How to play,
#                 high scores
#   kit.turns     the turn driver: human/AI dispatch, "Thinking...", the AI's pace, the pause
#                 after your move, the end of a demo, gc after each action (and
#                 settle(): the heap left quick to allocate from for the next frame)
#                 and the game's History (every message shown while the table is up, the
#                 last 60; `turns.with_history(labels, done)` adds the pause-menu row)
#   kit.history   the History screen (imported when it opens)
#   kit.after     after every game: Play again / Setup / Menu (imported when a game ends)
#   kit.lang      one strings convention: lang_en.py / lang_fr.py with T and RULES, only the
#                 current language loaded, dropped after merging
#   kit.actions   one small-int action codec (kind, argument) and the pending-choice helpers
#   kit.piles     seeded shuffle, deal, draw, split, reshuffle a discard with a cap
#   kit.sampling  determinisation for AIs: sample worlds, evaluate, combine, on a budget
#
# Two helpers live here, in the package itself (loaded with any kit module, so they cost no
# module of their own): check_turn and off_day, for a game's ai.choose.

from core.session import LEVELS


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
