"""What a player feels, read from the emulated panel: press to frame, boot to menu, stillness.

Every time here is emulated ms on the rig's clock, which is also the board's `time.ticks_us`.

- A **press** is the button's GPIO going low (`Rig.hold`), held PRESS_MS, then released.
- A **frame** is what one `App.draw` sends: its RAMWR windows (`Rig.flushes`). With the hook,
  the frame events say which windows belong to which draw (the windows that start between the
  draw's start and its end); without it, windows less than GAP_MS apart are one frame. A
  frame ends at the **last pixel** of its last window, as the panel receives it.
- **Still**: no window has changed a pixel for `quiet` ms (and, with the hook, no message is
  waiting or shown: a message that goes would change the screen on its own).
- **Press to frame** (`press`): from a still screen, the press; then until the screen is still
  again. The pixels that differ from the picture before the press are what it changed; it must
  change some (else it is reported as no effect). `effect_ms`: to the end of the first frame
  that changed a pixel (the press's first visible effect); `done_ms`: to the end of the frame
  in which the last of the changed pixels got its final value (the picture the press leads
  to, complete). For a cursor move both are the one frame that moves the cursor.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PRESS_MS = 80       # how long a press holds the button (a tap)
GAP_MS = 2.0        # without the hook: windows closer than this belong to one frame
QUIET_MS = 400      # still: no pixel changed for this long


@dataclass
class Frame:
    """One App.draw as the panel saw it: windows, pixels sent and changed, first and last
    pixel (emulated ms). `scene` and `draw_ms` come from the hook (None without it)."""

    start: float
    end: float
    px: int = 0
    chg: int = 0
    first_chg: float = -1
    last_chg: float = -1
    windows: int = 0
    scene: str | None = None
    full: bool = False
    draw_ms: float | None = None


def hook_frames(events, since: int = 0) -> list[tuple[str, bool, float, float, float]]:
    """(scene, full, start ms, end ms, flush ms) of the hook's frame events."""
    out = []
    for ev in events[since:]:
        if ev.kind == "frame":
            start = int(ev.fields[2]) / 1000
            out.append((ev.fields[0], ev.fields[1] == "1", start,
                        start + int(ev.fields[3]) / 1000, int(ev.fields[4]) / 1000))
    return out


def group(flushes, events=None, since: int = 0) -> list[Frame]:
    """The windows as frames (see the module doc), oldest first."""
    frames: list[Frame] = []
    hooked = hook_frames(events, since) if events is not None else []
    for f in sorted(flushes, key=lambda f: f.start):
        owner = None
        if hooked:
            for scene, full, t0, t1, flush_ms in hooked:
                if t0 <= f.start <= t1:
                    owner = (scene, full, t0, t1 - t0 - flush_ms)
                    break
        last = frames[-1] if frames else None
        if owner is not None:
            same = last is not None and last.scene == owner[0] and last.start == owner[2]
        else:
            same = last is not None and last.scene is None and f.start - last.end < GAP_MS
        if not same:
            last = Frame(start=owner[2] if owner else f.start, end=f.end)
            if owner:
                last.scene, last.full, last.draw_ms = owner[0], owner[1], owner[3]
            frames.append(last)
        last.end = max(last.end, f.end)
        last.px += f.px
        last.windows += 1
        if f.chg:
            last.chg += f.chg
            if last.first_chg < 0 or f.chg_first < last.first_chg:
                last.first_chg = f.chg_first
            last.last_chg = max(last.last_chg, f.chg_last)
    return frames


@dataclass
class Still:
    """Run in slices until the screen is still (see the module doc). Keeps the windows seen
    (`flushes`) for whoever measures what came before."""

    quiet: float = QUIET_MS
    flushes: list = field(default_factory=list)

    def wait(self, r, max_ms: float, step: float = 50, changed: bool = False) -> bool:
        """True once still (False after `max_ms`); `changed`: a pixel must change first."""
        end = r.t + max_ms
        last_change = None if changed else r.t
        while r.t < end:
            r.run(step)
            new = r.flushes()
            self.flushes += new
            for f in new:
                if f.chg:
                    last_change = max(last_change or 0.0, f.chg_last)
            if last_change is not None and r.t - last_change >= self.quiet and \
                    not _messages(r):
                return True
        return False


def _messages(r) -> int:
    """Messages waiting or shown, by the hook's last frame event (0 without the hook)."""
    for ev in reversed(r.events):
        if ev.kind == "frame":
            return int(ev.fields[6]) if len(ev.fields) > 6 else 0
    return 0


@dataclass
class Press:
    """One measured press (see the module doc); None times: no pixel changed."""

    key: str
    at: float
    effect_ms: float | None
    done_ms: float | None
    changed: int
    box: tuple | None
    frames: list
    still_after: bool

    def row(self) -> dict:
        return {"key": self.key, "effect_ms": _r(self.effect_ms), "done_ms": _r(self.done_ms),
                "changed_px": self.changed, "box": self.box, "frames": len(self.frames),
                "still_after": self.still_after}


def _r(v):
    return None if v is None else round(v, 1)


def tap(r, key: str, hold_ms: float = PRESS_MS) -> float:
    """Hold `key` for `hold_ms` and release it; the emulated ms of the press (GPIO low)."""
    r.hold(key)
    at = r.t
    r.run(hold_ms)
    r.release()
    return at


def press(r, key: str, settle_ms: float = 3000, quiet: float = QUIET_MS,
          hold_ms: float = PRESS_MS, still_first: bool = True) -> Press:
    """Press `key` on a still screen and measure it (see the module doc). `settle_ms`: at
    most this long for the screen to be still before and after."""
    if still_first:
        Still(quiet).wait(r, settle_ms)
    r.flushes()              # what came before is not this press's
    r.mark()
    since = len(r.events)
    at = tap(r, key, hold_ms)
    still = Still(quiet)
    ok = still.wait(r, settle_ms)
    changes = r.changes()
    frames = [f for f in group(still.flushes, r.events if r.hook else None, since)
              if f.start >= at]
    changed = [f for f in frames if f.chg]
    effect = done = None
    box = None
    if changes.get("n"):
        box = (changes["x0"], changes["y0"], changes["x1"], changes["y1"])
        last = changes["last"]
        owner = next((f for f in frames if f.start <= last <= f.end), None)
        done = (owner.end if owner is not None else last) - at
    if changed:
        effect = changed[0].end - at
    return Press(key, at, effect, done, changes.get("n", 0), box, frames, ok)


def boot(r, settle_ms: float = 30_000, quiet: float = 1000) -> dict:
    """From reset (emulated 0) to the last pixel of the frame that completed the first still
    picture (the menu, when nothing is pressed): `boot_ms`; with the frames seen."""
    r.mark()                 # the panel's memory at reset (never written yet)
    since = len(r.events)
    still = Still(quiet)
    ok = still.wait(r, settle_ms, step=200, changed=True)
    frames = group(still.flushes, r.events if r.hook else None, since)
    changes = r.changes()
    last = changes.get("last", -1)
    owner = next((f for f in frames if f.start <= last <= f.end), None)
    return {"boot_ms": _r(owner.end if owner else None), "still": ok, "frames": frames}
