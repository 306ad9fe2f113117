"""Benchmark ginrummy against OpenSpiel (``pyspiel``) and RLCard, side by side, in one run.

Run from the repository root::

    .venv/bin/python bench/bench_engines.py            # full run, about 50 s on 2 cores
    .venv/bin/python bench/bench_engines.py --quick    # smaller sets, 3 repeats
    .venv/bin/python bench/bench_engines.py --repeats 7 --profile --markdown

Figures (each the MEDIAN of ``--repeats`` repeats; min / median / max are printed):

1. Least-deadwood calls per second, every engine on the SAME hands:

   * random 10-card hands: ginrummy ``melds.least_deadwood``, OpenSpiel
     ``GinRummyUtils.min_deadwood``, RLCard best meld clusters + deadwood count;
   * meld-rich 11-card hands (2-3 melds, sets of 4 and runs sharing cards, plus filler):
     the least deadwood after the best discard: ginrummy
     ``melds.least_deadwood_after_discard``, OpenSpiel ``min_deadwood`` of the 11 cards
     (which is not always the true least, see ``openspiel_notes.md``), RLCard the minimum
     over the 11 discards. How often each peer's answer differs from ours is reported.

   Repeat ``r`` uses its own set of hands (the same set for every engine), so a cache
   inside an engine cannot turn later repeats into lookups. Card conversions are done
   before timing. Each is measured twice: *warm*, as a program calling the engine in a
   loop sees it (before each timed chunk the engine runs, untimed, over 200 other hands of
   the same kind, so its tables are in the CPU caches whatever the other engines did in
   between; the hands timed are new to it), and *cold* (``gc.collect()`` before every chunk
   of every engine, which walks every Python object and evicts our 8,192-entry suit tables
   from the CPU caches; OpenSpiel's C++ tables are hit less). Before issue 26 only the cold
   figure was taken.

2. Whole hands per second of bot self-play: ginrummy ``SimpleAgent`` on both seats
   (``ginrummy.play.play_hand`` on ``HandState.deal(Rules(big_gin=False), ...)``; see
   :func:`ours_simple_hands_per_second` for why not the "openspiel" preset),
   OpenSpiel's ``SimpleGinRummyBot`` on both seats, RLCard's ``GinRummyNoviceRuleAgent``
   on both seats (adapters in ``peers.py``). Dealing is inside the timed loop for all three.
   OpenSpiel starts each hand from a clone of one fresh initial state made before the
   timed loop (its ``new_initial_state()`` rebuilds its meld tables, about 1 ms, 70% of
   its time per hand; the histories are identical); the cost of ``new_initial_state()``
   and of the clone is measured apart and printed under the figure.

Timing: by default the process's CPU time (``time.process_time``), which other programs
on a shared machine disturb far less than the wall clock (``--clock wall``). Within each
repeat the engines take turns in chunks (10 for deadwood, 5 for play), so a slow patch
hits all of them alike. All engines run in this one thread.

Targets checked (issue 26, pure Python): least deadwood >= 2x OpenSpiel, warm, on both
hand sets, and >= 5x RLCard on random hands; play >= 1.5x OpenSpiel's hands per second
(from a clone) and >= 20x RLCard's. ``callgrind.py`` counts the same workloads in
instructions, which a loaded machine does not disturb.
``--profile`` then runs cProfile on the ginrummy side of every benchmark whose target was
missed and prints the top functions by own time.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import gc
import io
import json
import os
import platform
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

import peers  # bench/peers.py (this directory is on sys.path when run as a script)
from ginrummy import melds
from ginrummy.agents import SimpleAgent
from ginrummy.cards import cardset
from ginrummy.play import play_hand
from ginrummy.rules import Rules
from ginrummy.variants.standard.state import HandState

OURS = "ginrummy"
OPENSPIEL = "openspiel"
RLCARD = "rlcard"
ENGINES = (OURS, OPENSPIEL, RLCARD)

Prepare = Callable[[Sequence[int]], Any]
Call = Callable[[Any], int]
Play = Callable[[int, int, Callable[[], float]], tuple[int, float]]


# --------------------------------------------------------------------------- hands


def random_hands(rng: random.Random, n: int, size: int) -> list[list[int]]:
    """``n`` hands of ``size`` distinct random cards (our indices)."""
    return [rng.sample(range(52), size) for _ in range(n)]


def meld_rich_hand(rng: random.Random, size: int = 11) -> list[int]:
    """A hand built from 2-3 melds that mostly share cards, then random filler.

    Each meld is a set (3 or 4 of a rank) or a run (3-5 cards); with probability 3/4 it
    is anchored on a card already in the hand (so a set of 4 crosses a run, runs touch
    sets, and so on), which gives several overlapping melds per hand.
    """
    cards: set[int] = set()
    wanted = rng.choice((2, 3))
    made = tries = 0
    while made < wanted and tries < 50:
        tries += 1
        anchor = rng.choice(sorted(cards)) if cards and rng.random() < 0.75 else rng.randrange(52)
        rank, suit = anchor % 13, anchor // 13
        if rng.random() < 0.45:
            k = 4 if rng.random() < 0.5 else 3
            suits = [suit, *rng.sample([s for s in range(4) if s != suit], k - 1)]
            new = {s * 13 + rank for s in suits}
        else:
            length = rng.choice((3, 3, 4, 4, 5))
            low = rng.randint(max(0, rank - length + 1), min(rank, 13 - length))
            new = {suit * 13 + r for r in range(low, low + length)}
        if len(cards | new) > size:
            continue
        cards |= new
        made += 1
    cards |= set(rng.sample([c for c in range(52) if c not in cards], size - len(cards)))
    out = sorted(cards)
    rng.shuffle(out)
    return out


def meld_stats(hands: Sequence[Sequence[int]]) -> tuple[float, float]:
    """Mean number of melds per hand, and the share of hands with two melds sharing a card."""
    counts = []
    overlapping = 0
    for h in hands:
        ms = [m.mask for m in melds.all_melds(cardset(h))]
        counts.append(len(ms))
        if any(a & b for i, a in enumerate(ms) for b in ms[i + 1 :]):
            overlapping += 1
    return statistics.fmean(counts), overlapping / len(hands)


# --------------------------------------------------------------------------- engines


def deadwood_engines(eleven: bool) -> dict[str, tuple[Prepare, Call]]:
    """``name -> (prepare, call)``; ``call(prepare(cards))`` is the engine's least deadwood
    of 10 cards, or (``eleven``) after the best discard of 11 cards."""
    ours_call: Call = melds.least_deadwood_after_discard if eleven else melds.least_deadwood
    engines: dict[str, tuple[Prepare, Call]] = {OURS: (cardset, ours_call)}
    try:
        os_prepare, _ = peers.openspiel_min_deadwood_fn()
        # Call the pybind function directly (it returns an int): no Python wrapper frame.
        engines[OPENSPIEL] = (os_prepare, peers.openspiel_utils().min_deadwood)
    except ImportError as exc:
        print(f"  {OPENSPIEL}: unavailable ({exc})")
    try:
        engines[RLCARD] = peers.rlcard_min_deadwood_fn()
    except ImportError as exc:
        print(f"  {RLCARD}: unavailable ({exc})")
    return engines


MAX_ACTIONS = 5000  # a finished hand has well under 200 actions


def ours_simple_hands_per_second(
    n_hands: int, seed: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[int, float]:
    """Play ``n_hands`` hands, SimpleAgent on both seats, dealer alternating; deal timed.

    Rules: ``Rules(big_gin=False)`` (the card just taken may not be thrown back; no big gin, as
    in both peers' games and as ``Rules()`` was before it took the default preset's big gin). Under
    ``Rules.preset("openspiel")`` SimpleAgent throws back a card it just took when that is
    its best discard, and two of them can pass one card back and forth for ever (e.g.
    ``HandState.deal(Rules.preset("openspiel"), 1, 2407)``, SimpleAgent(0) v SimpleAgent(1),
    who pass 8h back and forth); OpenSpiel stops such hands by its own repetition rule.
    The hand loop's action cap (``max_actions``, checked on every action, so it is timed too)
    turns any endless hand into a ``HandTooLongError``.
    """
    rules = Rules(big_gin=False)
    rng = random.Random(seed)
    agents = (SimpleAgent(random.Random(seed + 1)), SimpleAgent(random.Random(seed + 2)))
    t0 = clock()
    for i in range(n_hands):
        play_hand(HandState.deal(rules, i % 2, rng), agents, max_actions=MAX_ACTIONS)
    return n_hands, clock() - t0


def play_engines() -> dict[str, Play]:
    out: dict[str, Play] = {OURS: ours_simple_hands_per_second}
    for name, fn, module in (
        (OPENSPIEL, peers.openspiel_simple_hands_per_second, "pyspiel"),
        (RLCARD, peers.rlcard_novice_hands_per_second, "rlcard"),
    ):
        try:
            __import__(module)
        except ImportError as exc:
            print(f"  {name}: unavailable ({exc})")
            continue
        out[name] = fn
    return out


# --------------------------------------------------------------------------- figures


@dataclass
class Figure:
    """One benchmark: per-engine samples (a rate per repeat) and the targets to check."""

    key: str
    title: str
    unit: str
    targets: dict[str, float]  # peer -> required ginrummy/peer ratio
    samples: dict[str, list[float]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def median(self, engine: str) -> float | None:
        s = self.samples.get(engine)
        return statistics.median(s) if s else None

    def ratio(self, peer: str) -> float | None:
        ours, theirs = self.median(OURS), self.median(peer)
        return ours / theirs if ours and theirs else None

    def target_met(self, peer: str) -> bool | None:
        r = self.ratio(peer)
        return None if r is None or peer not in self.targets else r >= self.targets[peer]


CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.process_time, "wall": time.perf_counter}
CHUNKS = 10  # each repeat is cut in chunks, engines alternating chunk by chunk


def chunks(seq: Sequence[Any], k: int) -> list[Sequence[Any]]:
    step = -(-len(seq) // k)
    return [seq[i : i + step] for i in range(0, len(seq), step)]


def bench_deadwood(
    fig: Figure,
    hand_sets: Sequence[Sequence[Sequence[int]]],
    eleven: bool,
    clock: Callable[[], float],
    warm_hands: Sequence[Sequence[int]] = (),
) -> None:
    """Time every engine on every hand set (repeat r = set r). Within a repeat the engines
    take turns chunk by chunk, so a slow patch of a noisy machine hits all of them alike.
    Warm (``warm_hands`` given): each engine runs untimed over ``warm_hands`` before each of its
    timed chunks; cold (none given): ``gc.collect()`` runs before every chunk.
    Then count the hands where a peer's answer differs from ours."""
    engines = deadwood_engines(eleven)
    prepared = {name: [[prep(h) for h in hs] for hs in hand_sets] for name, (prep, _) in engines.items()}
    warmers = {name: [prep(h) for h in warm_hands] for name, (prep, _) in engines.items()}
    answers: dict[str, list[int]] = {name: [] for name in engines}
    for r in range(len(hand_sets)):
        spent = dict.fromkeys(engines, 0.0)
        parts = {name: chunks(prepared[name][r], CHUNKS) for name in engines}
        for part in range(len(parts[OURS])):
            for name, (_, call) in engines.items():
                chunk = parts[name][part]
                if warm_hands:
                    for h in warmers[name]:
                        call(h)
                else:
                    gc.collect()
                t0 = clock()
                got = [call(h) for h in chunk]
                spent[name] += clock() - t0
                answers[name].extend(got)
        for name in engines:
            fig.samples.setdefault(name, []).append(len(hand_sets[r]) / spent[name])
    all_hands = [h for hs in hand_sets for h in hs]
    for name in engines:
        if name == OURS:
            continue
        pairs = zip(answers[name], answers[OURS], strict=True)
        diff = [i for i, (a, b) in enumerate(pairs) if a != b]
        note = f"{name} differs from ginrummy on {len(diff)}/{len(all_hands)} hands"
        if diff:
            i = diff[0]
            text = " ".join(peers.card_text(c) for c in sorted(all_hands[i]))
            note += f", e.g. {text}: {name} {answers[name][i]}, ginrummy {answers[OURS][i]}"
        fig.notes.append(note)


def bench_play(fig: Figure, n_hands: int, repeats: int, seed: int, clock: Callable[[], float]) -> None:
    """Hands per second of each engine; per repeat the engines take turns in 5 chunks. Then
    OpenSpiel's ``new_initial_state()`` and clone are timed apart (a note on ``fig``)."""
    engines = play_engines()
    parts = 5 if n_hands >= 50 else 1
    sizes = [len(c) for c in chunks(range(n_hands), parts)]
    for r in range(repeats):
        spent = dict.fromkeys(engines, 0.0)
        played = dict.fromkeys(engines, 0)
        for j, size in enumerate(sizes):
            for name, play in engines.items():
                gc.collect()
                n, secs = play(size, seed + 1000 * r + j, clock)
                spent[name] += secs
                played[name] += n
        for name in engines:
            fig.samples.setdefault(name, []).append(played[name] / spent[name])
    if OPENSPIEL in engines:
        cost = peers.openspiel_construction(clock=clock)
        per_hand = 1 / statistics.median(fig.samples[OPENSPIEL])
        new, clone = cost["new_initial_state"], cost["clone"]
        fig.notes.append(
            f"openspiel construction (timed apart): new_initial_state() {new * 1e6:,.0f} us, "
            f"clone of a fresh state {clone * 1e6:,.1f} us; a hand from a clone {per_hand * 1e6:,.0f} us, "
            f"so building a new state per hand would give it {1 / (per_hand + new - clone):,.0f} hands/s"
        )


# --------------------------------------------------------------------------- report


def fmt_rate(x: float | None) -> str:
    if x is None:
        return "n/a"
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def fmt_ratio(x: float | None) -> str:
    return "n/a" if x is None else f"{x:.2f}x"


def machine_info() -> dict[str, Any]:
    def version(dist: str) -> str:
        try:
            return metadata.version(dist)
        except metadata.PackageNotFoundError:
            return "not installed"

    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        usable = os.cpu_count() or 0
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "usable_cpus": usable,
        "load_avg": os.getloadavg() if hasattr(os, "getloadavg") else None,
        "versions": {d: version(d) for d in ("ginrummy", "open-spiel", "rlcard", "numpy")},
    }


def print_report(figs: Sequence[Figure]) -> None:
    print()
    print("Summary (medians; ratio = ginrummy / peer)")
    head = (
        f"{'benchmark':44s} {'ginrummy':>10s} {'openspiel':>10s} {'rlcard':>10s} {'gr/os':>8s} {'gr/rl':>8s}"
    )
    print(head)
    print("-" * len(head))
    for f in figs:
        print(
            f"{f.title + ' (' + f.unit + ')':44s} "
            + " ".join(f"{fmt_rate(f.median(e)):>10s}" for e in ENGINES)
            + f" {fmt_ratio(f.ratio(OPENSPIEL)):>8s} {fmt_ratio(f.ratio(RLCARD)):>8s}"
        )
    print()
    print("Targets")
    for f in figs:
        for peer, want in f.targets.items():
            met = f.target_met(peer)
            verdict = "n/a (peer unavailable)" if met is None else ("MET" if met else "MISSED")
            print(f"  {f.title}: >= {want:g}x {peer}: {fmt_ratio(f.ratio(peer))} -> {verdict}")


def print_figure(f: Figure) -> None:
    print(f"\n{f.title} ({f.unit}; min / median / max of {max(map(len, f.samples.values()))} repeats)")
    for e in ENGINES:
        s = f.samples.get(e)
        if not s:
            print(f"  {e:10s} unavailable")
            continue
        print(
            f"  {e:10s} {fmt_rate(min(s)):>10s} {fmt_rate(statistics.median(s)):>10s} {fmt_rate(max(s)):>10s}"
        )
    for peer in (OPENSPIEL, RLCARD):
        r = f.ratio(peer)
        if r is not None:
            tgt = f"  (target >= {f.targets[peer]:g}x)" if peer in f.targets else ""
            print(f"  ginrummy / {peer}: {fmt_ratio(r)}{tgt}")
    for note in f.notes:
        print(f"  {note}")


def markdown_table(figs: Sequence[Figure], info: dict[str, Any]) -> str:
    """The medians, ratios and targets as a Markdown table (for bench/README.md)."""
    lines = [
        f"Run of {info['date']} ({info['cpu_count']} CPUs, {info['python']}).",
        "",
        "| benchmark | ginrummy | OpenSpiel | RLCard | ginrummy / OpenSpiel | ginrummy / RLCard |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for f in figs:

        def cell(peer: str, f: Figure = f) -> str:
            text = fmt_ratio(f.ratio(peer))
            met = f.target_met(peer)
            if met is None:
                return text
            return f"{text} (target {f.targets[peer]:g}x: {'met' if met else '**missed**'})"

        rates = " | ".join(fmt_rate(f.median(e)) for e in ENGINES)
        lines.append(f"| {f.title} ({f.unit}) | {rates} | {cell(OPENSPIEL)} | {cell(RLCARD)} |")
    lines.append("")
    lines.append("min / median / max per engine:")
    lines.append("")
    for f in figs:
        spans = "; ".join(
            f"{e} {fmt_rate(min(v))} / {fmt_rate(statistics.median(v))} / {fmt_rate(max(v))}"
            for e, v in f.samples.items()
        )
        lines.append(f"* {f.title}: {spans}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- profiling


def profile_ours(key: str, args: argparse.Namespace, top: int = 15) -> str:
    """cProfile the ginrummy side of benchmark ``key``; the top functions by own time."""
    prof = cProfile.Profile()
    if key.startswith("random10"):
        hands = [cardset(h) for h in random_hands(random.Random(args.seed + 99), 20000, 10)]
        prof.runcall(lambda: [melds.least_deadwood(h) for h in hands])
    elif key.startswith("meldrich11"):
        rng = random.Random(args.seed + 98)
        hands = [cardset(meld_rich_hand(rng)) for _ in range(5000)]
        prof.runcall(lambda: [melds.least_deadwood_after_discard(h) for h in hands])
    else:
        prof.runcall(ours_simple_hands_per_second, max(args.play_hands, 200), args.seed + 97)
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


# --------------------------------------------------------------------------- main


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller sets and 3 repeats")
    parser.add_argument(
        "--repeats", type=int, default=None, help="repeats per figure (default 5; 3 with --quick)"
    )
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--random-hands", type=int, default=None, help="10-card hands per repeat (default 5000)"
    )
    parser.add_argument(
        "--rich-hands", type=int, default=None, help="meld-rich 11-card hands per repeat (default 2000)"
    )
    parser.add_argument(
        "--play-hands", type=int, default=None, help="hands of self-play per repeat (default 200)"
    )
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="cpu",
        help="cpu: this process's CPU time (default; robust on a shared machine); wall: wall clock",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile ginrummy where a target is missed")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    parser.add_argument("--markdown", action="store_true", help="also print a Markdown table")
    args = parser.parse_args(argv)
    repeats = args.repeats or (3 if args.quick else 5)
    args.random_hands = args.random_hands or (1000 if args.quick else 5000)
    args.rich_hands = args.rich_hands or (300 if args.quick else 2000)
    args.play_hands = args.play_hands or (40 if args.quick else 200)

    info = machine_info()
    print("ginrummy vs OpenSpiel vs RLCard")
    print(f"  date {info['date']}; {info['python']}; {info['platform']}")
    print(
        f"  CPUs {info['cpu_count']} ({info['usable_cpus']} usable); load average "
        f"{info['load_avg']}; versions {info['versions']}"
    )
    print(
        f"  repeats {repeats}; {args.random_hands} random 10-card and {args.rich_hands} meld-rich "
        f"11-card hands per repeat; {args.play_hands} hands of play per repeat; seed {args.seed}; "
        f"{args.clock} time"
    )
    clock = CLOCKS[args.clock]
    t_start = time.perf_counter()

    rng = random.Random(args.seed)
    random_sets = [random_hands(rng, args.random_hands, 10) for _ in range(repeats)]
    rich_sets = [[meld_rich_hand(rng) for _ in range(args.rich_hands)] for _ in range(repeats)]
    mean_melds, overlap = meld_stats([h for hs in rich_sets for h in hs])
    warm_rng = random.Random(args.seed - 1)  # the warm-up hands, never timed
    warm_random = random_hands(warm_rng, 200, 10)
    warm_rich = [meld_rich_hand(warm_rng) for _ in range(200)]

    figs = [
        Figure("random10", "least deadwood, random 10, warm", "calls/s", {OPENSPIEL: 2.0, RLCARD: 5.0}),
        Figure("random10-cold", "least deadwood, random 10, cold", "calls/s", {}),
        Figure("meldrich11", "least deadwood, meld-rich 11, warm", "calls/s", {OPENSPIEL: 2.0}),
        Figure("meldrich11-cold", "least deadwood, meld-rich 11, cold", "calls/s", {}),
        Figure("play", "simple-v-simple hands (OS clone)", "hands/s", {OPENSPIEL: 1.5, RLCARD: 20.0}),
    ]
    figs[2].notes.append(
        f"meld-rich hands: {mean_melds:.1f} melds per hand on average, {overlap:.0%} with melds sharing a card"
    )
    for fig, sets, eleven, warm in (
        (figs[0], random_sets, False, warm_random),
        (figs[1], random_sets, False, []),
        (figs[2], rich_sets, True, warm_rich),
        (figs[3], rich_sets, True, []),
    ):
        bench_deadwood(fig, sets, eleven=eleven, clock=clock, warm_hands=warm)
        print_figure(fig)
    bench_play(figs[4], args.play_hands, repeats, args.seed, clock)
    print_figure(figs[4])
    print_report(figs)
    print(f"\nbenchmark time {time.perf_counter() - t_start:.0f} s")
    if args.markdown:
        print("\n" + markdown_table(figs, info))

    if args.json:
        data = {
            "machine": info,
            "clock": args.clock,
            "figures": {
                f.key: {
                    "title": f.title,
                    "unit": f.unit,
                    "samples": f.samples,
                    "medians": {e: f.median(e) for e in f.samples},
                    "ratios": {p: f.ratio(p) for p in (OPENSPIEL, RLCARD)},
                    "targets": {p: {"want": w, "met": f.target_met(p)} for p, w in f.targets.items()},
                    "notes": f.notes,
                }
                for f in figs
            },
        }
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=2)

    if args.profile:
        missed = [f for f in figs if any(f.target_met(p) is False for p in f.targets)]
        if not missed:
            print("\nevery target met: nothing to profile")
        for f in missed:
            print(f"\ncProfile of the ginrummy side of '{f.title}' (top functions by own time):")
            print(profile_ours(f.key, args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
