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
    "mem.hint_n": "Hint (%d left)",
    "mem.peek_n": "Peek (%d left)",
    "mem.keys": "A Flip  B Mode  X Hint  Y Peek  Menu",
    "mem.keys4": "A Flip  B Mode  Hold B: Menu (Hint, Peek)",
    "mem.keys_offer": "A Bonus offer  Menu",
    "mem.keys_ai": "AI playing...  Menu",
    "mem.offer": "Location bonus: find the %s card of %s with one flip? %s / %s points.",
    "mem.third": "third",
    "mem.fourth": "fourth",
    "mem.try": "Try it",
    "mem.decline": "Decline",
    "mem.bonus_status": "Bonus: find %s",
    "mem.no_hint": "No Hint now",
    "mem.no_peek": "No Peek left",
    "mem.no_mode": "Flip a card before changing mode again",
    "mem.pair": "%s pair +%d",
    "mem.miss": "No match -5",
    "mem.bonus_hit": "Bonus +%d",
    "mem.bonus_miss": "Bonus missed %d",
    "mem.ai_pair": "AI: %s pair +%d",
    "mem.ai_miss": "AI: no match -5",
    "mem.ai_mode": "AI switches to %s",
    "mem.ai_hint": "AI uses a Hint",
    "mem.ai_peek": "AI uses its Peek",
    "mem.ai_accept": "AI tries the Location bonus",
    "mem.ai_decline": "AI declines the bonus",
    "mem.ai_bonus": "AI bonus %+d",
    "mem.peek": "Peek",
    "mem.hint": "Hint",
    "mem.final": "You %d  -  AI %d",
    "mem.final_solo": "Score %d (best %d)",
    "mem.menu": "Menu",
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
    "House rulings: at most 6 mode changes between two flips; one Hint per attempt; "
    "the game stops after 400 attempts."
)
