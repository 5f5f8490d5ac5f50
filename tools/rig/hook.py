# Written by tools/rig as /rig_hook.py on the emulated Pico's filesystem (and a /boot.py that
# imports it); NOT part of the firmware. MicroPython runs boot.py before main.py. This module
# imports nothing of the app: it puts a wrapper on builtins.__import__ that waits for main.py
# to import core.app (which imports core.canvas), then wraps a few App/Canvas methods and takes
# the wrapper off, so the app loads its modules in its own order into its own heap.
#
# Normal mode: the app reports on the console (USB CDC), one "RIG:" line each:
#   RIG:games id,id,...        the registry's ids, once the app has loaded it (never imported here)
#   RIG:scene <why> <top scene> <ticks_us> -1          at the change (push or pop)
#   RIG:scenefree <why> <top scene> <ticks_us> <free heap after gc.collect()>   the same
#             change's heap, read after the first frame that follows it
#   RIG:frame <top scene> <full 0|1> <ticks_us at start> <draw+flush us> <flush us> <px>
#             <messages waiting or shown>
#   RIG:ai <module> <level> <seat> <ticks_us> <decision us>
#   RIG:act <human|level> <seat> <ticks_us>                  Session.apply, before it
#   RIG:tick <what> <ticks_us>   kit.turns.Turns.tick's answer when it changes (HUMAN_TURN 0,
#                                WAITING 1, THINKING 2, OVER 4), and every PLAYED (3)
#   RIG:pause <ticks_us>         before a PLAYED: when the pause that move waited for ended
#                                (the AI speed's pause or the message's reading time)
#   RIG:heap <free>        a new least free heap: read after the turn driver's own gc.collect()
#                          after each action (kit.turns.settle wrapped) and, under TRACE, after
#                          a gc.collect() of the hook's after every AI decision
#   RIG:error              followed by the traceback (App.crash)
# Costs: one print per frame after it is flushed (~0.2 ms of USB), a gc.collect() after the
# first frame that follows each scene change (and after each AI decision under TRACE, outside
# the timed part), each followed in a game by kit.turns.settle(): a collection leaves the low
# heap full of small holes, and the frames drawn next would pay for that when the turn
# driver's own collections are settled.
#
# QUIET mode (the host sets QUIET = True): no print, no collection, no allocation while the app
# runs: each scene change and frame is written into REC, a preallocated array, which the host
# reads from the REPL afterwards (dump()). For the figures of a plain power-on: boot, the
# splash, the menu. The host fills in TRACE and QUIET.
import builtins
import gc
import sys
import time

TRACE = False
QUIET = False
_us = time.ticks_us
_diff = time.ticks_diff
_f = [0, 0]
_low = [1 << 30]
APP = [None]        # the App, for REPL snippets of the host (tests)
COST = [0]          # the heap this module holds (boot.py fills it in)
_N = 96             # QUIET: records of 6 ints: kind (1 scene, 2 frame), scene, 4 values
REC = None
NAMES = None
_at = [0]
_orig_import = builtins.__import__


def _name(scene):
    return type(scene).__name__ if scene is not None else "-"


def _settle():
    """After a collection of the hook's own: kit.turns.settle(), as a game's turn driver does
    after its collections, so that the frames that follow do not pay for the hook. Only where
    a game has loaded kit.turns (the menu does not)."""
    m = sys.modules.get("kit.turns")
    if m is not None:
        m.settle()


def _record(kind, scene, a, b, c, d):
    i = _at[0]
    if i >= _N:
        return
    _at[0] = i + 1
    names = NAMES
    k = 0
    while k < len(names) and names[k] is not None and names[k] is not scene:
        k += 1
    if k < len(names) and names[k] is None:
        names[k] = scene
    r = REC
    i *= 6
    r[i] = kind
    r[i + 1] = k
    r[i + 2] = a
    r[i + 3] = b
    r[i + 4] = c
    r[i + 5] = d


def dump():
    """QUIET: the records as RIG: lines, as normal mode prints them (free heap -1: not read)."""
    for i in range(_at[0]):
        r = REC[6 * i:6 * i + 6]
        name = NAMES[r[1]] if r[1] < len(NAMES) else "-"
        if r[0] == 1:
            print("RIG:scene", ("push", "pop")[r[2]], name, r[3], -1)
        else:
            print("RIG:frame", name, r[2] >> 30, r[2] & 0x3FFFFFFF, r[3], r[4], r[5], 0)
    print("RIG:cost", COST[0])


def _scene(app, why):
    if QUIET:
        _record(1, _name(app.top), why, _us(), 0, 0)
        return
    games = sys.modules.get("registry")
    if games is not None and _games[0]:
        _games[0] = False
        print("RIG:games", ",".join([e[0] for e in games.GAMES]))
    if _pending[0] is not None:
        _scene_heap()           # two changes before a frame: the first one's heap now
    at = _us()
    name = _name(app.top)
    print("RIG:scene", ("push", "pop")[why], name, at, -1)
    _pending[0] = (("push", "pop")[why], name, at)


def _scene_heap():
    # The free heap of a scene change, read after the frame that follows it: the collection
    # (and settle) the firmware would not make stays out of the time from a press to that
    # frame (a list closing over Match & Collect's table: ~60 ms on the emulated chip).
    why, name, at = _pending[0]
    _pending[0] = None
    gc.collect()
    free = gc.mem_free()
    _settle()
    print("RIG:scenefree", why, name, at, free)


_games = [True]
_pending = [None]       # a scene change not reported yet: (push/pop, its top, ticks_us)


def _install(app_mod, canvas_mod):
    A = app_mod.App
    push, pop, draw, crash = A.push, A.pop, A.draw, A.crash
    cflush = canvas_mod.Canvas.flush

    def w_push(self, scene, *args):
        APP[0] = self
        if not QUIET:
            _wrap_session()
        push(self, scene, *args)
        _scene(self, 0)

    def w_pop(self, *args):
        pop(self, *args)
        _scene(self, 1)

    def w_flush(self, display, *args):
        t0 = _us()
        n = cflush(self, display, *args)
        _f[0] = _diff(_us(), t0)
        _f[1] = n
        return n

    def w_draw(self, *args):
        top = self.top
        if top is None or not top.redraw:
            return
        full = 1 if top.full_redraw else 0
        _f[0] = 0
        _f[1] = 0
        t0 = _us()
        draw(self, *args)
        t1 = _diff(_us(), t0)
        if QUIET:
            _record(2, _name(top), (full << 30) | (t0 & 0x3FFFFFFF), t1, _f[0], _f[1])
        else:
            print("RIG:frame", _name(top), full, t0, t1, _f[0], _f[1], len(self._toast[0]))
            if _pending[0] is not None:
                _scene_heap()

    def w_crash(self, exc, *args):
        print("RIG:error")
        sys.print_exception(exc)
        crash(self, exc, *args)

    A.push = w_push
    A.pop = w_pop
    A.draw = w_draw
    A.crash = w_crash
    canvas_mod.Canvas.flush = w_flush


def _import(name, *args):
    mod = _orig_import(name, *args)
    m = sys.modules.get("core.app")
    if m is not None and getattr(m, "App", None) is not None:
        try:
            del builtins.__import__
        except (AttributeError, KeyError):
            builtins.__import__ = _orig_import
        _install(m, sys.modules["core.canvas"])
    return mod


def _low_heap(free):
    if free < _low[0]:
        _low[0] = free
        print("RIG:heap", free)


def _wrap_session():
    """Time Session.ai_choose once a game has imported core.session. Not imported here: the
    menu drops it with the game's modules, and holding it would cost the menu its size."""
    m = sys.modules.get("core.session")
    if m is not None and not getattr(m.Session, "_rig", False):
        _wrap(m)
    t = sys.modules.get("kit.turns")
    if t is not None and not getattr(t.Turns, "_rig", False):
        tick = t.Turns.tick
        last = [-1]
        pause = [None]

        def turns_tick(self, now):
            # The end of the pause the AI's move waits for (kit.turns: the AI speed's pause
            # and the reading time of the message on screen), read while it runs: printed
            # with the move that follows it (RIG:pause).
            if last[0] == 1 or last[0] == -1:
                ends = self.wait_until
                t = self.scene.app._toast
                if t[0] and t[1] and (ends is None or _diff(t[1], ends) > 0):
                    ends = t[1]
                if ends is not None:
                    pause[0] = _us() + _diff(ends, now) * 1000
            what = tick(self, now)
            if what != last[0] or what == 3:
                last[0] = what
                if what == 3 and pause[0] is not None:
                    print("RIG:pause", pause[0])
                    pause[0] = None
                print("RIG:tick", what, _us())
            return what

        t.Turns.tick = turns_tick
        t.Turns._rig = True
        settle = t.settle

        def w_settle():
            # Called right after the turn driver's own gc.collect() (Turns.act): the free heap
            # then costs no collection of the hook's.
            _low_heap(gc.mem_free())
            return settle()

        t.settle = w_settle


def _wrap(m):
    choose = m.Session.ai_choose

    def ai_choose(self, module, budget=None):
        seat = self.state.current_player
        t0 = _us()
        action = choose(self, module, budget)
        print("RIG:ai", module.__name__, self.seats[seat], seat, t0, _diff(_us(), t0))
        if TRACE:
            gc.collect()
            free = gc.mem_free()
            _settle()
            _low_heap(free)
        return action

    apply = m.Session.apply

    def session_apply(self, action, *args):
        seat = self.state.current_player
        print("RIG:act", self.seats[seat] if seat >= 0 else "-", seat, _us())
        return apply(self, action, *args)

    m.Session.ai_choose = ai_choose
    m.Session.apply = session_apply
    m.Session._rig = True


if QUIET:
    import array

    REC = array.array("i", bytes(4 * 6 * _N))
    NAMES = [None] * 16
builtins.__import__ = _import
