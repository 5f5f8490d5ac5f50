"""Match & Collect: what only a player at the table opens -- the actions list (B) and its list
screen (ChoiceList); the list of locations to call or to name and a Wonder's question are
ask.py's (not in the heap while the actions list shows: the game's least free heap was there).

view.Table imports this module when one of them opens (view.sub) and drops it again when the
table is back on top (view.ON_DEMAND), with ui.menu for its lists: an all-AI game never loads
either (the qstrs of a loaded module stay in the heap for good, its bytecode while it is
loaded). The callbacks of an open list or dialog keep what they need alive after the drop."""

from core import strings
from games.match_collect import rules
from games.match_collect.cards import LOCATION_NAMES
from games.match_collect.view import REGULAR, SORTS, card_name, meld_name, sub
from ui.menu import MenuScreen


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


# -- the actions list --------------------------------------------------------------------------
def target_card(table):
    """The card a Play / Discard action means: the single picked card, else the cursor."""
    if len(table.sel) == 1:
        return table.sel[0]
    if not table.sel:
        return table.row.current()
    return None


def _takes(state, actions):
    """True when the rules take `actions` one after the other from `state` (tried on a
    copy)."""
    sim = state.clone()
    for a in actions:
        if a not in sim.legal_actions():
            return False
        sim.apply(a)
    return True


def actions_menu(table):
    st = table.session.state
    legal = table.legal()
    labels = []
    acts = []         # an action list to apply, or a str naming a view command
    t = strings.t
    if table.picking or st.phase == rules.PH_CHOICE:
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
        sel = table.sel
        # A meld only when the rules take it whole now (not after this turn's Wonder, not
        # with the last card of the hand: one must stay to discard).
        if sel and rules.meld_actions(sel)[0] in legal:
            got = rules.classify_meld(sel)
            if got is not None and _takes(st, rules.meld_actions(sel)):
                labels.append(t("mc.act_meld") % (meld_name(got[0]), got[1]))
                acts.append(rules.meld_actions(sel))
            mine = st.melds[table.me]
            for i in range(len(mine)):
                ext = rules.can_extend(mine[i], sel)
                if ext is not None and _takes(st, rules.extend_actions(i, sel)):
                    labels.append(t("mc.act_extend") % (meld_name(mine[i][0]), ext[1]))
                    acts.append(rules.extend_actions(i, sel))
        for loc in range(len(LOCATION_NAMES)):
            if rules.call(loc) in legal:
                labels.append(t("mc.act_call"))
                acts.append("call")
                break
        if sel:
            labels.append(t("mc.act_clear"))
            acts.append("clear")
    nxt = SORTS[(SORTS.index(table.sort) + 1) % len(SORTS)]
    if not table.picking:
        labels.append(t("mc.act_sort") % t("mc.sort_" + nxt))
        acts.append("sort")
    labels.append(t("mc.act_browse"))
    acts.append("browse")
    labels.append(t("mc.act_melds"))
    acts.append("melds")
    labels.append(t("mc.act_scores"))
    acts.append("scores")
    if st.phase == rules.PH_MAIN and not table.picking:
        # What ends your turn and cannot be taken back comes last: never under the
        # cursor when the list opens (a slip of A), one UP away (the list wraps).
        c = target_card(table)
        if c is not None:
            if c >= REGULAR and rules.wonder(c) in legal:
                labels.append(t("mc.act_wonder") % card_name(c))
                acts.append(["wonder", c])
            if rules.discard(c) in legal:
                labels.append(t("mc.act_discard") % card_name(c))
                acts.append(["discard", c])

    def done(i):
        if i >= 0:
            do(table, acts[i])

    table.app.push(ChoiceList(t("mc.actions"), labels, done))


def do(table, what):
    """Carry out an entry of the actions list (X and Y open the browsers through it too)."""
    if isinstance(what, list):
        if what and what[0] == "wonder":
            table.sel = []
            table.apply(rules.wonder(what[1]))
        elif what and what[0] == "discard":
            table.sel = []
            table.apply(rules.discard(what[1]))
        else:
            if len(what) > 1:
                table.sel = []     # a meld: the cards leave the hand
            table.apply_all(what)
        table.after_action()
    elif what == "call":
        sub("ask").choose_location(table, strings.t("mc.call_which"), rules.call,
                                      ChoiceList)
    elif what == "name":
        sub("ask").choose_location(table, strings.t("mc.name_which"), rules.name,
                                      ChoiceList)
    elif what == "clear":
        table.sel = []
        table.sync()
    elif what == "sort":
        table.sort = SORTS[(SORTS.index(table.sort) + 1) % len(SORTS)]
        table.sync()
    elif what == "browse":
        cards = list(table.session.state.discard)
        cards.reverse()
        table.app.push(sub("browse").PileView(strings.t("mc.discard_title") % len(cards),
                                              cards))
    elif what == "melds":
        table.app.push(sub("browse").MeldsView(table))
    elif what == "scores":
        table.app.push(sub("browse").scores_screen(table))
