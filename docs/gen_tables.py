"""Print the README's generated tables as Markdown, for pasting into README.md.

    python docs/gen_tables.py            # the presets and levels tables, a blank line between
    python docs/gen_tables.py presets    # the "Rules presets" table (ginrummy.rules.PRESETS)
    python docs/gen_tables.py levels     # the "Computer players" table (ginrummy.agents.AGENTS,
                                         # weakest first, with ginrummy.agents.DESCRIPTIONS)
    python docs/gen_tables.py keys       # the full-screen table's keys (ginrummy.cli.tui.words.KEYS)

Run it with the project installed (``pip install -e .``). tests/test_docs.py checks that the README
holds exactly these tables; the text comes from :mod:`ginrummy.cli.doc_tables`.
"""

from __future__ import annotations

import sys

from ginrummy.cli.doc_tables import keys_table, levels_table, presets_table

TABLES = {"presets": presets_table, "levels": levels_table, "keys": keys_table}


def main(argv: list[str]) -> int:
    names = argv or ["presets", "levels"]
    unknown = [name for name in names if name not in TABLES]
    if unknown:
        print(f"unknown table {unknown[0]!r}; tables: {', '.join(TABLES)}", file=sys.stderr)
        return 2
    print("\n\n".join(TABLES[name]() for name in names))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
