"""How the console opens a game (kit.setup finds its view's Spec), for tests: the kit's modules
are imported at each call, as the menu does, since tests drop them between games."""


def entry_scene(app, entry):
    """The game's setup screen, as the main menu opens it."""
    from kit import setup

    return setup.entry_scene(app, entry)


def demo_scene(app, entry, seed, players=None):
    """An all-AI game of the game, as the Virtual Pico's DEMO: opens it."""
    from kit import setup

    return setup.demo_scene(app, entry, seed, players)
