"""Native code: the *_viper.py modules, imported only where MicroPython can compile them.

A hot loop (text, card backs, the flush's pixel conversion) is a viper function in a module of
its own named *_viper.py. tools/build copies those as source (a native .mpy would hold one
CPU's code, and the same build runs on the Pico and on the unix port), so MicroPython compiles
them when they are imported, for the CPU it runs on; a frozen firmware holds them compiled for
its chip. Their text is read from the file as it is compiled and never sits in the heap: a
string constant given to exec() would stay alive as long as any function of its module does.
CPython (the simulator) and a port without a native emitter get None and use the plain paths.
"""

import sys


def load(name):
    """Module `name` (a *_viper.py module), or None where there is no native code."""
    if sys.implementation.name != "micropython":
        return None
    try:
        __import__(name)
        return sys.modules[name]
    except Exception:  # noqa: BLE001 - no native emitter (or no room to compile): plain paths
        return None
