"""tools.soak: AI-only games of a registered game under the MicroPython unix port."""

from tests.mpy import require_micropython
from tools import soak


def test_parse_reads_games_times_and_errors():
    out = ("GAME 0 11 40 - 3 5\nGAME 1 12 7 ValueError:bad -\n"
           "TIMES hard 20 150 900 1200\nPEAK 4096\nDONE\n")
    res = soak.parse(out, "", 0, 2, "96wK")
    assert res["ok"] == 1 and res["done"]
    assert res["errors"] == ["game 1 seed 12: ValueError:bad"]
    assert res["levels"]["hard"] == {"count": 20, "median_ms": 0.15, "p95_ms": 0.9,
                                     "max_ms": 1.2, "pico_p95_ms": 0.9 * 80}
    assert res["peak_alloc"] == 4096


def test_a_crashed_interpreter_is_an_error():
    res = soak.parse("GAME 0 11 40 - 3 5\n", "MemoryError: x", 1, 3, "16wK")
    assert not res["done"]
    assert res["errors"][-1].startswith("interpreter stopped (exit 1)")


def test_memory_games_end_under_micropython():
    require_micropython()
    res = soak.soak("memory", ["hard", "easy"], 3, 5, heap="96wK")
    assert (res["ok"], res["errors"], res["done"]) == (3, [], True)
    assert set(res["levels"]) == {"hard", "easy"}
    assert res["levels"]["hard"]["count"] > 0
