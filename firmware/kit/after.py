# After every game, the same flow: the game's result, then a choice of Play again / Setup /
# Menu. Imported when a game ends (kit.table.Table.offer_after calls it).
#
#     from kit import after
#     after.choose(app, session)          # push the "What next?" choice (a dialog)
#     after.offer(table)                  # the same over a kit.table.Table, naming the
#                                         # winner and every final score (its result_line)
#     after.dialog(app, session, text)    # or the game's own result text with the choices
#
# - Play again: a new game with the same options and seats (a fresh seed), saved, in place
#   of the screen on top (the table or the result screen); the old game's messages go;
# - Setup: back to the game's setup screen (the one below, or a new one when the table
#   replaced it: Spec.replace);
# - Menu: back to the main menu.
# B on the choice leaves the result on screen (kit.table: A offers the choice again). The
# game's Spec is the one its setup screen was made with (kit.current), or the `spec` given.

from core import strings
from core.session import Session
from kit import current

AGAIN = 0
SETUP = 1
MENU = 2


def labels():
    t = strings.t
    return [t("again"), t("setup"), t("to_menu")]


def choose(app, session, spec=None, message=None, title=None):
    """Push the choice (Play again / Setup / Menu) over the result: `message` (the kit's
    table gives the winner and every final score: kit.table.Table.result_line) under the
    title "What next?"; "What next?" alone when there is none."""
    from ui.dialog import Dialog

    if message is None:
        message = strings.t("what_next")
    elif title is None:
        title = strings.t("what_next")
    app.push(Dialog(message, labels(), lambda i: done(app, session, i, spec), title=title))


def offer(table, text=None):
    """The choice over a finished kit.table.Table (its offer_after): with the game's own
    result `text`, or the kit's line (table.result_line()); remembered on the table, whose A
    offers it again once B has left the result on screen."""
    table.after_text = text or ""
    if text:
        dialog(table.app, table.session, text)
    else:
        choose(table.app, table.session, message=table.result_line())
    table.request_draw()


def dialog(app, session, text, spec=None, title=None):
    """The result `text` and the three choices in one dialog."""
    choose(app, session, spec, text, title or strings.t("game_over"))


def _spec(session, spec):
    """The game's Spec: the one given, the one its setup screen was made with, else its
    view's (a table opened some other way: a resumed launch, a test)."""
    if spec is not None:
        return spec
    cur = current[0]
    if cur is not None and cur.game_id == session.game_id:
        return cur
    from kit import setup

    return setup.spec_of(_entry(session.game_id))


def _entry(game_id):
    cur = current
    if cur[1] is not None and cur[1][0] == game_id:
        return cur[1]
    import registry

    return registry.find(game_id)


def _is_setup(scene):
    return type(scene).__name__ == "SetupScreen"


def done(app, session, choice, spec=None):
    """Carry out choice AGAIN / SETUP / MENU (-1: nothing, the result stays)."""
    spec = _spec(session, spec)
    if choice == AGAIN and spec is not None:
        new = again(app, session, spec)
        app.clear_toasts(app.top)       # the last game's words do not open the next one
        app.replace(spec.table(app, new, False))
        if spec.replace:
            # As the setup screen's Start (kit.setup_screen.open_table): the next game plays
            # without the Spec, which kit.stats makes again at its end.
            from core import modules

            current[0] = None
            modules.drop("kit.setup")
    elif choice == SETUP or (choice == AGAIN and spec is None):
        stack = app.stack
        i = len(stack) - 1
        while i > 0 and not _is_setup(stack[i]):
            i -= 1
        if i > 0:
            while app.top is not stack[i]:
                app.pop()
        elif spec is not None:
            from kit import setup

            app.replace(setup.screen(app, _entry(session.game_id), spec))
        else:
            to_menu(app)
    elif choice == MENU:
        to_menu(app)


def again(app, session, spec):
    """A new session with the same game, options and seats, a fresh seed; saved."""
    new = Session(session.game_id, session.rules, dict(session.options), list(session.seats),
                  spec.new_seed(app), session.data_dir)
    new.save()
    return new


def to_menu(app):
    """Back to the main menu (the bottom of the stack; the home screen if it is not)."""
    while len(app.stack) > 1:
        app.pop()
    if type(app.top).__name__ != "MainMenu":
        app.reset_to_home()
