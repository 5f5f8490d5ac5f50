"""core.storage under power cuts: a write cut at every point leaves the old record or the new
one, never a mix of both and never nothing.

The filesystem is a dict behind core.storage's `open` and `os` (`Disk`), in the worst case a
real one can be: every byte written lands in its file at once, and the power goes after
`budget` steps (each byte written, each truncation, rename, remove and mkdir is one). The cut
is a `PowerCut` (not an OSError, so nothing in storage can catch it); then the board starts
again: the same files, read with core.storage as it is.
"""

import io

import pytest

from core import storage


class PowerCut(BaseException):
    """The power went: nothing after it happened."""


class _WriteFile:
    def __init__(self, disk, path):
        self.disk = disk
        self.path = path

    def write(self, data):
        for b in bytes(data):        # byte by byte: the cut can fall between any two
            self.disk.step()
            self.disk.files[self.path].append(b)
        return len(data)

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Disk:
    """Files in a dict; `budget` steps (None: no cut) until the power goes."""

    def __init__(self, files=None, budget=None):
        self.files = {k: bytearray(v) for k, v in (files or {}).items()}
        self.dirs = set()
        self.budget = budget
        self.steps = 0

    def step(self):
        if self.budget is not None and self.steps >= self.budget:
            raise PowerCut
        self.steps += 1

    def snapshot(self):
        return {k: bytes(v) for k, v in self.files.items()}

    # -- what core.storage calls --------------------------------------------------------------
    def open(self, path, mode="r"):
        if "r" in mode:
            if path not in self.files:
                raise OSError(2, "ENOENT")
            return io.BytesIO(bytes(self.files[path]))
        self.step()
        if "w" in mode or path not in self.files:
            self.files[path] = bytearray()
        return _WriteFile(self, path)

    def replace(self, src, dst):
        self.step()
        if src not in self.files:
            raise OSError(2, "ENOENT")
        self.files[dst] = self.files.pop(src)

    rename = replace

    def remove(self, path):
        if path not in self.files:
            raise OSError(2, "ENOENT")
        self.step()
        del self.files[path]

    def mkdir(self, path):
        self.step()
        self.dirs.add(path)

    def stat(self, path):
        if path not in self.files and path not in self.dirs:
            raise OSError(2, "ENOENT")
        return (0o100000, 0, 0, 0, 0, 0, len(self.files.get(path, b"")), 0, 0, 0)


@pytest.fixture
def on_disk(monkeypatch):
    """run(files, budget, fn): fn() on a Disk holding `files` that loses power after `budget`
    steps; returns the files as the board finds them when it starts again (and the steps the
    whole write takes when it was not cut)."""
    def run(files, budget, fn):
        disk = Disk(files, budget)
        monkeypatch.setattr(storage, "open", disk.open, raising=False)
        monkeypatch.setattr(storage, "os", disk)
        try:
            fn()
            cut = False
        except PowerCut:
            cut = True
        return disk.snapshot(), cut, disk.steps

    return run


def _read_back(monkeypatch, files, read):
    disk = Disk(files)
    monkeypatch.setattr(storage, "open", disk.open, raising=False)
    monkeypatch.setattr(storage, "os", disk)
    return read()


def _every_cut(on_disk, monkeypatch, before, write, read):
    """The write cut after 0, 1, 2... steps, up to the whole write: what `read` finds each
    time (on the files the cut left), in order, the uncut write last."""
    _, cut, total = on_disk(before, None, write)
    assert not cut and total > 0
    seen = []
    for budget in range(total + 1):
        after, cut, _ = on_disk(before, budget, write)
        assert cut == (budget < total)
        seen.append((budget, _read_back(monkeypatch, after, read)))
    return seen


OLD = {"name": "Ann", "scores": [3, 1, 4], "level": "hard"}
NEW = {"name": "Bob", "scores": [2, 7], "level": "easy", "more": "x" * 40}
PATH = "/data/rec.json"


def test_a_record_cut_anywhere_reads_back_old_or_new(on_disk, monkeypatch):
    before = {PATH: storage.encode(OLD)}
    seen = _every_cut(on_disk, monkeypatch, before, lambda: storage.save(PATH, NEW),
                      lambda: storage.load(PATH, {"default": True}))
    assert len(seen) > len(storage.encode(NEW))       # each byte was a place to cut
    bad = [(b, got) for b, got in seen if got not in ((OLD, "ok"), (NEW, "ok"))]
    assert bad == [], "cut after these steps, read back neither record whole: %r" % bad[:3]
    assert seen[0][1] == (OLD, "ok") and seen[-1][1] == (NEW, "ok")


def test_a_first_record_cut_anywhere_reads_back_nothing_or_the_new_one(on_disk, monkeypatch):
    seen = _every_cut(on_disk, monkeypatch, {}, lambda: storage.save(PATH, NEW),
                      lambda: storage.load(PATH, {"default": True}))
    bad = [(b, got) for b, got in seen
           if got not in (({"default": True}, "missing"), (NEW, "ok"))]
    assert bad == [], bad[:3]


def test_settings_cut_anywhere_read_back_old_or_new(on_disk, monkeypatch):
    old = dict(storage.DEFAULT_SETTINGS, lang="fr", theme="light")
    new = dict(storage.DEFAULT_SETTINGS, lang="en", theme="dark")
    assert old != new
    before = {"/settings.json": storage.encode(old)}
    seen = _every_cut(on_disk, monkeypatch, before, lambda: storage.save_settings("/", new),
                      lambda: storage.load_settings("/"))
    bad = [(b, got) for b, got in seen if got not in ((old, "ok"), (new, "ok"))]
    assert bad == [], bad[:3]


def test_a_high_score_cut_anywhere_keeps_the_old_table_or_the_new(on_disk, monkeypatch):
    old = [{"name": "Ann", "score": 30}, {"name": "Cy", "score": 10}]
    new = [old[0], {"name": "Bob", "score": 20}, old[1]]
    before = {storage.scores_path("/", "toy"): storage.encode(old)}
    seen = _every_cut(on_disk, monkeypatch, before,
                      lambda: storage.add_score("/", "toy", {"name": "Bob", "score": 20}),
                      lambda: storage.load_scores("/", "toy"))
    bad = [(b, got) for b, got in seen if got not in (old, new)]
    assert bad == [], bad[:3]


def test_a_new_game_over_a_saved_one_cut_anywhere_is_never_a_mix(on_disk, monkeypatch):
    """Starting a new game replaces the one on file (the player chose to lose it): after a
    cut, the old game whole, no game, or the new one with some of its first moves; never
    the old game's header with fewer of its moves, nor one game's moves on the other."""
    old_header = {"game": "toy", "seed": 1, "options": {"players": 2}}
    new_header = {"game": "toy", "seed": 2, "options": {"players": 3}}
    before = {storage.resume_path("/", "toy"): storage.encode(old_header),
              storage.actions_path("/", "toy"): bytes([1, 0, 2, 0, 3, 0])}
    old_game = dict(old_header, actions=[1, 2, 3])
    seen = _every_cut(on_disk, monkeypatch, before,
                      lambda: storage.start_resume("/", "toy", new_header, [7, 8]),
                      lambda: storage.load_resume("/", "toy"))
    allowed = [old_game, None] + [dict(new_header, actions=[7, 8][:k]) for k in range(3)]
    bad = [(b, got) for b, got in seen if got not in allowed]
    assert bad == [], bad[:3]
    assert seen[-1][1] == dict(new_header, actions=[7, 8])
