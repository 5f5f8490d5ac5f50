# Piles of cards as lists of small ints, the top of a pile at the END of the list (pile[-1]),
# so drawing is list.pop(): O(1), no allocation. Every shuffle takes the game's seeded
# core.rng.Rng, so a game is replayable from its seed.


def shuffled(cards, rng):
    """A new list holding `cards` in a random order (the input is not changed)."""
    out = list(cards)
    rng.shuffle(out)
    return out


def draw(pile):
    """Take the top card of `pile`; ValueError when it is empty."""
    if not pile:
        raise ValueError("the pile is empty")
    return pile.pop()


def draw_n(pile, n):
    """Take up to `n` cards from the top, first drawn first."""
    out = []
    while n > 0 and pile:
        out.append(pile.pop())
        n -= 1
    return out


def deal(pile, hands, n):
    """Deal `n` cards to each list in `hands`, one at a time round the table."""
    for _ in range(n):
        for hand in hands:
            if pile:
                hand.append(pile.pop())


def split(cards, parts):
    """Cut `cards` into `parts` piles of (nearly) equal size, in order."""
    size = len(cards)
    out = []
    start = 0
    for i in range(parts):
        end = start + (size - start) // (parts - i)
        out.append(list(cards[start:end]))
        start = end
    return out


def put_under(pile, card):
    """A card goes under the pile (the bottom is pile[0])."""
    pile.insert(0, card)


def reshuffle(pile, discard, rng, cap=-1, count=None):
    """When `pile` is empty, shuffle `discard` into it and empty `discard`.

    `count` is a one-element list counting reshuffles so far; with a `cap` >= 0 no reshuffle
    happens once `count[0]` has reached it (a game that could cycle for ever must end).
    Returns True when the pile was refilled."""
    if pile or not discard:
        return False
    if count is not None:
        if 0 <= cap <= count[0]:
            return False
        count[0] += 1
    pile.extend(discard)
    del discard[:]
    rng.shuffle(pile)
    return True


def places(card_count, *holders):
    """How many times each card 0..card_count-1 appears in the given holders (lists, tuples,
    bytearrays, or None); tests and `check()` methods use it for the invariant "every card is
    in exactly one place". Values >= card_count (empty-slot markers) are ignored."""
    seen = bytearray(card_count)
    for holder in holders:
        if holder is None:
            continue
        for c in holder:
            if 0 <= c < card_count:
                seen[c] += 1
    return seen


def check_places(card_count, *holders):
    """Raise AssertionError naming the first card not in exactly one place."""
    seen = places(card_count, *holders)
    for c in range(card_count):
        if seen[c] != 1:
            raise AssertionError("card %d is in %d places" % (c, seen[c]))
