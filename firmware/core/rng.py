# Seedable PRNG that gives the same stream on CPython and MicroPython.
#
# xorshift32 (Marsaglia: shifts 13, 17, 5). The 32-bit state is kept as two 16-bit halves so
# every intermediate value stays below 2**30: on the Pico, ints from 2**30 up are heap-allocated
# "long" ints, so working on halves keeps `randbelow`, `random` and `shuffle` free of
# allocations. `next32()` and `getstate()` still return the full 32-bit value (a long int on
# the Pico when large; that is correct, just not free).
#
# The seed is scrambled with the murmur3 finaliser before use, so neighbouring seeds (1, 2, 3,
# as the simulator's --seed gives) do not start with related outputs. The finaliser maps only
# 0 to 0, and a zero state would stick at zero, so seed 0 gets a fixed nonzero state instead.

import os

try:
    from micropython import const  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython without sim/stubs on the path

    def const(x):
        return x


_MASK32 = const(0xFFFFFFFF)
_ZERO_SEED_STATE = const(0x6D2B79F5)  # any nonzero constant; used for seed 0


def mix32(x):
    """murmur3 fmix32: a bijection on 32-bit ints that spreads every input bit over the
    output. Used for seeding and `fork`, never in the hot path (it makes long ints)."""
    x &= _MASK32
    x ^= x >> 16
    x = (x * 0x85EBCA6B) & _MASK32
    x ^= x >> 13
    x = (x * 0xC2B2AE35) & _MASK32
    x ^= x >> 16
    return x


def seed_from_urandom():
    """A fresh 32-bit seed from the OS (hardware ROSC on the Pico)."""
    try:
        return int.from_bytes(os.urandom(4), "big")
    except (AttributeError, NotImplementedError, OSError):
        # A port without urandom: the clock is a weak but usable fallback.
        import time

        tick = getattr(time, "ticks_us", None)
        return (tick() if tick else int(time.time() * 1000000)) & _MASK32


class Rng:
    """xorshift32 generator. Identical streams on CPython and MicroPython for the same seed.

    Rng(seed) with any int seed (only its low 32 bits count); Rng() seeds from os.urandom.
    """

    def __init__(self, seed=None):
        if seed is None:
            seed = seed_from_urandom()
        self.setstate(mix32(seed))

    # -- state -------------------------------------------------------------------------

    def getstate(self):
        """The whole state as one int (nonzero, < 2**32)."""
        return (self._hi << 16) | self._lo

    def setstate(self, state):
        """Restore a state from getstate(); 0 (invalid for xorshift) becomes a fixed state."""
        state &= _MASK32
        if state == 0:
            state = _ZERO_SEED_STATE
        self._hi = state >> 16
        self._lo = state & 0xFFFF

    def fork(self):
        """A new generator derived from this one (advances this one by one step).

        The child's state is the next output scrambled by mix32, so its stream is not just this
        stream shifted by one (as it would be if the raw output were used)."""
        return Rng(self.next32())

    # -- core step -----------------------------------------------------------------------

    def _step(self):
        # x ^= x << 13; x ^= x >> 17; x ^= x << 5 -- on 16-bit halves, no value >= 2**30.
        hi = self._hi
        lo = self._lo
        hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF
        lo ^= (lo << 13) & 0xFFFF
        lo ^= hi >> 1
        hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF
        lo ^= (lo << 5) & 0xFFFF
        self._hi = hi
        self._lo = lo

    def next32(self):
        """Next raw 32-bit output (0 < value < 2**32)."""
        self._step()
        return (self._hi << 16) | self._lo

    # -- derived draws -------------------------------------------------------------------

    def randbelow(self, n):
        """Uniform int in [0, n), 1 <= n <= 2**32. Takes the top k bits of each output, where
        k is the bit length of n - 1, and rejects values >= n (no modulo bias; fewer than two
        draws on average). n == 1 returns 0 without consuming a draw."""
        if n <= 0 or n > 0x100000000:
            raise ValueError("randbelow: n out of range")
        m = n - 1
        k = 0
        while m:
            m >>= 1
            k += 1
        if k == 0:
            return 0
        while True:
            self._step()
            if k <= 16:
                r = self._hi >> (16 - k)
            elif k <= 30:
                r = (self._hi << (k - 16)) | (self._lo >> (32 - k))
            else:
                r = ((self._hi << 16) | self._lo) >> (32 - k)
            if r < n:
                return r

    def randint(self, a, b):
        """Uniform int in [a, b], both ends included."""
        if b < a:
            raise ValueError("randint: empty range")
        return a + self.randbelow(b - a + 1)

    def random(self):
        """Float in [0, 1) from the top 24 bits: exact in single precision, so the Pico's floats
        and CPython's doubles hold the same value."""
        self._step()
        return ((self._hi << 8) | (self._lo >> 8)) / 16777216.0

    def choice(self, seq):
        """A uniformly chosen element of a non-empty sequence."""
        n = len(seq)
        if n == 0:
            raise IndexError("choice from empty sequence")
        return seq[self.randbelow(n)]

    def shuffle(self, x):
        """Shuffle a list or bytearray in place (Fisher-Yates, swapping from the end)."""
        i = len(x) - 1
        while i > 0:
            j = self.randbelow(i + 1)
            x[i], x[j] = x[j], x[i]
            i -= 1
