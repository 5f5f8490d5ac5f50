// The console's data folder (/data: settings, statistics, saved games, log) kept in the
// browser's localStorage, one entry per file, base64 of its bytes.
//
// The firmware writes a record to a temporary file and renames it over the old one; after
// every frame the folder is compared with what is stored (inode, size, time) and each changed
// file is stored whole, so an entry is always a file as the firmware left it between two
// frames. An entry that is not strict base64 is still written, as its text, so the firmware
// finds a damaged file and does what it does on the device (sets it aside as .bad and tells
// the player).

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

export class Store {
  // `FS`: the interpreter's filesystem; `dir`: the data folder; `onFull(error)`: the
  // browser refused an entry (once).
  constructor(FS, dir, onFull) {
    this.FS = FS;
    this.dir = dir;
    this.onFull = onFull;
    this.area = null;         // localStorage, or null: nothing is kept
    this.known = new Map();   // file name -> signature of what is stored
    this.failed = false;
  }

  // Open localStorage (false when this browser or page has none) and write what it holds
  // into the data folder.
  open(persist) {
    this.FS.mkdir(this.dir);
    if (persist) {
      try {
        const area = window.localStorage;
        area.setItem(STORE_PREFIX + "probe", "1");
        area.removeItem(STORE_PREFIX + "probe");
        this.area = area;
      } catch (e) {
        this.area = null;
      }
    }
    if (this.area) {
      for (let i = 0; i < this.area.length; i++) {
        const key = this.area.key(i);
        if (!key || !key.startsWith(STORE_PREFIX)) continue;
        const name = key.slice(STORE_PREFIX.length);
        if (!name || name.includes("/") || name === "." || name === "..") continue;
        this.FS.writeFile(this.dir + "/" + name, fromEntry(this.area.getItem(key) || ""));
      }
    }
    this.scan(false);
    return this.area !== null;
  }

  // Store what changed since the last scan (save=false: only note it); forget what is gone.
  scan(save = true) {
    const { FS, dir, area } = this;
    const seen = new Set();
    for (const name of FS.readdir(dir)) {
      if (name === "." || name === "..") continue;
      const path = dir + "/" + name;
      const st = FS.stat(path);
      if (FS.isDir(st.mode)) continue;
      seen.add(name);
      const sig = st.ino + ":" + st.size + ":" + (+st.mtime);
      if (this.known.get(name) === sig) continue;
      if (save && area) {
        try {
          area.setItem(STORE_PREFIX + name, toBase64(FS.readFile(path)));
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
        if (save && area) area.removeItem(STORE_PREFIX + name);
      }
    }
  }

  full(e) {
    if (this.failed) return;
    this.failed = true;
    this.onFull(e);
  }
}
