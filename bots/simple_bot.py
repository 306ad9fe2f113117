#!/usr/bin/env python3
"""The reference bot of the ginrummy bot protocol (docs/protocol.md): the `simple` level.

Run by the engine as a player: ``ginrummy match cmd:"python3 bots/simple_bot.py" simple``.
Standard library and ginrummy only. Speaks protocol 1 and plays standard gin (not pickup).
Its seed comes from the first argument (default 0).
"""

from __future__ import annotations

import sys

from ginrummy.agents import make_agent
from ginrummy.protocol import serve_bot
from ginrummy.variants.standard.view import PlayerView


def main() -> int:
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 0
    agent = make_agent("simple", seed)

    def choose(view: PlayerView, legal: list[str]) -> str:
        return str(agent.act(view))

    serve_bot(choose, name="simple (protocol)", author="ginrummy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
