# The toy game's screens, built on the game kit: the worked example of docs/NEW_GAME.md.
#
# Everything a game's view must give is here: the setup declared as data (kit.setup.Spec:
# the console finds it as `view.Spec` and opens the game with it), and a table scene on
# kit.table.Table that routes every action through the turn driver (kit.turns): the kit
# gives the setup screen, resume, the AI's pace and "Thinking...", messages in step with the
# moves, the pause menu, the first-game tip, the after-game choice and the end of an all-AI
# game. `lines(state, seat)` is the plain-text view the arena tests use.

from core import input as btn
from core import strings, theme
from kit import setup, table, turns
from ui import widgets

PACKAGE = "tests.toygame"


def lines(state, seat):
    """What `seat` sees, one line per item (no screen needed)."""
    obs = state.observation(seat)
    out = ["total %d / 11" % obs["total"], "your hand: %s" % " ".join(map(str, obs["hand"]))]
    for other in range(len(obs["scores"])):
        out.append("seat %d: %d pts, %d cards" % (other, obs["scores"][other],
                                                 obs["hand_sizes"][other]))
    out.append("draw pile: %d" % obs["draw_left"])
    return out


# -- the setup, as data ------------------------------------------------------------------------
class Spec(setup.Spec):
    game_id = "toy"
    package = PACKAGE              # outside firmware/games, so named in full
    options = ()                   # no options: Players (2-4, from the registry) and levels
    demo_seats = ("normal", "hard")

    def table(self, app, session, demo):
        return Table(session, demo)


def _load_ai():
    from tests.toygame import ai

    return ai


# -- the table ---------------------------------------------------------------------------------
class Table(table.Table):
    """The total, the scores, your hand with a cursor. LEFT/RIGHT pick a card, A plays it,
    MENU pauses (the kit's menu: Quit leaves, the game stays saved)."""

    def __init__(self, session, demo=False):
        super().__init__(session, demo, _load_ai)
        self.cursor = 0

    def me(self):
        return 0   # seat 0 is the player (in a demo: the seat whose hand is shown)

    def message_band(self):
        """Messages go over the title bar: the hand, where you choose, stays in view."""
        return 0, 0, self.app.width, widgets.title_height(self.app) + 4

    # -- acting -----------------------------------------------------------------------------
    def act(self, action):
        seat = self.turns.act(action)      # ValueError when illegal: nothing changed
        self.app.toast(strings.t("toy.played") % (self.names[seat], action,
                                                  self.session.state.total))
        self.invalidate()

    def play(self, action):
        """An AI's action (from the turn driver)."""
        self.act(action)

    def press(self, b, kind):
        hand = self.session.state.legal_actions()
        if b in (btn.LEFT, btn.UP):
            self.cursor = (self.cursor - 1) % len(hand)
            self.request_draw()
        elif b in (btn.RIGHT, btn.DOWN):
            self.cursor = (self.cursor + 1) % len(hand)
            self.request_draw()
        elif b == btn.A and kind == btn.PRESS:
            self.act(hand[self.cursor % len(hand)])
            self.cursor = 0

    def tick(self, now):
        if self.turns.tick(now) == turns.OVER and not self.demo and self.after_text is None:
            self.offer_after()            # the winner, the scores; Play again / Setup / Menu

    # -- drawing ----------------------------------------------------------------------------
    def status(self):
        st = self.session.state
        if st.is_over():
            return strings.t("game_over")
        if self.turns.thinking:
            return strings.t("thinking")
        if self.turns.human_to_move():
            return strings.t("toy.your_turn")
        return strings.t("toy.turn_of") % self.names[st.current_player]

    def draw(self, c, full):
        app = self.app
        st = self.session.state
        font = app.small
        c.clear(theme.BG)
        widgets.title_bar(app, c, strings.t("toy.total") % st.total)
        widgets.hint_bar(app, c, self.hint(strings.t(
            "toy.keys" if self.turns.human_to_move() else "toy.keys_wait")))
        x, y, w, _h = widgets.content_box(app)
        y += 4
        c.text(font, font.fit(self.status(), w - 8), x + 4, y, theme.ACCENT)
        y += font.line_height + 4
        for seat in range(st.num_players):
            text = strings.t("toy.seat") % (self.names[seat], st.points[seat],
                                            len(st.hands[seat]))
            c.text(font, text, x + 4, y, theme.FG if seat == st.current_player else theme.DIM)
            y += font.line_height
        c.text(font, strings.t("toy.pile") % len(st.draw), x + 4, y, theme.DIM)
        y += font.line_height + 6
        hand = sorted(st.hands[self.me()])
        legal = st.legal_actions() if self.turns.human_to_move() else []
        cx = x + 4
        for i in range(len(hand)):
            text = str(hand[i])
            picked = legal and legal[self.cursor % len(legal)] == hand[i] and \
                hand.index(hand[i]) == i
            c.text(app.large, text, cx, y, theme.SEL_FG if picked else theme.FG)
            if picked:
                c.hline(cx, y + app.large.line_height, app.large.width(text), theme.ACCENT)
            cx += app.large.width(text) + 12
