"""What importing each layer costs: the ``ginrummy`` modules it loads and the CPU time it takes.

Each import runs in a fresh interpreter (``sys.executable -c``), with this checkout's ``src`` first
on the path, so nothing is cached between runs. The time is ``time.process_time`` around the one
``import`` statement (the interpreter's own start is not counted), the median and the least of
``--runs`` fresh runs (the least is the steadier figure on a loaded machine); the module count is
the number of ``ginrummy`` and ``ginrummy.*`` entries in ``sys.modules`` afterwards, and "all new
modules" the number of every module there beyond what the interpreter held before the import.

Usage::

    .venv/bin/python bench/import_layers.py            # the table, 7 runs per module
    .venv/bin/python bench/import_layers.py --runs 15  # more runs
    .venv/bin/python bench/import_layers.py --list ginrummy.melds   # the modules one import loads
    .venv/bin/python bench/import_layers.py --src /tmp/old/src      # another tree (git archive)

The layers are those of ARCHITECTURE.md; ``tests/test_import_layers.py`` checks which modules each
one loads (without timings).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"

TARGETS = [
    "ginrummy",
    "ginrummy.cards",
    "ginrummy.melds",
    "ginrummy.layoff",
    "ginrummy.rules",
    "ginrummy.hand",
    "ginrummy.variants.standard.state",
    "ginrummy.variants",
    "ginrummy.play",
    "ginrummy.scoring",
    "ginrummy.scoring.game",
    "ginrummy.records",
    "ginrummy.agents",
]

_PROBE = """
import sys, time
base = set(sys.modules)
t = time.process_time()
import {target}
t = time.process_time() - t
mods = sorted(m for m in sys.modules if m == "ginrummy" or m.startswith("ginrummy."))
print(__import__("json").dumps({{"ms": t * 1000, "ours": mods, "all": len(set(sys.modules) - base)}}))
"""


def _env(src: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(src), env.get("PYTHONPATH", "")) if p)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # cached bytecode, as an installed package has
    return env


def probe(target: str, src: Path = SRC) -> dict[str, object]:
    """One fresh interpreter's import of ``target`` from ``src``: its CPU ms, our modules, and all new modules."""
    out = subprocess.run(
        [sys.executable, "-c", _PROBE.format(target=target)],
        env=_env(src),
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(out.stdout)
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7, help="fresh interpreters per module (median)")
    parser.add_argument("--list", metavar="MODULE", help="print the ginrummy modules one import loads")
    parser.add_argument("--src", type=Path, default=SRC, help="the source tree to import (default: this one)")
    parser.add_argument("targets", nargs="*", help="modules to measure (default: every layer)")
    args = parser.parse_args(argv)
    if args.list:
        ours = probe(args.list, args.src)["ours"]
        assert isinstance(ours, list)
        print("\n".join(ours))
        return
    for target in args.targets or TARGETS:  # warm the bytecode cache first
        probe(target, args.src)
    print("| import | ginrummy modules | all new modules | CPU ms, median | CPU ms, least |")
    print("|---|---:|---:|---:|---:|")
    for target in args.targets or TARGETS:
        runs = [probe(target, args.src) for _ in range(args.runs)]
        times = [float(str(r["ms"])) for r in runs]
        ours = runs[0]["ours"]
        assert isinstance(ours, list)
        median, least = statistics.median(times), min(times)
        print(f"| `{target}` | {len(ours)} | {runs[0]['all']} | {median:.1f} | {least:.1f} |")


if __name__ == "__main__":
    main()
