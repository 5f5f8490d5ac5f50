"""ui.handrow.HandRow's native byte copy (viper), loaded by core.native with the first HandRow.

copy(b, f, p), p = (x + 0x8000, y + 0x8000, bytes a row, rows, first byte in f, f's bytes a
row, width, height of b), copies whole bytes (pixel pairs) of the GS4_HMSB buffer f into b at
an even x, clipped to b: what FrameBuffer.blit without key does for even x and widths
(HandRow's cards from its scratch canvas), a byte a turn instead of a pixel through two function
pointers (~1 us a pixel on the emulated RP2040: 2.2 ms a 40x56 card).
"""

import micropython

# The code is a string compiled here by exec(): mpy-cross takes this module without -march,
# and exec() compiles the viper for the CPU that runs it. core.native.load drops the module
# once NATIVE holds the function, so the string (a constant of this module) leaves the heap
# with it; only the compiled function stays. Indented one space a level: the whole string is
# in the heap while it compiles.
_SOURCE = """
@micropython.viper
def copy(b, f, p):
 o = ptr8(b)
 g = ptr8(f)
 q = ptr32(p)
 x = int(q[0]) - 0x8000
 y = int(q[1]) - 0x8000
 n = int(q[2])
 h = int(q[3])
 i = int(q[4])
 m = int(q[5])
 a = int(q[6])
 r = int(q[7])
 s = 0
 if x < 0:
  s = (-x) >> 1
 e = n
 if x + 2 * n > a:
  e = (a - x) >> 1
 while h > 0:
  if y >= 0 and y < r:
   c = ((y * a + x) >> 1) + s
   k = i + s
   t = i + e
   while k < t:
    o[c] = g[k]
    c += 1
    k += 1
  y += 1
  i += m
  h -= 1
"""
NATIVE: dict = {"micropython": micropython}
exec(_SOURCE, NATIVE)
