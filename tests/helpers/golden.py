"""The golden matches: seeded games, matches and tournament games under every preset, played
by several levels and written down as what was played (every deck, every action, every
result, the sheets). ``tests/test_golden.py`` plays them again and compares with
``tests/golden/matches.json``, so a change that is meant to leave play alone (a refactoring,
a speed-up) is proved to.

``python tests/helpers/golden.py`` rewrites ``matches.json``: only for a change *meant* to
change play, said so in its commit message.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ginrummy.agents import make_agent
from ginrummy.agents.expert import untimed
from ginrummy.rules import PRESETS, Rules
from ginrummy.scoring.game import play_game
from ginrummy.scoring.match import Match, TeamMatch
from ginrummy.tournament import run_match

GOLDEN = Path(__file__).parents[1] / "golden" / "matches.json"
"""The recorded cases: ``tests/golden/matches.json``."""

PAIRINGS = (("random", "simple"), ("simple", "strong"))
EXPERT_PRESETS = ("default", "eaai")
MATCH_PRESETS = ("tournament", "match-500", "slam", "hollywood-teams")


def cases() -> list[dict[str, Any]]:
    """Every case: a game per preset and pairing, an expert game where it models the rules,
    a whole match under the match presets, a duplicate pair of tournament games per preset."""
    out: list[dict[str, Any]] = []
    for name in sorted(PRESETS):
        for a, b in PAIRINGS:
            out.append({"kind": "game", "preset": name, "agents": [a, b], "seed": 11})
        if name in EXPERT_PRESETS:
            out.append({"kind": "game", "preset": name, "agents": ["expert", "strong"], "seed": 12})
        if name == "eaai":  # the frozen expert (a sparring partner): its play must not change
            out.append({"kind": "game", "preset": name, "agents": ["expert-2026-11", "strong"], "seed": 12})
        if name in MATCH_PRESETS:
            out.append({"kind": "match", "preset": name, "agents": ["simple", "strong"], "seed": 13})
        out.append({"kind": "tournament", "preset": name, "agents": ["strong", "simple"], "seed": 14})
    return out


def digest(text: str) -> str:
    """A short fingerprint of ``text`` (keeps the golden file small; the result stays readable)."""
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def _hand(state: Any) -> dict[str, Any]:
    """One hand: its result in clear, and a fingerprint of its dealer, deck and every action."""
    played = [str(state.dealer), " ".join(str(c) for c in state.deck)]
    played.extend(f"{p} {a}" for p, a in state.log)
    return {"result": repr(state.result), "played": digest("\n".join(played))}


def play_case(case: dict[str, Any]) -> dict[str, Any]:
    """Play one case and return what was played."""
    rules = Rules.preset(case["preset"])
    a, b = case["agents"]
    seed = case["seed"]
    hands: list[dict[str, Any]] = []
    if case["kind"] == "tournament":
        # (pickup hands had no record format when this file was first written: the hands'
        # summaries stand for them)
        keep = not rules.discard_pickup
        result = run_match([a, b], games=2, rules=rules, seed=seed, keep_records=keep)
        summary = result.summary(include_times=False)
        games = [digest(g.record) if keep and g.record else repr(g.hands) for g in result.games]
        return {"summary": summary, "games": games}
    if case["kind"] == "game":
        game = play_game(
            rules,
            [untimed(make_agent(a, seed)), untimed(make_agent(b, seed + 1))],
            seed=seed,
            on_hand=lambda g, s: hands.append(_hand(s)),
        )
        return {"hands": hands, "sheet": game.sheet(), "summary": repr(game.summary())}
    if rules.team_size > 1:
        size = rules.team_size
        team = TeamMatch(
            rules,
            ([make_agent(a, i) for i in range(size)], [make_agent(b, 10 + i) for i in range(size)]),
            seed=seed,
        )
        team.play(lambda m, g, s: hands.append(_hand(s)))
        return {"hands": hands, "sheet": team.sheet()}
    match = Match(rules, seed=seed, names=(a, b))
    match.play([make_agent(a, seed), make_agent(b, seed + 1)], lambda g, s: hands.append(_hand(s)))
    return {"hands": hands, "sheet": match.sheet()}


def main() -> None:
    data = [dict(case, out=play_case(case)) for case in cases()]
    GOLDEN.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(data)} cases to {GOLDEN}")


if __name__ == "__main__":
    main()
