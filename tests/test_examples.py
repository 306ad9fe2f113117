"""Each program in examples/ runs, in a short form (seconds): README.md's research section and
examples/README.md say what they are for."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path
from types import ModuleType

import pytest
from click.testing import CliRunner

from ginrummy.cli.main import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_node_bot_plays_a_match_over_the_protocol() -> None:
    if shutil.which("node") is None:
        pytest.skip("Node.js (node) is not installed")
    bot = f"cmd:node {EXAMPLES / 'node_bot.js'}"
    result = CliRunner().invoke(main, ["match", bot, "simple", "--games", "2", "--json", "--no-progress"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"] == 2 and "forfeits" not in summary and summary["hands"] > 0
    assert summary["times"][0]["decisions"] > 10


def test_ismcts_plays_our_levels() -> None:
    pytest.importorskip("pyspiel", reason="the peers extra is not installed: pip install -e '.[peers]'")
    example = _load("ismcts_vs_levels")
    out = example.main(["--levels", "simple", "expert", "--hands", "1", "--simulations", "2", "--seed", "1"])
    assert set(out) == {"simple", "expert"} and all(isinstance(v, float) for v in out.values())


def test_maskable_ppo_trains_and_is_measured() -> None:
    pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed: pip install sb3-contrib")
    example = _load("maskable_ppo")
    out = example.main(["--steps", "64", "--eval-hands", "2"])
    assert set(out) == {"before random", "before simple", "after random", "after simple"}
    assert all(isinstance(mean, float) and half >= 0 for mean, half in out.values())
