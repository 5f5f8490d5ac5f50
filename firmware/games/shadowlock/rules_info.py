# pyright: reportAttributeAccessIssue=false
# Shadow Lock: the action kinds, names, and the State's information half (rules.State inherits
# Info; what a seat may see, clones and the card-place check are in world.py, loaded on
# demand). Runs on CPython and MicroPython.

from micropython import const

from games.shadowlock import cards

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

    # Used by tests, tools and the contract, not in play: their code (games.shadowlock.world)
    # is loaded only when one is called, so a game on the device never holds it.
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
