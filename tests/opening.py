"""What several tests of the kit and the games need: opening a game as the console does
(kit.setup finds its view's Spec; the kit's modules are imported at each call, as the menu
does, since tests drop them between games), the toy game registered for a test, and the
texts an app draws."""

import pytest


@pytest.fixture
def toy_game():
    """The toy game (tests/toygame) in the registry for the test; after it, the registry as
    it was, every game and kit module dropped, English strings."""
    import registry
    from core import strings
    from tests.toygame import ENTRY

    saved = list(registry.GAMES)
    registry.register(ENTRY)
    yield ENTRY
    registry.unload_all()
    registry.GAMES[:] = saved
    strings.load("en")


def entry_scene(app, entry):
    """The game's setup screen, as the main menu opens it."""
    from kit import setup

    return setup.entry_scene(app, entry)


def demo_scene(app, entry, seed, players=None):
    """An all-AI game of the game, as the Virtual Pico's DEMO: opens it."""
    from kit import setup

    return setup.demo_scene(app, entry, seed, players)


def drawn_texts(app):
    """Every text the app's canvas draws from now on, in a list filled as frames go."""
    out = []
    real = app.canvas.text

    def text(font, s, x, y, color):
        out.append(s)
        return real(font, s, x, y, color)

    app.canvas.text = text
    return out
