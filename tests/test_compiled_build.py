"""The optional compiled build (``ginrummy.compiled``, ``make compiled``): its list of modules holds
together, and where the compiled build is the one installed (``make test-compiled``), it plays the
same hands as the pure-Python source, byte for byte (``bench/differential_build.py``, smaller).

Run by the pure build, the tests of the list run and the differential skips; run by the compiled
build, both run (the pure side in a subprocess, with ``src/`` first on the path).
"""

from __future__ import annotations

import ast
import importlib.util
import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy.compiled import COMPILED, build, compiled_modules

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
BENCH = ROOT / "bench"


def _path(module: str) -> Path:
    return SRC.joinpath(*module.split(".")).with_suffix(".py")


def _modules() -> dict[str, Path]:
    """Every module of the source tree by name (a package by its ``__init__``)."""
    out = {}
    for path in sorted((SRC / "ginrummy").rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def test_the_list_names_modules_of_the_tree_once() -> None:
    assert len(set(COMPILED)) == len(COMPILED)
    for name in COMPILED:
        assert _path(name).is_file(), name


def test_what_mypyc_cannot_compile_stays_out() -> None:
    """``Card`` subclasses ``int``; errors.py's errors have two built-in bases (``TypeError``,
    ``IndexError``); ``Rules`` and ``HandResult`` take a ``str`` for an enum (records' JSON), which a
    compiled dataclass refuses before its ``__post_init__``; the ``Agent`` protocol is
    ``runtime_checkable``; this module is read by ``setup.py`` before anything is built."""
    stay = (
        "cards",
        "errors",
        "rules",
        "hand.results",
        "variants.pickup.scoring",
        "agent_protocol",
        "compiled",
    )
    for name in stay:
        assert f"ginrummy.{name}" not in COMPILED


def _imported_names(tree: ast.Module) -> dict[str, str]:
    """The names a module imports from ``ginrummy`` modules: name to module."""
    out = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("ginrummy"):
            for alias in node.names:
                out[alias.asname or alias.name] = node.module
    return out


def test_no_interpreted_class_subclasses_a_compiled_one() -> None:
    """A class of an interpreted module cannot have a base class compiled by mypyc (a
    ``TypeError`` at import), so a compiled class's subclasses are compiled with it."""
    modules = _modules()
    classes = {
        (name, node.name)
        for name in COMPILED
        for node in ast.walk(ast.parse(modules[name].read_text()))
        if isinstance(node, ast.ClassDef)
    }
    wrong = []
    for name, path in modules.items():
        if name in COMPILED:
            continue
        tree = ast.parse(path.read_text())
        imported = _imported_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    base_name = (
                        base.value.id
                        if isinstance(base, ast.Subscript) and isinstance(base.value, ast.Name)
                        else None
                    )
                    base_name = base.id if isinstance(base, ast.Name) else base_name
                    if base_name and (imported.get(base_name), base_name) in classes:
                        wrong.append(f"{name}.{node.name}({base_name})")
    assert not wrong


def test_a_compiled_class_subclasses_only_interpreted_errors() -> None:
    """A compiled class may subclass an interpreted one only where mypyc makes it an ordinary
    Python class that works: the errors; ``PickupResult(HandResult)`` (a dataclass with slots) would
    fail at import."""
    modules = _modules()
    wrong = []
    for name in COMPILED:
        tree = ast.parse(modules[name].read_text())
        imported = _imported_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for base in node.bases:
                    where = imported.get(base.id) if isinstance(base, ast.Name) else None
                    if where and where not in COMPILED and where != "ginrummy.errors":
                        wrong.append(f"{name}.{node.name}({base.id} of {where})")
    assert not wrong


def test_the_build_is_all_or_nothing() -> None:
    assert build() in ("compiled: mypyc", "pure Python")
    compiled = build() == "compiled: mypyc"
    assert len(compiled_modules()) == (len(COMPILED) if compiled else 0)
    origin = importlib.util.find_spec("ginrummy.melds.deadwood")
    assert origin is not None and origin.origin is not None
    assert origin.origin.endswith(".py") != compiled


needs_compiled = pytest.mark.skipif(
    build() != "compiled: mypyc", reason="the compiled build is not the one installed (make test-compiled)"
)


@needs_compiled
def test_both_builds_play_the_same_hands() -> None:
    """Every preset, every level: 2 hands of each cheap pairing and an expert hand, compared as
    their records and action logs, byte for byte."""
    lines = runpy.run_path(str(BENCH / "differential_build.py"))["lines"]
    compiled = list(lines(hands=2, expert_hands=1))
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); from differential_build import lines\n"
        "from ginrummy.compiled import build; assert build() == 'pure Python', build()\n"
        "for line in lines(hands=2, expert_hands=1): print(line)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(BENCH)], env=env, capture_output=True, text=True, check=True
    )
    pure = out.stdout.splitlines()
    assert len(pure) == len(compiled) > 0
    differ = [i for i, (p, c) in enumerate(zip(pure, compiled, strict=True)) if p != c]
    assert not differ, f"{len(differ)} hands differ, first: {pure[differ[0]][:200]}"
