# Cauldron's names for cards, kinds and lines in the current language: the table
# (games.cauldron.view) and its text screens (games.cauldron.texts, imported when one opens)
# both name cards, so the names sit here, below both.

from core import strings
from games.cauldron.board import EMPTY, spell_type

_SPLIT = {}   # the split name lists, once per language (the game's modules go with it)


def names(key, sep=","):
    lst = _SPLIT.get(key)
    if lst is None or lst[0] != strings.lang():
        lst = (strings.lang(), strings.t(key).split(sep))
        _SPLIT[key] = lst
    return lst[1]


def kind_code(k):
    return names("cd.codes", " ")[k]


def kind_name(k):
    return names("cd.kinds")[k]


def card_name(card):
    """'Amberseed 3', 'Immuto', 'Accio'..."""
    if card == EMPTY:
        return "-"
    if card < 72:
        return "%s %d" % (kind_name(card >> 2), (card & 3) + 1)
    if card < 74:
        return strings.t("cd.immuto")
    return names("cd.spells")[spell_type(card)]


VALUES = ("1", "2", "3", "4")


def card_code(card):
    if card < 72:
        return kind_code(card >> 2), VALUES[card & 3]   # no new str per cell drawn
    if card < 74:
        return "Im", "0"
    return names("cd.spells")[spell_type(card)][:2], ""


def line_name(line):
    if line < 4:
        return strings.t("cd.col") % (line + 1)
    return strings.t("cd.row") % (line - 3)
