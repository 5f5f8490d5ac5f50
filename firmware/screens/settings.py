"""Settings: language, theme, brightness, AI speed, default players, board, Memory preview.

LEFT/RIGHT change the value on the cursor's row, A steps it forward (so four-button boards
can change everything), B saves and leaves. Theme, language and brightness apply at once.
"""

from core import strings, theme
from ui.menu import MenuScreen

_SPEEDS = ("slow", "normal", "fast")
_BRIGHT = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)
_PLAYERS = (2, 3, 4)
_PREVIEW = (1, 2, 3, 5, 8)

# (setting key, label key); the last row is the reset action.
_ROWS = (
    ("lang", "lang"),
    ("theme", "theme"),
    ("brightness", "brightness"),
    ("ai_speed", "ai_speed"),
    ("players", "players"),
    ("board", "board"),
    ("preview_s", "preview_s"),
)


def _boards():
    # Imported only when the Board row is changed: on the device the profiles are loaded
    # already; elsewhere they would cost memory for nothing while browsing settings.
    try:
        from device import boards

        return ("auto",) + tuple(boards.names())
    except ImportError:
        return ("auto",)


class SettingsScreen(MenuScreen):
    def __init__(self):
        super().__init__(strings.t("settings"))
        self._changed = False

    def choices(self, key):
        if key == "lang":
            return strings.LANGS
        if key == "theme":
            return theme.NAMES
        if key == "brightness":
            return _BRIGHT
        if key == "ai_speed":
            return _SPEEDS
        if key == "players":
            return _PLAYERS
        if key == "board":
            return _boards()
        return _PREVIEW

    def label(self, key, value):
        if key == "lang":
            return strings.t("lang_" + value)
        if key == "theme":
            return strings.t("theme_" + value)
        if key == "brightness":
            return str(value) + "%"
        if key == "ai_speed":
            return strings.t("speed_" + value)
        if key == "board":
            return strings.t("board_auto") if value == "auto" else value
        if key == "preview_s":
            return str(value) + strings.t("seconds")
        return str(value)

    def rows(self):
        s = self.app.settings
        rows = []
        for key, label_key in _ROWS:
            rows.append([strings.t(label_key), self.label(key, s[key]), True])
        rows.append([strings.t("reset_settings"), None, True])
        return rows

    def hint(self):
        return strings.t("hint_settings")

    def changed(self, index, delta):
        if index >= len(_ROWS):
            return False
        key = _ROWS[index][0]
        options = self.choices(key)
        s = self.app.settings
        try:
            i = options.index(s[key])
        except ValueError:
            i = 0
        value = options[(i + delta) % len(options)]
        s[key] = value
        self._changed = True
        self.apply(key, value)
        return True

    def apply(self, key, value):
        app = self.app
        if key == "lang":
            strings.load(value)
            self.title = strings.t("settings")
            self.menu.set_rows(self.rows())
            self.invalidate()
        elif key == "theme":
            app.apply_theme(value)
        elif key == "brightness":
            app.platform.display.backlight(value)
        elif key == "board":
            app.toast(strings.t("board_restart"))
        if key not in ("lang",):
            self.menu.set_value(self.menu.cursor, self.label(key, value))

    def chosen(self, index):
        if index < len(_ROWS):
            self.changed(index, 1)
            self.request_draw()
        else:
            from ui.dialog import confirm

            confirm(self.app, strings.t("reset_confirm"), self.reset)

    def reset(self):
        from core.storage import DEFAULT_SETTINGS

        app = self.app
        for key in DEFAULT_SETTINGS:
            app.settings[key] = DEFAULT_SETTINGS[key]
        strings.load(app.settings["lang"])
        self.title = strings.t("settings")
        app.apply_theme(app.settings["theme"])
        app.platform.display.backlight(app.settings["brightness"])
        self._changed = True
        self.menu.set_rows(self.rows())

    def back(self):
        app = self.app
        if self._changed:
            app.save_settings()
        app.pop()
        if self._changed:
            app.toast(strings.t("settings_saved"))
