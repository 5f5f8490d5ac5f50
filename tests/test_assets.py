"""Asset pipeline: tools/assets.py output, core.font and core.icons, on CPython and MicroPython."""

import json
import subprocess
import sys
from pathlib import Path

import framebuf
import pytest
from PIL import Image

from core.font import Font
from core.icons import Icons
from tests.mpy import run_mpy
from tools import assets

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
ICONS = ROOT / "assets" / "icons"

FRENCH = (
    "Noël approche : « Où êtes-vous ? » demanda Loïc, ému. Ça m’étonne… À la fin, Ève "
    "gagna 12 × 3 points • Œuvre, cœur, maïs, août, naïf, Ô, Ù, Û, Ü, Î, Ï, È, Ê, Ë, Â, ÿ, "
    "ä, ö, ü, ô, â, û, ù, î, ç, Ç ♠ ♥ ♦ ♣"
)
SENTENCE_FR = (
    "Retournez deux cartes : si elles sont identiques, vous les gardez « à vie » ! "
    "Où est passé le cœur ?"
)
SENTENCE_EN = "The quick brown fox jumps over the lazy dog; it was not amused."


@pytest.fixture(scope="module")
def gen(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gen")
    assert assets.main(["--out", str(out), "--force"]) == 0
    return out


@pytest.fixture(scope="module")
def small(gen) -> Font:
    return Font(str(gen / "font_small.bin"))


@pytest.fixture(scope="module")
def large(gen) -> Font:
    return Font(str(gen / "font_large.bin"))


@pytest.fixture(scope="module")
def icons(gen) -> Icons:
    return Icons(str(gen / "icons.bin"))


def canvas(w: int, h: int, fill: int = 0):
    buf = bytearray((w * h + 1) // 2)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.GS4_HMSB)
    fb.fill(fill)
    return fb


def pixels(fb, w: int, h: int) -> list[list[int]]:
    return [[fb.pixel(x, y) for x in range(w)] for y in range(h)]


def sheet_glyph(name: str, ch: str) -> tuple[set[tuple[int, int]], int]:
    """Ink pixels of `ch` in the source sheet, relative to the pen origin and box top, and the
    advance, read straight from the PNG (independently of the converter's parser)."""
    meta = json.loads((FONTS / f"{name}.json").read_text(encoding="utf-8"))
    img = Image.open(FONTS / f"{name}.png").convert("RGB")
    i = meta["chars"].index(ch)
    cw, chh = meta["cell_width"], meta["cell_height"]
    x0, y0 = (i % meta["columns"]) * (cw + 1), (i // meta["columns"]) * (chh + 2)
    bar = [x for x in range(cw) if img.getpixel((x0 + x, y0 + chh)) == (255, 0, 0)]
    ink = {
        (x - bar[0], y)
        for y in range(chh)
        for x in range(cw)
        if img.getpixel((x0 + x, y0 + y)) == (0, 0, 0)
    }
    return ink, len(bar)


# -- converter ----------------------------------------------------------------------------


def test_converter_is_deterministic_and_skips_when_up_to_date(tmp_path, gen):
    a, b = tmp_path / "a", tmp_path / "b"
    cmd = [sys.executable, "-m", "tools.assets", "--out"]
    first = subprocess.run(cmd + [str(a)], cwd=ROOT, capture_output=True, text=True, check=True)
    assert first.stdout.startswith("assets (built 6): ")
    again = subprocess.run(cmd + [str(a)], cwd=ROOT, capture_output=True, text=True, check=True)
    assert again.stdout.startswith("assets (up to date): ")
    assert assets.main(["--out", str(b), "--force"]) == 0
    names = ["font_large.bin", "font_small.bin", "icons.bin", "icons_cauldron.bin",
             "icons_cauldron_8.bin", "icons_manufactory.bin"]
    assert sorted(p.name for p in a.iterdir()) == names
    for name in names:
        assert (a / name).read_bytes() == (b / name).read_bytes() == (gen / name).read_bytes()
        assert f"{name} {(a / name).stat().st_size} B" in first.stdout


def test_font_file_header(gen):
    data = (gen / "font_small.bin").read_bytes()
    assert data[:4] == b"FNT1"
    assert list(data[4:8]) == [8, 7, 9, 0]
    count = int.from_bytes(data[8:10], "little")
    chars = json.loads((FONTS / "small.json").read_text(encoding="utf-8"))["chars"]
    assert count == len(chars)
    cps = [int.from_bytes(data[16 + 2 * i : 18 + 2 * i], "little") for i in range(count)]
    assert cps == sorted(ord(c) for c in chars)
    assert cps[int.from_bytes(data[10:12], "little")] == ord("?")
    assert len(data) == 16 + 10 * count + int.from_bytes(data[12:16], "little")


# -- fonts --------------------------------------------------------------------------------


def test_font_metrics(small, large):
    assert (small.height, small.baseline, small.line_height) == (8, 7, 9)
    assert (large.height, large.baseline, large.line_height) == (15, 12, 16)
    assert [small.advance(c) for c in "A iW0é…♠"] == [5, 4, 4, 5, 5, 5, 6, 6]
    assert [large.advance(c) for c in "A iW0é…♠"] == [9, 4, 4, 14, 8, 9, 12, 11]
    assert small.width("Été à Noël") == 47
    assert large.width("Été à Noël") == 72
    assert large.width("") == 0
    # digits share one width in both fonts so that scores line up
    assert len({small.advance(c) for c in "0123456789"}) == 1
    assert len({large.advance(c) for c in "0123456789"}) == 1


@pytest.mark.parametrize("name", ["small", "large"])
def test_every_glyph_draws_its_source_pixels(gen, name):
    font = Font(str(gen / f"font_{name}.bin"))
    chars = json.loads((FONTS / f"{name}.json").read_text(encoding="utf-8"))["chars"]
    w, h = 40, font.height + 4
    for ch in chars:
        ink, advance = sheet_glyph(name, ch)
        fb = canvas(w, h, 4)
        assert font.text(fb, ch, 10, 2, 9) == 10 + advance, ch
        got = {(x - 10, y - 2) for y in range(h) for x in range(w) if fb.pixel(x, y) == 9}
        assert got == ink, ch
        assert all(fb.pixel(x, y) == 4 for y in range(h) for x in range(w) if fb.pixel(x, y) != 9)


def test_text_keeps_background_for_every_colour(large):
    """The transparency key must never collide with the ink colour, 0 and 1 included."""
    ink, _ = sheet_glyph("large", "A")
    for bg, color in ((1, 0), (0, 1), (15, 14), (7, 7)):
        fb = canvas(16, 16, bg)
        large.text(fb, "A", 0, 0, color)
        for y in range(16):
            for x in range(16):
                assert fb.pixel(x, y) == (color if (x, y) in ink else bg)


def test_text_on_rgb565_and_clipped_at_edges(large):
    buf = bytearray(20 * 16 * 2)
    fb = framebuf.FrameBuffer(buf, 20, 16, framebuf.RGB565)
    fb.fill(0x1234)
    assert large.text(fb, "é", 0, 0, 0xF800) == 9
    ink, _ = sheet_glyph("large", "é")
    got = {(x, y) for y in range(16) for x in range(20) if fb.pixel(x, y) == 0xF800}
    assert got == ink
    gs = canvas(8, 8)
    assert large.text(gs, "Wg", -6, -4, 3) == 17  # partly off-screen: drawn clipped, no error
    assert any(3 in row for row in pixels(gs, 8, 8))


def test_unknown_characters_draw_as_question_mark(large, small):
    for font in (large, small):
        a, b = canvas(40, 16), canvas(40, 16)
        xa = font.text(a, "x\u4e00\u0007y", 0, 0, 5)
        xb = font.text(b, "x??y", 0, 0, 5)
        assert xa == xb == font.width("x??y") == font.width("x\u4e00\u0007y")
        assert pixels(a, 40, 16) == pixels(b, 40, 16)
        assert not font.has("\u4e00") and font.has("?") and font.has("œ")


def test_french_sample_is_fully_covered(small, large):
    required = "àâäçéèêëîïôöùûüÿœÀÂÇÉÈÊËÎÏÔÖÙÛÜŒ«»’…•×♠♥♦♣"
    for font in (small, large):
        missing = [c for c in FRENCH + required + SENTENCE_FR if not font.has(c)]
        assert missing == []
        for c in map(chr, range(32, 127)):
            assert font.has(c)


def test_wrap_french_and_english(small, large):
    assert large.wrap(SENTENCE_FR, 120) == [
        "Retournez deux",
        "cartes : si elles",
        "sont identiques,",
        "vous les gardez",
        "« à vie » ! Où est",
        "passé le cœur ?",
    ]
    assert small.wrap(SENTENCE_FR, 100) == [
        "Retournez deux",
        "cartes : si elles sont",
        "identiques, vous les",
        "gardez « à vie » ! Où",
        "est passé le cœur ?",
    ]
    assert large.wrap(SENTENCE_EN, 120) == [
        "The quick brown",
        "fox jumps over",
        "the lazy dog; it",
        "was not",
        "amused.",
    ]
    assert large.wrap(SENTENCE_EN, 232) == [
        "The quick brown fox jumps over",
        "the lazy dog; it was not",
        "amused.",
    ]
    for font, width in ((large, 120), (small, 100), (large, 232)):
        for text in (SENTENCE_FR, SENTENCE_EN, FRENCH):
            lines = font.wrap(text, width)
            assert all(font.width(line) <= width for line in lines)
            assert " ".join(lines).split() == text.split()


def test_wrap_keeps_french_punctuation_with_its_word(large):
    # "Ah vous" fits but "Ah vous ?" does not: the "?" takes "vous" along to the next line
    width = large.width("Ah vous ")
    assert large.wrap("Ah vous ?", width) == ["Ah", "vous ?"]
    assert large.wrap("Ah vous !", large.width("Ah vous !")) == ["Ah vous !"]
    guillemets = large.width("« oui »")
    assert large.wrap("Il dit « oui »", guillemets) == ["Il dit", "« oui »"]
    # when the word and its punctuation cannot fit even alone, the glue gives way
    assert large.wrap("Êtes-vous ?", large.width("Êtes-vous")) == ["Êtes-vous", "?"]


def test_wrap_edge_cases(large, small):
    assert large.wrap("a\n\nb  c", 100) == ["a", "", "b c"]
    assert large.wrap("", 100) == [""]
    assert large.wrap("Anticonstitutionnellement", 60) == ["Anticon", "stitutio", "nnellem", "ent"]
    assert small.wrap("un deux", 1000) == ["un deux"]


def test_fit_truncates_with_ellipsis(large):
    assert large.fit("Court", 100) == "Court"
    assert large.fit("Un titre beaucoup trop long", 100) == "Un titre bea…"
    assert large.width("Un titre bea…") <= 100 < large.width("Un titre beau…")
    assert large.fit("Un titre", large.width("Un …")) == "Un…"  # trailing space dropped
    assert large.fit("abc", 13) == "…"
    assert large.fit("abc", 5) == ""


# -- icons --------------------------------------------------------------------------------


def source_icon(name: str, folder: Path = ICONS) -> tuple[int, int, set[tuple[int, int]]]:
    img = Image.open(folder / f"{name}.png").convert("L")
    ink = {
        (x, y) for y in range(img.height) for x in range(img.width) if img.getpixel((x, y)) < 128
    }
    return img.width, img.height, ink


def test_icon_names_and_sizes(icons):
    stems = sorted(p.stem for p in ICONS.glob("*.png"))
    assert icons.names() == stems
    for sym in ("stag", "mountain", "moon", "sun", "wave", "tree", "crown", "key"):
        assert icons.size(f"sym_{sym}_16") == (16, 16)
        assert icons.size(f"sym_{sym}_12") == (12, 12)
    for suit in ("spade", "heart", "diamond", "club"):
        assert icons.size(f"suit_{suit}_8") == (8, 8)
        assert icons.size(f"suit_{suit}_16") == (16, 16)
    for game in ("match_collect", "memory", "match252", "shadow_lock", "manufactory", "cauldron"):
        assert icons.size(f"game_{game}") == (32, 32)
    assert icons.size("settings") == icons.size("about") == (32, 32)
    for ui in ("arrow_up", "arrow_down", "arrow_left", "arrow_right", "check", "card_back"):
        assert icons.size(ui) == (8, 8)
    with pytest.raises(KeyError):
        icons.size("nope")


def test_icons_draw_exactly_their_source_pixels(icons):
    for name in icons.names():
        w, h, ink = source_icon(name)
        assert 0 < len(ink) < w * h, name  # neither blank nor solid
        fb = canvas(w + 6, h + 6, 2)
        icons.draw(fb, name, 3, 3, 7)
        for y in range(h + 6):
            for x in range(w + 6):
                assert fb.pixel(x, y) == (7 if (x - 3, y - 3) in ink else 2), (name, x, y)
        fb = canvas(w, h, 2)
        icons.draw(fb, name, 0, 0, 0, 11)
        assert pixels(fb, w, h) == [
            [0 if (x, y) in ink else 11 for x in range(w)] for y in range(h)
        ]


# -- per-game icon packs (assets/icons/<game>/ -> icons_<game>.bin) ------------------------

GAME_PACKS = ("manufactory", "cauldron", "cauldron_8")
PACK_SIZE = {"cauldron_8": (8, 8)}     # Cauldron's 8 px pictures (the 240x135 board's cells)


def test_game_packs_hold_their_folders_icons_and_icons_bin_none_of_them(gen, icons):
    from games.cauldron import view as cd_view
    from games.manufactory import cards as mf_cards

    # the names the views draw: the deck's icon column, Cauldron's one per ingredient kind
    assert cd_view.ICON_NAMES == tuple(f"cd_{k}" for k in range(18))
    expected = {"manufactory": sorted(mf_cards.ICON_NAMES), "cauldron": sorted(cd_view.ICON_NAMES),
                "cauldron_8": sorted(cd_view.ICON_NAMES)}
    assert len(expected["manufactory"]) == 26
    for game in GAME_PACKS:
        folder = ICONS / game
        pack = Icons(str(gen / f"icons_{game}.bin"))
        assert pack.names() == sorted(p.stem for p in folder.glob("*.png")) == expected[game]
        assert not set(pack.names()) & set(icons.names())  # not read at boot
        arts = set()
        for name in pack.names():
            assert pack.size(name) == PACK_SIZE.get(game, (12, 12)), name
            w, h, ink = source_icon(name, folder)
            arts.add(frozenset(ink))
            assert 0 < len(ink) < w * h, name
            fb = canvas(w + 4, h + 4, 2)
            pack.draw(fb, name, 2, 2, 7)
            assert pixels(fb, w + 4, h + 4) == [
                [7 if (x - 2, y - 2) in ink else 2 for x in range(w + 4)] for y in range(h + 4)
            ], name
        assert len(arts) == len(pack.names())  # every kind has its own picture
    # the boot file stays as it was: game icons do not add to boot-time memory
    assert (gen / "icons.bin").stat().st_size == len(
        assets.build_icons(sorted(ICONS.glob("*.png")))
    )


def test_game_packs_are_packed_per_folder_and_skipped_when_up_to_date(tmp_path, capsys):
    src = tmp_path / "assets"
    (src / "icons" / "zoo").mkdir(parents=True)
    (src / "icons" / "empty").mkdir()
    dot = Image.new("1", (3, 2), 1)
    dot.putpixel((1, 0), 0)
    dot.save(src / "icons" / "base.png")
    bar = Image.new("1", (4, 1), 1)
    bar.putpixel((0, 0), 0)
    bar.putpixel((3, 0), 0)
    bar.save(src / "icons" / "zoo" / "bar.png")
    out = tmp_path / "gen"
    assert assets.main(["--assets", str(src), "--out", str(out)]) == 0
    assert "assets (built 2): icons.bin " in capsys.readouterr().out
    assert sorted(p.name for p in out.iterdir()) == ["icons.bin", "icons_zoo.bin"]
    assert Icons(str(out / "icons.bin")).names() == ["base"]
    zoo = Icons(str(out / "icons_zoo.bin"))
    assert zoo.names() == ["bar"] and zoo.size("bar") == (4, 1)
    fb = canvas(6, 1, 0)
    zoo.draw(fb, "bar", 1, 0, 9)
    assert pixels(fb, 6, 1) == [[0, 9, 0, 0, 9, 0]]
    assert (out / "icons_zoo.bin").read_bytes() == assets.build_icons(
        [src / "icons" / "zoo" / "bar.png"]
    )
    assert assets.main(["--assets", str(src), "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith("assets (up to date): ")
    # a new icon in the folder rebuilds that pack (the folder's time changes) and only it
    base_before = (out / "icons.bin").stat().st_mtime_ns
    bar.save(src / "icons" / "zoo" / "bar2.png")
    import os

    later = (out / "icons_zoo.bin").stat().st_mtime + 5
    os.utime(src / "icons" / "zoo", (later, later))
    os.utime(src / "icons" / "zoo" / "bar2.png", (later, later))
    assert assets.main(["--assets", str(src), "--out", str(out)]) == 0
    assert capsys.readouterr().out.startswith("assets (built 1): ")
    assert Icons(str(out / "icons_zoo.bin")).names() == ["bar", "bar2"]
    assert (out / "icons.bin").stat().st_mtime_ns == base_before


def test_game_packs_reach_the_pico_build(tmp_path):
    from tools import build as B

    assert assets.main([]) == 0  # firmware/gen/, which the build copies as it is
    gen_src = B.FIRMWARE / "gen"
    out = tmp_path / "pico"
    result = B.build(B.FIRMWARE, out)
    assert result.errors == []
    for game in GAME_PACKS:
        built = out / "gen" / f"icons_{game}.bin"
        assert built.read_bytes() == (gen_src / f"icons_{game}.bin").read_bytes()
        assert built.read_bytes()[:4] == b"ICN1"


def test_four_bit_icons(tmp_path):
    img = Image.new("P", (3, 2))
    img.putpalette([i * 5 for i in range(48)])
    for (x, y), v in zip([(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)], [0, 5, 15, 1, 0, 9]):
        img.putpixel((x, y), v)
    (tmp_path / "icons").mkdir()
    img.save(tmp_path / "icons" / "tile.png")
    (tmp_path / "fonts").mkdir()
    out = tmp_path / "gen"
    assert assets.main(["--assets", str(tmp_path), "--out", str(out)]) == 0
    ic = Icons(str(out / "icons.bin"))
    assert ic.names() == ["tile"] and ic.size("tile") == (3, 2)
    fb = canvas(4, 2, 3)
    ic.draw(fb, "tile", 1, 0, 12)  # colour ignored, index 0 transparent
    assert pixels(fb, 4, 2) == [[3, 3, 5, 15], [3, 1, 3, 9]]
    ic.draw(fb, "tile", 1, 0, 12, 6)
    assert pixels(fb, 4, 2) == [[3, 6, 5, 15], [3, 1, 6, 9]]


def test_icon_lookup_in_c_finds_what_the_walk_finds():
    """Icons._entry finds a name with bytes.find: every icon of every pack at the offset the
    entry walk gives, and no name that is not there (a piece of a name, a name with a suffix
    more, a name's tail)."""
    from core import icons as icons_mod

    packs = sorted((ROOT / "firmware" / "gen").glob("icons*.bin"))
    assert packs
    for path in packs:
        ic = Icons(str(path))
        names = ic.names()
        probes = names + [n + "_8" for n in names] + [n[1:] for n in names if len(n) > 3] + [
            n[:-1] for n in names if len(n) > 3] + ["sym_", "nothing_here"]
        found = {}
        for name in probes:
            found[name] = ic._entry(name)
        icons_mod._FIND = False
        try:
            walk = Icons(str(path))
            for name in probes:
                assert walk._entry(name) == found[name], (path.name, name)
        finally:
            icons_mod._FIND = True
        assert all(found[n] >= 0 for n in names)


# -- MicroPython parity -------------------------------------------------------------------

SCENE = """
import framebuf
from core.font import Font
from core.icons import Icons

def scene(gen, out):
    small = Font(gen + "/font_small.bin")
    large = Font(gen + "/font_large.bin")
    icons = Icons(gen + "/icons.bin")
    buf = bytearray(240 * 240 // 2)
    fb = framebuf.FrameBuffer(buf, 240, 240, framebuf.GS4_HMSB)
    fb.fill(1)
    y = 0
    for line in large.wrap(TEXT, 236):
        large.text(fb, line, 2, y, 15)
        y += large.line_height
    for line in small.wrap(TEXT, 200):
        small.text(fb, line, -1, y, 0)
        y += small.line_height
    x = large.text(fb, large.fit(TEXT, 150), 3, 222, 9)
    small.text(fb, "x" + str(x), 200, 232, 14)
    for i, name in enumerate(icons.names()):
        icons.draw(fb, name, (i % 7) * 34, 110 + (i // 7) * 18, 2 + i % 13, -1 if i % 2 else 4)
    rgb = bytearray(40 * 16 * 2)
    fb2 = framebuf.FrameBuffer(rgb, 40, 16, framebuf.RGB565)
    large.text(fb2, "Noël ♥", 0, 0, 0xF81F)
    icons.draw(fb2, "suit_heart_8", 30, 4, 0x07E0, 0x001F)
    with open(out, "wb") as f:
        f.write(buf)
        f.write(rgb)
        f.write("|".join(large.wrap(TEXT, 120) + small.wrap(TEXT, 64)).encode())
        f.write(("|" + large.fit(TEXT, 100) + "|" + str(small.width(TEXT))).encode())
"""


def test_micropython_draws_the_same_bytes(gen, tmp_path):
    text = FRENCH + " " + SENTENCE_EN
    code = f"TEXT = {text!r}\n" + SCENE
    cpy_out = tmp_path / "cpython.bin"
    namespace: dict = {}
    exec(compile(code, "scene", "exec"), namespace)
    namespace["scene"](str(gen), str(cpy_out))
    mpy_out = tmp_path / "micropython.bin"
    run_mpy(code + f"\nscene({str(gen)!r}, {str(mpy_out)!r})\n")
    expected = cpy_out.read_bytes()
    assert len(expected) > 28800 + 1280
    assert mpy_out.read_bytes() == expected


def test_micropython_text_allocates_nothing_once_glyphs_are_cached(gen):
    proc = run_mpy(
        f"""
import gc, framebuf
from core.font import Font
from core.icons import Icons
from core.canvas import Canvas
f = Font({str(gen / "font_large.bin")!r})
ic = Icons({str(gen / "icons.bin")!r})
c = Canvas(240, 240)
fb = c.fb
s = "Été à Noël « cœur » ? ♠♥"
f.text(fb, s, 0, 0, 3, c)
ic.draw(fb, "sym_stag_16", 0, 40, 5)

def run():
    i = 0
    before = gc.mem_free()
    while i < 20:
        # the canvas path: native code on MicroPython (the Pico's), no glyph objects at all
        f.text(fb, s, i, 0, 3, c)
        ic.draw(fb, "sym_stag_16", i, 40, 5, 1)
        ic.draw(fb, "suit_heart_8", i, 80, 5)
        i += 1
    return before - gc.mem_free()

run()
gc.collect()
gc.disable()
print(run())
# The 32x32 menu pictures are not kept between draws (drawn only on full redraws).
ic.draw(fb, "game_memory", 0, 100, 5)
print("game_memory" in ic._fbs, "sym_stag_16" in ic._fbs)
"""
    )
    assert proc.stdout.split() == ["0", "False", "True"]


def test_tables_draw_their_pack(tmp_path, monkeypatch):
    """Each game's table reads its own pack and draws a picture per card (Icons.draw)
    where the card is big enough (Cauldron's cells on the 240x135 board draw the 8 px pictures
    of icons_cauldron_8.bin instead; Manufactory's parts there have it beside the mana value);
    without the pack the cards are drawn as before, with no error."""
    from games.cauldron import view as cd_view
    from games.manufactory import cards as mf_cards
    from games.manufactory import view as mf_view
    from sim import headless
    from tests import test_cauldron_view as cdt
    from tests import test_manufactory_view as mft

    assert assets.main([]) == 0  # firmware/gen/, the simulator's asset folder
    calls: list[tuple] = []
    draw = Icons.draw

    def spy(self, fb, name, x, y, color, bg=-1):
        calls.append((self, name))
        return draw(self, fb, name, x, y, color, bg)

    # Icons.draw: what canvas.icon calls (Manufactory), and what Cauldron's cells call
    # straight, the cell marked as a whole (games.cauldron.view draw_cell)
    monkeypatch.setattr(Icons, "draw", spy)
    no_packs = tmp_path / "gen"
    no_packs.mkdir()
    for f in (ROOT / "firmware" / "gen").glob("*.bin"):
        if not f.name.startswith("icons_"):
            (no_packs / f.name).write_bytes(f.read_bytes())
    for Table, setup in ((cd_view.Table, cdt.table(20, players=4)),
                         (mf_view.Table, mft.table(12, players=3))):
        big = "pico_lcd_1_3"
        for board, asset_dir in ((big, None), ("pico_lcd_1_14", None), (big, no_packs)):
            calls.clear()
            r = headless.run("WAIT:300", board=board, setup=setup,
                             asset_dir=None if asset_dir is None else str(asset_dir))
            scene = r.app.top
            assert isinstance(scene, Table) and r.log == ""
            mine = {name for icons, name in calls if icons is scene.icons}
            small = getattr(scene, "icons8", None)
            if asset_dir is not None:
                assert scene.icons is None and small is None and not mine
                continue
            assert scene.icons is not None
            if Table is cd_view.Table:
                grid = scene.state.grid
                kinds = {cd_view.ICON_NAMES[c >> 2] for c in grid if c < 72}
                if board == "pico_lcd_1_14":
                    assert not mine and small is not None
                    mine = {name for icons, name in calls if icons is small}
                else:
                    assert small is None
                assert mine == kinds
                assert len(mine) >= 2
            else:
                belt = scene.state.belt
                assert mine == {mf_cards.ICON_NAMES[mf_cards.ICON[c]] for c in belt if c >= 0}
                assert len(mine) >= 2
