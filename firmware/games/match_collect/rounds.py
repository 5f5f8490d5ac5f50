"""Match & Collect: a new game, a round's end (scores, results, the winners) and the deal of
the next (rules.new_game, State._end_round and State._deal forward here). Imported when a
round ends or a game is dealt and dropped when the table is back on top (view.ON_DEMAND):
the heap does not hold it through a round's moves. The behaviour is that of
games.match_collect.rules (see its docstring); `self` is the rules' State."""

from core.rng import Rng
from games.match_collect.actions import OVER, P_NONE, PH_DRAW
from games.match_collect.cards import COUNT as NUM_CARDS
from games.match_collect.melds import HAND_SIZE, LENGTH_DELTA, MAX_ROUNDS, TARGET, meld_value

_GONE: list = []    # stands for a round's lists while the next round's are made (never filled)

# What an earlier round's result keeps per seat once the next round has ended.
_BRIEF_KEYS = ("out", "sheltered", "score", "total")


def end_round(self, reason, out_seat):
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
    deal(self, self.round_number + 1, nxt)

def deal(self, round_number, starter):
    n = self.num_players
    # The last round's lists go first (the new ones may take their room), and the deck is
    # one block of its size (a list grown from a range wants 128 slots), late in a game
    # when the heap is most broken up.
    self.draw_pile = self.discard = self.hands = _GONE
    self.melds = self.played = self.picked_up = _GONE
    deck = [0] * NUM_CARDS
    for i in range(NUM_CARDS):
        deck[i] = i
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
    self.known = bytearray(NUM_CARDS)
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


def _brief(result):
    """Keep only the scores of a round result (the cards lists go; they were shown and
    logged when the round ended): a long 4-player game's history stays a few hundred bytes."""
    players = result["players"]
    for i in range(len(players)):
        p = players[i]
        players[i] = {k: p[k] for k in _BRIEF_KEYS}


def new_game(state_class, options, seed):
    """rules.new_game's (it passes its State class)."""
    players = options.get("players", 2)
    if players < 2 or players > 4:
        raise ValueError("Match & Collect needs 2 to 4 players, got %r" % (players,))
    s = state_class()
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
    deal(s, 1, 0)
    return s
