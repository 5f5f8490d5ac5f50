# Written by tools/rig as /rig_demo.py on the emulated Pico's filesystem; NOT part of the
# firmware. From the REPL of a board booted in safe mode (B held):
#     import rig_demo; rig_demo.run("match252", 1, 300000)
# starts the app as main.py does, waits for the main menu, then plays GAME's all-AI game as a
# player would (its setup screen from the menu, then the table as "Watch AI play" places
# it; seats and options of the view's demo_scene, seed SEED) until it pops back to the menu
# or the setup screen, an error, or `limit_ms`; then prints "RIG:demo <game> <ended 0|1>
# <errors>" and returns to the REPL.
#     import rig_demo; rig_demo.human("match252", 1, 60000)
# does the same with a game the host plays through the board's buttons: seat 0 a person, the
# others Hard, the all-AI game's options (the setup's defaults), not saved; it first prints
# "RIG:human <game> <ms of the pause after the person's move (ai_speed)>".
import gc
import time


def _name(app):
    top = app.top
    return type(top).__name__ if top is not None else "-"


def _loop(app, name, ms):
    """Step the app as App.run does until the scene on top is `name` (a name or a tuple of
    names): True; False after `ms` or an error."""
    names = name if isinstance(name, tuple) else (name,)
    p = app.platform
    start = time.ticks_ms()
    errors = app.errors
    while time.ticks_diff(time.ticks_ms(), start) < ms:
        wait = app.step()
        if app.errors != errors:
            return False
        if _name(app) in names:
            return True
        # as App.run: short slices, back early when a button changes
        raw = app.input._raw
        while wait > 4:
            p.sleep_ms(4)
            wait -= 4
            if p.buttons.read() != raw:
                wait = 0
        if wait > 0:
            p.sleep_ms(wait)
    return False


def _human(app, entry, seed):
    """GAME's table opened as a person's Start opens it: on the main menu the game's row and
    A (its setup screen in place of the menu), then the setup screen's open_table with a
    session of the all-AI game's options (the setup's defaults), seat 0 the person and the
    other seats Hard, not saved (in place of the setup screen when Spec.replace, above it
    otherwise, as for a person)."""
    from core.session import Session
    from kit import setup, turns

    _open_setup(app, entry)
    old = setup.demo_scene(app, entry, seed).session
    rules, options, n = old.rules, old.options, len(old.seats)
    old = None
    gc.collect()
    session = Session(entry[0], rules, options, ["human"] + ["hard"] * (n - 1), seed, None)
    print("RIG:human", entry[0], turns.human_pause_ms(app.settings))
    app.top.open_table(session, False)


def _open_setup(app, entry):
    """On the main menu, the game's row and A: its setup screen in place of the menu
    (MainMenu.start_game)."""
    import registry

    menu = app.top
    menu.menu.cursor = registry.GAMES.index(entry)
    menu.start_game(entry)


def _watch(app, entry, seed):
    """The all-AI game of the view's demo_scene (its seats, the declared default options,
    seed `seed`) opened as a player's "Watch AI play" opens one: on the main menu the game's
    row and A (its setup screen in place of the menu, MainMenu.start_game), then the setup
    screen's open_table with that session (in place of the setup screen when Spec.replace,
    above it otherwise; what it lets go of goes)."""
    _open_setup(app, entry)
    from kit import setup

    session = setup.demo_scene(app, entry, seed).session
    gc.collect()
    app.top.open_table(session, True)


def run(game_id, seed, limit_ms, human=False):
    from core import app as _app

    result = [0, 0]  # ended, app errors

    def play(self):
        self.start()
        if not _loop(self, "MainMenu", 10000):
            result[1] = self.errors
            return
        try:
            self.reset_to_home()
            import registry

            entry = registry.find(game_id)
            gc.collect()
            if human:
                _human(self, entry, seed)
            else:
                _watch(self, entry, seed)
        except Exception as exc:  # noqa: BLE001 - shown as the app would
            self.crash(exc)
            result[1] = self.errors
            return
        result[0] = 1 if _loop(self, ("MainMenu", "SetupScreen"), limit_ms) else 0
        result[1] = self.errors

    _app.App.run = play
    import main

    main.run()
    print("RIG:demo", game_id, result[0], result[1])


def human(game_id, seed, limit_ms):
    run(game_id, seed, limit_ms, True)
