"""The match runner: duplicate deals, identical results for 1 and 2 jobs, strength ordering, CLI."""

from __future__ import annotations

import json

from click.testing import CliRunner

from ginrummy.cli.main import main
from ginrummy.rules import Rules
from ginrummy.tournament import run_match
from ginrummy.tournament.stats import elo, mean_ci, wilson


def test_same_results_with_one_and_two_jobs() -> None:
    rules = Rules.preset("eaai")
    one = run_match(["strong", "simple"], 4, rules, seed=11, jobs=1).summary(include_times=False)
    two = run_match(["strong", "simple"], 4, rules, seed=11, jobs=2).summary(include_times=False)
    assert one == two
    assert one["games"] == 4 and one["pairs"] == 2 and one["abandoned"] == 0


def test_duplicate_pairs_share_deals() -> None:
    result = run_match(["simple", "random"], 2, Rules.preset("eaai"), seed=3, keep_records=True)
    assert result.summary(include_times=False)["abandoned"] == 0
    a, b = result.games
    assert a.pair == b.pair and a.seed == b.seed and not a.swapped and b.swapped
    ra, rb = json.loads(a.record or "{}"), json.loads(b.record or "{}")
    assert ra["hands"][0]["deck"] == rb["hands"][0]["deck"]
    assert ra["names"] == ["simple", "random"] and rb["names"] == ["random", "simple"]


def test_strong_ahead_of_random_and_simple() -> None:
    """Fixed seeds: a statistical check, not a timing (pair-clustered 95% interval)."""
    rules = Rules.preset("eaai")
    vs_random = run_match(["strong", "random"], 10, rules, seed=1, jobs=2).summary(include_times=False)
    assert vs_random["wins"][0] == 10
    vs_simple = run_match(["strong", "simple"], 40, rules, seed=2, jobs=2).summary(include_times=False)
    assert vs_simple["win_rate"] > 0.5 and vs_simple["net_points_per_hand"] > 0
    assert vs_random["abandoned"] == vs_simple["abandoned"] == 0


def test_stats() -> None:
    lo, hi = wilson(50, 100)
    assert 0.40 < lo < 0.5 < hi < 0.60
    assert mean_ci([1.0, 0.0, 1.0, 0.0])[0] == 0.5
    assert elo(0.5) == 0 and elo(0.75) > 190


def test_cli_match_json(tmp_path: object) -> None:
    out = CliRunner().invoke(
        main,
        [
            "match",
            "strong",
            "random",
            "--games",
            "2",
            "--rules",
            "eaai",
            "--json",
            "--records",
            str(tmp_path),
        ],
    )
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["games"] == 2 and data["agents"] == ["strong", "random"] and "times" in data
    assert data["abandoned"] == 0
    text = CliRunner().invoke(main, ["match", "simple", "random", "--games", "2", "--seed", "1"])
    assert text.exit_code == 0 and "win rate" in text.output and "Elo" in text.output
    assert "abandoned" not in text.output  # printed only for hands cut off (tournament/report.py)


def test_cli_play_offers_every_level() -> None:
    out = CliRunner().invoke(main, ["play", "--help"])
    for level in ("beginner", "simple", "strong", "expert"):
        assert level in out.output
