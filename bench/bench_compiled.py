"""The compiled build (``make compiled``) against the pure-Python source: CPU time, the same interpreter.

Three measures, each run in a fresh process per repeat, the two builds interleaved (pure, compiled,
pure, ...), medians reported:

* ``deadwood``: ``least_deadwood`` of 20,000 seeded random 10-card hands (tables warm: a first pass
  untimed), calls per CPU second;
* ``hands``: whole ``simple`` v ``simple`` hands under the default rules (seeded deals), hands per
  CPU second;
* ``expert``: the ``expert``'s CPU time per decision, against ``strong`` (seeded hands): the median.

    .venv-compiled/bin/python bench/bench_compiled.py [--repeats 5] [--json FILE]

The pure build is this interpreter with ``src/`` first on the path; the compiled one is
``--compiled`` (default ``.venv-compiled/bin/python``). bench/README.md, section "The compiled
build", has the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
MEASURES = ("deadwood", "hands", "expert")


def _deadwood() -> dict[str, float]:
    from ginrummy.melds import least_deadwood

    rng = random.Random(26)
    hands = [sum(1 << c for c in rng.sample(range(52), 10)) for _ in range(20_000)]
    for h in hands:  # warm the tables
        least_deadwood(h)
    start = time.process_time()
    for h in hands:
        least_deadwood(h)
    cpu = time.process_time() - start
    return {"cpu": cpu, "per_s": len(hands) / cpu}


def _hands() -> dict[str, float]:
    from ginrummy.agents import make_agent
    from ginrummy.play import play_hand
    from ginrummy.rules import Rules
    from ginrummy.variants import deal_hand

    rules = Rules()
    players = [make_agent("simple", 1), make_agent("simple", 2)]
    count = 300
    start = time.process_time()
    for i in range(count):
        play_hand(deal_hand(rules, i % 2, 1000 + i), players)
    cpu = time.process_time() - start
    return {"cpu": cpu, "per_s": count / cpu}


class _Timed:
    """An agent timing another's decisions (CPU time)."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name
        self.times: list[float] = []

    def act(self, view: Any) -> Any:
        start = time.process_time()
        action = self.agent.act(view)
        self.times.append(time.process_time() - start)
        return action

    def hand_over(self, view: Any) -> None:
        from ginrummy.play import show_hand_over

        show_hand_over(self.agent, view)


def _expert() -> dict[str, float]:
    from ginrummy.agents import make_agent
    from ginrummy.play import play_hand
    from ginrummy.rules import Rules
    from ginrummy.variants import deal_hand

    rules = Rules()
    expert = _Timed(make_agent("expert", 7))
    players: list[Any] = [expert, make_agent("strong", 8)]
    start = time.process_time()
    for i in range(3):
        play_hand(deal_hand(rules, i % 2, 2000 + i), players)
    cpu = time.process_time() - start
    return {"cpu": cpu, "median_ms": 1000 * statistics.median(expert.times), "decisions": len(expert.times)}


def _worker(measure: str) -> None:
    from ginrummy.compiled import build

    out = {"deadwood": _deadwood, "hands": _hands, "expert": _expert}[measure]()
    print(json.dumps({"build": build(), **out}))


def _run(python: str, env: dict[str, str], measure: str) -> dict[str, Any]:
    out = subprocess.run(
        [python, __file__, "--worker", measure], env=env, capture_output=True, text=True, check=True, cwd=ROOT
    )
    result: dict[str, Any] = json.loads(out.stdout.splitlines()[-1])
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worker", choices=MEASURES, help=argparse.SUPPRESS)
    parser.add_argument("--compiled", default=str(ROOT / ".venv-compiled" / "bin" / "python"))
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--measures", nargs="+", choices=MEASURES, default=list(MEASURES))
    parser.add_argument("--json", type=Path, help="also write the raw runs here")
    opts = parser.parse_args()
    if opts.worker:
        _worker(opts.worker)
        return 0
    pure = (sys.executable, {**os.environ, "PYTHONPATH": str(ROOT / "src")})
    compiled = (opts.compiled, {k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {
        m: {"pure": [], "compiled": []} for m in opts.measures
    }
    for r in range(opts.repeats):
        for measure in opts.measures:
            for name, (python, env) in (
                (("pure", pure), ("compiled", compiled))
                if r % 2 == 0
                else (
                    ("compiled", compiled),
                    ("pure", pure),
                )
            ):
                result = _run(python, env, measure)
                want = "pure Python" if name == "pure" else "compiled: mypyc"
                assert result["build"] == want, (name, result["build"])
                runs[measure][name].append(result)
    key = {"deadwood": "per_s", "hands": "per_s", "expert": "median_ms"}
    print(f"medians of {opts.repeats} interleaved runs, CPU time")
    for measure in opts.measures:
        p = statistics.median(x[key[measure]] for x in runs[measure]["pure"])
        c = statistics.median(x[key[measure]] for x in runs[measure]["compiled"])
        speedup = c / p if key[measure] == "per_s" else p / c
        unit = "/s" if key[measure] == "per_s" else " ms per decision"
        print(f"{measure:9} pure {p:12,.1f}{unit}   compiled {c:12,.1f}{unit}   speedup {speedup:5.2f}x")
    if opts.json:
        opts.json.write_text(json.dumps(runs, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
