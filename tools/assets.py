"""Convert the source art in assets/ into the compact binary files the firmware reads.

    python -m tools.assets [--out DIR] [--force]

Inputs: assets/fonts/<name>.png + <name>.json (glyph sheets, layout described in
tools/make_font_sheets.py) -> <out>/font_<name>.bin; assets/icons/*.png -> <out>/icons.bin;
assets/icons/<game>/*.png -> <out>/icons_<game>.bin (a game's own icons, same format);
assets/decks/*.csv -> the firmware modules their `# module:` lines name (tools/decks.py).
The default output folder is firmware/gen/ (generated, git-ignored: never edit it by hand).
Nothing is rewritten when every output is newer than every input (and this script); output is
deterministic (same inputs, same bytes). All integers are little-endian.

font_<name>.bin
    offset size  field
    0      4     magic b"FNT1"
    4      1     height       glyph box height in pixels (top of box = y passed to text())
    5      1     baseline     rows from the top of the box to the baseline
    6      1     line_height  suggested distance between lines
    7      1     flags        0
    8      2     count        number of glyphs N
    10     2     default      glyph index drawn for characters the font lacks ('?')
    12     4     bitmap_size  bytes of bitmap data
    16     2*N   codepoints   sorted ascending; ASCII 32..126 are always the first 95
    ...    8*N   metrics      per glyph: advance u8, x_offset i8 (from the pen), y_offset u8
                              (from the box top), width u8, height u8, pad u8, offset u16
                              (into the bitmap data); width 0 = blank glyph
    ...          bitmaps      per glyph: height rows of ceil(width/8) bytes, MONO_HLSB (most
                              significant bit = leftmost pixel), cropped to the inked box

icons.bin
    0      4     magic b"ICN1"
    4      2     count N
    6      2     index_size   bytes of the index that follows
    8            index        per icon, sorted by name: name_len u8, name (ASCII), width u8,
                              height u8, bpp u8 (1 or 4), offset u16 (into the pixel data)
    8+index_size pixel data   1 bpp: height rows of ceil(width/8) bytes, MONO_HLSB;
                              4 bpp: height rows of ceil(width/2) bytes, GS4_HMSB (even pixel
                              in the high nibble), palette index 0 = transparent

Icon sources: one PNG per icon, the file name (without .png) is the icon name. A PNG in
palette mode ("P") is a 4-bit icon whose palette indices (< 16) are kept as they are; any other
mode is a 1-bit icon where dark opaque pixels are ink.
"""

import argparse
import json
import struct
import sys
from collections.abc import Callable
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
DEFAULT_OUT = ROOT / "firmware" / "gen"


def _is_bar(rgb: tuple[int, ...]) -> bool:
    """Advance-bar pixels are red."""
    return rgb[0] > 200 and rgb[1] < 100 and rgb[2] < 100


def _is_ink(rgb: tuple[int, ...]) -> bool:
    return sum(rgb[:3]) < 3 * 96


def _pack_mono(rows: list[list[int]]) -> bytes:
    """1-bit rows -> MONO_HLSB bytes (MSB first, each row padded to whole bytes)."""
    out = bytearray()
    for row in rows:
        for b in range(0, len(row), 8):
            byte = 0
            for i, v in enumerate(row[b : b + 8]):
                if v:
                    byte |= 0x80 >> i
            out.append(byte)
    return bytes(out)


def _pack_gs4(rows: list[list[int]]) -> bytes:
    out = bytearray()
    for row in rows:
        padded = row + [0] * (len(row) % 2)
        for i in range(0, len(padded), 2):
            out.append((padded[i] << 4) | padded[i + 1])
    return bytes(out)


def read_font_sheet(png: Path) -> tuple[dict, list[tuple]]:
    """Parse a sheet: (metadata, [(codepoint, advance, x_off, y_off, w, h, rows)])."""
    meta = json.loads(png.with_suffix(".json").read_text(encoding="utf-8"))
    img = Image.open(png).convert("RGB")
    cw, chh, cols = meta["cell_width"], meta["cell_height"], meta["columns"]
    glyphs = []
    for i, ch in enumerate(meta["chars"]):
        x0, y0 = (i % cols) * (cw + 1), (i // cols) * (chh + 2)
        bar = [x for x in range(cw) if _is_bar(img.getpixel((x0 + x, y0 + chh)))]
        if not bar:
            raise ValueError(f"{png.name}: glyph {ch!r} has no advance bar")
        origin, advance = bar[0], len(bar)
        ink = [[_is_ink(img.getpixel((x0 + x, y0 + y))) for x in range(cw)] for y in range(chh)]
        xs = [x for x in range(cw) if any(ink[y][x] for y in range(chh))]
        ys = [y for y in range(chh) if any(ink[y])]
        if xs:
            left, top = xs[0], ys[0]
            rows = [row[left : xs[-1] + 1] for row in ink[top : ys[-1] + 1]]
            glyphs.append((ord(ch), advance, left - origin, top, len(rows[0]), len(rows), rows))
        else:
            glyphs.append((ord(ch), advance, 0, 0, 0, 0, []))
    return meta, glyphs


def build_font(png: Path) -> bytes:
    meta, glyphs = read_font_sheet(png)
    glyphs.sort(key=lambda g: g[0])
    cps = [g[0] for g in glyphs]
    if len(set(cps)) != len(cps):
        raise ValueError(f"{png.name}: a character appears twice")
    if cps[:95] != list(range(32, 127)):
        raise ValueError(f"{png.name}: ASCII 32..126 must all be present")
    if max(cps) > 0xFFFF:
        raise ValueError(f"{png.name}: characters beyond U+FFFF are not supported")
    index, bitmaps = bytearray(), bytearray()
    for _cp, advance, xo, yo, w, h, rows in glyphs:
        index += struct.pack("<BbBBBBH", advance, xo, yo, w, h, 0, len(bitmaps))
        bitmaps += _pack_mono(rows)
    if len(bitmaps) > 0xFFFF:
        raise ValueError(f"{png.name}: bitmap data over 64 KB")
    header = struct.pack(
        "<4sBBBBHHI",
        b"FNT1",
        meta["cell_height"],
        meta["baseline"],
        meta["line_height"],
        0,
        len(glyphs),
        cps.index(ord("?")),
        len(bitmaps),
    )
    return header + struct.pack(f"<{len(cps)}H", *cps) + bytes(index) + bytes(bitmaps)


def read_icon(png: Path) -> tuple[int, list[list[int]]]:
    """(bpp, rows of pixel values) of one icon source."""
    img = Image.open(png)
    w, h = img.size
    if img.mode == "P":
        rows = [[img.getpixel((x, y)) for x in range(w)] for y in range(h)]
        if max(max(r) for r in rows) > 15:
            raise ValueError(f"{png.name}: 4-bit icons use palette indices 0..15 only")
        return 4, rows
    rgba = img.convert("RGBA")
    rows = []
    for y in range(h):
        row = []
        for x in range(w):
            p = rgba.getpixel((x, y))
            row.append(1 if p[3] >= 128 and _is_ink(p) else 0)
        rows.append(row)
    return 1, rows


def build_icons(pngs: list[Path]) -> bytes:
    index, data = bytearray(), bytearray()
    for png in sorted(pngs, key=lambda p: p.stem):
        name = png.stem.encode("ascii")
        bpp, rows = read_icon(png)
        w, h = len(rows[0]), len(rows)
        if not (0 < len(name) < 256 and w < 256 and h < 256):
            raise ValueError(f"{png.name}: name or size out of range")
        index += struct.pack("<B", len(name)) + name + struct.pack("<BBBH", w, h, bpp, len(data))
        data += _pack_mono(rows) if bpp == 1 else _pack_gs4(rows)
    if len(data) > 0xFFFF:
        raise ValueError("icons: pixel data over 64 KB")
    return struct.pack("<4sHH", b"ICN1", len(pngs), len(index)) + bytes(index) + bytes(data)


def _jobs(assets: Path) -> list[tuple[str, list[Path], Callable[[], bytes]]]:
    """(output file name, input files, builder) for everything to generate."""
    jobs: list[tuple[str, list[Path], Callable[[], bytes]]] = []
    for png in sorted((assets / "fonts").glob("*.png")):
        inputs = [png, png.with_suffix(".json")]
        jobs.append((f"font_{png.stem}.bin", inputs, lambda png=png: build_font(png)))
    icons = sorted((assets / "icons").glob("*.png"))
    if icons:
        jobs.append(("icons.bin", icons, lambda: build_icons(icons)))
    # per-game packs: assets/icons/<game>/*.png -> icons_<game>.bin, read by that game only
    # when its table opens (icons.bin is read whole at boot and must stay small)
    for folder in sorted(p for p in (assets / "icons").glob("*") if p.is_dir()):
        pack = sorted(folder.glob("*.png"))
        if pack:
            jobs.append((f"icons_{folder.name}.bin", pack, lambda pack=pack: build_icons(pack)))
    return jobs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    ap.add_argument("--assets", type=Path, default=ASSETS, help="source folder")
    ap.add_argument("--force", action="store_true", help="rebuild even when up to date")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    script_time = Path(__file__).stat().st_mtime
    built, sizes = 0, []
    for out_name, inputs, builder in _jobs(args.assets):
        out = args.out / out_name
        # the folders' times change when a source is added or removed
        stamps = [p.stat().st_mtime for p in inputs + [p.parent for p in inputs]]
        newest = max([script_time] + stamps)
        if args.force or not out.exists() or out.stat().st_mtime < newest:
            blob = builder()
            tmp = out.with_suffix(".tmp")
            tmp.write_bytes(blob)
            tmp.replace(out)
            built += 1
        sizes.append(f"{out_name} {out.stat().st_size} B")
    state = f"built {built}" if built else "up to date"
    print(f"assets ({state}): " + ", ".join(sizes) + f" -> {args.out}")
    # The deck tables (assets/decks/*.csv) become firmware modules in the source tree (they
    # are committed, so they are not under --out): tools.decks rewrites only stale ones.
    if (args.assets / "decks").is_dir():
        from tools import decks

        return decks.main(["--decks", str(args.assets / "decks")])
    return 0


if __name__ == "__main__":
    sys.exit(main())
