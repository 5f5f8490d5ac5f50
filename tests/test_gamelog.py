"""core.gamelog: JSON-lines game logs and the capped crash log; CPython and MicroPython."""

import json
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from core.gamelog import GameLog, LogTail, append_capped, read_log
from tests.mpy import run_mpy

EXPECTED = [
    {
        "t": "header",
        "game": "crazy8",
        "options": {"players": 3, "rounds": 2},
        "seed": 4242,
        "seats": ["human", "ai:normal", "ai:hard"],
    },
    {"t": "action", "p": 0, "a": 17, "s": "8♥ → clubs"},
    {"t": "action", "p": 1, "a": 3},
    {"t": "event", "kind": "round", "winner": 1, "points": [0, 12, -3], "note": 'a "q"\nb'},
    {"t": "final", "scores": [10, 12, -3]},
]


def write_sample(log):
    log.header("crazy8", {"players": 3, "rounds": 2}, 4242, ["human", "ai:normal", "ai:hard"])
    log.action(0, 17, "8♥ → clubs")
    log.action(1, 3)
    log.event("round", winner=1, points=[0, 12, -3], note='a "q"\nb')
    log.final([10, 12, -3])


def test_lines_parse_back_exactly(tmp_path):
    path = str(tmp_path / "game.jsonl")
    log = GameLog(path)
    write_sample(log)
    assert read_log(path) == EXPECTED
    lines = open(path, "rb").read().decode().split("\n")
    assert lines[-1] == ""  # ends with a newline
    assert [json.loads(x) for x in lines[:-1]] == EXPECTED  # one record a line


def test_each_line_is_flushed_as_written(tmp_path):
    path = str(tmp_path / "game.jsonl")
    log = GameLog(path)
    log.header("g", {}, 1, ["a", "b"])
    log.action(0, 5)
    # Read while the log is still open: both lines are already on disk.
    assert read_log(path) == [
        {"t": "header", "game": "g", "options": {}, "seed": 1, "seats": ["a", "b"]},
        {"t": "action", "p": 0, "a": 5},
    ]
    log.close()


def test_new_log_replaces_old_one(tmp_path):
    path = str(tmp_path / "game.jsonl")
    write_sample(GameLog(path))
    with GameLog(path) as log:
        log.action(1, 2)
    assert read_log(path) == [{"t": "action", "p": 1, "a": 2}]


def test_disabled_log_writes_nothing(tmp_path):
    log = GameLog(None)
    write_sample(log)
    log.close()
    assert os.listdir(tmp_path) == []


def test_unwritable_log_disables_itself(tmp_path):
    log = GameLog(str(tmp_path / "no" / "such" / "dir" / "g.jsonl"))
    write_sample(log)  # no exception
    assert log.enabled is False


def test_size_cap_truncates_but_keeps_final(tmp_path):
    path = str(tmp_path / "game.jsonl")
    log = GameLog(path, max_bytes=200)
    log.header("g", {}, 7, ["a", "b"])
    for i in range(50):
        log.action(i % 2, i)
    log.final([1, 0])
    records = read_log(path)
    assert records[0]["t"] == "header"
    assert records[-2:] == [{"t": "truncated"}, {"t": "final", "scores": [1, 0]}]
    actions = [r for r in records if r["t"] == "action"]
    assert actions == [{"t": "action", "p": i % 2, "a": i} for i in range(len(actions))]
    assert 0 < len(actions) < 50
    body = open(path, "rb").read()
    cut = body.index(b'{"t": "truncated"}')
    assert cut <= 200


def test_read_log_skips_cut_last_line_unless_strict(tmp_path):
    path = str(tmp_path / "game.jsonl")
    write_sample(GameLog(path))
    with open(path, "ab") as f:
        f.write(b'{"t": "action", "p": 0, "a"')
    assert read_log(path) == EXPECTED
    try:
        read_log(path, strict=True)
    except ValueError:
        pass
    else:
        raise AssertionError("strict read_log accepted a cut line")


# -- capped text log ---------------------------------------------------------------------------


def test_append_capped_small_appends(tmp_path):
    path = str(tmp_path / "log.txt")
    assert append_capped(path, "one\n", cap=100)
    assert append_capped(path, "two\n", cap=100)
    assert open(path).read() == "one\ntwo\n"


def test_append_capped_drops_oldest_whole_lines(tmp_path):
    path = str(tmp_path / "log.txt")
    for i in range(100):
        append_capped(path, "line %03d\n" % i, cap=50)  # 9 bytes a line
        data = open(path, "rb").read()
        assert len(data) <= 50
    # 50 // 9 = 5 whole lines fit: the last five, no partial line at the start.
    assert data == b"".join(b"line %03d\n" % i for i in range(95, 100))
    assert not os.path.exists(path + ".tmp")


def test_append_capped_cut_exactly_on_line_boundary(tmp_path):
    path = str(tmp_path / "log.txt")
    append_capped(path, "aaaa\nbbbb\n", cap=10)
    append_capped(path, "cccc\n", cap=10)
    assert open(path).read() == "bbbb\ncccc\n"  # "bbbb" was whole: kept


def test_append_capped_text_longer_than_cap(tmp_path):
    path = str(tmp_path / "log.txt")
    append_capped(path, "old\n", cap=10)
    append_capped(path, "x1\nx2\nx3\nx4\nx5\n", cap=10)
    assert open(path).read() == "x3\nx4\nx5\n"
    append_capped(path, "é" * 20, cap=9)  # no newline: keep the tail, whole characters only
    assert open(path, "rb").read().decode() == "é" * 4


def test_logtail_helper(tmp_path):
    tail = LogTail(str(tmp_path / "log.txt"), cap=12)
    assert tail.read() == ""
    tail.append("boot 1\n")
    tail.append("boot 2\n")
    assert tail.read() == "boot 2\n"


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.text(alphabet="ab\né", max_size=30), max_size=12),
    st.integers(min_value=1, max_value=40),
)
def test_append_capped_keeps_a_suffix_within_cap(tmp_path_factory, chunks, cap):
    path = str(tmp_path_factory.mktemp("tail") / "log.txt")
    whole = ""
    for c in chunks:
        assert append_capped(path, c, cap=cap)
        whole += c
        data = open(path, "rb").read()
        assert len(data) <= cap
        text = data.decode()  # always valid UTF-8
        assert whole.endswith(text)  # always a tail of everything written


# -- under the real MicroPython unix port -------------------------------------------------------

MPY_CODE = """
import os
from core.gamelog import GameLog, read_log, append_capped, LogTail
D = %(d)r
p = D + "/game.jsonl"
log = GameLog(p)
log.header("crazy8", {"players": 3, "rounds": 2}, 4242, ["human", "ai:normal", "ai:hard"])
log.action(0, 17, "8\\u2665 \\u2192 clubs")
log.action(1, 3)
log.event("round", winner=1, points=[0, 12, -3], note='a "q"\\nb')
log.final([10, 12, -3])
out = {"records": read_log(p)}
t = D + "/log.txt"
for i in range(100):
    append_capped(t, "line %%03d\\n" %% i, 50)
out["tail"] = open(t, "rb").read()
out["size"] = os.stat(t)[6]
lt = LogTail(D + "/crash.txt", 12)
lt.append("boot 1\\n")
lt.append("boot 2\\n")
out["logtail"] = lt.read()
out["listing"] = sorted(os.listdir(D))
print(repr(out))
"""


def test_gamelog_under_micropython(tmp_path):
    proc = run_mpy(MPY_CODE % {"d": str(tmp_path)})
    out = eval(proc.stdout)  # noqa: S307 -- our own repr() of plain data
    assert out["records"] == EXPECTED
    assert out["tail"] == b"".join(b"line %03d\n" % i for i in range(95, 100))
    assert out["size"] == 45
    assert out["logtail"] == "boot 2\n"
    assert out["listing"] == ["crash.txt", "game.jsonl", "log.txt"]
    # The MicroPython-written log reads back in CPython too.
    assert read_log(str(tmp_path / "game.jsonl")) == EXPECTED


def test_round_results_become_round_events(tmp_path):
    from core.gamelog import GameLog, log_new_rounds, read_log

    class State:
        round_results = []

    path = str(tmp_path / "g.jsonl")
    log = GameLog(path)
    log.header("x", {}, 1, ["hard", "easy"])
    st = State()
    assert log_new_rounds(log, st, 0) == 0
    st.round_results = [{"round": 1, "scores": [10, -5]}]
    n = log_new_rounds(log, st, 0)
    st.round_results.append({"round": 2, "scores": [3, 4]})
    n = log_new_rounds(log, st, n)
    assert n == 2
    log.final([13, -1])
    rounds = [e for e in read_log(path) if e.get("kind") == "round" or e.get("t") == "round"]
    assert [r["round"] for r in rounds] == [1, 2]
    assert rounds[1]["scores"] == [3, 4]
