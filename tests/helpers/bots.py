"""Small scripted bots for the bot protocol's tests (docs/protocol.md): each is a Python script
written into a folder, run as ``cmd:PYTHON SCRIPT``."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

PY = sys.executable
ROOT = Path(__file__).resolve().parents[2]
REFERENCE_BOT = f"cmd:{PY} {ROOT / 'bots' / 'simple_bot.py'}"
"""The Python reference bot (``bots/simple_bot.py``) as a ``cmd:`` player."""
HELLO = (
    'print(json.dumps({"type": "hello", "protocol": 1, "name": "t", "variants": ["standard"]}), flush=True)'
)


def script_bot(folder: Path, name: str, body: str) -> str:
    """A bot script ``folder/NAME.py``: it reads the hello and answers it, then runs ``body`` for
    each further ``act`` line ``msg`` (a dict; other messages are skipped); returns its
    ``cmd:`` name."""
    path = folder / f"{name}.py"
    code = "import json, sys, time\nsys.stdin.readline()\n" + HELLO + "\n"
    code += (
        "for line in sys.stdin:\n    msg = json.loads(line)\n    if msg['type'] != 'act':\n        continue\n"
    )
    code += textwrap.indent(textwrap.dedent(body), "    ")
    path.write_text(code)
    return f"cmd:{PY} {path}"
