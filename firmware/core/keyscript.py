"""Key scripts: one parser for the simulator (sim/headless.py, sim/window.py), the headless
platform (device/headless.py) and the virtual Pico (device/unixport.py, tools/vpico.py).

A script is a comma-separated list of tokens (case-insensitive):

  UP, DOWN, LEFT, RIGHT, A, B, X, Y, MENU   tap a button: held 80 ms, then 170 ms released
  B+X                                        a chord: the buttons go down and up together
  HOLD:NAME:MS                               hold a button (or a chord, HOLD:B+X:500) MS ms
  WAIT:MS                                    let MS ms go by
  SHOT:name                                  a screenshot called `name`
  DEMO:GAME[:SEED]                           the virtual Pico only: an all-AI game of GAME
  UNTIL:SCENE[:MS]                           the virtual Pico only: wait for that top scene
  END                                        the virtual Pico only: stop the app

`parse(text, buttons)` refuses a button the board does not have (`buttons` is the mask of
raw buttons it has: on the Display Pack 2.0 only A, B, X and Y, so its d-pad moves are the
chords B+X and B+Y and X/Y, exactly what a person presses there). Steps come back as tuples
(kind, arg, ms, token), kind 0 PRESS (arg = button mask, ms = hold), 1 WAIT (ms), 2 SHOT
(arg = name), 3 DEMO (arg = game id, ms = seed or None), 4 UNTIL (arg = scene name, ms =
limit or None), 5 END.
Every tap or hold is followed by 170 ms with nothing held (the runner adds it, GAP_MS).
Loaded only by test and simulator platforms, never at a board's boot.
"""

from micropython import const

from core import input as btn

_PRESS_MS = const(80)   # a tap: past the 15 ms debounce and at least two 33 ms frames

# Step kinds: 0 PRESS, 1 WAIT, 2 SHOT, 3 DEMO, 4 UNTIL, 5 END. Few names and short strings
# here on purpose: each is interned for good (MicroPython's qstr pool only grows) and this
# module is read when a test or the virtual Pico boots.


class KeyScriptError(ValueError):
    """A token that cannot be understood, or a button the board lacks: args are (message,
    token); `str()` is the message."""

    def __str__(self):
        return self.args[0]


def parse(text, buttons=btn.ALL, board=""):
    """Steps of the key script `text` (see the module doc); KeyScriptError naming the first
    bad token. `buttons`: the raw buttons the board has (`board` names it in messages)."""
    hold, wait, shot, demo, until, end, plus = "HOLD WAIT SHOT DEMO UNTIL END +".split(" ")
    steps = []
    for raw in (text or "").split(","):
        token = raw.strip()
        if not token:
            continue
        parts = token.split(":")
        head = parts[0].strip().upper()
        n = len(parts)
        why = None
        step = None
        # A button, a chord (B+X) or HOLD's first argument: the mask, checked on this board.
        names = head if n == 1 else (parts[1] if head == hold and n == 3 else None)
        mask = 0
        if names is not None:
            for part in names.split(plus):
                name = part.strip().upper()
                if name not in btn.NAMES:
                    if n == 1:
                        mask = -1      # not a button: maybe END, else unknown
                    else:
                        why = ("unknown button %r in key script token %r (expected one of %s)"
                               % (part.strip(), token, ", ".join(btn.NAMES)))
                    break
                bit = btn.button_named(name)
                if not bit & buttons:
                    have = [b for b in btn.NAMES if btn.button_named(b) & buttons]
                    why = ("the %s board has no %s button (key script token %r; it has %s)"
                           % (board, name, token, ", ".join(have)))
                    break
                mask |= bit
        if why is None:
            # Durations and seeds: whole numbers, the token's last part.
            ms = None
            if ((head == hold and n == 3) or (head == wait and n == 2)
                    or (head in (demo, until) and n == 3)):
                t = parts[-1].strip()
                if t.isdigit():
                    ms = int(t)
                else:
                    why = ("bad duration %r in key script token %r (expected whole ms)"
                           % (t, token))
            label = plus.join([b for b in btn.NAMES if btn.button_named(b) & mask])
            if why is not None:
                pass
            elif n == 1 and mask > 0:
                step = (0, mask, _PRESS_MS, label)
            elif n == 1 and head == end:
                step = (5, None, 0, end)
            elif head == hold and n == 3:
                step = (0, mask, ms, hold + ":" + label + ":" + str(ms))
            elif head == wait and n == 2:
                step = (1, None, ms, wait + ":" + str(ms))
            elif head == shot and n == 2:
                name = parts[1].strip()
                if not name or "/" in name or chr(92) in name or name[:1] == ".":
                    why = "bad screenshot name in key script token %r" % token
                else:
                    step = (2, name, 0, shot + ":" + name)
            elif head in (demo, until) and 2 <= n <= 3 and parts[1].strip():
                step = (3 if head == demo else 4, parts[1].strip(), ms, token)
            if step is None and why is None:
                why = ("unknown key script token %r (expected a button (UP, DOWN, LEFT, RIGHT, "
                       "A, B, X, Y, MENU), HOLD:NAME:MS, WAIT:MS or SHOT:name; a chord such "
                       "as B+X; DEMO:GAME[:SEED], UNTIL:SCENE[:MS] and END on the virtual "
                       "Pico)" % token)
        if why is not None:
            raise KeyScriptError(why, token)
        steps.append(step)
    return steps
