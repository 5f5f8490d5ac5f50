"""tools/ladder.py: the Bradley-Terry fit, the ladder on the toy game (reproducible from a
seed), the table it writes."""

import math

import pytest

import registry
from core.rng import Rng
from tests.toygame import ENTRY
from tools import arena, ladder


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    saved = list(registry.GAMES)
    registry.register(ENTRY)
    monkeypatch.setattr(registry.load("toy", "ai"), "BUDGET", 12, raising=False)
    yield
    registry.GAMES[:] = saved


def test_fit_recovers_known_ratings():
    true = {"r": 0.0, "e": 220.0, "n": 430.0, "h": 650.0}
    rng = Rng(5)
    results = []
    names = list(true)
    for i in range(4):
        for j in range(i + 1, 4):
            a, b = names[j], names[i]
            p = ladder.expected(true[a] - true[b])
            wins = sum(1 for _ in range(2000) if rng.random() < p)
            results.append((a, b, wins, 2000))
    fitted = ladder.fit(names, results, anchor="r", virtual=0.0)
    assert fitted["r"] == (0.0, 0.0)
    for name in names[1:]:
        rating, half = fitted[name]
        assert abs(rating - true[name]) < max(half, 1.0), (name, rating, half)
        assert 10 < half < 60
    # One side winning every game stays finite with the virtual draw.
    fitted = ladder.fit(["r", "h"], [("h", "r", 500, 500)], anchor="r")
    assert math.isfinite(fitted["h"][0]) and fitted["h"][0] > 800
    # Half wins count: an even match rates the two alike.
    fitted = ladder.fit(["a", "b"], [("a", "b", 50.5, 101)])
    assert abs(fitted["b"][0]) < 1e-6
    with pytest.raises(ValueError, match="connect"):
        ladder.fit(["a", "b", "c"], [("a", "b", 5, 10)], virtual=0.0)


def test_expected_is_the_elo_curve():
    assert ladder.expected(0) == 0.5
    assert round(ladder.expected(400), 4) == round(10 / 11, 4)
    assert abs(ladder.expected(-215) + ladder.expected(215) - 1) < 1e-12


def test_ladder_on_the_toy_game_is_reproducible(tmp_path):
    first = ladder.ladder("toy", 8, 3)
    again = ladder.ladder("toy", 8, 3, jobs=2)
    pairs = [(m["a"], m["b"]) for m in first["matches"]]
    assert pairs == [("easy", "random"), ("normal", "random"), ("hard", "random"),
                     ("normal", "easy"), ("hard", "easy"), ("hard", "normal"),
                     ("hard*8", "hard")]
    assert [m["games"] for m in first["matches"]] == [8] * 7
    assert first["ratings"] == again["ratings"]
    assert [m["wins"] for m in first["matches"]] == [m["wins"] for m in again["matches"]]
    assert first["ratings"]["random"] == [0.0, 0.0]
    assert set(first["ratings"]) == {"random", "easy", "normal", "hard", "hard*8"}


def test_the_table_keeps_one_row_a_game(tmp_path):
    doc = tmp_path / "LADDER.md"
    doc.write_text("# Ladder\n\nIntro.\n")
    result = ladder.ladder("toy", 4, 1)
    ladder.update_doc(str(doc), result, "Toy", ["Memory", "Toy"])
    other = dict(result, game="memory", seed=7)
    ladder.update_doc(str(doc), other, "Memory", ["Memory", "Toy"])
    ladder.update_doc(str(doc), result, "Toy", ["Memory", "Toy"])   # again: replaced
    text = doc.read_text()
    assert text.startswith("# Ladder\n\nIntro.\n")
    rows = [line for line in text.splitlines() if line.startswith("| Toy |") or
            line.startswith("| Memory |")]
    assert [r.split("|")[1].strip() for r in rows] == ["Memory", "Toy"]
    assert "4, seed 7" in rows[0] and "4, seed 1" in rows[1]
    assert text.count("<!-- ladder:toy:begin -->") == 1
    assert text.count("### Toy") == 1 and "| hard*8 vs hard | 4 |" in text


def test_command_line(tmp_path):
    doc = tmp_path / "L.md"
    code = arena.main(["--register", "tests.toygame", "--ladder", "--game", "toy",
                       "--games", "4", "--seed", "2", "--out", str(tmp_path / "out"),
                       "--doc", str(doc)])
    assert code == 0
    assert (tmp_path / "out" / "toy.json").exists() and "| Eleven |" in doc.read_text()
    assert arena.main(["--ladder", "--game", "chess"]) == 2
