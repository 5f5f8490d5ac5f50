"""A game in progress: rules state, seats, the action record, resume and log.

Every game's view drives play through a Session so that saving, resuming and logging work the
same way everywhere:

- The rules are deterministic from (options, seed), so a game is saved as its options, seed
  and seats (a header written once) and its actions (appended, two bytes each, after every
  move: core.storage.start_resume / write_actions); resuming replays them, so losing power
  loses at most one move. A damaged action file is replayed up to its first illegal action.
- Seats: each is "human" or an AI level ("easy", "normal", "hard").
- AI moves come from the game's ai module with its own forked RNG; the AI gets the state but
  must decide only from what its seat may see (see docs/ARCHITECTURE.md, the game contract).

core.storage is imported only when a save is read or written: a game that is not saved (an
all-AI demo, data_dir None) never loads it.
"""

from core.rng import Rng

HUMAN = "human"
LEVELS = ("easy", "normal", "hard")
# Pause after an AI move so a person can follow (setting "ai_speed").
AI_DELAY_MS = {"slow": 1400, "normal": 700, "fast": 200}


def ai_delay_ms(settings):
    return AI_DELAY_MS.get(settings.get("ai_speed", "normal"), 700)


class Session:
    def __init__(self, game_id, rules, options, seats, seed, data_dir=None, log_path=None):
        self.game_id = game_id
        self.rules = rules
        self.options = options
        self.seats = list(seats)
        self.seed = seed
        self.data_dir = data_dir
        self.actions = []
        self.state = rules.new_game(options, seed)
        self.ai_rng = Rng(seed ^ 0x5EED)
        self.log = None
        self._rounds_logged = 0
        self._saved = -1             # actions already in the save; -1: no header written yet
        if log_path:
            from core.gamelog import GameLog

            self.log = GameLog(log_path)
            self.log.header(game_id, options, seed, self.seats)

    # -- persistence ------------------------------------------------------------------------
    def header(self):
        return {"game": self.game_id, "options": self.options, "seats": self.seats,
                "seed": self.seed}

    def save(self):
        """Bring the save up to date: the header once, then only the new actions."""
        if self.data_dir is None:
            return
        from core import storage

        if self.state.is_over():
            storage.clear_resume(self.data_dir, self.game_id)
            self._saved = -1
        elif self._saved < 0:
            if storage.start_resume(self.data_dir, self.game_id, self.header(), self.actions):
                self._saved = len(self.actions)
        elif self._saved < len(self.actions):
            if storage.write_actions(self.data_dir, self.game_id, self.actions[self._saved:]):
                self._saved = len(self.actions)

    def clear_save(self):
        if self.data_dir is not None:
            from core import storage

            storage.clear_resume(self.data_dir, self.game_id)

    @classmethod
    def resume(cls, game_id, rules, data_dir):
        """The saved game of `game_id`, replayed; None when there is none or it is unusable."""
        from core import storage

        snap = storage.load_resume(data_dir, game_id)
        if not isinstance(snap, dict):
            return None
        try:
            s = cls(game_id, rules, snap["options"], snap["seats"], snap["seed"], data_dir)
        except Exception:  # noqa: BLE001 - an old or damaged save must not block a new game
            storage.clear_resume(data_dir, game_id)
            return None
        actions = snap["actions"]
        for action in actions:
            try:
                s.state.apply(action)
            except Exception:  # noqa: BLE001 - a damaged tail: keep the moves before it
                break
            s.actions.append(action)
        if len(s.actions) != len(actions) or s.state.is_over():
            s._saved = -1           # rewrite the save as what was really replayed
            s.save()
        else:
            s._saved = len(s.actions)
        return s

    # -- play -------------------------------------------------------------------------------
    @property
    def current(self):
        return self.state.current_player

    def is_over(self):
        return self.state.is_over()

    def is_human_turn(self):
        p = self.state.current_player
        return 0 <= p < len(self.seats) and self.seats[p] == HUMAN

    def is_ai_turn(self):
        p = self.state.current_player
        return 0 <= p < len(self.seats) and self.seats[p] != HUMAN

    def apply(self, action):
        """Apply a legal action (ValueError and no change otherwise), record, log, save."""
        player = self.state.current_player
        self.state.apply(action)
        self.actions.append(action)
        if self.log is not None:
            from core.gamelog import log_new_rounds

            self.log.action(player, action, self.state.action_str(action)
                            if hasattr(self.state, "action_str") else None)
            self._rounds_logged = log_new_rounds(self.log, self.state, self._rounds_logged)
            if self.state.is_over():
                self.log.final(self.state.scores())
        self.save()

    def ai_choose(self, ai_module, budget=None):
        """The AI's action for the seat to play (not applied)."""
        seat = self.state.current_player
        return ai_module.choose(self.state, seat, self.seats[seat], self.ai_rng, budget)
