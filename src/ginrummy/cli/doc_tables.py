"""The README's generated tables, as Markdown text: the rules presets, the computer-player levels and
the keys of the full-screen table.

``python docs/gen_tables.py`` prints them for a maintainer to paste into README.md, and
``tests/test_docs.py`` checks that the README holds exactly this text. Formatting only: no I/O.

>>> presets_table().splitlines()[:2]
['| preset | follows | summary |', '|---|---|---|']
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from ginrummy.agents import AGENTS, BY_STRENGTH, DESCRIPTIONS
from ginrummy.rules import PRESETS, Preset

__all__ = ["keys_table", "levels_table", "markdown_table", "presets_table"]


def markdown_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A Markdown table, one line per row; ``|`` in a cell is escaped. No trailing newline.

    >>> print(markdown_table(["a", "b"], [["1", "x|y"]]))
    | a | b |
    |---|---|
    | 1 | x\\|y |
    """
    for row in rows:
        if len(row) != len(header):
            raise ValueError(f"row {list(row)!r} has {len(row)} cells; the header has {len(header)}")

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |"

    return "\n".join([line(header), "|" + "---|" * len(header), *(line(row) for row in rows)])


def presets_table(presets: Mapping[str, Preset] = PRESETS) -> str:
    """The README's "Rules presets" table: each preset in :data:`ginrummy.rules.PRESETS` order,
    the ``source`` it follows and its ``summary``."""
    return markdown_table(
        ["preset", "follows", "summary"],
        [[f"`{p.name}`", p.source, p.summary] for p in presets.values()],
    )


def levels_table(
    levels: Collection[str] = AGENTS,
    order: Sequence[str] = BY_STRENGTH,
    descriptions: Mapping[str, str] = DESCRIPTIONS,
) -> str:
    """The README's table of computer-player levels: every level of ``levels`` (the registry
    :data:`ginrummy.agents.AGENTS`), weakest first (``order``), with its description.

    Raises ``ValueError`` when ``order`` or ``descriptions`` do not name exactly the registry's levels.
    """
    if sorted(order) != sorted(levels):
        raise ValueError(
            f"the strength order {list(order)} does not list exactly the levels {sorted(levels)}"
        )
    if sorted(descriptions) != sorted(levels):
        raise ValueError(
            f"the descriptions {sorted(descriptions)} do not cover exactly the levels {sorted(levels)}"
        )
    return markdown_table(["level", "how it plays"], [[f"`{name}`", descriptions[name]] for name in order])


def keys_table(keys: Sequence[tuple[str, str]] | None = None) -> str:
    """The README's table of the full-screen table's keys and clicks
    (:data:`ginrummy.cli.tui.words.KEYS`, in order), then those only discard-pile pickup's table
    has (:data:`ginrummy.cli.tui.pickup_words.KEYS`, marked "pickup")."""
    if keys is None:
        from ginrummy.cli.tui import pickup_words, words  # the table's modules load Textual

        pickup = [
            (f"{key} (pickup)", what) for key, what in pickup_words.KEYS if (key, what) not in words.KEYS
        ]
        keys = [*words.KEYS, *pickup]
    return markdown_table(["key or click", "does"], [[key, what] for key, what in keys])
