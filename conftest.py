"""The repository's root conftest: the doctests of modules that need an extra.

``--doctest-modules`` (pyproject.toml) imports every module under ``src/ginrummy`` to find its
doctests. A module that imports an extra's package at its top (``research/openspiel.py``:
pyspiel; ``web/app.py``: starlette) cannot be imported where that extra is not installed
(``pip install -e '.[dev]'`` alone), so its doctests are skipped there, with the reason, rather
than failing to collect. Which packages a module needs is read from its source: the imports at
its top level, and those of the package modules it imports in turn (``web/botplayer.py`` imports
``web/server.py``, which imports anyio); imports inside functions run only when called and do not
count. Where every package a module needs imports, its doctests run as usual.

The tests' own conftest, with their fixtures, is ``tests/conftest.py``.
"""

from __future__ import annotations

import ast
import importlib
from functools import cache
from pathlib import Path

import pytest

SRC = Path(__file__).parent / "src"

#: The packages of the optional extras (pyproject.toml), by import name: the extra that installs them.
OPTIONAL = {
    "starlette": "web",
    "uvicorn": "web",
    "anyio": "web",  # starlette's dependency
    "httpx": "web",
    "httpx2": "web",
    "playwright": "web",
    "numpy": "research",
    "gymnasium": "research",
    "pettingzoo": "research",
    "pygame": "research",
    "pyspiel": "peers",
    "open_spiel": "peers",
    "rlcard": "peers",
    "ray": "cluster",
}


def _run_at_import(body: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    """The import statements among ``body`` that run when the module is imported: at its top,
    in ``if``/``try``/``with`` blocks and class bodies, not in functions nor under
    ``if TYPE_CHECKING:``."""
    found: list[ast.Import | ast.ImportFrom] = []
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", "")
            if name != "TYPE_CHECKING":
                found += _run_at_import(node.body)
            found += _run_at_import(node.orelse)
        elif isinstance(node, ast.Try):
            for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                found += _run_at_import(block)
        elif isinstance(node, ast.With | ast.ClassDef):
            found += _run_at_import(node.body)
    return found


def _module_file(dotted: str) -> Path | None:
    """The source file of package module ``dotted`` (``ginrummy.web.server``), if it is one."""
    base = SRC.joinpath(*dotted.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _package_of(path: Path) -> list[str]:
    """The dotted package the module at ``path`` is in (``["ginrummy", "web"]`` for
    ``src/ginrummy/web/app.py`` and for ``src/ginrummy/web/__init__.py``)."""
    return list(path.relative_to(SRC).with_suffix("").parts[:-1])


@cache
def _direct(path: Path) -> tuple[frozenset[str], frozenset[Path]]:
    """The optional packages the module at ``path`` imports when it is imported, and the
    package's own modules it imports (each parent package's ``__init__`` included)."""
    needed: set[str] = set()
    package = _package_of(path)
    imported = {".".join(package[: i + 1]) for i in range(len(package))}
    for node in _run_at_import(ast.parse(path.read_text(encoding="utf-8"), str(path)).body):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                base = ".".join([*package[: len(package) - node.level + 1], *([base] if base else [])])
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] in OPTIONAL:
                needed.add(parts[0])
            elif parts[0] == "ginrummy":
                imported |= {".".join(parts[: i + 1]) for i in range(len(parts))}
    modules = {f for f in map(_module_file, imported) if f is not None and f != path}
    return frozenset(needed), frozenset(modules)


def _needs(path: Path) -> set[str]:
    """The optional packages that importing the module at ``path`` imports, directly or through
    the package's own modules."""
    needed: set[str] = set()
    seen: set[Path] = set()
    todo = [path]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            packages, modules = _direct(module)
            needed |= packages
            todo += modules
    return needed


@cache
def _imports(name: str) -> bool:
    try:
        importlib.import_module(name)
    except ImportError:
        return False
    return True


def missing_extras(path: Path) -> str | None:
    """Why the doctests of ``path`` cannot run here (``"needs starlette (the web extra)"``), or
    ``None`` when every optional package its import needs imports."""
    if path.suffix != ".py" or not path.is_relative_to(SRC):
        return None
    missing = sorted(name for name in _needs(path) if not _imports(name))
    if not missing:
        return None
    extras = sorted({OPTIONAL[name] for name in missing})
    return (
        f"needs {', '.join(missing)}, not installed: pip install -e '.[{','.join(extras)}]' "
        f"(the {' and '.join(extras)} extra{'s' if len(extras) > 1 else ''})"
    )


class ExtraMissing(pytest.File):
    """A module whose doctests cannot be imported here: collected as one skip, with the reason."""

    reason = ""

    def collect(self) -> list[pytest.Item]:
        pytest.skip(f"doctests of {self.path.relative_to(SRC.parent)}: {self.reason}")


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> list[pytest.Collector]:
    collectors: list[pytest.Collector] = yield
    reason = missing_extras(file_path) if collectors else None
    if reason is None:
        return collectors
    skipped = ExtraMissing.from_parent(parent, path=file_path)
    skipped.reason = reason
    return [skipped]
