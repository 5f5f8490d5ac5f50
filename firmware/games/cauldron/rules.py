# Cauldron (after Guenter Burkhardt's "Glastonbury"): the rules engine. CPython and MicroPython.
#
# Rules: docs/rules/cauldron.md (seed 004 as settled by GAMES.md section 6). Cards and board
# geometry: board.py; scoring: scoring.py.
#
# A turn: the pawn moves clockwise by the value of the visible top card of the cauldron (2
# when empty; Immuto on top: no move and the player takes from the line taken from last turn,
# or, having taken nothing last turn, moves by the first non-Immuto card under it). The move
# is made by the rules as the turn starts; the player then acts:
#   TAKE  line * 6 + pos    take a card of the faced line (after Declinatio: of the new line,
#                           no Vanesco or Perluceo)
#   ACCIO line * 6 + pos    use an Accio: take a card of any other line (no Vanesco/Perluceo);
#                           not from a corner
#   DECL  0                 at a corner: use a Declinatio, move again by the same count
#   PASS  0                 take nothing (only when the faced line is empty, or at a corner)
#   KEEP / DISCARD 0        the card that ended the game: keep it or put it out of the game
# A turn with nothing to decide (a corner without Declinatio, an empty line without Accio)
# passes by itself (an event tells the screen). Taken ingredients and Immutos go on top of the
# cauldron; spells beside it (Vanesco and Perluceo act at once). The emptied cell is refilled
# from the draw pile while it has cards.
#
# Knowledge: every card placed on a cauldron is seen by all, but covered cards are known only
# through memory. `placed[seat][i]` is the turn card i of a cauldron was placed, `looked[seat]`
# the turn of the owner's last Perluceo; `remembers()` derives, from those public turn numbers
# only, what a seat still remembers at a memory level (never from the card ids), so the AI
# and sample_hidden agree on what a seat knows.

from micropython import const

from core.rng import Rng
from games.cauldron.board import (
    COLOURS,
    CORNER,
    EMPTY,
    LINE_CELLS,
    PLACE_LINE,
    RECIPE_A,
    RECIPE_B,
    card_str,
    in_cauldron,
    is_immuto,
    is_instant,
    line_str,
    spell_type,
    start_uses,
    value,
)
from kit import piles
from kit.actions import check_legal

OVER = const(-2)
MAX_TURNS = const(400)
TAKE = const(1)
ACCIO = const(2)
DECL = const(3)
PASS = const(4)
KEEP = const(5)
DISCARD = const(6)
NUM_ACTIONS = const(0x700)   # every action is < NUM_ACTIONS (kind << 8 | arg)
KIND_NAMES = ("", "take", "accio", "declinatio", "pass", "keep", "discard")

# Phases
ACT = const(0)       # at a line: take (or Accio; pass when the line is empty)
CORNER_P = const(1)  # at a corner with a Declinatio: use it or pass
DECL_TAKE = const(2)  # after Declinatio: take from the new line
P_KEEP = const(3)    # the game-ending card: keep or discard
DONE = const(4)

# Memory levels: (per-256 chance to remember a card just seen, loss per turn of age, floor)
MEMORY = {"easy": (220, 24, 24), "normal": (250, 8, 110), "hard": (256, 1, 236)}


def _mix(seat, owner, i, last):
    x = (seat * 7 + owner * 3 + 1) * 40503 + i * 977 + last * 6151
    x = ((x ^ (x >> 7)) * 73) & 0x3FFFFFF
    return (x ^ (x >> 11)) & 255


class State:
    """A game of Cauldron. Public fields for the view and the tests; change them only through
    apply() (tests build positions with `position`)."""

    def __init__(self):
        self.num_players = 2
        self.colours = []        # colour index per seat
        self.grid = bytearray(36)
        self.pile = []           # top = pile[-1]
        self.cauldrons = []      # per seat, bottom first
        self.placed = []         # per seat, the turn each cauldron card was placed
        self.looked = []         # per seat, turn of the last Perluceo look (-1)
        self.spells = []         # per seat, spell cards beside the cauldron
        self.uses = bytearray(98)
        self.recipes = []        # per seat [A, B] (empty without Recipes)
        self.box = []            # Recipe cards not dealt (hidden)
        self.out = []            # out of the game (2-player colour, Vanesco on an empty pile,
        #                          a discarded last card)
        self.pawns = bytearray(2)
        self.last_line = []      # per seat, the line taken from last turn (-1: took nothing)
        self.current_player = 0
        self.phase = ACT
        self.line = -1           # the line the current player takes from (-1 at a corner)
        self.dist = 2            # the current turn's move
        self.turn = 1
        self.end_reason = ""     # "last_card", "dead_end", "cap"
        self.ender = -1
        self.held = EMPTY        # the game-ending card waiting for keep/discard
        self.held_line = -1
        self.open = False        # "open cauldrons" assist
        self.events = []

    # -- queries -----------------------------------------------------------------------------
    def is_over(self):
        return self.current_player == OVER

    def top(self, seat):
        c = self.cauldrons[seat]
        return c[-1] if c else EMPTY

    def accio_card(self, seat):
        for c in self.spells[seat]:
            if spell_type(c) == 0 and self.uses[c]:
                return c
        return -1

    def decl_card(self, seat):
        for c in self.spells[seat]:
            if spell_type(c) == 1 and self.uses[c]:
                return c
        return -1

    def uses_left(self, seat, stype):
        n = 0
        for c in self.spells[seat]:
            if spell_type(c) == stype:
                n += self.uses[c]
        return n

    def legal_actions(self):
        seat = self.current_player
        if seat < 0:
            return []
        ph = self.phase
        if ph == P_KEEP:
            return [KEEP << 8, DISCARD << 8]
        if ph == CORNER_P:
            return [DECL << 8, PASS << 8]
        out = []
        grid = self.grid
        line = self.line
        cells = LINE_CELLS[line]
        for i in range(6):
            c = grid[cells[i]]
            if c != EMPTY and not (ph == DECL_TAKE and is_instant(c)):
                out.append((TAKE << 8) | (line * 6 + i))
        if ph == ACT:
            if self.accio_card(seat) >= 0:
                for ln in range(8):
                    if ln == line:
                        continue
                    cells = LINE_CELLS[ln]
                    for i in range(6):
                        c = grid[cells[i]]
                        if c != EMPTY and not is_instant(c):
                            out.append((ACCIO << 8) | (ln * 6 + i))
            if not out or self.line_empty(line):
                out.append(PASS << 8)
        return out

    def line_empty(self, line):
        for g in LINE_CELLS[line]:
            if self.grid[g] != EMPTY:
                return False
        return True

    def move_of(self, seat):
        """(distance, stay) of `seat`'s next move: stay is True when an Immuto on top keeps
        the pawn in place (the player took a card last turn)."""
        cau = self.cauldrons[seat]
        if not cau:
            return 2, False
        t = cau[-1]
        if not is_immuto(t):
            return value(t), False
        if self.last_line[seat] >= 0:
            return 0, True
        for i in range(len(cau) - 2, -1, -1):
            if not is_immuto(cau[i]):
                return value(cau[i]), False
        return 2, False

    def next_place(self, seat):
        """Where `seat`'s pawn will stand at its next turn, and the line it will take from."""
        d, stay = self.move_of(seat)
        if stay:
            return self.pawns[seat], self.last_line[seat]
        p = (self.pawns[seat] + d) % 20
        return p, PLACE_LINE[p]

    # -- applying ----------------------------------------------------------------------------
    def apply(self, action):
        if not isinstance(action, int):
            raise ValueError("an action is an int, got %r" % (action,))
        check_legal(self, action)
        self.events = []
        seat = self.current_player
        kind = action >> 8
        arg = action & 0xFF
        if kind == KEEP or kind == DISCARD:
            card = self.held
            self.held = EMPTY
            if kind == KEEP:
                self._place(seat, card, False)
            else:
                self.out.append(card)
            self.events.append(("keep" if kind == KEEP else "discard", seat, card))
            self._finish("last_card")
            return
        if kind == PASS:
            self.events.append(("pass", seat, self.line))
            self.last_line[seat] = -1
            self._end_turn()
            return
        if kind == DECL:
            c = self.decl_card(seat)
            self.uses[c] -= 1
            p = (self.pawns[seat] + self.dist) % 20
            self.pawns[seat] = p
            self.line = PLACE_LINE[p]
            self.events.append(("decl", seat, p, self.line))
            if self.line_empty(self.line):
                self.events.append(("empty", seat, self.line))
                self.last_line[seat] = -1
                self._end_turn()
                return
            for g in LINE_CELLS[self.line]:
                c = self.grid[g]
                if c != EMPTY and not is_instant(c):
                    self.phase = DECL_TAKE
                    return
            self._finish("dead_end")
            return
        # TAKE or ACCIO
        line = arg // 6
        g = LINE_CELLS[line][arg % 6]
        card = self.grid[g]
        if kind == ACCIO:
            self.uses[self.accio_card(seat)] -= 1
        self.grid[g] = EMPTY
        self.last_line[seat] = line
        self.events.append(("accio" if kind == ACCIO else "take", seat, line, g, card))
        if not self.pile and self.line_empty(line):
            # The last card of the line with the pile empty: the game ends with this take.
            self.ender = seat
            if is_instant(card) and spell_type(card) == 2:
                self._vanesco(seat)
            self.held = card
            self.held_line = line
            self.phase = P_KEEP
            return
        self._place(seat, card, True)
        if self.pile:
            self.grid[g] = self.pile.pop()
            self.events.append(("refill", g, self.grid[g]))
        self._end_turn()

    def _place(self, seat, card, act):
        if in_cauldron(card):
            self.cauldrons[seat].append(card)
            self.placed[seat].append(self.turn)
            return
        self.spells[seat].append(card)
        t = spell_type(card)
        if t == 2 and act:
            self._vanesco(seat)
        elif t == 3:
            self.looked[seat] = self.turn
            self.events.append(("look", seat))

    def _vanesco(self, seat):
        empty = not self.pile
        for o in range(self.num_players):
            if o == seat or not self.cauldrons[o]:
                continue
            c = self.cauldrons[o].pop()
            self.placed[o].pop()
            if empty:
                self.out.append(c)
            else:
                piles.put_under(self.pile, c)
            self.events.append(("vanish", o, c, 0 if empty else 1))

    def _end_turn(self):
        # A loop, not recursion: turns that pass by themselves (a corner, an empty line) may
        # follow one another up to the turn cap.
        while True:
            if self.turn >= MAX_TURNS:
                self._finish("cap")
                return
            self.turn += 1
            self.current_player = (self.current_player + 1) % self.num_players
            if self._begin_turn():
                return

    def _end_turn_from(self, seat):
        """Start the turn after `seat`'s (new games and hand-built positions)."""
        self.current_player = seat
        self._end_turn()

    def _begin_turn(self):
        """Move the current player's pawn; False when the turn passed by itself."""
        seat = self.current_player
        d, stay = self.move_of(seat)
        self.dist = d
        if stay:
            self.line = self.last_line[seat]
            self.events.append(("stay", seat, self.line))
        else:
            p = (self.pawns[seat] + d) % 20
            self.pawns[seat] = p
            self.line = PLACE_LINE[p]
            self.events.append(("move", seat, d, p))
        if self.line < 0:
            if self.decl_card(seat) >= 0:
                self.phase = CORNER_P
                return True
            self.events.append(("corner", seat))
            self.last_line[seat] = -1
            return False
        self.phase = ACT
        if self.line_empty(self.line) and self.accio_card(seat) < 0:
            self.events.append(("empty", seat, self.line))
            self.last_line[seat] = -1
            return False
        return True

    def _finish(self, reason):
        self.end_reason = reason
        self.current_player = OVER
        self.phase = DONE
        self.events.append(("over", reason))

    # -- results -----------------------------------------------------------------------------
    def final(self):
        # imported here: the table plays without it (the AI, which imports it too, and the
        # end of the game need it; kit.table drops it with the AI: view.Table.ai_modules)
        from games.cauldron import scoring

        rec = self.recipes if self.recipes and self.recipes[0] else None
        return scoring.final_scores(self.cauldrons, self.colours, self.spells, rec, self.ender)

    def scores(self):
        return self.final()[0]

    def returns(self):
        sc = self.scores()
        best = max(sc)
        n = sc.count(best)
        return [(1.0 if n == 1 else 0.5) if v == best else 0.0 for v in sc]

    # -- knowledge ---------------------------------------------------------------------------
    def remembers(self, seat, owner, i, level):
        """Whether `seat` still knows card i (from the bottom) of `owner`'s cauldron at memory
        `level` ("easy", "normal", "hard"; None = perfect). The top card is always seen.
        Depends only on public turn numbers, never on the card."""
        cau = self.cauldrons[owner]
        if i == len(cau) - 1 or level is None or self.open:
            return True
        last = self.placed[owner][i]
        if seat == owner and self.looked[owner] > last:
            last = self.looked[owner]
        start, loss, floor = MEMORY[level]
        keep = start - loss * (self.turn - last)
        if keep < floor:
            keep = floor
        return _mix(seat, owner, i, last) < keep

    def memory(self, seat, level):
        """Per seat, `seat`'s picture of that cauldron: card ids, EMPTY where forgotten."""
        out = []
        for o in range(self.num_players):
            cau = self.cauldrons[o]
            out.append(bytearray([cau[i] if self.remembers(seat, o, i, level) else EMPTY
                                  for i in range(len(cau))]))
        return out

    def observation(self, seat):
        """What `seat` may see: the board, pawns, pile size, every top card and cauldron size
        (every cauldron when the "open cauldrons" assist is on), spells with uses, its own
        Recipes, and the turn. Covered cards are known only through memory (see memory())."""
        obs = {
            "seat": seat,
            "grid": bytes(self.grid),
            "pawns": bytes(self.pawns),
            "pile_size": len(self.pile),
            "tops": [self.top(o) for o in range(self.num_players)],
            "sizes": [len(c) for c in self.cauldrons],
            "spells": [list(s) for s in self.spells],
            "uses": [(self.uses_left(o, 0), self.uses_left(o, 1))
                     for o in range(self.num_players)],
            "recipes": list(self.recipes[seat]) if self.recipes else [],
            "colours": list(self.colours),
            "last_line": list(self.last_line),
            "current_player": self.current_player,
            "phase": self.phase,
            "line": self.line,
            "turn": self.turn,
            "out": list(self.out),
        }
        if self.open:
            obs["cauldrons"] = [list(c) for c in self.cauldrons]
        return obs

    def sample_hidden(self, seat, rng, level=None):
        """A full state agreeing with all `seat` knows at memory `level` (None: it remembers
        every card it saw placed): the draw pile, the cauldron cards it forgot and the others'
        Recipes are dealt again at random over their places."""
        world = self.clone()
        # A forgotten cauldron card is an ingredient or an Immuto (spells never go in): it is
        # dealt again among those; the pile takes the rest, spells included.
        pool = [c for c in self.pile if in_cauldron(c)]
        rest = [c for c in self.pile if not in_cauldron(c)]
        places = []
        for o in range(self.num_players):
            cau = self.cauldrons[o]
            for i in range(len(cau)):
                if not self.remembers(seat, o, i, level):
                    pool.append(cau[i])
                    places.append((o, i))
        pool.sort()
        rng.shuffle(pool)
        k = 0
        for o, i in places:
            world.cauldrons[o][i] = pool[k]
            k += 1
        rest += pool[k:]
        rest.sort()
        rng.shuffle(rest)
        world.pile = rest
        if self.recipes and self.recipes[0]:
            for which in (0, 1):
                cards = [c for c in self.box if (c >= RECIPE_B) == (which == 1)]
                for o in range(self.num_players):
                    if o != seat:
                        cards.append(self.recipes[o][which])
                cards.sort()
                rng.shuffle(cards)
                for o in range(self.num_players):
                    if o != seat:
                        world.recipes[o][which] = cards.pop()
                world.box = [c for c in world.box if (c >= RECIPE_B) != (which == 1)] + cards
            world.box.sort()
        return world

    def clone(self):
        s = State()
        s.num_players = self.num_players
        s.colours = list(self.colours)
        s.grid = bytearray(self.grid)
        s.pile = list(self.pile)
        s.cauldrons = [list(c) for c in self.cauldrons]
        s.placed = [list(c) for c in self.placed]
        s.looked = list(self.looked)
        s.spells = [list(c) for c in self.spells]
        s.uses = bytearray(self.uses)
        s.recipes = [list(r) for r in self.recipes]
        s.box = list(self.box)
        s.out = list(self.out)
        s.pawns = bytearray(self.pawns)
        s.last_line = list(self.last_line)
        s.current_player = self.current_player
        s.phase = self.phase
        s.line = self.line
        s.dist = self.dist
        s.turn = self.turn
        s.end_reason = self.end_reason
        s.ender = self.ender
        s.held = self.held
        s.held_line = self.held_line
        s.open = self.open
        s.events = list(self.events)
        return s

    def action_str(self, action):
        kind = action >> 8
        arg = action & 0xFF
        if kind == TAKE or kind == ACCIO:
            line = arg // 6
            g = LINE_CELLS[line][arg % 6] if line < 8 else 0
            return "%s %s %s" % (KIND_NAMES[kind], card_str(self.grid[g]), line_str(line))
        if 0 < kind < len(KIND_NAMES):
            return KIND_NAMES[kind]
        return "?%d" % action

    def check(self):
        """Raise AssertionError unless every card is in exactly one place."""
        holders = [self.grid, self.pile, self.box, self.out] + self.cauldrons + self.spells + \
            self.recipes
        if self.held != EMPTY:
            holders.append([self.held])
        piles.check_places(98, *holders)
        for o in range(self.num_players):
            if len(self.placed[o]) != len(self.cauldrons[o]):
                raise AssertionError("placed turns out of step for seat %d" % o)
            for c in self.spells[o]:
                if not 74 <= c < 84:
                    raise AssertionError("%s beside a cauldron" % card_str(c))
            for c in self.cauldrons[o]:
                if not in_cauldron(c):
                    raise AssertionError("%s in a cauldron" % card_str(c))
        for k in range(4):
            if self.grid[(0, 5, 35, 30)[k]] < CORNER:
                raise AssertionError("a corner cell holds a card")


def _seat_colours(n):
    return [0, 1, 2, 3][:n]


def new_game(options, seed):
    """options: players (2-4), recipes (bool), open (bool: "open cauldrons" assist)."""
    n = options.get("players", 2)
    if n < 2 or n > 4:
        raise ValueError("Cauldron is for 2 to 4 players, got %r" % (n,))
    rng = Rng(seed)
    s = State()
    s.num_players = n
    s.colours = _seat_colours(n)
    s.open = bool(options.get("open", False))
    deck = []
    for c in range(84):
        if n == 2 and c < 72 and c >> 3 == 3:
            s.out.append(c)          # 2 players: Blue, an unused player colour, leaves
        else:
            deck.append(c)
    deck = piles.shuffled(deck, rng)
    k = 0
    for g in range(36):
        if g in (0, 5, 35, 30):
            s.grid[g] = CORNER + k
            k += 1
        else:
            s.grid[g] = deck.pop()
    s.pile = deck
    for c in range(74, 84):
        s.uses[c] = start_uses(c)
    s.cauldrons = [[] for _ in range(n)]
    s.placed = [[] for _ in range(n)]
    s.spells = [[] for _ in range(n)]
    s.looked = [-1] * n
    s.last_line = [-1] * n
    if options.get("recipes", False):
        a = piles.shuffled(list(range(RECIPE_A, RECIPE_A + 5)), rng)
        b = piles.shuffled(list(range(RECIPE_B, RECIPE_B + 5)), rng)
        s.recipes = [[a.pop(), b.pop()] for _ in range(n)]
        s.box = sorted(a + b)
    else:
        s.recipes = [[] for _ in range(n)]
        s.box = list(range(RECIPE_A, RECIPE_B + 5))
    # Pawns beside different corners: 2 players opposite, 3-4 one corner each.
    s.pawns = bytearray([0, 10] if n == 2 else [0, 5, 10, 15][:n])
    s.current_player = 0
    s.turn = 0
    s._end_turn_from(n - 1)
    return s


def position(grid=None, pile=(), cauldrons=None, spells=None, pawns=None, players=2,
             player=0, last_line=None, recipes=None, turn=1, begin=True, uses=None):
    """A hand-built position (tests): `grid` 36 ids (EMPTY allowed; corners are filled),
    `pile` bottom first; cards placed nowhere go out of the game (so check() holds). With
    `begin`, the current player's turn starts (its pawn moves) as in play."""
    s = State()
    s.num_players = players
    s.colours = _seat_colours(players)
    if grid is None:
        grid = [EMPTY] * 36
    s.grid = bytearray(grid)
    for k in range(4):
        s.grid[(0, 5, 35, 30)[k]] = CORNER + k
    s.pile = list(pile)
    s.cauldrons = [list(c) for c in (cauldrons or [[] for _ in range(players)])]
    s.placed = [[0] * len(c) for c in s.cauldrons]
    s.spells = [list(c) for c in (spells or [[] for _ in range(players)])]
    for c in range(74, 84):
        s.uses[c] = start_uses(c)
    if uses:
        for c in uses:
            s.uses[c] = uses[c]
    s.looked = [-1] * players
    s.last_line = list(last_line) if last_line else [-1] * players
    if recipes:
        s.recipes = [list(r) for r in recipes]
    else:
        s.recipes = [[] for _ in range(players)]
    used = bytearray(98)
    for h in [s.grid, s.pile] + s.cauldrons + s.spells + s.recipes:
        for c in h:
            if c != EMPTY:
                used[c] = 1
    s.box = [c for c in range(RECIPE_A, 98) if not used[c]]
    s.out = [c for c in range(RECIPE_A) if not used[c]]
    s.pawns = bytearray(pawns if pawns is not None else ([0, 10] + [5, 15])[:players])
    s.current_player = player
    if begin:
        s.turn = turn - 1
        s._end_turn_from((player - 1) % players)
    else:
        s.turn = turn
    return s


COLOUR_NAMES = COLOURS
