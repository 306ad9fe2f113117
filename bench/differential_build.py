"""The pure-Python and the compiled build (``make compiled``) play the same hands, action for action.

Seeded hands under every preset (``Rules.preset``) between every level (``make_agent``): the cheap
levels many hands each, the expert a few. Each hand is written as one line of text: its record as
JSON (deck, dealer, every action, the claimed result), the ``repr`` of its action log (so a plain
``int`` where the pure build has a ``Card`` shows) and of its result. Two builds agree when the lines
are byte-identical.

    python bench/differential_build.py --out FILE    # this interpreter's build: write the lines
    python bench/differential_build.py --compare     # both builds, in two subprocesses: the differences

``--compare`` runs ``.venv-compiled/bin/python`` (``--compiled``) for the compiled build and this
interpreter with ``src/`` first on the path for the pure one, the two at once; it prints how many hands each played
and every hand that differs, and exits 1 on a difference. ``tests/test_compiled_build.py`` runs a
smaller set the same way (``lines(hands=..., expert_hands=...)``) where the compiled build is
installed. No timings here.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHEAP = ("random", "beginner", "simple", "strong")
"""The levels played many hands each; the expert plays ``expert_hands`` per preset."""
EXPERT_WORLDS = (8, 64)
"""The expert's worlds a decision here (``samples``, ``max_samples`` on a close one), untimed: its
search code whole (the extension of close decisions included) at an eighth of the default's 64
and 1,024 worlds, so that every preset's expert hand costs seconds, not minutes, in the pure build."""


def lines(hands: int = 12, expert_hands: int = 1, seed: int = 26) -> Iterator[str]:
    """One line per hand: every preset, each cheap level against itself and against ``simple``
    (``hands`` hands each, the same two agents for the whole sequence, dealers alternating), and
    ``expert`` (its search at :data:`EXPERT_WORLDS`) against ``strong`` (``expert_hands`` hands)."""
    from ginrummy.agents import make_agent
    from ginrummy.agents.expert import ExpertParams, untimed, with_search
    from ginrummy.play import play_hand
    from ginrummy.records import HandRecord
    from ginrummy.rules import PRESETS, Rules
    from ginrummy.seeds import derive_seed
    from ginrummy.variants import deal_hand

    pairings = [(a, a, hands) for a in CHEAP] + [(a, "simple", hands) for a in CHEAP if a != "simple"]
    pairings.append(("expert", "strong", expert_hands))
    search = ExpertParams(samples=EXPERT_WORLDS[0], max_samples=EXPERT_WORLDS[1]).untimed()
    for preset in sorted(PRESETS):
        rules = Rules.preset(preset)
        for first, second, count in pairings:
            case = f"{preset} {first}-{second}"
            players = [  # untimed: the expert's play must not depend on the machine's load
                with_search(make_agent(first, derive_seed(seed, case, 0)), search),
                untimed(make_agent(second, derive_seed(seed, case, 1))),
            ]
            for i in range(count):
                deal_seed = derive_seed(seed, case, "deal", i)
                state = deal_hand(rules, i % 2, deal_seed)
                result = play_hand(state, players)
                record = json.dumps(HandRecord.from_state(state, deal_seed).to_json(), sort_keys=True)
                yield f"{case} #{i}\t{record}\t{state.log!r}\t{result!r}"


def compare(compiled_python: str, args: list[str]) -> int:
    """Run both builds; print the differences; 0 when there are none."""
    pure_env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    compiled_env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    with tempfile.TemporaryDirectory() as tmp:
        runs = {}
        for name, python, env in (
            ("pure", sys.executable, pure_env),
            ("compiled", compiled_python, compiled_env),
        ):
            check = [python, "-c", "from ginrummy.compiled import build; print(build())"]
            which = subprocess.run(check, env=env, capture_output=True, text=True, check=True, cwd=ROOT)
            print(f"{name}: {python}: {which.stdout.strip()}")
            command = [python, __file__, "--out", str(Path(tmp, name)), *args]
            runs[name] = subprocess.Popen(command, env=env, cwd=ROOT)  # the two builds at once
        for run in runs.values():
            if run.wait():
                raise subprocess.CalledProcessError(run.returncode, run.args)
        pure, compiled = (Path(tmp, name).read_text().splitlines() for name in ("pure", "compiled"))
    differ = [(p, c) for p, c in zip(pure, compiled, strict=False) if p != c]
    print(f"hands: pure {len(pure)}, compiled {len(compiled)}; differences: {len(differ)}")
    for p, c in differ[:5]:
        print(f"- pure:     {p[:300]}\n+ compiled: {c[:300]}")
    return 0 if not differ and len(pure) == len(compiled) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="write this build's lines to this file")
    parser.add_argument("--compare", action="store_true", help="run both builds and compare them")
    parser.add_argument("--compiled", default=str(ROOT / ".venv-compiled" / "bin" / "python"))
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--expert-hands", type=int, default=1)
    parser.add_argument("--seed", type=int, default=26)
    opts = parser.parse_args()
    args = ["--hands", str(opts.hands), "--expert-hands", str(opts.expert_hands), "--seed", str(opts.seed)]
    if opts.compare:
        return compare(opts.compiled, args)
    if opts.out is None:
        parser.error("give --out FILE or --compare")
    with opts.out.open("w") as f:
        for line in lines(opts.hands, opts.expert_hands, opts.seed):
            f.write(line + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
