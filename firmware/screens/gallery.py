"""Developer gallery of the UI kit: a hand of sample cards, card backs and slots, a score
table, and the text and score screens. Used for headless screenshots of the widgets at every
screen size; reached from the About screen. English only (developer tool).

Buttons: LEFT/RIGHT move the cursor, A picks/unpicks a card (multi-select), X (or UP) opens
a text page, Y (or DOWN) a scrolling score table, B goes back. UP/DOWN are the four-button
boards' X/Y, hence the double mapping.
"""

from core import input as btn
from core import theme
from core.scene import Scene
from ui import widgets
from ui.cards import CURSOR, DIMMED, PICKED, draw_back, draw_card, draw_slot
from ui.handrow import HandRow
from ui.scores import ScoreTable, draw_score_table, row_height
from ui.textview import TextView

TITLE = "Widget gallery"
HINT = "</> Move  A Pick  X Text  Y Scores  B Back"

# One face per sample card id: (corner, colour, icon base name, caption); None = face down.
FACES = (
    ("A", theme.INK, "suit_spade", None),
    ("7", theme.RED, "suit_heart", None),
    ("10", theme.RED, "suit_diamond", None),
    ("K", theme.INK, "suit_club", "King"),
    ("3", theme.BLUE, "sym_wave", "Wave"),
    ("5", theme.GREEN, "sym_tree", "Tree"),
    ("2", theme.YELLOW, "sym_sun", "Sun"),
    ("9", theme.BLUE, "sym_moon", None),
    ("8", theme.GREEN, "sym_stag", "Stag"),
    ("12", theme.RED, None, None),
    None,
    ("4", theme.YELLOW, "sym_crown", "Crown"),
    ("6", theme.INK, "sym_mountain", None),
    ("1", theme.INK, "sym_key", "Key"),
)
HAND = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)

HEADERS = ("Player", "R1", "R2", "Total")
ROWS = (("You", 12, 7, 19), ("Ada (AI)", 9, 11, 20), ("Bob (AI)", 15, 3, 18))

TEXT = (
    "Text viewer\n\n"
    "This page shows the scrolling text viewer used for the rules of every game. "
    "Up and Down scroll one line, Left, Right and A one page, B goes back.\n\n"
    "Paragraphs are separated by a newline; an empty line leaves a gap. Long words such as "
    "Supercalifragilisticexpialidocious are cut where they must be. Accents work too: "
    "\u00e9t\u00e9, gar\u00e7on, \u00e0 bient\u00f4t !\n\n"
    + "".join("Filler line %d, to make the page scroll.\n" % i for i in range(1, 31))
)


def face_of(card_id):
    return FACES[card_id]


class Gallery(Scene):
    def __init__(self):
        super().__init__()
        self.row = None
        self._status_y = 0
        self._samples = None      # (y, card w, card h) or None when the screen is too small
        self._table_y = -1

    def enter(self):
        app = self.app
        pad = widgets.PAD
        x, y, w, h = widgets.content_box(app)
        small_lh = app.small.line_height
        table_h = row_height(app) * (len(ROWS) + 1)
        row_h = min(64, max(40, (h - small_lh - table_h - 4 * pad) * 3 // 5))
        top = y + pad
        self.row = HandRow(app, x + pad, top, w - 2 * pad, row_h, face_of, HAND)
        self.row.set_dimmed(9, True)
        top += row_h + 2
        self._status_y = top
        top += small_lh + pad
        left = y + h - top
        sample_h = min(56, left - table_h - 2 * pad)
        if sample_h >= 36:
            self._samples = (top, sample_h)
            top += sample_h + pad
        if y + h - top >= table_h:
            self._table_y = top

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        row = self.row
        if b == btn.LEFT:
            if row.move(-1):
                self.request_draw()
        elif b == btn.RIGHT:
            if row.move(1):
                self.request_draw()
        elif kind != btn.PRESS:
            return
        elif b == btn.A:
            row.toggle()
            self.request_draw()
        elif b == btn.X or b == btn.UP:
            self.app.push(TextView("Text viewer", TEXT))
        elif b == btn.Y or b == btn.DOWN:
            rows = [("Player %d" % (i + 1), 3 * i % 11, 7 * i % 13, 3 * i % 11 + 7 * i % 13)
                    for i in range(14)]
            self.app.push(ScoreTable("Scores", HEADERS, rows, highlight_row=4))
        elif b == btn.B:
            self.app.pop()

    def draw(self, c, full):
        app = self.app
        row = self.row
        if full:
            x, y, w, h = widgets.content_box(app)
            c.fill_rect(x, y, w, h, theme.BG)
            widgets.title_bar(app, c, TITLE)
            widgets.hint_bar(app, c, HINT)
            self._draw_samples(c)
            if self._table_y >= 0:
                pad = widgets.PAD
                draw_score_table(app, c, x + pad, self._table_y, w - 2 * pad, HEADERS, ROWS,
                                 highlight_row=0)
        row.draw(c, full)
        self._draw_status(c)

    def _draw_status(self, c):
        app = self.app
        row = self.row
        pad = widgets.PAD
        font = app.small
        w = app.width - 2 * pad
        c.fill_rect(pad, self._status_y, w, font.line_height, theme.BG)
        text = "Card %d/%d  picked %d" % (row.cursor + 1, len(row.cards), row.selected_count())
        c.text(font, font.fit(text, w), pad, self._status_y, theme.DIM)

    def _draw_samples(self, c):
        """A back, an empty slot and the highlight styles, side by side."""
        if self._samples is None:
            return
        app = self.app
        y, ch = self._samples
        cw = (ch * 5 // 7) & ~1
        x = widgets.PAD
        step = cw + 6
        draw_back(app, c, x, y, cw, ch)
        x += step
        draw_slot(app, c, x, y, cw, ch, 0, "Deck")
        x += step
        for face, flags in ((FACES[4], 0), (FACES[8], CURSOR), (FACES[1], PICKED),
                            (FACES[11], CURSOR | PICKED), (FACES[13], DIMMED)):
            if x + cw > app.width - widgets.PAD:
                break
            draw_card(app, c, x, y, cw, ch, face, flags)
            x += step
