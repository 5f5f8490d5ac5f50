# First-game tips, so that nobody is stuck at a first game: the first time a player meets a
# situation, a short tip says what they can do and with which buttons on this board; each
# tip shows once.
#
#     from kit import tips
#     tips.show(self.app, "mem.offer", "tip.mem_offer")    # one line, where it happens
#
# `show` pushes a Dialog (title "Tip", the text with its button tokens named for this board:
# ui.widgets.hints; a text is "What to do.  {DPAD} Move  A Flip": the buttons from the first
# two spaces on, shown on a line of their own) unless tips are off (the "tips_enabled" setting,
# Settings "First-game tips"), the tip was seen already, there is no data folder, or the text
# key has no text; it returns True when it showed. Nothing in a game moves while the tip is
# open (kit.turns waits while a screen is over the table). The ids seen are kept in one small
# checked file, `tips_seen.json` (core.storage: a damaged file is set aside as .bad and the
# tips show again; Settings "Show tips again" empties it).
#
# The kit shows one tip by itself: "<game_id>.turn" with text "tip.<game_id>" when the table
# of a game the player plays first appears, before anything moves (kit.turns.Turns.tick), for
# every game that has that text.
# Imported only when a tip may show; the texts are in kit/lang_en.py and kit/lang_fr.py.

from core import storage, strings

FILE = "tips_seen.json"
SETTING = "tips_enabled"


def path(data_dir):
    return storage.join(data_dir, FILE)


def seen(data_dir):
    """The ids of the tips already shown (a list of strings)."""
    ids, _status = storage.load(path(data_dir), [])
    if not isinstance(ids, list):
        return []
    return [i for i in ids if isinstance(i, str)]


def reset(data_dir):
    """Every tip shows again."""
    return storage.save(path(data_dir), [])


def enabled(app):
    """The setting (on by default), unless the platform says no tips (`platform.tips` False:
    the test harness and the screenshots, tests/conftest.py)."""
    if getattr(app.platform, "tips", True) is False:
        return False
    settings = app.settings if app.settings else {}
    return settings.get(SETTING, True) is not False


def show(app, tip_id, text_key):
    """Show tip `tip_id` (text `text_key`) once: see the top of this module."""
    data = app.platform.data_dir if app is not None else None
    if data is None or not enabled(app):
        return False
    text = strings.t(text_key)
    if text == text_key:
        return False
    ids = seen(data)
    if tip_id in ids:
        return False
    ids.append(tip_id)
    storage.save(path(data), ids)
    from ui import widgets
    from ui.dialog import Dialog

    text = widgets.hints(app, text)
    cut = text.find("  ")           # what to do, then (a line of its own) the buttons
    if cut > 0:
        text = text[:cut] + "\n" + text[cut + 2:]
    app.push(Dialog(text, [strings.t("ok")], None, title=strings.t("tip")))
    return True
