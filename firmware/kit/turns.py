# The turn driver: who moves now, the AI's "Thinking..." and its pace, the same in every game.
#
# A table scene owns one `Turns` and routes EVERY action through it:
#
#     self.turns = Turns(self, session, load_ai, demo)   # load_ai: the ai module, or a
#                                                        # function returning it (on demand)
#     def act(self, action):              # the scene's own "apply and show what happened"
#         seat = self.turns.act(action)   # session.apply (ValueError: nothing changed), the
#         ...announce, mark dirty...      #  pace of what follows; the save and gc.collect()
#                                         #  + settle() once the move is on screen (tidy,
#                                         #  through App.later)
#
#     def tick(self, now):
#         ...the scene's own timers (a pair shown face up, an animation) first...
#         what = self.turns.tick(now)     # may call self.play(action) for the AI
#         if what == turns.OVER: ...the result (or turns.end_demo(now))...
#
#     def play(self, action):             # called by Turns.tick for an AI action
#         self.act(action)                # return False for a step nobody needs to see
#                                         # (one card of a meld being built): no pause
#
# The AI decides during the pause that follows the last move (see Pace), once a frame showing
# that move has been drawn and flushed: the person sees the result of their move first, and the
# pause hides the thinking; the action is played when the pause is over (at once when the
# decision took longer). When there was no pause to decide in (the first move of a game, the
# move after an invisible step), the scene shows `self.turns.thinking` (True between the
# request and the decision) in its status line; Turns calls `scene.thinking_changed()` (when
# the scene has it, else request_draw) so the indicator is drawn BEFORE the AI computes: that
# decision waits for the next drawn frame.
#
# Pace (one rule for every game, issue #12 "a pace a person can follow"):
# - after an AI action, the next AI action waits ai_delay_ms(settings) (the "AI speed"
#   setting: slow 1400, normal 700, fast 200 ms);
# - after the human's action that hands the turn to an AI, the AI waits human_pause_ms
#   (slow 2000, normal 1200, fast 500 ms), so the result of your move is seen before any AI
#   move;
# - nothing moves while a screen is open over the table (a dialog, a summary).
# The end of a demo: `end_demo(now)` pops the table DEMO_END_MS after the last move.
#
# History (issue #12 "messages a person can read"): Turns gives its scene a `history`
# (a bounded History: the last HISTORY_LINES texts, strings only). core.app.App.toast appends
# every message shown while the scene is on the stack to it, so a game that announces with
# `app.toast(...)` keeps a full log with no line of its own; `turns.record(text)` adds a line
# that is not toasted (a log shown on the table). The pause menu gets a "History" row with
# one line (the row goes before the last row, Quit; it opens kit.history.HistoryScreen: the
# log in full, newest at the bottom, shown first):
#     self.app.push(Dialog(title, *self.turns.with_history(labels, done)))

import gc
import sys
import time

from micropython import const

from core.session import HUMAN, ai_delay_ms

# What tick() did.
HUMAN_TURN = const(0)   # a person is to move: the scene waits for buttons
_WAITING = const(1)     # an AI is to move, after the pause (or a screen is over the table)
_THINKING = const(2)    # "Thinking..." requested, not drawn yet
_PLAYED = const(3)      # an AI action was applied (through scene.play)
OVER = const(4)         # the game is over

DEMO_END_MS = const(3000)
HISTORY_LINES = const(60)


def human_pause_ms(settings):
    """How long the result of the human's move stays before an AI moves (ai_speed): slow
    2000, normal 1200, fast 500 ms. (Tests, not a dict: a dict stays in the heap.)"""
    speed = settings.get("ai_speed", "normal")
    return 2000 if speed == "slow" else 500 if speed == "fast" else 1200


# -- a heap quick to allocate from ---------------------------------------------------------
# MicroPython's allocator is first fit: each allocation of more than one 16-byte block scans
# the allocation table from the lowest free block to the first run of free blocks long enough.
# Most Python calls make one: a bytecode function whose state (locals and value stack) is over
# 11 words gets its frame from the heap at every call (py/objfun.c, VM_MAX_STATE_ON_STACK), and
# Canvas.fill_rect already has 13. After gc.collect() the low heap is a sieve of small holes
# (the garbage that lay between live objects), and every such call scans across all of them:
# `python -m tools.rig.heapcost` (emulated RP2040, stock 1.28.0, build of c40d74e) gives 200
# calls of a 14-local function 8.7 ms on a collected heap, 91.1 ms on a sieve of 2,000
# one-block holes, 4.9 ms once settle() has filled it (docs/PERFORMANCE.md at ef6896e). A
# table is drawn right after the collection that follows each move, so settle() comes after
# it, and after those of the table's opening (kit.setup_screen.SetupScreen.open_table).
#
# settle() fills the small holes at the bottom with throwaway 1-block tuples (first fit puts
# each in the lowest free block; id() is its address) until _RUN of them in a row lie side by
# side: the lowest free block is then inside a long run, and the scans stop there. The tuples
# are garbage from the start: the next collection (an automatic one too, when memory runs
# short) gives their blocks back; gc.mem_free() reads lower until then. A heap with less than
# _ROOM free blocks is left alone: its small holes are where small objects that live on
# belong, and with them taken such objects split the long runs a big allocation needs
# (settling a near-full heap made tools.memcheck's Match & Collect 140 -> 147wK). Here, not in
# a module of its own: a module costs the heap ~540 bytes on the unix port, and the games'
# memcheck figures are on their limits.
_RUN = const(64)      # blocks side by side that end the filling (1 KB on a 32-bit port)
_CAP = const(6000)    # tuples at most: a bound on the time (~2,000 seen on a sieved heap)
_ROOM = const(2048)   # free blocks (32 KB on a Pico) below which the heap is left as it is


def settle():
    """Fill the small holes at the bottom of the heap (see above); returns the 1-block tuples
    used (0 under CPython, whose allocator is another story, or when the heap has little
    room)."""
    if sys.implementation.name != "micropython":
        return 0
    block = 16 if sys.maxsize < (1 << 32) else 32   # MicroPython's block: 4 words
    if gc.mem_free() < _ROOM * block:
        return 0
    run = 0
    last = 0
    n = 0
    while n < _CAP:
        a = id((n,))
        run = run + 1 if a == last + block else 0
        if run >= _RUN:
            break
        last = a
        n += 1
    return n


class History:
    """The last HISTORY_LINES messages of a game (strings only), oldest first."""

    def __init__(self):
        self.lines = []

    def append(self, text):
        """Record `text` (core.app.App.toast calls this for every message)."""
        lines = self.lines
        lines.append(str(text))
        if len(lines) > HISTORY_LINES:
            lines.pop(0)


class Turns:
    def __init__(self, scene, session, ai, demo=False):
        self.scene = scene
        # Every message shown while the scene is on the stack (core.app.App.toast).
        self.history = History()
        scene.history = self.history
        if session.actions:
            # A resumed game: what came before is not in this History, and it says so.
            from core import strings

            text = strings.t("history_resumed")
            if "%d" in text:
                self.history.append(text % len(session.actions))
        self.session = session
        self._ai = ai              # the ai module, or a function returning it
        self.demo = demo
        self.thinking = False
        self.wait_until = None     # no AI move before this tick
        self.over_at = None        # when the game was first seen over
        self._frame = 0            # frames drawn when "Thinking..." was requested
        self._acted = None         # frames drawn when the last move was applied (None: unseen)
        self._ready = None         # [actions then, action]: decided during the pause
        self._tip = -1             # the first-turn tip: -1 not yet, frames drawn, None done
        self._yours = False        # the person was to move at the last tick ("turn" tune)
        self._sounded_end = False  # the win / lose tune was played
        self._tidy = 0             # after a move: 1 save, 2 save and collect (see act)

    # -- helpers --------------------------------------------------------------------------
    def _settings(self):
        app = self.scene.app
        return (app.settings if app is not None and app.settings else None) or {}

    def _now(self):
        return self.scene.app.platform.ticks_ms()

    def ai_module(self):
        ai = self._ai
        return ai if hasattr(ai, "choose") else ai()

    def human_to_move(self):
        """True when a person (not in a demo) is to move now."""
        return not self.demo and self.session.is_human_turn()

    def wait(self, now, ms):
        """No AI move for `ms` from `now` (longer waits already set are kept)."""
        until = time.ticks_add(now, ms)
        if self.wait_until is None or time.ticks_diff(until, self.wait_until) > 0:
            self.wait_until = until

    def waiting(self, now):
        if self.wait_until is None:
            return False
        if time.ticks_diff(self.wait_until, now) > 0:
            return True
        self.wait_until = None
        return False

    def _set_thinking(self, on):
        self.thinking = on
        hook = getattr(self.scene, "thinking_changed", None)
        if hook is not None:
            hook()
        else:
            self.scene.request_draw()

    # -- history ----------------------------------------------------------------------------
    def record(self, text):
        """Add a line to the game's History without showing a message."""
        self.history.append(text)

    def with_history(self, labels, done):
        """A pause menu's (labels, done) with a "History" row before the last row (Quit):
        choosing it opens the History screen; the other rows reach `done` with their own
        index (-1 stays -1). Use:
        `self.app.push(Dialog(title, *self.turns.with_history(labels, done)))`."""
        from core import strings

        at = len(labels) - 1 if labels else 0
        labels = list(labels)
        labels.insert(at, strings.t("history"))
        history = self.history
        scene = self.scene

        def chosen(i):
            if i == at:
                from kit.history import HistoryScreen

                scene.app.push(HistoryScreen(history))
            elif done is not None:
                done(i - 1 if i > at else i)

        return labels, chosen

    def first_tip(self):
        """The game's first-turn tip (kit.tips: "<game>.turn", once ever), when the table
        has been drawn with the player to move and nothing is over it."""
        app = self.scene.app
        if self._tip is None:
            return
        if self._tip < 0:
            self._tip = app.frames_drawn
            return
        if app.frames_drawn == self._tip or app.top is not self.scene:
            return
        self._tip = None
        from core import modules
        from kit import tips

        gid = self.session.game_id
        tips.show(app, gid + ".turn", "tip." + gid)
        modules.drop("kit.tips")

    def finished(self):
        """Count the finished game in the statistics, once per session (kit.stats), and
        play the person's win or lose tune once (a shared result plays neither)."""
        session = self.session
        if not self.demo and not getattr(session, "counted", False):
            from kit import stats

            stats.finished(self.scene.app, session)
        if not self.demo and not self._sounded_end and HUMAN in session.seats:
            self._sounded_end = True
            won = session.state.returns()[session.seats.index(HUMAN)]
            if won >= 1 or won <= 0:          # a shared result plays neither
                self.scene.app.sound("win" if won >= 1 else "lose")

    # -- acting ---------------------------------------------------------------------------
    def act(self, action):
        """Apply `action` for the seat to move (ValueError, nothing changed, when illegal);
        set the pace of what follows. Returns the seat that acted.

        What the screen does not need waits until the frame that shows the move has been
        sent (`tidy`, through App.later, which also runs it before the scene stack changes):
        the save (flash writes: a sector erase is ~45 ms) and, after a person's move,
        gc.collect() + settle() (~50 ms on a Pico): a press shows its effect first. An AI's
        move is collected at once: the garbage of its decision would otherwise lie between
        what the move's announcement keeps. A move that ends the game is saved at once."""
        session = self.session
        seat = session.state.current_player
        session.apply(action, False)
        human = seat >= 0 and session.seats[seat] == HUMAN
        if not self._tidy:
            self.scene.app.later(self.tidy)
        self._tidy = 1
        if session.is_over():
            self._tidy = 0
            session.save()
            self.finished()
        if not human:
            gc.collect()
            settle()     # the table is drawn next: on a settled heap, fast (see settle)
        elif self._tidy:
            self._tidy = 2
        self._acted = self.scene.app.frames_drawn
        self._ready = None
        now = self._now()
        if human:
            if session.is_ai_turn():
                self.wait(now, human_pause_ms(self._settings()))
        else:
            self.wait(now, ai_delay_ms(self._settings()))
        return seat

    def tidy(self):
        """What act() left for after the frame showing the move: the save, the collection."""
        what = self._tidy
        self._tidy = 0
        if what:
            self.session.save()
        if what == 2:
            gc.collect()
            settle()

    def tick(self, now):
        """Move the AI when it is its turn (see the top of this module); what happened."""
        session = self.session
        self.scene.app.led(not self.demo and session.is_human_turn())  # docs/POWER.md
        if session.is_over():
            if self.over_at is None:
                self.over_at = now
                self.finished()
            if self.thinking:
                self._set_thinking(False)
            return OVER
        if not session.is_ai_turn():
            if not self.demo and session.is_human_turn():
                if not self._yours:
                    self._yours = True        # the turn came back to you: one short tune
                    self.scene.app.sound("turn")
                if self._tip is not None:
                    self.first_tip()
            return HUMAN_TURN
        self._yours = False
        scene = self.scene
        app = scene.app
        if app.top is not scene:
            return _WAITING
        drawn = app.frames_drawn
        if self._acted is None:
            self._acted = drawn           # the table is drawn after this tick
        ready = self._ready
        if ready is None and drawn != self._acted and not self.thinking and \
                self.waiting(now):
            # The last move is on screen and the pause runs: decide now, the pause hides it.
            ready = self._ready = [len(session.actions), session.ai_choose(self.ai_module())]
            now = self._now()
        if self.waiting(now):
            return _WAITING
        if ready is not None and ready[0] == len(session.actions):
            self._ready = None
            action = ready[1]
        else:
            self._ready = None
            if not self.thinking:
                self._frame = drawn
                self._set_thinking(True)  # draw "Thinking..." first, decide on a later tick
                return _THINKING
            if drawn == self._frame:
                return _THINKING
            action = session.ai_choose(self.ai_module())
            self._set_thinking(False)
        wait = self.wait_until
        if scene.play(action) is False:
            self.wait_until = wait        # an invisible step: no pause after it
        scene.request_draw()
        return _PLAYED

    def over_for(self, now):
        """Milliseconds since tick() first saw the game over (0 before)."""
        if self.over_at is None:
            return 0
        return time.ticks_diff(now, self.over_at)

    def end_demo(self, now, ms=DEMO_END_MS):
        """In a demo that is over: pop the table `ms` after the end; True when it did."""
        if not self.demo or self.over_at is None:
            return False
        if time.ticks_diff(now, self.over_at) < ms:
            return False
        self.over_at = None
        self.scene.app.pop()
        return True
