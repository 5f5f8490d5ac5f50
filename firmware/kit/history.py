# The History screen: every message of the game so far (kit.turns.History), in full, newest
# at the bottom and shown first; UP/DOWN scroll a line, LEFT/RIGHT/A a page, B goes back to
# the pause menu's game. Imported only when it opens (the pause menu: kit.pause).

from core import strings
from ui.textview import TextView


class HistoryScreen(TextView):
    def __init__(self, history):
        lines = history.lines
        text = "\n".join(lines) if lines else strings.t("history_empty")
        super().__init__(strings.t("history"), text)

    def enter(self):
        super().enter()
        self.top = self.max_top()     # the latest messages first
