# Shadow Lock AI (Easy, Normal, Hard), its policy: what to do with the model of ai_model.py
# (the worth of a pile, the card count, the chance that the next card stops the turn). Runs on
# CPython and MicroPython.
#
# It decides from what its seat may see only (_Obs reads the state's public parts and the seat's
# own Flip look in place). The hidden order is never read, so the decision cannot change when
# the unseen cards are reordered (tests/test_shadowlock_ai.py).
#
# The judgement: expected-value draws and stops with the potential, a forced draw looked one
# step further, Flip before a risky draw, Swipe toward a clearly better pile, lock timing from
# the cards and turns left and the Swipes that threaten its pile, Double and Skip on the most
# dangerous opponent, Quantum at stop time, Joker only where drawing on pays, and
# validate-or-decline by what the rounds left can still bring.
#
# Levels (SLIPS): Hard plays that judgement; Normal plays it but one decision in 7 at random;
# Easy one in 5, and 45 % of its games off form (kit.off_day: every decision at random). A
# weaker judgement (fixed lock worth, no potential, random 1-3 draws) made a ladder too steep:
# Hard won 95 % against it and it 99.9 % against the one below. Spacing: each level wins
# 70-85 % of its games against the level below (random below Easy), docs/LADDER.md.
#
# Budget (Hard only; `budget`, default BUDGET = 1): how many candidate actions Hard weighs at a
# turn's decisions (lock, draw, stop, an action card). With 1 it plays the judgement's pick, no
# search. With k > 1 (tools.arena's hard*K) the pick and up to k - 1 other legal actions are
# each played out in k sampled worlds (the unseen cards dealt again at random over the piles:
# state.sample_hidden) to the end of its turn, its own next decisions by the judgement, and the
# one whose pile is worth most at the end of the turn (the judgement's worth, plus the points
# it scored) is played; ties keep the pick. So more budget looks further down the draws than
# the judgement's one card. The search is games.shadowlock.ai_search, loaded only then.

from games.shadowlock.ai_model import (
    CARDS_PER_TURN,
    DRAW_MARGIN,
    HIGH_LOCK,
    SAFE_TURNS,
    Pile,
    _enc,
    brain,
)
from games.shadowlock.cards import ACTION as _ACTION
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
from kit import check_turn, off_day

# Per level: (share of decisions made at random, share of games off form: kit.off_day, every
# decision at random).
SLIPS = {"easy": (0.2, 0.45), "normal": (0.14, 0.0), "hard": (0.0, 0.0)}
BUDGET = 1          # hard: candidate actions weighed (1: the judgement's pick alone)


def choose(state, seat, level, rng, budget=None):
    check_turn(state, seat, level)
    legal = state.legal_actions()
    slip, off = SLIPS[level]
    if off_day(rng, seat, off):
        slip = 1.0
    if slip and len(legal) > 1 and rng.random() < slip:
        return rng.choice(legal)
    pick = choose_from(_Obs(state, seat), legal)
    if level != "hard" or budget is None or budget <= BUDGET or state.phase != ACT:
        return pick
    from games.shadowlock import ai_search  # the search only: no heap for it on the device

    return ai_search.weigh(globals(), state, seat, legal, pick, budget, rng)


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


def choose_from(obs, legal):
    """The judgement's decision from an observation and the legal actions alone."""
    if len(legal) == 1:
        return legal[0]
    phase = obs["phase"]
    b = brain(obs)
    if phase == P_VALIDATE:
        return _validate(b, legal)
    if phase == P_QUANTUM:
        return _quantum(b, legal)
    if phase == P_SHADOW:
        return _shadow(b, legal)
    if phase == P_SKIPPED:
        return _skipped(b, legal)
    return _turn(b, legal, phase == P_FORCED)


# -- the judgement ---------------------------------------------------------------------------



def _turn(b, legal, forced):
    obs = b.obs
    nums = obs["nums"]
    base = b.worth(b.mine)
    stop = _enc(STOP)
    lock = _enc(LOCK)
    if lock in legal and _should_lock(b, base):
        return lock
    fresh = obs["drawn"] == 0 and not forced
    if fresh:
        sw = _swipe(b, legal, base, 4.0)
        if sw is not None:
            return sw
    draw, dv = b.best_draw(legal, base, nums)
    flip = _enc(FLIP)
    if draw is not None and flip in legal:
        risk = max(b.bust_chance(0, nums), b.bust_chance(1, nums))
        if risk > 0.1 and base > 6:
            return flip
    if forced or stop not in legal:
        return draw if draw is not None else legal[0]
    if draw is not None and dv > DRAW_MARGIN:
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
            v = b.quantum_value(base)
        elif k == DOUBLE or k == SKIP:
            t = a & 0xFF
            if t == seat:
                continue
            v = (0.25 if k == DOUBLE else 0.2) * _threat(b, t)
            if max(obs["totals"]) == obs["totals"][t]:
                v *= 1.3
        elif k == SWIPE:
            v = b.worth(Pile(obs["coll"][a & 0xFF])) - base - 2.0
        else:
            continue
        if v > best_v:
            best_v = v
            best = a
    return best


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
    if joker in legal:
        # Draw on only where it pays: the next card's expected change of worth.
        _, dv = b.best_draw([_enc(DRAW, 0), _enc(DRAW, 1)], base, obs["nums"])
        if dv > 1.0 or obs["owed"]:
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

    plan = best_plan(coll, b.boxes, obs["val_jokers"], fam)
    pick = None
    for f, _pts, box, j in plan:
        if f == fam:
            pick = _enc(VALIDATE, box * 2 + j)
    if pick is None or pick not in legal:
        return decline
    if obs["mode"] == "discovery":
        return pick
    # Decline a poor combination while the rounds left can still fill the family.
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

