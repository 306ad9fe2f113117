"""Team play's one behaviour in every front end: who plays the other pairings and what everyone is
called (:class:`~ginrummy.scoring.match.TeamMatch`, 002)."""

from __future__ import annotations

__all__ = ["PARTNER_LEVEL", "team_names"]

PARTNER_LEVEL = "simple"
"""Team play: the level of the computer players who play the other pairings, in every front end
(the browser's since team play came to it; a stored team game rebuilds its other pairings at this
level, so changing it would change the stored games' team totals)."""


def team_names(names: tuple[str, str], size: int) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, str]]:
    """Team play's names from the seats' ``names``: each team's members (the seat's player first,
    then ``Partner A2``... and ``Partner B2``...) and the teams' names (``Team NAME``).

    >>> team_names(("You", "Computer"), 2)
    (('You', 'Partner A2'), ('Computer', 'Partner B2'), ('Team You', 'Team Computer'))
    """
    a, b = names
    return (
        (a, *(f"Partner A{i}" for i in range(2, size + 1))),
        (b, *(f"Partner B{i}" for i in range(2, size + 1))),
        (f"Team {a}", f"Team {b}"),
    )
