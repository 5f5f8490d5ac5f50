# Cauldron AI. Runs on CPython and MicroPython.
#
# What it knows: the board, pawns, tops, sizes, spells and pile size (public), its own Recipes,
# and its memory of every cauldron, `state.memory(seat, memory level)`: the cards it saw placed
# that it still remembers (Easy and Normal at the rules' "normal" memory, about half; Hard
# almost nothing forgotten; a Perluceo refreshes its own cauldron). Forgotten covered cards are
# never read: they count as unknown, like the draw pile (tests/test_cauldron_ai.py re-deals
# them with sample_hidden and checks the decision does not change).
#
# How it decides: a heuristic value for every legal action (a few thousand operations), then
# a look-ahead at the best few in sampled worlds (PARAMS). The heuristic value is
#   - the card's worth for its cauldron, from a per-kind potential (a single costs its value
#     but may still become a pair; a pair is worth its future three; three cards their sum and
#     the chance of the +5; own colour doubled), with supply = the cards of that kind still on
#     the board or unseen, and a time factor that fades potential as the pile runs out;
#   - spells: Accio and Declinatio by their uses left, Vanesco by what the rivals' top cards
#     are worth to them, Perluceo by how much of its own cauldron it has forgotten; a use of
#     Accio or Declinatio costs what a use is worth;
#   - plan: the top card it leaves decides its next landing place; the best card for it in
#     the line it will face then is added (discounted), a corner costs unless it holds a
#     Declinatio (an Immuto keeps it on the same line);
#   - Recipes: cards of its Recipe A colour, and its Recipe B goal (fewest cards, fewest 4s,
#     fewest spells, most 1s, the last card);
#   - the end: with the pile empty, taking a line's last card ends the game: sought when it
#     leaves it ahead by its own estimate, avoided when behind;
#   - Hard also denies rivals the cards that complete their sets.
# The look-ahead (look_ahead): in each world (the pile, the cauldron cards it forgot and the
# rivals' Recipes dealt again, sample_hidden at its memory level) each candidate is played,
# the rivals answer with the Hard heuristic's move until it is its turn again, and the round
# is judged by `position`: its cauldron's worth with the future against the best rival's,
# and its best move then. Worlds by level (two players; fewer with more, as each rival's
# answer costs a heuristic decision): Easy 1, Normal 2, Hard 3 (BUDGET); 4 worlds beat the
# heuristic alone in 85 % of 200 duplicate games, 2 in 82 % of 400. Emulated RP2040, two
# games from seed 1 (python -m tools.ladder_rig --game cauldron --levels hard,normal), before
# the rivals' answers read every card and the cell values were worked out only when asked
# for (each ~10 % less CPU time): Hard median 430 ms, p95 659, max 723; Normal 303 / 520 /
# 567; the heuristic alone was 21 / 48 / 82 (docs/PERFORMANCE.md). On a board no new world
# is sampled past TIME_CAP_MS.
# Levels: Normal and Easy also play a random legal action one time in 16 (Easy one in 4)
# and Easy plays 35 % of its games off form (kit.off_day: every action at random). Spacing:
# each level wins 70-85 % of its games against the level below (random below Easy),
# docs/LADDER.md.

from games.cauldron import scoring
from games.cauldron.board import (
    B_FEWEST_FOURS,
    B_FEWEST_ING,
    B_FEWEST_SPELLS,
    B_LAST_CARD,
    B_MOST_ONES,
    EMPTY,
    LINE_CELLS,
    N_KINDS,
    PLACE_LINE,
    RECIPE_A,
    RECIPE_B,
    in_cauldron,
    is_immuto,
    spell_type,
)
from kit import check_turn, off_day, sampling

TAKE_K = 1
ACCIO_K = 2
DECL_K = 3
PASS_K = 4
KEEP_K = 5
DISCARD_K = 6

# per level (one of core.session.LEVELS): (random share, plan weight, deny weight, recipe
# play, end-game sense, memory level of state.memory, share of games off form (kit.off_day:
# every action at random), worlds of the look-ahead by number of players (0: the heuristic
# alone), candidates looked at ahead (its best by the heuristic))
PARAMS = {
    "easy": (0.25, 0.5, 0.0, True, True, "normal", 0.35, (0, 0, 1, 1, 1), 3),
    "normal": (0.06, 0.5, 0.0, True, True, "normal", 0.0, (0, 0, 2, 1, 1), 3),
    "hard": (0.0, 0.75, 0.25, True, True, "hard", 0.0, (0, 0, 3, 2, 2), 3),
}
USE_ACCIO = 2.5      # what one Accio use is worth early in the game
USE_DECL = 1.2
CORNER_COST = 2.0
WIN_END = 20.0
BUDGET = PARAMS["hard"][7]   # hard's worlds (tools.arena's hard*K: K times as many)
TIME_CAP_MS = 600    # on a board: no new world past it


class Know:
    """The seat's picture of the game, built once per decision."""

    def __init__(self, state, seat, level, memory="own"):
        self.state = state
        self.seat = seat
        self.level = level
        n = state.num_players
        self.n = n
        self.colours = state.colours
        mem = state.memory(seat, memory_level(level) if memory == "own" else None)
        self.mem = mem
        seen = bytearray(98)
        for c in state.grid:
            if c != EMPTY:
                seen[c] = 1
        for o in range(n):
            for c in mem[o]:
                if c != EMPTY:
                    seen[c] = 1
            for c in state.spells[o]:
                seen[c] = 1
        for c in state.out:
            seen[c] = 1
        self.cnt = []
        self.sm = []
        self.imm = []
        for o in range(n):
            cnt = bytearray(N_KINDS)
            sm = bytearray(N_KINDS)
            im = 0
            for c in mem[o]:
                if c < 72:
                    cnt[c >> 2] += 1
                    sm[c >> 2] += (c & 3) + 1
                elif c < 74:
                    im += 1
            self.cnt.append(cnt)
            self.sm.append(sm)
            self.imm.append(im)
        unseen = bytearray(N_KINDS)
        total = 0
        for c in range(72):
            if not seen[c]:
                unseen[c >> 2] += 1
                total += 1
        pile = len(state.pile)
        frac = pile / total if total else 0.0
        if frac > 1.0:
            frac = 1.0
        board = bytearray(N_KINDS)
        for c in state.grid:
            if c < 72:
                board[c >> 2] += 1
        self.supply = [board[k] + unseen[k] * frac for k in range(N_KINDS)]
        self.board_kinds = board
        # Takes left for each player, roughly: the pile, then a few more while lines empty.
        left = (pile + 6) / n
        self.t = left / 8.0 if left < 8 else 1.0
        self.pile = pile
        self.forgotten = 0
        for c in mem[seat]:
            if c == EMPTY:
                self.forgotten += 1
        rec = state.recipes[seat] if state.recipes else []
        self.recipe_col = rec[0] - RECIPE_A + 4 if rec else -1
        self.goal = rec[1] - RECIPE_B if rec else -1
        self.vals = [None] * 36     # cell_value's answers (done: which are worked out)
        self.done = bytearray(36)
        self.deep = False
        self.deny = [None] * 36

    def potential(self, o, k, n, s):
        """What kind k is worth to seat o holding n cards of total s, future included."""
        if n == 0:
            return 0.0
        d = 2 if k >> 1 == self.colours[o] else 1
        sup = self.supply[k]
        q = sup * 0.35
        if q > 0.9:
            q = 0.9
        q *= self.t
        if n == 1:
            return -d * s * (1.0 - 0.8 * q)
        if n == 2:
            return q * d * (s + 2.5) * 0.8
        if n == 3:
            return d * s + q * (5 + d * 2.5) * 0.7
        return d * s + 5.0

    def gain(self, o, card):
        """The potential seat o gains with `card` in its cauldron."""
        cnt = self.cnt[o]
        sm = self.sm[o]
        if is_immuto(card):
            best = 0.0
            for k in range(N_KINDS):
                n = cnt[k]
                if n:
                    g = self.potential(o, k, n + 1, sm[k]) - self.potential(o, k, n, sm[k])
                    if g > best:
                        best = g
            return best + 0.5 * self.t
        k = card >> 2
        n = cnt[k]
        s = sm[k]
        g = self.potential(o, k, n + 1, s + (card & 3) + 1) - self.potential(o, k, n, s)
        # Immutos held make a lone card less of a risk.
        if n == 0 and self.imm[o]:
            g += 0.4 * (card & 3 + 1)
        return g

    def loss_of_top(self, o):
        """What seat o would lose if its top card went (Vanesco)."""
        cau = self.state.cauldrons[o]
        if not cau:
            return 0.0
        t = cau[-1]
        if t >= 72:
            return 1.0
        k = t >> 2
        n = self.cnt[o][k]
        s = self.sm[o][k]
        return self.potential(o, k, n, s) - self.potential(o, k, n - 1, s - (t & 3) - 1)

    def estimate(self, o, extra=EMPTY):
        """Seat o's ingredient score from what this seat remembers (+ one more card)."""
        cards = [c for c in self.mem[o] if c != EMPTY]
        if extra != EMPTY and in_cauldron(extra):
            cards.append(extra)
        return scoring.score_cauldron(cards, self.colours[o])[0]


def recipe_adj(kn, card):
    adj = 0.0
    if kn.recipe_col >= 0 and card < 72 and card >> 3 == kn.recipe_col:
        adj += (2.0 if kn.n == 4 else 1.0) * 0.9
    g = kn.goal
    if g == B_FEWEST_ING and in_cauldron(card):
        adj -= 0.8
    elif g == B_FEWEST_FOURS and card < 72 and card & 3 == 3:
        adj -= 2.5
    elif g == B_FEWEST_SPELLS and 74 <= card < 84:
        adj -= 2.5
    elif g == B_MOST_ONES and card < 72 and card & 3 == 0:
        adj += 2.0
    return adj


def spell_value(kn, card):
    t = spell_type(card)
    if t == 0:
        return 2 * USE_ACCIO * kn.t
    if t == 1:
        return 3 * USE_DECL * kn.t
    if t == 2:
        w = 1.0 if kn.n == 2 else 0.6
        v = 0.0
        for o in range(kn.n):
            if o != kn.seat:
                v += kn.loss_of_top(o)
        return w * v
    return 0.3 * kn.forgotten * kn.t + 0.2


def card_value(kn, card, deep):
    if in_cauldron(card):
        v = kn.gain(kn.seat, card)
    else:
        v = spell_value(kn, card)
    if deep:
        v += recipe_adj(kn, card)
    return v


def cell_value(kn, g):
    """card_value of the card in cell g (None for an empty cell or a corner), worked out the
    first time a plan or a take asks for it in a decision (kn.vals)."""
    if not kn.done[g]:
        c = kn.state.grid[g]
        kn.vals[g] = None if c == EMPTY or c >= 84 else card_value(kn, c, kn.deep)
        kn.done[g] = 1
    return kn.vals[g]


def deny_value(kn, g, card):
    """What the rivals would gain with the card of cell g, on average (cached per cell)."""
    d = kn.deny[g]
    if d is None:
        d = 0.0
        for o in range(kn.n):
            if o != kn.seat:
                x = kn.gain(o, card)
                if x > 0:
                    d += x
        d /= kn.n - 1
        kn.deny[g] = d
    return d


def line_best(kn, line, skip):
    best = None
    for g in LINE_CELLS[line]:
        if g == skip:
            continue
        v = cell_value(kn, g)
        if v is None:
            continue
        if best is None or v > best:
            best = v
    if best is None:
        return -CORNER_COST
    return best


def plan(kn, top, took_line, skip, decl_left):
    """What the next turn looks like with `top` on the cauldron."""
    s = kn.state
    seat = kn.seat
    if top != EMPTY and is_immuto(top) and took_line >= 0:
        return line_best(kn, took_line, skip)
    if top == EMPTY:
        d = 2
    elif is_immuto(top):
        d = 2
        cau = s.cauldrons[seat]
        for i in range(len(cau) - 1, -1, -1):
            if not is_immuto(cau[i]):
                d = (cau[i] & 3) + 1
                break
    else:
        d = (top & 3) + 1
    p = (s.pawns[seat] + d) % 20
    line = PLACE_LINE[p]
    if line < 0:
        if decl_left:
            q = PLACE_LINE[(p + d) % 20]
            return line_best(kn, q, skip) * 0.6 - USE_DECL * kn.t
        return -CORNER_COST
    return line_best(kn, line, skip)


def ends_game(s, line, g):
    if s.pile:
        return False
    for x in LINE_CELLS[line]:
        if x != g and s.grid[x] != EMPTY:
            return False
    return True


def end_value(kn, card):
    """Value of ending the game now, taking `card` (kept when it helps)."""
    mine = kn.estimate(kn.seat)
    with_card = kn.estimate(kn.seat, card)
    if with_card > mine:
        mine = with_card
    if kn.goal == B_LAST_CARD:
        mine += 10
    best = -999
    for o in range(kn.n):
        if o != kn.seat:
            e = kn.estimate(o)
            if e > best:
                best = e
    return WIN_END if mine > best else -WIN_END


def evaluate(kn, action, rnd):
    s = kn.state
    seat = kn.seat
    k = action >> 8
    arg = action & 0xFF
    _rand, plan_w, deny_w, deep, endsense = PARAMS[kn.level][:5]
    top = s.top(seat)
    decl_left = s.uses_left(seat, 1)
    if k == KEEP_K or k == DISCARD_K:
        card = s.held
        if not in_cauldron(card):
            return 0.0 if k == KEEP_K else (0.1 if kn.goal == B_FEWEST_SPELLS else -0.1)
        gain = kn.estimate(seat, card) - kn.estimate(seat)
        if deep:
            gain += recipe_adj(kn, card)
        return gain if k == KEEP_K else 0.0
    if k == PASS_K:
        return plan_w * 0.7 * plan(kn, top, -1, -1, decl_left)
    if k == DECL_K:
        line = PLACE_LINE[(s.pawns[seat] + s.dist) % 20]
        best = None
        for g in LINE_CELLS[line]:
            c = s.grid[g]
            if c == EMPTY or (78 <= c < 84):
                continue
            v = cell_value(kn, g)
            if best is None or v > best:
                best = v
        if best is None:
            only_instant = False
            for g in LINE_CELLS[line]:
                if s.grid[g] != EMPTY:
                    only_instant = True
            if only_instant:
                return end_value(kn, EMPTY) if endsense else -1.0
            return -USE_DECL * kn.t
        return best - USE_DECL * kn.t + 0.5
    # TAKE or ACCIO
    line = arg // 6
    g = LINE_CELLS[line][arg % 6]
    card = s.grid[g]
    if endsense and ends_game(s, line, g):
        return end_value(kn, card) + 0.01 * card_value(kn, card, deep)
    v = cell_value(kn, g)
    if k == ACCIO_K:
        v -= USE_ACCIO * kn.t + 0.3
    if deny_w and card < 72:
        v += deny_w * deny_value(kn, g, card)
    if plan_w:
        new_top = card if in_cauldron(card) else top
        dl = decl_left + (3 if spell_type(card) == 1 and not in_cauldron(card) else 0)
        v += plan_w * 0.7 * plan(kn, new_top, line, g, dl)
    return v


def memory_level(level):
    """The rules' memory level (state.memory) the AI of `level` plays with."""
    return PARAMS[level][5]


def _values(state, seat, level, memory="own"):
    """(legal actions, their heuristic values) for `seat` at `level` (memory: the rules'
    memory: "own" for the level's memory, "all" for every card it saw placed)."""
    kn = Know(state, seat, level, memory)
    kn.deep = PARAMS[level][3]
    legal = state.legal_actions()
    return legal, [evaluate(kn, a, None) for a in legal], kn


def _best(values):
    """Index of the best value (the earlier on ties)."""
    b = 0
    for i in range(1, len(values)):
        if values[i] > values[b]:
            b = i
    return b


def position(world, seat):
    """How good `world` (a full state, every card known) is for `seat`: the game's result
    when it is over; else its cauldron's worth with the future (Know.potential, every kind)
    minus the best rival's, plus the value of its best action now (the heuristic's)."""
    if world.is_over():
        sc = world.scores()
        best = -999
        for o in range(world.num_players):
            if o != seat and sc[o] > best:
                best = sc[o]
        return WIN_END * 3 if sc[seat] > best else (-WIN_END * 3 if sc[seat] < best else 0.0)
    if world.current_player == seat:
        _legal, vals, kn = _values(world, seat, "hard", "all")
        now = vals[_best(vals)]
    else:
        kn = Know(world, seat, "hard", "all")
        now = 0.0
    worth = [0.0] * kn.n
    for o in range(kn.n):
        cnt = kn.cnt[o]
        sm = kn.sm[o]
        for k in range(N_KINDS):
            if cnt[k]:
                worth[o] += kn.potential(o, k, cnt[k], sm[k])
    best = -999.0
    for o in range(kn.n):
        if o != seat and worth[o] > best:
            best = worth[o]
    return worth[seat] - best + now


def look_ahead(state, seat, level, rng, cands, extra, worlds, when):
    """The candidate whose worlds end the round best for `seat` (position): in each sampled
    world (the hidden pile, the cauldron cards it forgot at its memory level and the rivals'
    Recipes dealt again), the candidate is played (and the rest of its turn, by its
    heuristic), then each rival plays the Hard heuristic's move until `seat` is to move again.
    `extra[i]`: what the candidate is worth beyond `position` (its Recipes). Stops early at
    the deadline `when` once one world has been looked at."""
    totals = [0.0] * len(cands)
    done = 0
    while done < worlds:
        world = state.sample_hidden(seat, rng, memory_level(level))
        for i in range(len(cands)):
            w = world.clone()
            w.apply(cands[i])
            while not w.is_over() and w.current_player == seat:   # the rest of its turn
                legal, vals, _kn = _values(w, seat, level, "all")
                w.apply(legal[_best(vals)])
            while not w.is_over() and w.current_player != seat:
                p = w.current_player
                legal, vals, _kn = _values(w, p, "hard", "all")
                w.apply(legal[_best(vals)])
            totals[i] += position(w, seat) + extra[i]
        done += 1
        if sampling.out_of_time(when):
            break
    return cands[_best(totals)]


def choose(state, seat, level, rng, budget=None):
    """The action `seat` plays at `level` ("easy", "normal", "hard"). `budget`: the worlds
    sampled for the look-ahead (None: the level's own, PARAMS; 0: the heuristic alone)."""
    check_turn(state, seat, level)
    legal = state.legal_actions()
    if not legal:
        raise ValueError("no legal action")
    if len(legal) == 1:
        return legal[0]
    rand = PARAMS[level][0]
    if off_day(rng, seat, PARAMS[level][6]):
        rand = 1.0
    if rand and rng.random() < rand:
        return rng.choice(legal)
    legal, vals, kn = _values(state, seat, level)
    worlds = PARAMS[level][7][state.num_players] if budget is None else budget
    if worlds <= 0:
        return legal[_best(vals)]
    order = sorted(range(len(legal)), key=lambda i: (-vals[i], i))
    cands = [legal[i] for i in order[:PARAMS[level][8]]]
    extra = [recipe_part(kn, a) if PARAMS[level][3] else 0.0 for a in cands]
    return look_ahead(state, seat, level, rng, cands, extra, worlds,
                      sampling.deadline(TIME_CAP_MS))


def recipe_part(kn, action):
    """What the card an action puts in the cauldron is worth for the Recipes (recipe_adj):
    the look-ahead's position leaves them out."""
    k = action >> 8
    if k == KEEP_K:
        card = kn.state.held
    elif k == TAKE_K or k == ACCIO_K:
        arg = action & 0xFF
        card = kn.state.grid[LINE_CELLS[arg // 6][arg % 6]]
    else:
        return 0.0
    return recipe_adj(kn, card) if card != EMPTY else 0.0
