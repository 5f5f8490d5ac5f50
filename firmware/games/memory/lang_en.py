# Memory's English strings (kit.lang convention: T, the table; RULES, how to play).
T = {
    "mem.size": "Board",
    "mem.cards": "%d cards",
    "mem.opponent": "Opponent",
    "mem.solo": "None (solo)",
    "mem.mode0": "COLOUR",
    "mem.mode1": "SYMBOL",
    "mem.mode2": "LOCATION",
    "mem.you": "You",
    "mem.ai": "AI",
    "mem.hint_n": "Hint (%d left)|Hint (%d left)",
    "mem.peek_n": "Peek (%d left)|Peek (%d left)",
    "mem.keys": "A Flip  B Mode  {X} Hint  {Y} Peek  {MENU} Menu",
    "mem.keys4": "{DPAD} Move  A Flip  B Mode  {MENU} Menu: Hint, Peek",
    "mem.keys_offer": "A Bonus offer  {MENU} Menu",
    "mem.keys_ai": "AI playing...  {MENU} Menu",
    "mem.offer": "Location bonus: find the %s card of %s with one flip? %s / %s points.",
    "mem.third": "third",
    "mem.fourth": "fourth",
    "mem.try": "Try it",
    "mem.decline": "Decline",
    "mem.bonus_status": "Bonus: find %s",
    "mem.no_hint": "No Hint now",
    "mem.no_peek": "No Peek left",
    "mem.no_mode": "Flip a card before changing mode again",
    "mem.pair": "You make a %s pair: +%d",
    "mem.miss": "You miss: -5",
    "mem.bonus_hit": "You find it: bonus +%d",
    "mem.bonus_miss": "You miss the bonus: %d",
    "mem.ai_pair": "AI makes a %s pair: +%d",
    "mem.ai_miss": "AI misses: -5",
    "mem.ai_mode": "AI switches to %s",
    "mem.ai_hint": "AI uses a Hint",
    "mem.ai_peek": "AI uses its Peek",
    "mem.ai_accept": "AI tries the Location bonus",
    "mem.ai_decline": "AI declines the bonus",
    "mem.ai_bonus": "AI finds it: bonus +%d",
    "mem.peek": "Peek",
    "mem.hint": "Hint",
    "mem.final": "You %d  -  AI %d",
    "mem.final_solo": "Score %d (best %d)",
    "mem.menu": "Menu",
    "mem.keys_bonus": "A Flip (bonus)  {Y} Peek  {MENU} Menu",
    "mem.keys_menu": "A Flip  B Mode  {MENU} Menu: Hint, Peek",
    "mem.keys_menu_bonus": "A Flip (bonus)  {MENU} Menu",
    "mem.keys4_bonus": "{DPAD} Move  A Flip (bonus)  {MENU} Menu",
    "mem.ai_bonus_miss": "AI misses the bonus: %d",
    "mem.you_hint": "You use a Hint",
    "mem.you_peek": "You use your Peek",
    "mem.you_mode": "You switch to %s",
    "mem.you_accept": "You try the Location bonus",
    "mem.you_decline": "You decline the bonus",
    "mem.hp": "H%d P%d",
    "mem.colours": "Red,Blue,Yellow,Green",
    "mem.symbols": "Stag,Mountain,Moon,Sun,Wave,Tree,Crown,Key",
}

RULES = (
    "Memory\n\n"
    "Cards from the Match & Collect deck lie face down: 16, 32 or 64 cards made of whole "
    "locations (4 cards each: one of each colour, four different symbols). All cards are "
    "shown face up for a few seconds first.\n\n"
    "A turn: flip two cards. If they match in the current mode they are removed and "
    "scored: Colour +15, Symbol +30, Location +50. Otherwise -5 and they turn back. "
    "B changes the mode at any time; the mode when you flip the second card decides.\n\n"
    "Location bonus: after a Location pair you may, on your next turn, try to flip the "
    "third card of that location with one flip (+50, or -25 if wrong). After the third, "
    "the fourth on the following turn (+100 or -50). Declining is free.\n\n"
    "Powers: Hint x2 shows one or two pairs of the current mode; Peek x1 shows every "
    "card for a few seconds.\n\n"
    "The game ends when no two cards match in any mode. Against the AI turns alternate "
    "and the higher score wins. Solo: beat your best score for the board size.\n\n"
    "On the screen: the top line shows the mode, the scores and, at the right, \"H2 "
    "P1\": the Hints (H) and Peeks (P) you have left (during a bonus: the location to "
    "find). A face-up card shows its colour as a frame, its symbol, and its location: "
    "the name when it fits, else a two-letter code: WW Winterwoods, SS Sunspire, MM "
    "Moonmere, SP Stormpeak, EF Emberfall, MV Mistvale, TK Thornkeep, GL Glasslake, "
    "DM Duskmarsh, BH Brightharbor, IH Ironhollow, SF Starfield, AG Ashgrove, CR "
    "Coralreach, FG Frostgate, GM Goldmeadow.\n\n"
    "Buttons: arrows move the cursor, A flips, B changes the mode, X Hint, Y Peek, "
    "MENU opens the menu (Hint, Peek, History, How to play, Quit). Without X and Y "
    "(Pico-LCD-1.14, Display Pack 2.0) Hint and Peek are in the menu; on the Display "
    "Pack X and Y move up and down, B+X and B+Y left and right, and B held opens the "
    "menu.\n\n"
    "House rulings: at most 6 mode changes between two flips; one Hint per attempt; "
    "the game stops after 400 attempts."
)
