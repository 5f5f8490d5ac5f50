# Shadow Lock: the rules engine (seed 002 as completed by GAMES.md section 4). Runs on
# CPython and MicroPython. Rules for players: docs/rules/shadowlock.md.
#
# Cards are ids 0..71 of assets/decks/shadowlock.csv (games/shadowlock/cards.py): 0..47 the
# numbers (id = colour * 12 + value - 1; colours Red, Blue, Yellow, Green), 48..51 Rainbow,
# 52..57 Shadow, 58..71 the actions (Joker, Double, Skip, Flip, Swipe, Quantum).
# Piles are lists with the top at the end. Scoring lives in objectives.py, the action cards in
# action_cards.py, observation/clone/sampling in world.py (loaded on demand).
#
# Actions are small ints, kit.actions.encode(kind, arg):
#   LOCK                  lock your pile (the turn's only action; you sit out the round)
#   DRAW pile             draw the top card of pile 0 or 1
#   STOP                  end the turn, keeping the unlocked pile
#   JOKER                 on a drawn Shadow: discard it, keep the pile, draw again
#   DOUBLE seat           that seat's next turn: no lock, no stop before 2 draws
#   SKIP seat             that seat's next turn is skipped
#   FLIP                  look at the top card of both piles (privately); the turn goes on
#   SWIPE seat            exchange unlocked piles with the next or previous player
#   QUANTUM pile          reveal the top 3 of a pile, keep at most one (then the turn ends)
#   SH_DISCARD / SH_KEEP  the Shadow choice: discard it and keep the pile / keep it, lose the pile
#   QKEEP card / QNONE    the Quantum choice
#   PASS                  end a skipped turn
#   VALIDATE box*2+joker  validate an open box (with one joker standing in, or not)
#   DECLINE family        validate nothing in that family this round
# Choices that interrupt a turn (Shadow, Quantum) and the round-end validation are pending
# phases: legal_actions() lists the answers and current_player is the seat that decides.

from micropython import const

from core.rng import Rng
from games.shadowlock import cards
from games.shadowlock.action_cards import Actions
from games.shadowlock.objectives import (
    BOXES,
    FAMILIES,
    best_plan,
    family_options,
    objective_points,
    profile,
)
from games.shadowlock.rules_info import (  # noqa: F401 - the action kinds live there
    DECLINE,
    DOUBLE,
    DRAW,
    FLIP,
    JOKER,
    LOCK,
    MODES,
    NUM_ACTIONS,
    PASS,
    PLAY_KIND,
    QKEEP,
    QNONE,
    QUANTUM,
    SH_DISCARD,
    SH_KEEP,
    SKIP,
    STOP,
    SWIPE,
    VALIDATE,
)
from kit import piles
from kit.actions import check_legal, encode

__all__ = ("objective_points", "best_plan", "family_options", "profile", "new_game")

COUNT = const(72)
OVER = const(-2)
MAX_TURNS = const(60)          # a round ends after 60 turns
ROUNDS = {"classic": 5, "discovery": 3}

# card kinds (cards.KIND) and actions (cards.ACTION)
K_NUMBER = const(0)
K_RAINBOW = const(1)
K_SHADOW = const(2)
K_ACTION = const(3)
A_JOKER = const(0)
A_DOUBLE = const(1)
A_SKIP = const(2)
A_FLIP = const(3)
A_SWIPE = const(4)
A_QUANTUM = const(5)

# phases
ACT = const(0)        # the turn: lock / draw / stop / play an action
P_SHADOW = const(1)   # a Shadow was drawn: discard it, keep it, or play a Joker
P_QUANTUM = const(2)  # which revealed card to keep
P_VALIDATE = const(3)  # round end: validate a box of the family, or decline
P_SKIPPED = const(4)  # a skipped turn: pass, or play an action from reserve
P_FORCED = const(5)   # must draw (after a Rainbow or a Joker)
P_OVER = const(6)

def kind(card):
    return cards.KIND[card]


def value(card):
    return cards.VALUE[card]


def colour(card):
    return cards.COLOUR[card]


def action_of(card):
    """The action index (A_JOKER..A_QUANTUM) of an action card, 255 otherwise."""
    return cards.ACTION[card]


def is_joker_card(card):
    k = cards.KIND[card]
    return k == K_RAINBOW or k == K_SHADOW


class State(Actions):
    """A game of Shadow Lock. Fields are public for the view, the AI and the tests; change
    them only through apply() (tests build positions with `position`)."""

    def __init__(self, players=2):
        n = players
        self.num_players = n
        self.mode = 0                       # 0 classic, 1 discovery
        self.rounds = 5
        self.piles = [[], []]               # face down, top at the end
        self.discard = []                   # face up, public
        self.coll = [[] for _ in range(n)]  # each seat's pile of the round (public)
        self.locked = bytearray(n)
        self.reserve = [[] for _ in range(n)]   # action cards (public)
        self.boxes = [bytearray(BOXES) for _ in range(n)]   # points per validated box, 0 open
        self.totals = [0] * n
        self.round_no = 1
        self.turn_no = 0                    # turns started in this round
        self.starter = 0
        self.current_player = 0
        self.phase = ACT
        self.drawn = 0                      # cards drawn from the piles this turn
        self.nums = []                      # number cards drawn this turn, in order
        self.played = 0                     # an action card was played this turn
        self.owed = 0                       # draws a Double still forces this turn
        self.start = 0                      # pile cards from before this turn
        self.dbl = bytearray(n)             # a Double waits for the seat's next turn
        self.skp = bytearray(n)             # a Skip waits for the seat's next turn
        self.look = [[-1, -1] for _ in range(n)]   # Flip: the top of each pile, as seen
        self.shadow = -1                    # the Shadow waiting for its choice
        self.reveal = []                    # Quantum: the revealed cards waiting
        self.val_seat = -1                  # round end: who validates, which family
        self.val_family = 0
        self.val_jokers = 0                 # jokers of that pile not used yet this round
        self.round_points = [0] * n         # points validated this round
        self.history = []                   # per finished round: list of points per seat
        self.end_reason = ""
        self.events = []                    # what the last apply() did, for the screens
        self.rng = Rng(1)

    # -- queries ---------------------------------------------------------------------------
    def is_over(self):
        return self.current_player == OVER

    def box_count(self, seat):
        n = 0
        for p in self.boxes[seat]:
            if p:
                n += 1
        return n

    def scores(self):
        return list(self.totals)

    def returns(self):
        n = self.num_players
        keys = []
        for s in range(n):
            if self.mode == 1:
                keys.append(self.box_count(s) * 1000 + self.totals[s])
            else:
                keys.append(self.totals[s])
        best = max(keys)
        winners = keys.count(best)
        return [(1.0 if winners == 1 else 0.5) if k == best else 0.0 for k in keys]

    def legal_actions(self):
        seat = self.current_player
        if seat < 0:
            return []
        ph = self.phase
        if ph == P_VALIDATE:
            out = []
            opts = family_options(self.val_family, self.coll[seat], self.boxes[seat],
                                  self.val_jokers)
            for _pts, box, j in opts:
                out.append(encode(VALIDATE, box * 2 + j))
            out.append(encode(DECLINE, self.val_family))
            return out
        if ph == P_SHADOW:
            out = [encode(SH_DISCARD), encode(SH_KEEP)]
            if self.card_in_reserve(seat, A_JOKER) >= 0:
                out.append(encode(JOKER))
            return out
        if ph == P_QUANTUM:
            out = []
            for c in self.reveal:
                if cards.KIND[c] != K_SHADOW:
                    out.append(encode(QKEEP, c))
            out.append(encode(QNONE))
            return out
        out = []
        pa = self.piles[0]
        pb = self.piles[1]
        if ph == P_SKIPPED:
            out.append(encode(PASS))
            self._plays(seat, out, False)
            return out
        if pa:
            out.append(encode(DRAW, 0))
        if pb:
            out.append(encode(DRAW, 1))
        if ph == P_FORCED:
            self._plays(seat, out, True)
            return out
        fresh = self.drawn == 0 and not self.played
        if fresh and self.owed == 0 and self.coll[seat]:
            out.append(encode(LOCK))
        if (not pa and not pb) or (not fresh and self.owed == 0):
            out.append(encode(STOP))
        self._plays(seat, out, self.owed > 0)
        return out

    # -- applying --------------------------------------------------------------------------
    def apply(self, act):
        if not isinstance(act, int):
            raise ValueError("an action is an int, got %r" % (act,))
        check_legal(self, act)
        self.events = []
        seat = self.current_player
        k = act >> 8
        arg = act & 0xFF
        if k == DRAW:
            self._draw(seat, arg)
        elif k == STOP:
            self.events.append(("stop", seat))
            self._end_turn()
        elif k == LOCK:
            self.locked[seat] = 1
            self.events.append(("lock", seat, len(self.coll[seat])))
            self._end_turn()
        elif k == PASS:
            self.events.append(("pass", seat))
            self._end_turn()
        elif k == SH_DISCARD:
            self.discard.append(self.shadow)
            self.events.append(("shadow_discard", seat, self.shadow))
            self.shadow = -1
            self._end_turn()
        elif k == SH_KEEP:
            self.events.append(("shadow_keep", seat, len(self.coll[seat])))
            self.discard.extend(self.coll[seat])
            self.coll[seat] = [self.shadow]
            self.start = 0
            self.shadow = -1
            self._end_turn()
        elif k == QKEEP or k == QNONE:
            self._quantum_keep(seat, arg if k == QKEEP else -1)
        elif k == VALIDATE:
            self._validate(seat, arg >> 1, arg & 1)
        elif k == DECLINE:
            self.events.append(("decline", seat, arg))
            self.val_family += 1
            self._next_validation()
        else:
            self._play(seat, k, arg)

    # Used by tests, tools, logs and the contract, not in play: their code
    # (games.shadowlock.world) is loaded only when one is called, so a game on the device
    # never holds it.
    def observation(self, seat):
        """What `seat` may see (world.observation)."""
        from games.shadowlock import world

        return world.observation(self, seat)

    def sample_hidden(self, seat, rng):
        """A full state agreeing with all `seat` knows (world.sample_hidden)."""
        from games.shadowlock import world

        return world.sample_hidden(self, seat, rng)

    def clone(self):
        from games.shadowlock import world

        return world.clone(self)

    def check(self):
        """Raise AssertionError unless every card is in exactly one place (world.check)."""
        from games.shadowlock import world

        world.check(self)

    def action_str(self, act):
        """The action as a word or two, for logs and errors (world.action_str)."""
        from games.shadowlock import world

        return world.action_str(self, act)

    def _draw(self, seat, p):
        card = piles.draw(self.piles[p])
        self._forget(p)
        self.drawn += 1
        if self.owed:
            self.owed -= 1
        self.events.append(("draw", seat, p, card))
        k = cards.KIND[card]
        if k == K_NUMBER:
            self.coll[seat].append(card)
            nums = self.nums
            nums.append(card)
            n = len(nums)
            reason = ""
            if n >= 2 and cards.VALUE[nums[-2]] == cards.VALUE[card]:
                reason = "value"
            elif n >= 3 and cards.COLOUR[nums[-3]] == cards.COLOUR[card] and \
                    cards.COLOUR[nums[-2]] == cards.COLOUR[card]:
                reason = "colour"
            if reason:
                self.events.append(("bust", seat, reason, len(self.coll[seat])))
                self.discard.extend(self.coll[seat])
                self.coll[seat] = []
                self.start = 0
                self._end_turn()
                return
            self.phase = ACT
        elif k == K_RAINBOW:
            self.coll[seat].append(card)
            self._forced(seat)
        elif k == K_SHADOW:
            self.shadow = card
            self.phase = P_SHADOW
        else:
            self.reserve[seat].append(card)
            self.phase = ACT

    def _forced(self, seat):
        """Draw again at once (Rainbow, Joker); with both piles empty the turn just ends."""
        if self.piles[0] or self.piles[1]:
            self.phase = P_FORCED
        else:
            self.events.append(("no_cards", seat))
            self._end_turn()

    # -- turns and rounds ------------------------------------------------------------------
    def _end_turn(self):
        self.phase = ACT
        self.drawn = 0
        self.nums = []
        self.played = 0
        self.owed = 0
        n = self.num_players
        if self.turn_no >= MAX_TURNS or (not self.piles[0] and not self.piles[1]):
            self._end_round()
            return
        seat = self.current_player
        for step in range(1, n + 1):
            t = (seat + step) % n
            if not self.locked[t]:
                self._start_turn(t)
                return
        self._end_round()

    def _start_turn(self, seat):
        self.turn_no += 1
        self.current_player = seat
        self.start = len(self.coll[seat])
        self.phase = ACT
        if self.skp[seat]:
            self.skp[seat] = 0
            self.phase = P_SKIPPED
            self.events.append(("skipped", seat))
        elif self.dbl[seat]:
            self.dbl[seat] = 0
            self.owed = 2
            self.events.append(("doubled", seat))

    def _end_round(self):
        n = self.num_players
        for s in range(n):
            if not self.locked[s] and self.coll[s]:
                self.events.append(("lost", s, len(self.coll[s])))
                self.discard.extend(self.coll[s])
                self.coll[s] = []
        self.events.append(("round_end", self.round_no))
        self.round_points = [0] * n
        self.val_seat = 0
        self.val_family = 0
        self.val_jokers = profile(self.coll[0])[1]
        self._next_validation()

    def _next_validation(self):
        n = self.num_players
        while self.val_seat < n:
            s = self.val_seat
            while self.val_family < FAMILIES:
                if family_options(self.val_family, self.coll[s], self.boxes[s],
                                  self.val_jokers):
                    self.current_player = s
                    self.phase = P_VALIDATE
                    return
                self.val_family += 1
            self.val_seat += 1
            self.val_family = 0
            if self.val_seat < n:
                self.val_jokers = profile(self.coll[self.val_seat])[1]
        self._finish_round()

    def _validate(self, seat, box, joker):
        pts = 0
        for p, b, j in family_options(self.val_family, self.coll[seat], self.boxes[seat],
                                      self.val_jokers):
            if b == box and j == joker:
                pts = p
        self.boxes[seat][box] = pts
        self.totals[seat] += pts
        self.round_points[seat] += pts
        if joker:
            self.val_jokers -= 1
        self.events.append(("validate", seat, box, pts, joker))
        self.val_family += 1
        self._next_validation()

    def _finish_round(self):
        n = self.num_players
        self.history.append(list(self.round_points))
        self.events.append(("round_scored", self.round_no, list(self.round_points)))
        full = False
        for s in range(n):
            if self.box_count(s) == BOXES:
                full = True
        if full or self.round_no >= self.rounds:
            self.end_reason = "boxes" if full else "rounds"
            self.current_player = OVER
            self.phase = P_OVER
            self.val_seat = -1
            self.events.append(("over", self.end_reason))
            return
        # Everything but the reserves is shuffled into two new piles: the cards in id order
        # (as a sort would leave them), shuffled as a bytearray, cut into two lists of exact
        # size (no list grows here: on a fragmented heap a growing list may find no room).
        here = bytearray(COUNT)
        for h in self.piles:
            for c in h:
                here[c] = 1
        for c in self.discard:
            here[c] = 1
        for s in range(n):
            for c in self.coll[s]:
                here[c] = 1
            self.coll[s] = []
            self.locked[s] = 0
            self.dbl[s] = 0
            self.skp[s] = 0
            self.look[s][0] = -1
            self.look[s][1] = -1
        del self.discard[:]
        size = 0
        for c in range(COUNT):
            size += here[c]
        deck = bytearray(size)
        k = 0
        for c in range(COUNT):
            if here[c]:
                deck[k] = c
                k += 1
        self.rng.shuffle(deck)
        half = size // 2
        pa = [0] * half
        pb = [0] * (size - half)
        for i in range(half):
            pa[i] = deck[i]
        for i in range(size - half):
            pb[i] = deck[half + i]
        self.piles = [pa, pb]
        self.round_no += 1
        self.turn_no = 0
        self.val_seat = -1
        self.starter = (self.starter + 1) % n
        self.events.append(("new_round", self.round_no))
        self._start_turn(self.starter)


def new_game(options, seed):
    players = options.get("players", 2)
    if players < 2 or players > 4:
        raise ValueError("Shadow Lock is for 2 to 4 players, got %r" % (players,))
    mode = options.get("mode", "classic")
    if mode not in ROUNDS:
        raise ValueError("mode must be classic or discovery, got %r" % (mode,))
    s = State(players)
    s.mode = MODES.index(mode)
    s.rounds = ROUNDS[mode]
    s.rng = Rng(seed)
    deck = piles.shuffled(range(COUNT), s.rng)
    s.piles = piles.split(deck, 2)
    s._start_turn(0)
    return s


def position(players=2, mode="classic", **kw):
    """A hand-built position for tests: world.position fills a fresh State (world is loaded
    only when called, and imports nothing of this module)."""
    from games.shadowlock import world

    return world.position(State(players), ROUNDS[mode], mode=mode, **kw)
