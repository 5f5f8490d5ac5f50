"""tests/ci.py: a missing prerequisite skips locally and fails under CI=true."""

import pytest

from tests import ci


def outcome(fn, *args):
    """"skip", "fail" (with its message) or "ran": caught here, so that a skip raised by
    `fn` cannot turn this test itself into a skip."""
    try:
        fn(*args)
    except pytest.skip.Exception as e:
        return "skip", str(e)
    except pytest.fail.Exception as e:
        return "fail", str(e)
    return "ran", ""


def test_missing_assets_skip_locally_and_fail_under_ci(monkeypatch, tmp_path):
    monkeypatch.delenv("CI", raising=False)
    assert ci.gen_missing(tmp_path) == "firmware/gen/font_small.bin not built (make assets)"
    assert outcome(ci.require_gen, tmp_path)[0] == "skip"
    monkeypatch.setenv("CI", "true")
    kind, message = outcome(ci.require_gen, tmp_path)
    assert kind == "fail" and "make assets" in message
    for name in ci.GEN_FILES:
        (tmp_path / name).write_bytes(b"x")
    assert outcome(ci.require_gen, tmp_path)[0] == "ran"   # all there: nothing happens


def test_needs_decorator(monkeypatch):
    calls = []

    @ci.needs(None)
    def present():
        calls.append(1)

    @ci.needs("no app yet")
    def absent(x, y=2):
        calls.append(2)

    assert outcome(present) == ("ran", "")
    monkeypatch.delenv("CI", raising=False)
    assert outcome(absent, 1)[0] == "skip"
    monkeypatch.setenv("CI", "true")
    kind, message = outcome(absent, 1)
    assert kind == "fail" and "no app yet" in message
    assert calls == [1]
