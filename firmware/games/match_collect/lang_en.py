# Match & Collect's English strings (kit.lang convention: T, the table; RULES, how to play);
# French in lang_fr.py (same keys). kit.lang.load merges the language in use when the game
# starts; the main menu removes them when it leaves.
# Location names are proper nouns and stay the same in both languages (games.deck88).
# "%s" / "%d" slots are filled by view.py with the % operator (no str.format_map on the Pico).

T = {
    # seats: index = seat; 2 players You/North, 3 You/West/East, 4 You/West/North/East
    # (clockwise from you). In an all-AI game seat 0 is "South".
    "mc.seats2": "You,North",
    "mc.seats3": "You,West,East",
    "mc.seats4": "You,West,North,East",
    "mc.south": "South",
    "mc.colors": "Red,Blue,Yellow,Green",
    "mc.symbols": "Stag,Mountain,Moon,Sun,Wave,Tree,Crown,Key",
    "mc.wonders": "Legendary,Messenger,Guide,Portal,Shelter,Offering",
    "mc.wonder_codes": "Leg,Msg,Gde,Prt,Shl,Off",
    "mc.melds": "Mirror Pair,Symbol Run,Colour Run,Rainbow,Location Group,Wonder Set",
    # setup
    "mc.players": "Players",
    "mc.opponent": "%s level",
    "mc.reshuffle": "Reshuffle",
    "mc.quick": "Quick Rounds",
    "mc.length": "Length",
    "mc.len_standard": "Standard",
    "mc.len_shorter": "Shorter",
    "mc.len_longer": "Longer",
    "mc.on": "On",
    "mc.off": "Off",
    "mc.target": "to %d",
    # table
    "mc.h_hand": "Hand",
    "mc.h_laid": "Laid",
    "mc.h_total": "Total",
    "mc.h_round": "Round",
    "mc.h_bonus": "Bonus",
    "mc.discard": "Discard",
    "mc.round": "Round %d",
    "mc.cards_n": "%d cards",
    "mc.melds_n": "%d melds",
    "mc.pts": "%d pts",
    "mc.turn_of": "%s to play",
    "mc.ph_draw": "Draw: pile or discard",
    "mc.ph_main": "Call, meld, Wonder, then discard",
    "mc.ph_choice": "Choose",
    "mc.ph_ai": "%s is playing",
    "mc.thinking": "%s is thinking...",
    "mc.pick_hint": "Pick cards to build a meld",
    "mc.not_meld": "Not a meld",
    "mc.adds_to": "Adds to %s: %d",
    "mc.preview": "%s: %d",
    "mc.hint_hand": "{LR} Card  A Pick  B Actions  {MENU} Menu",
    "mc.hint_hand4": "{UD} Card  A Pick  B Actions  {MENU} Menu",
    "mc.hint_pick": "{LR} Card  A Choose  B Options",
    "mc.hint_pick4": "{UD} Card  A Choose  B Options",
    "mc.hint_wait": "{MENU} Pause",
    "mc.actions": "Actions",
    "mc.act_draw": "Draw from the pile (%d)",
    "mc.act_take": "Take %s",
    "mc.act_meld": "Lay %s (%d)",
    "mc.act_extend": "Add to %s (%d)",
    "mc.act_wonder": "Play %s",
    "mc.act_discard": "Discard %s",
    "mc.act_call": "Call a location (free)",
    "mc.act_clear": "Clear selection",
    "mc.act_sort": "Sort by: %s",
    "mc.act_browse": "Browse discard pile",
    "mc.act_melds": "All melds",
    "mc.act_scores": "Scores",
    "mc.act_done": "Done",
    "mc.sort_symbol": "symbol",
    "mc.sort_location": "location",
    "mc.sort_colour": "colour",
    "mc.sort_wonder": "Wonder type",
    "mc.call_which": "Call which location?",
    "mc.name_which": "Messenger: name a location",
    "mc.shelter_q": "Shelter: protect your hand, or take a card from the discard pile?",
    "mc.shelter_hand": "Protect my hand",
    "mc.shelter_take": "Take from the discard",
    "mc.offer_q": "Offering: take from the discard pile, or swap cards for fresh ones?",
    "mc.offer_take": "Take from the discard",
    "mc.offer_swap": "Swap for fresh cards",
    "mc.p_guide_keep": "Guide: keep a card",
    "mc.p_guide_order": "Guide: next card back on top",
    "mc.p_shelter": "Shelter: take a card",
    "mc.p_offer_take": "Offering: take a card",
    "mc.p_offer_return": "Offering: give back a card",
    "mc.p_offer_swap": "Offering: swap a card",
    "mc.p_messenger": "Messenger: name a location",
    "mc.empty": "(empty)",
    "mc.no_melds": "no melds",
    "mc.melds_title": "Melds",
    "mc.discard_title": "Discard pile (%d)",
    "mc.sheltered": "sheltered",
    "mc.wonders_played": "Wonders",
    # announcements
    "mc.a_draw": "%s drew a card",
    "mc.a_take": "%s took %s",
    "mc.a_meld": "%s laid %s: %d",
    "mc.a_extend": "%s added to %s: %d",
    "mc.a_wonder": "%s played %s",
    "mc.a_discard": "%s discarded %s",
    "mc.a_call": "%s called %s",
    "mc.a_messenger": "%s's Messenger named %s",
    "mc.a_gave": ": you gave %d",
    "mc.a_got": ": got %d",
    "mc.a_nothing": ": nobody had any",
    "mc.a_shelter": "%s sheltered the hand",
    "mc.a_pick": "%s chose a card",
    "mc.a_out": "%s went out!",
    # round summary and end
    "mc.round_over": "Round %d over",
    "mc.r_out": "went out +25",
    "mc.r_hand": "hand",
    "mc.r_wonders": "Wonders +%d",
    "mc.r_round": "round",
    "mc.r_total": "total",
    "mc.hint_summary": "{UD} Scroll  A Continue",
    "mc.hint_over": "{UD} Scroll  A Next",
    "mc.shared_win": "Shared win",
    "mc.wins": "%s wins!",
    "mc.y_draw": "You drew %s",
    "mc.y_take": "You took %s",
    "mc.y_meld": "You laid %s: %d",
    "mc.y_extend": "You added to %s: %d",
    "mc.y_wonder": "You played %s",
    "mc.y_discard": "You discarded %s",
    "mc.y_call": "You called %s",
    "mc.y_messenger": "Your Messenger named %s",
    "mc.y_got": ": you got %d",
    "mc.y_shelter": "You sheltered your hand",
    "mc.y_out": "You went out!",
}

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
