"""A person playing a game against the AI on the emulated Pico, through the board's buttons.

    python -m tools.rig.play GAME [--ms N] [--measured N] [--keys]

The game is tools/rig/demo.py's human(): seat 0 the person, every other seat Hard, the all-AI
game's options (the setup's defaults), seed 1, not saved. On each of the person's turns the
driver dismisses a tip or a dialog over the table (A), then presses keys until one of the
person's actions is applied (MOVE_KEYS: A on what is under the cursor, else the cursor moved
on; Match & Collect's actions are in the list B opens). On the first `measured` turns it also
measures, from a still screen (tools/rig/measure.py):
- a **cursor move** (CURSOR_KEYS, each press to the frame that shows the cursor moved);
- the **move**: the press that applied the person's action, to the end of the first frame that
  changed a pixel (its first visible effect);
- when that action hands the turn to the AI, the **answer**: from the same press to the end of
  the first frame that changed a pixel after the AI's action was handed to the table (kit.turns
  PLAYED), less the pause that move waited for (kit.turns: the ai_speed setting's pause after
  a person's move, or the reading time of that move's message when longer; the hook's
  RIG:pause): the time the person waits beyond the pause.
The rest of the time it plays without measuring. The free heap is read after every garbage
collection the turn driver makes after an action (kit.turns.settle, before it settles) and
after gc.collect() at scene changes (tools/rig/hook.py); the least is `min_free_heap`. The
presses are kept as a key script from the table's first frame (`keys`, with WAIT tokens).
"""

from __future__ import annotations

import argparse
import sys
import time

from tools import rig
from tools.rig import measure

SEED = 1
CURSOR_KEYS = ("RIGHT", "LEFT")
MOVE_KEYS = ("A",) + ("RIGHT", "A") * 12 + ("DOWN", "A") * 6
# Match & Collect: B opens the list of actions: Draw first (the turn's first action); in the
# main phase the last entry, one UP away, discards the card under the cursor.
MOVE_KEYS_FOR = {"match_collect": (("B", "A"), ("B", "UP", "A"))}
HANDED_MS = 3000   # after the person's action, the AI's turn shows within this (Memory's pair)
HUMAN_TURN, PLAYED = 0, 3          # kit.turns.Turns.tick's answers (RIG:tick)
OVERLAYS = ("Dialog",)             # a tip or a question over the table: A answers it
TABLES_NOT = ("MainMenu", "Splash", "SetupScreen", "ErrorScreen")


class Player:
    def __init__(self, r: rig.Rig, game: str, log=print):
        self.r = r
        self.game = game
        self.log = log
        self.keys: list[str] = []      # the key script so far
        self._last_key_t = 0.0
        self.cursor: list[dict] = []
        self.moves: list[dict] = []
        self.answers: list[dict] = []
        self.pause_ms = 0
        self.turns = 0
        self.actions = 0        # the person's actions applied in this turn

    # -- the key script ----------------------------------------------------------------------
    def _note(self, key: str, at: float) -> None:
        wait = at - self._last_key_t
        if self.keys and wait > 0:
            self.keys.append("WAIT:%d" % round(wait))
        self.keys.append(key)
        self._last_key_t = at + measure.PRESS_MS

    def tap(self, key: str, gap: float = 300) -> float:
        r = self.r
        at = measure.tap(r, key)
        self._note(key, at)
        if gap:
            r.run(gap)
        return at

    # -- reading the hook ----------------------------------------------------------------------
    def _tick_since(self, since: int, what: int):
        return next((e for e in self.r.events[since:] if e.kind == "tick"
                     and int(e.fields[0]) == what), None)

    def _human_act_since(self, since: int):
        return next((e for e in self.r.events[since:] if e.kind == "act"
                     and e.fields[0] == "human"), None)

    def over(self) -> bool:
        return any(e.kind in ("demo", "error") or e.kind == "tick" and e.fields[0] == "4"
                   for e in self.r.events)

    # -- a turn ----------------------------------------------------------------------------------
    def clear_overlays(self) -> None:
        for _ in range(4):
            if self.r.top() not in OVERLAYS:
                return
            since = len(self.r.events)
            self.tap("A", gap=0)
            self.r.wait_event(lambda e: e.kind == "scene", 1500, since=since)
            self.r.run(200)

    def measured_move(self, key: str) -> dict | None:
        """Press `key`; when it applies the person's action: the move's first visible effect
        and, when the AI is to answer, the answer (see the module doc). None: not applied."""
        r = self.r
        measure.Still().wait(r, 4000)
        r.flushes()
        since = len(r.events)
        at = measure.tap(r, key)
        self._note(key, at)
        flushes = []
        played = None
        while r.t < at + 12_000:
            r.run(50)
            flushes += r.flushes()
            act = self._human_act_since(since)
            if act is None:
                if r.t - at > 600:
                    break                 # not applied: nothing more to wait for
                continue
            played = self._tick_since(since, PLAYED)
            handed = any(e.kind == "tick" and e.fields[0] in ("1", "2")
                         for e in r.events[since:])
            if played is not None or (not handed and r.t - act.t > HANDED_MS):
                r.run(300)                # the rest of the frames that show it
                flushes += r.flushes()
                break
        if self._human_act_since(since) is None:
            return None
        frames = [f for f in measure.group(flushes, r.events, since) if f.start >= at]
        changed = [f for f in frames if f.chg]
        row = {"key": key, "at": measure._r(at),
               "effect_ms": measure._r(changed[0].end - at) if changed else None,
               "effect_scene": changed[0].scene if changed else None,
               "effect_draw_ms": measure._r(changed[0].draw_ms) if changed and
               changed[0].draw_ms is not None else None,
               "effect_start_ms": measure._r(changed[0].start - at) if changed else None,
               "effect_full": changed[0].full if changed else None}
        self.moves.append(row)
        if played is not None:
            p = int(played.fields[1]) / 1000
            answer = next((f for f in changed if f.start >= p), None)
            ends = next((e for e in r.events[since:] if e.kind == "pause"), None)
            if answer is not None:
                # Beyond the pause: from the end of the wait kit.turns put before the AI's
                # move (the AI speed's pause, or the reading time of the message of your
                # move when longer) to the last pixel of the frame showing that move.
                paused = int(ends.fields[0]) / 1000 - at if ends is not None else \
                    self.pause_ms
                self.answers.append({"raw_ms": measure._r(answer.end - at),
                                     "ms": measure._r(answer.end - at - paused),
                                     "pause_ms": measure._r(paused),
                                     "scene": answer.scene})
        return row

    def turn(self, measured: bool) -> int:
        """One action of the person's (the table waits for them): 0 nothing applied, 1 applied
        and the person moves again, 2 applied and the turn handed over (or the game over)."""
        r = self.r
        r.run(800)       # the table drawn, the turn's tune, a first-turn tip
        self.clear_overlays()
        if measured:
            for key in CURSOR_KEYS:
                p = measure.press(r, key, settle_ms=4000)
                self._note(key, p.at)
                row = p.row()
                row["scene"] = next((f.scene for f in p.frames if f.chg), None)
                self.cursor.append(row)
        keys = MOVE_KEYS_FOR.get(self.game)
        keys = keys[min(self.actions, 1)] if keys else MOVE_KEYS
        for _ in range(3):
            for key in keys:
                if self.over():
                    return 0
                if self.r.top() in OVERLAYS and key != "A":
                    self.clear_overlays()
                since = len(r.events)
                if measured:
                    applied = self.measured_move(key) is not None
                else:
                    self.tap(key, gap=0)
                    r.wait_event(lambda e: e.kind == "act", 600, since=since)
                    applied = self._human_act_since(since) is not None
                if not applied:
                    continue
                self.actions += 1
                r.wait_event(lambda e: e.kind == "tick", HANDED_MS, since=since)
                handed = any(e.kind == "tick" and e.fields[0] != "0"
                             for e in r.events[since:])
                return 2 if handed or self.over() else 1
        return 0

    def play(self, limit_ms: float, measured_turns: int) -> None:
        r = self.r
        end = r.t + limit_ms
        since = len(r.events)
        again = False
        while r.t < end and not self.over():
            if not again:
                ev = r.wait_event(lambda e: e.kind == "tick" and int(e.fields[0]) ==
                                  HUMAN_TURN or e.kind in ("demo", "error"), end - r.t,
                                  since=since)
                if ev is None or ev.kind != "tick":
                    break
                self.turns += 1
                self.actions = 0
            since = len(r.events)
            done = self.turn(self.turns <= measured_turns)
            if not done:
                if not self.over():
                    self.log("  %s: no action of the person applied" % self.game)
                break
            again = done == 1


def run(build_dir, game: str, limit_ms: float, measured_turns: int = 4, log=print,
        board: str = "pico_lcd_1_3") -> dict:
    """One game against the AI (see the module doc): the figures and the events."""
    wall = time.monotonic()
    r = rig.Rig(build_dir=build_dir, board=board, extra=rig.demo_files())
    p = Player(r, game, log)
    res: dict = {"game": game}
    try:
        # The app runs a little longer than the play: the last turn ends on the driver's side.
        mark = r.start_in_safe_mode("import rig_demo; rig_demo.human(%r, %d, %d)"
                                    % (game, SEED, limit_ms + 60_000))
        head = r.wait_event(lambda e: e.kind == "human", 30_000)
        if head is None:
            raise rig.RigError("no game against the AI:\n" + r.text()[-1500:])
        p.pause_ms = int(head.fields[1])
        p._last_key_t = r.t
        p.play(limit_ms, measured_turns)
        text = r.console[mark:].decode(errors="replace")
        res["errors"] = [ln for ln in text.splitlines() if any(m in ln for m in rig.ERROR_MARKS)]
        start = next((i for i, ev in enumerate(r.events) if ev.kind == "human"), 0)
        res["events"] = r.events[start:]
        res["emulated_ms"] = round(r.t)
    finally:
        r.stop()
    heaps = [int(e.fields[0]) for e in res["events"] if e.kind == "heap"]
    heaps += [int(e.fields[3]) for e in res["events"] if e.kind == "scenefree"
              and e.fields[1] not in TABLES_NOT and int(e.fields[3]) >= 0]
    res.update({"pause_ms": p.pause_ms, "cursor": p.cursor, "moves": p.moves,
                "answers": p.answers, "turns": p.turns, "keys": ",".join(p.keys),
                "min_free_heap": min(heaps) if heaps else None,
                "wall_s": round(time.monotonic() - wall, 1)})
    log("  %s against the AI: %d turns, cursor %s ms, move %s ms, answer %s ms beyond the "
        "%d ms pause, least free heap %s B, %.0f s wall" % (
            game, p.turns, [c["done_ms"] for c in p.cursor], [m["effect_ms"] for m in p.moves],
            [a["ms"] for a in p.answers], p.pause_ms, res["min_free_heap"], res["wall_s"]))
    return res


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.rig.play", description=__doc__.split(
        "\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--ms", type=float, default=60_000, help="emulated ms of play, at most")
    ap.add_argument("--measured", type=int, default=4, help="turns measured")
    ap.add_argument("--build", default=str(rig.BUILD_DIR), help="the build to pack")
    ap.add_argument("--keys", action="store_true", help="print the key script")
    args = ap.parse_args(argv)
    why = rig.missing()
    if why:
        print("play: skipped: " + why)
        return 0
    res = run(args.build, args.game, args.ms, args.measured)
    for row in res["cursor"]:
        print("  cursor", row)
    for row in res["moves"]:
        print("  move  ", row)
    for row in res["answers"]:
        print("  answer", row)
    for e in res["errors"]:
        print("ERROR " + e)
    if args.keys:
        print("--keys " + res["keys"])
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
