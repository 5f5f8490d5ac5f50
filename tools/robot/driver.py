"""The robot's hands: the real app on the headless simulator's virtual clock, pressed one
button at a time, every press written down as a key script token.

A press names a logical button (what the firmware's scenes receive: UP, DOWN, LEFT, RIGHT, A,
B, X, Y, MENU). The driver turns it into what a person presses on the chosen board: on the
Display Pack 2.0 (A, B, X, Y and no d-pad) UP is X, LEFT the chord B+X and MENU B held; on the
Pico-LCD-1.14 there is no X or Y. The tokens it records are the simulator's key script, so
`replay_line()` is a command that plays the very same game again in
`python -m sim --headless` (sim.headless.Runner steps the frames exactly alike for both).
"""

from __future__ import annotations

import hashlib

from sim import headless
from sim import platform as simplatform

LOGICAL = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B", "X", "Y", "MENU")
# How a logical button is pressed on a board without a d-pad (core.input's four-button mode).
FOUR_BUTTONS = {"UP": "X", "DOWN": "Y", "LEFT": "B+X", "RIGHT": "B+Y", "MENU": "HOLD:B:700",
                "A": "A", "B": "B"}
WAIT_CHUNK_MS = 250   # the robot looks at the screen this often while it waits


def board_buttons(board: str) -> tuple[str, ...]:
    """The logical buttons a person can press on `board`."""
    profile = simplatform.board_profile(board)
    if profile["four_buttons"]:
        return tuple(n for n in LOGICAL if n in FOUR_BUTTONS)
    have = profile["buttons"]
    return tuple(n for n in LOGICAL if have & headless.button_bit(n))


def token_for(board: str, name: str) -> str:
    """The key script token that presses logical button `name` on `board`."""
    if simplatform.board_profile(board)["four_buttons"]:
        return FOUR_BUTTONS[name]
    return name


class Driver:
    """One run of the app; `tokens` is the key script so far."""

    def __init__(self, board: str, seed: int, lang: str, data_dir: str, on_frame=None):
        self.board = board
        self.seed = seed
        self.lang = lang
        self.data_dir = data_dir
        self.buttons = board_buttons(board)
        have = simplatform.board_profile(board)["buttons"]
        self.physical = tuple(n for n in LOGICAL if have & headless.button_bit(n))
        self.tokens: list[str] = []
        self.presses = 0
        self.seeds: list[int] = []      # every seed the platform gave (for a replay elsewhere)
        self.runner = headless.Runner(board=board, seed=seed, lang=lang, data_dir=data_dir)
        self.app = self.runner.app
        self.platform = self.runner.platform
        self.runner.on_frame = on_frame
        plat = self.platform
        draw_seed = plat.seed

        def seed_logged():
            s = draw_seed()
            self.seeds.append(s)
            return s

        plat.seed = seed_logged   # type: ignore[method-assign]

    def __enter__(self):
        self.runner.__enter__()
        return self

    def __exit__(self, *exc):
        self.runner.__exit__(*exc)

    @property
    def now(self) -> int:
        """Script time in ms."""
        return self.runner.t

    def press(self, name: str) -> None:
        """Press logical button `name` as a person does on this board."""
        if name not in self.buttons:
            raise ValueError("the %s board cannot press %s" % (self.board, name))
        token = token_for(self.board, name)
        ms = headless.PRESS_MS
        keys = token
        if token.startswith("HOLD:"):
            _hold, keys, held = token.split(":")
            ms = int(held)
        self.tokens.append(token)
        self.presses += 1
        self.runner.press(headless.button_bit(keys), ms)

    def wait(self, ms: int = WAIT_CHUNK_MS) -> None:
        tokens = self.tokens
        if tokens and tokens[-1].startswith("WAIT:"):
            tokens[-1] = "WAIT:%d" % (int(tokens[-1][5:]) + ms)
        else:
            tokens.append("WAIT:%d" % ms)
        self.runner.wait(ms)

    def screen_hash(self) -> bytes:
        """A digest of the pixels on the panel now."""
        return hashlib.blake2b(self.platform.display.pixels, digest_size=16).digest()

    def key_script(self) -> str:
        return ",".join(self.tokens)

    def replay_line(self) -> str:
        """A command that plays this run again in the headless simulator (after a power cut,
        tools.robot.feel: one command per power-on, on one data folder)."""
        if getattr(self, "cuts", None):
            from tools.robot import feel

            return 'd=$(mktemp -d); ' + "; ".join(feel.replay_lines(self, '"$d"'))
        return ("python -m sim --headless --board %s --lang %s --seed %d --keys \"%s\""
                % (self.board, self.lang, self.seed, self.key_script()))
