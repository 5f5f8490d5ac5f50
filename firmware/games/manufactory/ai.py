# Manufactory AI. Runs on CPython and MicroPython.
#
# Everything but the deck's order is public, so the AI plans on a compact exact model of the
# table (games.manufactory.drafts: the position, the drafts as moves, the score now), which
# parts are still to come, and for the look-ahead an order of the deck sampled with
# state.sample_hidden (never the real order).
#
# The forecast (normal and hard): each player's expected final score. In each group, with s
# parts still to come that could join it, a player's chance to stay ahead of each rival is
# read from a table of races (a lead of k cards while s cards are shared out at random, the
# mana tie-break on a level finish); those give the chances to rank first and second, and the
# chance that a player with none gets any; the group bonus is interpolated from the expected
# number of groups. A move's value is its forecast minus the best rival's (with 3-4 players
# minus a mix of the best rival's and the rivals' mean, forecast.BEST_MIX).
#
# Levels:
#   easy    greedy: the free card that adds most to its own score now (ties at random); never
#           pays for a back card but on its off days: 28 % of its games (kit.off_day), where
#           every draft is at random.
#   normal  every draft (back cards and their discards, every colour a wild card may take),
#           the best by the forecast after it; one decision in 20 at random.
#   hard    its best drafts by the forecast, each tried in a few sampled deck orders
#           (kit.sampling): the next rivals answer with the draft best for them (so it sees
#           what a draft denies them and what it leaves them), then the forecast. Once the deck
#           is empty the rest of the game is known: it searches it to the end (alpha-beta with
#           two players, exact; max-n with three or four, the rivals giving up only their
#           cheapest card for a back part), within a budget (games.manufactory.endgame); past
#           it, its best drafts by the score now are played out to the end greedily instead.
#           `budget`: the deck orders sampled (BUDGET by players).
# Spacing: each level wins 70-85 % of its games against the level below (random below Easy),
# docs/LADDER.md.

from micropython import const

from games.manufactory.drafts import (
    LOSS,
    best_of,
    do_draft,
    moves,
    ngroups,
    play,
    top_moves,
    totals,
    undo_draft,
    utility,
)
from games.manufactory.forecast import (
    add_groups,
    clear_memo,
    combine,
    combine_sums,
    forecast,
    group_forecast,
    less,
    race_tables,
    supply,
    value,
)
from games.manufactory.rules import (
    ACT,
    DECLARE,
    DISCARD,
    FREE,
    MANA,
    NGROUPS,
    OPTIONS,
    P_DECLARE,
)
from kit import off_day, sampling
from kit.actions import encode

# hard, by number of players (index 2..4), so a decision stays under ~1 s on a Pico (two
# players, emulated RP2040, 2 games: median 500 ms, p95 653, max 722 with the cap below:
# python -m tools.ladder_rig --game manufactory --games 2; 3 worlds and 3 drafts ahead won
# 54.6 % of 400 duplicate games against 2 and 2, which were 401 / 727 / 741 ms before the
# forecasts were memoised):
WORLDS = (0, 0, 3, 1, 1)       # sampled deck orders per decision (the default budget)
BUDGET = WORLDS                # tools.arena's hard*K: K times as many deck orders
CANDIDATES = (0, 0, 5, 5, 4)   # drafts looked at ahead (the best by the forecast)
RIVALS = (0, 0, 3, 2, 1)       # drafts after its own in the look-ahead (its own next too)
# normal and hard, by number of players: a discard's cost beyond the forecast (with 3-4 players
# every card is scarcer than the forecast's even share-out assumes; measured in the arena:
# 0.6 with four players against 0.3 and 0.9)
GIVE_UP = (0, 0, 0.0, 0.3, 0.6)
TIME_CAP_MS = const(700)       # wall-clock cap of the look-ahead on a board
# per level: (share of decisions made at random, share of games off form: kit.off_day, every
# decision at random)
SLIPS = {"easy": (0.0, 0.28), "normal": (0.05, 0.0), "hard": (0.0, 0.0)}


# -- the forecast of each draft ---------------------------------------------------------------


def values(cnt, top, belt, p, n, ms, sup, base=None):
    """value() after each of player p's drafts `ms`; only the groups a draft changes (its
    group, the discard's, the supply of the drafted card's colours) are forecast again, and
    the sums over the groups are mended by the difference. `base`: the position's forecast
    when the caller has it already."""
    cnt = bytearray(cnt)
    top = bytearray(top)
    tables = race_tables(n)
    if base is None:
        base = [group_forecast(cnt, top, sup[g], n, g, tables) for g in range(NGROUPS)]
    pts0 = [0.0] * n
    held0 = [0.0] * n
    add_groups(pts0, held0, base, n)
    pts = [0.0] * n
    held = [0.0] * n
    out = []
    for m in ms:
        saved = do_draft(cnt, top, belt, p, m)
        taken = OPTIONS[belt[m & 3]]
        d = ((m >> 2) & 7) - 1
        mask = taken | (1 << d if d >= 0 else 0)
        for q in range(n):
            pts[q] = pts0[q]
            held[q] = held0[q]
        for g in range(NGROUPS):
            if mask >> g & 1:
                f = group_forecast(cnt, top, sup[g] - (taken >> g & 1), n, g, tables)
                old = base[g]
                e = f[0]
                h = f[1]
                e0 = old[0]
                h0 = old[1]
                for q in range(n):
                    pts[q] += e[q] - e0[q]
                    held[q] += h[q] - h0[q]
        out.append(combine_sums(pts, held, n, p) - (GIVE_UP[n] if d >= 0 else 0.0))
        undo_draft(cnt, top, p, m, saved)
    return out


# -- searching ahead -------------------------------------------------------------------------


def answers(cnt, top, belt, p, n, sup):
    """Player p's sensible drafts: every free one, and the back ones giving up a card of the
    group that loses least by the forecast (the best single discard); and the position's
    forecast when it made one (else None), for values()."""
    ms = moves(cnt, belt, p, -1, False)
    if len(belt) <= FREE or not ngroups(cnt, p):
        return ms, None
    base = p * NGROUPS
    tables = race_tables(n)
    groups = forecast(cnt, top, sup, n)
    c = bytearray(cnt)
    t = bytearray(top)
    best = -1
    bv = LOSS
    for d in range(NGROUPS):
        i = base + d
        k = c[i]
        if not k:
            continue
        old = t[i]
        c[i] = k - 1
        if k == 1:
            t[i] = 0
        saved = groups[d]
        groups[d] = group_forecast(c, t, sup[d], n, d, tables)
        v = combine(groups, n, p)
        groups[d] = saved
        c[i] = k
        t[i] = old
        if v > bv:
            bv = v
            best = d
    return [m for m in ms if m & 3 < FREE or ((m >> 2) & 7) - 1 == best], groups


def lookahead(cnt, top, belt, deck, di, me, n, m, sup):
    """My value after draft m and the next RIVALS[n] drafts (each the best by the forecast for
    the player making it: what m denies a rival and leaves it, and what it leaves me), in
    one order of the deck."""
    sup = less(sup, belt[m & 3])
    c, t, b, di = play(cnt, top, belt, deck, di, me, m)
    p = (me + 1) % n
    left = RIVALS[n]
    while b and left > 0:
        ms, groups = answers(c, t, b, p, n, sup)
        bm = best_of(ms, values(c, t, b, p, n, ms, sup, groups)) if len(ms) > 1 else ms[0]
        sup = less(sup, b[bm & 3])
        c, t, b, di = play(c, t, b, deck, di, p, bm)
        p = (p + 1) % n
        left -= 1
    paid = GIVE_UP[n] if (m >> 2) & 7 else 0.0
    if not b:
        return utility(totals(c, t, n), me) - paid
    return value(c, t, n, me, sup) - paid


# -- the decision ----------------------------------------------------------------------------


def root_moves(state, cnt):
    p = state.current_player
    if state.phase == ACT:
        return moves(cnt, state.belt, p)
    return moves(cnt, state.belt, p, state.slot, state.phase == P_DECLARE)


def to_action(state, m):
    """The action of draft m in the state's phase (take, give up, or declare)."""
    if state.phase == ACT:
        return m & 3
    if state.phase == P_DECLARE:
        return encode(DECLARE, m >> 5)
    g = ((m >> 2) & 7) - 1
    best = -1
    for c in state.coll[state.current_player]:   # its lowest-mana card (lowest id on ties)
        if state.group[c] == g and (best < 0 or MANA[c] < MANA[best] or
                                    (MANA[c] == MANA[best] and c < best)):
            best = c
    return encode(DISCARD, best)


def choose(state, seat, level, rng, budget=None):
    """The action for `seat` (the player to move) at `level` ("easy", "normal", "hard");
    `budget` = sampled deck orders for hard (default WORLDS[players])."""
    if state.current_player != seat or state.is_over():
        raise ValueError("seat %d cannot move now" % seat)
    if level not in ("easy", "normal", "hard"):
        raise ValueError("unknown level %r" % (level,))
    clear_memo()
    try:
        return _choose(state, seat, level, rng, budget)
    finally:
        clear_memo()        # its answers leave the heap with the decision


def _choose(state, seat, level, rng, budget):
    n = state.num_players
    cnt, top = state.keys()
    ms = root_moves(state, cnt)
    belt = state.belt
    slip, off = SLIPS[level]
    if off_day(rng, seat, off):
        slip = 1.0
    if slip and rng.random() < slip:
        return to_action(state, rng.choice(ms))
    if level == "easy":
        free = [m for m in ms if m & 3 < FREE] or ms
        vals = []
        for m in free:
            pos = play(cnt, top, belt, (), 0, seat, m)
            vals.append(totals(pos[0], pos[1], n)[seat])
        best = max(vals)
        return to_action(state, rng.choice([free[i] for i in range(len(free))
                                            if vals[i] == best]))
    if len(ms) == 1:
        return to_action(state, ms[0])
    if not state.deck and level == "hard":
        from games.manufactory import endgame  # only for the last drafts

        return to_action(state, endgame.choose_exact(state, cnt, top, ms))
    sup = supply(belt)
    for c in state.deck:       # which parts are left is public (not their order)
        m = OPTIONS[c]
        for g in range(NGROUPS):
            if m >> g & 1:
                sup[g] += 1
    vals = values(cnt, top, belt, seat, n, ms, sup)
    if level == "normal":
        return to_action(state, best_of(ms, vals))
    cands = top_moves(ms, vals, CANDIDATES[n])
    worlds = WORLDS[n] if budget is None else max(1, budget)

    when = sampling.deadline(TIME_CAP_MS)
    tried = [0]

    def evaluate(world, m):
        # on a board, past the deadline the drafts not looked at yet count as lost (the best
        # by the forecast is always looked at: the candidates come best first)
        tried[0] += 1
        if tried[0] > 1 and sampling.out_of_time(when):
            return LOSS
        deck = world.deck
        return lookahead(cnt, top, belt, deck, len(deck), seat, n, m, sup)

    m = sampling.determinize(state, seat, rng, cands, evaluate, worlds, when)
    return to_action(state, m)
