"""Where a player's hands are lost: did it ever have a chance to knock before the hand ended?

Plays games between a measured player and an opponent (``expert`` v ``simple`` under ``eaai`` by
default; duplicate pairs of :func:`ginrummy.tournament.run_match`: the same deals with the seats
swapped; the two players must differ) and sorts every hand of the
measured player by whether it passed up a knock (a legal knock short of gin it did not make), and
then by how the hand ended (its knock or gin, the opponent's ("its") knock or gin, an undercut either way, a
dead hand), with the hands' count and net points (points, the measured player's view). It tells apart
hands lost before the player could knock (a matter of speed) from hands lost after waiting (a matter
of the knock decision)::

    .venv-compiled/bin/python bench/knock_chances.py --games 40 --seed 7 --jobs 2
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ginrummy.melds import least_deadwood
from ginrummy.play import show_hand_over
from ginrummy.rules import Rules
from ginrummy.seeds import derive_seed
from ginrummy.tournament import run_match
from ginrummy.tournament.runner import default_factory
from ginrummy.variants.standard.actions import Knock


class Watched:
    """``inner``'s play, noting at each of its decisions whether a knock short of gin was legal
    and not made, and at each hand's end a row: (passed up a knock, how the hand ended, net
    points for this player)."""

    def __init__(self, inner: Any, rows: list[tuple[bool, str, int]]) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "player")
        self.passed = False
        self.rows = rows

    def act(self, view: Any) -> Any:
        action = self.inner.act(view)
        if not isinstance(action, Knock):
            hand = int(view.hand)
            for a in view.legal_actions:
                if isinstance(a, Knock) and least_deadwood(hand & ~int(a.card.bit), view.meld_rules) > 0:
                    self.passed = True
                    break
        return action

    def hand_over(self, view: Any) -> None:
        r = view.result
        me = view.player
        if r.knocker is None:
            end = "dead hand"
        elif r.outcome.value == "undercut":
            end = "my knock, undercut" if r.knocker == me else "its knock, undercut by me"
        else:
            end = f"{'my' if r.knocker == me else 'its'} {r.outcome.value}"
        sign = 0 if r.winner is None else (1 if r.winner == me else -1)
        self.rows.append((self.passed, end, sign * r.points))
        self.passed = False
        show_hand_over(self.inner, view)


_ROWS: list[tuple[bool, str, int]] = []  # this process's rows, filled by the watched agents
_WATCHED = ""  # the measured player's name in this process


def _factory(name: str, rng: random.Random) -> Any:
    agent = default_factory(name, rng)
    return Watched(agent, _ROWS) if name == _WATCHED else agent


def play_pair(args: tuple[str, str, str, int, int]) -> list[tuple[bool, str, int]]:
    """The measured player's rows over duplicate pair ``index`` of match seed ``seed``: both
    games, played by :func:`ginrummy.tournament.run_match` (one pair, in this process)."""
    global _WATCHED
    me, opp, preset, seed, index = args
    _WATCHED = me
    _ROWS.clear()
    run_match([me, opp], 2, Rules.preset(preset), seed=derive_seed(seed, "pair", index), factory=_factory)
    return list(_ROWS)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", nargs=2, default=["expert", "simple"])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--rules", default="eaai")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    me, opp = args.players
    if me == opp:
        ap.error("the two players must differ (the measured one is told by its name)")
    work = [(me, opp, args.rules, args.seed, i) for i in range((args.games + 1) // 2)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [row for pair in pool.map(play_pair, work) for row in pair]
    table: dict[tuple[bool, str], list[int]] = defaultdict(list)
    for passed, end, points in rows:
        table[passed, end].append(points)
    print(f"{me} v {opp}, {args.rules}, {args.games} games (seed {args.seed}), {len(rows)} hands")
    print("| passed up a knock | how the hand ended | hands | share | net points |")
    print("|---|---|---:|---:|---:|")
    for (passed, end), pts in sorted(table.items()):
        print(
            f"| {'yes' if passed else 'no'} | {end} | {len(pts)} | {len(pts) / len(rows):.1%} | {sum(pts):+d} |"
        )
    for passed in (True, False):
        pts = [p for (ps, _), v in table.items() if ps is passed for p in v]
        print(
            f"passed up a knock: {'yes' if passed else 'no'}: {len(pts)} hands, {sum(pts) / max(len(pts), 1):+.2f} a hand"
        )


if __name__ == "__main__":
    main()
