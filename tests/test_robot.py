"""The robot player (tools/robot): whole games through the buttons, and that it catches
what a player would.

- the short pass: every game on every board, languages alternated, to the after-game choice
  with no failure (one test per game, so a parallel run spreads them);
- a run's key script replays the same game in the headless simulator, and under the
  MicroPython unix port with a Pico's heap;
- faults planted in the firmware turn the robot red: an error at the game's end, a History
  that keeps nothing, text cut on the table, a hint naming a button the board lacks, a hint
  naming a button that does nothing there.
"""

import tempfile

import pytest

from tests import ci
from tools.robot import matrix
from tools.robot.player import GAMES, Plan, play

pytestmark = pytest.mark.skipif(ci.gen_missing() is not None and not ci.in_ci(),
                                reason="firmware/gen not built (make assets)")


@pytest.fixture(autouse=True)
def _first_game_tips_off():
    """A person sees the first-game tips: the robot plays with them (tests/conftest.py
    turns them off for every other test)."""
    yield


def _run(plan):
    with tempfile.TemporaryDirectory(prefix="robot-") as folder:
        return play(plan, folder)


def _report(result):
    lines = ["%s: %d presses, %d actions" % (result.plan, result.presses, result.actions)]
    lines += ["  - %s" % f for f in result.failures[:30]]
    if not result.finished:
        lines.append("  - the game did not reach its after-game choice")
    lines.append("  replay: " + result.replay[:3000])
    return "\n".join(lines)


@pytest.mark.parametrize("game", GAMES)
def test_short_pass_plays_every_game_on_every_board_to_the_after_game_choice(game):
    results = [_run(p) for p in matrix.short_plans(1) if p.game == game]
    assert len(results) == len(matrix.BOARDS)
    bad = [_report(r) for r in results if not r.ok]
    assert not bad, "\n\n".join(bad)


def _short_game(**kw):
    """A short whole game: Match 2-52 on the square board (about 150 presses)."""
    args = {"game": "match252", "board": "pico_lcd_1_3", "lang": "en", "seed": 7,
            "levels": ["easy"], "after": "menu"}
    args.update(kw)
    return Plan(**args)


def test_the_key_script_replays_the_same_game_in_the_headless_simulator():
    from sim import headless

    plan = _short_game(after="setup")
    with tempfile.TemporaryDirectory() as folder:
        player = __import__("tools.robot.player", fromlist=["Player"]).Player(plan, folder)
        result = player.run()
        robot_screen = player.driver.platform.display.to_image()
    assert result.ok, _report(result)
    again = headless.run(result.keys, board=plan.board, seed=plan.seed, lang=plan.lang,
                         settle_ms=0)
    assert again.final.tobytes() == robot_screen.tobytes()
    assert type(again.app.top).__name__ == result.top == "SetupScreen"


def test_a_power_cut_mid_game_replays_as_one_command_per_power_on():
    """The plan's power cut (tools.robot.feel) is played: the table is back at power-on and
    the game goes on to its end; the replay is two commands on one data folder, and the two
    played one after the other leave the screen the robot saw."""
    import os
    import shlex
    import subprocess
    import sys

    plan = _short_game(feel="power", feel_at=3, after="again")   # ends on a fresh table
    with tempfile.TemporaryDirectory() as folder:
        player = __import__("tools.robot.player", fromlist=["Player"]).Player(plan, folder)
        result = player.run()
        robot_screen = player.driver.platform.display.to_image()
    assert result.ok, _report(result)
    assert player.felt and len(player.driver.cuts) == 1
    assert result.replay.count("python -m sim --headless") == 2
    from tools.robot import feel

    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as out:
        for i, line in enumerate(feel.replay_lines(player.driver, data)):
            argv = shlex.split(line)
            keys = argv.index("--keys") + 1
            argv[keys] += ",SHOT:end%d" % i          # the screen when the script ends
            subprocess.run([sys.executable] + argv[1:] + ["--shots", out], check=True,
                           capture_output=True, timeout=600)
            shot = os.path.join(out, "end%d.png" % i)
        from PIL import Image

        last = Image.open(shot).convert("RGB")
    assert last.tobytes() == robot_screen.convert("RGB").resize(last.size).tobytes()


def test_a_run_replays_under_micropython_with_a_pico_heap():
    from tests.mpy import require_micropython
    from tools.robot import mpy

    exe = require_micropython()
    plan = Plan("manufactory", "display_pack_2", "fr", 11, players=3,
                levels=["easy", "hard"], after="again", quit_at=4)
    result = _run(plan)
    assert result.finished, _report(result)
    rep = mpy.replay(result, exe=exe)
    assert mpy.check(result, rep) == [], rep.output
    assert rep.finished_actions == result.actions > 20


# -- planted faults ----------------------------------------------------------------------------
# core.app and core.canvas stay loaded for the app's whole life (a game's modules come and
# go), so the faults are planted there, where every game goes through them.

def test_an_error_at_the_end_of_a_game_turns_the_robot_red(monkeypatch):
    from core.app import App

    push = App.push

    def push_broken(self, scene):
        if getattr(scene, "choices", None) and len(scene.choices) == 3 and \
                self.top is not None and hasattr(self.top, "turns"):
            raise TypeError("'int' object is not subscriptable")   # the round summary's bug
        push(self, scene)

    monkeypatch.setattr(App, "push", push_broken)
    result = _run(_short_game())
    kinds = {f.kind for f in result.failures}
    assert "error screen" in kinds and not result.finished, _report(result)


def _robot_on_planted_firmware(tmp_path, path, old, new, *robot_args):
    """Run the robot in a subprocess on a copy of firmware/ where `old` in `path` is `new`
    (a fault planted in the source, as a developer would make it); its output and status."""
    import os
    import shutil
    import subprocess
    import sys

    copy = tmp_path / "firmware"
    shutil.copytree(ci.ROOT / "firmware", copy, ignore=shutil.ignore_patterns("__pycache__"))
    source = copy / path
    text = source.read_text()
    assert old in text, "the fault's place moved: %s no longer has %r" % (path, old)
    source.write_text(text.replace(old, new, 1))
    env = dict(os.environ, FIRMWARE_DIR=str(copy))
    proc = subprocess.run([sys.executable, "-m", "tools.robot", *robot_args],
                          capture_output=True, text=True, cwd=ci.ROOT, env=env, timeout=600)
    return proc.stdout + proc.stderr, proc.returncode


def test_a_history_that_keeps_nothing_turns_the_robot_red(tmp_path):
    out, status = _robot_on_planted_firmware(
        tmp_path, "kit/turns.py", "        lines = self.lines\n", "        return\n",
        "--game", "match252", "--games", "1", "--seed", "3")
    assert status == 1 and "turn missing from History" in out, out[-3000:]


def test_shadow_lock_s_round_end_crash_put_back_turns_the_robot_red(tmp_path):
    """The bug a person met at the end of every round (the round number read as the points
    list: "TypeError: 'int' object is not subscriptable"), planted again in a copy."""
    out, status = _robot_on_planted_firmware(
        tmp_path, "games/shadowlock/view.py",
        "screens.RoundSummary(self, round_no, points, notes)",
        "screens.RoundSummary(self, round_no, round_no, notes)",
        "--game", "shadowlock", "--games", "1", "--seed", "3")
    assert status == 1 and "error screen" in out and "not subscriptable" in out, out[-3000:]


def test_text_cut_on_a_table_turns_the_robot_red(monkeypatch):
    from core.font import Font

    fit = Font.fit
    monkeypatch.setattr(Font, "fit", lambda self, s, w: fit(self, s, w * 2 // 3))
    result = _run(_short_game())
    assert any(f.kind == "text cut" and f.screen == "GameScene" for f in result.failures), \
        _report(result)


def test_a_hint_naming_a_button_the_board_lacks_turns_the_robot_red(monkeypatch):
    from ui import widgets

    hints = widgets.hints
    monkeypatch.setattr(widgets, "hints", lambda app, text: hints(app, text).replace(
        "A Reveal", "Y Reveal"))
    result = _run(_short_game(board="pico_lcd_1_14"))
    assert any("which the board lacks" in f.kind for f in result.failures), _report(result)


def test_a_hint_naming_a_button_that_does_not_do_it_turns_the_robot_red(monkeypatch):
    """The hint bar says "X Peek" on Match 2-52's table, where X does nothing: the robot,
    pressing the buttons the hint names as a person would, finds that X never changes
    anything (planted: the hint's text rewritten; the table's buttons unchanged)."""
    from ui import widgets

    hints = widgets.hints

    def with_peek(app, text):
        out = hints(app, text)
        return out + "  X Peek" if "A Reveal" in out and "X Peek" not in out else out

    monkeypatch.setattr(widgets, "hints", with_peek)
    result = _run(_short_game(board="pico_lcd_1_3"))
    assert any(f.kind == "hint does nothing" and "X Peek" in f.text
               for f in result.failures), _report(result)
