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
    "mem.hint_n": "Indice (%d restant)|Indice (%d restants)",
    "mem.peek_n": "Aperçu (%d restant)|Aperçu (%d restants)",
    "mem.keys": "A Tourner  B Mode  {X} Indice  {Y} Aperçu  {MENU} Menu",
    "mem.keys4": "{DPAD} Aller  A Tourner  B Mode  {MENU} Menu : Indice, Aperçu",
    "mem.keys_offer": "A Offre de bonus  {MENU} Menu",
    "mem.keys_ai": "L'IA joue...  {MENU} Menu",
    "mem.offer": "Bonus de lieu : trouver la %s carte de %s en un coup ? %s / %s points.",
    "mem.third": "troisième",
    "mem.fourth": "quatrième",
    "mem.try": "Tenter",
    "mem.decline": "Refuser",
    "mem.bonus_status": "Bonus : trouver %s",
    "mem.no_hint": "Pas d'indice possible",
    "mem.no_peek": "Plus d'aperçu",
    "mem.no_mode": "Retournez une carte avant de changer encore de mode",
    "mem.pair": "Vous formez une paire %s : +%d",
    "mem.miss": "Vous ratez : -5",
    "mem.bonus_hit": "Vous trouvez : bonus +%d",
    "mem.bonus_miss": "Vous manquez le bonus : %d",
    "mem.ai_pair": "L'IA forme une paire %s : +%d",
    "mem.ai_miss": "L'IA rate : -5",
    "mem.ai_mode": "L'IA passe en %s",
    "mem.ai_hint": "L'IA utilise un indice",
    "mem.ai_peek": "L'IA utilise son aperçu",
    "mem.ai_accept": "L'IA tente le bonus de lieu",
    "mem.ai_decline": "L'IA refuse le bonus",
    "mem.ai_bonus": "L'IA trouve : bonus +%d",
    "mem.peek": "Aperçu",
    "mem.hint": "Indice",
    "mem.final": "Vous %d  -  IA %d",
    "mem.final_solo": "Score %d (record %d)",
    "mem.menu": "Menu",
    "mem.keys_bonus": "A Tourner (bonus)  {Y} Aperçu  {MENU} Menu",
    "mem.keys_menu": "A Tourner  B Mode  {MENU} Menu : Indice, Aperçu",
    "mem.keys_menu_bonus": "A Tourner (bonus)  {MENU} Menu",
    "mem.keys4_bonus": "{DPAD} Aller  A Tourner (bonus)  {MENU} Menu",
    "mem.ai_bonus_miss": "L'IA manque le bonus : %d",
    "mem.you_hint": "Vous utilisez un indice",
    "mem.you_peek": "Vous utilisez votre aperçu",
    "mem.you_mode": "Vous passez en %s",
    "mem.you_accept": "Vous tentez le bonus de lieu",
    "mem.you_decline": "Vous refusez le bonus",
    "mem.hp": "I%d A%d",
    "mem.colours": "Rouge,Bleu,Jaune,Vert",
    "mem.symbols": "Cerf,Montagne,Lune,Soleil,Vague,Arbre,Couronne,Clé",
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
    "À l'écran : la ligne du haut montre le mode, les scores et, à droite, \"I2 A1\" : "
    "les Indices (I) et Aperçus (A) qu'il vous reste (pendant un bonus : le lieu à "
    "trouver). Une carte face visible montre sa couleur en cadre, son symbole et son "
    "lieu : le nom s'il tient, sinon un code de deux lettres : WW Winterwoods, SS "
    "Sunspire, MM Moonmere, SP Stormpeak, EF Emberfall, MV Mistvale, TK Thornkeep, GL "
    "Glasslake, DM Duskmarsh, BH Brightharbor, IH Ironhollow, SF Starfield, AG "
    "Ashgrove, CR Coralreach, FG Frostgate, GM Goldmeadow.\n\n"
    "Boutons : les flèches déplacent le curseur, A retourne, B change de mode, X "
    "Indice, Y Aperçu, MENU ouvre le menu (Indice, Aperçu, Historique, Comment jouer, "
    "Quitter la partie). Sans X ni Y (Pico-LCD-1.14, Display Pack 2.0), Indice et Aperçu sont "
    "dans le menu ; sur le Display Pack, X et Y vont en haut et en bas, B+X et B+Y à "
    "gauche et à droite, et B maintenu ouvre le menu.\n\n"
    "Règles maison : au plus 6 changements de mode entre deux cartes ; un indice par "
    "essai ; la partie s'arrête après 400 essais."
)
