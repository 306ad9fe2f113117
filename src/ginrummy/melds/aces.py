"""How aces work in melds and deadwood: :class:`MeldRules`, :data:`STANDARD`, :func:`meld_rules`.

Ace low, ace 1 point in all sources (RULES.md section 1); under Hollywood's aces high and low
(002; RULES.md section 5) runs may also turn the corner and an unmelded ace counts 15. A
:class:`MeldRules` holds the two settings and the per-suit tables of
:mod:`ginrummy.melds.tables` that the search reads in its inner loops.
"""

from __future__ import annotations

from typing import Any, Protocol

from ginrummy.cards import CardSet, deadwood_points
from ginrummy.checks import check_bool, check_int
from ginrummy.melds.tables import _point_tables, _suit_tables


class _AceSettings(Protocol):
    """What :func:`meld_rules` reads of a :class:`~ginrummy.rules.Rules`."""

    @property
    def aces(self) -> str: ...

    @property
    def ace_points(self) -> int: ...


class MeldRules:
    """How aces work in melds and deadwood, with the per-suit tables the meld functions use.

    ``wrap``: runs may turn the corner (Q-K-A, K-A-2; Hollywood, 002); ``ace_points``: the
    points of an unmelded ace (1, or 15 in Hollywood). Frozen; equal when both settings are.
    Get one with :func:`meld_rules` (from a ``Rules``) or :meth:`MeldRules.of`, which share
    one instance per setting (building the tables takes a tenth of a second);
    :data:`STANDARD` is ace low, ace 1.

    >>> MeldRules.of(wrap=True, ace_points=15)
    MeldRules(wrap=True, ace_points=15)
    >>> MeldRules.of() is STANDARD
    True
    """

    __slots__ = (
        "_segs",
        "_without",
        "ace_points",
        "drop",
        "gain",
        "left",
        "melded",
        "rank_points",
        "runners",
        "wrap",
    )

    wrap: bool
    ace_points: int
    melded: tuple[int, ...]
    """Per 13-bit suit mask: its cards melded in runs."""
    left: tuple[int, ...]
    """Per 13-bit suit mask: the points left once its runs are melded."""
    gain: tuple[int, ...]
    """Per 13-bit suit mask: the change of ``left`` after the suit's best discard."""
    drop: tuple[int, ...]
    """Per 13-bit suit mask: the ranks (a 13-bit mask) of the suit's best discards, those that
    change ``left`` by ``gain``."""
    runners: tuple[int, ...]
    """Per 13-bit suit mask: its cards that could run."""
    rank_points: tuple[int, ...]
    """Deadwood points per rank, ace first."""
    _without: dict[int, tuple[tuple[int, int], ...]]
    _segs: dict[int, tuple[int, ...]]

    def __init__(self, wrap: bool = False, ace_points: int = 1) -> None:
        check_bool("wrap", wrap)
        ace_points = check_int("ace_points", ace_points, lo=1, want="a positive int")
        melded, runners = _suit_tables(wrap)
        rank_points = (ace_points, *(min(r + 1, 10) for r in range(1, 13)))
        left, gain, drop = _point_tables(melded, rank_points)
        for name, value in (
            ("wrap", wrap),
            ("ace_points", ace_points),
            ("melded", melded),
            ("left", left),
            ("gain", gain),
            ("drop", drop),
            ("runners", runners),
            ("rank_points", rank_points),
            ("_without", {}),
            ("_segs", {}),
        ):
            object.__setattr__(self, name, value)

    @classmethod
    def of(cls, wrap: bool = False, ace_points: int = 1) -> MeldRules:
        """The shared instance for these settings (built on first use)."""
        key = (wrap, ace_points)
        found = _MELD_RULES.get(key)
        if found is None:
            found = _MELD_RULES[key] = cls(wrap, ace_points)
        return found

    def points(self, cards: CardSet) -> int:
        """Deadwood points of a ``CardSet`` under these rules (each ace ``ace_points``)."""
        return deadwood_points(cards, self.ace_points)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"MeldRules is frozen: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"MeldRules is frozen: cannot delete {name}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (MeldRules.of, (self.wrap, self.ace_points))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, MeldRules) and other.wrap == self.wrap and other.ace_points == self.ace_points
        )

    def __hash__(self) -> int:
        return hash((self.wrap, self.ace_points))

    def __repr__(self) -> str:
        return f"MeldRules(wrap={self.wrap}, ace_points={self.ace_points})"


_MELD_RULES: dict[tuple[bool, int], MeldRules] = {}
STANDARD: MeldRules = MeldRules.of()
"""Ace low only, ace 1 point (all sources): the default of every function here."""


def meld_rules(rules: _AceSettings | None = None) -> MeldRules:
    """The :class:`MeldRules` of a :class:`~ginrummy.rules.Rules` (its ``aces`` and
    ``ace_points``); :data:`STANDARD` for ``None``. Cheap: instances are shared.

    >>> from ginrummy.rules import Rules
    >>> meld_rules(Rules()) is STANDARD, meld_rules(Rules(aces="round-the-corner", ace_points=15))
    (True, MeldRules(wrap=True, ace_points=15))
    """
    if rules is None:
        return STANDARD
    wrap = rules.aces == "round-the-corner"
    ace_points = rules.ace_points
    if not wrap and ace_points == 1:
        return STANDARD
    return MeldRules.of(wrap, ace_points)
