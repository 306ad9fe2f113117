"""The folders are the layers (ARCHITECTURE.md): a module imports only its own layer and the layers
above it, and the core never does I/O-bound imports (front ends, third-party packages)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "ginrummy"

LAYERS: list[tuple[str, ...]] = [
    ("errors", "checks", "cards", "melds", "layoff", "rules", "seeds", "compiled"),
    ("hand",),
    ("variants",),
    ("play", "agent_protocol"),
    ("scoring",),
    ("records",),
    ("protocol",),
    ("agents",),
    ("tournament",),
    ("research",),
    ("review",),
    ("storage",),
    ("session",),
    ("cli", "web"),
]
RANK = {part: i for i, parts in enumerate(LAYERS) for part in parts}
CORE = RANK["records"]


def _part(module: str) -> str:
    return module.split(".")[1] if module.count(".") else "__init__"


def _imports(path: Path) -> list[tuple[int, str]]:
    """Module-level and function-level imports of ``ginrummy`` modules (not doctests, which are text)."""
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            out.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name) for alias in node.names)
    return out


MODULES = sorted(p for p in PACKAGE.rglob("*.py") if p.name != "__init__.py" or p.parent != PACKAGE)


def _layer_of(path: Path) -> str:
    rel = path.relative_to(PACKAGE)
    return rel.parts[0].removesuffix(".py")


def test_every_module_is_in_a_layer() -> None:
    assert {_layer_of(p) for p in MODULES} == set(RANK)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_import_runs_up_a_layer(path: Path) -> None:
    mine = RANK[_layer_of(path)]
    for line, module in _imports(path):
        if module == "ginrummy" or not module.startswith("ginrummy."):
            if mine <= CORE and not module.startswith("ginrummy"):
                top = module.split(".")[0]
                assert top in _STDLIB, f"line {line}: the core imports {module}, not the standard library"
            continue
        theirs = RANK[_part(module)]
        assert theirs <= mine, f"line {line}: {module} is a lower layer than {_layer_of(path)}"


_STDLIB = {
    "__future__",
    "abc",
    "bisect",
    "collections",
    "dataclasses",
    "enum",
    "functools",
    "hashlib",
    "importlib",  # compiled.py: which modules run as extension modules
    "itertools",
    "json",
    "math",
    "operator",
    "random",
    "re",
    "typing",
}


def test_the_checker_catches_an_upward_import(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text("from ginrummy.agents import make_agent\n")
    assert _imports(planted) == [(1, "ginrummy.agents")]
    assert RANK[_part("ginrummy.agents")] > RANK["hand"]
