"""The console's web page (make web) in a real browser: Debian's Chromium driven by Playwright.
It boots, draws the headless simulator's pixels, brings the game in progress back at a
reload, sets a damaged entry aside, plays sound and shows the LED, says why it cannot start,
takes the README's picture, and replays a robot player's game. Playing by keys and taps:
tests/test_web_play.py; fixtures and steps: tests/web_pages.py."""

import re

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


# -- boot -----------------------------------------------------------------------------------
@pytest.mark.parametrize("board", ["pico_lcd_1_3", "pico_lcd_1_14", "display_pack_2"])
def test_boots_to_the_main_menu_with_no_console_error(chrome, site, board):
    page = live(chrome, site, board)
    d = at_menu(page)
    assert d["board"] == board and d["rows"][:2] == ["Memory", "Match & Collect"]
    info = page.page.evaluate("window.cardConsole.info")
    w, h = {"pico_lcd_1_3": (240, 240), "pico_lcd_1_14": (240, 135),
            "display_pack_2": (320, 240)}[board]
    assert (info["width"], info["height"]) == (w, h)
    assert page.screen().size == (w, h)
    # the board's own buttons are drawn, and only those
    drawn = sorted(int(x) for x in page.page.eval_on_selector_all(
        ".btn[data-bit]", "els => els.map(e => e.dataset.bit)"))
    assert sum(drawn) == info["buttons"] and len(drawn) == bin(info["buttons"]).count("1")
    # the key map names the keyboard's keys
    keymap = page.page.inner_text("#keymap")
    assert re.search(r"Z\s+A \(choose", keymap) and re.search(r"X\s+B \(back", keymap)
    assert ("MENU" in page.page.inner_text("#keymap-rows")) == (board != "display_pack_2")
    page.page.wait_for_timeout(500)
    no_errors(page)


@pytest.mark.parametrize("context", [wb.DESKTOP, wb.PHONE], ids=["desktop", "phone"])
def test_the_screen_is_scaled_by_whole_device_pixels(chrome, site, context):
    page = live(chrome, site, "display_pack_2", context)
    css_w, css_h, dpr, rendering = page.page.evaluate(
        "() => { const c = document.getElementById('screen'); const r = c.getBoundingClientRect();"
        " return [r.width, r.height, devicePixelRatio, getComputedStyle(c).imageRendering]; }")
    k = css_w * dpr / 320
    assert k >= 1 and abs(k - round(k)) < 1e-6 and abs(css_h * dpr / 240 - k) < 1e-6
    assert rendering == "pixelated"
    # the whole handheld fits the width: nothing to scroll sideways, on a phone too
    assert page.page.evaluate("document.documentElement.scrollWidth <= innerWidth")


# -- the same pixels as the simulator -------------------------------------------------------
SCRIPTS = {
    "pico_lcd_1_3": ("A,DOWN,DOWN,A,WAIT:300,DOWN,DOWN,A,WAIT:1500,A,WAIT:300,SHOT:mid,"
                     "WAIT:3000,DOWN,DOWN,MENU,WAIT:400", 5),
    "pico_lcd_1_14": ("DOWN,A,WAIT:400,DOWN,DOWN,A,WAIT:4000,A,WAIT:300,SHOT:mid,RIGHT,A", 5),
    "display_pack_2": ("A,Y,Y,Y,A,WAIT:300,Y,Y,Y,Y,A,WAIT:2000,A,WAIT:300,SHOT:mid,WAIT:2500,"
                       "HOLD:B:900", 3),
}


@pytest.mark.parametrize("board", sorted(SCRIPTS))
def test_the_page_draws_the_simulators_pixels(chrome, site, board):
    from PIL import ImageChops

    from sim import headless
    from sim.platform import SimPlatform

    keys, seed = SCRIPTS[board]
    page = wb.scripted(chrome, site, keys, board, seed)
    assert page.page.evaluate("window.cardConsole.state") == "done", page.status()
    state = page.describe()
    assert state.get("actions", 0) > 0, state       # it reached a game and took a move
    SimPlatform.tips = False
    r = headless.run(keys, board=board, seed=seed)
    assert type(r.app.top).__name__ == state["scenes"][-1]
    for name, sim_img in (("mid", r.frames["mid"]), ("final", r.final)):
        img = page.shot(name) if name != "final" else page.screen()
        assert img.size == sim_img.size
        assert ImageChops.difference(img, sim_img).getbbox() is None, (board, name)
    no_errors(page)


# -- saves ----------------------------------------------------------------------------------
def test_a_reload_brings_the_table_back_as_it_was_and_b_goes_to_the_menu(chrome, site):
    """A reload is the console's power-on (docs/POWER.md): the game in progress opens at its
    table with no press, every move in it, and once its messages have gone it is as it was;
    B while they are up goes to the main menu, the game kept (its setup screen offers it)."""
    from PIL import ImageChops

    from core import storage

    # tips off: no guided first turn over the table, no tip at the power-on table
    settings = storage.encode(dict(storage.DEFAULT_SETTINGS, tips_enabled=False))
    page = live(chrome, site, data={"settings.json": settings})
    keys = presser(page)
    open_game(page, keys, "match252")
    take_move(page, keys, "match252")
    # your turn again, the AI's answer played and every message read: nothing moves now
    d = page.wait_for("d.human_to_move && d.messages === 0", 15_000, 120_000)
    moved, scenes, before = d["actions"], d["scenes"], page.screen()
    files = wb.stored(page)
    assert len(files["resume_match252.act"]) == 2 * moved and "playing.txt" in files
    page.page.reload()
    assert page.wait_state() == "running"
    d = page.wait_for("d.game === 'match252' && d.actions === %d" % moved, 10_000, 60_000)
    assert d["scenes"] == scenes[-1:], d          # the table alone: no menu, no setup screen
    assert "Back in your game. B: main menu" in d["said"], d
    d = page.wait_for("d.messages === 0 && d.human_to_move", 15_000, 60_000)
    assert d["actions"] == moved
    assert ImageChops.difference(page.screen(), before).getbbox() is None
    # again, and B while "Back in your game" is up
    page.page.reload()
    assert page.wait_state() == "running"
    page.wait_for("d.game === 'match252' && d.messages > 0", 10_000, 60_000)
    keys.press("B")
    at_menu(page)
    assert "resume_match252.act" in wb.stored(page)
    wb.cursor_to(page, keys, GAMES.index("match252"))
    keys.press("A")
    d = page.wait_for("d.message !== undefined", 10_000)
    assert d["message"] == "Resume the game you left?" and d["rows"] == ["Resume", "New game"]
    keys.press("A")
    d = page.wait_for("d.game === 'match252'", 10_000)
    assert d["actions"] == moved
    no_errors(page)


def test_a_damaged_entry_is_set_aside_as_on_the_device(chrome, site):
    from core import storage

    good = storage.encode(dict(storage.DEFAULT_SETTINGS, lang="fr"))
    page = live(chrome, site, data={"settings.json": "this is not a record"})
    d = at_menu(page)
    assert d["rows"][0] == "Memory"          # defaults (English): the record was not read
    files = wb.stored(page)
    # kept as .bad (its bytes: the raw text, as the device keeps a bad file), and no new
    # settings written until the player changes one
    assert files.get("settings.json.bad") == b"this is not a record"
    assert "settings.json" not in files
    no_errors(page)
    # a valid record is read (French menu) and stays as it was
    page.page.context.close()
    page = live(chrome, site, data={"settings.json": good})
    assert at_menu(page)["rows"][0] == "Mémoire"
    assert wb.stored(page)["settings.json"] == good
    no_errors(page)


# -- sound and light ------------------------------------------------------------------------
def test_sound_plays_only_after_the_first_key(chrome, site):
    from core import storage

    settings = storage.encode(dict(storage.DEFAULT_SETTINGS, sound=True))
    page = live(chrome, site, data={"settings.json": settings})
    at_menu(page)
    assert page.page.evaluate("window.cardConsole.tones") == {"asked": 0, "played": 0}
    keys = presser(page)
    keys.keys("DOWN,DOWN")
    tones = page.page.evaluate("window.cardConsole.tones")
    assert tones["played"] >= 1 and tones["played"] <= tones["asked"]
    no_errors(page)


def test_the_your_turn_light_shows_on_the_display_pack(chrome, site):
    page = live(chrome, site, "display_pack_2")
    p = presser(page)
    assert page.page.get_attribute("#led", "class") == "led"
    open_game(page, p, "match252", four_buttons=True)
    page.page.wait_for_selector("#led.on", timeout=5_000)
    color = page.page.eval_on_selector("#led", "e => e.style.background")
    assert color.startswith("rgb(") and color != "rgb(0, 0, 0)"
    no_errors(page)


# -- a page that cannot start says why --------------------------------------------------------
@pytest.mark.parametrize("missing,says", [
    ("firmware.pack", "firmware.pack is missing (HTTP 404)"),
    ("micropython.wasm", "MicroPython did not start"),
    ("store.js", "console.js or a module it imports could not be loaded"),
    ("frame.js", "worker.js or a module it imports could not be loaded"),
])
def test_a_missing_file_is_told_in_the_page(chrome, site, missing, says):
    ctx = chrome.new_context()
    raw = ctx.new_page()
    raw.route("**/%s*" % missing, lambda route: route.fulfill(status=404, body="gone"))
    page = wb.Page(raw)
    raw.goto(site.url())
    assert page.wait_state(("error",)) == "error"
    assert says in page.status()
    ctx.close()


@pytest.mark.parametrize("missing,says", [("WebAssembly", "no WebAssembly"),
                                           ("Worker", "no Web Workers")])
def test_a_browser_without_what_the_page_needs_is_told_so(chrome, site, missing, says):
    ctx = chrome.new_context()
    ctx.add_init_script("delete globalThis.%s" % missing)
    page = wb.Page(ctx.new_page())
    page.page.goto(site.url())
    assert page.wait_state(("error",)) == "error"
    assert says in page.status()
    ctx.close()


# -- the README's picture -------------------------------------------------------------------
def test_the_readme_picture_is_the_handheld_in_the_page(chrome, site, tmp_path):
    from PIL import Image

    path = wb.page_picture(chrome, site, tmp_path / "page.png")
    img = Image.open(path)
    assert img.width > 240 * 2 and img.height > 240   # the handheld, not only its screen


# -- the robot player's run, replayed in the page -------------------------------------------
def test_a_robot_run_of_the_short_pass_replays_in_the_page(chrome, site, tmp_path):
    """A game of the robot's short pass (Match 2-52 on the Display Pack: chords and held B)
    played on the headless simulator, then its key script and seeds in the page: the same
    game to the same end, the same pixels."""
    from PIL import ImageChops

    from tools.robot import matrix
    from tools.robot.player import Player

    plan = [p for p in matrix.short_plans(1)
            if p.game == "match252" and p.board == "display_pack_2"][0]
    player = Player(plan, str(tmp_path))
    result = player.run()
    assert result.ok, (plan, [str(f) for f in result.failures][:5])
    robot_screen = player.driver.platform.display.to_image()
    page = wb.scripted(chrome, site, result.keys, plan.board, 0, settle_ms=0,
                       extra={"seeds": ",".join(str(s) for s in result.seeds),
                              "lang": plan.lang}, timeout_ms=300_000)
    assert page.page.evaluate("window.cardConsole.state") == "done", page.status()
    d = page.describe()
    assert d["scenes"][-1] == result.top and d["errors"] == 0
    assert ImageChops.difference(page.screen(), robot_screen).getbbox() is None
    no_errors(page)
