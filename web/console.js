// The browser side of the console: the hardware around the firmware, nothing of the games.
//
// It loads MicroPython's WebAssembly port, writes the firmware pack (make build's modules,
// gen/ assets and text packs) into its in-memory filesystem and the saved data folder into
// /data, then runs the same App as the Pico through firmware/device/web.py. This file only
//   - draws the 4-bit canvas the app flushes into the <canvas> through the palette (the
//     canvas has the console's own pixels; CSS scales it by a whole number of device pixels),
//   - turns keys, clicks and touches into the button bitmask,
//   - calls the app's step when it asked to run again (a timer; no loop while it sleeps),
//   - keeps /data in localStorage, plays tones through Web Audio, shows the LED.
// URL parameters: board=NAME; for a scripted run on a virtual clock (tests, the README's
// picture) keys=SCRIPT, seed=N (or seeds=N,N,...), lang=, theme=, settle=MS, tips=0.

const VERSION = new URL(import.meta.url).searchParams.get("v") || "dev";
const DATA_DIR = "/data";
const STORE_PREFIX = "cardconsole:data:";
const PARAMS = new URLSearchParams(location.search);
const SCRIPTED = PARAMS.has("keys");

// Button bits (core/input.py).
const UP = 1, DOWN = 2, LEFT = 4, RIGHT = 8, A = 16, B = 32, X = 64, Y = 128, MENU = 256;
const KEYS = {  // the simulator's keyboard map (sim/window.py)
  ArrowUp: UP, ArrowDown: DOWN, ArrowLeft: LEFT, ArrowRight: RIGHT,
  KeyZ: A, KeyX: B, KeyA: X, KeyS: Y, Escape: MENU, Enter: MENU, NumpadEnter: MENU,
};

const $ = (id) => document.getElementById(id);
const status = $("status");

// What the tests and the measurements read (window.cardConsole).
const host = {
  state: "loading",         // loading, running, done (a script is over), error
  error: null,
  version: VERSION,
  timing: { start: performance.now(), firstFrame: null, firstMenuFrame: null },
  frames: [],               // [performance.now() at the end of each step that flushed]
  stepTimes: [],            // [ms spent in each step] while `recordSteps` is true
  slowSteps: [],            // [[ms, the top scene after it]] of those over 33 ms
  recordSteps: false,
  shots: {},                // SHOT:name -> data URL of the screen at that moment
  storage: "localStorage",
  tones: { asked: 0, played: 0 },  // the platform's tone() calls, and those heard
  steps: 0,                 // app steps run
  // press to frame (ms): from a key's or a tap's event to the end of the step that drew the
  // next frame (`drawn`), and to the animation frame after it (`painted`)
  latency: { drawn: [], painted: [] },
};
let pressAt = null;         // event time of a press not drawn yet
window.cardConsole = host;

function say(text, isError) {
  status.textContent = text;
  status.className = isError ? "status error" : "status";
  status.hidden = !text;
}

function fail(text, err) {
  host.state = "error";
  host.error = text + (err ? " (" + (err.message || err) + ")" : "");
  say(host.error, true);
}

// -- the screen ----------------------------------------------------------------------------
const canvas = $("screen");
const ctx = canvas.getContext("2d", { alpha: false });
let image = null;      // ImageData of the whole screen, one RGBA word per console pixel
let pixels = null;     // Uint32Array view of it
let width = 240, height = 240;
let canvasAddress = 0; // where the app's GS4_HMSB canvas lives in the interpreter's memory
const palette = new Uint32Array(16);
let memory = null;     // the WebAssembly memory (captured when it is instantiated)
let readByte = null;   // fallback: the module's getValue

function rgb565ToWord(c) {
  // What a panel shows for an RGB565 value: each channel widened by bit replication, as
  // the simulator does (sim/platform.py rgb565_to_rgb888), so screenshots match exactly.
  const r = (c >> 11) & 31, g = (c >> 5) & 63, b = c & 31;
  const r8 = (r << 3) | (r >> 2), g8 = (g << 2) | (g >> 4), b8 = (b << 3) | (b >> 2);
  return (0xff000000 | (b8 << 16) | (g8 << 8) | r8) >>> 0;  // little-endian RGBA
}

host.attach = (address, w, h) => {
  canvasAddress = address >>> 0;
  width = w;
  height = h;
};

let flushed = false;
host.flush = (x, y, w, h) => {
  const stride = width >> 1;
  if (memory) {
    const heap = new Uint8Array(memory.buffer);
    for (let row = y; row < y + h; row++) {
      let src = canvasAddress + row * stride + (x >> 1);
      let dst = row * width + x;
      for (let i = w >> 1; i > 0; i--) {
        const byte = heap[src++];
        pixels[dst++] = palette[byte >> 4];
        pixels[dst++] = palette[byte & 15];
      }
    }
  } else {
    for (let row = y; row < y + h; row++) {
      let src = canvasAddress + row * stride + (x >> 1);
      let dst = row * width + x;
      for (let i = w >> 1; i > 0; i--) {
        const byte = readByte(src++, "i8") & 255;
        pixels[dst++] = palette[byte >> 4];
        pixels[dst++] = palette[byte & 15];
      }
    }
  }
  ctx.putImageData(image, 0, 0, x, y, w, h);
  flushed = true;
};

host.palette = (index, rgb565) => {
  palette[index] = rgb565ToWord(rgb565);
};

host.backlight = (percent) => {
  // As the simulator's window: 35 % of full at the lowest level, black when off.
  const k = percent <= 0 ? 0 : 0.35 + 0.65 * Math.min(100, percent) / 100;
  canvas.style.filter = k >= 1 ? "" : "brightness(" + k.toFixed(3) + ")";
};

host.led = (r, g, b) => {
  const led = $("led");
  if (!led) return;
  if (!(r || g || b)) {
    led.style.background = "";
    led.style.boxShadow = "";
    led.classList.remove("on");
    return;
  }
  const k = 255 / Math.max(r, g, b);  // the device's dim colour, shown at full strength
  const color = `rgb(${Math.round(r * k)}, ${Math.round(g * k)}, ${Math.round(b * k)})`;
  led.style.background = color;
  led.style.boxShadow = "0 0 12px 3px " + color;
  led.classList.add("on");
};

host.random16 = () => crypto.getRandomValues(new Uint16Array(1))[0];

host.shot = (name) => {
  host.shots[name] = canvas.toDataURL("image/png");
};

// The screen's pixels as RGB bytes (base64), for the tests to compare with the simulator.
host.pixels = () => {
  const data = ctx.getImageData(0, 0, width, height).data;
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
};

function fitScreen() {
  // The largest whole number of device pixels per console pixel that fits: crisp pixels
  // at any devicePixelRatio (a phone's 3 gives 4/3 CSS pixels per console pixel, say).
  const dpr = window.devicePixelRatio || 1;
  const device = $("device");
  const narrow = window.innerWidth < 640;
  device.classList.toggle("narrow", narrow);
  // Room left by the page's margins, the controls beside the screen, the body and the bezel.
  const around = narrow ? 16 + 40 : 32 + 2 * 170 + 80;
  const availW = Math.min(window.innerWidth, 1400) - around;
  const availH = window.innerHeight - (narrow ? 300 : 200);
  let k = Math.floor(Math.min(availW * dpr / width, availH * dpr / height));
  k = Math.max(1, Math.min(k, Math.round(4 * dpr)));
  canvas.style.width = (width * k / dpr) + "px";
  canvas.style.height = (height * k / dpr) + "px";
  host.scale = k / dpr;
}

// -- buttons -------------------------------------------------------------------------------
let boardMask = 0;
let keysHeld = 0;
const pointers = new Map();  // pointerId -> bit (each finger or the mouse holds one button)
let latched = 0;             // Shift+click: held until clicked again (chords with a mouse)
let wake = () => {};

function held() {
  let bits = keysHeld | latched;
  for (const bit of pointers.values()) bits |= bit;
  return bits & boardMask;
}

function showHeld() {
  const bits = held();
  for (const el of document.querySelectorAll(".btn[data-bit]")) {
    const bit = Number(el.dataset.bit);
    el.classList.toggle("held", (bits & bit) !== 0);
    el.classList.toggle("latched", (latched & bit) !== 0);
  }
}

function inputChanged(released) {
  showHeld();
  wake();
  // Sound is opened at the first release: the press's frame is drawn by then (opening
  // audio took 100 ms or more the first time in headless Chromium).
  if (released) audio.unlock();
}

function onKey(e, down) {
  const bit = KEYS[e.code];
  if (bit === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target && e.target.tagName === "SELECT") return;
  e.preventDefault();            // arrows do not scroll the page
  if (e.repeat) return;          // the firmware repeats a held button itself
  const before = keysHeld;
  keysHeld = down ? keysHeld | bit : keysHeld & ~bit;
  if (keysHeld !== before) {
    if (down) pressAt = e.timeStamp;
    inputChanged(!down);
  }
}

function releaseAll() {
  if (keysHeld || pointers.size) {
    keysHeld = 0;
    pointers.clear();
    inputChanged(false);
  }
}

function bindButton(el) {
  const bit = Number(el.dataset.bit);
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    let released = false;
    if (e.shiftKey && e.pointerType === "mouse") {
      latched ^= bit;
      released = (latched & bit) === 0;
    } else {
      el.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, bit);
    }
    pressAt = e.timeStamp;
    inputChanged(released);
  });
  const up = (e) => {
    if (pointers.delete(e.pointerId)) {
      inputChanged(true);
    }
  };
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", up);
  el.addEventListener("lostpointercapture", up);
  el.addEventListener("contextmenu", (e) => e.preventDefault());
}

// -- the handheld drawn around the screen ---------------------------------------------------
function button(bit, label, key, extra) {
  const el = document.createElement("button");
  el.type = "button";
  el.className = "btn " + (extra || "round");
  el.dataset.bit = String(bit);
  el.setAttribute("aria-label", "console button " + label + (key ? " (key " + key + ")" : ""));
  el.innerHTML = `<span class="name">${label}</span>` + (key ? `<kbd>${key}</kbd>` : "");
  bindButton(el);
  return el;
}

function buildDevice(info) {
  const left = $("side-left"), right = $("side-right");
  left.textContent = "";
  right.textContent = "";
  const has = (bit) => (info.buttons & bit) !== 0;
  const device = $("device");
  device.className = "device board-" + info.board;
  if (info.four_buttons) {
    // Display Pack 2.0: A and B left of the screen, X and Y right of it, the LED top left.
    const led = document.createElement("div");
    led.id = "led";
    led.className = "led";
    led.title = "your-turn light";
    left.append(led, button(A, "A", "Z"), button(B, "B", "X"));
    right.append(button(X, "X", "A"), button(Y, "Y", "S"));
  } else {
    const pad = document.createElement("div");
    pad.className = "dpad";
    pad.append(button(UP, "\u25b2", "", "arrow to-up"), button(LEFT, "\u25c0", "", "arrow to-left"),
               button(RIGHT, "\u25b6", "", "arrow to-right"),
               button(DOWN, "\u25bc", "", "arrow to-down"));
    const hint = document.createElement("kbd");
    hint.className = "under";
    hint.textContent = "arrows";
    left.append(pad, hint, button(MENU, "MENU", "Esc", "pill"));
    const face = document.createElement("div");
    face.className = has(X) ? "face diamond" : "face pair";
    if (has(X)) face.append(button(X, "X", "A"));
    if (has(Y)) face.append(button(Y, "Y", "S"));
    face.append(button(A, "A", "Z"), button(B, "B", "X"));
    right.append(face);
  }
  $("board-name").textContent = info.title;
  device.hidden = false;
  buildKeymap(info);
}

function buildKeymap(info) {
  const rows = [];
  const has = (bit) => (info.buttons & bit) !== 0;
  if (!info.four_buttons) rows.push(["arrows", "d-pad (joystick)"]);
  rows.push(["Z", "A (choose, confirm)"], ["X", "B (back, cancel)"]);
  if (has(X)) rows.push(["A", info.four_buttons ? "X (up)" : "X (shortcut)"]);
  if (has(Y)) rows.push(["S", info.four_buttons ? "Y (down)" : "Y (shortcut)"]);
  if (has(MENU)) rows.push(["Esc or Enter", "MENU (the game's menu; press the joystick)"]);
  const body = $("keymap-rows");
  body.textContent = "";
  for (const [key, what] of rows) {
    const tr = document.createElement("tr");
    const k = document.createElement("td");
    const kb = document.createElement("kbd");
    kb.textContent = key;
    k.append(kb);
    const w = document.createElement("td");
    w.textContent = what;
    tr.append(k, w);
    body.append(tr);
  }
  let notes = "The keyboard's Z is the console's A and its X the console's B. ";
  if (info.four_buttons) {
    notes += "This board has no d-pad: X and Y move up and down, B held with X or Y moves " +
      "left or right, and B held alone is MENU. ";
  } else if (!has(X)) {
    notes += "This board has A, B and the joystick only (no X, Y). ";
  }
  notes += "On the drawn buttons: tap or click, hold, and on a touch screen press two at " +
    "once for a chord such as B+X; with a mouse, Shift+click keeps a button held until " +
    "you click it again.";
  $("keymap-notes").textContent = notes;
  $("keymap").hidden = false;
}

// -- sound ---------------------------------------------------------------------------------
const audio = {
  ctx: null,
  osc: null,
  unlock() {
    // Browsers let a page make sound only after a key or a tap: the first one opens it.
    if (this.ctx || SCRIPTED) return;
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      this.ctx = new Ctx();
      this.gain = this.ctx.createGain();
      this.gain.connect(this.ctx.destination);
    } catch (e) {
      this.ctx = null;
    }
  },
  tone(hz, volume, ms) {
    const ac = this.ctx;
    if (!ac) return;  // no key or tap yet: silent, as the browser requires
    if (this.osc) {
      try { this.osc.stop(); } catch (e) { /* already stopped */ }
      this.osc = null;
    }
    if (hz <= 0 || volume <= 0) return;
    const osc = ac.createOscillator();
    osc.type = "square";  // what a piezo on PWM plays
    osc.frequency.value = hz;
    const gain = ac.createGain();
    gain.gain.value = 0.12 * Math.min(volume, 100) / 100;  // a buzzer, not a siren
    osc.connect(gain).connect(this.gain);
    const now = ac.currentTime;
    osc.start(now);
    if (ms > 0) osc.stop(now + ms / 1000);
    this.osc = osc;
    host.tones.played++;
  },
};
host.tone = (hz, volume, ms) => {
  if (hz > 0) host.tones.asked++;
  audio.tone(hz, volume, ms);
};

// -- the data folder in localStorage -------------------------------------------------------
// Each file of /data is one entry (base64 of its bytes). The firmware writes a record to a
// temporary file and renames it over the old one; after every frame the folder is compared
// with what is stored (inode, size, time) and each changed file is stored whole, so an
// entry is always a file as the firmware left it between two frames. An entry that cannot
// be decoded is still written, as its raw text, so the firmware finds a damaged file and
// does what it does on the device (sets it aside as .bad and tells the player).
const store = {
  ok: true,
  known: new Map(),   // name -> signature of the file stored
  failed: false,
  area: null,
  open() {
    try {
      this.area = window.localStorage;
      const probe = STORE_PREFIX + "probe";
      this.area.setItem(probe, "1");
      this.area.removeItem(probe);
    } catch (e) {
      this.area = null;
      this.ok = false;
      host.storage = "none";
    }
  },
  load(FS) {
    FS.mkdir(DATA_DIR);
    if (!this.area) return;
    for (let i = 0; i < this.area.length; i++) {
      const key = this.area.key(i);
      if (!key || !key.startsWith(STORE_PREFIX)) continue;
      const name = key.slice(STORE_PREFIX.length);
      if (!name || name.includes("/") || name === "." || name === "..") continue;
      const text = this.area.getItem(key) || "";
      // Strict base64 (atob would skip spaces and take more than was stored); anything
      // else is a damaged entry, written as its text: the firmware will say so.
      const bytes = text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text)
        ? Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
        : new TextEncoder().encode(text);
      FS.writeFile(DATA_DIR + "/" + name, bytes);
    }
    this.scan(FS, false);
  },
  signature(st) {
    return st.ino + ":" + st.size + ":" + (+st.mtime);
  },
  scan(FS, save) {
    // Store what changed since the last scan; forget what is gone.
    const seen = new Set();
    for (const name of FS.readdir(DATA_DIR)) {
      if (name === "." || name === "..") continue;
      const path = DATA_DIR + "/" + name;
      const st = FS.stat(path);
      if (FS.isDir(st.mode)) continue;
      seen.add(name);
      const sig = this.signature(st);
      if (this.known.get(name) === sig) continue;
      if (save && this.area) {
        const bytes = FS.readFile(path);
        let text = "";
        for (let i = 0; i < bytes.length; i += 0x8000) {
          text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
        }
        try {
          this.area.setItem(STORE_PREFIX + name, btoa(text));
        } catch (e) {
          this.full(e);
          continue;
        }
      }
      this.known.set(name, sig);
    }
    for (const name of [...this.known.keys()]) {
      if (!seen.has(name)) {
        this.known.delete(name);
        if (save && this.area) this.area.removeItem(STORE_PREFIX + name);
      }
    }
  },
  full(e) {
    if (this.failed) return;
    this.failed = true;
    say("This browser refused to store more (" + (e.name || e) + "): what you save now " +
        "is kept only until the page is closed.", true);
  },
};

// -- start-up ------------------------------------------------------------------------------
async function loadPack() {
  // One request for every firmware file: "CCPK" + u32 index length + JSON index
  // [[path, size], ...] + the files' bytes in that order (tools/web.py writes it).
  const url = "firmware.pack?v=" + VERSION;
  let response;
  try {
    response = await fetch(url);
  } catch (e) {
    throw new Error("firmware.pack could not be fetched: " + (e.message || e));
  }
  if (!response.ok) {
    throw new Error("firmware.pack is missing (HTTP " + response.status + ")");
  }
  const data = new Uint8Array(await response.arrayBuffer());
  const magic = String.fromCharCode(data[0], data[1], data[2], data[3]);
  if (magic !== "CCPK") throw new Error("firmware.pack is not a firmware pack");
  const size = new DataView(data.buffer).getUint32(4, true);
  const index = JSON.parse(new TextDecoder().decode(data.subarray(8, 8 + size)));
  let at = 8 + size;
  const files = [];
  for (const [path, length] of index.files) {
    files.push([path, data.subarray(at, at + length)]);
    at += length;
  }
  if (at !== data.length) throw new Error("firmware.pack is truncated or damaged");
  return files;
}

function captureMemory() {
  // The interpreter's memory, to read the canvas in place: the module does not export
  // it, so take it from the instance it makes (then put WebAssembly back as it was).
  const original = { streaming: WebAssembly.instantiateStreaming, plain: WebAssembly.instantiate };
  const keep = (result) => {
    const instance = result.instance || result;
    if (instance && instance.exports && instance.exports.memory) memory = instance.exports.memory;
    return result;
  };
  if (original.streaming) {
    WebAssembly.instantiateStreaming = (...args) => original.streaming.apply(WebAssembly, args).then(keep);
  }
  WebAssembly.instantiate = (...args) => original.plain.apply(WebAssembly, args).then(keep);
  return () => {
    if (original.streaming) WebAssembly.instantiateStreaming = original.streaming;
    WebAssembly.instantiate = original.plain;
  };
}

function chooseBoard() {
  const select = $("board-select");
  const board = PARAMS.get("board") || "auto";
  select.value = [...select.options].some((o) => o.value === board) ? board : "auto";
  select.addEventListener("change", () => {
    const params = new URLSearchParams(location.search);
    if (select.value === "auto") params.delete("board"); else params.set("board", select.value);
    location.search = params.toString();
  });
  return board;
}

async function start() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    fail("This browser has no WebAssembly, which the console's MicroPython needs: " +
         "try a current Firefox, Chrome, Edge or Safari.");
    return;
  }
  const board = chooseBoard();
  const packPromise = loadPack();
  packPromise.catch(() => {});  // reported below, once
  let loadMicroPython;
  try {
    ({ loadMicroPython } = await import("./micropython.mjs?v=" + VERSION));
  } catch (e) {
    fail("micropython.mjs could not be loaded", e);
    return;
  }
  let mp;
  const restore = captureMemory();
  try {
    mp = await loadMicroPython({
      heapsize: 4 * 1024 * 1024,
      stdout: (line) => console.log(line),
      stderr: (line) => console.warn(line),
    });
  } catch (e) {
    fail("MicroPython did not start (micropython.wasm missing or refused?)", e);
    return;
  } finally {
    restore();
  }
  readByte = mp._module.getValue;
  let files;
  try {
    files = await packPromise;
  } catch (e) {
    fail("The firmware could not be loaded: " + (e.message || e));
    return;
  }
  const FS = mp.FS;
  for (const [path, bytes] of files) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = "/" + parts.slice(0, i).join("/");
      try { FS.mkdir(dir); } catch (e) { /* exists */ }
    }
    FS.writeFile("/" + path, bytes);
  }
  if (!SCRIPTED) store.open();
  store.load(FS);
  if (!store.ok && !SCRIPTED) {
    say("This browser keeps no local storage for this page: settings and saves last only " +
        "until it is closed.", true);
  }
  let web;
  const config = { board, data_dir: DATA_DIR, asset_dir: "/gen" };
  if (SCRIPTED) {
    config.keys = PARAMS.get("keys");
    if (PARAMS.has("seed")) config.seed = Number(PARAMS.get("seed"));
    if (PARAMS.has("seeds")) config.seeds = PARAMS.get("seeds").split(",").map(Number);
    for (const name of ["lang", "theme"]) if (PARAMS.has(name)) config[name] = PARAMS.get(name);
    if (PARAMS.has("settle")) config.settle_ms = Number(PARAMS.get("settle"));
    if (PARAMS.get("tips") === "0") config.tips = false;
  }
  let info;
  try {
    mp.runPython("import os, sys\nos.chdir('/')\nif '' not in sys.path: sys.path.insert(0, '')");
    web = mp.pyimport("device.web");
    info = JSON.parse(web.boot(JSON.stringify(config)));
  } catch (e) {
    fail("The firmware did not start", e);
    return;
  }
  width = info.width;
  height = info.height;
  canvas.width = width;
  canvas.height = height;
  image = ctx.createImageData(width, height);
  pixels = new Uint32Array(image.data.buffer);
  pixels.fill(0xff000000);
  ctx.putImageData(image, 0, 0);
  boardMask = info.buttons;
  host.info = info;
  host.describe = () => JSON.parse(web.describe());
  buildDevice(info);
  fitScreen();
  window.addEventListener("resize", fitScreen);
  if (SCRIPTED) {
    runScript(web);
  } else {
    runLive(web, FS);
  }
}

function noteFrame() {
  if (!flushed) return;
  flushed = false;
  const now = performance.now();
  host.frames.push(now);
  if (host.frames.length > 4000) host.frames.splice(0, 2000);
  if (host.timing.firstFrame === null) host.timing.firstFrame = now;
  if (pressAt !== null) {
    const t = pressAt;
    pressAt = null;
    host.latency.drawn.push(now - t);
    requestAnimationFrame(() => host.latency.painted.push(performance.now() - t));
  }
}

function runLive(web, FS) {
  say(store.ok ? "" : status.textContent, !store.ok);
  host.state = "running";
  let timer = 0, frameRequest = 0;
  const tick = () => {
    timer = 0;
    frameRequest = 0;
    let wait;
    const t0 = performance.now();
    try {
      wait = web.step(held());
    } catch (e) {
      fail("The firmware stopped", e);
      return;
    }
    const t1 = performance.now();
    host.steps++;
    if (host.recordSteps) {
      host.stepTimes.push(t1 - t0);
      if (t1 - t0 > 33) host.slowSteps.push([t1 - t0, JSON.parse(web.describe()).scenes.pop()]);
    }
    noteFrame();
    if (host.timing.firstMenuFrame === null && host.timing.firstFrame !== null) {
      const scenes = JSON.parse(web.describe()).scenes;
      if (scenes[scenes.length - 1] === "MainMenu") host.timing.firstMenuFrame = t1;
    }
    try {
      store.scan(FS, true);
    } catch (e) {
      store.full(e);
    }
    // Sleep as long as the app asked (a timer: a step that draws nothing costs no
    // rendering; on an animation frame each idle step made the browser run a frame too,
    // docs/WEB.md); a late app runs again at the next animation frame.
    if (wait <= 0) frameRequest = requestAnimationFrame(tick);
    else timer = setTimeout(tick, wait);
  };
  // A key or a tap runs a frame at once: its press is drawn without waiting for a timer.
  wake = () => {
    if (host.state !== "running") return;
    if (timer) clearTimeout(timer);
    if (frameRequest) cancelAnimationFrame(frameRequest);
    tick();
  };
  window.addEventListener("keydown", (e) => onKey(e, true));
  window.addEventListener("keyup", (e) => onKey(e, false));
  window.addEventListener("blur", releaseAll);
  const flush = () => { try { store.scan(FS, true); } catch (e) { /* reported already */ } };
  window.addEventListener("pagehide", flush);
  document.addEventListener("visibilitychange", flush);
  tick();
}

function runScript(web) {
  // The key script on the virtual clock: as many frames per animation frame as fit in
  // about 10 ms, so the page stays responsive while it runs.
  host.state = "running";
  say("Playing the key script\u2026");
  const chunk = () => {
    const until = performance.now() + 10;
    try {
      while (performance.now() < until) {
        if (web.play(4)) {
          host.state = "done";
          say("");
          return;
        }
      }
    } catch (e) {
      fail("The firmware stopped", e);
      return;
    }
    requestAnimationFrame(chunk);
  };
  requestAnimationFrame(chunk);
}

start().catch((e) => fail("The console could not start", e));
