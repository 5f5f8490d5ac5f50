# Cauldron scoring: pure functions of card ids. Runs on CPython and MicroPython.
#
# Per ingredient kind (n cards, values summed, each value doubled when the kind has the
# owner's pawn colour -- negatives too):  1 card: minus its value;  2: 0;  3: the sum;
# 4 or more: the sum + 5 (the 5 is never doubled). An Immuto is a card of value 0 of the kind
# it is assigned to; each player's Immutos are assigned to maximise that player's ingredient
# score (any kind, even one held by no card); among equal choices, the one putting more
# Immutos in the colour of the player's Recipe A, then the lowest kind numbers.
# Spells score 0.
#
# Recipes (GAMES.md section 6): A (a non-player colour): the owner's count of that colour is
# their ingredient cards of it plus their Immutos assigned to it; strictly the highest count
# at the table -> +1 per counted card (2-3 players) or +2 (4 players). B: +10 when the owner
# alone meets the goal: fewest cauldron cards (Immuto included), fewest value-4 cards, fewest
# spell cards, most value-1 cards, took the card that ended the game. Ties: nobody scores.

from games.cauldron.board import (
    B_FEWEST_FOURS,
    B_FEWEST_ING,
    B_FEWEST_SPELLS,
    B_LAST_CARD,
    B_MOST_ONES,
    N_KINDS,
    RECIPE_A,
    RECIPE_B,
    colour_index,
)

FOUR_BONUS = 5
B_BONUS = 10


def kind_points(n, total, double):
    """Points of one kind: n cards (Immutos included) whose values add up to `total`."""
    if n == 0 or n == 2:
        return 0
    v = total * 2 if double else total
    if n == 1:
        return -v
    if n == 3:
        return v
    return v + FOUR_BONUS


def _counts(card_ids):
    n = bytearray(N_KINDS)
    s = bytearray(N_KINDS)
    imm = 0
    for c in card_ids:
        if c < 72:
            n[c >> 2] += 1
            s[c >> 2] += (c & 3) + 1
        elif c < 74:
            imm += 1
    return n, s, imm


def _assign(n, s, imm, own, recipe_colour):
    """The kinds the Immutos go to (a list of imm kind numbers, sorted)."""
    if imm == 0:
        return []
    best = [0]
    best_key = -1
    base = [kind_points(n[k], s[k], k >> 1 == own) for k in range(N_KINDS)]
    for a in range(N_KINDS):
        lo = a if imm > 1 else 0
        for b in range(lo, N_KINDS if imm > 1 else 1):
            if imm == 1:
                gain = kind_points(n[a] + 1, s[a], a >> 1 == own) - base[a]
                help_ = 1 if a >> 1 == recipe_colour else 0
                pick = [a]
            elif a == b:
                gain = kind_points(n[a] + imm, s[a], a >> 1 == own) - base[a]
                help_ = imm if a >> 1 == recipe_colour else 0
                pick = [a] * imm
            else:
                gain = (kind_points(n[a] + 1, s[a], a >> 1 == own) - base[a] +
                        kind_points(n[b] + 1, s[b], b >> 1 == own) - base[b])
                help_ = (1 if a >> 1 == recipe_colour else 0) + \
                    (1 if b >> 1 == recipe_colour else 0)
                pick = [a, b]
            key = gain * 8 + help_
            if key > best_key:
                best_key = key
                best = pick
    return best if imm <= 2 else best + [best[0]] * (imm - 2)


def breakdown(card_ids, colour, recipe_colour=-1):
    """(points, assignments, rows): rows are (kind, cards, immutos, points) for every kind the
    cauldron holds or an Immuto went to, in kind order."""
    own = colour_index(colour)
    n, s, imm = _counts(card_ids)
    assigned = _assign(n, s, imm, own, recipe_colour)
    extra = bytearray(N_KINDS)
    for k in assigned:
        extra[k] += 1
    total = 0
    rows = []
    for k in range(N_KINDS):
        m = n[k] + extra[k]
        if m == 0:
            continue
        p = kind_points(m, s[k], k >> 1 == own)
        total += p
        rows.append((k, n[k], extra[k], p))
    return total, assigned, rows


def score_cauldron(card_ids, colour, recipe_colour=-1):
    """(points, how each Immuto was assigned: a list of kind numbers) for one cauldron.

    `card_ids`: ids of the deck table; `colour`: the pawn's colour name (or index);
    `recipe_colour`: the colour index of the owner's Recipe A, for ties only (-1: none)."""
    total, assigned, _rows = breakdown(card_ids, colour, recipe_colour)
    return total, assigned


def colour_count(card_ids, assigned, col):
    """Ingredient cards of colour `col` plus Immutos assigned to one of its kinds."""
    n = 0
    for c in card_ids:
        if c < 72 and c >> 3 == col:
            n += 1
    for k in assigned:
        if k >> 1 == col:
            n += 1
    return n


def recipe_b_value(goal, cauldron, spells, seat, ender):
    """The figure a Recipe B goal compares (for last_card: 1 for the ender, else 0)."""
    if goal == B_FEWEST_ING:
        return len(cauldron)
    if goal == B_FEWEST_FOURS:
        return len([c for c in cauldron if c < 72 and c & 3 == 3])
    if goal == B_FEWEST_SPELLS:
        return len(spells)
    if goal == B_MOST_ONES:
        return len([c for c in cauldron if c < 72 and c & 3 == 0])
    return 1 if seat == ender else 0


def final_scores(cauldrons, colours, spells=None, recipes=None, ender=-1):
    """Totals and details for the whole table.

    `cauldrons`: per seat, the card ids in the cauldron; `colours`: per seat, the pawn colour
    (name or index); `spells`: per seat, the spell cards taken (for Recipe B); `recipes`: None
    (no Recipes) or per seat (recipe A card id, recipe B card id); `ender`: the seat whose take
    ended the game, -1 for nobody (Declinatio dead end, turn cap).
    Returns (totals, details): details[seat] = (ingredient points, Immuto kinds,
    Recipe A bonus, Recipe B bonus)."""
    n = len(cauldrons)
    if spells is None:
        spells = [[] for _ in range(n)]
    base = []
    assigned = []
    for seat in range(n):
        rc = -1
        if recipes is not None:
            rc = recipes[seat][0] - RECIPE_A + 4
        pts, asg = score_cauldron(cauldrons[seat], colours[seat], rc)
        base.append(pts)
        assigned.append(asg)
    bonus_a = [0] * n
    bonus_b = [0] * n
    if recipes is not None:
        per = 2 if n == 4 else 1
        for seat in range(n):
            col = recipes[seat][0] - RECIPE_A + 4
            counts = [colour_count(cauldrons[o], assigned[o], col) for o in range(n)]
            mine = counts[seat]
            if all([mine > counts[o] for o in range(n) if o != seat]):
                bonus_a[seat] = mine * per
            goal = recipes[seat][1] - RECIPE_B
            vals = [recipe_b_value(goal, cauldrons[o], spells[o], o, ender) for o in range(n)]
            v = vals[seat]
            if goal == B_LAST_CARD:
                ok = v == 1
            elif goal == B_MOST_ONES:
                ok = all([v > vals[o] for o in range(n) if o != seat])
            else:
                ok = all([v < vals[o] for o in range(n) if o != seat])
            if ok:
                bonus_b[seat] = B_BONUS
    totals = [base[s] + bonus_a[s] + bonus_b[s] for s in range(n)]
    details = [(base[s], assigned[s], bonus_a[s], bonus_b[s]) for s in range(n)]
    return totals, details
