"""Seconds per decision of a ``cmd:`` bot as the computer in ``ginrummy serve --opponent cmd:...``:
one process per game (the server's way) against one process per decision (the way before it).

Plays games in the browser's API (Starlette's test client, in this process; the scripted human
of the web tests) against the Python reference bot (``bots/simple_bot.py``), and times each of
the computer's decisions at the server's decider (:class:`ginrummy.web.botplayer.GameBot`),
wall clock. ``per-decision`` ends the bot's process after each decision, so each decision pays
the start, the hello and a ``hand_over`` for each finished hand, as the server did before it kept a
process per game. The modes alternate, each repeat on the same deals.

Run: ``.venv/bin/python bench/bench_serve_bot.py [--hands 2] [--repeats 3] [--json out.json]``.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from ginrummy.variants import AnyAction, AnyView
from ginrummy.web.app import create_app
from ginrummy.web.botplayer import BotDecisions, GameBot
from ginrummy.web.session import COMPUTER

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from helpers.web import scripted_action  # the web tests' scripted human

BOT = f"cmd:{sys.executable} {Path(__file__).resolve().parents[1] / 'bots' / 'simple_bot.py'}"
MODES = ("per-game", "per-decision")


class _TimedBot(GameBot):
    """A game's bot that notes each of the computer's decision times (and ends its process after
    each decision in ``per-decision`` mode)."""

    def __init__(self, pool: _Timed) -> None:
        super().__init__(pool)
        self.timed = pool

    def __call__(self, level: str, seed: int, finished: Sequence[AnyView], view: AnyView) -> AnyAction:
        if view.player != COMPUTER:
            return super().__call__(level, seed, finished, view)
        t0 = time.perf_counter()
        try:
            return super().__call__(level, seed, finished, view)
        finally:
            self.timed.times.append(time.perf_counter() - t0)
            if self.timed.mode == "per-decision":
                self.close()


class _Timed(BotDecisions):
    def __init__(self, mode: str) -> None:
        super().__init__(0, BOT, 60000)
        self.mode = mode
        self.times: list[float] = []

    @property
    def decide(self) -> GameBot:
        return _TimedBot(self)


def _play(mode: str, hands: int, seed: int) -> list[float]:
    """The computer's decision times (seconds) over ``hands`` hands of one game in ``mode``."""
    pool = _Timed(mode)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Path(tmp) / "games.sqlite3", test_seed=f"bench-{seed}")
        app.state.server.pool = pool
        with TestClient(app) as client:
            r = client.post("/api/games", json={"preset": "default", "level": "simple", "mode": "practice"})
            assert r.status_code == 201, r.text
            game, headers = r.json()["game"], {"x-player-token": r.json()["token"]}
            done = 0
            while not game["game_over"]:
                path, body = scripted_action(game)
                if path == "next":
                    done += 1
                    if done == hands:
                        break
                r = client.post(f"/api/games/{game['id']}/{path}", json=body, headers=headers)
                assert r.status_code == 200, r.text
                game = r.json()
    pool.close()
    return pool.times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()
    times: dict[str, list[float]] = {m: [] for m in MODES}
    firsts: dict[str, list[float]] = {m: [] for m in MODES}
    for r in range(args.repeats):
        for mode in MODES:
            t = _play(mode, args.hands, r)
            times[mode] += t
            firsts[mode].append(t[0])
    out: dict[str, Any] = {"python": platform.python_version(), "hands": args.hands, "repeats": args.repeats}
    for mode in MODES:
        t = times[mode]
        out[mode] = {
            "decisions": len(t),
            "median_s": statistics.median(t),
            "mean_s": statistics.fmean(t),
            "max_s": max(t),
            "first_median_s": statistics.median(firsts[mode]),
        }
        print(
            f"{mode:>12}: {len(t)} decisions, median {statistics.median(t):.4f} s, mean "
            f"{statistics.fmean(t):.4f} s, max {max(t):.3f} s; first of a game (median) "
            f"{statistics.median(firsts[mode]):.3f} s"
        )
    if args.json is not None:
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
