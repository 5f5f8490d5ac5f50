"""The hint bars of Shadow Lock, Manufactory and Cauldron name only buttons each board has
(issue #12): written once with button tokens, named per board by ui.widgets.hints."""

import importlib

import pytest

from core import strings
from sim import headless
from ui import widgets

GAMES = ("shadowlock", "manufactory", "cauldron")


def _apps():
    apps = {}
    for board in ("pico_lcd_1_3", "pico_lcd_1_14", "display_pack_2"):
        def setup(app):
            app.start()
        apps[board] = headless.run("WAIT:100", board=board, setup=setup).app
    return apps


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hint_texts_name_only_the_boards_buttons(lang):
    apps = _apps()
    for game in GAMES:
        table = importlib.import_module("games.%s.lang_%s" % (game, lang)).T
        keys = [k for k in table if ".h_" in k]
        assert keys, game
        for key in keys:
            text = table[key]
            bare = text.replace("{MENU}", "")
            assert "MENU" not in bare and "</>" not in text, (key, text)   # tokens only
            try:
                strings.load(lang)
                pack = widgets.hints(apps["display_pack_2"], text)
                small = widgets.hints(apps["pico_lcd_1_14"], text)
                big = widgets.hints(apps["pico_lcd_1_3"], text)
            finally:
                strings.load("en")
            for shown in (pack, small, big):
                assert "{" not in shown, (key, shown)
            # The Display Pack has no d-pad and no MENU button: they become its chords.
            assert "MENU" not in pack and "</>" not in pack and "Up/Down" not in pack, pack
            if "{MENU}" in text:
                assert "MENU" in big


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_game_has_a_first_turn_tip_naming_the_boards_buttons(lang):
    """kit.turns shows `tip.<game id>` once, the first time the person is to move; every
    registered game has one, and it names only buttons each board has."""
    import registry

    apps = _apps()
    for entry in registry.GAMES:
        game = entry[0]
        package = entry[2]
        try:
            table = importlib.import_module(package + ".lang_" + lang).T
        except ImportError:
            table = {}
        if "tip." + game not in table:
            kit_table = importlib.import_module("kit.lang_" + lang).T
            table = kit_table
        assert "tip." + game in table, game
        text = table["tip." + game]
        try:
            strings.load(lang)
            for app in apps.values():
                assert "{" not in widgets.hints(app, text), (game, text)
        finally:
            strings.load("en")
