"""The simulator window: the app's screen scaled up, the keyboard as the board's buttons.

Only presentation lives here. The app runs exactly as on the device: the window calls
`app.step()` when the app said the next frame is due, feeds the keyboard into the platform's
button bits, and shows the display's image when a flush changed it. An idle app draws
nothing, so an idle window only sleeps and polls events (60 times a second).

Keys: arrows = d-pad, Z = A, X = B, A = X, S = Y, Esc or Enter = MENU. On a four-button
board (no d-pad, no MENU button) only Z, X, A and S do anything, as on the device; on the
Pico-LCD-1.14 (A, B and a joystick) A and S do nothing.
F1 shows the key map, F12 saves a screenshot (device pixels) in the current folder.
Closing the window quits; Esc is a button, not a way out.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from sim import compat, headless  # noqa: E402
from sim.platform import (  # noqa: E402
    DOWN,
    LEFT,
    MENU,
    RIGHT,
    UP,
    A,
    B,
    X,
    Y,
)

FPS = 60
FOUR_KEYS = {pygame.K_z: A, pygame.K_x: B, pygame.K_a: X, pygame.K_s: Y}
DPAD_KEYS = {pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT,
             pygame.K_ESCAPE: MENU, pygame.K_RETURN: MENU, pygame.K_KP_ENTER: MENU}

# Frame geometry (window pixels) and colours.
SIDE = 150
TOP = 44
BOTTOM = 64
BEZEL = 10
BG_COLOR = (21, 23, 26)
BODY = (46, 50, 58)
BODY_EDGE = (70, 76, 88)
BEZEL_COLOR = (8, 8, 10)
KEY_UP = (86, 92, 104)
KEY_DOWN = (240, 180, 60)
LABEL = (200, 205, 214)
FAINT = (140, 146, 158)


def default_scale(width: int) -> int:
    """3 for 240-pixel-wide boards, 2 for the 320-wide Display Pack."""
    return 3 if width <= 240 else 2


def key_map(four_buttons: bool, available: int | None = None) -> dict[int, int]:
    """pygame key -> button bit for a board (only the buttons in `available`, when given:
    the Pico-LCD-1.14 has no X and Y)."""
    keys = dict(FOUR_KEYS)
    if not four_buttons:
        keys.update(DPAD_KEYS)
    if available is not None:
        keys = {k: bit for k, bit in keys.items() if bit & available}
    return keys


def help_lines(four_buttons: bool, available: int | None = None) -> list[tuple[str, str]]:
    """(key, what it does) rows of the F1 overlay."""
    rows = [("Arrows", "d-pad")] if not four_buttons else []
    for key, name, bit in (("Z", "A", A), ("X", "B", B), ("A", "X", X), ("S", "Y", Y)):
        if available is None or bit & available:
            rows.append((key, name))
    if four_buttons:
        rows += [("", "no d-pad:"), ("", "X / Y = up / down"), ("", "B+X / B+Y = left / right"),
                 ("", "hold B = MENU")]
    else:
        rows.append(("Esc/Enter", "MENU"))
    rows += [("F1", "this help"), ("F12", "screenshot"), ("close", "quit")]
    return rows


def screenshot_name(folder=".") -> str:
    """sim-YYYYmmdd-HHMMSS.png in `folder`, with -2, -3... if that name is taken."""
    base = time.strftime("sim-%Y%m%d-%H%M%S")
    path = os.path.join(folder, base + ".png")
    n = 2
    while os.path.exists(path):
        path = os.path.join(folder, "%s-%d.png" % (base, n))
        n += 1
    return path


class Window:
    def __init__(self, app, platform, scale=None, frame=True, keys=None, shots=None,
                 screenshot=None, title="Card console"):
        self.app = app
        self.platform = platform
        self.display = platform.display
        self.buttons = platform.buttons
        self.four = platform.four_buttons
        self.scale = scale or default_scale(platform.width)
        self.frame = frame
        self.available = getattr(platform.buttons, "available", None)
        self.keys = key_map(self.four, self.available)
        self.shots = shots
        self.screenshot = screenshot
        self.overlay = False
        self.running = True
        self.chrome_dirty = True
        self.presents = 0
        sw = platform.width * self.scale
        sh = platform.height * self.scale
        if frame:
            size = (sw + 2 * SIDE, max(sh + TOP + BOTTOM, 330))
            self.screen_pos = (SIDE, TOP + (size[1] - TOP - BOTTOM - sh) // 2)
        else:
            size = (sw, sh)
            self.screen_pos = (0, 0)
        self.screen_size = (sw, sh)
        pygame.display.init()
        pygame.font.init()
        self.surface = pygame.display.set_mode(size)
        pygame.display.set_caption("%s - %s (F1: keys)" % (title, platform.board))
        self.font = pygame.font.Font(None, 22)
        self.small = pygame.font.Font(None, 18)
        self.clock = pygame.time.Clock()
        self.due = platform.ticks_ms()
        self.script = []
        self.script_at = 0
        self.script_start = platform.ticks_ms()
        if keys:
            actions = (headless.parse_keys(keys, platform.board) if isinstance(keys, str)
                       else list(keys))
            self.script, _ = headless.timeline(actions)

    # -- events ---------------------------------------------------------------------------
    def handle(self, ev) -> None:
        if ev.type == pygame.QUIT:
            self.running = False
        elif ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_F1:
                self.overlay = not self.overlay
                self.chrome_dirty = True
            elif ev.key == pygame.K_F12:
                path = self.display.save_png(screenshot_name())
                print("screenshot: " + os.path.abspath(path), flush=True)
            elif ev.key in self.keys:
                self.buttons.press(self.keys[ev.key])
                self.chrome_dirty = True
        elif ev.type == pygame.KEYUP:
            if ev.key in self.keys:
                self.buttons.release(self.keys[ev.key])
                self.chrome_dirty = True
        elif ev.type == getattr(pygame, "WINDOWFOCUSLOST", -1):
            # Keys released while another window has focus never arrive: drop them all.
            self.buttons.keys = 0
            self.chrome_dirty = True
        elif ev.type in (getattr(pygame, "WINDOWEXPOSED", -1), getattr(pygame, "VIDEOEXPOSE", -1)):
            self.chrome_dirty = True

    def _play_script(self) -> None:
        p = self.platform
        elapsed = p.ticks_diff(p.ticks_ms(), self.script_start)
        while self.script_at < len(self.script) and self.script[self.script_at][0] <= elapsed:
            _at, _i, op, arg = self.script[self.script_at]
            self.script_at += 1
            if op == "down":
                self.buttons.script |= arg
                self.chrome_dirty = True
            elif op == "up":
                self.buttons.script &= ~arg
                self.chrome_dirty = True
            elif op == "shot":
                folder = self.shots or os.path.dirname(self.screenshot or "") or "."
                path = self.display.save_png(os.path.join(folder, arg + ".png"))
                print("screenshot: " + os.path.abspath(path), flush=True)

    # -- the loop -------------------------------------------------------------------------
    def tick(self) -> None:
        """One window iteration: events, script, an app frame if due, present if changed."""
        for ev in pygame.event.get():
            self.handle(ev)
        if not self.running:
            return
        p = self.platform
        if p.ticks_diff(p.ticks_ms(), self.due) >= 0:
            wait = self.app.step()
            self.due = compat.ticks_add(p.ticks_ms(), max(wait, 0))
            if not self.app.running:
                self.running = False
        # After the step, as in headless runs: the app's first frame sees no button held
        # (a button held at power-on is not a press).
        if self.script_at < len(self.script):
            self._play_script()
        if self.display.dirty or self.chrome_dirty:
            self.present()

    def run(self) -> None:
        try:
            while self.running:
                self.tick()
                self.clock.tick(FPS)   # sleeps: an idle window costs next to no CPU
        finally:
            # Also on Ctrl+C in the terminal.
            if self.screenshot:
                path = self.display.save_png(self.screenshot)
                print("screenshot: " + os.path.abspath(path), flush=True)
            pygame.display.quit()

    # -- drawing --------------------------------------------------------------------------
    def present(self) -> None:
        self.display.dirty = False
        self.chrome_dirty = False
        surf = self.surface
        if self.frame:
            self.draw_frame(surf)
            self.draw_led(surf)
        scaled = pygame.transform.scale(self.display.surface, self.screen_size)
        surf.blit(scaled, self.screen_pos)
        rect = pygame.Rect(self.screen_pos, self.screen_size)
        pct = self.display.backlight_percent
        if pct < 100:
            # A dimmer backlight, roughly as the panel looks: never fully black above 0 %.
            k = 0 if pct <= 0 else int(255 * (0.35 + 0.65 * pct / 100))
            surf.fill((k, k, k), rect, special_flags=pygame.BLEND_RGB_MULT)
        if self.overlay:
            self.draw_help(surf, rect)
        pygame.display.flip()
        self.presents += 1

    def draw_led(self, surf) -> None:
        """The board's RGB LED (Display Pack 2.0) left of the screen: a dim colour on the
        device, shown at full strength here so it can be seen."""
        if not getattr(self.platform, "led", None):
            return
        rgb = getattr(self.platform, "led_rgb", None)
        if rgb:
            k = 255 / max(rgb)
            color = tuple(int(v * k) for v in rgb)
        else:
            color = (30, 32, 36)
        x, y = self.screen_pos
        pygame.draw.circle(surf, color, (x - BEZEL - 14, y + 16), 7)
        pygame.draw.circle(surf, BODY_EDGE, (x - BEZEL - 14, y + 16), 7, 1)

    def draw_help(self, surf, rect) -> None:
        rows = help_lines(self.four, self.available)
        lh = self.font.get_linesize()
        col = 10 + max(self.font.size(key)[0] for key, _ in rows) + 14
        w = col + max(self.font.size(meaning)[0] for _, meaning in rows) + 10
        h = lh * (len(rows) + 1) + 20
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        box.fill((0, 0, 0, 215))
        box.blit(self.font.render("Keys", True, KEY_DOWN), (10, 10))
        for i, (key, meaning) in enumerate(rows):
            y = 10 + (i + 1) * lh
            box.blit(self.font.render(key, True, KEY_DOWN), (10, y))
            box.blit(self.font.render(meaning, True, (255, 255, 255)), (col, y))
        surf.blit(box, (rect.x + max(0, (rect.width - w) // 2),
                        rect.y + max(0, (rect.height - h) // 2)))

    def _label(self, surf, text, center, font=None, color=LABEL) -> None:
        img = (font or self.small).render(text, True, color)
        surf.blit(img, img.get_rect(center=center))

    def _round_button(self, surf, center, bit, name, key, r=21) -> None:
        held = self.buttons.read() & bit
        pygame.draw.circle(surf, KEY_DOWN if held else KEY_UP, center, r)
        pygame.draw.circle(surf, BODY_EDGE, center, r, 2)
        self._label(surf, name, center, self.font, (20, 20, 24) if held else (240, 240, 244))
        self._label(surf, "[%s]" % key, (center[0], center[1] + r + 10), color=FAINT)

    def draw_frame(self, surf) -> None:
        ww, wh = surf.get_size()
        surf.fill(BG_COLOR)
        body = pygame.Rect(4, 4, ww - 8, wh - 8)
        pygame.draw.rect(surf, BODY, body, border_radius=36)
        pygame.draw.rect(surf, BODY_EDGE, body, 2, border_radius=36)
        sx, sy = self.screen_pos
        sw, sh = self.screen_size
        pygame.draw.rect(surf, BEZEL_COLOR, (sx - BEZEL, sy - BEZEL, sw + 2 * BEZEL,
                                             sh + 2 * BEZEL), border_radius=8)
        cy = sy + sh // 2
        left_x = SIDE // 2
        right_x = sx + sw + SIDE // 2
        self._label(surf, self.platform.board, (ww // 2, wh - BOTTOM // 2), color=FAINT)
        self._label(surf, "F1 keys   F12 screenshot", (ww // 2, TOP // 2), color=FAINT)
        if self.four:
            # Display Pack 2.0: A and B left of the screen, X and Y right of it.
            self._round_button(surf, (left_x, cy - 55), A, "A", "Z")
            self._round_button(surf, (left_x, cy + 45), B, "B", "X")
            self._round_button(surf, (right_x, cy - 55), X, "X", "A")
            self._round_button(surf, (right_x, cy + 45), Y, "Y", "S")
            return
        self.draw_dpad(surf, (left_x, cy - 15))
        menu = pygame.Rect(0, 0, 64, 22)
        menu.center = (left_x, cy + 85)
        held = self.buttons.read() & MENU
        pygame.draw.rect(surf, KEY_DOWN if held else KEY_UP, menu, border_radius=11)
        self._label(surf, "MENU", menu.center, color=(20, 20, 24) if held else LABEL)
        self._label(surf, "[Esc/Enter]", (left_x, menu.bottom + 10), color=FAINT)
        d = 36
        if self.available is None or self.available & X:
            self._round_button(surf, (right_x, cy - d - 10), X, "X", "A")
        if self.available is None or self.available & Y:
            self._round_button(surf, (right_x - d, cy - 10), Y, "Y", "S")
        self._round_button(surf, (right_x + d, cy - 10), A, "A", "Z")
        self._round_button(surf, (right_x, cy + d - 10), B, "B", "X")

    def draw_dpad(self, surf, center) -> None:
        cx, cy = center
        u = 26
        held = self.buttons.read()
        pygame.draw.rect(surf, KEY_UP, (cx - u // 2, cy - 3 * u // 2, u, 3 * u), border_radius=5)
        pygame.draw.rect(surf, KEY_UP, (cx - 3 * u // 2, cy - u // 2, 3 * u, u), border_radius=5)
        arrows = ((UP, 0, -1), (DOWN, 0, 1), (LEFT, -1, 0), (RIGHT, 1, 0))
        for bit, dx, dy in arrows:
            ax = cx + dx * u
            ay = cy + dy * u
            color = KEY_DOWN if held & bit else (230, 232, 238)
            tip = (ax + dx * 7, ay + dy * 7)
            side1 = (ax - dy * 6 - dx * 3, ay - dx * 6 - dy * 3)
            side2 = (ax + dy * 6 - dx * 3, ay + dx * 6 - dy * 3)
            pygame.draw.polygon(surf, color, (tip, side1, side2))
        self._label(surf, "[arrows]", (cx, cy + 3 * u // 2 + 10), color=FAINT)
