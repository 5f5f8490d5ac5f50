"""User-visible text in English and French; the language is a setting.

Tables are plain dicts in `lang_en` / `lang_fr` with the same keys (a test checks it). Only
the chosen language's table is in memory: a key missing from it shows as the key itself, so
a gap is visible but never crashes. Games merge their own tables with `add()` when they
start and drop them with `remove()` when they leave. A game's tables are looked up before the
console's, each kept as it was given (never merged into a copy: the copy of the console's
table cost a dict's worth of heap for the whole game, and growing it needed a block the
game's start-up, with its modules just loaded, could not always find: Memory's all-AI game
stopped there under `make memcheck`).
"""

_table = {}
_extra = []     # the running game's tables (add), the last added first
_lang = "en"
LANGS = ("en", "fr")


def load(lang):
    global _table, _lang, _extra
    if lang not in LANGS:
        lang = "en"
    _lang = lang
    # Let the old table go before the new one is loaded, so both never share the heap.
    import gc

    from core import modules

    _table = {}
    _extra = []
    modules.drop("core.lang_en" if lang == "fr" else "core.lang_fr")
    gc.collect()
    if lang == "fr":
        from core import lang_fr as mod
    else:
        from core import lang_en as mod
    _table = mod.T


def lang():
    return _lang


def t(key):
    for table in _extra:
        text = table.get(key)
        if text is not None:
            return text
    return _table.get(key, key)


def add(tables):
    """Add a game's table: `tables` maps "en"/"fr" to dicts (English if the language is
    missing). Its keys win over those added before and the console's; the dict is kept as
    it is (not copied, never changed)."""
    extra = tables.get(_lang) or tables.get("en")
    if extra:
        _extra.insert(0, extra)


def clear():
    """Forget the tables added (add); the console's stay (no module is loaded again)."""
    del _extra[:]


def remove():
    """Back to the console's own table (a game is leaving)."""
    load(_lang)
