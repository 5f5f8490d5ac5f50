# The game kit's own English strings (setup screens, saved games), merged by kit.lang.load
# before the game's table whenever a game opens: the console's boot table does not carry them.
T = {
    "opponent": "Opponent",
    "opponent_n": "Opponent %d",
    "num_players": "Players",
    "solo": "None (solo)",
    "high_scores": "High scores",
    "no_scores": "No scores yet",
    "replace_save": "Start a new game? The game you left will be lost.",
    "save_damaged": "Saved game was damaged: resumed at move %d of %d",
    "save_unreadable": "Saved game could not be read: kept as %s",
    "scores_unreadable": "High scores could not be read: kept as %s",
    "history": "History",
    "history_resumed": "Game resumed after move %d (earlier moves are not listed)",
    "history_empty": "Nothing has happened yet.",
    "again": "Play again",
    "setup": "Setup",
    "to_menu": "Menu",
    "what_next": "What next?",
}
