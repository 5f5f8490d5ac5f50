"""About: what this console is, the buttons, credits, version and free memory."""

import gc
import sys

from core import strings
from ui.textview import TextView

VERSION = "0.1"

# The long texts live here, not in the string tables, so they occupy memory only while the
# About screen is open (the menu drops this module when it is back on top).
ABOUT_EN = (
    "Card Console\n\n"
    "A handheld for card games against AI opponents, built with MicroPython for the "
    "Raspberry Pi Pico and a small colour screen. The same code runs in a desktop "
    "simulator.\n\n"
    "Buttons: the d-pad moves, A chooses, B goes back, MENU opens the game menu. On "
    "boards with four buttons: X and Y move up and down, hold B with X or Y for left "
    "and right, hold B alone for MENU.\n\n"
    "Games credit their original authors in their rules pages.\n\n"
    "Software: MIT licence. Built-in 8x8 font from MicroPython (MIT)."
)

ABOUT_FR = (
    "Console de cartes\n\n"
    "Une console de poche pour jouer aux cartes contre des adversaires IA, écrite en "
    "MicroPython pour le Raspberry Pi Pico et un petit écran couleur. Le même code "
    "tourne dans un simulateur sur ordinateur.\n\n"
    "Boutons : la croix déplace, A choisit, B revient, MENU ouvre le menu du jeu. Sur "
    "les cartes à quatre boutons : X et Y montent et descendent, B maintenu avec X ou Y "
    "va à gauche et à droite, B maintenu seul ouvre le MENU.\n\n"
    "Chaque jeu cite ses auteurs dans ses règles.\n\n"
    "Logiciel : licence MIT. Police 8x8 intégrée de MicroPython (MIT)."
)


class AboutScreen(TextView):
    def __init__(self):
        text = ABOUT_FR if strings.lang() == "fr" else ABOUT_EN
        text += "\n\n" + strings.t("version") + ": " + VERSION
        text += "\nMicroPython/Python " + ".".join(str(v) for v in sys.implementation.version[:3])
        if hasattr(gc, "mem_free"):
            gc.collect()
            text += "\n" + strings.t("free_memory") + ": " + str(gc.mem_free()) + " B"
        super().__init__(strings.t("about"), text)
