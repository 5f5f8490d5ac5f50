"""tools.bench_rig's report on a hand-made result (no emulator): every figure under the key
other tools check, each game's row judged against its target by its worst press."""

from tools import bench_rig


def result():
    return {
        "meta": {"rp2040js": "1.4.1", "firmware": "RPI_PICO-v1.28.0.uf2", "source": "abc",
                 "seed": 1, "demo_limit_ms": 20_000, "human_limit_ms": 30_000,
                 "date": "2026-12-01 11:00 UTC", "wall_s": 100},
        "boot_to_menu_ms": 1050.0, "full_flush_ms": 16.3,
        "menu_press_to_frame_ms": 9.7, "menu_press_to_frame_ms_all": [6.0, 9.7],
        "hook": {"heap_bytes": 6688, "boot_ms_with_quiet_hook": 1195.3},
        "scenes": {"memory/play/GameScene": {"full_frames": 3, "draw_ms_max": 59.1,
                                             "flush_ms_max": 15.8, "partial_draw_ms_max": 40.7,
                                             "frames": 9},
                   "match_collect/play/Table": {"full_frames": 2, "draw_ms_max": 101.0,
                                                "flush_ms_max": 15.5, "partial_draw_ms_max": 9.0,
                                                "frames": 4}},
        "scene_free_heap": {"memory/play/GameScene": 71424},
        "table_press_to_frame_ms": {"memory": 12.0, "manufactory": 33.6},
        "table_move_ms": {"memory": 24.0, "manufactory": 90.0},
        "move_to_ai_answer_ms": {"memory": 190.7, "manufactory": 420.0},
        "ai_hard_ms": {"memory": {"n": 6, "p50": 12.2, "p95": 15.3, "max": 15.3},
                       "manufactory": {"n": 6, "p50": 600.0, "p95": 790.0, "max": 1095.0}},
        "ai_ms": {"memory": {}, "manufactory": {}},
        "min_free_heap": {"memory": 71424, "manufactory": 40000},
        "min_free_heap_by_run": {"memory": {"all_ai": 75000, "person": 71424},
                                 "manufactory": {"all_ai": 40000}},
        "menu_to_game_ms": {"memory": 640.0, "manufactory": 1700.0},
        "open_ms": {"memory": {"ms": 600.0, "scene": "SetupScreen", "restarted": False}},
        "errors": [],
    }


def test_each_figure_under_its_key_and_judged():
    text, md = bench_rig.report(result())
    assert "| `boot_to_menu_ms`: reset to the last pixel of the menu (no hook) | 1050 ms | " \
        "< 1200 ms: pass |" in md
    assert "6688 B" in md          # the hook's own cost is stated
    lines = md.splitlines()
    assert ("| memory | 12 ms: pass | 24 ms: pass | 191 ms: pass | 12 / 15 / 15: pass | "
            "71424 (75000 / 71424): pass | 640 ms: pass |") in lines
    assert ("| manufactory | 34 ms: **miss** | 90 ms: **miss** | 420 ms: **miss** | "
            "600 / 790 / 1095: **miss** | 40000 (40000 / -): **miss** | 1700 ms: **miss** |"
            ) in lines
    assert "| match_collect | - | - | 101.0 **miss** | - | - |" in lines
    assert "| memory | - | - | 59.1 | - | 71424 |" in lines
    assert "memory" in text
