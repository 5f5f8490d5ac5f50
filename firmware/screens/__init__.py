"""The console's own screens, as the app asks for them.

`core.app.App(platform, screens)` takes this module (main.py, the simulator and the test
platforms pass it), so the runtime in core/ imports no screen and no game:

  start()                 the first screen after start-up (the splash)
  menu()                  the screen every "back to the start" opens (the main menu)
  unload_all()            forget every loaded game module (before the menu, or on an error)
  crash(app, exc, text)   the error screen, after the app has logged `text`

(Names the firmware has interned already: every new one costs heap on the board for good.)
"""


# The main menu's memory across its visits (its module leaves the heap while a game plays):
# [the app it belongs to, the app's modules loaded when it first appeared (each return trims
# back to them), its cursor, (the app in which a game has run, the free heap before it) for
# screens.launch (the next game may start on a fresh interpreter)].
home = [None, None, 0, None]


def start():
    from screens.splash import Splash

    return Splash()


def menu():
    from screens.main_menu import MainMenu

    return MainMenu()


def unload_all():
    import registry

    registry.unload_all()


def crash(app, exc, text):
    from screens import error

    error.show(app, exc, text)
