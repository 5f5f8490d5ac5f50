"""Statistics (issue #14): kit.stats counts every finished game once, in one checked file per
game; kit.stats_screen shows them (from a game's setup screen and from the main menu) and
resets them after asking. Driven through the toy game (tests/toygame) on the headless
simulator (virtual clock); Match 2-52's kit-kept high scores through its Spec."""

import json

import pytest

import registry
from core import input as btn
from core import storage, strings
from core.session import Session
from sim import headless
from tests import opening
from tests.toygame import ENTRY


@pytest.fixture(autouse=True)
def toy_registered():
    saved = list(registry.GAMES)
    registry.register(ENTRY)
    yield
    registry.unload_all()
    registry.GAMES[:] = saved
    strings.load("en")


def kit(name):
    """The kit's module as the game loaded it (the kit is dropped with each game)."""
    return __import__("kit." + name, None, None, (name,), 0)


def started(out, levels=("normal", "hard")):
    """Main menu, the toy's setup screen (1 + len(levels) players), Start: the table."""
    def go(app):
        app.start()
        app.reset_to_home()
        registry.load("toy", "view")
        screen = opening.entry_scene(app, registry.find("toy"))
        app.push(screen)
        screen.values["players"] = 1 + len(levels)
        for i, lv in enumerate(levels):
            screen.values["lv%d" % (i + 1)] = lv
        screen._start(screen.values, False)
        out.append(app)
    return go


def boot(tmp_path, levels=("normal", "hard")):
    apps = []
    headless.run("WAIT:50", setup=started(apps, levels), data_dir=str(tmp_path), settle_ms=0)
    return apps[0]


def play_out(table, moves=None):
    """Play the table's game through its turn driver (the human: the first legal card)."""
    s = table.session
    n = 0
    while not s.is_over() and (moves is None or n < moves):
        if s.is_human_turn():
            table.act(s.state.legal_actions()[0])
        else:
            table.act(s.ai_choose(table.turns.ai_module()))
        n += 1
    return s


def stored(tmp_path, game="toy"):
    obj, status = storage.load(str(tmp_path / ("stats_%s.json" % game)), {})
    assert status == "ok"
    return obj


def expected_row(results_scores):
    """The row kit.stats should hold after these (result, score) games, worked by hand."""
    played = won = lost = drawn = cur = best_streak = 0
    best = None
    for r, score in results_scores:
        played += 1
        if r == 1:
            won += 1
            cur += 1
            best_streak = max(best_streak, cur)
        else:
            cur = 0
            if r == 0:
                lost += 1
            else:
                drawn += 1
        best = score if best is None else max(best, score)
    return [played, won, lost, drawn, cur, best_streak, best]


# -- the rule ------------------------------------------------------------------------------
def test_category_is_the_strongest_ai_level_and_the_split_options(tmp_path):
    boot(tmp_path)
    stats = kit("stats")
    assert stats.category(["human", "easy", "hard", "normal"], {}) == "hard"
    assert stats.category(["easy", "human"], {}) == "easy"
    assert stats.category(["human"], {"size": 32}) == "solo"
    assert stats.category(["human", "normal"], {"size": 24}, ("size",)) == "normal:24"
    assert stats.category(["human"], {"size": 16}, ("size",)) == "solo:16"


def test_streaks_draws_and_best_score_worked_by_hand(tmp_path):
    boot(tmp_path)
    stats = kit("stats")
    rec = {}
    games = [(1, 5), (1, 9), (0.5, 3), (1, 4), (1, 12), (1, 7), (0, 2), (1, 1)]
    for r, score in games:
        stats.add(rec, "hard", r, score)
    # won 6 (streaks 2, then 3, then 1), lost 1, drawn 1; best score 12
    assert rec == {"hard": [8, 6, 1, 1, 1, 3, 12]}
    assert rec["hard"] == expected_row(games)


# -- counted once per finished game -----------------------------------------------------------
def test_a_finished_game_is_counted_once_under_its_strongest_level(tmp_path):
    app = boot(tmp_path, ("normal", "hard"))
    table = app.top
    s = play_out(table)
    me = s.state.returns()[0], s.state.scores()[0]
    assert stored(tmp_path) == {"hard": expected_row([me])}
    # The finished game seen again: its driver's tick, a second driver on the same session
    # (the screen reopened), the hook called again: still one game.
    table.turns.tick(app.platform.ticks_ms())
    table.turns.finished()
    again = type(table)(s, False)
    app.push(again)
    again.turns.tick(app.platform.ticks_ms())
    assert stored(tmp_path) == {"hard": expected_row([me])}


def test_play_again_counts_the_next_game_separately_and_levels_are_split(tmp_path):
    app = boot(tmp_path, ("easy",))
    first = play_out(app.top)
    after = kit("after")
    after.done(app, first, after.AGAIN)          # Play again: a new session, same seats
    second = play_out(app.top)
    assert second is not first
    games = [(g.state.returns()[0], g.state.scores()[0]) for g in (first, second)]
    assert stored(tmp_path) == {"easy": expected_row(games)}
    # Another level is another row.
    app2 = boot(tmp_path, ("easy", "normal"))
    third = play_out(app2.top)
    rec = stored(tmp_path)
    assert rec["easy"] == expected_row(games)
    assert rec["normal"] == expected_row([(third.state.returns()[0], third.state.scores()[0])])


def test_a_resumed_game_is_counted_when_it_ends(tmp_path):
    app = boot(tmp_path, ("hard",))
    play_out(app.top, moves=3)
    assert not app.top.session.is_over()
    assert not (tmp_path / "stats_toy.json").exists()
    app.pop()                                    # leave: the game stays saved
    setup_screen = app.top
    assert type(setup_screen).__name__ == "SetupScreen"
    setup_screen._resume_saved()
    table = app.top
    assert type(table).__name__ == "Table" and len(table.session.actions) == 3
    s = play_out(table)
    assert stored(tmp_path) == {"hard": expected_row([(s.state.returns()[0],
                                                        s.state.scores()[0])])}


def test_an_all_ai_demo_is_never_counted(tmp_path):
    app = boot(tmp_path)
    registry.load("toy", "view")
    demo = opening.demo_scene(app, registry.find("toy"), 7)
    app.push(demo)
    play_out(demo)
    demo.turns.tick(app.platform.ticks_ms())
    assert demo.session.is_over()
    # Watch AI play from the setup screen: an all-AI session with no data folder.
    setup_screen = app.stack[1]
    app.pop()
    app.pop()
    assert app.top is setup_screen
    setup_screen._start(setup_screen.values, True)
    play_out(app.top)
    assert not (tmp_path / "stats_toy.json").exists()


def test_a_corrupt_file_is_set_aside_the_player_told_and_counting_starts_again(tmp_path):
    app = boot(tmp_path, ("normal",))
    (tmp_path / "stats_toy.json").write_bytes(b"CC1 1 00000000\n{\"normal\": [99]}\n")
    table = app.top
    s = play_out(table)
    assert (tmp_path / "stats_toy.json.bad").read_bytes().startswith(b"CC1 1 00000000")
    assert stored(tmp_path) == {"normal": expected_row([(s.state.returns()[0],
                                                          s.state.scores()[0])])}
    told = [line for line in table.history.lines if "Statistics could not be read" in line]
    assert told == ["Statistics could not be read: kept as stats_toy.json.bad"]


def test_the_file_is_a_checked_record(tmp_path):
    app = boot(tmp_path, ("normal",))
    play_out(app.top)
    raw = (tmp_path / "stats_toy.json").read_bytes()
    header, body = raw.split(b"\n", 1)
    assert header == b"CC1 1 %08x" % storage.crc32(body)
    assert list(json.loads(body)) == ["normal"]
    assert not (tmp_path / "stats_toy.json.tmp").exists()


# -- the screens --------------------------------------------------------------------------------
def open_stats_from_setup(app):
    while type(app.top).__name__ != "SetupScreen":
        app.pop()
    screen = app.top
    rows = screen.menu.rows
    assert rows[-1][0] == "Statistics"
    screen.chosen(len(rows) - 1)
    return app.top


def test_statistics_screen_from_setup_and_reset_asks_first(tmp_path):
    app = boot(tmp_path, ("hard",))
    s = play_out(app.top)
    row = expected_row([(s.state.returns()[0], s.state.scores()[0])])
    screen = open_stats_from_setup(app)
    assert type(screen).__name__ == "StatsScreen"
    assert screen.title == "Eleven statistics"
    assert screen.headers == ["", "Pl", "Won", "Lost", "Drw", "Strk", "Best"]
    assert screen.rows == [["Hard", str(row[0]), str(row[1]), str(row[2]), str(row[3]),
                            "%d/%d" % (row[4], row[5]), str(row[6])]]
    # A asks; Cancel (the default) keeps everything.
    screen.button(btn.A, btn.PRESS)
    dialog = app.top
    assert type(dialog).__name__ == "Dialog"
    assert dialog.message.startswith("Reset the statistics of ")
    assert dialog.choices == ["Cancel", "Reset"] and dialog.cursor == 0
    dialog.button(btn.A, btn.PRESS)
    assert app.top is screen and stored(tmp_path) == {"hard": row}
    # B on the question keeps everything too.
    screen.button(btn.A, btn.PRESS)
    app.top.button(btn.B, btn.PRESS)
    assert app.top is screen and stored(tmp_path) == {"hard": row}
    # Reset, confirmed.
    screen.button(btn.A, btn.PRESS)
    app.top.button(btn.DOWN, btn.PRESS)
    app.top.button(btn.A, btn.PRESS)
    assert stored(tmp_path) == {}
    fresh = app.top
    assert type(fresh).__name__ == "StatsScreen" and fresh is not screen
    assert fresh.rows[0][0] == "No games yet"


def test_statistics_screen_tells_of_a_damaged_file(tmp_path):
    app = boot(tmp_path, ("hard",))
    (tmp_path / "stats_toy.json").write_bytes(b"garbage")
    open_stats_from_setup(app)
    dialog = app.top
    assert type(dialog).__name__ == "Dialog"
    assert dialog.message == "Statistics could not be read: kept as stats_toy.json.bad"
    dialog.button(btn.A, btn.PRESS)
    assert type(app.top).__name__ == "StatsScreen"
    assert (tmp_path / "stats_toy.json.bad").exists()


def test_statistics_from_the_main_menu_in_french(tmp_path):
    app = boot(tmp_path, ("easy",))
    play_out(app.top)
    while len(app.stack) > 1:
        app.pop()
    menu = app.top
    assert type(menu).__name__ == "MainMenu"
    strings.load("fr")
    names = [r[0] for r in menu.rows()]
    at = names.index("Statistiques")
    assert names[at + 1] == strings.t("settings") != "settings"
    menu.chosen(at)
    chooser = app.top
    assert type(chooser).__name__ == "StatsMenu" and chooser.title == "Statistiques"
    toy = [e[0] for e in registry.GAMES].index("toy")
    chooser.chosen(toy)
    screen = app.top
    assert type(screen).__name__ == "StatsScreen"
    assert screen.headers[1:] == ["J", "Gag", "Perd", "Nul", "Série", "Max"]
    assert screen.rows[0][0] == "Facile" and screen.rows[0][1] == "1"
    # Back to the menu: the kit and its strings leave with it.
    app.pop()
    app.pop()
    assert app.top is menu
    menu.resume()
    assert strings.t("statistics") == "statistics"


def test_main_menu_rows_keep_settings_and_about_reachable(tmp_path):
    app = boot(tmp_path)
    while len(app.stack) > 1:
        app.pop()
    menu = app.top
    names = [r[0] for r in menu.rows()]
    n = len(registry.GAMES)
    assert names[n:] == ["Game statistics", "Settings", "About"]
    menu.chosen(n + 1)
    assert type(app.top).__name__ == "SettingsScreen"
    app.pop()
    menu.chosen(n + 2)
    assert type(app.top).__name__ == "AboutScreen"


# -- kit-kept high scores (Match 2-52) --------------------------------------------------------
def test_match252_keeps_a_best_result_table_through_the_kit(tmp_path):
    """The table ranks the games not lost: a lost game's captures are no high score."""
    from core.rng import Rng

    app = boot(tmp_path)
    view = registry.load("match252", "view")
    spec = view.Spec()
    assert spec.high_scores and spec.auto_scores
    setup = kit("setup")
    setup.current[0] = spec
    stats = kit("stats")
    rng = Rng(5)
    results = []
    outcomes = []
    for seed in (1, 2, 3, 4, 5, 6):
        s = Session("match252", spec.rules_module(), {"players": 2, "first": "you"},
                    ["human", "hard"], seed, str(tmp_path))
        while not s.is_over():
            legal = s.state.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
        assert stats.finished(None, s) == "hard"
        assert stats.finished(None, s) is None       # once
        outcomes.append(s.state.returns()[0])
        if outcomes[-1] > 0:
            results.append(s.state.scores()[0])
    assert 0 in outcomes and results                 # lost games and others among them
    table = storage.load_scores(str(tmp_path), "match252")
    assert sorted([e["score"] for e in table], reverse=True) == sorted(results, reverse=True)
    assert {e["level"] for e in table} == {"hard"}
    screen = spec.scores_screen(app)
    assert spec.scores_message is None
    assert screen.rows[0] == ["1.", "Hard", str(max(results))]
    # A lost game kept by an older version is not shown, and the ranks follow on.
    storage.add_score(str(tmp_path), "match252", {"score": 99, "level": "easy", "won": 0})
    screen = spec.scores_screen(app)
    assert [row[0] for row in screen.rows] == ["%d." % (i + 1) for i in range(len(results))]
    assert "99" not in [str(row[2]) for row in screen.rows]


# -- the same counting under MicroPython -------------------------------------------------------
def test_kit_stats_runs_under_micropython(tmp_path):
    from tests.mpy import run_mpy

    code = """
from core.session import Session
from games.match252 import rules
from kit import stats, stats_screen
from core import storage, strings
D = %r
s = Session("match252", rules, {"players": 2, "first": "you"}, ["human", "hard"], 3, D)
while not s.is_over():
    s.apply(s.state.legal_actions()[0])
print(stats.record(s, (), True), stats.record(s))
row = stats.load(D, "match252")["hard"]
print(row == [1, int(s.state.returns()[0] == 1), int(s.state.returns()[0] == 0),
              int(0 < s.state.returns()[0] < 1), row[4], row[5], s.state.scores()[0]])
strings.add({"en": {"level_hard": "Hard"}})
print(stats_screen.table_rows(stats.load(D, "match252"))[0][0])
print(storage.load_scores(D, "match252")[0]["level"])
""" % str(tmp_path)
    out = run_mpy(code).stdout.split("\n")
    assert out[:4] == ["hard None", "True", "Hard", "hard"]


def test_memory_is_counted_per_board_size_solo_and_versus(tmp_path):
    from core.rng import Rng

    app = boot(tmp_path)
    view = registry.load("memory", "view")
    spec = view.Spec()
    assert spec.stats_split == ("size",)
    kit("setup").current[0] = spec
    stats = kit("stats")
    rng = Rng(3)
    want = {}
    for size, seats in ((16, ["human"]), (32, ["human"]), (16, ["human", "easy"]),
                        (16, ["human"])):
        s = Session("memory", spec.rules_module(), {"players": len(seats), "size": size,
                                                    "preview": False}, seats, 7 + size,
                    str(tmp_path))
        while not s.is_over():
            legal = s.state.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
        cat = stats.finished(app, s)
        assert cat == ("solo:%d" % size if len(seats) == 1 else "easy:%d" % size)
        want.setdefault(cat, []).append((s.state.returns()[0], s.state.scores()[0]))
    assert stored(tmp_path, "memory") == {c: expected_row(g) for c, g in want.items()}
    assert len(want["solo:16"]) == 2
