"""Which sources name each compiled-cache layer (root_env.engine.cache_layers._layer_sets): every project module
that compiled code imports at module level, so that a change to a module whose arrays the engine reads (the maps)
renews the cache, and a module that no compiled code imports (the evaluation CLI, the PPO trainer) renews none."""
import ast
from pathlib import Path

from root_env.engine import cache_layers as c


def _module_level_imports(path: Path) -> set:
    """The project modules `path` imports outside any function or class, by Python's own parser."""
    tree = ast.parse(path.read_text())
    package = path.parent.relative_to(c.SITE).parts  # a module's package, or an __init__'s own
    out = set()
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        todo.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            out.update(c._module_file(a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = list(package[:len(package) - node.level + 1]) if node.level else []
            mod = ".".join(base + ([node.module] if node.module else []))
            subs = [c._module_file(f"{mod}.{a.name}") for a in node.names]
            out.update(subs)
            if not all(subs):
                out.add(c._module_file(mod))
    return {p for p in out if p}


def test_the_text_scan_finds_every_module_level_import_of_compiled_code():
    for p in c._compiled_modules(c.ROOT_ENV / "engine") + c._compiled_modules(c.SITE / "agents"):
        assert c._imported(p) == _module_level_imports(p), p


def test_every_module_compiled_code_imports_names_a_layer():
    covered = {p for layer in c.LAYERS for p in c._layer_sources(layer)}
    for p in c._compiled_modules(c.ROOT_ENV / "engine") + c._compiled_modules(c.SITE / "agents"):
        for q in _module_level_imports(p):
            plain = q.parent == c.ROOT_ENV / "engine" and q.name in c._PLAIN
            assert q in covered or plain, f"{p} imports {q}, which no layer hash covers"


def test_the_maps_name_the_engine_layer_and_plain_modules_none():
    engine = set(c._layer_sources("engine"))
    assert c.ROOT_ENV / "map_data.py" in engine  # the engine's compiled code reads the maps' arrays
    assert c.ROOT_ENV / "data" / "root_data.json" in engine
    everything = {p for layer in c.LAYERS for p in c._layer_sources(layer)}
    for plain in ("agents/evaluate.py", "agents/policies.py", "agents/pretrained.py", "agents/train/ppo.py",
                  "root_env/game.py", "root_env/pettingzoo_env.py"):
        assert c.SITE / plain not in everything, plain
    assert c.SITE / "agents" / "heuristic.py" in set(c._layer_sources("agents"))
    assert c.SITE / "agents" / "train" / "stepper.py" in set(c._layer_sources("trainer"))


def _jit_name(node) -> bool:
    """Whether `node` names numba's jit: ``njit``, ``jit``, ``numba.njit``, or a call of one (``njit(cache=True)``)."""
    if isinstance(node, ast.Call):
        node = node.func
    if isinstance(node, ast.Attribute):
        return node.attr in ("njit", "jit")
    return isinstance(node, ast.Name) and node.id in ("njit", "jit")


def _compiles(path: Path) -> bool:
    """Whether `path` defines compiled code, by Python's parser: a jit-decorated function or ``f = njit(...)(g)``."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and any(map(_jit_name, node.decorator_list)):
            return True
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call) and _jit_name(node.value.func):
            return True
    return False


def test_compiled_modules_are_those_with_jit_code_not_those_that_mention_the_word(tmp_path):
    for folder, recursive in ((c.ROOT_ENV / "engine", True), (c.SITE / "agents", False), (c.SITE / "agents" / "train", True)):
        files = folder.rglob("*.py") if recursive else folder.glob("*.py")
        assert set(c._compiled_modules(folder, recursive)) == {p for p in files if _compiles(p)}, folder
    (tmp_path / "plain.py").write_text('"""Runs whole games inside njit, elsewhere."""\nfrom agents import heuristic\n')
    (tmp_path / "compiled.py").write_text("from root_env.engine.jit import njit\n\n\n@njit(cache=True)\ndef f(x):\n"
                                          "    return x\n")
    (tmp_path / "wrapped.py").write_text("import numba\ng = numba.njit(cache=True, inline='always')(abs)\n")
    assert sorted(p.name for p in c._compiled_modules(tmp_path)) == ["compiled.py", "wrapped.py"]
