"""The points of a won hand, as a histogram: the data behind the expert's chance of winning the
game from a score (:mod:`ginrummy.agents.gamewin`, :data:`~ginrummy.agents.gamewin.HAND_POINTS`).

Plays duplicate-dealt games between two players (``strong`` v ``strong`` by default) and counts,
for every hand that someone won, the winner's points (gin, knock or undercut; dead hands
are left out: they change neither score). Prints the histogram, points to count; with
``--write`` stores it as entry ``hand_points`` of the shipped data file
(``src/ginrummy/agents/fitted.json``) that ``gamewin.HAND_POINTS`` is read from::

    .venv/bin/python bench/hand_points.py --games 200 --seed 11 --jobs 2 --write
"""

from __future__ import annotations

import argparse
from collections import Counter

from fitted_file import write_entry
from ginrummy.rules import Rules
from ginrummy.tournament import run_match


def histogram(players: list[str], games: int, preset: str, seed: int, jobs: int) -> dict[int, int]:
    """Points of each won hand (points to count) over ``games`` games of ``players``."""
    result = run_match(players, games, Rules.preset(preset), seed=seed, jobs=jobs)
    counts = Counter(h.points for g in result.games for h in g.hands if h.winner is not None)
    return dict(sorted(counts.items()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", nargs=2, default=["strong", "strong"])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rules", default="eaai")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--write", action="store_true", help="store it as hand_points in agents/fitted.json")
    args = ap.parse_args()
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
