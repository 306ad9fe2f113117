"""Stored games (SQLite, standard library only): every front end writes its games here, so the
history and statistics of games played in the browser and in the terminal are one.

``store`` holds the games, their actions and finished hands; ``stats`` counts them.
"""

from ginrummy.storage.stats import MODES, review_trend, stats_json
from ginrummy.storage.store import ActionRow, GameRow, HandRow, Store, default_db_path

__all__ = [
    "MODES",
    "ActionRow",
    "GameRow",
    "HandRow",
    "Store",
    "default_db_path",
    "review_trend",
    "stats_json",
]
