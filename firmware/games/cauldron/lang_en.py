# Cauldron strings, English (kit.lang merges T when the game opens; RULES for How to play).

T = {
    "tip.cauldron": "Take one card of the line your pawn faces; its value moves you next "
                 "turn. Threes and fours of a kind score.  {UD} Choose  A Take  {MENU} Menu",
    "cd.recipes": "Recipes",
    "cd.open": "Open cauldrons",
    "cd.off": "Off",
    "cd.on": "On",
    "cd.open_on": "On (variant)",
    # 18 kinds, in card order (kind = id // 4); the codes shown on the board, in the same order
    "cd.kinds": "Sunpetal,Honeyroot,Frogleaf,Mossbell,Emberberry,Firepepper,Frostcap,"
                "Tidewort,Amberseed,Foxfern,Duskplum,Gloomcap,Rosequill,Fairyfloss,Barkmoss,"
                "Mudtruffle,Snowlily,Bonedust",
    "cd.codes": "Su Ho Fr Mo Em Fi Fc Ti Am Fx Du Gl Ro Ff Ba Mu Sn Bo",
    "cd.colours": "Yellow,Green,Red,Blue,Orange,Purple,Pink,Brown,White",
    "cd.colour_letters": "YGRBOPKNW",
    "cd.spells": "Accio,Declinatio,Vanesco,Perluceo",
    "cd.immuto": "Immuto",
    "cd.goals": "Fewest cauldron cards,Fewest value-4 cards,Fewest spells,Most value-1 cards,"
                "Take the card that ends the game",
    "cd.you": "You",
    "cd.p": "P%d",
    "cd.pile": "Pile %d",
    "cd.cards": "%d cards",
    "cd.your_take": "Your turn: take from %s",
    "cd.your_decl": "After Declinatio: take from %s",
    "cd.your_corner": "Your pawn is at a corner",
    "cd.your_keep": "The last card: keep or discard?",
    "cd.turn_of": "%s's turn",
    "cd.row": "row %d",
    "cd.col": "column %d",
    "cd.h_take": "{UD} Choose  A Take  {MENU} Menu",
    "cd.h_pass": "{UD} Choose  A Take  B Pass  {MENU} Menu",
    "cd.h_ask": "A Answer  {MENU} Menu",
    "cd.h_wait": "{MENU} Menu",
    "cd.h_look": "{UD} Scroll  A/B Close",
    "cd.accio_pick": "Accio: %s from %s",
    "cd.pick": "Take %s",
    "cd.use_decl": "You are at a corner. Use Declinatio (%d left)?",
    "cd.decl_yes": "Declinatio",
    "cd.decl_no": "Take nothing",
    "cd.keep_q": "The game ends with your take: %s. Keep it?",
    "cd.keep": "Keep",
    "cd.discard": "Discard",
    "cd.pass_q": "Take nothing this turn?",
    "cd.ev_take": "%s takes %s",
    "cd.ev_take_you": "You take %s",
    "cd.ev_accio": "%s uses Accio: %s",
    "cd.ev_accio_you": "You use Accio: %s",
    "cd.ev_decl": "%s uses Declinatio",
    "cd.ev_decl_you": "You use Declinatio",
    "cd.ev_pass": "%s takes nothing",
    "cd.ev_pass_you": "You take nothing",
    "cd.ev_corner": "%s waits at a corner",
    "cd.ev_corner_you": "You wait at a corner",
    "cd.ev_empty": "%s faces an empty line",
    "cd.ev_empty_you": "You face an empty line",
    "cd.ev_vanish": "Vanesco: %s loses %s",
    "cd.ev_vanish_you": "Vanesco: you lose %s",
    "cd.ev_look": "%s looks into their cauldron",
    "cd.ev_keep": "%s keeps the last card",
    "cd.ev_keep_you": "You keep the last card",
    "cd.ev_discard": "%s discards the last card",
    "cd.ev_discard_you": "You discard the last card",
    "cd.over_last_card": "A line's last card was taken",
    "cd.over_dead_end": "Declinatio dead end",
    "cd.over_cap": "Turn limit (400)",
    "cd.look_title": "Your cauldron (Perluceo)",
    "cd.look_line": "%d. %s",
    "cd.look_top": "(top)",
    "cd.my_recipes": "Your Recipes",
    "cd.recipe_a": "Recipe A: most %s cards",
    "cd.recipe_b": "Recipe B: %s",
    "cd.cauldrons": "Cauldrons",
    "cd.pause": "Paused",
    "cd.result": "Results",
    "cd.total": "%s: %d points",
    "cd.kind_line": "  %s %s: %d",
    "cd.imm_to": "  Immuto -> %s",
    "cd.bonus_a": "  Recipe A (%s): +%d",
    "cd.bonus_b": "  Recipe B (%s): +%d",
    "cd.spells_line": "  Spells: %d",
    "cd.wins": "%s wins",
    "cd.shared": "Shared win: %s",
}

RULES = (
    "Cauldron, after Guenter Burkhardt's \"Glastonbury\", for 2 to 4 players.\n\n"
    "Collect ingredients in your cauldron: several cards of one kind score, a lone card "
    "costs. Only the top card of each cauldron is visible, yours too: remember what you "
    "put in!\n\n"
    "The board: a 6x6 square, the four corners are corner cards. Your pawn walks clockwise "
    "around it over 20 places: the 4 corners and 16 places each facing a row or column of "
    "6 cards.\n\n"
    "Your turn: your pawn moves by the value of the top card of your cauldron (2 when it is "
    "empty; the first turn is 2), then you take any one card of the line it faces. "
    "Ingredients and Immuto go on top of your cauldron; spells go beside it. The place is "
    "refilled from the pile while it has cards. At a corner you take nothing, unless you use "
    "a Declinatio. An empty line gives nothing.\n\n"
    "Immuto (value 0): with it on top your pawn does not move and you take from the line "
    "you took from last turn; if you took nothing last turn, you move by the card under it. "
    "At the end it counts as a card of the kind that helps you most.\n\n"
    "Spells (one a turn):\n"
    "- Accio (2 uses): take a card from any line instead of the faced one; not from a "
    "corner, not a Vanesco or Perluceo.\n"
    "- Declinatio (3 uses): at a corner, move again by the same count and take from that "
    "line, but not a Vanesco or Perluceo.\n"
    "- Vanesco (at once): every other player's top card goes under the pile (out of the game "
    "if the pile is empty).\n"
    "- Perluceo (at once): look through your whole cauldron once.\n\n"
    "End: once the pile is empty, the game ends when someone takes the last card of the line "
    "they took from; they keep it or discard it. A Declinatio that reaches a line holding "
    "only Vanesco or Perluceo ends the game at once. Limit: 400 turns.\n\n"
    "Scoring, per kind: 1 card: minus its value; 2: 0; 3: the sum; 4 or more: the sum + 5. "
    "Cards of your pawn's colour count double (minus too); the +5 never doubles. Spells "
    "score 0.\n\n"
    "Recipes (variant): each player has a secret Recipe A (a colour: most cards of it wins "
    "+1 per card, +2 with 4 players) and B (+10 for fewest cauldron cards, fewest 4s, fewest "
    "spells, most 1s, or taking the card that ends the game). Ties score nothing.\n\n"
    "Two players: the 8 Blue cards are left out.\n\n"
    "Buttons: Up/Down choose a card (the faced line first, then Accio's), A takes it, B "
    "takes nothing when that is allowed, MENU: your Recipes, the rules, quit."
)
