# Textes français du jeu jouet (convention kit.lang : T, la table ; RULES, la règle).
T = {
    "toy.total": "Total %d / 11",
    "toy.your_turn": "À vous : jouez une carte",
    "toy.turn_of": "À %s de jouer",
    "toy.seat": "%s : %d pts, %d cartes",
    "toy.played": "%s : carte %d, total %d",
    "toy.pile": "Pioche : %d",
    "toy.keys": "{LR} Carte  A Jouer  {MENU} Menu",
    "toy.keys_wait": "{MENU} Menu",
}

RULES = (
    "Onze. Chaque joueur a trois cartes (1 à 5). À votre tour, posez-en une sur le total "
    "commun : 11 tout juste rapporte 3 points et le total repart de 0 ; au-delà de 11 vous "
    "perdez 2 points et il repart aussi. Piochez ensuite tant qu'il reste des cartes. La "
    "partie finit quand toutes les cartes sont jouées ; le meilleur score gagne."
)
