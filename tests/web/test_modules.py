"""The page's ES modules (``web/static/*.js``): every import names a module that exists and what
it exports, and no module imports itself back through others (the table passes its actions to
the hand, the dialogs and the end of a hand through ``tablestate.js``)."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "ginrummy" / "web" / "static"
IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"\./([\w-]+\.js)";', re.M)
EXPORT = re.compile(r"^export\s+(?:async\s+)?(?:function|const|let|class)\s+([\w$]+)", re.M)


def graph() -> dict[str, dict[str, set[str]]]:
    """Each module's imports: the module imported and the names taken from it."""
    out: dict[str, dict[str, set[str]]] = {}
    for path in sorted(STATIC.glob("*.js")):
        deps: dict[str, set[str]] = {}
        for names, target in IMPORT.findall(path.read_text()):
            deps.setdefault(target, set()).update(n.strip() for n in names.split(",") if n.strip())
        out[path.name] = deps
    return out


def cycle(g: dict[str, dict[str, set[str]]]) -> list[str] | None:
    """One import cycle as a path of modules, or ``None``."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        stack.append(m)
        for d in sorted(g.get(m, {})):
            if state.get(d) == 1:
                return [*stack[stack.index(d) :], d]
            if d not in state and (found := visit(d)):
                return found
        stack.pop()
        state[m] = 2
        return None

    for m in sorted(g):
        if m not in state and (found := visit(m)):
            return found
    return None


def test_imports_exist_and_form_no_cycle() -> None:
    g = graph()
    assert {"table.js", "hand.js", "dialogs.js", "endhand.js", "tablestate.js"} <= set(g)
    for module, deps in g.items():
        for target, names in deps.items():
            assert target in g, f"{module} imports {target}, which does not exist"
            exported = set(EXPORT.findall((STATIC / target).read_text()))
            assert names <= exported, f"{module} imports {names - exported} that {target} does not export"
    assert cycle(g) is None, f"import cycle: {' -> '.join(cycle(g) or [])}"


def test_the_cycle_check_finds_a_cycle() -> None:
    assert cycle({"a.js": {"b.js": {"x"}}, "b.js": {"c.js": {"y"}}, "c.js": {"a.js": {"z"}}}) == [
        "a.js",
        "b.js",
        "c.js",
        "a.js",
    ]
    assert cycle({"a.js": {"b.js": {"x"}}, "b.js": {}}) is None
