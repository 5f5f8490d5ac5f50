"""Match & Collect: the screens (setup, table, round summary, game over, browsers).

Seats: 2 players "You, North"; 3 "You, West, East"; 4 "You, West, North, East" (clockwise
from you, which is the order turns go). In an all-AI game seat 0 is called "South".

The table: opponents' hand sizes, points laid this round and totals at the top left, the
draw pile and the discard top at the top right, then the status line (whose turn, what
happened), the preview line (the meld your picked cards make and its value, or the card under
the cursor), your hand, and the hint bar. Buttons on your turn: LEFT/RIGHT (also UP/DOWN, the
four-button boards' X/Y) move along the hand, A picks a card for a meld (or chooses a card in
a Wonder's choice), B opens the list of what you can do now (draw, take, lay, add, play,
discard, call, sort, browse the discard pile and every meld, scores), MENU pauses.

Play goes through core.session.Session (a save after every action; resume by replay). The
meld being built lives only here until it is laid: laying sends the rules' whole select..MELD
sequence at once.
"""

import time

from core import input as btn
from core import storage, strings, theme
from core.app import Scene
from core.session import HUMAN, Session, ai_delay_ms
from games.match_collect import lang, rules
from games.match_collect.cards import COLOR, LOCATION, LOCATION_NAMES, NUM_CARDS, SYMBOL, WONDER
from ui import widgets
from ui.cards import HandRow, card_width, draw_back, draw_card, draw_slot
from ui.dialog import Dialog
from ui.menu import MenuScreen
from ui.options import OptionsScreen

GAME_ID = "match_collect"
REGULAR = 64
LEVELS = ("easy", "normal", "hard")
SORTS = ("symbol", "location", "colour", "wonder")
CARD_INK = (theme.RED, theme.BLUE, theme.YELLOW, theme.GREEN)
SYMBOL_ICONS = ("sym_stag", "sym_mountain", "sym_moon", "sym_sun", "sym_wave", "sym_tree",
                "sym_crown", "sym_key")
# Wonder look: multicolour border (Legendary, Messenger, Guide) in ACCENT, black border
# (Portal, Shelter) in INK, white border (Offering) in BACK; icons mc_<type>_{12,16}.
WONDER_INK = (theme.ACCENT, theme.ACCENT, theme.ACCENT, theme.INK, theme.INK, theme.BACK)
WONDER_ICONS = ("mc_legendary", "mc_messenger", "mc_guide", "mc_portal", "mc_shelter",
                "mc_offering")
SUMMARY_DEMO_MS = 2500   # an all-AI game leaves each summary by itself after this long

_lists = {}      # strings key -> list of its comma-separated names (current language)
_lists_lang: list = [None]   # language the cache was built for
_faces = []      # card id -> face tuple for ui.cards (built once)


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


def seat_names(n, demo=False):
    out = list(names("mc.seats%d" % n))
    if demo:
        out[0] = strings.t("mc.south")
    return out


def loc_code(loc):
    return LOCATION_NAMES[loc][:3].upper()


def card_name(c):
    """"Red Stag, Winterwoods" (FR "Cerf rouge, Winterwoods"), or the Wonder's name."""
    if c >= REGULAR:
        return names("mc.wonders")[WONDER[c]]
    col = names("mc.colors")[COLOR[c]]
    sym = names("mc.symbols")[SYMBOL[c]]
    if strings.lang() == "fr":
        return "%s %s, %s" % (sym, col.lower(), LOCATION_NAMES[LOCATION[c]])
    return "%s %s, %s" % (col, sym, LOCATION_NAMES[LOCATION[c]])


def card_short(c):
    """"Red Stag WIN": the name used in announcements (one line on every screen)."""
    if c >= REGULAR:
        return names("mc.wonders")[WONDER[c]]
    col = names("mc.colors")[COLOR[c]]
    sym = names("mc.symbols")[SYMBOL[c]]
    if strings.lang() == "fr":
        return "%s %s %s" % (sym, col.lower(), loc_code(LOCATION[c]))
    return "%s %s %s" % (col, sym, loc_code(LOCATION[c]))


def meld_name(mtype):
    return names("mc.melds")[mtype]


def face_of(c):
    """ui.cards face of card id c: location code in the corner, symbol icon, colour ink;
    Wonders show their short type name, their own icon and their name along the bottom."""
    if not _faces:
        codes = names("mc.wonder_codes")
        full = names("mc.wonders")
        for i in range(NUM_CARDS):
            if i < REGULAR:
                _faces.append((loc_code(LOCATION[i]), CARD_INK[COLOR[i]],
                               SYMBOL_ICONS[SYMBOL[i]], None))
            else:
                w = WONDER[i]
                _faces.append((codes[w], WONDER_INK[w], WONDER_ICONS[w], full[w]))
    return _faces[c]


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


def back_to_menu(app):
    """Leave the game: pop to the main menu (or open it when the game was the bottom)."""
    while len(app.stack) > 1 and type(app.top).__name__ != "MainMenu":
        app.pop()
    if type(app.top).__name__ != "MainMenu":
        app.reset_to_home()
        strings.remove()


# -- a scrolling list of choices ---------------------------------------------------------------
class ChoiceList(MenuScreen):
    """A titled list; A calls on_done(index), B on_done(-1). Pops itself first."""

    def __init__(self, title, labels, on_done):
        super().__init__(title)
        self.labels = labels
        self.on_done = on_done

    def rows(self):
        return [[label, None, True] for label in self.labels]

    def chosen(self, index):
        self.app.pop()
        self.on_done(index)

    def back(self):
        self.app.pop()
        self.on_done(-1)


# -- setup -------------------------------------------------------------------------------------
def _onoff(v):
    return strings.t("mc.on") if v else strings.t("mc.off")


def _level(v):
    return strings.t("level_" + v)


def target_of(players, length):
    return rules.TARGET[players] + rules.LENGTH_DELTA[length]


def game_options(values):
    """The rules' options from the setup values."""
    return {"players": values["players"], "reshuffle": bool(values["reshuffle"]),
            "quick": bool(values["quick"]), "length": values["length"]}


class Setup(OptionsScreen):
    """Players, each opponent's level, variants, length (target); Start, Watch AI play, How to
    play, High scores. Offers to resume a saved game once, when it first shows."""

    def __init__(self, app, entry):
        players = app.settings.get("players", 2) if app.settings else 2
        players = 2 if players < 2 else 4 if players > 4 else players
        values = {"players": players, "lv1": "normal", "lv2": "normal", "lv3": "normal",
                  "reshuffle": players == 4, "quick": False, "length": "standard"}
        super().__init__(strings.t(entry[1]), self.option_rows, values, self.start,
                         lambda: strings.t("mc.rules_text"))
        self.entry = entry
        self._offer = True
        self._drawn = False

    def option_rows(self, values):
        n = values["players"]
        seats = seat_names(n)
        rows: list = [("players", strings.t("mc.players"), (2, 3, 4), str)]
        for i in range(1, n):
            rows.append(("lv%d" % i, strings.t("mc.opponent") % seats[i], LEVELS, _level))
        rows.append(("reshuffle", strings.t("mc.reshuffle"), (False, True), _onoff))
        rows.append(("quick", strings.t("mc.quick"), (False, True), _onoff))

        def length_label(v):
            return "%s (%d)" % (strings.t("mc.len_" + v), target_of(n, v))

        rows.append(("length", strings.t("mc.length"), ("standard", "shorter", "longer"),
                     length_label))
        return rows

    def rows(self):
        rows = super().rows()
        rows.append([strings.t("mc.high_scores"), None, True])
        return rows

    def changed(self, index, delta):
        players = self.values["players"]
        done = super().changed(index, delta)
        if done and self.values["players"] != players:
            # Four players play with Reshuffle on by default (GAMES.md); it can be turned off.
            self.values["reshuffle"] = self.values["players"] == 4
            self.menu.set_rows(self.rows())
            self.invalidate()
        return done

    def chosen(self, index):
        if index == len(self.menu.rows) - 1:
            self.app.push(high_scores_screen(self.app))
            return
        super().chosen(index)

    def draw(self, c, full):
        super().draw(c, full)
        self._drawn = True

    def tick(self, now):
        if self._offer and self._drawn:
            self._offer = False
            if storage.load_resume(self.app.platform.data_dir, GAME_ID):
                app = self.app
                app.push(Dialog(strings.t("resume_offer"),
                                [strings.t("resume"), strings.t("new_game")],
                                self._resume_answer))

    def _resume_answer(self, choice):
        if choice != 0:
            return
        session = Session.resume(GAME_ID, rules, self.app.platform.data_dir)
        if session is None:
            return
        self.app.push(Table(session))

    def start(self, values, demo):
        n = values["players"]
        app = self.app
        if demo:
            seats = ["hard"] * n
            data_dir = None          # an all-AI game never replaces your saved game
        else:
            seats = [HUMAN] + [values["lv%d" % i] for i in range(1, n)]
            data_dir = app.platform.data_dir
        session = Session(GAME_ID, rules, game_options(values), seats,
                          app.platform.seed() & 0x7FFFFFFF, data_dir)
        session.save()
        app.push(Table(session, demo))


def high_scores_screen(app):
    from ui.scores import ScoreTable

    table = storage.load_scores(app.platform.data_dir, GAME_ID)
    rows = []
    for i in range(len(table)):
        e = table[i]
        if isinstance(e, dict):
            rows.append(["%d. %s" % (i + 1, strings.t("you_win") if e.get("won") else ""),
                         e.get("players", 0), e.get("score", 0)])
    if not rows:
        rows.append([strings.t("mc.no_scores"), "", ""])
    return ScoreTable(strings.t("mc.high_scores"),
                      ["", strings.t("mc.players"), strings.t("score")], rows)


# -- the table ---------------------------------------------------------------------------------
class Table(Scene):
    def __init__(self, session, demo=False):
        super().__init__()
        self.session = session
        self.demo = demo
        self.seats = seat_names(session.state.num_players, demo)
        self.me = 0                  # the seat whose hand is shown
        self.sort = "symbol"
        self.sel = []                # card ids picked for the meld being built
        self.row = None
        self.log = []                # announcements, newest first
        self.preview = ""
        self.preview_ok = False
        self.plan = None             # actions that lay / add the current pick, or None
        self.picking = False         # the row shows the cards of a pending choice
        self._ai = None
        self._wait_until = None
        self._thinking = 0           # 1: indicator requested, 2: indicator drawn
        self._rounds = len(session.state.round_results)
        self._prompted = -1          # pending choice already prompted (by its round/turn)
        self._over = False
        self._dirty_info = True
        self._dirty_preview = True
        self._lay: tuple = ()        # set by enter()

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
        self.sync()

    def resume(self):
        self.sync()

    # -- state -> screen -----------------------------------------------------------------------
    def human_turn(self):
        return not self.demo and self.session.is_human_turn()

    def sync(self):
        """Refresh the hand row, the preview and the info from the rules state."""
        st = self.session.state
        row = self.row
        if row is None:
            return
        cands = self.pick_cards() if self.human_turn() else None
        self.picking = bool(cands)
        if cands:
            cards = cands
        else:
            cards = sorted(st.hands[self.me], key=sort_key(self.sort)) \
                if not st.is_over() else []
        old = row.current()
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
            c = self.row.current()
            text = self.pending_title()
            if c is not None:
                text += ": " + card_name(c)
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
        if self._thinking:
            return strings.t("mc.thinking") % name
        if not self.human_turn():
            return strings.t("mc.turn_of") % name
        if st.phase == rules.PH_DRAW:
            return strings.t("mc.ph_draw")
        if st.phase == rules.PH_MAIN:
            return strings.t("mc.ph_main")
        return self.pending_title()

    def hint(self):
        app = self.app
        if not self.human_turn():
            return strings.t("mc.hint_wait4" if four(app) else "mc.hint_wait")
        if self.picking:
            return strings.t("mc.hint_pick4" if four(app) else "mc.hint_pick")
        return strings.t("mc.hint_hand4" if four(app) else "mc.hint_hand")

    # -- playing -------------------------------------------------------------------------------
    def apply(self, action):
        """Apply one action through the session; announce it; True when it was legal."""
        s = self.session
        st = s.state
        seat = st.current_player
        sizes = [len(h) for h in st.hands]
        top = st.discard[-1] if st.discard else -1
        try:
            s.apply(action)
        except ValueError as exc:
            self.app.toast(str(exc))
            return False
        self.announce(seat, action, sizes, top)
        return True

    def apply_all(self, actions):
        for a in actions:
            if not self.apply(a):
                st = self.session.state
                if st.selection and rules.CANCEL in st.legal_actions():
                    self.session.apply(rules.CANCEL)
                return False
        return True

    def announce(self, seat, action, sizes, top):
        """Put what `seat` just did in the log (and a toast when it concerns you)."""
        st = self.session.state
        kind, arg = rules.decode(action)
        who = self.seats[seat]
        t = strings.t
        text = None
        toast = False
        if len(st.round_results) > self._rounds:
            res = st.round_results[-1]
            if res["players"][seat]["out"]:
                text = t("mc.a_out") % who
        elif kind == "draw":
            text = t("mc.a_draw") % who
        elif kind == "take":
            text = t("mc.a_take") % (who, card_short(top))
        elif kind == "meld" or kind == "extend":
            ms = st.melds[seat]
            m = ms[-1] if kind == "meld" else ms[arg]
            text = t("mc.a_meld" if kind == "meld" else "mc.a_extend") % (
                who, meld_name(m[0]), rules.meld_value(m))
        elif kind == "wonder":
            text = t("mc.a_wonder") % (who, card_name(arg))
        elif kind == "discard":
            text = t("mc.a_discard") % (who, card_short(arg))
        elif kind == "call" or kind == "name":
            got = len(st.hands[seat]) - sizes[seat]
            text = t("mc.a_call" if kind == "call" else "mc.a_messenger") % (
                who, LOCATION_NAMES[arg])
            gave = sizes[self.me] - len(st.hands[self.me])
            if seat != self.me and gave > 0:
                text += t("mc.a_gave") % gave
                toast = True
            elif got > 0:
                text += t("mc.a_got") % got
            else:
                text += t("mc.a_nothing")
        elif kind == "shelter_hand":
            text = t("mc.a_shelter") % who
        if text is None:
            return
        self.log.insert(0, text)
        del self.log[8:]
        self._dirty_info = True
        if seat != self.me and (toast or self.log_room() < 1):
            self.app.toast(text)

    def log_room(self):
        """Announcement lines the info block has room for."""
        n = self.session.state.num_players
        return self._lay[3] // self.line_h - (n + 1) - 1

    def after_action(self):
        st = self.session.state
        if len(st.round_results) > self._rounds:
            self._rounds = len(st.round_results)
            self.sel = []
            self.app.push(Summary(self, st.round_results[-1], st.is_over()))
        self.sync()

    def ai_module(self):
        if self._ai is None:
            from games.match_collect import ai

            self._ai = ai
        return self._ai

    def tick(self, now):
        s = self.session
        if s.is_over():
            if not self._over:
                self._over = True
                self.game_over()
            return
        if s.is_ai_turn() or self.demo:
            if self._wait_until is not None and time.ticks_diff(self._wait_until, now) > 0:
                return
            self._wait_until = None
            if self._thinking == 0:
                self._thinking = 1          # draw "X is thinking..." first, then compute
                self._dirty_info = True
                self.request_draw()
                return
            if self._thinking == 1:
                return
            self._thinking = 0
            action = s.ai_choose(self.ai_module())
            logged = len(self.log)
            self.apply(action)
            self._dirty_info = True
            if len(self.log) != logged:
                # Pause after each visible move (not after each card of a meld being built).
                self._wait_until = time.ticks_add(now, ai_delay_ms(self.app.settings or {}))
            self.after_action()
            return
        self.prompt()

    def prompt(self):
        """Open the question a pending Wonder choice needs, once per choice."""
        st = self.session.state
        if st.phase != rules.PH_CHOICE:
            self._prompted = -1
            return
        key = st.pending * 1000 + len(st.discard)
        if self._prompted == key:
            return
        self._prompted = key
        p = st.pending
        if p == rules.P_MESSENGER:
            self.choose_location(strings.t("mc.name_which"), rules.name)
        elif p == rules.P_SHELTER:
            self.app.push(Dialog(strings.t("mc.shelter_q"),
                                 [strings.t("mc.shelter_hand"), strings.t("mc.shelter_take")],
                                 self._shelter))
        elif p == rules.P_OFFERING:
            self.app.push(Dialog(strings.t("mc.offer_q"),
                                 [strings.t("mc.offer_take"), strings.t("mc.offer_swap")],
                                 self._offering))

    def _shelter(self, choice):
        if choice == 0:
            self.apply(rules.SHELTER_HAND)
            self.after_action()

    def _offering(self, choice):
        if choice >= 0:
            self.apply(rules.OFFER_TAKE if choice == 0 else rules.OFFER_SWAP)
            self.after_action()

    def choose_location(self, title, make):
        legal = self.legal()
        locs = []
        labels = []
        hand = self.session.state.hands[self.me]
        for loc in range(len(LOCATION_NAMES)):
            if make(loc) in legal:
                n = 0
                for c in hand:
                    if c < REGULAR and LOCATION[c] == loc:
                        n += 1
                locs.append(loc)
                labels.append("%s (%d)" % (LOCATION_NAMES[loc], n))

        def done(i):
            if i >= 0:
                self.apply(make(locs[i]))
                self.after_action()

        if locs:
            self.app.push(ChoiceList(title, labels, done))

    def game_over(self):
        st = self.session.state
        if not self.demo and self.session.seats[0] == HUMAN:
            won = 0 in st.winners if hasattr(st, "winners") else False
            rank = storage.add_score(self.app.platform.data_dir, GAME_ID,
                                     {"score": st.totals[0], "players": st.num_players,
                                      "won": won})
            if rank == 0:
                self.app.toast(strings.t("new_best"))
        self.session.clear_save()

    def finish(self):
        """The game-over summary was closed."""
        back_to_menu(self.app)

    # -- the actions list ----------------------------------------------------------------------
    def target_card(self):
        """The card a Play / Discard action means: the single picked card, else the cursor."""
        if len(self.sel) == 1:
            return self.sel[0]
        if not self.sel:
            return self.row.current()
        return None

    def actions_menu(self):
        st = self.session.state
        legal = self.legal()
        labels = []
        acts = []         # an action list to apply, or a str naming a view command
        t = strings.t
        if self.picking or st.phase == rules.PH_CHOICE:
            for a in legal:
                kind, _arg = rules.decode(a)
                if kind == "done":
                    labels.append(t("mc.act_done"))
                    acts.append([a])
                elif kind == "shelter_hand":
                    labels.append(t("mc.shelter_hand"))
                    acts.append([a])
                elif kind == "offer_take":
                    labels.append(t("mc.offer_take"))
                    acts.append([a])
                elif kind == "offer_swap":
                    labels.append(t("mc.offer_swap"))
                    acts.append([a])
                elif kind == "name" and "name" not in acts:
                    labels.append(t("mc.p_messenger"))
                    acts.append("name")
        elif st.phase == rules.PH_DRAW:
            if rules.DRAW in legal:
                labels.append(t("mc.act_draw") % st.draw_count())
                acts.append([rules.DRAW])
            if rules.TAKE in legal:
                labels.append(t("mc.act_take") % card_name(st.discard[-1]))
                acts.append([rules.TAKE])
        else:
            if self.sel:
                got = rules.classify_meld(self.sel)
                if got is not None:
                    labels.append(t("mc.act_meld") % (meld_name(got[0]), got[1]))
                    acts.append(rules.meld_actions(self.sel))
                mine = st.melds[self.me]
                for i in range(len(mine)):
                    ext = rules.can_extend(mine[i], self.sel)
                    if ext is not None:
                        labels.append(t("mc.act_extend") % (meld_name(mine[i][0]), ext[1]))
                        acts.append(rules.extend_actions(i, self.sel))
            c = self.target_card()
            if c is not None:
                if c >= REGULAR and rules.wonder(c) in legal:
                    labels.append(t("mc.act_wonder") % card_name(c))
                    acts.append(["wonder", c])
                if rules.discard(c) in legal:
                    labels.append(t("mc.act_discard") % card_name(c))
                    acts.append(["discard", c])
            for loc in range(len(LOCATION_NAMES)):
                if rules.call(loc) in legal:
                    labels.append(t("mc.act_call"))
                    acts.append("call")
                    break
            if self.sel:
                labels.append(t("mc.act_clear"))
                acts.append("clear")
        nxt = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]
        if not self.picking:
            labels.append(t("mc.act_sort") % t("mc.sort_" + nxt))
            acts.append("sort")
        labels.append(t("mc.act_browse"))
        acts.append("browse")
        labels.append(t("mc.act_melds"))
        acts.append("melds")
        labels.append(t("mc.act_scores"))
        acts.append("scores")

        def done(i):
            if i >= 0:
                self.do(acts[i])

        self.app.push(ChoiceList(t("mc.actions"), labels, done))

    def do(self, what):
        """Carry out an entry of the actions list."""
        if isinstance(what, list):
            if what and what[0] == "wonder":
                self.sel = []
                self.apply(rules.wonder(what[1]))
            elif what and what[0] == "discard":
                self.sel = []
                self.apply(rules.discard(what[1]))
            else:
                if len(what) > 1:
                    self.sel = []     # a meld: the cards leave the hand
                self.apply_all(what)
            self.after_action()
        elif what == "call":
            self.choose_location(strings.t("mc.call_which"), rules.call)
        elif what == "name":
            self.choose_location(strings.t("mc.name_which"), rules.name)
        elif what == "clear":
            self.sel = []
            self.sync()
        elif what == "sort":
            self.sort = SORTS[(SORTS.index(self.sort) + 1) % len(SORTS)]
            self.sync()
        elif what == "browse":
            st = self.session.state
            cards = list(st.discard)
            cards.reverse()
            self.app.push(PileView(strings.t("mc.discard_title") % len(cards), cards))
        elif what == "melds":
            self.app.push(MeldsView(self))
        elif what == "scores":
            self.app.push(scores_screen(self))

    # -- buttons -------------------------------------------------------------------------------
    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        app = self.app
        if b == btn.MENU and kind == btn.PRESS:
            self.pause()
            return
        if not self.human_turn():
            return
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

    def pause(self):
        app = self.app
        labels = [strings.t("resume"), strings.t("how_to_play"), strings.t("quit_game")]

        def done(i):
            if i == 1:
                from ui.textview import TextView

                app.push(TextView(strings.t("how_to_play"), strings.t("mc.rules_text")))
            elif i == 2:
                back_to_menu(app)

        app.push(Dialog(strings.t("game.match_collect"), labels, done))

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, c, full):
        app = self.app
        if full:
            c.clear(theme.BG)
            widgets.hint_bar(app, c, self.hint())
            self._dirty_info = True
            self._dirty_preview = True
        if self._thinking == 1:
            self._thinking = 2
        if self._dirty_info:
            self.draw_info(c)
            self.draw_piles(c)
            if not full:
                widgets.hint_bar(app, c, self.hint())
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
        col_w = font.width("0000") + 4
        c3 = w - 2
        c2 = c3 - col_w - 4
        c1 = c2 - col_w
        y = 2
        heads = (strings.t("mc.h_hand"), strings.t("mc.h_laid"), strings.t("mc.h_total"))
        for i, cx in ((0, c1), (1, c2), (2, c3)):
            s = font.fit(heads[i], col_w)
            c.text(font, s, cx - font.width(s), y, theme.DIM)
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
        for line in self.log:
            if y + lh > limit:
                break
            c.text(font, font.fit(line, w - x), x, y, theme.DIM)
            y += lh

    def draw_piles(self, c):
        app = self.app
        font = app.small
        st = self.session.state
        _hy, _hh, _py, _ih, ch, cw, px = self._lay
        c.fill_rect(px, 0, app.width - px, ch + font.line_height + 6, theme.BG)
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


# -- browsers ----------------------------------------------------------------------------------
class PileView(Scene):
    """Cards in a scrollable row (the discard pile, top first) with the name of the card under
    the cursor; B goes back."""

    def __init__(self, title, cards):
        super().__init__()
        self.title = title
        self.cards = cards
        self.row = None

    def enter(self):
        app = self.app
        x, y, w, h = widgets.content_box(app)
        rh = min(80, h - 2 * app.small.line_height - 8)
        self.row = HandRow(app, x, y + 4, w, rh, face_of, self.cards,
                           min_step=app.small.width("WWW") + 4)
        self._name_y = y + 4 + rh + 4

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if b in (btn.LEFT, btn.UP):
            if self.row.move(-1):
                self.request_draw()
        elif b in (btn.RIGHT, btn.DOWN):
            if self.row.move(1):
                self.request_draw()
        elif kind == btn.PRESS and b in (btn.B, btn.A):
            self.app.pop()

    def draw(self, c, full):
        app = self.app
        if full:
            c.clear(theme.BG)
            widgets.title_bar(app, c, self.title)
            widgets.hint_bar(app, c, strings.t("hint_menu"))
        self.row.draw(c, full)
        font = app.small
        c.fill_rect(0, self._name_y, app.width, font.line_height, theme.BG)
        cur = self.row.current()
        text = card_name(cur) if cur is not None else strings.t("mc.empty")
        c.text(font, font.fit(text, app.width - 8), 4, self._name_y, theme.FG)


class MeldsView(Scene):
    """Every player's melds (and Wonders played) as rows of small cards; UP/DOWN scroll."""

    def __init__(self, table):
        super().__init__()
        st = table.session.state
        self.items = []     # (text, cards or None)
        for seat in range(st.num_players):
            head = table.seats[seat]
            if st.sheltered[seat]:
                head += " (" + strings.t("mc.sheltered") + ")"
            self.items.append((head, None))
            ms = st.melds[seat]
            for m in ms:
                self.items.append(("%s %d" % (meld_name(m[0]), rules.meld_value(m)),
                                   list(m[1])))
            if st.played[seat]:
                self.items.append((strings.t("mc.wonders_played") + " +%d" % (
                    5 * len(st.played[seat])), list(st.played[seat])))
            if not ms and not st.played[seat]:
                self.items.append(("  " + strings.t("mc.no_melds"), None))
        self.top = 0

    def enter(self):
        app = self.app
        _x, _y, _w, h = widgets.content_box(app)
        self.card_h = 30 if h >= 150 else 24
        self.card_w = card_width(self.card_h) + 2

    def item_h(self, item):
        lh = self.app.small.line_height + 1
        return lh if item[1] is None else lh + self.card_h + 3

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if b in (btn.UP, btn.LEFT) and self.top > 0:
            self.top -= 1
            self.invalidate()
        elif b in (btn.DOWN, btn.RIGHT) and self.top < len(self.items) - 1:
            self.top += 1
            self.invalidate()
        elif kind == btn.PRESS and b in (btn.A, btn.B):
            self.app.pop()

    def draw(self, c, full):
        app = self.app
        font = app.small
        x0, y, w, h = widgets.content_box(app)
        c.clear(theme.BG)
        widgets.title_bar(app, c, strings.t("mc.melds_title"))
        widgets.hint_bar(app, c, strings.t("hint_text"))
        bottom = y + h
        y += 3
        for i in range(self.top, len(self.items)):
            item = self.items[i]
            ih = self.item_h(item)
            if y + ih > bottom:
                break
            text, cards = item
            c.text(font, font.fit(text, w - 8), x0 + 4, y, theme.ACCENT if cards is None
                   else theme.FG)
            y += font.line_height + 1
            if cards is not None:
                cw = self.card_w - 2
                step = min(self.card_w, (w - 8 - cw) // max(1, len(cards) - 1))
                for k in range(len(cards)):
                    draw_card(app, c, x0 + 4 + k * step, y, cw, self.card_h,
                              face_of(cards[k]))
                y += self.card_h + 3


def scores_screen(table):
    from ui.scores import ScoreTable

    st = table.session.state
    t = strings.t
    rows = []
    for seat in range(st.num_players):
        p = st.score_parts(seat)
        rows.append([table.seats[seat], p["melds"] + p["wonders"], p["hand"], st.totals[seat]])
    return ScoreTable(t("mc.act_scores") + " - " + (t("mc.round") % st.round_number),
                      ["", t("mc.melds_title"), t("mc.r_hand"), t("mc.r_total")], rows)


# -- round summary and game over ---------------------------------------------------------------
class Summary(Scene):
    """A score table of the round (melds, Wonders and going out, hand, round, total) and a
    line per player naming their melds; at the end of the game, the winner. A continues."""

    def __init__(self, table, result, final):
        super().__init__()
        self.table = table
        self.result = result
        self.final = final
        self.top = 0
        self.lines = []
        self._until = None

    def enter(self):
        app = self.app
        t = strings.t
        seats = self.table.seats
        res = self.result
        self.headers = ["", t("mc.melds_title")[:5], t("mc.h_bonus"), t("mc.h_hand"),
                        t("mc.h_round"), t("mc.h_total")]
        rows = []
        text = []
        st = self.table.session.state
        if self.final:
            win = st.winners if hasattr(st, "winners") else []
            if len(win) > 1:
                text.append(t("mc.shared_win") + ": " + ", ".join([seats[s] for s in win]))
            elif win:
                text.append(t("mc.wins") % seats[win[0]])
        for seat in range(len(res["players"])):
            p = res["players"][seat]
            melds = 0
            for v in p["meld_values"]:
                melds += v
            bonus = 5 * len(p["wonders"]) + (25 if p["out"] else 0)
            hand = "-" if p["sheltered"] else -rules.hand_penalty(p["hand"])
            rows.append([seats[seat], melds, bonus, hand, p["score"], p["total"]])
            parts = []
            for k in range(len(p["melds"])):
                cards = p["melds"][k]
                parts.append("%s %d" % (meld_name(rules.classify_meld(cards)[0])
                                        if rules.classify_meld(cards) else "?",
                                        p["meld_values"][k]))
            line = seats[seat] + ": " + (", ".join(parts) if parts else t("mc.no_melds"))
            if p["wonders"]:
                line += "; " + t("mc.r_wonders") % (5 * len(p["wonders"]))
            if p["out"]:
                line += "; " + t("mc.r_out")
            if p["sheltered"]:
                line += "; " + t("mc.sheltered")
            text.append(line)
        self.rows = rows
        font = app.small
        x, y, w, h = widgets.content_box(app)
        from ui.scores import row_height

        self.table_h = row_height(app) * (len(rows) + 1) + 4
        self.lines = font.wrap("\n".join(text), w - 8)
        self.page = max(1, (h - self.table_h - 4) // font.line_height)
        if self.table.demo:
            self._until = time.ticks_add(app.platform.ticks_ms(), SUMMARY_DEMO_MS)

    def tick(self, now):
        if self._until is not None and time.ticks_diff(now, self._until) >= 0:
            self._until = None
            self.close()

    def close(self):
        app = self.app
        app.pop()
        if self.final:
            self.table.finish()

    def button(self, b, kind):
        if kind == btn.RELEASE:
            return
        if b in (btn.UP, btn.LEFT) and self.top > 0:
            self.top -= 1
            self.invalidate()
        elif b in (btn.DOWN, btn.RIGHT) and self.top + self.page < len(self.lines):
            self.top += 1
            self.invalidate()
        elif kind == btn.PRESS and b == btn.A:
            self.close()

    def draw(self, c, full):
        from ui.scores import draw_score_table

        app = self.app
        t = strings.t
        c.clear(theme.BG)
        title = t("game_over") if self.final else t("mc.round_over") % self.result["round"]
        widgets.title_bar(app, c, title)
        widgets.hint_bar(app, c, t("mc.hint_over" if self.final else "mc.hint_summary"))
        x, y, w, h = widgets.content_box(app)
        y = draw_score_table(app, c, x + 2, y + 2, w - 4, self.headers, self.rows)
        y += 4
        font = app.small
        for i in range(self.top, min(len(self.lines), self.top + self.page)):
            color = theme.ACCENT if (self.final and i == 0) else theme.FG
            c.text(font, self.lines[i], x + 4, y, color)
            y += font.line_height


# -- entry points ------------------------------------------------------------------------------
def entry_scene(app, entry):
    """The setup screen (it offers to resume a saved game)."""
    strings.add(lang.tables())
    _faces.clear()
    return Setup(app, entry)


def demo_scene(app, entry, seed, players=2):
    """An all-AI game (Hard) that plays to the end, then goes back to the menu."""
    strings.add(lang.tables())
    _faces.clear()
    options = {"players": players, "reshuffle": players == 4, "quick": False,
               "length": "standard"}
    session = Session(GAME_ID, rules, options, ["hard"] * players, seed, None)
    return Table(session, demo=True)
