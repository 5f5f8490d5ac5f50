// The buzzer: the platform's tone(hz, volume, ms) as a square wave through Web Audio (what a
// piezo on PWM plays), stopped by itself after `ms` as the device's one-shot timer does.
// Browsers allow sound only after a key or a tap: until `unlock()` is called from one, tones
// are counted and not played.

export class Sound {
  constructor(counts) {
    this.counts = counts;   // {asked, played}: tone() calls, and those heard
    this.ctx = null;
    this.out = null;
    this.osc = null;
  }

  unlock() {
    if (this.ctx) return;
    const Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      this.ctx = new Ctx();
      this.out = this.ctx.createGain();
      this.out.connect(this.ctx.destination);
    } catch (e) {
      this.ctx = null;
    }
  }

  tone(hz, volume, ms) {
    if (hz > 0) this.counts.asked++;
    const ac = this.ctx;
    if (!ac) return;
    if (this.osc) {
      try { this.osc.stop(); } catch (e) { /* stopped already */ }
      this.osc = null;
    }
    if (hz <= 0 || volume <= 0) return;
    const osc = ac.createOscillator();
    osc.type = "square";
    osc.frequency.value = hz;
    const gain = ac.createGain();
    gain.gain.value = 0.12 * Math.min(volume, 100) / 100;  // a buzzer, not a siren
    osc.connect(gain).connect(this.out);
    const now = ac.currentTime;
    osc.start(now);
    if (ms > 0) osc.stop(now + ms / 1000);
    this.osc = osc;
    this.counts.played++;
  }
}
