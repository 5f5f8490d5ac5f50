"""English / French parity of every string table: the console's (core.lang_en / lang_fr) and
each registered game's, whatever convention the game uses (kit.lang's lang_en.py / lang_fr.py
with T and RULES; or the older strings.TABLES, lang.TABLES, lang.EN + lang_fr.FR). Same keys
in both languages, no empty text, and the same printf placeholders in the same order: a
mismatch would raise only when the French text is formatted (issue #17)."""

import importlib
import re

import pytest

import registry

# printf conversions as MicroPython's % supports them; "%%" is a literal percent sign.
SPEC = re.compile(r"%(?:\([^)]*\))?[-+ #0]*(?:\*|\d+)?(?:\.(?:\*|\d+))?([diouxXeEfFgGcrsa%])")


def placeholders(text):
    """The conversions of `text` in order, without the literal %%."""
    return [m.group(0) for m in SPEC.finditer(text) if m.group(1) != "%"]


def _try(name):
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def game_tables(package):
    """{"en": table, "fr": table} of a game package (the rules text included as "<RULES>"),
    or None when the package has no string module."""
    en = _try(package + ".lang_en")
    if en is not None:
        fr = _try(package + ".lang_fr")
        out = {"en": dict(en.T), "fr": dict(getattr(fr, "T", {}) or {})}
        for code, mod in (("en", en), ("fr", fr)):
            howto = _try(package + ".howto_" + code)   # the rules text apart (kit.lang)
            for holder in (mod, howto):
                if getattr(holder, "RULES", None) is not None:
                    out[code]["<RULES>"] = holder.RULES
        return out
    for part in ("strings", "lang"):
        mod = _try(package + "." + part)
        if mod is None:
            continue
        if hasattr(mod, "TABLES"):
            return {code: dict(t) for code, t in mod.TABLES.items()}
        if hasattr(mod, "EN"):
            fr = _try(package + ".lang_fr")
            return {"en": dict(mod.EN), "fr": dict(getattr(fr, "FR", {}) or {})}
    return None


def all_tables():
    from core import lang_en, lang_fr

    out = [("console", {"en": dict(lang_en.T), "fr": dict(lang_fr.T)})]
    for entry in registry.GAMES:
        if entry[2].startswith("games."):
            out.append((entry[0], game_tables(entry[2])))
    return out


TABLES = all_tables()


@pytest.mark.parametrize("name, tables", TABLES, ids=[t[0] for t in TABLES])
def test_english_and_french_have_the_same_keys_and_no_empty_text(name, tables):
    assert tables is not None, "%s has no string table" % name
    en, fr = tables.get("en", {}), tables.get("fr", {})
    assert en, "%s: no English table" % name
    assert sorted(set(en) - set(fr)) == [], "%s: missing in French" % name
    assert sorted(set(fr) - set(en)) == [], "%s: missing in English" % name
    for code, table in (("en", en), ("fr", fr)):
        for key, text in table.items():
            assert isinstance(text, str) and text.strip(), (name, code, key)


@pytest.mark.parametrize("name, tables", TABLES, ids=[t[0] for t in TABLES])
def test_placeholders_match_between_languages(name, tables):
    en, fr = tables["en"], tables["fr"]
    bad = []
    for key in sorted(set(en) & set(fr)):
        if placeholders(en[key]) != placeholders(fr[key]):
            bad.append((key, placeholders(en[key]), placeholders(fr[key])))
    assert bad == [], "%s: placeholders differ: %r" % (name, bad)


def test_placeholder_reader_hand_worked():
    assert placeholders("%d cards") == ["%d"]
    assert placeholders("%s pair +%d, 50%% off") == ["%s", "%d"]
    assert placeholders("%(n)d / %-3s %5.1f") == ["%(n)d", "%-3s", "%5.1f"]
    assert placeholders("no placeholder") == []


def test_the_parity_checks_catch_a_mismatch():
    # The two tests above on a table that is wrong on purpose.
    wrong = {"en": {"a": "%d cards", "b": "x"}, "fr": {"a": "%s cartes", "c": "y"}}
    with pytest.raises(AssertionError):
        test_english_and_french_have_the_same_keys_and_no_empty_text("wrong", wrong)
    with pytest.raises(AssertionError):
        test_placeholders_match_between_languages("wrong", wrong)
