"""Scores: the score columns, the sheet, a game to the target, matches, SLAMs and teams."""
