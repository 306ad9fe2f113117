"""ARCHITECTURE.md stays true to the tree: its section "The tree" lists exactly the modules of
``src/ginrummy`` (a folder's line stands for its package's ``__init__``), each with a few words; its
layer table names every top-level part of the package; and every path it names elsewhere (in
backticks: ``cli/tui/flow.py``, ``web/serialize.VIEW_JSON``, ``tests/test_layers.py``) exists.

When a test here fails after a module was added, moved or removed, redraw the tree in ARCHITECTURE.md.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "ARCHITECTURE.md"
SRC = ROOT / "src"
PACKAGE = SRC / "ginrummy"
TREE_ROOT = "src/ginrummy/"
OUTSIDE = ("tests", "docs", "bench", "bots", "src")  # paths named from the repository's root


def _lines() -> list[str]:
    return DOC.read_text(encoding="utf-8").splitlines()


def _section(heading: str) -> list[str]:
    """The lines of the section ``## heading``, up to the next ``## `` heading."""
    lines = _lines()
    starts = [i for i, line in enumerate(lines) if line == f"## {heading}"]
    assert len(starts) == 1, f"ARCHITECTURE.md should have one section '## {heading}'; found {len(starts)}"
    body = lines[starts[0] + 1 :]
    end = next((i for i, line in enumerate(body) if line.startswith("## ")), len(body))
    return body[:end]


def _tree_block() -> list[str]:
    """The lines of the fenced code block of "The tree"."""
    lines = _section("The tree")
    fences = [i for i, line in enumerate(lines) if line.startswith("```")]
    assert len(fences) == 2, f'"The tree" should hold one fenced code block; found {len(fences)} fences'
    return lines[fences[0] + 1 : fences[1]]


def tree_entries() -> dict[str, str]:
    """Each path the tree lists (``src/ginrummy/cli/tui/flow.py``; a folder ends with ``/``), to its words.

    A line is two spaces of indent per level, the name (a folder's ends with ``/``) and its words."""
    entries: dict[str, str] = {}
    folders: list[str] = []
    for number, line in enumerate(_tree_block(), 1):
        assert line.strip(), f"tree line {number} is blank"
        indent = len(line) - len(line.lstrip(" "))
        assert indent % 2 == 0 and indent // 2 <= len(folders), f"tree line {number}: bad indent: {line!r}"
        name, _, words = line.strip().partition(" ")
        assert words.strip(), f"tree line {number}: {name} has no words"
        del folders[indent // 2 :]
        path = "".join(folders) + name
        assert path not in entries, f"tree line {number}: {path} listed twice"
        entries[path] = words.strip()
        if name.endswith("/"):
            folders.append(name)
    return entries


def package_modules() -> set[str]:
    """Every module of the package as the tree names it: ``x/y.py``, or ``x/`` for ``x/__init__.py``."""
    out = set()
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(SRC.parent).as_posix()
        out.add(rel.removesuffix("__init__.py") if path.name == "__init__.py" else rel)
    return out


def test_the_tree_lists_every_module() -> None:
    missing = package_modules() - set(tree_entries())
    assert not missing, f"modules not in ARCHITECTURE.md's tree: {sorted(missing)}"


def test_the_tree_lists_no_module_that_does_not_exist() -> None:
    extra = set(tree_entries()) - package_modules()
    assert not extra, f"ARCHITECTURE.md's tree lists what is not in src/ginrummy: {sorted(extra)}"
    assert next(iter(tree_entries())) == TREE_ROOT


def test_the_layer_table_names_every_part_of_the_package() -> None:
    rows = [line for line in _lines() if line.startswith("| ") and not line.startswith("| layer |")]
    named = {
        token.removesuffix("/").removesuffix(".py")
        for row in rows
        for token in re.findall(r"`([^`]+)`", row.split("|")[2])
    }
    parts = {p.name.removesuffix(".py") for p in PACKAGE.iterdir() if p.suffix == ".py" or p.is_dir()}
    assert named == parts - {"__init__", "__pycache__"}


def _exists(token: str) -> bool:
    """Whether a path named in backticks exists: a file, a folder, or a module (``web/session``),
    maybe followed by one of its names (``cli/table.SCREENS``)."""
    token = token.removeprefix("ginrummy/")
    base = ROOT if token.split("/")[0] in OUTSIDE else PACKAGE
    candidates = [token, token.rpartition(".")[0]] if "." in token.rpartition("/")[2] else [token]
    return any((base / c).exists() or (base / f"{c}.py").exists() for c in candidates if c and c.rstrip("/"))


def named_paths() -> list[str]:
    """The paths ARCHITECTURE.md names in backticks outside the tree (one word holding a ``/``)."""
    tree = set(_tree_block())
    return [
        token
        for line in _lines()
        if line not in tree
        for token in re.findall(r"`([^`\s]+)`", line)
        if "/" in token
    ]


def test_every_path_named_exists() -> None:
    paths = named_paths()
    assert "cli/tui/flow.py" in paths and "web/serialize.VIEW_JSON" in paths
    missing = [token for token in paths if not _exists(token)]
    assert not missing, f"ARCHITECTURE.md names paths that do not exist: {missing}"


def test_the_path_check_catches_a_wrong_path() -> None:
    assert _exists("cli/table.SCREENS") and _exists("web/static/") and _exists("tests/conftest.py")
    assert not _exists("hand/state.py") and not _exists("cli/tabel.SCREENS") and not _exists("docs/nope.md")
