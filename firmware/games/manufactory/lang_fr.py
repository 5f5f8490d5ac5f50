# Manufactory : les textes en français (convention kit.lang : T, la table ; RULES, la règle).
T = {
    "tip.manufactory": "Prenez une pièce sur le tapis : les deux de devant sont gratuites, "
                    "une du fond coûte une pièce que vous avez.  {LR} Pièce  A Prendre  "
                    "{MENU} Menu",
    "mf.first": "Qui commence",
    "mf.first_random": "Au hasard",
    "mf.first_you": "Vous",
    "mf.first_next": "Est",
    "mf.seats": "Vous,Est,Nord,Ouest",
    "mf.demo_seats": "Sud,Est,Nord,Ouest",
    "mf.groups": "Blanc,Bleu,Noir,Rouge,Vert,Incolore",
    "mf.letters": "Bc Bu N R V I",
    "mf.free": "Gratuit",
    "mf.cost": "Coût : 1 carte",
    "mf.deck": "Deck",
    "mf.pts": "Pts",
    "mf.card": "%s : %s, mana %d",
    "mf.land": "toute couleur",
    "mf.or": " ou ",
    "mf.race": "%s : %s",
    "mf.race_none": "%s : personne encore",
    "mf.your_turn": "À vous : draftez une pièce",
    "mf.turn_of": "%s drafte",
    "mf.drafts": "%s drafte %s",
    "mf.no_back": "Une carte de l'arrière coûte une carte collectée : vous n'en avez aucune",
    "mf.ev_take_you": "Vous prenez %s (%s)",
    "mf.ev_take": "%s a drafté %s (%s)",
    "mf.ev_back_you": "Vous défaussez %s pour %s (%s)",
    "mf.ev_back": "%s a défaussé %s pour %s (%s)",
    "mf.declare_t": "Couleur de %s",
    "mf.giveup_t": "Défausser pour %s",
    "mf.have": "vous %d, max %d",
    "mf.have_none": "vous : aucune",
    "mf.h_turn": "{LR} Pièce  A Drafter  {MENU} Menu",
    "mf.h_wait": "{MENU} Menu",
    "mf.h_choose": "{UD} Choisir  A OK  B Annuler",
    "mf.pause": "Pause",
    "mf.standings": "Groupes",
    "mf.result": "Scores finaux",
    "mf.bonus": "Bonus",
    "mf.total": "Total",
    "mf.wins": "%s gagne",
    "mf.you_win": "Vous gagnez !",
    "mf.shared": "Victoire partagée : %s",
    "mf.h_result": "A/B Retour",
    "mf.cell_help": "nombre/mana max:points (= place partagée)",
}

RULES = (
    "Manufacture, de 2 à 4 joueurs, d'après le mini-jeu Magic: The Gathering « Manufacture de "
    "Mishra », joué ici avec des pièces de machine génériques.\n\n"
    "Les pièces : chacune appartient à un groupe de couleur : Blanc, Bleu, Noir, Rouge, Vert "
    "ou incolore, et a une valeur de mana de 0 à 7. Une pièce multicolore peut rejoindre l'une "
    "de ses deux couleurs ; un terrain (joker) n'importe quel groupe, incolore compris. Vous "
    "déclarez le groupe en la draftant ; il ne change plus.\n\n"
    "Le deck : un booster de 14 pièces par joueur (1 terrain, 1 pièce multicolore, 2 pièces "
    "de chaque groupe), mélangés ensemble. Quatre pièces forment le tapis roulant.\n\n"
    "À votre tour : draftez une pièce du tapis. Les deux pièces de l'avant sont gratuites. "
    "Une pièce de l'arrière (les deux plus proches du deck) coûte une pièce déjà collectée, "
    "qui quitte la partie : sans rien collecté, seules les pièces de l'avant sont possibles. "
    "Les pièces glissent vers l'avant et une nouvelle pièce arrive à l'arrière. Quand le deck "
    "est vide, le tapis raccourcit.\n\n"
    "Fin : quand toutes les pièces sont draftées. Dans chaque groupe la plus grande collection "
    "marque 3, la deuxième 2. À taille égale, le groupe qui a la plus haute valeur de mana "
    "(une seule carte comparée) passe devant. Toujours à égalité : les joueurs se partagent la "
    "place, chacun la moitié de ses points arrondie au-dessus (2 pour la première, 1 pour la "
    "deuxième), et les places partagées sont consommées (deux premiers ex aequo : pas de "
    "deuxième). Un groupe vide ne marque jamais. Bonus de groupes : 4 groupes 2 points, 5 "
    "groupes 4, 6 groupes 6. Le plus de points gagne ; à égalité, victoire partagée.\n\n"
    "Règles maison : les pièces restant dans le deck sont connues de tous (seul leur ordre est "
    "caché) ; un booster contient exactement 2 pièces de chaque groupe ; un tapis qui "
    "raccourcit perd d'abord ses places de l'arrière.\n\n"
    "Commandes : Gauche/Droite (X/Y) choisissent une pièce, A la drafte ; une pièce de "
    "l'arrière demande quelle carte défausser, un joker quelle couleur. MENU : pause, "
    "groupes, règle, quitter (la partie est sauvegardée)."
)
