"""Reading a game's save back (core.session.Session.open_saved / check_saved do the asking).

Loaded only while a setup screen looks for a save and dropped straight after
(core.session._saved), so a game in play does not hold this code nor its messages.
A damaged save is never dropped silently: the player is told what happened in a sentence
("Saved game was damaged: resumed at move 41 of 57") and the damaged files are kept as `.bad`
(core.storage.set_aside).
"""

from core import storage

# The player's messages about damaged saves (core.strings keys, English when not loaded):
# what happened in a player's words, never a file name.
_SAY = {"save_damaged": "Your saved game was damaged: it goes on from move %d of %d. A copy "
                        "was kept.",
        "save_unreadable": "Your saved game could not be read. A copy was kept."}


def _say(key, args=None):
    from core import strings

    text = strings.t(key)
    text = _SAY[key] if text == key else text
    return text % args if args is not None else text


def open_saved(cls, game_id, rules, data_dir, hold_last=False):
    """Session.open_saved (see there): `cls` is the Session class."""
    snap, status = storage.read_resume(data_dir, game_id)
    if status == "missing":
        return None, None
    if snap is None:
        return None, _say("save_unreadable")
    try:
        s = cls(game_id, rules, snap["options"], snap["seats"], snap["seed"], data_dir)
    except Exception:  # noqa: BLE001 - an old or damaged save must not block a new game
        storage.set_aside_resume(data_dir, game_id)
        return None, _say("save_unreadable")
    actions = snap["actions"]
    last = len(actions) - 1 if hold_last and status != "torn" else -1
    for i in range(len(actions)):
        action = actions[i]
        if i == last:
            # Held back for the table to play again (legal here, or the tail is damaged).
            if action in s.state.legal_actions():
                s.held = action
            break
        try:
            s.state.apply(action)
        except Exception:  # noqa: BLE001 - a damaged tail: keep the moves before it
            break
        s.actions.append(action)
    message = None
    if s.held is not None:
        s._saved = len(actions)     # the save holds it: playing it again writes nothing
        storage.mark_playing(data_dir, game_id)
        return s, None
    saved = len(actions) + (1 if status == "torn" else 0)   # a half-written last move
    if len(s.actions) != saved:
        s.damaged = (len(s.actions), saved)
        storage.set_aside(storage.actions_path(data_dir, game_id))
        message = _say("save_damaged", s.damaged)
    if s.damaged is not None or s.state.is_over():
        s._saved = -1           # rewrite the save as what was really replayed
        s.save()
    else:
        s._saved = len(s.actions)
        storage.mark_playing(data_dir, game_id)     # the game in progress now
    return s, message


def check_saved(game_id, data_dir):
    """Session.check_saved (see there)."""
    if data_dir is None:
        return False, None
    path = storage.resume_path(data_dir, game_id)
    obj, status = storage.load(path, None)
    if status == "missing":
        return False, None
    if status == "ok" and isinstance(obj, dict):
        return True, None
    if status == "ok":
        storage.set_aside(path)
    act = storage.actions_path(data_dir, game_id)
    if storage.exists(act):
        storage.set_aside(act)
    return False, _say("save_unreadable")
