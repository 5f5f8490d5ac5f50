"""The console's web page in Chromium, played as a person plays it: every game opened and
a move taken from the keyboard (a desktop page) and from taps on the drawn buttons (a phone
page, touch), a button held down, chords by two fingers and by Shift+click.
Fixtures and steps: tests/web_pages.py."""

import pytest

from tests import web_pages as wp
from tests.web_pages import GAMES, at_menu, live, no_errors, open_game, presser, take_move
from tools import web_browser as wb


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    yield from wp.site(tmp_path_factory)


@pytest.fixture(scope="module")
def chrome():
    yield from wp.chrome()


@pytest.fixture(autouse=True)
def _close_pages(chrome):
    yield from wp.closing(chrome)


# -- every game, by keys and by taps ---------------------------------------------------------
def _quick_preview():
    """Settings with Memory's card preview at 1 s (3 by default): the first move waits less."""
    from core import storage

    return {"settings.json": storage.encode(dict(storage.DEFAULT_SETTINGS, preview_s=1))}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_opens_and_takes_a_move_by_keys_and_by_taps(chrome, site, game):
    page = live(chrome, site, data=_quick_preview())
    keys = presser(page)
    d = open_game(page, keys, game)
    assert d["game"] == game
    take_move(page, keys, game)
    no_errors(page)
    page.page.context.close()
    phone = live(chrome, site, context=wb.PHONE, data=_quick_preview())
    taps = presser(phone, "touch")
    open_game(phone, taps, game)
    take_move(phone, taps, game)
    no_errors(phone)
    phone.page.context.close()


@pytest.mark.parametrize("how,context", [("touch", wb.PHONE), ("mouse", wb.DESKTOP)])
def test_a_drawn_button_held_down_repeats_as_on_the_device(chrome, site, how, context):
    page = live(chrome, site, "pico_lcd_1_3", context)
    p = presser(page, how)
    assert at_menu(page)["cursor"] == 0
    p.press("DOWN", hold=750)     # the press, then repeats from 380 ms, every 90 ms
    moved = page.wait_for("d.cursor > 0")["cursor"]
    assert 3 <= moved <= 8, moved   # (9 rows: no wrap within that)
    no_errors(page)


def test_chords_by_two_fingers_and_by_shift_click_on_the_display_pack(chrome, site):
    for how, context in (("touch", wb.PHONE), ("mouse", wb.DESKTOP)):
        page = live(chrome, site, "display_pack_2", context)
        p = presser(page, how)
        at_menu(page)
        p.press("A")     # Memory's setup screen, the cursor on Board
        page.wait_for("d.scenes.includes('SetupScreen')")
        first = page.page.evaluate("window.cardConsole.pixels().rgb")
        p.press("B+Y")   # RIGHT: the board size changes
        page.page.wait_for_function("r => window.cardConsole.pixels().rgb !== r", arg=first,
                                    timeout=3_000)
        assert page.describe()["scenes"] == ["SetupScreen"], how   # B alone would leave
        p.press("B")             # a short B alone goes back to the main menu
        at_menu(page)
        no_errors(page)
        page.page.context.close()
