"""A measuring script run once on the emulated Pico in safe mode (tools.rig.heapcost,
tools.rig.textcost): the board booted with B held (the app not started), `code` sent to the
raw REPL, and the console lines it printed with a tag picked out.
"""

from __future__ import annotations

import sys
from pathlib import Path

from tools import build, rig


def run(build_dir: Path, code: str, tag: str, ms: float = 120_000) -> list[str]:
    """What follows `tag + " "` on each console line `code` printed (the first follows the
    raw REPL's "OK"); it must print `tag + "-END"` last. RigError when it does not."""
    r = rig.Rig(build_dir=build_dir, hook=False)
    try:
        mark = r.start_in_safe_mode(code)
        if not r.expect(tag + "-END", ms, mark):
            raise rig.RigError("no result:\n" + r.text()[-1500:])
        rows = []
        for line in r.console[mark:].decode(errors="replace").splitlines():
            at = line.find(tag + " ")
            if at >= 0:
                rows.append(line[at + len(tag) + 1:])
        return rows
    finally:
        r.stop()


def tree_build(build_dir: Path | None, name: str) -> Path | None:
    """`build_dir`, or the tree built into build/<name> (None, errors printed, if it fails)."""
    if build_dir is not None:
        return build_dir
    out_dir = build.ROOT / "build" / name
    out = build.build(build.FIRMWARE, out_dir)
    if not out.ok:
        print(out.errors, file=sys.stderr)
        return None
    return out_dir
