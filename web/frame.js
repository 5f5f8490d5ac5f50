// The console's screen as the worker sees it (worker.js): the app's 4-bit canvas (GS4_HMSB:
// two pixels a byte, the left one in the high nibble), read where it lives in the
// interpreter's memory at each flush and turned into RGBA through the 16-colour palette, in
// a copy of the whole screen; what changed since the last frame goes to the page as one
// rectangle of pixels (a transferred buffer, not copied again), which it only puts on its
// <canvas> (screen.js).

export function rgb565ToWord(c) {
  // What a panel shows for an RGB565 value: each channel widened by bit replication, as
  // the simulator does (sim/platform.py rgb565_to_rgb888), so screenshots match exactly.
  const r = (c >> 11) & 31, g = (c >> 5) & 63, b = c & 31;
  const r8 = (r << 3) | (r >> 2), g8 = (g << 2) | (g >> 4), b8 = (b << 3) | (b >> 2);
  return (0xff000000 | (b8 << 16) | (g8 << 8) | r8) >>> 0;  // little-endian RGBA
}

// The interpreter's memory, to read the canvas in place: the module does not export it, so
// take it from the instance it makes, then put WebAssembly back as it was (call the result).
export function captureMemory(keep) {
  const streaming = WebAssembly.instantiateStreaming;
  const plain = WebAssembly.instantiate;
  const take = (result) => {
    const instance = result.instance || result;
    if (instance && instance.exports && instance.exports.memory) keep(instance.exports.memory);
    return result;
  };
  if (streaming) {
    WebAssembly.instantiateStreaming = (...args) => streaming.apply(WebAssembly, args).then(take);
  }
  WebAssembly.instantiate = (...args) => plain.apply(WebAssembly, args).then(take);
  return () => {
    if (streaming) WebAssembly.instantiateStreaming = streaming;
    WebAssembly.instantiate = plain;
  };
}

export class Frame {
  constructor() {
    this.width = 0;
    this.height = 0;
    this.pixels = null;     // the whole screen, one RGBA word per pixel
    this.address = 0;       // where the app's canvas is in the interpreter's memory
    this.palette = new Uint32Array(16);
    this.memory = null;     // the WebAssembly memory, else ...
    this.readByte = null;   // ... the module's getValue (slower)
    this.dirty = null;      // [x0, y0, x1, y1] changed since the last take(), or null
  }

  size(width, height) {
    this.width = width;
    this.height = height;
    this.pixels = new Uint32Array(width * height).fill(0xff000000);
  }

  attach(address) {
    this.address = address >>> 0;
  }

  setColor(index, rgb565) {
    this.palette[index] = rgb565ToWord(rgb565);
  }

  flush(x, y, w, h) {
    const { width, pixels, palette } = this;
    const stride = width >> 1;
    const heap = this.memory ? new Uint8Array(this.memory.buffer) : null;
    const read = this.readByte;
    for (let row = y; row < y + h; row++) {
      let src = this.address + row * stride + (x >> 1);
      let dst = row * width + x;
      for (let i = w >> 1; i > 0; i--) {
        const byte = heap ? heap[src++] : read(src++, "i8") & 255;
        pixels[dst++] = palette[byte >> 4];
        pixels[dst++] = palette[byte & 15];
      }
    }
    const d = this.dirty;
    if (d === null) {
      this.dirty = [x, y, x + w, y + h];
    } else {
      d[0] = Math.min(d[0], x);
      d[1] = Math.min(d[1], y);
      d[2] = Math.max(d[2], x + w);
      d[3] = Math.max(d[3], y + h);
    }
  }

  // What changed since the last call, as {x, y, w, h, rgba: ArrayBuffer}, or null.
  take() {
    const d = this.dirty;
    if (d === null) return null;
    this.dirty = null;
    const [x, y] = d;
    const w = d[2] - x, h = d[3] - y, width = this.width;
    const out = new Uint32Array(w * h);
    for (let row = 0; row < h; row++) {
      const at = (y + row) * width + x;
      out.set(this.pixels.subarray(at, at + w), row * w);
    }
    return { x, y, w, h, rgba: out.buffer };
  }
}
