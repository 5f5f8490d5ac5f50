"""tools.bench_rig's report on a hand-made result (no emulator): the move-to-answer figures
come from the game against the AI and say how they were measured; each game's table cursor
move is a row of its own, judged by its worst press."""

from tools import bench_rig


def result():
    return {
        "meta": {"rp2040js": "1.4.1", "firmware": "RPI_PICO-v1.28.0.uf2", "source": "abc",
                 "seed": 1, "demo_limit_ms": 20_000, "human_limit_ms": 30_000,
                 "date": "2026-12-01 11:00 UTC", "wall_s": 100},
        "boot_to_menu_ms": 1150.0, "full_flush_ms": 16.3,
        "menu_press_to_frame_ms": 20.0, "menu_press_to_frame_ms_all": [20.0, 21.0],
        "press_to_frame_ms": {"MainMenu": [20.0, 21.0], "memory/SetupScreen": [30.0],
                              "memory/table": [24.0, 38.5], "manufactory/table": [32.0, 105.5]},
        "scenes": {"memory/play/GameScene": {"full_frames": 3, "draw_ms_max": 59.1,
                                             "flush_ms_max": 15.8, "partial_draw_ms_max": 40.7,
                                             "frames": 9}},
        "scene_free_heap": {},
        "ai_ms": {"memory": {"hard": {"n": 6, "p50": 12.2, "p95": 15.3, "max": 15.3}},
                  "manufactory": {"hard": {"n": 6, "p50": 600.0, "p95": 790.0, "max": 795.0}}},
        "demo": {"memory": {"ended": False, "emulated_ms": 22_000},
                 "manufactory": {"ended": False, "emulated_ms": 22_000}},
        "move_to_ai_answer_ms": {"memory": 190.7, "manufactory": 420.0},
        "move_to_ai_answer_ms_max": {"memory": 244.2, "manufactory": 500.0},
        "ai_pause_ms": {"memory": 1200, "manufactory": 1200},
        "min_free_heap": {"memory": 71424},
        "errors": [],
    }


def test_answer_and_table_cursor_rows():
    text, md = bench_rig.report(result())
    assert "| memory | first 22 s | hard | 6 | 12.2 | 15.3: pass | 15.3 | 191 (max 244): pass |" \
        in md
    assert "420 (max 500): **miss**" in md
    # How the answer is measured, with the pause that was taken off.
    assert "from the press of that action to the end of the first frame" in md
    assert "`kit.turns.human_pause_ms`: 1200 ms here" in md
    rows = [ln for ln in md.splitlines() if "table against the AI" in ln]
    assert rows == [
        "| cursor move (RIGHT/LEFT) in manufactory's table against the AI: press to new frame, "
        "max (all: 32, 106) | 106 ms | < 40 ms: **miss** |",
        "| cursor move (RIGHT/LEFT) in memory's table against the AI: press to new frame, "
        "max (all: 24, 38) | 38 ms | < 40 ms: pass |"]
    assert "memory/play/GameScene" in text
