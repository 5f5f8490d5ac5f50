"""The web page's builder (tools/web.py) and its platform (firmware/device/web.py) without a
browser: the pack, the .mpy check, the site's files, and the platform under the real
MicroPython unix port drawing what the headless simulator draws. The page itself in Chromium:
tests/test_web_browser.py."""

import json
import struct

import pytest

from tests import ci
from tests.mpy import run_mpy
from tools import web

ROOT = web.ROOT


# -- the pack -------------------------------------------------------------------------------
def test_pack_round_trip_keeps_every_file_and_its_order():
    files = [("core/app.mpy", b"M\x06\x00\x1f" + bytes(range(40))), ("gen/font.bin", b""),
             ("device/web.mpy", b"M\x06\x00\x1f")]
    data = web.encode_pack(files, "v1")
    assert data[:4] == b"CCPK"
    (size,) = struct.unpack_from("<I", data, 4)
    assert json.loads(data[8:8 + size])["version"] == "v1"
    assert web.decode_pack(data) == files


def test_pack_refuses_a_truncated_or_foreign_file():
    data = web.encode_pack([("a.mpy", b"M\x06\x00\x1f12345")], "v")
    with pytest.raises(ValueError, match="truncated"):
        web.decode_pack(data[:-2])
    with pytest.raises(ValueError, match="not a firmware pack"):
        web.decode_pack(b"PK\x03\x04" + data[4:])


def _tree(tmp_path, files):
    for rel, data in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    return tmp_path


def test_pack_files_leave_the_picos_entry_files_out(tmp_path):
    tree = _tree(tmp_path, {"main.py": b"run()", "boot.py": b"", "core/app.mpy": b"M\x06\x00\x1f",
                            "device/web.mpy": b"M\x06\x00\x1f", "gen/icons.bin": b"\x01",
                            "core/lang_en.tx": b"pack"})
    names = [rel for rel, _ in web.pack_files(tree)]
    assert names == ["core/app.mpy", "core/lang_en.tx", "device/web.mpy", "gen/icons.bin"]


def test_an_mpy_the_browsers_micropython_cannot_load_is_refused(tmp_path):
    tree = _tree(tmp_path, {"device/web.mpy": b"M\x06\x00\x1f", "core/old.mpy": b"M\x05\x00\x1f"})
    with pytest.raises(web.WebBuildError, match="core/old.mpy is .mpy version 5"):
        web.pack_files(tree)
    # native code for a Pico's CPU (arch 4, armv6m; sub-version 3) does not run in a browser
    tree = _tree(tmp_path, {"core/old.mpy": b"M\x06\x13\x1f"})
    with pytest.raises(web.WebBuildError, match="armv6m"):
        web.pack_files(tree)


def test_a_tree_without_the_web_platform_is_refused(tmp_path):
    tree = _tree(tmp_path, {"core/app.mpy": b"M\x06\x00\x1f"})
    with pytest.raises(web.WebBuildError, match="no device/web module"):
        web.pack_files(tree)


def test_missing_npm_package_says_how_to_install_it(tmp_path):
    with pytest.raises(web.WebBuildError, match="make web"):
        web.runtime_version(tmp_path / "nothing")


# -- the site -------------------------------------------------------------------------------
def _package_or_skip():
    ci.require_gen()
    try:
        return web.runtime_version()
    except web.WebBuildError as exc:
        ci.skip_or_fail(str(exc))


def test_site_holds_the_page_the_runtime_and_make_builds_modules(tmp_path):
    assert _package_or_skip() == "1.27.0"   # web/package.json pins it
    # make build's tree, here in a folder of the test's own (build/pico by default)
    pico = web.pico_build(tmp_path / "pico")
    summary = web.build_site(tmp_path / "site", pico)
    out = tmp_path / "site"
    assert sorted(p.name for p in out.iterdir()) == sorted(
        web.PAGE_FILES + web.RUNTIME_FILES + (web.PACK,))
    files = dict(web.decode_pack((out / web.PACK).read_bytes()))
    # The same files as make build's tree, the Pico's entry files and its native code aside
    # (a *_viper.py's X_viper.mpy: the page's core.native imports X_viper_exec.mpy).
    expected = sorted(p.relative_to(pico).as_posix() for p in pico.rglob("*")
                      if p.is_file() and p.relative_to(pico).as_posix() not in web.SKIP and
                      not (p.name.endswith("_viper.mpy") and
                           p.with_name(p.stem + "_exec.mpy").exists()))
    assert sorted(files) == expected
    assert "core/font_viper_exec.mpy" in files and "core/font_viper.mpy" not in files
    assert files["core/app.mpy"] == (pico / "core" / "app.mpy").read_bytes()
    assert "gen/font_small.bin" in files and "core/lang_fr.tx" in files
    # Every page file names this build's version, so a browser never mixes two builds.
    html = (out / "index.html").read_text()
    assert "@VERSION@" not in html and summary["version"] in html
    assert "console.js?v=" + summary["version"] in html
    # A second build changes nothing; a stray file in the folder goes.
    (out / "stale.txt").write_text("old")
    again = web.build_site(out, pico)
    assert again["version"] == summary["version"]
    assert not (out / "stale.txt").exists()


# -- the platform on the real interpreter ---------------------------------------------------
# A host as console.js is: it keeps its own copy of the screen, updated from the canvas's
# memory at each flush (uctypes.bytes_at where the page reads the WebAssembly memory).
MPY_WEB = """
import json, uctypes
from device import web

class Host:
    def __init__(self):
        self.addr = 0
        self.w = self.h = 0
        self.screen = None
        self.pal = [0] * 16
        self.flushes = 0
        self.shots = []
    def attach(self, addr, w, h):
        self.addr = addr
        self.w = w
        self.h = h
        self.screen = bytearray(w * h // 2)
    def flush(self, x, y, w, h):
        self.flushes += 1
        stride = self.w // 2
        for row in range(y, y + h):
            at = row * stride + x // 2
            self.screen[at:at + w // 2] = uctypes.bytes_at(self.addr + at, w // 2)
    def palette(self, i, c):
        self.pal[i] = c
    def backlight(self, p):
        pass
    def tone(self, hz, volume, ms):
        pass
    def led(self, r, g, b):
        pass
    def random16(self):
        return 0x1234
    def shot(self, name):
        self.shots.append(name)

host = Host()
info = json.loads(web.boot(json.dumps({"board": %r, "keys": %r, "seed": %d, "tips": False,
                                       "data_dir": %r, "asset_dir": %r}), host))
while not web.play(64):
    pass
print("INFO", json.dumps(info))
print("STATE", web.describe())
print("PAL", json.dumps(host.pal))
print("SHOTS", json.dumps(host.shots))
print("SCREEN", host.screen.hex())
"""


def _screen_image(width, height, pal, data):
    from PIL import Image

    from sim.platform import rgb565_to_rgb888

    img = Image.frombytes("P", (width, height), bytes(
        n for b in data for n in (b >> 4, b & 15)))
    flat = []
    for c in pal:
        flat.extend(rgb565_to_rgb888(c))
    img.putpalette(flat)
    return img.convert("RGB")


@pytest.mark.parametrize("board,keys,seed", [
    ("pico_lcd_1_14", "DOWN,A,WAIT:400,DOWN,DOWN,A,WAIT:4000,A,WAIT:300,SHOT:first", 5),
    ("display_pack_2", "A,A,Y,Y,A,WAIT:6000,B+Y,A,WAIT:1500", 3),
])
def test_a_scripted_run_draws_what_the_simulator_draws(tmp_path, board, keys, seed):
    from PIL import ImageChops

    from sim import headless
    from sim.platform import SimPlatform

    ci.require_gen()
    data = tmp_path / "data"
    data.mkdir()
    proc = run_mpy(MPY_WEB % (board, keys, seed, str(data), str(ROOT / "firmware" / "gen")),
                   heap="512wK", timeout=300)
    out = {line.split(" ", 1)[0]: line.split(" ", 1)[1] for line in proc.stdout.splitlines()
           if line[:4] in ("INFO", "STAT", "PAL ", "SHOT", "SCRE")}
    info = json.loads(out["INFO"])
    state = json.loads(out["STATE"])
    assert info["board"] == board and state["errors"] == 0
    assert json.loads(out["SHOTS"]) == (["first"] if "SHOT" in keys else [])
    page = _screen_image(info["width"], info["height"], json.loads(out["PAL"]),
                         bytes.fromhex(out["SCREEN"]))
    SimPlatform.tips = False
    r = headless.run(keys, board=board, seed=seed)
    assert r.app.top is not None and type(r.app.top).__name__ == state["scenes"][-1]
    assert "actions" in state, state     # the script reached a game and took a move
    assert state["actions"] > 0
    assert ImageChops.difference(page, r.final).getbbox() is None


def test_the_board_comes_from_settings_when_the_page_names_none(tmp_path):
    from core import storage

    ci.require_gen()
    data = tmp_path / "data"
    data.mkdir()
    settings = dict(storage.DEFAULT_SETTINGS, board="display_pack_2")
    assert storage.save_settings(str(data), settings) is not False
    code = ("import json\nfrom device import web\n"
            "class H:\n    def __getattr__(self, name):\n        return lambda *a: 0\n"
            "print(web.boot(json.dumps({'board': 'auto', 'data_dir': %r, 'asset_dir': %r}), "
            "H()))\n" % (str(data), str(ROOT / "firmware" / "gen")))
    info = json.loads(run_mpy(code, heap="512wK").stdout.strip().splitlines()[-1])
    assert info["board"] == "display_pack_2"
    assert (info["width"], info["height"], info["four_buttons"]) == (320, 240, True)
    assert info["led"] is True and info["buzzer"] is False
