# Manufactory: the rules engine. Runs on CPython and MicroPython.
#
# Rules: docs/rules/manufactory.md (seed 003 as settled by GAMES.md section 5), after the Magic:
# The Gathering minigame "Mishra's Manufactory", with a pool of generic machine parts.
#
# Cards are the pool's ids 0..74 (assets/decks/manufactory.csv, compiled into cards.py). Each
# part can join some of the six groups W U B R G C (White, Blue, Black, Red, Green,
# colourless): a plain part one, a multicolour part either of its two colours, a land any.
#
# The conveyor `belt` holds up to 4 cards, index 0 the front; slots 0-1 are free, slots 2-3
# (nearest the deck) cost one card already collected, which leaves the game. The taken card's
# place closes (the cards behind slide forward) and the deck's top card enters at the back.
# Once the deck is empty the belt shrinks, losing its back slots first.
#
# Actions are small ints (kit.actions): kind << 8 | argument.
#   TAKE    slot 0..3        draft the card at that belt slot
#   DISCARD card             the collected card given up for a back card (pending choice)
#   DECLARE group 0..5       the group a land or multicolour part joins (pending choice)
# A back card first asks for the discard, then (for a wild card) the colour; the taken card
# stays on the belt (`slot`) until its draft is complete, so every card is always in one place.
#
# Hidden information: only the deck's order. Which parts are still in the deck is public (house
# ruling: the players may look through the remaining parts, not at their order).

from micropython import const

from core.rng import Rng
from games.manufactory import cards
from kit import piles
from kit.actions import encode

TAKE = const(0)
DISCARD = const(1)
DECLARE = const(2)
NUM_ACTIONS = const(0x300)   # every action int is below this

OVER = const(-2)
ACT = const(0)
P_DISCARD = const(1)
P_DECLARE = const(2)
DONE = const(3)

BELT = const(4)
FREE = const(2)              # slots 0..FREE-1 are free
NONE = const(255)
NGROUPS = const(6)
GROUPS = "WUBRGC"
GROUP_NAMES = ("White", "Blue", "Black", "Red", "Green", "Colourless")
PLACE_POINTS = (3, 2)
BONUS = (0, 0, 0, 0, 2, 4, 6)   # by number of non-empty groups
BOOSTER = const(14)
PER_GROUP = const(2)         # plain parts of each group in a booster (house ruling)
COUNT = cards.COUNT


def _masks():
    names = cards.COLOURS_NAMES
    out = bytearray(COUNT)
    for c in range(COUNT):
        m = 0
        for ch in names[cards.COLOURS[c]]:
            m |= 1 << GROUPS.index(ch)
        out[c] = m
    return bytes(out)


OPTIONS = _masks()           # per card: bit g set when the card may join group g
MANA = cards.MANA
LAND = cards.KIND_NAMES.index("land")


def is_land(card):
    return cards.KIND[card] == LAND


def is_wild(card):
    """True when the card's group is declared when drafted (a land or a multicolour part)."""
    m = OPTIONS[card]
    return m & (m - 1) != 0


def plain_group(card):
    """The one group of a plain part; NONE for a wild card."""
    m = OPTIONS[card]
    if m & (m - 1):
        return NONE
    g = 0
    while not m & 1:
        m >>= 1
        g += 1
    return g


def card_name(card):
    return cards.NAME_NAMES[cards.NAME[card]]


# -- scoring ---------------------------------------------------------------------------------


def place_points(keys):
    """Points of one colour group. `keys[p]` ranks player p's group: count * 8 + highest mana
    (0 = empty, which never scores). Largest first 3, second 2; equal keys share the place,
    each getting half its points rounded up, and use up the places they share."""
    n = len(keys)
    out = [0] * n
    place = 0
    prev = 1 << 30
    while place < 2:
        best = 0
        for k in keys:
            if best < k < prev:
                best = k
        if best == 0:
            break
        tied = 0
        for k in keys:
            if k == best:
                tied += 1
        pts = PLACE_POINTS[place] if tied == 1 else (PLACE_POINTS[place] + 1) // 2
        for p in range(n):
            if keys[p] == best:
                out[p] = pts
        place += tied
        prev = best
    return out


def score_table(cnt, top, n):
    """(per group: the list of each player's points, per player: group bonus, totals).
    `cnt[p * 6 + g]` / `top[p * 6 + g]`: size and highest mana of player p's group g."""
    rows = []
    totals = [0] * n
    groups = [0] * n
    for g in range(NGROUPS):
        keys = [0] * n
        for p in range(n):
            i = p * NGROUPS + g
            if cnt[i]:
                keys[p] = cnt[i] * 8 + top[i]
                groups[p] += 1
        pts = place_points(keys)
        rows.append(pts)
        for p in range(n):
            totals[p] += pts[p]
    bonus = [BONUS[k] for k in groups]
    for p in range(n):
        totals[p] += bonus[p]
    return rows, bonus, totals


def final_scores(collections):
    """Each player's points for their collected cards.

    `collections[p]` is player p's list of (group, mana) pairs, group one of "W", "U", "B",
    "R", "G", "C" (the declared group of a land or multicolour part) and mana 0..7. Per group:
    the largest group scores 3, the second 2; between equal sizes the group holding the single
    highest mana value ranks higher; still equal, the tied players share the place, each
    getting half its points rounded up (2 for first, 1 for second), and the places they share
    are used up (two tied first: nobody is second). Empty groups never score. Group bonus:
    4 groups 2, 5 groups 4, 6 groups 6. ValueError on an unknown group or mana value."""
    n = len(collections)
    cnt = bytearray(NGROUPS * n)
    top = bytearray(NGROUPS * n)
    for p in range(n):
        for group, mana in collections[p]:
            g = GROUPS.find(group) if isinstance(group, str) and len(group) == 1 else -1
            if g < 0:
                raise ValueError("unknown group %r (one of W U B R G C)" % (group,))
            if not 0 <= mana <= 7:
                raise ValueError("mana value %r out of range 0..7" % (mana,))
            i = p * NGROUPS + g
            cnt[i] += 1
            if mana > top[i]:
                top[i] = mana
    return score_table(cnt, top, n)[2]


# -- the deal --------------------------------------------------------------------------------


def pools():
    """The pool by category: (plain parts of each group, multicolour parts, lands)."""
    plain = [[] for _ in range(NGROUPS)]
    multi = []
    lands = []
    for c in range(COUNT):
        if is_land(c):
            lands.append(c)
        elif is_wild(c):
            multi.append(c)
        else:
            plain[plain_group(c)].append(c)
    return plain, multi, lands


def boosters(players, rng):
    """One 14-card booster per player: 1 land, 1 multicolour part and 2 plain parts of each of
    the six groups, drawn from the pool without repeats."""
    plain, multi, lands = pools()
    lands = piles.shuffled(lands, rng)
    multi = piles.shuffled(multi, rng)
    plain = [piles.shuffled(p, rng) for p in plain]
    out = []
    for _ in range(players):
        b = [lands.pop(), multi.pop()]
        for g in range(NGROUPS):
            b.extend(piles.draw_n(plain[g], PER_GROUP))
        out.append(b)
    return out


class State:
    """A game of Manufactory. Fields are public for the view and tests; change them only
    through apply() (tests build positions with `position`)."""

    def __init__(self, num_players=2):
        self.num_players = num_players
        self.cards = b""                  # the cards of this game, sorted
        self.deck = []                    # top at the end
        self.belt = []                    # index 0 = front
        self.coll = [[] for _ in range(num_players)]
        self.group = bytearray(b"\xff" * COUNT)   # declared / plain group of collected cards
        self.out = []                     # given up for back cards
        self.current_player = 0
        self.first = 0
        self.phase = ACT
        self.choices = []
        self.slot = -1                    # belt slot being drafted during a pending choice
        self.drafts = 0
        self.events = []                  # what the last apply() did (for the screens)

    # -- queries -----------------------------------------------------------------------------
    def is_over(self):
        return self.current_player == OVER

    def keys(self):
        """(cnt, top): size and highest mana of each player's groups, index p * 6 + g."""
        n = self.num_players
        cnt = bytearray(NGROUPS * n)
        top = bytearray(NGROUPS * n)
        grp = self.group
        for p in range(n):
            base = p * NGROUPS
            for c in self.coll[p]:
                i = base + grp[c]
                cnt[i] += 1
                if MANA[c] > top[i]:
                    top[i] = MANA[c]
        return cnt, top

    def table(self):
        cnt, top = self.keys()
        return score_table(cnt, top, self.num_players)

    def scores(self):
        """Everyone's points for the cards collected so far (the final score once over)."""
        return self.table()[2]

    def returns(self):
        sc = self.scores()
        best = max(sc)
        shared = sc.count(best) > 1
        return [(0.5 if shared else 1.0) if v == best else 0.0 for v in sc]

    def legal_actions(self):
        if self.current_player < 0:
            return []
        if self.phase != ACT:
            return list(self.choices)
        n = len(self.belt)
        if not self.coll[self.current_player]:
            n = min(n, FREE)
        return [s for s in range(n)]     # TAKE is kind 0: the action is the slot

    def cost(self, slot):
        """Collected cards a draft from `slot` costs: 0 for the front, 1 for the back."""
        return 0 if slot < FREE else 1

    # -- applying ----------------------------------------------------------------------------
    def _why_illegal(self, act):
        if not isinstance(act, int):
            return "an action is an int, got %r" % (act,)
        kind = act >> 8
        arg = act & 0xFF
        seat = self.current_player
        if self.phase == P_DISCARD:
            if kind != DISCARD:
                return "give up a collected card first (for the back card)"
            if arg not in self.coll[seat]:
                return "you cannot give up %s: you have not collected it" % (
                    card_name(arg) if arg < COUNT else str(arg))
            return None
        if self.phase == P_DECLARE:
            if kind != DECLARE:
                return "declare the colour of %s first" % card_name(self.belt[self.slot])
            card = self.belt[self.slot]
            if arg >= NGROUPS or not OPTIONS[card] >> arg & 1:
                return "%s cannot be %s" % (card_name(card), GROUP_NAMES[arg] if
                                            arg < NGROUPS else str(arg))
            return None
        if kind != TAKE:
            return "%s: draft a card from the conveyor first" % self.action_str(act)
        if arg >= len(self.belt):
            return "the conveyor has no slot %d" % (arg + 1)
        if arg >= FREE and not self.coll[seat]:
            return "a back card costs a collected card, and you have none"
        return None

    def apply(self, act):
        if self.current_player < 0:
            raise ValueError("the game is over")
        why = self._why_illegal(act)
        if why:
            raise ValueError(why)
        self.events = []
        kind = act >> 8
        arg = act & 0xFF
        seat = self.current_player
        if kind == TAKE:
            self.slot = arg
            self.events.append(("take", seat, arg, self.belt[arg]))
            if arg >= FREE:
                self.phase = P_DISCARD
                self.choices = [encode(DISCARD, c) for c in self.coll[seat]]
                return
        elif kind == DISCARD:
            self.coll[seat].remove(arg)
            self.group[arg] = NONE
            self.out.append(arg)
            self.events.append(("discard", seat, arg))
        else:
            card = self.belt[self.slot]
            self._collect(seat, card, arg)
            self.events.append(("declare", seat, card, arg))
            self._next(seat)
            return
        card = self.belt[self.slot]
        if is_wild(card):
            self.phase = P_DECLARE
            m = OPTIONS[card]
            self.choices = [encode(DECLARE, g) for g in range(NGROUPS) if m >> g & 1]
            return
        self._collect(seat, card, plain_group(card))
        self._next(seat)

    def _collect(self, seat, card, g):
        self.coll[seat].append(card)
        self.group[card] = g

    def _next(self, seat):
        self.belt.pop(self.slot)
        if self.deck:
            self.belt.append(self.deck.pop())
        self.events.append(("slide", seat, self.slot))
        self.slot = -1
        self.phase = ACT
        self.choices = []
        self.drafts += 1
        if not self.belt:
            self.current_player = OVER
            self.phase = DONE
            self.events.append(("over",))
        else:
            self.current_player = (seat + 1) % self.num_players

    # -- information -------------------------------------------------------------------------
    def observation(self, seat):
        """All that `seat` may see: everything but the deck's order (its parts, sorted)."""
        return {
            "seat": seat,
            "belt": list(self.belt),
            "deck_size": len(self.deck),
            "deck_cards": sorted(self.deck),
            "collections": [[(c, self.group[c]) for c in col] for col in self.coll],
            "out": sorted(self.out),
            "current_player": self.current_player,
            "phase": self.phase,
            "choices": list(self.choices),
            "slot": self.slot,
            "drafts": self.drafts,
        }

    def sample_hidden(self, seat, rng):
        """A full state agreeing with all `seat` knows: the same deck in a random order (drawn
        from the sorted deck, so the result does not depend on the real order)."""
        world = self.clone()
        world.deck.sort()
        rng.shuffle(world.deck)
        return world

    def clone(self):
        s = State(self.num_players)
        s.cards = self.cards
        s.deck = list(self.deck)
        s.belt = list(self.belt)
        s.coll = [list(c) for c in self.coll]
        s.group = bytearray(self.group)
        s.out = list(self.out)
        s.current_player = self.current_player
        s.first = self.first
        s.phase = self.phase
        s.choices = list(self.choices)
        s.slot = self.slot
        s.drafts = self.drafts
        s.events = list(self.events)
        return s

    def action_str(self, act):
        kind = act >> 8
        arg = act & 0xFF
        if kind == TAKE:
            text = "take %s %d" % ("front" if arg < FREE else "back", arg + 1)
            if arg < len(self.belt):
                text += " " + card_name(self.belt[arg])
            return text
        if kind == DISCARD:
            return "give up " + (card_name(arg) if arg < COUNT else "?%d" % arg)
        if kind == DECLARE and arg < NGROUPS:
            return "declare " + GROUP_NAMES[arg]
        return "?%d" % act

    def check(self):
        """AssertionError unless every card of the game is in exactly one place (deck, belt, a
        player's groups, out of the game), no other card is anywhere, groups are legal, and the
        belt is full while the deck lasts."""
        seen = piles.places(COUNT, self.deck, self.belt, self.out, *self.coll)
        mine = bytearray(COUNT)
        for c in self.cards:
            mine[c] = 1
        for c in range(COUNT):
            if seen[c] != mine[c]:
                raise AssertionError("card %d (%s) is in %d places" % (c, card_name(c),
                                                                       seen[c]))
        for col in self.coll:
            for c in col:
                g = self.group[c]
                if g >= NGROUPS or not OPTIONS[c] >> g & 1:
                    raise AssertionError("%s is in group %r" % (card_name(c), g))
        if len(self.belt) > BELT or (self.deck and len(self.belt) != BELT):
            raise AssertionError("belt of %d with %d in the deck" % (len(self.belt),
                                                                     len(self.deck)))


def new_game(options, seed):
    players = options.get("players", 2)
    if not isinstance(players, int) or players < 2 or players > 4:
        raise ValueError("Manufactory is for 2 to 4 players, got %r" % (players,))
    rng = Rng(seed)
    deck = []
    for b in boosters(players, rng):
        deck.extend(b)
    s = State(players)
    s.cards = bytes(sorted(deck))
    rng.shuffle(deck)
    s.belt = piles.draw_n(deck, BELT)
    s.deck = deck
    first = options.get("first", "random")
    if isinstance(first, int) and 0 <= first < players:
        s.current_player = first
    else:
        s.current_player = rng.randbelow(players)
    s.first = s.current_player
    return s


def position(belt, deck=(), colls=None, out=(), player=0, players=2):
    """A hand-built position (tests, demos). `colls[p]` lists player p's cards, each a card id
    (plain part) or a (card, group) pair; `deck` lists the deck bottom first."""
    s = State(players)
    s.belt = list(belt)
    s.deck = list(deck)
    s.out = list(out)
    for p in range(players):
        for item in (colls[p] if colls else ()):
            card, g = item if isinstance(item, tuple) else (item, plain_group(item))
            s.coll[p].append(card)
            s.group[card] = g
    allc = s.belt + s.deck + s.out
    for col in s.coll:
        allc = allc + col
    s.cards = bytes(sorted(allc))
    s.current_player = player
    s.first = player
    return s
