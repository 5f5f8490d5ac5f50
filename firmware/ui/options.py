"""A game's setup screen: options with choices, Start, How to play.

`OptionsScreen(title, options, values, on_start, rules_text=None)`:
- `options(values)` returns the rows to show now, each `(key, label, choices, label_of)`
  where `label_of(value) -> str`; it is a function so rows can depend on other values (e.g.
  one level row per opponent).
- `values` is a dict updated in place; LEFT/RIGHT or A change the value of the row.
- The last rows are "Start", "Watch AI play" (all seats AI) and "How to play".
`on_start(values, demo)` is called with demo=True for the all-AI game.
`resume=(load, on_resume)`: when the screen first opens, `load()` returns a saved game (or
None); if there is one, a dialog offers Resume (`on_resume(saved)`) or New game (the save is
cleared with `saved.clear_save()`).
"""

from core import strings
from ui.menu import MenuScreen


class OptionsScreen(MenuScreen):
    def __init__(self, title, options, values, on_start, rules_text=None, resume=None):
        super().__init__(title)
        self.options = options
        self.values = values
        self.on_start = on_start
        self.rules_text = rules_text
        self._resume_offer = resume
        self._rows = []

    def enter(self):
        super().enter()
        if self._resume_offer is None:
            return
        load, on_resume = self._resume_offer
        self._resume_offer = None    # offer once
        saved = load()
        if saved is None:
            return

        def done(choice):
            if choice == 0:
                on_resume(saved)
            else:
                saved.clear_save()

        from ui.dialog import Dialog

        self.app.push(Dialog(strings.t("resume_offer"),
                             [strings.t("resume"), strings.t("new_game")], done))

    def rows(self):
        self._rows = self.options(self.values)
        rows = []
        for key, label, _choices, label_of in self._rows:
            rows.append([label, label_of(self.values[key]), True])
        rows.append([strings.t("start_game"), None, True])
        rows.append([strings.t("watch_demo"), None, True])
        if self.rules_text is not None:
            rows.append([strings.t("how_to_play"), None, True])
        return rows

    def hint(self):
        return strings.t("hint_settings")

    def changed(self, index, delta):
        if index >= len(self._rows):
            return False
        key, _label, choices, label_of = self._rows[index]
        try:
            i = list(choices).index(self.values[key])
        except ValueError:
            i = 0
        self.values[key] = choices[(i + delta) % len(choices)]
        before = self._rows
        rows = self.rows()
        if len(rows) != len(self.menu.rows) or [r[0] for r in before] != [r[0] for r in
                                                                           self._rows]:
            self.menu.set_rows(rows)   # rows appeared or went: draw the list again
            self.invalidate()
        else:
            # Same rows: repaint only the values that changed (one, or a few dependants).
            for n in range(len(rows)):
                if rows[n][1] != self.menu.rows[n][1]:
                    self.menu.set_value(n, rows[n][1])
        return True

    def chosen(self, index):
        n = len(self._rows)
        if index < n:
            self.changed(index, 1)
            self.request_draw()
        elif index == n:
            self.on_start(self.values, False)
        elif index == n + 1:
            self.on_start(self.values, True)
        elif self.rules_text is not None:
            from ui.textview import TextView

            self.app.push(TextView(strings.t("how_to_play"), self.rules_text()))
