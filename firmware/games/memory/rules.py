# Memory (seed 000, second part; GAMES.md section 2): solo, or against one AI.
#
# Board: 16, 32 or 64 of the Match & Collect deck's regular cards, made of 4, 8 or 16 whole
# locations (card ids and their colour/symbol/location: games.deck88), shuffled face down.
# A turn is one attempt: flip two cards; they match in the current mode (Colour +15, Symbol
# +30, Location +50) and are removed, or they do not (-5) and go back face down. The mode may
# change between flips; the one in force at the second flip decides. After a Location pair
# the player may, on their next turn, try the third card of that location with a single flip
# (+50 / -25) instead of a pair attempt, then the fourth (+100 / -50). Powers: Hint x2 (shows
# one or two pairs of the current mode), Peek x1 (every remaining card face up a moment).
# Turns alternate after every attempt in versus; solo plays every turn.
#
# Actions are small ints so logs and replays are exact:
#   0..63      flip slot i              64..66  set mode Colour / Symbol / Location
#   67 accept the Location bonus offer  68 decline it     69 Hint   70 Peek
#
# Knowledge: a card that has been face up is known to everyone at the table. For each slot
# the state records when it was last seen (the global count of cards seen then, the turn, and
# how many cards were shown at once) so an AI memory model can fade it; the preview and every
# Peek count as everyone seeing all remaining cards. Card identities never seen stay hidden
# from observation() and are re-dealt by sample_hidden().
#
# House rulings (also in docs/rules/memory.md): at most MAX_MODE_CHANGES mode changes between
# two flips; when no pair remains but a player still has a Location bonus to try, only that
# player plays until it is settled; the game also ends after MAX_TURNS attempts.

from micropython import const

from core.rng import Rng
from games import deck88

COLOUR = const(0)
SYMBOL = const(1)
LOCATION = const(2)
MODES = 3
PAIR_POINTS = (15, 30, 50)
MISS_POINTS = const(-5)
BONUS_HIT = (50, 100)      # third, fourth card
BONUS_MISS = (-25, -50)
HINTS = const(2)
PEEKS = const(1)
SIZES = (16, 32, 64)
MAX_MODE_CHANGES = const(6)
MAX_TURNS = const(400)

ACT_MODE = const(64)
ACT_ACCEPT = const(67)
ACT_DECLINE = const(68)
ACT_HINT = const(69)
ACT_PEEK = const(70)
NUM_ACTIONS = const(71)    # every action is below this (slots 0..63, then the ACT_ codes)

# Phases of the player to move.
OFFER = const(0)    # a Location bonus may be tried: accept / decline
BONUS = const(1)    # accepted: flip one card
FIRST = const(2)    # flip the first card of a pair attempt
SECOND = const(3)   # flip the second card
DONE = const(4)

OVER = const(-2)
NONE = const(-1)

MODE_NAMES = ("colour", "symbol", "location")


def card_key(card, mode):
    """What two cards must share to match in `mode`."""
    if mode == COLOUR:
        return card & 3
    if mode == SYMBOL:
        return deck88.symbol_of(card)
    return card >> 2


def matches(a, b, mode):
    return card_key(a, mode) == card_key(b, mode)


class State:
    def __init__(self):
        self.num_players = 1
        self.size = 32
        self.slots = bytearray(0)     # card id in each slot (hidden while face down)
        self.alive = bytearray(0)     # 1 while the card is on the board
        self.locations: tuple = ()    # the locations in play (public: the preview shows them)
        self.mode = COLOUR
        self.phase = FIRST
        self.current_player = 0
        self.turn = 0                 # attempts made (pair attempts and bonus flips)
        self.first = NONE             # slot flipped first in this attempt
        self.mode_changes = 0         # since the last flip
        self.points = [0]
        self.misses = [0]             # failed pair attempts per player
        self.bonus_misses = [0]       # failed bonus flips per player
        self.pairs = [0]              # pairs taken per player
        self.hints = [HINTS]
        self.peeks = [PEEKS]
        self.bonus_loc = [NONE]       # location of a pending bonus offer, per player
        self.bonus_step = [0]         # 0: third card next (+50/-25), 1: fourth (+100/-50)
        self.seen_at = []             # per slot: cards seen in all when it was last face up, -1
        self.seen_turn = []           # per slot: turn when it was last face up
        self.seen_group = bytearray(0)  # per slot: how many cards were shown with it then
        self.seen_total = 0           # cards seen so far (a flip 1, a reveal all shown)
        self.hint_seat = NONE         # the hint in force (until that player's turn ends)
        self.hint_slots = []          # slots of the hinted pairs: [a, b] or [a, b, c, d]
        self.reveals = 0              # number of previews/Peeks (the view times them)
        self.last = None              # what the last action did, for the view and logs
        self.rng = Rng(1)

    # -- helpers ----------------------------------------------------------------------------
    def face_down(self, i):
        return self.alive[i] and i != self.first

    def remaining(self):
        n = 0
        for i in range(self.size):
            n += self.alive[i]
        return n

    def _location_alive(self, loc):
        slots = self.slots
        alive = self.alive
        for i in range(self.size):
            if alive[i] and slots[i] >> 2 == loc:
                return True
        return False

    def pair_exists(self, mode):
        """True when two cards on the board match in `mode` (public: the preview showed the
        board's make-up and removals are seen)."""
        seen = 0
        slots = self.slots
        alive = self.alive
        for i in range(self.size):
            if alive[i]:
                bit = 1 << card_key(slots[i], mode)
                if seen & bit:
                    return True
                seen |= bit
        return False

    def any_pair(self):
        return self.pair_exists(COLOUR) or self.pair_exists(SYMBOL) or \
            self.pair_exists(LOCATION)

    def pending_bonus(self, seat):
        """The location whose bonus `seat` may try now, or -1."""
        loc = self.bonus_loc[seat]
        if loc >= 0 and self._location_alive(loc):
            return loc
        return NONE

    def _expose(self, i, group):
        self.seen_at[i] = self.seen_total
        self.seen_turn[i] = self.turn
        self.seen_group[i] = group if group < 255 else 255

    def _reveal_all(self):
        """Every remaining card face up at once (preview, Peek): everyone has seen them."""
        n = self.remaining()
        self.seen_total += n
        for i in range(self.size):
            if self.alive[i]:
                self._expose(i, n)
        self.reveals += 1

    def _flip(self, i):
        self.seen_total += 1
        self._expose(i, 1)

    # -- contract ---------------------------------------------------------------------------
    def legal_actions(self):
        if self.current_player < 0:
            return []
        phase = self.phase
        seat = self.current_player
        out = []
        if phase == OFFER:
            out.append(ACT_ACCEPT)
            out.append(ACT_DECLINE)
        else:
            for i in range(self.size):
                if self.alive[i] and i != self.first:
                    out.append(i)
            if phase != BONUS:
                if self.mode_changes < MAX_MODE_CHANGES:
                    for m in range(MODES):
                        if m != self.mode:
                            out.append(ACT_MODE + m)
                if self.hints[seat] > 0 and self.hint_seat != seat and \
                        self.pair_exists(self.mode):
                    out.append(ACT_HINT)
        if self.peeks[seat] > 0:
            out.append(ACT_PEEK)
        return out

    def is_legal(self, action):
        return action in self.legal_actions()

    def apply(self, action):
        if self.current_player < 0:
            raise ValueError("the game is over")
        if not isinstance(action, int) or not self.is_legal(action):
            raise ValueError("illegal action %r in phase %d" % (action, self.phase))
        seat = self.current_player
        if action < ACT_MODE:
            self._apply_flip(seat, action)
        elif action < ACT_ACCEPT:
            self.mode = action - ACT_MODE
            self.mode_changes += 1
            self.last = ("mode", seat, self.mode)
        elif action == ACT_ACCEPT:
            self.phase = BONUS
            self.last = ("accept", seat, self.bonus_loc[seat], self.bonus_step[seat])
        elif action == ACT_DECLINE:
            self.last = ("decline", seat, self.bonus_loc[seat])
            self.bonus_loc[seat] = NONE
            self.phase = FIRST
            if not self.any_pair():
                # Nothing left to pair: only another open bonus keeps the game going.
                self._pass_to_bonus_or_finish(seat)
        elif action == ACT_HINT:
            self.hints[seat] -= 1
            self.hint_seat = seat
            self.hint_slots = self._hint_slots()
            self.last = ("hint", seat, self.mode, len(self.hint_slots) // 2)
        else:
            self.peeks[seat] -= 1
            self._reveal_all()
            self.last = ("peek", seat)

    def _apply_flip(self, seat, i):
        self._flip(i)
        self.mode_changes = 0
        if self.phase == FIRST:
            self.first = i
            self.phase = SECOND
            self.last = ("flip", seat, i, self.slots[i])
            return
        if self.phase == BONUS:
            loc = self.bonus_loc[seat]
            step = self.bonus_step[seat]
            card = self.slots[i]
            if card >> 2 == loc:
                pts = BONUS_HIT[step]
                self.alive[i] = 0
                if step == 0 and self._location_alive(loc):
                    self.bonus_step[seat] = 1
                else:
                    self.bonus_loc[seat] = NONE
            else:
                pts = BONUS_MISS[step]
                self.bonus_misses[seat] += 1
                self.bonus_loc[seat] = NONE
            self.points[seat] += pts
            self.last = ("bonus", seat, i, card, pts, loc)
            self._end_turn()
            return
        a = self.first
        ca = self.slots[a]
        cb = self.slots[i]
        mode = self.mode
        if matches(ca, cb, mode):
            pts = PAIR_POINTS[mode]
            self.alive[a] = 0
            self.alive[i] = 0
            self.pairs[seat] += 1
            if mode == LOCATION and self._location_alive(ca >> 2):
                self.bonus_loc[seat] = ca >> 2
                self.bonus_step[seat] = 0
        else:
            pts = MISS_POINTS
            self.misses[seat] += 1
        self.points[seat] += pts
        self.last = ("pair", seat, a, i, ca, cb, mode, pts)
        self.first = NONE
        self._end_turn()

    def _end_turn(self):
        self.turn += 1
        self.first = NONE
        self.hint_seat = NONE
        self.hint_slots = []
        self.mode_changes = 0
        n = self.num_players
        if self.turn >= MAX_TURNS:
            self._finish()
            return
        nxt = (self.current_player + 1) % n
        if not self.any_pair():
            self._pass_to_bonus_or_finish(nxt)
            return
        self.current_player = nxt
        if self.pending_bonus(nxt) >= 0:
            self.phase = OFFER
        else:
            self.bonus_loc[nxt] = NONE
            self.phase = FIRST

    def _pass_to_bonus_or_finish(self, start):
        """No pair in any mode: only a player who still has a bonus to try plays on (the
        first such seat from `start`); otherwise the game is over."""
        n = self.num_players
        for k in range(n):
            seat = (start + k) % n
            if self.pending_bonus(seat) >= 0:
                self.current_player = seat
                self.phase = OFFER
                return
        self._finish()

    def _finish(self):
        self.current_player = OVER
        self.phase = DONE
        self.first = NONE

    def _hint_slots(self):
        """One or two pairs matching in the current mode, chosen with the state's RNG. After
        a first flip, a pair with the face-up card comes first when there is one."""
        out = []
        need = self.first
        if need >= 0 and self._nth_pair(NONE, need, out) == 0:
            need = NONE
        for _ in range(2):
            n = self._nth_pair(NONE, need, out)
            if n == 0:
                break
            pair = self._nth_pair(self.rng.randbelow(n), need, out)
            if not isinstance(pair, tuple):   # never: nth < count always finds a pair
                break
            a, b = pair
            out.append(a)
            out.append(b)
            need = NONE
        return out

    def _nth_pair(self, nth, need, used):
        """Pairs (a < b) of live cards matching in the current mode, avoiding slots in `used`
        and including slot `need` when need >= 0: their count when nth < 0, else the nth one.
        Counts instead of listing pairs: a 64-card colour board has 480 of them."""
        mode = self.mode
        slots = self.slots
        alive = self.alive
        size = self.size
        count = 0
        for a in range(size):
            if not alive[a] or a in used:
                continue
            ka = card_key(slots[a], mode)
            for b in range(a + 1, size):
                if alive[b] and b not in used and card_key(slots[b], mode) == ka and \
                        (need < 0 or a == need or b == need):
                    if count == nth:
                        return (a, b)
                    count += 1
        return count

    def is_over(self):
        return self.current_player == OVER

    def scores(self):
        return list(self.points)

    def returns(self):
        if self.num_players == 1:
            return [1.0 if self.points[0] > 0 else 0.0]
        a, b = self.points
        if a == b:
            return [0.5, 0.5]
        return [1.0, 0.0] if a > b else [0.0, 1.0]

    def known(self, i):
        """The card in slot i if it has ever been face up (or is up now), else -1."""
        if self.alive[i] and (self.seen_at[i] >= 0 or i == self.first):
            return self.slots[i]
        return NONE

    def observation(self, seat):
        """What `seat` may know: seen cards, when they were seen, and everything public. The
        AI's memory model decides how much of the seen cards it still recalls."""
        return {
            "seat": seat,
            "size": self.size,
            "locations": list(self.locations),
            "mode": self.mode,
            "phase": self.phase,
            "current_player": self.current_player,
            "turn": self.turn,
            "first": self.first,
            "alive": bytes(self.alive),
            # The cards still in play, sorted: public (the make-up of the board is known and
            # every removal is seen) and in an order that says nothing of where they lie.
            "pool": sorted([self.slots[i] for i in range(self.size) if self.alive[i]]),
            "known": [self.known(i) for i in range(self.size)],
            "seen_at": list(self.seen_at),
            "seen_turn": list(self.seen_turn),
            "seen_group": bytes(self.seen_group),
            "seen_total": self.seen_total,
            "scores": list(self.points),
            "hints": list(self.hints),
            "peeks": list(self.peeks),
            "bonus_loc": [self.pending_bonus(s) for s in range(self.num_players)],
            "bonus_step": list(self.bonus_step),
            "mode_changes": self.mode_changes,
            "hint": list(self.hint_slots) if self.hint_seat == seat else [],
        }

    def clone(self):
        s = State()
        s.num_players = self.num_players
        s.size = self.size
        s.slots = bytearray(self.slots)
        s.alive = bytearray(self.alive)
        s.locations = self.locations
        s.mode = self.mode
        s.phase = self.phase
        s.current_player = self.current_player
        s.turn = self.turn
        s.first = self.first
        s.mode_changes = self.mode_changes
        s.points = list(self.points)
        s.misses = list(self.misses)
        s.bonus_misses = list(self.bonus_misses)
        s.pairs = list(self.pairs)
        s.hints = list(self.hints)
        s.peeks = list(self.peeks)
        s.bonus_loc = list(self.bonus_loc)
        s.bonus_step = list(self.bonus_step)
        s.seen_at = list(self.seen_at)
        s.seen_turn = list(self.seen_turn)
        s.seen_group = bytearray(self.seen_group)
        s.seen_total = self.seen_total
        s.hint_seat = self.hint_seat
        s.hint_slots = list(self.hint_slots)
        s.reveals = self.reveals
        s.last = self.last
        s.rng = Rng(0)
        s.rng.setstate(self.rng.getstate())
        return s

    def sample_hidden(self, seat, rng):
        """A state that agrees with all `seat` could know: the cards never seen face up are
        dealt again at random among their slots; the hint/RNG stream is re-seeded."""
        s = self.clone()
        hidden = [i for i in range(self.size) if self.alive[i] and self.known(i) < 0]
        cards = [self.slots[i] for i in hidden]
        rng.shuffle(cards)
        for k in range(len(hidden)):
            s.slots[hidden[k]] = cards[k]
        s.rng = Rng(rng.next32())
        return s

    def action_str(self, action):
        if 0 <= action < ACT_MODE:
            return "flip %d" % action
        if action < ACT_ACCEPT:
            return "mode " + MODE_NAMES[action - ACT_MODE]
        if action == ACT_ACCEPT:
            return "accept bonus"
        if action == ACT_DECLINE:
            return "decline bonus"
        if action == ACT_HINT:
            return "hint"
        if action == ACT_PEEK:
            return "peek"
        return "?%r" % (action,)


def new_game(options, seed):
    """options: players 1 (solo) or 2 (versus), size 16/32/64 (default 32), preview True."""
    players = options.get("players", 1)
    if players not in (1, 2):
        raise ValueError("Memory is for 1 or 2 players, got %r" % (players,))
    size = options.get("size", 32)
    if size not in SIZES:
        raise ValueError("board size must be 16, 32 or 64, got %r" % (size,))
    s = State()
    rng = Rng(seed)
    s.rng = rng
    locs = list(range(deck88.LOCATIONS))
    rng.shuffle(locs)
    locs = sorted(locs[: size // 4])
    s.locations = tuple(locs)
    cards = bytearray(size)
    k = 0
    for loc in locs:
        for c in range(4):
            cards[k] = deck88.card_id(loc, c)
            k += 1
    rng.shuffle(cards)
    s.num_players = players
    s.size = size
    s.slots = cards
    s.alive = bytearray(b"\x01" * size)
    s.points = [0] * players
    s.misses = [0] * players
    s.bonus_misses = [0] * players
    s.pairs = [0] * players
    s.hints = [HINTS] * players
    s.peeks = [PEEKS] * players
    s.bonus_loc = [NONE] * players
    s.bonus_step = [0] * players
    s.seen_at = [NONE] * size
    s.seen_turn = [0] * size
    s.seen_group = bytearray(size)
    if options.get("preview", True):
        s._reveal_all()
    return s
