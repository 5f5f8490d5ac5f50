"""Native code: the *_viper.py modules, loaded only where MicroPython runs native code.

A hot loop (text, card backs, HandRow's copy, the flush's pixel conversion) is a viper
function in a module of its own named *_viper.py: its code is a string that the module compiles
with exec() when imported, into the module's NATIVE dict, so the source runs on any port with
a native emitter. `make build` (tools/build.py) also compiles that string ahead of time: the
Pico's X_viper.mpy is the functions as armv6m native code (loaded, not compiled, when a game
opens: ~240 ms less on an RP2040), and X_viper_exec.mpy is the module as it is, imported here
where the native .mpy does not load (another CPU: the unix port, the web page). load() keeps
NATIVE and drops the module: a module's constants stay in the heap as long as the module does,
and the string is one of them, so only the compiled functions stay. CPython (the simulator)
and a port without a native emitter get None and use the plain paths.
"""

import sys

from core import modules


def load(name):
    """The functions of *_viper.py module `name` (a dict: name -> function), or None where
    there is no native code."""
    if sys.implementation.name != "micropython":
        return None
    for mod in (name, name + "_exec"):
        try:
            __import__(mod)
            return sys.modules[mod].NATIVE
        except Exception:  # noqa: BLE001 - another CPU's .mpy, or no native emitter (or no
            pass           # room to compile): the next, then the plain paths
        finally:
            modules.drop(mod)
    return None
