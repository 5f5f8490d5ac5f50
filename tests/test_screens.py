"""Headless screenshots of the real console screens (tools/screenshots.py), checked by content:
which theme colours appear where (title bar, selected row, warning stripe, card colours),
at every screen size, in every theme and in French. The pictures are made here in memory; the
committed copies in docs/img/ are refreshed with `python -m tools.screenshots`."""

import io

import pytest

import registry
from core import theme
from sim.platform import rgb565_to_rgb888
from tools import screenshots

TITLE_H = 22      # widgets.title_height: large line height 16 + 6
HINT_H = 13       # widgets.hint_height: small line height 9 + 4
ROW_H = 24        # menu rows: large line height 16 + 8
MENU_TOP = TITLE_H + 2
# Main menu rows: 36 px with the 32-px game icons when every row fits that way (the menu list
# is the content box less 4 px: 201 px on the 240-high boards), else plain 24-px rows.
MAIN_ROWS = max(1, len(registry.GAMES)) + 2
MAIN_ICONS = MAIN_ROWS * 36 <= 240 - TITLE_H - HINT_H - 4
MAIN_ROW_H = 36 if MAIN_ICONS else ROW_H
# The main menu's cursor starts on the first game, or on Settings when no game is registered
# (the "no games installed yet" row is disabled).
FIRST = 0 if registry.GAMES else 1


def rgb(index, name="dark"):
    """What the panel shows for theme colour `index` (RGB565 widened to 8 bits a channel)."""
    return rgb565_to_rgb888(theme.palette(name)[index])


def count(img, color, box=None):
    """Pixels of exactly `color` inside box (x0, y0, x1, y1), the whole image by default."""
    region = img.crop(box) if box else img
    for n, c in region.getcolors(region.width * region.height):
        if c == color:
            return n
    return 0


def rows_with(img, color):
    """The y of every row holding at least one pixel of `color`."""
    return [y for y in range(img.height)
            if count(img, color, (0, y, img.width, y + 1))]


@pytest.fixture(scope="module")
def shots():
    """Every screenshot of tools/screenshots.py, taken once for this module."""
    return {name: screenshots.take(name)[0] for name in screenshots.NAMES}


def test_sizes(shots):
    for name, img in shots.items():
        expected = {"menu_240x135": (240, 135), "menu_320x240": (320, 240)}.get(name, (240, 240))
        assert (img.size, img.mode) == (expected, "RGB"), name


def test_splash_has_the_four_card_colours_and_the_title(shots):
    img = shots["splash"]
    for index in (theme.RED, theme.BLUE, theme.YELLOW, theme.GREEN):
        # Each card: a 2-pixel outline and a suit icon in its colour.
        assert count(img, rgb(index)) > 150, index
    assert count(img, rgb(theme.CARD)) > 2000          # the four card faces
    assert count(img, rgb(theme.ACCENT), (0, 120, 240, 140)) > 80   # "Card Console" title
    assert img.getpixel((0, 0)) == rgb(theme.BG)


def menu_checks(img, name="dark", cursor_row=FIRST, row_h=MAIN_ROW_H):
    w, h = img.size
    # Title bar: a PANEL strip with the title in ACCENT and an EDGE line under it.
    assert count(img, rgb(theme.PANEL, name), (0, 0, w, TITLE_H - 1)) > w * TITLE_H // 2
    assert count(img, rgb(theme.ACCENT, name), (0, 0, w, TITLE_H)) > 60
    assert count(img, rgb(theme.EDGE, name), (0, TITLE_H - 1, w, TITLE_H)) == w
    # Hint bar at the bottom: PANEL with DIM text.
    assert count(img, rgb(theme.PANEL, name), (0, h - HINT_H, w, h)) > w * HINT_H // 2
    assert count(img, rgb(theme.DIM, name), (0, h - HINT_H, w, h)) > 20
    # The selected row, and only it, has the SEL box around its label (SEL_FG text on it):
    # the box is the label's line height plus 2, centred in the row.
    sel = rows_with(img, rgb(theme.SEL, name))
    top = MENU_TOP + cursor_row * row_h
    box = top + (row_h - 18) // 2
    assert sel == list(range(box, box + 18))
    assert count(img, rgb(theme.SEL_FG, name), (0, top, w, top + row_h)) > 60


def test_main_menu(shots):
    menu_checks(shots["menu"])
    first_row = (0, MENU_TOP, 240, MENU_TOP + MAIN_ROW_H)
    if not registry.GAMES:
        # No games yet: the first row is disabled (DIM), the cursor starts on Settings.
        assert count(shots["menu"], rgb(theme.DIM), first_row) > 100
    else:
        assert count(shots["menu"], rgb(theme.SEL_FG), first_row) > 60


def test_main_menu_cursor_moved(shots):
    menu_checks(shots["menu_down"], cursor_row=FIRST + 1)
    # Only the two rows the cursor left and reached differ from the menu before DOWN.
    a, b = shots["menu"], shots["menu_down"]
    changed = [y for y in range(240)
               if a.crop((0, y, 240, y + 1)).tobytes() != b.crop((0, y, 240, y + 1)).tobytes()]
    top = MENU_TOP + FIRST * MAIN_ROW_H
    assert changed and changed[0] >= top and changed[-1] < top + 2 * MAIN_ROW_H
    # ... and only the label boxes, never the icons at the left (or the margin before the
    # labels when there are no icons).
    left = 44 if MAIN_ICONS else 4
    assert a.crop((0, top, left, top + 2 * MAIN_ROW_H)).tobytes() == \
        b.crop((0, top, left, top + 2 * MAIN_ROW_H)).tobytes()


@pytest.mark.parametrize("name,row_h", [("menu_240x135", ROW_H), ("menu_320x240", MAIN_ROW_H)])
def test_menu_other_boards(shots, name, row_h):
    menu_checks(shots[name], row_h=row_h)


def test_main_menu_shows_each_game_icon(shots):
    img = shots["menu"]
    for row in range(min(MAIN_ROWS, 5)):
        y = MENU_TOP + row * MAIN_ROW_H
        icon = count(img, rgb(theme.ACCENT), (6, y + 2, 38, y + 34))
        # With more rows than fit at 36 px the menu shows labels only.
        assert (icon > 40) if MAIN_ICONS else (icon < 40), (row, icon)


@pytest.mark.parametrize("name", ["light", "contrast"])
def test_menu_themes(shots, name):
    img = shots["menu_" + name]
    menu_checks(img, name)
    assert img.getpixel((120, 200)) == rgb(theme.BG, name)
    assert rgb(theme.BG, name) != rgb(theme.BG) and img.tobytes() != shots["menu"].tobytes()


def test_settings(shots):
    img = shots["settings"]
    menu_checks(img, cursor_row=0, row_h=ROW_H)
    # Values are right-aligned in ACCENT on the unselected rows (theme, brightness, ...).
    values = (180, MENU_TOP + ROW_H, 236, MENU_TOP + 7 * ROW_H)
    assert count(img, rgb(theme.ACCENT), values) > 100


def test_french(shots):
    en, fr = shots["settings"], shots["settings_fr"]
    menu_checks(fr, cursor_row=0, row_h=ROW_H)
    title = (0, 0, 240, TITLE_H)
    assert en.crop(title).tobytes() != fr.crop(title).tobytes()       # Settings / Réglages
    menu_checks(shots["menu_fr"])
    assert shots["menu_fr"].crop(title).tobytes() != shots["menu"].crop(title).tobytes()


def test_about(shots):
    img = shots["about"]
    assert count(img, rgb(theme.ACCENT), (0, 0, 240, TITLE_H)) > 40
    assert count(img, rgb(theme.FG), (0, TITLE_H, 240, 240 - HINT_H)) > 1000  # body text
    assert not rows_with(img, rgb(theme.SEL))                            # no menu here


def test_error_screen(shots):
    img = shots["error"]
    warn = rgb(theme.WARN)
    # The warning stripe: the top four rows entirely WARN, then the title in WARN.
    assert count(img, warn, (0, 0, 240, 4)) == 4 * 240
    assert count(img, warn, (0, 4, 240, 30)) > 80
    assert count(img, rgb(theme.FG), (0, 30, 240, 60)) > 100     # "ValueError: demo: ..."
    assert count(img, rgb(theme.ACCENT)) > 100                   # "Press any button ..."


def test_gallery(shots):
    img = shots["gallery"]
    assert count(img, rgb(theme.ACCENT), (0, 0, 240, TITLE_H)) > 60
    assert count(img, rgb(theme.CARD)) > 3000       # card faces
    assert count(img, rgb(theme.BACK)) > 1000       # card backs
    for index in (theme.RED, theme.BLUE, theme.GREEN, theme.INK):
        assert count(img, rgb(index)) > 30, index
    assert count(img, rgb(theme.SEL)) > 100         # the score table's highlighted row


def test_same_inputs_same_png_bytes():
    first, second = io.BytesIO(), io.BytesIO()
    screenshots.save_png(screenshots.take("error")[0], first)
    screenshots.save_png(screenshots.take("error")[0], second)
    assert first.getvalue() == second.getvalue()


def test_cli_writes_named_pngs(tmp_path):
    assert screenshots.main(["--out", str(tmp_path), "--only", "menu,splash"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["menu.png", "splash.png"]
    assert screenshots.main(["--out", str(tmp_path), "--only", "nope"]) == 2


# -- card text readable in every theme ---------------------------------------------------------
def _luminance(rgb):
    """WCAG relative luminance of an sRGB colour (0..255 channels)."""
    out = 0.0
    for weight, v in zip((0.2126, 0.7152, 0.0722), rgb):
        v /= 255
        v = v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
        out += weight * v
    return out


def contrast(a, b):
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_contrast_ratio_hand_worked():
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast((255, 255, 0), (255, 255, 255)) == pytest.approx(1.07, abs=0.01)
    assert contrast((119, 119, 0), (255, 255, 255)) == pytest.approx(4.75, abs=0.01)


CARD_TEXT = (theme.RED, theme.BLUE, theme.YELLOW, theme.GREEN)


@pytest.mark.parametrize("name", theme.NAMES)
def test_card_text_is_readable_in_every_theme(name):
    """What the panel shows (RGB565): corner text and symbols in the four card colours and INK
    over the card face, at least 4.5:1; the card colours still seen on the background (3:1);
    a dimmed card's DIM over the face 3:1."""
    card = rgb(theme.CARD, name)
    low = []
    for index in CARD_TEXT + (theme.INK,):
        r = contrast(rgb(index, name), card)
        if r < 4.5:
            low.append((index, round(r, 2)))
    for index in CARD_TEXT:
        r = contrast(rgb(index, name), rgb(theme.BG, name))
        if r < 3.0:
            low.append(("on BG", index, round(r, 2)))
    r = contrast(rgb(theme.DIM, name), card)
    if r < 3.0:
        low.append(("DIM", round(r, 2)))
    assert low == [], name
    # The card colours keep their hue: red, blue and green lead with their own channel,
    # yellow is red and green over blue.
    red, blue, yellow, green = (rgb(i, name) for i in CARD_TEXT)
    assert red[0] > max(red[1:]) and blue[2] > max(blue[:2]) and green[1] > max(green[0::2])
    assert min(yellow[:2]) > 2 * yellow[2] and abs(yellow[0] - yellow[1]) < 40
