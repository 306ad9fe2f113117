"""README.md keeps the tables that docs/gen_tables.py prints (:mod:`ginrummy.cli.doc_tables`):
the "Rules presets" table, one row per :data:`ginrummy.rules.PRESETS` entry in order, and the
"Computer players" table, one row per level of :data:`ginrummy.agents.AGENTS`, weakest first.

When a test here fails, run ``python docs/gen_tables.py`` and paste the table into the README."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ginrummy.agents import AGENTS, BY_STRENGTH, DESCRIPTIONS
from ginrummy.cli.doc_tables import keys_table, levels_table, markdown_table, presets_table
from ginrummy.rules import PRESETS

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
GEN_TABLES = ROOT / "docs" / "gen_tables.py"
PRESETS_HEADER = "| preset | follows | summary |"
LEVELS_HEADER = "| level | how it plays |"


def section(heading: str) -> list[str]:
    """The lines of the README section ``## heading``, up to the next ``## `` heading."""
    lines = README.read_text(encoding="utf-8").splitlines()
    starts = [i for i, line in enumerate(lines) if line == f"## {heading}"]
    assert len(starts) == 1, f"README.md should have one section '## {heading}'; found {len(starts)}"
    body = lines[starts[0] + 1 :]
    end = next((i for i, line in enumerate(body) if line.startswith("## ")), len(body))
    return body[:end]


def table(heading: str, header: str) -> list[str]:
    """The lines of the table starting with ``header`` in section ``heading`` (header included)."""
    lines = section(heading)
    starts = [i for i, line in enumerate(lines) if line.strip() == header]
    assert len(starts) == 1, f"section '{heading}' should have one table '{header}'; found {len(starts)}"
    rows: list[str] = []
    for line in lines[starts[0] :]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows


def cells(line: str) -> list[str]:
    """The cells of a Markdown table row, split at unescaped ``|``, stripped and unescaped."""
    inner = line.strip()
    assert inner.startswith("|") and inner.endswith("|"), f"not a table row: {line!r}"
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", inner[1:-1])]


# -- the rules presets ------------------------------------------------------------------------


def test_readme_presets_table_is_what_gen_tables_prints() -> None:
    assert "\n".join(table("Rules presets", PRESETS_HEADER)) == presets_table()


def test_readme_presets_table_has_one_row_per_preset_in_order() -> None:
    lines = table("Rules presets", PRESETS_HEADER)
    assert cells(lines[1]) == ["---"] * 3
    rows = [cells(line) for line in lines[2:]]
    assert [row[0] for row in rows] == [f"`{name}`" for name in PRESETS]
    for row, preset in zip(rows, PRESETS.values(), strict=True):
        assert row == [f"`{preset.name}`", preset.source, preset.summary], preset.name


# -- the computer-player levels ---------------------------------------------------------------


def test_readme_levels_table_is_what_gen_tables_prints() -> None:
    assert "\n".join(table("Computer players", LEVELS_HEADER)) == levels_table()


def test_readme_levels_table_lists_exactly_the_registry_weakest_first() -> None:
    lines = table("Computer players", LEVELS_HEADER)
    rows = [cells(line) for line in lines[2:]]
    names = [row[0].strip("`") for row in rows]
    assert sorted(names) == sorted(AGENTS)
    assert names == list(BY_STRENGTH)
    assert [row[1] for row in rows] == [DESCRIPTIONS[name] for name in names]


def test_readme_play_usage_offers_exactly_the_levels() -> None:
    usage = [m.group(1) for m in re.finditer(r"--opponent ([a-z|]+)", README.read_text(encoding="utf-8"))]
    assert usage, "README.md should show `ginrummy play ... [--opponent LEVEL|LEVEL...]`"
    for choices in usage:
        assert sorted(choices.split("|")) == sorted(AGENTS)


def test_levels_table_refuses_levels_it_cannot_place_or_describe() -> None:
    with pytest.raises(ValueError, match="descriptions"):
        levels_table([*AGENTS, "new"], [*BY_STRENGTH, "new"])
    with pytest.raises(ValueError, match="strength order"):
        levels_table([*AGENTS, "new"], BY_STRENGTH, {**DESCRIPTIONS, "new": "plays"})
    assert levels_table([*AGENTS, "new"], [*BY_STRENGTH, "new"], {**DESCRIPTIONS, "new": "plays"}).endswith(
        "| `new` | plays |"
    )


# -- the generator ----------------------------------------------------------------------------


def test_markdown_table_cells_read_back() -> None:
    text = markdown_table(["a", "b"], [["x|y", "`z`"]])
    assert [cells(line) for line in text.splitlines()] == [["a", "b"], ["---", "---"], ["x|y", "`z`"]]
    with pytest.raises(ValueError):
        markdown_table(["a", "b"], [["only one"]])


@pytest.mark.parametrize("args", [[], ["presets"], ["levels"], ["keys"], ["levels", "presets"]])
def test_gen_tables_script_prints_the_tables(args: list[str]) -> None:
    tables = {"presets": presets_table, "levels": levels_table, "keys": keys_table}
    done = subprocess.run(
        [sys.executable, str(GEN_TABLES), *args], capture_output=True, text=True, check=False, cwd=ROOT
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "\n\n".join(tables[name]() for name in args or ["presets", "levels"]) + "\n"


def test_gen_tables_script_refuses_an_unknown_table() -> None:
    done = subprocess.run(
        [sys.executable, str(GEN_TABLES), "nope"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert "presets, levels" in done.stderr


def test_docstrings_cite_sources_by_the_ids_docs_sources_explains() -> None:
    """Sources are cited as ids 000-004 (or ext), never by file path; every id cited is one that
    docs/sources.md describes."""
    root = Path(__file__).resolve().parents[1]
    explained = set(re.findall(r"^## (\d{3}):", (root / "docs" / "sources.md").read_text(), re.M))
    assert explained == {"000", "001", "002", "003", "004"}
    cited: set[str] = set()
    for path in (root / "src" / "ginrummy").rglob("*.py"):
        text = path.read_text()
        assert "shared/rules/" not in text, f"{path}: cite a source by its id, not its file"
        for group in re.findall(r"\((0\d\d\b[^)]*)\)", text):
            cited.update(re.findall(r"\b0\d\d\b", group))
    assert cited and cited <= explained, sorted(cited - explained)
