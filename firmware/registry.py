# The list of games the console offers, and on-demand loading of their modules.
#
# Its own layer, just above core/ (docs/ARCHITECTURE.md, "Who may import whom"): the menu,
# the kit, the Virtual Pico and the tools read it, so it sits below all of them. It names
# games by package and imports none but through `load` (by name, when one is chosen), so
# nothing that reads it depends on a game.
#
# Adding a game touches nothing outside its package but ONE line here. Each entry is a tuple
# (game_id, names, package, min_players, max_players):
#   game_id      short id used in settings, saves, scores and logs ("match252")
#   names        what the menu shows: (English name, French name) or (English, French,
#                icon) when the icon is not "game_<game_id>" (a 32x32 icon of assets/icons/);
#                a plain string is taken as a core.strings key instead (tests' fake games)
#   package      the FULL dotted package path that holds rules.py, ai.py and view.py.
#                Real games live under firmware/games/, so it is "games.<name>"; tests and
#                tools may register packages from elsewhere (the toy game is "tests.toygame").
#   min_players, max_players   seats the game supports (the setup screen's Players row)
# Example:
#   ("match252", ("Match 2-52", "Match 2-52"), "games.match252", 2, 2),
#
# The names are here, not in the package, so the menu imports nothing of a game: a meta
# module per game would cost the boot ~512 bytes of interned names for good (measured under
# the MicroPython unix port), and boot-to-menu must fit 64wK. The rest of a game's
# metadata lives in its package: its setup (options, levels, demo seats) is declared in its
# view with kit.setup.Spec, its strings in lang_en.py / lang_fr.py (kit.lang), which also
# merges the name as "game.<game_id>" while the game runs.
#
# A game's modules are imported only when the game is chosen (load) and are dropped from
# sys.modules when leaving it (unload), so only one game occupies the Pico's heap at a time;
# the game kit (kit.*), which games and the console's game screens import, goes with them
# (unload_all).

import gc
import sys

GAMES = [
    ("memory", ("Memory", "Mémoire"), "games.memory", 1, 2),
    ("match_collect", ("Match & Collect", "Match & Collect"), "games.match_collect", 2, 4),
    ("match252", ("Match 2-52", "Match 2-52"), "games.match252", 2, 2),
    ("cauldron", ("Cauldron", "Chaudron"), "games.cauldron", 2, 4),
    ("manufactory", ("Manufactory", "Manufacture"), "games.manufactory", 2, 4),
    ("shadowlock", ("Shadow Lock", "Verrou d'Ombre", "game_shadow_lock"), "games.shadowlock", 2, 4),
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
    """Unload every registered game and the game kit (leaving a game, or after an error);
    returns the number of modules dropped."""
    from core import modules

    dropped = 0
    for entry in GAMES:
        dropped += unload(entry[0])
    kit = [name for name in sys.modules if name == "kit" or name.startswith("kit.")]
    for name in kit:
        modules.drop(name)
    if kit:
        gc.collect()
    return dropped + len(kit)


def label(entry, lang="en"):
    """(name, icon) of a registry entry for the menu, in language `lang`: from the entry's
    names when it carries them, else the text of its strings key; icon "game_<id>" unless
    the names give one. Imports nothing: the menu stays cheap."""
    names = entry[1]
    if isinstance(names, str):
        from core import strings

        return strings.t(names), "game_" + entry[0]
    name = names[1] if lang == "fr" and len(names) > 1 else names[0]
    return name, names[2] if len(names) > 2 else "game_" + entry[0]
