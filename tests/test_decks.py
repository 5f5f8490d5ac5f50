"""The deck compiler: CSV tables under assets/decks/ -> firmware modules, kept up to date."""

from pathlib import Path

from tools import decks


def test_compile_small_deck(tmp_path: Path):
    src = tmp_path / "t.csv"
    src.write_text("# module: firmware/games/zz/cards.py\nid,kind,value\n"
                   "0,number,1\n1,number,12\n2,shadow,\n", encoding="utf-8")
    target, text = decks.compile_deck(src)
    assert target == "firmware/games/zz/cards.py"
    ns: dict = {}
    exec(text, ns)
    assert ns["COUNT"] == 3
    assert ns["KIND_NAMES"] == ("number", "shadow")
    assert ns["KIND"] == bytes([0, 0, 1])
    assert ns["VALUE"] == bytes([1, 12, 255])


def test_ids_must_be_in_order(tmp_path: Path):
    src = tmp_path / "t.csv"
    src.write_text("# module: x.py\nid,kind\n0,a\n2,b\n", encoding="utf-8")
    try:
        decks.compile_deck(src)
    except ValueError as exc:
        assert "expected 1" in str(exc)
    else:
        raise AssertionError("a gap in the ids must be refused")


def test_committed_deck_modules_are_up_to_date():
    assert decks.main(["--check"]) == 0
