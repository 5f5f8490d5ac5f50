# Match 2-52 AI. Runs on CPython and MicroPython.
#
# The AI decides from state.observation(seat) only: the face-up cards, the face-down cards this
# seat has seen (its own Jack looks, cards put under the pile), the capture piles and the pile
# size. It never reads the state's hidden cards, so it cannot use a card it has not seen
# (tests/test_match252_ai.py proves it by re-dealing the hidden cards with sample_hidden).
#
# It plans on a compact model of the grid: 16 ranks (UNK for a face-down card it has not seen,
# NONE for an empty slot), face-up flags, both capture counts and the pile (size, and the ranks
# of its top cards when known). A reveal of an unknown card is a chance node over the ranks of
# the cards it cannot place (ranks that cannot make a match or a Six are lumped together, and
# slots with the same face-up neighbours are one candidate). The value of the position at the
# end of its turn is the capture difference, minus the matches the opponent could make next
# turn with the face-up cards left (with the Ace steal and the King swap valued as they would
# go), plus a little for face-down cards it knows and can use later.
#
# Levels:
#   easy    one action at a time, two in three at random; ignores the Six risk and what it
#           leaves to the opponent; and three games in ten off form (kit.off_day: every action
#           at random).
#   normal  one action at a time, full evaluation (Six risk, threats) but a careless weight on
#           what it leaves to the opponent, and two actions in five at random.
#   hard    plans both actions of the turn together (expectimax over reveals), full evaluation;
#           `budget` (BUDGET) first actions planned two deep. On a board no deep look goes on
#           past TIME_CAP_MS: one cut short is dropped for its one-deep value.
# Spacing: each level wins 70-85 % of its games against the level below (random below Easy),
# docs/LADDER.md.
# Choices inside a capture (which match first, which card to take, look at or reveal) use the
# same model.

import time

from micropython import const

from games.match252.rules import ADJACENT, EMPTY, LINES, NEIGHBOURS, SLOTS
from kit import check_turn, off_day

UNK = const(13)
NONE = const(14)
SIX = const(5)
ACE = const(0)
JACK = const(10)
QUEEN = const(11)
KING = const(12)

WIN = 100.0
BUDGET = 6              # hard: first actions planned two deep (the best 6 by a one-deep look)
# hard, on a board: no deep look goes on past it; the step under way ends first (a one-deep
# look at every action, about one Normal decision: p95 91 ms, max 92 ms on the emulated
# RP2040, docs/PERFORMANCE.md). Emulated RP2040, Hard against Normal, 2 games from seed 1
# (python -m tools.ladder_rig --game match252 --levels hard,normal): Hard p95 762 ms, max
# 822; when only new looks stopped, at 600 ms, and the one under way ran to its end: p95 861,
# max 1,123 (1,352 in make bench's all-AI game)
TIME_CAP_MS = 700
RANDOM_EASY = 0.65      # share of random actions at easy
RANDOM_NORMAL = 0.4     # and at normal
OFF_DAYS_EASY = 0.3     # share of whole games easy plays at random (kit.off_day)
# A card turned up is progress: without this both sides would shuffle face-up cards forever
# (revealing risks a Six) and every game would run to the turn cap.
REVEAL_BONUS = 0.3
NULL_COST = 0.3         # a move that changes nothing it can see, for the same reason

# Per level (one of core.session.LEVELS): (threat weight, knows the Six risk, plans two
# actions, exposure weight)
PARAMS = {
    "easy": (0.0, False, False, 0.0),
    "normal": (0.3, True, False, 0.0),
    "hard": (0.9, True, True, 0.5),
}


class Model:
    """What the AI knows of the position, in ranks. The acting seat is 'me'."""

    def __init__(self):
        self.rk = bytearray(SLOTS)
        self.up = bytearray(SLOTS)
        self.m = 0          # my captures
        self.o = 0          # the opponent's captures
        self.pile = 0       # cards in the draw pile
        self.drawn = 0      # cards drawn from it during this plan
        self.bonus = 0.0
        self.ended = False  # a Six ended the turn

    def copy(self):
        c = Model()
        c.rk = bytearray(self.rk)
        c.up = bytearray(self.up)
        c.m = self.m
        c.o = self.o
        c.pile = self.pile
        c.drawn = self.drawn
        c.bonus = self.bonus
        c.ended = self.ended
        return c


class Planner:
    def __init__(self, obs, level):
        self.threat_w, self.six_aware, self.deep, self.expo_w = PARAMS[level]
        seat = obs["seat"]
        model = Model()
        cnt = bytearray(b"\x04" * 13)
        grid = obs["grid"]
        up = obs["up"]
        for s in range(SLOTS):
            c = grid[s]
            if c == EMPTY:
                model.rk[s] = NONE
            elif c < 0:
                model.rk[s] = UNK
            else:
                model.rk[s] = c >> 2
                cnt[c >> 2] -= 1
            model.up[s] = up[s]
        for pile in obs["caps"]:
            for c in pile:
                cnt[c >> 2] -= 1
        size = obs["pile_size"]
        top = []
        known = {}
        for depth, c in obs["known_pile"]:
            cnt[c >> 2] -= 1
            known[depth] = c >> 2
        for k in range(min(6, size)):
            top.append(known.get(size - 1 - k, UNK))
        self.top = top
        model.pile = size
        model.m = len(obs["caps"][seat])
        model.o = len(obs["caps"][1 - seat])
        self.cnt = cnt
        self.total = sum(cnt)
        self.model = model
        self.left = obs["left"]
        self.evals = 0
        self.deadline = None  # on a board: deep looks stop here (ticks_ms), see best_last
        self.late = False     # a deep look was cut short by the deadline

    # -- the model's rules ------------------------------------------------------------------
    def refill(self, m, s):
        if m.drawn < m.pile:
            m.rk[s] = self.top[m.drawn] if m.drawn < len(self.top) else UNK
            m.drawn += 1
        else:
            m.rk[s] = NONE
        m.up[s] = 0

    def six_chance(self):
        return self.cnt[SIX] / self.total if self.total else 0.0

    def capture(self, m, a, b):
        r = m.rk[a]
        m.m += 2
        m.up[a] = 0
        m.up[b] = 0
        self.refill(m, a)
        self.refill(m, b)
        if r == ACE:
            if m.o > 0:
                m.o -= 1
                m.m += 1
        elif r == KING:
            m.m, m.o = m.o, m.m
        elif r == JACK:
            if self._has_unknown(m):
                m.bonus += 0.5
        elif r == QUEEN:
            if self._has_unknown(m):
                m.bonus += 0.4 - 1.5 * self.six_chance()

    def _has_unknown(self, m):
        for s in range(SLOTS):
            if m.rk[s] != NONE and not m.up[s]:
                return True
        return False

    def resolve(self, m):
        rk = m.rk
        up = m.up
        again = True
        while again:
            again = False
            for a, b in ADJACENT:
                if up[a] and up[b] and rk[a] == rk[b]:
                    self.capture(m, a, b)
                    again = True
                    break

    def six(self, m, s):
        m.up[s] = 0
        m.o += 1
        self.refill(m, s)
        m.ended = True

    # -- evaluation -------------------------------------------------------------------------
    def evaluate(self, m):
        """The position at the end of my turn, from my side (captures difference units)."""
        self.evals += 1
        mine = m.m
        theirs = m.o
        if mine >= 12 or theirs >= 12:
            if mine > theirs:
                return WIN + mine - theirs
            if theirs > mine:
                return -WIN + mine - theirs
            return 0.0
        value = mine - theirs + m.bonus
        rk = m.rk
        up = m.up
        faceup = bytearray(13)
        for s in range(SLOTS):
            if up[s]:
                faceup[rk[s]] += 1
        # Known face-down cards (mine): a later reveal next to the same rank is a match.
        for s in range(SLOTS):
            r = rk[s]
            if not up[s] and r < 13:
                if r == SIX:
                    value += 0.1     # a Six I can avoid
                elif faceup[r]:
                    value += 0.5
                else:
                    value += 0.15
        if self.threat_w <= 0.0:
            return value
        best = 0.0
        second = 0.0
        d = mine - theirs
        for r in range(13):
            pairs = faceup[r] >> 1
            if not pairs:
                continue
            if r == ACE:
                loss = 4.0 if mine > 0 else 2.0
            elif r == KING:
                loss = 2.0 * d - 2.0   # they capture, then swap: only if it helps them
                if loss < 0.0:
                    continue
            else:
                loss = 2.0
            if theirs + 2 >= 12:
                loss += WIN * 0.5
            for _ in range(pairs):
                if loss > best:
                    second = best
                    best = loss
                elif loss > second:
                    second = loss
        value -= self.threat_w * (best + second * 0.7)
        if self.expo_w > 0.0 and self.total:
            # A lone face-up card is a match for the opponent if a card of its rank turns up
            # next to it (or where a move can reach it).
            expo = 0.0
            for r in range(13):
                if faceup[r] & 1:
                    expo += self.cnt[r]
            expo = 3.2 * expo / self.total
            value -= self.expo_w * (expo if expo < 2.0 else 2.0)
        return value

    # -- actions on the model ---------------------------------------------------------------
    def outcomes(self, m, s):
        """[(weight, rank)] for revealing the unknown card at s."""
        cnt = self.cnt
        rk = m.rk
        relevant = bytearray(13)
        for t in range(SLOTS):
            if rk[t] < 13:
                relevant[rk[t]] = 1
        if self.six_aware:
            relevant[SIX] = 1
        out = []
        other = 0
        rep = -1
        for r in range(13):
            n = cnt[r]
            if not n:
                continue
            if relevant[r]:
                out.append((n, r))
            else:
                other += n
                if rep < 0 or (r != SIX and rep == SIX):
                    rep = r
        if other:
            # Lumped ranks that cannot match: a lone card. (For easy, a Six is lumped too:
            # it does not see the risk; the rank used is not a Six when another exists.)
            out.append((other, rep))
        return out

    def after_reveal(self, m, s, r):
        m2 = m.copy()
        m2.rk[s] = r
        m2.up[s] = 1
        if r == SIX:
            self.six(m2, s)
        else:
            self.resolve(m2)
        return m2

    def value_reveal(self, m, s, deep):
        if m.rk[s] < 13:
            return self.cont(self.after_reveal(m, s, m.rk[s]), deep)
        total = 0
        acc = 0.0
        cnt = self.cnt
        for n, r in self.outcomes(m, s):
            cnt[r] -= 1
            self.total -= 1
            m2 = self.after_reveal(m, s, r)
            if not m2.ended:
                m2.bonus += REVEAL_BONUS
            acc += n * self.cont(m2, deep)
            cnt[r] += 1
            self.total += 1
            total += n
        return acc / total if total else self.evaluate(m)

    def cont(self, m, deep):
        if deep and not m.ended:
            return self.best_last(m)[0]
        return self.evaluate(m)

    def move_matches(self, m, a, b):
        """Whether swapping a and b makes a match."""
        rk = m.rk
        up = m.up
        ra = rk[a]
        for t in NEIGHBOURS[b]:
            if t != a and up[t] and rk[t] == ra:
                return True
        if up[b]:
            rb = rk[b]
            for t in NEIGHBOURS[a]:
                if t != b and up[t] and rk[t] == rb:
                    return True
        return False

    def move_sets_up(self, m, a, b):
        """Whether the swap puts a face-up card beside a face-down card I know of its rank."""
        rk = m.rk
        up = m.up
        ra = rk[a]
        for t in NEIGHBOURS[b]:
            if t != a and not up[t] and rk[t] == ra:
                return True
        rb = rk[b]
        if not up[b] and rb < 13:
            for t in NEIGHBOURS[a]:
                if t != b and up[t] and rk[t] == rb:
                    return True
        return False

    def after_move(self, m, a, b):
        m2 = m.copy()
        rk = m2.rk
        up = m2.up
        rk[a], rk[b] = rk[b], rk[a]
        up[a], up[b] = up[b], up[a]
        self.resolve(m2)
        return m2

    def after_replace(self, m, s):
        m2 = m.copy()
        self.refill(m2, s)
        return m2

    def candidates(self, m, first):
        """[(action, kind)] worth looking at; kind: 0 reveal, 1 move, 2 replace, 3 null move."""
        rk = m.rk
        up = m.up
        out = []
        seen_masks = []
        for s in range(SLOTS):
            r = rk[s]
            if r == NONE or up[s]:
                continue
            if r == UNK:
                # Unknown slots with the same face-up neighbour ranks are the same choice.
                mask = 0
                for t in NEIGHBOURS[s]:
                    if up[t]:
                        mask |= 1 << rk[t]
                if mask in seen_masks:
                    continue
                seen_masks.append(mask)
            out.append((s, 0))
        null = -1
        for a in range(SLOTS):
            if not up[a]:
                continue
            for b in LINES[a]:
                if rk[b] == NONE:
                    continue
                act = 0x100 | (a << 4) | b
                if self.move_matches(m, a, b) or (first and self.move_sets_up(m, a, b)):
                    out.append((act, 1))
                elif null < 0:
                    null = act
        if null >= 0:
            out.append((null, 3))
        if m.drawn < m.pile:
            for s in range(SLOTS):
                if up[s]:
                    out.append((0x200 | s, 2))
        return out

    def value_of(self, m, act, kind, deep):
        if kind == 0:
            return self.value_reveal(m, act, deep)
        if kind == 1:
            return self.cont(self.after_move(m, (act >> 4) & 15, act & 15), deep)
        if kind == 2:
            return self.cont(self.after_replace(m, act & 15), deep)
        return self.cont(m, deep) - NULL_COST

    def best_last(self, m):
        if self.deadline is not None and _late(self.deadline):
            self.late = True    # the look that asked is cut short: its caller drops it
            return self.evaluate(m), -1
        best = -1e9
        best_act = -1
        for act, kind in self.candidates(m, False):
            v = self.value_of(m, act, kind, False)
            if v > best:
                best = v
                best_act = act
        if best_act < 0:
            return self.evaluate(m), -1
        return best, best_act

    def best_turn(self, budget, deadline):
        """The best action now: two deep for the first action of a hard turn."""
        m = self.model
        if not (self.deep and self.left >= 2):
            return self.best_last(m)[1]
        cands = self.candidates(m, True)
        shallow = []
        for act, kind in cands:
            shallow.append(self.value_of(m, act, kind, False))
        order = sorted(range(len(cands)), key=lambda i: (-shallow[i], i))
        best = -1e9
        best_act = -1
        for n in range(len(order)):
            i = order[n]
            act, kind = cands[i]
            if n < budget and not self.late and not _late(deadline):
                v = self.value_of(m, act, kind, True)
                if self.late:
                    v = shallow[i] - 0.5
            else:
                v = shallow[i] - 0.5   # unplanned: a little worse than planned ones
            if v > best:
                best = v
                best_act = act
        return best_act

    # -- choices inside a capture -------------------------------------------------------------
    def best_pair(self, choices, deep=True):
        deep = deep and self.deep and self.left >= 2
        best = -1e9
        best_act = choices[0]
        for act in choices:
            m2 = self.model.copy()
            self.capture(m2, (act >> 4) & 15, act & 15)
            self.resolve(m2)
            v = self.cont(m2, deep)
            if v > best:
                best = v
                best_act = act
        if deep and self.late:          # cut short: every choice one deep instead
            return self.best_pair(choices, False)
        return best_act

    def best_show(self, choices, deep=True):
        deep = deep and self.deep and self.left >= 2
        best = -1e9
        best_act = choices[0]
        for act in choices:
            v = self.value_reveal(self.model, act & 15, deep)
            if v > best:
                best = v
                best_act = act
        if deep and self.late:
            return self.best_show(choices, False)
        return best_act

    def best_look(self, choices):
        m = self.model
        best = -1.0
        best_act = choices[0]
        for act in choices:
            s = act & 15
            v = 0.0 if m.rk[s] != UNK else 1.0
            for t in NEIGHBOURS[s]:
                if m.up[t]:
                    v += 0.3
            if v > best:
                best = v
                best_act = act
        return best_act


def _late(deadline):
    return deadline is not None and time.ticks_diff(time.ticks_ms(), deadline) >= 0


def choose(state, seat, level, rng, budget=None):
    check_turn(state, seat, level)
    obs = state.observation(seat)
    return choose_from(obs, level, rng, budget)


def choose_from(obs, level, rng, budget=None):
    """The decision from an observation alone (what `choose` uses)."""
    legal = obs["choices"] if obs["phase"] != 0 else None
    phase = obs["phase"]
    slip = RANDOM_EASY if level == "easy" else (RANDOM_NORMAL if level == "normal" else 0.0)
    if level == "easy" and off_day(rng, obs["seat"], OFF_DAYS_EASY):
        slip = 1.0
    if slip and rng.random() < slip:
        if legal is None:
            legal = _turn_actions(obs)
        return rng.choice(legal)
    planner = Planner(obs, level)
    deadline = None
    if planner.deep and hasattr(time, "ticks_ms"):
        deadline = time.ticks_add(time.ticks_ms(), TIME_CAP_MS)
        planner.deadline = deadline  # type: ignore[assignment]
    if phase == 1:
        return planner.best_pair(legal)
    if phase == 2:
        return legal[-1]          # any card counts the same: take the highest
    if phase == 3:
        return planner.best_look(legal)
    if phase == 4:
        return planner.best_show(legal)
    act = planner.best_turn(BUDGET if budget is None else budget, deadline)
    if act < 0:
        return _turn_actions(obs)[0]
    return act


def _turn_actions(obs):
    """The legal turn actions from an observation (same order as State.legal_actions)."""
    grid = obs["grid"]
    up = obs["up"]
    out = []
    for s in range(SLOTS):
        if grid[s] != EMPTY and not up[s]:
            out.append(s)
    for s in range(SLOTS):
        if up[s]:
            for t in LINES[s]:
                if grid[t] != EMPTY:
                    out.append(0x100 | (s << 4) | t)
    if obs["pile_size"]:
        for s in range(SLOTS):
            if up[s]:
                out.append(0x200 | s)
    return out
