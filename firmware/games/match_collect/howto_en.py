# How to play Match & Collect (kit.lang.rules_text): apart from the strings table (lang_en.py)
# so that starting the game does not load this text (a block of ~2 KB the heap could not
# always give then: make memcheck); read only when How to play opens.
RULES = (
    "Match & Collect: draw, collect and lay melds; first to the target after a round "
    "wins (2p 800, 3-4p 700).\n\n"
    "Your turn: 1 Draw the top of the pile or of the discard. 1b Once a round, with two "
    "cards of a location in hand, call it: everyone gives you their cards of it. 2 Lay "
    "melds or add to your own. 3 Play one Wonder. 4 Discard one card. A Portal gives a "
    "new turn at once (no discard).\n\n"
    "Melds: Mirror Pair (same colour and symbol) 10. Symbol Run (3+ same symbol) 30, "
    "+10 a card. Colour Run (5+ same colour) 55, +10 a card. Rainbow (a symbol in all 4 "
    "colours) 80 (60 with a Legendary), +10 a card. Location Group 3 = 70, 4 = 100. "
    "Wonder Set 3 = 70, 4 = 100. A Legendary stands in for a card in a run: +10 "
    "(not in pairs or groups).\n\n"
    "Wonders: Messenger - name a location, opponents give you those cards (none: draw). "
    "Guide - see 4 top cards, keep 2. Portal - a new turn. Shelter - your hand costs "
    "nothing at round end, or take any discard. Offering - take up to 2 from the "
    "discard and give back as many, or swap cards for fresh ones. Played Wonders +5.\n\n"
    "Round end: someone discards their last card (+25), or the pile runs out. Cards "
    "left in hand -5, Wonders -10.\n\n"
    "Buttons: Left/Right (X/Y) move along your hand, A picks cards (the line above "
    "your hand shows the meld and its value), B opens the actions: draw, take, lay, "
    "add, play, discard, call, sort, browse; Play a Wonder and Discard, which end your "
    "turn, come last (one Up from the top: the list wraps). On the Pico-LCD-1.3 X "
    "browses the discard pile and Y shows every meld. MENU pauses: Resume, How to play, "
    "History (every move of the game, in full), Quit. On the Display Pack 2.0 (four "
    "buttons) X/Y move along the hand, B opens the actions and B held is MENU."
)
