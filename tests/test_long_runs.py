"""Long AI-only runs the Match & Collect issue asks for, as tests: 2,000 games under CPython
across 2-4 players and every variant, and 300 under the MicroPython unix port on a Pico-sized
heap. No exception, every game ends, every card always in exactly one place. (About two
minutes under CPython; the MicroPython run takes seconds.)"""

import pytest

from tests.mpy import require_micropython
from tests.test_match_collect_ai import ai_game
from tools import soak

pytestmark = pytest.mark.slow   # a soak (1,000-2,000 AI games): `make test-all`, not `make test`

LEVELS = ("easy", "normal", "hard")
OPTION_SETS = (
    {}, {"quick": True}, {"reshuffle": True}, {"reshuffle": False},
    {"length": "shorter"}, {"length": "longer"},
    {"quick": True, "reshuffle": True, "length": "shorter"},
)


def test_match_collect_2000_ai_games_under_cpython():
    ended = 0
    for g in range(2000):
        players = 2 + g % 3
        levels = [LEVELS[(g * 7 + seat * 5) % 3] for seat in range(players)]
        options = OPTION_SETS[(g // 3) % len(OPTION_SETS)]
        s = ai_game(levels, 100000 + g, **options)    # checks card places and a step cap
        assert s.is_over()
        assert max(s.totals) >= s.target or s.round_number == 30
        ended += 1
    assert ended == 2000


def test_match_collect_300_ai_games_under_micropython():
    require_micropython()
    for players, levels, seed in ((2, ["hard", "easy"], 21),
                                  (3, ["hard", "normal", "easy"], 22),
                                  (4, ["hard", "normal", "easy", "easy"], 23)):
        res = soak.soak("match_collect", levels, 100, seed, heap="144wK")
        assert (res["ok"], res["errors"], res["done"]) == (100, [], True), players
