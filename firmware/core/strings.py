"""User-visible text in English and French; the language is a setting.

Tables are plain dicts in `lang_en` / `lang_fr`. Only the chosen language's table stays in
memory. Games add their own tables with `add()` when they load and `remove()` when they
leave. A missing key falls back to English, then to the key itself (so a gap shows, but
never crashes).
"""

_table = {}
_fallback = {}
_lang = "en"
LANGS = ("en", "fr")


def load(lang):
    global _table, _fallback, _lang
    if lang not in LANGS:
        lang = "en"
    _lang = lang
    from core import lang_en

    _fallback = lang_en.T
    if lang == "fr":
        from core import lang_fr

        _table = lang_fr.T
    else:
        _table = lang_en.T


def lang():
    return _lang


def t(key):
    s = _table.get(key)
    if s is None:
        s = _fallback.get(key, key)
    return s


def add(tables):
    """Merge a game's tables: `tables` maps "en"/"fr" to dicts."""
    global _table, _fallback
    en = tables.get("en", {})
    _fallback = dict(_fallback)
    _fallback.update(en)
    cur = tables.get(_lang, en)
    _table = dict(_table)
    _table.update(cur)


def remove():
    """Back to the console's own tables (a game is leaving)."""
    load(_lang)
