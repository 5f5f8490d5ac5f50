"""core.strings: both languages complete, lookups, game tables added and removed."""

import sys

from core import lang_en, lang_fr, strings


def test_both_languages_have_the_same_keys():
    assert set(lang_en.T) == set(lang_fr.T)
    for key, value in lang_fr.T.items():
        assert value, key


def test_only_the_chosen_language_stays_loaded():
    strings.load("fr")
    assert strings.t("settings") == "Réglages"
    assert "core.lang_en" not in sys.modules
    strings.load("en")
    assert strings.t("settings") == "Settings"
    assert "core.lang_fr" not in sys.modules


def test_unknown_language_is_english_and_missing_key_shows_itself():
    strings.load("de")
    assert strings.lang() == "en"
    assert strings.t("no.such.key") == "no.such.key"


def test_game_tables_are_added_then_removed():
    strings.load("fr")
    strings.add({"en": {"g.x": "Card"}, "fr": {"g.x": "Carte"}})
    assert strings.t("g.x") == "Carte"
    assert strings.t("settings") == "Réglages"
    strings.remove()
    assert strings.t("g.x") == "g.x"
    strings.add({"en": {"g.y": "Only English"}})
    assert strings.t("g.y") == "Only English"
    strings.load("en")
