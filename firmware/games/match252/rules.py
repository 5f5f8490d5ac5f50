# Match 2-52 (c) Tonio Lagoule: the rules engine. Runs on CPython and MicroPython.
#
# Rules: docs/rules/match252.md (seed 001 as settled by GAMES.md section 3).
#
# Cards are ints 0..51: id = rank * 4 + suit, rank 0..12 = A, 2..10, J, Q, K; suit 0..3 = spade,
# heart, diamond, club (the layout of assets/decks/standard52.csv, compiled with the names into
# games.match252.cards by tools/decks.py). Only ranks matter to the rules.
# The grid has 16 slots, s = row * 4 + col (shown as "A1".."D4": column letter, row number).
#
# Actions are small ints, kind << 8 | operands:
#   REVEAL  slot                 turn a face-down card up
#   MOVE    from << 4 | to       swap a face-up card with another card of its row or column
#   REPLACE slot                 a face-up card goes face down under the pile, slot refilled
#   PAIR    a << 4 | b (a < b)   which match to capture first, when several exist
#   TAKE    card                 the card an Ace match takes from the opponent's captures
#   LOOK    slot                 the face-down card a Jack match looks at (privately)
#   SHOW    slot                 the face-down card a Queen match reveals
# PAIR, TAKE, LOOK and SHOW are the acting player's choices while a capture resolves: the state
# waits in a "pending" phase and legal_actions() lists the choices (current_player unchanged).
#
# Knowledge: `know[card]` has bit s set when seat s knows where that face-down card is (a Jack
# look, or a card put under the pile by Replace, which both players saw). Face-down cards only
# move in public ways (swaps, refills from the top), so a known card stays known.

from micropython import const

from core.rng import Rng
from games.match252.cards import RANK_NAMES, SUIT_NAMES  # noqa: F401 (rules.X is the API)

EMPTY = const(255)
SLOTS = const(16)
TARGET = const(12)
MAX_TURNS = const(200)
OVER = const(-2)

ACE = const(0)
SIX = const(5)
JACK = const(10)
QUEEN = const(11)
KING = const(12)

REVEAL = const(0)
MOVE = const(1)
REPLACE = const(2)
PAIR = const(3)
TAKE = const(4)
LOOK = const(5)
SHOW = const(6)
NUM_ACTIONS = const(7 << 8)   # every action (kind << 8 | argument) is below this

# Phases: what the current player decides now.
ACT = const(0)      # one of the turn's two actions
P_PAIR = const(1)   # several matches: which one first
P_TAKE = const(2)   # Ace match: which card to take
P_LOOK = const(3)   # Jack match: which card to look at
P_SHOW = const(4)   # Queen match: which card to reveal
DONE = const(5)

KIND_NAMES = ("reveal", "move", "replace", "pair", "take", "look", "show")


def rank(card):
    return card >> 2


def suit(card):
    return card & 3


def card_str(card):
    return RANK_NAMES[card >> 2] + "shdc"[card & 3]


def slot_str(slot):
    return "ABCD"[slot & 3] + str((slot >> 2) + 1)


def _lines():
    # For each slot, the other slots of its row and column (the targets of a Move).
    out = []
    for s in range(SLOTS):
        r = s >> 2
        c = s & 3
        t = [r * 4 + k for k in range(4) if k != c] + [k * 4 + c for k in range(4) if k != r]
        out.append(tuple(t))
    return tuple(out)


def _neighbours():
    out = []
    for s in range(SLOTS):
        r = s >> 2
        c = s & 3
        t = []
        if r > 0:
            t.append(s - 4)
        if c > 0:
            t.append(s - 1)
        if c < 3:
            t.append(s + 1)
        if r < 3:
            t.append(s + 4)
        out.append(tuple(t))
    return tuple(out)


LINES = _lines()
NEIGHBOURS = _neighbours()
# The 24 orthogonally adjacent slot pairs (a < b), in reading order.
ADJACENT = tuple([(a, b) for a in range(SLOTS) for b in NEIGHBOURS[a] if a < b])


def action(kind, arg):
    return (kind << 8) | arg


def kind_of(act):
    return act >> 8


class State:
    """A game of Match 2-52. Fields are public for the view and the tests; change them only
    through apply() (tests build positions by hand with `position`)."""

    def __init__(self):
        self.num_players = 2
        self.grid = bytearray(SLOTS)     # card id, or EMPTY
        self.up = bytearray(SLOTS)       # 1 = face up
        self.pile = []                   # draw pile, bottom first: the top is pile[-1]
        self.caps = [[], []]             # captured cards per seat
        self.know = bytearray(52)        # bit s: seat s knows where this face-down card is
        self.current_player = 0
        self.left = 2                    # actions left in this turn (counting the current)
        self.phase = ACT
        self.choices = []                # pending choices (PAIR/TAKE/LOOK/SHOW actions)
        self.turn = 1                    # turns started so far
        self.end_reason = ""             # "target", "no_pairs", "turns", "stuck"
        self.events = []                 # what the last apply() did, for the screen: tuples
        self.looked = -1                 # (slot) of the last Jack look, -1 when none

    # -- queries -----------------------------------------------------------------------------
    def is_over(self):
        return self.current_player == OVER

    def scores(self):
        return [len(self.caps[0]), len(self.caps[1])]

    def returns(self):
        a = len(self.caps[0])
        b = len(self.caps[1])
        if a == b:
            return [0.5, 0.5]
        return [1.0, 0.0] if a > b else [0.0, 1.0]

    def winner(self):
        """0 or 1, or -1 for a draw (meaningful when the game is over)."""
        a = len(self.caps[0])
        b = len(self.caps[1])
        return -1 if a == b else (0 if a > b else 1)

    def face_down(self, slot):
        return self.grid[slot] != EMPTY and not self.up[slot]

    def legal_actions(self):
        if self.current_player < 0:
            return []
        if self.phase != ACT:
            return list(self.choices)
        return self._turn_actions()

    def _turn_actions(self):
        out = []
        grid = self.grid
        up = self.up
        for s in range(SLOTS):
            if grid[s] != EMPTY and not up[s]:
                out.append(s)                                  # REVEAL
        for s in range(SLOTS):
            if up[s]:
                for t in LINES[s]:
                    if grid[t] != EMPTY:
                        out.append(0x100 | (s << 4) | t)       # MOVE
        if self.pile:
            for s in range(SLOTS):
                if up[s]:
                    out.append(0x200 | s)                      # REPLACE
        return out

    def matches(self):
        """Every match on the grid now: (a, b) pairs of adjacent face-up cards of one rank."""
        out = []
        grid = self.grid
        up = self.up
        for a, b in ADJACENT:
            if up[a] and up[b] and grid[a] >> 2 == grid[b] >> 2:
                out.append((a, b))
        return out

    # -- applying ----------------------------------------------------------------------------
    def apply(self, act):
        if self.current_player < 0:
            raise ValueError("the game is over")
        if not isinstance(act, int):
            raise ValueError("an action is an int, got %r" % (act,))
        if self.phase != ACT:
            if act not in self.choices:
                raise ValueError("%s is not one of the choices now (%s)" % (
                    self.action_str(act), ", ".join([self.action_str(c) for c in self.choices])))
            self.phase = ACT
            self.choices = []
        else:
            reason = self._why_illegal(act)
            if reason:
                raise ValueError(reason)
        self.events = []
        kind = act >> 8
        arg = act & 0xFF
        seat = self.current_player
        if kind == REVEAL:
            self._reveal(arg, seat)
        elif kind == MOVE:
            a = arg >> 4
            b = arg & 15
            g = self.grid
            u = self.up
            g[a], g[b] = g[b], g[a]
            u[a], u[b] = u[b], u[a]
            self.events.append(("move", seat, a, b))
        elif kind == REPLACE:
            card = self.grid[arg]
            self.pile.insert(0, card)
            self.know[card] = 3
            self.up[arg] = 0
            self.grid[arg] = EMPTY
            self._refill(arg)
            self.events.append(("replace", seat, arg, card))
        elif kind == PAIR:
            self._capture(arg >> 4, arg & 15, seat)
        elif kind == TAKE:
            other = self.caps[1 - seat]
            other.remove(arg)
            self.caps[seat].append(arg)
            self.events.append(("take", seat, arg))
        elif kind == LOOK:
            card = self.grid[arg]
            self.know[card] |= 1 << seat
            self.looked = arg
            self.events.append(("look", seat, arg))
        elif kind == SHOW:
            self._reveal(arg, seat)
        self._resolve(seat)

    def _why_illegal(self, act):
        kind = act >> 8
        arg = act & 0xFF
        grid = self.grid
        if kind == REVEAL:
            if arg >= SLOTS:
                return "no slot %d" % arg
            if grid[arg] == EMPTY:
                return "%s is empty" % slot_str(arg)
            if self.up[arg]:
                return "%s is already face up" % slot_str(arg)
            return None
        if kind == MOVE:
            a = arg >> 4
            b = arg & 15
            if not self.up[a] or grid[a] == EMPTY:
                return "move: %s is not a face-up card" % slot_str(a)
            if b not in LINES[a]:
                return "move: %s is not in the row or column of %s" % (slot_str(b), slot_str(a))
            if grid[b] == EMPTY:
                return "move: %s is empty" % slot_str(b)
            return None
        if kind == REPLACE:
            if arg >= SLOTS or not self.up[arg] or grid[arg] == EMPTY:
                return "replace: %s is not a face-up card" % slot_str(arg & 15)
            if not self.pile:
                return "replace: the draw pile is empty"
            return None
        return "%d is not a turn action (reveal, move or replace)" % act

    def _reveal(self, slot, seat):
        """Turn a card face up. A Six goes to the opponent and this action becomes the turn's
        last: the matches already on the grid (made by the same action, waiting while a Queen
        resolved) are still captured by this player, with their effects, then the turn ends
        (GAMES.md section 3, "Six")."""
        card = self.grid[slot]
        self.up[slot] = 1
        self.know[card] = 3
        self.events.append(("reveal", seat, slot, card))
        if card >> 2 != SIX:
            return
        self.up[slot] = 0
        self.grid[slot] = EMPTY
        self.caps[1 - seat].append(card)
        self._refill(slot)
        self.events.append(("six", seat, slot, card))
        self.left = 1  # _resolve captures what is left, then this action ends the turn

    def _refill(self, slot):
        if self.pile:
            self.grid[slot] = self.pile.pop()
            self.up[slot] = 0
        else:
            self.grid[slot] = EMPTY
            self.up[slot] = 0

    def _capture(self, a, b, seat):
        """Capture the pair at a, b, refill both slots, then start its special effect."""
        g = self.grid
        r = g[a] >> 2
        self.caps[seat].append(g[a])
        self.caps[seat].append(g[b])
        self.events.append(("capture", seat, a, b, g[a], g[b]))
        g[a] = EMPTY
        g[b] = EMPTY
        self.up[a] = 0
        self.up[b] = 0
        self._refill(a)
        self._refill(b)
        self.phase = ACT
        self.choices = []
        if r == ACE:
            other = self.caps[1 - seat]
            if other:
                self.phase = P_TAKE
                self.choices = [0x400 | c for c in sorted(set(other))]
            else:
                self.events.append(("skip", seat, r))
        elif r == KING:
            self.caps[0], self.caps[1] = self.caps[1], self.caps[0]
            self.events.append(("king", seat))
        elif r == JACK or r == QUEEN:
            slots = [s for s in range(SLOTS) if g[s] != EMPTY and not self.up[s]]
            if slots:
                self.phase = P_LOOK if r == JACK else P_SHOW
                base = 0x500 if r == JACK else 0x600
                self.choices = [base | s for s in slots]
            else:
                self.events.append(("skip", seat, r))

    def _resolve(self, seat):
        """Capture every match (asking when several exist), then finish the action."""
        while self.phase == ACT:
            found = self.matches()
            if not found:
                break
            if len(found) == 1:
                self._capture(found[0][0], found[0][1], seat)
            else:
                self.phase = P_PAIR
                self.choices = [0x300 | (a << 4) | b for a, b in found]
        if self.phase != ACT:
            return  # the same player decides how the capture goes on
        # The action has fully resolved.
        if self._check_end():
            return
        self.left -= 1
        if self.left <= 0:
            self._end_turn(seat)
        elif not self._turn_actions():
            self._finish("stuck")

    def _end_turn(self, seat):
        if self._check_end():
            return
        if self.turn >= MAX_TURNS:
            self._finish("turns")
            return
        self.turn += 1
        self.current_player = 1 - seat
        self.left = 2
        if not self._turn_actions():
            self._finish("stuck")

    def _check_end(self):
        if len(self.caps[0]) >= TARGET or len(self.caps[1]) >= TARGET:
            self._finish("target")
            return True
        counts = bytearray(13)
        for c in self.grid:
            if c != EMPTY:
                counts[c >> 2] += 1
        for c in self.pile:
            counts[c >> 2] += 1
        for r in range(13):
            if r != SIX and counts[r] >= 2:
                return False
        self._finish("no_pairs")
        return True

    def _finish(self, reason):
        self.end_reason = reason
        self.current_player = OVER
        self.phase = DONE
        self.choices = []
        self.events.append(("over", reason))

    # -- information -------------------------------------------------------------------------
    def seen_by(self, seat, slot):
        """The card at `slot` as `seat` sees it: the id, or -1 for an unknown face-down card
        (and for an empty slot: EMPTY)."""
        c = self.grid[slot]
        if c == EMPTY or self.up[slot] or self.know[c] & (1 << seat):
            return c
        return -1

    def observation(self, seat):
        """Everything `seat` may see: the grid (unknown face-down cards are -1), which cards are
        face up, the pile (size and the cards both players saw go under it, as (depth from the
        bottom, card)), both capture piles, and whose turn and phase it is."""
        bit = 1 << seat
        grid = [self.seen_by(seat, s) for s in range(SLOTS)]
        known_pile = [(i, self.pile[i]) for i in range(len(self.pile))
                      if self.know[self.pile[i]] & bit]
        return {
            "seat": seat,
            "grid": grid,
            "up": list(self.up),
            "pile_size": len(self.pile),
            "known_pile": known_pile,
            "caps": [list(self.caps[0]), list(self.caps[1])],
            "current_player": self.current_player,
            "left": self.left,
            "phase": self.phase,
            "choices": list(self.choices),
            "turn": self.turn,
            # Which face-down slots the other seat knows (it saw a Jack look there, or the
            # card went under the pile): public, the card is not.
            "other_knows": [s for s in range(SLOTS) if self.grid[s] != EMPTY
                            and not self.up[s] and self.know[self.grid[s]] & (2 >> seat)],
        }

    def unknown_cards(self, seat):
        """The cards `seat` cannot place (face down, never seen by it), sorted."""
        bit = 1 << seat
        out = []
        for c in self.grid:
            if c != EMPTY and not self.know[c] & bit and not self._is_up(c):
                out.append(c)
        for c in self.pile:
            if not self.know[c] & bit:
                out.append(c)
        out.sort()
        return out

    def _is_up(self, card):
        for s in range(SLOTS):
            if self.grid[s] == card:
                return self.up[s] == 1
        return False

    def sample_hidden(self, seat, rng):
        """A full state that agrees with all `seat` knows: the cards it cannot place are dealt
        again at random over the places they occupy (face-down grid slots and pile positions).
        What the other seat knows stays attached to the place (it looked at that slot)."""
        world = self.clone()
        bit = 1 << seat
        places = []   # grid slot s as s, pile index i as 16 + i
        cards = []
        masks = []
        for s in range(SLOTS):
            c = self.grid[s]
            if c != EMPTY and not self.up[s] and not self.know[c] & bit:
                places.append(s)
                cards.append(c)
                masks.append(self.know[c])
        for i in range(len(self.pile)):
            c = self.pile[i]
            if not self.know[c] & bit:
                places.append(16 + i)
                cards.append(c)
                masks.append(self.know[c])
        rng.shuffle(cards)
        for k in range(len(places)):
            p = places[k]
            c = cards[k]
            if p < 16:
                world.grid[p] = c
            else:
                world.pile[p - 16] = c
            world.know[c] = masks[k]
        return world

    def clone(self):
        s = State()
        s.grid = bytearray(self.grid)
        s.up = bytearray(self.up)
        s.pile = list(self.pile)
        s.caps = [list(self.caps[0]), list(self.caps[1])]
        s.know = bytearray(self.know)
        s.current_player = self.current_player
        s.left = self.left
        s.phase = self.phase
        s.choices = list(self.choices)
        s.turn = self.turn
        s.end_reason = self.end_reason
        s.looked = self.looked
        s.events = list(self.events)    # tuples: a shallow copy is independent
        return s

    def action_str(self, act):
        kind = act >> 8
        arg = act & 0xFF
        if kind == MOVE:
            return "move %s-%s" % (slot_str(arg >> 4), slot_str(arg & 15))
        if kind == PAIR:
            return "pair %s-%s" % (slot_str(arg >> 4), slot_str(arg & 15))
        if kind == TAKE:
            return "take " + (card_str(arg) if arg < 52 else "?")
        if kind < len(KIND_NAMES):
            return KIND_NAMES[kind] + " " + slot_str(arg & 15)
        return "?%d" % act

    def check(self):
        """Raise AssertionError unless every card is in exactly one place (tests call this)."""
        seen = bytearray(52)
        for c in self.grid:
            if c != EMPTY:
                seen[c] += 1
        for c in self.pile:
            seen[c] += 1
        for pile in self.caps:
            for c in pile:
                seen[c] += 1
        for c in range(52):
            if seen[c] != 1:
                raise AssertionError("card %s is in %d places" % (card_str(c), seen[c]))
        for s in range(SLOTS):
            if self.grid[s] == EMPTY and self.up[s]:
                raise AssertionError("empty slot %s is face up" % slot_str(s))


def new_game(options, seed):
    players = options.get("players", 2)
    if players != 2:
        raise ValueError("Match 2-52 is for 2 players, got %r" % (players,))
    rng = Rng(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    s = State()
    # The last card of the list is the top of the pile; the grid takes the 16 top cards.
    for slot in range(SLOTS):
        s.grid[slot] = deck.pop()
    s.pile = deck
    first = options.get("first", "random")
    if first == "random" or first not in (0, 1):
        s.current_player = rng.randbelow(2)
    else:
        s.current_player = first
    return s


def position(grid, up=None, pile=(), caps=((), ()), player=0, left=2, know=None, fill=True):
    """A hand-built position (tests, demos): `grid` is 16 card ids or EMPTY, `up` 16 flags
    (default: every card face up), `pile` bottom first, `caps` the two capture piles, `know`
    {card: seat bit mask}. With `fill`, the cards placed nowhere go under the given pile, so
    that all 52 cards are present."""
    s = State()
    s.grid = bytearray(grid)
    s.up = bytearray(up if up is not None else [1 if c != EMPTY else 0 for c in grid])
    s.caps = [list(caps[0]), list(caps[1])]
    s.pile = list(pile)
    if fill:
        placed = bytearray(52)
        for c in list(grid) + s.pile + s.caps[0] + s.caps[1]:
            if c != EMPTY:
                placed[c] = 1
        s.pile = [c for c in range(52) if not placed[c]] + s.pile
    s.current_player = player
    s.left = left
    if know:
        for c in know:
            s.know[c] = know[c]
    return s
