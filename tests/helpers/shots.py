"""Where the browser tests write their screenshots: ``docs/web/`` (the pictures the README shows)
when ``GINRUMMY_SCREENSHOTS`` is set (``make screenshots``), else a folder of the system's temporary
directory, so that a test run leaves the tree as it was (the deals differ from run to run)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web"
"""The README's browser pictures."""

SHOTS = (
    DOCS if os.environ.get("GINRUMMY_SCREENSHOTS") else Path(tempfile.gettempdir()) / "ginrummy-screenshots"
)
"""Where the screenshots go in this run."""
