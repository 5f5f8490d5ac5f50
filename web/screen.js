// The console's screen in the page: the app's 4-bit canvas (GS4_HMSB: two pixels a byte, the
// left one in the high nibble), read where it lives in the interpreter's memory and drawn
// through the 16-colour palette into a <canvas> of the console's own size; CSS scales that by
// a whole number of device pixels, so the pixels stay crisp.

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

export class Screen {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.width = 240;
    this.height = 240;
    this.image = null;      // ImageData of the whole screen, one RGBA word per pixel
    this.pixels = null;     // its Uint32Array view
    this.address = 0;       // where the app's canvas is in the interpreter's memory
    this.palette = new Uint32Array(16);
    this.memory = null;     // the WebAssembly memory, else ...
    this.readByte = null;   // ... the module's getValue (slower)
    this.flushed = false;   // set by each flush; the loop clears it
    this.scale = 1;
  }

  size(width, height) {
    this.width = width;
    this.height = height;
    this.canvas.width = width;
    this.canvas.height = height;
    this.image = this.ctx.createImageData(width, height);
    this.pixels = new Uint32Array(this.image.data.buffer);
    this.pixels.fill(0xff000000);
    this.ctx.putImageData(this.image, 0, 0);
  }

  attach(address) {
    this.address = address >>> 0;
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
    this.ctx.putImageData(this.image, 0, 0, x, y, w, h);
    this.flushed = true;
  }

  setColor(index, rgb565) {
    this.palette[index] = rgb565ToWord(rgb565);
  }

  backlight(percent) {
    // As the simulator's window: 35 % of full at the lowest level, black when off.
    const k = percent <= 0 ? 0 : 0.35 + 0.65 * Math.min(100, percent) / 100;
    this.canvas.style.filter = k >= 1 ? "" : "brightness(" + k.toFixed(3) + ")";
  }

  // The pixels as RGB bytes (base64), for the tests to compare with the simulator's.
  rgb() {
    const { width, height } = this;
    const data = this.ctx.getImageData(0, 0, width, height).data;
    const rgb = new Uint8Array(width * height * 3);
    for (let i = 0, j = 0; i < data.length; i += 4) {
      rgb[j++] = data[i];
      rgb[j++] = data[i + 1];
      rgb[j++] = data[i + 2];
    }
    let text = "";
    for (let i = 0; i < rgb.length; i += 0x8000) {
      text += String.fromCharCode.apply(null, rgb.subarray(i, i + 0x8000));
    }
    return { width, height, rgb: btoa(text) };
  }

  // The largest whole number of device pixels per console pixel that fits (a phone's
  // devicePixelRatio 3 and 4 device pixels give 4/3 CSS pixels per console pixel, say).
  // `narrow`: the controls go under the screen instead of beside it.
  fit(narrow) {
    const dpr = window.devicePixelRatio || 1;
    // Room left by the page's margins, the controls beside the screen, the body and bezel.
    const around = narrow ? 16 + 40 : 32 + 2 * 170 + 80;
    const availW = Math.min(window.innerWidth, 1400) - around;
    const availH = window.innerHeight - (narrow ? 300 : 200);
    let k = Math.floor(Math.min(availW * dpr / this.width, availH * dpr / this.height));
    k = Math.max(1, Math.min(k, Math.round(4 * dpr)));
    this.canvas.style.width = (this.width * k / dpr) + "px";
    this.canvas.style.height = (this.height * k / dpr) + "px";
    this.scale = k / dpr;
  }
}
