"""Drop modules the console no longer needs, so their bytecode's RAM comes back.

On the Pico a module's bytecode lives in the heap (unless frozen). Screens visited once
(splash, settings, about) and games are dropped when the main menu is back on top: the menu
remembers which modules were loaded when it first appeared and trims back to that set.
"""

import gc
import sys


def drop(name):
    """Forget module `name` (and its attribute on its parent package)."""
    if name in sys.modules:
        del sys.modules[name]
    cut = name.rfind(".")
    if cut > 0:
        parent = sys.modules.get(name[:cut])
        child = name[cut + 1:]
        if parent is not None and hasattr(parent, child):
            try:
                delattr(parent, child)
            except (AttributeError, TypeError):
                pass


# Only the app's own modules are ever trimmed (never the interpreter's or a host's).
_APP_PACKAGES = ("core.", "ui.", "screens.", "games.", "kit.")


def _is_app(name):
    for prefix in _APP_PACKAGES:
        if name.startswith(prefix):
            return True
    return False


def loaded():
    """Names of the app's modules loaded now."""
    return [name for name in sys.modules if _is_app(name)]


def trim_to(keep):
    """Drop every app module not in `keep` (a list of names); returns how many were dropped."""
    dropped = 0
    for name in loaded():
        if name not in keep:
            drop(name)
            dropped += 1
    if dropped:
        gc.collect()
    return dropped
