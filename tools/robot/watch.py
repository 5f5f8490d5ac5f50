"""The robot's eyes: what it checks on every frame the app draws, and what it reports.

Watched on every frame (Watch.frame, the headless runner's per-frame hook):
- errors: the app's error screen or panic, a MemoryError, a traceback in log.txt;
- text that does not fit: every string drawn cut short (ending in the font's '…', or running
  past the panel's edge), with its screen; a message (toast) whose text needs more than the
  two lines its box shows;
- the game's History: each turn (the actions one seat takes in a row, seen by wrapping the
  session's apply when the table appears) adds at least one History line before another seat
  acts;
- hint bars: the buttons a hint names are buttons the board has, each named once.
The checks at the game's end (the scores shown, statistics) are the player's (tools.robot.player),
which knows when the result is on screen.
"""

from __future__ import annotations

import sys

ELLIPSIS = "…"
# What a table's screen may cut without losing the player anything is nothing: cuts drawn
# while a table (a scene with a turn driver) is on top, and in messages, are failures; cuts
# elsewhere (a long name in a list) are reported as notes.


class Failure:
    def __init__(self, kind: str, text: str, screen: str = "", at: int = 0):
        self.kind = kind
        self.text = text
        self.screen = screen
        self.at = at

    def __str__(self):
        where = " on %s" % self.screen if self.screen else ""
        return "%s%s at %d ms: %s" % (self.kind, where, self.at, self.text)


def scene_name(scene) -> str:
    return type(scene).__name__ if scene is not None else "-"


def is_table(scene) -> bool:
    return scene is not None and hasattr(scene, "turns") and hasattr(scene, "session")


def find_table(app):
    for scene in reversed(app.stack):
        if is_table(scene):
            return scene
    return None


def parse_hint(raw: str) -> list[tuple[tuple[str, ...], str]]:
    """Items of a hint text as written ("{UD} Choose  A Do  {MENU} Menu"): (the logical
    buttons its first word names, the rest). Items naming no button come with ()."""
    out = []
    for item in raw.split("  "):
        item = item.strip()
        if not item:
            continue
        head, _sp, label = item.partition(" ")
        if head == "B" and label.startswith("long "):
            # The Display Pack's MENU in French, "B long" (B held): "Hold B" in English.
            out.append((("MENU",), label[5:]))
            continue
        out.append((_buttons_of(head), label))
    return out


_TOKENS = {"{A}": ("A",), "{B}": ("B",), "{X}": ("X",), "{Y}": ("Y",), "{UP}": ("UP",),
           "{DOWN}": ("DOWN",), "{LEFT}": ("LEFT",), "{RIGHT}": ("RIGHT",),
           "{LR}": ("LEFT", "RIGHT"), "{UD}": ("UP", "DOWN"),
           "{DPAD}": ("UP", "DOWN", "LEFT", "RIGHT"), "{MENU}": ("MENU",)}


def _buttons_of(head: str) -> tuple[str, ...]:
    if head in _TOKENS:
        return _TOKENS[head]
    names = []
    for part in head.split("/"):
        if part in ("A", "B", "X", "Y"):
            names.append(part)
        else:
            return ()
    return tuple(names)


class Watch:
    """Per-frame checks of one run. `failures` fail the run; `notes` are reported only."""

    def __init__(self, board_buttons: tuple[str, ...], physical: tuple[str, ...], clock):
        self.board_buttons = board_buttons
        self.physical = physical
        self.clock = clock
        self.failures: list[Failure] = []
        self.notes: list[Failure] = []
        self._seen: set = set()
        self.texts: list[tuple[str, int, int, int]] = []   # this frame's (text, x, y, x_end)
        self.frame_texts: list[str] = []     # texts drawn since the last move
        self.table = None
        self.events: list[tuple] = []        # ("act", seat, action, n) / ("line", text)
        self._turn = None                    # [seat, first action, its text, History lines]
        self._toasts_seen: set = set()
        self.hint_raw = None                 # the last hint bar drawn, as written
        self.hint_items: list = []
        self.hint_drawn = ""                 # the hint bar's text last drawn on the screen
        self.app = None
        self.log_size = 0
        self.on_fail = None                  # called with each new failure (screenshots)

    # -- set-up ---------------------------------------------------------------------------
    def attach(self, app):
        """Record every text the app draws (the canvas lives as long as the app)."""
        self.app = app
        canvas = app.canvas
        draw_text = canvas.text
        texts = self.texts
        frame_texts = self.frame_texts

        low = app.height - 20      # the hint bar's band (its text's top, on every board)

        def text(font, s, x, y, color):
            x_end = draw_text(font, s, x, y, color)
            texts.append((s, x, y + font.line_height, x_end))
            frame_texts.append(s)
            if y >= low and x < 12:
                self.hint_drawn = s        # the hint bar as it is on the screen now
            return x_end

        canvas.text = text   # type: ignore[method-assign]
        # The hint bar's cache outlives an app in this process (an earlier run's last hint).
        widgets = sys.modules.get("ui.widgets")
        if widgets is not None:
            self.hint_raw = widgets._LAST[0]

    def mark_texts(self):
        del self.frame_texts[:]

    # -- reporting ------------------------------------------------------------------------
    def fail(self, kind, text, screen=""):
        key = (kind, text, screen)
        if key in self._seen:
            return
        self._seen.add(key)
        failure = Failure(kind, text, screen, self.clock.now)
        self.failures.append(failure)
        if self.on_fail is not None:
            self.on_fail(failure)

    def note(self, kind, text, screen=""):
        key = (kind, text, screen)
        if key in self._seen:
            return
        self._seen.add(key)
        self.notes.append(Failure(kind, text, screen, self.clock.now))

    # -- every frame ----------------------------------------------------------------------
    def frame(self, app):
        top = app.top
        name = scene_name(top)
        if app.errors or app._panic is not None:
            self.fail("error screen", self._log_tail(app) or "(no log)", name)
        self._check_log(app)
        self._check_texts(app, top, name)
        self._check_toasts(app)
        self._check_hint(app, name)
        table = find_table(app)
        if table is not None and table is not self.table:
            self._attach_table(table)

    def _log_tail(self, app) -> str:
        try:
            with open(app.platform.data_dir + "/log.txt", encoding="utf-8",
                      errors="replace") as f:
                text = f.read()
        except OSError:
            return ""
        return text.strip().splitlines()[-1] if text.strip() else ""

    def _check_log(self, app):
        try:
            import os

            size = os.path.getsize(app.platform.data_dir + "/log.txt")
        except OSError:
            return
        if size != self.log_size:
            self.log_size = size
            tail = self._log_tail(app)
            kind = "MemoryError" if "MemoryError" in tail else "traceback in log.txt"
            self.fail(kind, tail, scene_name(app.top))

    def _check_texts(self, app, top, name):
        width, height = app.width, app.height
        on_table = is_table(top)
        for s, x, y_end, x_end in self.texts:
            cut = s.endswith(ELLIPSIS) or x_end > width or y_end > height or x < 0
            if not cut:
                continue
            what = "text cut" if s.endswith(ELLIPSIS) else "text past the edge"
            if on_table:
                self.fail(what, repr(s), name)
            else:
                self.note(what, repr(s), name)
        del self.texts[:]

    def _check_toasts(self, app):
        if app.fonts is None:
            return
        width = app.width - 24        # core.app's message box: 6 * _PAD of margin
        for entry in app._toast[0]:
            text = entry[0]
            if text in self._toasts_seen:
                continue
            self._toasts_seen.add(text)
            lines = app.small.wrap(text, width)
            if len(lines) > 2:
                self.fail("message cut (%d lines, 2 shown)" % len(lines), repr(text),
                          scene_name(app.top))

    def _check_hint(self, app, name):
        widgets = sys.modules.get("ui.widgets")
        if widgets is None:
            return
        raw = widgets._LAST[0]
        if raw is None or raw is self.hint_raw:
            return
        self.hint_raw = raw
        drawn = widgets._LAST[2] or ""
        if drawn.endswith(ELLIPSIS):
            self.fail("hint cut", repr(drawn), name)
        items = parse_hint(raw)
        self.hint_items = items
        named = []
        for buttons, _label in items:
            for b in buttons:
                if b in named:
                    self.fail("hint names %s twice" % b, repr(raw), name)
                named.append(b)
        # Items written as tokens ({X}) for a button the board lacks are left out by
        # ui.widgets.hints; a letter written plainly is drawn as it is: the board must have
        # that button (the Pico-LCD-1.14 has no X or Y; the Display Pack's X and Y are its
        # up and down).
        for buttons, _label in parse_hint(drawn):
            for b in buttons:
                if b not in self.physical and b != "MENU":   # MENU: B held, where no key
                    self.fail("hint names %s, which the board lacks" % b, repr(drawn), name)

    # -- the game's History -----------------------------------------------------------------
    # A turn (the actions one seat takes in a row: a draw and a discard, the cards of a meld)
    # must add at least one line to the History before another seat acts or the game ends,
    # so the History tells every move of every seat, in order.
    def _attach_table(self, table):
        self.table = table
        session = table.session
        history = getattr(table, "history", None) or getattr(table.turns, "history", None)
        events = self.events
        events.append(("table", id(table), len(session.actions)))
        self._turn = None
        if session.actions:
            # A game resumed (Resume, or the power-on that brings the table back): the turn
            # under way when it was saved began before this table, and what it said then is
            # in the History of the table that was left. Its actions from here on continue
            # it (at power-on the last one is played again, kit.resume).
            seat = session.state.current_player
            self._turn = [seat, len(session.actions), "resumed", 1]
        apply = session.apply

        def apply_logged(action, *rest):
            state = session.state
            seat = state.current_player
            text = state.action_str(action) if hasattr(state, "action_str") else str(action)
            try:
                apply(action, *rest)
            except ValueError as exc:
                # The table offered a move the rules refuse: what it showed was wrong.
                self.fail("move refused", "%s: %s" % (text, exc), scene_name(table))
                raise
            self.mark_texts()      # what is drawn after the last move: its result screens
            n = len(session.actions)
            events.append(("act", seat, action, n))
            turn = self._turn
            if turn is None or turn[0] != seat:
                self._check_turn_told()
                self._turn = [seat, n, text, 0]

        session.apply = apply_logged   # type: ignore[method-assign]
        if history is not None:
            append = history.append

            def append_logged(text):
                append(text)
                lines = getattr(history, "lines", None)
                if not lines or lines[-1] != str(text):
                    self.fail("History", "a line given to the History is not in it: %r"
                              % (text,), scene_name(table))
                    return
                events.append(("line", str(text)))
                if self._turn is not None:
                    self._turn[3] += 1

            history.append = append_logged   # type: ignore[method-assign]
        else:
            self.fail("no History", "the table has no history", scene_name(table))

    def _check_turn_told(self):
        turn = self._turn
        if turn is not None and turn[3] == 0:
            seat, n, text, _lines = turn
            self.fail("turn missing from History",
                      "seat %d's turn from action %d (%s) added no History line before the "
                      "next seat acted" % (seat, n, text), scene_name(self.table))

    def end_of_game(self):
        """The last turn must be in the History too (call when the result is shown)."""
        self._check_turn_told()
        self._turn = None
