"""Every game asks the app for the "flip" tune when a card turns over or is taken (a no-op
while the Sound setting is off; core.sound plays it otherwise). Checked on each game's all-AI
demo, whose moves are announced like anyone's."""

import pytest

import registry
from sim import headless
from tests import opening


@pytest.mark.parametrize("game", [e[0] for e in registry.GAMES])
def test_a_game_in_play_asks_for_the_flip_tune(game):
    played = []

    def setup(app):
        app.start()
        app.settings["ai_speed"] = "fast"
        app.sound = played.append
        entry = registry.find(game)
        registry.load(game, "view")
        app.push(opening.demo_scene(app, entry, 7))

    r = headless.run("WAIT:20000", setup=setup, settle_ms=0)
    assert r.app.errors == 0
    assert "flip" in played, (game, sorted(set(played)))
