# Les textes français de Memory (convention kit.lang : T, la table ; RULES, la règle).
T = {
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
}

RULES = (
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
    "essai ; la partie s'arrête après 400 essais."
)
