"""ui.cards' faster drawing keeps its pixels and its dirty rectangles.

draw_card, draw_back and draw_slot mark the card's box once and draw the rest straight on the
FrameBuffer (a canvas mark costs ~0.4 ms on the Pico); the card back's lattice is one native
call (viper, ui.cardback._back) on MicroPython. Checked here, under CPython and the
MicroPython unix port (the same code):
- every pixel a card drawing changes lies inside a rectangle the canvas marked, so a flush
  sends it (cards at the canvas's edges and corners wider than the card included);
- under MicroPython, the native frame and lattice set exactly the pixels of the plain path's
  FrameBuffer.rect/hline/vline/pixel/line calls, for every highlight, card sizes from 2x2
  (no lattice) to the whole canvas, at clipped positions; and HandRow's native copy of its
  cards from the scratch canvas leaves the canvas as FrameBuffer.blit does, over full and
  partial redraws, scrolled rows and picked cards.
"""

import subprocess

from tests.mpy import FIRMWARE, run_mpy

GEN = str(FIRMWARE / "gen")

CODE = """
from core import theme
from core.canvas import Canvas
from core.font import Font
from core.icons import Icons
from ui import cardback, cards, handrow

class App:
    pass

app = App()
app.small = Font(%(gen)r + "/font_small.bin")
app.large = Font(%(gen)r + "/font_large.bin")
app.icons = Icons(%(gen)r + "/icons.bin")

FACES = (("10", theme.RED, "suit_heart", "Ten"), ("K", theme.BLUE, None, None),
         ("7", theme.GREEN, "suit_club", None), (None, theme.INK, "suit_spade", "Spade"),
         ("WIDE CORNER", theme.YELLOW, None, None), None)
SIZES = ((12, 12), (13, 19), (20, 28), (30, 42), (40, 56), (11, 30), (64, 90))
PLACES = ((4, 6), (0, 0), (-7, -9), (93, 40), (100, 70), (57, 3))


def fill(c):
    for i in range(len(c.buf)):
        c.buf[i] = (i * 29 + 3) & 255


def uncovered(c, before):
    # changed pixels outside every dirty rectangle
    rects = [tuple(c._r[4 + 4 * k:8 + 4 * k]) for k in range(c._r[0])]
    bad = 0
    for i in range(len(c.buf)):
        if c.buf[i] == before[i]:
            continue
        y = (2 * i) // c.width
        for x in (2 * i - y * c.width, 2 * i - y * c.width + 1):
            inside = False
            for x0, y0, x1, y1 in rects:
                if x0 <= x < x1 and y0 <= y < y1:
                    inside = True
            if not inside:
                bad += 1
    return bad


checked = 0
bad = 0
for (w, h) in SIZES:
    for (x, y) in PLACES:
        for face in FACES:
            for flags in (0, cards.CURSOR, cards.PICKED, cards.CURSOR | cards.PICKED,
                          cards.DIMMED):
                c = Canvas(120, 100)
                fill(c)
                c.flush(type("D", (), {"flush": lambda *a: None})())
                before = bytes(c.buf)
                cards.draw_card(app, c, x, y, w, h, face, flags)
                bad += uncovered(c, before)
                checked += 1
        for label in (None, "Deck", "A long label"):
            c = Canvas(120, 100)
            fill(c)
            c.flush(type("D", (), {"flush": lambda *a: None})())
            before = bytes(c.buf)
            cards.draw_slot(app, c, x, y, w, h, cards.CURSOR if label else 0, label)
            bad += uncovered(c, before)
            checked += 1
print("marks", checked, bad)

if cardback._back is not None:
    same = 0
    runs = 0
    fast = cardback._back
    for (w, h) in SIZES + ((16, 16), (17, 40), (90, 30), (240, 240), (2, 2), (6, 9)):
        for (x, y) in PLACES + ((110, 95), (-30, 50)):
            for flags in (0, cards.CURSOR, cards.PICKED, cards.CURSOR | cards.PICKED):
                a = Canvas(120, 100)
                b = Canvas(120, 100)
                fill(a)
                fill(b)
                cards.draw_back(app, a, x, y, w, h, flags)
                cardback._back = None
                cards.draw_back(app, b, x, y, w, h, flags)
                cardback._back = fast
                runs += 1
                same += a.buf == b.buf
    print("lattice", runs, same)
else:
    print("lattice none")

# HandRow: cards blitted from its scratch canvas (native byte copy on MicroPython) over full
# and partial redraws, against FrameBuffer.blit.
def hand(copy):
    saved = handrow._copy
    handrow._copy = copy
    out = []
    for (x, y, w, h, n) in ((0, 10, 120, 50, 5), (6, 40, 110, 58, 14), (64, 0, 56, 30, 3)):
        c = Canvas(120, 100)
        fill(c)
        row = handrow.HandRow(app, x, y, w, h, lambda cid: FACES[cid %% len(FACES)], range(n))
        row.draw(c, True)
        out.append(bytes(c.buf))
        for step in (1, 1, -1, 3, 1, 1, 1, 1, 1, 1, 1, 1):
            row.move(step)
            if step == 3:
                row.toggle()
            row.draw(c)
            out.append(bytes(c.buf))
    handrow._copy = saved
    return out

if handrow._load_copy() is not None:
    print("hand", hand(handrow._copy) == hand(None))
else:
    print("hand none")
"""


def _check(out, native):
    lines = out.splitlines()
    marks = lines[0].split()
    assert marks[0] == "marks" and int(marks[1]) == 7 * 6 * (6 * 5 + 3)
    assert marks[2] == "0", out
    if native:
        runs = 13 * 8 * 4
        assert lines[1] == "lattice %d %d" % (runs, runs), out
        assert lines[2] == "hand True", out
    else:
        assert lines[1] == "lattice none", out
        assert lines[2] == "hand none", out


def test_card_drawing_stays_inside_its_marks_and_native_back_matches_under_micropython():
    proc = run_mpy(CODE % {"gen": GEN}, heap="512wK", timeout=300)
    _check(proc.stdout, native=True)


def test_card_drawing_stays_inside_its_marks_under_cpython():
    import sys

    stubs = str(FIRMWARE.parent / "sim" / "stubs")
    code = "import sys; sys.path[:0] = [%r, %r]\n" % (stubs, str(FIRMWARE)) + CODE % {"gen": GEN}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr
    _check(proc.stdout, native=False)
