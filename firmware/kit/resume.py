# Back in your game at power-on: with a game in progress (core.storage's playing.txt names the
# game last started or resumed, and its save is on file), the splash opens that game's table
# straight away instead of the main menu, as it was: every move replayed but the last, which
# the table then plays again, so its message (and its sound) comes as it did; before it, one
# line says how to leave ("Back in your game. B: main menu"), and B pressed while these two
# messages are up goes to the main menu (the game stays saved; its setup screen offers it
# again). Once they have gone, B is the game's again.
#
# The same after a restart the console did itself (screens.launch: a second game on a fresh
# interpreter) when no game was chosen: launch.txt, the game chosen on the menu, wins.
# Imported by the splash only when playing.txt is there; dropped with the kit.

import registry
from core import input as btn
from core import strings
from core.session import HUMAN, Session


def pending(app):
    """The registry entry of the game to go back to, or None (no file, a game no longer
    installed, no save of it on file)."""
    from core import modules, storage

    d = app.platform.data_dir
    gid = storage.playing(d)
    ok = gid is not None and storage.exists(storage.resume_path(d, gid))
    if ok:
        try:
            # core.storage stays for open_table (core.saved reads the save with it): loaded
            # once, not twice (~40 ms on the emulated RP2040)
            return registry.find(gid)
        except ValueError:
            pass
    modules.drop("core.storage")    # the menu comes next: it does not keep storage
    return None


def open_table(app, entry):
    """Open `entry`'s saved game at its table in place of the screen on top (the splash).
    Returns None when it did, else what to tell the person (a damaged save) or "" (nothing
    to open): the caller then opens the main menu."""
    import gc

    from kit import current, setup

    home = app.screens.home if app.screens is not None else None
    if home is not None and (home[3] is None or home[3][0] is not app):
        # As the menu's first game does (screens.launch): the heap before any game (the
        # splash has just collected), so that the next game chosen starts on a fresh
        # interpreter when this one left it smaller.
        home[3] = (app, gc.mem_free() if hasattr(gc, "mem_free") else -1)
    setup._strings(entry)
    spec = setup.spec_of(entry)
    session, message = Session.open_saved(entry[0], spec.rules_module(), app.platform.data_dir,
                                          True)
    if session is None:
        return message or ""
    current[0] = spec
    current[1] = entry
    held = session.held
    session.held = None
    table = spec.table(app, session, False)
    app.replace(table)
    from kit import turns

    turns.settle()
    app.toast(strings.t("welcome_back"))
    if message:
        app.toast(message)
    if held is not None:
        _replay_last(app, table, held)
    _offer_menu(app, table)
    return None


def _replay_last(app, table, held):
    """The last move again, by whoever made it, with its message and sound as they came, once
    the table's first frame is on the screen (the table shows first: reset to table is what
    a person waits for). Until then the table's own tick does not run: nothing else may move
    first (an AI's decision now could differ from the one saved)."""
    drawn = app.frames_drawn

    def tick(now):
        if app.frames_drawn == drawn:
            return
        del table.tick
        session = table.session
        seat = session.state.current_player
        if 0 <= seat < len(session.seats) and session.seats[seat] == HUMAN:
            # The game's own "apply a move of yours and say it" (act; Match & Collect:
            # apply); an AI's goes through play(), as the turn driver does.
            (getattr(table, "act", None) or getattr(table, "apply", None) or table.play)(held)
        else:
            table.play(held)

    table.tick = tick


def _offer_menu(app, table):
    """B goes to the main menu while the messages of the power-on are up (the table's own
    button() otherwise; given back at the first press that is not that B, or when they have
    gone)."""
    own = table.button

    def button(b, kind):
        if app.toasts_pending(table) and kind != btn.RELEASE:
            if b == btn.B:
                del table.button
                app.clear_toasts(table)
                app.reset_to_home()
                return
        elif kind != btn.RELEASE:
            del table.button     # the messages have gone: B is the game's again
        own(b, kind)

    table.button = button
