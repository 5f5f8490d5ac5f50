"""gc.collect() that leaves the heap quick to allocate from: collect(), settle().

MicroPython's allocator is first fit: each allocation of more than one 16-byte block scans
the allocation table from the lowest free block to the first run of free blocks long enough.
Most Python calls make one: a bytecode function whose state (locals and value stack) is over
11 words gets its frame from the heap at every call (py/objfun.c, VM_MAX_STATE_ON_STACK), and
Canvas.fill_rect already has 13. After gc.collect() the low heap is a sieve of small holes
(the garbage that lay between live objects), and every such call scans across all of them.

Measured on the emulated RP2040 (stock 1.28.0 firmware), 200 calls of a function with 12
locals inside Cauldron's table draw: 17-88 ms, against 2.6 ms for one with 3 locals; on a
clean heap 8.7 ms. Cauldron's full table draw took 81 ms when the heap had been settled and up
to 145 ms right after a collection.

settle() fills the small holes at the bottom with throwaway 1-block tuples (first fit puts
each in the lowest free block; id() is its address) until _RUN of them in a row lie side by
side: the lowest free block is then inside a long run, and the scans stop there. The tuples
are garbage from the start: the next collection (an automatic one too, when memory runs short)
gives their blocks back, so nothing is lost; gc.mem_free() reads lower until then.

A heap with little room left is not settled: the small holes are where small objects that
live on belong, and with them taken such objects split the long runs that a big allocation (a
module's code, a buffer) needs. Settling a near-full heap made the smallest heaps that
tools.memcheck finds larger (Match & Collect 140 -> 147wK) and boot fail at 64wK.
"""

import gc
import sys

from micropython import const

_RUN = const(64)      # blocks side by side that end the filling (1 KB on a 32-bit port)
_CAP = const(6000)    # tuples at most (~50 ms on a Pico): a bound, never reached in play
_ROOM = const(2048)   # free blocks (32 KB on a Pico) below which the heap is left as it is
_BLOCK = 16 if sys.maxsize < (1 << 32) else 32   # MicroPython's block: 4 words
_ON = sys.implementation.name == "micropython"   # CPython's allocator is another story


def settle():
    """Fill the small holes at the bottom of the heap (see the module's doc); returns the
    1-block tuples used (0 under CPython)."""
    if not _ON or gc.mem_free() < _ROOM * _BLOCK:
        return 0
    run = 0
    last = 0
    n = 0
    while n < _CAP:
        a = id((n,))
        if a == last + _BLOCK:
            run += 1
            if run >= _RUN:
                break
        else:
            run = 0
        last = a
        n += 1
    return n


def collect():
    """gc.collect(), then settle(): where a frame is drawn next."""
    gc.collect()
    return settle()
