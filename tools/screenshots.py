"""Headless screenshots of the console's and the games' screens, for the docs (docs/img/) and
the golden-image tests (tests/test_golden_screens.py). The one writer of docs/img/ and of
tests/golden/screens.json: regenerate on purpose, never from a test.

    python -m tools.screenshots                  # (re)write docs/img/*.png + the golden hashes
    python -m tools.screenshots --check          # compare only: list what differs (exit 1)
    python -m tools.screenshots --out DIR        # somewhere else (the hashes are not touched)
    python -m tools.screenshots --only menu,error

Every picture comes from sim.headless (the real app on a virtual clock), so the same inputs
give the same pixels every time; PNGs are written by Pillow with fixed settings, so the same
pixels give the same bytes. Pictures are device pixels (240x240 unless the board says
otherwise), no window frame.

Screens that the menus do not reach on their own (the error screen, the widget gallery) are
opened through run()'s setup hook. The failing scene of the error screen is compiled under a
fixed file name so the traceback line it shows does not depend on where the repo lives.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import namedtuple
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS_IMG = ROOT / "docs" / "img"
SEED = 1
BOOT = "WAIT:1600"   # past the 1.5 s splash

GOLDEN = ROOT / "tests" / "golden" / "screens.json"

# keys: key script, shot name "shot" is the picture; board / lang / theme as in sim.headless;
# settle: sim.headless's settle_ms (None: its default).
Shot = namedtuple("Shot", "name keys board lang theme setup about settle", defaults=(None,))

# UP from the first row reaches About, UP twice Settings, whether or not games are registered
# (with none, the cursor starts on Settings and skips the disabled "no games" row).
_MENU = BOOT + ",SHOT:shot"
_SETTINGS = BOOT + ",UP,UP,A,WAIT:300,SHOT:shot"
_ABOUT = BOOT + ",UP,A,WAIT:300,SHOT:shot"

_BROKEN_SOURCE = '''
from core.app import Scene


class DemoTable(Scene):
    def draw(self, c, full):
        raise ValueError("demo: card 53 is not in the deck")
'''
BROKEN_FILE = "games/demo/view.py"


def broken_scene():
    """A scene whose draw raises, as a game bug would (for the error screen)."""
    scope: dict = {"__name__": "games.demo.view"}
    exec(compile(_BROKEN_SOURCE, BROKEN_FILE, "exec"), scope)
    return scope["DemoTable"]()


def setup_error(app):
    app.start()
    app.push(broken_scene())


def setup_gallery(app):
    from screens.gallery import Gallery
    from screens.main_menu import MainMenu

    app.start()
    app.replace(MainMenu())
    app.push(Gallery())


SHOTS = (
    Shot("splash", "WAIT:700,SHOT:shot", "pico_lcd_1_3", None, None, None,
         "boot splash (0.7 s after power-on)"),
    Shot("menu", _MENU, "pico_lcd_1_3", None, None, None, "main menu"),
    Shot("menu_down", BOOT + ",DOWN,SHOT:shot", "pico_lcd_1_3", None, None, None,
         "main menu after DOWN"),
    Shot("settings", _SETTINGS, "pico_lcd_1_3", None, None, None, "settings"),
    Shot("about", _ABOUT, "pico_lcd_1_3", None, None, None, "about"),
    Shot("error", "WAIT:300,SHOT:shot", "pico_lcd_1_3", None, None, setup_error,
         "error screen (a scene raised)"),
    Shot("gallery", "WAIT:300,SHOT:shot", "pico_lcd_1_3", None, None, setup_gallery,
         "widget gallery"),
    Shot("menu_240x135", _MENU, "pico_lcd_1_14", None, None, None,
         "main menu, Pico-LCD-1.14 (240x135)"),
    Shot("menu_320x240", _MENU, "display_pack_2", None, None, None,
         "main menu, Display Pack 2.0 (320x240)"),
    Shot("menu_light", _MENU, "pico_lcd_1_3", None, "light", None, "main menu, light theme"),
    Shot("menu_contrast", _MENU, "pico_lcd_1_3", None, "contrast", None,
         "main menu, high-contrast theme"),
    Shot("menu_fr", _MENU, "pico_lcd_1_3", "fr", None, None, "main menu in French"),
    Shot("settings_fr", _SETTINGS, "pico_lcd_1_3", "fr", None, None, "settings in French"),
)
NAMES = tuple(s.name for s in SHOTS)

# -- the games' screens ------------------------------------------------------------------------
# Each opens a game's scene straight from a setup hook, with a session built from a fixed
# seed (and AI moves where the picture needs a game under way).
SQUARE, WIDE, PACK = "pico_lcd_1_3", "pico_lcd_1_14", "display_pack_2"


def _setup_screen(app, game_id):
    """The game's setup screen, opened as the main menu opens it (kit.setup finds its Spec)."""
    import registry
    from kit import setup

    return setup.entry_scene(app, registry.find(game_id))


def _game_strings(game_id):
    """Merge a game's strings as its own screens do: kit.lang's convention (lang_en.py /
    lang_fr.py) when the game has it, else its older table module."""
    import importlib
    import importlib.util

    from core import strings

    package = "games." + game_id
    if importlib.util.find_spec(package + ".lang_en") is not None:
        from kit import lang as kit_lang

        kit_lang.load(package, game_id)
        return
    for part, attr in (("strings", "TABLES"), ("lang", "TABLES"), ("lang", "tables")):
        if importlib.util.find_spec(package + "." + part) is None:
            continue
        got = getattr(importlib.import_module(package + "." + part), attr, None)
        if got is not None:
            strings.add(got() if callable(got) else got)
            return


def _memory_table(size, players=2, actions=(), seed=5, preview=True):
    def setup(app):
        from core.session import Session
        from games.memory import rules, view

        app.start()
        _game_strings("memory")
        seats = ["human", "hard"] if players == 2 else ["human"]
        session = Session("memory", rules, {"players": players, "size": size,
                                            "preview": preview}, seats, seed)
        for a in actions(session.state) if callable(actions) else actions:
            session.apply(a)
        app.push(view.GameScene(session))
    return setup


def _memory_location_pair(state):
    """A Location pair with the first two cards of one location on the board."""
    from games.memory import rules

    where = {}
    for i in range(state.size):
        where.setdefault(state.slots[i] >> 2, []).append(i)
    a, b = where[state.slots[0] >> 2][:2]
    return [rules.ACT_MODE + rules.LOCATION, a, b]


def _m252_table(n=0, seed=5):
    """Match 2-52 after AI moves for both seats until n actions are played and the human
    (seat 0) is to start an action, or the game is over."""
    def setup(app):
        from core.rng import Rng
        from core.session import Session
        from games.match252 import ai, rules, view

        app.start()
        _game_strings("match252")
        s = Session("match252", rules, {"players": 2, "first": 0}, ["human", "hard"], seed)
        rng = Rng(3)
        st = s.state
        while not st.is_over() and (len(s.actions) < n or st.current_player != 0
                                    or st.phase != rules.ACT):
            s.apply(ai.choose(st, st.current_player, "normal", rng))
        app.push(view.GameScene(s))
    return setup


MC_OPTIONS = {"reshuffle": False, "quick": False, "length": "standard"}


def _mc_base(app, language="en"):
    """What App.start() does, without the splash: settings, strings, theme, assets, menu."""
    from core import storage, strings
    from screens.main_menu import MainMenu

    app.settings, _ = storage.load_settings(app.platform.data_dir)
    app.settings["ai_speed"] = "fast"
    strings.load(language)
    app.apply_theme("dark")
    app.load_assets()
    app.push(MainMenu())


def _mc_session(seed=5, players=3):
    from core.session import Session
    from games.match_collect import rules

    opts = dict(MC_OPTIONS, players=players)
    return Session("match_collect", rules, opts, ["human"] + ["normal"] * (players - 1), seed)


def _mc_pending(seed_range=range(1, 40)):
    """A 2-player game where seat 0 (made human) must answer a Guide or Offering choice."""
    from core.session import Session
    from games.match_collect import ai, rules

    kinds = (rules.P_GUIDE_KEEP, rules.P_OFFER_TAKE, rules.P_OFFER_RETURN, rules.P_OFFER_SWAP,
             rules.P_GUIDE_ORDER)
    for seed in seed_range:
        s = Session("match_collect", rules, dict(MC_OPTIONS, players=2), ["hard", "hard"], seed)
        while not s.is_over() and len(s.actions) < 400:
            st = s.state
            if st.current_player == 0 and st.phase == rules.PH_CHOICE and st.pending in kinds:
                s.seats[0] = "human"
                return s
            s.apply(s.ai_choose(ai))
    raise AssertionError("no such choice in the seeds tried")


def _mc_round_end(seed=5, players=3):
    from core.session import Session
    from games.match_collect import ai, rules

    s = Session("match_collect", rules, dict(MC_OPTIONS, players=players), ["hard"] * players,
                seed)
    while not s.state.round_results:
        s.apply(s.ai_choose(ai))
    s.seats[0] = "human"
    return s


def _mc_push_table(app, session):
    from games.match_collect import view

    _game_strings("match_collect")
    app.push(view.Table(session))


def _mc_table(factory=_mc_session, language="en", summary=False):
    def setup(app):
        _mc_base(app, language)
        session = factory()
        _mc_push_table(app, session)
        if summary:
            from games.match_collect import view

            table = app.top
            app.push(view.sub("summary").Summary(table, session.state.round_results[0], False))
    return setup


def _mc_setup_screen(app):

    _mc_base(app)
    app.push(_setup_screen(app, "match_collect"))


def _mc_meld_keys():
    """Keys that pick the first three cards of one symbol in the symbol-sorted hand."""
    from games.match_collect import rules, view

    hand = sorted(_mc_session().state.hands[0], key=view.sort_key("symbol"))
    for i in range(len(hand)):
        for j in range(i + 1, len(hand)):
            for k in range(j + 1, len(hand)):
                if rules.classify_meld([hand[i], hand[j], hand[k]]):
                    keys = []
                    at = 0
                    for idx in (i, j, k):
                        keys += ["RIGHT"] * (idx - at) + ["A"]
                        at = idx
                    return ",".join(keys)
    raise AssertionError("no meld of three in this hand")


class _Lazy:
    """A key script computed when first used (it needs the game's modules)."""

    def __init__(self, fn, tail):
        self.fn = fn
        self.tail = tail

    def __str__(self):
        return self.fn() + self.tail


GAME_SHOTS = (
    Shot("memory_16", "WAIT:300,SHOT:shot", SQUARE, None, None,
         _memory_table(16, actions=lambda s: [0], preview=False), "Memory, 16 cards", 0),
    Shot("memory_32", "WAIT:300,SHOT:shot", SQUARE, None, None,
         _memory_table(32, actions=lambda s: [64 + 1, 0], preview=False),
         "Memory, 32 cards, symbol mode", 0),
    Shot("memory_64", "WAIT:800,SHOT:shot", SQUARE, None, None, _memory_table(64),
         "Memory, 64 cards, preview", 0),
    Shot("memory_64_board", "WAIT:4000,DOWN,RIGHT,A,SHOT:shot", SQUARE, None, None,
         _memory_table(64), "Memory, 64 cards, a card flipped", 0),
    Shot("memory_bonus_offer", "WAIT:2000,SHOT:shot", SQUARE, None, None,
         _memory_table(32, players=1, actions=_memory_location_pair, preview=False),
         "Memory, the Location bonus offer", 0),
    Shot("memory_32_240x135", "WAIT:800,SHOT:shot", WIDE, None, None, _memory_table(32),
         "Memory, 32 cards, 240x135", 0),
    Shot("memory_64_320x240", "WAIT:4000,SHOT:shot", PACK, None, None,
         _memory_table(64, actions=lambda s: [5]), "Memory, 64 cards, 320x240", 0),
    Shot("match252_table", "WAIT:300,RIGHT,WAIT:100,SHOT:shot", SQUARE, None, None,
         _m252_table(14), "Match 2-52, the table"),
    Shot("match252_table_240x135", "WAIT:300,SHOT:shot", WIDE, None, None,
         _m252_table(22, seed=9), "Match 2-52, 240x135"),
    Shot("match252_table_320x240", "WAIT:300,SHOT:shot", PACK, None, None,
         _m252_table(30, seed=4), "Match 2-52, 320x240"),
    Shot("match252_result", "WAIT:2500,SHOT:shot", SQUARE, None, None,
         _m252_table(10000, seed=12), "Match 2-52, the result"),
    Shot("match_collect_setup", "SHOT:shot", SQUARE, None, None, _mc_setup_screen,
         "Match & Collect, setup screen", 300),
    Shot("match_collect_table", "SHOT:shot", SQUARE, None, None, _mc_table(),
         "Match & Collect, the table", 300),
    Shot("match_collect_table_240x135", "SHOT:shot", WIDE, None, None, _mc_table(),
         "Match & Collect, 240x135", 300),
    Shot("match_collect_table_320x240", "SHOT:shot", PACK, None, None, _mc_table(),
         "Match & Collect, 320x240", 300),
    Shot("match_collect_table_fr", "SHOT:shot", SQUARE, None, None, _mc_table(language="fr"),
         "Match & Collect in French", 300),
    Shot("match_collect_meld_preview", _Lazy(_mc_meld_keys, ",SHOT:shot"), SQUARE, None, None,
         _mc_table(), "Match & Collect, a meld being built", 300),
    Shot("match_collect_actions", "B,SHOT:shot", SQUARE, None, None, _mc_table(),
         "Match & Collect, the actions menu", 300),
    Shot("match_collect_wonder_choice", "SHOT:shot", SQUARE, None, None,
         _mc_table(_mc_pending), "Match & Collect, a Wonder's choice", 300),
    Shot("match_collect_round_summary", "SHOT:shot", SQUARE, None, None,
         _mc_table(_mc_round_end, summary=True), "Match & Collect, the round summary", 300),
)


def _cauldron_table(n=0, seed=5, players=3, state_hook=None):
    """Cauldron (human + Hard AIs, Recipes on) after AI moves until n actions are played and
    seat 0 is to take from a line (as tests/test_cauldron_view.py builds it)."""
    def setup(app):
        from core.rng import Rng
        from core.session import Session
        from games.cauldron import ai, rules, view

        app.start()
        _game_strings("cauldron")
        opts = {"players": players, "recipes": True}
        s = Session("cauldron", rules, opts, ["human"] + ["hard"] * (players - 1), seed, None)
        rng = Rng(3)
        st = s.state
        while not st.is_over() and (len(s.actions) < n or st.current_player != 0
                                    or st.phase != rules.ACT):
            s.apply(ai.choose(st, st.current_player, "normal", rng))
        if state_hook is not None:
            state_hook(s)
        app.push(view.Table(s))
    return setup


def _cauldron_perluceo(s):
    """A Perluceo on the line and three cards in seat 0's cauldron (a look to show)."""
    from games.cauldron.board import LINE_CELLS

    st = s.state
    st.grid[LINE_CELLS[st.line][0]] = 82
    st.cauldrons[0] = [0, 9, 33]
    st.placed[0] = [1, 2, 3]
    st.pile = [c for c in st.pile if c not in (82, 0, 9, 33)]
    st.out = [c for c in st.out if c not in (82, 0, 9, 33)]
    grid_cards = set(st.grid)
    for c in (0, 9, 33):
        if c in grid_cards:
            st.grid[list(st.grid).index(c)] = st.pile.pop()
    st.out = [c for c in range(84) if c not in set(st.grid) | set(st.pile) | {0, 9, 33}
              and not any(c in x for x in st.cauldrons + st.spells)]


def _cauldron_finish(s):
    from core.rng import Rng
    from games.cauldron import ai

    rng = Rng(4)
    while not s.state.is_over():
        s.apply(ai.choose(s.state, s.state.current_player, "hard", rng))


def _cauldron_setup_screen(app):

    app.start()
    app.push(_setup_screen(app, "cauldron"))


GAME_SHOTS += (
    Shot("cauldron_board_pico_lcd_1_3", "WAIT:300,SHOT:shot", SQUARE, None, None,
         _cauldron_table(20, players=4), "Cauldron, 4 players"),
    Shot("cauldron_board_pico_lcd_1_14", "WAIT:300,SHOT:shot", WIDE, None, None,
         _cauldron_table(20, players=4), "Cauldron, 240x135"),
    Shot("cauldron_board_display_pack_2", "WAIT:300,SHOT:shot", PACK, None, None,
         _cauldron_table(20, players=4), "Cauldron, 320x240"),
    Shot("cauldron_look", "A,WAIT:300,SHOT:shot", SQUARE, None, None,
         _cauldron_table(0, state_hook=_cauldron_perluceo), "Cauldron, a Perluceo look"),
    Shot("cauldron_result", "WAIT:6000,SHOT:shot", SQUARE, None, None,
         _cauldron_table(0, state_hook=_cauldron_finish), "Cauldron, the result"),
    Shot("cauldron_setup", "WAIT:300,DOWN,DOWN,DOWN,A,WAIT:300,SHOT:shot", SQUARE, None, None,
         _cauldron_setup_screen, "Cauldron, setup screen"),
)
def _sl_mid_turn(st):
    """Seat 0 to move after a draw, both piles still up, well into the round."""
    from games.shadowlock import rules

    return st.current_player == 0 and st.phase == rules.ACT and st.drawn >= 1 and \
        len(st.piles[0]) > 0 and len(st.piles[1]) > 0 and st.turn_no > 10


def _sl_validation(st):
    from games.shadowlock import rules

    return st.phase == rules.P_VALIDATE and st.current_player == 0


def _sl_table(until=_sl_mid_turn, players=3, seed=5, options=None, language="en"):
    """Shadow Lock, seat 0 human against Hard AIs, after Easy moves for every seat (a fixed
    Rng; Easy, so the pictures do not move when Normal or Hard are tuned) until `until`."""
    def setup(app):
        from core import strings
        from core.rng import Rng
        from core.session import Session
        from games.shadowlock import ai, rules, view

        app.start()
        app.settings["ai_speed"] = "fast"
        if language != "en":
            strings.load(language)
        _game_strings("shadowlock")
        opts = {"players": players}
        opts.update(options or {})
        s = Session("shadowlock", rules, opts, ["human"] + ["hard"] * (players - 1), seed,
                    None)
        rng = Rng(3)
        st = s.state
        while not st.is_over() and not until(st):
            s.apply(ai.choose(st, st.current_player, "easy", rng))
        app.push(view.Table(s))
    return setup


def _sl_setup_screen(app):

    app.start()
    app.push(_setup_screen(app, "shadowlock"))


_SL_ODDS = {"odds": True}
GAME_SHOTS += (
    Shot("shadowlock_setup", "WAIT:200,DOWN,DOWN,A,DOWN,DOWN,SHOT:shot", SQUARE, None, None,
         _sl_setup_screen, "Shadow Lock, setup screen (Discovery chosen)"),
    Shot("shadowlock_table_pico_lcd_1_3", "WAIT:300,SHOT:shot", SQUARE, None, None,
         _sl_table(options=_SL_ODDS), "Shadow Lock, the table mid-turn, odds shown"),
    Shot("shadowlock_table_pico_lcd_1_14", "WAIT:300,SHOT:shot", WIDE, None, None,
         _sl_table(options=_SL_ODDS), "Shadow Lock, 240x135"),
    Shot("shadowlock_table_display_pack_2", "WAIT:300,SHOT:shot", PACK, None, None,
         _sl_table(options=_SL_ODDS), "Shadow Lock, 320x240"),
    Shot("shadowlock_validation", "WAIT:300,SHOT:shot", SQUARE, None, None,
         _sl_table(_sl_validation, players=2, seed=11), "Shadow Lock, round-end validation"),
    Shot("shadowlock_round", "WAIT:300,A,WAIT:400,A,WAIT:400,A,WAIT:3000,SHOT:shot", SQUARE,
         None, None, _sl_table(_sl_validation), "Shadow Lock, a round's summary"),
    Shot("shadowlock_round_fr", "WAIT:300,A,WAIT:400,A,WAIT:400,A,WAIT:3000,DOWN,DOWN,SHOT:shot",
         WIDE, None, None, _sl_table(_sl_validation, players=4, language="fr"),
         "Shadow Lock, a round's summary scrolled to its end, 240x135, French"),
    Shot("shadowlock_browse", "WAIT:300,MENU,WAIT:100,DOWN,DOWN,DOWN,DOWN,A,WAIT:200,SHOT:shot",
         SQUARE, None,
         None, _sl_table(), "Shadow Lock, every player's pile and scorecard"),
    Shot("shadowlock_over", "WAIT:2500,SHOT:shot", SQUARE, None, None,
         _sl_table(lambda st: st.is_over(), players=4, seed=8),
         "Shadow Lock, the final scorecards"),
    Shot("shadowlock_fr", "WAIT:300,SHOT:shot", SQUARE, None, None,
         _sl_table(players=2, language="fr"), "Shadow Lock in French"),
)


def _mf_table(n=12, players=3, seed=5, belt=None, finish=False):
    """Manufactory, seat 0 human against Hard AIs, after Easy drafts for every seat (a fixed
    Rng; Easy, so the pictures do not move when Normal or Hard are tuned) until n actions are
    recorded and seat 0 is to draft, or to the end with `finish` (the table then opens the
    end screen). `belt`: a hand-built position instead (card names: belt, then seat 0's and
    seat 1's collections)."""
    def setup(app):
        from core.rng import Rng
        from core.session import Session
        from games.manufactory import ai, cards, rules, view

        app.start()
        app.settings["ai_speed"] = "fast"
        _game_strings("manufactory")
        s = Session("manufactory", rules, {"players": players, "first": 0},
                    ["human"] + ["hard"] * (players - 1), seed, None)
        if belt is not None:
            ids = [[cards.NAME_NAMES.index(x) for x in part] for part in belt]
            s.state = rules.position(ids[0], deck=ids[1], colls=ids[2:], players=players)
        rng = Rng(3)
        st = s.state
        while not st.is_over() and (finish or len(s.actions) < n or st.current_player != 0
                                    or st.phase != rules.ACT):
            s.apply(ai.choose(st, st.current_player, "easy", rng))
        app.push(view.Table(s))
    return setup


def _mf_setup_screen(app):

    app.start()
    app.push(_setup_screen(app, "manufactory"))


# the declare dialog: a land (Junk Yard) at the front, drafted with A
_MF_DECLARE = (("Junk Yard", "Glass Tube", "Guard Rail", "Mist Fan"),
               ("Seed Sower", "Night Gear", "Fire Drill", "Steel Bolt"),
               ("Spark Plug",), ("Polished Gear",))
GAME_SHOTS += (
    Shot("manufactory_setup", "WAIT:200,RIGHT,WAIT:100,SHOT:shot", SQUARE, None, None,
         _mf_setup_screen, "Manufactory, setup screen (3 players)"),
    Shot("manufactory_table_pico_lcd_1_3", "WAIT:300,SHOT:shot", SQUARE, None, None,
         _mf_table(), "Manufactory, the table, 3 players"),
    Shot("manufactory_table_pico_lcd_1_14", "WAIT:300,SHOT:shot", WIDE, None, None,
         _mf_table(), "Manufactory, 240x135"),
    Shot("manufactory_table_display_pack_2", "WAIT:300,SHOT:shot", PACK, None, None,
         _mf_table(), "Manufactory, 320x240"),
    Shot("manufactory_declare", "WAIT:100,A,WAIT:200,SHOT:shot", SQUARE, None, None,
         _mf_table(0, players=2, belt=_MF_DECLARE), "Manufactory, declaring a land's colour"),
    Shot("manufactory_end", "WAIT:2500,SHOT:shot", SQUARE, None, None,
         _mf_table(finish=True, seed=2), "Manufactory, the end screen"),
)


# -- statistics (kit.stats, kit.stats_screen) ---------------------------------------------------
_STATS_ROWS = {"solo:16": [9, 9, 0, 0, 9, 9, 8], "solo:32": [4, 4, 0, 0, 4, 4, 16],
               "easy:32": [12, 9, 2, 1, 3, 5, 14], "normal:32": [7, 3, 3, 1, 0, 2, 11],
               "hard:32": [5, 1, 4, 0, 0, 1, 9], "normal:64": [2, 1, 1, 0, 1, 1, 21]}


def _stats_screen(menu=False, language=None):
    """Memory's statistics (a made-up record, written as kit.stats writes it); `menu`: the
    main menu's Statistics list instead; `language` set before the screens open (their
    strings are merged then, so run()'s own lang override would come too late)."""
    def setup(app):
        from core import storage, strings

        app.start()
        if language is not None:
            app.settings["lang"] = language
            strings.load(language)
        data = app.platform.data_dir
        storage.save(storage.join(data, "stats_memory.json"), dict(_STATS_ROWS))
        if menu:
            import sys

            __import__("kit.stats_screen")
            app.push(sys.modules["kit.stats_screen"].entry_scene(app, None))
            return
        app.push(_setup_screen(app, "memory"))
        from kit import stats_screen

        stats_screen.open_game(app, "memory")
    return setup


GAME_SHOTS += (
    Shot("stats", "WAIT:300,SHOT:shot", SQUARE, None, None, _stats_screen(),
         "Statistics of a game (Memory: per opponent level and board size)"),
    Shot("stats_240x135", "WAIT:300,SHOT:shot", WIDE, None, None, _stats_screen(),
         "Statistics, 240x135"),
    Shot("stats_fr", "WAIT:300,SHOT:shot", PACK, None, None, _stats_screen(language="fr"),
         "Statistics in French, 320x240"),
    Shot("stats_reset", "WAIT:300,A,WAIT:300,SHOT:shot", SQUARE, None, None, _stats_screen(),
         "Statistics: the reset asks first"),
    Shot("stats_menu", "WAIT:300,SHOT:shot", SQUARE, None, None, _stats_screen(menu=True),
         "Statistics from the main menu: the games"),
    # first-game tips (kit.tips): on for the shots named "tip_..." (see take()); a game with
    # a guide (kit.learn) starts its first game with the guided first turn instead
    Shot("tip_memory", "WAIT:800,SHOT:shot", SQUARE, None, None,
         _memory_table(16, preview=False), "Memory's first game: the guided first turn"),
    Shot("tip_memory_240x135", "WAIT:800,SHOT:shot", WIDE, None, None,
         _memory_table(16, preview=False), "The guided first turn, 240x135"),
)


# -- the console's feel: back at the table at power-on, the battery in the hint bar ------------
def _power_on(game, moves, language=None, seed=5):
    """Power-on with a game in progress (kit.resume): `game` saved after `moves` moves (the
    AI playing both seats, seat 0 then made human), then the app starts as at power-on."""
    def setup(app):
        import registry
        from core.rng import Rng
        from core.session import Session

        rules = registry.load(game, "rules")
        ai = registry.load(game, "ai")
        options = {"players": 2, "first": 0} if game == "match252" else {"players": 2}
        s = Session(game, rules, options, ["normal", "hard"], seed, app.platform.data_dir)
        s.save()
        rng = Rng(3)
        while len(s.actions) < moves or s.state.current_player != 0:
            s.apply(ai.choose(s.state, s.state.current_player, "easy", rng))
        s.seats[0] = "human"
        s._saved = -1
        s.save()                 # the header again, with you at seat 0
        if language is not None:
            from core import storage

            settings, _ = storage.load_settings(app.platform.data_dir)
            settings["lang"] = language
            storage.save_settings(app.platform.data_dir, settings)
        app.start()
    return setup


def _on_battery(mv, inner):
    """`inner`'s screen on a board that runs on battery at `mv` millivolts."""
    def setup(app):
        app.platform.battery = lambda: mv
        inner(app)
    return setup


GAME_SHOTS += (
    Shot("power_on_table", "WAIT:500,SHOT:shot", SQUARE, None, None,
         _power_on("match252", 9), "Power-on with a game in progress: back at its table"),
    Shot("power_on_table_240x135_fr", "WAIT:500,SHOT:shot", WIDE, None, None,
         _power_on("memory", 6, "fr"), "Power-on back at the table, 240x135, in French"),
    Shot("battery_hint_bar", "WAIT:300,SHOT:shot", SQUARE, None, None,
         _on_battery(3600, _m252_table(14)), "On battery: the level in the hint bar"),
    Shot("battery_low_240x135", "WAIT:300,SHOT:shot", WIDE, None, None,
         _on_battery(2950, _mc_table()), "Battery low: the warning, the level in red", 300),
)


# -- learn by playing, and a card held to be seen whole (kit.learn, kit.inspect) ----------------
def _then(setup, what):
    """`setup`, then `what(table)` on the frame after the table's first (the table drawn
    under it)."""
    def wrapped(app):
        setup(app)
        table = app.top
        drawn = app.frames_drawn
        own = table.tick

        def tick(now):
            if app.frames_drawn == drawn:
                return own(now)
            del table.tick
            what(table)

        table.tick = tick
    return wrapped


def _show_card(table):
    from kit import learn

    learn.show_card(table)


def _cauldron_small_turn(app):
    _cauldron_table(20, players=3)(app)


GAME_SHOTS += (
    Shot("tip_guide_match_collect", "WAIT:1500,SHOT:shot", SQUARE, None, None, _mc_table(),
         "Match & Collect's guided first turn: take a card from the pile or the discard",
         300),
    Shot("tip_guide_cauldron_320x240", "WAIT:1500,SHOT:shot", PACK, None, None,
         _cauldron_table(0, players=2), "Cauldron's guided first turn, 320x240"),
    Shot("tip_guide_shadowlock_240x135", "WAIT:1500,SHOT:shot", WIDE, None, None,
         _sl_table(lambda st: True, players=2), "Shadow Lock's guided first turn, 240x135"),
    Shot("help_memory_240x135", "WAIT:300,MENU,WAIT:100,DOWN,A,WAIT:200,SHOT:shot", WIDE,
         None, None, _memory_table(32, preview=False),
         "The pause menu's \"? What now\": this phase and its buttons, 240x135"),
    Shot("help_match252_fr", "WAIT:300,MENU,WAIT:100,DOWN,A,WAIT:200,SHOT:shot", SQUARE, "fr",
         None, _m252_table(4), "\"? Et maintenant\" in French"),
    Shot("pause_menu", "WAIT:300,MENU,WAIT:200,SHOT:shot", SQUARE, None, None,
         _m252_table(4), "The pause menu: ? What now, the mute shortcut"),
    Shot("inspect_cauldron_240x135", "WAIT:500,SHOT:shot", WIDE, None, None,
         _then(_cauldron_small_turn, _show_card),
         "A held on Cauldron's 240x135 board: the card whole, its full name", 0),
    Shot("inspect_memory_64", "WAIT:500,SHOT:shot", SQUARE, None, None,
         _then(_memory_table(64, actions=lambda s: [0], preview=False), _show_card),
         "A held on Memory's 64 cards", 0),
    Shot("inspect_match_collect_240x135", "WAIT:500,SHOT:shot", WIDE, None, None,
         _then(_mc_table(), _show_card), "A held on Match & Collect's hand, 240x135", 0),
)
GAME_NAMES = tuple(s.name for s in GAME_SHOTS)
ALL_NAMES = NAMES + GAME_NAMES


def find(name: str) -> Shot:
    for shot in SHOTS + GAME_SHOTS:
        if shot.name == name:
            return shot
    raise ValueError("unknown screenshot %r (known: %s)" % (name, ", ".join(ALL_NAMES)))


def take(name: str):
    """(PIL RGB image, sim.headless.Result) of one screenshot."""
    from sim import headless  # it puts firmware/ and the stubs on sys.path

    shot = find(name)
    extra = {} if shot.settle is None else {"settle_ms": shot.settle}
    from sim.platform import SimPlatform

    # First-game tips (kit.tips) only in their own pictures ("tip_..."): elsewhere a tip
    # would cover the screen shown (tests/conftest.py keeps them off in tests too).
    tips_before = SimPlatform.__dict__.get("tips")
    SimPlatform.tips = name.startswith("tip_")
    try:
        result = headless.run(str(shot.keys), board=shot.board, seed=SEED, lang=shot.lang,
                              theme=shot.theme, setup=shot.setup, **extra)
    finally:
        from core import strings

        if tips_before is None:
            del SimPlatform.tips
        else:
            SimPlatform.tips = tips_before
        strings.remove()        # a game's table or French must not outlive the picture
        strings.load("en")
    return result.frames["shot"], result


def pixel_hash(img) -> str:
    """sha256 of the picture's size and RGB pixels (not of the PNG bytes)."""
    import hashlib

    rgb = img.convert("RGB")
    h = hashlib.sha256(("%dx%d\n" % rgb.size).encode())
    h.update(rgb.tobytes())
    return h.hexdigest()


def load_golden() -> dict:
    import json

    if not GOLDEN.exists():
        return {}
    return json.loads(GOLDEN.read_text())


def write_golden(hashes: dict) -> None:
    import json

    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps(hashes, indent=1, sort_keys=True) + "\n")


def save_png(img, path) -> None:
    """Deterministic PNG bytes: Pillow, no metadata, fixed compression."""
    img.save(path, format="PNG", optimize=True)


def generate(out_dir=DOCS_IMG, names=None) -> list[Path]:
    """Write <out_dir>/<name>.png for the named screenshots (all by default); into docs/img
    also their pixel hashes into tests/golden/screens.json (the golden images)."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    golden = Path(out).resolve() == DOCS_IMG.resolve()
    hashes = load_golden() if golden else {}
    written = []
    for name in names or ALL_NAMES:
        img, _ = take(name)
        path = out / (name + ".png")
        save_png(img, path)
        hashes[name] = pixel_hash(img)
        written.append(path)
    if golden:
        write_golden({k: hashes[k] for k in sorted(hashes) if k in ALL_NAMES})
    return written


def check(names=None) -> list[str]:
    """Names whose rendering differs from the golden hash (or has none)."""
    golden = load_golden()
    return [n for n in names or ALL_NAMES if golden.get(n) != pixel_hash(take(n)[0])]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.screenshots",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(DOCS_IMG), help="folder (default: docs/img)")
    ap.add_argument("--only", help="comma-separated names (%s)" % ", ".join(ALL_NAMES))
    ap.add_argument("--check", action="store_true",
                    help="write nothing: list the pictures that differ from the golden hashes")
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.only.split(",")] if args.only else None
    try:
        for n in names or ():
            find(n)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.check:
        bad = check(names)
        for n in bad:
            print("differs:", n)
        return 1 if bad else 0
    for path in generate(args.out, names):
        print(os.path.relpath(path, os.getcwd()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
