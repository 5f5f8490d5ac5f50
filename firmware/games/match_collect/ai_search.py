# Match & Collect AI, Hard's search when it has more than its default budget
# (games.match_collect.ai's Budget): its draw and discard choices played out to the end of its
# next turn in sampled worlds. Loaded only then (the arena's hard*K), so it costs the device no
# heap. It allocates (worlds, lists).

from games.match_collect import rules as R
from kit.sampling import determinize

LAP_CAP = 400       # actions a play-out may take at most


def weigh(ai, state, seat, action, legal, budget, rng):
    """The best of the pick and up to budget - 1 alternatives, each played out in `budget`
    worlds (ties keep the pick). `ai`: games.match_collect.ai's globals() (passed in: no import
    cycle; not its module from sys.modules, which no longer holds it once the game has
    left)."""
    cands = _candidates(ai, state, seat, action, legal, budget)
    if len(cands) < 2:
        return action

    def evaluate(world, a):
        return _play_laps(ai, world, seat, a, rng)

    return determinize(state, seat, rng, cands, evaluate, budget)


def _candidates(ai, state, seat, pick, legal, budget):
    """The pick, then what the judgement would do next: the other of take and draw, or the
    cards it would discard next (cheapest to lose first). Other decisions: the pick alone."""
    if state.phase == R.PH_DRAW:
        return [pick, R.DRAW if pick == R.TAKE else R.TAKE] if R.TAKE in legal and \
            R.DRAW in legal else [pick]
    if R.decode(pick)[0] != "discard":
        return [pick]
    view = ai["_View"](state, seat, "hard")
    ranked = []
    for c in view.hand:
        a = R.discard(c)
        if a != pick and a in legal:
            ranked.append((ai["_discard_value"](state, view, c, True, None), a))
    ranked.sort()
    out = [pick]
    for _v, a in ranked[:budget - 1]:
        out.append(a)
    return out


def _standing(world, seat):
    """`seat`'s total plus its round's points as they stand, minus the best rival's."""
    best = None
    mine = 0
    for p in range(world.num_players):
        v = world.totals[p] + world.score_parts(p)["total"]
        if p == seat:
            mine = v
        elif best is None or v > best:
            best = v
    return mine - (best or 0)


def _play_laps(ai, world, seat, action, rng):
    """`action`, then Hard's judgement for every seat until `seat` has played its next turn
    (or the round or game is over): its standing then."""
    world.apply(action)
    rnd = world.round_number
    turns = 0
    away = False
    n = 0
    while not world.is_over() and world.round_number == rnd and n < LAP_CAP:
        p = world.current_player
        if p != seat:
            away = True
        elif away and world.phase == R.PH_DRAW:
            turns += 1
            away = False
            if turns == 2:
                break
        world.apply(ai["choose"](world, p, "hard", rng))
        n += 1
    return _standing(world, seat)
