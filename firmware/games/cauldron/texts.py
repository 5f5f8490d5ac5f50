# Cauldron text screens, imported only when one opens: the Perluceo look, your Recipes, the
# open cauldrons and the end screen (each cauldron sorted by kind with its points, the Immuto
# assignments, the Recipe bonuses and the totals). Shown in a ui.textview.TextView.

from core import strings
from games.cauldron import scoring
from games.cauldron.board import RECIPE_A, RECIPE_B
from games.cauldron.names import card_name, kind_name


def _names(key):
    return strings.t(key).split(",")


def cauldron_lines(table, seat, numbered):
    cau = table.state.cauldrons[seat]
    out = []
    for i in range(len(cau) - 1, -1, -1):
        text = card_name(cau[i])
        if i == len(cau) - 1:
            text += " " + strings.t("cd.look_top")
        out.append(strings.t("cd.look_line") % (i + 1, text) if numbered else "  " + text)
    return out


def recipe_lines(state, seat):
    rec = state.recipes[seat]
    if not rec:
        return []
    colour = _names("cd.colours")[rec[0] - RECIPE_A + 4]
    goal = _names("cd.goals")[rec[1] - RECIPE_B]
    return [strings.t("cd.recipe_a") % colour, strings.t("cd.recipe_b") % goal]


def result_lines(table):
    s = table.state
    totals, details = s.final()
    n = s.num_players
    best = max(totals)
    winners = [table.name(o) for o in range(n) if totals[o] == best]
    out = []
    if len(winners) == 1:
        out.append(strings.t("cd.wins") % winners[0])
    else:
        out.append(strings.t("cd.shared") % ", ".join(winners))
    out.append(strings.t("cd.over_" + s.end_reason))
    colours = _names("cd.colours")
    order = sorted(range(n), key=lambda o: -totals[o])
    for o in order:
        out.append("")
        out.append(strings.t("cd.total") % (table.name(o), totals[o]))
        rc = s.recipes[o][0] - RECIPE_A + 4 if s.recipes and s.recipes[o] else -1
        _pts, assigned, rows = scoring.breakdown(s.cauldrons[o], s.colours[o], rc)
        cau = s.cauldrons[o]
        for k, _n, imm, pts in rows:
            vals = [str((c & 3) + 1) for c in cau if c < 72 and c >> 2 == k]
            vals.sort()
            vals += ["0"] * imm
            out.append(strings.t("cd.kind_line") % (kind_name(k), " ".join(vals), pts))
        for k in assigned:
            out.append(strings.t("cd.imm_to") % kind_name(k))
        base, _asg, ba, bb = details[o]
        if s.recipes and s.recipes[o]:
            out.append(strings.t("cd.bonus_a") % (colours[rc], ba))
            out.append(strings.t("cd.bonus_b") % (_names("cd.goals")[s.recipes[o][1] -
                                                                     RECIPE_B], bb))
        out.append(strings.t("cd.spells_line") % len(s.spells[o]))
    return out


def build(table, what):
    """(title, text) of the screen `what`: "look", "recipes", "cauldrons" or "result"."""
    s = table.state
    me = table.me()
    if what == "look":
        return strings.t("cd.look_title"), "\n".join(cauldron_lines(table, me, True))
    if what == "recipes":
        return strings.t("cd.my_recipes"), "\n".join(recipe_lines(s, me))
    if what == "cauldrons":
        out = []
        for o in range(s.num_players):
            out.append(table.name(o) + ":")
            out.extend(cauldron_lines(table, o, False))
        return strings.t("cd.cauldrons"), "\n".join(out)
    return strings.t("cd.result"), "\n".join(result_lines(table))
