# Les textes du kit de jeu (écrans de réglage, parties sauvegardées), ajoutés par
# kit.lang.load avant ceux du jeu à l'ouverture de chaque jeu.
T = {
    "opponent": "Adversaire",
    "opponent_n": "Adversaire %d",
    "num_players": "Joueurs",
    "solo": "Aucun (solo)",
    "high_scores": "Meilleurs scores",
    "no_scores": "Aucun score",
    "replace_save": "Commencer une nouvelle partie ? La partie en cours sera perdue.",
    "save_damaged": "Partie sauvegardée abîmée : reprise au coup %d sur %d",
    "save_unreadable": "Partie sauvegardée illisible : gardée sous %s",
    "scores_unreadable": "Meilleurs scores illisibles : gardés sous %s",
    "history": "Historique",
    "history_resumed": "Partie reprise après le coup %d (les coups d'avant ne sont pas listés)",
    "history_empty": "Rien ne s'est encore passé.",
    "again": "Rejouer",
    "setup": "Réglages",
    "to_menu": "Menu",
    "what_next": "Et maintenant ?",
}
