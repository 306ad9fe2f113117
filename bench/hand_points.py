"""The points of a won hand, as a histogram: the data behind the expert's chance of winning the
game from a score (:mod:`ginrummy.agents.gamewin`, :data:`~ginrummy.agents.gamewin.HAND_POINTS`).

Plays duplicate-dealt games between two players (``strong`` v ``strong`` by default) and counts,
for every hand that someone won, the winner's points (gin, knock or undercut; dead hands
are left out: they change neither score). Prints the histogram, points to count; with
``--write`` stores it as entry ``hand_points`` of the shipped data file
(``src/ginrummy/agents/fitted.json``) that ``gamewin.HAND_POINTS`` is read from::

    .venv/bin/python bench/hand_points.py --games 200 --seed 11 --jobs 2 --write

With ``--sides`` it counts each player's won hands apart (the first player's as ``counts``, the
second's as ``opponent_counts``) and ``--write`` stores them as entry ``hand_points_at_once``,
the expert's odds against a player who knocks at once (``gamewin.AT_ONCE_ODDS``)::

    .venv-compiled/bin/python bench/hand_points.py --players expert simple --sides --games 200 --seed 12 --jobs 2 --write
"""

from __future__ import annotations

import argparse
from collections import Counter

from fitted_file import write_entry
from ginrummy.rules import Rules
from ginrummy.tournament import run_match


def histograms(players: list[str], games: int, preset: str, seed: int, jobs: int) -> list[dict[int, int]]:
    """Points of each won hand (points to count) over ``games`` games of ``players``: the
    first player's won hands, then the second's."""
    result = run_match(players, games, Rules.preset(preset), seed=seed, jobs=jobs)
    sides = [Counter(h.points for g in result.games for h in g.hands if h.winner == i) for i in (0, 1)]
    return [dict(sorted(c.items())) for c in sides]


def histogram(players: list[str], games: int, preset: str, seed: int, jobs: int) -> dict[int, int]:
    """Points of each won hand (points to count) over ``games`` games of ``players``."""
    both: Counter[int] = Counter()
    for side in histograms(players, games, preset, seed, jobs):
        both.update(side)
    return dict(sorted(both.items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", nargs=2, default=["strong", "strong"])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rules", default="eaai")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--write", action="store_true", help="store it as hand_points in agents/fitted.json")
    ap.add_argument(
        "--sides", action="store_true", help="each player's won hands apart (entry hand_points_at_once)"
    )
    args = ap.parse_args()
    if args.sides:
        mine, theirs = histograms(args.players, args.games, args.rules, args.seed, args.jobs)
        about = (
            f"bench/hand_points.py --players {' '.join(args.players)} --sides --games {args.games} "
            f"--seed {args.seed}: {sum(mine.values())} hands won by {args.players[0]}, "
            f"{sum(theirs.values())} by {args.players[1]}, rules {args.rules}; points to count"
        )
        print(f"# {about}")
        print(mine)
        print(theirs)
        if args.write:
            write_entry(
                "hand_points_at_once",
                {
                    "about": about,
                    "counts": {str(k): v for k, v in mine.items()},
                    "opponent_counts": {str(k): v for k, v in theirs.items()},
                },
            )
        return
    h = histogram(args.players, args.games, args.rules, args.seed, args.jobs)
    about = (
        f"bench/hand_points.py --games {args.games} --seed {args.seed}: {sum(h.values())} won hands, "
        f"{' v '.join(args.players)}, rules {args.rules}; points to count"
    )
    print(f"# {about}")
    print(h)
    if args.write:
        write_entry("hand_points", {"about": about, "counts": {str(k): v for k, v in h.items()}})


if __name__ == "__main__":
    main()
