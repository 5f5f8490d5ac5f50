"""Manufactory AI: decisions do not depend on the deck's hidden order; the model scores as the
rules do; the end game is played exactly (checked against a brute force over the rules); the
colour declared, a back card worth a discard, Easy never paying for a back card; AI-only games
on CPython and the same decisions under the MicroPython unix port on a Pico-sized heap."""

import pytest

import kit
from core.rng import Rng
from games.manufactory import ai, cards, drafts, endgame, forecast, rules
from games.manufactory.rules import DECLARE, DISCARD
from kit import sampling
from kit.actions import encode
from tests.mpy import run_mpy

LEVELS = ("easy", "normal", "hard")


def name(n):
    return cards.NAME_NAMES.index(n)


def positions(count, seed):
    """States along random games (pending choices too), any seat to move."""
    out = []
    rng = Rng(seed)
    g = 0
    while len(out) < count:
        s = rules.new_game({"players": 2 + g % 3}, seed * 100 + g)
        g += 1
        while not s.is_over():
            if rng.randbelow(4) == 0:
                out.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
    return out[:count]


def ai_game(levels, seed, budget=None):
    s = rules.new_game({"players": len(levels)}, seed)
    rngs = [Rng(seed * 7 + i) for i in range(len(levels))]
    steps = 0
    while not s.is_over():
        p = s.current_player
        act = ai.choose(s, p, levels[p], rngs[p], budget)
        assert act in s.legal_actions()
        s.apply(act)
        s.check()
        steps += 1
        assert steps <= 3 * 14 * len(levels)
    return s


@pytest.mark.parametrize("level", LEVELS)
def test_decision_unchanged_when_the_unseen_deck_is_reordered(level):
    checked = 0
    for state in positions(60, 3):
        seat = state.current_player
        want = ai.choose(state, seat, level, Rng(77))
        assert want in state.legal_actions()
        for k in range(3):
            world = state.sample_hidden(seat, Rng(k + 1))
            if k == 2:
                world.deck.reverse()
            assert world.observation(seat) == state.observation(seat)
            assert ai.choose(world, seat, level, Rng(77)) == want
        checked += 1
    assert checked == 60


def test_the_model_scores_as_the_rules():
    rng = Rng(8)
    for state in positions(80, 5):
        cnt, top = state.keys()
        n = state.num_players
        assert drafts.totals(cnt, top, n) == state.scores()
        if state.phase != rules.ACT:
            continue
        p = state.current_player
        ms = drafts.moves(cnt, state.belt, p)
        assert len(ms) >= len(state.legal_actions())
        sup = forecast.supply(state.belt + state.deck)
        vals = ai.values(cnt, top, state.belt, p, n, ms, sup)
        m = ms[rng.randbelow(len(ms))]
        # the move model agrees with the rules, through every pending choice
        t = state.clone()
        t.apply(ai.to_action(t, m))
        while t.current_player == p and t.phase != rules.ACT:
            t.apply(ai.to_action(t, m))
        c, tp, belt, _d = drafts.play(cnt, top, state.belt, state.deck, len(state.deck), p, m)
        assert (bytes(c), bytes(tp), belt) == (bytes(t.keys()[0]), bytes(t.keys()[1]), t.belt)
        want = forecast.value(c, tp, n, p, forecast.less(sup, state.belt[m & 3]))
        if (m >> 2) & 7:                       # a discard: its extra cost with 3-4 players
            want -= ai.GIVE_UP[n]
        assert abs(vals[ms.index(m)] - want) < 1e-9


def brute(state, seat):
    """Best final margin for the player to move (2 players, every action of the rules)."""
    if state.is_over():
        sc = state.scores()
        return sc[seat] - sc[1 - seat]
    p = state.current_player
    best = None
    for a in state.legal_actions():
        t = state.clone()
        t.apply(a)
        v = brute(t, seat)
        if best is None or (v > best if p == seat else v < best):
            best = v
    return best


def test_end_game_is_exact():
    found = 0
    for seed in range(60):
        s = rules.new_game({"players": 2}, 500 + seed)
        rng = Rng(seed)
        while s.deck or len(s.belt) > 3:
            s.apply(rng.choice(s.legal_actions()))
        while s.phase != rules.ACT:
            s.apply(rng.choice(s.legal_actions()))
        if s.is_over():
            continue
        p = s.current_player
        best = brute(s, p)
        t = s.clone()
        t.apply(ai.choose(t, p, "hard", Rng(1)))
        while not t.is_over() and t.current_player == p and t.phase != rules.ACT:
            t.apply(ai.choose(t, p, "hard", Rng(1)))
        # after hard's whole draft the best margin it can still force is the optimum
        assert (brute(t, p) if not t.is_over() else
                t.scores()[p] - t.scores()[1 - p]) == best, seed
        found += 1
    assert found >= 40


def test_declares_the_missing_colour():
    # Seat 0 has five groups; a land at the front: declaring it colourless is a sixth group.
    yard = name("Junk Yard")
    mine = [name(n) for n in ("Polished Gear", "Glass Tube", "Smoke Bellows", "Spark Plug",
                              "Leaf Spring")]
    theirs = [name(n) for n in ("Guard Rail", "Mist Fan")]
    belt = [yard, name("Signal Bell"), name("Rusted Chain"), name("Fuse Box")]
    deck = [name(n) for n in ("Pressure Gauge", "Seed Sower", "Night Gear", "Fire Drill")]
    s = rules.position(belt, deck=deck, colls=[mine, theirs])
    for level in ("normal", "hard"):
        t = s.clone()
        t.apply(ai.choose(t, 0, level, Rng(1)))
        assert t.phase == rules.P_DECLARE, level
        assert ai.choose(t, 0, level, Rng(1)) == encode(DECLARE, 5), level


def test_a_back_card_worth_a_discard():
    # Seat 0 leads White by three with nothing else; the free cards are more White, the back
    # ones open new groups: give up a White card for one.
    whites = [name(n) for n in ("Polished Gear", "Guard Rail", "Signal Bell", "Safety Valve")]
    belt = [name("Shield Plate"), name("Balance Spring"), name("Water Pump"),
            name("Coal Hopper")]
    deck = [name(n) for n in ("Ivory Lever", "Lantern Lens", "Dawn Reflector", "Beacon Mirror")]
    s = rules.position(belt, deck=deck, colls=[whites, [name("Steel Bolt")]])
    for level in ("normal", "hard"):
        t = s.clone()
        a = ai.choose(t, 0, level, Rng(1))
        assert a in (2, 3), level
        t.apply(a)
        d = ai.choose(t, 0, level, Rng(1))
        assert d >> 8 == DISCARD and (d & 0xFF) in whites, level
        # the lowest-mana White card goes
        assert rules.MANA[d & 0xFF] == 1
    assert ai.choose(s, 0, "easy", Rng(1)) in (0, 1)     # Easy never pays


def test_easy_never_pays_for_a_back_card():
    """...but on its off days (kit.off_day), when it drafts at random."""
    off = 0
    for state in positions(80, 7):
        if state.phase == rules.ACT:
            seat = state.current_player
            for seed in (2, 3):
                rng = Rng(seed)
                action = ai.choose(state, seat, "easy", rng)
                if kit.off_day(rng, seat, ai.SLIPS["easy"][1]):
                    off += 1
                else:
                    assert action < rules.FREE
    assert off > 0


def test_bad_level_and_wrong_seat():
    s = rules.new_game({"players": 2, "first": 0}, 1)
    with pytest.raises(ValueError):
        ai.choose(s, 0, "expert", Rng(1))
    with pytest.raises(ValueError):
        ai.choose(s, 1, "easy", Rng(1))


def test_ai_only_games_end():
    for g in range(24):
        players = 2 + g % 3
        levels = [LEVELS[(g + seat) % 3] for seat in range(players)]
        s = ai_game(levels, 300 + g)
        assert s.is_over() and s.drafts == 14 * players


def test_hard_beats_easy_and_normal_beats_easy():
    def rate(a, b, games):
        won = 0.0
        for g in range(games):
            seat = g % 2
            levels = [b, b]
            levels[seat] = a
            won += ai_game(levels, 900 + g // 2).returns()[seat]
        return won / games
    assert rate("hard", "easy", 40) >= 0.65
    assert rate("normal", "easy", 40) >= 0.55


MPY_AI_GAMES = """
from games.manufactory import rules, ai
from core.rng import Rng
import gc
levels = ("hard", "normal", "easy")
out = []
for g in range(4):
    n = 2 + g % 3
    s = rules.new_game({"players": n}, 40 + g)
    rngs = [Rng(g * 5 + i) for i in range(n)]
    seat_levels = [levels[(g + i) % 3] for i in range(n)]
    while not s.is_over():
        p = s.current_player
        s.apply(ai.choose(s, p, seat_levels[p], rngs[p]))
    s.check()
    gc.collect()
    out.append(",".join([str(v) for v in s.scores()]))
print(" ".join(out))
"""


def test_ai_games_under_micropython_match_cpython():
    got = run_mpy(MPY_AI_GAMES, heap="96wK").stdout.split()
    want = []
    levels = ("hard", "normal", "easy")
    for g in range(4):
        n = 2 + g % 3
        s = rules.new_game({"players": n}, 40 + g)
        rngs = [Rng(g * 5 + i) for i in range(n)]
        seat_levels = [levels[(g + i) % 3] for i in range(n)]
        while not s.is_over():
            p = s.current_player
            s.apply(ai.choose(s, p, seat_levels[p], rngs[p]))
        want.append(",".join(str(v) for v in s.scores()))
    assert got == want


def end_positions(players, count, seed):
    """States with the deck empty and a belt of 3-4 parts (pending choices too)."""
    out = []
    rng = Rng(seed)
    g = 0
    while len(out) < count:
        s = rules.new_game({"players": players}, seed * 100 + g)
        g += 1
        while not s.is_over():
            if not s.deck and len(s.belt) >= 3:
                out.append(s.clone())
            s.apply(rng.choice(s.legal_actions()))
    return out[:count]


def test_end_game_board_keeps_the_score_as_the_rules():
    # the search's incremental score (one or two groups rescored a draft) against totals()
    rng = Rng(4)
    for players in (2, 3, 4):
        for state in end_positions(players, 12, players):
            n = state.num_players
            cnt, top = state.keys()
            tb = endgame.EndGame(cnt, top, state.belt, n)
            before = (bytes(tb.cnt), bytes(tb.top), list(tb.belt), list(tb.tot))
            p = state.current_player
            done = []
            while tb.belt:
                ms = drafts.moves(tb.cnt, tb.belt, p)
                m = ms[rng.randbelow(len(ms))]
                done.append((p, m, tb.push(p, m)))
                assert tb.tot == drafts.totals(tb.cnt, tb.top, n)
                assert tb.gp == [drafts.gpoints(tb.cnt, tb.top, n, g) for g in range(6)]
                p = (p + 1) % n
            while done:
                q, m, undo = done.pop()
                tb.pop(q, m, undo)
            assert (bytes(tb.cnt), bytes(tb.top), list(tb.belt), list(tb.tot)) == before


def big_end_game():
    # four players with six groups each, four lands on the belt, the deck empty: far more
    # positions than any budget (84 drafts for the first player alone)
    lands = [c for c in range(rules.COUNT) if rules.is_land(c)][:4]
    plain = rules.pools()[0]
    colls = [[(plain[g][p], g) for g in range(6)] for p in range(4)]
    return rules.position(lands, colls=colls, players=4)


def test_end_game_search_stays_within_its_budget():
    s = big_end_game()
    cnt, top = s.keys()
    ms = ai.root_moves(s, cnt)
    assert len(ms) == 84
    for cap in (0, 50, endgame.EXACT_NODES[4]):
        ctl = [0, None, cap]
        m = endgame.choose_exact(s, cnt, top, ms, ctl)
        assert ctl[0] == cap + 1                 # stopped at the first node past the cap
        assert m in ms
    # past the budget the best drafts by the score now are played out: the answer is the
    # best of the first PLAYOUT of them
    ranked = drafts.top_moves(ms, drafts.quick_values(cnt, top, s.belt, 0, 4, ms), len(ms))
    tb = endgame.EndGame(cnt, top, s.belt, 4)
    vals = [endgame.playout(tb, 0, m) for m in ranked[:endgame.PLAYOUT]]
    assert m == ranked[vals.index(max(vals))]
    # Hard's whole decision there is legal (its default budget)
    a = ai.choose(s, 0, "hard", Rng(1))
    assert a in s.legal_actions()


def test_end_game_search_within_budget_is_unchanged_by_the_cap():
    # when the search ends within the budget, a bigger budget changes nothing
    for players in (2, 3, 4):
        for state in end_positions(players, 10, 7 + players):
            if state.phase != rules.ACT:
                continue
            cnt, top = state.keys()
            ms = ai.root_moves(state, cnt)
            if len(ms) < 2:
                continue
            ctl = [0, None, endgame.EXACT_NODES[players]]
            m = endgame.choose_exact(state, cnt, top, ms, ctl)
            if ctl[0] <= ctl[2]:
                assert endgame.choose_exact(state, cnt, top, ms, [0, None, 10 ** 9]) == m


def test_past_the_deadline_hard_falls_back(monkeypatch):
    # On a board the clock caps Hard: an expired deadline (patched in; CPython has no
    # ticks_ms) leaves the look-ahead with its first candidate, Normal's best draft, and sends
    # the end-game search to the greedy play-outs after 32 positions.
    monkeypatch.setattr(sampling, "deadline", lambda ms: 0)
    monkeypatch.setattr(sampling, "out_of_time", lambda when: when is not None)
    checked = 0
    for state in positions(80, 11):
        if not state.deck or state.phase != rules.ACT:
            continue
        seat = state.current_player
        assert ai.choose(state, seat, "hard", Rng(5)) == ai.choose(state, seat, "normal",
                                                                  Rng(5))
        checked += 1
    assert checked >= 20
    s = big_end_game()
    cnt, top = s.keys()
    ms = ai.root_moves(s, cnt)
    ctl = [0, 0, 10 ** 6]
    m = endgame.choose_exact(s, cnt, top, ms, ctl)
    assert ctl[0] == 10 ** 6 + 1                 # stopped by the clock at the 32nd position
    ranked = drafts.top_moves(ms, drafts.quick_values(cnt, top, s.belt, 0, 4, ms), len(ms))
    tb = endgame.EndGame(cnt, top, s.belt, 4)
    vals = [endgame.playout(tb, 0, x) for x in ranked[:endgame.PLAYOUT]]
    assert m == ranked[vals.index(max(vals))]
