"""Match & Collect: a Wonder's question and the list of locations to call or to name (a
player's, as human.py's actions list; imported when one opens, view.sub, and dropped when the
table is back on top, view.ON_DEMAND). Apart from human.py so that the actions list, the
screen where a person's game had its least free heap, does not hold them."""

from core import strings
from games.match_collect import rules
from games.match_collect.cards import LOCATION, LOCATION_NAMES
from games.match_collect.view import REGULAR, sub


# -- a Wonder's question -----------------------------------------------------------------------
def prompt(table):
    """Open the question the pending Wonder choice needs (view.Table.prompt: once per choice)."""
    app = table.app
    p = table.session.state.pending
    if p == rules.P_MESSENGER:
        choose_location(table, strings.t("mc.name_which"), rules.name, sub("human").ChoiceList)
    elif p == rules.P_SHELTER and rules.SHELTER_HAND in table.legal():
        # (Without the hand's option the question has one answer: take from the row.)
        from ui.dialog import Dialog

        def shelter(choice):
            if choice == 0:
                table.apply(rules.SHELTER_HAND)
                table.after_action()

        app.push(Dialog(strings.t("mc.shelter_q"),
                        [strings.t("mc.shelter_hand"), strings.t("mc.shelter_take")], shelter))
    elif p == rules.P_OFFERING:
        from ui.dialog import Dialog

        # Only what the rules allow now: no taking from an empty discard pile.
        legal = table.legal()
        acts = [a for a in (rules.OFFER_TAKE, rules.OFFER_SWAP) if a in legal]

        def offering(choice):
            if choice >= 0:
                table.apply(acts[choice])
                table.after_action()

        app.push(Dialog(strings.t("mc.offer_q"),
                        [strings.t("mc.offer_take" if a == rules.OFFER_TAKE else
                                   "mc.offer_swap") for a in acts], offering))
    from kit import tips
    tips.show(app, "mc.wonder", "tip.mc_wonder")     # the first Wonder's question


def choose_location(table, title, make, choice_list):
    """The locations `make(loc)` is legal for, with how many of your cards each holds, in a
    `choice_list` (human.ChoiceList: the actions list's, still alive when one of its rows
    opens this list, though human.py has left sys.modules with the list)."""
    legal = table.legal()
    locs = []
    labels = []
    hand = table.session.state.hands[table.me]
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
            table.apply(make(locs[i]))
            table.after_action()

    if locs:
        table.app.push(choice_list(title, labels, done))
