"""tools.arena on the toy game (tests/toygame): statistics, determinism, duplicate deals, logs,
replay; and the toy game itself, on CPython and under MicroPython."""

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import registry
from core.gamelog import read_log
from core.rng import Rng
from tests.mpy import run_mpy
from tests.toygame import ENTRY, ai, rules, view
from tools import arena

ROOT = Path(__file__).resolve().parent.parent
LEVEL_KEYS = {"games", "wins", "win_rate", "ci95_low", "ci95_high", "mean_score",
              "decision_ms_median", "decision_ms_p95"}
TIMING_KEYS = ("decision_ms_median", "decision_ms_p95")
BUDGET = 40  # hard AI iterations: small keeps the file fast and still beats easy clearly


@pytest.fixture(autouse=True)
def toy_registered():
    saved = list(registry.GAMES)
    registry.register(ENTRY)
    yield
    registry.GAMES[:] = saved


def without_timings(summary):
    return {level: {k: v for k, v in stats.items() if k not in TIMING_KEYS}
            for level, stats in summary["levels"].items()}


# -- the toy game ----------------------------------------------------------------------------


def make_state(hands, draw=(), total=0, current=0):
    played = bytearray(rules.VALUES + 1)
    for v in range(1, rules.VALUES + 1):
        played[v] = rules.COPIES - sum(h.count(v) for h in hands) - list(draw).count(v)
    return rules.State(len(hands), [list(h) for h in hands], list(draw), total,
                       [0] * len(hands), played, current)


def test_toy_deal_uses_the_whole_deck():
    state = rules.new_game({"players": 3}, 42)
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert len(state.draw) == 11
    cards = Counter(state.draw + [c for h in state.hands for c in h])
    assert cards == {v: 4 for v in range(1, 6)}
    assert state.current_player == 0 and state.scores() == [0, 0, 0]
    assert rules.new_game({"players": 3}, 42).hands == state.hands  # same seed, same deal
    with pytest.raises(ValueError):
        rules.new_game({"players": 5}, 1)


def test_toy_scoring_hit_bust_and_illegal_moves():
    state = make_state([[5, 1, 2], [4, 4, 3]], draw=[1, 3], total=6)
    assert state.legal_actions() == [1, 2, 5]
    with pytest.raises(ValueError, match="player 0 has no card 4"):
        state.apply(4)
    assert state.hands[0] == [5, 1, 2] and state.total == 6  # unchanged
    state.apply(5)  # 6 + 5 = 11: hit, +3, draws the 3 on top
    assert (state.total, state.scores(), state.hands[0]) == (0, [3, 0], [1, 2, 3])
    assert state.current_player == 1 and state.action_str(5) == "play 5"
    state.apply(4)
    state.apply(3)
    state.apply(4)  # 4 + 3 + 4 = 11 by seat 1
    assert state.scores() == [3, 3]
    state = make_state([[5], [5]], total=9)
    state.apply(5)  # 14: bust
    assert state.scores() == [-2, 0] and state.total == 0 and state.current_player == 1
    state.apply(5)
    assert state.is_over() and state.current_player == -2 and state.legal_actions() == []
    assert state.returns() == [0.0, 1.0]
    with pytest.raises(ValueError, match="over"):
        state.apply(1)


def test_toy_returns_share_a_tied_win():
    state = make_state([[], [], []])
    state.points = [2, 5, 5]
    assert state.returns() == [0.0, 0.5, 0.5]


def test_toy_sample_hidden_keeps_what_the_seat_knows():
    state = rules.new_game({"players": 3}, 9)
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    rng = Rng(3)
    seen = state.observation(1)
    worlds = [state.sample_hidden(1, rng) for _ in range(20)]
    for world in worlds:
        assert world.observation(1) == seen
        everything = Counter(world.draw + [c for h in world.hands for c in h])
        everything.update({v: world.played[v] for v in range(1, 6)})
        assert everything == {v: 4 for v in range(1, 6)}
    assert len({tuple(w.hands[0]) + tuple(w.draw) for w in worlds}) > 1  # really resampled
    clone = state.clone()
    clone.apply(clone.legal_actions()[0])
    assert state.observation(1) == seen  # the clone is independent


def test_toy_ai_levels():
    state = make_state([[2, 5, 4], [1, 1, 1]], total=6)
    assert ai.choose(state, 0, "normal", Rng(1)) == 5  # hits 11
    state = make_state([[4, 5], [1, 1]], total=5)
    assert ai.choose(state, 0, "normal", Rng(1)) == 5  # largest card that does not bust
    assert ai.choose(state, 0, "easy", Rng(1)) in (4, 5)
    with pytest.raises(ValueError):
        ai.choose(state, 1, "easy", Rng(1))  # not seat 1's turn
    with pytest.raises(ValueError):
        ai.choose(state, 0, "expert", Rng(1))
    assert view.lines(state, 0)[:2] == ["total 5 / 11", "your hand: 4 5"]


# -- the arena -------------------------------------------------------------------------------


def test_wilson_and_percentiles():
    low, high = arena.wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    low, high = arena.wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    assert arena.wilson(0, 0) == (0.0, 1.0)
    assert arena.percentile(list(range(1, 101)), 95) == 95
    assert arena.median([3, 1, 2, 10]) == 2.5


def test_hard_beats_easy_and_wins_add_up():
    summary = arena.arena("toy", 2, ["hard", "easy"], 40, 7, budget=BUDGET)
    assert set(summary) == {"game", "players", "options", "games", "levels"}
    assert summary["options"] == {}
    assert summary["games"] == 40
    hard, easy = summary["levels"]["hard"], summary["levels"]["easy"]
    assert hard["games"] == easy["games"] == 40
    assert hard["wins"] + easy["wins"] == 40
    assert hard["ci95_low"] > 0.5
    assert hard["mean_score"] > easy["mean_score"]
    assert hard["decision_ms_p95"] >= hard["decision_ms_median"] > 0


def test_same_seed_same_results_other_seed_differs():
    first = arena.run_games("toy", 2, ["normal", "easy"], 20, 11)
    again = arena.run_games("toy", 2, ["normal", "easy"], 20, 11)
    other = arena.run_games("toy", 2, ["normal", "easy"], 20, 12)
    strip = [(r["seed"], r["levels"], r["scores"], r["returns"]) for r in first]
    assert strip == [(r["seed"], r["levels"], r["scores"], r["returns"]) for r in again]
    assert [r["scores"] for r in first] != [r["scores"] for r in other]
    s1, s2 = (arena.summarize("toy", 2, recs) for recs in (first, again))
    assert without_timings(s1) == without_timings(s2)


def test_seats_rotate_and_missing_levels_repeat():
    records = arena.run_games("toy", 3, ["hard", "easy"], 6, 1, budget=10)
    assert [r["levels"] for r in records[:3]] == [
        ["hard", "easy", "easy"], ["easy", "hard", "easy"], ["easy", "easy", "hard"]]
    seats = Counter((lvl, seat) for r in records for seat, lvl in enumerate(r["levels"]))
    assert seats == {("hard", s): 2 for s in range(3)} | {("easy", s): 4 for s in range(3)}
    summary = arena.summarize("toy", 3, records)
    assert summary["levels"]["easy"]["games"] == 12  # two easy seats pooled
    with pytest.raises(ValueError, match="takes 2 to 4 players"):
        arena.run_games("toy", 5, ["easy"], 1, 1)
    with pytest.raises(ValueError, match="unknown game"):
        arena.run_games("chess", 2, ["easy"], 1, 1)


def test_duplicate_plays_each_deal_with_seats_swapped(tmp_path):
    records = arena.run_games("toy", 2, ["hard", "easy"], 7, 5, duplicate=True, budget=10,
                              log_dir=str(tmp_path))
    assert len(records) == 8  # rounded up to whole deals
    headers = [read_log(str(tmp_path / name))[0] for name in sorted(os.listdir(tmp_path))]
    assert len(headers) == 8
    by_seed = {}
    for header in headers:
        by_seed.setdefault(header["seed"], []).append(header["seats"])
    assert len(by_seed) == 4
    for seats in by_seed.values():
        assert seats == [["hard", "easy"], ["easy", "hard"]]
    # Each log replays to its recorded scores.
    for name, record in zip(sorted(os.listdir(tmp_path)), records):
        assert arena.replay(str(tmp_path / name)) == record["scores"]


def test_replay_detects_a_changed_log(tmp_path):
    arena.run_games("toy", 2, ["normal"], 1, 3, log_dir=str(tmp_path))
    path = tmp_path / "game_00000.jsonl"
    lines = path.read_text().splitlines()
    final = json.loads(lines[-1])
    assert arena.replay(str(path)) == final["scores"]
    final["scores"][0] += 1
    path.write_text("\n".join(lines[:-1] + [json.dumps(final)]) + "\n")
    with pytest.raises(ValueError, match="replay scores"):
        arena.replay(str(path))
    path.write_text("\n".join(lines[:1] + lines[2:]) + "\n")  # first move missing
    with pytest.raises(ValueError):
        arena.replay(str(path))


def test_action_cap_reports_an_error_not_a_hang(tmp_path):
    records = arena.run_games("toy", 2, ["easy"], 2, 1, max_actions=5, log_dir=str(tmp_path))
    assert [r["error"] for r in records] == ["RuntimeError: no end after 5 actions"] * 2
    assert all(r["actions"] == 5 for r in records)
    summary = arena.summarize("toy", 2, records)
    assert summary["games"] == 0 and len(summary["errors"]) == 2
    kinds = [rec.get("kind") for rec in read_log(str(tmp_path / "game_00000.jsonl"))]
    assert "error" in kinds


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "tools.arena", "--register", "tests.toygame", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )


def test_command_line_json(tmp_path):
    args = ["--game", "toy", "--players", "2", "--ai", "hard,normal", "--games", "10",
            "--seed", "4", "--budget", "10", "--json"]
    proc = run_cli(*args, "--log", str(tmp_path))
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert set(summary) == {"game", "players", "options", "games", "levels"}
    assert (summary["game"], summary["players"], summary["games"]) == ("toy", 2, 10)
    assert set(summary["levels"]) == {"hard", "normal"}
    for stats in summary["levels"].values():
        assert set(stats) == LEVEL_KEYS
    assert sum(s["wins"] for s in summary["levels"].values()) == 10
    # The API gives the same numbers as the command line.
    api = arena.arena("toy", 2, ["hard", "normal"], 10, 4, budget=10)
    assert without_timings(api) == without_timings(summary)
    assert len(os.listdir(tmp_path)) == 10
    replayed = run_cli("--replay", str(tmp_path / "game_00003.jsonl"))
    assert replayed.returncode == 0 and replayed.stdout.startswith("replay ok")
    table = run_cli("--game", "toy", "--ai", "easy", "--games", "2")
    assert table.returncode == 0 and "easy" in table.stdout and "95% CI" in table.stdout
    broken = run_cli("--game", "toy", "--ai", "easy", "--games", "1", "--max-actions", "3")
    assert broken.returncode == 1 and "no end after 3 actions" in broken.stderr
    unknown = run_cli("--game", "chess")
    assert unknown.returncode == 2 and "known: " in unknown.stderr and "toy" in unknown.stderr


def test_options_reach_the_game_and_the_output(tmp_path, monkeypatch):
    assert [arena.parse_option(t) for t in ("recipes=1", "mode=advanced", "open=false",
                                            " n = -3 ", "x=True")] == [
        ("recipes", 1), ("mode", "advanced"), ("open", False), ("n", -3), ("x", True)]
    for bad in ("recipes", "=1"):
        with pytest.raises(ValueError, match="KEY=VALUE"):
            arena.parse_option(bad)
    # The game's new_game gets them beside "players" (the toy game ignores unknown keys).
    seen = []
    toy_rules = registry.load("toy", "rules")
    real_new_game = toy_rules.new_game
    monkeypatch.setattr(toy_rules, "new_game",
                        lambda options, seed: seen.append(dict(options)) or
                        real_new_game(options, seed))
    options = {"recipes": 1, "mode": "advanced"}
    records = arena.run_games("toy", 2, ["easy"], 2, 3, log_dir=str(tmp_path), options=options)
    assert seen == [{"players": 2, "recipes": 1, "mode": "advanced"}] * 2
    assert read_log(str(tmp_path / "game_00000.jsonl"))[0]["options"] == seen[0]
    summary = arena.summarize("toy", 2, records, options)
    assert summary["options"] == options
    assert arena.format_table(summary, {}).splitlines()[0] == (
        "toy, 2 players, 2 games, options recipes=1 mode=advanced")
    with pytest.raises(ValueError, match="--players"):
        arena.run_games("toy", 2, ["easy"], 1, 1, options={"players": 3})
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        arena.run_games("toy", 2, ["easy", "expert"], 1, 1)


def test_an_option_changes_a_real_game():
    """Cauldron's Recipes (rules.new_game's "recipes") through the arena: the same deals,
    other scores; and the command line shows and passes the options."""
    plain = arena.run_games("cauldron", 2, ["hard", "easy"], 4, 1, duplicate=True)
    recipes = arena.run_games("cauldron", 2, ["hard", "easy"], 4, 1, duplicate=True,
                              options={"recipes": 1})
    assert [r["seed"] for r in plain] == [r["seed"] for r in recipes]
    assert [r["scores"] for r in plain] != [r["scores"] for r in recipes]
    proc = run_cli("--game", "cauldron", "--ai", "hard,easy", "--games", "2", "--option",
                   "recipes=1", "--option", "open=true", "--json")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout.strip().splitlines()[-1])
    assert summary["options"] == {"recipes": 1, "open": True} and summary["games"] == 2
    table = run_cli("--game", "cauldron", "--ai", "hard", "--games", "2", "--option",
                    "recipes=1")
    assert table.returncode == 0 and "options recipes=1" in table.stdout.splitlines()[0]
    for bad in (("--option", "recipes"), ("--option", "players=3"), ("--ai", "expert")):
        proc = run_cli("--game", "cauldron", "--games", "1", *bad)
        assert proc.returncode == 2 and proc.stderr.startswith("arena: "), (bad, proc.stderr)


# -- a full AI game under MicroPython ----------------------------------------------------------

FULL_GAME = r"""
import sys
import registry
from tests.toygame import ENTRY
from core.rng import Rng
registry.register(ENTRY)
rules = registry.load("toy", "rules")
ai = registry.load("toy", "ai")
state = rules.new_game({"players": 3}, 2024)
rngs = [Rng(1), Rng(2), Rng(3)]
levels = ["hard", "normal", "easy"]
moves = []
while not state.is_over():
    seat = state.current_player
    action = ai.choose(state, seat, levels[seat], rngs[seat], 30)
    state.apply(action)
    moves.append(action)
print("MOVES", moves)
print("SCORES", state.scores(), state.returns())
del rules, ai, state
registry.unload("toy")
print("LEFT", [k for k in sys.modules if k.startswith("tests.toygame")])
"""


def test_full_ai_game_under_micropython_matches_cpython(capsys):
    out = run_mpy(FULL_GAME, paths=[ROOT]).stdout.splitlines()
    assert len(out) == 3
    assert out[2] == "LEFT []"
    exec(compile(FULL_GAME, "full_game", "exec"), {})  # the same game on CPython
    cpython = capsys.readouterr().out.splitlines()
    assert out[0] == cpython[0]  # same moves: the Rng streams and the AI agree
    assert out[1] == cpython[1]
    assert len(json.loads(out[0].split(" ", 1)[1])) == 20


# -- random players, budget factors, processes ---------------------------------------------------


def test_random_player_and_budget_factor(monkeypatch):
    assert arena.parse_level("hard") == ("hard", 0)
    assert arena.parse_level("hard*8") == ("hard", 8)
    assert arena.parse_level("random") == ("random", 0)
    for bad in ("hard*0", "hard*x", "random*2", "expert", "hard*"):
        with pytest.raises(ValueError):
            arena.parse_level(bad)
    toy_ai = registry.load("toy", "ai")
    with pytest.raises(ValueError, match="no BUDGET"):
        arena.seat_player("hard*2", toy_ai, 2, None)
    monkeypatch.setattr(toy_ai, "BUDGET", 30, raising=False)
    assert arena.seat_player("hard*2", toy_ai, 2, None) == ("hard", 60)
    assert arena.seat_player("hard*2", toy_ai, 2, 7) == ("hard", 14)   # K x --budget
    assert arena.seat_player("normal", toy_ai, 2, 7) == ("normal", 7)
    monkeypatch.setattr(toy_ai, "BUDGET", (0, 0, 5, 9, 9), raising=False)
    assert arena.seat_player("hard*3", toy_ai, 3, None) == ("hard", 27)  # by players
    # The budget reaches ai.choose: hard*K asks K times as many simulations.
    seen = []
    real = toy_ai.choose
    monkeypatch.setattr(toy_ai, "choose", lambda s, seat, lv, rng, budget=None:
                        seen.append((lv, budget)) or real(s, seat, lv, rng, budget))
    arena.play_game("toy", ["hard*3", "hard", "random"], 5)
    assert {x for x in seen} == {("hard", 27), ("hard", None)}
    # A random player plays legal actions from its own generator, the same for a seed.
    records = arena.run_games("toy", 2, ["random", "normal"], 40, 3)
    again = arena.run_games("toy", 2, ["random", "normal"], 40, 3)
    assert [r["scores"] for r in records] == [r["scores"] for r in again]
    summary = arena.summarize("toy", 2, records)
    assert summary["levels"]["normal"]["win_rate"] > 0.6
    assert set(summary["levels"]) == {"random", "normal"}


def test_jobs_give_the_same_records(tmp_path):
    one = arena.run_games("toy", 3, ["hard", "random", "easy"], 12, 9, duplicate=True,
                          budget=10)
    two = arena.run_games("toy", 3, ["hard", "random", "easy"], 12, 9, duplicate=True,
                          budget=10, jobs=2, log_dir=str(tmp_path))
    strip = [(r["index"], r["deal"], r["seed"], r["levels"], r["scores"], r["actions"])
             for r in one]
    assert strip == [(r["index"], r["deal"], r["seed"], r["levels"], r["scores"],
                      r["actions"]) for r in two]
    assert len(os.listdir(tmp_path)) == 12   # the workers wrote every log
