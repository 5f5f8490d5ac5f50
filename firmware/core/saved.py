"""Reading a game's save back (core.session.Session.open_saved / check_saved do the asking).

Loaded only while a setup screen looks for a save and dropped straight after
(core.session._saved), so a game in play does not hold this code nor its messages.
A damaged save is never dropped silently: the player is told what happened in a sentence
("Saved game was damaged: resumed at move 41 of 57") and the damaged files are kept as `.bad`
(core.storage.set_aside).
"""

from core import storage

# The player's messages about damaged saves (core.strings keys, English when not loaded).
_SAY = {"save_damaged": "Saved game was damaged: resumed at move %d of %d",
        "save_unreadable": "Saved game could not be read: kept as %s"}


def _say(key, args):
    from core import strings

    text = strings.t(key)
    return (_SAY[key] if text == key else text) % args


def open_saved(cls, game_id, rules, data_dir):
    """Session.open_saved (see there): `cls` is the Session class."""
    snap, status = storage.read_resume(data_dir, game_id)
    if status == "missing":
        return None, None
    bad = "resume_" + game_id + ".json.bad"
    if snap is None:
        return None, _say("save_unreadable", bad)
    try:
        s = cls(game_id, rules, snap["options"], snap["seats"], snap["seed"], data_dir)
    except Exception:  # noqa: BLE001 - an old or damaged save must not block a new game
        storage.set_aside_resume(data_dir, game_id)
        return None, _say("save_unreadable", bad)
    actions = snap["actions"]
    for action in actions:
        try:
            s.state.apply(action)
        except Exception:  # noqa: BLE001 - a damaged tail: keep the moves before it
            break
        s.actions.append(action)
    message = None
    if len(s.actions) != len(actions):
        s.damaged = (len(s.actions), len(actions))
        storage.set_aside(storage.actions_path(data_dir, game_id))
        message = _say("save_damaged", s.damaged)
    if s.damaged is not None or s.state.is_over():
        s._saved = -1           # rewrite the save as what was really replayed
        s.save()
    else:
        s._saved = len(s.actions)
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
    return False, _say("save_unreadable", "resume_" + game_id + ".json.bad")
