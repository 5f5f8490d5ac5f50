"""The emulated board's power and flash, as a Pico's (tools/rig): on USB power (VBUS high, the
rig's default) the console shows no battery level and no warning; on a low battery (VSYS 3.0 V
through ADC 3, GPIO 24 low) the menu's title shows the level and "Battery low" is said once; a
full one shows the level only. A save charges the emulated clock what the flash chip takes
(45 ms per 4 KiB sector erased, 0.4 ms per 256-byte page). Skips as tests/test_rig.py does;
about a minute of wall time."""

import pytest

from tests.test_rig import built  # noqa: F401 - the build, packed as test_rig does
from tools import rig

pytestmark = pytest.mark.slow   # three boards booted on the emulated chip: make test-all


def _menu(built, vsys_mv):  # noqa: F811
    """(the menu's title text on the right, 'battery low' warned, the picture) after boot."""
    with rig.Rig(build_dir=built, vsys_mv=vsys_mv) as r:
        assert r.wait_frame(30_000, "MainMenu") is not None, r.text()[-2000:]
        r.run(1500)
        shot = r.screen()
        out = r.repl("import rig_hook\napp = rig_hook.APP[0]\n"
                     "print(repr(app.top.title_right()), getattr(app, 'battery_warned', False))")
        right, warned = out.strip().rsplit(" ", 1)
        return eval(right), warned == "True", shot


def test_usb_power_shows_no_battery_a_battery_shows_its_level_and_warns_when_low(built):  # noqa: F811
    right, warned, usb = _menu(built, None)
    assert right.endswith("K") and "%" not in right and not warned     # free heap only
    right, warned, low = _menu(built, 3000)
    assert right.startswith("14% ") and warned                          # (3000-2800)/1400
    right, warned, full = _menu(built, 4100)
    assert right.startswith("92% ") and not warned
    # The warning is on the screen, above the hint bar: the low battery's picture differs
    # from the full one's there, and only there besides the title's figures.
    from PIL import ImageChops

    box = ImageChops.difference(low, full).crop((0, 24, 240, 240)).getbbox()
    assert box is not None and box[1] + 24 > 150, box


def test_a_save_takes_the_flash_chips_time(built, tmp_path):  # noqa: F811
    """Settings saved from the REPL of a board in safe mode: the erase and program calls land
    in the flash (read back) and the clock moved by their time."""
    with rig.Rig(build_dir=built) as r:
        r.start_in_safe_mode("")
        r.exit_raw()
        before = r.state()
        out = r.repl("import time\nt = time.ticks_us()\n"
                     "with open('/probe.bin', 'wb') as f:\n    f.write(bytes(9000))\n"
                     "print(time.ticks_diff(time.ticks_us(), t))")
        after = r.state()
        files = r.flash_fs()
    erased = after["erased_bytes"] - before["erased_bytes"]
    programmed = after["programmed_bytes"] - before["programmed_bytes"]
    assert files.get("probe.bin") == bytes(9000)
    assert erased >= 8192 and programmed >= 9000
    charged = erased // 4096 * 45 + programmed // 256 * 0.4      # ms, as tools/rig/rig.mjs
    spent_ms = int(out.strip().splitlines()[-1]) / 1000
    assert after["flash_busy_ms"] - before["flash_busy_ms"] >= charged - 0.5
    assert spent_ms >= charged - 0.5, (spent_ms, charged)
