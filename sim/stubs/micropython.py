"""CPython stand-in for MicroPython's `micropython` module.

Enough for firmware code to import and run unchanged under CPython: `const` returns its
argument, the code-emitter decorators (native, viper, asm_thumb) return the function as is,
and the memory/interrupt helpers are harmless no-ops.
"""

_opt_level = 0
_heap_lock_depth = 0


def const(x):
    """Compile-time constant on MicroPython; here simply the value."""
    return x


def native(f):
    return f


def viper(f):
    return f


def asm_thumb(f):
    return f


def opt_level(level=None):
    """Get (no argument) or set the optimisation level; it changes nothing on CPython."""
    global _opt_level
    if level is None:
        return _opt_level
    _opt_level = level
    return None


def alloc_emergency_exception_buf(size):
    return None


def mem_info(verbose=None):
    return None


def qstr_info(verbose=None):
    return None


def stack_use():
    return 0


def kbd_intr(chr):  # noqa: A002 -- MicroPython's parameter name
    return None


def heap_lock():
    global _heap_lock_depth
    _heap_lock_depth += 1
    return None


def heap_unlock():
    global _heap_lock_depth
    if _heap_lock_depth:
        _heap_lock_depth -= 1
    return _heap_lock_depth


def heap_locked():
    return _heap_lock_depth


def schedule(func, arg):
    """MicroPython runs `func(arg)` soon, outside the interrupt; here it runs at once."""
    func(arg)
