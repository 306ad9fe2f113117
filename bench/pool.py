"""The sparring pool: one player (``expert`` by default) against every sparring partner
(:data:`ginrummy.agents.sparring.SPARRING`, the expert at budgets of time aside) and ``simple``,
duplicate deals, written as a Markdown table for bench/README.md (section Strength, "The pool").
The worst pairing is the figure that counts.

Usage::

    .venv/bin/python bench/pool.py --games 600 --jobs 2 --seed 2026 --out bench/pool_results.jsonl
    .venv/bin/python bench/pool.py --table bench/pool_results.jsonl      # the table again, no play
    .venv/bin/python bench/pool.py --combine bench/pool_results.jsonl --seeds 2032 2033 2034  # over seeds
    .venv/bin/python bench/pool.py --games 200 --against gin-seeker simple  # some partners only
    .venv/bin/python bench/pool.py --games 200 --against expert-2026-11 --set knock_fit=strong

``--set NAME=VALUE`` (repeatable) plays ``expert`` with one of its search settings
(:class:`ginrummy.agents.expert.ExpertParams`) changed, for an A/B run; the summary line records
the changes under ``settings``. ``--strong-set NAME=VALUE`` changes one of the ``strong``
heuristics' settings (:class:`ginrummy.agents.strong.StrongParams`) of the player measured, when
it is ``strong`` or ``expert`` (recorded as ``strong_settings``): with ``--player strong
--against strong`` a quick proxy of a change to the heuristics the expert starts from::

    .venv/bin/python bench/pool.py --player strong --against strong --games 1000 --seed 3002 \
        --strong-set take_margin_meld=-1.0 --out /tmp/proxy.jsonl

Each pairing appends one JSON summary line to ``--out`` (by default a file in the temporary folder,
so that a trial run leaves the repository alone; name ``bench/pool_results.jsonl`` to record it)
(:meth:`ginrummy.tournament.runner.MatchResult.summary` plus ``seconds`` of wall time,
``preset``, and ``game_decision_s``: the player's decision time per game, mean and max, in
seconds); the table is printed at the end, made from every line of ``--out`` for the player
and rules (the last line per opponent), so a pool can be run in several sittings.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import sys
import tempfile
import time
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from ginrummy.agents import Level
from ginrummy.agents.base import Agent
from ginrummy.agents.expert import EXPERT_PARAMS, ExpertAgent, ExpertParams
from ginrummy.agents.pickup_strong import PickupExpertAgent, PickupStrongAgent
from ginrummy.agents.sparring import BUDGETS, SPARRING
from ginrummy.agents.strong import StrongAgent, StrongParams
from ginrummy.rules import Rules
from ginrummy.tournament import report_lines, run_match
from ginrummy.tournament.runner import default_factory

OPPONENTS = ("simple", *(name for name in SPARRING if name not in BUDGETS))
"""The pool: ``simple`` and every sparring partner but the expert at budgets of time
(``sparring.BUDGETS``: the player itself, measured by the strength-versus-time curve instead);
``--against expert-8s`` plays one of those."""


def settings(pairs: list[str], params: type = ExpertParams) -> dict[str, Any]:
    """``NAME=VALUE`` pairs as changes of the dataclass ``params`` (:class:`ExpertParams` or
    :class:`StrongParams`; values parsed as its fields' types).

    >>> settings(["samples=48", "knock_fit=strong", "adapt=false", "race=none"])
    {'samples': 48, 'knock_fit': 'strong', 'adapt': False, 'race': None}
    >>> settings(["danger=4"], StrongParams)
    {'danger': 4.0}
    """
    kinds = {f.name: f.type for f in fields(params)}
    out: dict[str, Any] = {}
    for pair in pairs:
        name, _, raw = pair.partition("=")
        if name not in kinds:
            raise SystemExit(f"unknown setting {name!r}; settings: {', '.join(kinds)}")
        kind = getattr(kinds[name], "__name__", str(kinds[name]))  # a type under the compiled build
        if "None" in kind and raw.lower() == "none":
            out[name] = None
        elif "bool" in kind:
            out[name] = raw.lower() in ("1", "true", "on", "yes")
        elif kind.startswith("int"):
            out[name] = int(raw)
        elif kind.startswith("float"):
            out[name] = float(raw)
        else:
            out[name] = raw
    return out


CHANGED = "*"
"""Marks the player's name (``strong*``, ``expert*``) in a run with ``--strong-set``: the factory
builds that seat with the changed heuristics, and the other seat may be the unchanged level."""


def changed_expert(
    name: str, rng: random.Random, changes: dict[str, Any], strong_changes: dict[str, Any] | None = None
) -> Agent:
    """``expert`` with its search settings changed by ``changes``; ``strong*`` / ``expert*`` (the
    player with :data:`CHANGED`) with its heuristics' settings changed by ``strong_changes`` as well;
    other names: the levels as they are."""
    if name.endswith(CHANGED) and name[:-1] in ("strong", "expert"):
        base = EXPERT_PARAMS if name[:-1] == "expert" else StrongParams()
        sp = replace(base, **(strong_changes or {}))
        if name[:-1] == "strong":
            return Level(StrongAgent(rng, params=sp), PickupStrongAgent(rng))
        return Level(
            ExpertAgent(rng, params=sp, search=replace(ExpertParams(), **changes)), PickupExpertAgent(rng)
        )
    if name != "expert" or not changes:
        return default_factory(name, rng)
    return Level(ExpertAgent(rng, search=replace(ExpertParams(), **changes)), PickupExpertAgent(rng))


def play(
    player: str,
    opponent: str,
    games: int,
    preset: str,
    seed: int,
    jobs: int,
    changes: dict[str, Any] | None = None,
    strong_changes: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """One pairing's summary (see the module docstring)."""
    t0 = time.perf_counter()
    factory = functools.partial(changed_expert, changes=changes or {}, strong_changes=strong_changes)
    if strong_changes:
        if player not in ("strong", "expert"):
            raise SystemExit("--strong-set needs --player strong or expert")
        player += CHANGED
    result = run_match([player, opponent], games, Rules.preset(preset), seed=seed, jobs=jobs, factory=factory)
    summary = result.summary()
    if changes:
        summary["settings"] = changes
    if strong_changes:
        summary["strong_settings"] = strong_changes
    summary["seconds"] = time.perf_counter() - t0
    summary["preset"] = preset
    per_game = [sum(g.times[0]) for g in result.games]
    summary["game_decision_s"] = {"mean": sum(per_game) / len(per_game), "max": max(per_game)}
    return summary


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def table(summaries: list[dict[str, Any]]) -> str:
    """The pool table (Markdown) of ``summaries`` (one per opponent, the player first in each),
    worst pairing first, with the worst marked."""
    rows = sorted(summaries, key=lambda s: s["win_rate"])
    lines = [
        "| opponent | games (pairs) | won | 95% CI (pair-clustered) | Elo | net pts/hand | gin (player / opp) "
        "| undercuts won (player / opp) | decision median / p99 | decision s per game (mean / max) |",
        "|---|---:|---:|---|---:|---:|---|---|---|---|",
    ]
    for i, s in enumerate(rows):
        lo, hi = s["ci95"]
        r = s["rates"]
        t = s["times"][0]
        g = s.get("game_decision_s", {"mean": 0.0, "max": 0.0})
        won = _pct(s["win_rate"])
        lines.append(
            f"| {s['agents'][1]}{' (worst)' if i == 0 else ''} | {s['games']} ({s['pairs']}) "
            f"| {f'**{won}**' if i == 0 else won} | {_pct(lo)}-{_pct(hi)} | {s['elo']:+.0f} "
            f"| {s['net_points_per_hand']:+.2f} | {_pct(r['gin'][0])} / {_pct(r['gin'][1])} "
            f"| {_pct(r['undercut'][0])} / {_pct(r['undercut'][1])} "
            f"| {t['median_ms']:.1f} / {t['p99_ms']:.0f} ms | {g['mean']:.1f} / {g['max']:.1f} |"
        )
    return "\n".join(lines)


def latest(path: Path, player: str, preset: str) -> list[dict[str, Any]]:
    """The last summary per opponent of ``player`` under ``preset`` in the JSON lines file ``path``
    (A/B runs with changed settings left out)."""
    by_opp: dict[str, dict[str, Any]] = {}
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        s = json.loads(line)
        if s["agents"][0] == player and s.get("preset") == preset and "settings" not in s:
            by_opp[s["agents"][1]] = s
    return list(by_opp.values())


def combined(path: Path, player: str, preset: str, seeds: list[int]) -> str:
    """The pool table (Markdown) over several seeds' runs in ``path`` (one line per opponent and
    seed, A/B runs left out): each seed's games are new duplicate pairs, so the rate weighs each
    seed by its games and the 95% interval combines the seeds' pair-clustered standard errors
    (the seeds are independent); net points per hand weigh each seed by its hands; decision
    times give the range of the seeds' medians, the largest p99 and the largest game."""
    runs: dict[str, list[dict[str, Any]]] = {}
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        s = json.loads(line)
        if (
            s["agents"][0] == player
            and s.get("preset") == preset
            and "settings" not in s
            and s["seed"] in seeds
        ):
            runs.setdefault(s["agents"][1], []).append(s)
    rows = []
    for opp, ss in runs.items():
        games = sum(s["games"] for s in ss)
        rate = sum(s["win_rate"] * s["games"] for s in ss) / games
        se = sum((s["games"] / games * (s["ci95"][1] - s["ci95"][0]) / (2 * 1.96)) ** 2 for s in ss) ** 0.5
        hands = sum(s["hands"] for s in ss)
        net = sum(s["net_points_per_hand"] * s["hands"] for s in ss) / hands
        medians = [s["times"][0]["median_ms"] for s in ss]
        p99 = max(s["times"][0]["p99_ms"] for s in ss)
        worst_game = max(s.get("game_decision_s", {"max": 0.0})["max"] for s in ss)
        by_seed = ", ".join(
            f"{s['seed']}: {_pct(s['win_rate'])}" for s in sorted(ss, key=lambda s: s["seed"])
        )
        rows.append((rate, opp, games, se, by_seed, net, min(medians), max(medians), p99, worst_game))
    rows.sort()
    lines = [
        "| opponent | games | won | 95% CI | by seed | net pts/hand | decision median / p99 | decision s per game (max) |",
        "|---|---:|---|---|---|---:|---|---:|",
    ]
    for i, (rate, opp, games, se, by_seed, net, lo_med, hi_med, p99, worst) in enumerate(rows):
        won = f"**{_pct(rate)}**" if i == 0 else _pct(rate)
        lines.append(
            f"| {opp}{' (worst)' if i == 0 else ''} | {games} | {won} | {_pct(rate - 1.96 * se)}-"
            f"{_pct(rate + 1.96 * se)} | {by_seed} | {net:+.2f} | {lo_med:.1f}-{hi_med:.1f} / {p99:.0f} ms "
            f"| {worst:.1f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--player", default="expert", help="the player measured (default expert)")
    ap.add_argument("--against", nargs="+", default=list(OPPONENTS), help="opponents (default: the pool)")
    ap.add_argument("--games", type=int, default=600, help="games per pairing (rounded up to pairs)")
    ap.add_argument("--rules", default="eaai", help="rules preset (default eaai)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument(
        "--out",
        default=str(Path(tempfile.gettempdir()) / "ginrummy-pool_results.jsonl"),
        help="JSON lines file to append to (default: in the temporary folder; bench/pool_results.jsonl "
        "to record a run)",
    )
    ap.add_argument("--table", metavar="JSONL", help="only print the table of this file's summaries")
    ap.add_argument(
        "--combine", metavar="JSONL", help="only print the table over the --seeds runs of this file"
    )
    ap.add_argument("--seeds", type=int, nargs="+", default=[], help="with --combine: the seeds' runs")
    ap.add_argument(
        "--set", action="append", default=[], metavar="NAME=VALUE", help="an expert setting changed"
    )
    ap.add_argument(
        "--strong-set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a setting of the strong heuristics changed (player strong or expert)",
    )
    args = ap.parse_args(argv)
    changes = settings(args.set)
    strong_changes = settings(args.strong_set, StrongParams)
    if args.combine:
        print(combined(Path(args.combine), args.player, args.rules, args.seeds))
        return
    if args.table:
        print(table(latest(Path(args.table), args.player, args.rules)))
        return
    out = Path(args.out)
    for opponent in args.against:
        s = play(args.player, opponent, args.games, args.rules, args.seed, args.jobs, changes, strong_changes)
        with out.open("a") as f:
            f.write(json.dumps(s) + "\n")
        print("\n".join(report_lines(s)), f"\n  ({s['seconds']:.0f} s)", file=sys.stderr, flush=True)
    print(table(latest(out, args.player, args.rules)))


if __name__ == "__main__":
    main()
