"""The simulator's buzzer: the platform's `tone(hz, volume, ms)` through pygame's mixer.

core.sound steps the same tunes on every platform and asks only for `tone`; here each note is
a square wave (what a piezo on PWM plays) looped for `ms` (pygame's `maxtime`), so a long
frame never stretches it, exactly as the device's one-shot timer. The mixer is opened the
first time a note plays; when it cannot be (no audio device) the buzzer stays silent, with
no error. Under SDL's dummy audio driver (the headless runs) it opens and plays silence.

`Buzzer(mixer=...)` takes any object with pygame.mixer's `init`, `get_init` and `Sound`
(tests pass a fake that records the calls).
"""

from __future__ import annotations

from array import array

PEAK = 12000          # amplitude at 100 % volume (of 32767): a buzzer, not a siren


class Buzzer:
    def __init__(self, mixer=None):
        self._mixer = mixer       # None: pygame.mixer, imported on the first note
        self._state = None        # None: not opened yet; False: unavailable; else (rate, ch)
        self._cache: dict = {}    # (hz, volume) -> Sound (one period, looped)
        self.playing = None       # the Sound playing now
        self.notes: list = []     # (hz, volume, ms) of every note asked for (for tests)

    def _open(self):
        if self._state is None:
            try:
                mixer = self._mixer
                if mixer is None:
                    import pygame

                    mixer = self._mixer = pygame.mixer
                if not mixer.get_init():
                    mixer.init(frequency=22050, size=-16, channels=1)
                rate, _size, channels = mixer.get_init()
                self._state = (rate, channels)
            except Exception:  # noqa: BLE001 - no audio device: the buzzer is silent
                self._state = False
        return self._state

    def _sound(self, hz, volume):
        key = (hz, volume)
        snd = self._cache.get(key)
        if snd is None:
            rate, channels = self._state  # type: ignore[misc]
            period = max(2, int(rate // hz))
            amp = PEAK * volume // 100
            half = period // 2
            wave = array("h", [amp] * half + [-amp] * (period - half))
            if channels > 1:
                wave = array("h", [v for v in wave for _ in range(channels)])
            snd = self._mixer.Sound(buffer=wave.tobytes())
            if len(self._cache) > 64:
                self._cache.clear()
            self._cache[key] = snd
        return snd

    def __call__(self, hz, volume, ms=0):
        self.notes.append((hz, volume, ms))
        if self.playing is not None:
            self.playing.stop()
            self.playing = None
        if hz <= 0 or volume <= 0 or not self._open():
            return
        try:
            snd = self._sound(int(hz), int(volume))
            snd.play(loops=-1, maxtime=int(ms) if ms > 0 else 0)
            self.playing = snd
        except Exception:  # noqa: BLE001 - a mixer that refuses a sound: silence, not a crash
            self.playing = None
