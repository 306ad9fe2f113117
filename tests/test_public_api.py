"""The curated top-level API (``ginrummy.__all__``) and the README's Python example."""

from __future__ import annotations

import re
from pathlib import Path

import ginrummy

README = Path(__file__).resolve().parents[1] / "README.md"


def test_every_public_name_resolves_to_its_defining_module() -> None:
    assert len(ginrummy.__all__) == len(set(ginrummy.__all__)) > 30
    for name in ginrummy.__all__:
        value = getattr(ginrummy, name)
        module = getattr(value, "__module__", None)
        if isinstance(module, str) and module.startswith("ginrummy."):
            # defined in a submodule and re-exported, not a copy
            assert getattr(__import__(module, fromlist=[name]), name, value) is value, name


def test_the_readme_python_example_runs() -> None:
    text = README.read_text()
    blocks = re.findall(r"## Using the engine from Python\n\n```python\n(.*?)```", text, re.S)
    assert len(blocks) == 1
    out: dict[str, object] = {}
    exec(compile(blocks[0], "README.md", "exec"), out)  # our own documentation
    game = out["game"]
    assert isinstance(game, ginrummy.Game) and game.is_over
    assert isinstance(out["pickup"], ginrummy.PickupState)
    state = out["state"]
    assert isinstance(state, ginrummy.HandState) and state.is_over
