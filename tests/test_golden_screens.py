"""Golden images: every screen of tools/screenshots.py (the console's and the games') is
rendered and compared, pixel for pixel, with what was committed: the picture in docs/img/ and
its pixel hash in tests/golden/screens.json. Both are written only by
`python -m tools.screenshots` (on purpose, after an intended change of a screen); no test
writes them (test_no_test_writes_docs_img, and tests/conftest.py checks docs/img/ is
unchanged at the end of every run)."""

import ast
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from tools import screenshots

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = screenshots.load_golden()


def test_every_picture_in_docs_img_is_a_golden_screen():
    pictures = sorted(p.stem for p in screenshots.DOCS_IMG.glob("*.png"))
    assert pictures == sorted(screenshots.ALL_NAMES), (
        "docs/img and tools/screenshots.py disagree: add the screen to SHOTS/GAME_SHOTS or "
        "remove the picture")
    assert sorted(GOLDEN) == sorted(screenshots.ALL_NAMES), "run python -m tools.screenshots"


@pytest.mark.parametrize("name", screenshots.ALL_NAMES)
def test_screen_matches_its_golden_image(name):
    img, result = screenshots.take(name)
    img = img.convert("RGB")
    committed = Image.open(screenshots.DOCS_IMG / (name + ".png")).convert("RGB")
    assert img.size == committed.size, (name, img.size, committed.size)
    box = ImageChops.difference(img, committed).getbbox()
    assert box is None, (
        "%s differs from docs/img/%s.png in %r: if the change is intended, regenerate with "
        "python -m tools.screenshots --only %s" % (name, name, box, name))
    assert screenshots.pixel_hash(img) == GOLDEN.get(name), name


def test_pixel_hash_sees_one_pixel():
    a = Image.new("RGB", (4, 3), (1, 2, 3))
    b = a.copy()
    b.putpixel((3, 2), (1, 2, 4))
    assert screenshots.pixel_hash(a) != screenshots.pixel_hash(b)
    assert screenshots.pixel_hash(a) != screenshots.pixel_hash(Image.new("RGB", (3, 4),
                                                                          (1, 2, 3)))


def _docstrings(tree):
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


def _writes_docs_img(tree):
    """Calls in a module that save/write a file while the module names docs/img (in code,
    not in a docstring)."""
    docs = _docstrings(tree)
    names_docs = any(isinstance(n, ast.Constant) and isinstance(n.value, str)
                     and id(n) not in docs and ("docs/img" in n.value or n.value == "img")
                     for n in ast.walk(tree))
    names_docs = names_docs or any(isinstance(n, ast.Name) and n.id == "DOCS_IMG"
                                   for n in ast.walk(tree))
    writes = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
              and isinstance(n.func, ast.Attribute)
              and n.func.attr in ("save", "save_png", "generate", "write_bytes")]
    return names_docs and writes


def test_no_test_writes_docs_img():
    offenders = []
    for path in sorted((ROOT / "tests").glob("*.py")):
        if path.name == Path(__file__).name:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if _writes_docs_img(tree):
            offenders.append(path.name)
    assert offenders == [], "only python -m tools.screenshots writes docs/img"
