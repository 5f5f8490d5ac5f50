# Game logs as JSON lines, and a size-capped append-only text log (crash reports).
#
# A game log holds one JSON object a line, each with "t" (its type):
#     {"t": "header", "game": ..., "options": {...}, "seed": ..., "seats": [...]}
#     {"t": "action", "p": seat, "a": action, "s": "text"}      ("s" only when text given)
#     {"t": "event", "kind": "round", ...fields}
#     {"t": "final", "scores": [...]}
#     {"t": "truncated"}        once, when the size cap stopped further lines
# Every line is flushed as written (littlefs commits on flush), so a crash keeps the log up to
# the last move. Logging must never break a game: any filesystem error disables the log.

import json
import os

DEFAULT_MAX_BYTES = 16384


class GameLog:
    """GameLog(path) writes a fresh log (replacing an older one at path) from the first line
    on; GameLog(None) is a log that writes nothing. Lines past max_bytes are dropped (with one
    "truncated" marker) except the final line, which is always written."""

    def __init__(self, path, max_bytes=DEFAULT_MAX_BYTES):
        self.path = path
        self.max_bytes = max_bytes
        self.size = 0
        self.truncated = False
        self._file = None
        self.enabled = path is not None

    def _write(self, record, always=False):
        if not self.enabled:
            return
        line = (json.dumps(record) + "\n").encode()
        if not always and self.size + len(line) > self.max_bytes:
            if self.truncated:
                return
            self.truncated = True
            line = b'{"t": "truncated"}\n'
        try:
            if self._file is None:
                self._file = open(self.path, "wb")
            self._file.write(line)
            self._file.flush()
            self.size += len(line)
        except OSError:
            self.close()
            self.enabled = False

    def header(self, game, options, seed, seats):
        """First line: what is needed to replay the game (game id, options, seed, seats)."""
        self._write({"t": "header", "game": game, "options": options, "seed": seed, "seats": seats})

    def action(self, player, action, text=None):
        """One move: seat index, action int, optional readable form (state.action_str)."""
        record = {"t": "action", "p": player, "a": action}
        if text is not None:
            record["s"] = text
        self._write(record)

    def event(self, kind, **fields):
        """Anything else worth replaying or reading: round results, deals, AI timings..."""
        record = {"t": "event", "kind": kind}
        for k in fields:
            record[k] = fields[k]
        self._write(record)

    def final(self, scores):
        """Last line: the final scores (written even past the size cap); closes the file."""
        self._write({"t": "final", "scores": scores}, True)
        self.close()

    def close(self):
        if self._file is not None:
            try:
                self._file.close()
            except OSError:
                pass
            self._file = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def read_log(path, strict=False):
    """The records of a JSON-lines log, in order. A line that does not parse (e.g. a last line
    cut by a power loss) is skipped, or raises ValueError when strict."""
    records = []
    with open(path, "rb") as f:
        for raw in f:
            raw = raw.strip()
            if not raw:
                continue
            try:
                records.append(json.loads(raw.decode()))
            except ValueError:
                if strict:
                    raise
    return records


# -- capped text log ------------------------------------------------------------------------


def _file_size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


def _whole_lines(prev, data):
    # `data` is a tail cut from a longer text whose byte before the cut is `prev`. Unless the
    # cut fell just after a newline, drop the cut line (up to the first newline); a tail with
    # no newline at all is kept, but never starting inside a UTF-8 character.
    if prev == 10:  # b"\n"
        return data
    nl = data.find(b"\n")
    if nl >= 0:
        return data[nl + 1 :]
    i = 0
    while i < len(data) and (data[i] & 0xC0) == 0x80:
        i += 1
    return data[i:]


def append_capped(path, text, cap=8192):
    """Append text to the file at path, keeping at most the last `cap` bytes of the whole log
    (older whole lines are dropped first). Rewrites go through path.tmp + rename, so a crash
    mid-write leaves the previous log. Returns False if the filesystem refused."""
    data = text.encode() if isinstance(text, str) else bytes(text)
    try:
        size = _file_size(path)
        if size + len(data) <= cap:
            with open(path, "ab") as f:
                f.write(data)
            return True
        if len(data) >= cap:
            keep = b""
            if len(data) > cap:
                data = _whole_lines(data[len(data) - cap - 1], data[len(data) - cap :])
        else:
            # Here size > room, so there is a byte before the kept part: read it too.
            room = cap - len(data)
            with open(path, "rb") as f:
                f.seek(size - room - 1)
                old = f.read(room + 1)
            keep = _whole_lines(old[0], old[1:]) if old else b""
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(keep)
            f.write(data)
        # os.replace where it exists (CPython, also on Windows); MicroPython's rename replaces
        # an existing file atomically on littlefs.
        getattr(os, "replace", os.rename)(tmp, path)
        return True
    except OSError:
        return False


class LogTail:
    """A capped log file: LogTail("/log.txt").append(text); .read() gives its text."""

    def __init__(self, path, cap=8192):
        self.path = path
        self.cap = cap

    def append(self, text):
        return append_capped(self.path, text, self.cap)

    def read(self):
        try:
            with open(self.path, "rb") as f:
                return f.read().decode()
        except (OSError, ValueError):
            return ""


def log_new_rounds(log, state, logged):
    """Write the round results the state added since `logged` were written (a game that keeps
    `state.round_results`, a list of dicts, gets one "round" event per round); returns the
    new count. Games without rounds are left alone."""
    results = getattr(state, "round_results", None)
    if log is None or not results:
        return logged
    while logged < len(results):
        log.event("round", **results[logged])
        logged += 1
    return logged
