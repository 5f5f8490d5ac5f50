"""The ladder: how far apart the AI levels of a game are, on one rating scale.

    python -m tools.arena --ladder --game ID|all [--games K] [--seed S] [--jobs N]
        [--doc docs/LADDER.md] [--out DIR] [--option KEY=VALUE]...

For a game (or every registered game with `--game all`), two players, duplicate deals:
- a round robin of random (a uniformly random legal action), easy, normal and hard: K games
  a match (rounded up to whole deals), every match on the same deals (the same seed);
- the headroom: hard with 8 times its budget (`hard*8`, the game's `ai.BUDGET`) against hard,
  K games, on the same deals;
- one Bradley-Terry fit of all those results on the Elo scale (P(i beats j) =
  1 / (1 + 10 ** ((R_j - R_i) / 400))), random anchored at 0, ties counted as half a win.
  Each pair also gets one virtual drawn game, so a match one side wins every game of (random
  against hard) keeps the fit finite; with hundreds of games a match it moves no rating by
  more than a few points. 95 % intervals from the fit's Fisher information, which takes the
  games as independent; duplicate deals make the real spread smaller (a deal's luck cancels
  between its two games), so the intervals are on the wide side.
Writes DIR/ID.json (every match, the fit, the timings; default build/ladder) and with `--doc`
the game's row of the table in that file and its section of matches (docs/LADDER.md). The
same seed gives the same table (only the decision times vary).
"""

from __future__ import annotations

import json
import math
import os
import sys
import time

from tools import arena

PLAYERS = ("random", "easy", "normal", "hard")
HEADROOM = "hard*8"
ELO = 400.0 / math.log(10.0)   # Elo points per unit of the logistic scale
TABLE_BEGIN = "<!-- ladder:table:begin -->"
TABLE_END = "<!-- ladder:table:end -->"


# -- the fit ---------------------------------------------------------------------------------


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting; a is small)."""
    n = len(b)
    m = [list(a[i]) + [b[i]] for i in range(n)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[piv][col]) < 1e-12:
            raise ValueError("the results do not connect every player")
        m[col], m[piv] = m[piv], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                if f:
                    for c in range(col, n + 1):
                        m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    cols = [_solve(a, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[cols[c][r] for c in range(n)] for r in range(n)]


def fit(players: list[str], results: list[tuple[str, str, float, int]],
        anchor: str | None = None, virtual: float = 1.0) -> dict:
    """Bradley-Terry ratings on the Elo scale from `results` [(a, b, wins of a, games)]
    (wins may hold halves). `anchor` (default the first player) is rated 0; each pair gets
    `virtual` drawn games more. Returns {player: (rating, half-width of the 95 % interval)}."""
    anchor = anchor or players[0]
    index = {p: i for i, p in enumerate(players)}
    pairs = {}
    for a, b, wins, n in results:
        key = (index[a], index[b]) if index[a] < index[b] else (index[b], index[a])
        w = wins if index[a] < index[b] else n - wins
        old = pairs.get(key, (0.0, 0))
        pairs[key] = (old[0] + w, old[1] + n)
    free = [i for i in range(len(players)) if players[i] != anchor]
    pos = {i: k for k, i in enumerate(free)}
    r = [0.0] * len(players)
    info = [[0.0] * len(free) for _ in free]
    for _ in range(100):
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]
        for (i, j), (w, n) in pairs.items():
            w += virtual / 2
            n += virtual
            p = 1.0 / (1.0 + math.exp(r[j] - r[i]))
            g = w - n * p
            h = n * p * (1.0 - p)
            for x, sign in ((i, 1.0), (j, -1.0)):
                if x in pos:
                    grad[pos[x]] += sign * g
                    info[pos[x]][pos[x]] += h
            if i in pos and j in pos:
                info[pos[i]][pos[j]] -= h
                info[pos[j]][pos[i]] -= h
        step = _solve(info, grad)
        for k, i in enumerate(free):
            r[i] += step[k]
        if max(abs(s) for s in step) < 1e-10:
            break
    cov = _inverse(info)
    out = {}
    for i, p in enumerate(players):
        half = 1.959963984540054 * math.sqrt(cov[pos[i]][pos[i]]) * ELO if i in pos else 0.0
        out[p] = (r[i] * ELO, half)
    return out


def expected(delta: float) -> float:
    """Win rate of a player rated `delta` Elo points above its opponent."""
    return 1.0 / (1.0 + 10.0 ** (-delta / 400.0))


# -- playing ---------------------------------------------------------------------------------


def match(game: str, a: str, b: str, games: int, seed: int, jobs: int,
          options: dict | None) -> dict:
    start = time.time()
    records = arena.run_games(game, 2, [a, b], games, seed, duplicate=True, options=options,
                              jobs=jobs)
    summary = arena.summarize(game, 2, records, options)
    if "errors" in summary:
        raise RuntimeError("%s %s vs %s: %s" % (game, a, b, summary["errors"][:3]))
    sa = summary["levels"][a]
    return {"a": a, "b": b, "games": summary["games"], "wins": sa["wins"],
            "win_rate": sa["win_rate"], "ci95": [sa["ci95_low"], sa["ci95_high"]],
            "ms": {lv: [s["decision_ms_median"], s["decision_ms_p95"]]
                   for lv, s in summary["levels"].items()},
            "seconds": round(time.time() - start, 1)}


def ladder(game: str, games: int, seed: int, jobs: int = 1, options: dict | None = None,
           log=None) -> dict:
    """Every match of the ladder of `game` and the fit (see the module's docstring)."""
    matches = []
    pairs = [(PLAYERS[j], PLAYERS[i]) for i in range(len(PLAYERS))
             for j in range(i + 1, len(PLAYERS))]
    import registry

    if getattr(registry.load(game, "ai"), "BUDGET", None) is not None:
        pairs.append((HEADROOM, "hard"))   # a game whose AI takes no budget has no headroom
    for a, b in pairs:
        m = match(game, a, b, games, seed, jobs, options)
        matches.append(m)
        if log:
            log("%s: %s vs %s %.3f (%d games, %.0f s)" % (game, a, b, m["win_rate"],
                                                          m["games"], m["seconds"]))
    players = list(PLAYERS) + ([HEADROOM] if len(matches) > len(PLAYERS) + 2 else [])
    ratings = fit(players, [(m["a"], m["b"], m["wins"], m["games"]) for m in matches])
    ms = {}
    for m in matches:
        for lv, v in m["ms"].items():
            ms.setdefault(lv, []).append(v[1])
    return {"game": game, "games": games, "seed": seed, "options": dict(options or {}),
            "matches": matches, "ratings": {p: list(v) for p, v in ratings.items()},
            "ms_p95": {lv: max(v) for lv, v in ms.items()}}


# -- the document ----------------------------------------------------------------------------


def _find(result: dict, a: str, b: str) -> dict | None:
    for m in result["matches"]:
        if m["a"] == a and m["b"] == b:
            return m
    return None


def _rate(m: dict | None) -> str:
    if m is None:
        return "-"
    return "%.3f (%.3f-%.3f)" % (m["win_rate"], m["ci95"][0], m["ci95"][1])


def _rating(result: dict, p: str) -> str:
    r, half = result["ratings"][p]
    return "%+.0f ± %.0f" % (r, half) if half else "%.0f" % r


def table_row(result: dict, name: str) -> str:
    steps = [_rate(_find(result, PLAYERS[i + 1], PLAYERS[i])) for i in range(3)]
    head = _find(result, HEADROOM, "hard")
    return "| %s | %s | %s | %s | %s | %s | %s | %s | %d, seed %d |" % (
        name, _rating(result, "easy"), _rating(result, "normal"), _rating(result, "hard"),
        steps[0], steps[1], steps[2], _rate(head), result["games"], result["seed"])


TABLE_HEAD = (
    "| game | Easy | Normal | Hard | Easy vs Random | Normal vs Easy | Hard vs Normal "
    "| Hard x8 vs Hard | games a match |\n"
    "|---|---:|---:|---:|---|---|---|---|---|")


def section(result: dict, name: str) -> str:
    """The game's matches, every one, as a small table."""
    lines = ["<!-- ladder:%s:begin -->" % result["game"], "### %s" % name, "",
             "| match | games | win rate of the first (95 % CI) | decision ms p95, CPython "
             "(first / second) | seconds |",
             "|---|---:|---|---|---:|"]
    for m in result["matches"]:
        lines.append("| %s vs %s | %d | %s | %.3g / %.3g | %.0f |" % (
            m["a"], m["b"], m["games"], _rate(m), m["ms"][m["a"]][1], m["ms"][m["b"]][1],
            m["seconds"]))
    ratings = ", ".join("%s %s" % (p, _rating(result, p)) for p in result["ratings"])
    lines += ["", "Ratings (Elo, random = 0): %s." % ratings,
              "<!-- ladder:%s:end -->" % result["game"]]
    return "\n".join(lines)


def update_doc(path: str, result: dict, name: str, order: list[str]) -> None:
    """Put the game's row into the table of `path` (rows in registry order) and its section
    at the end (replacing the ones it had)."""
    text = open(path).read() if os.path.exists(path) else ""
    if TABLE_BEGIN not in text:
        text += "\n%s\n%s\n%s\n" % (TABLE_BEGIN, TABLE_HEAD, TABLE_END)
    head, rest = text.split(TABLE_BEGIN, 1)
    body, tail = rest.split(TABLE_END, 1)
    rows = {}
    for line in body.strip().splitlines()[2:]:
        rows[line.split("|")[1].strip()] = line
    rows[name] = table_row(result, name)
    ordered = [rows[n] for n in order if n in rows] + [rows[n] for n in rows if n not in order]
    text = "%s%s\n%s\n%s\n%s%s" % (head, TABLE_BEGIN, TABLE_HEAD, "\n".join(ordered), TABLE_END,
                                   tail)
    begin = "<!-- ladder:%s:begin -->" % result["game"]
    end = "<!-- ladder:%s:end -->" % result["game"]
    if begin in text:
        before, rest = text.split(begin, 1)
        text = before + section(result, name) + rest.split(end, 1)[1]
    else:
        text = text.rstrip("\n") + "\n\n" + section(result, name) + "\n"
    with open(path, "w") as f:
        f.write(text)


# -- command line ----------------------------------------------------------------------------


def main(args) -> int:
    """`python -m tools.arena --ladder ...` (args: tools.arena's parsed arguments)."""
    import registry

    if not args.game:
        print("--game is required (an id, or all)", file=sys.stderr)
        return 2
    ids = [e[0] for e in registry.GAMES] if args.game == "all" else [args.game]
    names = {e[0]: (e[1][0] if isinstance(e[1], tuple) else e[0]) for e in registry.GAMES}
    try:
        options = dict(arena.parse_option(text) for text in args.option)
        for game in ids:
            registry.find(game)
    except ValueError as exc:
        print("arena: %s" % exc, file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    for game in ids:
        result = ladder(game, args.games, args.seed, args.jobs, options,
                        log=lambda text: print(text, file=sys.stderr, flush=True))
        with open(os.path.join(args.out, game + ".json"), "w") as f:
            json.dump(result, f, indent=1)
        print(table_row(result, names[game]))
        if args.doc:
            update_doc(args.doc, result, names[game], [names[e[0]] for e in registry.GAMES])
    return 0
