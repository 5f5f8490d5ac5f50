# pyright: reportAttributeAccessIssue=false
# Shadow Lock: the action kinds and the State's information half (rules.State inherits Info;
# names for logs, what a seat may see, clones and the card-place check are in world.py,
# loaded on demand). Runs on CPython and MicroPython.

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
    """Names, the unseen cards and (loaded on demand) observation, sampling, clone and check
    of rules.State."""

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

    # Used by tests, tools, logs and the contract, not in play: their code
    # (games.shadowlock.world) is loaded only when one is called, so a game on the device
    # never holds it.
    def observation(self, seat):
        """What `seat` may see (world.observation)."""
        from games.shadowlock import world

        return world.observation(self, seat)

    def sample_hidden(self, seat, rng):
        """A full state agreeing with all `seat` knows (world.sample_hidden)."""
        from games.shadowlock import world

        return world.sample_hidden(self, seat, rng)

    def clone(self):
        from games.shadowlock import world

        return world.clone(self)

    def check(self):
        """Raise AssertionError unless every card is in exactly one place (world.check)."""
        from games.shadowlock import world

        world.check(self)

    def action_str(self, act):
        """The action as a word or two, for logs and errors (world.action_str)."""
        from games.shadowlock import world

        return world.action_str(self, act)
