"""Settings: language, theme, brightness, when the screen dims and goes off, sound (off or
its volume; boards with a buzzer only), AI speed, default players, board, Memory preview, the
your-turn light (boards with an RGB LED only), first-game tips on or off; Show tips again
(kit.tips: every tip shows once more).

LEFT/RIGHT change the value on the cursor's row, A steps it forward (so four-button boards
can change everything), B saves and leaves. Theme, language and brightness apply at once.
"""

from core import strings, theme
from ui.menu import MenuScreen

_SPEEDS = ("slow", "normal", "fast")
_BRIGHT = (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)
_PLAYERS = (2, 3, 4)
_PREVIEW = (1, 2, 3, 5, 8)

# (setting key, label key); the last row is the reset action. The power and sound rows
# (label key None) take their labels, in this order, from one string, "power_row_labels":
# a key and a label each would cost the boot heap (docs/POWER.md). Two rows set two keys:
# "dim_after_s" the pair (dim_after_s, off_after_s), "sound" off (0) or the sound_volume.
_ROWS = (
    ("lang", "lang"),
    ("theme", "theme"),
    ("brightness", "brightness"),
    ("dim_after_s", None),
    ("sound", None),
    ("ai_speed", "ai_speed"),
    ("players", "players"),
    ("board", "board"),
    ("preview_s", "preview_s"),
    ("tips_enabled", "tips_row_label"),
    ("your_turn_led", None),     # shown only where the board has the LED
)


def _boards():
    # Imported only when the Board row is changed: on the device the profiles are loaded
    # already; elsewhere they would cost memory for nothing while browsing settings.
    try:
        from device import boards

        return ("auto",) + tuple(boards.names())
    except ImportError:
        return ("auto",)


def get(s, key):
    """What the row of `key` shows, from the settings `s` (a name MicroPython has built in:
    a new one would be interned at boot)."""
    if key == "sound":
        return s["sound_volume"] if s["sound"] else 0
    if key == "dim_after_s":
        return (s["dim_after_s"], s["off_after_s"])
    return s[key]


class SettingsScreen(MenuScreen):
    def __init__(self):
        super().__init__(strings.t("settings"))
        self._changed = False
        self._keys = []          # the setting of each row shown (rows())

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
        if key == "dim_after_s":     # (dim, off) in seconds; 0: never
            return ((0, 0), (60, 300), (120, 600), (300, 900), (600, 1800))
        if key == "sound":           # off, or the volume in percent
            return (0, 20, 40, 60, 80, 100)
        if key == "your_turn_led" or key == "tips_enabled":
            return (False, True)
        return _PREVIEW

    def label(self, key, value):
        if key == "lang":
            return strings.t("lang_" + value)
        if key == "theme":
            return strings.t("theme_" + value)
        if key == "brightness" or (key == "sound" and value):
            return str(value) + "%"
        if key == "sound" or key == "dim_after_s" or key == "your_turn_led" or \
                key == "tips_enabled":
            # "Off,On,Never,min": one long string (short ones are interned at boot)
            words = strings.t("value_labels").split(",")
            if key == "dim_after_s":
                if not value[0] and not value[1]:
                    return words[2]
                return str(value[0] // 60) + "/" + str(value[1] // 60) + " " + words[3]
            return words[1 if value else 0]
        if key == "ai_speed":
            return strings.t("speed_" + value)
        if key == "board":
            return strings.t("board_auto") if value == "auto" else value
        if key == "preview_s":
            return str(value) + strings.t("seconds")
        return str(value)

    def rows(self):
        s = self.app.settings
        p = self.app.platform
        rows = []
        keys = self._keys = []
        more = strings.t("power_row_labels").split(",")
        for key, label_key in _ROWS:
            label = more.pop(0) if label_key is None else strings.t(label_key)
            # Sound only where the board has a buzzer, the your-turn light where it has one.
            if (key == "sound" and not getattr(p, "tone", None)) or \
                    (key == "your_turn_led" and not getattr(p, "led", None)):
                continue
            keys.append(key)
            rows.append([label, self.label(key, get(s, key)), True])
        rows.append([strings.t("tips_again_row"), None, True])     # then Reset: the last
        rows.append([strings.t("reset_settings"), None, True])
        return rows

    def hint(self):
        menu = self.menu
        if menu is not None and menu.cursor >= len(menu.rows) - 2:
            return strings.t("hint_menu")         # Show tips again, Reset: chosen with A
        return strings.t("hint_settings")

    def changed(self, index, delta):
        if index >= len(self.menu.rows) - 2:    # the last rows: Show tips again, Reset
            return False
        key = self._keys[index]
        options = self.choices(key)
        s = self.app.settings
        try:
            i = options.index(get(s, key))
        except ValueError:
            i = 0
        value = options[(i + delta) % len(options)]
        if key == "sound":
            s["sound"] = value > 0
            if value:
                s["sound_volume"] = value
        elif key == "dim_after_s":
            s["dim_after_s"] = value[0]
            s["off_after_s"] = value[1]
        else:
            s[key] = value
        self._changed = True
        self.apply(key, value)
        return True

    def apply(self, key, value):
        app = self.app
        if key == "lang":
            self.menu.rows = []     # the old language's texts go first: room for the new
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
        elif key == "sound":
            app.sound("select")     # how it sounds now (or silence, when turned off)
        if key not in ("lang",):
            self.menu.set_value(self.menu.cursor, self.label(key, value))

    def chosen(self, index):
        n = len(self.menu.rows)
        if index < n - 2:
            self.changed(index, 1)
            self.request_draw()
        elif index == n - 2:
            # Show tips again: the seen tips forgotten (kit.tips' file, emptied here so that
            # Settings imports no kit module).
            from core import storage

            data = self.app.platform.data_dir
            if data is not None:
                storage.save(storage.join(data, "tips_seen.json"), [])
            self.app.toast(strings.t("tips_again_done"))
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
        # Leave first, save at the next frame: this screen (and what the menu drops when it
        # is back on top) is gone by then, which makes room for core.storage.
        app.pop()
        if self._changed:
            app.save_settings(now=False)
            app.toast(strings.t("settings_saved"))
