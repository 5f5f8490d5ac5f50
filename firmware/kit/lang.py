# A game's strings, one convention for every game.
#
# Per language the game has one module in its package, `lang_en.py` and `lang_fr.py`, each
# holding
#     T = {"sl.key": "text", ...}     the table (keys prefixed with the game's own prefix)
#     RULES = "..."                   the how-to-play text (kept out of the table: it is big)
# Its menu names are on its registry line (registry.py), read by the main menu.
# The kit's own strings (setup screens, saved games: kit/lang_en.py, kit/lang_fr.py) follow
# the same convention and are merged first. Only the current language's module is imported
# (English when the game has no module for it); its table is merged with core.strings.add
# and the module dropped at once, so the other language and the rules text never occupy the
# heap. The game's name is merged too, as "game.<id>", so `strings.t("game.<id>")` is the
# game's title while it runs. On the device the build has written each table also as a text
# pack, `lang_XX.tx` beside the module (tools/textpack.py): then the pack is added instead
# and the module is not imported at all (core.strings.add_pack: an index in RAM, the texts
# read from flash when asked for).
#
#   kit.lang.load("games.shadowlock")          when the game opens (entry_scene/demo_scene)
#   kit.lang.rules_text("games.shadowlock")    when How to play opens
# core.strings.remove() (the main menu does it when the game leaves) drops the tables again.
# The how-to-play text may instead be in `howto_en.py` / `howto_fr.py` (RULES only; Memory,
# Match 2-52, Match & Collect): then starting the game does not load it (importing a module
# loads all its constants, and a ~2 KB string wanted a block the heap, just after the game's
# modules loaded, could not always give: make memcheck).
# This module drops itself after each call too (import it where it is called, not at the top
# of a view): a game in play holds neither it nor the language modules.

import gc

from core import modules, strings


def _module(package, part):
    """Import `<package>.<part>` (None when there is none) and return it."""
    try:
        return __import__(package + "." + part, None, None, (part,), 0)
    except ImportError:
        return None


def _lang_module(package):
    """(module name, module) of the current language, English when the game lacks it."""
    code = strings.lang()
    mod = _module(package, "lang_" + code)
    if mod is None and code != "en":
        code = "en"
        mod = _module(package, "lang_en")
    return package + ".lang_" + code, mod


def _add(package):
    """Add the package's table in the current language: its text pack when the build made
    one (core.strings.add_pack: only an index stays in RAM), else its module's dict (the
    module is dropped at once)."""
    pkg = __import__(package, None, None, ("__name__",), 0)
    here = getattr(pkg, "__file__", None)
    pkg = None
    if here:
        for code in (strings.lang(), "en"):
            if strings.add_pack(strings.beside(here, "lang_" + code + ".tx")):
                return
    modname, mod = _lang_module(package)
    if mod is not None:
        strings.add({strings.lang(): getattr(mod, "T", {})})
    mod = None
    modules.drop(modname)


def game_name(game_id):
    """The game's menu name in the current language (from its registry line)."""
    import registry

    return registry.label(registry.find(game_id), strings.lang())[0]


def load(package, game_id=None):
    """Add the kit's and the game's tables (current language) and the game's name to
    core.strings (each dict as its module made it: no merged copy), in place of any added
    before (one game at a time); drop the modules."""
    strings.clear()
    lang = strings.lang()
    _add("kit")
    _add(package)
    if game_id is not None:
        strings.add({lang: {"game." + game_id: game_name(game_id)}})
    modules.drop("kit.lang")
    gc.collect()


def open_view(entry):
    """A game's strings (load), then its view module (registry.load): how the main menu
    and a demo start a game. Strings first: their module is loaded, merged and dropped while
    the heap still has room, before the game's own modules fill it (make memcheck)."""
    load(entry[2], entry[0])
    import registry

    return registry.load(entry[0], "view")


def rules_text(package):
    """The how-to-play text in the current language ("" when the game has none): RULES of
    `howto_<code>.py` when the game has one (English when it lacks the language), else of
    its lang module."""
    code = strings.lang()
    modname = package + ".howto_" + code
    mod = _module(package, "howto_" + code)
    if mod is None and code != "en":
        modname = package + ".howto_en"
        mod = _module(package, "howto_en")
    if mod is None:
        modname, mod = _lang_module(package)
    text = getattr(mod, "RULES", "") if mod is not None else ""
    mod = None
    modules.drop(modname)
    modules.drop("kit.lang")
    return text
