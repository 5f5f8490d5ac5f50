# Les textes français de Match & Collect (convention kit.lang : T, la table ; RULES, la
# règle ; mêmes clés que lang_en.py), chargés seulement quand le français est choisi.

T = {
    "mc.seats2": "Vous,Nord",
    "mc.seats3": "Vous,Ouest,Est",
    "mc.seats4": "Vous,Ouest,Nord,Est",
    "mc.south": "Sud",
    "mc.colors": "Rouge,Bleu,Jaune,Vert",
    "mc.symbols": "Cerf,Montagne,Lune,Soleil,Vague,Arbre,Couronne,Cl\u00e9",
    "mc.wonders": "L\u00e9gendaire,Messager,Guide,Portail,Abri,Offrande",
    "mc.wonder_codes": "L\u00e9g,Msg,Gde,Prt,Abr,Off",
    "mc.melds": ("Paire Miroir,S\u00e9rie de Symboles,S\u00e9rie de Couleur,Arc-en-ciel,"
                 "Groupe de Lieu,S\u00e9rie de Merveilles"),
    "mc.players": "Joueurs",
    "mc.opponent": "Niveau %s",
    "mc.reshuffle": "Rem\u00e9lange",
    "mc.quick": "Manches rapides",
    "mc.length": "Dur\u00e9e",
    "mc.len_standard": "Normale",
    "mc.len_shorter": "Courte",
    "mc.len_longer": "Longue",
    "mc.on": "Oui",
    "mc.off": "Non",
    "mc.target": "\u00e0 %d",
    "mc.h_hand": "Main",
    "mc.h_laid": "Pos\u00e9",
    "mc.h_total": "Total",
    "mc.h_round": "Manche",
    "mc.h_bonus": "Bonus",
    "mc.discard": "D\u00e9fausse",
    "mc.round": "Manche %d",
    "mc.cards_n": "%d cartes",
    "mc.melds_n": "%d combis",
    "mc.pts": "%d pts",
    "mc.turn_of": "%s joue",
    "mc.ph_draw": "Piochez : pioche ou d\u00e9fausse",
    "mc.ph_main": "Demande, pose, Merveille, d\u00e9fausse",
    "mc.ph_choice": "Choisissez",
    "mc.ph_ai": "%s joue",
    "mc.thinking": "%s r\u00e9fl\u00e9chit...",
    "mc.pick_hint": "Choisissez des cartes pour une combinaison",
    "mc.not_meld": "Pas une combinaison",
    "mc.adds_to": "S'ajoute \u00e0 %s : %d",
    "mc.preview": "%s : %d",
    "mc.hint_hand": "{LR} Carte  A Choisir  B Actions  {MENU} Menu",
    "mc.hint_hand4": "{UD} Carte  A Choisir  B Actions  {MENU} Menu",
    "mc.hint_pick": "{LR} Carte  A Prendre  B Options",
    "mc.hint_pick4": "{UD} Carte  A Prendre  B Options",
    "mc.hint_wait": "{MENU} Pause",
    "mc.actions": "Actions",
    "mc.act_draw": "Piocher (%d)",
    "mc.act_take": "Prendre %s",
    "mc.act_meld": "Poser %s (%d)",
    "mc.act_extend": "Ajouter \u00e0 %s (%d)",
    "mc.act_wonder": "Jouer %s",
    "mc.act_discard": "D\u00e9fausser %s",
    "mc.act_call": "Nommer un lieu (gratuit)",
    "mc.act_clear": "Tout d\u00e9s\u00e9lectionner",
    "mc.act_sort": "Trier par : %s",
    "mc.act_browse": "Voir la d\u00e9fausse",
    "mc.act_melds": "Toutes les combinaisons",
    "mc.act_scores": "Scores",
    "mc.act_done": "Termin\u00e9",
    "mc.sort_symbol": "symbole",
    "mc.sort_location": "lieu",
    "mc.sort_colour": "couleur",
    "mc.sort_wonder": "type de Merveille",
    "mc.call_which": "Nommer quel lieu ?",
    "mc.name_which": "Messager : nommez un lieu",
    "mc.shelter_q": "Abri : abriter votre main, ou prendre une carte de la d\u00e9fausse ?",
    "mc.shelter_hand": "Abriter ma main",
    "mc.shelter_take": "Prendre dans la d\u00e9fausse",
    "mc.offer_q": ("Offrande : puiser dans la d\u00e9fausse, ou \u00e9changer des cartes "
                   "contre des fra\u00eeches ?"),
    "mc.offer_take": "Puiser dans la d\u00e9fausse",
    "mc.offer_swap": "\u00c9changer des cartes",
    "mc.p_guide_keep": "Guide : gardez une carte",
    "mc.p_guide_order": "Guide : carte remise dessus",
    "mc.p_shelter": "Abri : prenez une carte",
    "mc.p_offer_take": "Offrande : prenez une carte",
    "mc.p_offer_return": "Offrande : rendez une carte",
    "mc.p_offer_swap": "Offrande : \u00e9changez une carte",
    "mc.p_messenger": "Messager : nommez un lieu",
    "mc.empty": "(vide)",
    "mc.no_melds": "aucune combinaison",
    "mc.melds_title": "Combinaisons",
    "mc.discard_title": "D\u00e9fausse (%d)",
    "mc.sheltered": "abri",
    "mc.wonders_played": "Merveilles",
    "mc.a_draw": "%s pioche",
    "mc.a_take": "%s prend %s",
    "mc.a_meld": "%s pose %s : %d",
    "mc.a_extend": "%s ajoute \u00e0 %s : %d",
    "mc.a_wonder": "%s joue %s",
    "mc.a_discard": "%s d\u00e9fausse %s",
    "mc.a_call": "%s nomme %s",
    "mc.a_messenger": "Le Messager de %s nomme %s",
    "mc.a_gave": " : vous donnez %d",
    "mc.a_got": " : re\u00e7oit %d",
    "mc.a_nothing": " : personne n'en a",
    "mc.a_shelter": "%s abrite sa main",
    "mc.a_pick": "%s choisit une carte",
    "mc.a_out": "%s sort !",
    "mc.round_over": "Fin de la manche %d",
    "mc.r_out": "sorti +25",
    "mc.r_hand": "main",
    "mc.r_wonders": "Merveilles +%d",
    "mc.r_round": "manche",
    "mc.r_total": "total",
    "mc.hint_summary": "{UD} Défiler  A Continuer",
    "mc.hint_over": "{UD} Défiler  A Suite",
    "mc.shared_win": "Victoire partag\u00e9e",
    "mc.wins": "%s gagne !",
    "mc.y_draw": "Vous piochez %s",
    "mc.y_take": "Vous prenez %s",
    "mc.y_meld": "Vous posez %s : %d",
    "mc.y_extend": "Vous ajoutez à %s : %d",
    "mc.y_wonder": "Vous jouez %s",
    "mc.y_discard": "Vous défaussez %s",
    "mc.y_call": "Vous nommez %s",
    "mc.y_messenger": "Votre Messager nomme %s",
    "mc.y_got": " : vous recevez %d",
    "mc.y_shelter": "Vous abritez votre main",
    "mc.y_out": "Vous sortez !",
}

RULES = (
    "Match & Collect : piochez, collectionnez et posez des combinaisons ; le premier au "
    "score vis\u00e9 \u00e0 la fin d'une manche gagne (2 j. 800, 3-4 j. 700).\n\n"
    "Votre tour : 1 Piochez le dessus de la pioche ou de la d\u00e9fausse. 1b Une fois "
    "par manche, avec deux cartes d'un lieu en main, nommez-le : chacun vous donne ses "
    "cartes de ce lieu. 2 Posez des combinaisons ou compl\u00e9tez les v\u00f4tres. "
    "3 Jouez une Merveille. 4 D\u00e9faussez une carte. Un Portail donne aussit\u00f4t "
    "un nouveau tour (sans d\u00e9fausse).\n\n"
    "Combinaisons : Paire Miroir (m\u00eame couleur et symbole) 10. S\u00e9rie de "
    "Symboles (3+ m\u00eame symbole) 30, +10 par carte. S\u00e9rie de Couleur (5+ "
    "m\u00eame couleur) 55, +10 par carte. Arc-en-ciel (un symbole dans les 4 couleurs) "
    "80 (60 avec une L\u00e9gendaire), +10 par carte. Groupe de Lieu 3 = 70, 4 = 100. "
    "S\u00e9rie de Merveilles 3 = 70, 4 = 100. Une L\u00e9gendaire remplace une carte "
    "d'une s\u00e9rie : +10 (pas dans les paires ni les groupes).\n\n"
    "Merveilles : Messager - nommez un lieu, les adversaires vous donnent ces cartes "
    "(personne : piochez). Guide - voyez 4 cartes de la pioche, gardez-en 2. Portail - "
    "un nouveau tour. Abri - votre main ne co\u00fbte rien en fin de manche, ou prenez "
    "une carte de la d\u00e9fausse. Offrande - prenez jusqu'\u00e0 2 cartes de la "
    "d\u00e9fausse et rendez-en autant, ou \u00e9changez des cartes contre des "
    "fra\u00eeches. Merveille jou\u00e9e +5.\n\n"
    "Fin de manche : un joueur d\u00e9fausse sa derni\u00e8re carte (+25), ou la pioche "
    "s'\u00e9puise. Carte restant en main -5, Merveille -10.\n\n"
    "Boutons : Gauche/Droite (X/Y) parcourent la main, A choisit des cartes (la ligne "
    "au-dessus de la main montre la combinaison et sa valeur), B ouvre les actions : "
    "piocher, prendre, poser, ajouter, jouer, d\u00e9fausser, nommer, trier, voir ; Jouer "
    "une Merveille et D\u00e9fausser, qui finissent votre tour, viennent en dernier (Haut "
    "depuis le d\u00e9but : la liste boucle). Sur le Pico-LCD-1.3, X montre la "
    "d\u00e9fausse et Y toutes les combinaisons. MENU met en pause : Reprendre, Comment "
    "jouer, Historique (chaque coup de la partie, en entier), Quitter. Sur le Display "
    "Pack 2.0 (quatre boutons), X/Y parcourent la main, B ouvre les actions et B maintenu "
    "fait MENU."
)
