"""Cauldron AI: legal moves at every level, decisions that do not depend on covered cards the
seat forgot or never saw, the play the issue asks for (threes and fours, no singletons, own
colour, Accio, Vanesco, Recipes, the end), and whole AI-only games."""

import pytest

from core.rng import Rng
from games.cauldron import ai, board, rules
from games.cauldron.board import EMPTY, LINE_CELLS
from games.cauldron.rules import ACCIO, DISCARD, KEEP, TAKE
from tests.test_cauldron_rules import ORA, PNK, PUR, WHT, full_grid, ing

E = EMPTY
LEVELS = ("easy", "normal", "hard")


def ai_game(levels, seed, budget=None, **opt):
    """A whole AI game (`budget` for every seat: None, each level's own look-ahead; 0, the
    heuristic alone)."""
    s = rules.new_game(dict(players=len(levels), **opt), seed)
    rngs = [Rng(seed * 31 + i) for i in range(len(levels))]
    n = 0
    while not s.is_over():
        p = s.current_player
        a = ai.choose(s, p, levels[p], rngs[p], budget)
        assert a in s.legal_actions()
        s.apply(a)
        n += 1
        assert n < 1000
    s.check()
    return s


def test_ai_only_games_end():
    for g in range(24):
        players = 2 + g % 3
        levels = [LEVELS[(g + i) % 3] for i in range(players)]
        s = ai_game(levels, 500 + g, recipes=g % 2 == 1, open=g % 5 == 0)
        assert s.is_over() and s.end_reason in ("last_card", "dead_end", "cap")


def positions(seed, players, count, **opt):
    """States along an AI game, for the knowledge tests."""
    s = rules.new_game(dict(players=players, **opt), seed)
    rng = Rng(seed)
    out = []
    while not s.is_over() and len(out) < count:
        p = s.current_player
        s.apply(ai.choose(s, p, "normal", rng))
        if not s.is_over() and s.turn > 12:
            out.append(s.clone())
    return out


LAST_TURNS = 8


def phase_positions(seed, players, **opt):
    """(phase, state) along a whole AI game: "opening" and "middle" (the first and second
    half of the turns while the pile lasts, every third), "end" (the pile empty) and "last"
    (its LAST_TURNS last turns), so that what the AI does in each phase is checked."""
    s = rules.new_game(dict(players=players, **opt), seed)
    rng = Rng(seed)
    states = []
    while not s.is_over():
        states.append(s.clone())
        p = s.current_player
        s.apply(ai.choose(s, p, "normal", rng))
    drawing = sum(1 for x in states if x.pile)
    out = []
    for i, x in enumerate(states):
        if i >= len(states) - LAST_TURNS:
            out.append(("last", x))
        elif not x.pile:
            out.append(("end", x))
        elif i % 3 == 0:
            out.append(("opening" if i < drawing // 2 else "middle", x))
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_ignore_forgotten_and_unseen_cards(level):
    """In every phase of the game, its last turns included (where the end-game estimate
    decides), the decision is the same when the cards the seat forgot or never saw are dealt
    again (sample_hidden at the seat's memory level)."""
    changed = 0
    checked = {"opening": 0, "middle": 0, "end": 0, "last": 0}
    differ = []
    for seed in (1, 2, 3, 4, 5, 6):
        for phase, s in phase_positions(seed, 2 + seed % 3, recipes=seed % 2 == 1):
            seat = s.current_player
            want = ai.choose(s, seat, level, Rng(77))
            memory = ai.memory_level(level)
            for k in range(2):
                w = s.sample_hidden(seat, Rng(k * 13 + seed), memory)
                assert w.memory(seat, memory) == s.memory(seat, memory)
                if w.cauldrons != s.cauldrons or w.recipes != s.recipes:
                    changed += 1
                got = ai.choose(w, seat, level, Rng(77))
                if got != want:
                    differ.append((phase, seed, s.turn, want, got))
                checked[phase] += 1
    assert differ == [], "decisions that read hidden cards (phase, seed, turn, real, world)"
    assert min(checked.values()) >= 40, checked     # every phase seen
    assert changed >= 100    # the worlds really differed in hidden cards


def test_easy_forgets_more_than_hard():
    s = positions(4, 2, 60)[-1]
    known = {lv: sum(1 for o in range(2) for c in s.memory(0, lv)[o] if c != E)
             for lv in LEVELS}
    assert known["easy"] < known["normal"] < known["hard"]


# -- play --------------------------------------------------------------------------------------


def pos(line_cards, cauldron, spells=(), players=2, rival=(), pile=(60, 61, 62), recipes=None,
        extra=None, pawn=None):
    """Seat 0 to play at place 2 (column 2, line 1) holding `cauldron`; `line_cards` fill that
    line (the rest of the board is Yellow/Green/Red/White filler)."""
    used = set(line_cards) | set(cauldron) | set(rival) | set(pile) | set(spells)
    grid = full_grid(avoid=used)
    for i, c in enumerate(line_cards):
        grid[LINE_CELLS[1][i]] = c
    for g, c in (extra or {}).items():
        grid[g] = c
    top = cauldron[-1] if cauldron else E
    d = 2 if top == E else board.value(top)
    start = (2 - d) % 20 if pawn is None else pawn
    cauldrons = [list(cauldron), list(rival)] + [[] for _ in range(players - 2)]
    spl = [list(spells)] + [[] for _ in range(players - 1)]
    s = rules.position(grid, pile=list(pile), cauldrons=cauldrons, spells=spl,
                       pawns=[start, 10, 5, 15][:players], players=players, recipes=recipes)
    assert s.current_player == 0 and s.line == 1
    return s


def take_of(s, card):
    for a in s.legal_actions():
        if a >> 8 in (TAKE, ACCIO):
            line = (a & 0xFF) // 6
            if s.grid[LINE_CELLS[line][(a & 0xFF) % 6]] == card:
                return a
    raise AssertionError("no take of %d" % card)


def picked(s, level="hard", budget=0):
    """The card the level's heuristic takes (budget 0: no look-ahead; the tests below are of
    its judgement, the look-ahead's own are further down)."""
    a = ai.choose(s, 0, level, Rng(1), budget)
    line = (a & 0xFF) // 6
    return s.grid[LINE_CELLS[line][(a & 0xFF) % 6]]


FILL = [ing(PNK, 1), ing(PNK + 1, 1), ing(PUR, 1), ing(PUR + 1, 1)]


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_completes_a_three(level):
    s = pos(FILL + [ing(ORA, 2), ing(WHT, 1)], [ing(ORA, 3), ing(ORA, 4), ing(PNK, 2)])
    assert picked(s, level) == ing(ORA, 2)


@pytest.mark.parametrize("level", ("normal", "hard"))
def test_completes_a_four(level):
    s = pos(FILL + [ing(ORA, 1), ing(WHT, 4)], [ing(ORA, 2), ing(ORA, 3), ing(ORA, 4),
                                                ing(PNK, 2)])
    assert picked(s, level) == ing(ORA, 1)


def test_avoids_a_singleton_for_a_pair():
    s = pos([ing(PNK, 4), ing(PUR, 4), ing(WHT, 4), ing(ORA + 1, 4), ing(ORA, 1),
             ing(PNK + 1, 3)], [ing(ORA, 3), ing(PUR + 1, 2)])
    assert picked(s) == ing(ORA, 1)


def test_values_own_colour_double():
    # seat 0 is Yellow: a Yellow three (2 x 7) beats an Orange three (7)
    s = pos(FILL[:2] + [ing(ORA, 1), ing(0, 1)] + FILL[2:],
            [ing(ORA, 2), ing(ORA, 4), ing(0, 2), ing(0, 4)])
    assert picked(s) == ing(0, 1)


def test_uses_accio_where_it_pays():
    # the faced line holds only fresh singles; another line has the fourth Orange
    s = pos([ing(PNK, 4), ing(PUR, 4), ing(WHT, 4), ing(ORA + 1, 4), ing(PNK + 1, 4),
             ing(PUR + 1, 4)], [ing(ORA, 2), ing(ORA, 3), ing(ORA, 4), ing(PNK + 1, 1)],
            spells=[74], extra={LINE_CELLS[6][0]: ing(ORA, 1)})
    a = ai.choose(s, 0, "hard", Rng(1))
    assert a >> 8 == ACCIO and picked(s) == ing(ORA, 1)


def test_takes_vanesco_against_a_valuable_top():
    rival = [ing(PUR, 1), ing(PUR, 2), ing(PUR, 3), ing(PUR, 4)]   # their top makes a four
    s = pos([78, ing(PNK, 4), ing(WHT, 4), ing(ORA + 1, 4), ing(PNK + 1, 4), ing(PUR + 1, 4)],
            [ing(ORA, 2)], rival=rival)
    assert picked(s) == 78


def test_plays_toward_recipe_a():
    # two equal Orange/Pink pair-makers: Recipe A Orange decides
    s = pos([ing(WHT, 4), ing(ORA, 1), ing(PNK, 1), ing(WHT + 1, 4), ing(PUR, 4), ing(PUR, 3)],
            [ing(ORA, 2), ing(PNK, 2)], recipes=[[88, 97], [89, 93]])
    assert picked(s) == ing(ORA, 1)
    s = pos([ing(WHT, 4), ing(ORA, 1), ing(PNK, 1), ing(WHT + 1, 4), ing(PUR, 4), ing(PUR, 3)],
            [ing(ORA, 2), ing(PNK, 2)], recipes=[[90, 97], [89, 93]])
    assert picked(s) == ing(PNK, 1)


def end_pos(card, mine, rival):
    grid = [E] * 36
    grid[LINE_CELLS[1][3]] = card
    grid[LINE_CELLS[5][0]] = ing(WHT, 1)
    top = mine[-1]
    s = rules.position(grid, pile=[], cauldrons=[list(mine), list(rival)],
                       pawns=[(2 - board.value(top)) % 20, 10])
    assert s.current_player == 0 and s.line == 1
    return s


def test_keeps_or_discards_the_last_card():
    s = end_pos(ing(ORA, 1), [ing(ORA, 3), ing(ORA, 4), ing(PUR, 1), ing(PUR, 2),
                              ing(PUR, 3)], [ing(PNK, 1)])
    s.apply(ai.choose(s, 0, "hard", Rng(1)))
    assert s.phase == rules.P_KEEP
    assert ai.choose(s, 0, "hard", Rng(1)) == KEEP << 8          # completes a three
    s = end_pos(ing(WHT + 1, 4), [ing(PUR, 1), ing(PUR, 2), ing(PUR, 3)], [ing(PNK, 1)])
    s.apply(ai.choose(s, 0, "hard", Rng(1)))
    assert ai.choose(s, 0, "hard", Rng(1)) == DISCARD << 8       # a lone 4 would cost 4


def test_ends_the_game_only_when_ahead():
    def setup(rival):
        s = end_pos(ing(WHT + 1, 1), [ing(PUR, 1), ing(PUR, 2), ing(PUR, 3)], rival)
        s.grid[LINE_CELLS[5][1]] = ing(WHT, 2)         # row 2 keeps two cards: no end there
        s.spells[0].append(74)
        s.uses[74] = 2
        return s

    # ahead (6 - 1 = 5 against -1): it takes the column's last card, ending the game
    s = setup([ing(PNK, 1)])
    end = take_of(s, ing(WHT + 1, 1))
    assert ai.choose(s, 0, "hard", Rng(1)) == end
    # behind (5 against 15): it uses its Accio on row 2 rather than end the game
    s = setup([ing(PNK, 1), ing(PNK, 2), ing(PNK, 3), ing(PNK, 4)])
    a = ai.choose(s, 0, "hard", Rng(1))
    assert a != end and a >> 8 == ACCIO and (a & 0xFF) // 6 == 5
    s.apply(a)
    assert not s.is_over()


def test_hard_beats_easy_in_a_short_match():
    wins = 0.0
    games = 0
    for d in range(10):
        for r in range(2):
            lv = ["hard", "easy"] if r == 0 else ["easy", "hard"]
            s = ai_game(lv, 900 + d)
            wins += s.returns()[r]
            games += 1
    assert wins / games >= 0.8


def test_the_look_ahead_beats_the_heuristic_alone():
    """Hard with its worlds (BUDGET) against Hard's heuristic alone (budget 0), on the same
    deals with the seats swapped."""
    wins = 0.0
    for d in range(12):
        for r in range(2):
            s = rules.new_game({"players": 2}, 700 + d)
            rngs = [Rng(d * 2 + 1), Rng(d * 2 + 2)]
            while not s.is_over():
                p = s.current_player
                s.apply(ai.choose(s, p, "hard", rngs[p], None if p == r else 0))
            wins += s.returns()[r]
    assert wins / 24 >= 0.65


def test_the_look_ahead_samples_its_budget_of_worlds(monkeypatch):
    s = positions(5, 2, 3)[-1]
    seat = s.current_player
    calls = []
    real = type(s).sample_hidden

    def counted(state, seat, rng, level=None):
        calls.append(level)
        return real(state, seat, rng, level)

    monkeypatch.setattr(type(s), "sample_hidden", counted)
    for budget, want in ((0, 0), (1, 1), (5, 5), (None, ai.BUDGET[s.num_players])):
        del calls[:]
        ai.choose(s, seat, "hard", Rng(3), budget)
        assert len(calls) == want
        assert set(calls) <= {ai.memory_level("hard")}   # at its own memory
    # On a board, past the deadline no new world is sampled (one always is).
    clock = [0]

    def ticks_ms():
        clock[0] += 400
        return clock[0]

    monkeypatch.setattr(ai.sampling.time, "ticks_ms", ticks_ms, raising=False)
    monkeypatch.setattr(ai.sampling.time, "ticks_add", lambda a, b: a + b, raising=False)
    monkeypatch.setattr(ai.sampling.time, "ticks_diff", lambda a, b: a - b, raising=False)
    del calls[:]
    assert ai.choose(s, seat, "hard", Rng(3), 8) in s.legal_actions()
    assert 1 <= len(calls) < 8


def test_choose_refuses_out_of_turn_and_unknown_level():
    s = rules.new_game({"players": 2}, 1)
    with pytest.raises(ValueError):
        ai.choose(s, 1, "hard", Rng(1))
    with pytest.raises(ValueError):
        ai.choose(s, 0, "expert", Rng(1))
