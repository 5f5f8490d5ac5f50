"""Scenes: one screen each (a menu, the settings, a game table, a dialog).

`core.app.App` keeps them on a stack and calls these hooks; every method is optional. This
module imports nothing, so any layer (screens, the ui kit, games) can build on it without
pulling the app loop in.

Two class attributes tell the app how a scene is drawn:
- `toasts`: False for scenes a message must never cover (dialogs, the rules text, score
  tables, the error screen); queued messages wait until such a scene has gone.
- `overlay`: True for scenes that draw only part of the screen over the one below (dialogs);
  when what is below must be repainted (a message on screen when the overlay opened), the
  app draws the scenes below first.
"""

# Types for checkers: core/scene.pyi (a name or an import here would be interned on the board
# for good).


class Scene:
    """Base class for screens. Override what you need; all methods are optional."""

    toasts = True
    overlay = False

    def __init__(self):
        # Set by App.push; a scene only runs while it is on the stack.
        self.app = None
        self.full_redraw = True   # draw everything next frame
        self.redraw = True        # draw something next frame

    def invalidate(self):
        """Ask for a complete redraw of this scene."""
        self.full_redraw = True
        self.redraw = True

    def request_draw(self):
        """Ask for a partial redraw (the scene knows what changed)."""
        self.redraw = True

    def enter(self):
        """Called once, when the scene is pushed (self.app is set)."""

    def resume(self):
        """Called when the scene is on top again after the one above it was popped."""

    def exit(self):
        """Called when the scene leaves the stack."""

    def button(self, btn, kind):
        """A logical button event: kind is input.PRESS, REPEAT or RELEASE."""

    def tick(self, now):
        """Called every frame with the current ticks_ms, for timers and animations."""

    def draw(self, canvas, full):
        """Draw onto the canvas: everything when `full`, else only what changed."""
