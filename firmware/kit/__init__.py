# The game kit: what every game shares, so that writing a game means writing its rules, its
# AI, its table scene and its strings (docs/NEW_GAME.md). Imported only by games (never by
# core/ or the menu) and dropped with them when the menu is back on top
# (games.registry.unload_all).
#
#   kit.setup     the setup screen from a declaration (Spec): players, levels, options, demo
#                 seats, resume (Back keeps the save), Start, Watch AI play, How to play,
#                 high scores
#   kit.turns     the turn driver: human/AI dispatch, "Thinking...", the AI's pace, the pause
#                 after your move, the end of a demo, gc after each action
#   kit.lang      one strings convention: lang_en.py / lang_fr.py with T and RULES, only the
#                 current language loaded, dropped after merging
#   kit.actions   one small-int action codec (kind, argument) and the pending-choice helpers
#   kit.piles     seeded shuffle, deal, draw, split, reshuffle a discard with a cap
#   kit.sampling  determinisation for AIs: sample worlds, evaluate, combine, on a budget
