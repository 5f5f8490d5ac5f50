// The console's screen in the page: a <canvas> of the console's own size, on which the
// rectangles of RGBA pixels the worker sends (frame.js: the app's 4-bit canvas through its
// palette) are put as they come; CSS scales it by a whole number of device pixels, so the
// pixels stay crisp.

export class Screen {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.width = 240;
    this.height = 240;
    this.scale = 1;
  }

  size(width, height) {
    this.width = width;
    this.height = height;
    this.canvas.width = width;
    this.canvas.height = height;
    this.ctx.fillStyle = "#000";
    this.ctx.fillRect(0, 0, width, height);
  }

  // A rectangle of the screen (frame.js's take()): w*h RGBA pixels at x, y.
  draw(x, y, w, h, rgba) {
    this.ctx.putImageData(new ImageData(new Uint8ClampedArray(rgba), w, h), x, y);
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
