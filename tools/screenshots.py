"""Headless screenshots of the console's screens, for the docs (docs/img/) and tests.

    python -m tools.screenshots                  # (re)write docs/img/*.png
    python -m tools.screenshots --out DIR        # somewhere else
    python -m tools.screenshots --only menu,error

Every picture comes from sim.headless (the real app on a virtual clock), so the same inputs
give the same pixels every time; PNGs are written by Pillow with fixed settings, so the same
pixels give the same bytes. Pictures are device pixels (240x240 unless the board says
otherwise), no window frame.

Screens that the menus do not reach on their own (the error screen, the widget gallery) are
opened through run()'s setup hook. The failing scene of the error screen is compiled under a
fixed file name so the traceback line it shows does not depend on where the repo lives.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import namedtuple
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS_IMG = ROOT / "docs" / "img"
SEED = 1
BOOT = "WAIT:1600"   # past the 1.5 s splash

# keys: key script, shot name "shot" is the picture; board / lang / theme as in sim.headless.
Shot = namedtuple("Shot", "name keys board lang theme setup about")

# UP from the first row reaches About, UP twice Settings, whether or not games are registered
# (with none, the cursor starts on Settings and skips the disabled "no games" row).
_MENU = BOOT + ",SHOT:shot"
_SETTINGS = BOOT + ",UP,UP,A,WAIT:300,SHOT:shot"
_ABOUT = BOOT + ",UP,A,WAIT:300,SHOT:shot"

_BROKEN_SOURCE = '''
from core.app import Scene


class DemoTable(Scene):
    def draw(self, c, full):
        raise ValueError("demo: card 53 is not in the deck")
'''
BROKEN_FILE = "games/demo/view.py"


def broken_scene():
    """A scene whose draw raises, as a game bug would (for the error screen)."""
    scope: dict = {"__name__": "games.demo.view"}
    exec(compile(_BROKEN_SOURCE, BROKEN_FILE, "exec"), scope)
    return scope["DemoTable"]()


def setup_error(app):
    app.start()
    app.push(broken_scene())


def setup_gallery(app):
    from screens.gallery import Gallery
    from screens.main_menu import MainMenu

    app.start()
    app.replace(MainMenu())
    app.push(Gallery())


SHOTS = (
    Shot("splash", "WAIT:700,SHOT:shot", "pico_lcd_1_3", None, None, None,
         "boot splash (0.7 s after power-on)"),
    Shot("menu", _MENU, "pico_lcd_1_3", None, None, None, "main menu"),
    Shot("menu_down", BOOT + ",DOWN,SHOT:shot", "pico_lcd_1_3", None, None, None,
         "main menu after DOWN"),
    Shot("settings", _SETTINGS, "pico_lcd_1_3", None, None, None, "settings"),
    Shot("about", _ABOUT, "pico_lcd_1_3", None, None, None, "about"),
    Shot("error", "WAIT:300,SHOT:shot", "pico_lcd_1_3", None, None, setup_error,
         "error screen (a scene raised)"),
    Shot("gallery", "WAIT:300,SHOT:shot", "pico_lcd_1_3", None, None, setup_gallery,
         "widget gallery"),
    Shot("menu_240x135", _MENU, "pico_lcd_1_14", None, None, None,
         "main menu, Pico-LCD-1.14 (240x135)"),
    Shot("menu_320x240", _MENU, "display_pack_2", None, None, None,
         "main menu, Display Pack 2.0 (320x240)"),
    Shot("menu_light", _MENU, "pico_lcd_1_3", None, "light", None, "main menu, light theme"),
    Shot("menu_contrast", _MENU, "pico_lcd_1_3", None, "contrast", None,
         "main menu, high-contrast theme"),
    Shot("menu_fr", _MENU, "pico_lcd_1_3", "fr", None, None, "main menu in French"),
    Shot("settings_fr", _SETTINGS, "pico_lcd_1_3", "fr", None, None, "settings in French"),
)
NAMES = tuple(s.name for s in SHOTS)


def find(name: str) -> Shot:
    for shot in SHOTS:
        if shot.name == name:
            return shot
    raise ValueError("unknown screenshot %r (known: %s)" % (name, ", ".join(NAMES)))


def take(name: str):
    """(PIL RGB image, sim.headless.Result) of one screenshot."""
    from sim import headless

    shot = find(name)
    result = headless.run(shot.keys, board=shot.board, seed=SEED, lang=shot.lang,
                          theme=shot.theme, setup=shot.setup)
    return result.frames["shot"], result


def save_png(img, path) -> None:
    """Deterministic PNG bytes: Pillow, no metadata, fixed compression."""
    img.save(path, format="PNG", optimize=True)


def generate(out_dir=DOCS_IMG, names=None) -> list[Path]:
    """Write <out_dir>/<name>.png for the named screenshots (all by default)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in names or NAMES:
        img, _ = take(name)
        path = out / (name + ".png")
        save_png(img, path)
        written.append(path)
    return written


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.screenshots",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(DOCS_IMG), help="folder (default: docs/img)")
    ap.add_argument("--only", help="comma-separated names (%s)" % ", ".join(NAMES))
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.only.split(",")] if args.only else None
    try:
        for n in names or ():
            find(n)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    for path in generate(args.out, names):
        print(os.path.relpath(path, os.getcwd()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
