"""User-visible text in English and French; the language is a setting.

Tables are plain dicts in `lang_en` / `lang_fr` with the same keys (a test checks it). Only
the chosen language's table is in memory: a key missing from it shows as the key itself, so
a gap is visible but never crashes. Games merge their own tables with `add()` when they
start and drop them with `remove()` when they leave. A game's tables are looked up before the
console's, each kept as it was given (never merged into a copy: the copy of the console's
table cost a dict's worth of heap for the whole game, and growing it needed a block the
game's start-up, with its modules just loaded, could not always find: Memory's all-AI game
stopped there under `make memcheck`).

Text packs: `make build` also writes each table as `lang_XX.tx` beside its module
(tools/textpack.py has the format). Where one is found (`add_pack`, and the console's own in
`load`), only its index stays in RAM, a few bytes a text; a text is read from the file the
first time it is asked for and kept in a small cache. On the stock firmware an imported
table kept all its texts in the heap: Match & Collect's and the kit's were 11,232 B on the
emulated RP2040 (docs/PERFORMANCE.md). The source tree has no packs: the modules' dicts.
"""

import sys

_table = {}     # the console's: a pack or the module's dict
_extra = []     # the running game's tables (add, add_pack), the last added first
_lang = "en"
_cache = {}     # key -> text, of the tables above; emptied when they change
_open = [None, None]    # (path, file) of the pack read last, open until release()
_CACHE_MAX = 24
LANGS = ("en", "fr")


def _djb(key):
    """The packs' hash (tools.textpack.key_hash): djb2's low byte over UTF-8, 0 -> 1."""
    h = 5
    for b in key.encode():
        h = ((h * 33) ^ b) & 0xFF
    return h or 1


def _builtin(key):
    return hash(key) & 0xFF or 1


# MicroPython's str hash is djb2 (qstr_compute_hash): the builtin, cached in each str, when it
# agrees on a few probes; CPython's is salted.
_hash = _djb
if sys.implementation.name == "micropython" and _builtin("tx") == _djb("tx") and _builtin(
        "strings.probe") == _djb("strings.probe"):
    _hash = _builtin


def open_pack(path):
    """The pack at `path` as (path, index, n), or None (no such file, or not a pack)."""
    try:
        with open(path, "rb") as f:
            head = f.read(5)
            if len(head) < 5 or head[:3] != b"TX\x01":
                return None
            n = head[3] | head[4] << 8
            index = f.read(4 * n + 2)
            if len(index) < 4 * n + 2:
                return None
    except OSError:
        return None
    return (path, index, n)


def beside(path, name):
    """`name` in the folder of the file `path` (a module's __file__)."""
    return path[:max(path.rfind("/"), path.rfind("\\")) + 1] + name


def _in_pack(pack, key):
    path, index, n = pack
    size = len(key)
    # The entries are (hash, key length) pairs, sorted: bytes.find gives the first one in C
    # (an odd position is the middle of two entries; past 2n are the offsets).
    pair = bytes((_hash(key), size))
    at = index.find(pair, 0, 2 * n)
    while at > 0 and at & 1:
        at = index.find(pair, at + 1, 2 * n)
    if at < 0:
        return None
    lo = at >> 1
    h = pair[0]
    base = 5 + 4 * n + 2
    try:
        f = _open[1]
        if _open[0] is not path:
            release()
            f = open(path, "rb")
            _open[0] = path
            _open[1] = f
        while lo < n and index[2 * lo] == h and index[2 * lo + 1] == size:
            o = 2 * n + 2 * lo
            a = index[o] | index[o + 1] << 8
            f.seek(base + a)
            rec = f.read((index[o + 2] | index[o + 3] << 8) - a).decode()
            if rec.find("\0") == size and rec.startswith(key):
                return rec[size + 1:]
            lo += 1
    except OSError:     # the pack is gone: the key shows as itself
        release()
    return None


def release():
    """Close the pack file the last miss left open. Opening one was most of a miss (~3.4 of
    ~3.5 ms on the emulated RP2040, `python -m tools.rig.textcost`) and an open file holds
    ~1.1 KB: so it stays open for the misses that follow and core.app closes it after each
    frame."""
    f = _open[1]
    _open[0] = _open[1] = None
    if f is not None:
        try:
            f.close()
        except OSError:
            pass


def _get(table, key):
    if type(table) is dict:
        return table.get(key)
    return _in_pack(table, key)


def load(lang):
    global _table, _lang, _extra
    if lang not in LANGS:
        lang = "en"
    _lang = lang
    # Let the old table go before the new one is loaded, so both never share the heap.
    import gc

    from core import modules

    _table = {}
    _extra = []
    _cache.clear()
    release()
    modules.drop("core.lang_en" if lang == "fr" else "core.lang_fr")
    gc.collect()
    here = globals().get("__file__")
    pack = open_pack(beside(here, "lang_" + lang + ".tx")) if here else None
    if pack is not None:
        _table = pack
        return
    if lang == "fr":
        from core import lang_fr as mod
    else:
        from core import lang_en as mod
    _table = mod.T


def lang():
    return _lang


def t(key):
    text = _cache.get(key)
    if text is not None:
        return text
    for table in _extra:
        text = _get(table, key)
        if text is not None:
            break
    else:
        text = _get(_table, key)
        if text is None:
            text = key
    if len(_cache) >= _CACHE_MAX:
        _cache.popitem()    # one goes, not all: the texts of the screen on show stay
    _cache[key] = text
    return text


def add(tables):
    """Add a game's table: `tables` maps "en"/"fr" to dicts (English if the language is
    missing). Its keys win over those added before and the console's; the dict is kept as
    it is (not copied, never changed)."""
    extra = tables.get(_lang) or tables.get("en")
    if extra:
        _extra.insert(0, extra)
        _cache.clear()


def add_pack(path):
    """Add the text pack at `path` as `add` adds a table; False (nothing added) when there is
    no pack there."""
    pack = open_pack(path)
    if pack is None:
        return False
    _extra.insert(0, pack)
    _cache.clear()
    return True


def clear():
    """Forget the tables added (add); the console's stay (no module is loaded again)."""
    del _extra[:]
    _cache.clear()
    release()


def remove():
    """Back to the console's own table (a game is leaving)."""
    load(_lang)
