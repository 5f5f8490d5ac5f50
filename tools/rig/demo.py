# Written by tools/rig as /rig_demo.py on the emulated Pico's filesystem; NOT part of the
# firmware. From the REPL of a board booted in safe mode (B held):
#     import rig_demo; rig_demo.run("match252", 1, 300000)
# starts the app as main.py does, waits for the main menu, then plays GAME's all-AI demo scene
# (the game view's demo_scene, as device/unixport.py's DEMO: token) until it pops back to the
# menu, an error, or `limit_ms`; then prints "RIG:demo <game> <ended 0|1> <errors>" and
# returns to the REPL.
import gc
import time


def _name(app):
    top = app.top
    return type(top).__name__ if top is not None else "-"


def _loop(app, name, ms):
    p = app.platform
    start = time.ticks_ms()
    errors = app.errors
    while time.ticks_diff(time.ticks_ms(), start) < ms:
        wait = app.step()
        if app.errors != errors:
            return False
        if _name(app) == name:
            return True
        if wait > 0:
            p.sleep_ms(wait)
    return False


def run(game_id, seed, limit_ms):
    from core import app as _app

    result = [0, 0]  # ended, app errors

    def play(self):
        self.start()
        if not _loop(self, "MainMenu", 10000):
            result[1] = self.errors
            return
        try:
            self.reset_to_home()
            from games import registry

            entry = registry.find(game_id)
            gc.collect()
            view = registry.load(game_id, "view")
            self.push(view.demo_scene(self, entry, seed))
        except Exception as exc:  # noqa: BLE001 - shown as the app would
            self.crash(exc)
            result[1] = self.errors
            return
        result[0] = 1 if _loop(self, "MainMenu", limit_ms) else 0
        result[1] = self.errors

    _app.App.run = play
    import main

    main.run()
    print("RIG:demo", game_id, result[0], result[1])
