"""One-off generator of the original 1-bit icon art in assets/icons/ (not part of the build).

    python -m tools.make_icon_art      # rewrites assets/icons/*.png

Small icons are pixel art written out below ('#' = ink); the 16 px suits and the 32 px menu
icons are drawn with Pillow primitives, some reusing the small art. All of it is original to
this project. The PNGs (black ink on white, mode "1") are the sources tools/assets.py reads; they
may also be edited by hand afterwards.
"""

import sys
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "assets" / "icons"

ART = {
    # Match & Collect symbols, 16x16
    "sym_stag_16": """
        #..#........#..#
        #..#.#....#.#..#
        .#.#.#....#.#.#.
        .####.#..#.####.
        ...#..#..#..#...
        ....###..###....
        ......#..#......
        ..##.######.##..
        ...##########...
        .....######.....
        .....######.....
        .....######.....
        ......####......
        ......####......
        .......##.......
        ................""",
    "sym_mountain_16": """
        ................
        ................
        ................
        ......#.........
        .....###........
        ....##.##.......
        ....#...#..#....
        ...##.#.####....
        ...#######.##...
        ..##########.#..
        ..############..
        .##############.
        .##############.
        ################
        ................
        ................""",
    "sym_wave_16": """
        ................
        ................
        .###....###.....
        ##.##..##.##..##
        #...####...####.
        ................
        ................
        .###....###.....
        ##.##..##.##..##
        #...####...####.
        ................
        ................
        .###....###.....
        ##.##..##.##..##
        #...####...####.
        ................""",
    "sym_tree_16": """
        .......##.......
        ......####......
        .....######.....
        ......####......
        .....######.....
        ....########....
        .....######.....
        ....########....
        ...##########...
        ....########....
        ...##########...
        ..############..
        .......##.......
        .......##.......
        .....######.....
        ................""",
    "sym_crown_16": """
        ................
        .##....##....##.
        .##....##....##.
        ..#...####...#..
        ..##..####..##..
        ..###.####.###..
        ..############..
        ..############..
        ..############..
        ..##.##..##.##..
        ..############..
        ................
        ..############..
        ..############..
        ................
        ................""",
    "sym_key_16": """
        ................
        ................
        ................
        ..####..........
        .######.........
        ##....##........
        ##....##########
        ##....##########
        ##....##...##.##
        .######....##.##
        ..####.....##...
        ................
        ................
        ................
        ................
        ................""",
    # Match & Collect symbols, 12x12
    "sym_stag_12": """
        #..#....#..#
        #.#.#..#.#.#
        .##.#..#.##.
        ..###..###..
        ....#..#....
        .##.####.##.
        ..########..
        ....####....
        ....####....
        ....####....
        .....##.....
        ............""",
    "sym_mountain_12": """
        ............
        ............
        ....#.......
        ...###......
        ..##.##.....
        ..#...#.#...
        .##.#####...
        .#######.#..
        ###########.
        ############
        ............
        ............""",
    "sym_wave_12": """
        ............
        .##...##....
        #..#.#..#..#
        ....#....##.
        ............
        .##...##....
        #..#.#..#..#
        ....#....##.
        ............
        .##...##....
        #..#.#..#..#
        ....#....##.""",
    "sym_tree_12": """
        .....##.....
        ....####....
        ...######...
        ....####....
        ...######...
        ..########..
        ...######...
        ..########..
        .##########.
        .....##.....
        ....####....
        ............""",
    "sym_crown_12": """
        ............
        .....##.....
        .#...##...#.
        .##.####.##.
        .##########.
        .##########.
        .##########.
        ............
        .#.##.##.#..
        ............
        .##########.
        ............""",
    "sym_key_12": """
        ............
        ............
        .###........
        #...#.......
        #...########
        #...#..#.#.#
        .###...#.#..
        ............
        ............
        ............
        ............
        ............""",
    # card suits, 8x8
    "suit_spade_8": """
        ...##...
        ..####..
        .######.
        ########
        ########
        .#.##.#.
        ...##...
        ..####..""",
    "suit_heart_8": """
        .##..##.
        ########
        ########
        ########
        .######.
        ..####..
        ...##...
        ........""",
    "suit_diamond_8": """
        ...##...
        ..####..
        .######.
        ########
        .######.
        ..####..
        ...##...
        ........""",
    "suit_club_8": """
        ...##...
        ..####..
        ..####..
        ##.##.##
        ########
        ##.##.##
        ...##...
        ..####..""",
    # UI glyphs, 8x8
    "arrow_up": """
        ...##...
        ..####..
        .######.
        ########
        ...##...
        ...##...
        ...##...
        ........""",
    "check": """
        ........
        .......#
        ......##
        #....##.
        ##..##..
        .####...
        ..##....
        ........""",
    "card_back": """
        #......#
        .#....#.
        ..#..#..
        ...##...
        ...##...
        ..#..#..
        .#....#.
        #......#""",
}

# a 5x7 'A' and '2' for the Match 2-52 icon
LETTERS = {
    "A": [".###.", "#...#", "#...#", "#####", "#...#", "#...#", "#...#"],
    "2": [".###.", "#...#", "....#", "...#.", "..#..", ".#...", "#####"],
}


def parse(art: str) -> Image.Image:
    rows = [r.strip() for r in art.strip().splitlines()]
    assert all(len(r) == len(rows[0]) for r in rows), rows
    img = Image.new("1", (len(rows[0]), len(rows)), 1)
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c == "#":
                img.putpixel((x, y), 0)
    return img


def moon(size: int) -> Image.Image:
    img = Image.new("1", (size, size), 1)
    d = ImageDraw.Draw(img)
    m = size // 8
    d.ellipse((m, m, size - 1 - m, size - 1 - m), fill=0)
    off = size // 3
    d.ellipse((m + off, m - size // 8, size - 1 - m + off, size - 1 - m - size // 8), fill=1)
    return img


def sun(size: int) -> Image.Image:
    img = Image.new("1", (size, size), 1)
    d = ImageDraw.Draw(img)
    c = (size - 1) / 2
    r = size * 0.22
    d.ellipse((c - r, c - r, c + r, c + r), fill=0)
    lo, hi = size * 0.34, size * 0.5 - 0.01
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        d.line((c + dx * lo, c + dy * lo, c + dx * hi, c + dy * hi), fill=0, width=2)
    k = 0.7071
    for dx, dy in ((k, k), (-k, k), (k, -k), (-k, -k)):
        d.line((c + dx * lo, c + dy * lo, c + dx * hi, c + dy * hi), fill=0, width=1)
    return img


def suit16(kind: str) -> Image.Image:
    img = Image.new("1", (16, 16), 1)
    d = ImageDraw.Draw(img)
    if kind == "heart":
        d.ellipse((0, 1, 8, 9), fill=0)
        d.ellipse((7, 1, 15, 9), fill=0)
        d.polygon([(0, 6), (15, 6), (8, 15), (7, 15)], fill=0)
    elif kind == "diamond":
        d.polygon([(7, 0), (8, 0), (14, 7), (14, 8), (8, 15), (7, 15), (1, 8), (1, 7)], fill=0)
    elif kind == "spade":
        d.polygon([(7, 0), (8, 0), (15, 8), (0, 8)], fill=0)
        d.ellipse((0, 5, 8, 12), fill=0)
        d.ellipse((7, 5, 15, 12), fill=0)
        d.polygon([(7, 9), (8, 9), (11, 15), (4, 15)], fill=0)
    else:  # club
        d.ellipse((4, 0, 11, 7), fill=0)
        d.ellipse((0, 5, 7, 12), fill=0)
        d.ellipse((8, 5, 15, 12), fill=0)
        d.polygon([(7, 7), (8, 7), (11, 15), (4, 15)], fill=0)
    return img


def card(d: ImageDraw.ImageDraw, box: tuple[int, int, int, int], back: bool = False) -> None:
    """A card outline with rounded corners, white inside (or a lattice back)."""
    d.rounded_rectangle(box, radius=2, fill=1, outline=0)
    if back:
        x0, y0, x1, y1 = box
        for y in range(y0 + 2, y1 - 1):
            for x in range(x0 + 2, x1 - 1):
                if (x - y) % 4 == 0 or (x + y) % 4 == 0:
                    d.point((x, y), fill=0)


def paste_ink(img: Image.Image, art: Image.Image, x: int, y: int) -> None:
    """Copy the ink (black) pixels of `art` onto `img`."""
    for yy in range(art.height):
        for xx in range(art.width):
            if art.getpixel((xx, yy)) == 0:
                img.putpixel((x + xx, y + yy), 0)


def letter(img: Image.Image, ch: str, x: int, y: int) -> None:
    for yy, row in enumerate(LETTERS[ch]):
        for xx, c in enumerate(row):
            if c == "#":
                img.putpixel((x + xx, y + yy), 0)


def menu_icons(small: dict[str, Image.Image]) -> dict[str, Image.Image]:
    icons = {}

    img = Image.new("1", (32, 32), 1)
    d = ImageDraw.Draw(img)
    card(d, (2, 1, 20, 26), back=True)
    card(d, (11, 5, 29, 30))
    paste_ink(img, small["sym_crown_12"], 14, 11)
    icons["game_match_collect"] = img

    img = Image.new("1", (32, 32), 1)
    d = ImageDraw.Draw(img)
    card(d, (1, 0, 15, 15), back=True)
    card(d, (16, 0, 30, 15))
    card(d, (1, 16, 15, 31))
    card(d, (16, 16, 30, 31), back=True)
    paste_ink(img, small["sym_moon_12"], 17, 2)
    paste_ink(img, small["sym_moon_12"], 2, 18)
    icons["game_memory"] = img

    img = Image.new("1", (32, 32), 1)
    d = ImageDraw.Draw(img)
    card(d, (0, 3, 15, 28))
    card(d, (16, 3, 31, 28))
    letter(img, "2", 3, 6)
    paste_ink(img, small["suit_spade_8"], 4, 17)
    letter(img, "2", 19, 6)
    paste_ink(img, small["suit_heart_8"], 20, 17)
    icons["game_match252"] = img

    img = Image.new("1", (32, 32), 1)
    d = ImageDraw.Draw(img)
    d.arc((8, 1, 23, 20), 180, 360, fill=0, width=3)
    d.line((8, 10, 8, 14), fill=0, width=3)
    d.line((23, 10, 23, 14), fill=0, width=3)
    d.rectangle((4, 14, 27, 31), fill=1, outline=0, width=2)
    d.rectangle((4, 14, 15, 31), fill=0)
    d.ellipse((17, 18, 23, 24), fill=0)
    d.polygon([(19, 22), (21, 22), (22, 28), (18, 28)], fill=0)
    icons["game_shadow_lock"] = img

    img = Image.new("1", (32, 32), 1)
    d = ImageDraw.Draw(img)
    d.ellipse((6, 6, 25, 25), fill=0)
    for k in range(8):
        dx, dy = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)][k]
        r = 11.5 * (0.72 if dx and dy else 1)  # diagonal teeth sit on the same circle
        cx, cy = 15.5 + dx * r, 15.5 + dy * r
        d.rectangle((cx - 2.5, cy - 2.5, cx + 2.5, cy + 2.5), fill=0)
    d.ellipse((11, 11, 20, 20), fill=1)
    icons["game_manufactory"] = img

    img = Image.new("1", (32, 32), 1)
    d = ImageDraw.Draw(img)
    d.ellipse((2, 12, 29, 31), fill=0)
    d.rectangle((1, 11, 30, 14), fill=0)
    d.line((3, 16, 28, 16), fill=1)
    d.line((4, 31, 6, 28), fill=0, width=2)
    d.line((27, 31, 25, 28), fill=0, width=2)
    d.ellipse((8, 3, 14, 9), outline=0)
    d.ellipse((18, 0, 22, 4), outline=0)
    d.ellipse((18, 6, 21, 9), fill=0)
    icons["game_cauldron"] = img

    img = Image.new("1", (32, 32), 1)
    d = ImageDraw.Draw(img)
    for y, knob in ((6, 20), (16, 9), (26, 16)):
        d.line((2, y, 29, y), fill=0, width=2)
        d.rectangle((knob - 3, y - 4, knob + 3, y + 4), fill=1, outline=0, width=2)
    icons["settings"] = img

    img = Image.new("1", (32, 32), 1)
    d = ImageDraw.Draw(img)
    d.ellipse((1, 1, 30, 30), outline=0, width=3)
    d.rectangle((14, 7, 17, 10), fill=0)
    d.rectangle((14, 13, 17, 24), fill=0)
    d.rectangle((12, 13, 14, 14), fill=0)
    d.rectangle((12, 23, 19, 24), fill=0)
    icons["about"] = img
    return icons


def all_icons() -> dict[str, Image.Image]:
    icons = {name: parse(art) for name, art in ART.items()}
    for size in (16, 12):
        icons[f"sym_moon_{size}"] = moon(size)
        icons[f"sym_sun_{size}"] = sun(size)
    for kind in ("spade", "heart", "diamond", "club"):
        icons[f"suit_{kind}_16"] = suit16(kind)
    up = icons["arrow_up"]
    icons["arrow_down"] = up.transpose(Image.Transpose.FLIP_TOP_BOTTOM)
    icons["arrow_left"] = up.transpose(Image.Transpose.TRANSPOSE)
    icons["arrow_right"] = icons["arrow_left"].transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    icons.update(menu_icons(icons))
    return icons


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    icons = all_icons()
    for name, img in sorted(icons.items()):
        img.save(OUT / f"{name}.png", optimize=True)
    print(f"wrote {len(icons)} icons to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
