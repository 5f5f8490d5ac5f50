# The pause menu of every game's table (kit.table.Table.open_menu imports this module when
# MENU is pressed and drops it once the menu is up: a table in play does not hold its code).
# The same title and rows in every game: the game's name; Resume, "? What now" (one screen on
# this phase and its buttons, kit.learn; not in an all-AI game), How to play (the whole
# reference), History, the game's own rows (table.menu_rows()), Sound on / off (the mute
# shortcut, where the board has a buzzer: the Sound setting, saved), Quit game.

import registry
from core import strings


def open_menu(table):
    t = strings.t
    own = list(table.menu_rows())
    app = table.app
    rows: list = [None]              # what each row does (None: Resume)
    labels = [t("resume")]
    if not table.demo:
        labels.append(t("help_row"))
        rows.append("help")
    labels += [t("how_to_play"), t("history")]
    rows += ["rules", "history"]
    for row in own:
        labels.append(row[0])
        rows.append(row[1])
    if getattr(app.platform, "tone", None):
        on = bool(app.settings and app.settings.get("sound"))
        labels.append(t("sound_on_row" if on else "sound_off_row"))
        rows.append("sound")
    labels.append(t("quit_game"))
    rows.append("quit")

    def done(i):
        what = rows[i] if 0 <= i < len(rows) else None
        if what == "help":
            from core import modules
            from kit import learn

            if not learn.open_help(table):
                rules_text()
            modules.drop("kit.learn")
        elif what == "rules":
            rules_text()
        elif what == "history":
            from kit.history import HistoryScreen

            app.push(HistoryScreen(table.history))
        elif what == "sound":
            s = app.settings
            s["sound"] = not s.get("sound")
            app.save_settings(now=False)
            app.sound("select" if s["sound"] else None)
        elif what == "quit":
            table.leave()
        elif what is not None:
            what()

    def rules_text():
        from kit import lang
        from ui.textview import TextView

        package = registry.find(table.session.game_id)[2]
        app.push(TextView(t("how_to_play"), lang.rules_text(package)))

    from ui.dialog import Dialog

    app.push(Dialog(t("game." + table.session.game_id), labels, done))
