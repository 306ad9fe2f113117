"""The expert's fitted data, shipped as ``fitted.json`` beside this module: the weights of its
fitted rules (:mod:`ginrummy.agents.fitted`) and the points of won hands behind its chance of
winning a game (:mod:`ginrummy.agents.gamewin`).

Each entry of the file is named (``knock_strong``, ``knock_quadratic``,
``draw``, ``hand_points``, ``hand_points_at_once``) and holds ``about`` (how it was made: the
``bench/`` command, its data and its seed) and either ``weights`` (term to weight) or ``counts``
(points to count; ``hand_points_at_once`` also ``opponent_counts``).
``make fitted`` rebuilds ``knock_quadratic``, ``hand_points`` and ``hand_points_at_once`` from fresh
simulated play and writes them into the file (``bench/fit_rule.py --write``,
``bench/hand_points.py --write``; bench/README.md, section Strength); ``knock_strong`` and
``draw`` are rebuilt the same way by the commands their ``about`` names. The file is read once, at import, with the standard library only.

>>> sorted(entries())
['draw', 'hand_points', 'hand_points_at_once', 'knock_quadratic', 'knock_strong']
>>> weights("knock_strong")["bias"] != 0
True
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ginrummy.errors import ArgumentError

__all__ = ["FILE_NAME", "counts", "entries", "weights"]

FILE_NAME = "fitted.json"
"""The data file's name, in the package ``ginrummy.agents``."""

_DATA: dict[str, dict[str, Any]] = json.loads(
    resources.files("ginrummy.agents").joinpath(FILE_NAME).read_text(encoding="utf-8")
)


def entries() -> dict[str, str]:
    """Each entry's name and ``about`` (how it was made)."""
    return {name: str(e.get("about", "")) for name, e in _DATA.items()}


def _entry(name: str, field: str) -> dict[str, Any]:
    e = _DATA.get(name)
    if e is None or field not in e:
        raise ArgumentError(f"no fitted {field} named {name!r}; entries: {', '.join(sorted(_DATA))}")
    table: dict[str, Any] = e[field]
    return table


def weights(name: str) -> dict[str, float]:
    """The weights of the fitted rule ``name`` (term to weight: ``"bias"``, a feature's name or
    ``"f*g"`` for a product; points per unit of the term). A name that holds no weights raises
    :class:`~ginrummy.errors.ArgumentError`."""
    return {k: float(v) for k, v in _entry(name, "weights").items()}


def counts(name: str, field: str = "counts") -> dict[int, int]:
    """The histogram ``name`` (points to count), e.g. ``"hand_points"``; ``field`` names
    another histogram of the entry (``"opponent_counts"`` of ``hand_points_at_once``). A name
    that holds no such histogram raises :class:`~ginrummy.errors.ArgumentError`.

    >>> min(counts("hand_points"))
    1
    """
    return {int(k): int(v) for k, v in _entry(name, field).items()}
