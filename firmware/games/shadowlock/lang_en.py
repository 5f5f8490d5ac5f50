# Shadow Lock strings, English (kit.lang merges T when the game opens; RULES for How to play).
# Second person for the player ("You draw 7 Red"), third for an AI ("East played Swipe on you").

T = {
    "tip.shadowlock": "Draw from pile A or B, then stop to keep your pile, or draw again. "
                   "A Shadow, three of one colour or two of one value in a row loses it.  "
                   "{UD} Choose  A Do  {MENU} Menu",
    "sl.mode": "Mode",
    "sl.classic": "Classic (5 rounds)",
    "sl.discovery": "Discovery (3 rounds)",
    "sl.odds": "Show odds",
    "sl.off": "Off",
    "sl.on": "On",
    "sl.you": "You",
    "sl.you_lc": "you",
    "sl.yourself": "yourself",
    "sl.seats": "South,East,North,West",
    "sl.colours": "Red,Blue,Yellow,Green",
    "sl.rainbow": "Rainbow",
    "sl.shadow": "Shadow",
    "sl.actions": "Joker,Double,Skip,Flip,Swipe,Quantum",
    "sl.boxes": "Pair,Two pairs,Three of a kind,Four of a kind,Flush,Full colour,Small run,"
                "Long run,Rainbow run,Collector",
    "sl.box_codes": "P,2P,3K,4K,F,FC,SR,LR,RR,C",
    "sl.families": "Value,Colour,Run,Bonus",
    # status line
    "sl.your_turn": "Your turn: lock or draw",
    "sl.your_draw": "Draw again or stop",
    "sl.your_forced": "Draw again (you must)",
    "sl.your_owed": "Double: draw %d more",
    "sl.your_shadow": "Shadow! Discard, keep, or Joker",
    "sl.your_quantum": "Quantum: keep one card or none",
    "sl.your_skipped": "Your turn is skipped",
    "sl.your_validate": "Round %d, %s: validate?",
    "sl.turn_of": "%s's turn",
    "sl.validating": "%s validates...",
    "sl.round": "Round %d/%d",
    "sl.turn": "turn %d",
    # the table
    "sl.pile": "%s %d",
    "sl.odds_pct": "stop %d%%",
    "sl.your_pile": "Your pile",
    "sl.pile_of": "%s's pile",
    "sl.empty": "(empty)",
    "sl.reserve": "Reserve:",
    "sl.none": "-",
    "sl.card_box": "%d/10 boxes, %d pts",
    "sl.locked": "locked",
    "sl.cards_n": "%d cards",
    "sl.opp": "%s %d%s  %d/10 %dp",
    # the menu of actions
    "sl.a_lock": "Lock my pile (%d cards)",
    "sl.a_draw": "Draw from pile %s",
    "sl.a_draw_odds": "Draw from %s (stop %d%%)",
    "sl.a_stop": "Stop (keep the pile)",
    "sl.a_flip": "Flip: look at both tops",
    "sl.a_double": "Double on %s",
    "sl.a_skip": "Skip %s",
    "sl.a_swipe": "Swipe piles with %s",
    "sl.a_quantum": "Quantum on pile %s",
    "sl.a_joker": "Joker: keep the pile, draw on",
    "sl.a_sh_discard": "Discard the Shadow, keep my pile",
    "sl.a_sh_keep": "Keep the Shadow, lose my pile",
    "sl.a_keep": "Keep %s",
    "sl.a_none": "Keep none",
    "sl.a_pass": "Pass",
    "sl.a_validate": "%s: %d pts",
    "sl.a_joker_used": " (joker)",
    "sl.a_best": " *best",
    "sl.a_decline": "Decline (keep boxes open)",
    # announcements
    "sl.ev_draw_you": "You draw %s",
    "sl.ev_draw": "%s draws %s",
    "sl.ev_bust_you": "STOP, %s: you lose %d cards",
    "sl.ev_bust": "STOP, %s: %s loses %d cards",
    "sl.why_value": "same value twice",
    "sl.why_colour": "3 of one colour",
    "sl.ev_stop_you": "You stop",
    "sl.ev_stop": "%s stops",
    "sl.ev_lock_you": "You lock %d cards",
    "sl.ev_lock": "%s locks %d cards",
    "sl.ev_play_you": "You play %s",
    "sl.ev_play": "%s played %s",
    "sl.ev_play_on_you": "You play %s on %s",
    "sl.ev_play_on": "%s played %s on %s",
    "sl.ev_shd_you": "You discard the Shadow",
    "sl.ev_shd": "%s discards the Shadow",
    "sl.ev_shk_you": "You keep the Shadow, %d cards lost",
    "sl.ev_shk": "%s keeps the Shadow, %d cards lost",
    "sl.ev_keep_you": "You keep %s",
    "sl.ev_keep": "%s keeps %s",
    "sl.ev_keep_none_you": "You keep nothing",
    "sl.ev_keep_none": "%s keeps nothing",
    "sl.ev_reveal": "Quantum shows %s",
    "sl.ev_skipped_you": "Your turn is skipped",
    "sl.ev_skipped": "%s's turn is skipped",
    "sl.ev_doubled_you": "Double: you must draw 2",
    "sl.ev_doubled": "Double: %s must draw 2",
    "sl.ev_pass_you": "You pass",
    "sl.ev_pass": "%s passes",
    "sl.ev_lost_you": "Round over: your unlocked %d cards are lost",
    "sl.ev_lost": "Round over: %s loses %d unlocked cards",
    "sl.ev_validate_you": "You validate %s: %d pts",
    "sl.ev_validate": "%s validates %s: %d pts",
    "sl.ev_new_round": "Round %d: new piles",
    "sl.ev_no_cards": "The piles are empty",
    "sl.you_look": "Flip: pile A shows %s, pile B shows %s",
    "sl.pause": "Paused",
    "sl.browse": "Piles and scorecards",
    "sl.odds_row": "Show odds: %s",
    "sl.round_title": "Round %d scored",
    "sl.round_line": "%s +%d = %d (%d/10)",
    "sl.final": "Final scorecards",
    "sl.wins": "%s wins",
    "sl.by_boxes": "Discovery: most boxes wins",
    "sl.by_points": "Classic: most points wins",
    "sl.total": "Total",
    "sl.nboxes": "Boxes",
    "sl.h_act": "{UD} Choose  A Do  {MENU} Menu",
    "sl.h_wait": "{MENU} Menu",
    "sl.h_demo": "B Back  {MENU} Menu",
    "sl.h_browse": "{UD} Player  B Back",
    "sl.h_result": "A Next  B Back",
}

RULES = (
    "Shadow Lock, for 2 to 4 players.\n\n"
    "72 cards: numbers 1-12 in Red, Blue, Yellow and Green, 4 Rainbow, 6 Shadow and 14 "
    "actions (Joker x3, Double x2, Skip x2, Flip x3, Swipe x2, Quantum x2), shuffled into "
    "two face-down piles, A and B.\n\n"
    "Your turn: lock your pile (that is the whole turn; you sit out the rest of the round) or "
    "draw. Draw from either pile, then draw again or stop. Stopping keeps your pile for "
    "later turns. Numbers join your pile. A Rainbow joins it and you must draw again. Action "
    "cards go to your reserve (kept across rounds, seen by all).\n\n"
    "STOP: the turn ends and your unlocked pile is lost when, among the numbers drawn THIS "
    "turn, two in a row have the same value, or three in a row have the same colour "
    "(Rainbows and actions between them do not count and do not break the run).\n"
    "Shadow: the turn ends; discard the Shadow and keep your pile, or keep the Shadow as a "
    "new pile and lose the old one. A Joker played then discards the Shadow, keeps your pile "
    "and you draw again.\n\n"
    "Actions, any time in your turn (also before drawing): Joker and Flip keep the turn; "
    "Quantum is your last action; the others end the turn.\n"
    "- Double: that player's next turn: no lock, no stop before 2 draws.\n"
    "- Skip: that player's next turn is skipped (they may still play an action).\n"
    "- Flip: look at the top card of both piles (only you see them).\n"
    "- Swipe: exchange your unlocked pile with the unlocked pile of the next or previous "
    "player.\n"
    "- Quantum: reveal the top 3 cards of a pile, keep at most one (not a Shadow).\n\n"
    "A round ends when everyone has locked, both piles are empty, or after 60 turns; "
    "unlocked piles are lost. Then everything but the reserves is shuffled into two new "
    "piles.\n\n"
    "Scoring: for each family (Value, Colour, Run, Bonus) you may validate ONE open box "
    "your locked pile meets, or decline and keep the boxes open. A validated box is frozen. "
    "Points = base + the highest value in the combination: Pair 2, Two pairs 4, Three of a "
    "kind 6, Four of a kind 15, Flush (5 of a colour) 8, Full colour (6) 12, Small run (3) "
    "5, Long run (5) 12, Rainbow run (4 values, 4 colours) 18; Collector (10 cards) a flat "
    "10. A Rainbow or Shadow in your pile is a joker: it stands for one missing card (in a "
    "colour, the highest value); one joker per combination; each joker completes one "
    "combination a round. Runs do not wrap.\n\n"
    "Classic: 5 rounds, most points wins. Discovery: 3 rounds, most boxes wins, points break "
    "ties. The game also ends after a round in which someone fills all 10 boxes.\n\n"
    "Buttons: Up/Down choose an action, A does it, MENU pauses (piles and scorecards of "
    "every player, show odds, how to play, quit: the game stays saved)."
)
