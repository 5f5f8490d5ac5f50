"""ui.cards' native card back (viper), loaded by core.native.

back(b, p), p = (x + 0x8000, y + 0x8000, w, h, outline colour, CARD, EDGE, width, height of b,
1 to draw the plain outline), sets in the GS4_HMSB buffer b (stride = its width), clipped to it,
the pixels ui.cards.draw_back's plain path draws after the card's fill: the outline (_border
with no flags: Canvas.round_rect's 4 lines and 4 corner pixels) when asked, then for cards of
12x12 and more the inner frame (FrameBuffer.rect) and the lattice (FrameBuffer.line diagonals
both ways every 6 px inside the frame). Coordinates are biased: a 64-bit unix port reads the
words zero-extended. One call instead of ~20 loop turns of Python and 50 FrameBuffer calls a
card (tests/test_speed_cards.py).
"""

import micropython

# The code is a string compiled here by exec(): mpy-cross takes this module without -march,
# and exec() compiles the viper for the CPU that runs it. core.native.load drops the module
# once NATIVE holds the function, so the string (a constant of this module) leaves the heap
# with it; only the compiled function stays. Indented one space a level: the whole string is
# in the heap while it compiles.
_SOURCE = """
@micropython.viper
def back(b, p):
 o = ptr8(b)
 q = ptr32(p)
 x = int(q[0]) - 0x8000
 y = int(q[1]) - 0x8000
 w = int(q[2])
 h = int(q[3])
 a = int(q[7])
 r = int(q[8])
 k = 0
 if int(q[9]) == 0:
  k = 8
 e = 8
 if w >= 12 and h >= 12:
  e = 12
 u = int(q[4]) & 15
 while k < e:
  if k == 8:
   u = int(q[5]) & 15
  v = 0
  n = 1
  if k == 0:
   i = x + 2
   j = y
   n = w - 4
  elif k == 1:
   i = x + 2
   j = y + h - 1
   n = w - 4
  elif k == 2:
   i = x
   j = y + 2
   n = h - 4
   v = 1
  elif k == 3:
   i = x + w - 1
   j = y + 2
   n = h - 4
   v = 1
  elif k == 4:
   i = x + 1
   j = y + 1
  elif k == 5:
   i = x + w - 2
   j = y + 1
  elif k == 6:
   i = x + 1
   j = y + h - 2
  elif k == 7:
   i = x + w - 2
   j = y + h - 2
  elif k == 8:
   i = x + 3
   j = y + 3
   n = w - 6
  elif k == 9:
   i = x + 3
   j = y + h - 4
   n = w - 6
  elif k == 10:
   i = x + 3
   j = y + 3
   n = h - 6
   v = 1
  else:
   i = x + w - 4
   j = y + 3
   n = h - 6
   v = 1
  z = u << 4
  if v == 0:
   if j >= 0 and j < r:
    t = i + n
    if t > a:
     t = a
    if i < 0:
     i = 0
    c = j * a + i
    t = j * a + t
    while c < t:
     if c & 1:
      o[c >> 1] = (int(o[c >> 1]) & 0xF0) | u
     else:
      o[c >> 1] = (int(o[c >> 1]) & 0x0F) | z
     c += 1
  elif i >= 0 and i < a:
   t = j + n
   if t > r:
    t = r
   if j < 0:
    j = 0
   c = j * a + i
   t = t * a + i
   while c < t:
    if c & 1:
     o[c >> 1] = (int(o[c >> 1]) & 0xF0) | u
    else:
     o[c >> 1] = (int(o[c >> 1]) & 0x0F) | z
    c += a
  k += 1
 if e == 8:
  return
 u = int(q[6]) & 15
 z = u << 4
 x += 5
 y += 5
 w -= 10
 h -= 10
 k = 1 - h
 while k < w:
  if k > 0:
   i = x + k
   j = y
  else:
   i = x
   j = y - k
  n = x + w - i
  if y + h - j < n:
   n = y + h - j
  m = 2 * x + w - 1 - i
  s = 0
  if -j > s:
   s = -j
  t = n
  if r - j < t:
   t = r - j
  e = s
  if -i > e:
   e = -i
  v = t
  if a - i < v:
   v = a - i
  c = (j + e) * a + i + e
  while e < v:
   if c & 1:
    o[c >> 1] = (int(o[c >> 1]) & 0xF0) | u
   else:
    o[c >> 1] = (int(o[c >> 1]) & 0x0F) | z
   c += a + 1
   e += 1
  if m - a + 1 > s:
   s = m - a + 1
  if m + 1 < t:
   t = m + 1
  c = (j + s) * a + m - s
  while s < t:
   if c & 1:
    o[c >> 1] = (int(o[c >> 1]) & 0xF0) | u
   else:
    o[c >> 1] = (int(o[c >> 1]) & 0x0F) | z
   c += a - 1
   s += 1
  k += 6
"""
NATIVE: dict = {"micropython": micropython}
exec(_SOURCE, NATIVE)
