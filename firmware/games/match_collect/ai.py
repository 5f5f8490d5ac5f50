# Match & Collect AI: Easy, Normal, Hard. Heuristic and fast (no search at the default budget),
# deterministic for a given state and rng, and it reads only what its seat may see: its own
# hand, the Guide cards it is looking at, and the public table (melds, played Wonders, the
# discard pile, the calls and the cards each player took from the discard, hand sizes, the
# draw pile's size).
#
# One decision per call to choose(); a meld takes several actions (select... then MELD or
# extend), so the meld plan is recomputed each time from the same public facts and the same
# hand, and the AI continues the first planned meld that holds the current selection.
#
# Levels differ in judgement, not in information (PARAMS below):
#   easy   as normal, but takes the discard only half the times it clearly builds, gives back
#          an Offering's card with less care, plays its Wonders on a whim more often
#          (wonder_slip), and plays 38 % of its games off form (kit.off_day: every
#          decision at random).
#   normal keeps cards by what they build, calls its best location, takes the discard when
#          it builds a lot, plays Wonders when they pay (Portal at once, Guide/Offering when
#          the pile or the discard holds something, Shelter late with a big hand, every Wonder
#          late rather than pay -10), but half the time it plays a Wonder on a whim instead
#          (at a random moment, a third of its turns) and it makes the Wonders' choices at
#          random.
#   hard   as normal with aimed Wonder choices (Messenger on the location it can complete,
#          using what it saw opponents pick up; Guide keeps the two best cards and tops the
#          pile with what the next player needs least; Offering/Shelter take the discard card
#          that builds most), no whims, takes the discard more readily, and discards away from
#          what the opponents meld and call. Holding pairs, keeping Wonders toward a Wonder
#          Set, Guide only mid-round and Shelter while chasing a Location Group are
#          implemented (PARAMS keys) but measured as losing against the defaults, so they are
#          off.
# Spacing: each level wins 70-85 % of its games against the level below (random below Easy),
# docs/LADDER.md.
# Budget (Hard only; `budget`, default BUDGET = 1): how many candidate actions Hard weighs at its
# two choices that keep or give cards (take the discard or draw; which card to discard). With 1
# it plays the judgement's pick, no search. With k > 1 (tools.arena's hard*K) the pick and the
# next k - 1 by the judgement (the other draw; the cards it would discard next) are each played
# out in k sampled worlds (state.sample_hidden: the cards it cannot place dealt again at random)
# until its next turn is over, every seat playing Hard's judgement, and the one with the best
# standing then (total plus the round's points as they stand, minus the best rival's) is
# played; ties keep the pick. The search is games.match_collect.ai_search, loaded only then.

from games.match_collect import rules as R
from games.match_collect.cards import COLOR, LOCATION, SYMBOL, WONDER
from games.match_collect.cards import COUNT as NUM_CARDS
from kit import check_turn, off_day

# Judgement by level, one of core.session.LEVELS (tuned with the arena, see docs/PERFORMANCE.md).
PARAMS = {
    "easy": {"pairs_late": False, "keep_sets": False, "guide_mid": False,
             "shelter_chase": False, "danger": 0.4, "loc_w": 5, "take_min": 16,
             "msg_known": False, "choice_random": True, "wonder_slip": 0.65,
             "off_days": 0.38},
    "normal": {"pairs_late": False, "keep_sets": False, "guide_mid": False,
               "shelter_chase": False, "danger": 0.4, "loc_w": 5, "take_min": 16,
               "msg_known": False, "choice_random": True, "wonder_slip": 0.5},
    "hard": {"pairs_late": False, "keep_sets": False, "guide_mid": False,
             "shelter_chase": False, "danger": 0.4, "loc_w": 5, "take_min": 8,
             "msg_known": True},
}


BUDGET = 1          # hard: candidate actions weighed (1: the judgement's pick alone)


# -- what the seat knows ------------------------------------------------------------------------


class _View:
    """Public facts and own-hand counts, computed once a decision."""

    def __init__(self, state, seat, level="normal"):
        self.p = PARAMS[level]
        self.state = state
        self.seat = seat
        self.hand = list(state.hands[seat])
        self.melds = state.melds[seat]
        seen = bytearray(NUM_CARDS)  # 1 = public (melded, played, discard)
        for ms in state.melds:
            for m in ms:
                for c in m[1]:
                    seen[c] = 1
        for p in state.played:
            for c in p:
                seen[c] = 1
        for c in state.discard:
            seen[c] = 1
        self.seen = seen
        self.loc_seen = bytearray(16)
        self.wtype_seen = bytearray(6)
        for c in range(NUM_CARDS):
            if seen[c]:
                if c < R.REGULAR:
                    self.loc_seen[LOCATION[c]] += 1
                else:
                    self.wtype_seen[WONDER[c]] += 1
        self.sym = bytearray(8)
        self.col = bytearray(4)
        self.loc = bytearray(16)
        self.wt = bytearray(6)
        for c in self.hand:
            self._count(c, 1)
        n = state.num_players
        self.pile = len(state.draw_pile)
        smallest = 99
        for o in range(n):
            if o != seat:
                smallest = min(smallest, len(state.hands[o]))
        self.opp_small = smallest
        self.late = state.ending or self.pile <= 4 + 2 * n or smallest <= 2
        start = NUM_CARDS - n * R.HAND_SIZE[n] - 1
        self.mid = not self.late and (self.pile <= start - 2 * n or state.reshuffles > 0)

    def _count(self, c, d):
        if c < R.REGULAR:
            self.sym[SYMBOL[c]] += d
            self.col[COLOR[c]] += d
            self.loc[LOCATION[c]] += d
        else:
            self.wt[WONDER[c]] += d

    def unseen_loc(self, loc):
        """Cards of `loc` neither public nor in my hand (somewhere hidden)."""
        return 4 - self.loc_seen[loc] - self.loc[loc]

    def unseen_wonder(self, w):
        return 4 - self.wtype_seen[w] - self.wt[w]


def _fits_own(view, c):
    for m in view.melds:
        if m[0] != R.M_PAIR and R.can_extend(m, [c]) is not None:
            return True
    return False


def keep_value(view, c, hard=False):
    """How much card c (in my hand) is worth keeping: what it builds with the rest."""
    if c >= R.REGULAR:
        w = WONDER[c]
        if w == R.W_LEGENDARY:
            return 30
        v = 9 + 7 * (view.wt[w] - 1)
        if view.late:
            v -= 6
        return v
    v = 0
    if _fits_own(view, c):
        v += 20
    s = view.sym[SYMBOL[c]] - 1
    v += (0, 5, 14, 16, 18, 20, 22, 24)[s]
    k = view.col[COLOR[c]] - 1
    v += k * 2 if k < 4 else 12
    loc = LOCATION[c]
    nl = view.loc[loc] - 1
    if nl >= 1:
        if nl + 1 + view.unseen_loc(loc) >= 3:
            v += view.p["loc_w"] * nl
    for h in view.hand:
        if h != c and h < R.REGULAR and SYMBOL[h] == SYMBOL[c] and COLOR[h] == COLOR[c]:
            v += 3
            break
    return v


def danger(view, c):
    """How much discarding c would help the opponents (public facts only)."""
    state = view.state
    n = state.num_players
    d = 0
    for o in range(n):
        if o == view.seat:
            continue
        w = 3 if o == (view.seat + 1) % n else 2
        for m in state.melds[o]:
            mt = m[0]
            if c >= R.REGULAR:
                if WONDER[c] == R.W_LEGENDARY and (mt == R.M_SYMBOL or mt == R.M_COLOUR):
                    d += 4 * w
                elif mt == R.M_WONDERS and len(m[1]) < 4 and WONDER[m[1][0]] == WONDER[c]:
                    d += 5 * w
                continue
            if (mt == R.M_SYMBOL or mt == R.M_RAINBOW) and SYMBOL[m[1][0]] == SYMBOL[c]:
                d += 4 * w
            elif mt == R.M_COLOUR and _reg_colour(m[1]) == COLOR[c]:
                d += 4 * w
            elif mt == R.M_LOCATION and len(m[1]) < 4 and LOCATION[m[1][0]] == LOCATION[c]:
                d += 10 * w
        if c < R.REGULAR:
            for call in state.calls:
                if call[0] == o and call[1] == LOCATION[c]:
                    d += 4 * w
            for p in state.picked_up[o]:
                if p < R.REGULAR and not view.seen[p]:
                    if LOCATION[p] == LOCATION[c]:
                        d += 2 * w
                    if SYMBOL[p] == SYMBOL[c]:
                        d += w
        elif WONDER[c] == R.W_LEGENDARY:
            d += 3 * w
    return d


def _reg_colour(cards):
    for c in cards:
        if c < R.REGULAR:
            return COLOR[c]
    return -1


# -- meld planning ------------------------------------------------------------------------------


def plan_melds(view, level):
    """Melds to lay now, in order: list of (cards, target) with target -1 (new meld) or the
    index of an own meld to extend. Deterministic for a given hand and table."""
    state = view.state
    hand = view.hand
    free = 0
    for c in hand:
        if c not in state.taken:
            free += 1
    budget = free - 1  # cards that may leave the hand (one must stay for the discard)
    avail = sorted(hand)
    plans = []
    legs = [c for c in avail if WONDER[c] == R.W_LEGENDARY]
    t = state.must_meld
    if t >= 0:
        first = _meld_with(state, view, t)
        if first is None:
            return []
        plans.append(first)
        for c in first[0]:
            avail.remove(c)
            if c in legs:
                legs.remove(c)
    # Extensions of own melds.
    for i in range(len(view.melds)):
        m = view.melds[i]
        if m[0] == R.M_PAIR:
            continue
        add = []
        for c in avail:
            if c >= R.REGULAR and WONDER[c] == R.W_LEGENDARY:
                continue
            if R.can_extend(m, add + [c]) is not None:
                add.append(c)
        if legs and not _has_leg(m[1]) and m[0] != R.M_WONDERS:
            before = R.meld_value(m)
            after = R.can_extend(m, add + [legs[0]])
            if after is not None:
                base = R.can_extend(m, add)
                gain = after[1] - (base[1] if base else before)
                if gain >= 20 or (gain >= 10 and view.late):
                    add.append(legs[0])
                    legs.pop(0)
        if add:
            plans.append((add, i))
            for c in add:
                if c in avail:
                    avail.remove(c)
    # New melds, best first.
    pairs_now = not view.p["pairs_late"] or view.late
    while True:
        best = _best_new(avail, legs, pairs_now)
        if best is None:
            break
        plans.append((best, -1))
        for c in best:
            avail.remove(c)
            if c in legs:
                legs.remove(c)
    # Respect the keep-one-card rule: drop melds from the end until the plan fits.
    out = []
    for cards, target in plans:
        used = _free_used(state, cards)
        if used <= budget:
            out.append((cards, target))
            budget -= used
        elif target >= 0 and budget > 0:
            part = []
            for c in cards:
                if len(part) < budget:
                    if R.can_extend(view.melds[target], part + [c]) is not None:
                        part.append(c)
            if part:
                out.append((part, target))
                budget -= _free_used(state, part)
    return out


def _free_used(state, cards):
    n = 0
    for c in cards:
        if c not in state.taken:
            n += 1
    return n


def _has_leg(cards):
    for c in cards:
        if c >= R.REGULAR and WONDER[c] == R.W_LEGENDARY:
            return True
    return False


def _best_new(avail, legs, pairs_now):
    """The most valuable new meld among `avail` (cards list), or None."""
    best = None
    best_v = 0
    regs = [c for c in avail if c < R.REGULAR]
    leg = legs[0] if legs else -1
    for loc in range(16):
        cards = [c for c in regs if LOCATION[c] == loc]
        if len(cards) >= 3:
            v = 70 if len(cards) == 3 else 100
            if v > best_v:
                best, best_v = cards, v
    for w in range(6):
        cards = [c for c in avail if c >= R.REGULAR and WONDER[c] == w]
        if len(cards) >= 3:
            v = 70 if len(cards) == 3 else 100
            if v > best_v:
                best, best_v = cards, v
    for s in range(8):
        cards = [c for c in regs if SYMBOL[c] == s]
        cand = None
        if len(cards) >= 3:
            cand = cards
            if leg >= 0:
                with_leg = R.classify_meld(cards + [leg])
                if with_leg is not None and with_leg[1] - R.classify_meld(cards)[1] >= 20:
                    cand = cards + [leg]
        elif len(cards) == 2 and leg >= 0:
            cand = cards + [leg]
        if cand is not None:
            kind = R.classify_meld(cand)
            if kind is not None and kind[1] > best_v:
                best, best_v = cand, kind[1]
    for k in range(4):
        cards = [c for c in regs if COLOR[c] == k]
        cand = None
        if len(cards) >= 5:
            cand = cards
        elif len(cards) == 4 and leg >= 0:
            cand = cards + [leg]
        if cand is not None:
            v = R.classify_meld(cand)[1]
            # A Colour Run eats cards that may score better in symbol melds: prefer it only
            # when it is clearly the bigger meld.
            if v > best_v:
                best, best_v = cand, v
    if best is None and pairs_now:
        for i in range(len(regs)):
            for j in range(i + 1, len(regs)):
                a = regs[i]
                b = regs[j]
                if COLOR[a] == COLOR[b] and SYMBOL[a] == SYMBOL[b]:
                    return [a, b]
    return best


def _meld_with(state, view, t):
    """Some valid meld or extension that uses card t (Quick Rounds), or None."""
    for i in range(len(view.melds)):
        if R.can_extend(view.melds[i], [t]) is not None:
            return [t], i
    others = [c for c in view.hand if c != t]
    for c in others:
        if R.classify_meld([c, t]) is not None:
            return [c, t], -1
    for size in (3, 5):
        for key in (SYMBOL, LOCATION, COLOR, WONDER):
            if t < R.REGULAR and key is WONDER:
                continue
            if t < R.REGULAR:
                same = [c for c in others if c < R.REGULAR and key[c] == key[t]]
            else:
                same = [c for c in others if c >= R.REGULAR and WONDER[c] == WONDER[t]]
            legs = [c for c in others if c >= R.REGULAR and WONDER[c] == R.W_LEGENDARY]
            for cand in (same[:size - 1] + [t], same[:size - 2] + [t] + legs[:1]):
                if len(cand) == size and R.classify_meld(cand) is not None:
                    return cand, -1
    if t >= R.REGULAR and WONDER[t] == R.W_LEGENDARY:
        for key, size in ((SYMBOL, 2), (COLOR, 4)):
            regs = [c for c in others if c < R.REGULAR]
            for v in range(8):
                same = [c for c in regs if key[c] == v]
                if len(same) >= size and R.classify_meld(same[:size] + [t]) is not None:
                    return same[:size] + [t], -1
    return None


def _order(cards):
    """Selection order: Legendary last so every prefix stays a possible meld."""
    return [c for c in cards if WONDER[c] != R.W_LEGENDARY] + \
        [c for c in cards if WONDER[c] == R.W_LEGENDARY]


# -- decisions ----------------------------------------------------------------------------------


def choose(state, seat, level, rng, budget=None):
    check_turn(state, seat, level)
    legal = state.legal_actions()
    if not legal:
        raise ValueError("no legal action")
    if len(legal) == 1:
        return legal[0]
    if off_day(rng, seat, PARAMS[level].get("off_days", 0)):
        return legal[rng.randbelow(len(legal))]
    action = _decide(state, seat, level, rng, legal)
    if action not in legal:  # a planning slip must never stall a game
        action = _fallback(state, legal)
    if level != "hard" or budget is None or budget <= BUDGET:
        return action
    from games.match_collect import ai_search  # the search only: no heap for it on the device

    return ai_search.weigh(globals(), state, seat, action, legal, budget, rng)


def _fallback(state, legal):
    for a in legal:
        kind = R.decode(a)[0]
        if kind in ("discard", "draw", "done", "cancel"):
            return a
    return legal[0]


def _decide(state, seat, level, rng, legal):
    view = _View(state, seat, level)
    hard = level == "hard"
    if state.phase == R.PH_DRAW:
        return _draw_choice(state, view, level, rng, legal)
    if state.phase == R.PH_CHOICE:
        return _wonder_choice(state, view, level, rng, legal)
    # Main phase: meld in progress, call, new melds, Wonder, discard.
    plans = plan_melds(view, level)
    sel = state.selection
    if sel:
        for cards, target in plans:
            ok = True
            for c in sel:
                if c not in cards:
                    ok = False
                    break
            if ok:
                for c in _order(cards):
                    if c not in sel:
                        return R.select(c)
                return R.MELD if target < 0 else R.extend(target)
        return R.CANCEL
    calls = [a for a in legal if R.decode(a)[0] == "call"]
    if calls:
        a = _call_choice(view, level, rng, calls)
        if a is not None:
            return a
    if plans and not state.wonder_turn:
        return R.select(_order(plans[0][0])[0])
    wonders = [a for a in legal if R.decode(a)[0] == "wonder"]
    if wonders:
        a = _wonder_play(view, level, rng, wonders)
        if a is not None:
            return a
    return _discard_choice(state, view, level, rng, hard)


def _draw_choice(state, view, level, rng, legal):
    if R.TAKE not in legal:
        return legal[0]
    if R.DRAW not in legal:
        return R.TAKE
    top = state.discard[-1]
    view.hand.append(top)
    view._count(top, 1)
    value = keep_value(view, top, level == "hard")
    if level == "easy":
        return R.TAKE if value >= 20 and rng.randbelow(2) == 0 else R.DRAW
    if state.quick:
        return R.TAKE if value >= 14 else R.DRAW
    threshold = view.p["take_min"]
    if value < threshold:
        return R.DRAW
    # Worth it only if it beats the card it would push out of the hand.
    worst = 1 << 20
    for c in view.hand:
        if c != top:
            worst = min(worst, keep_value(view, c, level == "hard"))
    return R.TAKE if value > worst + 2 else R.DRAW


def _call_choice(view, level, rng, calls):
    if view.p.get("call_random"):
        return calls[rng.randbelow(len(calls))] if rng.randbelow(3) == 0 else None
    best = None
    best_v = 0
    for a in calls:
        loc = R.decode(a)[1]
        unseen = view.unseen_loc(loc)
        v = unseen * 10 + view.loc[loc]
        if v > best_v:
            best, best_v = a, v
    return best


def _best_location(view, hard):
    """Location for a Messenger, and its expected use (0 = nothing worth naming)."""
    state = view.state
    best = 0
    best_v = -1
    for loc in range(16):
        unseen = view.unseen_loc(loc)
        mine = view.loc[loc]
        known = 0
        if view.p["msg_known"]:
            for o in range(state.num_players):
                if o != view.seat:
                    for p in state.picked_up[o]:
                        if p < R.REGULAR and LOCATION[p] == loc and not view.seen[p]:
                            known += 1
        v = unseen * (2 + mine * 3) + known * 6
        if mine + unseen >= 3:
            v += 10 * mine
        if v > best_v:
            best, best_v = loc, v
    return best, best_v


def _wonder_play(view, level, rng, wonders):
    state = view.state
    slip = view.p.get("wonder_slip", 0)
    if view.p.get("wonder_random") or (slip and rng.random() < slip):
        if rng.randbelow(3) == 0:
            return wonders[rng.randbelow(len(wonders))]
        return None
    hard = level == "hard"
    best = None
    best_v = 0
    for a in wonders:
        c = R.decode(a)[1]
        w = WONDER[c]
        if view.p["keep_sets"] and not view.late and view.wt[w] >= 2 and \
                view.unseen_wonder(w) >= 1:
            continue  # keep toward a Wonder Set
        v = 1 if view.late else 0
        if w == R.W_PORTAL:
            v = 30 if view.pile > 0 else 1
        elif w == R.W_GUIDE:
            if view.pile >= 4:
                v = 20 if (not view.p["guide_mid"] or view.mid) else 3
            v = max(v, 4 if view.late else 0)
        elif w == R.W_MESSENGER:
            loc, lv = _best_location(view, hard)
            v = 25 if lv >= 20 else (12 if view.late else 0)
        elif w == R.W_SHELTER:
            pen = R.hand_penalty(view.hand) - 10
            if not state.sheltered[view.seat] and (view.late and pen >= 15):
                v = 28
            elif view.p["shelter_chase"] and not state.sheltered[view.seat] and \
                    _chasing(view):
                v = 22
            elif _best_discard_pick(view, hard)[1] >= 20:
                v = 18
            elif view.late:
                v = 6
        elif w == R.W_OFFERING:
            if _best_discard_pick(view, hard)[1] >= 20:
                v = 16
            elif _dead_cards(view, hard):
                v = 10
            elif view.late:
                v = 5
        if v > best_v:
            best, best_v = a, v
    return best


def _chasing(view):
    for loc in range(16):
        if view.loc[loc] >= 2 and view.loc[loc] + view.unseen_loc(loc) >= 3:
            return True
    return len(view.hand) >= 8


def _best_discard_pick(view, hard):
    best = -1
    best_v = -1
    for c in view.state.discard:
        view.hand.append(c)
        view._count(c, 1)
        v = keep_value(view, c, hard)
        view.hand.pop()
        view._count(c, -1)
        if v > best_v:
            best, best_v = c, v
    return best, best_v


def _dead_cards(view, hard):
    state = view.state
    return [c for c in view.hand if c not in state.taken and c < R.REGULAR
            and keep_value(view, c, hard) <= 4]


def outs(view):
    """Points that the unseen cards would bring if drawn next, summed: each unseen card scores
    what it would meld with the hand as it is (counts in `view`), so a hand with many live
    draws scores high. Only public facts and the own hand are used."""
    total = 0
    seen = view.seen
    hand = view.hand
    legs = view.wt[R.W_LEGENDARY]
    for u in range(NUM_CARDS):
        if seen[u] or u in hand:
            continue
        if u >= R.REGULAR:
            w = WONDER[u]
            if w == R.W_LEGENDARY:
                g = 0
                for s in range(8):
                    if view.sym[s] >= 2:
                        g = 30
                        break
            else:
                g = 70 if view.wt[w] >= 2 else 0
        else:
            g = 0
            n = view.sym[SYMBOL[u]] + (1 if legs else 0)
            if n >= 2:
                g = 30
            if view.loc[LOCATION[u]] >= 2:
                g = 70
            elif view.col[COLOR[u]] + (1 if legs else 0) >= 4 and g < 55:
                g = 55
            if g == 0 and _fits_own(view, u):
                g = 10
        total += g
    return total


def _discard_choice(state, view, level, rng, hard):
    best = -1
    best_v = 1 << 20
    for c in view.hand:
        if c in state.taken:
            continue
        v = _discard_value(state, view, c, hard, rng)
        if v < best_v:
            best, best_v = c, v
    return R.discard(best)


def _discard_value(state, view, c, hard, rng):
    """What keeping card c is worth (the lowest is discarded)."""
    v = keep_value(view, c, hard) + view.p["danger"] * danger(view, c)
    wouts = view.p.get("outs", 0.0)
    if wouts:
        view.hand.remove(c)
        view._count(c, -1)
        v -= wouts * outs(view) / 10
        view.hand.append(c)
        view._count(c, 1)
    if view.p.get("noise"):
        v += rng.randbelow(view.p["noise"])
    return v


def _wonder_choice(state, view, level, rng, legal):
    p = state.pending
    hard = level == "hard"
    if view.p.get("choice_random") and p != R.P_OFFER_RETURN:
        return legal[rng.randbelow(len(legal))]
    if p == R.P_MESSENGER:
        return R.name(_best_location(view, hard)[0])
    if p == R.P_GUIDE_KEEP:
        best = -1
        best_v = -1
        for a in legal:
            kind, c = R.decode(a)
            if kind != "pick":
                continue
            view.hand.append(c)
            view._count(c, 1)
            v = keep_value(view, c, hard)
            view.hand.pop()
            view._count(c, -1)
            if v > best_v:
                best, best_v = a, v
        return best if best >= 0 else legal[-1]
    if p == R.P_GUIDE_ORDER:
        # Top card goes to the next player: give it the card that helps them least.
        best = legal[0]
        best_v = 1 << 20
        for a in legal:
            c = R.decode(a)[1]
            v = danger(view, c)
            if v < best_v:
                best, best_v = a, v
        return best
    if p == R.P_SHELTER:
        c, v = _best_discard_pick(view, hard)
        if R.SHELTER_HAND in legal and (v < 20 or view.late):
            return R.SHELTER_HAND
        return R.pick(c) if R.pick(c) in legal else legal[0]
    if p == R.P_OFFERING:
        if R.OFFER_TAKE in legal and _best_discard_pick(view, hard)[1] >= 20:
            return R.OFFER_TAKE
        return R.OFFER_SWAP
    if p == R.P_OFFER_TAKE:
        c, v = _best_discard_pick(view, hard)
        if (v >= 20 or not state.chosen) and R.pick(c) in legal:
            return R.pick(c)
        return R.DONE
    if p == R.P_OFFER_RETURN:
        return _lowest_pick(view, legal, hard, level, rng)
    if p == R.P_OFFER_SWAP:
        dead = _dead_cards(view, hard)
        for c in dead:
            if R.pick(c) in legal:
                return R.pick(c)
        return R.DONE
    return legal[0]


def _lowest_pick(view, legal, hard, level, rng):
    best = legal[0]
    best_v = 1 << 20
    for a in legal:
        c = R.decode(a)[1]
        v = keep_value(view, c, hard) + view.p["danger"] * danger(view, c)
        if level == "easy":
            v += rng.randbelow(12)
        if v < best_v:
            best, best_v = a, v
    return best
