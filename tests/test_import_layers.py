"""Importing a layer loads only that layer and the layers it stands on (ARCHITECTURE.md), at run time:
each import runs in a fresh interpreter and the test reads the ``ginrummy`` modules it left in
``sys.modules``. tests/test_layers.py checks the import statements; this checks what they, the package
``__init__`` files and the lazy top-level names (PEP 562) actually load. No timings here: those are
``bench/import_layers.py``'s.

Also the lazy top-level API: every name of ``ginrummy.__all__`` resolves to the object of the module that
defines it, ``from ginrummy import *`` and ``dir(ginrummy)`` give every name, and the table of names to
modules, ``__all__`` and the imports for type checkers agree.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from importlib import import_module
from pathlib import Path

import pytest

import ginrummy

SRC = Path(ginrummy.__file__).resolve().parents[1]  # the tree under test, also for the subprocesses

LAYERS: list[tuple[str, ...]] = [
    # the foundation, each module standing only on those before it ("each other, in that order")
    ("errors",),
    ("checks",),
    ("cards",),
    ("melds",),
    ("layoff",),
    ("rules",),
    ("seeds",),
    ("compiled",),
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


def _part(module: str) -> str:
    return module.split(".")[1] if "." in module else ""


def _loaded(code: str) -> list[str]:
    """The ``ginrummy`` modules in ``sys.modules`` after running ``code`` in a fresh interpreter."""
    probe = f"{code}\nimport sys, json\nprint(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'ginrummy')))"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(p for p in (str(SRC), os.environ.get("PYTHONPATH")) if p),
    }
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(out.stdout.splitlines()[-1])
    return loaded


def _above(loaded: list[str], rank: int) -> list[str]:
    """The modules of ``loaded`` in a layer above ``rank`` (the package itself is in none)."""
    return [m for m in loaded if m != "ginrummy" and RANK[_part(m)] > rank]


def test_the_table_names_every_part_of_the_package() -> None:
    parts = {
        p.name.removesuffix(".py") for p in (SRC / "ginrummy").iterdir() if p.suffix == ".py" or p.is_dir()
    }
    assert parts - {"__init__", "__pycache__"} == set(RANK)


# every layer's package or module, and a few modules deep inside a layer
TARGETS = [part for parts in LAYERS[:-1] for part in parts] + [
    "melds.deadwood",
    "variants.standard.state",
    "variants.pickup",
    "scoring.game",
    "records.hand",
    "agents.expert",
]


@pytest.mark.parametrize("target", TARGETS)
def test_a_layer_loads_only_itself_and_the_layers_below(target: str) -> None:
    module = f"ginrummy.{target}"
    loaded = _loaded(f"import {module}")
    assert module in loaded
    assert _above(loaded, RANK[_part(module)]) == [], f"import {module} loads a higher layer"


def test_the_melds_load_only_the_cards_errors_and_checks() -> None:
    """The researcher's case (issue 25): least deadwood without the rest of the program."""
    loaded = _loaded("import ginrummy.melds")
    assert {m for m in loaded if not m.startswith("ginrummy.melds.")} == {
        "ginrummy",
        "ginrummy.cards",
        "ginrummy.checks",
        "ginrummy.errors",
        "ginrummy.melds",
    }


def test_the_package_alone_loads_nothing_else() -> None:
    assert _loaded("import ginrummy") == ["ginrummy"]


def test_the_agents_load_the_protocol_only_for_a_bot() -> None:
    loaded = _loaded("from ginrummy.agents import make_agent; make_agent('expert', 1)")
    assert "ginrummy.protocol" not in loaded and "ginrummy.records" not in loaded


@pytest.mark.parametrize(
    ("name", "part"), [("Card", "cards"), ("least_deadwood", "melds"), ("make_agent", "agents")]
)
def test_a_top_level_name_loads_only_its_own_layer_and_below(name: str, part: str) -> None:
    loaded = _loaded(f"import ginrummy; ginrummy.{name}")
    assert f"ginrummy.{part}" in loaded
    assert _above(loaded, RANK[part]) == []


def _where() -> dict[str, str]:
    """The package's table of each public name's module."""
    where: dict[str, str] = vars(ginrummy)["_WHERE"]
    return where


def test_every_public_name_is_the_object_of_its_module() -> None:
    where = _where()
    assert sorted(where) == sorted(ginrummy.__all__)
    for name in ginrummy.__all__:
        value = getattr(ginrummy, name)
        assert value is getattr(import_module(where[name]), name), name
        assert vars(ginrummy)[name] is value, f"{name} is not cached in the package"


def test_the_names_for_type_checkers_match_the_table() -> None:
    """The ``if TYPE_CHECKING:`` imports of ``ginrummy/__init__.py`` import each name of ``__all__``
    from the module ``_WHERE`` names for it (so a type checker sees what run time loads)."""
    tree = ast.parse(Path(ginrummy.__file__).read_text())
    block = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    typed = {a.name: n.module for n in block.body if isinstance(n, ast.ImportFrom) for a in n.names}
    assert typed == _where()


def test_star_import_and_dir_give_every_public_name() -> None:
    names: dict[str, object] = {}
    exec("from ginrummy import *", names)  # the statement itself, not a string we build
    names.pop("__builtins__")
    assert sorted(names) == sorted(ginrummy.__all__)
    assert set(ginrummy.__all__) <= set(dir(ginrummy))
    fresh = _loaded("from ginrummy import *; assert Card.__module__ == 'ginrummy.cards'")
    assert "ginrummy.agents" in fresh  # every name, so every layer up to the agents


def test_an_unknown_name_is_an_attribute_error() -> None:
    unknown = "Nope"
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        getattr(ginrummy, unknown)
    assert not hasattr(ginrummy, "_WHERE_NOT")
