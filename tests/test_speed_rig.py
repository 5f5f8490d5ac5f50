"""The DMA flush and the native text path on the emulated RP2040 (tools/rig), stock firmware.

device.st7789 on an RP2040 sends strips by DMA while the next one converts (one native call
per flush); this checks on the emulated chip that the panel then holds exactly what the plain
path (convert, then spi.write) puts there, for a full frame and for small and odd rectangles
drawn over it, and that the DMA channel leaves the SPI usable for the commands that follow.
It also checks that the build's core.font draws natively there (viper compiled at import) and
sets the same pixels as its plain path. Behaviour only: no timing is asserted (the figures
are in docs/PERFORMANCE.md at ef6896e, "Drawing speed"). Skips as tests/test_rig.py does;
~20 s of wall time.
"""

import pytest

from tests.test_rig import _require_rig
from tools import build, rig

pytestmark = pytest.mark.slow   # a benchmark's checks on the emulated chip: make test-all

SETUP = r"""
import machine
machine.freq(125_000_000, 125_000_000)
from device import boards, platform
from core.canvas import Canvas
d = platform.make_display(boards.get("pico_lcd_1_3"))
d.init()
d.set_palette([((i * 2) << 11) | ((i * 4) << 5) | (i * 2) for i in range(16)])
c = Canvas(240, 240)
for i in range(len(c.buf)):
    c.buf[i] = (i * 7 + (i >> 7)) & 255
dma = d._dma
print("dma", dma is not None, "native", dma is not None and dma.native is not None)
"""

RECTS = "((0, 0, 2, 1), (2, 3, 4, 5), (238, 239, 2, 1), (10, 10, 100, 50), (0, 100, 240, 17))"

TEXT = r"""
from core import font as F
f = F.Font("/gen/font_small.bin")
c2 = Canvas(120, 40)
c3 = Canvas(120, 40)
s = "M\u00e9moire \u00ab \u00e0 \u00bb o\u00f9\u2026 ?!"
ends = []
for (x, y, col) in ((0, 0, 3), (-4, -5, 15), (70, 30, 9)):
    ends.append(f.text(c2.fb, s, x, y, col, c2))
fast = F._v_text
F._v_text = None
for (x, y, col) in ((0, 0, 3), (-4, -5, 15), (70, 30, 9)):
    ends.append(f.text(c3.fb, s, x, y, col, c3))
F._v_text = fast
print("text", fast is not None, c2.buf == c3.buf, ends[:3] == ends[3:])
"""


@pytest.fixture(scope="module")
def safe_board(tmp_path_factory):
    _require_rig()
    out = tmp_path_factory.mktemp("rig") / "pico"
    result = build.build(build.FIRMWARE, out)
    assert result.ok, build.report(result, quiet=True)
    r = rig.Rig(build_dir=out)
    r.start(hold=("B",))   # safe mode: the REPL is free, the app does not start
    r.run(500)
    r.release()
    assert r.expect(">>> ", 3000), r.text()[-500:]
    try:
        yield r
    finally:
        r.stop()


def test_dma_flush_puts_on_the_panel_what_the_plain_path_does(safe_board):
    r = safe_board
    assert r.repl(SETUP, 60_000).split() == ["dma", "True", "native", "True"]
    r.repl("d.flush(c.buf, 0, 0, 240, 240)", 60_000)
    by_dma = r.screen()
    r.repl("d._dma = None\nd.clear(0)\nd.flush(c.buf, 0, 0, 240, 240)", 60_000)
    plain = r.screen()
    assert by_dma.tobytes() == plain.tobytes()
    assert len(plain.getcolors(256)) == 16   # the pattern shows every palette colour
    # odd rectangles by DMA over a panel cleared in between: after each, commands still work
    r.repl("d._dma = dma\nd.clear(0)\nfor rr in %s:\n    d.flush(c.buf, *rr)" % RECTS, 60_000)
    mixed = r.screen()
    r.repl("d._dma = None\nd.clear(0)\nfor rr in %s:\n    d.flush(c.buf, *rr)" % RECTS, 60_000)
    assert mixed.tobytes() == r.screen().tobytes()
    assert r.errors() == []


def test_the_builds_font_draws_natively_and_as_its_plain_path(safe_board):
    out = safe_board.repl(SETUP + TEXT, 60_000)
    assert out.split()[-4:] == ["text", "True", "True", "True"], out
