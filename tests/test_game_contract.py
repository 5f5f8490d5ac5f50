"""The game contract, for every registered game and the toy game, on CPython and under the
MicroPython unix port (the checks themselves: tests/contract.py, plain code for both).

Random games to the end, with at checkpoints along each: illegal actions raise ValueError
and change nothing (the whole state, deep); clones are independent; sample_hidden(seat)
agrees with observation(seat); worlds the seat to move cannot tell apart have its legal
actions; every action is below rules.NUM_ACTIONS; the AI (every level) decides the same on
resampled worlds; replaying the record gives the same state; returns() agrees with
scores(). A new game gets all of it by its registry line.

Configurations: every player count of the game's registry range, with its rules' default
options, two seeds each; the same sample on CPython and under MicroPython (the AI checked at
AI_SPREAD positions over each game and its AI_LAST last ones)."""

import pytest

import registry
from tests import contract
from tests.mpy import ROOT, run_mpy
from tests.toygame import ENTRY as TOY

GAMES = [entry[0] for entry in registry.GAMES] + ["toy"]
BUDGET = 12            # the AI's iterations at each check (reproducible, kept small)
# Games whose Hard plays out K candidates in K worlds with a budget of K (K * K play-outs a
# decision): a smaller budget still runs that search through every check, at 9 play-outs not 144.
SEARCH_BUDGET = {"memory": 3, "match_collect": 3, "shadowlock": 3}
SEEDS = (1, 2)         # per player count
CHECKPOINTS = 14
AI_SPREAD = 4          # AI checks spread over each game (the first position included)
AI_LAST = 3            # and at its last positions: the end phase

# Known faults of games whose rules are being fixed elsewhere: (game, check) -> reason.
# strict: the mark must go as soon as the game passes.
KNOWN = {}  # (game, check): reason, for a known defect (strict xfail until fixed)


def entry_of(game):
    return TOY if game == "toy" else registry.find(game)


def budget_of(game):
    return SEARCH_BUDGET.get(game, BUDGET)


def configs(game, seeds):
    _gid, _names, _pkg, low, high = entry_of(game)
    return [({"players": n}, 1000 * n + s) for n in range(low, high + 1) for s in seeds]


def params():
    out = []
    for game in GAMES:
        for check in contract.CHECKS:
            marks = ()
            if (game, check) in KNOWN:
                marks = pytest.mark.xfail(strict=True, reason=KNOWN[(game, check)])
            out.append(pytest.param(game, check, marks=marks, id="%s-%s" % (game, check)))
    return out


@pytest.fixture(scope="module")
def toy():
    saved = list(registry.GAMES)
    registry.register(TOY)
    yield
    registry.unload("toy")
    registry.GAMES[:] = saved


_cpython = {}


def cpython_results(game):
    if game not in _cpython:
        rules = registry.load(game, "rules")
        ai = registry.load(game, "ai")
        _cpython[game] = contract.run(rules, ai, configs(game, SEEDS), CHECKPOINTS,
                                      AI_SPREAD, contract.LEVELS, budget_of(game), AI_LAST)
    return _cpython[game]


@pytest.mark.parametrize("game,check", params())
def test_contract_cpython(game, check, toy):
    failures = cpython_results(game)[check]
    assert failures == [], "\n".join(failures)


MPY_CODE = """
import registry
registry.register(%(toy)r)
from tests import contract
rules = registry.load(%(game)r, "rules")
ai = registry.load(%(game)r, "ai")
%(plant)s
res = contract.run(rules, ai, %(configs)r, %(points)d, %(ai_spread)d, contract.LEVELS,
                   %(budget)d, %(ai_last)d)
for name in contract.CHECKS:
    print("CHECK", name, len(res[name]))
    for msg in res[name]:
        print("MSG", name, msg)
"""

_mpy = {}


def run_contract_mpy(game, plant=""):
    """The contract under MicroPython, on the CPython half's sample: ({check: [messages]},
    the output's tail). `plant`: code run before it (a planted fault)."""
    code = MPY_CODE % {"toy": TOY, "game": game, "configs": configs(game, SEEDS),
                       "points": CHECKPOINTS, "ai_spread": AI_SPREAD, "ai_last": AI_LAST,
                       "budget": budget_of(game), "plant": plant}
    proc = run_mpy(code, heap="1024wK", paths=[ROOT], timeout=900)
    got = {}
    for line in proc.stdout.splitlines():
        parts = line.split(" ", 2)
        if parts[0] == "CHECK":
            got.setdefault(parts[1], [])
        elif parts[0] == "MSG":
            got.setdefault(parts[1], []).append(parts[2])
    return got, proc.stdout[-2000:] + proc.stderr[-2000:]


def mpy_results(game):
    if game not in _mpy:
        _mpy[game] = run_contract_mpy(game)
    return _mpy[game]


@pytest.mark.parametrize("game,check", params())
def test_contract_micropython(game, check):
    got, tail = mpy_results(game)
    assert check in got, "the run under MicroPython did not finish:\n" + tail
    assert got[check] == [], "\n".join(got[check])


# -- the checks find faults (each fault planted in the toy game) ------------------------------
def _fault_apply(self, action):
    if action not in self.hands[self.current_player]:
        self.total += 1                     # a change before the refusal
    return _TOY_APPLY(self, action)


def _fault_clone(self):
    twin = _TOY_CLONE(self)
    twin.hands = self.hands                 # shared with the original
    return twin


def _fault_observation(self, seat):
    obs = _TOY_OBS(self, seat)
    del obs["hand"]                         # what seat's choices depend on, left out
    return obs


def _fault_sample(self, seat, rng):
    world = _TOY_SAMPLE(self, seat, rng)
    world.points = [p + 1 for p in world.points]   # a public score changed
    return world


def _fault_returns(self):
    return [1.0] + [0.0] * (self.num_players - 1)


def _peeking_choose(state, seat, level, rng, budget=None):
    other = state.hands[(seat + 1) % state.num_players]
    legal = state.legal_actions()
    best = legal[0]
    for a in legal:
        if a in other:                      # reads the opponent's hidden hand
            best = a
    return best


def _late_peeking_choose(state, seat, level, rng, budget=None):
    """Fair until the draw pile is empty, then it reads the next hand (an end-game estimate
    that peeks): only checks at the last positions can see it."""
    if state.draw:
        return _TOY_CHOOSE(state, seat, level, rng, budget)
    return _peeking_choose(state, seat, level, rng, budget)


def _faulty_sample_for_obs(self, seat, rng):
    # consistent with the faulty observation (no hand): the seat's own hand dealt again
    world = _TOY_SAMPLE(self, (seat + 1) % self.num_players, rng)
    world.current_player = self.current_player
    return world


from tests.toygame import rules as _toy_rules  # noqa: E402

_TOY_APPLY = _toy_rules.State.apply
_TOY_CLONE = _toy_rules.State.clone
_TOY_OBS = _toy_rules.State.observation
_TOY_SAMPLE = _toy_rules.State.sample_hidden
_TOY_CHOOSE = __import__("tests.toygame.ai", fromlist=["choose"]).choose


@pytest.mark.parametrize("fault,check", [
    ({"apply": _fault_apply}, "illegal"),
    ({"clone": _fault_clone}, "clone"),
    ({"sample_hidden": _fault_sample}, "sample_hidden"),
    ({"observation": _fault_observation, "sample_hidden": _faulty_sample_for_obs},
     "observation_legal"),
    ({"returns": _fault_returns}, "returns"),
    ("ai", "ai_hidden"),
    ("ai_late", "ai_hidden"),
    ("num", "action_range"),
    ("new_game", "replay"),
])
def test_the_checks_find_planted_faults(fault, check, monkeypatch):
    from tests.toygame import ai

    rules = _toy_rules
    if fault == "ai":
        monkeypatch.setattr(ai, "choose", _peeking_choose)
    elif fault == "ai_late":
        monkeypatch.setattr(ai, "choose", _late_peeking_choose)
    elif fault == "num":
        monkeypatch.setattr(rules, "NUM_ACTIONS", 4)
    elif fault == "new_game":
        calls = [0]
        real = rules.new_game

        def new_game(options, seed):        # a hidden counter: not deterministic
            calls[0] += 1
            return real(options, seed + calls[0])

        monkeypatch.setattr(rules, "new_game", new_game)
    else:
        for name, fn in fault.items():
            monkeypatch.setattr(rules.State, name, fn)
    got = contract.run(rules, ai, configs("toy", SEEDS), CHECKPOINTS, AI_SPREAD,
                       contract.LEVELS, BUDGET, AI_LAST)
    assert got[check], "the %s check missed a planted fault" % check


PEEK_AT_THE_END = """
_fair = ai.choose
def _peek(state, seat, level, rng, budget=None):
    if state.draw:
        return _fair(state, seat, level, rng, budget)
    other = state.hands[(seat + 1) %% state.num_players]
    best = state.legal_actions()[0]
    for a in state.legal_actions():
        if a in other:
            best = a
    return best
ai.choose = _peek
"""


def test_the_micropython_half_finds_an_ai_that_peeks_at_the_end():
    got, tail = run_contract_mpy("toy", PEEK_AT_THE_END % ())
    assert "ai_hidden" in got, "the run under MicroPython did not finish:\n" + tail
    assert got["ai_hidden"], "the MicroPython half missed an AI that peeks in the end phase"
    assert all(got[c] == [] for c in contract.CHECKS if c != "ai_hidden"), got


def test_the_toy_game_passes_every_check():
    from tests.toygame import ai

    got = contract.run(_toy_rules, ai, [({"players": 4}, 9)], 14, 4, contract.LEVELS, BUDGET)
    assert got == {name: [] for name in contract.CHECKS}
