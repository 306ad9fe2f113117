"""Checks of score sheets that several test modules make."""

from __future__ import annotations

from ginrummy.hand.results import HandResult, Outcome, hand_points
from ginrummy.rules import Rules, Shutout
from ginrummy.scoring.game import Game

# The six hands of the source's "Game 1" (RULES.md section 4): (knocker, knocker count,
# defender count, gin). Players: 0 = Ed, 1 = Jim.
GAME_1 = [
    (0, 0, 26, True),
    (0, 3, 10, False),
    (1, 2, 19, False),
    (1, 0, 16, True),
    (1, 6, 3, False),
    (0, 2, 41, False),
]


def result(rules: Rules, knocker: int, kc: int, dc: int, gin: bool) -> HandResult:
    """A hand won as said (an undercut goes to the defender), with its points under ``rules``."""
    outcome, points = hand_points(rules, knocker_count=kc, defender_count=dc, gin=gin, big_gin=False)
    winner = 1 - knocker if outcome is Outcome.UNDERCUT else knocker
    return HandResult(outcome, winner, points, knocker=knocker, knocker_count=kc, defender_count=dc)


def check_hollywood_sheet_adds_up(game: Game) -> None:
    """Each game's entries in the sheet add up to its Total row, and Total + GB + BB (+ LB) to
    Final (with the shutout rule); the last line's sums are the finals added up."""
    sheet = game.sheet()
    lines = [line for line in sheet.splitlines() if "|" in line]
    width = (len(lines[0].split("|")[1]) - 2) // 2
    cells: list[list[tuple[int, int]]] = [[] for _ in game.columns]
    named: dict[str, list[tuple[int, int]]] = {}

    def num(text: str) -> int:
        return int(text) if text.strip() else 0

    for line in lines[2:-1]:
        label, *parts = line.split("|")
        for j in range(len(game.columns)):
            part = parts[j].ljust(2 * width + 2) if j < len(parts) else " " * (2 * width + 2)
            pair = (num(part[1 : 1 + width]), num(part[1 + width : 1 + 2 * width]))
            if label.strip():
                named.setdefault(label.strip(), []).append(pair)
            else:
                cells[j].append(pair)
    rules = game.rules
    finals = [0, 0]
    for j, col in enumerate(game.columns):
        total = named["Total"][j]
        assert total == (sum(c[0] for c in cells[j]), sum(c[1] for c in cells[j])) == col.totals
        assert min(total) >= 0
        s = col.summary()
        for p in (0, 1):
            doubled = s.shutout and col.leader == p
            hand = 2 * total[p] if doubled and rules.shutout is Shutout.DOUBLE_HANDS else total[p]
            base = hand + named["GB"][j][p] + named["BB"][j][p]
            if doubled and rules.shutout is Shutout.DOUBLE_SCORE:
                base *= 2
            base += named.get("LB", [(0, 0)] * 3)[j][p]
            assert named["Final"][j][p] == base == s.totals[p]
            finals[p] += base
    assert sheet.splitlines()[-1].startswith(
        f"Over the 3 games: {game.names[0]} {finals[0]}, {game.names[1]} {finals[1]}"
    )
