# Shadow Lock AI, its model of the game (games.shadowlock.ai is its policy): the worth of a pile
# toward the seat's open boxes, and the card count. Runs on CPython and MicroPython.
#
# It reads what the seat may see only (ai._Obs): every card seen leave the piles (all piles of
# the round, reserves, the discard, the Quantum reveals are public) and its own Flip looks; the
# cards still in the two piles are therefore known as a multiset, never in order. From that
# multiset it computes, exactly, the chance that the next card from a pile ends its turn (a
# value repeat, a third colour, a Shadow) and the expected change in what its pile is worth.
#
# The worth of a pile (`Brain.worth`): the points of the best validation plan it would make now
# toward the seat's open boxes (objectives.plan_value), plus a "potential" for open boxes it is
# getting closer to, scaled by how much of the round is left.
#
# Memory: one decision allocates no list or dict that grows with the cards: the unseen cards,
# the seen flags and the per-card gains live in module buffers that every Brain reuses (a
# growing dict or list needs a contiguous block, which a fragmented heap on the Pico may not
# have). One Brain at a time: a new one overwrites the last one's buffers.

from array import array

from micropython import const

from games.shadowlock import cards
from games.shadowlock.objectives import BASES, plan_value
from games.shadowlock.rules import MAX_TURNS
from games.shadowlock.rules_info import DRAW

COUNT = const(72)
K_NUMBER = const(0)
K_RAINBOW = const(1)
K_SHADOW = const(2)
_KIND = cards.KIND
_VALUE = cards.VALUE
_COLOUR = cards.COLOUR
_ACTION = cards.ACTION

# The judgement's weights (the levels differ by how often they slip: games.shadowlock.ai)
DRAW_MARGIN = 0.15        # a draw must add this much worth to the pile on average
POTENTIAL_WEIGHT = 0.6    # the potential's share of a pile's worth (at the round's start)
ACTION_WEIGHT = 2.5       # an action card in reserve, times ACTION_WORTH
CARDS_PER_TURN = 2.0
SAFE_TURNS = 2
HIGH_LOCK = 75
ACTION_WORTH = (1.0, 2.0, 2.0, 1.5, 2.5, 2.5)   # a card in reserve, by action


def _enc(kind, arg=0):
    return (kind << 8) | arg


class Pile:
    """A pile as the scoring sees it: colour masks per value, jokers, cards."""

    def __init__(self, ids=None):
        self.masks = bytearray(13)
        self.jokers = 0
        self.size = 0
        if ids:
            for c in ids:
                self.add(c)

    def add(self, c):
        k = _KIND[c]
        if k == K_NUMBER:
            self.masks[_VALUE[c]] |= 1 << _COLOUR[c]
            self.size += 1
        elif k == K_RAINBOW or k == K_SHADOW:
            self.jokers += 1
            self.size += 1



_SCRATCH = Pile()
_POP = b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"


def potential(p, boxes):
    """Progress toward open boxes the pile does not meet yet, in 1/3600 points (before scaling):
    each term is (base + 7 or 8) * (have / need)^2 and 3600 / need^2 is whole for every need
    (2, 3, 4, 5, 6, 10), so the sum is an exact int (ints only: no float per term)."""
    masks = p.masks
    j = 1 if p.jokers else 0
    best_n = 0
    pairs = 0
    singles = 0
    vm = 0
    c0 = c1 = c2 = c3 = 0
    for v in range(1, 13):
        m = masks[v]
        if not m:
            continue
        vm |= 1 << v
        k = _POP[m]
        if k > best_n:
            best_n = k
        if k >= 2:
            pairs += 1
        else:
            singles += 1
        if m & 1:
            c0 += 1
        if m & 2:
            c1 += 1
        if m & 4:
            c2 += 1
        if m & 8:
            c3 += 1
    col = max(c0, c1, c2, c3)
    # Per family the most promising open box not met yet (one box a family counts a round).
    fam = 0
    for box, need in ((0, 2), (2, 3), (3, 4)):
        if not boxes[box]:
            have = best_n + j
            if have < need:
                v = (BASES[box] + 7) * have * have * (3600 // (need * need))
                if v > fam:
                    fam = v
    if not boxes[1]:
        have = 2 * (pairs if pairs < 2 else 2) + (1 if singles and pairs < 2 else 0) + j
        if have < 4:
            v = (BASES[1] + 7) * have * have * 225
            if v > fam:
                fam = v
    total = fam
    fam = 0
    for box, need in ((4, 5), (5, 6)):
        if not boxes[box] and col + j < need:
            v = (BASES[box] + 8) * (col + j) * (col + j) * (3600 // (need * need))
            if v > fam:
                fam = v
    total += fam
    fam = 0
    for box, length in ((6, 3), (7, 5), (8, 4)):
        if boxes[box]:
            continue
        full = (1 << length) - 1
        best = 0
        for low in range(1, 14 - length):
            k = _POP5[(vm >> low) & full]
            if k > best:
                best = k
        have = best + j
        if have < length:
            v = (BASES[box] + 7) * have * have * (3600 // (length * length))
            if v > fam:
                fam = v
    total += fam
    if not boxes[9] and p.size < 10:
        total += 10 * p.size * p.size * 36
    return total


_POP5 = bytes([(n & 1) + (n >> 1 & 1) + (n >> 2 & 1) + (n >> 3 & 1) + (n >> 4 & 1)
               for n in range(32)])


# One Brain's scratch (see Memory above): seen flags and unseen cards by card, the memo of
# gain() by key (a number's id, 48 + kind for a Rainbow or Shadow).
_MEMO_SIZE = const(51)
_ZEROS = bytes(COUNT)
_SEEN = bytearray(COUNT)
_UNKNOWN = bytearray(COUNT)
_MEMO = array("d", bytes(8 * _MEMO_SIZE))    # unboxed: no float kept alive between decisions
_MEMO_SET = bytearray(_MEMO_SIZE)
_GAINS = [-1.0] * COUNT       # quantum_value's gains, sorted in place
_ONE: list = [None]           # brain()'s Brain


def brain(obs):
    """The Brain for this decision: one object, set afresh each time (its attributes keep
    their places: no attribute table grows on a fragmented heap mid-game)."""
    b = _ONE[0]
    if b is None:
        b = _ONE[0] = Brain(obs)
    else:
        Brain.__init__(b, obs)
    return b


class Brain:
    def __init__(self, obs):
        self.obs = obs
        self.seat = obs["seat"]
        self.boxes = obs["boxes"][self.seat]
        seen = _SEEN
        seen[:] = _ZEROS
        for c in obs["discard"]:
            seen[c] = 1
        for h in obs["coll"]:
            for c in h:
                seen[c] = 1
        for h in obs["reserve"]:
            for c in h:
                seen[c] = 1
        for c in obs["reveal"]:
            seen[c] = 1
        if obs["shadow"] >= 0:
            seen[obs["shadow"]] = 1
        for c in obs["look"]:
            if c >= 0:
                seen[c] = 1
        unk = _UNKNOWN
        n = 0
        for c in range(COUNT):
            if not seen[c]:
                unk[n] = c
                n += 1
        self.unknown = unk[:n]      # the unseen cards, in id order (a small bytearray)
        sizes = obs["pile_sizes"]
        self.left = sizes[0] + sizes[1]
        # the share of the round still ahead, for the potential
        active = 0
        for s in range(len(obs["locked"])):
            if not obs["locked"][s]:
                active += 1
        self.active = active if active else 1
        turns = MAX_TURNS - obs["turn"]
        rest = self.left / 40.0
        if turns < 20:
            rest = min(rest, turns / 20.0)
        self.rest = rest if rest < 1.0 else 1.0
        self.pot_k = POTENTIAL_WEIGHT * self.rest / 3600.0     # potential() is in 1/3600 points
        self.mine = Pile(obs["coll"][self.seat])
        _MEMO_SET[:] = _ZEROS[:_MEMO_SIZE]

    # -- worth ------------------------------------------------------------------------------
    def worth(self, p, boxes=None):
        b = self.boxes if boxes is None else boxes
        return plan_value(p.masks, p.jokers, p.size, b) + self.pot_k * potential(p, b)

    def gain(self, c, base_worth):
        """Change in worth of my pile if card c joins it (actions: a reserve card)."""
        k = _KIND[c]
        if k == 3:
            return ACTION_WEIGHT * ACTION_WORTH[_ACTION[c]]
        key = c if k == K_NUMBER else 48 + k
        if _MEMO_SET[key]:
            return _MEMO[key]
        # the pile with c, in a scratch pile: no allocation per evaluation
        sc = _SCRATCH
        mine = self.mine
        sc.masks[:] = mine.masks
        sc.jokers = mine.jokers
        sc.size = mine.size
        sc.add(c)
        g = self.worth(sc) - base_worth
        _MEMO[key] = g
        _MEMO_SET[key] = 1
        return g

    # -- the next card --------------------------------------------------------------------
    def draw_value(self, p, base, nums, has_joker, depth):
        """Expected change of worth of drawing from pile p now (a bust loses base)."""
        look = self.obs["look"][p]
        if look >= 0:
            return self.outcome(look, base, nums, has_joker, depth)
        cands = self.unknown
        if not cands:
            return -1.0
        tot = 0.0
        for c in cands:
            tot += self.outcome(c, base, nums, has_joker, depth)
        return tot / len(cands)

    def outcome(self, c, base, nums, has_joker, depth):
        k = _KIND[c]
        if k == K_NUMBER:
            if nums:
                last = nums[-1]
                if _VALUE[last] == _VALUE[c]:
                    return -base
                if len(nums) >= 2 and _COLOUR[nums[-2]] == _COLOUR[c] and \
                        _COLOUR[last] == _COLOUR[c]:
                    return -base
            return self.gain(c, base)
        if k == K_RAINBOW:
            g = self.gain(c, base)
            if depth:
                # forced draw: the same risks with the Rainbow in (approximate: no memo)
                return g + 0.5 * min(0.0, -0.12 * (base + g))
            return g - 0.04 * base
        if k == K_SHADOW:
            return 0.0        # discard it, keep the pile; the turn ends
        return ACTION_WEIGHT * ACTION_WORTH[_ACTION[c]]

    def bust_chance(self, p, nums):
        look = self.obs["look"][p]
        cands = [look] if look >= 0 else self.unknown
        if not cands or not nums:
            return 0.0
        bad = 0
        last = nums[-1]
        two = len(nums) >= 2 and _COLOUR[nums[-2]] == _COLOUR[last]
        for c in cands:
            if _KIND[c] == K_NUMBER and (_VALUE[c] == _VALUE[last] or
                                        (two and _COLOUR[c] == _COLOUR[last])):
                bad += 1
        return bad / len(cands)

    def best_draw(self, legal, base, nums):
        best = None
        best_v = -1e9
        has_joker = False
        shared = None       # both piles unseen: the same odds, counted once
        for p in (0, 1):
            a = _enc(DRAW, p)
            if a in legal:
                if self.obs["look"][p] < 0:
                    if shared is None:
                        shared = self.draw_value(p, base, nums, has_joker, 1)
                    v = shared
                else:
                    v = self.draw_value(p, base, nums, has_joker, 1)
                if v > best_v:
                    best_v = v
                    best = a
        return best, best_v

    def quantum_value(self, base):
        """Expected gain of keeping the best of three unseen cards (0 when all would hurt)."""
        gains = _GAINS          # module scratch, -1.0 where unused (below every gain)
        n = 0
        for c in self.unknown:
            if _KIND[c] == K_SHADOW:
                gains[n] = 0.0
            else:
                g = self.gain(c, base)
                gains[n] = g if g > 0.0 else 0.0
            n += 1
        if n == 0:
            return 0.0
        gains.sort()            # in place; the n gains are the last n
        off = COUNT - n
        # E[max of 3 draws] with replacement: sum g_i (F_i^3 - F_{i-1}^3)
        acc = 0.0
        prev = 0.0
        for i in range(n):
            f = (i + 1) / n
            f3 = f * f * f
            acc += gains[off + i] * (f3 - prev)
            prev = f3
        for i in range(COUNT):
            gains[i] = -1.0     # no float kept alive until the next call
        return acc - 1.0
