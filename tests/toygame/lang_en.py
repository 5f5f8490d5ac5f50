# The toy game's English strings (kit.lang convention: T, the table; RULES, how to play).
T = {
    "toy.total": "Total %d / 11",
    "toy.your_turn": "Your turn: play a card",
    "toy.turn_of": "Seat %d to play",
    "toy.seat": "Seat %d: %d pts, %d cards",
    "toy.you": "You: %d pts",
    "toy.pile": "Draw pile: %d",
    "toy.keys": "</> Card  A Play  B Back",
    "toy.keys_wait": "B Back",
    "toy.final": "Scores: %s",
}

RULES = (
    "Eleven. Each player holds three cards (1 to 5). On your turn play one onto the shared "
    "total: exactly 11 scores 3 points and the total starts again from 0; above 11 you lose "
    "2 points and it starts again. Then draw a card while the pile lasts. The game ends when "
    "every card has been played; the highest score wins."
)
