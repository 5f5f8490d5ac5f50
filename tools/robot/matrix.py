"""Which runs make a pass: games x boards x languages, players and levels varied by seed."""

from __future__ import annotations

import random

from tools.robot.player import AFTER, GAMES, Plan

FEELS = ("sleep", "power", "inspect")   # tools.robot.feel's moments
# The games whose tables show a card whole while A is held (their learn.holds), on some
# board at least: the short pass holds A there, and sleeps elsewhere.
HOLDING = ("memory", "match_collect", "cauldron")

BOARDS = ("pico_lcd_1_3", "pico_lcd_1_14", "display_pack_2")
LANGS = ("en", "fr")
LEVELS = ("easy", "normal", "hard")


def plans(games: int, seed: int, only_game=None, only_board=None, only_lang=None,
          per_game: bool = True) -> list[Plan]:
    """`games` runs per game (per_game) or in all, walking the matrix so that every game
    meets every board and language early, with players, levels, the after-game choice and a
    quit-and-resume drawn from `seed`."""
    rng = random.Random(seed)
    ids = [only_game] if only_game else list(GAMES)
    boards = [only_board] if only_board else list(BOARDS)
    langs = [only_lang] if only_lang else list(LANGS)
    out = []
    total = games * len(ids) if per_game else games
    for i in range(total):
        game = ids[i % len(ids)]
        k = i // len(ids)
        board = boards[(k + ids.index(game)) % len(boards)]
        lang = langs[(k // len(boards) + ids.index(game)) % len(langs)]
        run_seed = rng.randrange(1, 1 << 30)
        quit_at = rng.randrange(1, 30) if rng.random() < 0.25 else None
        history_at = rng.randrange(1, 40) if rng.random() < 0.3 else None
        feel = FEELS[rng.randrange(len(FEELS))] if rng.random() < 0.3 else None
        feel_at = rng.randrange(0, 40) if feel else None
        out.append(Plan(game, board, lang, run_seed, after=AFTER[k % len(AFTER)],
                        levels=None, quit_at=quit_at, history_at=history_at,
                        b_on_after=rng.random() < 0.15, feel=feel, feel_at=feel_at))
    return out


def short_plans(seed: int = 1) -> list[Plan]:
    """The short pass: every game on every board once, languages alternated, each after-game
    choice, a quit-and-resume in some, and one console moment in each: sleep, a power cut,
    a card held (every game meets each on some board)."""
    out = []
    rng = random.Random(seed)
    for gi, game in enumerate(GAMES):
        for bi, board in enumerate(BOARDS):
            lang = LANGS[(gi + bi) % 2]
            feel = FEELS[(gi + 2 * bi) % 3]
            if feel == "inspect" and game not in HOLDING:
                feel = "sleep"
            out.append(Plan(game, board, lang, rng.randrange(1, 1 << 30),
                            after=AFTER[(gi + bi) % 3],
                            levels=[LEVELS[(gi + bi + s) % 3] for s in range(3)],
                            quit_at=5 if (gi + bi) % 4 == 0 else None,
                            history_at=3 if (gi + bi) % 3 == 1 else None,
                            b_on_after=(gi + bi) % 5 == 2,
                            feel=feel, feel_at=2 + gi + bi))
    return out
