"""The build on the emulated RP2040 (tools/rig): the stock MicroPython 1.28.0 RPI_PICO firmware
in rp2040js boots `make build` to the main menu and opens every registered game's first screen,
with no error screen, traceback or MemoryError on the way.

Skips when the firmware UF2 or the bootrom is absent (../shared/rig, RIG_FIRMWARE, RIG_BOOTROM);
node or the npm package missing is a skip too, except under CI=true, where it fails (the
Makefile installs them). About a minute of wall time on two cores.
"""

import os
from pathlib import Path

import pytest

from tools import build, rig

ROOT = Path(__file__).resolve().parent.parent
GAME_MS = 15_000  # emulated ms for a game's first screen to be drawn


def _require_rig():
    files = rig.missing_files()
    if files:
        pytest.skip("emulated Pico: no " + "; no ".join(files))
    tools = rig.missing_tools()
    if tools:
        message = "emulated Pico: no " + "; no ".join(tools)
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " (CI installs them with `make rig-install`)")
        pytest.skip(message)


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    _require_rig()
    out = tmp_path_factory.mktemp("rig") / "pico"
    result = build.build(build.FIRMWARE, out)
    assert result.ok, build.report(result, quiet=True)
    r = rig.Rig(build_dir=out)
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


def test_boots_to_the_main_menu(board, tmp_path):
    r = board
    ev = r.wait_scene("MainMenu", 20_000)
    assert ev is not None, "no main menu after 20 s (emulated):\n" + r.text()[-3000:]
    frame = r.wait_frame(10_000, "MainMenu")
    assert frame is not None and frame.fields[1] == "1", "the menu was never drawn whole"
    r.run(100)
    _no_errors(r)
    games = [ev for ev in r.events if ev.kind == "games"]
    assert games and games[0].fields, "the hook did not report the registry"
    # The panel shows the menu: the flush reached the ST7789 model, which holds a picture.
    state = r.state()
    assert state["display_on"] and state["madctl"] == 0x70 and state["colmod"] == 0x55
    shot = r.screenshot(tmp_path / "menu.png")
    colours = r.screen().getcolors(65536)
    assert colours is not None and len(colours) > 4, "the panel is blank: %s" % shot


def test_panel_shows_what_the_simulator_draws(board):
    """The ST7789 model (MADCTL 0x70 addressing, RGB565 byte order, INVON) gives back, upright,
    the picture the simulator draws from the same code; only the title bar's free-memory
    figure (MicroPython only) may differ."""
    from PIL import ImageChops

    from sim import headless

    r = board
    assert r.wait_scene("MainMenu", 20_000) is not None
    r.wait_frame(10_000, "MainMenu")
    if r.top() != "MainMenu":
        pytest.skip("the menu is not on top (the game test ran first)")
    rig_pic = r.screen()
    sim_pic = headless.run("WAIT:1600", seed=1).final.convert("RGB")
    assert rig_pic.size == sim_pic.size
    diff = ImageChops.difference(rig_pic, sim_pic)
    title_h = 20
    body = diff.crop((0, title_h, diff.width, diff.height)).getbbox()
    left = diff.crop((0, 0, diff.width * 2 // 3, title_h)).getbbox()
    assert body is None and left is None, (
        "the emulated panel differs from the simulator in %s" % ((body, left),))


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
        pushed = r.wait_event(lambda e: e.kind == "scene" and e.fields[0] == "push", 5_000,
                              since=seen)
        scene = pushed.fields[1] if pushed else None
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
        # Back to the menu: B (a dialog may need a second B); after an error screen the app
        # opens a new menu, whose cursor is on the first row.
        for _ in range(4):
            if r.top() == "MainMenu":
                break
            r.press("B")
            r.wait_scene("MainMenu", 2_000)
        r.wait_frame(3_000, "MainMenu")  # drawn again: the next press is seen
        assert r.top() == "MainMenu", "%s: no way back to the menu" % game
        last = [ev for ev in r.events if ev.kind == "scene"][-1]
        cursor = index if last.fields[0] == "pop" else 0
    assert not failures, "\n\n".join(failures)
