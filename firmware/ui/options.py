"""A game's setup screen: options with choices, Start, How to play.

`OptionsScreen(title, options, values, on_start, rules_text=None, resume=None)`:
- `options(values)` returns the rows to show now, each `(key, label, choices, label_of)`
  where `label_of(value) -> str`; it is a function so rows can depend on other values (e.g.
  one level row per opponent).
- `values` is a dict updated in place; LEFT/RIGHT or A change the value of the row.
- The last rows are "Start", "Watch AI play" (all seats AI) and "How to play".
`on_start(values, demo)` is called with demo=True for the all-AI game.

`resume=(check, on_resume, clear)` offers a saved game, the same way in every game:
- once the screen has been drawn the first time, `check()` -> (saved, message): when a save
  is on file a dialog asks "Resume the game you left?" [Resume, New game]; when the save was
  damaged `message` says so (shown in a dialog, OK);
- Resume calls `on_resume()`;
- Back (B) closes the question and leaves the save alone;
- only "New game", confirmed by a second question ("The game you left will be lost"), calls
  `clear()`; Start (not Watch AI play, which never saves) asks the same question first while
  a save is still on file.
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
        self._resume: tuple = resume or ()
        self._offer = resume is not None    # offer once, after the first draw
        self._drawn = False
        self.saved = False                   # a save is on file (it would be replaced)
        self._rows = []

    def draw(self, c, full):
        super().draw(c, full)
        self._drawn = True

    def tick(self, now):
        if self._offer and self._drawn and self.app.top is self:
            self._offer = False
            self.offer_resume()

    def resume(self):
        super().resume()
        if self._resume and not self._offer:
            # Back from a game (or a dialog): is a save on file now?
            self.saved = self._resume[0]()[0]

    def offer_resume(self):
        """Ask whether to resume the saved game (or say it was damaged)."""
        from ui.dialog import Dialog

        check, _on_resume, _clear = self._resume
        saved, message = check()
        self.saved = saved
        if message:
            self.app.push(Dialog(message, [strings.t("ok")], None))
        elif saved:
            self.app.push(Dialog(strings.t("resume_offer"),
                                 [strings.t("resume"), strings.t("new_game")],
                                 self._answer))

    def _answer(self, choice):
        if choice == 0:
            self._resume[1]()
        elif choice == 1:
            self.confirm_replace(None)
        # Back (-1): the question closes, the save stays.

    def confirm_replace(self, then):
        """Ask before the save is lost; on yes clear it, then call `then()` (if any)."""
        from ui.dialog import Dialog

        def done(choice):
            if choice == 0:
                self._resume[2]()
                self.saved = False
                if then is not None:
                    then()

        self.app.push(Dialog(strings.t("replace_save"),
                             [strings.t("new_game"), strings.t("cancel")], done))

    def begin(self, demo):
        if demo or not self.saved or not self._resume:
            self.on_start(self.values, demo)
            return
        self.confirm_replace(lambda: self.on_start(self.values, False))

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
        # An option row changes with LEFT/RIGHT (A steps it on); Start, Watch AI play, How
        # to play and the rows after them are chosen with A.
        menu = self.menu
        if menu is not None and menu.cursor < len(self._rows):
            return strings.t("hint_settings")
        return strings.t("hint_menu")

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
            self.begin(False)
        elif index == n + 1:
            self.begin(True)
        elif self.rules_text is not None:
            from ui.textview import TextView

            self.app.push(TextView(strings.t("how_to_play"), self.rules_text()))
