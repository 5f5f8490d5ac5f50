# Match 2-52's English strings (kit.lang convention: T, the table; RULES, how to play).
T = {
    "m252.first": "First player",
    "m252.first_random": "Random",
    "m252.first_you": "You",
    "m252.first_ai": "AI",
    "m252.opponent": "Opponent",
    "m252.you": "You",
    "m252.ai": "AI",
    "m252.pile": "Pile",
    "m252.action": "Action %d of 2",
    "m252.turn": "Turn %d",
    "m252.your_turn": "Your turn, action %d of 2",
    "m252.ai_turn": "AI's turn, action %d of 2",
    "m252.pick_target": "Swap %s with? (same row/column)",
    "m252.pick_pair": "Several matches: which first?",
    "m252.pick_take": "Ace match: take %s (%d/%d)",
    "m252.pick_look": "Jack match: look at a face-down card",
    "m252.pick_show": "Queen match: reveal a face-down card",
    "m252.ai_choosing": "AI chooses...",
    "m252.h_reveal": "{DPAD} Choose  A Reveal  {MENU} Menu",
    "m252.h_faceup": "{DPAD} Choose  A Move/Replace  {MENU} Menu",
    "m252.h_empty": "{DPAD} Choose  {MENU} Menu",
    "m252.h_target": "{DPAD} Target  A Swap  B Cancel",
    "m252.h_choice": "{UD} Choose  A OK",
    "m252.h_wait": "{MENU} Menu",
    "m252.move": "Move (swap in row/column)",
    "m252.replace": "Replace (under the pile)",
    "m252.card_menu": "%s: what to do?",
    "m252.no_move": "No card to swap with in this row or column",
    "m252.ev_reveal": "%s reveals %s",
    "m252.ev_move": "%s swaps %s and %s",
    "m252.ev_replace": "%s puts %s under the pile",
    "m252.ev_capture": "%s captures %s %s!",
    "m252.ev_six": "Six! %s goes to %s; turn over",
    "m252.ev_take": "Aces: %s takes %s",
    "m252.ev_king": "Kings: capture piles swapped!",
    "m252.ev_look": "Jacks: %s looks at %s",
    "m252.ev_skip": "Special match: nothing to do",
    "m252.you_look": "You look at %s: %s",
    "m252.pause": "Paused",
    "m252.over_target": "12 captured cards",
    "m252.over_no_pairs": "No pair left to make",
    "m252.over_turns": "Turn limit (200)",
    "m252.over_stuck": "No action possible",
    "m252.final": "You %d - AI %d",
    "m252.final_demo": "Player 1 %d - Player 2 %d",
    "m252.p_wins": "%s wins",
    "m252.h_result": "A Next (Play again, Setup, Menu)  B Back",
    "m252.you_reveal": "You reveal %s",
    "m252.you_move": "You swap %s and %s",
    "m252.you_replace": "You put %s under the pile",
    "m252.you_capture": "You capture %s %s!",
    "m252.you_six": "Six! %s goes to %s; your turn is over",
    "m252.six_to_you": "Six! %s goes to you; %s's turn is over",
    "m252.you_take": "Aces: you take %s",
    "m252.ev_take_you": "Aces: %s takes %s from you",
    "m252.you_look_at": "Jacks: you look at %s",
}

RULES = (
    "Match 2-52, a game by Tonio Lagoule, for 2 players.\n\n"
    "16 cards lie face down in a 4x4 grid; the rest is the draw pile. Capture 12 "
    "cards to win.\n\n"
    "Each turn you make exactly two actions (the same one twice is allowed):\n"
    "- Reveal: turn a face-down card up.\n"
    "- Move: swap a face-up card with any other card of its row or column (the other "
    "card keeps its face).\n"
    "- Replace: put a face-up card face down under the pile and refill its place "
    "from the top (not when the pile is empty).\n\n"
    "Match: two face-up cards of one rank side by side (not diagonally). After every "
    "action the player who acted captures every match, one pair at a time, choosing "
    "the order when there are several. Both places are refilled face down.\n\n"
    "Special matches (after the capture and refill):\n"
    "- Aces: take one card of your choice from the opponent's captures.\n"
    "- Jacks: look at one face-down card in secret.\n"
    "- Queens: reveal one face-down card.\n"
    "- Kings: the two capture piles are swapped.\n"
    "An effect that cannot be done is skipped.\n\n"
    "Six: revealing a Six (also by a Queen) puts it in the opponent's captures, the "
    "place is refilled and your turn ends at once.\n\n"
    "When the pile is empty, places stay empty. The game ends when someone has 12 "
    "cards once an action has fully resolved (more cards wins if both do), when no "
    "two cards of one rank (Sixes aside) remain in grid and pile, or after 200 turns: "
    "more cards wins, equal is a draw.\n\n"
    "Buttons: arrows move the cursor, A acts on the card (a face-down card is "
    "revealed; a face-up card offers Move or Replace), B cancels, MENU pauses (the pause menu "
    "also opens the History: every move of the game, in full). On the Display Pack 2.0 "
    "(four buttons) X and Y move up and down, B+X and B+Y left and right, and B held is "
    "MENU; on the Pico-LCD-1.14, MENU is the joystick press."
)
