# Les textes français de Match 2-52 (convention kit.lang : T, la table ; RULES, la règle).
T = {
    "m252.first": "Premier joueur",
    "m252.first_random": "Au hasard",
    "m252.first_you": "Vous",
    "m252.first_ai": "IA",
    "m252.opponent": "Adversaire",
    "m252.you": "Vous",
    "m252.ai": "IA",
    "m252.pile": "Pioche",
    "m252.action": "Action %d sur 2",
    "m252.turn": "Tour %d",
    "m252.your_turn": "À vous, action %d sur 2",
    "m252.ai_turn": "Tour de l'IA, action %d sur 2",
    "m252.pick_target": "Échanger %s avec ? (ligne/colonne)",
    "m252.pick_pair": "Plusieurs paires : laquelle d'abord ?",
    "m252.pick_take": "Paire d'As : prendre %s (%d/%d)",
    "m252.pick_look": "Paire de Valets : consulter une carte cachée",
    "m252.pick_show": "Paire de Dames : retourner une carte cachée",
    "m252.ai_choosing": "L'IA choisit...",
    "m252.h_reveal": "{DPAD} Choisir  A Retourner  {MENU} Menu",
    "m252.h_faceup": "{DPAD} Choisir  A Déplacer/Remplacer  {MENU} Menu",
    "m252.h_empty": "{DPAD} Choisir  {MENU} Menu",
    "m252.h_target": "{DPAD} Cible  A Échanger  B Annuler",
    "m252.h_choice": "{UD} Choisir  A OK",
    "m252.h_wait": "{MENU} Menu",
    "m252.move": "Déplacer (ligne/colonne)",
    "m252.replace": "Remplacer (sous la pioche)",
    "m252.card_menu": "%s : que faire ?",
    "m252.no_move": "Aucune carte à échanger sur cette ligne ou colonne",
    "m252.ev_reveal": "%s retourne %s",
    "m252.ev_move": "%s échange %s et %s",
    "m252.ev_replace": "%s met %s sous la pioche",
    "m252.ev_capture": "%s capture %s %s !",
    "m252.ev_six": "Six ! %s va à %s ; fin du tour",
    "m252.ev_take": "As : %s prend %s",
    "m252.ev_king": "Rois : les captures sont échangées !",
    "m252.ev_look": "Valets : %s consulte %s",
    "m252.ev_skip": "Match spécial : rien à faire",
    "m252.you_look": "Vous consultez %s : %s",
    "m252.pause": "Pause",
    "m252.over_target": "12 cartes capturées",
    "m252.over_no_pairs": "Plus aucune paire possible",
    "m252.over_turns": "Limite de 200 tours",
    "m252.over_stuck": "Aucune action possible",
    "m252.final": "Vous %d - IA %d",
    "m252.final_demo": "Joueur 1 %d - Joueur 2 %d",
    "m252.p_wins": "%s gagne",
    "m252.h_result": "A Suite (Rejouer, Réglages, Menu)  B Retour",
    "m252.you_reveal": "Vous retournez %s",
    "m252.you_move": "Vous échangez %s et %s",
    "m252.you_replace": "Vous mettez %s sous la pioche",
    "m252.you_capture": "Vous capturez %s %s !",
    "m252.you_six": "Six ! %s va à %s ; votre tour s'arrête",
    "m252.six_to_you": "Six ! %s est pour vous ; le tour de %s s'arrête",
    "m252.you_take": "As : vous prenez %s",
    "m252.ev_take_you": "As : %s vous prend %s",
    "m252.you_look_at": "Valets : vous consultez %s",
}

RULES = (
    "Match 2-52, un jeu de Tonio Lagoule, pour 2 joueurs.\n\n"
    "16 cartes sont posées face cachée en grille de 4x4 ; le reste forme la pioche. "
    "Capturez 12 cartes pour gagner.\n\n"
    "À chaque tour, faites exactement deux actions (la même deux fois est permise) :\n"
    "- Retourner : dévoiler une carte face cachée.\n"
    "- Déplacer : échanger une carte face visible avec une autre carte de sa ligne ou "
    "de sa colonne (l'autre garde sa face).\n"
    "- Remplacer : mettre une carte face visible face cachée sous la pioche et combler "
    "la place avec la carte du dessus (impossible si la pioche est vide).\n\n"
    "Match : deux cartes face visible de même valeur côte à côte (pas en diagonale). "
    "Après chaque action, le joueur qui a agi capture chaque paire, une à la fois, en "
    "choisissant l'ordre s'il y en a plusieurs. Les places sont comblées face cachée.\n\n"
    "Matchs spéciaux (après la capture et le comblement) :\n"
    "- As : prenez une carte de votre choix dans les captures adverses.\n"
    "- Valets : consultez en secret une carte face cachée.\n"
    "- Dames : retournez une carte face cachée.\n"
    "- Rois : les deux piles de captures sont échangées.\n"
    "Un effet impossible est annulé.\n\n"
    "Six : retourner un Six (même par une Dame) le place dans les captures adverses, "
    "la place est comblée et votre tour s'arrête aussitôt.\n\n"
    "Pioche vide : les places restent vides. La partie s'arrête quand un joueur a 12 "
    "cartes une fois l'action résolue (le plus de cartes gagne si les deux les ont), "
    "quand il ne reste plus deux cartes de même valeur (hors Six) dans la grille et la "
    "pioche, ou après 200 tours : le plus de cartes gagne, l'égalité est un nul.\n\n"
    "Boutons : flèches pour le curseur, A agit sur la carte (une carte cachée est "
    "retournée ; une carte visible propose Déplacer ou Remplacer), B annule, MENU met "
    "en pause (le menu de pause ouvre aussi l'Historique : chaque coup de la partie, en "
    "entier). Sur le Display Pack 2.0 (quatre boutons), X et Y vont en haut et en bas, "
    "B+X et B+Y à gauche et à droite, et B maintenu fait MENU ; sur le Pico-LCD-1.14, "
    "MENU est l'appui sur le joystick."
)
