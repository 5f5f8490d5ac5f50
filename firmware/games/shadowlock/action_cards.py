# pyright: reportAttributeAccessIssue=false
# Shadow Lock: the six action cards (Joker, Double, Skip, Flip, Swipe, Quantum): which ones a
# seat may play now, what playing one does, and the Quantum keep. The rules.State's action
# half (State inherits Actions); the turn, the draw and the rounds are in rules.py.
# Runs on CPython and MicroPython.

from micropython import const

from games.shadowlock import cards
from games.shadowlock.rules_info import (
    DOUBLE,
    FLIP,
    JOKER,
    PLAY_KIND,
    QUANTUM,
    SKIP,
    SWIPE,
    Info,
)
from kit import piles
from kit.actions import encode

# as in rules.py (private: inlined, no module globals)
_K_ACTION = const(3)
_A_DOUBLE = const(1)
_A_SKIP = const(2)
_A_FLIP = const(3)
_A_SWIPE = const(4)
_A_QUANTUM = const(5)
_P_QUANTUM = const(2)
_P_SKIPPED = const(4)


class Actions(Info):
    """The action cards of rules.State."""

    def card_in_reserve(self, seat, act):
        for c in self.reserve[seat]:
            if cards.ACTION[c] == act:
                return c
        return -1

    def _plays(self, seat, out, only_flip):
        """The action cards `seat` may play now, appended to `out`."""
        have = 0
        for c in self.reserve[seat]:
            have |= 1 << cards.ACTION[c]
        if not have:
            return
        look = self.look[seat]
        if have & (1 << _A_FLIP):
            pa = self.piles[0]
            pb = self.piles[1]
            if (pa and look[0] < 0) or (pb and look[1] < 0):
                out.append(encode(FLIP))
        if only_flip:
            return
        n = self.num_players
        if have & (1 << _A_DOUBLE):
            for t in range(n):
                if not self.locked[t] and not self.dbl[t]:
                    out.append(encode(DOUBLE, t))
        if have & (1 << _A_SKIP):
            for t in range(n):
                if t != seat and not self.locked[t] and not self.skp[t]:
                    out.append(encode(SKIP, t))
        if have & (1 << _A_SWIPE):
            nxt = (seat + 1) % n
            prv = (seat - 1) % n
            for t in (nxt, prv):
                if t != seat and not self.locked[t] and (self.coll[seat] or self.coll[t]):
                    a = encode(SWIPE, t)
                    if a not in out:
                        out.append(a)
        if have & (1 << _A_QUANTUM) and self.phase != _P_SKIPPED:
            for p in range(2):
                if self.piles[p]:
                    out.append(encode(QUANTUM, p))

    def _play(self, seat, k, arg):
        act = PLAY_KIND.index(k)
        card = self.card_in_reserve(seat, act)
        self.reserve[seat].remove(card)
        self.discard.append(card)
        self.played = 1
        self.events.append(("play", seat, act, arg))
        if k == JOKER:
            self.discard.append(self.shadow)
            self.shadow = -1
            self._forced(seat)
        elif k == FLIP:
            for p in range(2):
                self.look[seat][p] = self.piles[p][-1] if self.piles[p] else -1
            # phase unchanged: the turn (or the forced draw) goes on
        elif k == DOUBLE:
            self.dbl[arg] = 1
            self._end_turn()
        elif k == SKIP:
            self.skp[arg] = 1
            self._end_turn()
        elif k == SWIPE:
            self.coll[seat], self.coll[arg] = self.coll[arg], self.coll[seat]
            self._end_turn()
        elif k == QUANTUM:
            pile = self.piles[arg]
            self.reveal = piles.draw_n(pile, 3)
            self._forget(arg)
            self.events.append(("reveal", seat, arg, list(self.reveal)))
            self.phase = _P_QUANTUM

    def _forget(self, p):
        for lk in self.look:
            lk[p] = -1

    def _quantum_keep(self, seat, card):
        for c in self.reveal:
            if c == card:
                if cards.KIND[c] == _K_ACTION:
                    self.reserve[seat].append(c)
                else:
                    self.coll[seat].append(c)
            else:
                self.discard.append(c)
        self.events.append(("quantum_keep", seat, card))
        self.reveal = []
        self._end_turn()
