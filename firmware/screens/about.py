"""About: what this console is, the buttons, credits, version and free memory."""

import gc
import sys

from core import strings
from ui.textview import TextView

VERSION = "0.1"


class AboutScreen(TextView):
    def __init__(self):
        text = strings.t("about_text")
        text += "\n\n" + strings.t("version") + ": " + VERSION
        text += "\nMicroPython/Python " + ".".join(str(v) for v in sys.implementation.version[:3])
        if hasattr(gc, "mem_free"):
            gc.collect()
            text += "\n" + strings.t("free_memory") + ": " + str(gc.mem_free()) + " B"
        super().__init__(strings.t("about"), text)
