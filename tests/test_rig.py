"""The build on the emulated RP2040 (tools/rig): the stock MicroPython 1.28.0 RPI_PICO firmware
in rp2040js boots `make build` to the main menu and opens a game's first screen (in `make
test`), every registered game's first screen and each game's all-AI game in one power-on
(`slow`: `make test-all`), with no error screen, traceback or MemoryError on the way.

The firmware UF2 and the bootrom: RIG_FIRMWARE / RIG_BOOTROM, else ../shared/rig/ beside the
checkout's folder (tools/rig). When they, node or the npm package are missing the tests skip
saying which, except under CI=true, where they fail (the Makefile installs node's package;
the two files must be given). Each test that runs the app boots its own board, so what one
test leaves on the screen never decides another's result.
"""

import os
from pathlib import Path

import pytest

from tests.ci import skip_or_fail
from tools import build, rig
from tools.rig import tour

ROOT = Path(__file__).resolve().parent.parent
GAME_MS = 15_000  # emulated ms for a game's first screen to be drawn


def _require_rig():
    missing = rig.missing_files() + rig.missing_tools()
    if missing:
        skip_or_fail("emulated Pico: no " + "; no ".join(missing) +
                     " (RIG_FIRMWARE and RIG_BOOTROM name the two files; `make rig-install` "
                     "installs node's package)")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    _require_rig()
    out = tmp_path_factory.mktemp("rig") / "pico"
    result = build.build(build.FIRMWARE, out)
    assert result.ok, build.report(result, quiet=True)
    return out


@pytest.fixture
def board(built):
    """A board of its own, just powered on."""
    r = rig.Rig(build_dir=built)
    r.start()
    try:
        yield r
    finally:
        r.stop()


def test_pack_puts_the_build_in_a_firmware_sized_littlefs(tmp_path):
    """The image is the firmware's filesystem (352 blocks of 4 KiB) and holds every file of the
    build plus the extras, byte for byte (no emulator needed)."""
    pico = tmp_path / "pico"
    (pico / "core").mkdir(parents=True)
    (pico / "main.py").write_bytes(b"print('main')\n")
    (pico / "core" / "app.mpy").write_bytes(bytes(range(256)) * 40)
    image = rig.pack(pico, {"boot.py": b"# hook\n", "main.py": b"print('extra')\n"})
    assert len(image) == rig.FS_BLOCK_SIZE * rig.FS_BLOCK_COUNT == 0x160000
    files = rig.read_fs(image)
    assert files == {"main.py": b"print('extra')\n", "core/app.mpy": bytes(range(256)) * 40,
                     "boot.py": b"# hook\n"}
    with pytest.raises(rig.RigError, match="make build"):
        rig.pack(tmp_path / "empty")


def _errors_since(r, mark):
    text = r.console[mark:].decode(errors="replace")
    return [ln for ln in text.splitlines() if any(m in ln for m in rig.ERROR_MARKS)]


def _no_errors(r, since=0):
    text = r.console[since:].decode(errors="replace")
    bad = _errors_since(r, since)
    assert not bad, "errors on the emulated Pico's console:\n" + text[-3000:]


def _frame_after(r, index, scene):
    for ev in r.events[index:]:
        if ev.kind == "frame" and ev.fields[0] == scene and ev.fields[1] == "1":
            return ev
    return None


def test_boots_to_the_menu_the_simulators_picture_and_opens_a_game(board, tmp_path):
    """The smoke test of `make test`: power-on to the main menu, drawn on the ST7789 model as
    the simulator draws it from the same code (MADCTL 0x70 addressing, RGB565 byte order,
    INVON; only the title bar's free-memory figure, MicroPython only, may differ), then A
    opens the first game's first screen, with no error on the way."""
    from PIL import ImageChops

    from sim import headless

    r = board
    ev = r.wait_scene("MainMenu", 20_000)
    assert ev is not None, "no main menu after 20 s (emulated):\n" + r.text()[-3000:]
    frame = r.wait_frame(10_000, "MainMenu")
    assert frame is not None and frame.fields[1] == "1", "the menu was never drawn whole"
    r.run(100)
    _no_errors(r)
    games = [ev for ev in r.events if ev.kind == "games"]
    assert games and games[0].fields, "the hook did not report the registry"
    state = r.state()
    assert state["display_on"] and state["madctl"] == 0x70 and state["colmod"] == 0x55
    shot = r.screenshot(tmp_path / "menu.png")
    colours = r.screen().getcolors(65536)
    assert colours is not None and len(colours) > 4, "the panel is blank: %s" % shot
    assert r.top() == "MainMenu"
    rig_pic = r.screen()
    sim_pic = headless.run("WAIT:1600", seed=1).final.convert("RGB")
    assert rig_pic.size == sim_pic.size
    diff = ImageChops.difference(rig_pic, sim_pic)
    title_h = 20
    body = diff.crop((0, title_h, diff.width, diff.height)).getbbox()
    left = diff.crop((0, 0, diff.width * 2 // 3, title_h)).getbbox()
    assert body is None and left is None, (
        "the emulated panel differs from the simulator in %s" % ((body, left),))
    # A on the first row: the first game's first screen, drawn whole, no error.
    game = games[0].fields[0].split(",")[0]
    mark, seen = len(r.console), len(r.events)
    r.press("A", gap=0)
    pushed = r.wait_event(lambda e: e.kind == "scene" and e.fields[0] == "push" and
                          e.fields[1] not in ("Splash", "MainMenu"), 10_000, since=seen)
    assert pushed is not None, "%s: no scene after A:\n%s" % (game, r.text()[-2000:])
    scene = pushed.fields[1]
    drawn = None
    end = r.t + GAME_MS
    while drawn is None and r.t < end and not _errors_since(r, mark):
        r.wait_frame(1_000)
        drawn = _frame_after(r, seen, scene)
    r.run(300)
    _no_errors(r, mark)
    assert scene != "ErrorScreen" and r.top() != "ErrorScreen", r.text()[-2000:]
    assert drawn is not None, "%s: %s never drawn whole" % (game, scene)


def test_flash_writes_land(tmp_path):
    """A file written on the board (littlefs through the bootrom's flash_range_erase and
    flash_range_program, which the rig intercepts) is in the emulated flash afterwards."""
    _require_rig()
    out = tmp_path / "pico"
    result = build.build(build.FIRMWARE, out)
    assert result.ok
    with rig.Rig(build_dir=out) as r:
        r.hold("B")  # safe mode: the app does not start, the REPL is free
        r.run(600)
        r.release()
        assert r.expect(">>> ", 3_000), r.text()[-500:]
        text = r.repl("f = open('rig_probe.txt', 'w'); f.write('written %d' % (6 * 7)); "
                      "f.close(); import os; print(os.listdir('/'))")
        assert "rig_probe.txt" in text, text
        files = r.flash_fs()
        state = r.state()
    assert files.get("rig_probe.txt") == b"written 42"
    assert "main.py" in files and "boot.py" in files
    assert state["programs"] > 0  # (erases only where littlefs reuses a written block)


@pytest.mark.slow
def test_every_game_opens_its_first_screen(board):
    r = board
    assert r.wait_frame(20_000, "MainMenu") is not None or r.top() == "MainMenu"
    games = [ev for ev in r.events if ev.kind == "games"][0].fields[0].split(",")
    cursor = 0
    failures = []
    for index, game in enumerate(games):
        r.run(300)
        for _ in range(index - cursor):
            r.press("DOWN")
        mark, seen = len(r.console), len(r.events)
        r.press("A", gap=0)
        # Every game opens in place: leaving the one before restarted the board into the
        # menu (screens.launch).
        pushed = r.wait_event(lambda e: e.kind == "scene" and e.fields[0] == "push" and
                              e.fields[1] not in ("Splash", "MainMenu"), 10_000, since=seen)
        scene = pushed.fields[1] if pushed else None
        rebooted = "soft reboot" in r.console[mark:].decode(errors="replace")
        if rebooted:
            failures.append("%s: restarted when chosen" % game)
        drawn = None
        if scene not in (None, "ErrorScreen"):
            end = r.t + GAME_MS
            while drawn is None and r.t < end and not _errors_since(r, mark):
                r.wait_frame(1_000)
                drawn = _frame_after(r, seen, scene)
            r.run(300)  # its first ticks (a resume offer, a dialog) run too
        text = r.console[mark:].decode(errors="replace")
        bad = _errors_since(r, mark)
        if scene in (None, "ErrorScreen") or drawn is None or bad or r.top() == "ErrorScreen":
            failures.append("%s: first scene %s, drawn %s, errors:\n%s"
                            % (game, scene, drawn is not None, text[-2000:]))
        # Back to the menu: B (a dialog may need a second B). Leaving a game restarts the
        # board into the menu (screens.launch), which opens on the game's row as a pop does.
        assert r.back_to_menu(4, 300), "%s: no way back to the menu" % game
        cursor = index
    assert not failures, "\n\n".join(failures)


@pytest.mark.slow
def test_every_game_in_one_power_on_and_the_last_still_fits(built):
    """tools/rig/tour.py: each game's all-AI game through the buttons, Match & Collect (the
    biggest) last. Before screens.launch the fifth game left 2,540 names interned and Match &
    Collect stopped with a MemoryError; now leaving a game that left the heap LEFT_BEHIND bytes
    smaller restarts the board into the menu, and every game opens in place."""
    res = tour.tour(built, 2000, "match_collect", 6000, log=lambda *a: None)
    assert not res["errors"], res["errors"]
    played = res["games"]
    assert [g["game"] for g in played][-1] == "match_collect" and len(played) >= 2
    assert all(g["opened"] for g in played), played          # each reached its table
    assert not any(g["restarted"] for g in played), played   # none restarts when chosen
    assert any(g["left_with_restart"] for g in played), played   # the games leave names


# -- a firmware with the app frozen in (make firmware; tools/bench_frozen.py) -------------------
def _layout(path, **kw):
    import json

    info = {"chip": "rp2040", "fs_offset": 0x100000, "fs_bytes": 1024 * 1024}
    info.update(kw)
    path.write_text(json.dumps(info))
    return path


def test_fs_layout_follows_the_firmwares_layout_file(tmp_path):
    """The stock layout unless make firmware's firmware-<BOARD>.json beside the UF2 says
    otherwise; a firmware for another chip is refused (no emulator needed)."""
    uf2 = tmp_path / "firmware-RPI_PICO.uf2"
    assert rig.fs_layout(uf2) == (0xA0000, 352)
    _layout(tmp_path / "firmware-RPI_PICO.json")
    assert rig.fs_layout(uf2) == (0x100000, 256)
    _layout(tmp_path / "firmware-RPI_PICO.json", fs_offset=0x180000, fs_bytes=512 * 1024)
    assert rig.fs_layout(uf2) == (0x180000, 128)
    _layout(tmp_path / "firmware-RPI_PICO.json", chip="rp2350")
    with pytest.raises(rig.RigError, match="emulates an RP2040 only"):
        rig.fs_layout(uf2)
    _layout(tmp_path / "firmware-RPI_PICO.json", fs_bytes=1000)
    with pytest.raises(rig.RigError, match="not in 4 KiB blocks"):
        rig.fs_layout(uf2)


def test_pack_what_make_flash_leaves_beside_a_frozen_firmware(tmp_path):
    """gen/ alone (no main.py: the firmware has it frozen) packs, at any block count."""
    fs = tmp_path / "fs"
    (fs / "gen").mkdir(parents=True)
    (fs / "gen" / "font.bin").write_bytes(bytes(range(200)) * 30)
    image = rig.pack(fs, {"boot.py": b"# hook\n"}, block_count=256)
    assert len(image) == 1024 * 1024
    assert rig.read_fs(image, 256) == {"gen/font.bin": bytes(range(200)) * 30,
                                       "boot.py": b"# hook\n"}


def test_frozen_fs_dir_copies_what_make_flash_copies(tmp_path):
    from tools import bench_frozen

    b = tmp_path / "pico"
    for rel in ("main.py", "core/app.mpy", "games/registry.mpy", "games/dice/rules.mpy",
                "gen/icons.bin"):
        (b / rel).parent.mkdir(parents=True, exist_ok=True)
        (b / rel).write_bytes(rel.encode())
    dest = bench_frozen.frozen_fs_dir(b, tmp_path / "fs")
    assert sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file()) == [
        "gen/icons.bin"]
    dest = bench_frozen.frozen_fs_dir(b, tmp_path / "fs", ("games",))  # --freeze-games none
    assert sorted(p.relative_to(dest).as_posix() for p in dest.rglob("*") if p.is_file()) == [
        "games/dice/rules.mpy", "games/registry.mpy", "gen/icons.bin"]


def test_firmware_info_reads_the_marker_and_the_layout(tmp_path):
    from tools import bench_frozen
    from tools import uf2 as U

    uf2 = tmp_path / "firmware-RPI_PICO.uf2"
    uf2.write_bytes(U.bin_to_uf2(b"\0" * 300 + b"MicroPython v1.28.0", U.RP2040))
    with pytest.raises(bench_frozen.FrozenError, match="no app frozen marker"):
        bench_frozen.firmware_info(uf2)
    marker = b"card-console-app:0123456789abcdef"
    uf2.write_bytes(U.bin_to_uf2(b"\0" * 300 + marker + b"\0" * 600, U.RP2040))
    info = bench_frozen.firmware_info(uf2)
    assert (info["marker"], info["fs_offset"], info["filesystem"]) == (
        marker.decode(), 0xA0000, [])
    _layout(tmp_path / "firmware-RPI_PICO.json", freeze_games="none")
    info = bench_frozen.firmware_info(uf2)
    assert (info["fs_offset"], info["fs_bytes"], info["filesystem"]) == (
        0x100000, 1024 * 1024, ["games"])
    assert info["image_bytes"] == 1024  # 4 pages of 256
    _layout(tmp_path / "firmware-RPI_PICO.json", chip="rp2350")
    with pytest.raises(bench_frozen.FrozenError, match="RP2040 only"):
        bench_frozen.firmware_info(uf2)


def test_bench_frozen_skips_saying_why(monkeypatch, capsys):
    from tools import bench_frozen

    for var in ("FROZEN_FIRMWARE", "MICROPY_DIR"):
        monkeypatch.delenv(var, raising=False)
    assert bench_frozen.find_firmware() is None
    monkeypatch.setattr(rig, "missing", lambda: None)
    assert bench_frozen.section(log=print) is None
    out = capsys.readouterr().out
    assert "skipped: no frozen firmware to measure: pass MICROPY_DIR=" in out
    assert "FROZEN_FIRMWARE=" in out
    monkeypatch.setenv("FROZEN_FIRMWARE", "/nowhere/firmware.uf2")
    with pytest.raises(bench_frozen.FrozenError, match="no such file"):
        bench_frozen.find_firmware()


def test_bench_frozen_compares_the_two_runs():
    """The differences and the report, on two hand-made bench_rig results."""
    from tools import bench_frozen

    def run(boot, heap_menu, heap_setup, least, source):
        return {"boot_to_menu_ms": boot,
                "scene_free_heap": {"MainMenu": heap_menu, "memory/SetupScreen": heap_setup,
                                    "memory/demo/GameScene": least + 500},
                "scenes": {"MainMenu": {"draw_ms_max": 30.0, "full_frames": 2},
                           "memory/SetupScreen": {"draw_ms_max": 20.5, "full_frames": 1}},
                "min_free_heap": {"memory": least},
                "demo": {"memory": {"ended": False, "decisions": 9}},
                "errors": [], "meta": {"firmware": "x.uf2", "source": source}}

    fs = bench_frozen.summary(run(1142.0, 128_368, 70_752, 69_184, "abc"))
    fz = bench_frozen.summary(run(911.0, 176_064, 161_104, 157_104, "abc"))
    res = {"filesystem": fs, "frozen": fz, "quick": True, "wall_s": 60, "date": "today",
           "firmware": {"uf2": "build/firmware-RPI_PICO.uf2", "marker": "card-console-app:1",
                        "expected_marker": "card-console-app:1", "image_bytes": 710_020,
                        "freeze_games": "all", "filesystem": [], "fs_bytes": 1 << 20,
                        "fs_offset": 0x100000}}
    res["difference"] = bench_frozen.differences(fs, fz)
    assert res["difference"] == {
        "boot_to_menu_ms": -231.0,
        "scene_free_heap": {"MainMenu": 47_696, "memory/SetupScreen": 90_352,
                            "memory/demo/GameScene": 87_920},
        "min_free_heap": {"memory": 87_920}}
    assert bench_frozen.game_extra_heap(res) == {
        "memory": {"first_screen": 90_352, "first_screen_scene": "SetupScreen",
                   "all_ai_least": 87_920}}
    text, md = bench_frozen.report(res)
    assert "| reset to the first menu frame (ms) | 1142 | 911 | -231 |" in md
    assert "| memory: least free heap in the all-AI game (bytes) | 69,184 | 157,104 | +87,920 |" \
        in md
    assert "| memory/SetupScreen | 70,752 | 161,104 | +90,352 | 20.5 | 20.5 |" in md
    assert "only gen/ in a 1024 KB littlefs at 0x100000" in md
    assert "older sources" not in md
    res["firmware"]["expected_marker"] = "card-console-app:2"
    assert "built from older sources than the `.mpy` build" in bench_frozen.report(res)[1]


def test_the_littlefs_goes_where_the_layout_says(tmp_path):
    """rig.mjs puts the image at --fs-offset (from the layout file) and reads it back there."""
    _require_rig()
    import shutil

    uf2 = tmp_path / "firmware-RPI_PICO.uf2"
    shutil.copyfile(rig.firmware_path(), uf2)
    _layout(tmp_path / "firmware-RPI_PICO.json")
    fs = tmp_path / "fs"
    (fs / "gen").mkdir(parents=True)
    (fs / "gen" / "probe.bin").write_bytes(b"at 0x100000")
    with rig.Rig(build_dir=fs, firmware=uf2, hook=False) as r:
        assert r.fs == (0x100000, 256)
        assert r.flash_fs() == {"gen/probe.bin": b"at 0x100000"}
        import base64

        stock = base64.b64decode(r.cmd("flash", offset=0xA0000, length=4096)["b64"])
    assert stock == b"\xff" * 4096  # nothing at the stock offset


@pytest.mark.frozen_firmware
def test_a_frozen_firmware_boots_to_the_menu_with_gen_only(tmp_path):
    """By hand: FROZEN_FIRMWARE=build/firmware-RPI_PICO.uf2 (from make firmware, which needs a
    MicroPython tree) boots with only gen/ in its filesystem, at the offset its layout file
    gives. Without FROZEN_FIRMWARE the test is not collected (tests/conftest.py says so)."""
    _require_rig()
    firmware = os.environ["FROZEN_FIRMWARE"]
    from tools import bench_frozen

    out = tmp_path / "pico"
    assert build.build(build.FIRMWARE, out).ok
    fs = bench_frozen.frozen_fs_dir(out, tmp_path / "fs",
                                    bench_frozen.firmware_info(Path(firmware))["filesystem"])
    with rig.Rig(build_dir=fs, firmware=firmware) as r:
        assert r.wait_frame(30_000, "MainMenu") is not None, r.text()[-2000:]
        _no_errors(r)
        text = r.repl("import console_frozen, os; print(console_frozen.MARKER, "
                      "os.statvfs('/')[2] * 4096, 'main.py' in os.listdir('/'))")
    assert "card-console-app:" in text
    assert text.split()[1] == str(r.fs[1] * 4096) and text.split()[2] == "False", text


VIPER = ("core.canvas_viper", "core.font_viper", "ui.cards_viper", "ui.handrow_viper",
         "device.st7789_viper", "device.st7789_dma_viper")


def test_the_viper_modules_load_as_the_builds_native_code(built):
    """make build compiles each *_viper.py's code to armv6m native code (tools/build.py): on
    the stock firmware core.native loads it from X_viper.mpy, with nothing to compile (the
    bytecode twin X_viper_exec.mpy, which compiles the string by exec(), is not imported;
    its NATIVE would also hold `micropython`), ~10 ms a module instead of 30-110 ms."""
    names = sorted(p.relative_to(built).as_posix() for p in built.rglob("*_viper*.mpy"))
    assert names == sorted([n.replace(".", "/") + ".mpy" for n in VIPER] +
                           [n.replace(".", "/") + "_exec.mpy" for n in VIPER])
    for name in VIPER:
        header = build.mpy_header((built / (name.replace(".", "/") + ".mpy")).read_bytes())
        assert header[2] == "armv6m", (name, header)
    with rig.Rig(build_dir=built) as r:
        r.hold("B")  # safe mode: the app does not start, the REPL is free
        r.run(600)
        r.release()
        assert r.expect(">>> ", 3_000), r.text()[-500:]
        text = r.repl(
            "import sys, time\nfrom core import native\n"
            "for n in %r:\n"
            "    t = time.ticks_ms()\n"
            "    d = native.load(n)\n"
            "    print('V', n, ','.join(sorted(d)), time.ticks_diff(time.ticks_ms(), t),\n"
            "          [m for m in sys.modules if 'viper' in m])\n" % (VIPER,), 120_000)
    rows = [line.split(None, 3) for line in text.splitlines() if line.startswith("V ")]
    assert [row[1] for row in rows] == list(VIPER), text
    for _v, _name, functions, rest in rows:
        assert functions in ("mark", "text", "back", "copy", "convert", "dma_flush"), text
        ms, left = rest.split(None, 1)
        assert int(ms) < 25, text        # loaded, not compiled (the exec twin: 28-110 ms)
        assert left == "[]", text        # the module is dropped: only NATIVE stays
