"""One scroller for everything that shows a window of a longer list: the text viewer (lines),
score tables (rows) and menus (rows with a cursor).

The state stays in the widget as two ints, `top` (first item shown) and `page` (items that
fit); these functions move it and draw the bar:

    top = scroll.fit(top + textview.delta(b, page), page, total)    # a button press
    top = scroll.move(top, cursor, page, total)                     # keep a cursor in view
    scroll.draw(c, x, y, h, top, page, total)                       # the bar, right edge

Plain functions on ints, no object, with names the board has interned already: the menu
loads this module at boot, and on the board every new name stays in the heap for good.
"""

from core import theme

width = 3    # width of the bar's column (the bar itself is 2 pixels, then a gap)


# (Argument names the board has interned already: `size` items fit, `count` in all.)
def fit(top, size, count):
    """`top` kept between 0 and the last full page of `size` (0 when all `count` fit)."""
    last = count - size
    if top > last:
        top = last
    return top if top > 0 else 0


def move(top, index, size, count):
    """The smallest move of `top` that shows item `index` (then clamped)."""
    if index < top:
        top = index
    elif index >= top + size:
        top = index - size + 1
    return fit(top, size, count)


def draw(c, x, y, h, top, size, count):
    """The scroll bar in a `width`-wide column at x: track in PANEL, thumb in DIM, the column
    cleared to BG (nothing more when all `count` items fit in `size`)."""
    c.fill_rect(x, y, width, h, theme.BG)
    if count <= size:
        return
    thumb = max(6, h * size // count)
    ty = y + (h - thumb) * top // (count - size)
    c.fill_rect(x, y, width - 1, h, theme.PANEL)
    c.fill_rect(x, ty, width - 1, thumb, theme.DIM)
