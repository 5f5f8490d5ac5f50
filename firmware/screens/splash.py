"""Boot splash: the console's name while the menu gets ready, then the main menu (any button
skips it). After a restart into a game (screens.launch) it names the game instead of the
tagline while the game's setup screen loads, and opens it as the menu would. With a game in
progress (kit.resume: core.storage's playing.txt and that game's save), it names that game
and opens its table as it was, at its first frame (B there goes to the menu: kit.resume).

It stays until the console has been on for SPLASH_UNTIL_MS (the platform's ms ticks count
from power-on) and for at least one frame. On a Pico the boot itself takes longer than that
(~1 s on the emulated RP2040: firmware, imports, panel reset), so the menu follows at once:
reset to the first menu frame was 2.7 s with a fixed 1.5 s hold (docs/PERFORMANCE.md at ef6896e,
"Drawing speed"). Under the simulator's virtual clock it shows for 0.8 s (the screenshots
take it at 0.7 s).
"""

from core import input as btn
from core import strings, theme
from core.app import Scene

SPLASH_UNTIL_MS = 800

# The tagline's first word is the number of games installed (registry), in words.
_NUMBERS = {"en": "No One Two Three Four Five Six Seven Eight Nine Ten Eleven Twelve",
            "fr": "Aucun Un Deux Trois Quatre Cinq Six Sept Huit Neuf Dix Onze Douze"}


def tagline():
    """strings "tagline" ("Six card games, pocket sized") with its count taken from the
    registry: "Five card games, ..." when five are installed (digits past twelve)."""
    import registry

    text = strings.t("tagline")
    n = len(registry.GAMES)
    head, sep, rest = text.partition(" ")
    if not sep:
        return text
    words = _NUMBERS.get(strings.lang(), _NUMBERS["en"]).split(" ")
    return (words[n] if n < len(words) else str(n)) + " " + rest


class Splash(Scene):
    def __init__(self):
        super().__init__()
        self._drawn = False
        self.launch = None      # after a restart: the game to open (a registry entry), or
        # the menu's row (an int: the restart when a game was left; the splash is not drawn)
        self.resume_entry = None    # the game in progress to go back to (kit.resume)

    def enter(self):
        # After a restart into a game (screens.launch); its module is imported only then:
        # every name imported at boot stays interned for good (tests/test_boot_heap.py).
        import os

        d = self.app.platform.data_dir
        try:
            names = os.listdir(d) if d is not None else ()
        except OSError:     # no data folder (yet): nothing to launch
            names = ()
        if "launch.txt" in names:
            from core import modules
            from screens import launch

            self.launch = launch.take(self.app)
            launch = None
            modules.drop("screens.launch")
        elif "playing.txt" in names:
            # A game in progress: its table comes next, not the menu (kit.resume).
            from kit import resume

            self.resume_entry = resume.pending(self.app)

    def tick(self, now):
        import time

        if self.launch is not None and type(self.launch) is int:
            self._leave()       # back to the menu after a game: no splash
        elif self._drawn and (self.launch is not None or self.resume_entry is not None or
                              time.ticks_diff(now, SPLASH_UNTIL_MS) >= 0):
            self._leave()

    def button(self, b, kind):
        if kind == btn.PRESS:
            self._leave()

    def _leave(self):
        # Collect first: the menu's modules then load into the free heap in one piece, not
        # into what a collection at the first failed allocation leaves between this frame's
        # garbage (make memcheck's boot: 72wK without, 69wK with).
        import gc

        gc.collect()
        entry = self.resume_entry
        if entry is not None:
            from kit import resume

            said = resume.open_table(self.app, entry)
            if said is None:
                return              # at the table
            gc.collect()
            if said:
                self.app.toast(said)    # a damaged save: said on the menu
        from screens.main_menu import MainMenu

        entry = self.launch
        menu = MainMenu()
        self.app.replace(menu)
        if type(entry) is int:
            if entry < len(menu.menu.rows):
                menu.menu.cursor = entry
            return
        if entry is not None:
            # As if chosen on the menu: its row is where the menu opens when the game ends.
            import registry

            menu.menu.cursor = registry.GAMES.index(entry)
            menu.start_game(entry)

    def draw(self, c, full):
        if type(self.launch) is int:
            return              # leaving at once for the menu (tick)
        app = self.app
        w = app.width
        h = app.height
        c.clear(theme.BG)
        # Four fanned card outlines in the four card colours, then the name.
        cw = max(24, w // 8)
        ch = cw * 3 // 2
        cx = w // 2 - 2 * cw
        cy = h // 2 - ch - 8
        colors = (theme.RED, theme.BLUE, theme.YELLOW, theme.GREEN)
        suits = ("suit_spade_16", "suit_heart_16", "suit_diamond_16", "suit_club_16")
        for i in range(4):
            x = cx + i * (cw - 4) + 6
            y = cy + (6 if i in (0, 3) else 0)
            c.round_rect(x, y, cw, ch, theme.CARD)
            c.round_rect(x, y, cw, ch, colors[i], False)
            c.round_rect(x + 1, y + 1, cw - 2, ch - 2, colors[i], False)
            iw, ih = app.icons.size(suits[i])
            app.icons.draw(c.fb, suits[i], x + (cw - iw) // 2, y + (ch - ih) // 2, colors[i])
        title = strings.t("console")
        tw = app.large.width(title)
        ty = cy + ch + 14
        c.text(app.large, title, (w - tw) // 2, ty, theme.ACCENT)
        entry = self.launch if self.launch is not None else self.resume_entry
        if entry is not None:
            import registry

            tag = registry.label(entry, strings.lang())[0]
        else:
            tag = tagline()
        tag = app.small.fit(tag, w - 8)
        c.text(app.small, tag, (w - app.small.width(tag)) // 2, ty + app.large.line_height + 4,
               theme.DIM)
        self._drawn = True
