// The browser side of the console: the hardware around the firmware, nothing of the games.
//
// It loads MicroPython's WebAssembly port, writes the firmware pack (make build's modules,
// gen/ assets and text packs) into its in-memory filesystem and the saved data folder into
// /data, then runs the same App as the Pico through firmware/device/web.py, whose `host` is
// window.cardConsole (below). Beside it only:
//   screen.js    the 4-bit canvas drawn through the palette, scaled by whole device pixels;
//   controls.js  keys, clicks and touches as the button bitmask; the drawn handheld;
//   store.js     /data kept in localStorage;   sound.js  tones through Web Audio.
// The app's step runs when it asked to run again (a timer; at once on a key or a tap): no
// loop while it sleeps.
// URL parameters: board=NAME; for a scripted run on a virtual clock (tests, the README's
// picture) keys=SCRIPT, seed=N (or seeds=N,N,...), lang=, theme=, settle=MS, tips=0.

import { Controls } from "./controls.js?v=@VERSION@";
import { Screen, captureMemory } from "./screen.js?v=@VERSION@";
import { Sound } from "./sound.js?v=@VERSION@";
import { Store } from "./store.js?v=@VERSION@";

const VERSION = new URL(import.meta.url).searchParams.get("v") || "dev";
const DATA_DIR = "/data";
const PARAMS = new URLSearchParams(location.search);
const SCRIPTED = PARAMS.has("keys");
const status = document.getElementById("status");

// What device/web.py calls (the platform's hardware) and what the tests and the
// measurements read.
const host = {
  state: "loading",         // loading, running, done (a script is over), error
  error: null,
  version: VERSION,
  info: null,               // the board (device.web.boot's answer)
  timing: { start: performance.now(), firstFrame: null, firstMenuFrame: null },
  steps: 0,                 // app steps run
  recordSteps: false,       // while true: stepTimes, and slowSteps (over 33 ms, top scene)
  stepTimes: [],
  slowSteps: [],
  // press to frame (ms): from a key's or a tap's event to the end of the step that drew the
  // next frame (`drawn`), and to the animation frame after it (`painted`)
  latency: { drawn: [], painted: [] },
  shots: {},                // SHOT:name -> data URL of the screen then
  tones: { asked: 0, played: 0 },
  storage: "none",          // "localStorage" once the data folder is kept there
};
window.cardConsole = host;

const screen = new Screen(document.getElementById("screen"));
const sound = new Sound(host.tones);
let pressAt = null;         // event time of a press not drawn yet
let wake = () => {};        // run a step now (set once the app runs)
const controls = new Controls((pressTime, released) => {
  if (pressTime !== null) pressAt = pressTime;
  wake();
  // Sound opens at a release: the press's frame is drawn by then (opening audio took
  // 100 ms or more the first time in headless Chromium).
  if (released && !SCRIPTED) sound.unlock();
});

host.attach = (address) => screen.attach(address);
host.flush = (x, y, w, h) => screen.flush(x, y, w, h);
host.palette = (index, rgb565) => screen.setColor(index, rgb565);
host.backlight = (percent) => screen.backlight(percent);
host.tone = (hz, volume, ms) => sound.tone(hz, volume, ms);
host.led = (r, g, b) => controls.led(r, g, b);
host.random16 = () => crypto.getRandomValues(new Uint16Array(1))[0];
host.shot = (name) => { host.shots[name] = screen.canvas.toDataURL("image/png"); };
host.pixels = () => screen.rgb();

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

// -- start-up ------------------------------------------------------------------------------
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
  const data = new Uint8Array(await response.arrayBuffer());
  if (String.fromCharCode(...data.subarray(0, 4)) !== "CCPK") {
    throw new Error("firmware.pack is not a firmware pack");
  }
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

function chooseBoard() {
  const select = document.getElementById("board-select");
  const board = PARAMS.get("board") || "auto";
  select.value = [...select.options].some((o) => o.value === board) ? board : "auto";
  select.addEventListener("change", () => {
    const params = new URLSearchParams(location.search);
    if (select.value === "auto") params.delete("board"); else params.set("board", select.value);
    location.search = params.toString();
  });
  return board;
}

function scriptConfig(config) {
  config.keys = PARAMS.get("keys");
  if (PARAMS.has("seed")) config.seed = Number(PARAMS.get("seed"));
  if (PARAMS.has("seeds")) config.seeds = PARAMS.get("seeds").split(",").map(Number);
  for (const name of ["lang", "theme"]) if (PARAMS.has(name)) config[name] = PARAMS.get(name);
  if (PARAMS.has("settle")) config.settle_ms = Number(PARAMS.get("settle"));
  if (PARAMS.get("tips") === "0") config.tips = false;
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
  const restore = captureMemory((memory) => { screen.memory = memory; });
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
  screen.readByte = mp._module.getValue;
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
  const store = new Store(FS, DATA_DIR, (e) => say(
    "This browser refused to store more (" + (e.name || e) + "): what you save now is " +
    "kept only until the page is closed.", true));
  // A scripted run starts from an empty data folder and keeps nothing.
  if (store.open(!SCRIPTED)) host.storage = "localStorage";
  const config = { board, data_dir: DATA_DIR, asset_dir: "/gen" };
  if (SCRIPTED) scriptConfig(config);
  let web, info;
  try {
    mp.runPython("import os, sys\nos.chdir('/')\nif '' not in sys.path: sys.path.insert(0, '')");
    web = mp.pyimport("device.web");
    info = JSON.parse(web.boot(JSON.stringify(config)));
  } catch (e) {
    fail("The firmware did not start", e);
    return;
  }
  host.info = info;
  host.describe = () => JSON.parse(web.describe());
  screen.size(info.width, info.height);
  controls.build(info);
  const device = document.getElementById("device");
  const fit = () => {
    const narrow = window.innerWidth < 640;
    device.classList.toggle("narrow", narrow);
    screen.fit(narrow);
    host.scale = screen.scale;
  };
  fit();
  window.addEventListener("resize", fit);
  if (SCRIPTED) {
    runScript(web);
  } else {
    say(store.area ? "" : "This browser keeps no local storage for this page: settings " +
        "and saves last only until it is closed.", !store.area);
    runLive(web, store);
  }
}

function noteFrame(now) {
  if (!screen.flushed) return;
  screen.flushed = false;
  if (host.timing.firstFrame === null) host.timing.firstFrame = now;
  if (pressAt !== null) {
    const t = pressAt;
    pressAt = null;
    host.latency.drawn.push(now - t);
    requestAnimationFrame(() => host.latency.painted.push(performance.now() - t));
  }
}

function runLive(web, store) {
  host.state = "running";
  let timer = 0, frameRequest = 0;
  const tick = () => {
    timer = 0;
    frameRequest = 0;
    let wait;
    const t0 = performance.now();
    try {
      wait = web.step(controls.held());
    } catch (e) {
      fail("The firmware stopped", e);
      return;
    }
    const t1 = performance.now();
    host.steps++;
    if (host.recordSteps) {
      host.stepTimes.push(t1 - t0);
      if (t1 - t0 > 33) host.slowSteps.push([t1 - t0, host.describe().scenes.pop()]);
    }
    noteFrame(t1);
    if (host.timing.firstMenuFrame === null && host.timing.firstFrame !== null &&
        host.describe().scenes.pop() === "MainMenu") {
      host.timing.firstMenuFrame = t1;
    }
    try {
      store.scan();
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
  controls.listen();
  const keep = () => { try { store.scan(); } catch (e) { /* reported already */ } };
  window.addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", keep);
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
