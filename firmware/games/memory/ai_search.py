# Memory AI, Hard's search when it has more than its default budget (games.memory.ai's Budget):
# candidate actions played out in worlds that agree with what it recalls. Loaded only then (the
# arena's hard*K), so it costs the device no heap. It allocates (worlds, candidate lists).

from core.rng import Rng
from games.memory.rules import ACT_MODE
from kit.sampling import determinize

ROLLOUT_CAP = 40       # actions a play-out may take at most


def weigh(ai, state, seat, obs, mem, pick, budget, rng):
    """The best of the pick and up to budget - 1 alternatives, each played out in `budget`
    worlds (ties keep the pick). `ai`: games.memory.ai's globals() (passed in: no import
    cycle; not its module from sys.modules, which no longer holds it once the game has
    left)."""
    cands = _candidates(ai, obs, mem, pick, state.legal_actions(), budget)

    def sample(state, seat, rng):
        return _world(ai, state, obs, mem, rng)

    def evaluate(world, action):
        return _play_out(ai, world, seat, action, rng)

    return determinize(state, seat, rng, cands, evaluate, budget, None, sample)


def _candidates(ai, obs, mem, pick, legal, budget):
    """The pick first, then one card not recalled, the other answer, mode changes, Hint, Peek,
    and the cards recalled: at most `budget` actions, no two the same."""
    out = [pick]
    slots, _pool = ai["_unknown"](obs, mem)
    if pick not in slots:
        for i in slots:
            if i in legal:
                out.append(i)
                break
    for a in legal:
        if a >= ACT_MODE and a not in out:
            out.append(a)
    for a in legal:
        if a < ACT_MODE and mem[a] >= 0 and a not in out:
            out.append(a)
    return out[:budget]


def _world(ai, state, obs, mem, rng):
    """A copy of `state` that agrees with what the AI recalls: every live face-down card it
    does not recall is dealt again at random (from the sorted pool: the real places never
    leak in); the state's own generator is replaced."""
    world = state.clone()
    slots, pool = ai["_unknown"](obs, mem)
    rng.shuffle(pool)
    for k in range(len(slots)):
        world.slots[slots[k]] = pool[k]
    world.rng = Rng(rng.next32())
    return world


def _play_out(ai, world, seat, action, rng):
    """`action` then Hard's judgement for every seat until `seat`'s next attempt is over (or
    the game is): `seat`'s points minus the best rival's."""
    end = world.turn + world.num_players + 1
    world.apply(action)
    n = 0
    while not world.is_over() and world.turn < end and n < ROLLOUT_CAP:
        p = world.current_player
        world.apply(ai["choose"](world, p, "hard", rng))
        n += 1
    pts = world.points
    best = None
    for p in range(len(pts)):
        if p != seat and (best is None or pts[p] > best):
            best = pts[p]
    return pts[seat] - (best or 0)
