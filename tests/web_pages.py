"""What the browser tests share (tests/test_web_browser.py, tests/test_web_play.py): the site
built from this tree, one headless Chromium a test file, and the steps of a person at the page.

Each test file makes its module fixtures from `site` and `chrome` here. Without Chromium or
Playwright the tests skip, saying how to install them; under CI=true that
is a failure. Each file builds its own site (and its own make build tree) in a temporary
folder, so two pytest workers never build into the same folder.
"""

from tests import ci
from tools import web
from tools import web_browser as wb

GAMES = ("memory", "match_collect", "match252", "cauldron", "manufactory", "shadowlock")
# The first move of a game with its default options, by console buttons (repeated until the
# game's record grows: Memory's first cards can be turned only after the preview).
FIRST_MOVE = {"memory": "RIGHT,A", "match_collect": "B,A", "match252": "A", "cauldron": "A",
              "manufactory": "A", "shadowlock": "A"}


def site(tmp_path_factory):
    """The site served from a temporary folder (a generator for a module-scoped fixture)."""
    ci.require_gen()
    try:
        web.runtime_version()
    except web.WebBuildError as exc:
        ci.skip_or_fail(str(exc))
    out = tmp_path_factory.mktemp("web")
    web.build_site(out / "site", web.pico_build(out / "pico"))
    with wb.Site(out / "site") as s:
        yield s


def chrome():
    """A headless Chromium (a generator for a module-scoped fixture)."""
    try:
        with wb.browser() as b:
            yield b
    except wb.BrowserMissing as exc:
        ci.skip_or_fail("browser tests: %s" % exc)


def closing(chrome):
    """Closes every page a test left open once it is over (a generator for an autouse
    fixture): a live page's app keeps stepping, and the next tests share the machine."""
    yield
    for ctx in list(chrome.contexts):
        ctx.close()


def live(chrome, site, board="pico_lcd_1_3", context=None, data=None):
    return wb.menu_page(chrome, site, board, context, data)


def presser(page, how="keys"):
    """A person's presses, a little quicker than the simulator's taps (80 ms held, 170 ms
    released): 50 and 90 ms, well past the firmware's 15 ms debounce."""
    return wb.Presser(page.page, how, hold=50, gap=90)


def no_errors(page):
    assert page.errors == [], "\n".join(page.errors)
    assert page.describe()["errors"] == 0


def at_menu(page):
    return page.wait_for(wb.AT_MENU, 10_000, 60_000)


def open_game(page, presser, game, four_buttons=False):
    """From the main menu: choose `game`, move to Start, start; the table's state back once
    you are to move (an AI that plays first has played and its message has been read: a
    wait of 15 s with nothing new fails, a game that moves on is waited for up to 2 min)."""
    at_menu(page)
    wb.cursor_to(page, presser, GAMES.index(game), four_buttons)
    presser.press("A")
    d = page.wait_for("d.scenes.includes('SetupScreen') && d.rows && d.rows.includes('Start')")
    wb.cursor_to(page, presser, d["rows"].index("Start"), four_buttons)
    presser.press("A")
    return page.wait_for("d.game !== undefined && d.human_to_move", 15_000, 120_000)


def take_move(page, presser, game, tries=8):
    before = page.describe()["actions"]
    for _ in range(tries):
        presser.keys(FIRST_MOVE[game])
        try:
            return page.wait_for("d.actions > %d" % before, 1_500)
        except wb.WaitTimeout:   # try the move again
            continue
    raise AssertionError("%s took no move from %s: %s" % (game, presser.how, page.describe()))
