"""Text packs (tools/textpack.py, core.strings.add_pack): every language table of the firmware
as a file, looked up from its index, under CPython and the MicroPython unix port."""

import json
import os
import shutil
from pathlib import Path

import pytest

from core import strings
from tests.mpy import run_mpy
from tools import build as B
from tools import textpack

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
LANG_MODULES = sorted(p for p in FIRMWARE.rglob("lang_*.py") if B.is_lang_module(p.name))


def test_every_table_of_the_firmware_round_trips():
    assert len(LANG_MODULES) >= 16      # core, kit and six games, two languages each
    for path in LANG_MODULES:
        table = textpack.table_of(path)
        blob = textpack.encode(table)
        assert textpack.decode(blob) == table, path
        n = int.from_bytes(blob[3:5], "little")
        index = [(blob[5 + 2 * i], blob[6 + 2 * i]) for i in range(n)]
        assert index == sorted(index), path


def test_the_device_hash_is_the_tools_hash():
    for key in ("", "tx", "mc.tip.first", "game.match_collect", "a" * 200):
        assert strings._djb(key) == textpack.key_hash(key)
    # a key whose djb2 low byte is 0 counts as 1 (MicroPython never stores a 0 hash)
    zero = next(k for k in ("k%d" % i for i in range(5000)) if _raw_low_byte(k) == 0)
    assert textpack.key_hash(zero) == strings._djb(zero) == 1


def _raw_low_byte(key):
    h = 5381
    for b in key.encode():
        h = ((h * 33) ^ b) & 0xFFFFFFFF
    return h & 0xFF


def test_keys_must_be_ascii_and_texts_strings():
    for bad in ({"é": "x"}, {"": "x"}, {"k": 3}, {"a\0b": "x"}):
        with pytest.raises(ValueError):
            textpack.encode(bad)


@pytest.fixture
def console_en():
    strings.load("en")
    yield
    strings.remove()
    strings.load("en")


def _pack(tmp_path, name, table):
    path = tmp_path / name
    path.write_bytes(textpack.encode(table))
    return str(path)


def test_a_pack_gives_every_text_even_with_shared_hashes(tmp_path, console_en):
    # 700 keys in 255 hash values: most buckets hold several keys, some of the same length
    table = {"k%d" % i: "text %d é" % i for i in range(700)}
    assert strings.add_pack(_pack(tmp_path, "big.tx", table))
    for key, text in table.items():
        assert strings.t(key) == text
    assert len(strings._cache) <= strings._CACHE_MAX
    assert strings.t("k700") == "k700"              # absent: the key itself
    assert strings.t("settings") == "Settings"      # the console's, under the pack
    strings.clear()
    assert strings.t("k5") == "k5"                  # cleared: the cache went with it


def test_one_pack_file_stays_open_until_release(tmp_path, console_en):
    a = _pack(tmp_path, "a.tx", {"a.x": "A x", "a.y": "A y"})
    b = _pack(tmp_path, "b.tx", {"b.x": "B x"})
    strings.add_pack(a)
    strings.add_pack(b)
    assert strings._open == [None, None]
    assert strings.t("b.x") == "B x"
    f = strings._open[1]
    assert strings._open[0] == b and not f.closed
    assert strings.t("a.x") == "A x"                # another pack: the first file is closed
    assert f.closed and strings._open[0] == a
    strings.release()
    assert strings._open == [None, None]
    assert strings.t("a.y") == "A y"                # opened again when needed


def test_the_app_closes_the_pack_file_after_each_frame(tmp_path, console_en):
    from tests.test_app import make_app

    app, _p = make_app(tmp_path / "data")
    (tmp_path / "data").mkdir()
    app.start()
    strings.add_pack(_pack(tmp_path, "g.tx", {"g.x": "G x"}))
    assert strings.t("g.x") == "G x" and strings._open[1] is not None
    app.step()
    assert strings._open == [None, None]


def test_an_entry_pair_straddling_two_entries_is_not_a_match(tmp_path, console_en):
    """core.strings finds (hash, length) with bytes.find over the index: a find landing on
    an odd position (one entry's length, the next one's hash) must be skipped."""
    table = {"k%d" % i: "text %d" % i for i in range(300)}
    blob = textpack.encode(table)
    n = int.from_bytes(blob[3:5], "little")
    index = blob[5:5 + 2 * n]
    even = {index[i:i + 2] for i in range(0, 2 * n, 2)}
    odd = {index[i:i + 2] for i in range(1, 2 * n - 1, 2)} - even
    probe = next(k for k in ("probe%d" % i for i in range(100000))
                 if bytes((textpack.key_hash(k), len(k))) in odd)
    assert strings.add_pack(_pack(tmp_path, "p.tx", table))
    assert strings.t(probe) == probe
    assert strings.t("k299") == "text 299"


def test_the_last_pack_added_wins(tmp_path, console_en):
    strings.add_pack(_pack(tmp_path, "kit.tx", {"x.a": "kit a", "x.b": "kit b"}))
    strings.add_pack(_pack(tmp_path, "game.tx", {"x.a": "game a"}))
    assert strings.t("x.a") == "game a"
    assert strings.t("x.b") == "kit b"


def test_damaged_or_missing_packs_are_refused_and_a_vanished_one_shows_keys(tmp_path,
                                                                            console_en):
    good = textpack.encode({"g.k": "Good"})
    for name, data in (("short.tx", good[:7]), ("magic.tx", b"XX" + good[2:]),
                       ("empty.tx", b"")):
        (tmp_path / name).write_bytes(data)
        assert strings.add_pack(str(tmp_path / name)) is False, name
    assert strings.add_pack(str(tmp_path / "none.tx")) is False
    assert strings._extra == []
    path = _pack(tmp_path, "gone.tx", {"g.k": "Good", "g.l": "Later"})
    assert strings.add_pack(path)
    assert strings.t("g.k") == "Good"
    strings.release()                               # the frame ended: the file is closed
    os.remove(path)
    assert strings.t("g.l") == "g.l"                # read error: the key, no exception
    assert strings.t("g.k") == "Good"               # what was read stays in the cache


def test_the_build_writes_a_pack_beside_each_language_module(tmp_path):
    src = tmp_path / "fw"
    (src / "pkg").mkdir(parents=True)
    (src / "pkg" / "__init__.py").write_text("")
    (src / "pkg" / "lang_en.py").write_text('T = {"p.a": "Apple"}\nRULES = "long"\n')
    (src / "pkg" / "lang_fr.py").write_text('T = {"p.a": "Pomme"}\n')
    (src / "pkg" / "language.py").write_text("X = 1\n")
    out = tmp_path / "out"
    result = B.build(src, out)
    assert result.errors == []
    assert textpack.decode((out / "pkg" / "lang_en.tx").read_bytes()) == {"p.a": "Apple"}
    assert textpack.decode((out / "pkg" / "lang_fr.tx").read_bytes()) == {"p.a": "Pomme"}
    assert (out / "pkg" / "lang_en.mpy").exists()   # RULES and the fallback stay importable
    assert not (out / "pkg" / "language.tx").exists()
    assert B.frozen_modules(src).count("pkg/lang_en.py") == 1
    again = B.build(src, out)
    assert "pkg/lang_en.tx" in again.unchanged
    (src / "pkg" / "lang_fr.py").write_text('T = {"p.a": 3}\n')
    os.utime(src / "pkg" / "lang_fr.py", ns=(1, 10**18))
    bad = B.build(src, out)
    assert [e[0] for e in bad.errors] == ["pkg/lang_fr.py"]
    assert not (out / "pkg" / "lang_fr.tx").exists()


@pytest.fixture(scope="module")
def packed_firmware(tmp_path_factory):
    """firmware/ as source with every table's pack beside its module, as the build has it."""
    dest = tmp_path_factory.mktemp("packed") / "fw"
    shutil.copytree(FIRMWARE, dest, ignore=shutil.ignore_patterns("__pycache__"))
    for path in LANG_MODULES:
        rel = path.relative_to(FIRMWARE)
        (dest / rel).with_suffix(".tx").write_bytes(textpack.encode(textpack.table_of(path)))
    return dest


def test_under_micropython_the_packs_give_what_the_tables_give(packed_firmware):
    games = sorted(p.parent.name for p in LANG_MODULES if p.parent.parent.name == "games")
    code = """
import sys
from core import strings
from kit import lang as kl
out = {"fast": strings._hash is strings._builtin, "bad": [], "n": 0, "modules": []}
for code in ("en", "fr"):
    for game in %r:
        strings.load(code)
        kl = __import__("kit.lang", None, None, ("load",), 0)
        kl.load("games." + game, None)
        out["modules"] += [m for m in sys.modules if ".lang_" in m]
        out["kinds"] = [type(x).__name__ for x in strings._extra] + [type(strings._table).__name__]
        tables = []
        for pkg in ("games." + game, "kit", "core"):
            mod = __import__(pkg + ".lang_" + code, None, None, ("T",), 0)
            tables.append(mod.T)
            del sys.modules[pkg + ".lang_" + code]
        for i in range(3):
            for key, text in tables[i].items():
                want = text
                for j in range(i):
                    if key in tables[j]:
                        want = tables[j][key]
                out["n"] += 1
                if strings.t(key) != want:
                    out["bad"].append(key)
        tables = None
import json
print(json.dumps(out))
""" % (games,)
    proc = run_mpy(code, paths=[packed_firmware], cwd=packed_firmware)
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    assert got["bad"] == []
    assert got["n"] > 1000
    assert got["fast"] is True          # the builtin hash agrees with the packs' hash
    assert got["modules"] == []         # no language module imported: the packs only
    assert got["kinds"] == ["tuple", "tuple", "tuple"]


def test_without_packs_the_modules_tables_are_used():
    # the source tree has none: kit.lang and core.strings fall back to the dicts
    from kit import lang

    strings.load("fr")
    try:
        assert type(strings._table) is dict
        lang.load("games.match_collect", "match_collect")
        assert [type(x) for x in strings._extra] == [dict, dict, dict]
        assert strings.t("mc.melds") == textpack.table_of(
            FIRMWARE / "games" / "match_collect" / "lang_fr.py")["mc.melds"]
    finally:
        strings.remove()
        strings.load("en")
