"""Short sounds: tunes queued and stepped by the app loop, never waited for.

`core.app.App.sound(name)` is the one way to play (a no-op while the "sound" setting is
off); it imports this module the first time a sound plays, so boot never pays for it. The
player asks the platform for one thing, `platform.tone(hz, volume, ms)`: a square wave of
`hz` at `volume` percent that stops by itself after `ms` (or at the next call), `tone(0, 0,
0)` for silence (device: PWM on the board's buzzer pin and a one-shot timer; simulator:
pygame's mixer, sim/sound.py). A platform without `tone`
(no buzzer on the board, the headless test platform) plays nothing and queues nothing.

A tune is a flat tuple of (hz, ms) pairs (hz 0: a rest). `Player(name, volume)` appends its
notes to the queue; `step(now)`, once a frame, starts the next note when the one playing has
run its time. Nothing ever sleeps: a note stops after its `ms` on its own (so a long frame,
a game being imported, never stretches it into a drone), and the next one starts at the
first frame after that (the app runs a frame every 33 ms, so notes are 30 ms or longer).
Every note queued is played, in order: nothing is dropped, whatever the rate of requests
(the queue is a list of small tuples; the fastest source, a held cursor key, repeats every
90 ms, slower than its 30 ms click).
"""

import time

# The tunes, by name. Games call app.sound(NAME) with one of these.
TUNES = {
    "cursor": (1760, 30),                                   # a cursor moved
    "select": (1320, 30, 1760, 40),                         # A on a row / a choice made
    "back": (880, 30, 660, 40),                             # B: back, closed
    "error": (220, 90),                                     # that cannot be done
    "flip": (2640, 30, 1980, 30),                           # a card turned over
    "capture": (1320, 40, 1760, 40, 2640, 60),              # a capture / a pair / a trick won
    "round": (1568, 60, 1175, 60, 1568, 60, 0, 30, 2093, 120),  # a round is over
    "turn": (990, 60, 0, 30, 1320, 60),                     # your turn
    "win": (1047, 90, 1319, 90, 1568, 90, 2093, 200),       # you win (C6 E6 G6 C7)
    "lose": (784, 120, 659, 120, 523, 120, 392, 260),       # you lose (G5 E5 C5 G4)
}


class Player:
    """The queue of notes and the one playing. `out(hz, volume, ms)` is the platform's
    tone (None: nothing is played or queued); `settings` the app's (the "sound" and
    "sound_volume" keys are read at every request)."""

    def __init__(self, out, settings=None):
        self.out = out
        self.settings = settings if settings is not None else {"sound": True}
        self.queue = []       # (hz, ms, volume) still to play, oldest first
        self.end = None       # ticks when the note playing ends (None: silent)

    def __call__(self, name, volume=0):
        """Queue tune `name` (an unknown name plays nothing) at `volume` percent (0: the
        sound_volume setting). While the sound setting is off, or for name None, stop
        everything at once and queue nothing."""
        s = self.settings
        if name is None or not s.get("sound"):
            self.queue = []
            if self.end is not None:
                self.end = None
                self.out(0, 0, 0)
            return
        notes = TUNES.get(name)
        if notes is None or self.out is None:
            return
        if volume <= 0:
            volume = s.get("sound_volume", 40)
        q = self.queue
        for i in range(0, len(notes), 2):
            q.append((notes[i], notes[i + 1], volume))

    def busy(self):
        """True while a note plays or waits."""
        return self.end is not None or len(self.queue) > 0

    def step(self, now):
        """Start the next note when the one playing is over; silence when none is left."""
        end = self.end
        if end is not None and time.ticks_diff(end, now) > 0:
            return
        q = self.queue
        if q:
            hz, ms, volume = q.pop(0)
            self.end = time.ticks_add(now, ms)  # type: ignore[attr-defined]
            self.out(hz, volume if hz else 0, ms)
        elif end is not None:
            self.end = None
            self.out(0, 0, 0)


def start(app):
    """The player for `app`: its platform's `tone` (or nothing when it has none), its
    settings."""
    return Player(getattr(app.platform, "tone", None), app.settings)
