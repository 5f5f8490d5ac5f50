"""Whole-state comparison for "an illegal action changes nothing" (issue #17).

snapshot(obj) turns a game state into plain nested values, every field and deep: lists,
tuples, dicts, bytearrays and bytes by content, objects (the state itself, its Rng) by their
__dict__ (an Rng also by getstate()), so a reordered pile, a changed total, a pending choice,
a knowledge bit or a generator that moved all show as a difference.

refused(state, action, match=None): apply must raise ValueError (whose text contains
`match`, if given) and the snapshot after equals the one before.
"""

import pytest


def snapshot(obj, _depth=0):
    if _depth > 40:
        raise AssertionError("state nests too deep to compare")
    d = _depth + 1
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, (bytes, bytearray, memoryview)):
        return ("bytes", bytes(obj))
    if isinstance(obj, (list, tuple)):
        return (type(obj).__name__, tuple(snapshot(x, d) for x in obj))
    if isinstance(obj, dict):
        return ("dict", tuple(sorted((repr(k), snapshot(v, d)) for k, v in obj.items())))
    if isinstance(obj, (set, frozenset)):
        return ("set", tuple(sorted(repr(x) for x in obj)))
    out = [("class", type(obj).__name__)]
    getstate = getattr(obj, "getstate", None)
    if callable(getstate):
        out.append(("getstate", snapshot(getstate(), d)))
    fields = getattr(obj, "__dict__", None)
    if fields is None:
        raise AssertionError("cannot compare a %s" % type(obj).__name__)
    for k in sorted(fields):
        out.append((k, snapshot(fields[k], d)))
    return tuple(out)


def differences(a, b, path="state"):
    """Paths where two snapshots differ (for a readable failure)."""
    if a == b:
        return []
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b) and a and \
            all(isinstance(x, tuple) and len(x) == 2 for x in a + b):
        out = []
        for (ka, va), (kb, vb) in zip(a, b):
            if ka != kb:
                return [path]
            out += differences(va, vb, "%s.%s" % (path, ka))
        return out or [path]
    return [path]


def refused(state, action, match=None):
    """Apply `action`, which must be illegal: ValueError, and the whole state unchanged."""
    before = snapshot(state)
    with pytest.raises(ValueError) as err:
        state.apply(action)
    if match is not None:
        assert match in str(err.value), (match, str(err.value))
    after = snapshot(state)
    assert after == before, "refused action changed %s" % differences(before, after)
    return str(err.value)
