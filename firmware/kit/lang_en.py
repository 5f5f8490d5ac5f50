# The game kit's own English strings (setup screens, saved games), merged by kit.lang.load
# before the game's table whenever a game opens: the console's boot table does not carry them.
T = {
    "refused": "That cannot be done now.",
    "opponent": "Opponent",
    "opponent_n": "Opponent %d",
    "num_players": "Players",
    "solo": "None (solo)",
    "high_scores": "High scores",
    "no_scores": "No scores yet",
    "replace_save": "Start a new game? The game you left will be lost.",
    "save_damaged": "Your saved game was damaged: it goes on from move %d of %d. A copy "
                    "was kept.",
    "save_unreadable": "Your saved game could not be read. A copy was kept.",
    "scores_unreadable": "High scores could not be read: kept as %s",
    "history": "History",
    "history_resumed": "Game resumed after move %d (earlier moves are not listed)",
    "history_empty": "Nothing has happened yet.",
    "again": "Play again",
    "setup": "Setup",
    "to_menu": "Menu",
    "what_next": "What next?",
    "you": "You",
    "seats2": "South,North",
    "seats3": "South,West,East",
    "seats4": "South,West,North,East",
    "result_win": "%s wins",
    "result_you": "You win",
    "result_shared": "Shared win",
    "hint_over": "A What next?  {MENU} Menu",
    "hint_result": "A What next?  B Back",
    "hint_demo": "B Back  {MENU} Menu",
    "statistics": "Statistics",
    "stats_of": "%s statistics",
    "stats_cols": "Pl,Won,Lost,Drw,Strk,Best",
    "stats_none": "No games yet",
    "stats_solo": "Solo",
    "stats_hint": "{UD} Scroll  A Reset  B Back",
    "stats_reset": "Reset",
    "stats_reset_q": "Reset the statistics of %s? All the counts go back to zero.",
    "stats_was_reset": "Statistics reset",
    "stats_unreadable": "Statistics could not be read: kept as %s",
    "tip": "Tip",
    "tip.memory": "Turn over two cards a turn: a pair in the mode shown top left (colour, "
                  "symbol or location; B changes it) scores. Against the AI the turn passes "
                  "after each try.  A Flip  B Mode  {MENU} Hint, Peek",
    "tip.mem_offer": "Location bonus: flip the card of that place in one go for the points "
                     "shown, or decline.  {UD} Choose  A Confirm",
    "tip.match252": "Two actions a turn: reveal a face-down card, or move a face-up card to "
                    "make pairs of the same rank.  {DPAD} Choose  A Reveal/Move  {MENU} Menu",
    "tip.m252_special": "A special match: an Ace takes a card, a Jack looks at a face-down "
                        "card, a Queen reveals one.  {DPAD} Choose  A Confirm",
    "tip.match_collect": "Build melds from your hand, then discard; the line at the bottom "
                         "names the buttons.  A Pick  B Actions  {MENU} Menu",
    "tip.mc_wonder": "A Wonder asks you to choose what it does.  {UD} Choose  A Confirm  "
                     "B Cancel",
    # Power-on with a game in progress (kit.resume): its table straight away.
    "welcome_back": "Back in your game. B: main menu",
    # The pause menu's "?" row (kit.learn: this phase and its buttons) and the mute shortcut.
    "help_row": "? What now",
    "sound_on_row": "Sound: on",
    "sound_off_row": "Sound: off",
}
