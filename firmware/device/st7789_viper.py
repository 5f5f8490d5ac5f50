"""device.st7789's native strip conversion (viper), loaded by core.native at import.

convert(src, dst, lut, params): the rows of a 4-bit canvas strip to RGB565 bytes through a
4-byte-per-byte table, as device.st7789.convert_strip_py does (its doc says what the
parameters are).
"""

import micropython

# The code is a string compiled here by exec(): mpy-cross takes this module without -march,
# and exec() compiles the viper for the CPU that runs it. core.native.load drops the module
# once NATIVE holds the function, so the string (a constant of this module) leaves the heap
# with it; only the compiled function stays. Indented one space a level: the whole string is
# in the heap while it compiles.
_SOURCE = """
@micropython.viper
def convert(src: ptr8, dst: ptr32, lut: ptr32, params: ptr32):
 s0 = int(src) + int(params[0])
 rb = int(params[1])
 stride = int(params[2])
 rows = int(params[3])
 while rows > 0:
  src = ptr8(s0)
  end = s0 + rb
  end4 = s0 + (rb & ~3)
  while int(src) < end4:
   dst[0] = lut[src[0]]
   dst[1] = lut[src[1]]
   dst[2] = lut[src[2]]
   dst[3] = lut[src[3]]
   dst = ptr32(int(dst) + 16)
   src = ptr8(int(src) + 4)
  while int(src) < end:
   dst[0] = lut[src[0]]
   dst = ptr32(int(dst) + 4)
   src = ptr8(int(src) + 1)
  s0 += stride
  rows -= 1
"""
NATIVE: dict = {"micropython": micropython}
exec(_SOURCE, NATIVE)
