"""The bot side of the protocol for Python bots: :func:`serve_bot` answers the runner's messages.

``serve_bot(choose, name="mine", author="me")`` reads the runner's lines from ``stdin``: it
answers ``hello`` with the bot's hello, each ``act`` with ``{"action": choose(view, legal)}``
(``view``: the :class:`~ginrummy.variants.standard.view.PlayerView` read back with
:func:`~ginrummy.protocol.messages.view_from_json`; ``legal``: the legal actions' notation),
ignores ``hand_over`` and returns on ``quit`` or the end of input. Standard views only.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import IO

from ginrummy.protocol.messages import PROTOCOL, view_from_json
from ginrummy.variants.standard.view import PlayerView

__all__ = ["serve_bot"]

Choose = Callable[[PlayerView, list[str]], str]


def serve_bot(
    choose: Choose,
    name: str,
    author: str = "",
    stdin: IO[str] | None = None,
    stdout: IO[str] | None = None,
) -> int:
    """Play over the protocol until ``quit`` or end of input; returns the number of decisions."""
    inp = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    decisions = 0
    for line in inp:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            reply = {
                "type": "hello",
                "protocol": PROTOCOL,
                "name": name,
                "author": author,
                "variants": ["standard"],
            }
        elif kind == "act":
            reply = {"action": choose(view_from_json(message["view"]), list(message["legal"]))}
            decisions += 1
        elif kind == "quit":
            break
        else:
            continue
        out.write(json.dumps(reply) + "\n")
        out.flush()
    return decisions
