"""User-visible text in English and French; the language is a setting.

Tables are plain dicts in `lang_en` / `lang_fr` with the same keys (a test checks it). Only
the chosen language's table is in memory: a key missing from it shows as the key itself, so
a gap is visible but never crashes. Games merge their own tables with `add()` when they
start and drop them with `remove()` when they leave.
"""

_table = {}
_lang = "en"
LANGS = ("en", "fr")


def load(lang):
    global _table, _lang
    if lang not in LANGS:
        lang = "en"
    _lang = lang
    # Let the old table go before the new one is loaded, so both never share the heap.
    import gc

    from core import modules

    _table = {}
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
    return _table.get(key, key)


def add(tables):
    """Merge a game's tables: `tables` maps "en"/"fr" to dicts (English if the language is
    missing)."""
    global _table
    extra = tables.get(_lang) or tables.get("en", {})
    merged = dict(_table)
    merged.update(extra)
    _table = merged


def remove():
    """Back to the console's own table (a game is leaving)."""
    load(_lang)
