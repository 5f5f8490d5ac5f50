# Shadow Lock AI (Easy, Normal, Hard). Runs on CPython and MicroPython.
#
# It decides from state.observation(seat) only. What it counts: every card it has seen leave
# the piles (all piles of the round, reserves, the discard, the Quantum reveals are public) and
# its own Flip looks; the cards still in the two piles are therefore known as a multiset, never
# in order. From that multiset it computes, exactly, the chance that the next card from a pile
# ends its turn (a value repeat, a third colour, a Shadow) and the expected change in what its
# pile is worth, and weighs one against the other. The hidden order is never read, so the
# decision cannot change when the unseen cards are reordered (tests/test_shadowlock_ai.py).
#
# The worth of a pile (`worth`): the points of the best validation plan it would make now
# toward the seat's open boxes (objectives.plan_value), plus a "potential" for open boxes it is
# getting closer to, scaled by how much of the round is left.
#
# Levels:
#   easy    draws a random 1-3 cards a turn whatever the risk, from a random pile, locks a pile
#           of a random 5-9 cards, plays a random action card now and then.
#   normal  expected-value draws and stops, locks at a fixed worth, uses Flip before a risky
#           draw and Swipe toward a clearly better pile; Double/Skip/Quantum at stop time.
#   hard    the same with the potential, a forced draw looked one step further, lock timing
#           from the cards and turns left and the Swipes that threaten its pile, Double and
#           Skip on the most dangerous opponent, Joker only where drawing on pays, and
#           validate-or-decline by what the rounds left can still bring.

from micropython import const

from games.shadowlock import cards
from games.shadowlock.objectives import BASES, FAMILY_BOXES, plan_value
from games.shadowlock.rules import (
    A_DOUBLE,
    A_SKIP,
    A_SWIPE,
    ACT,
    DECLINE,
    DOUBLE,
    DRAW,
    FLIP,
    JOKER,
    LOCK,
    MAX_TURNS,
    MODES,
    P_FORCED,
    P_QUANTUM,
    P_SHADOW,
    P_SKIPPED,
    P_VALIDATE,
    PASS,
    QKEEP,
    QNONE,
    QUANTUM,
    SH_DISCARD,
    SH_KEEP,
    SKIP,
    STOP,
    SWIPE,
    VALIDATE,
)

COUNT = const(72)
K_NUMBER = const(0)
K_RAINBOW = const(1)
K_SHADOW = const(2)
_KIND = cards.KIND
_VALUE = cards.VALUE
_COLOUR = cards.COLOUR
_ACTION = cards.ACTION

# Per level: (draw margin, lock worth, potential weight, deep forced draw, action value)
LEVELS = {
    "easy": (0.0, 0, 0.0, False, 0.0),
    "normal": (0.6, 26, 0.35, False, 1.5),
    "hard": (0.15, 34, 0.6, True, 2.5),
}
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

    def plus(self, c):
        p = Pile()
        p.masks = bytearray(self.masks)
        p.jokers = self.jokers
        p.size = self.size
        p.add(c)
        return p


_SCRATCH = Pile()
_POP = b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"


def potential(p, boxes):
    """Progress toward open boxes the pile does not meet yet, in points (before scaling)."""
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
    fam = 0.0
    for box, need in ((0, 2), (2, 3), (3, 4)):
        if not boxes[box]:
            have = best_n + j
            if have < need:
                f = have / need
                v = (BASES[box] + 7) * f * f
                if v > fam:
                    fam = v
    if not boxes[1]:
        have = 2 * (pairs if pairs < 2 else 2) + (1 if singles and pairs < 2 else 0) + j
        if have < 4:
            f = have / 4
            v = (BASES[1] + 7) * f * f
            if v > fam:
                fam = v
    total = fam
    fam = 0.0
    for box, need in ((4, 5), (5, 6)):
        if not boxes[box] and col + j < need:
            f = (col + j) / need
            v = (BASES[box] + 8) * f * f
            if v > fam:
                fam = v
    total += fam
    fam = 0.0
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
            f = have / length
            v = (BASES[box] + 7) * f * f
            if v > fam:
                fam = v
    total += fam
    if not boxes[9] and p.size < 10:
        f = p.size / 10
        total += 10 * f * f
    return total


_POP5 = bytes([(n & 1) + (n >> 1 & 1) + (n >> 2 & 1) + (n >> 3 & 1) + (n >> 4 & 1)
               for n in range(32)])


class Brain:
    def __init__(self, obs, level, rng):
        self.obs = obs
        self.level = level
        self.rng = rng
        self.margin, self.lock_worth, self.pot_w, self.deep, self.act_w = LEVELS[level]
        self.seat = obs["seat"]
        self.boxes = obs["boxes"][self.seat]
        seen = bytearray(COUNT)
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
        self.unknown = [c for c in range(COUNT) if not seen[c]]
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
        self.mine = Pile(obs["coll"][self.seat])
        self.memo = {}

    # -- worth ------------------------------------------------------------------------------
    def worth(self, p, boxes=None):
        b = self.boxes if boxes is None else boxes
        v = plan_value(p.masks, p.jokers, p.size, b)
        if self.pot_w > 0.0:
            v += self.pot_w * self.rest * potential(p, b)
        return v

    def gain(self, c, base_worth):
        """Change in worth of my pile if card c joins it (actions: a reserve card)."""
        k = _KIND[c]
        if k == 3:
            return self.act_w * ACTION_WORTH[_ACTION[c]]
        key = c if k == K_NUMBER else 100 + k
        g = self.memo.get(key)
        if g is None:
            # the pile with c, in a scratch pile: no allocation per evaluation
            sc = _SCRATCH
            mine = self.mine
            sc.masks[:] = mine.masks
            sc.jokers = mine.jokers
            sc.size = mine.size
            sc.add(c)
            g = self.worth(sc) - base_worth
            self.memo[key] = g
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
            if depth and self.deep:
                # forced draw: the same risks with the Rainbow in (approximate: no memo)
                return g + 0.5 * min(0.0, -0.12 * (base + g))
            return g - 0.04 * base
        if k == K_SHADOW:
            return 0.0        # discard it, keep the pile; the turn ends
        return self.act_w * ACTION_WORTH[_ACTION[c]]

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


def _has(obs, seat, act):
    for c in obs["reserve"][seat]:
        if _ACTION[c] == act:
            return True
    return False


def choose(state, seat, level, rng, budget=None):
    if level not in LEVELS:
        raise ValueError("unknown level %r" % (level,))
    if state.current_player != seat:
        raise ValueError("seat %d cannot move now" % seat)
    return choose_from(_Obs(state, seat), state.legal_actions(), level, rng)


class _Obs:
    """What `seat` may see of the state, read in place (no copies): the same keys as
    state.observation(seat), of which the AI reads only the public parts and its own look."""

    def __init__(self, state, seat):
        self.s = state
        self.seat = seat

    def __getitem__(self, key):
        s = self.s
        if key == "seat":
            return self.seat
        if key == "look":
            return s.look[self.seat]
        if key == "pile_sizes":
            return (len(s.piles[0]), len(s.piles[1]))
        if key == "turn":
            return s.turn_no
        if key == "round":
            return s.round_no
        if key == "mode":
            return MODES[s.mode]
        if key == "current_player":
            return s.current_player
        if key in _PUBLIC:
            return getattr(s, key)
        raise KeyError(key)


_PUBLIC = ("boxes", "discard", "coll", "reserve", "reveal", "shadow", "locked", "nums",
           "drawn", "owed", "dbl", "skp", "totals", "val_family", "val_jokers", "rounds",
           "phase", "start")


def choose_from(obs, legal, level, rng):
    """The decision from an observation and the legal actions alone."""
    if len(legal) == 1:
        return legal[0]
    phase = obs["phase"]
    if level == "easy" and phase in (ACT, P_FORCED, P_SKIPPED):
        return _easy(obs, legal, rng)
    b = Brain(obs, level, rng)
    if phase == P_VALIDATE:
        return _validate(b, legal)
    if phase == P_QUANTUM:
        return _quantum(b, legal)
    if phase == P_SHADOW:
        return _shadow(b, legal)
    if phase == P_SKIPPED:
        return _skipped(b, legal)
    return _turn(b, legal, phase == P_FORCED)


# -- easy -----------------------------------------------------------------------------------


def _easy(obs, legal, rng):
    sizes = obs["pile_sizes"]
    left = sizes[0] + sizes[1]
    seat = obs["seat"]
    plays = [a for a in legal if a >> 8 in (DOUBLE, SKIP, SWIPE, QUANTUM, FLIP)]
    if plays and rng.random() < 0.15:
        return rng.choice(plays)
    if obs["phase"] == P_SKIPPED:
        return _enc(PASS)
    lock = _enc(LOCK)
    if lock in legal:
        size = len(obs["coll"][seat])
        if size >= 5 + rng.randbelow(5) or (left < 10 and size):
            return lock
    draws = [a for a in legal if a >> 8 == DRAW]
    stop = _enc(STOP)
    if stop in legal and (not draws or obs["drawn"] >= 1 + rng.randbelow(3)):
        return stop
    if draws:
        return rng.choice(draws)
    return legal[0]


# -- normal and hard --------------------------------------------------------------------------


def _turn(b, legal, forced):
    obs = b.obs
    nums = obs["nums"]
    base = b.worth(b.mine)
    stop = _enc(STOP)
    lock = _enc(LOCK)
    hard = b.level == "hard"
    if lock in legal and _should_lock(b, base):
        return lock
    fresh = obs["drawn"] == 0 and not forced
    if fresh:
        sw = _swipe(b, legal, base, 4.0 if hard else 8.0)
        if sw is not None:
            return sw
    draw, dv = b.best_draw(legal, base, nums)
    flip = _enc(FLIP)
    if draw is not None and flip in legal:
        risk = max(b.bust_chance(0, nums), b.bust_chance(1, nums))
        if risk > (0.1 if hard else 0.2) and base > 6:
            return flip
    if forced or stop not in legal:
        return draw if draw is not None else legal[0]
    if draw is not None and dv > b.margin:
        return draw
    # Stopping: end the turn with an action card where one pays.
    end = _ender(b, legal, base)
    return end if end is not None else stop


def _should_lock(b, base):
    obs = b.obs
    seat = b.seat
    now = plan_value(b.mine.masks, b.mine.jokers, b.mine.size, b.boxes)
    if now <= 0:
        return False
    target = b.lock_worth
    if b.level == "hard":
        # Lock late but safely: when the turns this seat still gets come near what the
        # opponents' Skips and Doubles (and a Swipe toward this pile) could take away.
        turns_left = b.left / (CARDS_PER_TURN * b.active)
        t2 = (MAX_TURNS - obs["turn"]) / b.active
        if t2 < turns_left:
            turns_left = t2
        danger = 0
        n = len(obs["locked"])
        for t in range(n):
            if t == seat or obs["locked"][t]:
                continue
            for c in obs["reserve"][t]:
                a = _ACTION[c]
                if a == A_SKIP or a == A_DOUBLE:
                    danger += 1
                elif a == A_SWIPE and (t == (seat + 1) % n or t == (seat - 1) % n):
                    if base > b.worth(Pile(obs["coll"][t])) + 4:
                        danger += 2
        if obs["dbl"][seat] or obs["skp"][seat]:
            danger += 1
        return turns_left <= SAFE_TURNS + danger or now >= HIGH_LOCK
    elif b.left < 8 * b.active:
        target = 1
    return now >= target


def _swipe(b, legal, base, margin):
    best = None
    best_v = margin
    for a in legal:
        if a >> 8 == SWIPE:
            theirs = b.worth(Pile(b.obs["coll"][a & 0xFF]))
            if theirs - base > best_v:
                best_v = theirs - base
                best = a
    return best


def _threat(b, t):
    obs = b.obs
    return b.worth(Pile(obs["coll"][t]), obs["boxes"][t]) + 0.3 * obs["totals"][t]


def _ender(b, legal, base):
    """Quantum, Double, Skip or Swipe to end the turn with, or None (just stop)."""
    obs = b.obs
    seat = b.seat
    best = None
    best_v = 1.0
    for a in legal:
        k = a >> 8
        if k == QUANTUM:
            v = _quantum_value(b, base)
        elif k == DOUBLE or k == SKIP:
            t = a & 0xFF
            if t == seat:
                continue
            v = (0.25 if k == DOUBLE else 0.2) * _threat(b, t)
            if b.level == "hard" and max(obs["totals"]) == obs["totals"][t]:
                v *= 1.3
        elif k == SWIPE:
            v = b.worth(Pile(obs["coll"][a & 0xFF])) - base - 2.0
        else:
            continue
        if v > best_v:
            best_v = v
            best = a
    return best


def _quantum_value(b, base):
    """Expected gain of keeping the best of three unseen cards (0 when all would hurt)."""
    gains = []
    for c in b.unknown:
        if _KIND[c] == K_SHADOW:
            gains.append(0.0)
        else:
            g = b.gain(c, base)
            gains.append(g if g > 0.0 else 0.0)
    n = len(gains)
    if n == 0:
        return 0.0
    gains.sort()
    # E[max of 3 draws] with replacement: sum g_i (F_i^3 - F_{i-1}^3)
    acc = 0.0
    prev = 0.0
    for i in range(n):
        f = (i + 1) / n
        f3 = f * f * f
        acc += gains[i] * (f3 - prev)
        prev = f3
    return acc - 1.0


def _skipped(b, legal):
    base = b.worth(b.mine)
    sw = _swipe(b, legal, base, 4.0)
    if sw is not None:
        return sw
    end = _ender(b, legal, base)
    return end if end is not None else _enc(PASS)


def _shadow(b, legal):
    obs = b.obs
    base = b.worth(b.mine)
    keep_v = b.worth(Pile([obs["shadow"]]))
    if keep_v > base + 1.0:
        return _enc(SH_KEEP)
    joker = _enc(JOKER)
    if joker in legal and b.level != "easy":
        # Draw on only where it pays: the next card's expected change of worth.
        _, dv = b.best_draw([_enc(DRAW, 0), _enc(DRAW, 1)], base, obs["nums"])
        if dv > (1.0 if b.level == "hard" else 0.0) or obs["owed"]:
            return joker
    return _enc(SH_DISCARD)


def _quantum(b, legal):
    base = b.worth(b.mine)
    best = _enc(QNONE)
    best_v = 0.0
    for a in legal:
        if a >> 8 == QKEEP:
            v = b.gain(a & 0xFF, base)
            if v > best_v:
                best_v = v
                best = a
    return best


def _validate(b, legal):
    obs = b.obs
    fam = obs["val_family"]
    opts = [a for a in legal if a >> 8 == VALIDATE]
    decline = _enc(DECLINE, fam)
    if not opts:
        return decline
    coll = obs["coll"][b.seat]
    from games.shadowlock.objectives import best_plan

    plan = best_plan(coll, b.boxes, obs["val_jokers"])
    pick = None
    for f, _pts, box, j in plan:
        if f == fam:
            pick = _enc(VALIDATE, box * 2 + j)
    if pick is None or pick not in legal:
        return opts[0] if b.level == "easy" else decline
    if b.level != "hard" or obs["mode"] == "discovery":
        return pick
    # Hard: decline a poor combination while the rounds left can still fill the family.
    rounds_left = obs["rounds"] - obs["round"]
    open_boxes = 0
    for box in FAMILY_BOXES[fam]:
        if not b.boxes[box]:
            open_boxes += 1
    box = (pick & 0xFF) >> 1
    pts = 0
    for f, p, _bx, _j in plan:
        if f == fam:
            pts = p
    if box != 9 and rounds_left >= open_boxes + 1 and pts < BASES[box] + 5:
        return decline
    return pick

