"""Match & Collect: the table, the game's main screen (and its entry points).

Seats are named by the kit (kit.seat_names): 2 players "You, North"; 3 "You, West, East"; 4
"You, West, North, East" (clockwise from you, which is the order turns go). In an all-AI game
seat 0 is "South".

The table: opponents' hand sizes, points laid this round and totals at the top left, the
draw pile and the discard top at the top right, then the status line (whose turn, what
happened), the preview line (the meld your picked cards make and its value, or the card under
the cursor), your hand, and the hint bar. Buttons on your turn: LEFT/RIGHT (also UP/DOWN, the
four-button boards' X/Y) move along the hand, A picks a card for a meld (or chooses a card in
a Wonder's choice), B opens the list of what you can do now (draw, take, lay, add, play,
discard, call, sort, browse the discard pile and every meld, scores), MENU pauses (the kit's
pause menu: kit.table.Table).

Every action goes through the kit's turn driver (kit.turns: the session's save after every
action, garbage collected after each, the AI's "Thinking..." and pace, messages in step with
the moves, in the info block's status lines). The meld being built lives only here until it
is laid: laying sends the rules' whole select..MELD sequence at once.

Memory (the Pico's heap is ~210 KB): only the table lives here. The setup screen
(setup_screen.py, on kit.setup), the round summary (summary.py), the browsers (browse.py) and
what only a player opens (human.py: the actions list; ask.py: the location lists, a Wonder's
question) are modules of their own, imported when they open and dropped when the table
is back on top, as is the rules' rounds.py (a round's end and the deal); an all-AI game
never loads human.py, nor ui.menu for its lists;
the AI module is dropped while a round summary shows and, in a game a person plays, after
each decision (Table.ai_modules: it loads again during the pause before the next); the
strings module is dropped once its table is merged (kit.lang). Garbage is collected after
every action (kit.turns), so short-lived objects never scatter the long-lived ones across the
heap (a fragmented heap cannot load a module's bytecode later).
"""

import gc
import sys

from core import input as btn
from core import modules, strings, theme
from games.match_collect import rules
from games.match_collect.cards import COLOR, LOCATION, LOCATION_NAMES, SYMBOL, WONDER
from kit import table, turns
from ui import widgets
from ui.cards import card_width, draw_back, draw_card, draw_slot
from ui.handrow import HandRow

GAME_ID = "match_collect"
REGULAR = 64
LOG_INDENT = 6       # the log's second lines, under their first
SORTS = ("symbol", "location", "colour", "wonder")
CARD_INK = (theme.RED, theme.BLUE, theme.YELLOW, theme.GREEN)
SYMBOL_ICONS = ("sym_stag", "sym_mountain", "sym_moon", "sym_sun", "sym_wave", "sym_tree",
                "sym_crown", "sym_key")
# Wonder look: multicolour border (Legendary, Messenger, Guide) in ACCENT, black border
# (Portal, Shelter) in INK, white border (Offering) in BACK; icons mc_<type>_{12,16}.
WONDER_INK = (theme.ACCENT, theme.ACCENT, theme.ACCENT, theme.INK, theme.INK, theme.BACK)
WONDER_ICONS = ("mc_legendary", "mc_messenger", "mc_guide", "mc_portal", "mc_shelter",
                "mc_offering")
PACKAGE = "games.match_collect."
PKG = "games.match_collect"
# Modules of this game opened on demand and dropped when the table is back on top.
ON_DEMAND = ("summary", "browse", "setup_screen", "human", "ask", "rounds")
# The setup screen's modules, which nothing holds once the table has taken its place: the
# table drops them even when they were loaded before it (the setup's Start drops them itself;
# a table put there some other way found them loaded). Not ui.dialog, which the setup's
# questions also leave: a module that imported Dialog at its top (cauldron's view, still
# loaded in a test run) would then hold another class than a later import.
UI_LEFT_OVER = ("ui.options", "kit.setup_screen")
UI_ON_DEMAND = ("ui.scores", "ui.textview", "ui.menu", "ui.dialog") + UI_LEFT_OVER

_lists = {}      # strings key -> list of its comma-separated names (current language)
_lists_lang: list = [None]   # language the cache was built for
_face = [None, 0, None, None]   # the one face list face_of fills in (see face_of)
_codes = []      # location -> its three-letter code (made once)


# -- modules loaded on demand ------------------------------------------------------------------
def sub(name):
    """Import this game's module `name` (ON_DEMAND) now; collects first, so its bytecode gets
    the largest free blocks the heap can offer."""
    gc.collect()
    return __import__(PACKAGE + name, None, None, (name,), 0)


def Spec():  # noqa: N802 - the kit asks every view for its Spec (kit.setup.spec_of)
    """The game's setup declaration, from its own module (setup_screen.py, loaded only now:
    the table does without it)."""
    return sub("setup_screen").Spec()


# -- names -------------------------------------------------------------------------------------
def names(key):
    """The comma-separated list of strings key `key`, split once per language."""
    if _lists_lang[0] != strings.lang():
        _lists.clear()
        _lists_lang[0] = strings.lang()
    out = _lists.get(key)
    if out is None:
        out = strings.t(key).split(",")
        _lists[key] = out
    return out


def loc_code(loc):
    if not _codes:
        for name in LOCATION_NAMES:
            _codes.append(name[:3].upper())
    return _codes[loc]


def colour_symbol(c):
    """"Red Stag" (FR "Cerf rouge", "Lune bleue": the colour agrees with the symbol)."""
    sym = SYMBOL[c]
    if strings.lang() == "fr":
        fem = strings.t("mc.genders")[sym] == "f"
        col = names("mc.colors_f" if fem else "mc.colors")[COLOR[c]]
        return "%s %s" % (names("mc.symbols")[sym], col.lower())
    return "%s %s" % (names("mc.colors")[COLOR[c]], names("mc.symbols")[sym])


def card_name(c):
    """"Red Stag, Winterwoods" (FR "Cerf rouge, Winterwoods"), or the Wonder's name."""
    if c >= REGULAR:
        return names("mc.wonders")[WONDER[c]]
    return "%s, %s" % (colour_symbol(c), LOCATION_NAMES[LOCATION[c]])


def card_short(c):
    """"Red Stag WIN": the name used in announcements (the location's code, as on the
    card's corner)."""
    if c >= REGULAR:
        return names("mc.wonders")[WONDER[c]]
    return "%s %s" % (colour_symbol(c), loc_code(LOCATION[c]))


def wrap_keeping(font, text, width, names):
    """`text`'s lines at `width` (Font.wrap), no name of `names` cut over two lines: a break
    inside one moves the whole name to the next line ("You discarded" / "Red Stag WIN", not
    "You discarded Red Stag" / "WIN": the location tells two cards apart)."""
    lines = font.wrap(text, width)
    start = 0
    for k in range(len(lines) - 1):
        end = start + len(lines[k])
        if text[start:end] != lines[k]:
            return lines           # not single-spaced words: as Font.wrap cut them
        for name in names:
            a = text.find(name, start)
            if start < a < end < a + len(name):
                return lines[:k] + [text[start:a].rstrip()] + wrap_keeping(
                    font, text[a:], width, names)
        start = end + 1
    return lines


def meld_name(mtype):
    return names("mc.melds")[mtype]


def face_of(c):
    """ui.cards face of card id c: location code in the corner, symbol icon, colour ink;
    Wonders show their short type name, their own icon and their name along the bottom.

    The same list is filled in and returned every time (draw_card reads it at once): drawing
    allocates nothing, and no table of 88 faces sits in the heap."""
    f = _face
    if c < REGULAR:
        f[0] = loc_code(LOCATION[c])
        f[1] = CARD_INK[COLOR[c]]
        f[2] = SYMBOL_ICONS[SYMBOL[c]]
        f[3] = None
    else:
        w = WONDER[c]
        f[0] = names("mc.wonder_codes")[w]
        f[1] = WONDER_INK[w]
        f[2] = WONDER_ICONS[w]
        f[3] = names("mc.wonders")[w]
    return f


def sort_key(mode):
    """A key function ordering a hand by `mode` (SORTS); Wonders last except by Wonder."""
    if mode == "location":
        return lambda c: c if c < REGULAR else 1000 + c
    if mode == "colour":
        return lambda c: (COLOR[c] * 256 + SYMBOL[c] * 16 + LOCATION[c]) if c < REGULAR \
            else 2000 + c
    if mode == "wonder":
        return lambda c: (SYMBOL[c] * 64 + COLOR[c] * 16 + LOCATION[c]) if c < REGULAR \
            else c - 1000
    return lambda c: (SYMBOL[c] * 64 + COLOR[c] * 16 + LOCATION[c]) if c < REGULAR \
        else 2000 + c


def four(app):
    return app.input.four_buttons


# -- the table ---------------------------------------------------------------------------------
class Table(table.Table):
    # In a game a person plays the AI module leaves the heap after each decision and loads
    # again for the next, during the pause before it (kit.turns; drop_ai below). Not
    # rules_extra: a saved game's log words every move with it (Session.apply).
    ai_modules = (PACKAGE + "ai",)

    def __init__(self, session, demo=False):
        self._ai = None
        super().__init__(session, demo, self.ai_module)
        self.seats = self.names      # the kit's names of the seats
        self.me = 0                  # the seat whose hand is shown
        self.sort = "symbol"
        self.sel = []                # card ids picked for the meld being built
        self.row = None
        self.log = []                # announcements, newest first
        self.log_lines = []          # each one's lines in the info block (wrapped once)
        self.said = 0                # announcements made (play: was this move seen?)
        self.fresh = []              # cards you just drew or took: the cursor goes there
        self.preview = ""
        self.preview_ok = False
        self.plan = None             # actions that lay / add the current pick, or None
        self.picking = False         # the row shows the cards of a pending choice
        self._summary = None         # (round result, final): its summary, once read
        self._best = None            # what the high scores say of this game (the end)
        self._rounds = len(session.state.round_results)
        self._prompted = -1          # pending choice already prompted (by its round/turn)
        self._over = False
        self._dirty_info = True
        self._dirty_preview = True
        self._resync = False         # back on top: sync at the next tick (resume)
        self._quick = 0              # 1: the next whole frame draws the info block and the
                                     # piles alone, 2: then the rest (see draw)
        self._heads = ()             # the score columns' headings: (text, x) each (heads)
        self._heads_lang = None      # the language they are in
        self._lay: tuple = ()        # set by enter()
        self._ui_drop: list = []     # set by enter()

    # -- layout --------------------------------------------------------------------------------
    def enter(self):
        app = self.app
        w = app.width
        h = app.height
        lh = app.small.line_height
        self.line_h = lh + 1
        hint_h = widgets.hint_height(app)
        hand_h = 68 if h >= 200 else max(40, h // 3)
        hand_y = h - hint_h - 2 - hand_h
        preview_y = hand_y - self.line_h - 1
        info_h = preview_y - 3
        card_h = min(64, info_h - lh - 2)
        cw = card_width(card_h)
        piles_w = 2 * cw + 6
        piles_x = (w - piles_w - 2) & ~1
        self._lay = (hand_y, hand_h, preview_y, info_h, card_h, cw, piles_x)
        step = app.small.width("WWW") + 4
        self.row = HandRow(app, 0, hand_y, w, hand_h, face_of, (), min_step=step)
        # UI modules a summary, browser or help screen brings in, unless already loaded.
        self._ui_drop = [n for n in UI_ON_DEMAND if n not in sys.modules or n in UI_LEFT_OVER]
        self.drop_screens()
        self.sync()

    def resume(self):
        self.drop_screens()
        # Synced at the next tick, unless a move chosen on the screen that closed syncs it
        # first (after_action): one sync, not two, before that move's first frame.
        self._resync = True

    def drop_screens(self):
        """Forget the modules of screens opened over the table (back on top: not needed)."""
        for name in ON_DEMAND:
            modules.drop(PACKAGE + name)
        for name in self._ui_drop:
            modules.drop(name)

    def heads(self):
        """The score columns' headings, fitted and placed once (not at every draw: three
        lookups of strings.t, a miss reads its text pack)."""
        font = self.app.small
        col_w, c1, c2, c3 = self.columns()
        out = []
        for key, cx in (("mc.h_hand", c1), ("mc.h_laid", c2), ("mc.h_total", c3)):
            s = font.fit(strings.t(key), col_w)
            out.append((s, cx - font.width(s)))
        self._heads = out
        self._heads_lang = strings.lang()

    def columns(self):
        """The score columns: (width, right edge of each of the three)."""
        w = self._lay[6] - 4
        col_w = self.app.small.width("0000") + 4
        c3 = w - 2
        c2 = c3 - col_w - 4
        return col_w, c3 - 2 * col_w - 4, c2, c3

    # -- state -> screen -----------------------------------------------------------------------
    def human_turn(self):
        return self.turns.human_to_move()

    def message_band(self):
        """Messages go in the info block, never over the hand and the line above it, where
        you choose: the whole width under the piles where there is room for two lines (the
        larger boards), else the info block beside them, over the status and log lines (and
        over the score lines above them when that leaves less than two lines)."""
        _hy, _hh, _py, info_h, ch, _cw, piles_x = self._lay
        two = 2 * self.app.small.line_height + 3     # core.app: two lines from 20 px
        y = ch + self.app.small.line_height + 6        # under the piles and their counts
        if info_h + 2 - y >= two:
            return 0, y, self.app.width, info_h + 2 - y
        y = 2 + self.line_h * (self.session.state.num_players + 1)
        if info_h + 2 - y < two:
            y = info_h + 2 - two
        return 0, y, piles_x - 2, info_h + 2 - y

    def sync(self):
        """Refresh the hand row, the preview and the info from the rules state."""
        st = self.session.state
        row = self.row
        if row is None:
            return
        self._resync = False
        cands = self.pick_cards() if self.human_turn() else None
        self.picking = bool(cands)
        if cands:
            cards = cands
        else:
            cards = sorted(st.hands[self.me], key=sort_key(self.sort)) \
                if not st.is_over() else []
        old = row.current()
        if self.fresh:
            for c in self.fresh:
                if c in cards:
                    old = c           # the card you just drew: under the cursor, named
            self.fresh = []
        if cards != row.cards:
            row.set_cards(cards)
        if old in cards:
            row.set_cursor(cards.index(old))
        keep = []
        if not self.picking:
            for c in self.sel:
                if c in cards:
                    keep.append(c)
        self.sel = keep
        for i in range(len(row.cards)):
            row.set_selected(i, row.cards[i] in keep)
        row.set_focus(self.human_turn() and not st.is_over())
        self.update_preview()
        self._dirty_info = True
        self.request_draw()

    def pick_cards(self):
        """Cards the current pending choice lets you pick (in the order to show), or None."""
        st = self.session.state
        if st.phase != rules.PH_CHOICE:
            return None
        out = []
        for a in st.legal_actions():
            kind, arg = rules.decode(a)
            if kind == "pick":
                out.append(arg)
        if not out:
            return None
        if st.pending in (rules.P_SHELTER, rules.P_OFFER_TAKE):
            out.reverse()        # the discard pile, top card first
        return out

    def legal(self):
        return self.session.state.legal_actions()

    def update_preview(self):
        """The line above the hand: the picked meld and its value, else what is under the
        cursor or what to do now."""
        st = self.session.state
        self.plan = None
        self.preview_ok = False
        if st.is_over():
            text = ""
        elif self.picking:
            # The choice's title is on the status line: here the card under the cursor.
            c = self.row.current()
            text = card_name(c) if c is not None else self.pending_title()
        elif self.sel:
            text = self.meld_preview(st)
        else:
            c = self.row.current()
            text = card_name(c) if c is not None else ""
        self.preview = text
        self._dirty_preview = True

    def meld_preview(self, st):
        sel = self.sel
        got = rules.classify_meld(sel)
        mine = st.melds[self.me]
        if got is not None:
            self.preview_ok = True
            self.plan = rules.meld_actions(sel)
            return strings.t("mc.preview") % (meld_name(got[0]), got[1])
        for i in range(len(mine)):
            ext = rules.can_extend(mine[i], sel)
            if ext is not None:
                self.preview_ok = True
                self.plan = rules.extend_actions(i, sel)
                return strings.t("mc.adds_to") % (meld_name(ext[0]), ext[1])
        return strings.t("mc.not_meld")

    def pending_title(self):
        p = self.session.state.pending
        key = {rules.P_GUIDE_KEEP: "mc.p_guide_keep", rules.P_GUIDE_ORDER: "mc.p_guide_order",
               rules.P_SHELTER: "mc.p_shelter", rules.P_OFFER_TAKE: "mc.p_offer_take",
               rules.P_OFFER_RETURN: "mc.p_offer_return", rules.P_OFFER_SWAP: "mc.p_offer_swap",
               rules.P_MESSENGER: "mc.p_messenger"}.get(p, "mc.ph_choice")
        return strings.t(key)

    def status(self):
        """Whose turn and what phase, for the status line."""
        st = self.session.state
        if st.is_over():
            return strings.t("game_over")
        p = st.current_player
        name = self.seats[p]
        if self.turns.thinking:
            return strings.t("mc.thinking") % name
        if not self.human_turn():
            return strings.t("mc.turn_of") % name
        if st.phase == rules.PH_DRAW:
            return strings.t("mc.ph_draw")
        if st.phase == rules.PH_MAIN:
            return strings.t("mc.ph_main")
        return self.pending_title()

    def hint_text(self):
        """The hint bar's text, with button tokens ui.widgets.hints names for this board
        (the four-button board moves along the hand with X/Y: its hints say so)."""
        app = self.app
        if self.demo or self.session.state.is_over():
            return self.hint(strings.t("mc.hint_wait"))
        if not self.human_turn():
            return strings.t("mc.hint_wait")
        if self.picking:
            return strings.t("mc.hint_pick4" if four(app) else "mc.hint_pick")
        if four(app):
            return strings.t("mc.hint_hand4")
        # Where X and Y are keys of their own (the Pico-LCD-1.3): the discard pile and the
        # melds they open, in place of MENU's word (no room for both on 240 px).
        xy = getattr(app.platform.buttons, "available", 0) & (btn.X | btn.Y) == btn.X | btn.Y
        return strings.t("mc.hint_hand_xy" if xy else "mc.hint_hand")

    # -- playing -------------------------------------------------------------------------------
    def apply(self, action):
        """Apply one action through the session; announce it; True when it was legal."""
        s = self.session
        st = s.state
        seat = st.current_player
        sizes = [len(h) for h in st.hands]
        top = st.discard[-1] if st.discard else -1
        mine = list(st.hands[self.me])
        try:
            self.turns.act(action)
        except ValueError as exc:
            self.refuse(exc)
            return False
        if self.full_redraw and seat == self.me and not self.demo:
            # Your move from a list or a question that covered the table: what it did shows
            # first (draw).
            self._quick = 1
        self.announce(seat, action, sizes, top, mine)
        return True

    def apply_all(self, actions):
        for a in actions:
            if not self.apply(a):
                st = self.session.state
                if st.selection and rules.CANCEL in st.legal_actions():
                    self.turns.act(rules.CANCEL)
                return False
        return True

    def announce(self, seat, action, sizes, top, mine):
        """Put what `seat` just did in the log and the History (and a toast when it
        concerns you, or when the screen has no room for the log). Your own moves are in
        the second person ("You drew Red Stag WIN", "Your Messenger named Moonmere"); the
        cards you drew or took get the cursor, so they are highlighted and named on the
        preview line (`mine`: your hand before the action)."""
        st = self.session.state
        kind, arg = rules.decode(action)
        you = seat == self.me and not self.demo
        who = self.seats[seat]
        t = strings.t
        text = None
        whole = None      # the History's words, when longer than the screen's
        named = []        # the cards' names in the text, each kept on one line
        toast = False
        if len(st.round_results) > self._rounds:
            res = st.round_results[-1]
            if res["players"][seat]["out"]:
                text = t("mc.y_out") if you else t("mc.a_out") % who
        elif kind == "draw" or kind == "take":
            self.app.sound("flip")
            new = [c for c in st.hands[self.me] if c not in mine] if you else []
            if you and new:
                self.fresh = new
                named = [card_short(c) for c in new]
                text = t("mc.y_draw" if kind == "draw" else "mc.y_take") % ", ".join(named)
            elif kind == "draw":
                text = t("mc.a_draw") % who
            else:
                named = [card_short(top)]
                text = t("mc.a_take") % (who, named[0])
        elif kind == "meld" or kind == "extend":
            self.app.sound("capture")
            ms = st.melds[seat]
            m = ms[-1] if kind == "meld" else ms[arg]
            if you:
                text = t("mc.y_meld" if kind == "meld" else "mc.y_extend") % (
                    meld_name(m[0]), rules.meld_value(m))
            else:
                text = t("mc.a_meld" if kind == "meld" else "mc.a_extend") % (
                    who, meld_name(m[0]), rules.meld_value(m))
        elif kind == "wonder":
            named = [card_name(arg)]
            text = t("mc.y_wonder") % named[0] if you else \
                t("mc.a_wonder") % (who, named[0])
        elif kind == "discard":
            named = [card_short(arg)]
            text = t("mc.y_discard") % named[0] if you else \
                t("mc.a_discard") % (who, named[0])
        elif kind == "call" or kind == "name":
            got = len(st.hands[seat]) - sizes[seat]
            key = ("mc.y_" if you else "mc.a_") + ("call" if kind == "call" else "messenger")
            args = LOCATION_NAMES[arg] if you else (who, LOCATION_NAMES[arg])
            text = t(key) % args
            if kind == "name":
                # On screen "North named ...", under "North played Messenger"; the History
                # says whose Messenger it was.
                whole = t(key + "_h") % args
            gave = sizes[self.me] - len(st.hands[self.me])
            if seat != self.me and gave > 0 and not self.demo:
                tail = t("mc.a_gave") % gave
                toast = True
            elif got > 0:
                tail = (t("mc.y_got") if you else t("mc.a_got")) % got
            else:
                tail = t("mc.a_nothing")
            text += tail
            if whole is not None:
                whole += tail
        elif kind == "shelter_hand":
            text = t("mc.y_shelter") if you else t("mc.a_shelter") % who
        if text is None:
            return
        self.said += 1
        # One or two lines each (wrapped now: drawing makes no strings), under a hanging
        # indent; what has no room there is said in a message.
        lines = wrap_keeping(self.app.small, text, self._lay[6] - 8 - LOG_INDENT, named)
        self.log.insert(0, text)
        self.log_lines.insert(0, lines)
        del self.log[8:]
        del self.log_lines[8:]
        self._dirty_info = True
        room = self.log_room()
        if (seat != self.me and toast) or room < len(lines) or \
                (you and self.fresh and room <= len(lines)):
            self.app.toast(text, log=whole)   # the History records it (core.app.App.toast)
        else:
            self.turns.record(whole or text)

    def log_room(self):
        """Announcement lines the info block has room for."""
        n = self.session.state.num_players
        return self._lay[3] // self.line_h - (n + 1) - 1

    def after_action(self):
        st = self.session.state
        if len(st.round_results) > self._rounds:
            self._rounds = len(st.round_results)
            self.sel = []
            # The round's summary once its last move's message has been read (tick).
            self._summary = (st.round_results[-1], st.is_over())
        self.sync()

    def ai_module(self):
        if self._ai is None:
            gc.collect()
            from games.match_collect import ai

            self._ai = ai
        return self._ai

    def drop_ai(self):
        self._ai = None
        super().drop_ai()

    def tick(self, now):
        if self._resync:
            self.sync()
        due = self._summary
        if due is not None:
            if self.app.toasts_pending(self) or self.app.top is not self:
                return           # the round's last move read first, then its summary
            self._summary = None
            self.drop_ai()   # not needed while the summary shows: room for its screen
            self.app.push(sub("summary").Summary(self, due[0], due[1]))
            return
        what = self.turns.tick(now)
        if what == turns.OVER:
            if not self._over:
                self._over = True
                self.game_over()
        elif what == turns.HUMAN_TURN:
            if not self.row.focused:
                self.sync()      # your turn begins once the last message is read
            self.prompt()

    def play(self, action):
        """An AI's action, from the turn driver; False (no pause after it) when nothing was
        announced (one card of a meld being built)."""
        said = self.said
        self.apply(action)
        self._dirty_info = True
        self.after_action()
        return self.said != said

    def thinking_changed(self):
        self._dirty_info = True
        self.request_draw()

    def prompt(self):
        """Open the question a pending Wonder choice needs, once per choice."""
        st = self.session.state
        if st.phase != rules.PH_CHOICE:
            self._prompted = -1
            return
        if self.redraw or self.app.top is not self:
            return    # the table first (not the list the action came from), then the question
        key = st.pending * 1000 + len(st.discard)
        if self._prompted == key:
            return
        self._prompted = key
        sub("ask").prompt(self)

    def game_over(self):
        """The game has ended: its high score and its save (summary.game_over)."""
        sub("summary").game_over(self)

    def finish(self):
        """The game-over summary was closed (summary.finish)."""
        sub("summary").finish(self)

    # -- a player's lists (human.py) ----------------------------------------------------------
    def actions_menu(self):
        # The person's turn: no AI decides until it ends, and the list, ui.menu and human.py
        # want the room (the game's least free heap was here: 33-36 KB against Hard on the
        # emulated RP2040). The AI loads again for the next AI seat, during the pause.
        self.drop_ai()
        sub("human").actions_menu(self)

    def do(self, what):
        sub("human").do(self, what)

    # -- buttons -------------------------------------------------------------------------------
    def press(self, b, kind):
        app = self.app
        row = self.row
        if b in (btn.LEFT, btn.UP):
            if row.move(-1):
                self.moved()
        elif b in (btn.RIGHT, btn.DOWN):
            if row.move(1):
                self.moved()
        elif kind != btn.PRESS:
            return
        elif b == btn.A:
            c = row.current()
            if c is None:
                return
            if self.picking:
                self.apply(rules.pick(c))
                self.after_action()
                return
            if c in self.sel:
                self.sel.remove(c)
            else:
                self.sel.append(c)
            row.set_selected(row.cursor, c in self.sel)
            self.update_preview()
            self.request_draw()
        elif b == btn.B:
            self.actions_menu()
        elif b == btn.X and not four(app):
            self.do("browse")
        elif b == btn.Y and not four(app):
            self.do("melds")

    def moved(self):
        if not self.sel or self.picking:
            self.update_preview()
        self.request_draw()

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, c, full):
        app = self.app
        if self._resync:
            self.sync()          # back on top without a tick since (resume)
        if full and self._quick == 1 and app.top is self:
            # Your move chosen on a screen that covered the table: the info block (the log
            # says what you did) and the piles it changed come first, the rest of the table
            # on the next frame (each about half of a whole draw: the move's first visible
            # effect comes that much sooner).
            self._quick = 2
            self.draw_info(c)
            self.draw_piles(c)
            self._dirty_info = False
            self.invalidate()
            return
        if full and self._quick == 2:
            # The rest of the table: what draw_info and draw_piles did not cover.
            self._quick = 0
            _hy, _hh, py, info_h, ch, _cw, px = self._lay
            top = min(ch + app.small.line_height + 6, py)
            c.fill_rect(px, top, app.width - px, info_h + 2 - top, theme.BG)
            c.fill_rect(0, info_h + 2, app.width, app.height - info_h - 2, theme.BG)
            widgets.hint_bar(app, c, self.hint_text())
            self._dirty_preview = True
        elif full:
            self._quick = 0
            c.clear(theme.BG)
            widgets.hint_bar(app, c, self.hint_text())
            self._dirty_info = True
            self._dirty_preview = True
        if self._dirty_info:
            self.draw_info(c)
            self.draw_piles(c)
            if not full:
                widgets.hint_bar(app, c, self.hint_text())
            self._dirty_info = False
        if self._dirty_preview:
            self.draw_preview(c)
            self._dirty_preview = False
        self.row.draw(c, full)

    def draw_preview(self, c):
        app = self.app
        _hy, _hh, y, _ih, _ch, _cw, _px = self._lay
        c.fill_rect(0, y, app.width, self.line_h, theme.BG)
        if self.sel and not self.picking:
            color = theme.ACCENT if self.preview_ok else theme.WARN
        else:
            color = theme.FG
        font = app.small
        c.text(font, font.fit(self.preview, app.width - 8), 4, y + 1, color)

    def draw_info(self, c):
        """Score lines of every seat (yours last), the status line and the announcements."""
        app = self.app
        font = app.small
        st = self.session.state
        _hy, _hh, _py, info_h, _ch, _cw, piles_x = self._lay
        lh = self.line_h
        w = piles_x - 4
        c.fill_rect(0, 0, piles_x, info_h + 2, theme.BG)
        x = 4
        # Columns: name | hand | laid this round | total.
        col_w, c1, c2, c3 = self.columns()
        y = 2
        if self._heads_lang != strings.lang():
            self.heads()             # the language changed (the pause menu's settings)
        for s, hx in self._heads:
            c.text(font, s, hx, y, theme.DIM)
        y += lh
        n = st.num_players
        order = [(self.me + k) % n for k in range(1, n)] + [self.me]
        for seat in order:
            turn = seat == st.current_player
            if seat == self.me:
                c.hline(x, y - 1, w - x, theme.EDGE)
            color = theme.ACCENT if turn else theme.FG
            name = ("> " if turn else "") + self.seats[seat]
            c.text(font, font.fit(name, c1 - col_w - x), x, y, color)
            laid = 0
            for m in st.melds[seat]:
                laid += rules.meld_value(m)
            for cx, v in ((c1, len(st.hands[seat])), (c2, laid), (c3, st.totals[seat])):
                s = str(v)
                c.text(font, s, cx - font.width(s), y, color)
            y += lh
        c.text(font, font.fit(self.status(), w - x), x, y + 1, theme.ACCENT)
        y += lh + 1
        limit = info_h
        for lines in self.log_lines:
            if y + lh * len(lines) > limit:
                break
            indent = 0
            for line in lines:
                c.text(font, line, x + indent, y, theme.DIM)
                indent = LOG_INDENT
                y += lh

    def draw_piles(self, c):
        app = self.app
        font = app.small
        st = self.session.state
        _hy, _hh, py, _ih, ch, cw, px = self._lay
        # Down to the preview line at most (the 240x135's piles reach it: drawn alone after
        # a move, they must not cut its top).
        c.fill_rect(px, 0, app.width - px, min(ch + font.line_height + 6, py), theme.BG)
        y = 2
        n = st.draw_count()
        if n:
            draw_back(app, c, px, y, cw, ch)
        else:
            draw_slot(app, c, px, y, cw, ch)
        dx = px + cw + 4
        if st.discard:
            draw_card(app, c, dx, y, cw, ch, face_of(st.discard[-1]))
        else:
            draw_slot(app, c, dx, y, cw, ch, 0, strings.t("mc.empty"))
        ly = y + ch + 2
        for text, x in ((str(n), px), (str(len(st.discard)), dx)):
            c.text(font, text, x + (cw - font.width(text)) // 2, ly, theme.DIM)
