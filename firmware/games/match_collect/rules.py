"""Match & Collect: rules engine (GAMES.md section 1; seed 000, first part). 2 to 4 players.

Cards are small ints 0..87 (tables in games.match_collect.cards, generated from
assets/decks/mirrorquest.csv by tools/decks.py):
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
  known[card]      bit s set: seat s knows which hand holds that card (it saw it taken from
                   the discard pile, or handed it over by a call or a Messenger)
  must_meld        Quick Rounds: card taken from the discard that must be melded this turn
                   (in any of the turn's melds), else -1
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

MODULES (no two import each other): cards (the deck table) <- melds (card facts, meld
arithmetic) and actions (phases, codec) <- rules_extra (reasons, observation, sample_hidden,
clone, texts; loaded on first use) and rounds (a round's end and the deal; loaded when a
round ends or a game is dealt, and the view drops it again) <- rules (this file: the state;
it re-exports the names of melds and actions, so rules.X is the whole API).
"""

from core.rng import Rng
from games.match_collect.actions import (  # noqa: F401 (rules.X is the API)
    CANCEL,
    DONE,
    DRAW,
    MAX_MELDS,
    MELD,
    NUM_ACTIONS,
    OFFER_SWAP,
    OFFER_TAKE,
    OVER,
    P_GUIDE_KEEP,
    P_GUIDE_ORDER,
    P_MESSENGER,
    P_NONE,
    P_OFFER_RETURN,
    P_OFFER_SWAP,
    P_OFFER_TAKE,
    P_OFFERING,
    P_SHELTER,
    PH_CHOICE,
    PH_DRAW,
    PH_MAIN,
    SHELTER_HAND,
    TAKE,
    call,
    decode,
    discard,
    extend,
    extend_actions,
    meld_actions,
    name,
    pick,
    select,
    wonder,
)
from games.match_collect.cards import COUNT as NUM_CARDS
from games.match_collect.cards import LOCATION, WONDER
from games.match_collect.melds import (  # noqa: F401 (rules.X is the API)
    HAND_SIZE,
    LENGTH_DELTA,
    M_COLOUR,
    M_LOCATION,
    M_PAIR,
    M_RAINBOW,
    M_SYMBOL,
    M_WONDERS,
    MAX_ROUNDS,
    MELD_NAMES,
    NONE,
    NUM_LOCATIONS,
    REGULAR,
    TARGET,
    W_GUIDE,
    W_LEGENDARY,
    W_MESSENGER,
    W_OFFERING,
    W_PORTAL,
    W_SHELTER,
    can_extend,
    classify_meld,
    colour_of,
    could_grow,
    hand_penalty,
    is_legendary,
    is_wonder,
    location_of,
    meld_value,
    meldable_with,
    rainbow_base,
    symbol_of,
    wonder_of,
)

# Actions of a whole game, about (AI games of two seats: 400-630): core.session.Session
# takes room for them at the start instead of doubling its list late in the game.
ACTIONS_HINT = 640

try:
    from micropython import const  # pyright: ignore[reportAssignmentType]
except ImportError:  # CPython without sim/stubs on the path

    def const(x):
        return x




# -- scoring ----------------------------------------------------------------------------------
PLAYED_WONDER_POINTS = const(5)
OUT_BONUS = const(25)
HAND_CARD_PENALTY = const(5)  # also in melds.hand_penalty
HAND_WONDER_PENALTY = const(10)
MAX_RESHUFFLES = const(2)
MAX_ROUND_TURNS = const(300)  # cap (house ruling): a round also ends after 300 turns
OPTION_KEYS = (("reshuffle", (False, True)), ("quick", (False, True)),
               ("length", ("standard", "shorter", "longer")))


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
        # Per card, bit s: seat s knows which hand holds it (it saw it taken from the discard
        # pile, or handed it over). Only meaningful while the card is in a hand.
        self.known = bytearray(NUM_CARDS)
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
    # The _*_ok checks answer None (allowed) or a short reason key ("keep one", "no meld"...):
    # rules_extra.REASONS words it, only when a refused action needs its reason.
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
            return "no discard"
        if not self.hands[self.current_player]:
            return "empty hand"
        if self.quick and not can_take_discard(self):
            return "quick take"
        return None

    def _select_ok(self, card):
        if self.wonder_turn:
            return "wondered"
        seat = self.current_player
        if card not in self.hands[seat]:
            return "not held"
        sel = self.selection
        free = self._free_cards()
        if card not in self.taken:
            free -= 1
        if free < 1:
            return "keep one"
        trial = sel + [card]
        if could_grow(trial):
            return None
        for m in self.melds[seat]:
            if can_extend(m, trial) is not None:
                return None
        return "no meld"

    def _commit_ok(self, action):
        sel = self.selection
        if not sel:
            return "no select"
        melds = self.melds[self.current_player]
        if action == MELD:
            got = classify_meld(sel)
            if got is None:
                return "bad meld"
            i = -1
        else:
            i = decode(action)[1]
            if i >= len(melds):
                return "no meld #"
            got = can_extend(melds[i], sel)
            if got is None:
                return "no extend"
        t = self.must_meld
        if t >= 0 and t not in sel:
            # Quick Rounds: the taken card may go into any of the turn's melds, so this one
            # may leave it out only if it can still be melded afterwards.
            hand = [c for c in self.hands[self.current_player] if c != t and c not in sel]
            after = []
            for k in range(len(melds)):
                after.append([got[0], melds[k][1] + sel] if k == i else melds[k])
            if i < 0:
                after.append([got[0], sel])
            if not meldable_with(t, hand, after):
                return "quick meld"
        return None

    def _wonder_ok(self, card):
        seat = self.current_player
        if card not in self.hands[seat]:
            return "not held"
        if self.wonder_turn:
            return "one wonder"
        w = WONDER[card]
        if w == NONE:
            return "not wonder"
        if w == W_LEGENDARY:
            return "legendary"
        if w == W_PORTAL:
            return None
        free = self._free_cards() - (0 if card in self.taken else 1)
        if free < 1:
            return "keep one"
        if w == W_GUIDE and not self.draw_pile:
            return "no guide"
        if w == W_SHELTER and self.sheltered[seat] and not self.discard:
            return "sheltered"
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
            self.known[c] = (1 << self.num_players) - 1
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
            self.known[arg] = 0
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
            self.known[c] = 0

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
                    self.known[c] |= (1 << other) | (1 << seat)
                    got += 1
                else:
                    i += 1
        self.calls.append((seat, loc, got, how))
        return got

    def _play_wonder(self, seat, card):
        self.hands[seat].remove(card)
        self.known[card] = 0
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
            self.known[arg] = 0
            self.discard.append(arg)
            self.chosen.append(arg)
            if len(self.chosen) == self.owed:
                self.owed = 0
                self._choice_done()
        elif p == P_OFFER_SWAP:
            if kind == "pick":
                hand.remove(arg)
                self.known[arg] = 0
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
        self.known[card] = (1 << self.num_players) - 1

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
        # Round end and deal: rounds.py, imported now (view.ON_DEMAND drops it again).
        from games.match_collect import rounds

        rounds.end_round(self, reason, out_seat)

    def _deal(self, round_number, starter):
        from games.match_collect import rounds

        rounds.deal(self, round_number, starter)

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


def _unique(cards):
    out = []
    for c in cards:
        if c not in out:
            out.append(c)
    return out


def card_str(card):
    from games.match_collect import rules_extra

    return rules_extra.card_str(card)


def can_take_discard(state):
    """Quick Rounds: could the current player meld the discard top this turn if taken (as a
    new meld or added to one of its melds, keeping one card to discard)?"""
    if not state.discard:
        return False
    seat = state.current_player
    return meldable_with(state.discard[-1], state.hands[seat], state.melds[seat])


def new_game(options, seed):
    """A new game (rounds.new_game: dealt there, with the next rounds)."""
    from games.match_collect import rounds

    return rounds.new_game(State, options, seed)
