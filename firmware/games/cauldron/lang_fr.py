# Chaudron : textes en français (kit.lang fusionne T à l'ouverture ; RULES pour Comment jouer).

T = {
    "tip.cauldron": "Prenez une carte de la ligne face à votre pion ; sa valeur vous fera "
                 "avancer au prochain tour. Les brelans et carrés marquent.  {UD} Choisir  "
                 "A Prendre  {MENU} Menu",
    "cd.recipes": "Recettes",
    "cd.open": "Chaudrons ouverts",
    "cd.off": "Non",
    "cd.on": "Oui",
    "cd.open_on": "Oui (variante)",
    "cd.kinds": "Pétale-soleil,Racine-miel,Feuille-grenouille,Cloche-mousse,Baie-braise,"
                "Piment-feu,Chapeau-givre,Herbe-marée,Graine-ambre,Fougère-renard,"
                "Prune-crépuscule,Chapeau-sombre,Plume-rose,Barbe-fée,Mousse-écorce,"
                "Truffe-boue,Lys-neige,Poudre-d'os",
    "cd.codes": "Ps Rm Fg Cm Bb Pf Cg Hm Ga Fr Pc Cs Pr Bf Me Tb Ln Po",
    "cd.colours": "Jaune,Vert,Rouge,Bleu,Orange,Violet,Rose,Brun,Blanc",
    "cd.colour_letters": "JVRBOIANW",
    "cd.spells": "Accio,Declinatio,Vanesco,Perluceo",
    "cd.immuto": "Immuto",
    "cd.goals": "Le moins de cartes au chaudron,Le moins de cartes de valeur 4,"
                "Le moins de sortilèges,Le plus de cartes de valeur 1,"
                "Prendre la carte qui finit la partie",
    "cd.you": "Vous",
    "cd.p": "J%d",
    "cd.pile": "Pioche %d",
    "cd.cards": "%d cartes",
    "cd.your_take": "À vous : prenez dans %s",
    "cd.your_decl": "Après Declinatio : prenez dans %s",
    "cd.your_corner": "Votre pion est à un coin",
    "cd.your_keep": "La dernière carte : la garder ?",
    "cd.turn_of": "Au tour de %s",
    "cd.row": "la rangée %d",
    "cd.col": "la colonne %d",
    "cd.h_take": "{UD} Choisir  A Prendre  {MENU} Menu",
    "cd.h_pass": "{UD} Choisir  A Prendre  B Passer  {MENU} Menu",
    "cd.h_ask": "A Répondre  {MENU} Menu",
    "cd.h_wait": "{MENU} Menu",
    "cd.h_look": "{UD} Défiler  A/B Fermer",
    "cd.accio_pick": "Accio : %s dans %s",
    "cd.pick": "Prendre %s",
    "cd.use_decl": "Vous êtes à un coin. Utiliser Declinatio (reste %d) ?",
    "cd.decl_yes": "Declinatio",
    "cd.decl_no": "Ne rien prendre",
    "cd.keep_q": "La partie finit avec votre carte : %s. La garder ?",
    "cd.keep": "Garder",
    "cd.discard": "Défausser",
    "cd.pass_q": "Ne rien prendre ce tour-ci ?",
    "cd.ev_take": "%s prend %s",
    "cd.ev_take_you": "Vous prenez %s",
    "cd.ev_accio": "%s utilise Accio : %s",
    "cd.ev_accio_you": "Vous utilisez Accio : %s",
    "cd.ev_decl": "%s utilise Declinatio",
    "cd.ev_decl_you": "Vous utilisez Declinatio",
    "cd.ev_pass": "%s ne prend rien",
    "cd.ev_pass_you": "Vous ne prenez rien",
    "cd.ev_corner": "%s attend à un coin",
    "cd.ev_corner_you": "Vous attendez à un coin",
    "cd.ev_empty": "%s fait face à une ligne vide",
    "cd.ev_empty_you": "Vous faites face à une ligne vide",
    "cd.ev_vanish": "Vanesco : %s perd %s",
    "cd.ev_vanish_you": "Vanesco : vous perdez %s",
    "cd.ev_look": "%s regarde dans son chaudron",
    "cd.ev_keep": "%s garde la dernière carte",
    "cd.ev_keep_you": "Vous gardez la dernière carte",
    "cd.ev_discard": "%s défausse la dernière carte",
    "cd.ev_discard_you": "Vous défaussez la dernière carte",
    "cd.over_last_card": "La dernière carte d'une ligne a été prise",
    "cd.over_dead_end": "Impasse de Declinatio",
    "cd.over_cap": "Limite de tours (400)",
    "cd.look_title": "Votre chaudron (Perluceo)",
    "cd.look_line": "%d. %s",
    "cd.look_top": "(dessus)",
    "cd.my_recipes": "Vos recettes",
    "cd.recipe_a": "Recette A : le plus de cartes %s",
    "cd.recipe_b": "Recette B : %s",
    "cd.cauldrons": "Chaudrons",
    "cd.pause": "Pause",
    "cd.result": "Résultats",
    "cd.total": "%s : %d points",
    "cd.kind_line": "  %s %s : %d",
    "cd.imm_to": "  Immuto -> %s",
    "cd.bonus_a": "  Recette A (%s) : +%d",
    "cd.bonus_b": "  Recette B (%s) : +%d",
    "cd.spells_line": "  Sortilèges : %d",
    "cd.wins": "%s gagne",
    "cd.shared": "Victoire partagée : %s",
}

RULES = (
    "Chaudron, d'après « Glastonbury » de Günter Burkhardt, de 2 à 4 joueurs.\n\n"
    "Rassemblez des ingrédients dans votre chaudron : plusieurs cartes d'une même sorte "
    "rapportent, une carte seule coûte. Seule la carte du dessus de chaque chaudron est "
    "visible, le vôtre aussi : retenez ce que vous y mettez !\n\n"
    "Le plateau : un carré de 6x6, les quatre coins sont des cartes Coin. Votre pion tourne "
    "dans le sens des aiguilles d'une montre sur 20 places : les 4 coins et 16 places face à "
    "une rangée ou une colonne de 6 cartes.\n\n"
    "À votre tour : le pion avance de la valeur de la carte du dessus de votre chaudron (2 "
    "s'il est vide ; 2 au premier tour), puis vous prenez une carte de la ligne en face. "
    "Ingrédients et Immuto vont sur le dessus du chaudron, les sortilèges à côté. La place "
    "est remplie depuis la pioche tant qu'elle a des cartes. À un coin, vous ne prenez rien, "
    "sauf avec Declinatio. Une ligne vide ne donne rien.\n\n"
    "Immuto (valeur 0) : quand elle est sur le dessus, le pion ne bouge pas et vous prenez "
    "dans la ligne du tour précédent ; si vous n'avez rien pris au tour précédent, vous "
    "avancez de la carte située dessous. À la fin, elle compte comme une carte de la sorte "
    "qui vous rapporte le plus.\n\n"
    "Sortilèges (un par tour) :\n"
    "- Accio (2 fois) : prendre une carte dans n'importe quelle ligne ; pas depuis un coin, "
    "ni un Vanesco ou un Perluceo.\n"
    "- Declinatio (3 fois) : à un coin, avancer encore du même nombre et prendre dans cette "
    "ligne, mais pas un Vanesco ou un Perluceo.\n"
    "- Vanesco (aussitôt) : la carte du dessus de chaque autre chaudron va sous la pioche "
    "(hors du jeu si la pioche est vide).\n"
    "- Perluceo (aussitôt) : regarder une fois tout votre chaudron.\n\n"
    "Fin : une fois la pioche vide, la partie s'arrête dès qu'un joueur prend la dernière "
    "carte de la ligne où il a pris ; il la garde ou la défausse. Un Declinatio qui mène à "
    "une ligne de seuls Vanesco ou Perluceo finit la partie aussitôt. Limite : 400 tours.\n\n"
    "Points, par sorte : 1 carte : moins sa valeur ; 2 : 0 ; 3 : la somme ; 4 ou plus : la "
    "somme + 5. Les cartes de la couleur de votre pion comptent double (en négatif aussi) ; "
    "le +5 n'est jamais doublé. Les sortilèges valent 0.\n\n"
    "Recettes (variante) : chacun a une Recette A secrète (une couleur : le plus de cartes "
    "de cette couleur gagne +1 par carte, +2 à 4 joueurs) et une B (+10 pour le moins de "
    "cartes au chaudron, le moins de 4, le moins de sortilèges, le plus de 1, ou prendre la "
    "carte qui finit la partie). Une égalité ne rapporte rien.\n\n"
    "À deux joueurs : les 8 cartes bleues sont retirées.\n\n"
    "Boutons : Haut/Bas choisissent une carte (la ligne en face d'abord, puis celles "
    "d'Accio), A la prend, B ne prend rien quand c'est permis, MENU : vos recettes, les "
    "règles, quitter."
)
