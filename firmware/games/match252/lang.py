# Match 2-52 strings, English and French (merged with core.strings.add when the game starts).

TABLES = {
    "en": {
        "m252.first": "First player",
        "m252.first_random": "Random",
        "m252.first_you": "You",
        "m252.first_ai": "AI",
        "m252.opponent": "Opponent",
        "m252.you": "You",
        "m252.ai": "AI",
        "m252.pile": "Pile",
        "m252.action": "Action %d of 2",
        "m252.turn": "Turn %d",
        "m252.your_turn": "Your turn, action %d of 2",
        "m252.ai_turn": "AI's turn, action %d of 2",
        "m252.pick_target": "Swap %s with? (same row/column)",
        "m252.pick_pair": "Several matches: which first?",
        "m252.pick_take": "Ace match: take %s (%d/%d)",
        "m252.pick_look": "Jack match: look at a face-down card",
        "m252.pick_show": "Queen match: reveal a face-down card",
        "m252.ai_choosing": "AI chooses...",
        "m252.h_reveal": "A Reveal  MENU Menu",
        "m252.h_faceup": "A Move/Replace  MENU Menu",
        "m252.h_empty": "Arrows Choose  MENU Menu",
        "m252.h_target": "Arrows Target  A Swap  B Cancel",
        "m252.h_choice": "Up/Down Choose  A OK",
        "m252.h_wait": "MENU Menu",
        "m252.move": "Move (swap in row/column)",
        "m252.replace": "Replace (under the pile)",
        "m252.card_menu": "%s: what to do?",
        "m252.no_move": "No card to swap with in this row or column",
        "m252.ev_reveal": "%s reveals %s",
        "m252.ev_move": "%s swaps %s and %s",
        "m252.ev_replace": "%s puts %s under the pile",
        "m252.ev_capture": "%s captures %s %s!",
        "m252.ev_six": "Six! %s goes to %s; turn over",
        "m252.ev_take": "Aces: %s takes %s",
        "m252.ev_king": "Kings: capture piles swapped!",
        "m252.ev_look": "Jacks: %s looks at %s",
        "m252.ev_skip": "Special match: nothing to do",
        "m252.you_look": "You look at %s: %s",
        "m252.pause": "Paused",
        "m252.over_target": "12 captured cards",
        "m252.over_no_pairs": "No pair left to make",
        "m252.over_turns": "Turn limit (200)",
        "m252.over_stuck": "No action possible",
        "m252.final": "You %d - AI %d",
        "m252.final_demo": "Player 1 %d - Player 2 %d",
        "m252.p_wins": "%s wins",
        "m252.h_result": "A New game  B Back",
        "m252.rules": (
            "Match 2-52, a game by Tonio Lagoule, for 2 players.\n\n"
            "16 cards lie face down in a 4x4 grid; the rest is the draw pile. Capture 12 "
            "cards to win.\n\n"
            "Each turn you make exactly two actions (the same one twice is allowed):\n"
            "- Reveal: turn a face-down card up.\n"
            "- Move: swap a face-up card with any other card of its row or column (the other "
            "card keeps its face).\n"
            "- Replace: put a face-up card face down under the pile and refill its place "
            "from the top (not when the pile is empty).\n\n"
            "Match: two face-up cards of one rank side by side (not diagonally). After every "
            "action the player who acted captures every match, one pair at a time, choosing "
            "the order when there are several. Both places are refilled face down.\n\n"
            "Special matches (after the capture and refill):\n"
            "- Aces: take one card of your choice from the opponent's captures.\n"
            "- Jacks: look at one face-down card in secret.\n"
            "- Queens: reveal one face-down card.\n"
            "- Kings: the two capture piles are swapped.\n"
            "An effect that cannot be done is skipped.\n\n"
            "Six: revealing a Six (also by a Queen) puts it in the opponent's captures, the "
            "place is refilled and your turn ends at once.\n\n"
            "When the pile is empty, places stay empty. The game ends when someone has 12 "
            "cards once an action has fully resolved (more cards wins if both do), when no "
            "two cards of one rank (Sixes aside) remain in grid and pile, or after 200 turns: "
            "more cards wins, equal is a draw.\n\n"
            "Buttons: arrows move the cursor, A acts on the card (a face-down card is "
            "revealed; a face-up card offers Move or Replace), B cancels, MENU pauses."
        ),
    },
    "fr": {
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
        "m252.h_reveal": "A Retourner  MENU Menu",
        "m252.h_faceup": "A Déplacer/Remplacer  MENU Menu",
        "m252.h_empty": "Flèches Choisir  MENU Menu",
        "m252.h_target": "Flèches Cible  A Échanger  B Annuler",
        "m252.h_choice": "Haut/Bas Choisir  A OK",
        "m252.h_wait": "MENU Menu",
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
        "m252.h_result": "A Nouvelle partie  B Retour",
        "m252.rules": (
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
            "en pause."
        ),
    },
}
