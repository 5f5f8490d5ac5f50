"""One-off generator of the source font sheets in assets/fonts/ (not part of the build).

The build starts from the committed PNG sheets; this script records how they were made so they
can be regenerated or extended (new characters) later. It needs two Debian font packages that
are NOT needed by the build: `xfonts-base` (misc-fixed 5x8, public domain) for the small font
and `fonts-dejavu-core` (DejaVu Sans Bold, Bitstream Vera licence) for the large one.

    python -m tools.make_font_sheets        # rewrites assets/fonts/{small,large}.{png,json}

Sheet layout (read back by tools/assets.py): a grid of `columns` cells in the order of the
JSON's `chars`. Each cell is `cell_width` x `cell_height` pixels of glyph area (black = ink,
anything light = no ink; the rows below the baseline are tinted light grey only as a guide),
then one "advance bar" row whose red pixels start at the pen origin and are as many as the
advance width, then a one-pixel blue grid line right and below. Baseline = `baseline` rows from
the top of the glyph area.
"""

import gzip
import io
import json
import sys
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont, PcfFontFile
from PIL.PcfFontFile import PCF_BDF_ENCODINGS

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "fonts"
PCF_SMALL = "/usr/share/fonts/X11/misc/5x8.pcf.gz"
TTF_LARGE = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
LARGE_PX = 12

ASCII = "".join(chr(c) for c in range(32, 127))
# French letters and punctuation, typographic extras, card suits. U+00A0 and U+202F are the
# (narrow) no-break spaces French puts before ? ! : ; and inside « »; they draw as blanks.
EXTRA = "àâäçéèêëîïôöùûüÿœÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒ«»‘’“”…•·×°–—€\u00a0\u202f♠♥♦♣"
CHARS = ASCII + EXTRA
COLUMNS = 16

INK = (0, 0, 0)
PAPER = (255, 255, 255)
DESCENT_TINT = (225, 225, 225)
BAR = (255, 0, 0)
GRID = (120, 120, 255)

# The 5x8 spade has a one-pixel top; a fuller one reads better at this size. The 5x8 full
# stop is a 3x3 '+' that looks like a plus sign in running text ("12+5"); a 2x2 dot sitting on
# the baseline, like the dots of ':', reads as a full stop. Rows start one below the box top.
SMALL_OVERRIDES = {
    "♠": ["..#..", ".###.", "#####", "#####", "..#..", ".###."],
    ".": ["", "", "", "", "##", "##"],
}
# Large glyphs whose ink must not touch the next glyph's: their advance is widened so one
# blank column follows the ink (FreeType's hinted advances leave "xx" and "ff" as one blob).
LARGE_WIDEN = "xf"


def load_pcf(path: str) -> dict[int, tuple[int, int, int, Image.Image]]:
    """Glyphs of a (gzipped) PCF font: codepoint -> (advance, left, ascent, 1-bit image).

    Pillow's PcfFontFile only maps 256 codes, so the two-byte encoding table of the
    ISO 10646 misc-fixed fonts is read here directly (same file layout).
    """
    data = gzip.open(path).read()
    pcf = PcfFontFile.PcfFontFile(io.BytesIO(data))
    metrics = pcf._load_metrics()
    bitmaps = pcf._load_bitmaps(metrics)
    fp, _fmt, i16, _i32 = pcf._getformat(PCF_BDF_ENCODINGS)
    first_col, last_col, first_row, last_row = (i16(fp.read(2)) for _ in range(4))
    i16(fp.read(2))  # default char
    ncols = last_col - first_col + 1
    glyphs = {}
    for k in range((last_row - first_row + 1) * ncols):
        ix = i16(fp.read(2))
        if ix == 0xFFFF:
            continue
        cp = (first_row + k // ncols) * 256 + first_col + k % ncols
        _xs, _ys, left, _right, width, ascent, _descent, _attr = metrics[ix]
        glyphs[cp] = (width, left, ascent, bitmaps[ix])
    return glyphs


def small_glyphs() -> tuple[dict, dict]:
    """5x8 misc-fixed made proportional: each glyph's blank left columns are dropped and its
    advance is its inked width + 1 (digits keep a fixed 5 px pitch so scores line up)."""
    pcf = load_pcf(PCF_SMALL)
    ascent, height = 7, 8
    cells = {}
    for ch in CHARS:
        cell = Image.new("1", (6, height), 0)
        if ch in SMALL_OVERRIDES:
            rows = SMALL_OVERRIDES[ch]
            for y, row in enumerate(rows):
                for x, c in enumerate(row):
                    if c == "#":
                        cell.putpixel((x, y + 1), 1)
        elif ch not in ("\u00a0", "\u202f"):
            adv, left, asc, bm = pcf[ord(ch)]
            assert adv == 5, ch
            cell.paste(bm, (left, ascent - asc))
        bbox = cell.getbbox()
        if ch.isdigit() or bbox is None:
            advance = {" ": 4, "\u00a0": 4, "\u202f": 2}.get(ch, 5)
        else:
            shifted = Image.new("1", cell.size, 0)
            shifted.paste(cell.crop((bbox[0], 0, 6, height)), (0, 0))
            cell = shifted
            advance = bbox[2] - bbox[0] + 1
        cells[ch] = (cell, 0, advance)
    meta = {"cell_width": 6, "cell_height": height, "baseline": ascent, "line_height": 9}
    return cells, meta


def large_glyphs() -> tuple[dict, dict]:
    """DejaVu Sans Bold at 12 px, FreeType's monochrome hinted rasteriser (no thresholding of
    anti-aliased edges: the font's hints place every stem on whole pixels)."""
    font = ImageFont.truetype(TTF_LARGE, LARGE_PX, layout_engine=ImageFont.Layout.BASIC)
    margin, width = 2, 18
    boxes = [font.getbbox(ch, mode="1", anchor="ls") for ch in CHARS]
    ascent = -min(b[1] for b in boxes)
    descent = max(b[3] for b in boxes)
    height = ascent + descent
    cells = {}
    for ch in CHARS:
        render = "\u00a0" if ch == "\u202f" else ch
        advance = int(font.getlength(render, mode="1"))
        if ch == "\u202f":
            advance = 2
        cell = Image.new("1", (width, height), 0)
        draw = ImageDraw.Draw(cell)
        draw.fontmode = "1"
        draw.text((margin, ascent), render, font=font, fill=1, anchor="ls")
        bbox = cell.getbbox()
        assert bbox is None or (bbox[0] > 0 and bbox[2] < width), ch
        if bbox is not None and bbox[0] < margin:
            # Ink left of the pen (v, y, ÿ, J hinted at 12 px): it would touch the glyph
            # before ("installed yet" read "installedy et"). Move it onto the pen and keep
            # one blank column after it.
            shift = margin - bbox[0]
            moved = Image.new("1", cell.size, 0)
            moved.paste(cell, (shift, 0))
            cell = moved
            advance = max(advance, bbox[2] - bbox[0] + 1)
        elif bbox is not None and ch in LARGE_WIDEN:
            advance = max(advance, bbox[2] - margin + 1)
        assert margin + advance <= width, ch
        cells[ch] = (cell, margin, advance)
    meta = {"cell_width": width, "cell_height": height, "baseline": ascent, "line_height": 16}
    return cells, meta


def write_sheet(name: str, cells: dict, meta: dict, source: str) -> None:
    cw, ch_h, base = meta["cell_width"], meta["cell_height"], meta["baseline"]
    rows = (len(CHARS) + COLUMNS - 1) // COLUMNS
    pitch_x, pitch_y = cw + 1, ch_h + 2
    sheet = Image.new("RGB", (COLUMNS * pitch_x, rows * pitch_y), GRID)
    for i, ch in enumerate(CHARS):
        glyph, origin, advance = cells[ch]
        x0, y0 = (i % COLUMNS) * pitch_x, (i // COLUMNS) * pitch_y
        for y in range(ch_h):
            for x in range(cw):
                if glyph.getpixel((x, y)):
                    colour = INK
                else:
                    colour = DESCENT_TINT if y >= base else PAPER
                sheet.putpixel((x0 + x, y0 + y), colour)
        for x in range(cw):
            on_bar = origin <= x < origin + advance
            sheet.putpixel((x0 + x, y0 + ch_h), BAR if on_bar else PAPER)
    sheet.save(OUT / f"{name}.png", optimize=True)
    doc = dict(meta, columns=COLUMNS, source=source, chars=CHARS)
    (OUT / f"{name}.json").write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n")


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    cells, meta = small_glyphs()
    write_sheet("small", cells, meta, "misc-fixed 5x8 (xfonts-base), public domain")
    cells, meta = large_glyphs()
    write_sheet(
        "large", cells, meta, "DejaVu Sans Bold 12 px (fonts-dejavu-core), Bitstream Vera licence"
    )
    print(f"wrote {OUT}/small.png, large.png ({len(CHARS)} chars)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
