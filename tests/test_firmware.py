"""tools.firmware (make firmware) against a fake MicroPython tree, and tools.uf2.

The fake tree has py/mpconfig.h, ports/rp2/boards/<BOARD>/mpconfigboard.h and lib/ submodule
folders; a fake `make` on PATH stands in for MicroPython's: it logs its arguments and CMAKE_ARGS
environment, "configures" a build folder the way ports/rp2/Makefile does (cmake runs only when
the folder has no Makefile yet, and the folder keeps the configuration it was made with),
and "builds" a firmware.bin with a real boot header for the chip, followed by the source of
every module the configured frozen manifest freezes (it runs tools/manifest.py the way
MicroPython's manifestfile.py does). Without -DPICO_NO_PICOTOOL=1 it plays pico-sdk: offline
(FAKE_OFFLINE=1) configuring fails on picotool; online it also writes firmware.uf2.
"""

import json
import os
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tools import firmware as F
from tools import uf2 as U

ROOT = Path(__file__).resolve().parent.parent

FAKE_MAKE = r"""
import json, os, struct, sys
from pathlib import Path
sys.path.insert(0, os.environ["FAKE_REPO_TOOLS"])
from tools import firmware as F
from tools import uf2 as U

argv = sys.argv[1:]
directory = argv[argv.index("-C") + 1]
vars_ = dict(a.split("=", 1) for a in argv if "=" in a)
targets = [a for i, a in enumerate(argv) if "=" not in a and not a.startswith("-")
           and argv[i - 1] not in ("-C", "-j")]
with open(os.environ["FAKE_MAKE_LOG"], "a") as log:
    log.write(json.dumps({"argv": argv, "CMAKE_ARGS": os.environ.get("CMAKE_ARGS"),
                          "GIT_CEILING_DIRECTORIES": os.environ.get("GIT_CEILING_DIRECTORIES")})
              + "\n")

if directory.endswith("mpy-cross"):
    os.makedirs(os.path.join(directory, "build"), exist_ok=True)
    open(os.path.join(directory, "build", "mpy-cross"), "w").close()
    sys.exit(0)
top = os.path.dirname(os.path.dirname(directory))
board = vars_.get("BOARD", "RPI_PICO")
folder = os.path.join(directory, vars_.get("BUILD", "build-" + board))
cmake_args = os.environ.get("CMAKE_ARGS", "").split()
if "submodules" in targets:
    if not os.path.isdir(os.path.join(top, ".git")):
        print("fatal: not a git repository (or any of the parent directories): .git")
        sys.exit(128)
    print("Updating submodules: lib/pico-sdk lib/tinyusb lib/micropython-lib")
    if os.environ.get("FAKE_SUBMODULES_FAIL"):  # git's last lines, as seen (see the test)
        print("Cloning into '" + os.path.join(top, "lib", "pico-sdk") + "'...")
        print(os.environ["FAKE_SUBMODULES_FAIL"])
        print("Failed to clone 'lib/pico-sdk' a second time, aborting")
        sys.exit(2)
    os.makedirs(os.path.join(folder, "submodules"), exist_ok=True)
    sys.exit(0)

# As ports/rp2/Makefile: BOARD_DIR (default boards/<BOARD>) must exist; cmake gets its abspath.
board_dir = os.path.abspath(os.path.join(directory, vars_.get("BOARD_DIR", "boards/" + board)))
if not os.path.isdir(board_dir):
    print("Makefile:23: *** Invalid BOARD specified: " + board_dir + ".  Stop.")
    sys.exit(2)
if not os.path.exists(os.path.join(folder, "Makefile")):
    print("-- configuring", folder)
    os.makedirs(folder, exist_ok=True)
    no_picotool = "-DPICO_NO_PICOTOOL=1" in cmake_args
    cache = ["MICROPY_BOARD:UNINITIALIZED=" + board,
             "MICROPY_BOARD_DIR:UNINITIALIZED=" + board_dir]
    if "FROZEN_MANIFEST" in vars_:
        cache.append("MICROPY_FROZEN_MANIFEST:UNINITIALIZED=" + vars_["FROZEN_MANIFEST"])
    if no_picotool:
        cache.append("PICO_NO_PICOTOOL:UNINITIALIZED=1")
    with open(os.path.join(folder, "CMakeCache.txt"), "w") as f:
        f.write("\n".join(cache) + "\n")
    if os.environ.get("FAKE_GENERATE_FAIL"):  # as cmake does: a Makefile, and an error
        open(os.path.join(folder, "Makefile"), "w").close()
        print("CMake Error at CMakeLists.txt:99 (add_executable):")
        print("  Cannot find source file: lib/mbedtls/library/aes.c")
        print("CMake Generate step failed.  Build files cannot be regenerated correctly.")
        sys.exit(2)
    if not no_picotool and os.environ.get("FAKE_OFFLINE"):
        print("Downloading Picotool")
        print("fatal: unable to access 'https://github.com/raspberrypi/picotool.git/'")
        print("CMake Error: Build step for picotool failed")
        sys.exit(2)
    open(os.path.join(folder, "Makefile"), "w").close()

cache = F.read_cmake_cache(Path(folder, "CMakeCache.txt"))
frozen = b""
manifest = cache.get("MICROPY_FROZEN_MANIFEST")
if manifest and not os.environ.get("FAKE_IGNORE_MANIFEST"):
    modules = []
    def module(path, base_path="."):
        with open(os.path.join(base_path, path), "rb") as f:
            modules.append(path.encode() + b"\0" + f.read())
    if os.environ.get("FAKE_EDIT"):  # a source saved while make runs
        with open(os.environ["FAKE_EDIT"], "a") as f:
            f.write("# saved during the build\n")
    here = os.getcwd()
    os.chdir(os.path.dirname(manifest))
    exec(open(manifest).read(), {"include": lambda p: None, "module": module})
    os.chdir(here)
    if os.environ.get("FAKE_EDIT_AFTER"):  # saved after the manifest read the sources
        with open(os.environ["FAKE_EDIT_AFTER"], "a") as f:
            f.write("# saved after the manifest ran\n")
    frozen = b"\0".join(modules)
chip = F.BOARDS[cache["MICROPY_BOARD"]].chip
if chip == "rp2040":
    boot2 = bytes(range(1, 253))
    head = boot2 + struct.pack("<I", F.crc32_mpeg2(boot2))
else:
    head = b"\0" * 0x110 + struct.pack("<5I", 0xFFFFDED3, 0x10210142, 0x1FF, 0, 0xAB123579)
banner = os.environ.get("FAKE_BANNER", "MicroPython v1.28.0 on 2026-12-01").encode()
if os.environ.get("FAKE_NO_BANNER"):
    banner = b""
# The filesystem size the configured board folder compiled in (as rp2_flash.c would).
header = open(os.path.join(cache["MICROPY_BOARD_DIR"], "mpconfigboard.h")).read()
storage = [ln.split(None, 2)[2].encode() for ln in header.splitlines()
           if ln.startswith("#define MICROPY_HW_FLASH_STORAGE_BYTES")]
head += b"storage=" + (storage[0] if storage else b"default") + b";"
image = (head + b"\x5a" * 3000 + banner + frozen).ljust(9000, b"\x77") + b"end"
with open(os.path.join(folder, "firmware.elf"), "wb") as f:
    f.write(b"\x7fELF")
with open(os.path.join(folder, "firmware.bin"), "wb") as f:
    f.write(image)
if cache.get("PICO_NO_PICOTOOL") != "1":
    family = U.FAMILIES[F.BOARDS[cache["MICROPY_BOARD"]].family]
    sdk = image if not os.environ.get("FAKE_STALE_UF2") else image[:-3] + b"old"
    with open(os.path.join(folder, "firmware.uf2"), "wb") as f:
        f.write(U.bin_to_uf2(sdk, family))
print("[100%] Built target firmware")
"""

CALC = "def triangle(n):\n    return n * (n + 1) // 2\n\nNAME = 'calc_module_text'\n"


def write(path: Path, text) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


@pytest.fixture
def repo(tmp_path, monkeypatch):
    """A copy of the repo's build tools with a small firmware tree; tools.firmware points at it."""
    top = tmp_path / "repo"
    for name in ("__init__.py", "manifest.py", "build.py", "firmware.py", "uf2.py"):
        write(top / "tools" / name, (ROOT / "tools" / name).read_text())
    write(top / "firmware" / "main.py", "import app\n")
    write(top / "firmware" / "app" / "__init__.py", "")
    write(top / "firmware" / "app" / "calc.py", CALC)
    write(top / "firmware" / "gen" / "font.bin", b"\x01\x02")
    monkeypatch.setattr(F, "FIRMWARE", top / "firmware")
    monkeypatch.setattr(F, "MANIFEST", top / "tools" / "manifest.py")
    return top


@pytest.fixture
def fake_make(tmp_path, monkeypatch, repo):
    """PATH holds only the fake make (and whatever a test adds to tmp/bin); returns its log."""
    bindir = tmp_path / "bin"
    script = write(bindir / "make", "#!{}\n{}".format(sys.executable, FAKE_MAKE))
    script.chmod(0o755)
    log = tmp_path / "make.log"
    monkeypatch.setenv("PATH", str(bindir))
    monkeypatch.setenv("FAKE_MAKE_LOG", str(log))
    monkeypatch.setenv("FAKE_REPO_TOOLS", str(repo))
    for var in (
        "CMAKE_ARGS",
        "PICOTOOL",
        "BOARD",
        "picotool_DIR",
        "PICOTOOL_FETCH_FROM_GIT_PATH",
        "FREEZE_GAMES",
        "FS_KB",
        F.FREEZE_ENV,
    ):
        monkeypatch.delenv(var, raising=False)
    for var in (
        "FAKE_OFFLINE",
        "FAKE_IGNORE_MANIFEST",
        "FAKE_STALE_UF2",
        "FAKE_NO_BANNER",
        "FAKE_BANNER",
        "FAKE_SUBMODULES_FAIL",
        "FAKE_GENERATE_FAIL",
        "FAKE_EDIT",
        "FAKE_EDIT_AFTER",
    ):
        monkeypatch.delenv(var, raising=False)

    def calls():
        if not log.exists():
            return []
        return [json.loads(line) for line in log.read_text().splitlines()]

    return calls


def fake_micropython(tmp_path: Path, minor: int = 28, git: bool = False, libs=True) -> Path:
    top = tmp_path / "micropython"
    write(
        top / "py" / "mpconfig.h",
        "#define MICROPY_VERSION_MAJOR (1)\n#define MICROPY_VERSION_MINOR ({})\n".format(minor),
    )
    write(
        top / "ports" / "rp2" / "boards" / "RPI_PICO" / "mpconfigboard.h",
        '#define MICROPY_HW_BOARD_NAME "Raspberry Pi Pico"\n'
        "#define MICROPY_HW_FLASH_STORAGE_BYTES          (1408 * 1024)\n",
    )
    write(  # as in v1.28.0
        top / "ports" / "rp2" / "boards" / "RPI_PICO2" / "mpconfigboard.h",
        '#define MICROPY_HW_BOARD_NAME "Raspberry Pi Pico2"\n'
        "#define MICROPY_HW_FLASH_STORAGE_BYTES          (PICO_FLASH_SIZE_BYTES - 1024 * 1024)\n",
    )
    if libs:
        for rel in F.SUBMODULES:
            write(top / rel / "README.md", "x\n")
    if git:
        (top / ".git").mkdir()
    return top


def stock_build_folder(top: Path, board: str) -> Path:
    """The port's own build-<BOARD>, as a stock `make BOARD=...` leaves it."""
    folder = top / "ports" / "rp2" / ("build-" + board)
    write(folder / "Makefile", "")
    write(folder / "CMakeCache.txt", "MICROPY_BOARD:UNINITIALIZED={}\n".format(board))
    write(folder / "firmware.bin", b"stock firmware, no app")
    write(folder / "firmware.uf2", U.bin_to_uf2(b"stock firmware, no app", U.RP2040))
    return folder


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {
        p.relative_to(folder).as_posix(): (p.read_bytes(), p.stat().st_mtime_ns)
        for p in folder.rglob("*")
        if p.is_file()
    }


def port_calls(calls):
    return [c for c in calls if any(a.startswith("BOARD=") for a in c["argv"])]


FAMILY = {"RPI_PICO": 0xE48BFF56, "RPI_PICO2": 0xE48BFF59}


# --- the whole run --------------------------------------------------------------------------


@pytest.mark.parametrize("board", ["RPI_PICO", "RPI_PICO2"])
def test_exported_tree_offline_no_picotool_stale_stock_folder(
    board, tmp_path, fake_make, repo, capsys, monkeypatch
):
    monkeypatch.setenv("FAKE_OFFLINE", "1")
    top = fake_micropython(tmp_path)
    stock = stock_build_folder(top, board)
    before = snapshot(stock)
    out = tmp_path / "out"

    status = F.main(["--micropy-dir", str(top), "--board", board, "-j", "2", "--out", str(out)])
    text = capsys.readouterr()
    assert status == 0, text.out + text.err

    # The commands: mpy-cross, then one port build; no `submodules` (no .git), no picotool.
    port = top / "ports" / "rp2"
    calls = fake_make()
    board_dir = ["BOARD_DIR=" + str(out / "board-RPI_PICO-fs1024k")] if board == "RPI_PICO" else []
    assert [c["argv"] for c in calls] == [
        ["-C", str(top / "mpy-cross"), "-j", "2"],
        [
            "-C",
            str(port),
            "BOARD=" + board,
            *board_dir,
            "BUILD=build-{}-console".format(board),
            "FROZEN_MANIFEST=" + str(repo / "tools" / "manifest.py"),
            "-j",
            "2",
        ],
    ]
    # CMAKE_ARGS reaches the port Makefile through the environment, only for the port build.
    assert calls[0]["CMAKE_ARGS"] is None
    assert calls[1]["CMAKE_ARGS"] == "-DPICO_NO_PICOTOOL=1"
    assert "has no .git (an exported tree or a release tarball): skipping `make submodules`" in (
        text.out
    )
    assert "picotool not installed" in text.out

    # The stock folder was not used or touched.
    assert snapshot(stock) == before
    folder = port / "build-{}-console".format(board)
    image = (folder / "firmware.bin").read_bytes()
    marker = F.expected_marker()
    assert marker.startswith("card-console-app:") and marker.encode() in image
    assert b"calc_module_text" in image  # the app's modules were frozen

    # The UF2 is firmware.bin, block for block.
    data = (out / "firmware-{}.uf2".format(board)).read_bytes()
    blocks = U.parse(data)
    count = (len(image) + 255) // 256
    assert len(image) == 9003 and count == 36
    if board == "RPI_PICO2":  # the RP2350-E10 block first, as picotool writes it
        e10, blocks = blocks[0], blocks[1:]
        assert (e10.family, e10.address, e10.block_no, e10.num_blocks) == (
            0xE48BFF57,
            0x10FFFF00,
            0,
            2,
        )
        assert e10.flags == 0x2000 | 0x8000
        assert e10.payload == b"\xef" * 256 and e10.data[256:260] == b"\x04\xe3\x57\x99"
    assert len(data) == 512 * (count + (board == "RPI_PICO2"))
    assert [b.address for b in blocks] == [0x10000000 + 256 * n for n in range(count)]
    assert [b.block_no for b in blocks] == list(range(count))
    assert {b.num_blocks for b in blocks} == {count}
    assert {b.family for b in blocks} == {FAMILY[board]}
    assert {b.flags for b in blocks} == {0x2000}
    payload = b"".join(b.payload for b in blocks)
    assert payload[: len(image)] == image and payload[len(image) :] == b"\0" * (256 * count - 9003)
    assert "from firmware.bin (tools/uf2.py)" in text.out
    assert "ENOENT" in text.out and "make flash" in text.out
    if board == "RPI_PICO":  # every game frozen: 2048 KB - a 1024 KB filesystem
        assert "(1015 KB of the 1024 KB firmware area free)" in text.out
        assert b"storage=(1024 * 1024);" in image
    else:  # the board's own layout: 4096 KB - (4096 - 1024) KB, from mpconfigboard.h
        assert "(1015 KB of the 1024 KB firmware area free)" in text.out
        assert b"storage=(PICO_FLASH_SIZE_BYTES - 1024 * 1024);" in image


def test_git_clone_runs_submodules_in_its_own_folder(tmp_path, fake_make, capsys):
    top = fake_micropython(tmp_path, git=True)
    (top / "mpy-cross" / "build").mkdir(parents=True)
    (top / "mpy-cross" / "build" / "mpy-cross").touch()  # built already: not remade
    out = tmp_path / "out"
    assert F.main(["--micropy-dir", str(top), "-j", "3", "--out", str(out)]) == 0
    port = str(top / "ports" / "rp2")
    calls = port_calls(fake_make())
    board_dir = "BOARD_DIR=" + str(out / "board-RPI_PICO-fs1024k")
    assert [c["argv"] for c in calls] == [
        ["-C", port, "BOARD=RPI_PICO", board_dir, "BUILD=build-RPI_PICO-console", "submodules"],
        [
            "-C",
            port,
            "BOARD=RPI_PICO",
            board_dir,
            "BUILD=build-RPI_PICO-console",
            "FROZEN_MANIFEST=" + str(F.MANIFEST),
            "-j",
            "3",
        ],
    ]
    assert len(fake_make()) == 2  # no mpy-cross build
    assert "skipping `make submodules`" not in capsys.readouterr().out
    assert U.parse((out / "firmware-RPI_PICO.uf2").read_bytes())[0].family == 0xE48BFF56


def test_exported_tree_without_submodules_is_refused(tmp_path, fake_make, capsys):
    top = fake_micropython(tmp_path, libs=False)
    (top / "lib" / "pico-sdk").mkdir(parents=True)  # an empty submodule folder, as exported
    assert F.main(["--micropy-dir", str(top), "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "is missing lib/pico-sdk, lib/tinyusb, lib/mbedtls, lib/micropython-lib" in err
    assert fake_make() == []


@pytest.mark.parametrize("board", ["RPI_PICO", "RPI_PICO2"])
def test_a_firmware_without_the_app_is_refused(board, tmp_path, fake_make, capsys, monkeypatch):
    monkeypatch.setenv("FAKE_IGNORE_MANIFEST", "1")  # the build gives a stock firmware anyway
    top = fake_micropython(tmp_path)
    out = tmp_path / "out"
    old = write(out / "firmware-{}.uf2".format(board), b"an older UF2")
    assert F.main(["--micropy-dir", str(top), "--board", board, "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "does not hold the app's frozen marker card-console-app:" in err
    assert "No UF2 written" in err
    assert not old.exists()  # build/ never keeps a UF2 that did not pass


def test_a_firmware_without_micropython_in_it_is_refused(tmp_path, fake_make, capsys, monkeypatch):
    # Seen for real: a link that had lost the runtime gave a 51 KB firmware.bin with a valid
    # boot2 and the app's frozen modules, but no code to run them.
    monkeypatch.setenv("FAKE_NO_BANNER", "1")
    top = fake_micropython(tmp_path)
    assert F.main(["--micropy-dir", str(top), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "no 'MicroPython <version> on <date>' banner: not a working MicroPython firmware" in err
    assert not list((tmp_path / "out").glob("firmware-*"))  # no UF2, no layout


@pytest.mark.parametrize(
    "banner, ok",
    [
        # a clone without tags (seen: `git clone --depth 1` of a commit after v1.28.0, built
        # for real): py/makeversionhdr.py's `git describe --always` gives the commit's hash
        ("MicroPython b652480eb5 on 2026-12-01", True),
        ("MicroPython b652480eb5-dirty on 2026-12-01", True),
        ("MicroPython v1.28.0-12.gabcdef0123.dirty on 2026-12-01", True),
        ("MicroPython (with v2.0 preview) v1.28.0 on 2026-12-01", True),
        ("MicroPython v", False),
        ("MicroPython pour le Raspberry Pi Pico", False),  # the app's own text
    ],
)
def test_the_banner_may_carry_a_version_or_a_commit_hash(
    banner, ok, tmp_path, fake_make, capsys, monkeypatch
):
    monkeypatch.setenv("FAKE_BANNER", banner)
    top = fake_micropython(tmp_path, git=True)
    out = tmp_path / "out"
    assert F.main(["--micropy-dir", str(top), "--out", str(out)]) == (0 if ok else 1)
    assert (out / "firmware-RPI_PICO.uf2").exists() == ok
    assert ("not a working MicroPython firmware" in capsys.readouterr().err) != ok


@pytest.mark.parametrize(
    "git_says, hint",
    [
        # a fresh clone offline (the URLs in .gitmodules are GitHub's)
        (
            "fatal: unable to access 'https://github.com/raspberrypi/pico-sdk.git/': "
            "Could not resolve host: github.com",
            "once they are checked out it works offline",
        ),
        # .gitmodules pointing at local mirrors: seen for real with git 2.39.5
        ("fatal: transport 'file' not allowed", "protocol.file.allow"),
    ],
)
def test_a_failed_make_submodules_says_why(
    git_says, hint, tmp_path, fake_make, capsys, monkeypatch
):
    monkeypatch.setenv("FAKE_SUBMODULES_FAIL", git_says)
    top = fake_micropython(tmp_path, git=True, libs=False)
    out = tmp_path / "out"
    assert F.main(["--micropy-dir", str(top), "--out", str(out)]) == 1
    captured = capsys.readouterr()
    assert git_says in captured.out
    assert hint in captured.err
    assert "command failed (exit 2): make -C" in captured.err
    assert captured.err.rstrip().endswith("submodules")
    assert [c["argv"][-1] for c in port_calls(fake_make())] == ["submodules"]  # no build after
    assert not list(out.glob("firmware-*"))


def test_own_folder_configured_otherwise_is_rebuilt(tmp_path, fake_make, capsys, repo):
    top = fake_micropython(tmp_path)
    folder = top / "ports" / "rp2" / "build-RPI_PICO-console"
    # Configured earlier with picotool and another checkout's manifest.
    write(folder / "Makefile", "")
    write(
        folder / "CMakeCache.txt",
        "MICROPY_BOARD:UNINITIALIZED=RPI_PICO\n"
        "MICROPY_FROZEN_MANIFEST:UNINITIALIZED=/elsewhere/tools/manifest.py\n",
    )
    write(folder / "leftover.o", b"x")
    out = tmp_path / "out"
    args = ["--micropy-dir", str(top), "--picotool", "none", "--out", str(out)]
    assert F.main(args) == 0
    text = capsys.readouterr().out
    assert "configured with the frozen manifest '/elsewhere/tools/manifest.py'" in text
    assert not (folder / "leftover.o").exists()
    cache = F.read_cmake_cache(folder / "CMakeCache.txt")
    assert cache["MICROPY_FROZEN_MANIFEST"] == str(repo / "tools" / "manifest.py")
    assert cache["PICO_NO_PICOTOOL"] == "1"
    # Built again the same way: the folder is reused as it is.
    write(folder / "kept.o", b"x")
    assert F.main(args) == 0
    assert (folder / "kept.o").exists()
    # Now asked to use the SDK's picotool: configured without it, so configured again.
    assert F.main(args[:3] + ["sdk"] + args[4:]) == 0
    assert "it was configured without picotool" in capsys.readouterr().out
    assert not (folder / "kept.o").exists()


def test_a_half_configured_folder_with_other_settings_is_not_reused(tmp_path, fake_make, capsys):
    # No Makefile (its configuration stopped), but a cache that says "no picotool": cmake would
    # keep that setting, since an SDK build does not pass PICO_NO_PICOTOOL at all.
    top = fake_micropython(tmp_path)
    folder = top / "ports" / "rp2" / "build-RPI_PICO-console"
    write(
        folder / "CMakeCache.txt",
        "MICROPY_BOARD:UNINITIALIZED=RPI_PICO\n"
        "MICROPY_FROZEN_MANIFEST:UNINITIALIZED={}\n"
        "PICO_NO_PICOTOOL:UNINITIALIZED=1\n".format(F.MANIFEST),
    )
    out = tmp_path / "out"
    assert F.main(["--micropy-dir", str(top), "--picotool", "sdk", "--out", str(out)]) == 0
    assert "it was configured without picotool" in capsys.readouterr().out
    assert "PICO_NO_PICOTOOL" not in (folder / "CMakeCache.txt").read_text()
    assert (folder / "firmware.uf2").exists()  # the "SDK" made one


def test_auto_tries_an_installed_picotool_and_falls_back_offline(
    tmp_path, fake_make, capsys, monkeypatch
):
    picotool = write(tmp_path / "bin" / "picotool", "#!/bin/sh\nexit 0\n")
    picotool.chmod(0o755)
    monkeypatch.setenv("FAKE_OFFLINE", "1")
    top = fake_micropython(tmp_path)
    out = tmp_path / "out"
    assert F.main(["--micropy-dir", str(top), "--board", "RPI_PICO2", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "picotool found at {}".format(picotool) in text
    assert "the build failed on picotool" in text and "retrying with -DPICO_NO_PICOTOOL=1" in text
    calls = port_calls(fake_make())
    assert [c["CMAKE_ARGS"] for c in calls] == [None, "-DPICO_NO_PICOTOOL=1"]
    assert "from firmware.bin (tools/uf2.py)" in text
    image = (top / "ports" / "rp2" / "build-RPI_PICO2-console" / "firmware.bin").read_bytes()
    assert (
        U.check_image(U.parse((out / "firmware-RPI_PICO2.uf2").read_bytes()), image, U.RP2350_ARM_S)
        == ""
    )


def test_sdk_mode_uses_picotools_uf2_only_when_it_is_the_bin(
    tmp_path, fake_make, capsys, monkeypatch
):
    top = fake_micropython(tmp_path)
    out = tmp_path / "out"
    args = ["--micropy-dir", str(top), "--picotool", "sdk", "--out", str(out)]
    assert F.main(args) == 0
    text = capsys.readouterr().out
    sdk_uf2 = top / "ports" / "rp2" / "build-RPI_PICO-console" / "firmware.uf2"
    assert "from picotool's {}".format(sdk_uf2) in text
    assert (out / "firmware-RPI_PICO.uf2").read_bytes() == sdk_uf2.read_bytes()
    assert port_calls(fake_make())[0]["CMAKE_ARGS"] is None

    monkeypatch.setenv("FAKE_STALE_UF2", "1")
    assert F.main(args) == 0
    text = capsys.readouterr().out
    assert "does not match firmware.bin (block 35 at 0x10002300 differs from the image)" in text
    assert "from firmware.bin (tools/uf2.py)" in text
    assert (out / "firmware-RPI_PICO.uf2").read_bytes() != sdk_uf2.read_bytes()


def test_a_failed_command_stops_the_build(tmp_path, fake_make, capsys, monkeypatch):
    monkeypatch.setenv("FAKE_OFFLINE", "1")
    top = fake_micropython(tmp_path)
    args = ["--micropy-dir", str(top), "--picotool", "sdk", "--out", str(tmp_path / "out")]
    assert F.main(args) == 1  # asked for the SDK's picotool explicitly: no fallback
    captured = capsys.readouterr()
    assert "CMake Error: Build step for picotool failed" in captured.out
    assert "command failed (exit 2): make -C" in captured.err
    assert not list((tmp_path / "out").glob("firmware-*"))
    # The failed configuration is not left behind for the next run to reuse.
    assert (
        "deleting {}: its configuration failed".format(
            top / "ports" / "rp2" / "build-RPI_PICO-console"
        )
        in captured.out
    )
    assert not (top / "ports" / "rp2" / "build-RPI_PICO-console").exists()


def test_a_failed_configuration_is_not_reused(tmp_path, fake_make, capsys, monkeypatch):
    """cmake can write a Makefile and still fail; the port would then never run it again."""
    monkeypatch.setenv("FAKE_GENERATE_FAIL", "1")
    top = fake_micropython(tmp_path)
    out = tmp_path / "out"
    assert F.main(["--micropy-dir", str(top), "--out", str(out)]) == 1
    assert not (top / "ports" / "rp2" / "build-RPI_PICO-console").exists()
    monkeypatch.delenv("FAKE_GENERATE_FAIL")
    assert F.main(["--micropy-dir", str(top), "--out", str(out)]) == 0
    assert capsys.readouterr().out.count("-- configuring") == 2  # configured afresh
    assert (out / "firmware-RPI_PICO.uf2").exists()


def test_dry_run_lists_the_commands(tmp_path, fake_make, capsys):
    top = fake_micropython(tmp_path, minor=24, git=True)
    assert F.micropython_version(top) == (1, 24)
    argv = ["--micropy-dir", str(top), "--board", "RPI_PICO2", "-j", "3", "--dry-run"]
    assert F.main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    port = top / "ports" / "rp2"
    assert lines == [
        "firmware: picotool not installed: configuring with -DPICO_NO_PICOTOOL=1, the UF2 is "
        "made from firmware.bin",
        "firmware: freezing the platform and every game",
        "firmware: RPI_PICO2's own flash layout (boards/RPI_PICO2)",
        "$ make -C {} -j 3".format(top / "mpy-cross"),
        "$ CONSOLE_FREEZE_GAMES=all CMAKE_ARGS=-DPICO_NO_PICOTOOL=1 make -C {} BOARD=RPI_PICO2 "
        "BUILD=build-RPI_PICO2-console submodules".format(port),
        "$ CONSOLE_FREEZE_GAMES=all CMAKE_ARGS=-DPICO_NO_PICOTOOL=1 make -C {} BOARD=RPI_PICO2 "
        "BUILD=build-RPI_PICO2-console FROZEN_MANIFEST={} -j 3".format(port, F.MANIFEST),
        "then: check {} for the marker {} and write {} (family rp2350-arm-s, from "
        "0x10000000)".format(
            port / "build-RPI_PICO2-console" / "firmware.bin",
            F.expected_marker(),
            F.OUT / "firmware-RPI_PICO2.uf2",
        ),
    ]
    assert fake_make() == []


def test_usage_and_refusals(tmp_path, fake_make, capsys):
    assert F.main([]) == 2
    assert "make firmware MICROPY_DIR=" in capsys.readouterr().err
    assert F.main(["--micropy-dir", str(fake_micropython(tmp_path, minor=22))]) == 2
    assert "needs 1.23 or newer" in capsys.readouterr().err
    assert F.main(["--micropy-dir", str(tmp_path / "nowhere")]) == 2
    assert "not a MicroPython source tree" in capsys.readouterr().err
    top = tmp_path / "micropython"
    assert F.main(["--micropy-dir", str(top), "--board", "PYBV11"]) == 2
    assert "unknown board 'PYBV11'" in capsys.readouterr().err
    assert F.main(["--micropy-dir", str(top), "--picotool", "maybe"]) == 2
    assert "use auto, sdk or none" in capsys.readouterr().err
    assert fake_make() == []


def test_a_refused_tree_leaves_no_uf2_of_an_earlier_build(tmp_path, fake_make, capsys):
    """build/ holds a UF2 only after a build that passed every check: a refusal removes the
    previous build's UF2 and layout file too."""
    out = tmp_path / "out"
    for name in ("firmware-RPI_PICO.uf2", "firmware-RPI_PICO.json"):
        write(out / name, "from an earlier build")
    old = fake_micropython(tmp_path / "old", minor=22)
    assert F.main(["--micropy-dir", str(old), "--out", str(out)]) == 2
    assert "needs 1.23 or newer" in capsys.readouterr().err
    assert sorted(p.name for p in out.iterdir()) == []
    write(out / "firmware-RPI_PICO.uf2", "from an earlier build")
    bare = fake_micropython(tmp_path / "bare", libs=False)
    assert F.main(["--micropy-dir", str(bare), "--out", str(out)]) == 2
    assert not (out / "firmware-RPI_PICO.uf2").exists() and fake_make() == []


def test_a_tree_without_git_takes_no_version_from_a_repository_around_it(
    tmp_path, fake_make, capsys
):
    """MicroPython stamps `git describe` of its tree as its version: an exported tree inside
    another repository would get that repository's commit; git is told to stop at the tree."""
    top = fake_micropython(tmp_path)
    assert F.main(["--micropy-dir", str(top), "--out", str(tmp_path / "out")]) == 0
    assert {c["GIT_CEILING_DIRECTORIES"] for c in fake_make()} == {str(top.parent)}
    clone = fake_micropython(tmp_path / "clone", git=True)
    n = len(fake_make())
    assert F.main(["--micropy-dir", str(clone), "--out", str(tmp_path / "out2")]) == 0
    assert {c["GIT_CEILING_DIRECTORIES"] for c in fake_make()[n:]} == {None}


def test_sources_saved_during_the_build_are_checked_as_they_are_now(
    tmp_path, fake_make, repo, capsys, monkeypatch
):
    top = fake_micropython(tmp_path)
    out = tmp_path / "out"
    before = F.expected_marker()
    monkeypatch.setenv("FAKE_EDIT", str(repo / "firmware" / "app" / "calc.py"))
    status = F.main(["--micropy-dir", str(top), "--out", str(out)])
    text = capsys.readouterr()
    assert status == 0, text.out + text.err
    after = F.expected_marker()
    assert after != before
    assert "firmware/ changed during the build ({} -> {})".format(before, after) in text.out
    image = (top / "ports" / "rp2" / "build-RPI_PICO-console" / "firmware.bin").read_bytes()
    assert after.encode() in image and b"saved during the build" in image
    assert (out / "firmware-RPI_PICO.uf2").exists()
    # Saved after the manifest had read the sources (seen for real): the image holds the
    # digest of the start, also this checkout's: accepted, with the advice to build again.
    monkeypatch.delenv("FAKE_EDIT")
    monkeypatch.setenv("FAKE_EDIT_AFTER", str(repo / "firmware" / "app" / "calc.py"))
    start = F.expected_marker()
    assert F.main(["--micropy-dir", str(top), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert F.expected_marker() != start and start.encode() in image_of(top)
    assert "it holds firmware/ as it was when the build started ({})".format(start) in text
    assert json.loads((out / "firmware-RPI_PICO.json").read_text())["marker"] == start
    # A third digest (neither the start's nor the end's) is still refused.
    monkeypatch.setenv("FAKE_EDIT", str(repo / "firmware" / "app" / "calc.py"))
    assert F.main(["--micropy-dir", str(top), "--out", str(out)]) == 1
    assert "it holds the app frozen from other sources" in capsys.readouterr().err


def image_of(top: Path, board: str = "RPI_PICO") -> bytes:
    return (top / "ports" / "rp2" / "build-{}-console".format(board) / "firmware.bin").read_bytes()


GAME = "def score(n):\n    return n + 1\n\nNAME = 'game_module_text'\n"


@pytest.mark.parametrize(
    "board, flag, games_frozen",
    [
        ("RPI_PICO", [], True),  # the default: everything, with a 1024 KB filesystem on a Pico
        ("RPI_PICO", ["--freeze-games", "none"], False),
        ("RPI_PICO2", [], True),
        ("RPI_PICO", ["--freeze-games", "all"], True),
        ("RPI_PICO2", ["--freeze-games", "none"], False),
    ],
)
def test_the_manifest_freezes_the_games_only_when_asked(
    board, flag, games_frozen, tmp_path, fake_make, repo, capsys
):
    write(repo / "firmware" / "games" / "__init__.py", "")
    write(repo / "firmware" / "games" / "registry.py", "GAMES = []\n")
    write(repo / "firmware" / "games" / "dice" / "__init__.py", "")
    write(repo / "firmware" / "games" / "dice" / "rules.py", GAME)
    top = fake_micropython(tmp_path)
    out = tmp_path / "out"
    argv = ["--micropy-dir", str(top), "--board", board, "--out", str(out)] + flag
    status = F.main(argv)
    text = capsys.readouterr()
    assert status == 0, text.out + text.err
    image = (top / "ports" / "rp2" / "build-{}-console".format(board) / "firmware.bin").read_bytes()
    assert b"calc_module_text" in image  # the platform is always frozen
    assert (b"game_module_text" in image) == games_frozen
    assert (b"games/registry.py" in image) == games_frozen  # games/ is one package: all or none
    mode = "all" if games_frozen else "none"
    marker = F.expected_marker(freeze_games=mode)
    other = F.expected_marker(freeze_games="none" if games_frozen else "all")
    assert marker != other and marker.encode() in image and other.encode() not in image
    # The marker module tells `make flash` what it must copy besides gen/.
    module = (repo / "build" / "frozen" / "console_frozen.py").read_text()
    scope: dict = {}
    exec(module, scope)
    assert scope["MARKER"] == marker
    assert scope["FILESYSTEM"] == (() if games_frozen else ("games",))
    assert "CONSOLE_FREEZE_GAMES={} ".format(mode) in text.out
    assert ("and the games (games/, not frozen)" in text.out) != games_frozen


def test_freeze_games_from_the_environment_and_refusals(
    tmp_path, fake_make, repo, capsys, monkeypatch
):
    write(repo / "firmware" / "games" / "dice" / "rules.py", GAME)
    top = fake_micropython(tmp_path)
    out = tmp_path / "out"
    monkeypatch.setenv("FREEZE_GAMES", "all")
    assert F.main(["--micropy-dir", str(top), "--out", str(out)]) == 0
    assert b"game_module_text" in (out / "firmware-RPI_PICO.uf2").read_bytes()
    assert F.main(["--micropy-dir", str(top), "--freeze-games", "memory,cauldron"]) == 2
    assert "use all or none" in capsys.readouterr().err
    # Too big for the firmware area: refused, with the ways out (the board's own layout here).
    write(
        top / "ports" / "rp2" / "boards" / "RPI_PICO" / "mpconfigboard.h",
        "#define MICROPY_HW_FLASH_STORAGE_BYTES          (2044 * 1024)\n",
    )
    monkeypatch.setenv("FS_KB", "stock")
    assert F.main(["--micropy-dir", str(top), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert (
        "more than the 4096 bytes before RPI_PICO's filesystem: try a smaller filesystem "
        "(--fs-kb, FS_KB; now 2044 KB) or --freeze-games none" in err
    )
    assert not (out / "firmware-RPI_PICO.uf2").exists()
    assert not (out / "firmware-RPI_PICO.json").exists()
    monkeypatch.setenv("FREEZE_GAMES", "none")
    assert F.main(["--micropy-dir", str(top), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert "filesystem" in err and "--freeze-games none" not in err
    # A smaller filesystem than the board's makes room: the same build passes.
    assert F.main(["--micropy-dir", str(top), "--out", str(out), "--fs-kb", "2000"]) == 0
    with pytest.raises(ValueError):
        F.split_frozen(["main.py"], "some")
    assert F.split_frozen(["core/a.py", "games/x/r.py", "main.py"], "none") == (
        ["core/a.py", "main.py"],
        ["games"],
    )
    assert F.split_frozen(["core/a.py", "main.py"], "none") == (["core/a.py", "main.py"], [])


def test_rpi_pico_default_moves_the_filesystem_to_fit_every_game(tmp_path, fake_make, repo, capsys):
    """Every game frozen does not fit RPI_PICO's stock 640 KB: the build uses a board folder of
    its own with a 1024 KB filesystem (offset 0x100000), says that the board's filesystem is
    re-created, and writes the layout beside the UF2; --fs-kb stock goes back to the port's."""
    write(repo / "firmware" / "games" / "dice" / "rules.py", GAME)
    top = fake_micropython(tmp_path)
    stock_dir = top / "ports" / "rp2" / "boards" / "RPI_PICO"
    write(stock_dir / "pins.csv", "GP0,GPIO0\nLED,GPIO25\n")
    write(stock_dir / "mpconfigboard.cmake", 'set(PICO_BOARD "pico")\n')
    stock_header = (stock_dir / "mpconfigboard.h").read_text()
    out = tmp_path / "out"
    folder = top / "ports" / "rp2" / "build-RPI_PICO-console"

    assert F.main(["--micropy-dir", str(top), "--out", str(out)]) == 0
    text = capsys.readouterr().out
    board_dir = out / "board-RPI_PICO-fs1024k"
    # The port's board folder, copied, with the one define changed; the tree is untouched.
    assert (board_dir / "mpconfigboard.h").read_text() == (
        '#define MICROPY_HW_BOARD_NAME "Raspberry Pi Pico"\n'
        "#define MICROPY_HW_FLASH_STORAGE_BYTES          (1024 * 1024)\n"
    )
    assert (board_dir / "pins.csv").read_text() == "GP0,GPIO0\nLED,GPIO25\n"
    assert (board_dir / "mpconfigboard.cmake").exists()
    assert (stock_dir / "mpconfigboard.h").read_text() == stock_header
    assert F.read_cmake_cache(folder / "CMakeCache.txt")["MICROPY_BOARD_DIR"] == str(board_dir)
    image = (folder / "firmware.bin").read_bytes()
    assert b"storage=(1024 * 1024);" in image and b"game_module_text" in image
    layout = json.loads((out / "firmware-RPI_PICO.json").read_text())
    assert layout == {
        "board": "RPI_PICO",
        "chip": "rp2040",
        "flash_bytes": 2 * 1024 * 1024,
        "bin_bytes": len(image),
        "firmware_area": 1024 * 1024,
        "fs_offset": 0x100000,
        "fs_bytes": 1024 * 1024,
        "romfs_bytes": 0,
        "stock_layout": False,
        "board_dir": str(board_dir),
        "freeze_games": "all",
        "marker": F.expected_marker(),
    }
    assert "a 1024 KB filesystem at 0x100000" in text
    assert "MicroPython formats a new one" in text and "are lost, once" in text
    assert "(1015 KB of the 1024 KB firmware area free)" in text

    # Built again: the board folder is not rewritten (its header's time would rebuild
    # everything) and the build folder is reused.
    stamp = (board_dir / "mpconfigboard.h").stat().st_mtime_ns
    assert F.main(["--micropy-dir", str(top), "--out", str(out)]) == 0
    assert (board_dir / "mpconfigboard.h").stat().st_mtime_ns == stamp
    assert "-- configuring" not in capsys.readouterr().out

    # The stock layout asked for: the folder configured with our board folder is not reused.
    assert F.main(["--micropy-dir", str(top), "--out", str(out), "--fs-kb", "stock"]) == 0
    text = capsys.readouterr().out
    assert "it was configured with the board folder '{}'".format(board_dir) in text
    assert "RPI_PICO's own flash layout (boards/RPI_PICO)" in text
    assert b"storage=(1408 * 1024);" in (folder / "firmware.bin").read_bytes()
    layout = json.loads((out / "firmware-RPI_PICO.json").read_text())
    assert (layout["fs_offset"], layout["fs_bytes"], layout["stock_layout"]) == (
        0xA0000,
        1408 * 1024,
        True,
    )
    assert "formats a new one" not in text
    # Another size: another board folder.
    assert F.main(["--micropy-dir", str(top), "--out", str(out), "--fs-kb", "512"]) == 0
    assert b"storage=(512 * 1024);" in (folder / "firmware.bin").read_bytes()
    assert json.loads((out / "firmware-RPI_PICO.json").read_text())["fs_offset"] == 0x180000
    # Still refused without the app in it, with a board folder of our own.
    os.environ["FAKE_IGNORE_MANIFEST"] = "1"
    try:
        assert F.main(["--micropy-dir", str(top), "--out", str(out), "--clean"]) == 1
    finally:
        del os.environ["FAKE_IGNORE_MANIFEST"]
    assert "does not hold the app's frozen marker" in capsys.readouterr().err
    assert not list(out.glob("firmware-RPI_PICO.*"))


def test_fs_kb_refusals(tmp_path, fake_make, capsys):
    top = fake_micropython(tmp_path)
    base = ["--micropy-dir", str(top), "--out", str(tmp_path / "out")]
    assert F.main(base + ["--fs-kb", "1023"]) == 2
    assert "--fs-kb 1023: must be a positive multiple of 4" in capsys.readouterr().err
    assert F.main(base + ["--fs-kb", "2048"]) == 2
    assert "leaves no room for the firmware in RPI_PICO's 2048 KB of flash" in (
        capsys.readouterr().err
    )
    assert F.main(base + ["--fs-kb", "big"]) == 2
    assert "use a number of KB or stock" in capsys.readouterr().err
    assert fake_make() == []


def test_board_header_sets_or_adds_the_size():
    name = '#define MICROPY_HW_BOARD_NAME "Pico"\n'
    stock = name + "#define MICROPY_HW_FLASH_STORAGE_BYTES (1408 * 1024)\n"
    assert F.board_header(stock, 1024) == (
        name + "#define MICROPY_HW_FLASH_STORAGE_BYTES (1024 * 1024)\n"
    )
    added = F.board_header('#define MICROPY_HW_BOARD_NAME "Pico"\n', 768)
    assert added.endswith("#define MICROPY_HW_FLASH_STORAGE_BYTES          (768 * 1024)\n")
    assert F._size_define(added, F.STORAGE_DEFINE, 2 << 20) == (True, 768 * 1024)


def test_a_folder_configured_without_a_board_folder_is_not_reused_for_one(tmp_path):
    folder = tmp_path / "ports" / "rp2" / "build-RPI_PICO-console"
    manifest = tmp_path / "manifest.py"
    cache = "MICROPY_BOARD:UNINITIALIZED=RPI_PICO\n" + (
        "MICROPY_FROZEN_MANIFEST:UNINITIALIZED={}\n".format(manifest)
    )
    write(folder / "Makefile", "")
    write(folder / "CMakeCache.txt", cache)
    ours = tmp_path / "out" / "board-RPI_PICO-fs1024k"
    # An older folder (no MICROPY_BOARD_DIR in its cache) counts as the stock layout.
    assert F.stale_reason(folder, "RPI_PICO", "sdk", manifest) == ""
    assert F.stale_reason(folder, "RPI_PICO", "sdk", manifest, ours) == (
        "it was configured with the board folder '(none)'"
    )
    stock = folder.parent / "boards" / "RPI_PICO"
    write(folder / "CMakeCache.txt", cache + "MICROPY_BOARD_DIR:UNINITIALIZED={}\n".format(stock))
    assert F.stale_reason(folder, "RPI_PICO", "sdk", manifest) == ""
    assert "board folder '{}'".format(stock) in F.stale_reason(
        folder, "RPI_PICO", "sdk", manifest, ours
    )
    write(folder / "CMakeCache.txt", cache + "MICROPY_BOARD_DIR:UNINITIALIZED={}\n".format(ours))
    assert F.stale_reason(folder, "RPI_PICO", "sdk", manifest, ours) == ""
    assert "board folder '{}'".format(ours) in F.stale_reason(folder, "RPI_PICO", "sdk", manifest)


# --- the checks on firmware.bin -------------------------------------------------------------


def test_crc32_mpeg2_check_value():
    # The catalogued check value of CRC-32/MPEG-2 (the RP2040 boot2 checksum) for "123456789".
    assert F.crc32_mpeg2(b"123456789") == 0x0376E6E7
    assert F.crc32_mpeg2(b"") == 0xFFFFFFFF


def test_image_problem_knows_each_chip():
    boot2 = bytes(252)
    rp2040 = boot2 + struct.pack("<I", F.crc32_mpeg2(boot2)) + b"rest"
    rp2350 = b"\0" * 64 + struct.pack("<5I", 0xFFFFDED3, 0x10210142, 0x1FF, 0, 0xAB123579)
    pico, pico2 = F.BOARDS["RPI_PICO"], F.BOARDS["RPI_PICO2"]
    assert F.image_problem(rp2040, pico) == ""
    assert F.image_problem(rp2350, pico2) == ""
    assert "no valid RP2040 boot2" in F.image_problem(rp2350.ljust(300, b"\0"), pico)
    assert "shorter than" in F.image_problem(b"\0" * 10, pico)
    assert "no RP2350 IMAGE_DEF block" in F.image_problem(rp2040, pico2)
    broken = bytearray(rp2040)
    broken[5] ^= 1
    assert "no valid RP2040 boot2" in F.image_problem(bytes(broken), pico)
    # The block must start in the first 4 KB.
    assert "IMAGE_DEF" in F.image_problem(b"\0" * 4096 + rp2350, pico2)


def test_marker_problem_tells_stock_from_other_sources():
    marker = "card-console-app:0123456789abcdef"
    assert F.marker_problem(b"xx" + marker.encode() + b"yy", marker) == ""
    assert "a stock firmware" in F.marker_problem(b"MicroPython v1.28.0", marker)
    other = F.marker_problem(b"..card-console-app:fedcba9876543210..", marker)
    assert "other sources (card-console-app:fedcba9876543210, expected" in other


def test_marker_digest_follows_the_sources(repo):
    paths = ["app/calc.py", "main.py"]
    first = F.app_marker(repo / "firmware", paths)
    assert first == F.app_marker(str(repo / "firmware"), paths)  # str or Path
    write(repo / "firmware" / "app" / "calc.py", CALC + "# changed\n")
    assert F.app_marker(repo / "firmware", paths) != first
    assert len(first) == len("card-console-app:") + 16


def test_marker_module_is_valid_micropython_and_changes_nothing_at_boot(repo, tmp_path):
    """The generated console_frozen.py only binds MARKER, and no firmware module imports it."""
    text = F.marker_module_text("card-console-app:0123456789abcdef")
    scope: dict = {}
    exec(text, scope)
    assert scope["MARKER"] == "card-console-app:0123456789abcdef"
    for src in (ROOT / "firmware").rglob("*.py"):
        assert F.MARKER_MODULE not in src.read_text(), src


def test_firmware_area_from_the_board_file(tmp_path):
    top = fake_micropython(tmp_path)
    pico, pico2 = F.BOARDS["RPI_PICO"], F.BOARDS["RPI_PICO2"]
    assert F.firmware_area(top, pico) == 640 * 1024  # 2048 KB - (1408 * 1024)
    assert F.firmware_area(top, pico2) == 1024 * 1024  # PICO_FLASH_SIZE_BYTES - 1024 * 1024
    # No figure in the board file: the port's default; a ROMFS comes off the top too.
    board_h = top / "ports" / "rp2" / "boards" / "RPI_PICO2" / "mpconfigboard.h"
    board_h.write_text("#define MICROPY_HW_ROMFS_BYTES (128 * 1024) // a comment\n")
    assert F.firmware_area(top, pico2) is None
    write(
        top / "ports" / "rp2" / "mpconfigport.h",
        "#ifndef MICROPY_HW_FLASH_STORAGE_BYTES\n"
        "#define MICROPY_HW_FLASH_STORAGE_BYTES (1408 * 1024)\n#endif\n",
    )
    assert F.firmware_area(top, pico2) == (4096 - 1408 - 128) * 1024
    board_h.write_text("#define MICROPY_HW_FLASH_STORAGE_BYTES (FLASH_SIZE_FROM_ELSEWHERE)\n")
    assert F.firmware_area(top, pico2) is None  # the board's own figure, unreadable: unknown


# --- tools.uf2 ------------------------------------------------------------------------------


def test_one_block_by_hand():
    block = U.pack_block(0x10000100, b"\x01\x02\x03", 1, 3, 0xE48BFF56)
    assert len(block) == 512
    assert block[:32] == bytes.fromhex(
        "5546320a"  # magic start 0, 0x0A324655 little-endian: "UF2\n"
        + "57515d9e"  # magic start 1, 0x9E5D5157
        + "00200000"  # flags: family id present
        + "00010010"  # target address 0x10000100
        + "00010000"  # payload size 256
        + "01000000"  # block number 1
        + "03000000"  # of 3 blocks
        + "56ff8be4"  # family RP2040 0xE48BFF56
    )
    assert block[32:35] == b"\x01\x02\x03" and block[35:508] == bytes(473)
    assert block[508:] == bytes.fromhex("306fb10a")  # magic end 0x0AB16F30
    (parsed,) = U.parse(block)
    assert parsed == U.Block(0x2000, 0x10000100, 256, 1, 3, 0xE48BFF56, block[32:508])
    assert parsed.payload == b"\x01\x02\x03" + bytes(253)


def test_e10_block_by_hand():
    block = U.abs_block()
    assert block[:32] == bytes.fromhex(
        "5546320a57515d9e00a0000000ffff1000010000000000000200000057ff8be4"
    )
    assert block[32:288] == b"\xef" * 256
    assert block[288:292] == bytes.fromhex("04e35799")  # UF2_EXTENSION_RP2_IGNORE_BLOCK
    assert block[292:508] == bytes(216) and block[508:] == bytes.fromhex("306fb10a")
    assert U.is_abs_block(U.parse(block)[0])


def test_bin_to_uf2_and_back():
    image = bytes(range(256)) * 2 + b"tail"
    rp2040 = U.parse(U.bin_to_uf2(image, U.RP2040))
    assert [(b.address, b.block_no, b.num_blocks) for b in rp2040] == [
        (0x10000000, 0, 3),
        (0x10000100, 1, 3),
        (0x10000200, 2, 3),
    ]
    assert rp2040[2].payload == b"tail" + bytes(252)
    assert U.check_image(rp2040, image, U.RP2040) == ""
    rp2350 = U.parse(U.bin_to_uf2(image, U.RP2350_ARM_S))
    assert len(rp2350) == 4 and U.is_abs_block(rp2350[0])
    assert U.image_blocks(rp2350) == [
        U.Block(0x2000, b.address, 256, b.block_no, 3, U.RP2350_ARM_S, b.data) for b in rp2040
    ]
    assert len(U.parse(U.bin_to_uf2(image, U.RP2350_ARM_S, e10_block=False))) == 3
    assert "family id 0xe48bff56 instead of 0xe48bff59" in U.check_image(
        rp2040, image, U.RP2350_ARM_S
    )
    assert "block 2 at 0x10000200 differs" in U.check_image(rp2040, image[:-1] + b"X", U.RP2040)
    assert "no block for the image's bytes at 0x10000300" in U.check_image(
        rp2040, image.ljust(768, b"\0") + b"more", U.RP2040
    )
    # A sparse UF2 (no block for an all-zero page) still carries the image.
    sparse_image = image[:256] + bytes(256) + b"tail"
    sparse = [b for b in U.parse(U.bin_to_uf2(sparse_image, U.RP2040)) if b.block_no != 1]
    sparse = [
        U.Block(b.flags, b.address, 256, n, 2, b.family, b.data) for n, b in enumerate(sparse)
    ]
    assert U.check_image(sparse, sparse_image, U.RP2040) == ""


def test_parse_refuses_what_is_not_uf2():
    good = U.bin_to_uf2(b"abc", U.RP2040)
    with pytest.raises(ValueError, match="multiple of 512"):
        U.parse(good[:-1])
    with pytest.raises(ValueError, match="bad magic"):
        U.parse(b"\0" * 512)
    with pytest.raises(ValueError, match="256-byte aligned"):
        U.pack_block(0x10000001, b"", 0, 1, U.RP2040)
    with pytest.raises(ValueError, match="at most 256"):
        U.pack_block(0x10000000, bytes(257), 0, 1, U.RP2040)


def test_uf2_command_line(tmp_path, capsys):
    src = write(tmp_path / "fw.bin", bytes(600))
    dest = tmp_path / "fw.uf2"
    assert U.main([str(src), str(dest), "--family", "rp2350-arm-s"]) == 0
    assert len(dest.read_bytes()) == 4 * 512
    assert U.main(["--info", str(dest)]) == 0
    out = capsys.readouterr().out
    assert "RP2350-E10 block at 0x10ffff00 (absolute)" in out
    assert "3 blocks, 0x10000000..0x10000300 (768 bytes), family rp2350-arm-s" in out


def test_tools_are_importable_without_the_repo_on_sys_path(repo, tmp_path):
    """tools/manifest.py loads tools/firmware.py by path inside MicroPython's build, where
    `tools` is not this repo's package: firmware.py must import nothing of ours at load time."""
    code = (
        "import importlib.util, sys\n"
        "sys.path = [p for p in sys.path if p not in ('', {root!r}, {repo!r})]\n"
        "spec = importlib.util.spec_from_file_location('x', {path!r})\n"
        "m = importlib.util.module_from_spec(spec); sys.modules['x'] = m\n"
        "spec.loader.exec_module(m)\n"
        "print(m.marker_module_text('card-console-app:0000000000000000'))\n"
    ).format(root=str(ROOT), repo=str(repo), path=str(repo / "tools" / "firmware.py"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, env=env
    )
    assert proc.returncode == 0, proc.stderr
    assert "MARKER = 'card-console-app:0000000000000000'" in proc.stdout
