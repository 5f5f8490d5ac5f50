from core import input as btn
from core import strings, theme
from core.app import Scene


class FakeTable(Scene):
    """A: raise (to test the error path); B: leave."""

    def enter(self):
        strings.add({"en": {"fake.title": "Fake table"}, "fr": {"fake.title": "Table factice"}})

    def button(self, b, kind):
        if kind != btn.PRESS:
            return
        if b == btn.B:
            self.app.pop()
        elif b == btn.A:
            raise RuntimeError("fake game failure")

    def draw(self, c, full):
        c.clear(theme.BG)
        c.text(self.app.large, strings.t("fake.title"), 4, 4, theme.FG)


class Spec:
    """The console opens a game through its Spec (kit.setup.entry_scene): this one has no
    setup screen, the table comes first."""

    def first_scene(self, app, entry):
        return FakeTable()
