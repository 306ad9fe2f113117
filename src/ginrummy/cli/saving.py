"""How ``ginrummy play`` writes with ``--save`` the record of what a session has played (made by the
game core, :meth:`ginrummy.session.GameSession.record`): atomically, so that a session stopped
mid-write never leaves half a record."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["write_atomic"]


def write_atomic(path: Path, data: str) -> None:
    """Write ``data`` to ``path`` through a temporary file in the same folder. Raises ``OSError``."""
    folder = path.resolve().parent
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
