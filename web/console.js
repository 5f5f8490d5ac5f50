// The browser side of the console: the hardware around the firmware, nothing of the games.
//
// The interpreter runs in a Web Worker (worker.js: MicroPython's WebAssembly port, the
// firmware pack, the same App as the Pico through firmware/device/web.py), so this thread
// only paints and listens: a long app step (an AI deciding its move) never holds up the
// page. Here:
//   screen.js    the rectangles of pixels the worker sends, put on the <canvas>, scaled by
//                whole device pixels;
//   controls.js  keys, clicks and touches as the button bitmask (sent to the worker); the
//                drawn handheld;
//   store.js     /data kept in localStorage (the worker has none: it sends each changed
//                file);   sound.js  tones through Web Audio.
// URL parameters: board=NAME; for a scripted run on a virtual clock (tests, the README's
// picture) keys=SCRIPT, seed=N (or seeds=N,N,...), lang=, theme=, settle=MS, tips=0.

import { Controls } from "./controls.js?v=@VERSION@";
import { Screen } from "./screen.js?v=@VERSION@";
import { Sound } from "./sound.js?v=@VERSION@";
import { LocalStore } from "./store.js?v=@VERSION@";

const VERSION = new URL(import.meta.url).searchParams.get("v") || "dev";
const PARAMS = new URLSearchParams(location.search);
const SCRIPTED = PARAMS.has("keys");
const status = document.getElementById("status");

// What the tests and the measurements read (and ask the worker through).
const host = {
  state: "loading",         // loading, running, done (a script is over), error
  error: null,
  version: VERSION,
  info: null,               // the board (device.web's boot answer)
  timing: { start: performance.now(), firstFrame: null, firstMenuFrame: null },
  frames: 0,                // frames put on the canvas
  // press to frame (ms): from a key's or a tap's event to the frame the worker drew after
  // it put on the canvas (`drawn`), and to the animation frame after that (`painted`)
  latency: { drawn: [], painted: [] },
  shots: {},                // SHOT:name -> data URL of the screen then
  tones: { asked: 0, played: 0 },
  storage: "none",          // "localStorage" once the data folder is kept there
};
window.cardConsole = host;

const screen = new Screen(document.getElementById("screen"));
const sound = new Sound(host.tones);
let worker = null;
let inputSeq = 0;           // input messages sent
let pressSeq = 0;           // the one of a press not drawn yet (0: none) ...
let pressAt = 0;            // ... and its event time
const controls = new Controls((pressTime, released) => {
  inputSeq++;
  if (pressTime !== null) {
    pressSeq = inputSeq;
    pressAt = pressTime;
  }
  if (worker) worker.postMessage({ t: "input", held: controls.held(), seq: inputSeq });
  // Sound opens at a release, once the firmware has played a tone (sound on in Settings):
  // browsers allow it only from a key or a tap; opening audio took 100 ms or more the
  // first time in headless Chromium.
  if (released && !SCRIPTED && host.tones.asked > 0) sound.unlock();
});

function say(text, isError) {
  status.textContent = text;
  status.className = isError ? "status error" : "status";
  status.hidden = !text;
}

function fail(text) {
  if (host.state === "error") return;
  host.state = "error";
  host.error = text;
  say(host.error, true);
}

// Questions to the worker: describe (the scene stack, the game's record: JSON of
// device.web.describe), stats (steps run, time busy, step times), record (on/off).
let asked = 0;
const waiting = new Map();
host.ask = (what, arg) => new Promise((resolve, reject) => {
  if (!worker) {
    reject(new Error("the console is not running"));
    return;
  }
  const id = ++asked;
  waiting.set(id, { resolve, reject });
  worker.postMessage({ t: "ask", id, what, arg });
});
host.describe = () => host.ask("describe");
host.pixels = () => screen.rgb();

// -- start-up ------------------------------------------------------------------------------
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

function start() {
  if (typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function") {
    fail("This browser has no WebAssembly, which the console's MicroPython needs: " +
         "try a current Firefox, Chrome, Edge or Safari.");
    return;
  }
  if (typeof Worker !== "function") {
    fail("This browser has no Web Workers, in which the console's MicroPython runs: " +
         "try a current Firefox, Chrome, Edge or Safari.");
    return;
  }
  const store = new LocalStore((e) => say(
    "This browser refused to store more (" + (e.name || e) + "): what you save now is " +
    "kept only until the page is closed.", true));
  const config = { board: chooseBoard() };
  let entries = {};
  if (SCRIPTED) {
    scriptConfig(config);     // a scripted run starts from an empty data folder
  } else if (store.open()) {
    host.storage = "localStorage";
    entries = store.entries();
  }
  try {
    worker = new Worker("worker.js?v=" + VERSION, { type: "module" });
  } catch (e) {
    fail("The console's worker could not start (" + (e.message || e) + "): this page " +
         "needs a browser that runs JavaScript modules in workers.");
    return;
  }
  worker.onerror = (e) => {
    e.preventDefault();
    fail(e.message ? "The console stopped: " + e.message
      : "worker.js or a module it imports could not be loaded (a file missing from the " +
        "site, or a browser too old for module workers?)");
  };
  worker.onmessage = (e) => receive(e.data, store);
  worker.postMessage({ t: "boot", config, entries, origin: performance.timeOrigin });
}

function started(info) {
  host.info = info;
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
  host.state = "running";
  if (SCRIPTED) {
    say("Playing the key script\u2026");
  } else {
    say(host.storage !== "none" ? "" : "This browser keeps no local storage for this " +
        "page: settings and saves last only until it is closed.", host.storage === "none");
    controls.listen();
  }
}

function drawFrame(m) {
  screen.draw(m.x, m.y, m.w, m.h, m.rgba);
  host.frames++;
  const now = performance.now();
  if (host.timing.firstFrame === null) host.timing.firstFrame = now;
  if (m.menu && host.timing.firstMenuFrame === null) host.timing.firstMenuFrame = now;
  if (pressSeq && m.seq >= pressSeq) {
    const t = pressAt;
    pressSeq = 0;
    host.latency.drawn.push(now - t);
    requestAnimationFrame(() => host.latency.painted.push(performance.now() - t));
  }
}

function receive(m, store) {
  switch (m.t) {
    case "frame": drawFrame(m); break;
    case "tone": sound.tone(m.hz, m.volume, m.ms); break;
    case "led": controls.led(m.r, m.g, m.b); break;
    case "backlight": screen.backlight(m.percent); break;
    case "store": store.apply(m.changes); break;
    case "shot": host.shots[m.name] = screen.canvas.toDataURL("image/png"); break;
    case "started": started(m.info); break;
    case "state":
      host.state = m.state;
      if (m.state === "done") say("");
      break;
    case "reply": {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (w && m.error !== null) w.reject(new Error(m.error));
      else if (w) w.resolve(m.value);
      break;
    }
    case "log":
      if (m.level === "warn") console.warn(m.text); else console.log(m.text);
      break;
    case "fail": fail(m.text); break;
    default: console.warn("the console's worker said", m);
  }
}

start();
