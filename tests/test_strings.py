"""core.strings: both languages complete, lookups, game tables added and removed."""

import sys
from contextlib import contextmanager

import pytest

from core import lang_en, lang_fr, strings


@contextmanager
def french():
    """French for the body; English again (and no game table) whatever the body does, so a
    failing French test cannot leak French into the tests that follow."""
    strings.load("fr")
    try:
        yield
    finally:
        strings.remove()
        strings.load("en")


def test_both_languages_have_the_same_keys():
    assert set(lang_en.T) == set(lang_fr.T)
    for key, value in lang_fr.T.items():
        assert value, key


def test_only_the_chosen_language_stays_loaded():
    with french():
        assert strings.t("settings") == "Réglages"
        assert "core.lang_en" not in sys.modules
    assert strings.t("settings") == "Settings"
    assert "core.lang_fr" not in sys.modules


def test_unknown_language_is_english_and_missing_key_shows_itself():
    strings.load("de")
    assert strings.lang() == "en"
    assert strings.t("no.such.key") == "no.such.key"


def test_game_tables_are_added_then_removed():
    with french():
        strings.add({"en": {"g.x": "Card"}, "fr": {"g.x": "Carte"}})
        assert strings.t("g.x") == "Carte"
        assert strings.t("settings") == "Réglages"
        strings.remove()
        assert strings.t("g.x") == "g.x"
        strings.add({"en": {"g.y": "Only English"}})
        assert strings.t("g.y") == "Only English"
    assert strings.t("g.y") == "g.y"


def test_a_failing_french_test_leaves_english_behind():
    with pytest.raises(AssertionError):
        with french():
            strings.add({"en": {"g.z": "Tile"}, "fr": {"g.z": "Tuile"}})
            assert strings.t("settings") == "Settings"   # fails: this is French
    assert strings.lang() == "en" and strings.t("settings") == "Settings"
    assert strings.t("g.z") == "g.z"
