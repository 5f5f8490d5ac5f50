"""The console's main loop and scene stack.

A scene is one screen (menu, settings, a game table). Scenes form a stack: `push` opens a
screen over the current one, `pop` returns to it, `replace` swaps the top. Each frame the app
samples the buttons, hands the events to the top scene, lets it tick its timers, and draws
only when something asked for it; the canvas then sends only its dirty rectangles. With
nothing happening the loop just sleeps between button samples (no busy redraw).

An exception raised by a scene never stops the console: it is written to `log.txt` in the
data folder (size-capped) and an error screen replaces the stack; any key returns to the menu.
"""

import gc
import sys
import time

from micropython import const

from core import input as buttons
from core import strings, theme
from core.canvas import Canvas

FRAME_MS = const(33)          # ~30 frames per second while something moves
IDLE_FRAME_MS = const(33)     # button sampling period when idle (debounce needs < 50 ms)
TOAST_MS = const(2200)
LOG_CAP = const(8192)


class Scene:
    """Base class for screens. Override what you need; all methods are optional."""

    def __init__(self):
        # Set by App.push; a scene only runs while it is on the stack.
        self.app: "App" = None  # type: ignore[assignment]
        self.full_redraw = True   # draw everything next frame
        self.redraw = True        # draw something next frame

    def invalidate(self):
        """Ask for a complete redraw of this scene."""
        self.full_redraw = True
        self.redraw = True

    def request_draw(self):
        """Ask for a partial redraw (the scene knows what changed)."""
        self.redraw = True

    def enter(self):
        """Called once, when the scene is pushed (self.app is set)."""

    def resume(self):
        """Called when the scene is on top again after the one above it was popped."""

    def exit(self):
        """Called when the scene leaves the stack."""

    def button(self, btn, kind):
        """A logical button event: kind is input.PRESS, REPEAT or RELEASE."""

    def tick(self, now):
        """Called every frame with the current ticks_ms, for timers and animations."""

    def draw(self, canvas, full):
        """Draw onto the canvas: everything when `full`, else only what changed."""


class App:
    def __init__(self, platform):
        self.platform = platform
        self.width = platform.width
        self.height = platform.height
        self.canvas = Canvas(platform.width, platform.height)
        self.input = buttons.Input(four_buttons=getattr(platform, "four_buttons", False))
        self.stack = []
        self.running = True
        self.settings = None
        self.fonts = None
        self.icons = None
        self.theme_name = None
        self._toast = None
        self._toast_until = 0
        self._next_frame = 0
        self.frames_drawn = 0
        self.errors = 0
        self._panic = None        # set when even the error screen could not be shown

    # -- start-up ---------------------------------------------------------------------------
    def start(self):
        from core import modules, storage

        self.settings, status = storage.load_settings(self.platform.data_dir)
        # Storage is needed again only to save; its bytecode would sit idle in the heap.
        modules.drop("core.storage")
        del storage
        strings.load(self.settings["lang"])
        self.apply_theme(self.settings["theme"])
        self.platform.display.backlight(self.settings["brightness"])
        self.load_assets()
        from screens.splash import Splash

        self.push(Splash())
        if status == "corrupt":
            self.toast(strings.t("settings_reset"))
        self._next_frame = self.platform.ticks_ms()

    def load_assets(self):
        from core.font import Font
        from core.icons import Icons

        d = self.platform.asset_dir
        self.fonts = (Font(d + "/font_small.bin"), Font(d + "/font_large.bin"))
        self.icons = Icons(d + "/icons.bin")

    @property
    def small(self):
        return self.fonts[0]

    @property
    def large(self):
        return self.fonts[1]

    def apply_theme(self, name):
        self.theme_name = name
        self.platform.display.set_palette(theme.palette(name))
        self.canvas.mark_all()
        self.invalidate_all()

    def save_settings(self):
        from core import storage

        storage.save_settings(self.platform.data_dir, self.settings)

    # -- scene stack ------------------------------------------------------------------------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, scene):
        scene.app = self
        self.stack.append(scene)
        scene.invalidate()
        scene.enter()

    def pop(self):
        if len(self.stack) <= 1:
            return
        scene = self.stack.pop()
        scene.exit()
        scene.app = None
        top = self.stack[-1]
        top.invalidate()
        top.resume()

    def replace(self, scene):
        if self.stack:
            old = self.stack.pop()
            old.exit()
            old.app = None
        gc.collect()
        self.push(scene)

    def reset_to_home(self):
        """Drop every scene (and any game module) and open the main menu."""
        while self.stack:
            scene = self.stack.pop()
            try:
                scene.exit()
            except Exception:  # a broken scene must not block the way home
                pass
            scene.app = None
        from games import registry

        registry.unload_all()
        strings.remove()
        gc.collect()
        from screens.main_menu import MainMenu

        self.push(MainMenu())

    def invalidate_all(self):
        for scene in self.stack:
            scene.invalidate()

    # -- toasts -----------------------------------------------------------------------------
    def toast(self, message, ms=TOAST_MS):
        """A short message over the bottom of the screen; it goes by itself."""
        self._toast = message
        self._toast_until = time.ticks_add(self.platform.ticks_ms(), ms)
        top = self.top
        if top is not None:
            top.request_draw()

    def _draw_toast(self):
        from ui.widgets import draw_toast

        draw_toast(self, self._toast)

    # -- the loop ---------------------------------------------------------------------------
    def step(self):
        """One frame: input, scene updates, drawing. Returns ms until the next frame."""
        p = self.platform
        now = p.ticks_ms()
        inp = self.input
        inp.update(p.buttons.read(), now)
        if self._panic is not None:
            self._panic_step()
            return FRAME_MS
        try:
            ev = inp.pop()
            while ev:
                top = self.top
                if top is not None:
                    top.button(buttons.event_button(ev), buttons.event_kind(ev))
                ev = inp.pop()
            top = self.top
            if top is not None:
                top.tick(now)
            if self._toast is not None and time.ticks_diff(now, self._toast_until) >= 0:
                self._toast = None
                if self.top is not None:
                    self.top.invalidate()
            self.draw()
        except Exception as exc:  # noqa: BLE001 - the console must survive any scene bug
            self.crash(exc)
        if not self.running:
            return 0
        self._next_frame = time.ticks_add(self._next_frame, FRAME_MS)  # type: ignore
        wait = time.ticks_diff(self._next_frame, p.ticks_ms())
        if wait < 0 or wait > FRAME_MS:
            # Late (or the clock jumped): start counting again from now instead of catching up.
            self._next_frame = p.ticks_ms()
            wait = 0 if wait < 0 else FRAME_MS
        return wait

    def draw(self):
        top = self.top
        if top is None or not top.redraw:
            return
        full = top.full_redraw
        top.redraw = False
        top.full_redraw = False
        top.draw(self.canvas, full)
        if self._toast is not None:
            self._draw_toast()
        self.canvas.flush(self.platform.display)
        self.frames_drawn += 1

    def run(self):
        """Run until `running` is cleared (never, on the device)."""
        self.start()
        p = self.platform
        while self.running:
            wait = self.step()
            if wait > 0:
                p.sleep_ms(wait)

    # -- errors -----------------------------------------------------------------------------
    def crash(self, exc):
        """Drop every scene and game (freeing what they held), log, show the error screen.
        Never raises: when even that fails (no memory left), `panic` takes over."""
        self.errors += 1
        self.stack = []
        self._toast = None
        try:
            from games import registry

            registry.unload_all()
            gc.collect()
            self.input.reset()
            # Log first: if the error screen itself cannot load, the log still says why.
            text = format_exception(exc)
            path = self.platform.data_dir.rstrip("/") + "/log.txt"
            try:
                from core.gamelog import append_capped

                append_capped(path, text, LOG_CAP)
            except Exception:  # noqa: BLE001 - no memory for the capped writer: plain append
                try:
                    with open(path, "a") as f:
                        f.write(text)
                except Exception as log_exc:  # noqa: BLE001 - a full or broken disk
                    text += "\n(log not written: " + repr(log_exc) + ")"
            from screens import error

            error.show(self, exc, text)
        except Exception as again:  # noqa: BLE001
            self.panic(again)

    def panic(self, exc):
        """Last resort when the error screen itself cannot load (no memory left): a plain
        8x8-font message drawn with no imports; any button then tries the menu again."""
        self.stack = []
        self._toast = None
        gc.collect()
        self._panic = type(exc).__name__
        c = self.canvas
        c.clear(0)
        c.text8("Error: " + self._panic, 4, 8, 15)
        c.text8("Press a button", 4, 24, 1)
        try:
            c.flush(self.platform.display)
        except Exception:  # noqa: BLE001
            pass
        self.input.reset()

    def _panic_step(self):
        ev = self.input.pop()
        while ev:
            if buttons.event_kind(ev) == buttons.PRESS:
                self._panic = None
                try:
                    self.reset_to_home()
                except Exception as exc:  # noqa: BLE001
                    self.panic(exc)
                return
            ev = self.input.pop()


def format_exception(exc):
    """Traceback text on both MicroPython (print_exception) and CPython."""
    if hasattr(sys, "print_exception"):
        import io

        out = io.StringIO()
        sys.print_exception(exc, out)  # type: ignore[attr-defined]
        return out.getvalue()  # type: ignore[attr-defined]
    import traceback

    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


def main(platform):
    """Device entry point (called by main.py)."""
    App(platform).run()
