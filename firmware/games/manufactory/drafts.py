# Manufactory AI's model of a position, shared by the AI (games.manufactory.ai) and its
# end-game search (games.manufactory.endgame), which both import it and not each other. Runs on
# CPython and MicroPython.
#
# A position is per player and group the size and the highest mana value (`cnt`, `top`, index
# p * 6 + g: all that scoring needs) and the belt. A move is one whole draft: slot |
# (discarded group + 1) << 2 | declared group << 5. Which card to give up for a back card:
# the lowest-mana card of a group is always at least as good as any other card of that group
# (the group keeps its highest card unless it empties), so a discard is one choice per group,
# not per card.

from games.manufactory.rules import BONUS, FREE, MANA, NGROUPS, OPTIONS

LOSS = -1000


# -- the score now ---------------------------------------------------------------------------


def gpoints(cnt, top, n, g):
    """Each player's points in group g (as rules.place_points)."""
    k1 = 0
    c1 = 0
    k2 = 0
    c2 = 0
    i = g
    for _p in range(n):
        c = cnt[i]
        if c:
            k = c * 8 + top[i]
            if k > k1:
                k2 = k1
                c2 = c1
                k1 = k
                c1 = 1
            elif k == k1:
                c1 += 1
            elif k > k2:
                k2 = k
                c2 = 1
            elif k == k2:
                c2 += 1
        i += NGROUPS
    out = [0] * n
    if not k1:
        return out
    if c1 == 1:
        p1 = 3
        p2 = (2 if c2 == 1 else 1) if k2 else 0
    else:
        p1 = 2
        p2 = 0
        k2 = -1
    i = g
    for p in range(n):
        c = cnt[i]
        if c:
            k = c * 8 + top[i]
            if k == k1:
                out[p] = p1
            elif k == k2:
                out[p] = p2
        i += NGROUPS
    return out


def ngroups(cnt, p):
    base = p * NGROUPS
    k = 0
    for g in range(NGROUPS):
        if cnt[base + g]:
            k += 1
    return k


def totals(cnt, top, n):
    """Every player's score (the same as rules.score_table's totals)."""
    tot = [BONUS[ngroups(cnt, p)] for p in range(n)]
    for g in range(NGROUPS):
        pts = gpoints(cnt, top, n, g)
        for p in range(n):
            tot[p] += pts[p]
    return tot


def utility(tot, p):
    """Player p's score minus the best rival's."""
    best = LOSS
    for q in range(len(tot)):
        if q != p and tot[q] > best:
            best = tot[q]
    return tot[p] - best


# -- moves -----------------------------------------------------------------------------------


def moves(cnt, belt, p, fixed=-1, paid=False):
    """Player p's drafts (see the move encoding above); only slot `fixed` when >= 0, and no
    discard when `paid` (the back card was paid for already)."""
    base = p * NGROUPS
    has = ngroups(cnt, p) > 0
    out = []
    for slot in range(len(belt)):
        if fixed >= 0 and slot != fixed:
            continue
        back = slot >= FREE and not paid
        if back and not has:
            continue
        opts = OPTIONS[belt[slot]]
        for g in range(NGROUPS):
            if not opts >> g & 1:
                continue
            if back:
                for d in range(NGROUPS):
                    if cnt[base + d]:
                        out.append(slot | (d + 1) << 2 | g << 5)
            else:
                out.append(slot | g << 5)
    return out


def play(cnt, top, belt, deck, di, p, m):
    """The position after player p's draft m: new (cnt, top, belt, cards left in the deck);
    the deck's next card is deck[di - 1]."""
    c = bytearray(cnt)
    t = bytearray(top)
    do_draft(c, t, belt, p, m)
    slot = m & 3
    b = belt[:slot] + belt[slot + 1:]
    if di > 0:
        di -= 1
        b.append(deck[di])
    return c, t, b, di


def do_draft(cnt, top, belt, p, m):
    """Apply draft m to cnt/top in place; returns what `undo_draft` needs."""
    base = p * NGROUPS
    d = ((m >> 2) & 7) - 1
    i = base + d
    j = base + (m >> 5)
    saved = (cnt[i], top[i], cnt[j], top[j]) if d >= 0 else (0, 0, cnt[j], top[j])
    if d >= 0:
        cnt[i] -= 1
        if not cnt[i]:
            top[i] = 0
    mana = MANA[belt[m & 3]]
    cnt[j] += 1
    if mana > top[j]:
        top[j] = mana
    return saved


def undo_draft(cnt, top, p, m, saved):
    base = p * NGROUPS
    j = base + (m >> 5)
    cnt[j] = saved[2]
    top[j] = saved[3]
    d = ((m >> 2) & 7) - 1
    if d >= 0:
        cnt[base + d] = saved[0]
        top[base + d] = saved[1]


def quick_values(cnt, top, belt, p, n, ms):
    """Player p's score minus the best rival's if the game ended after each draft of `ms`
    (only the one or two groups a draft changes are scored again)."""
    cnt = bytearray(cnt)
    top = bytearray(top)
    base = [gpoints(cnt, top, n, g) for g in range(NGROUPS)]
    tot0 = totals(cnt, top, n)
    bonus0 = BONUS[ngroups(cnt, p)]
    out = []
    for m in ms:
        saved = do_draft(cnt, top, belt, p, m)
        tot = list(tot0)
        g = m >> 5
        d = ((m >> 2) & 7) - 1
        for x in ((g,) if d < 0 or d == g else (g, d)):
            new = gpoints(cnt, top, n, x)
            old = base[x]
            for q in range(n):
                tot[q] += new[q] - old[q]
        tot[p] += BONUS[ngroups(cnt, p)] - bonus0
        out.append(utility(tot, p))
        undo_draft(cnt, top, p, m, saved)
    return out


def best_of(ms, vals):
    bi = 0
    for i in range(1, len(ms)):
        if vals[i] > vals[bi]:
            bi = i
    return ms[bi]


def top_moves(ms, vals, k):
    """The k best moves (ties keep the earlier)."""
    ranked = [(vals[i], -i) for i in range(len(ms))]
    ranked.sort(reverse=True)
    return [ms[-x[1]] for x in ranked[:k]]
