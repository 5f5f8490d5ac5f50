"""The boot splash: gone once the console has been on SPLASH_UNTIL_MS and it was drawn, any
button skips it, and its tagline counts the games the registry holds (in words, English and
French). On a Pico the boot takes longer than SPLASH_UNTIL_MS, so the menu follows the
splash's first frame (reset to the first menu frame: docs/PERFORMANCE.md at ef6896e,
"Drawing speed")."""

import pytest

import registry
from core import input as btn
from core import strings
from screens import splash
from tests.test_ui_kit import GEN, make_app_raw


class Recorder:
    """Stands in for the app where the splash only hands over to the menu."""

    def __init__(self):
        self.replaced = []

    def replace(self, scene):
        self.replaced.append(type(scene).__name__)


def test_splash_stays_until_drawn_and_the_uptime_is_reached():
    s = splash.Splash()
    s.app = Recorder()
    s.tick(5000)                      # never before its first frame, however late
    assert s.app.replaced == []
    s._drawn = True
    s.tick(splash.SPLASH_UNTIL_MS - 1)
    assert s.app.replaced == []
    s.tick(splash.SPLASH_UNTIL_MS)
    assert s.app.replaced == ["MainMenu"]


def test_any_button_skips_the_splash():
    for b in (btn.A, btn.B, btn.UP, btn.DOWN, btn.LEFT, btn.RIGHT):
        s = splash.Splash()
        s.app = Recorder()
        s.button(b, btn.RELEASE)
        assert s.app.replaced == []
        s.button(b, btn.PRESS)
        assert s.app.replaced == ["MainMenu"], b


@pytest.fixture
def lang():
    yield strings.load
    strings.load("en")


def test_tagline_counts_the_registered_games(lang, monkeypatch):
    games = list(registry.GAMES)
    lang("en")
    monkeypatch.setattr(registry, "GAMES", games[:5])
    assert splash.tagline() == "Five card games, pocket sized"
    monkeypatch.setattr(registry, "GAMES", games[:2])
    assert splash.tagline() == "Two card games, pocket sized"
    monkeypatch.setattr(registry, "GAMES", games[:1] * 14)
    assert splash.tagline() == "14 card games, pocket sized"
    lang("fr")
    monkeypatch.setattr(registry, "GAMES", games[:3])
    assert splash.tagline() == "Trois jeux de cartes, format poche"


def test_splash_draws_the_counted_tagline(tmp_path, monkeypatch):
    app = make_app_raw(240, 240, str(tmp_path), str(GEN))
    monkeypatch.setattr(registry, "GAMES", list(registry.GAMES)[:4])
    drawn = []
    real = app.small.text

    def spy(fb, s, x, y, color, canvas=None):
        drawn.append(s)
        return real(fb, s, x, y, color, canvas)

    monkeypatch.setattr(app.small, "text", spy)
    s = splash.Splash()
    s.app = app
    s.draw(app.canvas, True)
    assert "Four card games, pocket sized" in drawn
    assert s._drawn
