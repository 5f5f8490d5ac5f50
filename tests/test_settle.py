"""kit.turns.settle(): after a collection, settle() leaves the lowest free block inside a long run.

Checked under the MicroPython unix port, whose allocator is the Pico's (first fit, 4-word
blocks): a heap made into a sieve of 1-block holes, collected, then settled, gives the next
small objects side by side; without settle() they go into the holes. Why it matters (frames
of Python calls taken from the heap) and what it saved: kit/turns.py, docs/PERFORMANCE.md.
"""

from tests.mpy import run_mpy

# A sieve: 1-block tuples kept between 1-block tuples dropped, so that after gc.collect() the
# heap alternates live blocks and 1-block holes. Then 40 new small tuples: how many lie past
# the sieve's last kept tuple (first fit puts them in the lowest free blocks). The heap is
# large enough for the sieve to be built with no collection on the way (which would reuse holes).
SIEVE = """
import gc
from kit import turns
N = %(count)d
gc.collect()   # the import's garbage gone: the sieve's holes are the only ones in its span
keep = [None] * N
for i in range(N):
    keep[i] = (i,)
    (i,)   # dropped: a hole after the collection
gc.collect()
n = turns.settle() if %(settle)s else 0
end = id(keep[N - 1])
ids = [0] * 40
for i in range(40):
    ids[i] = id((i,))
print(n, sum(1 for a in ids if a > end))
"""


def run_sieve(settle, heap="320wK", count=4000):
    out = run_mpy(SIEVE % {"settle": settle, "count": count}, heap=heap).stdout.split()
    return int(out[0]), int(out[1])


def test_without_settle_small_objects_fill_the_holes_one_by_one():
    n, past = run_sieve(False)
    assert n == 0
    assert past == 0          # every new tuple went into one of the sieve's holes


def test_settle_fills_the_holes_and_the_next_objects_lie_side_by_side():
    n, past = run_sieve(True)
    assert n >= 3900          # the sieve's holes, one per kept tuple, and the run's first blocks
    assert past >= 38         # the lowest free block is past the sieve, in a long run (seen:
    #                           39 or 40; one tuple may still find a hole below)


def test_a_heap_with_little_room_is_left_as_it_is():
    # 48wK (96 KB here): the sieve leaves less free than kit.turns' _ROOM (2048 blocks)
    n, past = run_sieve(True, heap="48wK", count=1000)
    assert n == 0
    assert past == 0


def test_cpython_has_nothing_to_settle():
    from kit import turns

    assert turns.settle() == 0
