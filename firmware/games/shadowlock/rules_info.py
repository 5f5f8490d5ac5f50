# pyright: reportAttributeAccessIssue=false
# Shadow Lock: the action kinds and the State's information half (rules.State inherits Info;
# names for logs, what a seat may see, clones and the card-place check are in world.py,
# loaded on demand by rules.State's methods: this module imports none of the game's, so
# world.py, action_cards.py and rules.py all sit above it). Runs on CPython and MicroPython.

from micropython import const

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


class Info:
    """The unseen cards of rules.State (its observation, sampling, clone and check are
    rules.State's, in world.py)."""

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
