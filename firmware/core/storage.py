# Small JSON records on the filesystem, written atomically and checked on load.
#
# File format (UTF-8):
#     CC1 <version> <crc32 of the body, 8 lower-case hex digits>\n
#     <body: the JSON payload followed by "\n">
# save() writes `path.tmp`, closes it (littlefs commits data only on close), then renames it
# over `path` (atomic on littlefs and POSIX), so a power cut leaves either the old or the new
# record, never half of one. load() reports "ok", "missing" or "corrupt"; a corrupt file is
# renamed to `path.bad` so it can be inspected, and a fresh copy of the default is returned.
#
# No os.path here: MicroPython has none. Paths are joined with "/".

import json
import os

try:
    from binascii import crc32 as _crc32_native
except ImportError:  # a build without binascii.crc32: the pure version below gives the same
    _crc32_native = None

MAGIC = "CC1"
MAX_RECORD_BYTES = 32768  # bigger files are taken as corrupt: reading them could exhaust the heap
_ENOENT = 2


def crc32_py(data, crc=0):
    """CRC-32 (IEEE, as zlib/binascii) in pure Python, bit by bit without a table.

    The 32-bit register is kept as two 16-bit halves so no value reaches 2**30: no long ints
    (heap allocations) on the Pico. Slow (8 steps a byte) but records are small."""
    crc ^= 0xFFFFFFFF
    hi = crc >> 16
    lo = crc & 0xFFFF
    for b in data:
        lo ^= b
        for _ in range(8):
            lsb = lo & 1
            lo = (lo >> 1) | ((hi & 1) << 15)
            hi >>= 1
            if lsb:
                hi ^= 0xEDB8
                lo ^= 0x8320
    return ((hi << 16) | lo) ^ 0xFFFFFFFF


def crc32(data):
    """CRC-32 of bytes, as an unsigned int (binascii's when present, else crc32_py)."""
    if _crc32_native is not None:
        return _crc32_native(data) & 0xFFFFFFFF
    return crc32_py(data)


def join(folder, name):
    """folder + "/" + name without doubling the slash; works for "/" and "" too."""
    if not folder:
        return name
    if folder[-1] == "/":
        return folder + name
    return folder + "/" + name


def _parent(path):
    i = path.rfind("/")
    return path[:i] if i > 0 else ""


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _replace(src, dst):
    # POSIX rename and littlefs rename replace dst atomically. Windows CPython's os.rename
    # refuses an existing dst, so prefer os.replace where it exists (CPython only).
    replace = getattr(os, "replace", None)
    if replace is not None:
        replace(src, dst)
    else:
        os.rename(src, dst)


def _copy(obj):
    # A deep copy of plain JSON data, so callers may mutate a returned default freely.
    if isinstance(obj, dict):
        return {k: _copy(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_copy(v) for v in obj]
    return obj


def encode(obj, version=1):
    """The bytes save() writes for obj (header line + JSON body)."""
    body = (json.dumps(obj) + "\n").encode()
    header = "%s %d %08x\n" % (MAGIC, version, crc32(body))
    return header.encode() + body


def decode(data, version=1):
    """The object stored in `data` (bytes of a whole file); ValueError if anything is wrong."""
    nl = data.find(b"\n")
    if nl < 0:
        raise ValueError("no header line")
    body = data[nl + 1 :]
    # Compare the header byte for byte with the one we would write: this rejects any variant
    # (upper-case hex, extra spaces, another version) that a parse could let through.
    expected = "%s %d %08x" % (MAGIC, version, crc32(body))
    if data[:nl] != expected.encode():
        raise ValueError("bad header or checksum")
    return json.loads(body.decode())


def save(path, obj, version=1):
    """Write obj (plain JSON data) to path atomically. Returns True, or False when the
    filesystem refused (full, read-only); a non-serialisable obj raises TypeError/ValueError."""
    data = encode(obj, version)
    tmp = path + ".tmp"
    try:
        try:
            f = open(tmp, "wb")
        except OSError:
            # Most likely the folder does not exist yet: create one level and retry.
            parent = _parent(path)
            if not parent:
                raise
            try:
                os.mkdir(parent)
            except OSError:
                pass  # exists already (or cannot be made: the retry below reports it)
            f = open(tmp, "wb")
        try:
            f.write(data)
        finally:
            f.close()
        _replace(tmp, path)
        return True
    except OSError:
        _remove(tmp)
        return False


def set_aside(path):
    """Move a bad file to path + ".bad" (replacing an older one) so nothing is lost."""
    bad = path + ".bad"
    try:
        _replace(path, bad)
    except OSError:
        # A platform that will not rename over an existing file: clear the old one first.
        _remove(bad)
        try:
            os.rename(path, bad)
        except OSError:
            pass


def load(path, default, version=1):
    """Read a record saved by save(). Returns (obj, status), status one of:
    "ok"       the stored object;
    "missing"  no file: a copy of default;
    "corrupt"  unreadable, truncated, wrong checksum/version/JSON, or a top-level type other
               than default's (unless default is None): a copy of default, and the file is
               renamed to path + ".bad".
    Never raises for bad file contents."""
    try:
        f = open(path, "rb")
    except OSError as e:
        # Not there: ENOENT, or (MicroPython's WebAssembly port, whose errno numbers are
        # Emscripten's: 44 for a missing file) nothing at that path.
        if e.args and e.args[0] == _ENOENT or not exists(path):
            return _copy(default), "missing"
        return _copy(default), "corrupt"  # present but unreadable (e.g. a folder): leave it
    try:
        try:
            # Ask the size first: MicroPython's read(n) allocates n bytes up front, and a
            # 32 KB block may not exist in a fragmented heap even for a 200-byte file.
            f.seek(0, 2)
            size = f.tell()
            if size > MAX_RECORD_BYTES:
                raise ValueError("record too large")
            f.seek(0)
            data = f.read(size)
        finally:
            f.close()
        obj = decode(data, version)
        if default is not None and type(obj) is not type(default):
            raise ValueError("wrong type")
    except MemoryError:
        raise  # not the file's fault: a fragmented heap must not cost the user a valid record
    except Exception:  # OSError, ValueError, UnicodeError, RuntimeError...: all mean "bad file"
        set_aside(path)
        return _copy(default), "corrupt"
    return obj, "ok"


# -- settings -------------------------------------------------------------------------------

SETTINGS_FILE = "settings.json"

DEFAULT_SETTINGS = {
    "lang": "en",
    "theme": "dark",
    "brightness": 80,
    "ai_speed": "normal",
    "players": 2,
    "board": "auto",
    "preview_s": 3,
    "sound": True,              # where the board has a buzzer (docs/POWER.md)
    # Keys longer than 10 characters: shorter string constants are interned at boot for good
    # (the qstr pool; see tests/test_boot_heap.py). docs/POWER.md says what each does.
    "sound_volume": 40,         # moderate: a piezo at 40 % volume is 20 % duty
    "dim_after_s": 60,
    "off_after_s": 300,
    "your_turn_led": True,
    "tips_enabled": True,       # first-game tips (kit.tips)
}

# What each setting accepts: a tuple of choices, or (lo, hi) bounds for an int range in
# SETTING_RANGES. The settings screen can cycle through these.
SETTING_CHOICES = {
    "lang": ("en", "fr"),
    "theme": ("dark", "light", "contrast"),
    "ai_speed": ("slow", "normal", "fast"),
    "sound": (False, True),
    "your_turn_led": (False, True),
    "tips_enabled": (False, True),
}
SETTING_RANGES = {
    "brightness": (10, 100),
    "players": (1, 8),
    "preview_s": (1, 10),
    "sound_volume": (1, 100),
    "dim_after_s": (0, 3600),      # 0: never (the Settings screen offers a few values)
    "off_after_s": (0, 3600),
}
_MAX_BOARD_NAME = 32


def _is_int(v):
    # bool is an int subclass in CPython; True is not a player count.
    return isinstance(v, int) and not isinstance(v, bool)


def valid_setting(key, value):
    """True when value is acceptable for settings[key]."""
    if key in SETTING_CHOICES:
        for c in SETTING_CHOICES[key]:
            if value is c or (type(value) is type(c) and value == c):
                return True
        return False
    if key in SETTING_RANGES:
        lo, hi = SETTING_RANGES[key]
        return _is_int(value) and lo <= value <= hi
    if key == "board":
        return isinstance(value, str) and 0 < len(value) <= _MAX_BOARD_NAME
    return False


def load_settings(data_dir):
    """(settings, status): stored values merged over DEFAULT_SETTINGS. Each invalid or missing
    field falls back to its default without discarding the others; unknown keys are dropped.
    status is load()'s ("ok", "missing", "corrupt")."""
    stored, status = load(join(data_dir, SETTINGS_FILE), {})
    if not isinstance(stored, dict):  # cannot happen (load checks the type); narrows for pyright
        stored = {}
    settings = dict(DEFAULT_SETTINGS)
    for key in DEFAULT_SETTINGS:
        if key in stored and valid_setting(key, stored[key]):
            settings[key] = stored[key]
    return settings, status


def save_settings(data_dir, settings):
    """Store the known, valid fields of settings (others are written as their defaults)."""
    clean = {}
    for key in DEFAULT_SETTINGS:
        value = settings.get(key)
        clean[key] = value if valid_setting(key, value) else DEFAULT_SETTINGS[key]
    return save(join(data_dir, SETTINGS_FILE), clean)


# -- high scores ----------------------------------------------------------------------------


def scores_path(data_dir, game_id):
    return join(data_dir, "scores_" + game_id + ".json")


def _score_key(entry):
    # Default ranking value: entry["score"] for dict entries, the entry itself for numbers.
    if isinstance(entry, dict):
        return entry.get("score", 0)
    return entry


def load_scores(data_dir, game_id, damaged=None):
    """The stored table for game_id, best first ([] when none or corrupt). A corrupt file is
    kept as scores_<id>.json.bad; its name is appended to the list `damaged` (if given), so
    the caller can tell the player."""
    path = scores_path(data_dir, game_id)
    table, status = load(path, [])
    if status == "corrupt" and damaged is not None:
        damaged.append(path[path.rfind("/") + 1:] + ".bad")
    return table if isinstance(table, list) else []


def add_score(data_dir, game_id, entry, keep=10, key=None, reverse=True, damaged=None):
    """Insert entry into game_id's table and save it. Returns its rank (0 = best), or -1 when
    it did not make the top `keep`.

    key(entry) gives the ranking value (default: entry["score"]); reverse=True means higher is
    better, False lower is better (e.g. times). An entry that ties an older one ranks below it
    (insertion by hand: MicroPython's list.sort is not stable). A table that could not be read
    starts again (the old file kept as .bad, its name appended to `damaged`, if given)."""
    if key is None:
        key = _score_key
    table = load_scores(data_dir, game_id, damaged)
    value = key(entry)
    rank = len(table)
    for i in range(len(table)):
        other = key(table[i])
        if (value > other) if reverse else (value < other):
            rank = i
            break
    if rank >= keep:
        return -1
    table.insert(rank, entry)
    del table[keep:]
    save(scores_path(data_dir, game_id), table)
    return rank


# -- resume slot ----------------------------------------------------------------------------


def resume_path(data_dir, game_id):
    return join(data_dir, "resume_" + game_id + ".json")


def actions_path(data_dir, game_id):
    return join(data_dir, "resume_" + game_id + ".act")


# A game in progress is saved in two files: a checked JSON header (options, seed, seats...)
# written once, and an append-only file of the actions, two bytes each (little-endian), so
# saving after every move costs one small append instead of rewriting the whole game. A torn
# last append (odd length) is dropped; the header is written atomically like every record.


def save_resume(data_dir, game_id, obj):
    """Store a game in progress (plain JSON data, its "actions" list included) in one go."""
    _remove(resume_path(data_dir, game_id))
    _remove(actions_path(data_dir, game_id))
    return save(resume_path(data_dir, game_id), obj)


def start_resume(data_dir, game_id, header, actions=()):
    """Begin the save of a game: the header, then the actions so far in the action file.
    The old game's header goes first, then its actions: a power cut on the way leaves that
    game whole or no game (the player chose to lose it), never its header with fewer of its
    moves (tests/test_storage_atomic.py)."""
    _remove(resume_path(data_dir, game_id))
    _remove(actions_path(data_dir, game_id))
    if not save(resume_path(data_dir, game_id), header):
        return False
    return write_actions(data_dir, game_id, actions, "wb")


def write_actions(data_dir, game_id, actions, mode="ab"):
    """Append actions (ints 0..65535) to the game's action file; False if the disk refused."""
    buf = bytearray(2 * len(actions))
    i = 0
    for a in actions:
        if not 0 <= a <= 0xFFFF:
            raise ValueError("action out of range for the save: %r" % (a,))
        buf[i] = a & 0xFF
        buf[i + 1] = a >> 8
        i += 2
    try:
        with open(actions_path(data_dir, game_id), mode) as f:
            f.write(buf)
        return True
    except OSError:
        return False


def exists(path):
    """True when `path` names a file or folder (no os.path on MicroPython)."""
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def set_aside_resume(data_dir, game_id):
    """Keep both files of a save that cannot be used as .bad (nothing is deleted)."""
    set_aside(resume_path(data_dir, game_id))
    act = actions_path(data_dir, game_id)
    if exists(act):
        set_aside(act)


def read_resume(data_dir, game_id) -> "tuple[dict | None, str]":
    """(saved game or None, status): status "ok", "torn" (the action file ends in half a
    move, cut off while it was written: the game has its whole moves), "missing" (no save) or
    "corrupt" (a header that cannot be read or is not a record: it is kept as
    resume_<id>.json.bad and the action file as resume_<id>.act.bad). The saved game is the
    header dict with all its actions in "actions"."""
    path = resume_path(data_dir, game_id)
    obj, status = load(path, None)
    if status == "ok" and not isinstance(obj, dict):
        set_aside(path)
        status = "corrupt"
    if status != "ok" or not isinstance(obj, dict):
        if status == "corrupt":
            act = actions_path(data_dir, game_id)
            if exists(act):
                set_aside(act)
        return None, status
    actions = obj.get("actions")
    if not isinstance(actions, list):
        actions = []
    try:
        with open(actions_path(data_dir, game_id), "rb") as f:
            data = f.read()
    except OSError:
        data = b""
    for i in range(0, len(data) - 1, 2):
        actions.append(data[i] | (data[i + 1] << 8))
    obj["actions"] = actions
    # An odd byte: the last move was cut off while it was written (its whole moves are read).
    return obj, "torn" if len(data) & 1 else "ok"


def load_resume(data_dir, game_id) -> "dict | None":
    """The saved game in progress with all its actions, or None (none saved, or a corrupt
    header: set aside as .bad)."""
    return read_resume(data_dir, game_id)[0]


# The game last started or resumed (its id, one line): the console goes straight back to it
# at power-on while its save is on file (screens/splash.py, kit/resume.py). Written when a
# game's save begins and when a saved game is resumed, never per move.
PLAYING_FILE = "playing.txt"


def mark_playing(data_dir, game_id):
    """Remember `game_id` as the game in progress (False when the disk refused)."""
    try:
        with open(join(data_dir, PLAYING_FILE), "w") as f:
            f.write(game_id)
        return True
    except OSError:
        return False


def playing(data_dir):
    """The id of the game last started or resumed, or None (no file, or unreadable)."""
    try:
        with open(join(data_dir, PLAYING_FILE), "rb") as f:
            data = f.read(40)
        return data.decode().strip() or None
    except (OSError, UnicodeError):
        return None


def clear_resume(data_dir, game_id):
    """Forget the saved game (no error when there is none)."""
    path = resume_path(data_dir, game_id)
    _remove(path)
    _remove(path + ".tmp")
    _remove(actions_path(data_dir, game_id))
    if playing(data_dir) == game_id:
        _remove(join(data_dir, PLAYING_FILE))     # no game in progress to go back to
