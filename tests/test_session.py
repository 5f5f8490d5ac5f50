"""core.session: the save of a game in progress (header + append-only actions) and resume."""

import builtins
import os

import pytest

from core import storage
from core.rng import Rng
from core.session import Session
from tests.mpy import ROOT, run_mpy
from tests.toygame import ai, rules


def play(session, n):
    rng = Rng(3)
    for _ in range(n):
        s = session.state
        session.apply(ai.choose(s, s.current_player, "normal", rng))


def new(tmp_path, seed=7):
    s = Session("toy", rules, {"players": 2}, ["human", "hard"], seed, str(tmp_path))
    s.save()
    return s


def test_header_once_then_two_bytes_per_action(tmp_path):
    s = new(tmp_path)
    header = (tmp_path / "resume_toy.json").read_bytes()
    assert (tmp_path / "resume_toy.act").read_bytes() == b""
    play(s, 5)
    assert (tmp_path / "resume_toy.json").read_bytes() == header   # never rewritten
    data = (tmp_path / "resume_toy.act").read_bytes()
    assert list(data[0::2]) == [a & 0xFF for a in s.actions]
    assert len(data) == 10


def test_resume_replays_to_the_same_state(tmp_path):
    s = new(tmp_path)
    play(s, 7)
    r = Session.resume("toy", rules, str(tmp_path))
    assert r is not None
    assert r.actions == s.actions and r.seats == ["human", "hard"]
    assert r.state.scores() == s.state.scores()
    assert r.state.current_player == s.state.current_player
    play(r, 2)                                    # and it keeps saving from there
    again = Session.resume("toy", rules, str(tmp_path))
    assert again.actions == r.actions


def test_torn_last_append_loses_only_that_move(tmp_path):
    s = new(tmp_path)
    play(s, 6)
    with open(tmp_path / "resume_toy.act", "ab") as f:
        f.write(b"\x01")                          # power lost in the middle of an append
    r = Session.resume("toy", rules, str(tmp_path))
    assert r.actions == s.actions


def test_damaged_tail_keeps_the_moves_before_it(tmp_path):
    s = new(tmp_path)
    play(s, 6)
    with open(tmp_path / "resume_toy.act", "ab") as f:
        f.write(b"\xff\xff\x02\x00")              # an illegal action, then more
    r = Session.resume("toy", rules, str(tmp_path))
    assert r.actions == s.actions
    assert len((tmp_path / "resume_toy.act").read_bytes()) == 2 * len(s.actions)  # rewritten


def test_corrupt_header_is_set_aside_and_no_game_is_offered(tmp_path):
    s = new(tmp_path)
    play(s, 3)
    (tmp_path / "resume_toy.json").write_bytes(b"CC1 1 0\n{")
    assert Session.resume("toy", rules, str(tmp_path)) is None
    assert (tmp_path / "resume_toy.json.bad").exists()


def test_finished_game_clears_its_save(tmp_path):
    s = new(tmp_path)
    while not s.is_over():
        play(s, 1)
    assert not (tmp_path / "resume_toy.json").exists()
    assert not (tmp_path / "resume_toy.act").exists()
    assert Session.resume("toy", rules, str(tmp_path)) is None


def test_a_demo_without_data_dir_writes_nothing(tmp_path, monkeypatch):
    """An all-AI demo (data_dir None) opens no file for writing and renames, removes or makes
    nothing, anywhere: every such call of the process is watched, not one folder."""
    touched = []
    real_open = builtins.open

    def watched_open(file, mode="r", *args, **kwargs):
        if any(c in mode for c in "wax+"):
            touched.append(("open", str(file), mode))
        return real_open(file, mode, *args, **kwargs)

    def refuse(name):
        def call(*args, **kwargs):
            touched.append((name,) + tuple(str(a) for a in args))
        return call

    monkeypatch.chdir(tmp_path)        # a relative path would land here
    monkeypatch.setattr(builtins, "open", watched_open)
    for name in ("rename", "replace", "remove", "unlink", "mkdir", "makedirs"):
        monkeypatch.setattr(os, name, refuse(name))
    s = Session("toy", rules, {"players": 2}, ["hard", "hard"], 1)
    s.save()
    while not s.is_over():
        play(s, 1)
        s.save()
    s.clear_save()
    assert touched == []
    assert os.listdir(tmp_path) == []


def test_action_out_of_range_is_refused():
    with pytest.raises(ValueError):
        storage.write_actions("/nonexistent", "toy", [70000])


def test_save_and_resume_under_micropython(tmp_path):
    code = """
from core.rng import Rng
from core.session import Session
from tests.toygame import ai, rules
s = Session("toy", rules, {"players": 2}, ["human", "hard"], 7, %r)
s.save()
rng = Rng(3)
for _ in range(6):
    st = s.state
    s.apply(ai.choose(st, st.current_player, "normal", rng))
r = Session.resume("toy", rules, %r)
print(r.actions == s.actions, r.state.scores() == s.state.scores(), len(r.actions))
""" % (str(tmp_path), str(tmp_path))
    out = run_mpy(code, heap="64wK", paths=[ROOT]).stdout.split()
    assert out == ["True", "True", "6"]


# -- checks and damaged saves (core.session.Session.open_saved / check_saved) --------------------
def test_seats_must_be_human_or_a_level():
    with pytest.raises(ValueError, match="seat 1 is 'expert'"):
        Session("toy", rules, {"players": 2}, ["human", "expert"], 1)
    Session("toy", rules, {"players": 2}, ["easy", "hard"], 1)


def test_check_saved_reads_only_the_header(tmp_path):
    assert Session.check_saved("toy", str(tmp_path)) == (False, None)
    assert Session.check_saved("toy", None) == (False, None)
    s = new(tmp_path)
    play(s, 3)
    assert Session.check_saved("toy", str(tmp_path)) == (True, None)
    (tmp_path / "resume_toy.json").write_bytes(b"CC1 1 12345678\n{}\n")
    ok, message = Session.check_saved("toy", str(tmp_path))
    assert not ok and message == "Your saved game could not be read. A copy was kept."
    # (playing.txt: the game last started, for power-on; nothing to resume names no table)
    assert sorted(os.listdir(tmp_path)) == ["playing.txt", "resume_toy.act.bad",
                                            "resume_toy.json.bad"]
    assert Session.check_saved("toy", str(tmp_path)) == (False, None)   # said once


def test_open_saved_says_how_far_a_damaged_game_resumed(tmp_path):
    s = new(tmp_path)
    play(s, 5)
    with open(tmp_path / "resume_toy.act", "ab") as f:
        f.write(b"\xff\xff\x01\x00\x02\x00")          # an illegal action, then two more
    got, message = Session.open_saved("toy", rules, str(tmp_path))
    assert got.actions == s.actions and got.damaged == (5, 8)
    assert message == "Your saved game was damaged: it goes on from move 5 of 8. A copy was " \
        "kept."
    assert len((tmp_path / "resume_toy.act.bad").read_bytes()) == 16
    again, message = Session.open_saved("toy", rules, str(tmp_path))
    assert again.actions == s.actions and message is None and again.damaged is None


def test_a_half_written_last_move_is_said_and_kept_too(tmp_path):
    # Power lost while a move was written: one byte of it on file. The whole moves replay,
    # and the player is told, with a copy kept, as for any damage (not resumed silently).
    s = new(tmp_path)
    play(s, 5)
    with open(tmp_path / "resume_toy.act", "ab") as f:
        f.write(b"\x01")
    got, message = Session.open_saved("toy", rules, str(tmp_path))
    assert got.actions == s.actions and got.damaged == (5, 6)
    assert message == "Your saved game was damaged: it goes on from move 5 of 6. A copy was " \
        "kept."
    assert len((tmp_path / "resume_toy.act.bad").read_bytes()) == 11
    assert len((tmp_path / "resume_toy.act").read_bytes()) == 10
    again, message = Session.open_saved("toy", rules, str(tmp_path))
    assert again.actions == s.actions and message is None
