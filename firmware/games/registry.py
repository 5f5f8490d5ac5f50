# The list of games the console offers, and on-demand loading of their modules.
#
# Each entry is a tuple (game_id, name_key, package, min_players, max_players):
#   game_id      short id used in settings, saves and logs ("match252")
#   name_key     core.strings key of the menu name ("game.match252")
#   package      the FULL dotted package path that holds rules.py, ai.py and view.py.
#                Real games live under firmware/games/, so it is "games.<name>"; tests and
#                tools may register packages from elsewhere (the toy game is "tests.toygame").
#   min_players, max_players   seats the game supports
# Example:
#   ("match252", "game.match252", "games.match252", 2, 2),
#
# A game's modules are imported only when the game is chosen (load) and are dropped from
# sys.modules when leaving it (unload), so only one game occupies the Pico's heap at a time.

import gc
import sys

GAMES = [
    ("memory", "game.memory", "games.memory", 1, 2),
    ("match_collect", "game.match_collect", "games.match_collect", 2, 4),
    ("match252", "game.match252", "games.match252", 2, 2),
]

PARTS = ("rules", "ai", "view")


def find(game_id):
    """The registry entry of `game_id`; ValueError naming the known ids when there is none."""
    for entry in GAMES:
        if entry[0] == game_id:
            return entry
    known = ", ".join([entry[0] for entry in GAMES]) or "none"
    raise ValueError("unknown game %r (known: %s)" % (game_id, known))


def register(entry):
    """Add an entry (or replace the one with the same game_id) and return it.

    Used by tests and tools to add games that are not in the built-in list."""
    if len(entry) != 5:
        raise ValueError("registry entry needs 5 fields, got %r" % (entry,))
    game_id, _name_key, package, low, high = entry
    if not package or package[0] == "." or package[-1] == ".":
        raise ValueError("package must be a full dotted path, got %r" % (package,))
    if low < 1 or high < low:
        raise ValueError("bad player range %r..%r for %r" % (low, high, game_id))
    entry = tuple(entry)
    for i in range(len(GAMES)):
        if GAMES[i][0] == game_id:
            GAMES[i] = entry
            return entry
    GAMES.append(entry)
    return entry


def unregister(game_id):
    """Remove an entry (ValueError if unknown); its modules stay loaded until unload()."""
    GAMES.remove(find(game_id))


def load(game_id, part):
    """Import and return the module `<package>.<part>` of a game; part is rules, ai or view."""
    if part not in PARTS:
        raise ValueError("part must be one of %s, got %r" % (", ".join(PARTS), part))
    name = find(game_id)[2] + "." + part
    # A non-empty fromlist makes __import__ return the leaf module, not the top package
    # (the same on CPython and MicroPython).
    return __import__(name, None, None, (part,), 0)


def unload(game_id):
    """Forget every module of a game's package so the collector can free its memory.

    Deletes `<package>` and `<package>.*` from sys.modules and the package's attribute on its
    parent package (which would otherwise keep it alive), then runs gc.collect().
    Returns the number of modules dropped."""
    from core import modules

    package = find(game_id)[2]
    prefix = package + "."
    names = [name for name in sys.modules if name == package or name.startswith(prefix)]
    for name in names:
        modules.drop(name)
    gc.collect()
    return len(names)


def unload_all():
    """Unload every registered game (leaving a game, or after an error); returns modules dropped."""
    dropped = 0
    for entry in GAMES:
        dropped += unload(entry[0])
    return dropped
