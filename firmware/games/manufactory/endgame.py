# Manufactory AI's end-game search, imported by games.manufactory.ai once the deck is empty (the
# rest of the game is known). Runs on CPython and MicroPython.
#
# Two players: alpha-beta, exact. Three or four: max-n (each player makes the draft best for its
# score minus the best rival's), the rivals of the player to move giving up only their cheapest
# card for a back part. On an EndGame (cnt/top as state.keys(), the belt, each group's points and
# each player's total kept up to date draft by draft), changed in place and restored. Budget:
# EXACT_NODES positions (by number of players) and on a board EXACT_MS of wall clock
# (kit.sampling.deadline); past it, the PLAYOUT best drafts by the score now are played out to
# the end greedily instead.

from micropython import const

from games.manufactory.drafts import (
    LOSS,
    best_of,
    gpoints,
    moves,
    ngroups,
    quick_values,
    top_moves,
    utility,
)
from games.manufactory.rules import BONUS, FREE, MANA, NGROUPS
from kit import sampling

# The budget, by number of players: nodes (about 7 us each with two players, 9-13 us with
# three or four on the unix port), a wall-clock cap on a board, and past them the drafts
# played out greedily instead (about 1.8 ms at most on the unix port).
EXACT_NODES = (0, 0, 800, 400, 400)
EXACT_MS = const(500)
PLAYOUT = const(6)


def _spent(ctl):
    """Count one node of the end-game search; True once its budget is spent. `ctl`: [nodes
    so far, deadline (kit.sampling.deadline, read every 32 nodes), most nodes]."""
    k = ctl[0] + 1
    ctl[0] = k
    if k > ctl[2]:
        return True
    if not k & 31 and sampling.out_of_time(ctl[1]):
        ctl[0] = ctl[2] + 1
        return True
    return False


class EndGame:
    """The end-game search's position, changed in place: cnt and top (as `keys`), each
    group's points (`gp[g][p]`), each player's number of groups and total score, kept up to
    date draft by draft (a draft rescores only the one or two groups it changes)."""

    def __init__(self, cnt, top, belt, n):
        self.cnt = bytearray(cnt)
        self.top = bytearray(top)
        self.belt = list(belt)
        self.n = n
        self.gp = [gpoints(cnt, top, n, g) for g in range(NGROUPS)]
        self.ng = [ngroups(cnt, p) for p in range(n)]
        tot = [BONUS[k] for k in self.ng]
        for pts in self.gp:
            for q in range(n):
                tot[q] += pts[q]
        self.tot = tot

    def push(self, p, m):
        """Player p's draft m; returns what pop() needs to take it back."""
        cnt = self.cnt
        top = self.top
        n = self.n
        base = p * NGROUPS
        slot = m & 3
        card = self.belt.pop(slot)
        d = ((m >> 2) & 7) - 1
        g = m >> 5
        gp = self.gp
        tot = self.tot
        ng = self.ng
        undo = (slot, card, list(tot), ng[p], gp[g], gp[d] if d >= 0 else None,
                cnt[base + d] if d >= 0 else 0, top[base + d] if d >= 0 else 0,
                cnt[base + g], top[base + g])
        k = ng[p]
        if d >= 0:
            i = base + d
            cnt[i] -= 1
            if not cnt[i]:
                top[i] = 0
                k -= 1
        i = base + g
        if not cnt[i]:
            k += 1
        cnt[i] += 1
        mana = MANA[card]
        if mana > top[i]:
            top[i] = mana
        tot[p] += BONUS[k] - BONUS[ng[p]]
        ng[p] = k
        x = g
        while True:
            new = gpoints(cnt, top, n, x)
            old = gp[x]
            for q in range(n):
                tot[q] += new[q] - old[q]
            gp[x] = new
            if d < 0 or d == x:
                break
            x = d
        return undo

    def pop(self, p, m, undo):
        base = p * NGROUPS
        d = ((m >> 2) & 7) - 1
        g = m >> 5
        self.belt.insert(undo[0], undo[1])
        self.tot[:] = undo[2]
        self.ng[p] = undo[3]
        self.gp[g] = undo[4]
        self.cnt[base + g] = undo[8]
        self.top[base + g] = undo[9]
        if d >= 0:
            self.gp[d] = undo[5]
            self.cnt[base + d] = undo[6]
            self.top[base + d] = undo[7]


def _negamax(tb, p, ctl, alpha, beta):
    """Two players, the deck empty, the belt not: p's final score minus the other's with best
    play (alpha-beta over the EndGame `tb`, changed in place and restored). Meaningless once
    the budget is spent (ctl[0] > ctl[2])."""
    if _spent(ctl):
        return 0
    q = 1 - p
    best = LOSS
    tot = tb.tot
    for m in moves(tb.cnt, tb.belt, p):
        undo = tb.push(p, m)
        if tb.belt:
            v = -_negamax(tb, q, ctl, -beta, -alpha)
        else:                                   # the last draft: a leaf, counted here
            ctl[0] += 1
            v = tot[p] - tot[q]
        tb.pop(p, m, undo)
        if ctl[0] > ctl[2]:
            return 0
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


def cheapest_discard(tb, p):
    """The group whose card player p gives up at least cost by the score now (-1: none)."""
    cnt = tb.cnt
    top = tb.top
    n = tb.n
    tot = tb.tot
    base = p * NGROUPS
    best = -1
    bu = LOSS
    for d in range(NGROUPS):
        i = base + d
        k = cnt[i]
        if not k:
            continue
        old = top[i]
        cnt[i] = k - 1
        if k == 1:
            top[i] = 0
        new = gpoints(cnt, top, n, d)
        cnt[i] = k
        top[i] = old
        pts = tb.gp[d]
        mine = tot[p] + new[p] - pts[p]
        if k == 1:
            mine += BONUS[tb.ng[p] - 1] - BONUS[tb.ng[p]]
        rival = LOSS
        for q in range(n):
            if q != p:
                v = tot[q] + new[q] - pts[q]
                if v > rival:
                    rival = v
        if mine - rival > bu:
            bu = mine - rival
            best = d
    return best


def rival_moves(tb, p):
    """Player p's drafts in the search, a back part only for a card of its cheapest group."""
    ms = moves(tb.cnt, tb.belt, p)
    if len(tb.belt) <= FREE:
        return ms
    d = cheapest_discard(tb, p) + 1
    return [m for m in ms if m & 3 < FREE or (m >> 2) & 7 == d]


def _maxn(tb, p, me, ctl):
    """Three or four players, the deck empty, the belt not: everyone's final score when each
    player makes the draft best for its score minus the best rival's (max-n; the rivals of
    `me` give up a card only of their cheapest group). In place as _negamax; None once the
    budget is spent."""
    if _spent(ctl):
        return None
    n = tb.n
    q = (p + 1) % n
    best = None
    bu = LOSS
    if p == me:
        ms = moves(tb.cnt, tb.belt, p)
    else:
        ms = rival_moves(tb, p)
    for m in ms:
        undo = tb.push(p, m)
        if tb.belt:
            tot = _maxn(tb, q, me, ctl)
        else:                                   # the last draft: a leaf, counted here
            ctl[0] += 1
            tot = list(tb.tot) if ctl[0] <= ctl[2] else None
        tb.pop(p, m, undo)
        if tot is None:
            return None
        u = utility(tot, p)
        if u > bu:
            bu = u
            best = tot
    return best


def exact_value(tb, p, m, ctl, bound=LOSS):
    """Player p's final margin (score minus the best rival's) after draft m with best play to
    the end, on the EndGame `tb` (restored); None once the budget is spent. Two players:
    exact above `bound`, a bound below it (alpha-beta)."""
    n = tb.n
    undo = tb.push(p, m)
    q = (p + 1) % n
    if not tb.belt:
        ctl[0] += 1
        v = utility(tb.tot, p)
    elif n == 2:
        v = -_negamax(tb, q, ctl, LOSS, -bound)
        if ctl[0] > ctl[2]:
            v = None
    else:
        tot = _maxn(tb, q, p, ctl)
        v = None if tot is None else utility(tot, p)
    tb.pop(p, m, undo)
    return v


def playout(tb, p, m):
    """Player p's final margin after draft m when everyone then drafts greedily (the best
    draft for its score now minus the best rival's; back parts for the cheapest group), on
    the EndGame `tb` (restored)."""
    n = tb.n
    done = [(p, m, tb.push(p, m))]
    q = (p + 1) % n
    while tb.belt:
        ms = rival_moves(tb, q)
        if len(ms) > 1:
            bm = best_of(ms, quick_values(tb.cnt, tb.top, tb.belt, q, n, ms))
        else:
            bm = ms[0]
        done.append((q, bm, tb.push(q, bm)))
        q = (q + 1) % n
    v = utility(tb.tot, p)
    while done:
        q, bm, undo = done.pop()
        tb.pop(q, bm, undo)
    return v


def choose_exact(state, cnt, top, ms, ctl=None):
    """The draft of `ms` best with best play to the end (the deck is empty). Within the
    budget (`ctl` as _spent's; default EXACT_NODES[n] nodes, EXACT_MS on a board) every draft is
    searched to the end; past it the PLAYOUT best drafts by the score now are played out
    greedily instead."""
    n = state.num_players
    p = state.current_player
    belt = state.belt
    if ctl is None:
        ctl = [0, sampling.deadline(EXACT_MS), EXACT_NODES[n]]
    # Best first by the score now: alpha-beta cuts more, and ties keep the simpler draft.
    ms = top_moves(ms, quick_values(cnt, top, belt, p, n, ms), len(ms))
    tb = EndGame(cnt, top, belt, n)
    best = ms[0]
    bu = LOSS
    for m in ms:
        u = exact_value(tb, p, m, ctl, bu)
        if u is None:
            break
        if u > bu:
            bu = u
            best = m
    else:
        return best
    best = ms[0]
    bu = LOSS
    for m in ms[:PLAYOUT]:
        u = playout(tb, p, m)
        if u > bu:
            bu = u
            best = m
    return best
