"""Compile the hand-edited deck tables (assets/decks/*.csv) into firmware modules.

    python -m tools.decks            # write every deck module that is out of date
    python -m tools.decks --check    # exit 1 naming each module that is out of date

The CSV files are the one source of every deck: a game never restates its cards. Each
`assets/decks/<name>.csv` whose first comment lines say

    # module: firmware/games/<game>/cards.py

becomes that module, so the Pico reads no CSV and parses nothing at run time:
- `COUNT`: the number of rows; rows must have ids 0..COUNT-1 in order (column `id`).
- a column of whole numbers 0..254 (empty = 255) becomes a `bytes` named after the column in
  upper case (`VALUE = b"..."`): one byte per card, indexed by card id.
- any other column becomes `<COL>_NAMES`, the tuple of its distinct non-empty values in
  order of first appearance, and `<COL>`, a `bytes` of indices into it (255 = empty).
Lines starting with `#` are comments (a deck's header says which layout of its ids the
rules rely on; tests/test_decks.py checks the decks against it). Every deck under
assets/decks/ has a `# module:` line; `make assets` (tools/assets.py) runs this compiler.
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECKS = ROOT / "assets" / "decks"
EMPTY = 255


def _target(text: str) -> str | None:
    for line in text.splitlines():
        if not line.startswith("#"):
            break
        body = line[1:].strip()
        if body.startswith("module:"):
            return body[len("module:"):].strip()
    return None


def _rows(text: str) -> list[dict[str, str]]:
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return list(csv.DictReader(io.StringIO("\n".join(lines))))


def _is_small_int(values: list[str]) -> bool:
    for v in values:
        if v == "":
            continue
        if not v.isdigit() or int(v) >= EMPTY:
            return False
    return True


def _bytes_lines(name: str, data: list[int]) -> str:
    """`NAME = (b"..." ...)`: a bytes constant, stored as is in the .mpy (no tuple built)."""
    chunks = ["".join("\\x%02x" % b for b in data[i:i + 20]) for i in range(0, len(data), 20)]
    if len(chunks) <= 1:
        return '%s = b"%s"\n' % (name, chunks[0] if chunks else "")
    body = "".join('    b"%s"\n' % c for c in chunks)
    return "%s = (\n%s)\n" % (name, body)


def _wrap(name: str, literal: str, width: int = 99) -> str:
    """`name = literal` wrapped at commas inside the outer parentheses."""
    head = name + " = "
    if len(head) + len(literal) <= width:
        return head + literal + "\n"
    out, line = [], head
    for part in literal.split(", "):
        piece = part if line.endswith(("(", " ")) else " " + part
        if len(line) + len(piece) + 1 > width:
            out.append(line.rstrip() + "\n")
            line = "    " + part
        else:
            line += piece
        if not line.endswith(")"):
            line += ","
    out.append(line + "\n")
    return "".join(out)


def compile_deck(csv_path: Path) -> tuple[str, str] | None:
    """(module path relative to the repo, module text) for a deck CSV, or None."""
    text = csv_path.read_text(encoding="utf-8")
    target = _target(text)
    if target is None:
        return None
    rows = _rows(text)
    if not rows or "id" not in rows[0]:
        raise ValueError(f"{csv_path.name}: needs a header with an 'id' column")
    for i, row in enumerate(rows):
        if row["id"] != str(i):
            raise ValueError(f"{csv_path.name}: row {i + 2} has id {row['id']!r}, expected {i}")
    rel = csv_path.relative_to(ROOT) if csv_path.is_relative_to(ROOT) else csv_path
    out = [
        f"# Generated from {rel} by `python -m tools.decks`: do not edit.\n",
        "# One byte per card and column, indexed by card id (255 = empty).\n\n",
        f"COUNT = {len(rows)}\n",
    ]
    for col in rows[0]:
        if col == "id":
            continue
        values = [(row[col] or "").strip() for row in rows]
        name = col.upper()
        if _is_small_int(values):
            data = [int(v) if v else EMPTY for v in values]
            out.append(_bytes_lines(name, data))
        else:
            names: list[str] = []
            for v in values:
                if v and v not in names:
                    names.append(v)
            out.append(_wrap(name + "_NAMES", "(" + ", ".join(repr(n) for n in names)
                             + ("," if len(names) == 1 else "") + ")"))
            data = [names.index(v) if v else EMPTY for v in values]
            out.append(_bytes_lines(name, data))
    return target, "".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="exit 1 when a module is out of date")
    ap.add_argument("--decks", type=Path, default=DECKS, help="folder of deck CSVs")
    args = ap.parse_args(argv)
    stale = []
    for csv_path in sorted(args.decks.glob("*.csv")):
        compiled = compile_deck(csv_path)
        if compiled is None:
            continue
        target, text = compiled
        path = ROOT / target
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        if args.check:
            stale.append(target)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"decks: wrote {target}")
    if stale:
        print("decks: out of date (run python -m tools.decks): " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
