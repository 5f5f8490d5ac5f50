# The game kit: what every game shares, so that writing a game means writing its rules, its
# AI, its table scene and its strings. Imported only by games (never by core/ or the menu) and
# dropped with them when the menu is back on top.
#
#   kit.actions   one small-int action codec (kind, argument) and the pending-choice helpers
#   kit.piles     seeded shuffle, deal, draw, split, reshuffle a discard with a cap
#   kit.sampling  determinisation for AIs: sample worlds, evaluate, combine, on a budget
