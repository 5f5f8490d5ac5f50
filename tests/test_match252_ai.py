"""Match 2-52 AI: it decides only from what its seat saw, it goes for matches, remembers its
Jack looks, fears likely Sixes, hides pairs with Replace, knows the Kings and Aces; AI-only
games on CPython and under the MicroPython unix port with a Pico-sized heap."""

import pytest

import registry
from core.rng import Rng
from games.match252 import ai, rules
from games.match252.rules import EMPTY, action
from tests.mpy import run_mpy
from tools import arena

E = EMPTY


def c(rank, suit=0):
    return rules.RANK_NAMES.index(rank) * 4 + suit


def move(a, b):
    return action(rules.MOVE, (a << 4) | b)


FILL = [c(r, k) for r in ("2", "3", "4", "5", "8") for k in range(4)]


def board(cards, up_slots=None, avoid=()):
    """16 slots: `cards` (slot -> card) face up (or only `up_slots`), the rest face-down
    filler cards."""
    used = set(cards.values()) | set(avoid)
    fill = iter([k for k in FILL if k not in used])
    grid = [cards[s] if s in cards else next(fill) for s in range(16)]
    up = [1 if (s in cards if up_slots is None else s in up_slots) else 0 for s in range(16)]
    return grid, up


def positions(n, seed):
    """States along random games (including pending choices), for either seat to move."""
    out = []
    rng = Rng(seed)
    for g in range(n):
        s = rules.new_game({"players": 2}, seed * 100 + g)
        while not s.is_over():
            if rng.randbelow(3) == 0:
                out.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
    return out


def redeal(state, seat, rng):
    """A second, independent re-deal (not the rules' sample_hidden): read the raw fields, take
    every face-down grid card and pile card whose `know` bit for `seat` is clear, and deal
    them again over the same places; what the other seat knows stays with the place."""
    w = state.clone()
    bit = 1 << seat
    places = [("g", s) for s in range(16)
              if state.grid[s] != E and not state.up[s] and not state.know[state.grid[s]] & bit]
    places += [("p", i) for i in range(len(state.pile)) if not state.know[state.pile[i]] & bit]
    cards = [state.grid[i] if kind == "g" else state.pile[i] for kind, i in places]
    masks = [state.know[c] for c in cards]
    order = list(range(len(cards)))
    for i in range(len(order) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    for (kind, i), mask, k in zip(places, masks, order):
        card = cards[k]
        if kind == "g":
            w.grid[i] = card
        else:
            w.pile[i] = card
        w.know[card] = mask
    return w


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_decisions_use_only_what_the_seat_has_seen(level):
    """Re-dealing every card the seat has not seen never changes its choice: worlds from the
    rules' sample_hidden and from the test's own redeal()."""
    checked = 0
    moved = 0
    for state in positions(4, 3)[:70]:
        seat = state.current_player
        want = ai.choose(state, seat, level, Rng(77))
        assert want in state.legal_actions()
        for k in range(3):
            world = state.sample_hidden(seat, Rng(k + 1))
            assert world.observation(seat) == state.observation(seat)
            assert ai.choose(world, seat, level, Rng(77)) == want
            other = redeal(state, seat, Rng(k + 50))
            other.check()
            assert other.observation(seat) == state.observation(seat)
            moved += bytes(other.grid) != bytes(state.grid)
            assert ai.choose(other, seat, level, Rng(77)) == want
        checked += 1
    assert checked >= 40 and moved >= 40      # the re-deals did move hidden cards


def test_goes_for_a_match():
    grid, up = board({0: c("9", 0), 6: c("9", 1)})   # A1 and C2
    s = rules.position(grid, up)
    for level in ("normal", "hard"):
        act = ai.choose(s, 0, level, Rng(2))   # Rng(2): not one of Normal's random actions
        t = s.clone()
        t.apply(act)
        assert len(t.caps[0]) == 2, level


def test_remembers_its_jack_look():
    # B2 is a face-down 9 that seat 0 looked at; A2 is a face-up 9 beside it. Seat 1 did not
    # look: for it B2 is just unknown.
    grid, up = board({4: c("9", 0), 5: c("9", 1)}, up_slots={4})
    s = rules.position(grid, up, know={c("9", 1): 1}, left=1)
    assert ai.choose(s, 0, "hard", Rng(1)) == action(rules.REVEAL, 5)
    assert ai.choose(s, 0, "normal", Rng(2)) == action(rules.REVEAL, 5)


def test_avoids_revealing_when_a_six_is_likely():
    # Everything seat 0 cannot place is a Six or... : the unknown cards are mostly Sixes.
    sixes = [c("6", k) for k in range(4)]
    cards = {0: c("7", 0), 15: c("10", 1)}
    grid, up = board(cards, avoid=sixes)
    for s_ in (1, 2, 3, 4):
        grid[s_] = sixes[s_ - 1]
    # Every other face-down card is known to seat 0 (it saw them go under / looked at them),
    # so the unknowns are the 4 Sixes and the pile's unknown cards are none.
    rest = [k for k in range(52) if k not in grid]
    s = rules.position(grid, up, pile=[], caps=(rest[:10], rest[10:20]), fill=False)
    s.pile = rest[20:]
    for k in grid + s.pile:
        if k != E and k not in sixes:
            s.know[k] = 3
    s.check()
    for level in ("normal", "hard"):
        act = ai.choose(s, 0, level, Rng(2))   # Rng(2): not one of Normal's random actions
        assert not (act >> 8 == rules.REVEAL and s.grid[act & 15] in sixes), level


def test_replace_hides_a_pair_it_cannot_match():
    # 9s at A1 and D4: no single move joins them; left with one action, hard hides one.
    grid, up = board({0: c("9", 0), 15: c("9", 1)})
    s = rules.position(grid, up, left=1)
    act = ai.choose(s, 0, "hard", Rng(1))
    assert act in (action(rules.REPLACE, 0), action(rules.REPLACE, 15))


def test_kings_match_only_when_behind():
    grid, up = board({0: c("K", 0), 6: c("K", 1)})
    behind = rules.position(grid, up, caps=([c("7", 0)], [c(r, k) for r in ("J", "Q")
                                                          for k in range(4)]), left=1)
    t = behind.clone()
    t.apply(ai.choose(behind, 0, "hard", Rng(1)))
    assert len(t.caps[0]) == 8       # captured the Kings, then swapped: 8 for 3
    ahead = rules.position(grid, up, caps=([c(r, k) for r in ("J", "Q") for k in range(4)],
                                           [c("7", 0)]), left=1)
    t = ahead.clone()
    t.apply(ai.choose(ahead, 0, "hard", Rng(1)))
    assert len(t.caps[0]) == 8 and len(t.caps[1]) == 1   # did not give the lead away


def test_aces_steal_and_the_choices_inside_a_capture():
    grid, up = board({0: c("A", 0), 6: c("A", 1)})
    s = rules.position(grid, up, caps=([], [c("K", 0), c("Q", 0)]), left=1)
    t = s.clone()
    t.apply(ai.choose(s, 0, "hard", Rng(1)))
    assert t.phase == rules.P_TAKE
    take = ai.choose(t, 0, "hard", Rng(1))
    assert take in t.legal_actions()
    t.apply(take)
    assert len(t.caps[0]) == 3 and len(t.caps[1]) == 1
    # Jack: looks at a card it does not know yet, next to face-up cards
    grid, up = board({0: c("J", 0), 6: c("J", 1), 8: c("7", 0)})
    s = rules.position(grid, up)
    s.apply(move(6, 2))
    s.apply(move(2, 1)) if s.phase == rules.ACT else None
    assert s.phase == rules.P_LOOK
    look = ai.choose(s, 0, "hard", Rng(1))
    assert look in s.legal_actions()


def test_bad_level_and_wrong_seat():
    s = rules.new_game({"players": 2, "first": 0}, 1)
    with pytest.raises(ValueError):
        ai.choose(s, 0, "expert", Rng(1))
    with pytest.raises(ValueError):
        ai.choose(s, 1, "easy", Rng(1))


def test_ai_only_games_on_cpython():
    assert registry.find("match252")[2] == "games.match252"
    summary = arena.arena("match252", 2, ["hard", "easy"], 12, 5)
    assert summary["games"] == 12 and "errors" not in summary
    assert summary["levels"]["hard"]["wins"] + summary["levels"]["easy"]["wins"] == 12


MPY_AI_GAMES = """
from games.match252 import rules, ai
from core.rng import Rng
import gc
levels = ("hard", "normal", "easy")
out = []
for g in range(3):
    s = rules.new_game({"players": 2}, 40 + g)
    rngs = (Rng(g * 2 + 1), Rng(g * 2 + 2))
    seat_levels = (levels[g], levels[(g + 1) % 3])
    n = 0
    while not s.is_over():
        p = s.current_player
        s.apply(ai.choose(s, p, seat_levels[p], rngs[p]))
        n += 1
    s.check()
    gc.collect()
    out.append("%s:%d-%d" % (s.end_reason, s.scores()[0], s.scores()[1]))
print(" ".join(out))
"""


def test_ai_only_games_under_micropython_with_a_pico_heap():
    got = run_mpy(MPY_AI_GAMES, heap="64wK").stdout.split()
    assert len(got) == 3
    # CPython plays the same games (same seeds, same decisions)
    want = []
    levels = ("hard", "normal", "easy")
    for g in range(3):
        s = rules.new_game({"players": 2}, 40 + g)
        rngs = (Rng(g * 2 + 1), Rng(g * 2 + 2))
        seat_levels = (levels[g], levels[(g + 1) % 3])
        while not s.is_over():
            p = s.current_player
            s.apply(ai.choose(s, p, seat_levels[p], rngs[p]))
        want.append("%s:%d-%d" % (s.end_reason, s.scores()[0], s.scores()[1]))
    for item in got:
        assert item.split(":")[0] in ("target", "no_pairs", "turns", "stuck")
    assert got == want


class FakeClock:
    """ticks_ms that moves `step` ms at every reading (the board's clock, for the deadline)."""

    def __init__(self, step):
        self.now = 0
        self.step = step

    def ticks_ms(self):
        self.now += self.step
        return self.now


def test_hard_cuts_a_deep_look_short_at_the_deadline(monkeypatch):
    """On a board (time.ticks_ms) no deep look goes on past TIME_CAP_MS: the look under way
    is dropped for its one-deep value, the answer is legal, and with time to spare the
    decisions are those of a machine without the clock."""
    states = [s for s in positions(3, 7) if s.phase == 0 and s.current_player >= 0]
    free = [ai.choose(s, s.current_player, "hard", Rng(1)) for s in states]
    monkeypatch.setattr(ai.time, "ticks_add", lambda a, b: a + b, raising=False)
    monkeypatch.setattr(ai.time, "ticks_diff", lambda a, b: a - b, raising=False)
    clock = FakeClock(0)
    monkeypatch.setattr(ai.time, "ticks_ms", clock.ticks_ms, raising=False)
    assert [ai.choose(s, s.current_player, "hard", Rng(1)) for s in states] == free
    cut = 0
    real_best_last = ai.Planner.best_last
    after = []

    def best_last(planner, m):
        out = real_best_last(planner, m)
        if planner.late:
            after.append(out[1])
        return out

    monkeypatch.setattr(ai.Planner, "best_last", best_last)
    monkeypatch.setattr(ai, "TIME_CAP_MS", 30)
    clock.step = 1
    for s in states:
        clock.now = 0
        del after[:]
        act = ai.choose(s, s.current_player, "hard", Rng(1))
        assert act in s.legal_actions()
        cut += bool(after)
        assert all(a == -1 for a in after)   # past the deadline nothing more is looked at
    assert cut > 0
