"""core.font's native fast path (viper) draws and measures exactly as its plain path.

On MicroPython, Font.text given the Canvas sets the inked pixels straight into the GS4_HMSB
buffer and Font.width sums advances in one native call; the plain path blits glyph
FrameBuffers through a palette (what CPython and the simulator run, and what the golden images
show). These tests run both under the real MicroPython unix port, where the viper code
compiles, over strings with French and unknown characters, at positions clipped on every
side, in every colour, and compare the whole canvas byte for byte. Also: the armv6m .mpy of
core.font (what `make build` puts on the Pico) runs natively on the unix port too, and where
viper cannot compile the plain path draws the same.
"""

import subprocess
import sys

from tests.mpy import FIRMWARE, run_mpy

GEN = str(FIRMWARE / "gen")

PARITY = """
from core import font as F
from core.canvas import Canvas
print("fast", F._v_text is not None)
STRS = ["Settings", "Six card games, pocket sized", "M\\u00e9moire \\u00ab \\u00e0 \\u00bb "
        "\\u00e7a ? o\\u00f9\\u2026 \\u0152uf \\u00ff", "\\u2026\\u20ac\\t\\n\\u00e9", "",
        "x\\U0001F600y", "10", "K", "Le Chaudron !", "\\u00c9t\\u00e9 \\u00e0 l'\\u00eele"]
POS = ((0, 0), (-5, -4), (1, 7), (37, 22), (59, 29), (-300, 0), (3, -11), (55, 25), (0, 400))
fast_text = F._v_text
bad = 0
runs = 0
for name in ("font_small", "font_large"):
    f = F.Font(%(gen)r + "/" + name + ".bin")
    for s in STRS:
        for (x, y) in POS:
            for col in (0, 1, 5, 9, 15):
                a = Canvas(60, 31)
                b = Canvas(60, 31)
                for i in range(len(a.buf)):
                    a.buf[i] = b.buf[i] = (i * 37 + col) & 255
                xa = f.text(a.fb, s, x, y, col, a)    # native
                F._v_text = None
                xb = f.text(b.fb, s, x, y, col, b)    # plain: per-glyph blits
                wp = f.width(s)
                F._v_text = fast_text
                if f.width(s) != wp:
                    bad += 1
                    print("WIDTH", name, repr(s), f.width(s), wp)
                runs += 1
                if xa != xb or a.buf != b.buf:
                    bad += 1
                    print("DIFF", name, repr(s), x, y, col, xa, xb)
        d = f._data
        w = 0
        for ch in s:
            w += d[f._met + 8 * f._index(ord(ch))]
        if f.width(s) != w:
            bad += 1
            print("WIDTH", name, repr(s), f.width(s), w)
        for mw in range(0, w + 12, 3):
            fa = f.fit(s, mw)
            F._v_text = None
            fb = f.fit(s, mw)
            F._v_text = fast_text
            if fa != fb:
                bad += 1
                print("FIT", name, repr(s), mw, repr(fa), repr(fb))
print("runs", runs, "bad", bad)
"""


def test_native_text_and_width_match_the_plain_path_under_micropython():
    proc = run_mpy(PARITY % {"gen": GEN})
    lines = proc.stdout.splitlines()
    assert lines[0] == "fast True", proc.stdout
    assert lines[-1] == "runs %d bad 0" % (2 * 10 * 9 * 5), proc.stdout


# What the Pico runs: core/font.mpy from mpy-cross -march=armv6m (tools.build), plain
# bytecode, and core/font_viper.py, whose viper string exec() compiles natively when
# core.native loads it, so the unix port runs it with the fast path on; where the native
# code cannot be compiled (simulated: a font_viper.py that raises as a port without a native
# emitter does) the plain path draws.
FALLBACK = """
import sys
from core import font as F
from core.canvas import Canvas
print("fast", F._v_text is not None)
f = F.Font(%(gen)r + "/font_small.bin")
c = Canvas(40, 12)
print("x", f.text(c.fb, "Hi\\u00e9", 1, 0, 7, c), "w", f.width("Hi\\u00e9"), "ink", sum(
    1 for b in c.buf for v in (b >> 4, b & 15) if v == 7) > 0)
"""


def _tree(tmp_path, break_viper=False):
    from tools.build import find_mpy_cross

    core = tmp_path / "core"
    core.mkdir()
    for name in ("__init__", "canvas", "modules", "native", "font_viper"):
        src = FIRMWARE / "core" / (name + ".py")
        if src.exists():
            (core / (name + ".py")).write_text(src.read_text())
    if break_viper:
        (core / "font_viper.py").write_text('raise SyntaxError("no native emitter here")\n')
    subprocess.run([find_mpy_cross(), "-march=armv6m", "-o", str(core / "font.mpy"),
                    str(FIRMWARE / "core" / "font.py")], check=True)
    return tmp_path


def test_the_builds_font_mpy_runs_natively_on_the_unix_port_and_draws_as_cpython(tmp_path):
    proc = run_mpy(FALLBACK % {"gen": GEN}, paths=[_tree(tmp_path)])
    lines = proc.stdout.splitlines()
    assert lines[0] == "fast True", proc.stdout
    assert lines[1] == _cpython_figures(), proc.stdout


def test_without_viper_the_plain_path_draws_the_same(tmp_path):
    proc = run_mpy(FALLBACK % {"gen": GEN}, paths=[_tree(tmp_path, break_viper=True)])
    lines = proc.stdout.splitlines()
    assert lines[0] == "fast False", proc.stdout
    assert lines[1] == _cpython_figures(), proc.stdout


def _cpython_figures():
    code = (
        "import sys; sys.path[:0] = [%r, %r]\n"
        "from core.font import Font\nfrom core.canvas import Canvas\n"
        "f = Font(%r + '/font_small.bin'); c = Canvas(40, 12)\n"
        "print('x', f.text(c.fb, 'Hi\\u00e9', 1, 0, 7, c), 'w', f.width('Hi\\u00e9'), 'ink', "
        "sum(1 for b in c.buf for v in (b >> 4, b & 15) if v == 7) > 0)\n"
        % (str(FIRMWARE.parent / "sim" / "stubs"), str(FIRMWARE), GEN)
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    return out.stdout.strip()


def test_cpython_uses_the_plain_path():
    from core import font

    assert font._v_text is None
