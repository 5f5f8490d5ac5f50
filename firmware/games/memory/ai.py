# Memory AI: a memory model, not an oracle.
#
# It decides from state.observation(seat) only: the cards that have been face up (and when),
# the board's public make-up (which cards are still in play, not where) and the scores. It
# never reads a face-down card it has not seen.
#
# Memory: every time a card is face up, the AI's trace of that slot starts at strength
#     base = 1 when the card was shown alone (a flip), or span / n when n cards were shown at
#            once (preview, Peek): nobody takes in 64 cards in 3 seconds;
# and fades with the turns gone by and with the cards seen since:
#     strength = base * turn_decay ** turns * card_decay ** cards_seen_since.
# The trace is recalled when strength > u, where u in [0, 1) is drawn once per exposure of
# that slot from the AI's seeded RNG (a hash of a salt taken from it, the seat, the slot and
# the exposure). Strength only falls, so a forgotten card stays forgotten until it is seen
# again, and the memory is consistent from one decision to the next. The level sets the decay
# rates and the span (Easy forgets most, Hard almost nothing).
#
# Play: take the best pair it recalls (Location 50 > Symbol 30 > Colour 15), switching to the
# mode that pays it; otherwise flip an unknown card and, if its partner is not recalled
# either, flip another unknown card in the mode with the best expected value given the cards
# still unseen. Location bonus: accepted when it recalls a card of that location, else when
# the odds of a blind flip pay. Powers by a fixed rule: with no pair in memory, first a Hint
# (after switching to the best mode that still has a pair), later the Peek once enough cards
# are unknown; the Peek is also used to look for a bonus card it does not recall.
#
# Budget (Hard only; `budget`, default BUDGET = 1): how many candidate actions Hard weighs. With
# 1 it plays its judgement's pick (above), no search. With k > 1 (tools.arena's hard*K) the
# pick and up to k - 1 alternatives (a card it does not recall, a mode change, the Hint, the
# Peek, each card it recalls, the other answer to a bonus offer) are each played out in k
# worlds that agree with what it recalls (the cards it does not recall dealt again at random)
# until its own next attempt is over, every seat playing Hard's judgement, and the one with the
# best summed lead in points is played (ties keep the pick). The search is
# games.memory.ai_search, loaded only then.

from core.session import LEVELS  # noqa: F401 (ai.LEVELS: the one tuple, for tools and tests)
from games.memory.rules import (
    ACT_ACCEPT,
    ACT_DECLINE,
    ACT_HINT,
    ACT_MODE,
    ACT_PEEK,
    BONUS,
    BONUS_HIT,
    BONUS_MISS,
    FIRST,
    LOCATION,
    MAX_MODE_CHANGES,
    MISS_POINTS,
    MODES,
    OFFER,
    PAIR_POINTS,
    card_key,
)
from kit import check_turn, off_day

# level (one of core.session.LEVELS): (turn_decay, card_decay, span, off_days): off_days is
# the share of games it plays off form (kit.off_day), flipping cards at random whatever it
# recalls and trying or declining a bonus on a whim (docs/LADDER.md)
PARAMS = {
    "easy": (0.955, 0.975, 10, 0.40),
    "normal": (0.965, 0.981, 12, 0.0),
    "hard": (0.99, 0.995, 16, 0.0),
}
PEEK_MIN_UNKNOWN = 8   # use the Peek only when at least this many live cards are not recalled
BUDGET = 1             # hard: candidate actions weighed (1: its judgement's pick alone)


def _salt(rng):
    """A per-AI constant drawn once from its RNG (kept on the Rng object), so each exposure's
    recall threshold is the same at every decision."""
    salt = getattr(rng, "memory_salt", None)
    if salt is None:
        salt = rng.randbelow(0x40000000)
        rng.memory_salt = salt
    return salt


def _threshold(salt, seat, slot, stamp):
    """u in [0, 1) for one exposure of one slot: a small multiplicative hash kept below 2**30
    (no long ints on the Pico)."""
    x = (salt & 0xFFFF) ^ (seat << 9) ^ slot
    x = (x * 11291 + (stamp & 0xFFFF)) & 0xFFFF
    x ^= x >> 7
    x = (x * 12653 + (salt >> 16)) & 0xFFFF
    x ^= x >> 9
    x = (x * 11291 + slot * 97 + 12345) & 0xFFFF
    x ^= x >> 6
    x = (x * 12653 + (stamp >> 16) + 1) & 0xFFFF
    x ^= x >> 8
    return x / 65536.0


def recall(obs, level, salt):
    """Per slot, the card the AI remembers there (-1: not recalled, or gone). The face-up
    first card of an attempt is always known."""
    turn_decay, card_decay, span, _off = PARAMS[level]
    seat = obs["seat"]
    known = obs["known"]
    alive = obs["alive"]
    seen_at = obs["seen_at"]
    seen_turn = obs["seen_turn"]
    group = obs["seen_group"]
    total = obs["seen_total"]
    turn = obs["turn"]
    first = obs["first"]
    out = [-1] * obs["size"]
    for i in range(obs["size"]):
        card = known[i]
        if card < 0 or not alive[i]:
            continue
        if i == first:
            out[i] = card
            continue
        g = group[i]
        base = 1.0 if g <= span else span / g
        strength = base * turn_decay ** (turn - seen_turn[i]) * card_decay ** (total - seen_at[i])
        if _threshold(salt, seat, i, seen_at[i]) < strength:
            out[i] = card
    return out


def _unknown(obs, mem):
    """(face-down live slots not recalled, the cards that may be under them)."""
    alive = obs["alive"]
    first = obs["first"]
    slots = [i for i in range(obs["size"]) if alive[i] and mem[i] < 0 and i != first]
    pool = list(obs["pool"])
    for i in range(obs["size"]):
        if alive[i] and mem[i] >= 0:
            pool.remove(mem[i])
    return slots, pool


def _best_known_pair(obs, mem):
    """(value, a, b, mode) of the best pair among recalled face-down cards, or None."""
    best = None
    alive = obs["alive"]
    size = obs["size"]
    for mode in range(MODES - 1, -1, -1):
        value = PAIR_POINTS[mode]
        if best is not None and best[0] >= value:
            break
        for a in range(size):
            if mem[a] < 0 or not alive[a]:
                continue
            ka = card_key(mem[a], mode)
            for b in range(a + 1, size):
                if mem[b] >= 0 and alive[b] and card_key(mem[b], mode) == ka:
                    return (value, a, b, mode)
    return best


def _public_pair_modes(pool):
    """Modes, best first, in which two cards still in play match (public knowledge)."""
    out = []
    for mode in range(MODES - 1, -1, -1):
        seen = 0
        for card in pool:
            bit = 1 << card_key(card, mode)
            if seen & bit:
                out.append(mode)
                break
            seen |= bit
    return out


def _set_mode_or(obs, want, otherwise):
    if want != obs["mode"] and obs["mode_changes"] < MAX_MODE_CHANGES:
        return ACT_MODE + want
    return otherwise


def choose(state, seat, level, rng, budget=None):
    """The action for `seat` (see the module comment); `budget`: the candidate actions Hard
    weighs (BUDGET by default: its judgement's pick alone)."""
    check_turn(state, seat, level)
    salt = _salt(rng)
    if off_day(rng, seat, PARAMS[level][3]):
        return _whim(state.legal_actions(), rng)
    obs = state.observation(seat)
    mem = recall(obs, level, salt)
    pick = _judge(obs, mem, seat, rng)
    if level != "hard" or budget is None or budget <= BUDGET:
        return pick
    from games.memory import ai_search  # the search only: no heap for it on the device

    return ai_search.weigh(globals(), state, seat, obs, mem, pick, budget, rng)


def _judge(obs, mem, seat, rng):
    """The judgement's pick (the module comment's Play)."""
    phase = obs["phase"]
    if phase == OFFER:
        return _offer(obs, mem, seat)
    if phase == BONUS:
        return _bonus_flip(obs, mem, seat, rng)
    if phase == FIRST:
        return _first(obs, mem, seat, rng)
    return _second(obs, mem, rng)


def _whim(legal, rng):
    """A random card (or a random answer to a bonus offer): no mode change, Hint or Peek."""
    cards = [a for a in legal if a < ACT_MODE or a == ACT_ACCEPT or a == ACT_DECLINE]
    return rng.choice(cards or legal)


def _bonus_odds(obs, mem, seat):
    """(recalled slot of the bonus location or -1, chance a blind flip hits it)."""
    loc = obs["bonus_loc"][seat]
    alive = obs["alive"]
    for i in range(obs["size"]):
        if alive[i] and mem[i] >= 0 and mem[i] >> 2 == loc:
            return i, 1.0
    slots, pool = _unknown(obs, mem)
    hits = 0
    for card in pool:
        if card >> 2 == loc:
            hits += 1
    return -1, (hits / len(slots) if slots else 0.0)


def _offer(obs, mem, seat):
    slot, p = _bonus_odds(obs, mem, seat)
    if slot >= 0:
        return ACT_ACCEPT
    step = obs["bonus_step"][seat]
    gain = BONUS_HIT[step]
    loss = BONUS_MISS[step]
    ev = p * gain + (1 - p) * loss
    if obs["peeks"][seat] > 0 and p > 0:
        return ACT_PEEK
    return ACT_ACCEPT if ev > 0 else ACT_DECLINE


def _bonus_flip(obs, mem, seat, rng):
    slot, _p = _bonus_odds(obs, mem, seat)
    if slot >= 0:
        return slot
    slots, _pool = _unknown(obs, mem)
    if not slots:
        slots = [i for i in range(obs["size"]) if obs["alive"][i]]
    return rng.choice(slots)


def _first(obs, mem, seat, rng):
    hint = obs["hint"]
    if hint:
        return hint[0]
    best = _best_known_pair(obs, mem)
    if best is not None:
        return best[1]
    slots, pool = _unknown(obs, mem)
    if obs["hints"][seat] > 0 and len(pool) >= 6:
        modes = _public_pair_modes(obs["pool"])
        if modes:
            if modes[0] != obs["mode"] and obs["mode_changes"] < MAX_MODE_CHANGES:
                return ACT_MODE + modes[0]
            if obs["mode"] in modes:
                return ACT_HINT
    if obs["peeks"][seat] > 0 and len(slots) >= PEEK_MIN_UNKNOWN:
        return ACT_PEEK
    if slots:
        return rng.choice(slots)
    return rng.choice([i for i in range(obs["size"]) if obs["alive"][i]])


def _second(obs, mem, rng):
    first = obs["first"]
    x = mem[first]
    hint = obs["hint"]
    if hint and first in hint[:2]:
        return hint[1] if hint[0] == first else hint[0]
    alive = obs["alive"]
    size = obs["size"]
    # The best recalled partner, the highest-paying mode first.
    for mode in range(MODES - 1, -1, -1):
        kx = card_key(x, mode)
        for b in range(size):
            if b != first and alive[b] and mem[b] >= 0 and card_key(mem[b], mode) == kx:
                if mode == obs["mode"]:
                    return b
                if obs["mode_changes"] < MAX_MODE_CHANGES:
                    return ACT_MODE + mode
    slots, pool = _unknown(obs, mem)
    if not slots:
        others = [i for i in range(size) if alive[i] and i != first]
        return rng.choice(others)
    # A blind flip: the mode with the best expected points for an unknown card.
    n = len(slots)
    best_mode = obs["mode"]
    best_ev = None
    for mode in range(MODES - 1, -1, -1):
        kx = card_key(x, mode)
        hits = 0
        for card in pool:
            if card_key(card, mode) == kx:
                hits += 1
        p = hits / n
        ev = p * PAIR_POINTS[mode] + (1 - p) * MISS_POINTS
        if mode == LOCATION:
            ev += p * 10  # a Location pair also opens the bonus
        if best_ev is None or ev > best_ev + 0.01:
            best_ev = ev
            best_mode = mode
    return _set_mode_or(obs, best_mode, rng.choice(slots))

