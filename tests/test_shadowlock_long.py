"""Long AI-only runs of Shadow Lock the issue asks for, as tests: 1,000 games under CPython
(2-4 players, Classic and Discovery, every level) and 200 under the MicroPython unix port on a
Pico-sized heap (128wK). No exception, every game ends within the rounds of its mode, the 72
cards are always in exactly one place. Most seats are Easy (fast); every fifth game has a
Normal or Hard seat, so every level plays hundreds of games."""

import pytest

from core.rng import Rng
from games.shadowlock import ai, rules
from tests.mpy import run_mpy

pytestmark = pytest.mark.slow   # a soak (1,000-2,000 AI games): `make test-all`, not `make test`

LEVELS = ("easy", "normal", "hard")


def levels_of(g, players):
    out = ["easy"] * players
    if g % 5 == 0:
        out[g % players] = "hard" if g % 10 == 0 else "normal"
    return out


def test_shadowlock_1000_ai_games_under_cpython():
    ended = 0
    for g in range(1000):
        players = 2 + g % 3
        mode = ("classic", "discovery")[(g // 3) % 2]
        levels = levels_of(g, players)
        s = rules.new_game({"players": players, "mode": mode}, 70000 + g)
        rngs = [Rng(g * 13 + i) for i in range(players)]
        steps = 0
        while not s.is_over():
            p = s.current_player
            s.apply(ai.choose(s, p, levels[p], rngs[p]))
            steps += 1
            if steps % 40 == 0:
                s.check()
            assert steps < 5000, "game %d does not end" % g
        s.check()
        assert s.round_no <= s.rounds and len(s.history) == s.round_no
        assert s.totals == [sum(b) for b in s.boxes]
        ended += 1
    assert ended == 1000


MPY_RUN = """
import gc
from core.rng import Rng
from games.shadowlock import ai, rules
ok = 0
peak = 0
for g in range(200):
    players = 2 + g % 3
    mode = ("classic", "discovery")[(g // 3) % 2]
    levels = ["easy"] * players
    if g % 5 == 0:
        levels[g % players] = "hard" if g % 10 == 0 else "normal"
    if g % 7 == 0:
        levels = ["hard"] * players
    s = rules.new_game({"players": players, "mode": mode}, 80000 + g)
    rngs = [Rng(g * 13 + i) for i in range(players)]
    steps = 0
    while not s.is_over():
        p = s.current_player
        s.apply(ai.choose(s, p, levels[p], rngs[p]))
        steps += 1
        if steps > 5000:
            raise RuntimeError("game %d does not end" % g)
        if steps % 50 == 0:
            gc.collect()
            a = gc.mem_alloc()
            if a > peak:
                peak = a
    s.check()
    ok += 1
print("ok", ok, "peak", peak)
"""


def test_shadowlock_200_ai_games_under_micropython_on_a_pico_heap():
    out = run_mpy(MPY_RUN, heap="128wK", timeout=600).stdout.split()
    assert out[:2] == ["ok", "200"]     # a MemoryError or a stuck game exits non-zero
