# Match & Collect (GAMES.md section 1): rules.py (engine), ai.py (Easy/Normal/Hard), view.py
# (screens), cards.py (generated deck table, see tools/make_deck88.py).

# Registry entry (the registry line itself is added by the view's author); tools can use
# `python -m tools.arena --register games.match_collect ...` meanwhile.
ENTRY = ("match_collect", "game.match_collect", "games.match_collect", 2, 4)
