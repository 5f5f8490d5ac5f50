# Manufactory's English strings (kit.lang convention: T, the table; RULES, how to play).
T = {
    "tip.manufactory": "Take a part from the belt: the two front ones are free, a back one "
                    "costs a part you have.  {LR} Part  A Take  {MENU} Menu",
    "mf.first": "Who starts",
    "mf.first_random": "Random",
    "mf.first_you": "You",
    "mf.first_next": "East",
    "mf.seats": "You,East,North,West",
    "mf.demo_seats": "South,East,North,West",
    "mf.groups": "White,Blue,Black,Red,Green,Colourless",
    "mf.letters": "W U B R G C",
    "mf.free": "Free",
    "mf.cost": "Cost: 1 card",
    "mf.deck": "Deck",
    "mf.pts": "Pts",
    "mf.card": "%s: %s, mana %d",
    "mf.land": "any colour",
    "mf.or": " or ",
    "mf.race": "%s: %s",
    "mf.race_none": "%s: nobody yet",
    "mf.your_turn": "Your turn: draft a part",
    "mf.turn_of": "%s to draft",
    "mf.drafts": "%s drafts %s",
    "mf.no_back": "A back card costs a collected card: you have none yet",
    "mf.ev_take_you": "You take %s (%s)",
    "mf.ev_take": "%s drafted %s (%s)",
    "mf.ev_back_you": "You give up %s for %s (%s)",
    "mf.ev_back": "%s gave up %s for %s (%s)",
    "mf.declare_t": "Colour of %s",
    "mf.giveup_t": "Give up for %s",
    "mf.have": "you have %d, top %d",
    "mf.have_none": "you have none",
    "mf.h_turn": "{LR} Part  A Draft  {MENU} Menu",
    "mf.h_wait": "{MENU} Menu",
    "mf.h_choose": "{UD} Choose  A OK  B Cancel",
    "mf.pause": "Paused",
    "mf.standings": "Groups now",
    "mf.result": "Final scores",
    "mf.bonus": "Bonus",
    "mf.total": "Total",
    "mf.wins": "%s wins",
    "mf.you_win": "You win!",
    "mf.shared": "Shared win: %s",
    "mf.h_result": "A/B Back",
    "mf.cell_help": "count/top mana:points (= shared place)",
}

RULES = (
    "Manufactory, for 2 to 4 players, after the Magic: The Gathering minigame \"Mishra's "
    "Manufactory\", played here with generic machine parts.\n\n"
    "The parts: each belongs to a colour group: White, Blue, Black, Red, Green or colourless, "
    "and has a mana value 0 to 7. A multicolour part may join either of its two colours; a "
    "land (wild) any group, colourless too. You declare the group when you draft it; it never "
    "changes.\n\n"
    "The deck: one booster of 14 parts per player (1 land, 1 multicolour part, 2 parts of each "
    "group), shuffled together. Four parts are laid out as the conveyor.\n\n"
    "Your turn: draft one part of the conveyor. The two front parts are free. A back part (the "
    "two nearest the deck) costs one part you already collected: it leaves the game. So with "
    "nothing collected you may take only a front part. The parts behind slide forward and a "
    "new part enters at the back. When the deck is empty the conveyor shrinks.\n\n"
    "End: when every part is drafted. In each group the largest collection scores 3, the "
    "second 2. Equal sizes: the group holding the single highest mana value ranks higher. "
    "Still equal: the tied players share the place, each getting half its points rounded up "
    "(2 for first, 1 for second), and the places they share are used up (two tied first: "
    "nobody is second). An empty group never scores. Group bonus: 4 groups 2 points, 5 groups "
    "4, 6 groups 6. Most points wins; equal points share the win.\n\n"
    "House rulings: which parts are still in the deck is public (only their order is "
    "hidden); a booster holds exactly 2 parts of each group; a shrinking conveyor loses its "
    "back places first.\n\n"
    "Controls: Left/Right (X/Y) pick a part, A drafts it; a back part asks which card to give "
    "up, a wild part which colour. MENU: pause, groups, how to play, quit (the game is saved)."
)
