# Les textes du kit de jeu (écrans de réglage, parties sauvegardées), ajoutés par
# kit.lang.load avant ceux du jeu à l'ouverture de chaque jeu.
T = {
    "refused": "Ce n'est pas possible maintenant.",
    "opponent": "Adversaire",
    "opponent_n": "Adversaire %d",
    "num_players": "Joueurs",
    "solo": "Aucun (solo)",
    "high_scores": "Meilleurs scores",
    "no_scores": "Aucun score",
    "replace_save": "Commencer une nouvelle partie ? La partie en cours sera perdue.",
    "save_damaged": "Votre partie sauvegardée était abîmée : elle reprend au coup %d sur %d. "
                    "Une copie a été gardée.",
    "save_unreadable": "Votre partie sauvegardée est illisible. Une copie a été gardée.",
    "scores_unreadable": "Meilleurs scores illisibles : gardés sous %s",
    "history": "Historique",
    "history_resumed": "Partie reprise après le coup %d (les coups d'avant ne sont pas listés)",
    "history_empty": "Rien ne s'est encore passé.",
    "again": "Rejouer",
    "setup": "Réglages",
    "to_menu": "Menu",
    "what_next": "Et maintenant ?",
    "you": "Vous",
    "seats2": "Sud,Nord",
    "seats3": "Sud,Ouest,Est",
    "seats4": "Sud,Ouest,Nord,Est",
    "result_win": "%s gagne",
    "result_you": "Vous gagnez",
    "result_shared": "Victoire partagée",
    "hint_over": "A Et maintenant ?  {MENU} Menu",
    "hint_result": "A Et maintenant ?  B Retour",
    "hint_demo": "B Retour  {MENU} Menu",
    "statistics": "Statistiques",
    "stats_of": "Statistiques %s",
    "stats_cols": "J,Gag,Perd,Nul,Série,Max",
    "stats_none": "Aucune partie",
    "stats_solo": "Solo",
    "stats_hint": "{UD} Défiler  A Remettre à zéro  B Retour",
    "stats_reset": "Remettre à zéro",
    "stats_reset_q": "Remettre à zéro les statistiques de %s ? Tous les compteurs "
                     "reviennent à zéro.",
    "stats_was_reset": "Statistiques remises à zéro",
    "stats_unreadable": "Statistiques illisibles : gardées sous %s",
    "tip": "Astuce",
    "tip.memory": "Retournez deux cartes par tour : une paire dans le mode affiché en haut "
                  "(couleur, symbole ou lieu ; B le change) marque. Contre l'IA, le tour "
                  "passe après chaque essai.  A Tourner  B Mode  {MENU} Indice, Aperçu",
    "tip.mem_offer": "Bonus de lieu : retournez la carte de ce lieu du premier coup pour les "
                     "points indiqués, ou refusez.  {UD} Choisir  A Valider",
    "tip.match252": "Deux actions par tour : révéler une carte cachée, ou déplacer une carte "
                    "visible pour former des paires de même valeur.  {DPAD} Choisir  "
                    "A Révéler/Déplacer  {MENU} Menu",
    "tip.m252_special": "Une paire spéciale : un As prend une carte, un Valet regarde une "
                        "carte cachée, une Dame en révèle une.  {DPAD} Choisir  A Valider",
    "tip.match_collect": "Posez des combinaisons de votre main, puis défaussez ; la ligne du "
                         "bas nomme les boutons.  A Choisir  B Actions  {MENU} Menu",
    "tip.mc_wonder": "Une Merveille vous demande de choisir son effet.  {UD} Choisir  "
                     "A Valider  B Annuler",
    # Mise sous tension avec une partie en cours (kit.resume) : sa table tout de suite.
    "welcome_back": "Retour à votre partie. B : menu principal",
    # La ligne « ? » du menu de pause (kit.learn) et le raccourci pour couper le son.
    "help_row": "? Et maintenant",
    "sound_on_row": "Son : oui",
    "sound_off_row": "Son : non",
}
