// The emulated Pico: rp2040js running a stock MicroPython UF2, driven over a line protocol.
//
//   node tools/rig/rig.mjs --firmware F.uf2 --bootrom B.bin [--fs littlefs.img]
//        [--fs-offset 0xa0000] [--panel 240x240+0+0] [--spi 1] [--dc 8] [--cs 9] [--pins 15,17,...]
//        [--vsys-mv 0] [--erase-ms 45] [--page-us 400]
//
// What it adds to rp2040js (see tools/rig/README.md):
// - flash writes: the bootrom's flash_range_erase (0x237c) and flash_range_program (0x23c4)
//   are replaced by BKPT instructions handled here, so littlefs writes land in the flash array,
//   and each charges the emulated clock what the Pico's flash chip takes (W25Q16JV typical:
//   45 ms per 4 KiB sector erase, 150 ms per 64 KiB block, 0.4 ms per 256-byte page program;
//   --erase-ms and --page-us change them), during which the core runs nothing, as on a board;
// - SPI timing: each SPI word takes its bits / the SPI clock of emulated time (rp2040js
//   completes a transfer at once otherwise);
// - an ST7789 on the LCD's SPI, DC and CS pins: CASET, RASET, RAMWR, MADCTL, COLMOD,
//   INVON/INVOFF, DISPON/DISPOFF, SWRESET decoded into the controller's 240x320 memory, and every
//   RAMWR recorded as a "flush" (window, start, end in emulated time);
// - the button pins as inputs, high (released) unless the host holds them low;
// - power: USB by default (VBUS sense, GPIO 24, high; VSYS about 4.75 V); --vsys-mv N runs on a
//   battery instead: GPIO 24 low and VSYS/3 = N/3 mV on ADC 3 (GPIO 29, 3.3 V full scale);
//   {"cmd":"power"} changes it while running;
// - the USB CDC console (rp2040js's USBCDC) for the REPL.
//
// Protocol: one JSON object per line on stdin, one JSON reply per line on stdout. Every reply
// carries "t" (emulated ms), "cycles" and "out" (console bytes since the last reply, base64).
//   {"cmd":"run","ms":N}                       run N emulated ms
//   {"cmd":"until","text":S,"ms":N}            run until the console shows S (counted from the
//                                              console bytes not yet returned), at most N ms
//   {"cmd":"until_flush","ms":N,"min_px":P}    run until a flush of >= P pixels ends
//   {"cmd":"write","b64":B}                    bytes to the console (queued, sent as USB reads)
//   {"cmd":"pins","low":[gpio...]}             these button pins held low, the others high
//   {"cmd":"flushes"}                          flushes recorded since the last call; each
//                                              says how many pixels it changed ("chg") and
//                                              when the first and last of them arrived
//   {"cmd":"mark"}                             remember the visible picture (for "changes")
//   {"cmd":"changes"}                          the visible pixels that differ from the mark:
//                                              count, bounding box, and when the earliest and
//                                              the latest of them got the value they have now
//   {"cmd":"power","vsys_mv":N}                N > 0: on a battery of N mV; 0 or absent: USB
//   {"cmd":"screen"}                           the visible panel, upright: RGB565 LE, base64
//   {"cmd":"state"}                            time, cycles, flash writes, panel state
//   {"cmd":"flash","offset":O,"length":L}      flash bytes (base64), e.g. to read littlefs back
//   {"cmd":"quit"}
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { RP2040, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';

const ROM_FLASH_RANGE_ERASE = 0x237c;
const ROM_FLASH_RANGE_PROGRAM = 0x23c4;
const BKPT_ERASE = 0xbe01;
const BKPT_PROGRAM = 0xbe02;
const FLASH_BASE = 0x10000000;
const FS_OFFSET = 0xa0000;
const UF2_MAGIC0 = 0x0a324655;
const UF2_MAGIC1 = 0x9e5d5157;

function parseArgs(argv) {
  const args = {
    firmware: null, bootrom: null, fs: null, 'fs-offset': String(FS_OFFSET),
    panel: '240x240+0+0',
    spi: 1, dc: 8, cs: 9, pins: '15,17,19,21,2,18,16,20,3',
    'vsys-mv': '0', 'erase-ms': '45', 'page-us': '400',
  };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, '');
    if (!(key in args)) throw new Error(`unknown option ${argv[i]}`);
    args[key] = argv[++i];
  }
  if (!args.firmware || !args.bootrom) throw new Error('--firmware and --bootrom are required');
  const m = /^(\d+)x(\d+)\+(\d+)\+(\d+)$/.exec(args.panel);
  if (!m) throw new Error(`bad --panel ${args.panel}`);
  args.panel = { w: +m[1], h: +m[2], x: +m[3], y: +m[4] };
  args.spi = +args.spi;
  // Where the littlefs image goes: the stock RPI_PICO layout unless the firmware was built with
  // another filesystem size (tools/firmware.py --fs-kb; its firmware-<BOARD>.json says where).
  args.fsOffset = Number(args['fs-offset']);
  if (!Number.isInteger(args.fsOffset) || args.fsOffset < 0 || args.fsOffset % 4096) {
    throw new Error(`bad --fs-offset ${args['fs-offset']}`);
  }
  args.dc = +args.dc;
  args.cs = +args.cs;
  args.pins = args.pins ? args.pins.split(',').map(Number) : [];
  args.vsysMv = Number(args['vsys-mv']);
  args.eraseMs = Number(args['erase-ms']);
  args.pageUs = Number(args['page-us']);
  return args;
}

function loadUF2(mcu, data) {
  let blocks = 0;
  for (let at = 0; at + 512 <= data.length; at += 512) {
    const view = new DataView(data.buffer, data.byteOffset + at, 512);
    if (view.getUint32(0, true) !== UF2_MAGIC0 || view.getUint32(4, true) !== UF2_MAGIC1) {
      throw new Error(`UF2 block ${at / 512}: bad magic`);
    }
    const addr = view.getUint32(12, true);
    const size = view.getUint32(16, true);
    if (addr < FLASH_BASE || addr + size > FLASH_BASE + 2 * 1024 * 1024) continue;
    mcu.flash.set(data.subarray(at + 32, at + 32 + size), addr - FLASH_BASE);
    blocks++;
  }
  return blocks;
}

// -- the ST7789 ------------------------------------------------------------------------------
class ST7789 {
  constructor(panel) {
    this.panel = panel;
    this.mem = new Uint16Array(240 * 320); // controller RAM: 240 columns x 320 rows
    // When each cell last changed value (emulated ns; -1: never), and a copy of the visible
    // picture's cells taken by mark(): what a press changed, and when.
    this.changedAt = new Float64Array(240 * 320).fill(-1);
    this.marked = null;
    this.madctl = 0;
    this.colmod = 0x66;
    this.inverted = false;
    this.on = false;
    this.cmd = -1;
    this.params = [];
    this.xs = 0; this.xe = 239; this.ys = 0; this.ye = 319;
    this.cx = 0; this.cy = 0;
    this.hi = -1;
    this.flushes = [];
    this.current = null;
    this.commands = 0;
    this.windowStart = null; // time of the CASET that opened the window being written
  }

  // Logical (CASET, RASET) address -> index in controller memory, per MADCTL.
  index(c, r) {
    const m = this.madctl;
    let col, row;
    if (m & 0x20) { col = r; row = c; } else { col = c; row = r; } // MV: exchange
    if (m & 0x40) col = (m & 0x20 ? 239 - r : 239 - c); // MX: column order
    if (m & 0x80) row = (m & 0x20 ? 319 - c : 319 - r); // MY: row order
    if (col < 0 || col > 239 || row < 0 || row > 319) return -1;
    return row * 240 + col;
  }

  endWrite(now) {
    const f = this.current;
    if (f) {
      f.end_ns = f.last_ns;
      this.flushes.push(f);
      this.current = null;
    }
  }

  byte(value, dc, now) {
    if (!dc) {
      this.endWrite(now);
      this.cmd = value;
      this.params = [];
      this.hi = -1;
      this.commands++;
      switch (value) {
        case 0x01: this.madctl = 0; this.inverted = false; this.on = false; break; // SWRESET
        case 0x20: this.inverted = false; break;
        case 0x21: this.inverted = true; break;
        case 0x28: this.on = false; break;
        case 0x29: this.on = true; break;
        case 0x2a: this.windowStart = now; break;
        case 0x2c:
          this.cx = this.xs; this.cy = this.ys;
          this.current = {
            x0: this.xs, y0: this.ys, x1: this.xe, y1: this.ye, px: 0,
            start_ns: this.windowStart ?? now, ramwr_ns: now, last_ns: now, end_ns: now,
            chg: 0, chg_first_ns: -1, chg_last_ns: -1,
          };
          this.windowStart = null;
          break;
      }
      return;
    }
    if (this.cmd === 0x2c) {
      if (this.hi < 0) { this.hi = value; return; }
      const color = (this.hi << 8) | value;
      this.hi = -1;
      const i = this.index(this.cx, this.cy);
      let f = this.current;
      if (!f) { // more pixels after CS went high: the same RAMWR goes on
        f = this.current = {
          x0: this.xs, y0: this.ys, x1: this.xe, y1: this.ye, px: 0,
          start_ns: now, ramwr_ns: now, last_ns: now, end_ns: now,
          chg: 0, chg_first_ns: -1, chg_last_ns: -1,
        };
      }
      if (i >= 0 && this.mem[i] !== color) {
        this.mem[i] = color;
        this.changedAt[i] = now;
        f.chg++;
        if (f.chg_first_ns < 0) f.chg_first_ns = now;
        f.chg_last_ns = now;
      }
      f.px++;
      f.last_ns = now;
      if (++this.cx > this.xe) {
        this.cx = this.xs;
        if (++this.cy > this.ye) this.cy = this.ys;
      }
      return;
    }
    const p = this.params;
    p.push(value);
    if (this.cmd === 0x2a && p.length === 4) { this.xs = (p[0] << 8) | p[1]; this.xe = (p[2] << 8) | p[3]; }
    if (this.cmd === 0x2b && p.length === 4) { this.ys = (p[0] << 8) | p[1]; this.ye = (p[2] << 8) | p[3]; }
    if (this.cmd === 0x36 && p.length === 1) this.madctl = value;
    if (this.cmd === 0x3a && p.length === 1) this.colmod = value;
  }

  // CS high does not end a RAMWR (the driver raises it after the command byte and lowers it
  // again for the pixels); it closes the record of the pixels sent so far.
  csHigh(now) {
    const f = this.current;
    if (f && f.px > 0) {
      f.last_ns = Math.max(f.last_ns, now);
      this.endWrite(now);
    }
  }

  // The controller cells of the visible picture, row by row (-1: outside the memory).
  visibleCells() {
    const { w, h, x, y } = this.panel;
    const cells = new Int32Array(w * h);
    let o = 0;
    for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) cells[o++] = this.index(c + x, r + y);
    return cells;
  }

  mark() {
    const cells = this.visibleCells();
    this.marked = { cells, values: Uint16Array.from(cells, (i) => (i >= 0 ? this.mem[i] : 0)) };
  }

  // The visible pixels that differ from the mark: how many, their bounding box (x0, y0, x1, y1
  // in the visible picture), the earliest and latest time one of them got its present value.
  changes() {
    if (!this.marked) throw new Error('changes: no mark');
    const { cells, values } = this.marked;
    const w = this.panel.w;
    let n = 0, x0 = w, y0 = this.panel.h, x1 = -1, y1 = -1, first = Infinity, last = -1;
    for (let k = 0; k < cells.length; k++) {
      const i = cells[k];
      if (i < 0 || this.mem[i] === values[k]) continue;
      n++;
      const c = k % w, r = (k - c) / w;
      if (c < x0) x0 = c;
      if (c > x1) x1 = c;
      if (r < y0) y0 = r;
      if (r > y1) y1 = r;
      const t = this.changedAt[i];
      if (t < first) first = t;
      if (t > last) last = t;
    }
    return n ? { n, x0, y0, x1, y1, first: first / 1e6, last: last / 1e6 } : { n: 0 };
  }

  // The visible picture, upright: logical addresses (x+panel.x, y+panel.y) read back through
  // MADCTL, so a picture drawn at CASET x, RASET y shows at (x, y). RGB565, little-endian.
  screen() {
    const { w, h, x, y } = this.panel;
    const out = Buffer.alloc(w * h * 2);
    // IPS glass shows the controller's colours inverted unless INVON inverts them back.
    const flip = this.inverted ? 0 : 0xffff;
    let o = 0;
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        const i = this.index(c + x, r + y);
        const v = this.on && i >= 0 ? this.mem[i] ^ flip : 0;
        out.writeUInt16LE(this.on ? v : 0, o);
        o += 2;
      }
    }
    return out;
  }
}

// -- the board -------------------------------------------------------------------------------
const args = parseArgs(process.argv.slice(2));
const mcu = new RP2040();
mcu.logger = new ConsoleLogger(LogLevel.Error);
const rom = readFileSync(args.bootrom);
if (rom.length !== 16384) throw new Error(`bootrom: expected 16384 bytes, got ${rom.length}`);
mcu.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, 4096));
// Patch the two flash routines' first halfword (both addresses are word aligned).
for (const [addr, op] of [[ROM_FLASH_RANGE_ERASE, BKPT_ERASE], [ROM_FLASH_RANGE_PROGRAM, BKPT_PROGRAM]]) {
  const w = mcu.bootrom[addr >> 2];
  mcu.bootrom[addr >> 2] = ((w & 0xffff0000) | op) >>> 0;
}
const uf2Blocks = loadUF2(mcu, readFileSync(args.firmware));
if (args.fs) {
  const img = readFileSync(args.fs);
  if (args.fsOffset + img.length > mcu.flash.length) {
    throw new Error(`--fs: ${img.length} bytes at 0x${args.fsOffset.toString(16)} pass the end of the flash`);
  }
  mcu.flash.set(img, args.fsOffset);
}

const stats = {
  erases: 0, erased_bytes: 0, programs: 0, programmed_bytes: 0, breaks: 0, flash_busy_ms: 0,
};
// The time the flash chip is busy (ns): the bootrom's routines return only when it is done,
// with the core's XIP (and MicroPython's interrupts) off meanwhile. flash_range_erase erases
// 64 KiB blocks where the range allows it, 4 KiB sectors elsewhere.
function eraseNanos(off, count) {
  let ns = 0;
  for (let at = off; at < off + count;) {
    if (at % 65536 === 0 && off + count - at >= 65536) { ns += args.eraseMs * 1e6 * 150 / 45; at += 65536; }
    else { ns += args.eraseMs * 1e6; at += 4096; }
  }
  return ns;
}
function programNanos(count) { return Math.ceil(count / 256) * args.pageUs * 1e3; }
function flashBusy(ns) {
  stats.flash_busy_ms += ns / 1e6;
  if (ns > 0) mcu.clock.tick(ns);
}
mcu.onBreak = (code) => {
  const core = mcu.core;
  const pc = (core.PC - 2) >>> 0;
  const r = core.registers;
  if (code === 1 && pc === ROM_FLASH_RANGE_ERASE) {
    const off = r[0], count = r[1];
    mcu.flash.fill(0xff, off, off + count);
    stats.erases++; stats.erased_bytes += count;
    flashBusy(eraseNanos(off, count));
  } else if (code === 2 && pc === ROM_FLASH_RANGE_PROGRAM) {
    const off = r[0], src = r[1], count = r[2];
    for (let i = 0; i < count; i++) mcu.flash[off + i] &= mcu.readUint8(src + i);
    stats.programs++; stats.programmed_bytes += count;
    flashBusy(programNanos(count));
  } else {
    stats.breaks++;
    breakSeen = `BKPT ${code} at 0x${pc.toString(16)}`;
    return;
  }
  core.PC = core.LR & ~1;
};
let breakSeen = null;

const clock = mcu.clock;
const lcd = new ST7789(args.panel);
const spi = mcu.spi[args.spi];
const dcPin = mcu.gpio[args.dc];
const csPin = mcu.gpio[args.cs];
const spiDone = clock.createAlarm(() => spi.completeTransmit(0));
let spiWords = 0;
spi.onTransmit = (value) => {
  const now = clock.nanos;
  if (!csPin.outputValue) lcd.byte(value & 0xff, dcPin.outputValue, now);
  spiWords++;
  const hz = spi.clockFrequency;
  if (hz > 0) spiDone.schedule((spi.dataBits * 1e9) / hz);
  else spi.completeTransmit(0);
};
csPin.addListener(() => { if (csPin.outputValue) lcd.csHigh(clock.nanos); });

for (const gpio of mcu.gpio) gpio.setInputValue(true); // pulled up, nothing pressed

// Power: a Pico senses USB power on GPIO 24 (VBUS through a divider) and reads VSYS/3 on ADC 3
// (GPIO 29). On USB, VSYS is VBUS less the Schottky diode's drop, about 4.75 V.
const VBUS_GPIO = 24;
const VSYS_ADC = 3;
const USB_VSYS_MV = 4750;
let vsysMv = 0; // 0: USB power
function setPower(mv) {
  vsysMv = mv > 0 ? mv : 0;
  mcu.gpio[VBUS_GPIO].setInputValue(vsysMv === 0);
  const volts = (vsysMv || USB_VSYS_MV) / 3;
  mcu.adc.channelValues[VSYS_ADC] = Math.max(0, Math.min(4095, Math.round(volts / 3300 * 4095)));
}
setPower(args.vsysMv);
function setPins(low) {
  const held = new Set(low);
  for (const g of args.pins) mcu.gpio[g].setInputValue(!held.has(g));
  for (const g of held) if (!args.pins.includes(g)) mcu.gpio[g].setInputValue(false);
}

// -- the console -----------------------------------------------------------------------------
const cdc = new USBCDC(mcu.usbCtrl);
let connected = false;
cdc.onDeviceConnected = () => { connected = true; };
let outChunks = [];
let outLen = 0;
let scan = ''; // console text not yet returned, for "until"
cdc.onSerialData = (buf) => {
  const b = Buffer.from(buf);
  outChunks.push(b);
  outLen += b.length;
  scan += b.toString('latin1');
};
// rp2040js answers the device's OUT endpoint read at once, with zero bytes when the host has
// nothing to send: the firmware re-arms it, gets the next empty packet, and so on -- an
// interrupt storm that keeps the emulated CPU busy at idle (94 % of the cycles at the REPL, and
// sleep_ms never waits). Here a read with nothing to send stays pending, as on a real bus, and
// is answered when the host has bytes.
let pendingRead = null;
const answerRead = mcu.usbCtrl.onEndpointRead;
mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
  if (endpoint === cdc.outEndpoint && cdc.txFIFO.empty) {
    pendingRead = [endpoint, size];
    return;
  }
  answerRead(endpoint, size);
};
const inQueue = [];
function feedConsole() {
  if (!connected) return;
  while (inQueue.length && cdc.txFIFO.itemCount < cdc.txFIFO.size) cdc.sendSerialByte(inQueue.shift());
  if (pendingRead && !cdc.txFIFO.empty) {
    const [endpoint, size] = pendingRead;
    pendingRead = null;
    answerRead(endpoint, size);
  }
}

// -- running ---------------------------------------------------------------------------------
const core = mcu.core;
function cycleNanos() { return 1e9 / (mcu.clkSys || 125e6); }

// Run until emulated time `target` (ns) or until stop() says so (checked every ~0.1 ms).
function runTo(target, stop) {
  let ns = cycleNanos();
  let nextCheck = clock.nanos;
  while (clock.nanos < target) {
    if (clock.nanos >= nextCheck) {
      feedConsole();
      if (stop && stop()) return true;
      nextCheck = clock.nanos + 100_000;
      ns = cycleNanos();
    }
    if (core.waiting) {
      let dt = clock.nanosToNextAlarm;
      const left = Math.min(target, nextCheck) - clock.nanos;
      if (dt <= 0 || dt > left) dt = left;
      clock.tick(dt);
    } else {
      const c = core.executeInstruction();
      clock.tick(c * ns);
    }
  }
  feedConsole();
  return stop ? !!stop() : false;
}

function reply(obj) {
  const out = outLen ? Buffer.concat(outChunks, outLen).toString('base64') : '';
  outChunks = []; outLen = 0; scan = '';
  obj.t = clock.nanos / 1e6;
  obj.cycles = core.cycles;
  obj.out = out;
  if (breakSeen) { obj.break = breakSeen; breakSeen = null; }
  process.stdout.write(JSON.stringify(obj) + '\n');
}

function flushRecord(f) {
  return {
    x0: f.x0, y0: f.y0, x1: f.x1, y1: f.y1, px: f.px,
    start: f.start_ns / 1e6, ramwr: f.ramwr_ns / 1e6, end: f.end_ns / 1e6,
    chg: f.chg, chg_first: f.chg_first_ns / 1e6, chg_last: f.chg_last_ns / 1e6,
  };
}

function handle(msg) {
  const ms = (v) => clock.nanos + (v ?? 0) * 1e6;
  switch (msg.cmd) {
    case 'run':
      runTo(ms(msg.ms));
      return reply({ ok: true });
    case 'until': {
      const found = runTo(ms(msg.ms), () => scan.includes(msg.text));
      return reply({ ok: true, found });
    }
    case 'until_flush': {
      const before = lcd.flushes.length;
      const minPx = msg.min_px ?? 1;
      const found = runTo(ms(msg.ms), () => {
        for (let i = before; i < lcd.flushes.length; i++) if (lcd.flushes[i].px >= minPx) return true;
        return false;
      });
      return reply({ ok: true, found });
    }
    case 'write':
      for (const b of Buffer.from(msg.b64, 'base64')) inQueue.push(b);
      return reply({ ok: true, queued: inQueue.length });
    case 'pins':
      setPins(msg.low ?? []);
      return reply({ ok: true });
    case 'flushes': {
      const list = lcd.flushes.map(flushRecord);
      lcd.flushes = [];
      return reply({ ok: true, flushes: list });
    }
    case 'mark':
      lcd.mark();
      return reply({ ok: true });
    case 'changes':
      return reply({ ok: true, ...lcd.changes() });
    case 'power':
      setPower(msg.vsys_mv ?? 0);
      return reply({ ok: true, vsys_mv: vsysMv });
    case 'screen':
      return reply({ ok: true, w: lcd.panel.w, h: lcd.panel.h, b64: lcd.screen().toString('base64') });
    case 'state':
      return reply({
        ok: true, uf2_blocks: uf2Blocks, connected, clk_sys: mcu.clkSys, clk_peri: mcu.clkPeri,
        spi_hz: spi.clockFrequency, spi_words: spiWords, lcd_commands: lcd.commands,
        madctl: lcd.madctl, colmod: lcd.colmod, display_on: lcd.on, inverted: lcd.inverted,
        vsys_mv: vsysMv, ...stats,
      });
    case 'flash': {
      const off = msg.offset ?? args.fsOffset;
      const len = msg.length ?? 352 * 4096;
      return reply({ ok: true, b64: Buffer.from(mcu.flash.subarray(off, off + len)).toString('base64') });
    }
    case 'quit':
      reply({ ok: true });
      process.exit(0);
      break;
    default:
      return reply({ ok: false, error: `unknown command ${msg.cmd}` });
  }
}

core.PC = 0x10000000; // as the bootrom would after boot2 (rp2040js's own MicroPython demo)
const rl = createInterface({ input: process.stdin });
rl.on('line', (line) => {
  if (!line.trim()) return;
  let msg;
  try {
    msg = JSON.parse(line);
  } catch (e) {
    return reply({ ok: false, error: `bad JSON: ${e.message}` });
  }
  try {
    handle(msg);
  } catch (e) {
    reply({ ok: false, error: String(e && e.stack ? e.stack : e) });
  }
});
rl.on('close', () => process.exit(0));
reply({ ok: true, ready: true, uf2_blocks: uf2Blocks });
