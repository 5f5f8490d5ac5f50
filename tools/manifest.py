# Frozen-firmware manifest for `make firmware` (tools/firmware.py), read by MicroPython's own
# build, not by this project's Python: `make -C $MICROPY_DIR/ports/rp2 BOARD=RPI_PICO
# FROZEN_MANIFEST=<absolute path of this file>`. MicroPython runs it with the current folder
# set to this file's folder and include()/module() predefined.
#
# It keeps the port's default manifest (asyncio, neopixel, ... as in the stock firmware) and
# freezes the app: the same .py files that `make build` compiles (tools.build.frozen_modules),
# main.py included (a frozen main.py runs at boot ahead of any main.py on the filesystem). The
# generated data files in firmware/gen/ stay on the filesystem, where `make flash` copies them
# and the app reads them from /gen as it does with a filesystem build.
import importlib.util
import os
import sys

include("$(PORT_DIR)/boards/manifest.py")  # noqa: F821 (provided by MicroPython's build)

_ROOT = os.path.abspath(os.path.join(os.getcwd(), ".."))
_FIRMWARE = os.path.join(_ROOT, "firmware")

# tools/build.py and tools/firmware.py by path: MicroPython's build tools sit on sys.path and
# `tools` may mean theirs. Both import only the standard library at load time.
def _load(name):
    spec = importlib.util.spec_from_file_location(
        "console_tools_" + name, os.path.join(_ROOT, "tools", name + ".py")
    )
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # dataclasses look their module up there
    spec.loader.exec_module(mod)
    return mod


_build = _load("build")
_firmware = _load("firmware")

# tools/firmware.py passes --freeze-games here through the environment (run by hand: "all").
_paths, _filesystem = _firmware.split_frozen(
    _build.frozen_modules(_FIRMWARE), os.environ.get(_firmware.FREEZE_ENV, "all")
)
for _path in _paths:
    module(_path, base_path=_FIRMWARE)  # noqa: F821

# The marker module: `make flash` imports it to learn that the app is frozen into the firmware,
# and then copies only the data files and the folders it names in FILESYSTEM (the games when
# they are not frozen); other filesystem modules would shadow the frozen ones.
# Its MARKER string names these exact sources (a digest); tools/firmware.py refuses a
# firmware.bin that does not contain it. It lives in build/frozen/, not in firmware/, so a
# filesystem install has no such module and nothing imports it at boot.
_MARKER_DIR = os.path.join(_ROOT, "build", "frozen")
_MARKER = _firmware.MARKER_MODULE + ".py"
_TEXT = _firmware.marker_module_text(_firmware.app_marker(_FIRMWARE, _paths), _filesystem)
os.makedirs(_MARKER_DIR, exist_ok=True)
_marker_path = os.path.join(_MARKER_DIR, _MARKER)
if not os.path.exists(_marker_path) or open(_marker_path).read() != _TEXT:
    with open(_marker_path, "w") as _f:  # rewritten only on change: no needless rebuilds
        _f.write(_TEXT)
module(_MARKER, base_path=_MARKER_DIR)  # noqa: F821
