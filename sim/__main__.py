"""`python -m sim`: the console in a window, or headless for tests and docs.

    python -m sim                                  the default board, 3x, with a frame
    python -m sim --board display_pack_2 --theme light
    python -m sim --headless --seed 7 --keys "DOWN,A,WAIT:500" --screenshot out.png

Run `python -m sim --help` for every option. Exit status: 0 done, 1 the app could not start
(assets not built, no display for the window, a data folder that is a file), 2 bad command
line or key script.
"""

from __future__ import annotations

import argparse
import os
import sys


def _seed(text: str) -> int:
    try:
        return int(text, 0) & 0xFFFFFFFF
    except ValueError:
        raise argparse.ArgumentTypeError("not an integer: %r" % text) from None


def saved_board(data_dir, board_names, default=None) -> str:
    """The board chosen in Settings (settings.json in `data_dir`), when it names one of
    `board_names`; else `default` (pico_lcd_1_3). The file is only read: the app checks it,
    and reports a damaged one, when it starts."""
    import json

    from sim import platform as simplatform

    default = default or simplatform.DEFAULT_BOARD
    if not data_dir:
        return default
    try:
        with open(os.path.join(str(data_dir), "settings.json"), encoding="utf-8") as f:
            f.readline()                   # core.storage's header line
            board = json.loads(f.read()).get("board")
    except (OSError, ValueError, AttributeError):
        return default
    return board if board in board_names else default


def build_parser(board_names) -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="python -m sim",
        description="Desktop simulator: runs the console firmware in a pygame window.",
        epilog="Keys: arrows = d-pad, Z = A, X = B, A = X, S = Y, Esc/Enter = MENU, "
               "F1 = key help, F12 = screenshot. Key script tokens: UP DOWN LEFT RIGHT A B X "
               "Y MENU (tap), a chord such as B+X, HOLD:NAME:MS, WAIT:MS, SHOT:name; a "
               "button the board lacks is refused.")
    ap.add_argument("--board", choices=board_names,
                    help="board profile (default: the one chosen in Settings, else "
                    "pico_lcd_1_3)")
    ap.add_argument("--scale", type=int, choices=(1, 2, 3, 4),
                    help="window pixels per device pixel (default 3, or 2 for 320 wide)")
    ap.add_argument("--frame", action=argparse.BooleanOptionalAction, default=True,
                    help="draw a handheld around the screen (default: on)")
    ap.add_argument("--seed", type=_seed, help="first random seed (default: fresh)")
    ap.add_argument("--lang", choices=("en", "fr"), help="language for this run (not saved)")
    ap.add_argument("--theme", choices=("dark", "light", "contrast"),
                    help="theme for this run (not saved)")
    ap.add_argument("--data-dir", help="folder for settings and saves (default: sim-fs/ in "
                    "the repo; a temporary folder with --headless)")
    ap.add_argument("--headless", action="store_true",
                    help="no window: virtual clock, run the key script, save screenshots")
    ap.add_argument("--keys", default="", help='key script, e.g. "DOWN,A,WAIT:500,SHOT:menu"')
    ap.add_argument("--screenshot", help="PNG of the final screen (headless: after the script "
                    "and 1.5 s more; window: when it closes)")
    ap.add_argument("--shots", help="folder for SHOT:name screenshots (default: next to "
                    "--screenshot)")
    return ap


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if "--headless" in argv:
        # Before anything imports pygame: no window, no audio device.
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    from sim import headless
    from sim import platform as simplatform

    args = build_parser(simplatform.board_names()).parse_args(argv)
    if args.board is None:
        folder = args.data_dir or (None if args.headless else simplatform.WINDOW_DATA_DIR)
        args.board = saved_board(folder, simplatform.board_names())
    try:
        actions = headless.parse_keys(args.keys, args.board)
    except headless.KeyScriptError as exc:
        print("python -m sim: error: %s" % exc, file=sys.stderr)
        return 2
    shots = args.shots
    if shots is None and args.screenshot:
        shots = os.path.dirname(os.path.abspath(args.screenshot))
    if shots is None and any(a.kind == "shot" for a in actions):
        print("python -m sim: error: SHOT tokens need --shots DIR or --screenshot FILE",
              file=sys.stderr)
        return 2
    asset_dir = simplatform.DEFAULT_ASSET_DIR
    if not asset_dir.is_dir():
        print("python -m sim: %s is missing: build the assets first (make assets)" % asset_dir,
              file=sys.stderr)
        return 1

    if args.headless:
        try:
            result = headless.run(actions, board=args.board, seed=args.seed, lang=args.lang,
                                  theme=args.theme, data_dir=args.data_dir, shots=shots)
        except NotADirectoryError as exc:   # the data folder is a file
            print("python -m sim: %s" % exc, file=sys.stderr)
            return 1
        except OSError as exc:   # e.g. an asset file missing: app.start() cannot load it
            print("python -m sim: the app could not start: %s (make assets?)" % exc,
                  file=sys.stderr)
            return 1
        if args.screenshot:
            result.platform.display.save_png(args.screenshot)
        app = result.app
        print("headless: %s, %d ms, %d frames drawn, %d bytes flushed%s"
              % (args.board, result.elapsed_ms, app.frames_drawn, sum(result.bytes_flushed),
                 ", screenshot " + args.screenshot if args.screenshot else ""))
        if app.errors:
            print("headless: warning: the app hit %d error(s); its log.txt:\n%s"
                  % (app.errors, result.log[-2000:]), file=sys.stderr)
        return 0

    from sim import vpico_frontend

    if not vpico_frontend.can_open_window():
        # SDL would fall back to a window nobody sees, and the loop would never end.
        print("python -m sim: " + vpico_frontend.NO_DISPLAY, file=sys.stderr)
        return 1
    from core.app import App
    from sim import window

    try:
        plat = simplatform.SimPlatform(board=args.board, data_dir=args.data_dir, seed=args.seed)
    except OSError as exc:      # e.g. the data folder is a file
        print("python -m sim: %s" % exc, file=sys.stderr)
        return 1
    app = App(plat)
    try:
        app.start()
    except OSError as exc:
        print("python -m sim: the app could not start: %s (make assets?)" % exc, file=sys.stderr)
        return 1
    headless.apply_overrides(app, args.lang, args.theme)
    win = window.Window(app, plat, scale=args.scale, frame=args.frame, keys=actions,
                        shots=shots, screenshot=args.screenshot)
    print("sim: %s, data in %s (F1: keys)" % (args.board, plat.data_dir), flush=True)
    try:
        win.run()
    except KeyboardInterrupt:  # Ctrl+C in the terminal: leave quietly
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
