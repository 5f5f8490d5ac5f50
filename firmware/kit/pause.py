# The pause menu of every game's table (kit.table.Table.open_menu imports this module when
# MENU is pressed and drops it once the menu is up: a table in play does not hold its code).
# The same title and rows in every game: the game's name; Resume, How to play, History, the
# game's own rows (table.menu_rows()), Quit game.

import registry
from core import strings


def open_menu(table):
    t = strings.t
    own = list(table.menu_rows())
    labels = [t("resume"), t("how_to_play"), t("history")]
    for row in own:
        labels.append(row[0])
    labels.append(t("quit_game"))
    quit_at = len(labels) - 1
    app = table.app

    def done(i):
        if i == 1:
            from kit import lang
            from ui.textview import TextView

            package = registry.find(table.session.game_id)[2]
            app.push(TextView(t("how_to_play"), lang.rules_text(package)))
        elif i == 2:
            from kit.history import HistoryScreen

            app.push(HistoryScreen(table.history))
        elif i == quit_at:
            table.leave()
        elif i > 2:
            own[i - 3][1]()

    from ui.dialog import Dialog

    app.push(Dialog(t("game." + table.session.game_id), labels, done))
