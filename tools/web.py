"""`make web`: the console as a static web page in build/web/, on MicroPython's WebAssembly port.

The page runs the firmware unchanged: the same .mpy modules, gen/ assets and text packs that
`make build` writes for a Pico (build/pico/, built here if stale), packed into one file,
`firmware.pack`, that the page fetches in one request and writes into the interpreter's
filesystem. The interpreter is the npm package @micropython/micropython-webassembly-pyscript
(pinned by web/package-lock.json, installed into web/node_modules by `make web`); its .mpy
format must be the one mpy-cross writes (checked here: 6, bytecode only). The browser side
is web/index.html, web/console.css and web/*.js (console.js and the modules it imports on the
page's main thread, worker.js and its modules in the Web Worker that runs the interpreter);
firmware/device/web.py is the platform object. build/web/ works as it is on any static
host (`make web-serve`: Python's http.server on port 8000).

    python -m tools.web [--out build/web]        build the site
    python -m tools.web shot [--out FILE]        the page in headless Chromium, as a PNG
                                                 (default docs/web/page.png)
    python -m tools.web bench [--write]          measure the page in headless Chromium
                                                 (docs/WEB.md with --write)

Pack format: b"CCPK", the index's length (u32, little-endian), the index (JSON:
{"version": ..., "files": [[path, size], ...]}), then every file's bytes in index order.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGE_SRC = ROOT / "web"
OUT = ROOT / "build" / "web"
NPM_PACKAGE = PAGE_SRC / "node_modules" / "@micropython" / "micropython-webassembly-pyscript"
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "console.css", "console.js", "controls.js", "screen.js", "sound.js",
              "store.js", "worker.js", "frame.js")
PACK = "firmware.pack"
# The Pico's entry files: the page's entry is device.web, called by console.js.
SKIP = ("main.py", "boot.py")
MPY_MAJOR = 6   # MicroPython 1.23+ (the npm package is 1.27.0) loads .mpy version 6


class WebBuildError(Exception):
    """What stopped the build, said so a person can fix it."""


def runtime_version(package: Path = NPM_PACKAGE) -> str:
    try:
        return json.loads((package / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError) as exc:
        raise WebBuildError(
            "MicroPython's WebAssembly package is not installed in %s (%s): `make web` "
            "installs it from web/package-lock.json with npm (Node.js 18 or newer)"
            % (package.relative_to(ROOT) if package.is_relative_to(ROOT) else package, exc)
        ) from None


def pico_build(out: Path | None = None) -> Path:
    """make build's tree (build/pico/), brought up to date; WebBuildError on a compile error."""
    from tools import build

    result = build.build(build.FIRMWARE, out or build.OUT)
    if not result.ok:
        raise WebBuildError(build.report(result, quiet=True))
    return result.out


def pack_files(tree: Path) -> list[tuple[str, bytes]]:
    """(posix path, bytes) of every file the page needs from a `make build` tree, sorted
    (not the native X_viper.mpy files, whose bytecode twins are there); WebBuildError for an
    .mpy the WebAssembly port cannot load."""
    from tools import build

    files = []
    for path in sorted(p for p in tree.rglob("*") if p.is_file()):
        rel = path.relative_to(tree).as_posix()
        if rel in SKIP:
            continue
        data = path.read_bytes()
        if rel.endswith(".mpy"):
            version, _sub, arch, _bits = build.mpy_header(data)
            if arch is not None and path.with_name(path.stem + build.EXEC_SUFFIX + ".mpy").exists():
                continue    # a *_viper.py's native code for the Pico: core.native imports its
                # bytecode twin X_viper_exec.mpy instead (tools/build.py)
            if version != MPY_MAJOR or arch is not None:
                raise WebBuildError(
                    "%s is .mpy version %d%s: MicroPython 1.27 in the browser loads version %d "
                    "bytecode only" % (rel, version, " with %s code" % arch if arch else "",
                                       MPY_MAJOR))
        files.append((rel, data))
    if not any(rel.startswith("device/web.") for rel, _ in files):
        raise WebBuildError("%s has no device/web module: is it a build of firmware/?" % tree)
    return files


def encode_pack(files: list[tuple[str, bytes]], version: str) -> bytes:
    index = json.dumps({"version": version, "files": [[rel, len(data)] for rel, data in files]},
                       separators=(",", ":")).encode()
    return b"CCPK" + struct.pack("<I", len(index)) + index + b"".join(d for _, d in files)


def decode_pack(data: bytes) -> list[tuple[str, bytes]]:
    """The files of a pack (what console.js reads); ValueError when it is not one."""
    if data[:4] != b"CCPK":
        raise ValueError("not a firmware pack")
    (size,) = struct.unpack_from("<I", data, 4)
    index = json.loads(data[8:8 + size])
    at = 8 + size
    files = []
    for rel, length in index["files"]:
        files.append((rel, data[at:at + length]))
        at += length
    if at != len(data):
        raise ValueError("pack truncated or damaged")
    return files


def build_site(out: Path = OUT, tree: Path | None = None, package: Path = NPM_PACKAGE) -> dict:
    """Write the site into `out` (which belongs to it: other files there go). Returns a
    summary: version, files written, sizes."""
    runtime = runtime_version(package)
    tree = tree or pico_build()
    files = pack_files(tree)
    runtime_bytes = {}
    for name in RUNTIME_FILES:
        try:
            runtime_bytes[name] = (package / name).read_bytes()
        except OSError as exc:
            raise WebBuildError("%s is missing from the npm package (%s): run `make web`"
                                % (name, exc)) from None
    page = {name: (PAGE_SRC / name).read_text(encoding="utf-8") for name in PAGE_FILES}
    digest = hashlib.sha256()
    for rel, data in files:
        digest.update(rel.encode() + b"\0" + data)
    for name in sorted(runtime_bytes):
        digest.update(runtime_bytes[name])
    for name in PAGE_FILES:
        digest.update(page[name].encode())
    version = digest.hexdigest()[:12]
    outputs = {PACK: encode_pack(files, version)}
    outputs.update(runtime_bytes)
    for name, text in page.items():
        outputs[name] = text.replace("@VERSION@", version).encode()
    out.mkdir(parents=True, exist_ok=True)
    for old in out.iterdir():
        if old.name not in outputs:
            shutil.rmtree(old) if old.is_dir() else old.unlink()
    for name, data in outputs.items():
        target = out / name
        if not target.exists() or target.read_bytes() != data:
            tmp = target.with_name(target.name + ".tmp")
            tmp.write_bytes(data)
            tmp.replace(target)
    return {"version": version, "runtime": runtime, "out": out, "modules": len(files),
            "sizes": {name: len(data) for name, data in outputs.items()}}


def report(summary: dict) -> str:
    lines = ["%-18s %9d bytes" % (name, size) for name, size in sorted(summary["sizes"].items())]
    lines.append("%s: MicroPython %s (WebAssembly), %d firmware files in %s, version %s" % (
        summary["out"], summary["runtime"], summary["modules"], PACK, summary["version"]))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.web", description=__doc__.split("\n")[0])
    ap.add_argument("command", nargs="?", default="build", choices=("build", "shot", "bench"))
    ap.add_argument("--out", type=Path, help="build: the site folder (default build/web); "
                    "shot: the PNG (default docs/web/page.png)")
    ap.add_argument("--write", action="store_true", help="bench: write docs/WEB.md")
    args = ap.parse_args(argv)
    site = args.out if args.command == "build" and args.out else OUT
    try:
        summary = build_site(site)
    except WebBuildError as exc:
        print("web: %s" % exc, file=sys.stderr)
        return 1
    print(report(summary))
    if args.command in ("shot", "bench"):
        from tools import web_browser

        try:
            if args.command == "shot":
                target = args.out or web_browser.README_SHOT
                web_browser.save_readme_shot(target, site)
                print(target)
            else:
                return web_browser.bench_main(site, args.write)
        except web_browser.BrowserMissing as exc:
            print("web: %s" % exc, file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
