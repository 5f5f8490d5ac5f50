# The setup screen of a game declared with kit.setup.Spec (see kit/setup.py). Its own module,
# with ui.options, so that a game's table and an all-AI demo never load it: kit.setup.screen
# and kit.setup.entry_scene import it when the setup screen opens.

import gc

from core import strings
from core.session import Session
from ui.options import OptionsScreen


class SetupScreen(OptionsScreen):
    """The setup screen of a game declared by `spec` (see the top of this module)."""

    def __init__(self, app, entry, spec):
        self.spec = spec
        self.entry = entry
        self.game_id = entry[0]
        data_dir = app.platform.data_dir
        self.data_dir = data_dir
        values = spec.defaults(app, entry)
        super().__init__(strings.t("game." + entry[0]), self._option_rows, values, self._start,
                         spec.rules_text,
                         resume=(self._check, self._resume_saved, self._clear)
                         if data_dir is not None else None)
        self._app = app

    def _option_rows(self, values):
        return self.spec.rows(self._app, self.entry, values)

    # -- rows -------------------------------------------------------------------------------
    def rows(self):
        rows = super().rows()
        if self.spec.high_scores:
            rows.append([strings.t("high_scores"), None, True])
        if self.data_dir is not None:
            rows.append([strings.t("statistics"), None, True])
        return rows

    def changed(self, index, delta):
        before = dict(self.values)
        done = super().changed(index, delta)
        if done:
            for key in self.values:
                if self.values[key] != before.get(key):
                    self.spec.changed(self.values, key)
                    if key[:2] == "lv":
                        self._about_level(self.values[key])
            if self.values != before:
                rows = self.rows()
                if [r[1] for r in rows] != [r[1] for r in self.menu.rows]:
                    self.menu.set_rows(rows)
                    self.invalidate()
        return done

    def _about_level(self, level):
        """What a level is like, in a few words, as a message ("about.<level>" in the game's
        strings; none for a game that has no such text, or for "solo")."""
        key = "about." + level
        text = strings.t(key)
        if text != key:
            self.app.clear_toasts(self)     # the level now on the row, not one passed over
            self.app.toast(text)

    def chosen(self, index):
        last = len(self.menu.rows) - 1
        if self.data_dir is not None:
            if index == last:
                from kit import stats_screen

                stats_screen.open_game(self.app, self.game_id, self.spec)
                return
            last -= 1
        if self.spec.high_scores and index == last:
            spec = self.spec
            spec.scores_message = None
            self.app.push(spec.scores_screen(self.app))
            if spec.scores_message:
                from ui.dialog import Dialog

                self.app.push(Dialog(spec.scores_message, [strings.t("ok")], None))
                spec.scores_message = None
            return
        super().chosen(index)

    # -- saves ------------------------------------------------------------------------------
    def _check(self):
        return Session.check_saved(self.game_id, self.data_dir)

    def _clear(self):
        from core import storage

        storage.clear_resume(self.data_dir, self.game_id)

    def _resume_saved(self):
        app = self.app
        session, message = Session.open_saved(self.game_id, self.spec.rules_module(),
                                              self.data_dir)
        if session is not None:
            self.open_table(session, False)
        if message:
            from ui.dialog import Dialog

            app.push(Dialog(message, [strings.t("ok")], None))

    # -- starting ---------------------------------------------------------------------------
    def _start(self, values, demo):
        app = self.app
        spec = self.spec
        session = Session(self.game_id, spec.rules_module(), spec.game_options(values),
                          spec.seats(values, demo), spec.new_seed(app),
                          None if demo else self.data_dir)
        session.save()
        self.open_table(session, demo)

    def open_table(self, session, demo):
        import kit

        app = self.app
        # A game against the AI ends with kit.after and kit.stats, which find the Spec in
        # kit.current; an all-AI game needs neither (kit.forget).
        if demo:
            kit.forget()
        else:
            kit.current[0] = self.spec
            kit.current[1] = self.entry
        scene = self.spec.table(app, session, demo)
        if self.spec.replace:
            scene.reopen_setup = True      # Quit, and an all-AI game's end, come back here
            app.replace(scene)
            # The setup screen is gone: its modules leave the heap while the table plays
            # (entry_scene imports them again on the next visit).
            from core import modules

            modules.drop("kit.setup_screen")
            modules.drop("ui.options")
            modules.drop("kit.setup")
            if demo:        # nothing asks for the Spec again (setup.forget), nothing is saved
                modules.drop("core.storage")    # read for the saved game and the scores
            else:
                # The Spec holds its module's globals and kit.setup's (~5 KB for Match &
                # Collect): the table plays without them; what comes after the game (kit.stats,
                # kit.after) makes the Spec again from the entry kept.
                kit.current[0] = None
        else:
            app.push(scene)
        # The table's first frame comes next: on a collected heap (the modules dropped above
        # are garbage now), settled (kit.turns.settle; the table's module has loaded
        # kit.turns).
        from kit import turns

        gc.collect()
        turns.settle()
