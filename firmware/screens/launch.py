"""Each game on a fresh interpreter: the menu restarts MicroPython before a second game.

Leaving a game drops its modules (registry.unload_all), but not everything they cost:
on the stock firmware every name of every .mpy loaded is interned for good (the qstr pool,
which grows by doubling), and the heap is left in pieces. Measured on the emulated RP2040
(stock 1.28.0): after all-AI games of the five other games, the pool held 2,240 names
(37 KB, 14 KB at the first menu) and opening Match & Collect stopped with a MemoryError
(`tools/rig`, docs/PERFORMANCE.md "Each game on a fresh interpreter").

So when a game has run since this interpreter started and the heap has not come back
whole, starting another one writes the game's id to LAUNCH_FILE in the data folder and
asks the platform to restart (`platform.restart`: machine.soft_reset() on the device; the
simulator and the unix port have none and open every game in place). main.py runs again,
the splash finds the file, removes it and opens the game's setup screen as the menu would.
A file that names no game (damaged, or a game since removed) is removed and the console
starts as usual.
"""

LAUNCH_FILE = "launch.txt"     # screens/splash.py looks for the same name
LEFT_BEHIND = 2048      # bytes of heap a game may leave behind before the next restarts


def _path(data_dir):
    return data_dir + ("" if data_dir.endswith("/") else "/") + LAUNCH_FILE


def _free():
    import gc

    gc.collect()
    return gc.mem_free() if hasattr(gc, "mem_free") else -1


def restart_into(app, entry):
    """True when the platform is restarting into `entry`: a game ran in this app already and
    left the heap smaller (LEFT_BEHIND bytes or more) than when the first game opened. False:
    open it in place (the first game; a platform that cannot restart; a firmware with the
    games frozen in, where names and bytecode stay in flash and the heap comes back whole)."""
    p = app.platform
    home = app.screens.home         # the console's screens (screens/__init__.py)
    if home[3] is None or home[3][0] is not app:
        home[3] = (app, _free())        # the menu's free heap before any game
        return False
    restart = getattr(p, "restart", None)
    if restart is None or p.data_dir is None:
        return False
    free = _free()
    if free >= 0 and free > home[3][1] - LEFT_BEHIND:   # (-1: cannot tell, restart)
        return False
    try:
        with open(_path(p.data_dir), "w") as f:
            f.write(entry[0])
    except OSError:     # a full or read-only disk: this game opens in place
        return False
    restart()
    return True


def take(app):
    """The registry entry LAUNCH_FILE names (the file is removed), or None."""
    import os

    d = app.platform.data_dir
    if d is None:
        return None
    path = _path(d)
    try:
        with open(path, "rb") as f:
            data = f.read(40)
    except OSError:
        return None
    try:
        os.remove(path)     # before anything else: a game that fails to open is not retried
    except OSError:
        pass
    import registry

    try:
        return registry.find(data.decode().strip())
    except (ValueError, UnicodeError):
        return None
