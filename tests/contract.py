# The game contract, checked on any game: plain Python that runs unchanged on CPython and
# under the MicroPython unix port (tests/test_game_contract.py runs it on both).
#
# run(rules, ai, configs, ...) plays random games (each config: an options dict and a seed)
# and returns {check name: [failure messages]} for every check in CHECKS:
#   random_games       every game ends (within MAX_STEPS), a game not over has legal actions,
#                      a game over has none
#   illegal            an illegal action (unlisted, negative, NUM_ACTIONS, any after the end)
#                      raises ValueError and changes NOTHING: the whole state, every attribute,
#                      deep (snap), before and after
#   clone              a clone equals its original and is independent: playing either on
#                      leaves the other as it was
#   sample_hidden      sample_hidden(seat, rng).observation(seat) == observation(seat), for
#                      every seat
#   observation_legal  worlds the seat to move cannot tell apart (sample_hidden) have its
#                      legal actions: observation holds everything its choices depend on
#   action_range       rules.NUM_ACTIONS is declared and every legal action is in 0..NUM-1
#   ai_hidden          ai.choose gives the same action on the real state and on resampled
#                      worlds with the same rng seed (every level): it decides from what its
#                      seat may see; and the action is legal. At positions from every phase:
#                      `ai_points` spread over the whole game and its `ai_last` last ones
#                      (an end-game estimate that peeks shows only there)
#   replay             new_game(options, seed) + the recorded actions == the final state;
#                      new_game is deterministic
#   returns            returns() agrees with scores() at the end: 1 the one best score, 0.5
#                      a shared best, 0 the others
# A check that finds a fault records the first few messages and goes on with the others.

from core.rng import Rng
from core.session import LEVELS  # the one list of levels

CHECKS = ("random_games", "illegal", "clone", "sample_hidden", "observation_legal",
          "action_range", "ai_hidden", "replay", "returns")
MAX_STEPS = 20000
MAX_MESSAGES = 3


def snap(x, depth=0):
    """The whole value of x as nested tuples: every attribute of every object, deep."""
    if depth > 40:
        raise ValueError("state nests too deep to compare")
    d = depth + 1
    if x is None or isinstance(x, (bool, int, float, str)):
        return x
    if isinstance(x, (bytes, bytearray)):
        return ("bytes", bytes(x))
    if isinstance(x, list):
        return ("list", tuple([snap(v, d) for v in x]))
    if isinstance(x, tuple):
        return ("tuple", tuple([snap(v, d) for v in x]))
    if isinstance(x, dict):
        items = [(repr(k), snap(v, d)) for k, v in x.items()]
        items.sort(key=lambda kv: kv[0])
        return ("dict", tuple(items))
    if isinstance(x, set):
        items = [repr(snap(v, d)) for v in x]
        items.sort()
        return ("set", tuple(items))
    fields = getattr(x, "__dict__", None)
    if fields is None:
        return ("repr", repr(x))
    items = [(k, snap(v, d)) for k, v in fields.items()]
    items.sort(key=lambda kv: kv[0])
    return (type(x).__name__, tuple(items))


def diff(a, b, path="state"):
    """The first path where two snaps differ (for a readable message)."""
    if a == b:
        return None
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == 2 and len(b) == 2 and \
            a[0] == b[0] and isinstance(a[1], tuple) and isinstance(b[1], tuple):
        xa, xb = a[1], b[1]
        if len(xa) == len(xb):
            for i in range(len(xa)):
                ea, eb = xa[i], xb[i]
                if isinstance(ea, tuple) and isinstance(eb, tuple) and len(ea) == 2 and \
                        len(eb) == 2 and isinstance(ea[0], str) and ea[0] == eb[0] and \
                        a[0] not in ("list", "tuple"):
                    got = diff(ea[1], eb[1], path + "." + ea[0])
                else:
                    got = diff(ea, eb, "%s[%d]" % (path, i))
                if got:
                    return got
    return path


class Report:
    def __init__(self):
        self.failures = {}
        for name in CHECKS:
            self.failures[name] = []

    def fail(self, check, message):
        msgs = self.failures[check]
        if len(msgs) < MAX_MESSAGES:
            msgs.append(message)


def _illegal_candidates(state, legal, rng, num):
    out = [-1]
    if num is not None:
        out.append(num)
        for _ in range(12):
            a = rng.randbelow(num)
            if a not in legal and a not in out:
                out.append(a)
                if len(out) >= 8:
                    break
    return out


def _refuses(report, state, action, where):
    before = snap(state)
    try:
        state.apply(action)
    except ValueError:
        after = snap(state)
        if after != before:
            report.fail("illegal", "%s: refused %r but changed %s" % (
                where, action, diff(before, after)))
        return
    except Exception as exc:  # noqa: BLE001 - the wrong exception is the finding
        report.fail("illegal", "%s: %r raised %s, not ValueError" % (
            where, action, type(exc).__name__))
        return
    report.fail("illegal", "%s: illegal action %r was accepted" % (where, action))


def _play_on(state, rng, steps):
    for _ in range(steps):
        if state.is_over():
            return
        legal = state.legal_actions()
        if not legal:
            return
        state.apply(legal[rng.randbelow(len(legal))])


def _guard(report, check, where, fn, *args):
    """Run one check; an exception from the game is that check's finding."""
    try:
        fn(*args)
    except Exception as exc:  # noqa: BLE001 - reported, the other checks go on
        report.fail(check, "%s: raised %s: %s" % (where, type(exc).__name__, exc))


def _check_state(report, rules, state, rng, where, num):
    legal = state.legal_actions()
    base = snap(state)
    _guard(report, "illegal", where, _check_illegal, report, state, legal, rng, where, num)
    _restore(report, state, base, where)
    _guard(report, "clone", where, _check_clone, report, state, rng, where)
    _restore(report, state, base, where)
    _guard(report, "sample_hidden", where, _check_sample, report, state, rng, where)
    _restore(report, state, base, where)
    _guard(report, "observation_legal", where, _check_obs_legal, report, state, legal, rng,
           where)


def _restore(report, state, base, where):
    if snap(state) != base:
        raise ValueError(where + ": the state changed under a check; cannot go on")


def _check_illegal(report, state, legal, rng, where, num):
    for a in _illegal_candidates(state, legal, rng, num):
        if a not in legal:
            _refuses(report, state, a, where)


def _check_clone(report, state, rng, where):
    base = snap(state)
    twin = state.clone()
    if snap(twin) != base:
        report.fail("clone", "%s: the clone differs at %s" % (where, diff(base, snap(twin))))
        return
    _play_on(twin, Rng(rng.next32()), 40)
    if snap(state) != base:
        report.fail("clone", "%s: playing the clone changed the original at %s" % (
            where, diff(base, snap(state))))
    twin = state.clone()
    twin_base = snap(twin)
    work = state.clone()   # play another clone: it must not reach the first
    _play_on(work, Rng(rng.next32()), 40)
    if snap(twin) != twin_base:
        report.fail("clone", "%s: a clone's play changed another clone" % where)


def _check_sample(report, state, rng, where):
    base = snap(state)
    for s in range(state.num_players):
        obs = snap(state.observation(s))
        world = state.sample_hidden(s, Rng(rng.next32()))
        if snap(world.observation(s)) != obs:
            report.fail("sample_hidden", "%s: seat %d's world shows it %s" % (
                where, s, diff(obs, snap(world.observation(s)), "observation")))
        if snap(state) != base:
            report.fail("sample_hidden", "%s: sample_hidden(%d) changed the state" % (
                where, s))


def _check_obs_legal(report, state, legal, rng, where):
    seat = state.current_player
    if seat < 0:
        return
    mine = sorted(legal)
    for _ in range(3):
        world = state.sample_hidden(seat, Rng(rng.next32()))
        got = sorted(world.legal_actions())
        if got != mine or world.current_player != seat:
            report.fail("observation_legal", "%s: a world seat %d cannot tell from the real "
                        "one has legal %r, not %r" % (where, seat, got[:8], mine[:8]))
            return


def _check_ai(report, ai, state, rng, where, levels, budget):
    seat = state.current_player
    if seat < 0:
        return
    legal = state.legal_actions()
    worlds = [state.clone(), state.sample_hidden(seat, Rng(rng.next32())),
              state.sample_hidden(seat, Rng(rng.next32()))]
    for level in levels:
        key = rng.next32()
        got = []
        for w in worlds:
            try:
                got.append(ai.choose(w, seat, level, Rng(key), budget))
            except Exception as exc:  # noqa: BLE001 - reported as the finding
                report.fail("ai_hidden", "%s: %s AI raised %s: %s" % (
                    where, level, type(exc).__name__, exc))
                return
        if got[0] not in legal:
            report.fail("ai_hidden", "%s: %s AI chose %r, not legal" % (where, level, got[0]))
        if got[1] != got[0] or got[2] != got[0]:
            report.fail("ai_hidden", "%s: %s AI chose %r on the real state but %r, %r on "
                        "worlds seat %d cannot tell apart" % (where, level, got[0], got[1],
                                                              got[2], seat))


def _check_end(report, rules, state, options, seed, actions, where):
    if state.legal_actions():
        report.fail("random_games", "%s: over but legal actions %r" % (
            where, state.legal_actions()[:5]))
    _refuses(report, state, 0, where + " (over)")
    scores = state.scores()
    ret = state.returns()
    n = state.num_players
    if len(scores) != n or len(ret) != n:
        report.fail("returns", "%s: %d scores, %d returns for %d seats" % (
            where, len(scores), len(ret), n))
    elif n == 1:
        if ret[0] not in (0.0, 0.5, 1.0):
            report.fail("returns", "%s: solo return %r" % (where, ret[0]))
    else:
        best = max(scores)
        tied = scores.count(best)
        want = [((1.0 if tied == 1 else 0.5) if s == best else 0.0) for s in scores]
        if list(ret) != want:
            report.fail("returns", "%s: scores %r but returns %r (want %r)" % (
                where, scores, list(ret), want))
    # replay
    again = rules.new_game(options, seed)
    try:
        for a in actions:
            again.apply(a)
    except ValueError as exc:
        report.fail("replay", "%s: replaying the record failed: %s" % (where, exc))
        return
    if snap(again) != snap(state):
        report.fail("replay", "%s: the replayed game differs at %s" % (
            where, diff(snap(state), snap(again))))


def ai_positions(length, spread, last):
    """Where the AI is checked in a game of `length` actions: `spread` positions evenly over
    the whole game (the first included) and the `last` ones before its end."""
    picks = [i * length // spread for i in range(spread)] if spread > 0 else []
    picks += list(range(max(0, length - last), length))
    out = []
    for i in sorted(picks):
        if not out or out[-1] != i:
            out.append(i)
    return out


def _check_ai_along(report, rules, ai, options, seed, actions, rng, where0, spread, last,
                    levels, budget):
    """The game replayed from its record, the AI checked at ai_positions()."""
    picks = ai_positions(len(actions), spread, last)
    state = rules.new_game(options, seed)
    for i in range(len(actions)):
        if picks and picks[0] == i:
            picks.pop(0)
            where = "%s step %d of %d" % (where0, i, len(actions))
            _guard(report, "ai_hidden", where, _check_ai, report, ai, state, rng, where,
                   levels, budget)
        state.apply(actions[i])


def play(report, rules, ai, options, seed, checkpoints=16, ai_points=2, levels=LEVELS,
         budget=None, ai_last=3):
    where0 = "%r seed %d" % (options, seed)
    num = getattr(rules, "NUM_ACTIONS", None)
    if num is None:
        report.fail("action_range", "rules.NUM_ACTIONS is not declared")
    if snap(rules.new_game(options, seed)) != snap(rules.new_game(options, seed)):
        report.fail("replay", where0 + ": new_game is not deterministic")
    state = rules.new_game(options, seed)
    rng = Rng(seed * 7919 + 17)
    actions = []
    nxt = 0
    checks = 0
    while not state.is_over() and len(actions) < MAX_STEPS:
        legal = state.legal_actions()
        where = "%s step %d" % (where0, len(actions))
        if not legal:
            report.fail("random_games", where + ": not over, no legal action")
            return
        for a in legal:
            if not isinstance(a, int) or a < 0 or (num is not None and a >= num):
                report.fail("action_range", "%s: action %r outside 0..%r" % (where, a, num))
                break
        if len(actions) >= nxt and checks < checkpoints:
            checks += 1
            _check_state(report, rules, state, rng, where, num)
            nxt = len(actions) + 1 + len(actions) // 3
        a = legal[rng.randbelow(len(legal))]
        try:
            state.apply(a)
        except Exception as exc:  # noqa: BLE001 - a legal action refused is the finding
            report.fail("random_games", "%s: legal action %r raised %s: %s" % (
                where, a, type(exc).__name__, exc))
            return
        actions.append(a)
    if not state.is_over():
        report.fail("random_games", "%s: not over after %d actions" % (where0, MAX_STEPS))
        return
    where = "%s end (%d actions)" % (where0, len(actions))
    _guard(report, "returns", where, _check_end, report, rules, state, options, seed, actions,
           where)
    _guard(report, "ai_hidden", where0, _check_ai_along, report, rules, ai, options, seed,
           actions, rng, where0, ai_points, ai_last, levels, budget)


def run(rules, ai, configs, checkpoints=16, ai_points=2, levels=LEVELS, budget=None,
        ai_last=3):
    """{check: [failure messages]} over the games `configs` [(options, seed)...]."""
    report = Report()
    for options, seed in configs:
        try:
            play(report, rules, ai, options, seed, checkpoints, ai_points, levels, budget,
                 ai_last)
        except Exception as exc:  # noqa: BLE001 - the game broke: the other configs go on
            report.fail("random_games", "%r seed %d: raised %s: %s" % (
                options, seed, type(exc).__name__, exc))
    return report.failures
