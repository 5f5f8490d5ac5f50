"""What a person soon learns about a table, for the games where random presses are slow.

A habit reads what the screen offers (the cursor, the seat's legal actions) and names the
next button toward a move, or None to leave it to the robot's usual presses. It never reads
a hidden card and never acts but through a button.
"""

from __future__ import annotations

import sys


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
    """Memory: walk to a card to turn over, then A. As a person with a good memory plays: the
    first card of a pair it has seen both cards of (state.known: cards that were face up on
    the screen), the second card matching the first when it has seen one, else a card it has
    not seen (a solo game of random turns runs into the turn limit)."""
    st = table.session.state
    slots = [a for a in st.legal_actions() if a < st.size]
    if not slots:
        return None
    rules = sys.modules[type(st).__module__]
    known = [(i, st.known(i)) for i in slots]
    known = [(i, c) for i, c in known if c >= 0]
    unseen = [i for i in slots if st.known(i) < 0]
    want = []
    if st.first >= 0:
        first = st.known(st.first)
        want = [i for i, c in known if first >= 0 and rules.matches(c, first, st.mode)]
    else:
        for i, c in known:
            if any(j != i and rules.matches(c, d, st.mode) for j, d in known):
                want.append(i)
    targets = want or unseen or slots
    if table.cursor in targets:
        return "A"
    return _toward(table.cursor, targets, table.cols, table.rows)


def _strings():
    return sys.modules["core.strings"]


def _rules_of(state):
    return sys.modules[type(state).__module__]


def _mc_selection(table):
    """Match & Collect while the person builds a meld (after taking the discard every legal
    action is a card to add): (the state with the picked cards selected, or None when the
    picks cannot make a meld), or False when no meld is being built."""
    st = table.session.state
    rules = _rules_of(st)
    legal = st.legal_actions()
    if not legal or any(rules.decode(a)[0] != "select" for a in legal):
        return False
    sim = st.clone()
    for card in getattr(table, "sel", ()):
        a = rules.select(card)
        if a not in sim.legal_actions():
            return None
        sim.apply(a)
    return sim


def _mc_path(sim, depth=6):
    """Cards to add to the selection of `sim` so that it can be laid (or added to a meld):
    a depth-first search over the legal picks (some lead nowhere); None when none does."""
    rules = _rules_of(sim)
    legal = sim.legal_actions()
    if rules.MELD in legal or any(rules.decode(a)[0] == "extend" for a in legal):
        return []
    if depth == 0:
        return None
    for a in legal:
        kind, card = rules.decode(a)
        if kind != "select":
            continue
        nxt = sim.clone()
        nxt.apply(a)
        rest = _mc_path(nxt, depth - 1)
        if rest is not None:
            return [card] + rest
    return None


def match_collect(table) -> str | None:
    """Match & Collect: the turn begins in the actions list (Draw or Take); cards picked on a
    whim are taken to the actions list (a meld, or Clear selection) before more are picked;
    a card taken from the discard is laid in a meld: the robot picks cards the rules still
    allow (their legal actions), one by one, then lays the meld from the actions list."""
    st = table.session.state
    if getattr(table, "picking", False):
        return None
    if st.phase == 0:               # PH_DRAW: draw or take, from the actions list (B)
        return "B"
    sim = _mc_selection(table)
    if sim is not False:
        path = _mc_path(sim) if sim is not None else None
        if not path:
            return "B"               # lay it from the actions list, or Clear selection
        row = table.row
        if path[0] not in row.cards:
            return None
        i = row.cards.index(path[0])
        return "A" if i == row.cursor else ("DOWN" if i > row.cursor else "UP")
    if len(getattr(table, "sel", ())) >= 2:
        return "B"
    return None


def _row(labels, *keys) -> int | None:
    """The first row whose label begins as one of the strings `keys` (their text before any
    %), tried in order; None when no row does."""
    t = _strings().t
    for key in keys:
        head = t(key).split("%")[0]
        for i, label in enumerate(labels):
            if label.startswith(head):
                return i
    return None


def match_collect_row(table, labels) -> int | None:
    """In Match & Collect's actions list: draw (or take) at a turn's start; lay a meld (or
    add to one) when the picks make one, else Clear selection; one card picked: discard it."""
    sim = _mc_selection(table)
    picked = len(getattr(table, "sel", ()))
    if table.session.state.phase == 0:
        # The turn begins: draw from the pile, or take the discard when it is offered.
        return _row(labels, "mc.act_draw", "mc.act_take")
    if sim is False:
        if picked == 1:
            # One card picked on purpose: lay it where it fits, else discard it, as a
            # person ends a turn.
            return _row(labels, "mc.act_meld", "mc.act_extend", "mc.act_discard")
        if picked < 2:
            return None
        # Cards picked at will: lay them when the list offers a meld, else clear the picks
        # (the list then offers no move: Discard takes one card).
        found = _row(labels, "mc.act_meld", "mc.act_extend")
        return found if found is not None else _row(labels, "mc.act_clear")
    if sim is not None and _mc_path(sim) == []:
        found = _row(labels, "mc.act_meld", "mc.act_extend")
        if found is not None:
            return found
    return _row(labels, "mc.act_clear")


HABITS = {"memory": memory, "match_collect": match_collect}
ROW_HABITS = {"match_collect": match_collect_row}


def habit(game: str, table) -> str | None:
    fn = HABITS.get(game)
    return fn(table) if fn is not None else None


def row_habit(game: str, table, labels) -> int | None:
    """The row of a list over the table a person in the know would choose, or None."""
    fn = ROW_HABITS.get(game)
    return fn(table, labels) if fn is not None and table is not None else None
