# Learn by playing, and a card held to be seen whole: what the kit does with what a game says
# in its package's learn.py (games/<id>/learn.py, imported only when one of these is needed
# and dropped after):
#
#     guide(table)        -> (text, place) or None: the one thing to do now, on your turn, in
#                            one short line with button tokens ("Take a card from the pile or
#                            the discard  {B}"), and where on the screen: (x, y, w, h), or None
#     phase_help(table)   -> (title, text): one screen on this phase of the game and its
#                            buttons (the pause menu's "?" row)
#     holds(table)        -> the buttons whose hold means something on this table: btn.A where
#                            A held shows the card under the cursor (small or overlapped cards)
#     inspect_card(table) -> (draw, name) or None: kit.inspect.Inspect's card (see there)
#
# The guided first turn (`start_guide`): the first game of each game (kit.tips id
# "<game>.guide", the "First-game tips" setting; Settings "Show tips again" brings it back)
# starts with it instead of the first-turn tip. While it is your turn, every frame the table
# draws gets the guide's line in place of its hint bar (lit, and naming the buttons it needs)
# and a frame around its place; your presses go to the table as always (the guide waits for
# them) and the line follows what the game says to do next. It ends when your turn is over.
# Imported with a game's table when one of these is asked for; dropped with the kit.

import registry
from core import modules, strings, theme

GUIDE_SUFFIX = ".guide"


def game(table):
    """The game's learn module (None when it has none)."""
    name = registry.find(table.session.game_id)[2] + ".learn"
    try:
        return __import__(name, None, None, ("learn",), 0)
    except ImportError:
        return None


def drop(table):
    modules.drop(registry.find(table.session.game_id)[2] + ".learn")


def holds(table):
    """The buttons whose hold the table takes (core.input tells a tap from a hold)."""
    mod = game(table)
    out = mod.holds(table) if mod is not None and hasattr(mod, "holds") else 0
    drop(table)
    return out


def show_card(table):
    """A held: the card under the cursor whole, with its full name, until A is let go. True
    when there was one to show."""
    mod = game(table)
    got = mod.inspect_card(table) if mod is not None and hasattr(mod, "inspect_card") else None
    drop(table)
    if not got:
        return False
    from kit.inspect import Inspect

    table.app.push(Inspect(got[0], got[1]))
    return True


def help_text(table):
    """(title, text) of the "?" screen, button tokens named for this board; None when the
    game says nothing."""
    mod = game(table)
    got = mod.phase_help(table) if mod is not None and hasattr(mod, "phase_help") else None
    drop(table)
    if not got:
        return None
    from ui import widgets

    return got[0], widgets.hints(table.app, got[1])


def open_help(table):
    """The pause menu's "?" row: one screen on the phase now and its buttons (How to play
    stays the whole reference)."""
    got = help_text(table)
    if got is None:
        return False
    from ui.textview import TextView

    table.app.push(TextView(got[0], got[1]))
    return True


# -- the guided first turn -------------------------------------------------------------------
def guided(table):
    """True when `table`'s first turn is to be guided: tips on, a guide in the game, not seen
    yet (kit.turns asks at the table's first frame, in place of the first-turn tip)."""
    app = table.app
    data = app.platform.data_dir
    if data is None or table.demo:
        return False
    from kit import tips

    if not tips.enabled(app):
        return False
    mod = game(table)
    has = mod is not None and hasattr(mod, "guide")
    drop(table)
    return has and table.session.game_id + GUIDE_SUFFIX not in tips.seen(data)


def start_guide(table):
    """Begin the guided first turn on `table` (the person to move, nothing over it) unless
    it was seen, tips are off or the game has no guide (`guided`); it is then marked seen.
    True when it began."""
    if not guided(table):
        return False
    from core import storage
    from kit import tips

    data = table.app.platform.data_dir
    ids = tips.seen(data)
    ids.append(table.session.game_id + GUIDE_SUFFIX)
    storage.save(tips.path(data), ids)
    Guide(table, game(table)).start()
    return True


class Guide:
    """The guide over one table: it wraps the table's draw (an attribute of the table while
    the guide runs), drawing after the game's own frame."""

    def __init__(self, table, mod):
        self.table = table
        self.mod = mod
        self.place = None       # the place framed on the screen now
        self.text = None        # the line drawn now
        self.acted = False      # the person has moved since it began

    def start(self):
        table = self.table
        self.draw_own = table.draw
        self.moves = len(table.session.actions)
        table.draw = self.draw
        table.invalidate()

    def end(self):
        table = self.table
        del table.draw
        self.mod = None
        drop(table)
        table.invalidate()

    def draw(self, c, full):
        table = self.table
        self.draw_own(c, full)
        session = table.session
        if session.is_over() or (len(session.actions) != self.moves and
                                 not table.turns.human_to_move()):
            self.end()          # your first turn is over
            return
        if table.full_redraw and not full:
            return              # the game asked for a whole frame next: drawn on that one
        g = self.mod.guide(table) if table.turns.human_to_move() else None
        place = g[1] if g else None
        moved = place != self.place
        if moved:
            if self.place is not None and not full:
                self.place = place
                table.invalidate()      # the old frame goes with a whole redraw
                return
            self.place = place
        if g is None:
            self.text = None
            return
        # A partial frame leaves the frame and the line alone unless the game drew over them
        # (or the line says something else): eight lines around the place would make most
        # of the screen dirty, and each cursor move would send it all again.
        if place is not None:
            if full or moved:
                frame(c, place)
            else:
                # only the sides the game drew over: the four around a whole grid would
                # make most of the screen dirty
                for box in [b for b in edges(place, c.width, c.height) if c.is_dirty(b)]:
                    c.fill_rect(box[0], box[1], box[2], box[3], theme.ACCENT)
        app = table.app
        if full or g[0] != self.text or c.is_dirty(line_box(app)):
            self.text = g[0]
            line(app, c, g[0])


def edges(place, width, height):
    """The frame's four sides as (x, y, w, h) boxes, two pixels thick (see frame)."""
    x, y, w, h = place
    x0 = x - 2 if x >= 2 else x
    y0 = y - 2 if y >= 2 else y
    x1 = x + w + 1 if x + w + 2 <= width else width - 1
    y1 = y + h + 1 if y + h + 2 <= height else height - 1
    fw = x1 - x0 + 1
    fh = y1 - y0 + 1
    return ((x0, y0, fw, 2), (x0, y1 - 1, fw, 2), (x0, y0, 2, fh), (x1 - 1, y0, 2, fh))


def frame(c, place):
    """Two pixels around the place, outside it where the screen has room (its own pixels
    stay the game's), inside at the screen's edges."""
    for x, y, w, h in edges(place, c.width, c.height):
        c.fill_rect(x, y, w, h, theme.ACCENT)


def line_box(app):
    """Where the guide's line goes: the hint bar's place."""
    from ui import widgets

    h = widgets.hint_height(app)
    return 0, app.height - h, app.width, h


def line(app, c, text):
    """The guide's line in the hint bar's place, lit (it names the buttons it needs)."""
    from ui import widgets

    font = app.small
    _x, y, _w, h = line_box(app)
    c.fill_rect(0, y, app.width, h, theme.SEL)
    text = font.fit(widgets.hints(app, text), app.width - 2 * widgets.PAD)
    c.text(font, text, widgets.PAD, y + 2, theme.SEL_FG)


def label(key):
    """A strings key's text (for a game's learn module)."""
    return strings.t(key)
