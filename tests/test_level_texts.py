"""The setup screen says what each AI level is like ("about.<level>" in every game's strings,
English and French), as a message when the player changes an opponent's level."""

import importlib

import pytest

import registry
from core import app as core_app
from core import lang_en as core_en
from core import lang_fr as core_fr
from sim import headless

LEVELS = ("easy", "normal", "hard")
GAMES = list(registry.GAMES)


@pytest.mark.parametrize("entry", GAMES, ids=[e[0] for e in GAMES])
def test_every_game_describes_its_levels_in_both_languages(entry):
    for code, core in (("en", core_en), ("fr", core_fr)):
        table = importlib.import_module(entry[2] + ".lang_" + code).T
        for level in LEVELS:
            text = table["about." + level]
            name = core.T["level_" + level]
            assert text.startswith(name + (" : " if code == "fr" else ": ")), (code, text)
            assert len(text) <= 52, text       # two lines of a message at most, 240 px wide


def test_changing_the_level_says_what_it_is_like(monkeypatch):
    shown = []
    real = core_app.App.toast

    def toast(self, message, ms=0):
        shown.append(message)
        return real(self, message, ms)

    monkeypatch.setattr(core_app.App, "toast", toast)
    # Memory: its first row is the board, the second the opponent (None (solo), Easy, Normal,
    # Hard: Normal first): RIGHT Hard, RIGHT None (solo): no text, LEFT Hard, LEFT Normal.
    r = headless.run("A,WAIT:300,A,WAIT:600,DOWN,WAIT:100,RIGHT,WAIT:300,RIGHT,WAIT:300,"
                     "LEFT,WAIT:300,LEFT,WAIT:300", seed=5)
    assert r.app.errors == 0
    from games.memory import lang_en

    assert shown == [lang_en.T["about." + lv] for lv in ("hard", "hard", "normal")]
    registry.unload_all()


def test_the_message_is_the_level_on_the_row_when_several_pass_quickly():
    """RIGHT pressed three times in a row: the one message on screen is the level the row
    shows now, not the first of three queued (each waited for the one before)."""
    r = headless.run("A,WAIT:300,A,WAIT:600,DOWN,WAIT:100,LEFT,LEFT,LEFT,WAIT:50", seed=5)
    assert r.app.errors == 0
    scene = r.app.top
    level = scene.values.get(scene._rows[1][0])
    q = [m[0] for m in r.app._toast[0]]
    from games.memory import lang_en

    assert q == [lang_en.T["about." + level]], (level, q)
    registry.unload_all()
