"""The robot player: one whole game through the buttons, as a person plays it.

From the main menu it opens the game, sets the setup screen's rows as its plan says (players,
each opponent's level, the game's own options), starts, plays every turn of the person's seat
by pressing buttons (it reads what the screen offers: the hint bar, a menu's rows, a dialog's
choices; never the hidden cards, and it never calls the rules), answers every dialog and
summary, reaches the result and the after-game choice, and takes Play again, Setup or Menu.
Some plans quit mid-game and come back: the resume offer, Back on it, then Resume.

Everything it does is a press (tools.robot.driver); everything it checks is in
tools.robot.watch, plus the end of the game here: the scores shown are the engine's, the
statistics counted the game once, the History holds every action, and the after-game choice
leads where it says.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys

from tools.robot.driver import Driver
from tools.robot.habits import habit, row_habit
from tools.robot.watch import Watch, find_table, is_table, scene_name

DEAD_END_MS = 30_000      # no button changes anything this long: a dead end
NO_MOVE_MS = 120_000      # a game in progress that makes no move this long: stuck
HINT_TRIES = 3            # presses of a hinted button that change nothing: the hint is wrong
MAX_GAME_MS = 4 * 3600_000
MAX_PRESSES = 12_000
AFTER = ("again", "setup", "menu")
GAMES = ("memory", "match_collect", "match252", "cauldron", "manufactory", "shadowlock")


class Plan:
    """What one run does; every choice comes from the run's seed."""

    def __init__(self, game: str, board: str, lang: str, seed: int, players: int | None = None,
                 levels: list[str] | None = None, after: str = "again",
                 quit_at: int | None = None, history_at: int | None = None,
                 b_on_after: bool = False, feel: str | None = None,
                 feel_at: int | None = None):
        self.game = game
        self.board = board
        self.lang = lang
        self.seed = seed
        self.players = players
        self.levels = levels
        self.after = after
        self.quit_at = quit_at
        self.history_at = history_at
        self.b_on_after = b_on_after
        # A moment of what makes it feel like a console (tools.robot.feel), once the person
        # is to move at or after action `feel_at`: "sleep" (the gesture, asleep, a press
        # wakes it), "power" (a power cut, and the power-on that brings the table back) or
        # "inspect" (A held on the card under the cursor, where the table shows it).
        self.feel = feel
        self.feel_at = feel_at

    def __str__(self):
        extra = ""
        if self.quit_at is not None:
            extra += " quit@%d" % self.quit_at
        if self.b_on_after:
            extra += " B-on-after"
        if self.history_at is not None:
            extra += " history@%d" % self.history_at
        if self.feel is not None:
            extra += " %s@%s" % (self.feel, self.feel_at)
        return "%s %s %s seed=%d players=%s levels=%s after=%s%s" % (
            self.game, self.board, self.lang, self.seed, self.players,
            ",".join(self.levels or []) or "-", self.after, extra)


class Result:
    def __init__(self, plan: Plan):
        self.plan = plan
        self.failures = []
        self.notes = []
        self.presses = 0
        self.actions = 0
        self.finished = False
        self.ms = 0
        self.replay = ""
        self.keys = ""
        self.seeds: list[int] = []
        self.top = ""               # the screen on top when the run ended

    @property
    def ok(self) -> bool:
        return not self.failures and self.finished


def _t(key: str) -> str:
    return sys.modules["core.strings"].t(key)


def _read_record(path: str):
    """A core.storage record (a header line, then JSON), or None."""
    try:
        with open(path, encoding="utf-8") as f:
            f.readline()
            return json.loads(f.read())
    except (OSError, ValueError):
        return None


def _played(data_dir: str, game: str) -> int:
    rec = _read_record(os.path.join(data_dir, "stats_%s.json" % game))
    if not isinstance(rec, dict):
        return 0
    return sum(row[0] for row in rec.values() if isinstance(row, list) and row)


class Player:
    def __init__(self, plan: Plan, data_dir: str, shots: str | None = None):
        self.plan = plan
        self.rng = random.Random(plan.seed * 7919 + 17)
        self.watch: Watch | None = None
        self.driver = Driver(plan.board, plan.seed, plan.lang, data_dir, on_frame=self._frame)
        self.watch = Watch(self.driver.buttons, self.driver.physical, self.driver.runner.clock)
        self.watch.attach(self.driver.app)
        self.shots = shots
        if shots:
            self.watch.on_fail = self._shot
        self.data_dir = data_dir
        self.phase = "menu"         # menu, setup, play, quit, resume, after, done
        self.backed_offer = False
        self.quit_actions = None
        self.played_before = 0
        self.session = None
        self.over_seen = False
        self.history_looked = False
        self.felt = False              # the plan's console moment was played
        self.result = Result(plan)
        self._last_change = 0
        self._signature = None
        self._stuck_i = 0
        self._after_session = None
        self._after_offers = 0        # times the after-game choice was seen
        self._backed_after = False     # B was pressed on it (the plan's b_on_after)
        self._targets = None
        self._menu_target = None
        self._menu_of = None
        self._learned: dict = {}       # press -> (times pressed, times it led to a move)
        # A button the hint bar names, pressed at a table: (screen, hint, button) -> [label,
        # presses, presses that changed something]; one that never does is a failure.
        self._hinted: dict = {}
        self._since_move: list = []   # the last presses (those a move is credited to)
        self._pressed: dict = {}      # press -> times since the last move
        self._moves_seen = -1

    def _shot(self, failure):
        """A picture of the screen when a failure is first seen: <shots>/<plan>-<n>.png."""
        n = len(self.watch.failures)
        if n > 20:
            return
        os.makedirs(self.shots, exist_ok=True)
        plan = self.plan
        name = "%s-%s-%s-%d-%02d.png" % (plan.game, plan.board, plan.lang, plan.seed, n)
        self.driver.platform.display.save_png(os.path.join(self.shots, name))

    # -- the frame hook -------------------------------------------------------------------
    def _frame(self, app):
        if self.watch is not None:
            self.watch.frame(app)

    # -- a whole run ----------------------------------------------------------------------
    def run(self) -> Result:
        d = self.driver
        with d:
            self.played_before = _played(self.data_dir, self.plan.game)
            try:
                while self.phase != "done":
                    if self.watch.failures and self._fatal():
                        break
                    if d.presses > MAX_PRESSES or d.now > MAX_GAME_MS:
                        self.watch.fail("no end", "%d presses, %d ms and the game is not over"
                                        % (d.presses, d.now), scene_name(d.app.top))
                        break
                    self.step()
                    if self._progress_check():
                        break
            except Exception as exc:  # noqa: BLE001 - the robot's own bug: report it, go on
                import traceback

                self.watch.fail("robot error", "".join(traceback.format_exception(exc))[-800:])
        self.check_hints()
        r = self.result
        r.failures = list(self.watch.failures)
        r.notes = list(self.watch.notes)
        r.presses = d.presses
        r.ms = d.now
        r.replay = d.replay_line()
        r.keys = d.key_script()
        r.seeds = list(d.seeds)
        r.top = scene_name(d.app.top)
        return r

    def _fatal(self) -> bool:
        kinds = {f.kind for f in self.watch.failures}
        return bool(kinds & {"error screen", "traceback in log.txt", "MemoryError", "dead end",
                             "robot error"})

    def _progress_check(self) -> bool:
        """A dead end: the game makes no move for NO_MOVE_MS, the finished game does not come
        back to its after-game choice within DEAD_END_MS, or elsewhere nothing on the screen
        changes for DEAD_END_MS, whatever is pressed."""
        d = self.driver
        app = d.app
        table = find_table(app)
        over = self.over_seen and self.phase not in ("after", "done")
        if table is not None and not table.session.is_over():
            sig = ("moves", len(table.session.actions), id(table.session))
            limit, what = NO_MOVE_MS, "no move of the game"
        elif over:
            sig = ("over", self._after_offers)
            limit, what = DEAD_END_MS, "no way from the finished game to its after-game choice"
        else:
            sig = ("screen", d.screen_hash(), len(app.stack), id(app.top))
            limit, what = DEAD_END_MS, "nothing changed"
        if sig != self._signature:
            self._signature = sig
            self._last_change = d.now
            self._stuck_i = 0
            return False
        if d.now - self._last_change >= limit:
            self.watch.fail("dead end", "%s for %d s, whatever was pressed"
                            % (what, limit // 1000), scene_name(app.top))
            return True
        return False

    def stuck(self) -> bool:
        """Nothing on the screen has changed for a while: try every button in turn."""
        return self._signature is not None and self._signature[0] == "screen" and \
            self.driver.now - self._last_change > 8000

    def lost(self) -> bool:
        """The game has made no move for a while: forget what was learned, try anything."""
        return self._signature is not None and self._signature[0] == "moves" and \
            self.driver.now - self._last_change > 15000

    def press_any(self):
        buttons = self.driver.buttons
        self.driver.press(buttons[self._stuck_i % len(buttons)])
        self._stuck_i += 1

    # -- one decision ---------------------------------------------------------------------
    def step(self):
        d = self.driver
        app = d.app
        top = app.top
        name = scene_name(top)
        if self.stuck() and name not in ("Splash",):
            self.press_any()
            return
        before = d.now
        self._learn()
        table = find_table(app)
        if table is not None and table.session.is_over() and not self.over_seen:
            # The game ended (perhaps under a screen over the table).
            self.over_seen = True
            self.session = table.session
        self._dispatch(top, name)
        if d.now == before:
            d.wait()      # a screen the robot has no press for yet: let time go by

    def _dispatch(self, top, name):
        handler = getattr(self, "on_" + name, None)
        if handler is not None:
            handler(top)
        elif name == "Dialog":
            self.on_dialog(top)
        elif is_table(top):
            self.on_table(top)
        elif hasattr(top, "menu") and getattr(top.menu, "rows", None):
            self.on_menu_screen(top)
        else:
            self.on_other(top)

    # -- screens of the console -----------------------------------------------------------
    def on_Splash(self, scene):
        self.driver.wait()

    def on_ErrorScreen(self, scene):
        self.watch.fail("error screen", self.watch._log_tail(self.driver.app), "ErrorScreen")

    def on_MainMenu(self, scene):
        if self.phase in ("after",):
            self._after_arrived("menu", scene)
            return
        if self.phase == "quit":
            self.phase = "resume"
        index = [e[0] for e in sys.modules["registry"].GAMES].index(self.plan.game)
        self.move_cursor(scene.menu.cursor, index, len(scene.menu.rows))
        if scene.menu.cursor == index:
            self.driver.press("A")

    def on_SettingsScreen(self, scene):
        self.driver.press("B")

    on_AboutScreen = on_SettingsScreen

    def on_SetupScreen(self, scene):
        if self.phase == "after":
            self._after_arrived("setup", scene)
            return
        if self.phase == "quit":
            # Back to the menu, then into the game again: the resume offer.
            self.phase = "resume"
            self.driver.press("B")
            return
        if self.phase == "resume":
            self.driver.press("B")     # Back on the offer left the save: come in again
            return
        if self.phase == "menu":
            self.phase = "setup"
            self._targets = None
        if self.phase != "setup":
            # Back on the setup screen in the middle of a game (a B that left the table):
            # the game is saved, so come back to it as a person would.
            if self.over_seen:
                self.watch.fail("after-game choice", "the result left to the setup screen "
                                "without offering Play again / Setup / Menu", "SetupScreen")
                self.phase = "done"
                return
            self.phase = "resume"
            self.backed_offer = True
            table_left = self.watch.table
            if table_left is not None:
                self.quit_actions = len(table_left.session.actions)
            self.driver.press("B")
            return
        if getattr(scene, "_offer", False):
            self.driver.wait()         # the saved game's offer comes after the first frame
            return
        targets = self._setup_targets(scene)
        rows = scene._rows
        for i in range(len(rows)):
            key = rows[i][0]
            if key in targets and scene.values.get(key) != targets[key]:
                self.set_row(scene, i)
                return
        start = len(rows)
        self.move_cursor(scene.menu.cursor, start, len(scene.menu.rows))
        if scene.menu.cursor == start:
            self.phase = "play"
            self.driver.press("A")

    def _setup_targets(self, scene):
        if getattr(self, "_targets", None) is not None:
            return self._targets
        plan = self.plan
        rng = self.rng
        targets = {}
        for key, _label, choices, _label_of in scene._rows:
            choices = list(choices)
            if key == "players":
                if plan.players is None or plan.players not in choices:
                    plan.players = rng.choice(choices)
                targets[key] = plan.players
            elif key.startswith("lv"):
                continue
            else:
                targets[key] = rng.choice(choices)
        self._targets = targets
        n = plan.players or 2
        levels = plan.levels or []
        # One level per opponent (Memory's one row may be "solo").
        for seat in range(1, max(n, 2)):
            key = "lv%d" % seat
            row = [r for r in scene._rows if r[0] == key]
            choices = list(row[0][2]) if row else ["easy", "normal", "hard"]
            if len(levels) < seat:
                levels.append(rng.choice(choices))
            targets[key] = levels[seat - 1]
        plan.levels = levels
        return targets

    def set_row(self, scene, i):
        """Move to option row i and press A (A steps a row's value on)."""
        menu = scene.menu
        self.move_cursor(menu.cursor, i, len(menu.rows))
        if menu.cursor == i:
            self.driver.press("A")

    def move_cursor(self, cursor, target, n):
        """One press of UP or DOWN toward `target` (the shorter way round a wrapping list)."""
        if cursor == target or n <= 0:
            return
        down = (target - cursor) % n
        self.driver.press("DOWN" if down <= n - down else "UP")

    # -- dialogs --------------------------------------------------------------------------
    def on_dialog(self, dialog):
        choices = list(dialog.choices)
        d = self.driver
        after = [_t("again"), _t("setup"), _t("to_menu")]
        if choices == after:
            self.on_after_game(dialog)
        elif choices == [_t("resume"), _t("new_game")]:
            if self.phase == "quit":
                self.phase = "resume"       # the game just left is offered: come back to it
            if self.phase == "resume" and not self.backed_offer:
                self.backed_offer = True
                d.press("B")
            elif self.phase == "resume":
                self.choose(dialog, 0)
                if dialog.app is None:
                    self.phase = "resumed"
            else:
                self.choose(dialog, 1)     # a save of another run: start anew
        elif choices == [_t("new_game"), _t("cancel")]:
            self.choose(dialog, 0)
        elif _t("history") in choices and _t("quit_game") in choices:
            self.on_pause_menu(dialog, choices)
        elif len(choices) == 1:
            self.choose(dialog, 0)
        else:
            # A choice the game asks for: any of its rows, now and then Back.
            if self.rng.random() < 0.05:
                d.press("B")
            else:
                self.choose(dialog, self.rng.randrange(len(choices)))

    def choose(self, dialog, index):
        if dialog.cursor != index:
            self.move_cursor(dialog.cursor, index, len(dialog.choices))
        else:
            self.driver.press("A")

    def on_pause_menu(self, dialog, choices):
        if self.phase == "quitting":
            table = find_table(self.driver.app)
            if table is not None:       # where it is left: a move may have come with MENU
                self.quit_actions = len(table.session.actions)
            self.choose(dialog, choices.index(_t("quit_game")))
            if dialog.app is None:
                self.phase = "quit"
        elif self.phase == "history":
            self.choose(dialog, choices.index(_t("history")))
            if dialog.app is None:
                self.phase = "play"
        else:
            self.driver.press("B")

    def on_HistoryScreen(self, scene):
        self._check_history_screen(scene)
        self.driver.press("B")

    def _check_history_screen(self, scene):
        """The History screen shows the lines the game added, the newest last."""
        table = self.watch.table
        lines = getattr(getattr(table, "history", None), "lines", None)
        if table is None or lines is None:
            return
        text = "\n".join(scene.lines) if hasattr(scene, "lines") else ""
        if lines and lines[-1][:20] not in text.replace("\n", " ") and lines[-1][:20] not in \
                text:
            self.watch.fail("History screen", "its newest line %r is not shown" % lines[-1],
                            "HistoryScreen")

    # -- the table ------------------------------------------------------------------------
    def on_table(self, table):
        d = self.driver
        session = table.session
        plan = self.plan
        if self.phase == "after" and table.session is not self._after_session:
            if plan.after == "again":
                self.after_again_check(table)
            else:
                self.watch.fail("after-game choice", "%s led to a new table" % plan.after,
                                scene_name(table))
                self.phase = "done"
            return
        if self.phase == "resumed":
            # The moves it had when it came on the stack (an AI to move plays at once).
            came = [e[2] for e in self.watch.events if e[0] == "table" and e[1] == id(table)]
            at = came[-1] if came else len(session.actions)
            if self.quit_actions is not None and at != self.quit_actions:
                self.watch.fail("resume", "the game resumed at move %d, left at move %d"
                                % (at, self.quit_actions), scene_name(table))
            self.phase = "play"
        if self.phase in ("menu", "setup"):
            self.phase = "play"
        if session.is_over():
            self.monkey(table, over=True)
            return
        if not table.turns.human_to_move():
            d.wait()
            return
        n = len(session.actions)
        if plan.quit_at is not None and n >= plan.quit_at and self.quit_actions is None:
            self.quit_actions = n
            self.phase = "quitting"
            d.press("MENU")
            return
        if plan.history_at is not None and n >= plan.history_at and not self.history_looked:
            self.history_looked = True
            self.phase = "history"
            d.press("MENU")
            return
        if plan.feel is not None and n >= (plan.feel_at or 0) and not self.felt:
            self.felt = True
            if self.feel_moment(plan.feel, table):
                return
        button = habit(plan.game, table)
        if button is not None and button in d.buttons:
            self._tried((scene_name(table), self.watch.hint_raw, button))
            self.press_hinted(table, button)
            return
        self.monkey(table)

    def feel_moment(self, kind, table):
        """The plan's console moment (tools.robot.feel), its failures the watch's."""
        from tools.robot import feel

        d = self.driver
        where = scene_name(d.app.top)
        if kind == "sleep":
            found = feel.sleep_and_wake(d)
        elif kind == "power":
            found = feel.power_cycle(d)
            self.watch.attach(d.app)          # the app of the power-on, on its own clock
            self.watch.clock = d.runner.clock
            self._signature = None
        elif kind == "inspect":
            found = feel.inspect(d)
            if found is None:       # no card held up here now: at a later turn
                self.felt = False
                return False
        else:
            raise ValueError("no such moment: %r" % kind)
        for text in found:
            self.watch.fail(kind, text, where)
        return True

    def monkey(self, scene, over=False):
        """A press among those the hint bar names, the d-pad and A: weighted by what led to
        moves before in this mode of this screen (the hint bar drawn), A less after many A's
        with no move; uniform once the game has made no move for a while (`lost`)."""
        rng = self.rng
        items = self.watch.hint_items if self.watch is not None else []
        named = []
        for buttons, _label in items:
            for b in buttons:
                if b != "MENU" and b in self.driver.buttons and b not in named:
                    named.append(b)
        # The d-pad moves a cursor on every table even where the hint bar has no room to say
        # so (Memory's "A Flip  B Mode ..."), and A goes on: a person tries them.
        for b in ("A", "UP", "DOWN", "LEFT", "RIGHT"):
            if b in self.driver.buttons and b not in named:
                named.append(b)
        if not named:
            named = [b for b in self.driver.buttons if b != "MENU"]
        weights = []
        hinted = [b for buttons, label in items if label for b in buttons]
        screen = scene_name(scene)
        hint = self.watch.hint_raw       # the mode the screen is in (picking, choosing...)
        lost = self.lost()
        for b in named:
            if lost:
                w = 0 if over and b == "B" else 1
            elif b == "A":
                # A again and again with no move (cards picked, unpicked) is not the way on.
                w = 10 if over else 4 / (1 + 0.5 * self._pressed.get((screen, hint, b), 0))
            elif b in ("UP", "DOWN", "LEFT", "RIGHT"):
                w = 1.5
            elif over and b == "B":
                w = 0       # B on a result would leave it before the after-game choice
            else:
                w = 2 if b in hinted else 0.2
            weights.append(w * (1 if over or lost else self._value((screen, hint, b))))
        if not sum(weights):
            self.driver.press("A")
            return
        b = rng.choices(named, weights)[0]
        self._tried((screen, hint, b))
        if over or not is_table(scene):
            self.driver.press(b)
        else:
            self.press_hinted(scene, b)

    def press_hinted(self, table, b):
        """Press `b` on a table; when the hint bar names it, note whether the press changed
        anything (the screen, the screens on the stack, the game): a hint must name what a
        button does (check_hints)."""
        d = self.driver
        hint = self.watch.hint_raw
        label = next((lab for buttons, lab in self.watch.hint_items if b in buttons), None)
        if label is not None and label not in self.watch.hint_drawn:
            label = None        # a hint expanded for another screen, not the one drawn
        # (A cursor key may rightly do nothing: a list of one card, the last one reached.)
        if label is None or b in ("MENU", "UP", "DOWN", "LEFT", "RIGHT") or \
                not table.turns.human_to_move():
            d.press(b)
            return
        key = (scene_name(table), hint, b)
        before = (d.screen_hash(), len(d.app.stack), len(table.session.actions))
        d.press(b)
        after = (d.screen_hash(), len(d.app.stack), len(table.session.actions))
        seen = self._hinted.setdefault(key, [label, 0, 0])
        seen[1] += 1
        if after != before:
            seen[2] += 1

    def check_hints(self):
        """A hinted button pressed HINT_TRIES times or more on the same hint that never
        changed anything: the hint names a button that does not do what it says."""
        for (screen, hint, b), (label, presses, changed) in self._hinted.items():
            if presses >= HINT_TRIES and not changed:
                self.watch.fail("hint does nothing", "%s %s: %d presses of %s changed nothing "
                                "(hint %r)" % (b, label, presses, b, hint), screen)

    def on_TextView(self, scene):
        self.driver.press("DOWN" if self.rng.random() < 0.3 else "B")

    def on_menu_screen(self, scene):
        """A list the game opened (a choice of actions): a row, now and then Back."""
        menu = scene.menu
        if self.rng.random() < 0.04:
            self.driver.press("B")
            return
        enabled = [i for i in range(len(menu.rows)) if menu.rows[i][2]]
        if not enabled:
            self.driver.press("B")
            return
        self.pick_row(scene, [menu.rows[i][0] for i in range(len(menu.rows))], enabled,
                      menu.cursor)

    def pick_row(self, scene, labels, enabled, cursor):
        """Move to a row chosen for this screen and press A on it. Rows whose first word led
        to a move of the game before are chosen more often (a person soon learns that
        "Discard ..." ends a turn and "Sort" does not)."""
        known = row_habit(self.plan.game, find_table(self.driver.app), labels)
        if known is not None and known in enabled:
            self._menu_target = known
            self._menu_of = scene
        if self._menu_of is not scene or self._menu_target not in enabled:
            lost = self.lost()
            weights = [1 if lost else self._value(("row", _row_key(labels[i])))
                       for i in enabled]
            self._menu_target = self.rng.choices(enabled, weights)[0]
            self._menu_of = scene
        want = self._menu_target
        if cursor != want:
            self.move_cursor(cursor, want, len(labels))
            return
        self._menu_target = None
        self._menu_of = None
        self._tried(("row", _row_key(labels[want])))
        self.driver.press("A")

    # -- what a person learns: which presses make the game go on ---------------------------
    def _tried(self, key):
        """Count a press (a table's button, a list's row) toward the next move."""
        tries, moves = self._learned.get(key, (0, 0))
        self._learned[key] = (tries + 1, moves)
        self._pressed[key] = self._pressed.get(key, 0) + 1
        recent = self._since_move
        recent.append(key)
        if len(recent) > 6:
            del recent[0]

    def _value(self, key):
        """How often `key` was among the presses that led to a move (a floor keeps every
        press in play)."""
        tries, moves = self._learned.get(key, (0, 0))
        return max(0.05, (moves + 1) / (tries + 2))

    def _learn(self):
        """A move happened since the last look: credit every press that led to it."""
        table = find_table(self.driver.app)
        n = len(table.session.actions) if table is not None else -1
        if n != self._moves_seen:
            if n > self._moves_seen >= 0:
                for key in set(self._since_move):
                    tries, moves = self._learned[key]
                    self._learned[key] = (tries, moves + 1)
            self._since_move.clear()
            self._pressed.clear()
            self._moves_seen = n

    def on_other(self, scene):
        """A screen over the table (a summary, a result): what its hint bar offers."""
        table = find_table(self.driver.app)
        if table is None and not self.over_seen:
            self.driver.press("B")
            return
        self.monkey(scene, over=self.over_seen or table.session.is_over())

    # -- the end ----------------------------------------------------------------------------
    def on_after_game(self, dialog):
        watch = self.watch
        d = self.driver
        self._after_offers += 1
        if self.phase != "after":
            table = find_table(d.app)
            session = table.session if table is not None else self.session
            if session is None or not session.is_over():
                watch.fail("after-game choice", "offered while the game is not over",
                           "Dialog")
            else:
                self._check_end(session)
            self.result.finished = True
            self.result.actions = len(session.actions) if session is not None else 0
            self.phase = "after"
            self._after_session = session
            if self.plan.b_on_after and not self._backed_after:
                self._backed_after = True
                self.phase = "play"     # B leaves the result on screen: find the way back
                self.result.finished = False
                d.press("B")
                return
        want = AFTER.index(self.plan.after)
        self.choose(dialog, want)

    def _check_end(self, session):
        watch = self.watch
        watch.end_of_game()
        if self.plan.feel is not None and not self.felt:
            watch.note(self.plan.feel, "the game ended before its moment came (no card "
                       "held up on this board's table)", "result")
        shown = " ".join(watch.frame_texts)
        scores = session.state.scores()
        for seat in range(len(scores)):
            if not re.search(r"(?<![\d])%d(?![\d])" % scores[seat], shown):
                watch.fail("scores shown", "seat %d's score %d is not on the result screens "
                           "(%r...)" % (seat, scores[seat], shown[:200]), "result")
        played = _played(self.data_dir, self.plan.game)
        if played != self.played_before + 1:
            watch.fail("statistics", "played went %d -> %d for one game"
                       % (self.played_before, played), "result")

    def _after_arrived(self, where, scene):
        d = self.driver
        want = self.plan.after
        if want == "again":
            d.press("B")    # not where Play again leads
            self.watch.fail("after-game choice", "Play again led to %s" % scene_name(scene),
                            scene_name(scene))
            self.phase = "done"
            return
        if where != want:
            self.watch.fail("after-game choice", "%s led to %s" % (want, where), where)
        self.phase = "done"

    def after_again_check(self, table):
        """Play again opened a new table: a fresh game."""
        if len(table.session.actions) > 2 or table.session.is_over():
            self.watch.fail("after-game choice", "Play again opened a game already played",
                            scene_name(table))
        self.phase = "done"


def _row_key(label: str) -> str:
    return label.split(" ")[0] if label else ""


def play(plan: Plan, data_dir: str, shots: str | None = None) -> Result:
    """Play one run of `plan` with the app's data in `data_dir` (a fresh folder); with
    `shots`, a PNG of the screen in that folder when each failure is first seen."""
    return Player(plan, data_dir, shots).run()
