"""registry: entries, on-demand loading and unloading, on CPython and MicroPython."""

import sys
from pathlib import Path

import pytest

import registry
from tests.mpy import run_mpy
from tests.toygame import ENTRY

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def toy_registered():
    saved = list(registry.GAMES)
    registry.register(ENTRY)
    yield
    registry.unload("toy")
    registry.GAMES[:] = saved


def test_builtin_list_starts_empty_and_entries_are_five_tuples():
    assert all(len(entry) == 5 for entry in registry.GAMES)
    assert registry.PARTS == ("rules", "ai", "view")


def test_every_game_names_itself_in_both_languages_on_its_registry_line():
    for entry in registry.GAMES:
        game_id, names, package, low, high = entry
        assert package == "games." + game_id
        assert isinstance(names, tuple) and len(names) in (2, 3)
        assert names[0] and names[1], game_id
        assert registry.label(entry, "en")[0] == names[0]
        assert registry.label(entry, "fr")[0] == names[1]
        assert (ROOT / "assets" / "icons" / (registry.label(entry)[1] + ".png")).exists()
        assert 1 <= low <= high <= 6


def test_find_unknown_names_the_known_ids(toy_registered):
    assert registry.find("toy") == ("toy", ("Eleven", "Onze"), "tests.toygame", 2, 4)
    with pytest.raises(ValueError, match=r"unknown game 'nope' \(known: .*toy"):
        registry.find("nope")


def test_register_replaces_same_id_and_validates(toy_registered):
    count = len(registry.GAMES)
    registry.register(("toy", "game.toy", "tests.toygame", 2, 3))
    assert len(registry.GAMES) == count
    assert registry.find("toy")[4] == 3
    with pytest.raises(ValueError):
        registry.register(("x", "game.x", "pkg", 2))
    with pytest.raises(ValueError):
        registry.register(("x", "game.x", ".pkg", 2, 2))
    with pytest.raises(ValueError):
        registry.register(("x", "game.x", "pkg", 3, 2))
    registry.register(("x", "game.x", "pkg", 1, 1))
    registry.unregister("x")
    with pytest.raises(ValueError):
        registry.find("x")


def test_load_returns_the_leaf_module_and_unload_drops_it(toy_registered):
    registry.unload("toy")
    rules = registry.load("toy", "rules")
    view = registry.load("toy", "view")
    assert rules.__name__ == "tests.toygame.rules"
    assert view.__name__ == "tests.toygame.view"
    assert rules.new_game({"players": 2}, 1).num_players == 2
    assert "tests.toygame.rules" in sys.modules
    with pytest.raises(ValueError, match="part must be one of"):
        registry.load("toy", "scores")
    dropped = registry.unload("toy")
    assert dropped == 3  # tests.toygame, .rules, .view
    assert not [name for name in sys.modules if name.startswith("tests.toygame")]
    assert not hasattr(sys.modules["tests"], "toygame")
    assert registry.unload("toy") == 0
    # Loading again imports a fresh module.
    assert registry.load("toy", "rules") is not rules


MPY_REGISTRY = r"""
import sys, gc
import registry
from core import modules  # used by unload: loaded before the measurement starts
from tests.toygame import ENTRY
from core.rng import Rng
registry.register(ENTRY)
try:
    registry.find("nope")
except ValueError as e:
    print("ERR", e)
try:
    registry.load("toy", "scores")
except ValueError as e:
    print("ERR", e)

def play():
    rules = registry.load("toy", "rules")
    ai = registry.load("toy", "ai")
    state = rules.new_game({"players": 2}, 7)
    state.apply(ai.choose(state, 0, "hard", Rng(1), 40))
    print("NAMES", rules.__name__, ai.__name__)

gc.collect()
base = gc.mem_alloc()
for i in range(3):
    play()
    gc.collect()
    loaded = gc.mem_alloc()
    print("DROPPED", registry.unload("toy"))
    print("MEM", loaded - base, gc.mem_alloc() - base)
print("LEFT", [k for k in sys.modules if k.startswith("tests.toygame")],
      hasattr(sys.modules["tests"], "toygame"))
"""


def test_registry_under_micropython():
    out = run_mpy(MPY_REGISTRY, paths=[ROOT]).stdout.splitlines()
    assert out[0].startswith("ERR unknown game 'nope' (known: ") and "toy)" in out[0]
    assert out[1] == "ERR part must be one of rules, ai, view, got 'scores'"
    assert out.count("NAMES tests.toygame.rules tests.toygame.ai") == 3
    assert out.count("DROPPED 3") == 3  # the package, rules and ai
    mem = [tuple(int(x) for x in line.split()[1:]) for line in out if line.startswith("MEM")]
    for loaded, after in mem:
        # The game's modules took kilobytes; unloading gives back most of it: what stays is
        # interned names (qstrs are never freed) and sys.modules' slack, the same every cycle.
        assert loaded > 2000
        assert after < loaded // 2
    assert mem[2][1] <= mem[1][1] + 64  # repeated load/unload does not leak
    assert out[-1] == "LEFT [] False"


def test_unload_all_drops_the_game_kit_too(toy_registered):
    view = registry.load("toy", "view")       # imports kit.setup and kit.turns
    assert view.setup.__name__ == "kit.setup"
    assert "kit.turns" in sys.modules
    dropped = registry.unload_all()
    assert dropped >= 4
    assert not [n for n in sys.modules if n == "kit" or n.startswith("kit.")]
    assert not [n for n in sys.modules if n.startswith("tests.toygame")]
