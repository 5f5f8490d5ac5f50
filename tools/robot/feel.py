"""What the robot presses for what makes the console feel like one: sleep and wake, a power cut
and the power-on that brings the game back, and a card held to be seen whole.

Each is a function of the robot's Driver (tools.robot.driver) that presses as a person does
on the board, checks what a person would see, and returns its failures (strings, empty when
all is well). The robot plays one at a turn of the person when its plan says so (Plan.feel,
Plan.feel_at; tools.robot.player.feel_moment):

    from tools.robot import feel
    failures = feel.sleep_and_wake(driver)      # anywhere: the menu, a setup, a table
    failures = feel.power_cycle(driver)         # a table of a game in progress on top
    failures = feel.inspect(driver)             # a table that shows its card held (A held)

A power cycle cannot be written in one key script (the simulator's script has no power
token): `driver.cuts` lists where the script was cut (indexes into driver.tokens), and
`replay_lines(driver, folder)` gives one `python -m sim --headless` command per power-on,
sharing a data folder, that replays the run.
"""

from __future__ import annotations

from sim import headless
from sim import platform as simplatform
from tools.robot.watch import find_table, scene_name

SLEEP_HOLD_MS = 1200        # the gesture's second and a little more
ASLEEP_MS = 3000            # how long the robot leaves it asleep
POWER_ON_MS = 6000          # from power-on to the table, at most (the virtual clock)
REPLAY_MS = 2000            # from the table on top to its last move played again, at most
HOLD_A_MS = 700             # a hold of A (core.input: HOLD after 400 ms)


def sleep_gesture(board: str) -> tuple[str, int]:
    """The key script token of the board's sleep gesture and its button bits: MENU held on
    the joystick boards, X and Y held together on the Display Pack 2.0 (docs/POWER.md)."""
    if simplatform.board_profile(board)["four_buttons"]:
        return "HOLD:X+Y:%d" % SLEEP_HOLD_MS, headless.button_bit("X+Y")
    return "HOLD:MENU:%d" % SLEEP_HOLD_MS, headless.button_bit("MENU")


def _state(driver):
    app = driver.app
    table = find_table(app)
    moves = len(table.session.actions) if table is not None else -1
    return (id(app.top), len(app.stack), moves, driver.screen_hash())


def _hold(driver, token: str, bits: int, ms: int) -> None:
    driver.tokens.append(token)
    driver.presses += 1
    driver.runner.press(bits, ms)


def sleep_and_wake(driver, wake: str = "A") -> list[str]:
    """The sleep gesture, a while asleep, then `wake` pressed: asleep at once (backlight 0,
    nothing drawn, nothing moves), awake on the press with the same screen, and that press
    did nothing else."""
    out = []
    app = driver.app
    d = driver.platform.display
    before = _state(driver)
    where = scene_name(app.top)
    token, bits = sleep_gesture(driver.board)
    _hold(driver, token, bits, SLEEP_HOLD_MS)
    if app._idle[1] != 3 or d.backlight_percent != 0:
        return ["sleep: the gesture (%s) on %s did not put it to sleep" % (token, where)]
    drawn = app.frames_drawn
    asleep = _state(driver)
    driver.wait(ASLEEP_MS)
    if app.frames_drawn != drawn:
        out.append("sleep: %d frames drawn while asleep on %s" % (app.frames_drawn - drawn,
                                                                  where))
    if _state(driver)[2] != asleep[2]:
        out.append("sleep: the game moved while asleep on %s" % where)
    # The waking press as a plain tap (the same key script token), looked at on the first
    # frame awake: the deadlines on screen (a pair face up) then run on, as they should.
    runner = driver.runner
    bit = headless.button_bit(wake)
    driver.tokens.append(wake)
    driver.presses += 1
    runner.down(bit)
    end = runner.t + headless.PRESS_MS
    while app._idle[1] == 3 and runner.t < end:
        runner.run_until(runner.t + 1)
    runner.run_until(min(end, runner.t + 1))      # the first step awake
    after = _state(driver)
    runner.run_until(end)
    runner.up(bit)
    runner.run_until(runner.t + headless.GAP_MS)
    if app._idle[1] != 0 or d.backlight_percent == 0:
        out.append("sleep: %s did not wake it on %s" % (wake, where))
    if after[:3] != asleep[:3]:
        out.append("sleep: the press that woke it (%s) acted on %s" % (wake, where))
    if after[3] != asleep[3]:
        out.append("sleep: the screen woke different from how it fell asleep on %s" % where)
    if asleep[:3] != before[:3]:
        out.append("sleep: the gesture acted on %s before sleeping" % where)
    return out


def power_cycle(driver) -> list[str]:
    """A power cut at a table of a game in progress, then power-on: the same game's table is
    on top again within POWER_ON_MS without a press, with every move, and its last message
    on screen again; one press of B from there would be the way to the menu (not pressed)."""
    app = driver.app
    table = find_table(app)
    if table is None or table.demo or table.session.is_over():
        return []
    game = table.session.game_id
    moves = len(table.session.actions)
    last = table.history.lines[-1] if getattr(table, "history", None) and \
        table.history.lines else None
    # The cut: this app is gone mid-frame, as on a board when the power goes.
    driver.runner.__exit__(None, None, None)
    cuts = getattr(driver, "cuts", None)
    if cuts is None:
        cuts = driver.cuts = []
    cuts.append(len(driver.tokens))
    on_frame = driver.runner.on_frame
    runner = headless.Runner(board=driver.board, seed=driver.seed, lang=driver.lang,
                             data_dir=driver.data_dir)
    runner.on_frame = on_frame
    driver.runner = runner
    driver.app = runner.app
    driver.platform = runner.platform
    runner.__enter__()
    app = runner.app
    waited = 0
    while waited < POWER_ON_MS:
        top = app.top
        if find_table(app) is top and top is not None:
            break
        driver.wait(100)
        waited += 100
    table = find_table(app)
    if table is None or app.top is not table:
        return ["power-on: %s's table was not back after %d ms (top: %s)"
                % (game, POWER_ON_MS, scene_name(app.top))]
    out = []
    # The last move is played again once the table's first frame is up (kit.resume): its
    # move count reaches the one cut a frame or two after the table is on top.
    waited = 0
    while len(table.session.actions) < moves and waited < REPLAY_MS:
        driver.wait(50)
        waited += 50
    if table.session.game_id != game or len(table.session.actions) != moves:
        out.append("power-on: %s at move %d came back as %s at move %d" % (
            game, moves, table.session.game_id, len(table.session.actions)))
    shown = table.history.lines[-1] if table.history.lines else None
    if last is not None and shown is None:
        out.append("power-on: %s's last message (%r) was not shown again" % (game, last))
    return out


def inspect(driver) -> list[str] | None:
    """A on a table that shows the card under the cursor while A is held (its hold_buttons
    hold A; the game's learn.inspect_card has one): held, the card is shown whole (an overlay
    on top, its name given) and no move is made; let go, the table is back whole. None
    (nothing pressed) when the screen on top shows no card that way now."""
    app = driver.app
    top = app.top
    if top is None or not (getattr(top, "hold_buttons", 0) & headless.button_bit("A")):
        return None
    from kit import learn

    mod = learn.game(top)
    card = mod.inspect_card(top) if mod is not None else None
    learn.drop(top)
    if not card:
        return None         # nothing under the cursor to show
    table = find_table(app)
    moves = len(table.session.actions) if table is not None else -1
    runner = driver.runner
    driver.tokens.append("HOLD:A:%d" % HOLD_A_MS)
    driver.presses += 1
    bit = headless.button_bit("A")
    runner.down(bit)
    runner.run_until(runner.t + HOLD_A_MS)
    out = []
    shown = app.top
    if shown is top:
        out.append("inspect: A held %d ms on %s showed nothing" % (HOLD_A_MS, scene_name(top)))
    elif getattr(shown, "name", None) != card[1]:
        out.append("inspect: %s shown for the card named %r" % (scene_name(shown), card[1]))
    runner.up(bit)
    runner.run_until(runner.t + headless.GAP_MS)
    if app.top is not top:
        out.append("inspect: %s stayed on top after A was let go" % scene_name(app.top))
    if table is not None and len(table.session.actions) != moves:
        out.append("inspect: holding A made a move on %s" % scene_name(top))
    if not out:
        # Nothing of the card left on the table: drawing it whole again changes no pixel.
        # (Not "as before A": the table's own timers ran on meanwhile, a pair turned back.)
        shown = driver.screen_hash()
        top.invalidate()
        driver.wait(40)
        if driver.screen_hash() != shown:
            out.append("inspect: the table drawn whole after the card was shown differs from "
                       "what was on the screen")
    return out


def replay_lines(driver, folder: str) -> list[str]:
    """One headless command per power-on (the run's key script cut where the power was),
    all on the data folder `folder`, that replay the run."""
    tokens = driver.tokens
    cuts = [0] + list(getattr(driver, "cuts", [])) + [len(tokens)]
    out = []
    for a, b in zip(cuts, cuts[1:]):
        out.append("python -m sim --headless --board %s --lang %s --seed %d --data-dir %s "
                   "--keys \"%s\"" % (driver.board, driver.lang, driver.seed, folder,
                                      ",".join(tokens[a:b])))
    return out
