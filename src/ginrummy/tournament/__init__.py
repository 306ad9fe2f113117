"""Matches between agents: duplicate deals, parallel processes, statistics.

:func:`run_match` plays the games; :meth:`MatchResult.summary` gives the figures;
:func:`report_lines` prints them for people.
"""

from __future__ import annotations

from ginrummy.tournament.report import report_lines
from ginrummy.tournament.runner import MatchResult, default_factory, run_match

__all__ = ["MatchResult", "default_factory", "report_lines", "run_match"]
