# Manufactory AI's forecast: each player's expected final score, from the races of every
# colour group. Runs on CPython and MicroPython (imported by games.manufactory.ai).
#
# In each group, with s parts still to come that could join it, a player's chance to stay
# ahead of each rival is read from a table of races (a lead of k cards while s cards are
# shared out at random, each going to a given player with chance 1/n; the mana tie-break on
# a level finish); those give the chances to rank first and second, and the chance that a
# player with none gets any; the group bonus is interpolated from the expected number of
# groups. cnt/top: size and highest mana of each player's groups, index p * 6 + g.

from micropython import const

from games.manufactory.rules import BONUS, NGROUPS, OPTIONS

PRESENCE = 1.0                 # the chance to get one given card, times 1/n (forecast)
BEST_MIX = 0.6                 # 3-4 players: weight of the best rival (the rest: their mean;
                               # 0.6 measured in the arena against 1.0 and 0.4)
SMAX = const(16)               # supply beyond this counts as this much
ROW = const(2 * SMAX + 3)      # margins -SMAX-1 .. SMAX+1
_tables = {}
# group_forecast's answers within one decision (clear_memo at its start and end): a decision
# asks for the same group standings again and again (the same rival reply in every sampled
# deck order, the same group after many drafts: 65k calls, 7.3k distinct, over 4 two-player
# games), so most answers come from here. At most MEMO_MAX are kept, the first ones asked for
# (~150 bytes each on a Pico with two players: ~14 KB, given back when the decision ends);
# over 4 two-player Hard games 96 computed 13.9k answers where an unbounded memo computed
# 11.7k (64: 24k; a 127-slot direct-mapped table: 29k). An open-addressing table whose two
# lists are made once, at import: a dict's table, grown during the search, is a block of
# 1-2 KB that a heap sieved by the search's garbage could not give (MemoryError under the
# unix port's 96wK). The key packs a player's group size in 6 bits: a game deals at most
# 4 x 14 = 56 parts.
MEMO_MAX = const(96)
MEMO_SLOTS = const(193)        # a prime over twice MEMO_MAX: probes stay short
_memo_keys = [-1] * MEMO_SLOTS
_memo_vals: list = [None] * MEMO_SLOTS
_memo_used = [0]


def clear_memo():
    """Forget every answer (they leave the heap)."""
    if _memo_used[0]:
        for i in range(MEMO_SLOTS):
            _memo_keys[i] = -1
            _memo_vals[i] = None
        _memo_used[0] = 0


def race_tables(n):
    """For n players: (ahead, level, present) as bytes scaled to 0..250. With s cards of a
    group still to come, each going to one given player with chance 1/n: ahead[s * ROW + k +
    SMAX + 1] is the chance that a lead of k cards over one rival ends above 0, level that it
    ends at 0; present[s] the chance that a player with none gets at least one."""
    if n in _tables:
        return _tables[n]
    q = 1.0 / n
    stay = 1.0 - 2.0 * q
    size = 2 * SMAX + 1
    dist = [0.0] * size              # D = my gain minus the rival's, -SMAX..SMAX
    dist[SMAX] = 1.0
    ahead = bytearray((SMAX + 1) * ROW)
    level = bytearray((SMAX + 1) * ROW)
    present = bytearray(SMAX + 1)
    none = 1.0
    cum = [0.0] * (size + 1)         # cum[d] = chance that D's index is d or more
    for s in range(SMAX + 1):
        present[s] = int(250 * (1.0 - none) + 0.5)
        none *= 1.0 - q * PRESENCE
        for d in range(size - 1, -1, -1):
            cum[d] = cum[d + 1] + dist[d]
        for k in range(-SMAX - 1, SMAX + 2):
            lo = SMAX - k            # k + D > 0  <=>  index > lo
            up = cum[lo + 1] if 0 <= lo + 1 <= size else (1.0 if lo + 1 < 0 else 0.0)
            eq = dist[lo] if 0 <= lo < size else 0.0
            ahead[s * ROW + k + SMAX + 1] = int(250 * up + 0.5)
            level[s * ROW + k + SMAX + 1] = int(250 * eq + 0.5)
        nxt = [0.0] * size
        for d in range(size):
            x = dist[d]
            if x:
                nxt[d] += x * stay
                if d + 1 < size:
                    nxt[d + 1] += x * q
                if d > 0:
                    nxt[d - 1] += x * q
        dist = nxt
    _tables[n] = (bytes(ahead), bytes(level), bytes(present))
    return _tables[n]


def supply(cards):
    """Per group, how many of `cards` (the parts still to draft) could join it."""
    s = bytearray(NGROUPS)
    for c in cards:
        m = OPTIONS[c]
        for g in range(NGROUPS):
            if m >> g & 1:
                s[g] += 1
    return s


def less(sup, card):
    """The supply once `card` is drafted."""
    s = bytearray(sup)
    m = OPTIONS[card]
    for g in range(NGROUPS):
        if m >> g & 1:
            s[g] -= 1
    return s


def group_forecast(cnt, top, s, n, g, tables):
    """(expected points, chance to have any card) of each player in group g, with s parts
    still to come that could join it (shared: never change the lists)."""
    if s > SMAX:
        s = SMAX
    key = s * 24 + g * 4 + n - 1          # then 9 bits a player: size (6), highest mana (3)
    for p in range(n):
        key = (key << 9) | (cnt[p * NGROUPS + g] << 3) | top[p * NGROUPS + g]
    keys = _memo_keys
    i = key % MEMO_SLOTS
    k = keys[i]
    while k != -1:
        if k == key:
            return _memo_vals[i]
        i += 1
        if i == MEMO_SLOTS:
            i = 0
        k = keys[i]
    got = _group_forecast(cnt, top, s, n, g, tables)
    if _memo_used[0] < MEMO_MAX:        # i: the free slot its key probes to
        keys[i] = key
        _memo_vals[i] = got
        _memo_used[0] += 1
    return got


def _group_forecast(cnt, top, s, n, g, tables):
    ahead, level, present = tables
    row = s * ROW + SMAX + 1
    exp = [0.0] * n
    hold = [0.0] * n
    w = [1.0] * n
    for p in range(n):
        ip = p * NGROUPS + g
        a = cnt[ip]
        if a:
            has = 1.0
        elif s:
            has = present[s] * 0.004
        else:
            continue
        hold[p] = has
        ta = top[ip]
        first = 1.0
        for q in range(n):
            if q == p:
                w[q] = 1.0
                continue
            iq = q * NGROUPS + g
            b = cnt[iq]
            if not b and not s:
                x = 1.0
            else:
                k = a - b
                if k > SMAX + 1:
                    k = SMAX + 1
                elif k < -SMAX - 1:
                    k = -SMAX - 1
                x = ahead[row + k]
                lv = level[row + k]
                if lv:
                    if a and b:
                        tb = top[iq]
                        x += lv if ta > tb else (lv * 0.5 if ta == tb else 0)
                    else:
                        x += lv * 0.5
                x *= 0.004
            w[q] = x
            first *= x
        if n > 2:
            second = 0.0
            for r in range(n):
                if r != p:
                    x = 1.0 - w[r]
                    for q in range(n):
                        if q != r:
                            x *= w[q]
                    second += x
        else:
            second = 1.0 - first
        exp[p] = has * (3.0 * first + 2.0 * second)
    return exp, hold


def combine(groups, n, p):
    """Player p's expected final score minus the best rival's (with more than two players,
    minus a mix of the best rival's and the rivals' mean), from the six groups' forecasts
    (their points, and the group bonus of the expected number of groups)."""
    pts = [0.0] * n
    held = [0.0] * n
    add_groups(pts, held, groups, n)
    return combine_sums(pts, held, n, p)


def add_groups(pts, held, groups, n):
    """Add the six groups' expected points and chances to hold a card into per-player sums."""
    for g in range(NGROUPS):
        f = groups[g]
        e = f[0]
        h = f[1]
        for q in range(n):
            pts[q] += e[q]
            held[q] += h[q]


def combine_sums(pts, held, n, p):
    """combine() from per-player sums of the groups' points and chances to hold a card (the
    expected number of groups held)."""
    best = -1000.0
    mine = 0.0
    others = 0.0
    for q in range(n):
        e = pts[q]
        k = held[q]
        i = int(k)
        e += BONUS[i] if i >= 6 else BONUS[i] + (BONUS[i + 1] - BONUS[i]) * (k - i)
        if q == p:
            mine = e
        else:
            others += e
            if e > best:
                best = e
    if n == 2:
        return mine - best
    return mine - BEST_MIX * best - (1.0 - BEST_MIX) * others / (n - 1)


def forecast(cnt, top, sup, n):
    tables = race_tables(n)
    return [group_forecast(cnt, top, sup[g], n, g, tables) for g in range(NGROUPS)]


def value(cnt, top, n, p, sup):
    """Player p's forecast minus the best rival's."""
    return combine(forecast(cnt, top, sup, n), n, p)
