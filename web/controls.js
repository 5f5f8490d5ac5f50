// The handheld's controls: the board's buttons drawn around the screen, the keyboard, and
// what is held now as the firmware's button bitmask (core/input.py's bits); the key map
// shown under the handheld; the Display Pack's "your turn" light.

export const UP = 1, DOWN = 2, LEFT = 4, RIGHT = 8, A = 16, B = 32, X = 64, Y = 128, MENU = 256;
const KEYS = {  // the simulator's keyboard map (sim/window.py)
  ArrowUp: UP, ArrowDown: DOWN, ArrowLeft: LEFT, ArrowRight: RIGHT,
  KeyZ: A, KeyX: B, KeyA: X, KeyS: Y, Escape: MENU, Enter: MENU, NumpadEnter: MENU,
};

const $ = (id) => document.getElementById(id);

export class Controls {
  // onInput(pressTime, released): the buttons held changed; pressTime is the event's time
  // when a button went down (else null), released true when one came up.
  constructor(onInput) {
    this.onInput = onInput;
    this.mask = 0;              // the board's buttons
    this.keys = 0;              // held on the keyboard
    this.pointers = new Map();  // pointerId -> bit: each finger (or the mouse) holds one
    this.latched = 0;           // Shift+click: held until clicked again (chords, mouse)
  }

  held() {
    let bits = this.keys | this.latched;
    for (const bit of this.pointers.values()) bits |= bit;
    return bits & this.mask;
  }

  listen() {
    window.addEventListener("keydown", (e) => this._key(e, true));
    window.addEventListener("keyup", (e) => this._key(e, false));
    window.addEventListener("blur", () => {
      if (this.keys || this.pointers.size) {
        this.keys = 0;
        this.pointers.clear();
        this._changed(null, false);
      }
    });
  }

  _changed(pressTime, released) {
    const bits = this.held();
    for (const el of document.querySelectorAll(".btn[data-bit]")) {
      const bit = Number(el.dataset.bit);
      el.classList.toggle("held", (bits & bit) !== 0);
      el.classList.toggle("latched", (this.latched & bit) !== 0);
    }
    this.onInput(pressTime, released);
  }

  _key(e, down) {
    const bit = KEYS[e.code];
    if (bit === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.target && e.target.tagName === "SELECT") return;
    e.preventDefault();            // arrows do not scroll the page
    if (e.repeat) return;          // the firmware repeats a held button itself
    const before = this.keys;
    this.keys = down ? this.keys | bit : this.keys & ~bit;
    if (this.keys !== before) this._changed(down ? e.timeStamp : null, !down);
  }

  _bind(el) {
    const bit = Number(el.dataset.bit);
    el.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      if (e.shiftKey && e.pointerType === "mouse") {
        this.latched ^= bit;
        this._changed(e.timeStamp, (this.latched & bit) === 0);
      } else {
        el.setPointerCapture(e.pointerId);
        this.pointers.set(e.pointerId, bit);
        this._changed(e.timeStamp, false);
      }
    });
    const up = (e) => {
      if (this.pointers.delete(e.pointerId)) this._changed(null, true);
    };
    el.addEventListener("pointerup", up);
    el.addEventListener("pointercancel", up);
    el.addEventListener("lostpointercapture", up);
    el.addEventListener("contextmenu", (e) => e.preventDefault());
  }

  _button(bit, label, key, kind) {
    const el = document.createElement("button");
    el.type = "button";
    el.className = "btn " + (kind || "round");
    el.dataset.bit = String(bit);
    el.setAttribute("aria-label", "console button " + label + (key ? " (key " + key + ")" : ""));
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = label;
    el.append(name);
    if (key) {
      const kbd = document.createElement("kbd");
      kbd.textContent = key;
      el.append(kbd);
    }
    this._bind(el);
    return el;
  }

  // Draw the board described by `info` (device.web's boot: board, title, buttons mask,
  // four_buttons) around the screen, and its key map.
  build(info) {
    this.mask = info.buttons;
    const left = $("side-left"), right = $("side-right");
    left.textContent = "";
    right.textContent = "";
    const has = (bit) => (info.buttons & bit) !== 0;
    const b = (...args) => this._button(...args);
    const device = $("device");
    device.className = "device board-" + info.board;
    if (info.four_buttons) {
      // Display Pack 2.0: A and B left of the screen, X and Y right of it, the LED top left.
      const led = document.createElement("div");
      led.id = "led";
      led.className = "led";
      led.title = "your-turn light";
      left.append(led, b(A, "A", "Z"), b(B, "B", "X"));
      right.append(b(X, "X", "A"), b(Y, "Y", "S"));
    } else {
      const pad = document.createElement("div");
      pad.className = "dpad";
      pad.append(b(UP, "\u25b2", "", "arrow to-up"), b(LEFT, "\u25c0", "", "arrow to-left"),
                 b(RIGHT, "\u25b6", "", "arrow to-right"), b(DOWN, "\u25bc", "", "arrow to-down"));
      const hint = document.createElement("kbd");
      hint.className = "under";
      hint.textContent = "arrows";
      left.append(pad, hint, b(MENU, "MENU", "Esc", "pill"));
      const face = document.createElement("div");
      face.className = has(X) ? "face diamond" : "face pair";
      if (has(X)) face.append(b(X, "X", "A"));
      if (has(Y)) face.append(b(Y, "Y", "S"));
      face.append(b(A, "A", "Z"), b(B, "B", "X"));
      right.append(face);
    }
    $("board-name").textContent = info.title;
    device.hidden = false;
    this._keymap(info);
  }

  _keymap(info) {
    const has = (bit) => (info.buttons & bit) !== 0;
    const rows = [];
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

  // The RGB LED (Display Pack 2.0): the device's dim colour, shown at full strength.
  led(r, g, b) {
    const led = $("led");
    if (!led) return;
    if (!(r || g || b)) {
      led.style.background = "";
      led.style.boxShadow = "";
      led.classList.remove("on");
      return;
    }
    const k = 255 / Math.max(r, g, b);
    const color = `rgb(${Math.round(r * k)}, ${Math.round(g * k)}, ${Math.round(b * k)})`;
    led.style.background = color;
    led.style.boxShadow = "0 0 12px 3px " + color;
    led.classList.add("on");
  }
}
