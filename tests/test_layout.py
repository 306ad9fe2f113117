"""The layout of the tests themselves: test modules never import one another (what two of them
share lives in the package ``tests/helpers/``, imported as ``helpers``, or in a conftest), nothing
edits ``sys.path`` (pytest's ``pythonpath`` option in pyproject.toml puts ``tests/`` on it), and
every module under ``tests/`` stays under 600 lines (the project's rule for modules).

Each check reads the sources with :mod:`ast`; each is shown to fail on a planted example."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
MAX_LINES = 600


def imported_names(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``(line, dotted name)`` for everything ``tree`` imports, nested imports included:
    ``import a.b`` gives ``a.b``; ``from a import b`` gives ``a.b`` (``b`` may be a module);
    ``from . import b`` gives ``b``; ``importlib.import_module("a")`` and ``__import__("a")``
    with a literal name give ``a``."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                yield node.lineno, f"{node.module}.{alias.name}" if node.module else alias.name
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
                yield node.lineno, node.args[0].value.lstrip(".")


def find_test_modules(root: Path) -> list[Path]:
    """Every test module under ``root`` (``test_*.py``, at any depth)."""
    return sorted(root.rglob("test_*.py"))


def imports_of_test_modules(root: Path) -> list[str]:
    """``"path:line imports name"`` for each import, in a test module under ``root``, of a test
    module or a conftest under ``root`` (under any package path: ``web.test_api`` counts)."""
    modules = find_test_modules(root)
    forbidden = {p.stem for p in modules} | {"conftest"}
    found = []
    for path in modules:
        for line, name in imported_names(ast.parse(path.read_text(), str(path))):
            if forbidden & set(name.split(".")):
                found.append(f"{path.relative_to(root)}:{line} imports {name}")
    return found


def local_imports_outside_helpers(root: Path) -> list[str]:
    """``"path:line imports name"`` for each import, in any module under ``root``, of a module
    or package at the top of ``root`` other than ``helpers`` (``import oracle`` where it must
    be ``from helpers import oracle``)."""
    local = {p.stem for p in root.glob("*.py")} | {p.name for p in root.iterdir() if p.is_dir()}
    local -= {"helpers", "__pycache__"}
    found = []
    for path in sorted(root.rglob("*.py")):
        for line, name in imported_names(ast.parse(path.read_text(), str(path))):
            if name.split(".")[0] in local:
                found.append(f"{path.relative_to(root)}:{line} imports {name}")
    return found


def sys_path_edits(root: Path) -> list[str]:
    """``"path:line"`` for each use of ``sys.path`` in a module under ``root``."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr == "path"
                and isinstance(node.value, ast.Name)
                and node.value.id == "sys"
            ):
                found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def long_modules(root: Path, limit: int = MAX_LINES) -> list[str]:
    """``"path: n lines"`` for each module under ``root`` with more than ``limit`` lines."""
    lengths = {path: len(path.read_text().splitlines()) for path in sorted(root.rglob("*.py"))}
    return [f"{path.relative_to(root)}: {n} lines" for path, n in lengths.items() if n > limit]


def test_the_tests_are_found() -> None:
    modules = find_test_modules(TESTS)
    assert Path(__file__) in modules and TESTS / "web" / "test_api.py" in modules
    assert len(modules) >= 30


def test_no_test_module_imports_another() -> None:
    assert imports_of_test_modules(TESTS) == []


def test_shared_code_is_imported_from_helpers() -> None:
    assert (TESTS / "helpers" / "__init__.py").is_file()
    assert local_imports_outside_helpers(TESTS) == []


def test_nothing_edits_sys_path() -> None:
    assert sys_path_edits(TESTS) == []


def test_modules_stay_short() -> None:
    assert long_modules(TESTS) == []


# -- the checks fail on planted examples -----------------------------------------------------


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A small tests tree: two clean test modules, a helper, a web test, a conftest."""
    (tmp_path / "helpers").mkdir()
    (tmp_path / "helpers" / "__init__.py").write_text("")
    (tmp_path / "helpers" / "sheets.py").write_text("def check() -> None: ...\n")
    (tmp_path / "web").mkdir()
    (tmp_path / "web" / "test_api.py").write_text("from helpers.sheets import check\n")
    (tmp_path / "conftest.py").write_text("import pytest\n")
    (tmp_path / "test_a.py").write_text("import pytest\nfrom helpers import sheets\n")
    (tmp_path / "test_b.py").write_text("from helpers.sheets import check\n")
    return tmp_path


def test_a_clean_tree_passes_every_check(planted: Path) -> None:
    assert imports_of_test_modules(planted) == []
    assert local_imports_outside_helpers(planted) == []
    assert sys_path_edits(planted) == []
    assert long_modules(planted) == []


@pytest.mark.parametrize(
    "plant",
    [
        "from test_a import check",
        "import test_a",
        "from web.test_api import check",
        "from web import test_api",
        "from . import test_a",
        "from conftest import planted",
        "def f() -> None:\n    import test_a",
        "import importlib\nimportlib.import_module('test_a')",
    ],
)
def test_a_planted_import_of_a_test_module_is_found(planted: Path, plant: str) -> None:
    (planted / "test_b.py").write_text(plant + "\n")
    found = imports_of_test_modules(planted)
    assert len(found) == 1 and found[0].startswith("test_b.py:"), found


def test_a_planted_import_around_helpers_is_found(planted: Path) -> None:
    (planted / "oracle.py").write_text("")
    (planted / "test_b.py").write_text("import pytest\n\nimport oracle\n")
    assert local_imports_outside_helpers(planted) == ["test_b.py:3 imports oracle"]


def test_a_planted_sys_path_edit_is_found(planted: Path) -> None:
    (planted / "web" / "conftest.py").write_text("import sys\nsys.path.insert(0, '.')\n")
    assert sys_path_edits(planted) == [str(Path("web") / "conftest.py") + ":2"]


def test_a_planted_long_module_is_found(planted: Path) -> None:
    (planted / "test_a.py").write_text("x = 1\n" * (MAX_LINES + 1))
    assert long_modules(planted) == [f"test_a.py: {MAX_LINES + 1} lines"]
    assert long_modules(planted, limit=MAX_LINES + 1) == []
