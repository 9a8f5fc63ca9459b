"""Dependencies run one way: the engine never imports the agents (a policy sits above the rules)."""
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "root_env" / "engine"


def _imports(path: Path) -> list[tuple[str, int]]:
    """(absolute module name, line) of every import in `path`, relative ones resolved."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module
            out.append((name, node.lineno))
            out += [(f"{name}.{a.name}", node.lineno) for a in node.names]
    return out


def test_engine_sources_never_import_agents_or_the_warmup():
    bad = [f"{p.relative_to(ROOT)}:{line} imports {name}"
           for p in sorted(ENGINE.rglob("*.py")) for name, line in _imports(p)
           if name == "agents" or name.startswith("agents.") or name.startswith("root_env.warmup")]
    assert not bad, "\n".join(bad)


def test_import_resolver_sees_relative_imports():
    # The rule above relies on resolving "from ..x import y" inside root_env/engine/factions.
    names = {n for n, _ in _imports(ENGINE / "factions" / "marquise.py")}
    assert "root_env.layout" in names and "root_env.engine.machine" in names


def test_importing_every_engine_module_loads_no_agent():
    modules = sorted(".".join(p.relative_to(ROOT).with_suffix("").parts) for p in ENGINE.rglob("*.py")
                     if p.name != "__init__.py")
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            "print(sorted(m for m in sys.modules if m == 'agents' or m.startswith('agents.')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout
