"""Power: the idle screen's dim and off steps, the battery level and its low warning
(docs/POWER.md has the rules, the sources and the figures).

Nothing here is loaded at boot. core.app keeps what must be watched every frame (when the last
button or drawn frame was, waking up and swallowing the button that woke it) and imports this
module only when the console has been idle for IDLE_MS (`tick`: dim, then off), or, on boards
whose platform can tell the battery voltage (`battery()`: mV while on battery, None on USB
power), once a minute (`step`: the low warning) and when the main menu draws its title
(`level`). Boards that cannot tell have no `battery`.

Sleep (`sleep`): the sleep gesture (core.input: MENU held about a second; X and Y together on
the Display Pack 2.0) puts the console to sleep at once: screen, backlight, light and sound
off; nothing moves or is drawn until a button is pressed once every button has been let go;
that press only wakes it (the app swallows it until it is released) and everything is as it
was. The game in progress is saved after every action anyway. While asleep the device waits
in `platform.doze` (machine.lightsleep, a button's edge waking it: docs/POWER.md "Sleep");
elsewhere the loop polls the buttons every _ASLEEP_POLL_MS.

Levels: Pimoroni's reference voltages for a single Li-ion / LiPo cell on a Pico's VSYS (4.2 V
full, 2.8 V empty; their pimoroni_pico_lipo examples), linear in between, clamped to 0..100.
"""

import time

from micropython import const

_FULL_MV = const(4200)
_EMPTY_MV = const(2800)
_LOW_PERCENT = const(15)      # the warning (about 3.0 V on VSYS)
_REARM = const(5)           # a warning again only after the level rose 5 points above LOW
_ASLEEP_POLL_MS = const(20)   # asleep without doze: the buttons are read this often (a
                              # tap lasts longer; App.run looks every 4 ms anyway)
_DOZE_MS = const(100)         # one machine.lightsleep at most (a button's edge ends it sooner)


def sleep(app, raw):
    """The sleep gesture (raw -1: fall asleep now), or one look at the buttons while asleep
    (raw: the buttons held now). Returns the ms until the app's next step."""
    i = app._idle
    p = app.platform
    d = p.display
    if raw < 0:
        i[1] = 3
        i[3] = 1                    # the gesture's buttons are still down: wait for them
        i[0] = p.ticks_ms()         # asleep since (a message's time stands still)
        if i[6] is not None:
            i[6](None)              # silence
        app.led(False)
        app.input.reset()           # nothing queued behind the gesture reaches a screen
        d.backlight(0)
        off = getattr(d, "sleep", None)
        if off is not None:
            off(True)               # the panel's own sleep: its picture is kept
        return 0
    doze = getattr(p, "doze", None)
    pressed = False
    if doze is not None:
        pressed = doze(_DOZE_MS)     # True: a button's edge woke it (released since?)
    if i[3]:
        if not raw:
            i[3] = 0                # let go: the next press wakes it
        return 0 if doze is not None else _ASLEEP_POLL_MS
    if not raw and not pressed:
        return 0 if doze is not None else _ASLEEP_POLL_MS
    # Awake: as it was. The press that woke it does nothing (swallowed until released), the
    # message on screen has the reading time it had left (its clock stood still), and so do
    # the scenes' own deadlines (scene.slept, e.g. kit.table.Table: the AI's pause).
    now = p.ticks_ms()
    gone = time.ticks_diff(now, i[0])
    t = app._toast
    if t[0] and t[1]:
        t[1] = time.ticks_add(t[1], gone)  # type: ignore
    for scene in app.stack:
        slept = getattr(scene, "slept", None)   # a scene with deadlines of its own
        if slept is not None:
            slept(gone)
    i[1] = 0
    i[3] = 1
    i[0] = now
    if doze is not None:
        doze(0)                     # the buttons' wake-up interrupts off
    on = getattr(d, "sleep", None)
    if on is not None:
        on(False)
    d.backlight(app.settings["brightness"] if app.settings else 80)
    return 0


def tick(app, now):
    """Idle since app._idle[0] (no button, no frame drawn): dim the backlight after the
    dim_after_s setting, turn it off after off_after_s (0: never), each once."""
    s = app.settings
    if not s:
        return
    i = app._idle
    idle = time.ticks_diff(now, i[0]) // 1000
    off = s.get("off_after_s", 0)
    dim = s.get("dim_after_s", 0)
    lvl = 2 if off and idle >= off else 1 if dim and idle >= dim else 0
    if lvl > i[1]:
        i[1] = lvl
        app.platform.display.backlight(0 if lvl == 2 else dim_percent(s.get("brightness", 80)))


def dim_percent(brightness):
    """The dimmed backlight: a quarter of the brightness setting, at least 5 %."""
    return max(brightness // 4, 5)


def percent(mv):
    """Battery level in percent for a VSYS of `mv` millivolts (0..100)."""
    if mv >= _FULL_MV:
        return 100
    if mv <= _EMPTY_MV:
        return 0
    return (mv - _EMPTY_MV) * 100 // (_FULL_MV - _EMPTY_MV)


def level(platform):
    """The battery level in percent, or None (on USB power, or the board cannot tell)."""
    read = getattr(platform, "battery", None)
    if not read:
        return None
    try:
        mv = read()
    except Exception:  # noqa: BLE001 - a pin or ADC that fails: the board cannot tell
        return None
    return None if mv is None else percent(mv)


def step(app):
    """Warn once when the battery runs low (the game in progress is saved after every action
    anyway); again only after it has been charged above the threshold. Returns the level."""
    pct = level(app.platform)
    i = app._idle
    if i[8] != pct:
        i[8] = pct                  # the hint bars show it (ui.widgets.hint_bar)
        app.invalidate_all()
    warned = getattr(app, "battery_warned", False)
    if pct is not None and pct <= _LOW_PERCENT:
        if not warned:
            from core import strings

            app.battery_warned = True
            app.toast(strings.t("battery_low_msg"))
    elif warned and (pct is None or pct > _LOW_PERCENT + _REARM):
        app.battery_warned = False
    return pct
