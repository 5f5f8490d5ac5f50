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
from core.scene import Scene  # noqa: F401 - games import Scene from here (re-exported)

_FRAME_MS = const(33)          # ~30 frames per second while something moves
_LOG_CAP = const(8192)
_TOAST_QUEUE = const(4)       # messages kept waiting at most
_PAD = const(4)
_POLL_MS = const(2)          # the buttons are read this often while the loop sleeps
_OFF_POLL_MS = const(100)     # button sampling while the screen is off (docs/POWER.md)
_BATTERY_MS = const(60000)    # how often the battery is checked, where the board can tell
_IDLE_MS = const(10000)       # idle this long: core.power dims / turns off the screen


class App:
    """The loop and the scene stack. `screens` is the console's own set of screens (the
    `screens` package: `start()`, `menu()`, `unload_all()`, `crash(app, exc, text)`);
    main.py passes it, and test or simulator platforms carry one as `platform.screens`, so
    this module imports no screen and no game."""

    def __init__(self, platform, screens=None):
        self.platform = platform
        self.screens = screens if screens is not None else getattr(platform, "screens", None)
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
        # Messages: [queue of (text, ms): the first is on screen (or about to be), the others
        # wait their turn; ticks when the one on screen goes (0: not shown yet); (x, y, w, h)
        # of its box on the canvas (None: none)]. One attribute: names are interned for good.
        self._toast = [[], 0, None]
        self._next_frame = 0
        self.frames_drawn = 0
        self.errors = 0
        self._panic = None        # set when even the error screen could not be shown
        # Power and sound (docs/POWER.md): [ticks of the last button or drawn frame, 0 lit /
        # 1 dim / 2 off / 3 asleep, frames drawn then, 1 while the button that woke the
        # screen is held (it does nothing), ticks of the next battery check, the scene that
        # lit the LED
        # (None: dark), core.sound's player (made when the first sound plays), 1: settings
        # to save, the battery level last read (None: on USB power, or the board cannot
        # tell; ui.widgets.hint_bar shows it), the sounds asked for while core.sound is not
        # loaded yet (played once their frame is sent)]. One list: every name is
        # interned at boot.
        self._idle = [0, 0, 0, 0, 0, None, None, 0, None, None]
        self._later = None        # what runs once the next frame is sent (later())

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
        if self.screens is None:
            raise ValueError("App needs the console's screens: App(platform, screens)")
        self.push(self.screens.start())
        if status == "corrupt":
            self.toast(strings.t("settings_reset"))
        self._next_frame = self._idle[0] = self.platform.ticks_ms()

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

    def save_settings(self, now=True):
        """Write the settings now, or (now=False) at the start of the next frame: the screen
        that changed them (Settings, popped) is gone by then, so core.storage, imported
        again to save, finds its memory free."""
        if not now:
            self._idle[7] = 1
            return
        self._idle[7] = 0
        gc.collect()    # the popped screen's garbage: core.storage loads into one piece
        from core import modules, storage

        storage.save_settings(self.platform.data_dir, self.settings)
        modules.drop("core.storage")   # needed again only at the next save
        gc.collect()

    def later(self, fn):
        """Run `fn()` once the next frame has been sent to the display, or before the scene
        stack changes if that comes first: work a press must not wait for (kit.turns: the
        save and the garbage collection after a move, so the move shows first). One at a
        time: the table's turn driver is the only one that asks."""
        self._later = fn

    def _run_later(self):
        fn = self._later
        if fn is not None:
            self._later = None
            fn()

    # -- scene stack ------------------------------------------------------------------------
    @property
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, scene):
        self._run_later()
        # A tap of a deferred button (core.input: known at its release) that went down under
        # another screen is nobody's: the after-game choice that opened while A was down to
        # pass the last message over must not take that A as "Play again".
        self.input._hold[0] = 0
        scene.app = self
        self.stack.append(scene)
        scene.invalidate()
        scene.enter()

    def pop(self):
        self._run_later()
        self.input._hold[0] = 0       # as in push
        if len(self.stack) <= 1:
            # The bottom scene leaving opens the home screen: a game opens in place of the
            # main menu (screens.main_menu), whose modules are then out of the heap.
            if self.stack and self.screens is not None and not getattr(self.stack[0],
                                                                       "home", False):
                self.reset_to_home()
            return
        scene = self.stack.pop()
        scene.exit()
        scene.app = None
        # Its messages go with it (a game's last words do not spill onto the menu).
        t = self._toast
        if t[0] and t[0][0][2] is scene:
            t[1] = 0
        t[0] = [m for m in t[0] if m[2] is not scene]
        top = self.stack[-1]
        top.invalidate()
        top.resume()

    def replace(self, scene):
        if self.stack:
            old = self.stack.pop()
            old.exit()
            old.app = None
            # The screen that takes its place keeps its messages (the splash's, on the menu).
            q = self._toast[0]
            for i in range(len(q)):
                if q[i][2] is old:
                    q[i] = (q[i][0], q[i][1], scene, q[i][3])
        gc.collect()
        self.push(scene)

    def reset_to_home(self):
        """Drop every scene (and any game module) and open the home screen (the menu)."""
        while self.stack:
            scene = self.stack.pop()
            try:
                scene.exit()
            except Exception:  # a broken scene must not block the way home
                pass
            scene.app = None
        self._toast = [[], 0, None]
        self.screens.unload_all()
        strings.remove()
        gc.collect()
        self.push(self.screens.menu())

    def invalidate_all(self):
        for scene in self.stack:
            scene.invalidate()

    # -- toasts ---------------------------------------------------------------------------
    def toast(self, message, ms=0, log=None):
        """A short message in a box; it goes by itself.

        - where: in the band the screen on top leaves for it (`scene.message_band()` ->
          (x, y, w, h), a table's: away from what the person chooses from), else just above
          the hint bar; one line or two, as the band has room (a longer text is cut there:
          the History keeps it whole);
        - one message at a time: a new one waits until those before it have been shown; a
          game's turn driver (kit.turns) holds the next move until the last one has gone, so
          a move's message is on screen with the frame that shows the move;
        - each stays `ms`, counted from when it is actually on screen; by default its reading
          time at the "ai_speed" setting (reading_ms); `skip_toast()` ends it early;
        - `log`: what the game's History keeps instead of `message` (a shorter message on a
          small band, the whole sentence in the History);
        - a scene with `toasts = False` (dialogs, the rules text, score tables, the error
          screen) is never covered: messages wait, and one on screen when such a scene opens
          is shown again in full once it has gone (an overlay such as a dialog gets the
          screen below repainted first, so no piece of the message stays around it);
        - when a message goes, the top scene is drawn again whole: nothing of its box is
          left; while it shows, it is drawn again only when the scene's drawing touched it;
        - the same text twice in a row is shown once; when more than four wait, the
          oldest waiting one is dropped (the one on screen always finishes);
        - a message belongs to the screen it was given on (under a dialog, the one below):
          when that screen is popped its messages go too, so a game's last words do not
          spill onto the menu; a screen that replaces another keeps them."""
        if not message:
            return
        for scene in self.stack:   # a game's History (kit.turns) keeps every message
            history = getattr(scene, "history", None)
            if history is not None:
                history.append(log or message)
                break
        q = self._toast[0]
        if q and q[-1][0] == message:
            return
        if len(q) > _TOAST_QUEUE:
            q.pop(1)
        # Its owner: the screen it is about (under a dialog, the one below); it goes with it.
        owner = None
        for scene in self.stack:
            if scene.toasts:
                owner = scene
        # Its lines, wrapped now for its screen's band: a draw that shows it makes no strings
        # (~0.2-1 ms each on the Pico, after the turn driver's gc.collect() most of all).
        lines = None
        if self.fonts:
            band = self.band_of(owner)
            lines = (band[2], self.lines_in(message, band[2], band[3]))
        q.append((message, ms, owner, lines))

    def toasts_pending(self, owner=None):
        """Messages not yet gone (on screen or waiting), of `owner` only when given. The turn
        driver waits for 0 before the next move, so a person can read what the last one did."""
        q = self._toast[0]
        if owner is None:
            return len(q)
        n = 0
        for m in q:
            if m[2] is owner:
                n += 1
        return n

    def skip_toast(self):
        """The message on screen goes now (a person who has read it presses on)."""
        t = self._toast
        if t[0] and t[1]:
            t[1] = self.platform.ticks_ms()

    def clear_toasts(self, owner):
        """Forget the messages of `owner` (a game's, when it ends or the person acts again):
        none of them is shown after this, and one on screen is taken off."""
        t = self._toast
        q = t[0]
        if not q:
            return
        if q[0][2] is owner and t[1]:
            t[1] = 0
            top = self.top
            if top is not None:
                top.invalidate()      # whole redraw: nothing of its box stays
        t[0] = [m for m in q if m[2] is not owner]

    # -- the loop ---------------------------------------------------------------------------
    def step(self):
        """One frame: input, scene updates, drawing. Returns ms until the next frame."""
        p = self.platform
        now = p.ticks_ms()
        inp = self.input
        raw = p.buttons.read()
        i = self._idle
        if i[1] == 3:
            # Asleep (the sleep gesture, core.power.sleep): nothing moves, nothing is drawn,
            # until a button wakes it.
            from core import power

            return power.sleep(self, raw)
        if i[7]:
            self.save_settings()
        if raw or i[2] != self.frames_drawn:
            i[0] = now
            i[2] = self.frames_drawn
            if i[1]:             # dim or off: wake up; the press that did it does nothing
                i[1] = 0
                i[3] = 1
                p.display.backlight(self.settings["brightness"])
        if i[3]:
            if raw:
                raw = 0
            else:
                i[3] = 0
        inp.update(raw, now)
        if self._panic is not None:
            self._panic_step()
            return _FRAME_MS
        try:
            ev = inp.pop()
            while ev:
                top = self.top
                b = buttons.event_button(ev)
                kind = buttons.event_kind(ev)
                if kind == buttons.HOLD and b == buttons.MENU:
                    # The sleep gesture (core.input): asleep at once (docs/POWER.md).
                    from core import power

                    return power.sleep(self, -1)
                if top is not None:
                    top.button(b, kind)
                ev = inp.pop()
            top = self.top
            # A tap or a hold of these buttons (core.input): the screen on top says which.
            inp.defer = getattr(top, "hold_buttons", 0)
            if top is not None:
                top.tick(now)
            if i[6] is not None:
                i[6].step(now)
            if i[5] is not None and i[5] not in self.stack:
                self.led(False)       # the screen that lit it has gone (a game quit)
            # Power (docs/POWER.md): dim, then off, when idle; the battery once a minute.
            if time.ticks_diff(now, i[0]) >= _IDLE_MS:
                from core import power

                power.tick(self, now)
            if time.ticks_diff(now, i[4]) >= 0:
                i[4] = time.ticks_add(now, _BATTERY_MS)  # type: ignore
                if getattr(p, "battery", None):
                    from core import power

                    power.step(self)
            t = self._toast
            top = self.top
            if t[0] and top is not None:
                if not top.toasts:
                    t[1] = 0               # shown again in full once such a scene has gone
                elif t[1] == 0:
                    top.request_draw()     # draw() shows it and starts its time
                elif time.ticks_diff(now, t[1]) >= 0:
                    t[0].pop(0)
                    t[1] = 0
                    # Whole redraw: nothing of the old box stays; the next one goes over it.
                    top.invalidate()
            self.draw(now)
            if i[9] is not None:
                self._start_sound()
            self._run_later()   # once the frame is sent (later)
            strings.release()   # a text pack read this frame (core.strings)
        except Exception as exc:  # noqa: BLE001 - the console must survive any scene bug
            self.crash(exc)
        if not self.running:
            return 0
        self._next_frame = time.ticks_add(self._next_frame, _FRAME_MS)  # type: ignore
        wait = time.ticks_diff(self._next_frame, p.ticks_ms())
        if wait < 0 or wait > _FRAME_MS:
            # Late (or the clock jumped): start counting again from now instead of catching up.
            self._next_frame = p.ticks_ms()
            wait = 0 if wait < 0 else _FRAME_MS
        if self._idle[1] == 2:
            wait = _OFF_POLL_MS   # the screen is off: poll the buttons slowly
        else:
            inp = self.input
            if inp._raw != inp._stable and wait > inp.debounce_ms:
                # A button just changed: look again once the debounce time has passed
                # instead of a whole frame later: the time from a press to the frame that
                # shows it is what a player feels.
                wait = inp.debounce_ms + 1
        return wait

    # -- sound and the LED (docs/POWER.md) ----------------------------------------------------
    def sound(self, name):
        """Play sound `name` (core.sound.TUNES: "cursor", "select", "back", "flip",
        "capture", "turn", "win", "lose"; "error" for an action that cannot be done) if
        the sound setting is on and the screen is lit (none while it is dimmed, off or
        asleep: nobody is looking); never waits."""
        i = self._idle
        if i[1]:
            return
        if i[6] is None:
            s = self.settings
            if not (s and s.get("sound")) or not getattr(self.platform, "tone", None):
                return          # no buzzer: core.sound is never loaded
            # Loading core.sound takes ~15 ms on a Pico: the press's frame goes first, the
            # first sounds right after it (step).
            if i[9] is None:
                i[9] = []
            i[9].append(name)
            return
        i[6](name)

    def _start_sound(self):
        i = self._idle
        names = i[9]
        i[9] = None
        from core import sound

        i[6] = sound.start(self)
        for name in names:
            i[6](name)

    def led(self, on):
        """The board's RGB LED (Display Pack 2.0), a dim colour while `on` is true and the
        "your_turn_led" setting is on (a game's turn driver: on while it is your turn), and
        out by itself when the screen on top then leaves the stack. A no-op on boards
        without one; the pins are driven only when it changes."""
        out = getattr(self.platform, "led", None)
        if out:
            i = self._idle
            owner = self.top if on and self.settings.get("your_turn_led") else None
            if (owner is None) != (i[5] is None):
                k = 0 if owner is None else 1
                out(0, 40 * k, 90 * k)
            i[5] = owner

    def draw(self, now=0):
        top = self.top
        if top is None or not top.redraw:
            return
        full = top.full_redraw
        top.redraw = False
        top.full_redraw = False
        c = self.canvas
        if full:
            if top.overlay:
                # Repaint what is below (from the first scene that draws the whole screen)
                # when a message is on the screen this overlay opens over, or when what is
                # below has not been drawn since it changed (a dialog closed and this one
                # opened in the same frame): none of the old pictures stays around the box.
                stack = self.stack
                i = len(stack) - 1
                while i > 0 and stack[i].overlay:
                    i -= 1
                below = stack[i:-1]
                stale = self._toast[2] is not None
                for scene in below:
                    if scene.full_redraw:
                        stale = True
                if stale:
                    for scene in below:
                        scene.full_redraw = False
                        scene.redraw = False
                        scene.draw(c, True)
            self._toast[2] = None        # no old message box is left on the canvas
        top.draw(c, full)
        if self._toast[0] and top.toasts:
            # The first message in a box in the screen's message band (one or two lines),
            # unless it is on screen already and the scene's drawing left its box alone.
            t = self._toast
            box = t[2]
            if box is None or not t[1] or c.is_dirty(box):
                font = self.small
                lh = font.line_height
                bx, by, bw, bh = self.band_of(top)
                text, ms, owner, lines = t[0][0]
                if lines is None or lines[0] != bw:
                    lines = (bw, self.lines_in(text, bw, bh))
                    t[0][0] = (text, ms, owner, lines)
                lines = lines[1]
                w = 0
                for line in lines:
                    tw = font.width(line)
                    if tw > w:
                        w = tw
                w += 4 * _PAD
                pad = (bh - len(lines) * lh) // 2      # a one-line band: the box fits it
                pad = _PAD if pad > _PAD else 1 if pad < 1 else pad
                h = len(lines) * lh + 2 * pad
                x = bx + (bw - w) // 2
                y = by + (bh - h) // 2
                c.round_rect(x, y, w, h, theme.SEL)
                c.round_rect(x, y, w, h, theme.FG, False)
                ty = y + pad
                for line in lines:
                    c.text(font, line, x + 2 * _PAD, ty, theme.SEL_FG)
                    ty += lh
                t[2] = (x, y, w, h)
                if not t[1]:
                    t[1] = time.ticks_add(now, ms if ms > 0 else  # type: ignore
                                          reading_ms(self.settings, text))
        c.flush(self.platform.display)
        self.frames_drawn += 1

    def band_of(self, scene):
        """(x, y, w, h) where `scene`'s messages go: its `message_band()`, else a band of two
        lines just above the hint bar (ui.widgets.hint_height)."""
        band = getattr(scene, "message_band", None) if scene is not None else None
        band = band() if band is not None else None
        if band is None:
            lh = self.small.line_height
            band = (0, self.height - (lh + 4) - 2 * lh - 3 * _PAD, self.width,
                    2 * lh + 2 * _PAD)
        return band

    def lines_in(self, text, w, h):
        """The lines of a message in a band w wide and h high: two at most (one when only one
        fits), the last cut short when the text needs more."""
        font = self.small
        room = w - 6 * _PAD
        n = (h - 2) // font.line_height
        n = 2 if n > 2 else 1 if n < 1 else n
        lines = font.wrap(text, room)
        if len(lines) > n:
            lines = lines[:n - 1] + [font.fit(" ".join(lines[n - 1:]), room)]
        return lines

    def run(self):
        """Run until `running` is cleared (never, on the device)."""
        self.start()
        p = self.platform
        while self.running:
            wait = self.step()
            # Sleep in short slices, back early when a button changes: its frame starts at
            # once, not at the next 33 ms tick (the time from a press to its frame is what a
            # player feels).
            raw = self.input._raw
            while wait > _POLL_MS:
                p.sleep_ms(_POLL_MS)
                wait -= _POLL_MS
                if p.buttons.read() != raw:
                    wait = 0
            if wait > 0:
                p.sleep_ms(wait)

    # -- errors -----------------------------------------------------------------------------
    def crash(self, exc):
        """Drop every scene and game (freeing what they held), log, show the error screen.
        Never raises: when even that fails (no memory left), `panic` takes over."""
        self.errors += 1
        self.stack = []
        self._toast = [[], 0, None]
        self._later = None      # a game's work left undone: it may be what failed
        try:
            self.screens.unload_all()
            gc.collect()
            self.input.reset()
            # Log first: if the error screen itself cannot load, the log still says why.
            text = format_exception(exc)
            path = self.platform.data_dir.rstrip("/") + "/log.txt"
            try:
                from core.gamelog import append_capped

                append_capped(path, text, _LOG_CAP)
            except Exception:  # noqa: BLE001 - no memory for the capped writer: plain append
                try:
                    with open(path, "a") as f:
                        f.write(text)
                except Exception as log_exc:  # noqa: BLE001 - a full or broken disk
                    text += "\n(log not written: " + repr(log_exc) + ")"
            self.screens.crash(self, exc, text)
        except Exception as again:  # noqa: BLE001
            self.panic(again)

    def panic(self, exc):
        """Last resort when the error screen itself cannot load (no memory left): a plain
        8x8-font message drawn with no imports; any button then tries the menu again."""
        self.stack = []
        self._toast = [[], 0, None]
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


def reading_ms(settings, text):
    """How long a message stays: its reading time at the "ai_speed" setting, the pace a
    person chose to follow the game at (slow 2000 ms + 60 ms a character, at most 6 s;
    normal 1200 + 40, at most 4 s; fast 500 + 25, at most 2.5 s). The turn driver holds the
    next move until it has gone (kit.turns), so this is also the pause after a move that says
    something. (Tests, not a dict: a dict stays in the heap.)"""
    speed = settings.get("ai_speed") if settings else None
    n = len(text)
    if speed == "slow":
        ms = 2000 + 60 * n
        return ms if ms < 6000 else 6000
    if speed == "fast":
        ms = 500 + 25 * n
        return ms if ms < 2500 else 2500
    ms = 1200 + 40 * n
    return ms if ms < 4000 else 4000


def format_exception(exc):
    """Traceback text on both MicroPython (print_exception) and CPython."""
    if hasattr(sys, "print_exception"):
        import io

        out = io.StringIO()
        sys.print_exception(exc, out)  # type: ignore[attr-defined]
        return out.getvalue()  # type: ignore[attr-defined]
    import traceback

    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))


def main(platform, screens=None):
    """Device entry point (called by main.py with the console's screens)."""
    App(platform, screens).run()
