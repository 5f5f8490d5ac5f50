"""The virtual Pico: the firmware flashed with real mpremote and run by the real MicroPython
unix port with a Pico's heap (tools/vpico.py, device/unixport.py, sim/vpico_frontend.py).

Unit tests of the panel link and key scripts run under CPython and MicroPython; the end-to-end
tests build, start a virtual board, flash it with `python -m tools.flash` (exactly `make
flash`), let main.py boot and compare its screenshots with the CPython simulator's.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import ImageChops

from tests.ci import require_gen
from tests.mpy import require_micropython, run_mpy

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
GEN = FIRMWARE / "gen"

import registry  # noqa: E402
from core.canvas import Canvas  # noqa: E402
from device import unixport  # noqa: E402
from sim.platform import SimDisplay  # noqa: E402
from sim.vpico_frontend import Panel  # noqa: E402
from tools import memcheck, vpico  # noqa: E402

GAME_IDS = [entry[0] for entry in registry.GAMES]
# Wall-clock safety nets against a hung board, never a measure: the runs are on the virtual
# clock and take well under a second (a boot) or a few seconds (a whole game).
BOOT_S = 60
GAME_S = 240
FLASH_S = 180


def _hung(what, seconds, console):
    """The message when a safety net ran out."""
    return ("%s not within %d s of wall-clock time: a safety net against a hung board, not a "
            "measure (the run is on the virtual clock). The console's end:\n%r"
            % (what, seconds, bytes(console[-2000:])))


# -- the panel link: firmware side to host side -------------------------------------------
class _Collect:
    """A Link stand-in that keeps what the display sends."""

    def __init__(self):
        self.sock = object()
        self.data = bytearray()
        self._head = bytearray(9)

    def send(self, data):
        self.data += bytes(data)


def _drawn_canvas(width=240, height=240):
    c = Canvas(width, height)
    for i in range(16):
        c.fill_rect(i * 14, i * 9, 30, 20, i)
    c.fb.pixel(1, 1, 7)
    return c


def test_link_display_messages_exact():
    link = _Collect()
    d = unixport.LinkDisplay(link, 8)
    d.set_palette([0xF800 + i for i in range(16)])
    d.backlight(40)
    buf = bytearray(range(32))  # 8 x 8 canvas: 4 bytes a row
    d.flush(buf, 2, 1, 4, 2)
    d.flush(buf, 0, 6, 8, 2)
    palette = b"P" + b"".join((0xF800 + i).to_bytes(2, "little") for i in range(16))
    assert bytes(link.data) == (
        palette + b"L\x28"
        + b"F\x02\x00\x01\x00\x04\x00\x02\x00" + bytes([5, 6, 9, 10])
        + b"F\x00\x00\x06\x00\x08\x00\x02\x00" + bytes(range(24, 32)))
    assert d.flushes == 2
    # Its buffer is the ST7789 driver's size: the heap the app sees matches the device's.
    assert len(d._buf) == unixport.STRIP_ROWS * 8 * 2 + 1024


@pytest.mark.parametrize("rect", [(0, 0, 240, 240), (10, 7, 50, 31), (230, 200, 10, 40),
                                  (0, 100, 240, 1), (2, 0, 236, 239)])
def test_panel_shows_exactly_what_the_canvas_holds(rect):
    """Canvas -> LinkDisplay bytes -> tools.vpico.parse_panel -> Panel: the same pixels as the
    CPython simulator's display flushing the canvas directly."""
    c = _drawn_canvas()
    link = _Collect()
    d = unixport.LinkDisplay(link, 240)
    link.data += b"H" + (240).to_bytes(2, "little") * 2 + b"\x00\x04demo"
    d.set_palette(list(range(0, 0x10000, 0x1000)))
    d.flush(c.buf, *rect)
    panel = Panel()
    used = vpico.parse_panel(link.data, panel)
    assert used == len(link.data)
    direct = SimDisplay(240, 240)
    direct.flush(c.buf, *rect)
    assert panel.display.pixels == direct.pixels
    assert panel.display.palette565 == list(range(0, 0x10000, 0x1000))
    assert (panel.board, panel.four_buttons) == ("demo", False)


def test_parse_panel_waits_for_whole_messages():
    panel = Panel()
    msg = bytearray(b"H" + (8).to_bytes(2, "little") * 2 + b"\x01\x01x"
                    + b"F\x00\x00\x00\x00\x08\x00\x01\x00" + b"\x12\x34\x56\x78" + b"S\x02ab")
    assert vpico.parse_panel(msg[:5], panel) == 0
    assert vpico.parse_panel(msg[:14], panel) == 8          # the hello only
    assert vpico.parse_panel(msg[:-1], None) == len(msg) - 4  # the shot is incomplete
    assert vpico.parse_panel(msg, panel) == len(msg)
    assert bytes(panel.display.pixels[:8]) == bytes([1, 2, 3, 4, 5, 6, 7, 8])
    assert panel.four_buttons is True and set(panel.images) == {"ab"}
    with pytest.raises(ValueError):
        vpico.parse_panel(bytearray(b"Z"), None)


MPY_LINK = """
from device import unixport
class L:
    def __init__(self):
        self.sock = 1
        self.out = bytearray()
        self._head = bytearray(9)
    def send(self, data):
        self.out.extend(bytes(data))
link = L()
d = unixport.LinkDisplay(link, 8)
d.set_palette([0xF800 + i for i in range(16)])
d.backlight(40)
buf = bytearray(range(32))
d.flush(buf, 2, 1, 4, 2)
d.flush(buf, 0, 6, 8, 2)
print(link.out.hex())
print(len(d._buf))
print(unixport.parse_keys("a, HOLD:b:300 ,WAIT:5,SHOT:menu,DEMO:memory:7,DEMO:x,UNTIL:MainMenu,"
                          "UNTIL:Game:50,END"))
for bad in ("FOO", "WAIT:x", "HOLD:A", "DEMO:", "SHOT:"):
    try:
        unixport.parse_keys(bad)
    except ValueError as e:
        print(e)
print(unixport.read_config('{"keys": "A", "seed": 3}'), unixport.read_config(""))
"""


def test_link_display_and_key_scripts_under_micropython():
    out = run_mpy(MPY_LINK).stdout.splitlines()
    link = _Collect()
    d = unixport.LinkDisplay(link, 8)
    d.set_palette([0xF800 + i for i in range(16)])
    d.backlight(40)
    buf = bytearray(range(32))
    d.flush(buf, 2, 1, 4, 2)
    d.flush(buf, 0, 6, 8, 2)
    assert out[0] == link.data.hex()
    assert out[1] == str(unixport.STRIP_ROWS * 8 * 2 + 1024)
    steps = unixport.parse_keys("a, HOLD:b:300 ,WAIT:5,SHOT:menu,DEMO:memory:7,DEMO:x,"
                                "UNTIL:MainMenu,UNTIL:Game:50,END")
    assert steps == [(0, 16, 80), (0, 0, 170), (0, 32, 300), (0, 0, 170), (0, 0, 5),
                     (1, "menu", 0), (2, "memory", 7), (2, "x", None),
                     (3, "MainMenu", unixport.UNTIL_MS), (3, "Game", 50), (4, None, 0)]
    assert out[2] == repr(steps)
    assert out[3:8] == ["bad key script token: " + t for t in
                        ("FOO", "WAIT:x", "HOLD:A", "DEMO:", "SHOT:")]
    assert out[8] in ("{'keys': 'A', 'seed': 3} {}", "{'seed': 3, 'keys': 'A'} {}")


class _App:
    def __init__(self):
        self.stack = ["x"]
        self.errors = 0
        self.frames_drawn = 0
        self.running = True

    @property
    def top(self):
        return self.stack[-1]


def test_script_timing_until_and_end(capsys):
    class MainMenu:
        pass

    p = unixport.UnixPlatform("pico_lcd_1_3", {
        "keys": "A,WAIT:100,SHOT:s,UNTIL:MainMenu:1000,UNTIL:Nope:200,END",
        "clock": "virtual", "panel": ""})
    shots = []
    p.link.shot = shots.append
    app = _App()
    p.app = app
    held = []
    while app.running:
        held.append(p.buttons.read())
        if p.clock.now == 500:
            app.stack.append(MainMenu())
        p.sleep_ms(10)
    # A held 80 ms (8 samples), 170 + 100 ms of nothing, then the shot.
    assert held[:8] == [16] * 8 and held[8] == 0 and set(held[8:]) == {0}
    assert shots == ["s"]
    # UNTIL:MainMenu waited for the scene (at 500 ms); UNTIL:Nope timed out after 200 ms.
    assert p.script.timeouts == 1
    out = capsys.readouterr().out
    assert out.startswith("VPICO-DONE frames=0 errors=0 peak_alloc=")
    assert out.rstrip().endswith("ms=710 timeouts=1 top=MainMenu")
    assert p.clock.real is True  # real time again once the script is over


def test_seed_sequence_is_reproducible():
    p = unixport.UnixPlatform("display_pack_2", {"seed": 5, "panel": ""})
    assert [p.seed() for _ in range(3)] == [5, (5 * 1103515245 + 12345) & 0x7FFFFFFF,
                                            ((5 * 1103515245 + 12345) & 0x7FFFFFFF)
                                            * 1103515245 + 12345 & 0x7FFFFFFF]
    assert (p.width, p.height, p.four_buttons, p.data_dir, p.asset_dir) == (
        320, 240, True, ".", "gen")
    assert p.buttons.mask == 16 | 32 | 64 | 128


def test_heap_arg_and_done_line():
    assert vpico.heap_arg(160) == "160wK" and vpico.heap_arg("96wK") == "96wK"
    with pytest.raises(ValueError):
        vpico.heap_arg("lots")
    assert vpico.parse_done(b"VPICO-DONE frames=3 errors=0 top=MainMenu") == {
        "frames": 3, "errors": 0, "top": "MainMenu"}


# -- the board, end to end -------------------------------------------------------------------
def _needs_board():
    """The unix port and the generated assets: a skip when missing, a failure under CI=true
    (tests/ci.py, tests/mpy.py)."""
    require_micropython()
    require_gen(GEN)


def _settings_keys():
    """Menu -> Settings (UP twice from the first row wraps to About, then Settings, however
    many games there are) -> theme one step on -> back."""
    return "UP,UP,A,WAIT:300,SHOT:settings,DOWN,RIGHT,WAIT:300,SHOT:theme,B,WAIT:300,SHOT:back"


E2E_KEYS = "UNTIL:MainMenu:5000,WAIT:300,SHOT:menu," + _settings_keys() + ",END"
SIM_KEYS = "WAIT:2000,SHOT:menu," + _settings_keys()


def _snapshot(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.stat().st_mtime_ns
            for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def _outside():
    """The files the firmware writes, looked up where a "/"-absolute path would land."""
    names = ("settings.json", "log.txt", "board.txt", "settings.json.tmp", "log.txt.tmp")
    return {n: os.path.exists("/" + n) or os.path.exists(os.path.join(os.getcwd(), n))
            for n in names}


def _flash(port, build_dir):
    try:
        return subprocess.run([sys.executable, "-m", "tools.flash", "--port", port,
                               "--build-dir", str(build_dir)],
                              capture_output=True, text=True, timeout=FLASH_S, cwd=ROOT)
    except subprocess.TimeoutExpired as exc:
        pytest.fail("`python -m tools.flash` not done within %d s of wall-clock time: a safety "
                    "net against a hung flash, not a measure. Its output so far:\n%r"
                    % (FLASH_S, exc.stdout))


@pytest.fixture(autouse=True)
def _remove_temp_folders(request):
    """Boards' filesystems and build copies are large: remove a test's tmp_path after it."""
    yield
    path = request.node.funcargs.get("tmp_path") if hasattr(request.node, "funcargs") else None
    if path is not None:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The build (read only: every test copies or flashes it onto a board of its own)."""
    _needs_board()
    from tools import build

    top = tmp_path_factory.mktemp("build")
    out = top / "pico"
    result = build.build(FIRMWARE, out)
    assert result.ok, result.errors
    yield out
    shutil.rmtree(top, ignore_errors=True)


@pytest.fixture
def board(tmp_path, built):
    """A virtual Pico of this test's own with an empty filesystem, its screen kept by a
    Panel; stopped and its folders removed afterwards."""
    fs = tmp_path / "fs"
    panel = Panel(shots=tmp_path / "shots")
    vp = vpico.VirtualPico(fs, heap=vpico.MCUS["pico"], panel=panel,
                           config={"keys": E2E_KEYS, "clock": "virtual", "seed": 7})
    vp.start()
    yield vp
    vp.stop()
    shutil.rmtree(tmp_path, ignore_errors=True)


@pytest.fixture
def flashed(board, built):
    """This test's board after `make flash` (python -m tools.flash) and the flash's output."""
    # no main.py: the REPL
    assert board.wait_console(b">>> ", BOOT_S), _hung("the REPL prompt", BOOT_S, board.console)
    before = (set(os.listdir(ROOT)), _snapshot(GEN), _outside())
    proc = _flash(board.path, built)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return board, proc.stdout, before


@pytest.fixture
def booted(tmp_path, built):
    """A board of this test's own holding the build (as after a flash) that has run the app
    once (E2E_KEYS: menu, settings, theme changed and saved)."""
    fs = tmp_path / "fs"
    shutil.copytree(built, fs)
    vp = vpico.VirtualPico(fs, heap=vpico.MCUS["pico"], panel=Panel(),
                           config={"keys": E2E_KEYS, "clock": "virtual", "seed": 7})
    vp.start()
    stats = vp.wait_done(BOOT_S)
    assert stats is not None, _hung("the boot's VPICO-DONE line", BOOT_S, vp.console)
    assert stats["errors"] == 0, bytes(vp.console[-2000:])
    assert (fs / "settings.json").exists()
    yield vp
    vp.stop()
    shutil.rmtree(tmp_path, ignore_errors=True)


@pytest.fixture(scope="module")
def sim_frames():
    from sim import headless

    result = headless.run(SIM_KEYS, seed=7)
    return result.frames, result.app.large.line_height + 6


def _same(a, b):
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def _below(img, top):
    return img.crop((0, top, img.width, img.height))


def test_flash_boot_menu_settings_end_to_end(flashed, built, sim_frames):
    board, out, (before_root, before_gen, before_outside) = flashed
    files = sorted(p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file())
    assert "%d written, 0 unchanged" % len(files) in out
    assert "board reset: it now runs main.py" in out
    stats = board.wait_done(BOOT_S)
    assert stats is not None, _hung("the boot's VPICO-DONE line", BOOT_S, board.console)
    assert (stats["errors"], stats["timeouts"], stats["top"]) == (0, 0, "MainMenu")
    # machine.reset() (mpremote's `reset`) made the interpreter exit; the host booted it again.
    assert vpico.RESET_EXIT in board.exits
    # The screen is the firmware's, pixel for pixel: the CPython simulator draws the same
    # (the menu's title bar shows free memory, which CPython has not: compared below it).
    frames, title_h = sim_frames
    panel = board.panel
    assert _same(_below(panel.images["menu"], title_h), _below(frames["menu"], title_h))
    for name in ("settings", "theme"):
        assert _same(panel.images[name], frames[name]), name
    assert _same(_below(panel.images["back"], title_h), _below(frames["back"], title_h))
    assert not _same(panel.images["settings"], panel.images["theme"])  # the theme changed
    assert (panel.shots / "settings.png").is_file()
    # Files: the build, plus the settings the app saved, all inside the board's folder.
    fs = board.fs
    on_board = sorted(p.relative_to(fs).as_posix() for p in fs.rglob("*") if p.is_file())
    assert on_board == sorted(files + ["settings.json"])
    for rel in files:
        assert (fs / rel).read_bytes() == (built / rel).read_bytes(), rel
    # Nothing the firmware wrote landed elsewhere: not in the repository (where the CPython
    # simulator keeps its data), not in the assets it read, not at "/"-absolute paths.
    written = {"settings.json", "log.txt", "settings.json.tmp", "log.txt.tmp"}
    assert not (set(os.listdir(ROOT)) - before_root) & written
    assert not written & set(os.listdir(FIRMWARE))
    assert _snapshot(GEN) == before_gen
    assert _outside() == before_outside


def test_soft_reset_restarts_the_interpreter_on_the_same_port(booted):
    board = booted
    boots = board.boots
    mpremote = [sys.executable, "-m", "mpremote", "connect", board.path]
    # A plain connect soft-resets: the unix port exits, the host starts it again in the
    # raw REPL, and mpremote carries on.
    proc = subprocess.run(mpremote + ["exec", "import os; print(os.getcwd()); print(6 * 7)"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.split() == [str(board.fs), "42"]
    assert board.boots == boots + 1
    assert b"MPY: soft reboot\r\n" in board.console
    proc = subprocess.run(mpremote + ["fs", "cat", ":settings.json"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == (board.fs / "settings.json").read_text().strip()
    proc = subprocess.run(mpremote + ["resume", "exec", "import sys; print(sys.platform)"],
                          capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "linux" and board.boots == boots + 2  # resume: no reset


def test_flash_again_copies_nothing_then_only_the_change(flashed, built, tmp_path):
    board = flashed[0]
    # the first flash's boot has run its keys
    assert board.wait_done(BOOT_S) is not None, _hung("the first boot", BOOT_S, board.console)
    files = sorted(p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file())
    proc = _flash(board.path, built)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 written, %d unchanged" % len(files) in proc.stdout
    changed = tmp_path / "changed"
    shutil.copytree(built, changed)
    with open(changed / "main.py", "a") as f:
        f.write("\n# changed\n")
    proc = _flash(board.path, changed)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 written, %d unchanged" % (len(files) - 1) in proc.stdout
    assert "main.py written" in proc.stdout
    assert (board.fs / "main.py").read_bytes() == (changed / "main.py").read_bytes()
    # and it boots again
    assert board.wait_done(BOOT_S) is not None, _hung("the boot after the reset", BOOT_S,
                                                      board.console)


def _game_ids():
    if not GAME_IDS:
        return [pytest.param(None, marks=pytest.mark.skip(
            reason="no game registered in firmware/registry.py yet: the all-AI game "
                   "step runs for every registered game"))]
    return GAME_IDS


@pytest.mark.parametrize("game_id", _game_ids())
def test_whole_ai_game_from_the_menu_and_back(built, sim_frames, game_id, tmp_path):
    """From the menu, a whole game with every seat played by the AI, back to the menu, on a
    board of its own holding the build."""
    keys = ("UNTIL:MainMenu:5000,SHOT:%s-menu,DEMO:%s:7,WAIT:1500,SHOT:%s-play,"
            "UNTIL:MainMenu,WAIT:300,SHOT:%s-after,END" % (game_id, game_id, game_id, game_id))
    fs = tmp_path / "fs"
    shutil.copytree(built, fs)
    board = vpico.VirtualPico(fs, heap=vpico.MCUS["pico"], panel=Panel(),
                              config={"keys": keys, "clock": "virtual", "seed": 7,
                                      "stop_on_error": True})
    with board:
        stats = board.wait_done(GAME_S)
    assert stats is not None, _hung("the game's VPICO-DONE line", GAME_S, board.console)
    log = fs / "log.txt"
    new_log = log.read_text() if log.exists() else ""
    assert (stats["errors"], stats["timeouts"], stats["top"]) == (0, 0, "MainMenu"), (
        "%s: the all-AI game did not come back to the menu; its log.txt:\n%s"
        % (game_id, new_log[-1500:]))
    title_h = sim_frames[1]
    images = board.panel.images
    assert not _same(images[game_id + "-play"], images[game_id + "-menu"])
    assert _same(_below(images[game_id + "-after"], title_h),
                 _below(images[game_id + "-menu"], title_h))
    assert new_log == ""


@pytest.mark.slow   # a sweep of heap sizes on the Virtual Pico
def test_too_small_heap_shows_memory_error_and_returns_to_menu(built, tmp_path):
    """A heap big enough for the menu but not for a game: MemoryError on the error screen and
    in /log.txt, then any key returns to the menu."""
    _needs_board()
    if not GAME_IDS:
        pytest.skip("needs a registered game (a heap too small for it but not for the menu)")
    game = GAME_IDS[0]
    menu_min, why = memcheck.min_heap(built, memcheck.MENU_KEYS, 32, vpico.MCUS["pico"])
    assert menu_min is not None, why
    # Virtual time: a whole demo game takes a few minutes of it; at heaps where even the error
    # screen cannot load (the console's plain-text panic message instead) the wait times out.
    keys = ("UNTIL:MainMenu:5000,DEMO:%s:7,UNTIL:ErrorScreen:900000,WAIT:300,SHOT:error,A,"
            "UNTIL:MainMenu:5000,WAIT:300,SHOT:menu,END" % game)
    from screens.error import ErrorScreen
    from sim import headless

    expected = headless.run("", setup=lambda app: (app.start(), app.stack.clear(),
                                                   app.push(ErrorScreen(MemoryError("x"), ""))))
    title_rows = 12 + expected.app.large.line_height
    for heap in range(menu_min, menu_min + 64, 2):
        fs = tmp_path / str(heap)
        shutil.copytree(built, fs)
        panel = Panel()
        with vpico.VirtualPico(fs, heap=heap, panel=panel,
                               config={"keys": keys, "clock": "virtual", "seed": 1}) as vp:
            stats = vp.wait_done(GAME_S)
        if stats is None or stats["errors"] == 0 or stats["timeouts"]:
            continue  # no menu, the game fitted, or only the panic text: try the next size
        log = (fs / "log.txt").read_text()
        assert "MemoryError: memory allocation failed" in log
        assert (stats["errors"], stats["timeouts"], stats["top"]) == (1, 0, "MainMenu")
        band = (0, 0, panel.images["error"].width, title_rows)
        assert _same(panel.images["error"].crop(band), expected.final.crop(band))
        assert not _same(panel.images["menu"], panel.images["error"])
        return
    pytest.fail("no heap from %dwK to %dwK showed a MemoryError for %s"
                % (menu_min, menu_min + 62, game))


def test_safe_mode_keeps_the_repl_free(built, tmp_path):
    _needs_board()
    fs = tmp_path / "fs"
    shutil.copytree(built, fs)
    with vpico.VirtualPico(fs, config={"safe": True, "panel": ""}) as vp:
        assert vp.wait_console(b">>> ", BOOT_S), _hung("the REPL prompt", BOOT_S, vp.console)
        assert b"safe mode: the app was not started" in vp.console
        assert vp.done is None
    assert not (fs / "settings.json").exists()


def test_memcheck_report_and_doc_section(tmp_path):
    results = [{"name": "menu", "min_heap_wK": 86, "peak_alloc": 142176, "why": "",
                "frames": 2, "ms": 1}, {"name": "g", "min_heap_wK": None, "peak_alloc": None,
                                        "why": "MemoryError", "frames": None, "ms": None}]
    text = memcheck.report_markdown(results)
    assert "| menu | 86wK | ok | ok | 142,176 | 2 |" in text
    assert "| g | fails: MemoryError | **over** | over | - | - |" in text
    doc = tmp_path / "PERFORMANCE.md"
    doc.write_text("# Perf\n\n<!-- bench:begin -->\nB\n<!-- bench:end -->\n")
    memcheck.update_doc(doc, "one")
    memcheck.update_doc(doc, "two")
    assert doc.read_text() == ("# Perf\n\n<!-- bench:begin -->\nB\n<!-- bench:end -->\n\n"
                               "<!-- memcheck:begin -->\ntwo\n<!-- memcheck:end -->\n")
    assert memcheck.game_keys("memory", 3) == (
        "UNTIL:MainMenu:5000,DEMO:memory:3,UNTIL:MainMenu,WAIT:500,END")


@pytest.mark.slow   # memcheck's bisection on the Virtual Pico
def test_memcheck_bisection_on_the_board(built):
    _needs_board()
    least, why = memcheck.min_heap(built, memcheck.MENU_KEYS, 32, vpico.MCUS["pico"])
    assert least is not None, why
    assert memcheck.trial(built, least, memcheck.MENU_KEYS)[0] is True
    ok, _, why = memcheck.trial(built, least - 1, memcheck.MENU_KEYS)
    assert ok is False and why

