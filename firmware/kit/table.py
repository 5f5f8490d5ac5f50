# What every game's table shares: a game's table scene is a `Table` and writes only what is
# its own (docs/NEW_GAME.md):
#
#     class GameTable(table.Table):
#         def __init__(self, session, demo=False):
#             super().__init__(session, demo, load_ai)   # self.session, state, demo, turns,
#             ...                                         # names (kit.seat_names)
#         def press(self, b, kind): ...    # a button on the person's turn (not released)
#         def menu_rows(self): ...         # [(label, do)]: the game's own pause-menu rows
#         def act / play / tick / draw     # as before (kit.turns)
#
# The kit's share:
# - button(): a release does nothing; MENU opens the pause menu; in an all-AI game B leaves
#   (back to the setup screen); while another seat's message is being read, A takes it off
#   and nothing else moves; on a finished game A brings the after-game choice back (B on that
#   choice leaves the result on screen); nothing while the AI moves; else press(b, kind);
# - the pause menu, the same title and rows in every game (kit.pause, imported when it
#   opens): the game's name; Resume, How to play, History, the game's own rows (menu_rows),
#   Quit game;
# - offer_after(text): the after-game choice (kit.after, imported at the end), remembered so
#   that A offers it again;
# - hint(own): the hint bar's text: the game's own while it plays, the kit's on a finished
#   table ("A What next?") and in an all-AI game ("B Back");
# - leave(): Quit and the end of an all-AI game: back where the game came from (an all-AI game
#   whose table took the setup screen's place opens that screen again);
# - names: the seats' names (kit.seat_names), the same in every game and both languages;
# - message_band(): where messages go (core.app.App.toast): a game says which band of its
#   screen the person never chooses from; by default, just above the hint bar.
# Imported with a game's view, dropped with the kit.

import registry
from core import input as btn
from core import strings
from core.scene import Scene
from core.session import HUMAN
from kit import seat_names, turns


class Table(Scene):
    reopen_setup = False    # set by the setup screen when the table took its place
    # The modules only the AI needs (full names): in a game a person plays they leave the heap
    # after each decision and load again for the next (kit.turns, during the pause before it).
    ai_modules: tuple = ()
    # The modules of screens the game opens over its table (full names): they leave the heap
    # when the table is back on top (resume); the next such screen imports them again.
    screen_modules: tuple = ()
    # The names of the game's own deadlines (ticks_ms values, None when unset: a pair shown
    # face up, a capture's flash), moved on by the time the console slept (slept()).
    timers = ()

    def __init__(self, session, demo=False, ai=None):
        super().__init__()
        self.session = session
        self.state = session.state
        self.demo = demo
        self.turns = turns.Turns(self, session, ai, demo)
        self.history = self.turns.history    # every message shown while the table is up
        self.names = seat_names(session.seats)
        self.after_text = None     # the after-game choice was offered: its text ("" none)
        if not demo and self.ai_modules:
            self.drop_ai()         # loaded for each decision (kit.turns), none held before

    def slept(self, ms):
        """Awake after `ms` asleep (core.power): the AI's pause and the game's deadlines
        move on by as much, so the table wakes as it fell asleep (a pair still face up)."""
        from time import ticks_add

        t = self.turns
        if t.wait_until is not None:
            t.wait_until = ticks_add(t.wait_until, ms)
        for name in self.timers:
            until = getattr(self, name, None)
            if until is not None:
                setattr(self, name, ticks_add(until, ms))

    def refuse(self, exc):
        """A move the rules refused (ValueError from turns.act: nothing changed): the player
        hears it and reads it in plain words; the rules' own text (a bug of the table, which
        offered that move) goes to the History."""
        app = self.app
        app.sound("error")
        app.toast(strings.t("refused"), log=str(exc))

    # -- what a game writes -------------------------------------------------------------------
    def press(self, b, kind):
        """A button (PRESS or REPEAT) on the person's turn."""

    def menu_rows(self):
        """The game's own rows of the pause menu, before Quit: [(label, do)], `do()` called
        when the row is chosen."""
        return ()

    def resume(self):
        """Back on top: the modules of the screens opened over the table leave the heap."""
        if self.screen_modules:
            from core import modules

            for name in self.screen_modules:
                modules.drop(name)

    def drop_ai(self):
        """An AI has decided: its modules (ai_modules) leave the heap."""
        if self.ai_modules:
            from core import modules

            for name in self.ai_modules:
                modules.drop(name)

    # -- buttons ------------------------------------------------------------------------------
    _holds = None       # hold_buttons, once worked out
    _holds_at = None    # frames drawn when first asked

    @property
    def hold_buttons(self):
        """The buttons whose hold this table takes (core.input, read by the app each frame):
        A where the game shows the card under the cursor whole while A is held (kit.learn:
        small or overlapped cards); worked out once, after the table's first frame (not on
        the way to it)."""
        h = self._holds
        if h is None:
            app = self.app
            if self._holds_at is None or self._holds_at == app.frames_drawn:
                if self._holds_at is None:
                    self._holds_at = app.frames_drawn
                return 0
            h = 0
            if not self.demo:
                from core import modules
                from kit import learn

                h = learn.holds(self)
                modules.drop("kit.learn")
            self._holds = h
        return self.holding(h) if h else 0

    def holding(self, held):
        """Of `held` (hold_buttons), those whose hold shows something now. A tap of the
        others is taken when the button goes down, not when it is let go: the move shows at
        once. All of them unless the game says otherwise."""
        return held

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if kind == btn.HOLD:
            if b == btn.A:          # held (a tap of A comes as PRESS): the card, whole
                from core import modules
                from kit import learn

                learn.show_card(self)
                modules.drop("kit.learn")
            return
        pressed = kind == btn.PRESS
        if b == btn.MENU:
            if pressed:
                self.open_menu()
            return
        if self.demo:
            if b == btn.B and pressed:
                self.leave()
            return
        t = self.turns
        if t.reading() or (self.session.is_over() and self.app.toasts_pending(self)):
            if b == btn.A and pressed:
                self.app.skip_toast()      # read: go on
            return
        if self.session.is_over():
            if b == btn.A and pressed and self.after_text is not None:
                self.offer_after(self.after_text)
            return
        if t.human_to_move():
            self.press(b, kind)

    def hint(self, own):
        """The hint bar's text: `own` (the game's, with button tokens) while the game plays;
        the kit's in an all-AI game and on a finished table."""
        if self.demo:
            return strings.t("hint_demo")
        if self.after_text is not None:
            return strings.t("hint_over")
        return own

    # -- the pause menu (kit.pause, imported when it opens) -------------------------------
    def open_menu(self):
        from core import modules
        from kit import pause

        pause.open_menu(self)
        modules.drop("kit.pause")

    # -- the end --------------------------------------------------------------------------------
    def offer_after(self, text=None):
        """Play again / Setup / Menu (kit.after) over the finished table, with the game's own
        result `text` (None: the kit's line, result_line); B on it leaves the result on
        screen and A here offers it again."""
        from kit import after

        after.offer(self, text)

    def result_line(self):
        """The finished game in a line: who won and every final score, best first ("North
        wins: North 54, You 40"; "You win: ..."; "Shared win: ...")."""
        session = self.session
        state = session.state
        names = self.names
        scores = state.scores()
        n = len(scores)
        order = sorted(range(n), key=lambda i: -scores[i])
        parts = ", ".join(["%s %d" % (names[i], scores[i]) for i in order])
        if n < 2:
            return parts
        returns = state.returns()
        best = max(returns)
        won = [i for i in range(n) if returns[i] == best and best > 0]
        if len(won) != 1:
            head = strings.t("result_shared")
        elif session.seats[won[0]] == HUMAN:
            head = strings.t("result_you")
        else:
            head = strings.t("result_win") % names[won[0]]
        return head + ": " + parts

    def say_result(self, ms):
        """The winner and every final score, as a message of `ms` (the end of an all-AI
        game: kit.turns)."""
        self.app.toast(self.result_line(), ms)

    def leave(self):
        """Quit the table: back to the screen it was opened from (the setup screen, or the
        menu); a table that took the setup screen's place (kit.setup's `replace`: Match &
        Collect) opens that screen again, as every other game's Quit comes back to it."""
        app = self.app
        if self.reopen_setup:
            from kit import setup

            screen = setup.entry_scene(app, registry.find(self.session.game_id))
            if not self.demo:
                # Just left: no "Resume / New game" at once (the other games come back to
                # a setup screen that offered it already); Start still asks before the
                # save is lost, and the offer comes when the game is chosen again.
                screen._offer = False
            app.replace(screen)
        else:
            app.pop()
