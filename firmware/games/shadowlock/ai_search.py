# Shadow Lock AI, Hard's search when it has more than its default budget (games.shadowlock.ai's
# Budget): candidate actions played out to the end of its turn in sampled worlds. Loaded only
# then (the arena's hard*K), so it costs the device no heap. It allocates (worlds, lists).

from games.shadowlock.ai_model import brain
from kit.sampling import determinize

TURN_CAP = 40       # actions a play-out of the turn may take at most


def weigh(ai, state, seat, legal, pick, budget, rng):
    """The best of the pick and up to budget - 1 other legal actions, each played out in
    `budget` worlds (ties keep the pick). `ai`: games.shadowlock.ai's globals() (passed in:
    no import cycle; not its module from sys.modules, which no longer holds it once the game
    has left)."""
    cands = [pick]
    for a in legal:
        if a != pick and len(cands) < budget:
            cands.append(a)

    def evaluate(world, action):
        return _play_turn(ai, world, seat, action)

    return determinize(state, seat, rng, cands, evaluate, budget)


def _play_turn(ai, world, seat, action):
    """`action`, then the judgement's own decisions until `seat`'s turn is over: what its pile
    is worth then (Brain.worth) plus the points it has."""
    world.apply(action)
    rnd = world.round_no
    n = 0
    while world.current_player == seat and world.round_no == rnd and n < TURN_CAP:
        legal = world.legal_actions()
        world.apply(ai["choose_from"](ai["_Obs"](world, seat), legal))
        n += 1
    b = brain(ai["_Obs"](world, seat))
    return b.worth(b.mine) + world.totals[seat]
