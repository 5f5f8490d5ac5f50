"""Text packs: a language table (`T` of a `lang_XX.py`) as a file the device reads on demand.

On the stock firmware a `.mpy` on the filesystem is loaded into RAM, constants and all: a
game's language table, imported, kept every text in the heap for the whole game (Match &
Collect's and the kit's: 11,232 B on the emulated RP2040, docs/PERFORMANCE.md at ef6896e).
`make build` writes each table also as `lang_XX.tx` beside its `lang_XX.mpy`; core.strings
keeps only the pack's small index in RAM and reads a text from the file when it is first
asked for (then from its cache). Where there is no pack (the source tree: the simulator and
most tests) the module's dict is used as before.

Format (little endian), what core.strings.add_pack reads:

    b"TX" version(1) n(u16)               header, 5 bytes
    n x (hash u8, key length u8)          sorted by (hash, key length, key)
    (n + 1) x offset u16                  record i is data[offset i : offset i+1]
    data: records b"<key>\\0<text>" in UTF-8

hash = the low byte of djb2 over the key's UTF-8 bytes, 0 counted as 1: the hash MicroPython
gives a str (qstr_compute_hash; one byte on the rp2 port, two on the unix port), so the device
looks a key up with the builtin hash() at C speed (core.strings checks that it agrees).

    python -m tools.textpack firmware/games/match_collect/lang_en.py -o /tmp/x.tx
"""

from __future__ import annotations

import argparse
import runpy
import struct
import sys
from pathlib import Path

MAGIC = b"TX"
VERSION = 1
MAX_BYTES = 0xFFFF  # offsets are u16


def key_hash(key: str) -> int:
    """djb2 (hash * 33 ^ byte) over the UTF-8 bytes, low byte, 0 -> 1 (as core.strings)."""
    h = 5381
    for b in key.encode():
        h = ((h * 33) ^ b) & 0xFFFFFFFF
    return (h & 0xFF) or 1


def encode(table: dict[str, str]) -> bytes:
    """The pack of `table` (ASCII str keys of 1-255 characters, str texts)."""
    entries = []
    for key, text in table.items():
        if not isinstance(key, str) or not isinstance(text, str):
            raise ValueError("a text pack maps str to str: %r -> %r" % (key, text))
        kb = key.encode()
        if not kb or len(kb) > 255 or b"\0" in kb or len(kb) != len(key):
            raise ValueError("bad key for a text pack: %r" % (key,))
        entries.append((key_hash(key), len(kb), kb, text.encode()))
    entries.sort()
    head = MAGIC + bytes((VERSION,)) + struct.pack("<H", len(entries))
    index = b"".join(bytes((h, n)) for h, n, _k, _t in entries)
    offsets, data, at = [], [], 0
    for _h, _n, kb, tb in entries:
        offsets.append(at)
        rec = kb + b"\0" + tb
        data.append(rec)
        at += len(rec)
    offsets.append(at)
    if at > MAX_BYTES:
        raise ValueError("text pack too big (%d bytes of texts, at most %d)" % (at, MAX_BYTES))
    return head + index + struct.pack("<%dH" % len(offsets), *offsets) + b"".join(data)


def decode(blob: bytes) -> dict[str, str]:
    """The table of a pack (for tests and checks)."""
    if blob[:2] != MAGIC or blob[2] != VERSION:
        raise ValueError("not a text pack")
    (n,) = struct.unpack_from("<H", blob, 3)
    offs = struct.unpack_from("<%dH" % (n + 1), blob, 5 + 2 * n)
    data = blob[5 + 4 * n + 2:]
    out = {}
    for i in range(n):
        key, _, text = data[offs[i]:offs[i + 1]].partition(b"\0")
        out[key.decode()] = text.decode()
    return out


def table_of(path: Path | str) -> dict[str, str]:
    """`T` of a language module (run as plain Python: the tables are literals)."""
    return dict(runpy.run_path(str(path))["T"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("module", help="a lang_XX.py with a T table")
    ap.add_argument("-o", "--out", required=True)
    args = ap.parse_args(argv)
    Path(args.out).write_bytes(encode(table_of(args.module)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
