"""What must be on a few screens of each game, written by hand: the message, a card's corner
code at its place, the cursor's frame around its cell, the hint bar naming the board's
buttons. The golden images (tests/test_golden_screens.py) come from the code under test, so a
wrong screen regenerated with `python -m tools.screenshots` would become golden; these facts
would still be red. Each fact was read off the game's situation (the deal from the screenshot's
seed, whose turn, where the cursor is) and the screen's layout, and checked on the picture.

A text fact: every pixel of its glyphs in the theme colour named, and no other pixel of its box
(tests/screen_facts.py). A frame fact: a frame of that colour all around the rectangle, and
another colour just outside and just inside it.
"""

import pytest

from core import theme as T
from tests.ci import require_gen
from tests.screen_facts import Screen


def text(s, x, y, role, size="small"):
    return ("text", size, s, x, y, role)


def frame(x, y, w, h, role, thick=1, corner=0):
    return ("frame", x, y, w, h, role, thick, corner)


FACTS = {
    # Memory, 16 cards: your first flip shows Sunspire's card, the cursor (white, 2 px) still
    # around it in the top-left cell; your name highlighted (your turn).
    "memory_16": [
        text("Sunspire", 11, 54, T.INK),
        frame(0, 13, 60, 53, T.FG, 2),
        text("You 0", 41, 2, T.SEL_FG),
        text("North 0", 74, 2, T.DIM),        # the seat opposite you (kit.seat_names)
        text("A Flip  B Mode  X Hint  Y Peek  MENU Menu", 4, 229, T.DIM),
    ],
    # Memory, 64 cards: DOWN, RIGHT, A flipped the card of row 2, column 2 (code FG).
    "memory_64_board": [
        text("FG", 40, 57, T.INK),            # under the symbol, never through it
        frame(30, 41, 30, 26, T.FG, 2),
        text("A Flip  B Mode  X Hint  Y Peek  MENU Menu", 4, 229, T.DIM),
    ],
    # Match 2-52: your turn, RIGHT moved the cursor to row 2, column 3: a face-down card (the
    # 3 of clubs), so the cursor is three rings of FG (SEL hardly shows on a back) and A
    # reveals. Face up: the 10 of diamonds (row 1, column 3), the 10 of clubs (row 2,
    # column 2), the queen of clubs (row 3, column 2), the 8 of hearts (row 3, column 4).
    "match252_table": [
        text("Your turn, action 1 of 2", 4, 2, T.ACCENT),
        text("10", 79, 18, T.RED),
        text("10", 43, 70, T.INK),
        text("Q", 43, 122, T.INK),
        text("8", 115, 122, T.RED),
        frame(76, 67, 34, 50, T.FG, 3, 2),
        text("You 3/12", 192, 87, T.ACCENT),
        text("Arrows Choose  A Reveal  MENU Menu", 4, 229, T.DIM),
    ],
    # On the Pico-LCD-1.14 (240x135) the hint bar sits at the bottom of its 135 rows. Your
    # second action; the cursor (SEL, 2 px) on row 2, column 2: the king of hearts, face up.
    "match252_table_240x135": [
        text("Your turn, action 2 of 2", 4, 2, T.ACCENT),
        text("K", 27, 44, T.RED),
        frame(24, 41, 18, 24, T.SEL, 2, 2),
        text("Arrows Choose  A Move/Replace  MENU Menu", 4, 124, T.DIM),
    ],
    # Match & Collect: you draw first; the cursor on your first card, the Red Stag of the
    # Winterwoods (its corner code WIN in red), named above the hand.
    "match_collect_table": [
        text("Draw: pile or discard", 4, 43, T.ACCENT),
        text("WIN", 9, 165, T.RED),
        frame(6, 162, 44, 63, T.SEL, 2, 2),
        text("Red Stag, Winterwoods", 4, 147, T.FG),
        text("</> Card  A Pick  B Actions  X Pile  Y Melds", 4, 229, T.DIM),
    ],
    # B opened the actions: the first row (draw from the pile of 57) selected.
    "match_collect_actions": [
        text("Actions", 4, 3, T.ACCENT, "large"),
        text("Draw from the pile (57)", 10, 29, T.SEL_FG, "large"),
        text("A Select  B Back", 4, 229, T.DIM),
    ],
    # Shadow Lock mid-turn: draw again or stop; your pile's third card a red 12, this turn's
    # number a green 11. Both piles unseen: 7 of the 34 cards you have not seen stop you (5
    # Shadows, the red and the yellow 11), 21%.
    "shadowlock_table_pico_lcd_1_3": [
        text("Draw again or stop", 4, 2, T.ACCENT),
        text("12", 38, 44, T.RED),
        text("11", 214, 44, T.GREEN),
        text("Draw from A (risk 21%)", 6, 97, T.SEL_FG),
        text("Draw from B (risk 21%)", 6, 108, T.FG),
        text("Up/Down Choose  A Do  MENU Menu", 4, 229, T.DIM),
    ],
    # The Display Pack 2.0 has A, B, X, Y only: X/Y move, B held opens the menu.
    "shadowlock_table_display_pack_2": [
        text("Draw again or stop", 4, 2, T.ACCENT),
        text("Draw from A (risk 21%)", 6, 97, T.SEL_FG),
        text("X/Y Choose  A Do  Hold B Menu", 4, 229, T.DIM),
    ],
    # Manufactory: your turn to draft; the cursor on the free part at the front of the belt,
    # the Water Pump (Blue, mana 3); the two back parts (by the deck) cost a part.
    "manufactory_table_pico_lcd_1_3": [
        text("Your turn: take a part", 4, 2, T.ACCENT),
        text("Free", 4, 14, T.DIM),
        text("Cost: 1 part", 100, 14, T.WARN),
        text("U", 7, 36, T.INK),
        text("3", 20, 65, T.INK, "large"),
        frame(4, 26, 40, 64, T.SEL, 2, 2),
        text("Water Pump: Blue, mana 3", 4, 94, T.FG),
        text("</> Part  A Take  MENU Menu", 4, 229, T.DIM),
    ],
    # A land drafted: its colour is declared in a dialog (OK / Cancel).
    "manufactory_declare": [
        text("Up/Down Choose  A OK  B Cancel", 4, 229, T.DIM),
    ],
    # Cauldron, 4 players: you take from row 2 (its six cells, the grid's third row); the
    # cursor (ACCENT, 2 px) on its first cell, a Fairyfloss 3; the other five framed in SEL.
    "cauldron_board_pico_lcd_1_3": [
        text("Your turn: take from row 2", 4, 2, T.ACCENT),
        frame(11, 87, 23, 31, T.ACCENT, 2),
        text("3", 24, 102, T.INK, "large"),
        frame(35, 87, 23, 31, T.SEL),
        frame(131, 87, 23, 31, T.SEL),
        text("Up/Down Choose  A Take  MENU Menu", 4, 229, T.DIM),
    ],
    # A Perluceo look: a page of your cauldron, scrolled with Up/Down.
    "cauldron_look": [
        text("Up/Down Scroll  A Page  B Back", 4, 229, T.DIM),
    ],
}

_screens = {}


def screen(name):
    if name not in _screens:
        _screens[name] = Screen(name)
    return _screens[name]


def check(s, fact):
    if fact[0] == "text":
        _, size, string, x, y, role = fact
        return s.text_at(size, string, x, y, role)
    _, x, y, w, h, role, thick, corner = fact
    return s.frame_at(x, y, w, h, role, thick, corner)


@pytest.mark.parametrize("name", sorted(FACTS))
def test_what_must_be_on_the_screen_is_there(name):
    require_gen()
    s = screen(name)
    wrong = [msg for msg in (check(s, f) for f in FACTS[name]) if msg]
    assert wrong == [], "\n".join(wrong)


def test_every_game_has_facts_on_a_few_screens():
    games = ("memory", "match252", "match_collect", "shadowlock", "manufactory", "cauldron")
    for game in games:
        assert sum(1 for n in FACTS if n.startswith(game + "_")) >= 2, game


def test_a_wrong_text_or_frame_is_seen():
    """The checks are not blind: a neighbouring place, another text, another colour fail."""
    require_gen()
    s = screen("match252_table")
    assert check(s, text("Q", 43, 122, T.INK)) is None
    assert check(s, text("Q", 44, 122, T.INK)) is not None
    assert check(s, text("K", 43, 122, T.INK)) is not None
    assert check(s, text("Q", 43, 122, T.RED)) is not None
    assert check(s, frame(76, 67, 34, 50, T.FG, 3, 2)) is None
    assert check(s, frame(40, 67, 34, 50, T.FG, 3, 2)) is not None   # the cell beside
    assert check(s, frame(76, 67, 34, 50, T.SEL, 3, 2)) is not None  # another colour
    assert check(s, frame(76, 67, 34, 50, T.FG, 2, 2)) is not None   # thinner than drawn
    assert check(s, frame(77, 68, 32, 48, T.FG, 1)) is not None      # inside the frame
