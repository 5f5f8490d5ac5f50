# pyright: reportAttributeAccessIssue=false
# Shadow Lock: what a seat may see, clones, names and the card-place check (the State's
# information half; rules.State inherits it) and the action kinds. Runs on CPython and
# MicroPython.

from micropython import const

from core.rng import Rng
from games.shadowlock import cards
from kit import piles

COUNT = const(72)
K_ACTION = const(3)
BOXES = const(10)
K_NUMBER = const(0)
MODES = ("classic", "discovery")

# action kinds
LOCK = const(1)
DRAW = const(2)
STOP = const(3)
JOKER = const(4)
DOUBLE = const(5)
SKIP = const(6)
FLIP = const(7)
SWIPE = const(8)
QUANTUM = const(9)
SH_DISCARD = const(10)
SH_KEEP = const(11)
QKEEP = const(12)
QNONE = const(13)
PASS = const(14)
VALIDATE = const(15)
DECLINE = const(16)
NUM_ACTIONS = const(17 << 8)   # every action is below this
PLAY_KIND = (JOKER, DOUBLE, SKIP, FLIP, SWIPE, QUANTUM)   # by cards.ACTION index


KIND_NAMES = ("", "lock", "draw", "stop", "joker", "double", "skip", "flip", "swipe",
              "quantum", "discard shadow", "keep shadow", "keep", "keep none", "pass",
              "validate", "decline")
BOX_NAMES = ("pair", "two pairs", "three of a kind", "four of a kind", "flush",
             "full colour", "small run", "long run", "rainbow run", "collector")
FAMILY_NAMES = ("value", "colour", "run", "bonus")
COLOUR_LETTERS = "RBYG"


def card_str(card):
    k = cards.KIND[card]
    if k == K_NUMBER:
        return "%d%s" % (cards.VALUE[card], COLOUR_LETTERS[cards.COLOUR[card]])
    if k == K_ACTION:
        return cards.ACTION_NAMES[cards.ACTION[card]]
    return cards.KIND_NAMES[k].capitalize()


class Info:
    """Observation, sampling, clone, names and check of rules.State."""

    def observation(self, seat):
        """What `seat` may see: everything but the order of the piles and the other seats'
        Flip looks (their own looks are `look`: the top card of each pile, or -1)."""
        return {
            "seat": seat,
            "pile_sizes": [len(self.piles[0]), len(self.piles[1])],
            "look": list(self.look[seat]),
            "others_looked": [s for s in range(self.num_players) if s != seat
                              and (self.look[s][0] >= 0 or self.look[s][1] >= 0)],
            "discard": list(self.discard),
            "coll": [list(c) for c in self.coll],
            "locked": list(self.locked),
            "reserve": [list(r) for r in self.reserve],
            "boxes": [list(b) for b in self.boxes],
            "totals": list(self.totals),
            "current_player": self.current_player,
            "phase": self.phase,
            "drawn": self.drawn,
            "nums": list(self.nums),
            "owed": self.owed,
            "start": self.start,
            "dbl": list(self.dbl),
            "skp": list(self.skp),
            "shadow": self.shadow,
            "reveal": list(self.reveal),
            "round": self.round_no,
            "rounds": self.rounds,
            "turn": self.turn_no,
            "mode": MODES[self.mode],
            "val_family": self.val_family,
            "val_jokers": self.val_jokers,
        }

    def unseen(self, seat):
        """The cards in the piles that `seat` has not seen there (sorted)."""
        look = self.look[seat]
        out = []
        for p in range(2):
            pile = self.piles[p]
            top = len(pile) - 1
            for i in range(len(pile)):
                if i == top and look[p] >= 0:
                    continue
                out.append(pile[i])
        out.sort()
        return out

    def sample_hidden(self, seat, rng):
        """A full state that agrees with all `seat` knows: the pile cards it has not seen are
        dealt again at random over the places they occupy (a top it saw with a Flip stays);
        the other seats' looks follow the new tops; future shuffles get a fresh seed."""
        world = self.clone()
        cards_ = self.unseen(seat)
        rng.shuffle(cards_)
        look = self.look[seat]
        k = 0
        for p in range(2):
            pile = world.piles[p]
            top = len(pile) - 1
            for i in range(len(pile)):
                if i == top and look[p] >= 0:
                    continue
                pile[i] = cards_[k]
                k += 1
        for s in range(self.num_players):
            for p in range(2):
                if world.look[s][p] >= 0:
                    world.look[s][p] = world.piles[p][-1]
        world.rng = Rng(rng.next32())
        return world

    def clone(self):
        s = self.__class__(self.num_players)  # pyright: ignore[reportCallIssue]
        s.mode = self.mode
        s.rounds = self.rounds
        s.piles = [list(self.piles[0]), list(self.piles[1])]
        s.discard = list(self.discard)
        s.coll = [list(c) for c in self.coll]
        s.locked = bytearray(self.locked)
        s.reserve = [list(r) for r in self.reserve]
        s.boxes = [bytearray(b) for b in self.boxes]
        s.totals = list(self.totals)
        s.round_no = self.round_no
        s.turn_no = self.turn_no
        s.starter = self.starter
        s.current_player = self.current_player
        s.phase = self.phase
        s.drawn = self.drawn
        s.nums = list(self.nums)
        s.played = self.played
        s.owed = self.owed
        s.start = self.start
        s.dbl = bytearray(self.dbl)
        s.skp = bytearray(self.skp)
        s.look = [list(lk) for lk in self.look]
        s.shadow = self.shadow
        s.reveal = list(self.reveal)
        s.val_seat = self.val_seat
        s.val_family = self.val_family
        s.val_jokers = self.val_jokers
        s.round_points = list(self.round_points)
        s.history = [list(h) for h in self.history]
        s.end_reason = self.end_reason
        s.events = list(self.events)
        s.rng = Rng(1)
        s.rng.setstate(self.rng.getstate())
        return s

    def action_str(self, act):
        k = act >> 8
        arg = act & 0xFF
        if k == DRAW or k == QUANTUM:
            return "%s %s" % (KIND_NAMES[k], "AB"[arg & 1])
        if k == DOUBLE or k == SKIP or k == SWIPE:
            return "%s P%d" % (KIND_NAMES[k], arg + 1)
        if k == QKEEP:
            return "keep " + card_str(arg) if arg < COUNT else "keep ?"
        if k == VALIDATE:
            return "validate %s%s" % (BOX_NAMES[(arg >> 1) % BOXES],
                                      " (joker)" if arg & 1 else "")
        if k == DECLINE:
            return "decline " + FAMILY_NAMES[arg & 3]
        if 0 < k < len(KIND_NAMES):
            return KIND_NAMES[k]
        return "?%d" % act

    def check(self):
        """Raise AssertionError unless every one of the 72 cards is in exactly one place."""
        holders = [self.piles[0], self.piles[1], self.discard, self.reveal]
        holders.extend(self.coll)
        holders.extend(self.reserve)
        if self.shadow >= 0:
            holders.append((self.shadow,))
        piles.check_places(COUNT, *holders)
        for s in range(self.num_players):
            for c in self.reserve[s]:
                if cards.KIND[c] != K_ACTION:
                    raise AssertionError("%s in a reserve" % card_str(c))
            for c in self.coll[s]:
                if cards.KIND[c] == K_ACTION:
                    raise AssertionError("%s in a pile" % card_str(c))
