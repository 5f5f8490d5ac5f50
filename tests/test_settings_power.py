"""Settings of issue #14's sound and power parts: what core.storage accepts and keeps, and the
Settings screen's rows (Dim / off sets two keys, Sound is off or a volume, the your-turn light
only on a board with the LED), saved and read back."""

import pytest

from core import storage
from sim import headless


@pytest.mark.parametrize(
    "key,good,bad",
    [
        ("sound_volume", [1, 20, 100], [0, 101, True, "60", None]),
        ("dim_after_s", [0, 60, 600], [-1, 3601, 60.0, False]),
        ("off_after_s", [0, 300, 1800], [-5, 4000, "300"]),
        ("your_turn_led", [True, False], [0, 1, "on", None]),
    ],
)
def test_valid_power_and_sound_settings(key, good, bad):
    for v in good:
        assert storage.valid_setting(key, v), (key, v)
    for v in bad:
        assert not storage.valid_setting(key, v), (key, v)


def test_defaults_and_round_trip(tmp_path):
    s, status = storage.load_settings(str(tmp_path))
    assert status == "missing"
    assert (s["sound"], s["sound_volume"], s["dim_after_s"], s["off_after_s"],
            s["your_turn_led"]) == (True, 40, 60, 300, True)
    s.update(sound=False, sound_volume=80, dim_after_s=120, off_after_s=600,
             your_turn_led=False)
    assert storage.save_settings(str(tmp_path), s)
    assert storage.load_settings(str(tmp_path)) == (s, "ok")


def rows(r):
    return [(row[0], row[1]) for row in r.app.top.menu.rows]


def test_settings_rows_on_the_square_board_and_the_pack():
    r = headless.run("WAIT:1600,UP,UP,A,WAIT:300")
    got = rows(r)
    assert got[3:5] == [("Dim / off", "1/5 min"), ("Sound", "40%")]   # on by default
    assert "Your-turn light" not in [label for label, _v in got]       # no LED here
    r = headless.run("WAIT:1600,X,X,A,WAIT:300", board="display_pack_2")
    got = rows(r)
    assert got[-3] == ("Your-turn light", "On") and got[-1][0] == "Reset settings"
    assert got[-4] == ("First-game tips", "On") and got[-2][0] == "Show tips again"
    r = headless.run("WAIT:1600,UP,UP,A,WAIT:300", lang="fr")
    assert rows(r)[3:5] == [("Veille", "1/5 min"), ("Son", "40%")]


def test_changing_the_rows_sets_the_keys_and_is_saved(tmp_path):
    # Settings; Dim / off (row 4, 1/5 min): RIGHT twice (5/15 min); Sound (row 5, 40 %): RIGHT
    # three times (100 %); B.
    r = headless.run("WAIT:1600,UP,UP,A,WAIT:300,DOWN,DOWN,DOWN,RIGHT,RIGHT,DOWN,RIGHT,RIGHT,"
                     "RIGHT,B,WAIT:300", data_dir=str(tmp_path))
    s = r.app.settings
    assert (s["dim_after_s"], s["off_after_s"], s["sound"], s["sound_volume"]) == (
        300, 900, True, 100)
    assert type(r.app.top).__name__ == "MainMenu"
    stored, status = storage.load_settings(str(tmp_path))
    assert status == "ok" and (stored["dim_after_s"], stored["off_after_s"],
                               stored["sound"], stored["sound_volume"]) == (300, 900, True, 100)
    # Back to Off (the volume is kept for next time), and Never for the screen.
    r = headless.run("WAIT:1600,UP,UP,A,WAIT:300,DOWN,DOWN,DOWN,LEFT,LEFT,LEFT,DOWN,RIGHT,B,"
                     "WAIT:300", data_dir=str(tmp_path))
    stored = storage.load_settings(str(tmp_path))[0]
    assert (stored["dim_after_s"], stored["off_after_s"], stored["sound"],
            stored["sound_volume"]) == (0, 0, False, 100)
    assert rows_after(tmp_path)[3:5] == [("Dim / off", "Never"), ("Sound", "Off")]


def rows_after(tmp_path):
    return rows(headless.run("WAIT:1600,UP,UP,A,WAIT:300", data_dir=str(tmp_path)))
