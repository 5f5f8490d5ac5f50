"""The deck compiler (CSV tables under assets/decks/ -> firmware modules, kept up to date) and
the decks themselves: the structure GAMES.md asks for, and card ids that never change (saves,
action records and golden screenshots hold them)."""

import csv
from collections import Counter
from pathlib import Path

from games import deck88
from games.match252 import rules as m252
from games.match_collect import cards as mc_cards
from tools import assets, decks


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



def test_every_module_line_names_a_generated_file():
    targets = []
    for path in sorted(decks.DECKS.glob("*.csv")):
        compiled = decks.compile_deck(path)
        assert compiled is not None, path.name + ": every deck is compiled (a '# module:' line)"
        target, text = compiled
        assert (decks.ROOT / target).read_text(encoding="utf-8") == text
        targets.append(target)
    assert "firmware/games/match_collect/cards.py" in targets
    assert "firmware/games/match252/cards.py" in targets


def test_check_names_a_stale_module_and_writing_fixes_it(tmp_path: Path, capsys, monkeypatch):
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "t.csv").write_text("# module: out/cards.py\nid,value\n0,3\n", encoding="utf-8")
    monkeypatch.setattr(decks, "ROOT", tmp_path)
    assert decks.main(["--check", "--decks", str(folder)]) == 1
    assert "out/cards.py" in capsys.readouterr().out
    assert decks.main(["--decks", str(folder)]) == 0
    assert (tmp_path / "out" / "cards.py").read_text(encoding="utf-8").count('VALUE = b"\\x03"')
    assert decks.main(["--check", "--decks", str(folder)]) == 0


def test_make_assets_compiles_the_decks(tmp_path: Path, monkeypatch):
    """tools.assets (make assets) runs the deck compiler on <assets>/decks."""
    calls = []
    monkeypatch.setattr(decks, "main", lambda argv=None: calls.append(argv) or 0)
    assert assets.main(["--out", str(tmp_path / "gen"), "--assets", str(tmp_path)]) == 0
    assert calls == []                                     # no decks folder: nothing to do
    (tmp_path / "decks").mkdir()
    assert assets.main(["--out", str(tmp_path / "gen"), "--assets", str(tmp_path)]) == 0
    assert calls == [["--decks", str(tmp_path / "decks")]]


# -- the 88-card mirrorquest deck (Match & Collect; its 64 regular cards are Memory's) -------

def _rows(name: str) -> list[dict]:
    with (decks.DECKS / name).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


# The tables tools/make_deck88.py wrote into firmware/games/match_collect/cards.py before the
# deck went through tools.decks (hex of its bytes columns, commit 50f8939): a new compile of
# the CSV must give exactly these, or saves and golden screenshots would change meaning.
OLD_MIRRORQUEST = {
    "KIND": "00" * 64 + "01" * 24,
    "COLOR": "00010203" * 16 + "ff" * 24,
    "SYMBOL": "0001020301020304020304050304050604050607050607000607000107000102"
              "0003060101040702020500030306010404070205050003060601040707020500" + "ff" * 24,
    "LOCATION": "".join("%02x" % (i // 4) for i in range(64)) + "ff" * 24,
    "WONDER": "ff" * 64 + "".join("%02x" % (i // 4) for i in range(24)),
}
OLD_MIRRORQUEST_NAMES = {
    "COLOR": ("Red", "Blue", "Yellow", "Green"),
    "SYMBOL": ("Stag", "Mountain", "Moon", "Sun", "Wave", "Tree", "Crown", "Key"),
    "LOCATION": ("Winterwoods", "Sunspire", "Moonmere", "Stormpeak", "Emberfall", "Mistvale",
                 "Thornkeep", "Glasslake", "Duskmarsh", "Brightharbor", "Ironhollow",
                 "Starfield", "Ashgrove", "Coralreach", "Frostgate", "Goldmeadow"),
    "WONDER": ("Legendary", "Messenger", "Guide", "Portal", "Shelter", "Offering"),
}


def test_mirrorquest_keeps_the_old_card_ids():
    assert mc_cards.COUNT == 88
    for col, hexed in OLD_MIRRORQUEST.items():
        assert getattr(mc_cards, col).hex() == hexed, col
    for col, names in OLD_MIRRORQUEST_NAMES.items():
        assert getattr(mc_cards, col + "_NAMES") == names, col
    assert mc_cards.KIND_NAMES == ("regular", "wonder")
    # The arithmetic deck88 and make_deck88 used to compute, for the regular cards.
    for c in range(64):
        loc, colour = c >> 2, c & 3
        assert mc_cards.LOCATION[c] == loc and mc_cards.COLOR[c] == colour
        assert mc_cards.SYMBOL[c] == ((loc + colour) % 8 if loc < 8 else (loc + 3 * colour) % 8)


def test_mirrorquest_csv_has_the_structure_of_games_md_section_1():
    rows = _rows("mirrorquest.csv")
    assert list(rows[0]) == ["id", "kind", "color", "symbol", "location", "wonder"]
    assert [int(r["id"]) for r in rows] == list(range(88))
    regular = [r for r in rows if r["kind"] == "regular"]
    wonders = [r for r in rows if r["kind"] == "wonder"]
    assert len(regular) == 64 and len(wonders) == 24
    # 4 colours x 8 symbols x 2 copies
    pairs = Counter((r["color"], r["symbol"]) for r in regular)
    assert len({r["color"] for r in regular}) == 4 and len({r["symbol"] for r in regular}) == 8
    assert len(pairs) == 32 and set(pairs.values()) == {2}
    # 16 locations of 4 cards: one of each colour, four different symbols
    locations: dict[str, list[dict]] = {}
    for r in regular:
        locations.setdefault(r["location"], []).append(r)
    assert len(locations) == 16
    for cards in locations.values():
        assert len(cards) == 4
        assert len({r["color"] for r in cards}) == 4 and len({r["symbol"] for r in cards}) == 4
    # every (colour, symbol) pair in exactly two different locations
    where: dict[tuple, set] = {}
    for r in regular:
        where.setdefault((r["color"], r["symbol"]), set()).add(r["location"])
    assert set(len(v) for v in where.values()) == {2}
    # 24 Wonders, 4 of each of the 6 types; a card is either regular or a Wonder
    assert Counter(r["wonder"] for r in wonders) == dict.fromkeys(
        ("Legendary", "Messenger", "Guide", "Portal", "Shelter", "Offering"), 4)
    assert all(r["wonder"] == "" for r in regular)
    assert all(r["color"] == r["symbol"] == r["location"] == "" for r in wonders)
    # the layout the games rely on: regular ids first, id = location * 4 + colour
    colours = OLD_MIRRORQUEST_NAMES["COLOR"]
    places = OLD_MIRRORQUEST_NAMES["LOCATION"]
    for r in regular:
        assert int(r["id"]) == places.index(r["location"]) * 4 + colours.index(r["color"])


def test_memory_reads_the_same_table():
    assert deck88.SYMBOL is mc_cards.SYMBOL and deck88.LOCATION_NAMES is mc_cards.LOCATION_NAMES
    assert (deck88.COLORS, deck88.SYMBOLS, deck88.LOCATIONS, deck88.REGULAR) == (4, 8, 16, 64)
    for loc in range(deck88.LOCATIONS):
        ids = deck88.location_cards(loc)
        assert ids == tuple(deck88.card_id(loc, c) for c in range(4))
        for c, card in enumerate(ids):
            assert mc_cards.KIND[card] == 0
            assert (deck88.location_of(card), deck88.color_of(card)) == (loc, c)
            assert deck88.symbol_of(card) == mc_cards.SYMBOL[card]
    assert deck88.SYMBOL_ICONS == tuple("sym_" + n.lower() for n in deck88.SYMBOL_NAMES)


# -- the standard 52-card deck (Match 2-52) -------------------------------------------------

def test_standard52_keeps_the_ranks_suits_and_ids_of_match252():
    rows = _rows("standard52.csv")
    assert [int(r["id"]) for r in rows] == list(range(52))
    assert Counter(r["rank"] for r in rows) == dict.fromkeys(m252.RANK_NAMES, 4)
    # The names and the layout match252/rules.py relies on (id = rank * 4 + suit).
    assert m252.RANK_NAMES == ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    assert m252.SUIT_NAMES == ("spade", "heart", "diamond", "club")
    assert (m252.RANK_NAMES[m252.ACE], m252.RANK_NAMES[m252.SIX], m252.RANK_NAMES[m252.JACK],
            m252.RANK_NAMES[m252.QUEEN], m252.RANK_NAMES[m252.KING]) == ("A", "6", "J", "Q", "K")
    for c in range(52):
        assert m252.rank(c) == c >> 2 and m252.suit(c) == c & 3
        assert rows[c]["rank"] == m252.RANK_NAMES[c >> 2]
        assert rows[c]["suit"] == m252.SUIT_NAMES[c & 3]
