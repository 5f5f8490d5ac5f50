# Manufactory's names for parts and colour groups in the current language, and each group's
# ink: the table (games.manufactory.view) and the screens over it (games.manufactory.screens,
# imported when one opens) both write them, so they sit here, below both.

from core import strings, theme
from games.manufactory import cards, rules

# Colour of each group's letters: on the card faces, and on the background.
FACE_INK = (theme.YELLOW, theme.BLUE, theme.INK, theme.RED, theme.GREEN, theme.EDGE)
BG_INK = (theme.YELLOW, theme.BLUE, theme.FG, theme.RED, theme.GREEN, theme.DIM)


def part_name(card):
    if strings.lang() == "fr":
        return cards.NAME_FR_NAMES[cards.NAME_FR[card]]
    return cards.NAME_NAMES[cards.NAME[card]]


def group_name(g):
    return strings.t("mf.groups").split(",")[g]


def letters():
    return strings.t("mf.letters").split(" ")


def colours_text(card):
    """"Blue", "White or Blue", "any colour"."""
    if rules.is_land(card):
        return strings.t("mf.land")
    m = rules.OPTIONS[card]
    return strings.t("mf.or").join([group_name(g) for g in range(6) if m >> g & 1])
