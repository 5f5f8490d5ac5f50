# Memory's own text, merged with core.strings.add(TABLES) when the game opens.

EN = {
    "mem.size": "Board",
    "mem.cards": "%d cards",
    "mem.opponent": "Opponent",
    "mem.solo": "None (solo)",
    "mem.mode0": "COLOUR",
    "mem.mode1": "SYMBOL",
    "mem.mode2": "LOCATION",
    "mem.you": "You",
    "mem.ai": "AI",
    "mem.hint_n": "Hint (%d left)",
    "mem.peek_n": "Peek (%d left)",
    "mem.keys": "A Flip  B Mode  X Hint  Y Peek  Menu",
    "mem.keys4": "A Flip  B Mode  Hold B: Menu (Hint, Peek)",
    "mem.keys_offer": "A Bonus offer  Menu",
    "mem.keys_ai": "AI playing...  Menu",
    "mem.offer": "Location bonus: find the %s card of %s with one flip? %s / %s points.",
    "mem.third": "third",
    "mem.fourth": "fourth",
    "mem.try": "Try it",
    "mem.decline": "Decline",
    "mem.bonus_status": "Bonus: find %s",
    "mem.no_hint": "No Hint now",
    "mem.no_peek": "No Peek left",
    "mem.no_mode": "Flip a card before changing mode again",
    "mem.pair": "%s pair +%d",
    "mem.miss": "No match -5",
    "mem.bonus_hit": "Bonus +%d",
    "mem.bonus_miss": "Bonus missed %d",
    "mem.ai_pair": "AI: %s pair +%d",
    "mem.ai_miss": "AI: no match -5",
    "mem.ai_mode": "AI switches to %s",
    "mem.ai_hint": "AI uses a Hint",
    "mem.ai_peek": "AI uses its Peek",
    "mem.ai_accept": "AI tries the Location bonus",
    "mem.ai_decline": "AI declines the bonus",
    "mem.ai_bonus": "AI bonus %+d",
    "mem.peek": "Peek",
    "mem.hint": "Hint",
    "mem.final": "You %d  -  AI %d",
    "mem.final_solo": "Score %d (best %d)",
    "mem.menu": "Menu",
    "mem.rules": (
        "Memory\n\n"
        "Cards from the Match & Collect deck lie face down: 16, 32 or 64 cards made of whole "
        "locations (4 cards each: one of each colour, four different symbols). All cards are "
        "shown face up for a few seconds first.\n\n"
        "A turn: flip two cards. If they match in the current mode they are removed and "
        "scored: Colour +15, Symbol +30, Location +50. Otherwise -5 and they turn back. "
        "B changes the mode at any time; the mode when you flip the second card decides.\n\n"
        "Location bonus: after a Location pair you may, on your next turn, try to flip the "
        "third card of that location with one flip (+50, or -25 if wrong). After the third, "
        "the fourth on the following turn (+100 or -50). Declining is free.\n\n"
        "Powers: Hint x2 shows one or two pairs of the current mode; Peek x1 shows every "
        "card for a few seconds.\n\n"
        "The game ends when no two cards match in any mode. Against the AI turns alternate "
        "and the higher score wins. Solo: beat your best score for the board size.\n\n"
        "House rulings: at most 6 mode changes between two flips; one Hint per attempt; "
        "the game stops after 400 attempts."),
}

FR = {
    "mem.size": "Plateau",
    "mem.cards": "%d cartes",
    "mem.opponent": "Adversaire",
    "mem.solo": "Aucun (solo)",
    "mem.mode0": "COULEUR",
    "mem.mode1": "SYMBOLE",
    "mem.mode2": "LIEU",
    "mem.you": "Vous",
    "mem.ai": "IA",
    "mem.hint_n": "Indice (%d restant)",
    "mem.peek_n": "Aperçu (%d restant)",
    "mem.keys": "A Retourner  B Mode  X Indice  Y Aperçu  Menu",
    "mem.keys4": "A Retourner  B Mode  B long : Menu",
    "mem.keys_offer": "A Offre de bonus  Menu",
    "mem.keys_ai": "L'IA joue...  Menu",
    "mem.offer": "Bonus de lieu : trouver la %s carte de %s en un coup ? %s / %s points.",
    "mem.third": "troisième",
    "mem.fourth": "quatrième",
    "mem.try": "Tenter",
    "mem.decline": "Refuser",
    "mem.bonus_status": "Bonus : trouver %s",
    "mem.no_hint": "Pas d'indice possible",
    "mem.no_peek": "Plus d'aperçu",
    "mem.no_mode": "Retournez une carte avant de changer encore de mode",
    "mem.pair": "Paire %s +%d",
    "mem.miss": "Raté -5",
    "mem.bonus_hit": "Bonus +%d",
    "mem.bonus_miss": "Bonus raté %d",
    "mem.ai_pair": "IA : paire %s +%d",
    "mem.ai_miss": "IA : raté -5",
    "mem.ai_mode": "L'IA passe en %s",
    "mem.ai_hint": "L'IA utilise un indice",
    "mem.ai_peek": "L'IA utilise son aperçu",
    "mem.ai_accept": "L'IA tente le bonus de lieu",
    "mem.ai_decline": "L'IA refuse le bonus",
    "mem.ai_bonus": "Bonus IA %+d",
    "mem.peek": "Aperçu",
    "mem.hint": "Indice",
    "mem.final": "Vous %d  -  IA %d",
    "mem.final_solo": "Score %d (record %d)",
    "mem.menu": "Menu",
    "mem.rules": (
        "Mémoire\n\n"
        "Des cartes du paquet Match & Collect sont posées face cachée : 16, 32 ou 64 cartes "
        "formées de lieux entiers (4 cartes chacun : une de chaque couleur, quatre symboles "
        "différents). Toutes les cartes sont d'abord montrées quelques secondes.\n\n"
        "À votre tour, retournez deux cartes. Si elles correspondent selon le mode choisi, "
        "elles sont retirées : Couleur +15, Symbole +30, Lieu +50. Sinon -5 et elles sont "
        "retournées. B change de mode à tout moment ; le mode en vigueur à la seconde carte "
        "décide.\n\n"
        "Bonus de lieu : après une paire de Lieu, vous pouvez au tour suivant retourner la "
        "troisième carte de ce lieu en un seul coup (+50, ou -25 en cas d'échec), puis la "
        "quatrième au tour d'après (+100 ou -50). Refuser ne coûte rien.\n\n"
        "Pouvoirs : Indice x2 montre une ou deux paires du mode en cours ; Aperçu x1 montre "
        "toutes les cartes quelques secondes.\n\n"
        "La partie se termine quand plus aucune paire n'existe dans aucun mode. Contre l'IA, "
        "les tours alternent et le meilleur score gagne. En solo : battez votre record pour "
        "la taille du plateau.\n\n"
        "Règles maison : au plus 6 changements de mode entre deux cartes ; un indice par "
        "essai ; la partie s'arrête après 400 essais."),
}

TABLES = {"en": EN, "fr": FR}
