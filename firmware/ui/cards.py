"""Cards on screen: one card (face, back, empty slot).

A card face is described by a neutral 4-tuple every game can build:

    (corner, color, icon, caption)

- corner: short text in the top-left corner ("10", "K", "7") or None;
- color: theme index for the corner text and icons (theme.RED, BLUE, YELLOW, GREEN, INK);
- icon: base icon name ("suit_heart", "sym_stag", ... : assets/icons/<base>_<size>.png) or
  None; the small icon (8 or 12 px) goes under the corner text, the 16 px one in the middle
  when the card is big enough (looked up once per name, see `icon_names`);
- caption: a short word along the bottom of big cards, or None.

`face_of(card_id)` may also return None for a face-down card (drawn with `draw_back`).

Highlights are flags: CURSOR (thick border in SEL), PICKED (multi-selected: border in ACCENT;
HandRow also lifts the card), DIMMED (corner and icons in DIM, e.g. not playable now).

A row of cards with a cursor is ui.handrow's HandRow; a face-down card and the borders are
ui.cardback's (re-exported here).
"""

from micropython import const

from core import theme
from ui.cardback import CURSOR, DIMMED, PICKED, draw_back  # noqa: F401 (ui.cards' API too)
from ui.cardback import border as _border
from ui.cardback import outline as _outline

BIG_ICON = const(16)

# base name -> (small name, its size, big name); filled on first use of each base name.
_icon_cache = {}
_icon_owner = [None]    # the Icons object the cache belongs to (a new set empties it)
_SUFFIXES = ("_8", "_12", "_16", "")


def icon_names(app, base):
    """(small, small_size, big, big_size) icon names for `base`: "suit_heart" ->
    ("suit_heart_8", 8, "suit_heart_16", 16); "sym_stag" -> ("sym_stag_12", 12, "sym_stag_16",
    16). A name is None (size 0) when the icon set lacks it. Looked up once per base name."""
    icons = app.icons
    if _icon_owner[0] is not icons:
        _icon_cache.clear()
        _icon_owner[0] = icons
    names = _icon_cache.get(base)
    if names is not None:
        return names
    small = big = None
    small_size = big_size = 0
    for suffix in _SUFFIXES:
        name = base + suffix
        if icons is None or not icons.has(name):
            continue
        h = icons.size(name)[1]
        if h < BIG_ICON:
            if small is None or h < small_size:
                small = name
                small_size = h
        elif big is None:
            big = name
            big_size = h
    names = (small, small_size, big, big_size)
    _icon_cache[base] = names
    return names


def draw_icon(app, c, name, x, y, color, size=0):
    """Draw a square icon `name` onto canvas `c` and mark it; `size` (its side) saves a
    lookup when known. Returns the width drawn (0 for None)."""
    if name is None or app.icons is None:
        return 0
    icons = app.icons
    if size:
        w = h = size
    else:
        w, h = icons.size(name)
    icons.draw(c.fb, name, x, y, color)
    c.mark(x, y, w, h)
    return w


def draw_card(app, c, x, y, w, h, face, flags=0):
    """One face-up card at (x, y), size w x h, described by `face` (see the module doc);
    `face` None draws the back."""
    if face is None:
        draw_back(app, c, x, y, w, h, flags)
        return
    corner, color, icon, caption = face
    ink = theme.DIM if flags & DIMMED else color
    c.round_rect(x, y, w, h, theme.CARD)   # marks the card's box: what follows draws inside
    fb = c.fb
    _border(fb, x, y, w, h, flags, theme.EDGE)
    font = app.small
    lh = font.line_height
    left = x + 3
    ty = y + 3
    if corner:
        end = font.text(fb, corner, left, ty, ink, c)
        if end > x + w:
            c.mark(left, ty, end - left, lh)   # a corner wider than the card
        ty += lh
    big = None
    big_size = 0
    icons = app.icons
    if icon is not None:
        small, small_size, big, big_size = icon_names(app, icon)
        if small is not None and ty + small_size <= y + h - 3:
            icons.draw(fb, small, left, ty, ink)
            if left + small_size > x + w:
                c.mark(left, ty, small_size, small_size)
            ty += small_size + 1
    cap_h = lh + 2 if caption and h >= ty - y + BIG_ICON + lh + 6 else 0
    mid_top = ty
    mid_h = y + h - 3 - cap_h - mid_top
    if big is not None and w >= big_size + 8 and mid_h >= big_size:
        icons.draw(fb, big, x + (w - big_size) // 2, mid_top + (mid_h - big_size) // 2, ink)
    elif icon is None and corner:
        large = app.large
        tw = large.width(corner)
        if tw <= w - 8 and mid_h >= large.height:
            large.text(fb, corner, x + (w - tw) // 2, mid_top + (mid_h - large.height) // 2,
                       ink, c)
    if cap_h:
        text = font.fit(caption, w - 6)
        tw = font.width(text)
        font.text(fb, text, x + (w - tw) // 2, y + h - 3 - lh,
                  theme.DIM if flags & DIMMED else theme.INK, c)


def draw_slot(app, c, x, y, w, h, flags=0, label=None):
    """An empty place for a card (a pile, a table spot): outline on the background."""
    c.fill_rect(x, y, w, h, theme.BG)   # marks the box: what follows draws inside
    fb = c.fb
    if flags & CURSOR:
        _outline(fb, x, y, w, h, theme.SEL)
        fb.rect(x + 1, y + 1, w - 2, h - 2, theme.SEL)
    else:
        _outline(fb, x, y, w, h, theme.EDGE)
    if label:
        font = app.small
        text = font.fit(label, w - 4)
        tw = font.width(text)
        ty = y + (h - font.height) // 2
        tx = x + (w - tw) // 2
        font.text(fb, text, tx, ty, theme.DIM, c)
        if ty < y or ty + font.line_height > y + h:
            c.mark(tx, ty, tw, font.line_height)   # a slot lower than a line of text


def card_width(h):
    """Card width for a card height (poker proportions 5:7), even for byte-aligned blits."""
    return (h * 5 // 7) & ~1
