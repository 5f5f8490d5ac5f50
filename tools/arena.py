"""AI-only games through the game registry: win rates with confidence intervals, timings, logs.

    python -m tools.arena --game GAME --players N --ai LEVEL,LEVEL... --games K --seed S
        [--option KEY=VALUE]... [--duplicate] [--json] [--budget N] [--log DIR]
        [--max-actions N] [--register MODULE[:ATTR]]...
    python -m tools.arena --replay LOG [--register MODULE[:ATTR]]

Nothing here is game-specific: any registered game works.

- `--ai` gives one level per seat; with fewer levels than players the last one repeats. A
  level is one of core.session.LEVELS, `random` (a uniformly random legal action, the floor
  of the ladder; an arena player, not a level of the console), or `LEVEL*K`: that level with
  K times its budget (K x `--budget`, or K x the game's `ai.BUDGET`, an int or a tuple
  indexed by the number of players), e.g. `hard*8`.
- Seats rotate between games (game g puts level i in seat (i + g) mod N), so with K a multiple
  of N every level plays every seat equally often.
- `--duplicate` plays each deal (same game seed) N times, once per rotation, so the luck of
  the deal cancels; K is rounded up to a multiple of N.
- Wins come from `state.returns()` (a shared win is 0.5). When several seats have the same
  level they are pooled under that level (its "games" counts seat-games).
- Game seeds are drawn from core.rng.Rng(--seed), each seat's AI gets its own Rng derived
  from the game seed, and `--budget` is passed to `ai.choose`: the same seed gives the same
  results; only the timings vary.
- Games get `options = {"players": N}` plus every `--option KEY=VALUE` (repeatable; VALUE
  an int when it reads as one, true/false a bool, else a string), e.g. Cauldron's Recipes
  `--option recipes=1`, Shadow Lock's `--option mode=...`: the game's own option keys (its
  rules.new_game). They are shown in the output (the table's first line, "options" in the
  JSON, the logs' headers). A chance node (current_player == -1) is resolved by
  applying `legal_actions()[0]` (the state draws the outcome itself); it is logged as seat -1.
- A game that raises or exceeds `--max-actions` is reported as an error (stderr, exit code 1,
  and an "errors" list in the JSON, present only when there are errors) and left out of the
  statistics.
- `--register tests.toygame` adds `tests.toygame.ENTRY` to the registry (an entry tuple or a
  list of them); also read from the ARENA_REGISTER environment variable (comma-separated).
- `--jobs N` plays the games in N processes (the results are the same as with one: each
  game depends only on its deal seed and seats); one by default, as arenas share the machine.
- `--ladder` plays a round robin of random, easy, normal and hard and fits one rating scale
  (tools/ladder.py, which documents its own options).
- `--log DIR` writes DIR/game_00000.jsonl ... with core.gamelog; `--replay LOG` (or the
  `replay()` function) re-plays a log from its seed and actions and checks the final scores.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
import traceback

from sim import compat

compat.install()

import registry  # noqa: E402
from core.gamelog import GameLog, log_new_rounds, read_log  # noqa: E402
from core.rng import Rng  # noqa: E402
from core.session import LEVELS  # noqa: E402

DEFAULT_MAX_ACTIONS = 100000
RANDOM = "random"       # an arena player: a uniformly random legal action
Z95 = 1.959963984540054
LOG_MAX_BYTES = 1 << 40  # arena logs must never be truncated: they are replayed


# -- statistics ------------------------------------------------------------------------------


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (wins may hold halves); (0, 1) when n == 0."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list; 0.0 for an empty one."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def median(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2


# -- playing ---------------------------------------------------------------------------------


def ai_seed(game_seed: int, seat: int) -> int:
    """Seed of one seat's AI generator in one game (Rng scrambles it further)."""
    return (game_seed + 0x9E3779B9 * (seat + 1)) & 0xFFFFFFFF


def play_game(
    game_id: str,
    seat_levels: list[str],
    seed: int,
    budget: int | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    log_path: str | None = None,
    options: dict | None = None,
) -> dict:
    """Play one AI-only game; returns its record (scores, returns, actions, timings, error).
    `options` are the game's options beside "players" (see parse_option)."""
    rules = registry.load(game_id, "rules")
    ai = registry.load(game_id, "ai")
    players = len(seat_levels)
    options = game_options(players, options)
    log = GameLog(log_path, LOG_MAX_BYTES) if log_path else GameLog(None)
    log.header(game_id, options, seed, list(seat_levels))
    rngs = [Rng(ai_seed(seed, seat)) for seat in range(players)]
    seats = [seat_player(spec, ai, players, budget) for spec in seat_levels]
    decision_ms: list[list[float]] = [[] for _ in range(players)]
    actions = 0
    rounds_logged = 0
    error = None
    state = None
    try:
        state = rules.new_game(options, seed)
        if state.num_players != players:
            raise ValueError("new_game made %d seats, not %d" % (state.num_players, players))
        while not state.is_over():
            if actions >= max_actions:
                raise RuntimeError("no end after %d actions" % max_actions)
            seat = state.current_player
            if seat == -1:
                action = state.legal_actions()[0]
            else:
                level, seat_budget = seats[seat]
                start = time.perf_counter()
                if level == RANDOM:
                    action = rngs[seat].choice(state.legal_actions())
                else:
                    action = ai.choose(state, seat, level, rngs[seat], seat_budget)
                decision_ms[seat].append((time.perf_counter() - start) * 1000.0)
            text = state.action_str(action)
            state.apply(action)
            log.action(seat, action, text)
            rounds_logged = log_new_rounds(log, state, rounds_logged)
            actions += 1
    except Exception as exc:  # a broken game is a result to report, not a crash of the run
        error = "%s: %s" % (type(exc).__name__, exc)
        log.event("error", reason=error, trace=traceback.format_exc(limit=4))
    scores = list(state.scores()) if state is not None else []
    returns = list(state.returns()) if state is not None and error is None else []
    log.final(scores)
    return {
        "seed": seed,
        "levels": list(seat_levels),
        "scores": scores,
        "returns": returns,
        "actions": actions,
        "decision_ms": decision_ms,
        "error": error,
    }


def seat_levels_for(levels: list[str], players: int, game_index: int) -> list[str]:
    """Levels by seat in game `game_index`: the level list rotated by the game index."""
    rot = game_index % players
    return [levels[(seat - rot) % players] for seat in range(players)]


def parse_level(spec: str) -> tuple[str, int]:
    """`hard` -> ("hard", 0); `hard*8` -> ("hard", 8) (8 times the budget); `random` ->
    ("random", 0). ValueError for anything else."""
    level, star, factor = spec.partition("*")
    if level not in LEVELS and level != RANDOM:
        raise ValueError("unknown level %r (levels: %s, %s, or LEVEL*K)" % (
            spec, ", ".join(LEVELS), RANDOM))
    if not star:
        return level, 0
    if level == RANDOM or not factor.isdigit() or int(factor) < 1:
        raise ValueError("%r: a budget factor is LEVEL*K with K a whole number >= 1" % spec)
    return level, int(factor)


def default_budget(ai, players: int) -> int:
    """The game's default AI budget (`ai.BUDGET`: an int, or a tuple indexed by players)."""
    value = getattr(ai, "BUDGET", None)
    if isinstance(value, tuple):
        value = value[players]
    if not isinstance(value, int) or value < 1:
        raise ValueError("%s has no BUDGET to scale (LEVEL*K needs one)" % ai.__name__)
    return value


def seat_player(spec: str, ai, players: int, budget: int | None) -> tuple[str, int | None]:
    """(level, budget) of one seat: `budget` as given, or K times it (or the game's default)
    for LEVEL*K."""
    level, factor = parse_level(spec)
    if not factor:
        return level, budget
    return level, factor * (budget if budget else default_budget(ai, players))


def full_levels(levels: list[str], players: int) -> list[str]:
    if not levels or len(levels) > players:
        raise ValueError("give 1 to %d AI levels, got %r" % (players, levels))
    for level in levels:
        parse_level(level)
    return list(levels) + [levels[-1]] * (players - len(levels))


def parse_option(text: str) -> tuple[str, object]:
    """`KEY=VALUE` -> (KEY, value): an int when VALUE reads as one, True/False for
    true/false (any case), else the string."""
    key, eq, value = text.partition("=")
    key = key.strip()
    if not eq or not key:
        raise ValueError("an option is KEY=VALUE, got %r" % (text,))
    value = value.strip()
    try:
        return key, int(value)
    except ValueError:
        pass
    if value.lower() in ("true", "false"):
        return key, value.lower() == "true"
    return key, value


def game_options(players: int, options: dict | None) -> dict:
    """The options a game gets: {"players": players} and the extra ones."""
    out: dict = {"players": players}
    for key, value in (options or {}).items():
        if key == "players":
            raise ValueError("give the players with --players, not as an option")
        out[key] = value
    return out


def options_text(options: dict | None) -> str:
    return " ".join("%s=%s" % (k, v) for k, v in (options or {}).items())


def run_games(
    game_id: str,
    players: int,
    levels: list[str],
    games: int,
    seed: int,
    duplicate: bool = False,
    budget: int | None = None,
    log_dir: str | None = None,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    options: dict | None = None,
    jobs: int = 1,
) -> list[dict]:
    """Play the arena's games and return one record a game (see play_game), in order; with
    jobs > 1 in that many processes (the same records but for the timings)."""
    entry = registry.find(game_id)
    if not entry[3] <= players <= entry[4]:
        raise ValueError("%s takes %d to %d players, not %d" % (game_id, entry[3], entry[4],
                                                                   players))
    levels = full_levels(levels, players)
    game_options(players, options)  # refuses "players" before any game is played
    if games < 1:
        raise ValueError("--games must be at least 1")
    deals = -(-games // players) if duplicate else games
    total = deals * players if duplicate else games
    master = Rng(seed)
    deal_seeds = [master.next32() for _ in range(deals)]
    if log_dir:
        os.makedirs(log_dir, exist_ok=True)
    tasks = []
    for g in range(total):
        deal = g // players if duplicate else g
        path = os.path.join(log_dir, "game_%05d.jsonl" % g) if log_dir else None
        tasks.append((g, deal, game_id, seat_levels_for(levels, players, g), deal_seeds[deal],
                      budget, max_actions, path, options))
    if jobs > 1 and total > 1:
        import multiprocessing

        # fork: the workers inherit the registry (--register) and the loaded modules; and
        # whatever signal handlers the process had: SDL's (pygame, once a simulator ran in
        # it, as in a test session) catches SIGTERM, with which Pool.terminate ends its
        # workers, so they would never end. Each worker takes the default back, and the
        # pool is closed and joined: its workers end by themselves.
        with multiprocessing.get_context("fork").Pool(min(jobs, total), _worker_start) as pool:
            records = pool.map(_play_task, tasks, chunksize=max(1, total // (jobs * 8)))
            pool.close()
            pool.join()
        return records
    return [_play_task(task) for task in tasks]


def _worker_start() -> None:
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _play_task(task: tuple) -> dict:
    index, deal = task[0], task[1]
    record = play_game(*task[2:])
    record["index"] = index
    record["deal"] = deal
    return record


def summarize(game_id: str, players: int, records: list[dict],
              options: dict | None = None) -> dict:
    """The JSON summary: {"game", "players", "options", "games", "levels": {level: stats}}
    (+ "errors"); "options" holds the game's options beside "players" ({} when none)."""
    order: list[str] = []
    acc: dict[str, dict] = {}
    good = [r for r in records if r["error"] is None]
    for record in records:
        for level in record["levels"]:
            if level not in acc:
                order.append(level)
                acc[level] = {"games": 0, "wins": 0.0, "score": 0.0, "ms": [], "length": 0}
    for record in good:
        for seat, level in enumerate(record["levels"]):
            a = acc[level]
            a["games"] += 1
            a["wins"] += record["returns"][seat]
            a["score"] += record["scores"][seat]
            a["ms"].extend(record["decision_ms"][seat])
            a["length"] += record["actions"]
    levels = {}
    for level in order:
        a = acc[level]
        n = a["games"]
        low, high = wilson(a["wins"], n)
        levels[level] = {
            "games": n,
            "wins": a["wins"],
            "win_rate": a["wins"] / n if n else 0.0,
            "ci95_low": low,
            "ci95_high": high,
            "mean_score": a["score"] / n if n else 0.0,
            "decision_ms_median": median(a["ms"]),
            "decision_ms_p95": percentile(a["ms"], 95),
        }
    summary = {"game": game_id, "players": players, "options": dict(options or {}),
               "games": len(good), "levels": levels}
    errors = [{"index": r["index"], "seed": r["seed"], "error": r["error"]}
              for r in records if r["error"] is not None]
    if errors:
        summary["errors"] = errors
    return summary


def mean_lengths(records: list[dict]) -> dict[str, float]:
    """Mean game length in actions, per level (over the games the level took part in)."""
    sums: dict[str, list[int]] = {}
    for record in records:
        if record["error"] is None:
            for level in set(record["levels"]):
                sums.setdefault(level, []).append(record["actions"])
    return {level: sum(v) / len(v) for level, v in sums.items()}


def arena(game_id: str, players: int, levels: list[str], games: int, seed: int,
          **kwargs) -> dict:
    """run_games + summarize: the summary dict that `--json` prints."""
    return summarize(game_id, players, run_games(game_id, players, levels, games, seed,
                                                 **kwargs), kwargs.get("options"))


def format_table(summary: dict, lengths: dict[str, float]) -> str:
    head = "%s, %d players, %d games" % (summary["game"], summary["players"], summary["games"])
    if summary.get("options"):
        head += ", options " + options_text(summary["options"])
    lines = [head]
    lines.append("%-8s %6s %7s %6s %15s %8s %7s %9s %9s" % (
        "level", "games", "wins", "rate", "95% CI", "score", "length", "ms med", "ms p95"))
    for level, s in summary["levels"].items():
        lines.append("%-8s %6d %7.1f %6.3f %7.3f-%-7.3f %8.2f %7.1f %9.3f %9.3f" % (
            level, s["games"], s["wins"], s["win_rate"], s["ci95_low"], s["ci95_high"],
            s["mean_score"], lengths.get(level, 0.0), s["decision_ms_median"],
            s["decision_ms_p95"]))
    for err in summary.get("errors", []):
        lines.append("ERROR game %d (seed %d): %s" % (err["index"], err["seed"], err["error"]))
    return "\n".join(lines)


# -- replay ----------------------------------------------------------------------------------


def replay(log_path: str) -> list[int]:
    """Re-play a logged game from its header (game, options, seed) and its actions; returns
    the final scores, or raises ValueError when the log and the replay disagree. The game must
    be registered (see register_spec)."""
    records = read_log(log_path, strict=True)
    if not records or records[0].get("t") != "header":
        raise ValueError("%s: no header line" % log_path)
    header = records[0]
    rules = registry.load(header["game"], "rules")
    state = rules.new_game(header["options"], header["seed"])
    final = None
    for i, rec in enumerate(records[1:], 2):
        kind = rec.get("t")
        if kind == "truncated":
            raise ValueError("%s: log truncated, cannot replay" % log_path)
        if kind == "action":
            if rec["p"] != state.current_player:
                raise ValueError("%s line %d: seat %r acts but seat %r is to play" % (
                    log_path, i, rec["p"], state.current_player))
            state.apply(rec["a"])
        elif kind == "final":
            final = rec["scores"]
    if final is None:
        raise ValueError("%s: no final line" % log_path)
    scores = list(state.scores())
    if scores != final:
        raise ValueError("%s: replay scores %r, log says %r" % (log_path, scores, final))
    return scores


# -- command line ----------------------------------------------------------------------------


def register_spec(spec: str) -> list[tuple]:
    """Register the entries named by "module[:ATTR]" (ATTR defaults to ENTRY; it may hold one
    entry tuple or a list of them). Returns the registered entries."""
    module_name, _, attr = spec.partition(":")
    module = __import__(module_name, None, None, ["_"], 0)
    value = getattr(module, attr or "ENTRY")
    entries = [value] if value and isinstance(value[0], str) else list(value)
    return [registry.register(entry) for entry in entries]


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.arena", description=__doc__.split(
        "\n")[0])
    parser.add_argument("--game", help="game id from the registry")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--ai", default="normal", help="levels by seat: easy,normal,hard")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, e.g. recipes=1 (repeatable; ints parsed)")
    parser.add_argument("--log", metavar="DIR", help="write one JSON-lines log per game")
    parser.add_argument("--duplicate", action="store_true",
                        help="play each deal once per seat rotation")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--budget", type=int, default=None, help="AI budget in iterations")
    parser.add_argument("--max-actions", type=int, default=DEFAULT_MAX_ACTIONS)
    parser.add_argument("--register", action="append", default=[], metavar="MODULE[:ATTR]",
                        help="add registry entries (repeatable)")
    parser.add_argument("--replay", metavar="LOG", help="replay a game log and check it")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes to play in (default 1: the machine is shared)")
    parser.add_argument("--ladder", action="store_true",
                        help="round robin of random/easy/normal/hard, one rating scale "
                             "(tools/ladder.py; --game all for every game)")
    parser.add_argument("--doc", metavar="FILE",
                        help="with --ladder: write the game's row into this table "
                             "(docs/LADDER.md)")
    parser.add_argument("--out", metavar="DIR", default="build/ladder",
                        help="with --ladder: where each game's JSON goes")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    specs = [s for s in os.environ.get("ARENA_REGISTER", "").split(",") if s] + args.register
    for spec in specs:
        register_spec(spec)
    if args.replay:
        try:
            scores = replay(args.replay)
        except ValueError as exc:
            print("replay FAILED: %s" % exc, file=sys.stderr)
            return 1
        print("replay ok: scores %r" % (scores,))
        return 0
    if args.ladder:
        from tools import ladder

        return ladder.main(args)
    if not args.game:
        print("--game is required (known: %s)" % ", ".join(e[0] for e in registry.GAMES),
              file=sys.stderr)
        return 2
    levels = [level.strip() for level in args.ai.split(",") if level.strip()]
    try:
        options = dict(parse_option(text) for text in args.option)
        records = run_games(args.game, args.players, levels, args.games, args.seed,
                            duplicate=args.duplicate, budget=args.budget, log_dir=args.log,
                            max_actions=args.max_actions, options=options, jobs=args.jobs)
    except ValueError as exc:
        print("arena: %s" % exc, file=sys.stderr)
        return 2
    summary = summarize(args.game, args.players, records, options)
    for record in records:
        if record["error"] is not None:
            print("game %d (seed %d) failed: %s" % (record["index"], record["seed"],
                                                    record["error"]), file=sys.stderr)
    if args.json:
        print(json.dumps(summary))
    else:
        print(format_table(summary, mean_lengths(records)))
    return 1 if "errors" in summary else 0


if __name__ == "__main__":
    sys.exit(main())
