# Written by tools/rig as /boot.py on the emulated Pico's filesystem; NOT part of the firmware.
# MicroPython runs boot.py before main.py: this wraps a few App/Session methods so that the
# app reports on the console (USB CDC) what the host measures, one "RIG:" line each:
#   RIG:games id,id,...                                      the registry, once
#   RIG:scene <why> <top scene> <ticks_us> <free heap after gc.collect()>
#   RIG:frame <top scene> <full 0|1> <ticks_us at start> <draw+flush us> <flush us> <px>
#   RIG:ai <module> <level> <seat> <ticks_us> <decision us>
#   RIG:act <human|level> <seat> <ticks_us>                  Session.apply, before it
#   RIG:tick <what> <ticks_us>   kit.turns.Turns.tick's answer when it changes (HUMAN_TURN 0,
#                                WAITING 1, THINKING 2, OVER 4), and every PLAYED (3)
#   RIG:heap <free>        (TRACE only: a new least free heap after gc.collect(), sampled
#                           after every AI decision, before the move is applied)
#   RIG:error              followed by the traceback (App.crash)
# Costs: one print per frame (~0.2 ms of USB), a gc.collect() at each scene change (and after
# each AI decision under TRACE, outside the timed part), each followed in a game by
# kit.turns.settle(): a collection leaves the low heap full of small holes, and the frames
# drawn next would pay for that (up to ~60 ms more for a Cauldron table) when the turn
# driver's own collections are settled. The host fills in TRACE.
import gc
import sys
import time

from core import app as _app
from core import canvas as _canvas


def _settle():
    """After a collection of the hook's own: kit.turns.settle(), as a game's turn driver does
    after its collections, so that the frames that follow do not pay for the hook. Only where
    a game has loaded kit.turns (the menu does not)."""
    m = sys.modules.get("kit.turns")
    if m is not None:
        m.settle()


TRACE = False
_us = time.ticks_us
_diff = time.ticks_diff
_A = _app.App
_push = _A.push
_pop = _A.pop
_draw = _A.draw
_crash = _A.crash
_flush = _canvas.Canvas.flush
_f = [0, 0]
_games = []  # the registry's ids, printed with the first scene (the console is up by then)
_low = [1 << 30]


def _name(scene):
    return type(scene).__name__ if scene is not None else "-"


def _scene(app, why):
    gc.collect()
    free = gc.mem_free()
    _settle()
    print("RIG:scene", why, _name(app.top), _us(), free)


def push(self, scene, *args):
    _wrap_session()
    _push(self, scene, *args)
    if _games:
        print("RIG:games", _games.pop())
    _scene(self, "push")


def pop(self, *args):
    _pop(self, *args)
    _scene(self, "pop")


def flush(self, display, *args):
    t0 = _us()
    n = _flush(self, display, *args)
    _f[0] = _diff(_us(), t0)
    _f[1] = n
    return n


def draw(self, *args):
    top = self.top
    if top is None or not top.redraw:
        return
    full = 1 if top.full_redraw else 0
    _f[0] = 0
    _f[1] = 0
    t0 = _us()
    _draw(self, *args)
    print("RIG:frame", _name(top), full, t0, _diff(_us(), t0), _f[0], _f[1])


def crash(self, exc, *args):
    print("RIG:error")
    sys.print_exception(exc)
    _crash(self, exc, *args)


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

        def turns_tick(self, now):
            what = tick(self, now)
            if what != last[0] or what == 3:
                last[0] = what
                print("RIG:tick", what, _us())
            return what

        t.Turns.tick = turns_tick
        t.Turns._rig = True


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
            if free < _low[0]:
                _low[0] = free
                print("RIG:heap", free)
        return action

    apply = m.Session.apply

    def session_apply(self, action):
        seat = self.state.current_player
        print("RIG:act", self.seats[seat] if seat >= 0 else "-", seat, _us())
        return apply(self, action)

    m.Session.ai_choose = ai_choose
    m.Session.apply = session_apply
    m.Session._rig = True


_A.push = push
_A.pop = pop
_A.draw = draw
_A.crash = crash
_canvas.Canvas.flush = flush
try:
    import registry as _registry

    _games.append(",".join([e[0] for e in _registry.GAMES]))
    del _registry
except Exception as _exc:  # noqa: BLE001 - report, let main.py run
    print("RIG:error")
    sys.print_exception(_exc)
gc.collect()
