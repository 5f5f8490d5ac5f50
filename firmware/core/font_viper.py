"""core.font's native text drawing and measuring (viper), loaded by core.native.

text(b, d, s, p), p = (x + 0x8000, y + 0x8000, colour, width, height of b, chars, glyph count,
default glyph): sets the glyphs' inked pixels of GS4_HMSB buffer b (stride = its width) to the
colour, clipped to it -- what FrameBuffer.blit of each glyph through a 2-colour palette (the
other colour as key) does; returns the x after the last char + 0x8000 (coordinates are biased:
a 64-bit unix port reads the words zero-extended). With width and height 0 nothing is drawn
(b is never touched): Font.width; then the colour word is a limit: at the first char that takes
the width past it, p[5] becomes the number of chars before it (all of them when none does):
Font.fit. f: the font file's bytes (layout: tools/assets.py; code points u16 from byte 16, then
8 bytes of metrics per glyph, then MONO_HLSB bitmaps); t: the str's UTF-8 bytes (MicroPython
strs give them through the buffer protocol), decoded for q[0] (width) / q[5] (text) chars; a
code point's glyph: ASCII 32..126 is cp - 32, others a binary search of the sorted table after
them, else the default glyph, as Font._index. One function only: the compiler is slow on a Pico
(~60 ms a function) and this one compiles at boot.
"""

import micropython

# The code is a string compiled here by exec(): mpy-cross takes this module without -march,
# and exec() compiles the viper for the CPU that runs it. core.native.load drops the module
# once NATIVE holds the function, so the string (a constant of this module) leaves the heap
# with it; only the compiled function stays. Indented one space a level: the whole string is
# in the heap while it compiles.
_SOURCE = """
@micropython.viper
def text(b, d, s, p) -> int:
 o = ptr8(b)
 f = ptr8(d)
 t = ptr8(s)
 q = ptr32(p)
 x = int(q[0]) - 0x8000
 y = int(q[1]) - 0x8000
 u = int(q[2]) & 15
 z = u << 4
 a = int(q[3])
 r = int(q[4])
 k = int(q[5])
 n = int(q[6])
 e = 16 + 2 * n
 i = 0
 x0 = x
 n0 = k
 lm = 0x3FFFFFFF
 if a == 0:
  lm = int(q[2])
 while k > 0:
  k -= 1
  c = int(t[i])
  i += 1
  if c >= 0x80:
   if c < 0xE0:
    c = ((c & 0x1F) << 6) | (int(t[i]) & 0x3F)
    i += 1
   elif c < 0xF0:
    c = ((c & 0x0F) << 12) | ((int(t[i]) & 0x3F) << 6) | (int(t[i + 1]) & 0x3F)
    i += 2
   else:
    c = (((c & 7) << 18) | ((int(t[i]) & 0x3F) << 12)
     | ((int(t[i + 1]) & 0x3F) << 6) | (int(t[i + 2]) & 0x3F))
    i += 3
  if c >= 32 and c <= 126:
   g = c - 32
  else:
   g = int(q[7])
   l = 95
   h = n - 1
   while l <= h:
    m = (l + h) >> 1
    v = int(f[16 + 2 * m]) | (int(f[17 + 2 * m]) << 8)
    if v == c:
     g = m
     break
    if v < c:
     l = m + 1
    else:
     h = m - 1
  m = e + 8 * g

  j = int(f[m + 3])
  if j:
   v = int(f[m + 1])
   if v > 127:
    v -= 256
   v += x
   w = y + int(f[m + 2])
   h = int(f[m + 4])
   l = 16 + 10 * n + (int(f[m + 6]) | (int(f[m + 7]) << 8))
   while h > 0:
    if w >= 0 and w < r:
     c = 0
     while c < j:
      if int(f[l + (c >> 3)]) & (0x80 >> (c & 7)):
       g = v + c
       if g >= 0 and g < a:
        g += w * a
        if g & 1:
         o[g >> 1] = (int(o[g >> 1]) & 0xF0) | u
        else:
         o[g >> 1] = (int(o[g >> 1]) & 0x0F) | z
      c += 1
    l += (j + 7) >> 3
    w += 1
    h -= 1
  x += int(f[m])
  if x - x0 > lm:
   q[5] = n0 - k - 1
   return x + 0x8000
 q[5] = n0
 return x + 0x8000
"""
NATIVE: dict = {"micropython": micropython}
exec(_SOURCE, NATIVE)
