"""Logical buttons: debounce, press/release edges, hold-to-repeat, four-button mode.

Boards report raw button bitmasks (device.buttons or the simulator's keyboard); this module
turns them into events for the scene on top. Events are small ints, `kind << 12 | button`,
so the queue holds no objects.

Four-button mode (Pimoroni Display Pack 2.0: A, B, X, Y and no d-pad):
  X = UP, Y = DOWN, A = A;
  B alone, released quickly = B (fires on release, so it can start a chord);
  B held with X or Y = LEFT or RIGHT (with repeat);
  B held alone for `long_ms` = MENU.
Every screen therefore stays usable: X and Y are shortcuts only, never the sole way to act.

Tap and hold (docs/POWER.md "Sleep", kit: a card shown whole while A is held): a button in
`defer` (set by the app each frame from the screen on top) reports nothing when it goes down.
Released before `hold_ms` it was a tap: its PRESS and RELEASE come together at the release.
Held `hold_ms` it gives HOLD instead (never a PRESS), then RELEASE when let go. On boards
with a d-pad MENU is always deferred, with SLEEP_MS as its hold: a tap opens the menu as
before, a hold of about a second is the sleep gesture (HOLD of MENU). The Display Pack 2.0's
MENU is B held, so its sleep gesture is X and Y held together for SLEEP_MS (nothing a person
does on it today means anything held that long: the two cursor keys at once); its DOWN
does not repeat while X is held with it.
"""

import time

from micropython import const

UP = const(1)
DOWN = const(2)
LEFT = const(4)
RIGHT = const(8)
A = const(16)
B = const(32)
X = const(64)
Y = const(128)
MENU = const(256)
ALL = const(511)

PRESS = const(1)
REPEAT = const(2)
RELEASE = const(3)
HOLD = const(4)          # a deferred button held (see above); MENU: the sleep gesture

NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "X", "Y", "MENU")
_DIRECTIONS = const(15)
_SLEEP_MS = const(1000)  # the sleep gesture's hold


def button_named(name):
    """Bit of a logical button from its name ("UP", "a", ...); ValueError if unknown."""
    name = name.strip().upper()
    for i in range(len(NAMES)):
        if NAMES[i] == name:
            return 1 << i
    raise ValueError("unknown button: " + name)


def name_of(button):
    for i in range(len(NAMES)):
        if button == 1 << i:
            return NAMES[i]
    return "?"


def event(kind, button):
    return (kind << 12) | button


def event_kind(ev):
    return ev >> 12


def event_button(ev):
    return ev & 0xFFF


class Input:
    """Turns raw bitmasks sampled over time into PRESS / REPEAT / RELEASE events."""

    def __init__(self, four_buttons=False, debounce_ms=15, repeat_delay_ms=380,
                 repeat_ms=90, long_ms=650, hold_ms=400):
        self.four_buttons = four_buttons
        self.debounce_ms = debounce_ms
        self.repeat_delay_ms = repeat_delay_ms
        self.repeat_ms = repeat_ms
        self.long_ms = long_ms
        self.hold_ms = hold_ms
        self.defer = 0           # buttons whose press waits for a tap or a hold (see above)
        self.queue = []
        self.held = 0            # debounced logical state
        self._raw = 0            # last raw sample
        self._raw_since = 0      # when the raw sample last changed
        self._stable = 0         # debounced raw state
        self._repeat_button = 0
        self._repeat_at = 0
        # four-button mode bookkeeping
        self._b_pressed = False
        self._b_down_at = 0
        self._b_used = False
        self._menu_held = False
        self._started = False
        # Tap and hold: [deferred buttons down, not reported yet; those reported as HOLD;
        # ticks when the last of them went down; ticks when X and Y (four buttons) were
        # both down (-1: not both; -2: their HOLD given)]. One attribute: every name is
        # interned for good.
        self._hold = [0, 0, 0, -1]

    def reset(self):
        """Drop queued events; buttons held right now give no press until released again.

        Used when the screen changes under the player's finger (the error screen): the press
        that caused it must not also dismiss it."""
        self.queue = []
        self._repeat_button = 0
        h = self._hold
        h[0] = h[1] = 0
        if self.four_buttons:
            self._b_used = True        # a B still held neither fires B nor MENU
        else:
            self.held = self._stable

    def update(self, raw, now):
        """Feed one raw sample taken at `now` (ms ticks); queues the resulting events."""
        if not self._started:
            self._started = True
            self._raw = raw
            self._raw_since = now
            self._stable = raw
            # Buttons already held at start (e.g. the safe-mode button) produce no press.
            self.held = 0 if self.four_buttons else raw & ALL
            return
        if raw != self._raw:
            # Taken at its first sample when the state before it had lasted the debounce time
            # (the time from a press to its frame is what a player feels); a change sooner
            # than that after the last one (a contact's bounce) only once it has lasted the
            # debounce time itself.
            if time.ticks_diff(now, self._raw_since) >= self.debounce_ms:
                self._stable = raw
            self._raw = raw
            self._raw_since = now
        if raw != self._stable and time.ticks_diff(now, self._raw_since) >= self.debounce_ms:
            self._stable = raw
        if self.four_buttons:
            self._update_four(now)
        else:
            self._set_held(self._stable, now)
        h = self._hold
        if h[0]:
            # Deferred buttons held long enough: HOLD (MENU on a d-pad board: the sleep one).
            held = time.ticks_diff(now, h[2])
            bit = 1
            while bit <= MENU:
                if h[0] & bit and held >= (_SLEEP_MS if bit == MENU else self.hold_ms):
                    h[0] &= ~bit
                    h[1] |= bit
                    self.queue.append(event(HOLD, bit))
                bit <<= 1
        self._repeat(now)

    def _set_held(self, new, now):
        old = self.held
        if new == old:
            return
        self.held = new
        changed = new ^ old
        h = self._hold
        defer = self.defer if self.four_buttons else self.defer | MENU
        bit = 1
        while bit <= MENU:
            if changed & bit:
                q = self.queue
                if new & bit:
                    if defer & bit:
                        h[0] |= bit            # a tap or a hold: known at release or hold_ms
                        h[2] = now
                    else:
                        q.append(event(PRESS, bit))
                        self._repeat_button = bit
                        self._repeat_at = time.ticks_add(now, self.repeat_delay_ms)
                else:
                    if h[0] & bit:             # a tap: its press comes now
                        h[0] &= ~bit
                        q.append(event(PRESS, bit))
                    h[1] &= ~bit
                    q.append(event(RELEASE, bit))
                    if self._repeat_button == bit:
                        self._repeat_button = 0
            bit <<= 1

    def _repeat(self, now):
        bit = self._repeat_button
        if bit and (self.held & bit) and time.ticks_diff(now, self._repeat_at) >= 0:
            self.queue.append(event(REPEAT, bit))
            self._repeat_at = time.ticks_add(now, self.repeat_ms)

    def _update_four(self, now):
        raw = self._stable
        new = raw & A
        if raw & B:
            if not self._b_pressed:
                self._b_pressed = True
                self._b_down_at = now
                self._b_used = False
            if raw & X:
                new |= LEFT
                self._b_used = True
            elif raw & Y:
                new |= RIGHT
                self._b_used = True
            elif self._menu_held or (
                not self._b_used and time.ticks_diff(now, self._b_down_at) >= self.long_ms
            ):
                new |= MENU
                self._b_used = True
                self._menu_held = True
        else:
            self._menu_held = False
            if raw & X:
                new |= UP
            if raw & Y:
                new |= DOWN
            if self._b_pressed and not self._b_used:
                # A short B alone: its press and release are reported together.
                self._set_held(new | B, now)
            self._b_pressed = False
        h = self._hold
        if raw & (X | Y | B) == X | Y:
            # The sleep gesture: X and Y together (no repeat meanwhile), HOLD of MENU once.
            self._repeat_button = 0
            if h[3] == -1:
                h[3] = now
            elif h[3] >= 0 and time.ticks_diff(now, h[3]) >= _SLEEP_MS:
                h[3] = -2                       # given: not again until they are let go
                self.queue.append(event(HOLD, MENU))
        else:
            h[3] = -1
        self._set_held(new, now)

    def pop(self):
        """Next queued event, or 0."""
        if self.queue:
            return self.queue.pop(0)
        return 0

