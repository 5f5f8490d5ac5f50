// The console's interpreter, in a Web Worker: MicroPython's WebAssembly port with the
// firmware, off the page's main thread, so that a long app step (an AI deciding its move
// during the pause after the last one) never holds up the page's painting, scrolling or
// keys. The page (console.js) only puts the frames this sends on its canvas, turns keys and
// taps into the button mask it sends here, plays the tones and keeps the data folder.
//
// Page -> worker messages: {t: "boot", config, entries, origin} once, then
// {t: "input", held, seq} when the buttons held change, and {t: "ask", id, what, arg}
// (describe, stats, record: what the tests and the measurements read), answered by
// {t: "reply", id, value}.
// Worker -> page: {t: "started", info}; {t: "frame", x, y, w, h, rgba, seq, menu} (what the
// app flushed since the last frame; seq: the last input it had seen; menu: the first frame
// with the main menu on top); {t: "backlight"|"tone"|"led"|"shot", ...} (the hardware);
// {t: "store", changes} (store.js); {t: "state", state} ("done": a key script is over);
// {t: "log", level, text} (the interpreter's output); {t: "fail", text}.

import { Frame, captureMemory } from "./frame.js?v=@VERSION@";
import { DataFolder } from "./store.js?v=@VERSION@";

const VERSION = new URL(import.meta.url).searchParams.get("v") || "dev";
const DATA_DIR = "/data";

const frame = new Frame();
let web = null;           // the firmware's device.web module
let data = null;          // DataFolder, or null in a scripted run (it keeps nothing)
let held = 0;             // the buttons the page holds
let seq = 0;              // the last input message seen
let menuShown = false;
let failed = false;
const stats = {
  steps: 0,               // app steps run
  busyMs: 0,              // time in them and in what follows each (frame, data folder)
  record: false,          // while true: stepTimes, and slowSteps (over 33 ms, top scene)
  stepTimes: [],
  slowSteps: [],
};

const post = (message, transfer) => self.postMessage(message, transfer || []);

function fail(text, err) {
  failed = true;
  post({ t: "fail", text: text + (err ? " (" + (err.message || err) + ")" : "") });
}

// What device/web.py calls: the platform's hardware (see its docstring).
self.cardConsole = {
  attach: (address) => frame.attach(address),
  flush: (x, y, w, h) => frame.flush(x, y, w, h),
  palette: (index, rgb565) => frame.setColor(index, rgb565),
  backlight: (percent) => post({ t: "backlight", percent }),
  tone: (hz, volume, ms) => post({ t: "tone", hz, volume, ms }),
  led: (r, g, b) => post({ t: "led", r, g, b }),
  random16: () => crypto.getRandomValues(new Uint16Array(1))[0],
  shot: (name) => {
    present();
    post({ t: "shot", name });
  },
};

// Send what the app drew since the last frame, if anything.
// (`menu`: a frame with the main menu on top, the first one.)
function present(menu = false) {
  const rect = frame.take();
  if (rect !== null) post({ t: "frame", ...rect, seq, menu }, [rect.rgba]);
}

async function loadPack() {
  // One request for every firmware file: "CCPK" + u32 index length + JSON index
  // {files: [[path, size], ...]} + the files' bytes in that order (tools/web.py writes it).
  let response;
  try {
    response = await fetch("firmware.pack?v=" + VERSION);
  } catch (e) {
    throw new Error("firmware.pack could not be fetched: " + (e.message || e));
  }
  if (!response.ok) throw new Error("firmware.pack is missing (HTTP " + response.status + ")");
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== "CCPK") {
    throw new Error("firmware.pack is not a firmware pack");
  }
  const size = new DataView(bytes.buffer).getUint32(4, true);
  const index = JSON.parse(new TextDecoder().decode(bytes.subarray(8, 8 + size)));
  let at = 8 + size;
  const files = [];
  for (const [path, length] of index.files) {
    files.push([path, bytes.subarray(at, at + length)]);
    at += length;
  }
  if (at !== bytes.length) throw new Error("firmware.pack is truncated or damaged");
  return files;
}

async function boot({ config, entries, origin }) {
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
  const restore = captureMemory((memory) => { frame.memory = memory; });
  try {
    mp = await loadMicroPython({
      heapsize: 4 * 1024 * 1024,
      stdout: (text) => post({ t: "log", level: "log", text }),
      stderr: (text) => post({ t: "log", level: "warn", text }),
    });
  } catch (e) {
    fail("MicroPython did not start (micropython.wasm missing or refused?)", e);
    return;
  } finally {
    restore();
  }
  frame.readByte = mp._module.getValue;
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
      try { FS.mkdir("/" + parts.slice(0, i).join("/")); } catch (e) { /* exists */ }
    }
    FS.writeFile("/" + path, bytes);
  }
  const scripted = config.keys !== undefined;
  if (scripted) {
    FS.mkdir(DATA_DIR);   // a scripted run starts from an empty data folder, keeps nothing
  } else {
    data = new DataFolder(FS, DATA_DIR);
    data.open(entries);
    // The console is "on" since the page was opened (the splash holds until then + 0.8 s).
    config.uptime_ms = Math.round(performance.timeOrigin + performance.now() - origin);
  }
  config.data_dir = DATA_DIR;
  config.asset_dir = "/gen";
  let info;
  try {
    mp.runPython("import os, sys\nos.chdir('/')\nif '' not in sys.path: sys.path.insert(0, '')");
    web = mp.pyimport("device.web");
    info = JSON.parse(web.boot(JSON.stringify(config)));
  } catch (e) {
    fail("The firmware did not start", e);
    return;
  }
  frame.size(info.width, info.height);
  post({ t: "started", info });
  if (scripted) runScript(); else runLive();
}

// -- the app on the real clock --------------------------------------------------------------
let timer = 0;

function tick() {
  timer = 0;
  if (failed) return;
  const t0 = performance.now();
  let wait;
  try {
    wait = web.step(held);
  } catch (e) {
    fail("The firmware stopped", e);
    return;
  }
  const t1 = performance.now();
  stats.steps++;
  if (stats.record) {
    stats.stepTimes.push(t1 - t0);
    if (t1 - t0 > 33) stats.slowSteps.push([t1 - t0, web.top()]);
  }
  let menu = false;
  if (!menuShown && frame.dirty !== null && web.top() === "MainMenu") {
    menuShown = menu = true;
  }
  present(menu);
  const changes = data.scan();
  if (changes) post({ t: "store", changes });
  stats.busyMs += performance.now() - t0;
  // Sleep as long as the app asked; a late app runs again as soon as the messages waiting
  // (a key, a question) have been read.
  timer = setTimeout(tick, wait > 0 ? wait : 0);
}

function runLive() {
  tick();
}

// A key or a tap runs a frame at once: its press is drawn without waiting for the timer.
function input(message) {
  held = message.held;
  seq = message.seq;
  if (web === null || data === null || failed) return;
  if (timer) clearTimeout(timer);
  tick();
}

// -- a key script on the virtual clock ------------------------------------------------------
function runScript() {
  // About 50 ms of frames at a time, then a look at the messages waiting (a question from
  // the tests); the page draws what the chunk drew when it ends.
  const chunk = () => {
    const until = performance.now() + 50;
    try {
      while (performance.now() < until) {
        if (web.play(4)) {
          present();
          post({ t: "state", state: "done" });
          return;
        }
      }
    } catch (e) {
      fail("The firmware stopped", e);
      return;
    }
    present();
    setTimeout(chunk, 0);
  };
  chunk();
}

// -- what the tests and the measurements ask ------------------------------------------------
function answer(what, arg) {
  if (web === null) return null;
  if (what === "describe") return JSON.parse(web.describe());
  if (what === "record") {
    stats.record = arg;
    if (arg) {
      stats.stepTimes = [];
      stats.slowSteps = [];
    }
    return true;
  }
  if (what === "stats") {
    const { steps, busyMs, stepTimes, slowSteps } = stats;
    return { steps, busyMs, now: performance.now(), stepTimes, slowSteps };
  }
  throw new Error("no such question: " + what);
}

self.onmessage = (e) => {
  const m = e.data;
  if (m.t === "input") {
    input(m);
  } else if (m.t === "ask") {
    let value = null, error = null;
    try {
      value = answer(m.what, m.arg);
    } catch (err) {
      error = String(err.message || err);
    }
    post({ t: "reply", id: m.id, value, error });
  } else if (m.t === "boot") {
    boot(m).catch((err) => fail("The console could not start", err));
  }
};
