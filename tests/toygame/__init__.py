# Toy game for testing the platform (registry, arena, logs) before any real game exists.
#
# "Eleven": a take-away game with hidden hands, for 2 to 4 players (rules in rules.py). It
# lives under tests/, not firmware/, so its registry entry names the full package path.
# Register it with `registry.register(ENTRY)`, or `python -m tools.arena --register
# tests.toygame ...`.

ENTRY = ("toy", ("Eleven", "Onze"), "tests.toygame", 2, 4)
