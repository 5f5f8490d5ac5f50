"""The web page in a real browser: Debian's Chromium driven by Playwright (tests, the README's
picture, the measurements of docs/WEB.md).

Playwright (PyPI) drives the system's Chromium (`/usr/bin/chromium`, or $CHROMIUM): its own
browser download is not used. `browser()` raises BrowserMissing, saying how to install what is
missing; the tests skip on it, or fail under CI=true.

    with Site(OUT) as site, browser() as b:
        page = open_page(b, site.url("?board=pico_lcd_1_14"))
"""

from __future__ import annotations

import base64
import contextlib
import functools
import http.server
import os
import shutil
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Beside docs/img, whose pictures are all tools/screenshots.py's headless golden screens.
README_SHOT = ROOT / "docs" / "web" / "page.png"
# Flags of a quiet headless Chromium: no background traffic (it spams refused connections
# where there is no internet), no first-run and sync work, no GPU.
CHROMIUM_ARGS = ("--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--disable-default-apps", "--mute-audio")
INSTALL = ("install it with `apt-get install chromium` (as root; `make test` does it when "
           "run as root with apt), or set CHROMIUM to a Chromium binary")


class BrowserMissing(Exception):
    """No Playwright or no Chromium: the message says how to get it."""


class WaitTimeout(AssertionError):
    """What a test waited for did not come: the message says where the page stands."""


def chromium_path() -> str:
    env = os.environ.get("CHROMIUM")
    if env:
        if not Path(env).exists():
            raise BrowserMissing("CHROMIUM=%s does not exist: %s" % (env, INSTALL))
        return env
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    raise BrowserMissing("Chromium not found: " + INSTALL)


@contextlib.contextmanager
def browser():
    """A headless Chromium (Playwright's Browser), closed on exit."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        raise BrowserMissing("Playwright is not installed: `make venv` installs it "
                             "(requirements-dev.txt)") from None
    exe = chromium_path()
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=exe, args=list(CHROMIUM_ARGS), headless=True)
        try:
            yield b
        finally:
            b.close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


class Site:
    """build/web served on a free local port in a thread (the same server as make web-serve)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        handler = functools.partial(_Quiet, directory=str(self.folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()

    def url(self, query: str = "") -> str:
        return "http://127.0.0.1:%d/index.html%s" % (self.httpd.server_address[1], query)


class Page:
    """A page of the console with what its console printed (`errors`: error messages and
    uncaught exceptions)."""

    def __init__(self, page):
        self.page = page
        self.errors: list[str] = []
        self.messages: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append("pageerror: %s" % exc))

    def _console(self, msg):
        text = "%s: %s" % (msg.type, msg.text)
        self.messages.append(text)
        if msg.type == "error":
            self.errors.append(text)

    def wait_state(self, states=("running", "done", "error"), timeout_ms=20_000) -> str:
        try:
            self.page.wait_for_function(
                "s => window.cardConsole && s.includes(window.cardConsole.state)",
                arg=list(states), timeout=timeout_ms)
        except Exception as exc:  # noqa: BLE001 - Playwright's timeout: say where it stands
            raise WaitTimeout("the page was not %s after %d ms: %s"
                              % (" or ".join(states), timeout_ms, self.where())) from exc
        return self.page.evaluate("window.cardConsole.state")

    def describe(self) -> dict:
        return self.page.evaluate("window.cardConsole.describe()")

    def where(self) -> str:
        """Where the page stands, for a failure's message: its state and status line, the
        app's steps and time busy in the worker, describe(), what its console printed."""
        try:
            info = self.page.evaluate(
                "async () => { const h = window.cardConsole; if (!h) return null; "
                "const s = h.state === 'running' ? await h.ask('stats') : null; "
                "return {state: h.state, status: document.getElementById('status')"
                ".textContent, steps: s && s.steps, busy_ms: s && Math.round(s.busyMs)}; }")
            d = self.describe() if info and info["state"] in ("running", "done") else None
        except Exception as exc:  # noqa: BLE001 - a page that cannot even say
            return "the page does not answer (%s)" % exc
        return "%s; describe() %s; console: %s" % (info, d, self.messages[-8:])

    def wait_for(self, predicate_js: str, timeout_ms=20_000, limit_ms: int | None = None):
        """Wait until `predicate_js`, a JS expression of `d` (describe()), is true; that `d`
        back. WaitTimeout after `timeout_ms` with nothing new: with `limit_ms`, an app that
        moves on meanwhile (a move made, a frame drawn, another screen) is waited for
        again, up to `limit_ms` in all, so a slow page (an AI thinking on a loaded machine)
        is told apart from a stuck one."""
        import time

        check = ("async () => { const h = window.cardConsole; if (!h || !h.describe) "
                 "return null; const d = await h.describe(); return [!!(%s), d]; }"
                 % predicate_js)
        start = last_change = time.monotonic()
        limit = max(timeout_ms, limit_ms or 0) / 1000
        seen = None
        while True:
            got = self.page.evaluate(check)
            now = time.monotonic()
            if got is not None:
                if got[0]:
                    return got[1]
                d = got[1]
                progress = (d.get("scenes"), d.get("actions"), d.get("frames"))
                if progress != seen:
                    seen = progress
                    last_change = now
            if now - last_change > timeout_ms / 1000 or now - start > limit:
                raise WaitTimeout(
                    "waited %.1f s for %s (%s): %s" % (
                        now - start, predicate_js,
                        "nothing new for %.1f s" % (now - last_change)
                        if now - last_change > timeout_ms / 1000 else "still moving",
                        self.where()))
            self.page.wait_for_timeout(50)

    def status(self) -> str:
        return self.page.inner_text("#status")

    def screen(self):
        """The canvas's pixels as a PIL RGB image (the console's own pixels, unscaled)."""
        from PIL import Image

        d = self.page.evaluate("window.cardConsole.pixels()")
        return Image.frombytes("RGB", (d["width"], d["height"]), base64.b64decode(d["rgb"]))

    def shot(self, name: str):
        """The picture a key script's SHOT:name took."""
        import io

        from PIL import Image

        url = self.page.evaluate("n => window.cardConsole.shots[n]", name)
        if not url:
            raise KeyError(name)
        img = Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1])))
        return img.convert("RGB")


# Console buttons by name: the keyboard key (the simulator's map) and the drawn button.
BITS = {"UP": 1, "DOWN": 2, "LEFT": 4, "RIGHT": 8, "A": 16, "B": 32, "X": 64, "Y": 128,
        "MENU": 256}
KEYBOARD = {"UP": "ArrowUp", "DOWN": "ArrowDown", "LEFT": "ArrowLeft", "RIGHT": "ArrowRight",
            "A": "z", "B": "x", "X": "a", "Y": "s", "MENU": "Escape"}


def button_selector(name: str) -> str:
    return '.btn[data-bit="%d"]' % BITS[name]


class Presser:
    """Presses console buttons on a live page as a person does: `press("A")`, chords
    `press("B+Y")`, `hold` ms down then `gap` ms up; by keyboard, by mouse clicks on the
    drawn buttons, or by touches on them (several fingers at once for a chord)."""

    def __init__(self, page, how="keys", hold=80, gap=170):
        self.page = page
        self.how = how
        self.hold = hold
        self.gap = gap
        self.cdp = page.context.new_cdp_session(page) if how == "touch" else None

    def _center(self, name):
        box = self.page.locator(button_selector(name)).bounding_box()
        if box is None:
            raise ValueError("no drawn %s button on this page" % name)
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    def press(self, token: str, hold: int | None = None):
        names = token.split("+")
        hold = self.hold if hold is None else hold
        page = self.page
        if self.how == "keys":
            for n in names:
                page.keyboard.down(KEYBOARD[n])
            page.wait_for_timeout(hold)
            for n in reversed(names):
                page.keyboard.up(KEYBOARD[n])
        elif self.how == "touch":
            points = [{"x": x, "y": y, "id": i}
                      for i, (x, y) in enumerate(self._center(n) for n in names)]
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchStart",
                                                       "touchPoints": points})
            page.wait_for_timeout(hold)
            self.cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        else:   # mouse: a chord holds the others with Shift+click (the page's latch)
            for n in names[:-1]:
                page.click(button_selector(n), modifiers=["Shift"])
            x, y = self._center(names[-1])
            page.mouse.move(x, y)
            page.mouse.down()
            page.wait_for_timeout(hold)
            page.mouse.up()
            for n in names[:-1]:
                page.click(button_selector(n), modifiers=["Shift"])
        page.wait_for_timeout(self.gap)

    def keys(self, script: str):
        for token in script.split(","):
            token = token.strip()
            if token.startswith("WAIT:"):
                self.page.wait_for_timeout(int(token[5:]))
            elif token:
                self.press(token)


PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3,
         "is_mobile": True, "has_touch": True}


DESKTOP = {"viewport": {"width": 1100, "height": 760}}
STORE_PREFIX = "cardconsole:data:"     # console.js: one localStorage entry per /data file


# A page of the site's origin to put entries in its storage before the console starts: made
# by the browser context's route, never asked of the site; with an icon, so the browser asks
# the site for no /favicon.ico (a document without one, such as console.css opened as a
# page, gets a 404 for it in the console, late: the next page's).
BLANK = "/storage-blank.html"
BLANK_HTML = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title></title>'


def open_page(b, url: str, context: dict | None = None, data: dict | None = None) -> Page:
    """A new browser context (its own storage) on `url`; `data` ({file name: bytes or str})
    is put in the page's storage first, as files the firmware finds in its data folder
    (a str is stored as it is: an entry that is not base64 is a damaged one)."""
    ctx = b.new_context(**(context or DESKTOP))
    raw = ctx.new_page()
    if data:
        blank = url.split("/index.html")[0] + BLANK
        ctx.route(blank, lambda route: route.fulfill(status=200, content_type="text/html",
                                                     body=BLANK_HTML))
        raw.goto(blank)
        entries = {STORE_PREFIX + name: (base64.b64encode(v).decode() if isinstance(v, bytes)
                                         else v) for name, v in data.items()}
        raw.evaluate("e => { for (const k in e) localStorage.setItem(k, e[k]); }", entries)
        ctx.unroute(blank)
    page = Page(raw)
    raw.goto(url)
    return page


def cursor_to(page: Page, presser: Presser, row: int, four_buttons: bool = False) -> dict:
    """Move the cursor of the menu on top to `row` by presses, reading where it is after each:
    a press held too long on a loaded machine repeats, and a count of presses made blindly
    then lands elsewhere. describe() back."""
    d = page.describe()
    for _ in range(3 * len(d.get("rows") or ()) + 3):
        if d["cursor"] == row:
            return d
        down = d["cursor"] < row
        presser.press(("Y" if down else "X") if four_buttons else ("DOWN" if down else "UP"))
        d = page.describe()
    raise WaitTimeout("the cursor did not reach row %d: %s" % (row, page.where()))


# The main menu on top.
AT_MENU = "d.scenes[d.scenes.length - 1] === 'MainMenu'"


def menu_page(b, site: Site, board: str = "pico_lcd_1_3", context: dict | None = None,
              data: dict | None = None) -> Page:
    """A page playing on the real clock, once its main menu is on top."""
    page = open_page(b, site.url("?board=" + board), context, data)
    if page.wait_state() != "running":
        raise RuntimeError("the page did not start: " + page.status())
    page.wait_for(AT_MENU, 10_000, 60_000)
    return page


def stored(page: Page) -> dict:
    """The page's data folder as stored: {file name: bytes} (None for an undecodable entry)."""
    entries = page.page.evaluate(
        "p => Object.keys(localStorage).filter(k => k.startsWith(p))"
        ".map(k => [k.slice(p.length), localStorage.getItem(k)])", STORE_PREFIX)
    out = {}
    for name, text in entries:
        try:
            out[name] = base64.b64decode(text, validate=True)
        except ValueError:
            out[name] = None
    return out


def scripted(b, site: Site, keys: str, board: str, seed: int, settle_ms: int | None = None,
             timeout_ms: int = 60_000, extra: dict | None = None) -> Page:
    """The page running key script `keys` on its virtual clock (no tips, as the test harness),
    to its end; `extra`: more of console.js's parameters (seeds, lang, theme)."""
    from urllib.parse import urlencode

    query = {"board": board, "keys": keys, "seed": seed, "tips": 0}
    if settle_ms is not None:
        query["settle"] = settle_ms
    query.update(extra or {})
    page = open_page(b, site.url("?" + urlencode(query)))
    page.wait_state(("done", "error"), timeout_ms)
    return page


# -- the README's picture -------------------------------------------------------------------
# Match & Collect's table after its first draw, on the Pico-LCD-1.3 (seed 5).
README_KEYS = "A,DOWN,A,WAIT:300,DOWN,DOWN,DOWN,DOWN,DOWN,A,WAIT:1500,B,A,WAIT:600"


def page_picture(b, site: Site, path: Path) -> Path:
    """The handheld in the page, a game on its screen, as a PNG."""
    page = scripted(b, site, README_KEYS, "pico_lcd_1_3", 5)
    if page.errors or page.page.evaluate("window.cardConsole.state") != "done":
        raise RuntimeError("the page did not play the picture's script: %s %s"
                           % (page.status(), page.errors))
    page.page.locator("#device").screenshot(path=str(path))
    page.page.context.close()
    return path


def save_readme_shot(path: Path = README_SHOT, site_dir: Path | None = None) -> Path:
    from tools import web

    with Site(site_dir or web.OUT) as site, browser() as b:
        return page_picture(b, site, Path(path))


def bench_main(site_dir: Path, write: bool) -> int:
    from tools import web_bench

    return web_bench.main(site_dir, write)
