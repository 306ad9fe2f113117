"""Write one entry of the expert's shipped data file (``src/ginrummy/agents/fitted.json``,
read by :mod:`ginrummy.agents.fitted_data`): what ``fit_rule.py --write`` and
``hand_points.py --write`` call, so that ``make fitted`` rebuilds the file in place."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FILE = Path(__file__).resolve().parent.parent / "src" / "ginrummy" / "agents" / "fitted.json"


def write_entry(name: str, entry: dict[str, Any], path: Path = FILE) -> None:
    """Set entry ``name`` of the data file at ``path`` to ``entry`` (``about`` and ``weights``
    or ``counts``), keeping the others; the file stays sorted by entry name."""
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data[name] = entry
    path.write_text(json.dumps(dict(sorted(data.items())), indent=1) + "\n", encoding="utf-8")
