# Shadow Lock objectives: the ten-box scorecard of GAMES.md section 4, as pure functions of a
# secured pile (card ids of assets/decks/shadowlock.csv). Runs on CPython and MicroPython.
#
# Boxes are 0..9 here (objective numbers 1..10 of GAMES.md's table minus one):
#   family Value:  0 Pair (2)  1 Two pairs (4)  2 Three of a kind (6)  3 Four of a kind (15)
#   family Colour: 4 Flush (8)  5 Full colour (12)
#   family Run:    6 Small run (5)  7 Long run (12)  8 Rainbow run (18)
#   family Bonus:  9 Collector (flat 10)
# Points = base + the highest card value in the combination (the Collector is a flat 10).
# A joker is a Rainbow or Shadow card of the pile: it stands for ONE card that is not in the
# pile and counts as that card's value (in a Flush or Full colour, the highest value of that
# colour not already in the combination, so a joker flush is always worth base + 12). At most
# one joker in a combination. Runs do not wrap. The Collector counts every card of the pile
# (jokers included) and uses up no joker (implementation).

from micropython import const

from games.shadowlock import cards

BOXES = const(10)
FAMILIES = const(4)
BASES = (2, 4, 6, 15, 8, 12, 5, 12, 18, 10)
FAMILY_OF = (0, 0, 0, 0, 1, 1, 2, 2, 2, 3)
FAMILY_BOXES = ((0, 1, 2, 3), (4, 5), (6, 7, 8), (9,))
COLLECTOR_CARDS = const(10)

_KIND = cards.KIND
_VALUE = cards.VALUE
_COLOUR = cards.COLOUR
K_NUMBER = const(0)
K_RAINBOW = const(1)
K_SHADOW = const(2)


def profile(card_ids):
    """(masks, jokers, size): masks[v] (v 1..12) has bit c set when the pile holds value v of
    colour c; jokers = Rainbow and Shadow cards; size = cards in the pile."""
    masks = bytearray(13)
    jokers = 0
    size = 0
    for c in card_ids:
        k = _KIND[c]
        if k == K_NUMBER:
            masks[_VALUE[c]] |= 1 << _COLOUR[c]
            size += 1
        elif k == K_RAINBOW or k == K_SHADOW:
            jokers += 1
            size += 1
    return masks, jokers, size


_POP = b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"


def box_points(box, masks, jokers, size, joker=1):
    """Points of the best way to meet `box` (0..9) from a profile, 0 when not met; `joker` 1
    lets one joker of the pile stand in (if it has one), 0 uses real cards only."""
    j = 1 if (joker and jokers > 0) else 0
    base = BASES[box]
    if box == 9:
        return base if size >= COLLECTOR_CARDS else 0
    if box == 0 or box == 2 or box == 3:
        need = 2 if box == 0 else (3 if box == 2 else 4)
        for v in range(12, 0, -1):
            n = _POP[masks[v]]
            if n >= need or (j and n == need - 1):
                return base + v
        return 0
    if box == 1:
        for a in range(12, 1, -1):
            na = _POP[masks[a]]
            if na == 0 or (na < 2 and not j):
                continue
            for b in range(a - 1, 0, -1):
                nb = _POP[masks[b]]
                if na >= 2 and nb >= 2:
                    return base + a
                if j and ((na >= 2 and nb == 1) or (na == 1 and nb >= 2)):
                    return base + a
        return 0
    if box == 4 or box == 5:
        need = 5 if box == 4 else 6
        best = 0
        for col in range(4):
            bit = 1 << col
            n = 0
            high = 0
            for v in range(1, 13):
                if masks[v] & bit:
                    n += 1
                    high = v
            if j and n >= need - 1:
                return base + 12          # the joker is the highest value of the colour
            if n >= need and base + high > best:
                best = base + high
        return best
    if box == 6 or box == 7:
        length = 3 if box == 6 else 5
        for top in range(12, length - 1, -1):
            missing = 0
            for v in range(top - length + 1, top + 1):
                if not masks[v]:
                    missing += 1
            if missing == 0 or (j and missing == 1):
                return base + top
        return 0
    # box 8: Rainbow run, 4 consecutive values in 4 different colours. The most values that
    # get distinct colours is 4 - max over subsets S (|S| - colours of S) (Hall's theorem).
    for top in range(12, 3, -1):
        m0 = masks[top - 3]
        m1 = masks[top - 2]
        m2 = masks[top - 1]
        m3 = masks[top]
        present = (1 if m0 else 0) + (1 if m1 else 0) + (1 if m2 else 0) + (1 if m3 else 0)
        if present < 4 - j or _POP[m0 | m1 | m2 | m3] < 4 - j:
            continue
        d = _deficiency(masks, top - 3)
        if d == 0 or (j and d == 1):
            return base + top
    return 0


def _deficiency(masks, low):
    """4 minus the most of the values low..low+3 that can get four distinct colours."""
    d = 0
    for sub in range(1, 16):
        u = 0
        for i in range(4):
            if sub >> i & 1:
                u |= masks[low + i]
        k = _POP[sub] - _POP[u]
        if k > d:
            d = k
    return d


def objective_points(objective, card_ids, joker=1):
    """The points of the best way to meet `objective` (1..10, the rows of GAMES.md's table)
    with the secured pile `card_ids`; 0 when it is not met. At most one joker (Rainbow or
    Shadow of the pile) stands in; `joker=0` counts real cards only."""
    if objective < 1 or objective > BOXES:
        raise ValueError("objective must be 1..10, got %r" % (objective,))
    masks, jokers, size = profile(card_ids)
    return box_points(objective - 1, masks, jokers, size, joker)


def family_options(family, card_ids, boxes, jokers_free):
    """The ways to validate one box of `family` now: [(points, box, uses_joker)], best first.
    `boxes[b]` is nonzero for a box already validated (frozen: never offered again);
    `jokers_free` is how many of the pile's jokers have not completed a combination yet this
    round. A joker option is listed only when it beats the same box without one."""
    masks, jokers, size = profile(card_ids)
    return _options(family, masks, min(jokers, jokers_free), size, boxes)


def _options(family, masks, jfree, size, boxes):
    out = []
    for box in FAMILY_BOXES[family]:
        if boxes[box]:
            continue
        p0 = box_points(box, masks, 0, size, 0)
        if p0:
            out.append((p0, box, 0))
        if jfree > 0 and box != 9:
            p1 = box_points(box, masks, jfree, size, 1)
            if p1 > p0:
                out.append((p1, box, 1))
    out.sort(key=_neg_points)
    return out


def _neg_points(opt):
    return (-opt[0], opt[2], opt[1])


def plan_value(masks, jokers, size, boxes):
    """The total points of the best plan (as best_plan) from a profile, computed in one pass
    (what the AI evaluates thousands of times; tests check it against best_plan)."""
    j = 1 if jokers else 0
    cv = _CV                    # scratch: no allocation per call
    vm = 0
    for v in range(1, 13):
        m = masks[v]
        cv[v] = _POP[m]
        if m:
            vm |= 1 << v
    g0 = g1 = g2 = 0            # what a joker would add in each family
    total = 0
    # Value: pair, three, four of a kind (need 2, 3, 4) and two pairs
    b0 = 0
    b1 = 0
    for box, need in ((0, 2), (2, 3), (3, 4)):
        if boxes[box]:
            continue
        base = BASES[box]
        for v in range(12, 0, -1):
            n = cv[v]
            if n >= need:
                if base + v > b0:
                    b0 = base + v
                if base + v > b1:
                    b1 = base + v
                break
            if j and n == need - 1 and base + v > b1:
                b1 = base + v
    if not boxes[1]:
        p0 = box_points(1, masks, 0, size, 0)
        if p0 > b0:
            b0 = p0
        if j:
            p1 = box_points(1, masks, jokers, size, 1)
            if p1 > b1:
                b1 = p1
    total += b0
    if b1 > b0:
        g0 = b1 - b0
    # Colour: flush (5), full colour (6)
    if not boxes[4] or not boxes[5]:
        b0 = 0
        b1 = 0
        for col in range(4):
            bit = 1 << col
            n = 0
            high = 0
            for v in range(1, 13):
                if masks[v] & bit:
                    n += 1
                    high = v
            for box, need in ((4, 5), (5, 6)):
                if boxes[box]:
                    continue
                base = BASES[box]
                if n >= need and base + high > b0:
                    b0 = base + high
                if j and n >= need - 1 and base + 12 > b1:
                    b1 = base + 12
        total += b0
        if b1 > b0:
            g1 = b1 - b0
    # Run: small (3), long (5), rainbow run (4 values, 4 colours)
    b0 = 0
    b1 = 0
    for box, length in ((6, 3), (7, 5)):
        if boxes[box]:
            continue
        base = BASES[box]
        full = (1 << length) - 1
        got1 = False
        for top in range(12, length - 1, -1):
            have = _POP5[(vm >> (top - length + 1)) & full]
            if have == length:
                if base + top > b0:
                    b0 = base + top
                if base + top > b1:
                    b1 = base + top
                break
            if j and not got1 and have == length - 1:
                got1 = True
                if base + top > b1:
                    b1 = base + top
    if not boxes[8]:
        p0 = box_points(8, masks, 0, size, 0)
        if p0 > b0:
            b0 = p0
        if j:
            p1 = box_points(8, masks, jokers, size, 1)
            if p1 > b1:
                b1 = p1
    total += b0
    if b1 > b0:
        g2 = b1 - b0
    if not boxes[9] and size >= COLLECTOR_CARDS:
        total += BASES[9]
    if jokers:
        # each joker completes one combination: the biggest gains first
        if g0 < g1:
            g0, g1 = g1, g0
        if g1 < g2:
            g1, g2 = g2, g1
        if g0 < g1:
            g0, g1 = g1, g0
        total += g0
        if jokers > 1:
            total += g1
            if jokers > 2:
                total += g2
    return total


_CV = bytearray(13)
_POP5 = bytes([(n & 1) + (n >> 1 & 1) + (n >> 2 & 1) + (n >> 3 & 1) + (n >> 4 & 1)
               for n in range(32)])


def best_plan(card_ids, boxes, jokers_free=None, first=0):
    """The choice worth the most over the families `first`..Bonus: [(family, points, box,
    uses_joker)] for each family with something to validate (families with nothing left out),
    using at most the pile's jokers (each completes one combination). What the screen
    proposes and the AI validates. The round end settles the families one by one
    (State.val_family): plan from the one at hand, `first`, as those before it are settled
    (planned over all four again, a joker went to a settled family and the one at hand got
    less: 12R 12B 12Y 3G 4R Rainbow, 28 planned, 18 validated)."""
    masks, jokers, size = profile(card_ids)
    if jokers_free is not None:
        jokers = min(jokers, jokers_free)
    best0 = []
    best1 = []
    for f in range(FAMILIES):
        if f < first:
            best0.append(None)
            best1.append(None)
            continue
        opts = _options(f, masks, jokers, size, boxes)
        nat = None
        any_ = None
        for o in opts:
            if any_ is None:
                any_ = o
            if not o[2] and nat is None:
                nat = o
        best0.append(nat)
        best1.append(any_)
    # Give the jokers to the families where they gain the most.
    gains = []
    for f in range(FAMILIES):
        b1 = best1[f]
        if b1 is not None and b1[2]:
            b0 = best0[f]
            gains.append((b1[0] - (b0[0] if b0 else 0), f))
    gains.sort(reverse=True)
    use = [0] * FAMILIES
    for k in range(min(jokers, len(gains))):
        use[gains[k][1]] = 1
    plan = []
    for f in range(FAMILIES):
        o = best1[f] if use[f] else best0[f]
        if o is not None:
            plan.append((f, o[0], o[1], o[2]))
    return plan
