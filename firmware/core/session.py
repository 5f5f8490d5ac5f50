"""A game in progress: rules state, seats, the action record, resume and log.

Every game's view drives play through a Session so that saving, resuming and logging work the
same way everywhere:

- The rules are deterministic from (options, seed), so a game is saved as its options, seed
  and seats (a header written once) and its actions (appended, two bytes each, after every
  move: core.storage.start_resume / write_actions); resuming replays them, so losing power
  loses at most one move. A damaged action file is replayed up to its first illegal action.
- Seats: each is "human" or an AI level, one of LEVELS ("easy", "normal", "hard"): the one
  list of levels every game and screen uses.
- AI moves come from the game's ai module with its own forked RNG; the AI gets the state but
  must decide only from what its seat may see (see docs/ARCHITECTURE.md, the game contract).
  `ai_choose` checks, for every game, that the seat to move is an AI seat with a known level
  and that the AI's answer is legal, so a game's `ai.choose` need not repeat those checks.
- A damaged save is never dropped silently: `open_saved` says what happened in a sentence for
  the player ("Saved game was damaged: resumed at move 41 of 57") and keeps the damaged files
  as `.bad` (core.storage.set_aside).

core.storage is imported only when a save is read or written: a game that is not saved (an
all-AI demo, data_dir None) never loads it.
"""

from core.rng import Rng

HUMAN = "human"
LEVELS = ("easy", "normal", "hard")


def ai_delay_ms(settings):
    """The pause after an AI's move, so a person can follow (setting ai_speed): slow 1400,
    normal 700, fast 200 ms. (Tests, not a dict: a dict stays in the heap.)"""
    speed = settings.get("ai_speed", "normal")
    return 1400 if speed == "slow" else 200 if speed == "fast" else 700


def _saved(name, args):
    """core.saved.<name>(*args), the module dropped again afterwards."""
    from core import modules, saved

    try:
        return getattr(saved, name)(*args)
    finally:
        modules.drop("core.saved")


def _reserve(n):
    """An empty list with room for `n` items, taken now (a game's actions: a list that
    doubles when full wants a block twice its size, late in a long game when the heap is
    most broken up: Match & Collect's 400-630 actions failed there under `make memcheck`).
    MicroPython keeps a list's room when a slice of it is deleted."""
    out = [0] * n if n > 0 else []
    del out[:]
    return out


def check_seats(seats):
    """ValueError unless every seat is HUMAN or one of LEVELS."""
    for i in range(len(seats)):
        if seats[i] != HUMAN and seats[i] not in LEVELS:
            raise ValueError("seat %d is %r: not %r nor a level (%s)" % (
                i, seats[i], HUMAN, ", ".join(LEVELS)))


class Session:
    def __init__(self, game_id, rules, options, seats, seed, data_dir=None, log_path=None):
        check_seats(seats)
        self.game_id = game_id
        self.rules = rules
        self.options = options
        self.seats = list(seats)
        self.damaged = None          # (replayed, saved) moves, resumed from a damaged save
        self.held = None             # open_saved(hold_last=True): the last move, not replayed
        self.seed = seed
        self.data_dir = data_dir
        self.actions = _reserve(getattr(rules, "ACTIONS_HINT", 0))
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
                storage.mark_playing(self.data_dir, self.game_id)   # back to it at power-on
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
        return cls.open_saved(game_id, rules, data_dir)[0]

    @classmethod
    def open_saved(cls, game_id, rules, data_dir, hold_last=False):
        """(session or None, message or None): the saved game replayed, and what the player
        must be told about it (None when all is well or there is no save).
        - no save: (None, None);
        - a header that cannot be read, or options the rules refuse: (None, "Saved game could
          not be read: kept as resume_<id>.json.bad"); both files are kept as .bad;
        - an action file whose tail is damaged: the moves before the damage are replayed, the
          damaged file is kept as .act.bad and the save rewritten as what was replayed:
          (session, "Saved game was damaged: resumed at move 41 of 57"); session.damaged is
          (41, 57).
        With `hold_last` the last move is checked but not replayed: it is `session.held` (None
        when there was no move, or the save was damaged), for the table to play it again and
        show what it did (kit.resume, at power-on); the save already holds it.
        The work is in core.saved, loaded for this call only (a game in play never holds it)."""
        return _saved("open_saved", (cls, game_id, rules, data_dir, hold_last))

    @staticmethod
    def check_saved(game_id, data_dir):
        """(True, None) when a save of `game_id` is on file and its header reads; (False,
        None) when there is none; (False, message) when the header is damaged (both files
        are kept as .bad, the message says so). Reads only the small header: no replay
        (core.saved, loaded for this call only)."""
        return _saved("check_saved", (game_id, data_dir))

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

    def apply(self, action, save=True):
        """Apply a legal action (ValueError and no change otherwise), record, log, and save
        unless `save` is False (kit.turns saves once the move is on screen)."""
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
        if save:
            self.save()

    def ai_choose(self, ai_module, budget=None):
        """The AI's action for the seat to play (not applied).

        The checks every game's AI would otherwise repeat live here: the seat to move is a
        seat of this game, played by the AI at one of LEVELS; the game has a legal action;
        the AI's answer is one of them (ValueError naming the problem otherwise)."""
        state = self.state
        seat = state.current_player
        if seat < 0 or seat >= len(self.seats):
            raise ValueError("no seat may move now (current player %d)" % seat)
        level = self.seats[seat]
        if level not in LEVELS:
            raise ValueError("seat %d is %r, not an AI level (%s)" % (seat, level,
                                                                      ", ".join(LEVELS)))
        legal = state.legal_actions()
        if not legal:
            raise ValueError("seat %d has no legal action" % seat)
        action = ai_module.choose(state, seat, level, self.ai_rng, budget)
        if action not in legal:
            raise ValueError("the %s AI chose %r, not a legal action of seat %d" % (
                level, action, seat))
        return action
