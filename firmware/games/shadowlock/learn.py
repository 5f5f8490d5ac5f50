# Shadow Lock's guided first turn and "?" screen (kit.learn asks; imported only then). Its
# cards are named in full in the list you choose from: nothing to hold A for.

from core import strings
from games.shadowlock import rules


def choices(table):
    """The list you choose from, where the last whole frame drew it (None before that)."""
    shown = table._shown
    if shown[3] is None or not shown[4]:
        return None
    row = table.app.small.line_height + 2
    return 0, shown[3], table.app.width, shown[4] * row


def _key(s):
    ph = s.phase
    if ph == rules.P_SHADOW:
        return "shadow"
    if ph == rules.P_QUANTUM:
        return "quantum"
    if ph == rules.P_SKIPPED:
        return "skipped"
    if ph == rules.P_VALIDATE:
        return "validate"
    if ph == rules.P_FORCED or s.owed:
        return "forced"
    if s.drawn or s.played:
        return "draw"
    return "turn"


def guide(table):
    s = table.state
    if s.is_over():
        return None
    return strings.t("sl.g_" + _key(s)), choices(table)


def phase_help(table):
    s = table.state
    key = _key(s)
    if key in ("draw", "forced"):
        key = "turn"
    return table.status_text(), strings.t("sl.help_" + key) + "\n" + table.hint_text()
