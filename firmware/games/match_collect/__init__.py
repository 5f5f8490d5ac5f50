# Match & Collect (GAMES.md section 1): rules.py (engine), ai.py (Easy/Normal/Hard), view.py
# (the table), setup_screen.py (its setup, on kit.setup), summary.py and browse.py (screens
# opened over the table), cards.py (generated deck table), lang_en.py / lang_fr.py (strings).

# Its registry line (registry.py has the same; tools can use
# `python -m tools.arena --register games.match_collect ...`).
ENTRY = ("match_collect", ("Match & Collect", "Match & Collect"), "games.match_collect", 2, 4)
