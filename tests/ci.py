"""What a test does when something it needs is missing: skip on a developer's machine, fail
under CI=true (a CI run that skipped its firmware tests would pass without testing them).
Shared by the tests that need the generated assets (firmware/gen/) or the real app."""

import functools
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GEN = ROOT / "firmware" / "gen"
GEN_FILES = ("font_small.bin", "font_large.bin", "icons.bin")


def in_ci():
    return os.environ.get("CI", "").lower() == "true"


def skip_or_fail(reason):
    """pytest.fail under CI=true, else pytest.skip, with `reason`."""
    if in_ci():
        pytest.fail("CI=true: " + reason)
    pytest.skip(reason)


def gen_missing(gen=None):
    """Why the generated assets are not usable (the first missing file), or None."""
    gen = Path(gen) if gen is not None else GEN
    for name in GEN_FILES:
        if not (gen / name).exists():
            return "firmware/gen/%s not built (make assets)" % name
    return None


def require_gen(gen=None):
    reason = gen_missing(gen)
    if reason is not None:
        skip_or_fail(reason)


def needs(reason):
    """Decorator: the test runs when `reason` is None, else skips (fails under CI=true)
    with it. Unlike pytest.mark.skipif it cannot silently pass a CI run."""
    def deco(fn):
        if reason is None:
            return fn

        @functools.wraps(fn)
        def missing(*args, **kwargs):
            skip_or_fail(reason)

        return missing

    return deco
