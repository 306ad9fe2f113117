"""The expert's shipped fitted data (``agents/fitted.json``): every entry loads with the names
its readers need, a name that is not there is refused, and the bench writer that ``make
fitted`` calls stores an entry the loader reads back."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from ginrummy.agents import fitted, fitted_data, gamewin
from ginrummy.agents.fitted import DRAW_FEATURES, KNOCK_FEATURES
from ginrummy.errors import ArgumentError

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
from fitted_file import FILE, write_entry


def test_every_entry_says_how_it_was_made() -> None:
    about = fitted_data.entries()
    assert set(about) == {"draw", "hand_points", "knock_quadratic", "knock_strong"}
    for name, text in about.items():
        assert "bench/" in text, name


@pytest.mark.parametrize(
    ("name", "features"),
    [("knock_strong", KNOCK_FEATURES), ("knock_quadratic", KNOCK_FEATURES), ("draw", DRAW_FEATURES)],
)
def test_each_rule_weighs_only_its_own_features(name: str, features: tuple[str, ...]) -> None:
    w = fitted_data.weights(name)
    assert "bias" in w
    for term in w:
        if term != "bias":
            assert all(f in features for f in term.split("*")), term


def test_the_modules_read_the_shipped_file() -> None:
    assert fitted_data.weights("knock_strong") == fitted.KNOCK_WEIGHTS
    assert fitted_data.weights("knock_quadratic") == fitted.KNOCK_WEIGHTS_QUADRATIC
    assert fitted_data.weights("draw") == fitted.DRAW_WEIGHTS
    assert fitted_data.counts("hand_points") == gamewin.HAND_POINTS
    assert all(k > 0 and n > 0 for k, n in gamewin.HAND_POINTS.items())


def test_the_bench_writer_writes_the_file_the_package_reads() -> None:
    shipped = Path(fitted_data.__file__).with_name(fitted_data.FILE_NAME)
    if shipped.resolve() != FILE.resolve():
        pytest.skip("the package is installed from elsewhere than this checkout")
    assert json.loads(FILE.read_text(encoding="utf-8")).keys() == fitted_data.entries().keys()


@pytest.mark.parametrize(
    ("reader", "name"),
    [(fitted_data.weights, "hand_points"), (fitted_data.counts, "draw"), (fitted_data.weights, "nothing")],
)
def test_a_name_without_that_table_is_refused(reader: Callable[[str], object], name: str) -> None:
    with pytest.raises(ArgumentError, match=repr(name)):
        reader(name)


def test_write_entry_replaces_one_entry_and_keeps_the_others(tmp_path: Path) -> None:
    path = tmp_path / "fitted.json"
    write_entry("b", {"about": "x", "weights": {"bias": 1.0}}, path)
    write_entry("a", {"about": "y", "counts": {"3": 2}}, path)
    write_entry("b", {"about": "z", "weights": {"bias": -2.5, "dw": 0.5}}, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data) == ["a", "b"]
    assert data["b"] == {"about": "z", "weights": {"bias": -2.5, "dw": 0.5}}
    assert data["a"]["counts"] == {"3": 2}
