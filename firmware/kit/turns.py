# The turn driver: who moves now, the AI's "Thinking..." and its pace, the same in every game.
#
# A table scene (kit.table.Table) owns one `Turns` and routes EVERY action through it:
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
#         if what == turns.OVER: ...the result...
#
#     def play(self, action):             # called by Turns.tick for an AI action
#         self.act(action)                # return False for a step nobody needs to see
#                                         # (one card of a meld being built): no pause
#
# A move and its message: what a move says (app.toast) is on screen with the frame that shows
# the move, and the next move waits until it has had its reading time (core.app.reading_ms:
# the AI speed setting sets it). So nothing moves under a message not yet read:
# - the AI's next move waits for the last message to go (and at least for the pause below);
# - the person's turn waits too when the move before it was another seat's: while that
#   message shows, human_to_move() is False (reading() is True) and A takes it off early;
# - the person's own messages hold the AI, not the person: acting again takes the old one
#   off, and the new one shows at once;
# - the game is OVER for the table once its last message has gone: the result never shows
#   under an old message, and no message of a game outlives it (kit.after clears them).
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
# Pace (one rule for every game, so a person can follow any of them):
# - after an AI action, the next AI action waits ai_delay_ms(settings) (the "AI speed"
#   setting: slow 1400, normal 700, fast 200 ms), or its message's reading time if longer;
# - after the human's action that hands the turn to an AI, the AI waits human_pause_ms
#   (slow 2000, normal 1200, fast 500 ms), or the message's time, so the result of your move
#   is seen before any AI move;
# - nothing moves while a screen is open over the table (a dialog, a summary).
#
# The first-game tip ("tip.<game_id>", kit.tips) shows when the table first appears, before
# anything moves (the AI waits for it as for any dialog). An all-AI game ends by naming the
# winner with the final scores (scene.say_result: kit.table.Table.result_line) for DEMO_END_MS,
# then leaves (scene.leave: back to the setup screen it came from).
#
# History: Turns gives its scene a `history` (a bounded History: the last HISTORY_LINES
# texts, strings only). core.app.App.toast appends every message shown while the scene is on
# the stack to it, so a game that announces with `app.toast(...)` keeps a full log with no
# line of its own; `turns.record(text)` adds a line that is not toasted (a log shown on the
# table). The pause menu's History row is the kit's (kit.table.Table.open_menu).

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

DEMO_END_MS = const(3000)   # an all-AI game's result stays this long before it leaves
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


def round_count(state):
    """Rounds finished so far, for the "round" tune: a game's round_results (Match & Collect)
    or round_no (Shadow Lock); 0 in a game without rounds."""
    results = getattr(state, "round_results", None)
    if results is not None:
        return len(results)
    return getattr(state, "round_no", 0)


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
        # The first-game tip: -1 not yet, frames drawn when first seen, None done (or none:
        # an all-AI game).
        self._tip = None if demo or HUMAN not in session.seats else -1
        self._yours = False        # the person was to move at the last tick ("turn" tune)
        self._guide = False        # the guided first turn comes at your turn (kit.learn)
        self._sounded_end = False  # the win / lose tune was played
        self._told = False         # the last move was another seat's: its message is read
                                   # before the person's turn begins (reading)
        self._said_end = False     # an all-AI game's result was announced
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

    def shown_in_part(self):
        """The frame just drawn shows the last move only in part (a table that sends the
        move's own region first, the rest on the next frame): the AI's decision waits for
        the frame after it, so its pause starts from a table drawn whole."""
        self._acted = None

    def human_to_move(self):
        """True when a person (not in a demo) is to move now: their turn, and the message of
        the move before it (another seat's) has been read."""
        return not self.demo and self.session.is_human_turn() and not self.reading()

    def reading(self):
        """True while the message of another seat's last move is still on screen (or waits
        its turn): the person's turn begins when it has gone (A takes it off early)."""
        if not self._told:
            return False
        if self.scene.app.toasts_pending():
            return True
        self._told = False
        return False

    def busy(self, now):
        """True while the last move's pause runs or a message has not gone yet."""
        waiting = self.waiting(now)
        return waiting or self.scene.app.toasts_pending() > 0

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

    def _drop_ai(self):
        """An AI has decided: in a game a person plays, the scene lets the AI's modules go
        (kit.table.Table.ai_modules), so that the move, the person's turn and the screens
        opened on it have their room; they load again for the next decision, during the pause
        before it. An all-AI game keeps them (no one's turn needs the room)."""
        if not self.demo and getattr(self.scene, "ai_modules", ()):
            self.scene.drop_ai()

    # -- history ----------------------------------------------------------------------------
    def record(self, text):
        """Add a line to the game's History without showing a message."""
        self.history.append(text)

    def first_tip(self):
        """The game's first-game tip (kit.tips: "<game>.turn", once ever), once the table has
        been drawn and nothing is over it; True while it is still to come (nothing moves
        before it)."""
        app = self.scene.app
        if self._tip is None:
            return False
        if self._tip < 0:
            self._tip = app.frames_drawn
            return True
        if app.frames_drawn == self._tip or app.top is not self.scene:
            return True
        self._tip = None
        from core import modules
        from kit import learn, tips

        gid = self.session.game_id
        if learn.guided(self.scene):
            self._guide = True        # the guided first turn instead, at your turn
        else:
            tips.show(app, gid + ".turn", "tip." + gid)
        modules.drop("kit.tips")
        modules.drop("kit.learn")
        return False

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
        human = seat >= 0 and session.seats[seat] == HUMAN
        app = self.scene.app
        if human:
            # Acting again: the person's own last message has been read (or passed over);
            # this move's message shows at once, not after it.
            app.clear_toasts(self.scene)
        state = session.state
        rounds = round_count(state)
        session.apply(action, False)
        if not self._tidy:
            app.later(self.tidy)
        self._tidy = 1
        if session.is_over():
            self._tidy = 0
            session.save()
            self.finished()
        elif round_count(state) != rounds and not self.demo:
            app.sound("round")        # a round is over (docs/POWER.md "Sound")
        if not human:
            gc.collect()
            settle()     # the table is drawn next: on a settled heap, fast (see settle)
        elif self._tidy:
            self._tidy = 2
        self._acted = app.frames_drawn
        self._ready = None
        self._told = not human
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
        scene = self.scene
        app = scene.app
        app.led(self.human_to_move())  # docs/POWER.md
        if self._tip is not None and self.first_tip():
            return _WAITING               # the first-game tip comes before anything moves
        if session.is_over():
            if self.thinking:
                self._set_thinking(False)
            if app.toasts_pending(scene):
                return _WAITING           # the last move's message first, then the result
            if self.over_at is None:
                self.over_at = now
                self.finished()
            if self.demo:
                self._end_demo(now)
            return OVER
        if not session.is_ai_turn():
            if self.human_to_move():
                if not self._yours:
                    self._yours = True        # the turn came back to you: one short tune
                    app.sound("turn")
                    if self._guide:
                        self._guide = False
                        from core import modules
                        from kit import learn

                        learn.start_guide(scene)
                        modules.drop("kit.learn")
                        modules.drop("kit.tips")    # read for the guide's "seen" mark
                return HUMAN_TURN
            return _WAITING if self.reading() else HUMAN_TURN
        self._yours = False
        if app.top is not scene:
            return _WAITING
        drawn = app.frames_drawn
        if self._acted is None:
            self._acted = drawn           # the table is drawn after this tick
        ready = self._ready
        if ready is None and drawn != self._acted and not self.thinking and self.busy(now):
            # The last move is on screen and the pause runs: decide now, the pause hides it.
            ready = self._ready = [len(session.actions), session.ai_choose(self.ai_module())]
            self._drop_ai()
            now = self._now()
        if self.busy(now):
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
            self._drop_ai()
            self._set_thinking(False)
        wait = self.wait_until
        if scene.play(action) is False:
            self.wait_until = wait        # an invisible step: no pause after it
        scene.request_draw()
        return _PLAYED

    def over_for(self, now):
        """Milliseconds since tick() first saw the game over and its messages read (0
        before)."""
        if self.over_at is None:
            return 0
        return time.ticks_diff(now, self.over_at)

    def _end_demo(self, now):
        """An all-AI game that is over: the winner and the final scores for DEMO_END_MS, then
        the table leaves (scene.leave, else pop)."""
        scene = self.scene
        app = scene.app
        if app.top is not scene:
            return                    # a round summary or a dialog: after it
        if not self._said_end:
            self._said_end = True
            say = getattr(scene, "say_result", None)   # kit.table.Table's
            if say is not None:
                say(DEMO_END_MS)
            return
        if app.toasts_pending(scene):
            return
        leave = getattr(scene, "leave", None)
        if leave is not None:
            leave()
        else:
            app.pop()
