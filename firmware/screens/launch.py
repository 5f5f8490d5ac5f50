"""Each game on a fresh interpreter: the board restarts MicroPython when a game is left.

Leaving a game drops its modules (registry.unload_all), but not everything they cost:
on the stock firmware every name of every .mpy loaded is interned for good (the qstr pool,
which grows by doubling), and the heap is left in pieces. Measured on the emulated RP2040
(stock 1.28.0): after all-AI games of the five other games, the pool held 2,240 names
(37 KB, 14 KB at the first menu) and opening Match & Collect stopped with a MemoryError
(`tools/rig`, docs/PERFORMANCE.md at ef6896e, "Each game on a fresh interpreter").

So when a game has been left and the heap has not come back whole (LEFT_BEHIND bytes or
more below the menu's free heap before the first game), the menu, at its first tick, writes
"#<its row>" to LAUNCH_FILE in the data folder and asks the platform to restart
(`platform.restart`: machine.soft_reset() on the device; the simulator and the unix port have
none and open every game in place): `after_game`. main.py runs again, the splash finds the
file, removes it and shows the menu on that row without drawing itself; the next game opens
in place, in well under a second (the restart's second is spent when a game is left, not
when one is chosen). Choosing a game when the heap is short all the same (a game left
without passing the menu) restarts into that game: LAUNCH_FILE holds its id, and the splash
opens its setup screen as the menu would (`restart_into`). A file that names no game nor a
row (damaged, or a game since removed) is removed and the console starts as usual.
"""

LAUNCH_FILE = "launch.txt"     # screens/splash.py looks for the same name
LEFT_BEHIND = 2048      # bytes of heap a game may leave behind before the next restarts


def _path(data_dir):
    return data_dir + ("" if data_dir.endswith("/") else "/") + LAUNCH_FILE


def _free():
    import gc

    gc.collect()
    return gc.mem_free() if hasattr(gc, "mem_free") else -1


def after_game(app, row):
    """At the menu's first tick after a game: True when the platform is restarting (the heap
    came back LEFT_BEHIND bytes or more short of the menu's before the first game); the
    restarted console opens the menu on `row`. False: go on (no game ran in this app, no
    restart here, a heap back whole as with the games frozen into the firmware)."""
    p = app.platform
    home = app.screens.home         # the console's screens (screens/__init__.py)
    restart = getattr(p, "restart", None)
    if home[3] is None or home[3][0] is not app or restart is None or p.data_dir is None:
        return False
    free = _free()
    if free >= 0 and free > home[3][1] - LEFT_BEHIND:   # (-1: cannot tell, restart)
        return False
    try:
        with open(_path(p.data_dir), "w") as f:
            f.write("#%d" % row)
    except OSError:     # a full or read-only disk: the next game restarts, or opens in place
        return False
    restart()
    return True


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
    """The registry entry LAUNCH_FILE names, or the menu row ("#<row>": an int), or None;
    the file is removed."""
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
        text = data.decode().strip()
        if text[:1] == "#":
            return int(text[1:])
        return registry.find(text)
    except (ValueError, UnicodeError):
        return None
