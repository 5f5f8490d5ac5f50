"""The main menu: every game in the registry, then Statistics, Settings and About.

A game's name and icon come from its registry line (registry.label): the menu imports
nothing of a game until one is chosen. Its memory across visits (the cursor, the modules to
trim back to) is the console's `screens.home`, reached through the app (`app.screens`, the
package main.py gave it): this module imports no module of its package above it."""

import gc

from micropython import const

import registry
from core import strings
from ui.menu import MenuScreen

_ICON_SIZE = const(32)


class MainMenu(MenuScreen):
    home = True     # the bottom of the stack: App.pop of any other bottom scene comes here

    def __init__(self):
        super().__init__(strings.t("console"))
        self._after_game = False    # back from a game: screens.launch.after_game at tick

    def rows(self):
        rows = []
        lang = strings.lang()
        for entry in registry.GAMES:
            name, icon = registry.label(entry, lang)
            rows.append([name, None, True, icon])
        if not rows:
            rows.append([strings.t("no_games"), None, False, None])
        rows.append([strings.t("menu_statistics"), None, True, None])
        rows.append([strings.t("settings"), None, True, "settings"])
        rows.append([strings.t("about"), None, True, "about"])
        return rows

    def enter(self):
        from core import modules

        # The splash is done with; what is loaded now is what the menu needs. Anything
        # loaded later (settings, about, a game) is dropped when the menu is back on top.
        modules.drop("screens.splash")
        gc.collect()
        home = self.app.screens.home
        if home[0] is self.app:
            modules.trim_to(home[1])        # back from a game: what it loaded goes
            self._after_game = home[3] is not None
        else:                               # the first time (of this app)
            home[0] = self.app
            home[1] = modules.loaded()
            home[2] = 0
        self.app.led(False)     # no game: no "your turn" light
        super().enter()
        # Rows tall enough for the 32-pixel game icons when they all fit on the screen.
        menu = self.menu
        icon = _ICON_SIZE
        row_h = icon + 4
        if len(menu.rows) * row_h <= menu.h and self.app.icons.has("settings"):
            menu.row_h = row_h
            menu.icon_w = icon
            menu.set_rows(menu.rows)
        cursor = home[2]
        if cursor < len(menu.rows):
            menu.cursor = cursor    # on the game just left
        if not self.menu.rows[self.menu.cursor][2]:
            self.menu.move(1)

    def resume(self):
        # Back from a game (or Settings): release any game's modules and strings, so the
        # next game starts with the whole heap.
        from core import modules

        if registry.unload_all():
            strings.remove()
        modules.trim_to(self.app.screens.home[1])
        self.app.led(False)
        self.title = strings.t("console")
        super().resume()

    def tick(self, now):
        if self._after_game:
            # The first tick after a game, before the menu's first frame: the game's scenes
            # are no longer on the call stack, so the heap reads what it left behind.
            self._after_game = False
            from core import modules
            from screens import launch

            launch.after_game(self.app, self.menu.cursor)   # restarts, or goes on here
            launch = None
            modules.drop("screens.launch")
        super().tick(now)

    def hint(self):
        return strings.t("hint_mainmenu")     # no B: the main menu is where B leads

    def back(self):
        pass  # the main menu is the bottom of the stack

    def chosen(self, index):
        games = registry.GAMES
        if index < len(games):
            self.start_game(games[index])
            return
        extra = index - max(1, len(games))
        if extra == 0:
            # The statistics (kit.stats_screen) imported by name only now: no new names
            # interned at boot (the qstr pool; tests/test_boot_heap.py).
            import sys

            __import__("kit.stats_screen")
            self.app.push(sys.modules["kit.stats_screen"].entry_scene(self.app, None))
        elif extra == 1:
            from screens.settings import SettingsScreen

            self.app.push(SettingsScreen())
        elif extra == 2:
            from screens.about import AboutScreen

            self.app.push(AboutScreen())

    def start_game(self, entry):
        # The game opens in place of the menu (App.replace), so the menu's modules leave the
        # heap while it plays (make memcheck); App.pop of its last scene opens a new menu.
        # A second game starts on a fresh interpreter instead, where the board can restart
        # (screens.launch).
        self.app.screens.home[2] = self.menu.cursor
        from core import canvas

        canvas.fast_marks()     # before the heap's measure: it stays for good
        from screens import launch

        if launch.restart_into(self.app, entry):
            return
        launch = None
        from core import modules

        modules.drop("screens.launch")
        gc.collect()
        from kit import lang

        view = lang.open_view(entry)     # strings first, then the view (kit.lang)
        from kit import setup

        self.app.replace(setup.entry_scene(self.app, entry, view.Spec()))

    def exit(self):
        from core import modules

        modules.drop("screens.main_menu")
        modules.drop("ui.menu")

    def title_right(self):
        # Free memory: handy on the device (the unix port has it too; CPython does not).
        text = str(gc.mem_free() // 1024) + "K" if hasattr(gc, "mem_free") else None
        # The battery level, on battery power where the board can tell (docs/POWER.md):
        # read here, when the title is drawn, and by the app's check once a minute.
        if getattr(self.app.platform, "battery", None):
            from core import power

            pct = power.step(self.app)
            if pct is not None:
                return str(pct) + "%" + (" " + text if text else "")
        return text
