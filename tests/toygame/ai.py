# AI for the toy game. easy: a random legal card. normal: greedy (hit 11 if possible, else the
# largest card that does not bust). hard: determinised Monte Carlo -- for each legal card,
# sample the hidden cards with sample_hidden, play the card, finish the game with greedy
# players, and keep the card with the best mean (own score minus best other score).

from tests.toygame.rules import LIMIT

DEFAULT_BUDGET = 120  # hard: simulated games per decision


def greedy(state):
    hand = state.legal_actions()
    gap = LIMIT - state.total
    if gap in hand:
        return gap
    best = hand[0]  # everything busts: lose the smallest card
    for card in hand:
        if card < gap:
            best = card
    return best


def _search(state, seat, actions, rng, budget):
    totals = [0] * len(actions)
    rounds = max(1, budget // len(actions))
    for _ in range(rounds):
        for i in range(len(actions)):
            world = state.sample_hidden(seat, rng)
            world.apply(actions[i])
            while not world.is_over():
                world.apply(greedy(world))
            scores = world.points
            best_other = max([scores[s] for s in range(len(scores)) if s != seat])
            totals[i] += scores[seat] - best_other
    best = 0
    for i in range(1, len(actions)):
        if totals[i] > totals[best]:
            best = i
    return actions[best]


def choose(state, seat, level, rng, budget=None):
    actions = state.legal_actions()
    if not actions or state.current_player != seat:
        raise ValueError("seat %d cannot move now" % seat)
    if level == "easy":
        return rng.choice(actions)
    if level == "normal":
        return greedy(state)
    if level == "hard":
        if len(actions) == 1:
            return actions[0]
        return _search(state, seat, actions, rng, DEFAULT_BUDGET if budget is None else budget)
    raise ValueError("unknown level %r" % (level,))
