"""The README's research examples run as written: every Python block of its "For researchers"
section, in order, in one namespace (a later block may use an earlier one's imports)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def research_blocks() -> list[str]:
    """The Python code blocks of the README's "For researchers" section, in order."""
    text = README.read_text(encoding="utf-8")
    section = text.split("\n## For researchers\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, flags=re.DOTALL)


def test_the_readmes_research_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip(
        "pettingzoo", reason="the research extra is not installed: pip install -e '.[research]'"
    )
    pytest.importorskip("pyspiel", reason="the peers extra is not installed: pip install -e '.[peers]'")
    blocks = research_blocks()
    assert len(blocks) >= 4  # the encoding, OpenSpiel, PettingZoo and Gymnasium, the text harness
    namespace: dict[str, object] = {"__name__": "readme"}
    for i, block in enumerate(blocks):
        exec(compile(block, str(README), "exec"), namespace)  # the README's own examples
        if i == 0:  # what the encoding block's comments say
            assert namespace["ids"] == [0, 1] and len(namespace["obs"]) == 542  # type: ignore[arg-type]
    assert "hand" in capsys.readouterr().out  # the OpenSpiel block prints an observation
    assert namespace["terminated"] in (True, False)  # the Gymnasium block stepped
