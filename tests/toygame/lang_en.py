# The toy game's English strings (kit.lang convention: T, the table; RULES, how to play).
T = {
    "toy.total": "Total %d / 11",
    "toy.your_turn": "Your turn: play a card",
    "toy.turn_of": "%s to play",
    "toy.seat": "%s: %d pts, %d cards",
    "toy.played": "%s: card %d, total %d",
    "toy.pile": "Draw pile: %d",
    "toy.keys": "{LR} Card  A Play  {MENU} Menu",
    "toy.keys_wait": "{MENU} Menu",
}

RULES = (
    "Eleven. Each player holds three cards (1 to 5). On your turn play one onto the shared "
    "total: exactly 11 scores 3 points and the total starts again from 0; above 11 you lose "
    "2 points and it starts again. Then draw a card while the pile lasts. The game ends when "
    "every card has been played; the highest score wins."
)
