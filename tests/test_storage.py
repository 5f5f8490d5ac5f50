"""core.storage: atomic checked records, settings, scores, resume slots; CPython and MicroPython."""

import binascii
import json
import os
import tempfile
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import storage
from tests.mpy import run_mpy

RECORD = {"name": "Ann", "scores": [3, 1, 4], "ok": True, "ratio": 0.5, "none": None, "é": "ü"}
DEFAULT = {"fresh": 1}


def files(folder):
    return sorted(os.listdir(folder))


# -- CRC ---------------------------------------------------------------------------------------


@given(st.binary(max_size=300), st.integers(min_value=0, max_value=2**32 - 1))
def test_pure_crc32_matches_zlib(data, start):
    assert storage.crc32_py(data) == zlib.crc32(data)
    assert storage.crc32_py(data, start) == zlib.crc32(data, start)


def test_crc32_known_value():
    assert storage.crc32_py(b"123456789") == 0xCBF43926  # the standard CRC-32 check value
    assert storage.crc32(b"123456789") == 0xCBF43926
    assert storage.crc32(b"") == 0


@pytest.fixture(params=["native", "pure"])
def crc_impl(request, monkeypatch):
    """Run a test with binascii.crc32 and again with the pure-Python fallback."""
    if request.param == "pure":
        monkeypatch.setattr(storage, "_crc32_native", None)
    else:
        monkeypatch.setattr(storage, "_crc32_native", binascii.crc32)
    return request.param


# -- save / load -------------------------------------------------------------------------------


def test_round_trip_and_exact_format(tmp_path, crc_impl):
    path = str(tmp_path / "rec.json")
    assert storage.save(path, RECORD) is True
    raw = open(path, "rb").read()
    body = (json.dumps(RECORD) + "\n").encode()
    assert raw == b"CC1 1 %08x\n" % zlib.crc32(body) + body
    assert storage.load(path, DEFAULT) == (RECORD, "ok")
    assert files(tmp_path) == ["rec.json"]  # no .tmp left behind


def test_overwrite_and_version(tmp_path, crc_impl):
    path = str(tmp_path / "rec.json")
    storage.save(path, [1])
    storage.save(path, [1, 2], version=3)
    assert storage.load(path, [], version=3) == ([1, 2], "ok")
    # Another version is "corrupt": set aside, default returned.
    assert storage.load(path, [], version=1) == ([], "corrupt")
    assert files(tmp_path) == ["rec.json.bad"]


def test_missing_returns_fresh_copy(tmp_path):
    default = {"a": [1, 2], "b": {"c": 3}}
    obj, status = storage.load(str(tmp_path / "none.json"), default)
    assert (obj, status) == (default, "missing")
    obj["a"].append(9)
    obj["b"]["c"] = 0
    assert default == {"a": [1, 2], "b": {"c": 3}}
    assert files(tmp_path) == []


def test_wrong_top_level_type_is_corrupt(tmp_path):
    path = str(tmp_path / "rec.json")
    storage.save(path, [1, 2])
    assert storage.load(path, {"d": 1}) == ({"d": 1}, "corrupt")
    assert os.path.exists(path + ".bad")
    storage.save(path, "text")
    assert storage.load(path, None) == ("text", "ok")  # default None accepts any type


def test_save_creates_parent_folder(tmp_path):
    path = str(tmp_path / "sub" / "rec.json")
    assert storage.save(path, {"x": 1})
    assert storage.save(path, {"x": 2})  # folder exists now: no error
    assert storage.load(path, {}) == ({"x": 2}, "ok")


def test_save_reports_failure_without_raising(tmp_path):
    # A path whose parent is a file cannot be created.
    blocker = tmp_path / "blocker"
    blocker.write_text("x")
    assert storage.save(str(blocker / "a" / "rec.json"), {"x": 1}) is False
    assert files(tmp_path) == ["blocker"]


def test_join():
    assert storage.join("/", "settings.json") == "/settings.json"
    assert storage.join("data", "a.json") == "data/a.json"
    assert storage.join("data/", "a.json") == "data/a.json"
    assert storage.join("", "a.json") == "a.json"


def test_crash_before_rename_leaves_old_file_valid(tmp_path):
    path = str(tmp_path / "rec.json")
    storage.save(path, {"v": 1})
    # The crash: a half-written .tmp never renamed.
    good = storage.encode({"v": 2})
    with open(path + ".tmp", "wb") as f:
        f.write(good[: len(good) // 2])
    assert storage.load(path, {}) == ({"v": 1}, "ok")
    # The next save overwrites the stale .tmp and completes.
    assert storage.save(path, {"v": 3})
    assert storage.load(path, {}) == ({"v": 3}, "ok")
    assert files(tmp_path) == ["rec.json"]


def test_corrupt_replaces_older_bad(tmp_path):
    path = str(tmp_path / "rec.json")
    for junk in (b"first junk", b"second junk"):
        with open(path, "wb") as f:
            f.write(junk)
        assert storage.load(path, DEFAULT) == (DEFAULT, "corrupt")
    assert open(path + ".bad", "rb").read() == b"second junk"
    assert files(tmp_path) == ["rec.json.bad"]


def test_oversized_file_is_corrupt(tmp_path):
    path = str(tmp_path / "big.json")
    storage.save(path, ["x" * (storage.MAX_RECORD_BYTES + 10)])
    assert storage.load(path, []) == ([], "corrupt")


def test_unreadable_path_is_corrupt_not_raised(tmp_path):
    os.mkdir(tmp_path / "adir")
    obj, status = storage.load(str(tmp_path / "adir"), DEFAULT)
    assert (obj, status) == (DEFAULT, "corrupt")


# -- fuzzing: damaged files never raise, are set aside, and touch no other record ---------------


def check_corrupt(folder, data):
    """Write `data` as record A beside a valid record B; A must load as corrupt."""
    a = os.path.join(folder, "a.json")
    b = os.path.join(folder, "b.json")
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    storage.save(b, {"other": [1, 2, 3]})
    b_bytes = open(b, "rb").read()
    with open(a, "wb") as f:
        f.write(data)
    obj, status = storage.load(a, DEFAULT)
    assert (obj, status) == (DEFAULT, "corrupt"), data
    assert open(a + ".bad", "rb").read() == data  # nothing lost
    assert not os.path.exists(a)
    assert open(b, "rb").read() == b_bytes
    assert storage.load(b, {}) == ({"other": [1, 2, 3]}, "ok")
    # and a later save of A works normally
    assert storage.save(a, {"again": 1})
    assert storage.load(a, DEFAULT) == ({"again": 1}, "ok")


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.binary(max_size=200))
def test_arbitrary_bytes_are_corrupt(data):
    with tempfile.TemporaryDirectory() as d:
        check_corrupt(d, data)


@settings(max_examples=100)
@given(st.binary(max_size=60))
def test_valid_header_with_junk_body_is_corrupt(junk):
    # A header whose checksum matches but whose body is not JSON of the right type.
    data = b"CC1 1 %08x\n" % zlib.crc32(junk) + junk
    try:
        parsed = json.loads(junk.decode())
        if isinstance(parsed, dict):
            return  # a genuinely valid record
    except ValueError:
        pass
    with tempfile.TemporaryDirectory() as d:
        check_corrupt(d, data)


def test_every_truncation_is_corrupt(tmp_path, crc_impl):
    valid = storage.encode(RECORD)
    for n in range(len(valid)):
        check_corrupt(str(tmp_path), valid[:n])


def test_every_single_bit_flip_is_corrupt(tmp_path):
    valid = storage.encode({"lang": "fr", "n": 12, "xs": [True, None]})
    for i in range(len(valid)):
        for bit in range(8):
            data = bytearray(valid)
            data[i] ^= 1 << bit
            check_corrupt(str(tmp_path), bytes(data))


@settings(max_examples=100, deadline=None)
@given(
    st.recursive(
        st.none()
        | st.booleans()
        | st.integers(-(2**40), 2**40)
        | st.text(max_size=10)
        | st.floats(allow_nan=False, allow_infinity=False),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
def test_round_trip_any_json_value(value):
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "v.json")
        assert storage.save(path, value)
        assert storage.load(path, None) == (value, "ok")


# -- settings ----------------------------------------------------------------------------------


def test_settings_defaults_when_missing(tmp_path):
    s, status = storage.load_settings(str(tmp_path))
    assert status == "missing"
    assert s == storage.DEFAULT_SETTINGS
    assert s == {
        "lang": "en",
        "theme": "dark",
        "brightness": 80,
        "ai_speed": "normal",
        "players": 2,
        "board": "auto",
        "preview_s": 3,
        "sound": True,
        "sound_volume": 40,
        "dim_after_s": 60,
        "off_after_s": 300,
        "your_turn_led": True,
        "tips_enabled": True,
    }
    s["lang"] = "fr"
    assert storage.DEFAULT_SETTINGS["lang"] == "en"  # a copy


def test_settings_round_trip(tmp_path):
    d = str(tmp_path) + "/"
    new = {
        "lang": "fr",
        "theme": "contrast",
        "brightness": 10,
        "ai_speed": "fast",
        "players": 4,
        "board": "pico_lcd_1_3",
        "preview_s": 5,
        "sound": True,
        "sound_volume": 20,
        "dim_after_s": 0,
        "off_after_s": 1800,
        "your_turn_led": False,
        "tips_enabled": False,
    }
    assert storage.save_settings(d, new)
    assert files(tmp_path) == ["settings.json"]
    assert storage.load_settings(d) == (new, "ok")


def test_settings_invalid_fields_fall_back_one_by_one(tmp_path):
    d = str(tmp_path)
    stored = {
        "lang": "de",
        "theme": "light",
        "brightness": 101,
        "ai_speed": "slow",
        "players": True,
        "board": "",
        "preview_s": 2,
        "sound": 1,
        "extra": "x",
    }
    storage.save(d + "/settings.json", stored)
    s, status = storage.load_settings(d)
    assert status == "ok"
    assert s == {
        "lang": "en",
        "theme": "light",
        "brightness": 80,
        "ai_speed": "slow",
        "players": 2,
        "board": "auto",
        "preview_s": 2,
        "sound": True,
        "sound_volume": 40,
        "dim_after_s": 60,
        "off_after_s": 300,
        "your_turn_led": True,
        "tips_enabled": True,
    }


@pytest.mark.parametrize(
    "key,good,bad",
    [
        ("lang", ["en", "fr"], ["EN", "", None, 1]),
        ("theme", ["dark", "light", "contrast"], ["blue", None]),
        ("brightness", [10, 55, 100], [9, 101, 80.0, "80", True, None]),
        ("ai_speed", ["slow", "normal", "fast"], ["warp", 2]),
        ("players", [1, 2, 8], [0, 9, 2.0, False]),
        ("board", ["auto", "display_pack_2"], ["", "x" * 33, 3, None]),
        ("preview_s", [1, 3, 10], [0, 11, "3"]),
        ("sound", [True, False], [0, 1, "on", None]),
    ],
)
def test_valid_setting(key, good, bad):
    for v in good:
        assert storage.valid_setting(key, v), (key, v)
    for v in bad:
        assert not storage.valid_setting(key, v), (key, v)
    assert not storage.valid_setting("nonsense", 1)


def test_settings_corrupt_file_gives_defaults(tmp_path):
    (tmp_path / "settings.json").write_bytes(b"CC1 1 00000000\n{}\n")
    assert storage.load_settings(str(tmp_path)) == (storage.DEFAULT_SETTINGS, "corrupt")
    assert files(tmp_path) == ["settings.json.bad"]


def test_save_settings_writes_only_valid_known_fields(tmp_path):
    d = str(tmp_path)
    storage.save_settings(d, {"lang": "fr", "brightness": 5, "junk": 1})
    stored, _ = storage.load(d + "/settings.json", {})
    assert stored == dict(storage.DEFAULT_SETTINGS, lang="fr")


# -- scores ------------------------------------------------------------------------------------


def test_scores_sorted_and_capped(tmp_path):
    d = str(tmp_path)
    assert storage.load_scores(d, "hearts") == []
    ranks = [
        storage.add_score(d, "hearts", {"name": "p%d" % s, "score": s}, keep=3)
        for s in (5, 9, 1, 7, 9, 2)
    ]
    # 5 -> 0; 9 -> 0; 1 -> 2; 7 -> 1 (1 drops out); second 9 ranks after the first; 2 too low
    assert ranks == [0, 0, 2, 1, 1, -1]
    table = storage.load_scores(d, "hearts")
    assert table == [
        {"name": "p9", "score": 9},
        {"name": "p9", "score": 9},
        {"name": "p7", "score": 7},
    ]
    assert files(tmp_path) == ["scores_hearts.json"]
    assert storage.load_scores(d, "memory") == []


def test_scores_lower_is_better_with_key(tmp_path):
    d = str(tmp_path)
    for t in (30, 12, 45, 12, 8):
        storage.add_score(d, "memory", {"time": t}, keep=4, key=lambda e: e["time"], reverse=False)
    assert [e["time"] for e in storage.load_scores(d, "memory")] == [8, 12, 12, 30]


def test_scores_default_keep_ten(tmp_path):
    d = str(tmp_path)
    for s in range(15):
        storage.add_score(d, "g", {"score": s})
    assert [e["score"] for e in storage.load_scores(d, "g")] == list(range(14, 4, -1))


# -- resume ------------------------------------------------------------------------------------


def test_resume_round_trip_and_clear(tmp_path):
    d = str(tmp_path)
    assert storage.load_resume(d, "crazy8") is None
    state = {"seed": 42, "actions": [3, 1, 4, 1, 5], "seats": ["human", "ai"]}
    assert storage.save_resume(d, "crazy8", state)
    assert storage.load_resume(d, "crazy8") == state
    assert storage.load_resume(d, "hearts") is None
    storage.clear_resume(d, "crazy8")
    assert storage.load_resume(d, "crazy8") is None
    storage.clear_resume(d, "crazy8")  # twice is fine
    assert files(tmp_path) == []


def test_corrupt_resume_is_none_and_set_aside(tmp_path):
    d = str(tmp_path)
    storage.save_resume(d, "g", {"a": 1})
    path = tmp_path / "resume_g.json"
    raw = bytearray(path.read_bytes())
    raw[-3] ^= 0x01
    path.write_bytes(bytes(raw))
    assert storage.load_resume(d, "g") is None
    assert files(tmp_path) == ["resume_g.json.bad"]
    assert (tmp_path / "resume_g.json.bad").read_bytes() == bytes(raw)


# -- under the real MicroPython unix port -------------------------------------------------------

MPY_CODE = """
import os
from core import storage
D = %(d)r
out = {}
p = D + "/rec.json"
out["save"] = storage.save(p, {"a": [1, 2, 3], "s": "x"})
out["load"] = storage.load(p, {})
out["listing1"] = sorted(os.listdir(D))
raw = open(p, "rb").read()
out["raw"] = raw.decode()
# every truncation and a few bit flips: never raise, always corrupt, always set aside
bad = 0
for n in range(len(raw)):
    with open(p, "wb") as f:
        f.write(raw[:n])
    obj, st = storage.load(p, {"d": 0})
    if st != "corrupt" or obj != {"d": 0} or open(p + ".bad", "rb").read() != raw[:n]:
        bad += 1
for i in range(0, len(raw), 3):
    data = bytearray(raw)
    data[i] ^= 4
    with open(p, "wb") as f:
        f.write(data)
    if storage.load(p, {"d": 0}) != ({"d": 0}, "corrupt"):
        bad += 1
out["bad"] = bad
out["crc_pure"] = storage.crc32_py(b"123456789")
out["crc_native"] = storage.crc32(b"123456789")
storage._crc32_native = None
out["pure_round_trip"] = (storage.save(p, [True, None]), storage.load(p, []))
out["listing2"] = sorted(os.listdir(D))
sub = D + "/sub"
out["mkdir"] = storage.save(sub + "/x.json", 5)
out["sub"] = storage.load(sub + "/x.json", None)
out["missing"] = storage.load(D + "/nope.json", [7])
st, status = storage.load_settings(D)
st["lang"] = "fr"
st["brightness"] = 55
storage.save_settings(D, st)
out["settings"] = storage.load_settings(D)
for s in (5, 9, 1):
    storage.add_score(D, "hearts", {"score": s}, keep=2)
out["scores"] = storage.load_scores(D, "hearts")
storage.save_resume(D, "g", {"seed": 1, "actions": [3]})
out["resume"] = storage.load_resume(D, "g")
with open(D + "/resume_g.json", "ab") as f:
    f.write(b"junk")
out["resume_bad"] = storage.load_resume(D, "g")
storage.clear_resume(D, "g")
out["listing3"] = sorted(os.listdir(D))
print(repr(out))
"""


def test_storage_under_micropython(tmp_path):
    proc = run_mpy(MPY_CODE % {"d": str(tmp_path)})
    out = eval(proc.stdout)  # noqa: S307 -- our own repr() of plain data
    body = json.dumps({"a": [1, 2, 3], "s": "x"})  # MicroPython's dict order may differ...
    assert out["save"] is True
    assert out["load"] == ({"a": [1, 2, 3], "s": "x"}, "ok")
    assert out["listing1"] == ["rec.json"]
    # ...so check the header against the body that was actually written.
    header, _, rest = out["raw"].partition("\n")
    assert header == "CC1 1 %08x" % zlib.crc32(rest.encode())
    assert json.loads(rest) == json.loads(body)
    assert out["bad"] == 0
    assert out["crc_pure"] == out["crc_native"] == 0xCBF43926
    assert out["pure_round_trip"] == (True, ([True, None], "ok"))
    assert out["listing2"] == ["rec.json", "rec.json.bad"]
    assert out["mkdir"] is True
    assert out["sub"] == (5, "ok")
    assert out["missing"] == ([7], "missing")
    assert out["settings"] == (dict(storage.DEFAULT_SETTINGS, lang="fr", brightness=55), "ok")
    assert out["scores"] == [{"score": 9}, {"score": 5}]
    assert out["resume"] == {"seed": 1, "actions": [3]}
    assert out["resume_bad"] is None
    assert out["listing3"] == [
        "rec.json",
        "rec.json.bad",
        "resume_g.json.bad",
        "scores_hearts.json",
        "settings.json",
        "sub",
    ]
    # A file written by MicroPython loads in CPython, and vice versa.
    assert storage.load(str(tmp_path / "settings.json"), {})[1] == "ok"


def test_cpython_file_loads_under_micropython(tmp_path):
    p = str(tmp_path / "c.json")
    storage.save(p, RECORD)
    proc = run_mpy("from core import storage\nprint(repr(storage.load(%r, {})))" % p)
    assert eval(proc.stdout) == (RECORD, "ok")  # noqa: S307
