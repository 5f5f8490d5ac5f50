"""device.st7789's whole DMA flush as one native call (viper), loaded by core.native when a DMA
channel is claimed (device.st7789.SpiDma).

dma_flush(src, lut, strip, p): see the comment above SpiDma in device/st7789.py.
"""

import micropython

# The code is a string compiled here by exec(): mpy-cross takes this module without -march,
# and exec() compiles the viper for the CPU that runs it. core.native.load drops the module
# once NATIVE holds the function, so the string (a constant of this module) leaves the heap
# with it; only the compiled function stays. Indented one space a level: the whole string is
# in the heap while it compiles.
_SOURCE = """
@micropython.viper
def dma_flush(src: ptr8, lut: ptr32, strip: ptr8, p: ptr32):
 s0 = int(src) + int(p[0])
 rb = int(p[1])
 stride = int(p[2])
 left = int(p[3])
 per = int(p[4])
 ch = ptr32(p[5])
 ctrl = int(p[6])
 spi = ptr32(p[7])
 half = int(p[8])
 base = int(strip)
 ch[1] = int(spi) + 8
 cur = 0
 while left > 0:
  rows = per
  if left < per:
   rows = left
  a = base + cur * half
  dst = ptr32(a)
  r = rows
  while r > 0:
   s = ptr8(s0)
   end = s0 + rb
   end4 = s0 + (rb & ~3)
   while int(s) < end4:
    dst[0] = lut[s[0]]
    dst[1] = lut[s[1]]
    dst[2] = lut[s[2]]
    dst[3] = lut[s[3]]
    dst = ptr32(int(dst) + 16)
    s = ptr8(int(s) + 4)
   while int(s) < end:
    dst[0] = lut[s[0]]
    dst = ptr32(int(dst) + 4)
    s = ptr8(int(s) + 1)
   s0 += stride
   r -= 1
  while int(ch[3]) & 0x01000000:
   pass
  ch[0] = a
  ch[2] = rows * rb * 4
  ch[3] = ctrl
  left -= rows
  cur ^= 1
 while int(ch[3]) & 0x01000000:
  pass
 while int(spi[3]) & 0x10:
  pass
 while int(spi[3]) & 0x04:
  r = int(spi[2])
 spi[8] = 1
"""
NATIVE: dict = {"micropython": micropython}
exec(_SOURCE, NATIVE)
