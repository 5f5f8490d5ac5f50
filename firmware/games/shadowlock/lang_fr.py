# Shadow Lock (Verrou d'Ombre), chaînes en français (mêmes clés que lang_en.py).

T = {
    "tip.shadowlock": "Piochez dans la pile A ou B, puis arrêtez pour garder votre pile, ou "
                   "repiochez. Une Ombre, trois d'une couleur ou deux d'une valeur de suite "
                   "la font perdre.  {UD} Choisir  A Faire  {MENU} Menu",
    "sl.mode": "Mode",
    "sl.classic": "Classique (5 manches)",
    "sl.discovery": "Découverte (3 manches)",
    "sl.odds": "Afficher les risques",
    "sl.off": "Non",
    "sl.on": "Oui",
    "sl.you": "Vous",
    "sl.you_lc": "vous",
    "sl.yourself": "vous-même",
    "sl.seats": "Sud,Est,Nord,Ouest",
    "sl.colours": "Rouge,Bleu,Jaune,Vert",
    "sl.rainbow": "Arc-en-ciel",
    "sl.shadow": "Shadow",
    "sl.actions": "Joker,Double,Passe Tour,Flip,Swipe,Quantique",
    "sl.boxes": "Paire,Double paire,Brelan,Carré,Couleur,Couleur pleine,Petite suite,"
                "Grande suite,Suite arc-en-ciel,Collectionneur",
    "sl.box_codes": "P,2P,B,C,Co,CP,PS,GS,SA,Col",
    "sl.families": "Valeur,Couleur,Suite,Bonus",
    "sl.your_turn": "À vous : verrouiller ou piocher",
    "sl.your_draw": "Piocher encore ou s'arrêter",
    "sl.your_forced": "Piochez encore (obligatoire)",
    "sl.your_owed": "Double : encore %d à piocher",
    "sl.your_shadow": "Shadow ! Défausser, garder ou Joker",
    "sl.your_quantum": "Quantique : gardez une carte ou rien",
    "sl.your_skipped": "Votre tour est passé",
    "sl.your_validate": "Manche %d, %s : valider ?",
    "sl.turn_of": "Tour de %s",
    "sl.validating": "%s valide...",
    "sl.round": "Manche %d/%d",
    "sl.turn": "tour %d",
    "sl.pile": "%s %d",
    "sl.odds_pct": "stop %d%%",
    "sl.your_pile": "Votre pile",
    "sl.pile_of": "Pile de %s",
    "sl.empty": "(vide)",
    "sl.reserve": "Réserve :",
    "sl.none": "-",
    "sl.card_box": "%d/10 cases, %d pts",
    "sl.locked": "verrouillée",
    "sl.cards_n": "%d cartes",
    "sl.opp": "%s %d%s  %d/10 %dp",
    "sl.a_lock": "Verrouiller ma pile (%d cartes)",
    "sl.a_draw": "Piocher dans la pile %s",
    "sl.a_draw_odds": "Piocher en %s (stop %d%%)",
    "sl.a_stop": "Stop (garder la pile)",
    "sl.a_flip": "Flip : voir les deux dessus",
    "sl.a_double": "Double sur %s",
    "sl.a_skip": "Passe Tour sur %s",
    "sl.a_swipe": "Swipe avec %s",
    "sl.a_quantum": "Quantique sur la pile %s",
    "sl.a_joker": "Joker : garder la pile, piocher",
    "sl.a_sh_discard": "Défausser la Shadow, garder ma pile",
    "sl.a_sh_keep": "Garder la Shadow, perdre ma pile",
    "sl.a_keep": "Garder %s",
    "sl.a_none": "Ne rien garder",
    "sl.a_pass": "Passer",
    "sl.a_validate": "%s : %d pts",
    "sl.a_joker_used": " (joker)",
    "sl.a_best": " *meilleur",
    "sl.a_decline": "Refuser (cases ouvertes)",
    "sl.ev_draw_you": "Vous piochez %s",
    "sl.ev_draw": "%s pioche %s",
    "sl.ev_bust_you": "STOP, %s : vous perdez %d cartes",
    "sl.ev_bust": "STOP, %s : %s perd %d cartes",
    "sl.why_value": "même valeur deux fois",
    "sl.why_colour": "3 d'une couleur",
    "sl.ev_stop_you": "Vous vous arrêtez",
    "sl.ev_stop": "%s s'arrête",
    "sl.ev_lock_you": "Vous verrouillez %d cartes",
    "sl.ev_lock": "%s verrouille %d cartes",
    "sl.ev_play_you": "Vous jouez %s",
    "sl.ev_play": "%s a joué %s",
    "sl.ev_play_on_you": "Vous jouez %s sur %s",
    "sl.ev_play_on": "%s a joué %s sur %s",
    "sl.ev_shd_you": "Vous défaussez la Shadow",
    "sl.ev_shd": "%s défausse la Shadow",
    "sl.ev_shk_you": "Vous gardez la Shadow, %d cartes perdues",
    "sl.ev_shk": "%s garde la Shadow, %d cartes perdues",
    "sl.ev_keep_you": "Vous gardez %s",
    "sl.ev_keep": "%s garde %s",
    "sl.ev_keep_none_you": "Vous ne gardez rien",
    "sl.ev_keep_none": "%s ne garde rien",
    "sl.ev_reveal": "Quantique montre %s",
    "sl.ev_skipped_you": "Votre tour est passé",
    "sl.ev_skipped": "Le tour de %s est passé",
    "sl.ev_doubled_you": "Double : vous devez piocher 2",
    "sl.ev_doubled": "Double : %s doit piocher 2",
    "sl.ev_pass_you": "Vous passez",
    "sl.ev_pass": "%s passe",
    "sl.ev_lost_you": "Fin de manche : vos %d cartes non verrouillées sont perdues",
    "sl.ev_lost": "Fin de manche : %s perd %d cartes non verrouillées",
    "sl.ev_validate_you": "Vous validez %s : %d pts",
    "sl.ev_validate": "%s valide %s : %d pts",
    "sl.ev_new_round": "Manche %d : nouvelles pioches",
    "sl.ev_no_cards": "Les pioches sont vides",
    "sl.you_look": "Flip : la pile A montre %s, la pile B %s",
    "sl.pause": "Pause",
    "sl.browse": "Piles et scorecards",
    "sl.odds_row": "Afficher les risques : %s",
    "sl.round_title": "Manche %d comptée",
    "sl.round_line": "%s +%d = %d (%d/10)",
    "sl.final": "Scorecards finaux",
    "sl.wins": "%s gagne",
    "sl.by_boxes": "Découverte : le plus de cases gagne",
    "sl.by_points": "Classique : le plus de points gagne",
    "sl.total": "Total",
    "sl.nboxes": "Cases",
    "sl.h_act": "{UD} Choisir  A Faire  {MENU} Menu",
    "sl.h_wait": "{MENU} Menu",
    "sl.h_demo": "B Retour  {MENU} Menu",
    "sl.h_browse": "{UD} Joueur  B Retour",
    "sl.h_result": "A Suite  B Retour",
}

RULES = (
    "Verrou d'Ombre (Shadow Lock), de 2 à 4 joueurs.\n\n"
    "72 cartes : des nombres de 1 à 12 en Rouge, Bleu, Jaune et Vert, 4 Arc-en-ciel, 6 "
    "Shadow et 14 actions (Joker x3, Double x2, Passe Tour x2, Flip x3, Swipe x2, Quantique "
    "x2), mélangées en deux pioches face cachée, A et B.\n\n"
    "À votre tour : verrouillez votre pile (c'est tout votre tour ; vous ne jouez plus de "
    "la manche) ou piochez. Piochez dans l'une ou l'autre pioche, puis piochez encore ou "
    "arrêtez-vous. S'arrêter garde la pile pour les tours suivants. Les nombres vont dans "
    "votre pile. Un Arc-en-ciel aussi, et vous devez piocher encore. Les actions vont dans "
    "votre réserve (gardée d'une manche à l'autre, visible de tous).\n\n"
    "STOP : le tour s'arrête et votre pile non verrouillée est perdue quand, parmi les "
    "nombres piochés CE tour, deux de suite ont la même valeur, ou trois de suite la même "
    "couleur (les Arc-en-ciel et actions entre eux ne comptent pas et ne coupent pas la "
    "suite).\n"
    "Shadow : le tour s'arrête ; défaussez la Shadow et gardez votre pile, ou gardez la "
    "Shadow comme nouvelle pile et perdez l'ancienne. Un Joker joué alors défausse la "
    "Shadow, garde votre pile et vous piochez encore.\n\n"
    "Actions, à tout moment de votre tour (même avant de piocher) : Joker et Flip laissent "
    "le tour continuer ; Quantique est votre dernière action ; les autres finissent le "
    "tour.\n"
    "- Double : au prochain tour de ce joueur, pas de verrou ni d'arrêt avant 2 pioches.\n"
    "- Passe Tour : le prochain tour de ce joueur est passé (il peut jouer une action).\n"
    "- Flip : regardez la carte du dessus des deux pioches (vous seul la voyez).\n"
    "- Swipe : échangez votre pile non verrouillée avec celle du joueur suivant ou "
    "précédent.\n"
    "- Quantique : révélez les 3 cartes du dessus d'une pioche, gardez-en au plus une (pas "
    "une Shadow).\n\n"
    "Une manche finit quand tous ont verrouillé, quand les deux pioches sont vides, ou après "
    "60 tours ; les piles non verrouillées sont perdues. Puis tout sauf les réserves est "
    "mélangé en deux nouvelles pioches.\n\n"
    "Score : pour chaque famille (Valeur, Couleur, Suite, Bonus) vous pouvez valider UNE "
    "case ouverte que votre pile verrouillée remplit, ou refuser et garder les cases "
    "ouvertes. Une case validée est figée. Points = base + la plus haute valeur de la "
    "combinaison : Paire 2, Double paire 4, Brelan 6, Carré 15, Couleur (5 d'une couleur) "
    "8, Couleur pleine (6) 12, Petite suite (3) 5, Grande suite (5) 12, Suite arc-en-ciel "
    "(4 valeurs, 4 couleurs) 18 ; Collectionneur (10 cartes) 10 tout rond. Un Arc-en-ciel "
    "ou une Shadow de votre pile est un joker : il remplace une carte manquante (dans une "
    "couleur, la plus haute valeur) ; un joker par combinaison ; chaque joker complète une "
    "combinaison par manche. Les suites ne bouclent pas.\n\n"
    "Classique : 5 manches, le plus de points gagne. Découverte : 3 manches, le plus de "
    "cases gagne, les points départagent. La partie finit aussi après une manche où "
    "quelqu'un remplit ses 10 cases.\n\n"
    "Boutons : Haut/Bas choisissent une action, A la fait, MENU met en pause (piles et "
    "scorecards de chacun, risques, règles, quitter : la partie reste sauvegardée)."
)
