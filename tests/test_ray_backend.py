"""``ginrummy match --backend ray``: the pairs of a match as Ray tasks, with the same results as
local processes (``--jobs``) for the same seed. Needs the ``cluster`` extra (``ray``); one local
Ray of 2 CPUs is started for the module."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from ginrummy.cli.main import main
from ginrummy.rules import Rules
from ginrummy.tournament import run_match


def _summary(args: list[str]) -> dict[str, Any]:
    out = CliRunner().invoke(main, ["match", *args, "--no-progress", "--json"])
    assert out.exit_code == 0, out.output
    summary: dict[str, Any] = json.loads(out.output)
    del summary["times"]  # the one figure that differs between runs
    return summary


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray = pytest.importorskip("ray", reason="the cluster extra is not installed: pip install -e '.[cluster]'")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_ray_gives_the_same_summary_as_local_processes(local_ray: None) -> None:
    args = ["simple", "beginner", "--games", "6", "--seed", "11"]
    local = _summary([*args, "--jobs", "2"])
    on_ray = _summary([*args, "--backend", "ray"])
    assert on_ray == local and local["games"] == 6 and local["hands"] > 6


def test_ray_gives_the_same_games_and_records(local_ray: None) -> None:
    rules = Rules.preset("oklahoma")
    local = run_match(["simple", "random"], 4, rules, seed=3, jobs=2, keep_records=True)
    on_ray = run_match(["simple", "random"], 4, rules, seed=3, keep_records=True, backend="ray")
    assert [(g.pair, g.swapped, g.winner, g.totals, g.hands, g.record) for g in on_ray.games] == [
        (g.pair, g.swapped, g.winner, g.totals, g.hands, g.record) for g in local.games
    ]
    assert all(g.record is not None for g in on_ray.games)


def test_without_ray_the_backend_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now raises ImportError
    out = CliRunner().invoke(main, ["match", "simple", "simple", "--games", "2", "--backend", "ray"])
    assert out.exit_code != 0 and "pip install -e '.[cluster]'" in out.output
    bad = CliRunner().invoke(main, ["match", "simple", "simple", "--address", "auto"])
    assert bad.exit_code != 0 and "--address is for --backend ray" in bad.output
    with pytest.raises(ValueError, match="unknown backend"):
        run_match(["simple", "simple"], 2, Rules(), backend="dask")
