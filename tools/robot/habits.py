"""What a person soon learns about a table, for the games where random presses are slow.

A habit reads what the screen offers (the cursor, the seat's legal actions) and names the
next button toward a move, or None to leave it to the robot's usual presses. It never reads
a hidden card and never acts but through a button.
"""

from __future__ import annotations


def _toward(cursor: int, targets: list[int], cols: int, rows: int) -> str:
    """The d-pad press that brings a wrapping grid's cursor nearest to a target."""
    r, c = divmod(cursor, cols)

    def dist(t):
        tr, tc = divmod(t, cols)
        dr = min((tr - r) % rows, (r - tr) % rows)
        dc = min((tc - c) % cols, (c - tc) % cols)
        return dr + dc

    t = min(targets, key=dist)
    tr, tc = divmod(t, cols)
    if tr != r:
        return "DOWN" if (tr - r) % rows <= (r - tr) % rows else "UP"
    return "RIGHT" if (tc - c) % cols <= (c - tc) % cols else "LEFT"


def memory(table) -> str | None:
    """Memory: walk to a card that may be turned over (a legal slot), then A."""
    st = table.session.state
    slots = [a for a in st.legal_actions() if a < st.size]
    if not slots:
        return None
    if table.cursor in slots:
        return "A"
    return _toward(table.cursor, slots, table.cols, table.rows)


HABITS = {"memory": memory}


def habit(game: str, table) -> str | None:
    fn = HABITS.get(game)
    return fn(table) if fn is not None else None
