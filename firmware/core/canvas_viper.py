"""core.canvas's dirty-rectangle bookkeeping as native code (viper), loaded by core.native.

mark(r, x, y, w, h): what Canvas.mark's plain path does (clip to the screen, widen x to even
bytes, merge into the rectangle list when the union wastes at most 1,200 pixels, else append,
else grow the rectangle whose union is smallest, then fold in any rectangle the grown one now
overlaps), on r = array("i"): [count, whole screen dirty, width, height, then 6 x (x0, y0, x1,
y1)]. The plain path costs ~250 us a mark on the emulated RP2040 (min/max calls, a heap frame
for _add's 15 locals), this ~15 us; a partial redraw marks once per canvas call.
The constants 6 (core.canvas.MAX_RECTS) and 1200 (_MERGE_SLACK) are written out below.
"""

import micropython

# The code is a string compiled here by exec(): mpy-cross takes this module without -march,
# and exec() compiles the viper for the CPU that runs it. core.native.load drops the module
# once NATIVE holds the function, so the string (a constant of this module) leaves the heap
# with it; only the compiled function stays. Indented one space a level: the whole string is
# in the heap while it compiles.
_SOURCE = """
@micropython.viper
def mark(r, x: int, y: int, w: int, h: int):
 q = ptr32(r)
 if q[1]:
  return
 x1 = x + w
 y1 = y + h
 if x < 0:
  x = 0
 if y < 0:
  y = 0
 a = int(q[2])
 if x1 > a:
  x1 = a
 a = int(q[3])
 if y1 > a:
  y1 = a
 if x1 <= x or y1 <= y:
  return
 x = (x >> 1) << 1
 x1 = ((x1 + 1) >> 1) << 1
 n = int(q[0])
 g = -1
 e = -1
 s = (x1 - x) * (y1 - y) + 1200
 i = 0
 while i < n:
  k = 4 + 4 * i
  b0 = int(q[k])
  b1 = int(q[k + 1])
  b2 = int(q[k + 2])
  b3 = int(q[k + 3])
  if b0 > x:
   b0 = x
  if b1 > y:
   b1 = y
  if b2 < x1:
   b2 = x1
  if b3 < y1:
   b3 = y1
  a = (b2 - b0) * (b3 - b1)
  if a <= s + (int(q[k + 2]) - int(q[k])) * (int(q[k + 3]) - int(q[k + 1])):
   g = i
   break
  if n == 6 and (e < 0 or a < e):
   g = i
   e = a
  i += 1
 if g < 0:
  k = 4 + 4 * n
  q[k] = x
  q[k + 1] = y
  q[k + 2] = x1
  q[k + 3] = y1
  q[0] = n + 1
  return
 while g >= 0:
  k = 4 + 4 * g
  if x < int(q[k]):
   q[k] = x
  if y < int(q[k + 1]):
   q[k + 1] = y
  if x1 > int(q[k + 2]):
   q[k + 2] = x1
  if y1 > int(q[k + 3]):
   q[k + 3] = y1
  x = int(q[k])
  y = int(q[k + 1])
  x1 = int(q[k + 2])
  y1 = int(q[k + 3])
  i = g
  g = -1
  j = 0
  while j < n:
   m = 4 + 4 * j
   if j != i and int(q[m]) < x1 and x < int(q[m + 2]) and int(q[m + 1]) < y1 and y < int(q[m + 3]):
    u = int(q[m])
    v = int(q[m + 1])
    c = int(q[m + 2])
    d = int(q[m + 3])
    n -= 1
    t = 4 + 4 * n
    q[m] = q[t]
    q[m + 1] = q[t + 1]
    q[m + 2] = q[t + 2]
    q[m + 3] = q[t + 3]
    if i == n:
     i = j
    x = u
    y = v
    x1 = c
    y1 = d
    g = i
    break
   j += 1
 q[0] = n
"""
NATIVE: dict = {"micropython": micropython}
exec(_SOURCE, NATIVE)
