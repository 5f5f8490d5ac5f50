"""Manufactory's table redraws only the belt and the lines about the part when just the
cursor moved (press to new frame, issue #13): the screen is the same as the whole table
drawn with the cursor there, and far fewer bytes are sent. Headless, on the three screens."""

import pytest
from PIL import ImageChops

from sim import headless

BOARDS = ("pico_lcd_1_3", "pico_lcd_1_14", "display_pack_2")


def _tips_off(setup, cursor=None):
    def inner(app):
        setup(app)
        app.settings["tips_enabled"] = False
        if cursor is not None:
            app.top.cursor = cursor
    return inner


@pytest.mark.parametrize("board", BOARDS)
def test_a_cursor_move_redraws_the_belt_and_the_part_lines_only(board):
    # imported here, as tests/test_assets.py does: the game's modules are dropped and loaded
    # again between tests, and a module-level import would hold an older copy of the view
    from tests.test_manufactory_view import table

    key = "Y" if board == "display_pack_2" else "RIGHT"     # the four-button board: Y
    moved = headless.run("WAIT:600,%s,WAIT:600" % key, board=board,
                         setup=_tips_off(table(4, players=3)))
    whole = headless.run("WAIT:1300", board=board, setup=_tips_off(table(4, players=3), 1))
    top = moved.app.top
    assert top.cursor == 1 and type(top).__name__ == "Table" and top.turns.human_to_move()
    assert ImageChops.difference(moved.final, whole.final).getbbox() is None
    step = [s for s in moved.steps if s.token == key][0]
    w, h = moved.final.size
    assert step.frames == 1 and 0 < step.bytes < w * h * 2 // 2


@pytest.mark.parametrize("keys, cursor", [("RIGHT,WAIT:300,RIGHT,WAIT:300,RIGHT", 3),
                                          ("LEFT", 3), ("RIGHT,WAIT:300,LEFT", 0)])
def test_moves_in_a_row_redraw_only_the_part_left_and_the_part_reached(keys, cursor):
    """Each cursor move repaints the part the cursor left and the one it reached, never the
    four; after several moves the screen is the whole table drawn with the cursor there."""
    from tests.test_manufactory_view import table

    moved = headless.run("WAIT:600,%s,WAIT:600" % keys, setup=_tips_off(table(4, players=3)))
    whole = headless.run("WAIT:1300", setup=_tips_off(table(4, players=3), cursor))
    assert moved.app.top.cursor == cursor
    assert ImageChops.difference(moved.final, whole.final).getbbox() is None


def test_a_draft_shows_first_as_the_part_leaving_then_the_whole_table():
    """A draft's first frame clears the place of the part taken alone (its first visible
    effect, at once); the next frame draws the whole table, before the AI moves (its tick
    waits for it); the screen then is the whole table drawn after the draft."""
    from games.manufactory import rules
    from tests.test_manufactory_view import table

    res = headless.run("WAIT:600", setup=_tips_off(table(4, players=3)))
    app = res.app
    top = app.top
    assert top.turns.human_to_move() and top.state.phase == rules.ACT
    acts = len(top.session.actions)
    c = app.canvas
    sent = []
    flush = c.flush

    def counted(display):
        sent.append(flush(display))
        return sent[-1]

    c.flush = counted
    slot = [i for i in range(rules.FREE) if not rules.is_wild(top.state.belt[i])][0]
    top.act(slot)
    assert top.quick == slot
    app.draw()
    # the place of the part (and the move's message): a small part of the screen
    assert top.rest and top.full_redraw and 0 < sent[-1] < c.width * c.height // 8
    top.tick(app.platform.ticks_ms())
    assert len(top.session.actions) == acts + 1      # no AI move before the whole table
    app.draw()
    assert not top.rest and sent[-1] == c.width * c.height
