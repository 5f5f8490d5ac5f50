# "Eleven", the toy game. Runs on CPython and MicroPython.
#
# Deck: values 1..5, four copies each (20 cards). Each player is dealt 3 hidden cards; the
# rest is a face-down draw pile. Seat 0 starts; turns go clockwise. On your turn play one card
# from your hand onto the shared pile, which adds its value to the running total:
#   - total exactly 11: you score +3 and the total goes back to 0;
#   - total above 11 (bust): you score -2 and the total goes back to 0;
# then draw a card if the draw pile is not empty. A player with an empty hand is skipped.
# The game ends when every card has been played (always after exactly 20 actions). Highest
# score wins; an exact tie for the top is a shared win.
# Skill: counting played cards and not leaving the next player an easy 11.

from core.rng import Rng

LIMIT = 11
VALUES = 5
NUM_ACTIONS = VALUES + 1   # an action is the value of the card played: 1..5
COPIES = 4
HAND = 3
HIT_POINTS = 3
BUST_POINTS = -2
OVER = -2


class State:
    def __init__(self, num_players, hands, draw, total, points, played, current_player):
        self.num_players = num_players
        self.hands = hands  # list per seat of card values (hidden from the other seats)
        self.draw = draw  # draw pile, top at the end (hidden from everybody)
        self.total = total
        self.points = points  # running score per seat
        self.played = played  # bytearray: how many of each value (index 1..5) were played
        self.current_player = current_player

    def legal_actions(self):
        if self.current_player < 0:
            return []
        return sorted(set(self.hands[self.current_player]))

    def apply(self, action):
        seat = self.current_player
        if seat < 0:
            raise ValueError("the game is over")
        hand = self.hands[seat]
        if action not in hand:
            raise ValueError("player %d has no card %r" % (seat, action))
        hand.remove(action)
        self.played[action] += 1
        self.total += action
        if self.total == LIMIT:
            self.points[seat] += HIT_POINTS
            self.total = 0
        elif self.total > LIMIT:
            self.points[seat] += BUST_POINTS
            self.total = 0
        if self.draw:
            hand.append(self.draw.pop())
        self.current_player = self._next_seat(seat)

    def _next_seat(self, seat):
        for step in range(1, self.num_players + 1):
            other = (seat + step) % self.num_players
            if self.hands[other]:
                return other
        return OVER

    def is_over(self):
        return self.current_player == OVER

    def scores(self):
        return list(self.points)

    def returns(self):
        best = max(self.points)
        winners = self.points.count(best)
        return [(1.0 if winners == 1 else 0.5) if p == best else 0.0 for p in self.points]

    def observation(self, seat):
        return {
            "seat": seat,
            "hand": sorted(self.hands[seat]),
            "hand_sizes": [len(h) for h in self.hands],
            "draw_left": len(self.draw),
            "total": self.total,
            "scores": list(self.points),
            "played": list(self.played),
            "current_player": self.current_player,
        }

    def sample_hidden(self, seat, rng):
        """A full state that agrees with everything `seat` knows: the unseen cards (neither
        played nor in its hand) are shuffled and dealt again to the other hands and the pile."""
        left = bytearray(VALUES + 1)
        for v in range(1, VALUES + 1):
            left[v] = COPIES - self.played[v]
        for v in self.hands[seat]:
            left[v] -= 1
        unseen = []
        for v in range(1, VALUES + 1):
            unseen.extend([v] * left[v])
        rng.shuffle(unseen)
        hands = []
        for other in range(self.num_players):
            if other == seat:
                hands.append(list(self.hands[seat]))
            else:
                n = len(self.hands[other])
                hands.append(unseen[len(unseen) - n :])
                del unseen[len(unseen) - n :]
        return State(self.num_players, hands, unseen, self.total, list(self.points),
                     bytearray(self.played), self.current_player)

    def clone(self):
        return State(self.num_players, [list(h) for h in self.hands], list(self.draw),
                     self.total, list(self.points), bytearray(self.played),
                     self.current_player)

    def action_str(self, action):
        return "play %d" % action


def new_game(options, seed):
    players = options.get("players", 2)
    if players < 2 or players > 4:
        raise ValueError("Eleven needs 2 to 4 players, got %r" % (players,))
    deck = []
    for v in range(1, VALUES + 1):
        deck.extend([v] * COPIES)
    Rng(seed).shuffle(deck)
    hands = []
    for _ in range(players):
        hands.append(deck[len(deck) - HAND :])
        del deck[len(deck) - HAND :]
    return State(players, hands, deck, 0, [0] * players, bytearray(VALUES + 1), 0)
