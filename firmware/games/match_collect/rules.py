"""Match & Collect: rules engine (GAMES.md section 1; seed 000, first part). 2 to 4 players.

Cards are small ints 0..87 (tables in games.match_collect.cards, generated from
assets/decks/mirrorquest.csv by tools/make_deck88.py):
- 0..63 regular: id = location * 4 + colour (same ids as games.deck88); colour_of(c),
  symbol_of(c), location_of(c).
- 64..87 Wonders: type = (id - 64) // 4, W_LEGENDARY, W_MESSENGER, W_GUIDE, W_PORTAL,
  W_SHELTER, W_OFFERING (wonder_of(c), -1 for a regular card).

new_game(options, seed) -> State. options: "players" (2..4), "reshuffle" (bool; default True
for 4 players), "quick" (Quick Rounds, default False), "length" ("standard", "shorter",
"longer": target -200 / +200). OPTION_KEYS lists them with their choices.

STATE the view reads (never write to it; only apply() changes it):
  num_players, current_player (seat; OVER = -2 when the game is over)
  round_number (1-based), target, starter (seat that started this round)
  phase: PH_DRAW (must draw or take), PH_MAIN (call / meld / Wonder / discard),
         PH_CHOICE (a Wonder's pending choice, see `pending`)
  hands[seat]      list of card ids (hidden from other seats; use observation(seat))
  melds[seat]      list of melds; a meld is a list [mtype, cards(list)]; meld_value(m)
                   gives its points. mtype: M_PAIR, M_SYMBOL, M_COLOUR, M_RAINBOW,
                   M_LOCATION, M_WONDERS (MELD_NAMES). A Rainbow holding a Legendary is
                   60-based (rainbow_base(m) -> 80 or 60).
  played[seat]     Wonders played face up this round (list of ids, +5 each)
  sheltered[seat]  True once a Shelter protects that seat's hand this round
  call_used[seat]  True once the free call is used this round
  calls            public log of this round: list of (seat, location, cards_received, how)
                   with how "call" or "messenger"
  discard          discard pile, list, top = discard[-1] (all public)
  draw_pile        list, top = draw_pile[-1] (hidden); draw_count() for the view
  totals[seat]     running totals before this round; round_results (below) has the rest
  selection        cards selected for the meld being built (a subset of the hand)
  taken            cards taken from the discard pile this turn (cannot be discarded again)
  must_meld        Quick Rounds: card taken from the discard that must be melded, else -1
  melded_turn, wonder_turn: this turn already melded / played its Wonder
  pending          P_NONE or the Wonder choice in progress (P_MESSENGER, P_GUIDE_KEEP,
                   P_GUIDE_ORDER, P_SHELTER, P_OFFERING, P_OFFER_TAKE, P_OFFER_RETURN,
                   P_OFFER_SWAP); looked = Guide cards seen (only its player may see them),
                   chosen = cards picked so far in the pending choice; owed = how many
                   cards an Offering's first option returns
  reshuffles       reshuffles this round; ending: the draw pile ran out, the round ends at
                   the current player's next discard; turns: turns begun this round (cap
                   MAX_ROUND_TURNS ends the round, reason "cap")
  round_results    list (one per finished round) of dicts:
                   {"round", "reason" ("out" | "exhausted" | "cap"), "players": [per seat
                   {"melds": [[ids]], "meld_values": [ints], "meld_types": [M_* ints],
                    "wonders": [ids], "hand": [ids],
                    "out": bool, "sheltered": bool, "score": int, "total": int}]}
                   Session/arena can log each with GameLog.event("round", **result).
                   Only the last round keeps it all: once the next round ends, an earlier
                   one keeps per seat only "out", "sheltered", "score" and "total".
  message          reason of the last round end / short note (for the view), may be ""

ACTIONS are small ints (< 432); build them with the helpers, read them with decode(a) ->
(kind, arg):
  DRAW             draw the top of the draw pile               (PH_DRAW)
  TAKE             take the top of the discard pile            (PH_DRAW)
  call(loc)        free location call, once a round           (PH_MAIN, before any meld)
  select(card)     add a hand card to the meld being built    (PH_MAIN)
  MELD             lay the selection as a new meld             (PH_MAIN)
  extend(i)        add the selection to own meld i             (PH_MAIN)
  CANCEL           clear the selection                         (PH_MAIN)
  wonder(card)     play a Wonder from hand (one a turn)        (PH_MAIN, empty selection)
  discard(card)    discard and end the turn                    (PH_MAIN, empty selection)
  name(loc)        Messenger: name a location                  (P_MESSENGER)
  pick(card)       pick a card in a pending choice: Guide keep / order (first picked goes on
                   top), Shelter take from discard, Offering take from discard / return from
                   hand / swap from hand
  SHELTER_HAND     Shelter, first option                       (P_SHELTER)
  OFFER_TAKE, OFFER_SWAP  Offering, first / second option      (P_OFFERING)
  DONE             stop a variable-length pick (Guide keep fewer when it saw < 4 cards,
                   Offering take 1 instead of 2, Offering swap end)
  meld_actions(cards) and extend_actions(i, cards) give the whole sequence for a meld.
legal_actions() lists every legal action now (small: selection steps only offer cards that
can still make a valid meld or extension). apply(a) raises ValueError with a clear reason and
changes nothing when `a` is illegal; why_illegal(a) returns that reason (or None).

HELPERS for the UI: classify_meld(cards) -> (mtype, value) or None (a new meld; also checks
the Legendary rules); can_extend(meld, cards) -> (mtype, value) or None; meld_value(meld);
can_take_discard(state) (Quick Rounds); hand_penalty(cards) -> positive penalty;
card_str(card); colour_of / symbol_of / location_of / wonder_of; methods
state.score_parts(seat, out_seat=-1) -> dict(melds, wonders, out, hand, total) (this round
so far), state.discardable(seat), state.location_count(seat, loc), state.draw_count().

Contract (docs/ARCHITECTURE.md): legal_actions, apply, is_over, scores (running totals),
returns, observation(seat), sample_hidden(seat, rng), clone, action_str(a).
"""

from core.rng import Rng
from games.match_collect.cards import COLOR, LOCATION, NUM_CARDS, SYMBOL, WONDER

try:
    from micropython import const  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython without sim/stubs on the path

    def const(x):
        return x


# -- cards ------------------------------------------------------------------------------------
NONE = const(255)
REGULAR = const(64)
W_LEGENDARY = const(0)
W_MESSENGER = const(1)
W_GUIDE = const(2)
W_PORTAL = const(3)
W_SHELTER = const(4)
W_OFFERING = const(5)
NUM_LOCATIONS = const(16)

# -- melds ------------------------------------------------------------------------------------
M_PAIR = const(0)
M_SYMBOL = const(1)
M_COLOUR = const(2)
M_RAINBOW = const(3)
M_LOCATION = const(4)
M_WONDERS = const(5)
MELD_NAMES = ("Mirror Pair", "Symbol Run", "Colour Run", "Rainbow", "Location Group",
              "Wonder Set")

# -- phases and pending choices ----------------------------------------------------------------
OVER = const(-2)
PH_DRAW = const(0)
PH_MAIN = const(1)
PH_CHOICE = const(2)
P_NONE = const(0)
P_MESSENGER = const(1)
P_GUIDE_KEEP = const(2)
P_GUIDE_ORDER = const(3)
P_SHELTER = const(4)
P_OFFERING = const(5)
P_OFFER_TAKE = const(6)
P_OFFER_RETURN = const(7)
P_OFFER_SWAP = const(8)

# -- scoring ----------------------------------------------------------------------------------
HAND_SIZE = (0, 0, 12, 10, 10)
TARGET = (0, 0, 800, 700, 700)
LENGTH_DELTA = {"standard": 0, "shorter": -200, "longer": 200}
PLAYED_WONDER_POINTS = const(5)
OUT_BONUS = const(25)
HAND_CARD_PENALTY = const(5)
HAND_WONDER_PENALTY = const(10)
MAX_RESHUFFLES = const(2)
MAX_ROUNDS = const(30)
MAX_ROUND_TURNS = const(300)  # cap (house ruling): a round also ends after 300 turns
OPTION_KEYS = (("reshuffle", (False, True)), ("quick", (False, True)),
               ("length", ("standard", "shorter", "longer")))

# -- actions ----------------------------------------------------------------------------------
DRAW = const(0)
TAKE = const(1)
MELD = const(2)
CANCEL = const(3)
SHELTER_HAND = const(4)
DONE = const(5)
OFFER_TAKE = const(6)
OFFER_SWAP = const(7)
_CALL = const(8)
_NAME = const(24)
_EXTEND = const(40)
MAX_MELDS = const(40)
_SELECT = const(80)
_DISCARD = const(168)
_WONDER = const(256)
_PICK = const(344)
NUM_ACTIONS = const(432)
_SIMPLE = ("draw", "take", "meld", "cancel", "shelter_hand", "done", "offer_take",
           "offer_swap")


def call(loc):
    return _CALL + loc


def name(loc):
    return _NAME + loc


def extend(i):
    return _EXTEND + i


def select(card):
    return _SELECT + card


def discard(card):
    return _DISCARD + card


def wonder(card):
    return _WONDER + card


def pick(card):
    return _PICK + card


def decode(action):
    """(kind, arg): kind is one of draw take meld cancel shelter_hand done offer_take
    offer_swap (arg -1), call name (arg location), extend (arg meld index), select discard
    wonder pick (arg card id). ValueError for an int outside the action range."""
    if action < 0 or action >= NUM_ACTIONS:
        raise ValueError("no action %r" % (action,))
    if action < _CALL:
        return _SIMPLE[action], -1
    if action < _NAME:
        return "call", action - _CALL
    if action < _EXTEND:
        return "name", action - _NAME
    if action < _SELECT:
        return "extend", action - _EXTEND
    if action < _DISCARD:
        return "select", action - _SELECT
    if action < _WONDER:
        return "discard", action - _DISCARD
    if action < _PICK:
        return "wonder", action - _WONDER
    return "pick", action - _PICK


def meld_actions(cards):
    """The actions that lay `cards` as a new meld."""
    return [select(c) for c in cards] + [MELD]


def extend_actions(index, cards):
    """The actions that add `cards` to the player's own meld number `index`."""
    return [select(c) for c in cards] + [extend(index)]


def colour_of(card):
    return COLOR[card]


def symbol_of(card):
    return SYMBOL[card]


def location_of(card):
    return LOCATION[card]


def wonder_of(card):
    """Wonder type of a card, -1 for a regular card."""
    w = WONDER[card]
    return -1 if w == NONE else w


def is_wonder(card):
    return card >= REGULAR


def is_legendary(card):
    return WONDER[card] == W_LEGENDARY


# -- meld arithmetic ---------------------------------------------------------------------------


def _colour_count(cards):
    mask = 0
    for c in cards:
        if c < REGULAR:
            mask |= 1 << COLOR[c]
    return (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1) + ((mask >> 3) & 1)


def _legends(cards):
    n = 0
    for c in cards:
        if WONDER[c] == W_LEGENDARY:
            n += 1
    return n


def _symbol_meld(cards):
    """(mtype, value) of a same-symbol meld (valid shape assumed)."""
    n = len(cards)
    colours = _colour_count(cards)
    if _legends(cards):
        if colours >= 3:
            return M_RAINBOW, 60 + 10 * (n - 4)
        return M_SYMBOL, 30 + 10 * (n - 3) + 10
    if colours == 4:
        return M_RAINBOW, 80 + 10 * (n - 4)
    return M_SYMBOL, 30 + 10 * (n - 3)


def rainbow_base(meld):
    """80 for a natural Rainbow, 60 for one that holds a Legendary (0 if not a Rainbow)."""
    if meld[0] != M_RAINBOW:
        return 0
    return 60 if _legends(meld[1]) else 80


def meld_value(meld):
    """Points of a laid meld [mtype, cards]."""
    mtype = meld[0]
    cards = meld[1]
    n = len(cards)
    if mtype == M_PAIR:
        return 10
    if mtype == M_SYMBOL or mtype == M_RAINBOW:
        return _symbol_meld(cards)[1]
    if mtype == M_COLOUR:
        return 55 + 10 * (n - 5) + (10 if _legends(cards) else 0)
    return 70 if n == 3 else 100  # Location Group, Wonder Set


def _same(cards, table):
    """The common table value of the regular cards, NONE if none, -1 if they differ."""
    v = NONE
    for c in cards:
        if c < REGULAR:
            if v == NONE:
                v = table[c]
            elif table[c] != v:
                return -1
    return v


def _shape(cards):
    """(regulars, legendaries, other wonders, common wonder type or -1)."""
    regs = 0
    legs = 0
    others = 0
    wtype = NONE
    for c in cards:
        if c < REGULAR:
            regs += 1
        else:
            w = WONDER[c]
            if w == W_LEGENDARY:
                legs += 1
            else:
                others += 1
            if wtype == NONE:
                wtype = w
            elif wtype != w:
                wtype = -1
    return regs, legs, others, wtype


def _distinct(cards):
    for i in range(len(cards)):
        for j in range(i):
            if cards[i] == cards[j]:
                return False
    return True


def classify_meld(cards):
    """(mtype, value) if `cards` (ids) form a valid new meld, else None."""
    n = len(cards)
    if n < 2 or not _distinct(cards):
        return None
    regs, legs, others, wtype = _shape(cards)
    if regs == 0:
        if wtype >= 0 and 3 <= n <= 4:
            return M_WONDERS, 70 if n == 3 else 100
        return None
    if others or legs > 1:
        return None
    if n == 2:
        if legs == 0 and COLOR[cards[0]] == COLOR[cards[1]] and \
                SYMBOL[cards[0]] == SYMBOL[cards[1]]:
            return M_PAIR, 10
        return None
    if legs == 0 and n <= 4 and _same(cards, LOCATION) >= 0:
        return M_LOCATION, 70 if n == 3 else 100
    if _same(cards, SYMBOL) >= 0:
        if legs and _colour_count(cards) == 4:
            return None  # a Legendary enters a Rainbow only as its missing colour
        return _symbol_meld(cards)
    if n >= 5 and _same(cards, COLOR) >= 0:
        return M_COLOUR, 55 + 10 * (n - 5) + (10 if legs else 0)
    return None


def can_extend(meld, cards):
    """(mtype, value) of own meld `meld` after adding `cards`, or None if not allowed."""
    if not cards or not _distinct(cards):
        return None
    mtype = meld[0]
    old = meld[1]
    if mtype == M_PAIR:
        return None
    allc = old + list(cards)
    n = len(allc)
    regs, legs, others, wtype = _shape(allc)
    if mtype == M_WONDERS:
        if regs or wtype < 0 or n > 4:
            return None
        return M_WONDERS, 100 if n == 4 else 70
    if others or legs > 1:
        return None
    if mtype == M_LOCATION:
        if legs or n > 4 or _same(allc, LOCATION) < 0:
            return None
        return M_LOCATION, 100 if n == 4 else 70
    if mtype == M_COLOUR:
        if _same(allc, COLOR) < 0:
            return None
        return M_COLOUR, 55 + 10 * (n - 5) + (10 if legs else 0)
    if _same(allc, SYMBOL) < 0:
        return None
    if legs and not _legends(old) and _colour_count(allc) == 4:
        return None  # the Legendary would not stand for a missing colour
    return _symbol_meld(allc)


def _could_grow(cards):
    """True if `cards` may be the start of a valid new meld (ignores what the hand holds)."""
    regs, legs, others, wtype = _shape(cards)
    n = len(cards)
    if regs == 0:
        return wtype >= 0 and n <= 4
    if others or legs > 1:
        return False
    if legs == 0 and n <= 2 and COLOR[cards[0]] == COLOR[cards[-1]] and \
            SYMBOL[cards[0]] == SYMBOL[cards[-1]]:
        return True
    if legs == 0 and n <= 4 and _same(cards, LOCATION) >= 0:
        return True
    if _same(cards, SYMBOL) >= 0 and not (legs and _colour_count(cards) == 4):
        return True
    return _same(cards, COLOR) >= 0


# -- the state --------------------------------------------------------------------------------


class State:
    def __init__(self):
        self.num_players = 0
        self.options = {}
        self.reshuffle = False
        self.quick = False
        self.target = 0
        self.rng = Rng(0)  # new_game and clone give it its real state
        self.round_number = 0
        self.starter = 0
        self.current_player = 0
        self.phase = PH_DRAW
        self.hands = []
        self.melds = []
        self.played = []
        self.sheltered = []
        self.call_used = []
        self.picked_up = []  # per seat: cards it took from the discard this round (public)
        self.calls = []
        self.discard = []
        self.draw_pile = []
        self.totals = []
        self.selection = []
        self.taken = []
        self.must_meld = -1
        self.melded_turn = False
        self.wonder_turn = False
        self.pending = P_NONE
        self.looked = []
        self.chosen = []
        self.owed = 0  # Offering: cards still to return from the hand
        self.guide_seat = -1  # the seat that knows the top `guide_known` cards of the pile
        self.guide_known = 0
        self.reshuffles = 0
        self.ending = False
        self.turns = 0  # turns begun this round (a Portal's new turn does not count)
        self.round_results = []
        self.message = ""
        self.winners = []

    # -- contract -------------------------------------------------------------------------
    def is_over(self):
        return self.current_player == OVER

    def scores(self):
        return list(self.totals)

    def returns(self):
        if not self.is_over():
            return [0.0] * self.num_players
        best = max(self.totals)
        n = self.totals.count(best)
        return [(1.0 if n == 1 else 0.5) if t == best else 0.0 for t in self.totals]

    def draw_count(self):
        return len(self.draw_pile)

    def clone(self):
        from games.match_collect import rules_extra

        return rules_extra.clone(self)

    # -- reading helpers --------------------------------------------------------------------
    def discardable(self, seat):
        """Cards of the hand that may be discarded now (not taken from the pile this turn)."""
        return [c for c in self.hands[seat] if c not in self.taken]

    def _free_cards(self):
        """Hand cards of the current player that can still be discarded, not selected."""
        n = 0
        for c in self.hands[self.current_player]:
            if c not in self.taken and c not in self.selection:
                n += 1
        return n

    def location_count(self, seat, loc):
        n = 0
        for c in self.hands[seat]:
            if c < REGULAR and LOCATION[c] == loc:
                n += 1
        return n

    # -- legality -----------------------------------------------------------------------------
    def legal_actions(self):
        out = []
        seat = self.current_player
        if seat < 0:
            return out
        hand = self.hands[seat]
        if self.phase == PH_DRAW:
            if self.draw_pile:
                out.append(DRAW)
            if self._take_ok() is None:
                out.append(TAKE)
            return out
        if self.phase == PH_CHOICE:
            return self._choice_actions()
        sel = self.selection
        if sel:
            if self._commit_ok(MELD) is None:
                out.append(MELD)
            for i in range(len(self.melds[seat])):
                if self._commit_ok(extend(i)) is None:
                    out.append(extend(i))
            out.append(CANCEL)
        elif not self.melded_turn and not self.wonder_turn and not self.call_used[seat]:
            for loc in range(NUM_LOCATIONS):
                if self.location_count(seat, loc) >= 2:
                    out.append(call(loc))
        if not self.wonder_turn:
            for c in hand:
                if c not in sel and self._select_ok(c) is None:
                    out.append(select(c))
        if not sel and self.must_meld < 0:
            if not self.wonder_turn:
                for c in hand:
                    if c >= REGULAR and self._wonder_ok(c) is None:
                        out.append(wonder(c))
            for c in hand:
                if c not in self.taken:
                    out.append(discard(c))
        return out

    def why_illegal(self, action):
        """None if `action` is legal now, else the reason (a short English sentence)."""
        from games.match_collect import rules_extra

        return rules_extra.why_illegal(self, action)

    def _take_ok(self):
        if not self.discard:
            return "the discard pile is empty"
        if not self.hands[self.current_player]:
            return "with no cards in hand you must draw from the draw pile"
        if self.quick and not can_take_discard(self):
            return "Quick Rounds: the discard can be taken only to meld it this turn"
        return None

    def _select_ok(self, card):
        if self.wonder_turn:
            return "melds come before the turn's Wonder"
        seat = self.current_player
        if card not in self.hands[seat]:
            return "that card is not in your hand"
        sel = self.selection
        free = self._free_cards()
        if card not in self.taken:
            free -= 1
        if free < 1:
            return "you must keep one card to discard"
        trial = sel + [card]
        if _could_grow(trial):
            return None
        for m in self.melds[seat]:
            if can_extend(m, trial) is not None:
                return None
        return "those cards cannot make a meld together"

    def _commit_ok(self, action):
        sel = self.selection
        if not sel:
            return "select the cards of the meld first"
        if self.must_meld >= 0 and self.must_meld not in sel:
            return "Quick Rounds: the first meld must use the card taken from the discard"
        if action == MELD:
            if classify_meld(sel) is None:
                return "those cards are not a valid meld"
            return None
        i = action - _EXTEND
        melds = self.melds[self.current_player]
        if i >= len(melds):
            return "you have no meld number %d" % (i + 1)
        if can_extend(melds[i], sel) is None:
            return "those cards cannot be added to that meld"
        return None

    def _wonder_ok(self, card):
        seat = self.current_player
        if card not in self.hands[seat]:
            return "that card is not in your hand"
        if self.wonder_turn:
            return "only one Wonder a turn"
        w = WONDER[card]
        if w == NONE:
            return "that card is not a Wonder"
        if w == W_LEGENDARY:
            return "a Legendary is used inside a meld, not played"
        if w == W_PORTAL:
            return None
        free = self._free_cards() - (0 if card in self.taken else 1)
        if free < 1:
            return "you must keep one card to discard"
        if w == W_GUIDE and not self.draw_pile:
            return "the Guide needs a draw pile"
        if w == W_SHELTER and self.sheltered[seat] and not self.discard:
            return "your hand is already sheltered and the discard pile is empty"
        return None

    def _choice_actions(self):
        out = []
        p = self.pending
        seat = self.current_player
        if p == P_MESSENGER:
            return [name(loc) for loc in range(NUM_LOCATIONS)]
        if p == P_GUIDE_KEEP:
            for c in self.looked:
                if c not in self.chosen:
                    out.append(pick(c))
            if len(self.looked) < 4:
                out.append(DONE)
            return out
        if p == P_GUIDE_ORDER:
            return [pick(c) for c in self.looked if c not in self.chosen]
        if p == P_SHELTER:
            if not self.sheltered[seat]:
                out.append(SHELTER_HAND)
            for c in _unique(self.discard):
                out.append(pick(c))
            return out
        if p == P_OFFERING:
            if self.discard and self._free_cards() >= 2:
                out.append(OFFER_TAKE)
            out.append(OFFER_SWAP)
            return out
        if p == P_OFFER_TAKE:
            if len(self.chosen) < 2 and self._free_cards() - len(self.chosen) >= 2:
                for c in _unique(self.discard):
                    out.append(pick(c))
            if self.chosen:
                out.append(DONE)
            return out
        if p == P_OFFER_RETURN:
            return [pick(c) for c in self.hands[seat] if c not in self.taken]
        if p == P_OFFER_SWAP:
            if len(self.chosen) < len(self.draw_pile) + 0:
                for c in self.hands[seat]:
                    if c not in self.taken:
                        out.append(pick(c))
            out.append(DONE)
            return out
        return out

    # -- applying -------------------------------------------------------------------------------
    def apply(self, action):
        if action not in self.legal_actions():
            # The reason's code (rules_extra) loads only when an action is refused.
            raise ValueError(self.why_illegal(action) or "that action is not possible now")
        kind, arg = decode(action)
        seat = self.current_player
        hand = self.hands[seat]
        self.message = ""
        if self.phase == PH_CHOICE:
            self._apply_choice(kind, arg)
        elif kind == "draw":
            hand.append(self._pop_draw())
            self.phase = PH_MAIN
            self._check_exhausted()
        elif kind == "take":
            c = self.discard.pop()
            hand.append(c)
            self.taken.append(c)
            self.picked_up[seat].append(c)
            if self.quick:
                self.must_meld = c
            self.phase = PH_MAIN
        elif kind == "call":
            self.call_used[seat] = True
            self._gather(seat, arg, "call")
        elif kind == "select":
            self.selection.append(arg)
        elif kind == "cancel":
            self.selection = []
        elif kind == "meld":
            mtype = classify_meld(self.selection)[0]
            self._lay(hand)
            self.melds[seat].append([mtype, sorted(self.selection)])
            self._after_meld()
        elif kind == "extend":
            m = self.melds[seat][arg]
            m[0] = can_extend(m, self.selection)[0]
            self._lay(hand)
            m[1] = sorted(m[1] + self.selection)
            self._after_meld()
        elif kind == "wonder":
            self._play_wonder(seat, arg)
        elif kind == "discard":
            hand.remove(arg)
            self.discard.append(arg)
            if not hand:
                self._end_round("out", seat)
            elif self.ending:
                self._end_round("exhausted", -1)
            elif self.turns >= MAX_ROUND_TURNS:
                self._end_round("cap", -1)
            else:
                self._start_turn((seat + 1) % self.num_players)

    def _lay(self, hand):
        for c in self.selection:
            hand.remove(c)

    def _after_meld(self):
        if self.must_meld in self.selection:
            self.must_meld = -1
        self.selection = []
        self.melded_turn = True

    def _pop_draw(self):
        if self.guide_known > 0:
            self.guide_known -= 1
        return self.draw_pile.pop()

    def _check_exhausted(self):
        """Called after cards leave the draw pile: reshuffle (variant) or mark the round's end."""
        if self.draw_pile:
            return
        if self.reshuffle and self.reshuffles < MAX_RESHUFFLES and len(self.discard) > 1:
            top = self.discard.pop()
            pile = self.discard
            self.rng.shuffle(pile)
            self.draw_pile = pile
            self.discard = [top]
            self.reshuffles += 1
            self.guide_known = 0
            self.message = "reshuffle"
            return
        self.ending = True

    def _gather(self, seat, loc, how):
        got = 0
        for other in range(self.num_players):
            if other == seat:
                continue
            oh = self.hands[other]
            i = 0
            while i < len(oh):
                c = oh[i]
                if c < REGULAR and LOCATION[c] == loc:
                    oh.pop(i)
                    self.hands[seat].append(c)
                    got += 1
                else:
                    i += 1
        self.calls.append((seat, loc, got, how))
        return got

    def _play_wonder(self, seat, card):
        self.hands[seat].remove(card)
        self.played[seat].append(card)
        self.wonder_turn = True
        if card in self.taken:
            self.taken.remove(card)
        w = WONDER[card]
        self.chosen = []
        if w == W_PORTAL:
            self._start_turn(seat, True)
            return
        self.phase = PH_CHOICE
        if w == W_MESSENGER:
            self.pending = P_MESSENGER
        elif w == W_GUIDE:
            n = min(4, len(self.draw_pile))
            self.looked = [self._pop_draw() for _ in range(n)]
            self.pending = P_GUIDE_KEEP
        elif w == W_SHELTER:
            self.pending = P_SHELTER
        else:
            self.pending = P_OFFERING

    def _choice_done(self):
        self.pending = P_NONE
        self.phase = PH_MAIN
        self.chosen = []
        self.looked = []

    def _apply_choice(self, kind, arg):
        p = self.pending
        seat = self.current_player
        hand = self.hands[seat]
        if p == P_MESSENGER:
            if self._gather(seat, arg, "messenger") == 0 and self.draw_pile:
                hand.append(self._pop_draw())
                self._check_exhausted()
            self._choice_done()
        elif p == P_GUIDE_KEEP:
            if kind == "pick":
                self.chosen.append(arg)
            keep = min(2, len(self.looked))
            if kind == "done" or len(self.chosen) == keep:
                for c in self.chosen:
                    hand.append(c)
                rest = [c for c in self.looked if c not in self.chosen]
                self.looked = rest
                self.chosen = []
                if len(rest) <= 1:
                    self._guide_return(rest)
                else:
                    self.pending = P_GUIDE_ORDER
        elif p == P_GUIDE_ORDER:
            self.chosen.append(arg)
            if len(self.chosen) == len(self.looked) - 1:
                for c in self.looked:
                    if c not in self.chosen:
                        self.chosen.append(c)
                self._guide_return(self.chosen)
        elif p == P_SHELTER:
            if kind == "shelter_hand":
                self.sheltered[seat] = True
            else:
                self._take_from_discard(seat, arg)
            self._choice_done()
        elif p == P_OFFERING:
            self.pending = P_OFFER_TAKE if kind == "offer_take" else P_OFFER_SWAP
        elif p == P_OFFER_TAKE:
            if kind == "pick":
                self._take_from_discard(seat, arg)
                self.chosen.append(arg)
            if kind == "done" or len(self.chosen) == 2:
                self.owed = len(self.chosen)  # how many cards go back from the hand
                self.chosen = []
                self.pending = P_OFFER_RETURN
        elif p == P_OFFER_RETURN:
            hand.remove(arg)
            self.discard.append(arg)
            self.chosen.append(arg)
            if len(self.chosen) == self.owed:
                self.owed = 0
                self._choice_done()
        elif p == P_OFFER_SWAP:
            if kind == "pick":
                hand.remove(arg)
                self.discard.append(arg)
                self.chosen.append(arg)
            else:
                for _ in range(len(self.chosen)):
                    hand.append(self._pop_draw())
                self._choice_done()
                self._check_exhausted()

    def _guide_return(self, order):
        """Put the Guide's unkept cards back, order[0] on top."""
        for i in range(len(order) - 1, -1, -1):
            self.draw_pile.append(order[i])
        self.guide_seat = self.current_player
        self.guide_known = len(order)
        self._choice_done()
        self._check_exhausted()

    def _take_from_discard(self, seat, card):
        self.discard.remove(card)
        self.hands[seat].append(card)
        self.taken.append(card)
        self.picked_up[seat].append(card)

    # -- turns and rounds ------------------------------------------------------------------------
    def _start_turn(self, seat, portal=False):
        if not portal:
            self.turns += 1
        self.current_player = seat
        self.phase = PH_DRAW
        self.pending = P_NONE
        self.selection = []
        self.taken = []
        self.chosen = []
        self.looked = []
        self.must_meld = -1
        self.melded_turn = False
        self.wonder_turn = False
        if not self.draw_pile and self._take_ok() is not None:
            # Must draw from an empty pile and cannot take the discard: the round ends now.
            self._end_round("exhausted", -1)

    def score_parts(self, seat, out_seat=-1):
        """Round points of `seat` as they stand: dict melds, wonders, out, hand, total."""
        melds = 0
        for m in self.melds[seat]:
            melds += meld_value(m)
        wonders = PLAYED_WONDER_POINTS * len(self.played[seat])
        out = OUT_BONUS if seat == out_seat else 0
        hand = 0 if self.sheltered[seat] else -hand_penalty(self.hands[seat])
        return {"melds": melds, "wonders": wonders, "out": out, "hand": hand,
                "total": melds + wonders + out + hand}

    def _end_round(self, reason, out_seat):
        players = []
        for seat in range(self.num_players):
            parts = self.score_parts(seat, out_seat)
            self.totals[seat] += parts["total"]
            players.append({
                "melds": [list(m[1]) for m in self.melds[seat]],
                "meld_values": [meld_value(m) for m in self.melds[seat]],
                "meld_types": [m[0] for m in self.melds[seat]],
                "wonders": list(self.played[seat]),
                "hand": sorted(self.hands[seat]),
                "out": seat == out_seat,
                "sheltered": self.sheltered[seat],
                "score": parts["total"],
                "total": self.totals[seat],
            })
        if self.round_results:
            _brief(self.round_results[-1])
        self.round_results.append({"round": self.round_number, "reason": reason,
                                   "players": players})
        if max(self.totals) >= self.target or self.round_number >= MAX_ROUNDS:
            best = max(self.totals)
            self.winners = [s for s in range(self.num_players) if self.totals[s] == best]
            self.current_player = OVER
            self.phase = PH_DRAW
            self.pending = P_NONE
            self.selection = []
            return
        low = min(self.totals)
        nxt = self.starter
        for step in range(1, self.num_players + 1):
            s = (self.starter + step) % self.num_players
            if self.totals[s] == low:
                nxt = s
                break
        self._deal(self.round_number + 1, nxt)

    def _deal(self, round_number, starter):
        n = self.num_players
        deck = list(range(NUM_CARDS))
        self.rng.shuffle(deck)
        size = HAND_SIZE[n]
        self.hands = []
        for _ in range(n):
            self.hands.append(deck[len(deck) - size:])
            del deck[len(deck) - size:]
        self.discard = [deck.pop()]
        self.draw_pile = deck
        self.melds = [[] for _ in range(n)]
        self.played = [[] for _ in range(n)]
        self.picked_up = [[] for _ in range(n)]
        self.sheltered = [False] * n
        self.call_used = [False] * n
        self.calls = []
        self.reshuffles = 0
        self.ending = False
        self.turns = 0
        self.guide_seat = -1
        self.guide_known = 0
        self.round_number = round_number
        self.starter = starter
        self._start_turn(starter)

    # -- information ----------------------------------------------------------------------------
    def observation(self, seat):
        """What `seat` may see: its own hand, everything public, counts of hidden things."""
        from games.match_collect import rules_extra

        return rules_extra.observation(self, seat)

    def sample_hidden(self, seat, rng):
        """A copy where every card `seat` cannot see is dealt again at random (see
        rules_extra.sample_hidden)."""
        from games.match_collect import rules_extra

        return rules_extra.sample_hidden(self, seat, rng)

    def action_str(self, action):
        from games.match_collect import rules_extra

        return rules_extra.action_str(self, action)


# What an earlier round's result keeps per seat once the next round has ended.
_BRIEF_KEYS = ("out", "sheltered", "score", "total")


def _brief(result):
    """Keep only the scores of a round result (the cards lists go; they were shown and
    logged when the round ended): a long 4-player game's history stays a few hundred bytes."""
    players = result["players"]
    for i in range(len(players)):
        p = players[i]
        players[i] = {k: p[k] for k in _BRIEF_KEYS}


def _unique(cards):
    out = []
    for c in cards:
        if c not in out:
            out.append(c)
    return out


def card_str(card):
    from games.match_collect import rules_extra

    return rules_extra.card_str(card)


def hand_penalty(hand):
    """End-of-round penalty of a hand (positive): 5 a card, 10 a Wonder."""
    p = 0
    for c in hand:
        p += HAND_WONDER_PENALTY if c >= REGULAR else HAND_CARD_PENALTY
    return p


def can_take_discard(state):
    """Quick Rounds: could the current player meld the discard top this turn if taken (as a
    new meld or added to one of its melds, keeping one card to discard)?"""
    if not state.discard:
        return False
    t = state.discard[-1]
    seat = state.current_player
    hand = state.hands[seat]
    spare = len(hand)  # hand cards that may go into the meld with t (one must stay)
    for m in state.melds[seat]:
        if can_extend(m, [t]) is not None:
            return True
    if t >= REGULAR:
        w = WONDER[t]
        same = 0
        for c in hand:
            if c >= REGULAR and WONDER[c] == w:
                same += 1
        if same >= 2 and spare >= 3:
            return True
        if w != W_LEGENDARY:
            return False
        counts = bytearray(12)
        for c in hand:
            if c < REGULAR:
                counts[SYMBOL[c]] += 1
                counts[8 + COLOR[c]] += 1
        for s in range(8):
            if counts[s] >= 2 and spare >= 3:
                return True
        for k in range(4):
            if counts[8 + k] >= 4 and spare >= 5:
                return True
        return False
    sym = 0
    col = 0
    loc = 0
    legs = 0
    for c in hand:
        if c < REGULAR:
            if SYMBOL[c] == SYMBOL[t]:
                sym += 1
                if COLOR[c] == COLOR[t] and spare >= 2:
                    return True  # Mirror Pair
            if COLOR[c] == COLOR[t]:
                col += 1
            if LOCATION[c] == LOCATION[t]:
                loc += 1
        elif WONDER[c] == W_LEGENDARY:
            legs = 1
    if sym + legs >= 2 and spare >= 3:  # two cards with it (or one and a Legendary)
        return True
    if loc >= 2 and spare >= 3:
        return True
    if col + legs >= 4 and spare >= 5:
        return True
    return False


def new_game(options, seed):
    players = options.get("players", 2)
    if players < 2 or players > 4:
        raise ValueError("Match & Collect needs 2 to 4 players, got %r" % (players,))
    s = State()
    s.num_players = players
    s.options = dict(options)
    s.reshuffle = bool(options.get("reshuffle", players == 4))
    s.quick = bool(options.get("quick", False))
    length = options.get("length", "standard")
    if length not in LENGTH_DELTA:
        raise ValueError("length must be standard, shorter or longer, got %r" % (length,))
    s.target = TARGET[players] + LENGTH_DELTA[length]
    s.rng = Rng(seed)
    s.totals = [0] * players
    s.starter = 0
    s._deal(1, 0)
    return s
