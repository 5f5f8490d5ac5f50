# How to play Manufactory (kit.lang.rules_text), English: apart from the strings table
# (lang_en.py) so that starting the game does not load this text (a block of a few KB the heap
# could not always give then: make memcheck); read only when How to play opens.
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
