# Shadow Lock: names of cards and actions (logs), what a seat may see, sampling the hidden
# order, clones, the card-place check and hand-built positions -- the parts of rules.State
# that tests, tools, logs and the game contract use and play on the device does not; the
# State's methods import this module when called.
# Runs on CPython and MicroPython.

from micropython import const

from core.rng import Rng
from games.shadowlock import cards
from games.shadowlock.rules_info import (
    DECLINE,
    DOUBLE,
    DRAW,
    MODES,
    QKEEP,
    QUANTUM,
    SKIP,
    SWIPE,
    VALIDATE,
)
from kit import piles

COUNT = const(72)
K_ACTION = const(3)
K_NUMBER = const(0)
BOXES = const(10)


KIND_NAMES = ("", "lock", "draw", "stop", "joker", "double", "skip", "flip", "swipe",
              "quantum", "discard shadow", "keep shadow", "keep", "keep none", "pass",
              "validate", "decline")
BOX_NAMES = ("pair", "two pairs", "three of a kind", "four of a kind", "flush",
             "full colour", "small run", "long run", "rainbow run", "collector")
FAMILY_NAMES = ("value", "colour", "run", "bonus")
COLOUR_LETTERS = "RBYG"


def card_str(card):
    k = cards.KIND[card]
    if k == K_NUMBER:
        return "%d%s" % (cards.VALUE[card], COLOUR_LETTERS[cards.COLOUR[card]])
    if k == K_ACTION:
        return cards.ACTION_NAMES[cards.ACTION[card]]
    name = cards.KIND_NAMES[k]
    return name[:1].upper() + name[1:]      # MicroPython's str has no capitalize()


def action_str(state, act):
    k = act >> 8
    arg = act & 0xFF
    if k == DRAW or k == QUANTUM:
        return "%s %s" % (KIND_NAMES[k], "AB"[arg & 1])
    if k == DOUBLE or k == SKIP or k == SWIPE:
        return "%s P%d" % (KIND_NAMES[k], arg + 1)
    if k == QKEEP:
        return "keep " + card_str(arg) if arg < COUNT else "keep ?"
    if k == VALIDATE:
        return "validate %s%s" % (BOX_NAMES[(arg >> 1) % BOXES],
                                  " (joker)" if arg & 1 else "")
    if k == DECLINE:
        return "decline " + FAMILY_NAMES[arg & 3]
    if 0 < k < len(KIND_NAMES):
        return KIND_NAMES[k]
    return "?%d" % act


def observation(state, seat):
    """What `seat` may see: everything but the order of the piles and the other seats'
    Flip looks (their own looks are `look`: the top card of each pile, or -1)."""
    return {
        "seat": seat,
        "pile_sizes": [len(state.piles[0]), len(state.piles[1])],
        "look": list(state.look[seat]),
        "others_looked": [s for s in range(state.num_players) if s != seat
                          and (state.look[s][0] >= 0 or state.look[s][1] >= 0)],
        "discard": list(state.discard),
        "coll": [list(c) for c in state.coll],
        "locked": list(state.locked),
        "reserve": [list(r) for r in state.reserve],
        "boxes": [list(b) for b in state.boxes],
        "totals": list(state.totals),
        "current_player": state.current_player,
        "phase": state.phase,
        "drawn": state.drawn,
        "nums": list(state.nums),
        "owed": state.owed,
        "start": state.start,
        "dbl": list(state.dbl),
        "skp": list(state.skp),
        "shadow": state.shadow,
        "reveal": list(state.reveal),
        "round": state.round_no,
        "rounds": state.rounds,
        "turn": state.turn_no,
        "mode": MODES[state.mode],
        "val_family": state.val_family,
        "val_jokers": state.val_jokers,
    }


def sample_hidden(state, seat, rng):
    """A full state that agrees with all `seat` knows: the pile cards it has not seen are
    dealt again at random over the places they occupy (a top it saw with a Flip stays);
    the other seats' looks follow the new tops; future shuffles get a fresh seed."""
    world = clone(state)
    cards_ = state.unseen(seat)
    rng.shuffle(cards_)
    look = state.look[seat]
    k = 0
    for p in range(2):
        pile = world.piles[p]
        top = len(pile) - 1
        for i in range(len(pile)):
            if i == top and look[p] >= 0:
                continue
            pile[i] = cards_[k]
            k += 1
    for s in range(state.num_players):
        for p in range(2):
            if world.look[s][p] >= 0:
                world.look[s][p] = world.piles[p][-1]
    world.rng = Rng(rng.next32())
    return world


def clone(state):
    s = state.__class__(state.num_players)  # pyright: ignore[reportCallIssue]
    s.mode = state.mode
    s.rounds = state.rounds
    s.piles = [list(state.piles[0]), list(state.piles[1])]
    s.discard = list(state.discard)
    s.coll = [list(c) for c in state.coll]
    s.locked = bytearray(state.locked)
    s.reserve = [list(r) for r in state.reserve]
    s.boxes = [bytearray(b) for b in state.boxes]
    s.totals = list(state.totals)
    s.round_no = state.round_no
    s.turn_no = state.turn_no
    s.starter = state.starter
    s.current_player = state.current_player
    s.phase = state.phase
    s.drawn = state.drawn
    s.nums = list(state.nums)
    s.played = state.played
    s.owed = state.owed
    s.start = state.start
    s.dbl = bytearray(state.dbl)
    s.skp = bytearray(state.skp)
    s.look = [list(lk) for lk in state.look]
    s.shadow = state.shadow
    s.reveal = list(state.reveal)
    s.val_seat = state.val_seat
    s.val_family = state.val_family
    s.val_jokers = state.val_jokers
    s.round_points = list(state.round_points)
    s.history = [list(h) for h in state.history]
    s.end_reason = state.end_reason
    s.events = list(state.events)
    s.rng = Rng(1)
    s.rng.setstate(state.rng.getstate())
    return s


def check(state):
    """Raise AssertionError unless every one of the 72 cards is in exactly one place."""
    holders = [state.piles[0], state.piles[1], state.discard, state.reveal]
    holders.extend(state.coll)
    holders.extend(state.reserve)
    if state.shadow >= 0:
        holders.append((state.shadow,))
    piles.check_places(COUNT, *holders)
    for s in range(state.num_players):
        for c in state.reserve[s]:
            if cards.KIND[c] != K_ACTION:
                raise AssertionError("%s in a reserve" % card_str(c))
        for c in state.coll[s]:
            if cards.KIND[c] == K_ACTION:
                raise AssertionError("%s in a pile" % card_str(c))


def position(s, rounds, coll=None, reserve=None, piles_=None, locked=None, player=0,
             boxes=None, phase=0, mode="classic"):
    """A hand-built position (tests: rules.position) in the fresh State `s` of `rounds`
    rounds: `coll`/`reserve` per seat, `piles_` two lists (top at the end), `boxes` per seat
    {box: points}. Cards placed nowhere go to the discard."""
    players = s.num_players
    s.mode = MODES.index(mode)
    s.rounds = rounds
    for i in range(players):
        if coll is not None:
            s.coll[i] = list(coll[i])
        if reserve is not None:
            s.reserve[i] = list(reserve[i])
        if locked is not None:
            s.locked[i] = locked[i]
        if boxes is not None:
            for b in boxes[i]:
                s.boxes[i][b] = boxes[i][b]
                s.totals[i] += boxes[i][b]
    if piles_ is not None:
        s.piles = [list(piles_[0]), list(piles_[1])]
    placed = bytearray(COUNT)
    for h in s.piles + s.coll + s.reserve:
        for c in h:
            placed[c] = 1
    s.discard = [c for c in range(COUNT) if not placed[c]]
    s.current_player = player
    s.phase = phase
    s.turn_no = 1
    s.start = len(s.coll[player])
    return s
