"""The console's own screens, as the app asks for them.

`core.app.App(platform, screens)` takes this module (main.py, the simulator and the test
platforms pass it), so the runtime in core/ imports no screen and no game:

  first()                    the first screen after start-up (the splash)
  home()                     the screen every "back to the start" opens (the main menu)
  drop_games()               forget every loaded game module (before home, or on an error)
  show_error(app, exc, text) the error screen, after the app has logged `text`
"""


def first():
    from screens.splash import Splash

    return Splash()


def home():
    from screens.main_menu import MainMenu

    return MainMenu()


def drop_games():
    from games import registry

    registry.unload_all()


def show_error(app, exc, text):
    from screens import error

    error.show(app, exc, text)
