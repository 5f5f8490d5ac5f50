// The console's data folder (/data: settings, statistics, saved games, log) kept in the
// browser's localStorage, one entry per file, base64 of its bytes.
//
// The interpreter runs in a worker (worker.js), which has no localStorage: the page reads
// the entries at start and hands them to the worker (LocalStore), the worker writes them
// into the data folder and, after every frame, compares the folder with what is stored
// (inode, size, time) and sends each changed file whole (DataFolder), which the page stores.
// The firmware writes a record to a temporary file and renames it over the old one, so an
// entry is always a file as the firmware left it between two frames. An entry that is not
// strict base64 is still written, as its text, so the firmware finds a damaged file and does
// what it does on the device (sets it aside as .bad and tells the player).

export const STORE_PREFIX = "cardconsole:data:";

function toBase64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

function fromEntry(text) {
  // Strict base64 (atob skips spaces and would take more than was stored); anything else
  // is a damaged entry, written as its text.
  return text.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(text)
    ? Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
    : new TextEncoder().encode(text);
}

// The page's side: localStorage.
export class LocalStore {
  // `onFull(error)`: the browser refused an entry (called once).
  constructor(onFull) {
    this.onFull = onFull;
    this.area = null;         // localStorage, or null: nothing is kept
    this.failed = false;
  }

  // Open localStorage (false when this browser or page has none).
  open() {
    try {
      const area = window.localStorage;
      area.setItem(STORE_PREFIX + "probe", "1");
      area.removeItem(STORE_PREFIX + "probe");
      this.area = area;
    } catch (e) {
      this.area = null;
    }
    return this.area !== null;
  }

  // What is stored: {file name: entry text}.
  entries() {
    const out = {};
    const area = this.area;
    if (!area) return out;
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i);
      if (!key || !key.startsWith(STORE_PREFIX)) continue;
      const name = key.slice(STORE_PREFIX.length);
      if (!name || name.includes("/") || name === "." || name === "..") continue;
      out[name] = area.getItem(key) || "";
    }
    return out;
  }

  // DataFolder.scan()'s changes: {set: [[name, base64], ...], remove: [name, ...]}.
  apply(changes) {
    const area = this.area;
    if (!area) return;
    for (const [name, text] of changes.set) {
      try {
        area.setItem(STORE_PREFIX + name, text);
      } catch (e) {
        if (!this.failed) {
          this.failed = true;
          this.onFull(e);
        }
      }
    }
    for (const name of changes.remove) area.removeItem(STORE_PREFIX + name);
  }
}

// The worker's side: the data folder in the interpreter's filesystem.
export class DataFolder {
  // `FS`: the interpreter's filesystem; `dir`: the data folder.
  constructor(FS, dir) {
    this.FS = FS;
    this.dir = dir;
    this.known = new Map();   // file name -> signature of what is stored
  }

  // Make the folder with the stored entries ({name: text}) in it.
  open(entries) {
    this.FS.mkdir(this.dir);
    for (const name of Object.keys(entries)) {
      this.FS.writeFile(this.dir + "/" + name, fromEntry(entries[name]));
    }
    this.scan();
  }

  // What changed since the last scan ({set, remove}, base64 of each changed file), or null.
  scan() {
    const { FS, dir } = this;
    const seen = new Set();
    const set = [], remove = [];
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = dir + "/" + name;
      const st = FS.stat(path);
      if (FS.isDir(st.mode)) continue;
      seen.add(name);
      const sig = st.ino + ":" + st.size + ":" + (+st.mtime);
      if (this.known.get(name) === sig) continue;
      set.push([name, toBase64(FS.readFile(path))]);
      this.known.set(name, sig);
    }
    for (const name of [...this.known.keys()]) {
      if (!seen.has(name)) {
        this.known.delete(name);
        remove.push(name);
      }
    }
    return set.length || remove.length ? { set, remove } : null;
  }
}
