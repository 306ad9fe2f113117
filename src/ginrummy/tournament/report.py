"""A match summary (:meth:`ginrummy.tournament.runner.MatchResult.summary`) as lines of text."""

from __future__ import annotations

from typing import Any

__all__ = ["report_lines"]


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def report_lines(s: dict[str, Any]) -> list[str]:
    """The summary dict as lines for people: games won with the 95% interval, Elo, points per
    hand, gin/undercut/dead rates, forfeits by ``cmd:`` bots and decision times."""
    a, b = s["agents"]
    lo, hi = s["ci95"]
    elo_lo, elo_hi = s["elo_ci95"]
    lines = [
        f"{a} vs {b}: {s['games']} games ({s['pairs']} duplicate pairs), seed {s['seed']}",
        f"  games won: {a} {s['wins'][0]}, {b} {s['wins'][1]}, ties {s['ties']}",
        f"  {a} win rate {_pct(s['win_rate'])} (95% CI {_pct(lo)}-{_pct(hi)}, pair-clustered; "
        f"Wilson {_pct(s['wilson95'][0])}-{_pct(s['wilson95'][1])})",
        f"  Elo difference {s['elo']:+.0f} (95% CI {elo_lo:+.0f} to {elo_hi:+.0f})",
        f"  hands {s['hands']}: points per hand {a} {s['points_per_hand'][0]:.2f}, "
        f"{b} {s['points_per_hand'][1]:.2f} (net {s['net_points_per_hand']:+.2f})",
    ]
    r = s["rates"]
    lines.append(
        f"  per hand: gin {a} {_pct(r['gin'][0])} / {b} {_pct(r['gin'][1])}; "
        f"undercuts won {a} {_pct(r['undercut'][0])} / {b} {_pct(r['undercut'][1])}; "
        f"knocks won {a} {_pct(r['knock'][0])} / {b} {_pct(r['knock'][1])}; dead {_pct(r['dead'])}"
    )
    if s.get("abandoned"):
        lines.append(f"  abandoned hands (endless, scored dead): {s['abandoned']}")
    for f in s.get("forfeits", ()):
        who = (a, b)[f["agent"]]
        game = f"pair {f['pair']} game {'b' if f['swapped'] else 'a'}"
        lines.append(f"  FORFEIT: {who} lost {game} in hand {f['hand']} ({f['kind']}): {f['message']}")
    for name, t in zip((a, b), s.get("times", ()), strict=False):
        lines.append(
            f"  decision time {name}: mean {t['mean_ms']:.2f} ms, median {t['median_ms']:.2f} ms, "
            f"p99 {t['p99_ms']:.2f} ms over {t['decisions']} decisions"
        )
    return lines
