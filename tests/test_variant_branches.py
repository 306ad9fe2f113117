"""No branching on the variant outside the registry and the variants' own modules.

Code that asks which variant it holds (``isinstance`` with a variant's state, view, result or its
own actions, or a comparison with one: ``type(s) is HandState``, ``hand_type(r) in (...)``; the
``discard_pickup`` setting; ``rules.variant == "..."``) belongs in the variant's
folder (``variants/NAME/``), in a module named for the variant (``cli/table/pickup.py``,
``agents/pickup_simple.py``, ``web/pickupjson.py``), or behind a registry lookup
(:func:`ginrummy.variants.find_variant`, each front end's dict keyed by ``rules.variant``). This
test counts such branches everywhere else and wants none, so a new variant touches its folder
and one module per adapter.
"""

from __future__ import annotations

import ast
from pathlib import Path

from ginrummy.variants import VARIANTS

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "ginrummy"

VARIANT_NAMES = frozenset(
    {
        # the variants' states, views and results
        "HandState",
        "PlayerView",
        "PickupState",
        "PickupView",
        "PickupResult",
        "PickupEvent",
        # the actions a variant adds to the standard game's
        "PickupAction",
        "Take",
        "LayMeld",
        "AddCard",
    }
)
"""Names whose ``isinstance`` test (or comparison) asks which variant a hand,
view, result or action is. (The standard game's own actions, knock and layoff, are told apart by
the code that plays or describes that game, as pickup's are in its modules.)"""

ALLOWED: set[str] = set()
"""Files allowed to branch on the variant outside the registry: none."""


def _named_for_a_variant(rel: Path, names: tuple[str, ...]) -> bool:
    """In ``variants/``, or a module (or folder) whose name starts with a variant's name."""
    return rel.parts[0] == "variants" or any(part.startswith(names) for part in rel.with_suffix("").parts)


def _mentions(node: ast.expr) -> bool:
    return any(isinstance(n, ast.Name) and n.id in VARIANT_NAMES for n in ast.walk(node)) or any(
        isinstance(n, ast.Attribute) and n.attr in VARIANT_NAMES for n in ast.walk(node)
    )


def _is_variant_attr(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "variant"


def branches_in(tree: ast.AST) -> list[int]:
    """The lines of ``tree`` that branch on the variant (see the module docstring)."""
    lines: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            if node.func.id == "isinstance" and len(node.args) == 2 and _mentions(node.args[1]):
                lines.append(node.lineno)
            if (
                node.func.id in ("getattr", "hasattr")
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
                and node.args[1].value == "discard_pickup"
            ):
                lines.append(node.lineno)
        elif isinstance(node, ast.Attribute) and node.attr == "discard_pickup":
            lines.append(node.lineno)
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            strings = any(isinstance(o, ast.Constant) and isinstance(o.value, str) for o in operands)
            if (strings and any(_is_variant_attr(o) for o in operands)) or any(
                _mentions(o) for o in operands
            ):
                lines.append(node.lineno)
    return sorted(set(lines))


def variant_branches(package: Path, names: tuple[str, ...]) -> dict[str, list[int]]:
    """Every module of ``package`` outside the variants' own modules and :data:`ALLOWED`, with the
    lines where it branches on the variant (``rules.py``'s ``Rules.variant``, the one place the
    settings name the variant, excepted)."""
    out: dict[str, list[int]] = {}
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package)
        if _named_for_a_variant(rel, names) or rel.as_posix() in ALLOWED:
            continue
        lines = branches_in(ast.parse(path.read_text(encoding="utf-8")))
        if rel.as_posix() == "rules.py":
            lines = []  # Rules.variant: the setting that names the variant
        if lines:
            out[rel.as_posix()] = lines
    return out


def test_no_variant_branches_outside_the_registry_and_the_variants() -> None:
    found = variant_branches(PACKAGE, tuple(v.name for v in VARIANTS))
    assert sum(len(v) for v in found.values()) == 0, found


def test_the_counter_finds_each_kind_of_branch() -> None:
    source = (
        "isinstance(view, PickupView)\n"
        "isinstance(a, Take | LayMeld)\n"
        "rules.discard_pickup\n"
        "getattr(view.rules, 'discard_pickup', False)\n"
        "rules.variant == 'pickup'\n"
        "type(state) is HandState\n"
        "isinstance(x, int)\n"
        "find_variant(rules.variant).knock_and_draw\n"
        "hand_type(rules) in (HandState, PickupState)\n"
        "SCREENS[rules.variant]\n"
    )
    assert branches_in(ast.parse(source)) == [1, 2, 3, 4, 5, 6, 9]


def test_the_allowed_files_exist() -> None:
    assert all((PACKAGE / rel).is_file() for rel in ALLOWED)
