"""The firmware's import graph: no cycles, and every arrow points down the layers.

The graph is read from the source with `ast` (nothing is imported): every `import`, every
`from ... import`, in a function or at the top (a lazy import is still an arrow), and
`__import__("literal")`. `from pkg import name` is an arrow to `pkg.name` when that is a
module, else to `pkg`. Dynamic imports (a game opened by its registry line) are not arrows:
that is how the console reaches a game without depending on it.

The layers, lowest first (docs/ARCHITECTURE.md, "Who may import whom"): a module imports
modules of its own layer or of a layer below it, never above.
"""

import ast
from pathlib import Path

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"

# (layer, module prefixes), lowest first. A module belongs to the layer of its longest
# matching prefix ("device.unixport" is an entry point, "device.st7789" a driver).
LAYERS = (
    ("core", ("core",)),
    ("registry", ("registry",)),
    ("device", ("device",)),
    ("ui", ("ui",)),
    ("kit", ("kit",)),
    ("games", ("games",)),
    ("screens", ("screens",)),
    ("entry", ("main", "device.entry", "device.unixport", "device.headless", "device.web")),
)

# Cycles owned by another piece of work, left out of the check until it lands (each names
# its owner; remove the line when the cycle is gone and the check passes without it).
NOT_YET: tuple = ()


def modules(root=FIRMWARE):
    """{dotted name: path} of every .py under `root` (a package is its __init__)."""
    out = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if parts:
            out[".".join(parts)] = path
    return out


def _package(name, path):
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imports(name, path, known):
    """The firmware modules `name` imports (anywhere in the file)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    out.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = _package(name, path).split(".")
                pkg = pkg[:len(pkg) - node.level + 1]
                base = ".".join(pkg + ([base] if base else []))
            for alias in node.names:
                full = base + "." + alias.name
                if full in known:
                    out.add(full)
                elif base in known:
                    out.add(base)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "__import__" and node.args and \
                isinstance(node.args[0], ast.Constant) and node.args[0].value in known:
            out.add(node.args[0].value)
    out.discard(name)
    return out


def graph(root=FIRMWARE):
    known = modules(root)
    return {name: imports(name, path, known) for name, path in known.items()}


def cycles(g):
    """The strongly connected components of more than one module (Tarjan), sorted."""
    index = {}
    low = {}
    stack = []
    on = set()
    found = []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return sorted(found)


def layer_of(name):
    best = None
    for rank, (_layer, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if name == p or name.startswith(p + "."):
                if best is None or len(p) > best[1]:
                    best = (rank, len(p))
    return None if best is None else best[0]


def upward(g):
    """Arrows from a module to a module of a higher layer, and from one game to another
    (games share only the modules at the top of games/, such as games.deck88)."""
    bad = []
    for src in sorted(g):
        for dst in sorted(g[src]):
            a, b = layer_of(src), layer_of(dst)
            if a is None or b is None:
                bad.append((src, dst, "a module outside the layers"))
            elif b > a:
                bad.append((src, dst, "%s imports %s" % (LAYERS[a][0], LAYERS[b][0])))
            elif a == b and LAYERS[a][0] == "games":
                sa, sb = src.split("."), dst.split(".")
                if len(sa) > 2 and len(sb) > 2 and sa[1] != sb[1]:
                    bad.append((src, dst, "one game imports another"))
    return bad


def _show(comp, g):
    lines = ["  " + " ".join(comp)]
    for m in comp:
        lines.append("    %s -> %s" % (m, ", ".join(sorted(g[m] & set(comp)))))
    return "\n".join(lines)


def test_the_firmware_has_no_import_cycle():
    g = graph()
    found = [c for c in cycles(g) if set(c) not in NOT_YET]
    assert not found, "import cycles:\n" + "\n".join(_show(c, g) for c in found)


def test_imports_go_down_the_layers():
    bad = upward(graph())
    assert not bad, "arrows up the layers:\n" + "\n".join(
        "  %s -> %s (%s)" % b for b in bad)


def test_every_firmware_module_has_a_layer():
    assert [m for m in graph() if layer_of(m) is None] == []


def test_the_checks_find_a_planted_cycle_and_an_upward_arrow(tmp_path):
    # A cycle through a lazy import and an arrow up are both seen (a check that cannot fail
    # proves nothing).
    (tmp_path / "core").mkdir()
    (tmp_path / "core" / "__init__.py").write_text("")
    (tmp_path / "core" / "a.py").write_text("def f():\n    from core import b\n")
    (tmp_path / "core" / "b.py").write_text("import core.a\nfrom kit import x\n")
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "__init__.py").write_text("")
    (tmp_path / "kit" / "x.py").write_text("X = 1\n")
    (tmp_path / "kit" / "y.py").write_text("__import__('kit.x')\n")
    g = graph(tmp_path)
    assert cycles(g) == [["core.a", "core.b"]]
    assert upward(g) == [("core.b", "kit.x", "core imports kit")]
    assert g["kit.y"] == {"kit.x"}
