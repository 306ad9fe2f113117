"""Score sheets as text: the standard one-game sheet and Hollywood's three games side by side.

The standard sheet is laid out like the "Game 1" sheet of the rule sources (000 part 2):
each player's column lists the points of the hands they won, then the totals, ``GB``
(game bonus), ``BB`` (box bonus) and the final scores, beside a hand-by-hand guide. Who has
won the game is the summary's ``winner`` (``rules.game_winner``), as every other output says;
:func:`winner_text` is the one end-of-game sentence of the front ends and the match sheet.
The Hollywood sheet (002) lists the hands with the games each win was entered in, then
the three games side by side (``Game 1 | Game 2 | Game 3``), each with both players'
entries, ``Total``, ``GB``, ``BB`` (and ``LB`` for a margin bonus) and ``Final``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Literal, TypeAlias

from ginrummy.hand.results import HandResult, Outcome, agree, verb_for
from ginrummy.rules import Rules, Shutout
from ginrummy.scoring.columns import GameSummary, ScoreColumn, combine

__all__ = [
    "SHEET_LAYOUTS",
    "SheetLayout",
    "hands_sheet",
    "hollywood_sheet",
    "result_text",
    "score_text",
    "standard_sheet",
    "winner_text",
]

SheetLayout: TypeAlias = Literal["hands", "paper"]
"""How the standard sheet is laid out: ``hands`` (:func:`hands_sheet`, one row per hand) or
``paper`` (:func:`standard_sheet`, the sources' "Game 1" sheet, 000 part 2)."""
SHEET_LAYOUTS: tuple[SheetLayout, ...] = ("hands", "paper")

_NARROW_NAME = 11
"""The widest a name is shown in the narrow layout of :func:`hands_sheet` (characters)."""


def _wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters (a longer word alone on its line), the
    lines after the first indented by two spaces."""
    lines = [""]
    for word in text.split():
        if lines[-1].strip() and len(lines[-1]) + 1 + len(word) > width:
            lines.append("  " + word)
        else:
            lines[-1] = f"{lines[-1]} {word}" if lines[-1] else word
    return lines


def _wrap_note(text: str, width: int) -> list[str]:
    """:func:`_wrap`, but broken after its first ``;`` instead when that takes no more lines (no
    word left alone at the end of a clause)."""
    plain = _wrap(text, width)
    if len(plain) == 1 or "; " not in text:
        return plain
    first, rest = text.split("; ", 1)
    clauses = _wrap(first + ";", width) + ["  " + line.strip() for line in _wrap(rest, width - 2)]
    return clauses if len(clauses) <= len(plain) else plain


def _cut(name: str, width: int) -> str:
    return name if len(name) <= width else name[: width - 1] + "."


def hands_sheet(
    rules: Rules,
    names: tuple[str, str],
    column: ScoreColumn,
    results: Sequence[HandResult],
    title: str = "Game 1",
    width: int | None = None,
    *,
    compact: bool = False,
    height: int | None = None,
) -> str:
    """The one-game sheet read row by row: one row per hand of ``results`` (its number, how it
    ended, each player's points and running total; a dead hand or a tie scores nothing), then,
    once the game is over, each bonus on its own labelled row (game, box, shutout, margin;
    the running totals go on adding up), the ``Grand total`` and who won (:func:`winner_text`).

    ``width`` is the most characters a line may take (``None``: no limit). The table with how
    each hand was scored (``Ed scores 7: (10 - 3)``) is used when it fits, else without it;
    when even that does not fit, each row's label is written on its own line above its
    numbers and names longer than 11 characters are cut, so no line is wider than about 30
    characters. With ``compact`` (a side panel of about 30 columns) every row stays on one line
    instead: how each hand ended in a word or two (``knock``, ``undercut``, ``gin``; in full
    when that fits), the winner's points under their name (:func:`_compact_rows`), and with
    ``height`` the oldest hands' rows are folded into one line when the sheet is taller
    (:func:`_fold`). Raises nothing; the numbers are those of ``column`` and its summary.
    """
    scored = dict(column.entries)
    running = [0, 0]
    # (hand number, label, how it was scored, each player's points, running totals)
    rows: list[tuple[str, str, str, tuple[str, str], tuple[int, int]]] = []
    for i, r in enumerate(results):
        pts = ["", ""]
        entry = scored.get(i)
        if entry is not None and entry.winner is not None:
            pts[entry.winner] = str(entry.points)
            running[entry.winner] += entry.points
        rows.append(
            (
                str(i + 1),
                result_text(r, names) + (", undercut" if r.outcome is Outcome.UNDERCUT else ""),
                score_text(r, names),
                (pts[0], pts[1]),
                (running[0], running[1]),
            )
        )
    notes: list[str] = []
    if column.is_over:
        s = column.summary()
        extra = [
            s.totals[p] - column.totals[p] - s.game_bonus[p] - s.box_bonus[p] - s.margin_bonus[p]
            for p in (0, 1)
        ]
        shutout = s.shutout and rules.shutout is not Shutout.NONE
        bonuses = [
            (
                "Game bonus"
                + (" (doubled: shutout)" if shutout and rules.shutout is Shutout.DOUBLE_GAME_BONUS else ""),
                s.game_bonus,
            ),
            (f"Box bonus ({rules.box_bonus} a hand won)", s.box_bonus),
            (f"Shutout ({rules.shutout.value})", (extra[0], extra[1])),
            ("Margin bonus", s.margin_bonus),
        ]
        for label, vals in bonuses:
            if any(vals):
                running = [running[0] + vals[0], running[1] + vals[1]]
                rows.append(
                    (
                        "",
                        label,
                        "",
                        (str(vals[0]) if vals[0] else "", str(vals[1]) if vals[1] else ""),
                        (running[0], running[1]),
                    )
                )
        assert tuple(running) == s.totals
        rows.append(("", "Grand total", "", ("", ""), s.totals))
        notes.append(winner_text(s, names))
        if s.forfeit and s.winner is not None:
            notes.append(f"{names[1 - s.winner]} won by exactly {rules.forfeit_on_exact_margin}: a forfeit.")
    else:
        notes.append(f"The game goes on: the first to {rules.target} ends it.")
    head = title
    rw = max([len(r[1]) for r in rows] + [6])
    sw = max([len(r[2]) for r in rows] + [0])
    bw = [max(13, len(n)) for n in names]
    table = 4 + 2 + rw + 2 + bw[0] + 2 + bw[1]
    if compact and width is not None and table > width:
        short = [r.outcome.label.lower() for r in results]
        lines = _compact_rows(head, names, rows, short, notes, width)
        return "\n".join(_fold(lines, 3, len(results), height))
    if width is None or table <= width:
        how = width is None or table + 2 + sw <= width
        lines = [head, f"{'':4}  {'':<{rw}}  {names[0]:>{bw[0]}}  {names[1]:>{bw[1]}}"]
        sub = [f"{'points':>6}{'total':>{b - 6}}" for b in bw]
        lines.append(f"{'Hand':>4}  {'Result':<{rw}}  {sub[0]}  {sub[1]}{'  Score' if how and sw else ''}")
        for hand, label, score, got, tot in rows:
            cells = [f"{got[p]:>6}{tot[p]:>{bw[p] - 6}}" for p in (0, 1)]
            tail = f"  {score}" if how and score else ""
            lines.append(f"{hand:>4}  {label:<{rw}}  {cells[0]}  {cells[1]}{tail}".rstrip())
        return "\n".join([*lines, *notes])
    limit = max(width, 30)
    cut = [_cut(n, _NARROW_NAME) for n in names]
    lines = [
        head,
        f"{'':4}{cut[0]:>11}  {cut[1]:>11}",
        f"{'':4}{'pts':>5}{'total':>6}  {'pts':>5}{'total':>6}",
    ]
    for hand, label, _, got, tot in rows:
        lines.extend(_wrap(f"Hand {hand}: {label}" if hand else label, limit))
        lines.append(f"{'':4}{got[0]:>5}{tot[0]:>6}  {got[1]:>5}{tot[1]:>6}")
    for note in notes:
        lines.extend(_wrap(note, limit))
    return "\n".join(lines)


def _fold(lines: list[str], first: int, hands: int, height: int | None) -> list[str]:
    """``lines`` in ``height`` lines (``None``: as they are) where folding the oldest of the
    ``hands`` hand rows (one line each from line ``first``) into one line can make them fit; the
    newest hand's row stays."""
    over = len(lines) - (height or len(lines))
    if over <= 0 or hands < 3:
        return lines
    k = min(over + 1, hands - 1)
    return [*lines[:first], f"hands 1-{k}: on the full sheet", *lines[first + k :]]


def _compact_rows(
    head: str,
    names: tuple[str, str],
    rows: Sequence[tuple[str, str, str, tuple[str, str], tuple[int, int]]],
    short: Sequence[str],
    notes: Sequence[str],
    width: int,
) -> list[str]:
    """:func:`hands_sheet`'s rows one line each in ``width`` (at least 29) columns: the hand's
    number and how it ended (in full when every such label fits, else ``short``), then each
    player's points and running total; a bonus row's label is cut before its parenthesis."""
    how = max(width - 21, 8)
    full = all(len(label) <= how for hand, label, *_ in rows if hand)
    lines = [
        head,
        f"{'':{3 + how}} {_cut(names[0], 8):>8} {_cut(names[1], 8):>8}",
        f"{'Hand':<{3 + how}} {'pts':>4}{'tot':>4} {'pts':>4}{'tot':>4}",
    ]
    for hand, label, _, got, tot in rows:
        if hand:
            lead = f"{hand:>2} {label if full else short[int(hand) - 1]:<{how}}"
        else:
            lead = f"{_cut(label.split(' (')[0], 3 + how):<{3 + how}}"
        lines.append(f"{lead} {got[0]:>4}{tot[0]:>4} {got[1]:>4}{tot[1]:>4}".rstrip())
    for note in notes:
        lines.extend(_wrap(note, width))
    return lines


def standard_sheet(
    rules: Rules,
    names: tuple[str, str],
    column: ScoreColumn,
    results: Sequence[HandResult],
    title: str = "Game 1",
) -> str:
    """The one-game score sheet of ``column`` (all ``results``, dead hands included, in the guide)."""
    a, b = names
    cols = [column.points(0), column.points(1)]
    guide = [(str(i + 1), result_text(r, names), score_text(r, names)) for i, r in enumerate(results)]
    width = max(5, len(a), len(b)) + 1
    rw = max([len(g[1]) for g in guide] + [6])
    lines = [title, f"    {a:>{width}}{b:>{width}}   Hand  {'Result':<{rw}}  Score"]
    for i in range(max(len(cols[0]), len(cols[1]), len(guide))):
        c0 = str(cols[0][i]) if i < len(cols[0]) else ""
        c1 = str(cols[1][i]) if i < len(cols[1]) else ""
        g = guide[i] if i < len(guide) else ("", "", "")
        lines.append(f"    {c0:>{width}}{c1:>{width}}   {g[0]:>4}  {g[1]:<{rw}}  {g[2]}".rstrip())
    t = column.totals
    if not column.is_over:
        lines.append(f"    {t[0]:>{width}}{t[1]:>{width}}   Running total (target {rules.target})")
        return "\n".join(lines)
    s = column.summary()
    w = column.leader  # who reached the target and gets the game bonus; s.winner won
    assert w is not None
    lines.append(f"Game ends as {names[w]}'s score has crossed {rules.target}.")
    lines.append(f"    {s.hand_points[0]:>{width}}{s.hand_points[1]:>{width}}   Game Bonus")
    if s.winner is None:
        notes = ["The game is drawn (equal totals)"]
    elif s.winner != w and not s.forfeit:
        notes = [f"{agree(names[s.winner], 'have', 'has')} won the game (higher total after bonuses)"]
    else:
        notes = [f"{agree(names[s.winner], 'have', 'has')} won the game"]
    notes += [
        f"{agree(names[i], 'have', 'has')} won {s.hands_won[i]} hand{'s' if s.hands_won[i] != 1 else ''}"
        for i in (0, 1)
    ]
    notes += [
        f"{agree(names[w], 'score', 'scores')} {s.game_bonus[w]} as Game bonus",
        *(
            f"{agree(names[i], 'score', 'scores')} {s.box_bonus[i]}: ({rules.box_bonus} X {s.hands_won[i]})"
            for i in (0, 1)
            if s.box_bonus[i]
        ),
    ]
    rows = [("GB", s.game_bonus), ("BB", s.box_bonus)]
    if any(s.margin_bonus):
        rows.append(("LB", s.margin_bonus))
    rows.append(("", s.totals))
    for i, (label, vals) in enumerate(rows):
        v0 = str(vals[0]) if vals[0] or label == "" else ""
        v1 = str(vals[1]) if vals[1] or label == "" else ""
        note = notes[i] if i < len(notes) else ""
        lines.append(f"{label:<4}{v0:>{width}}{v1:>{width}}   {note}".rstrip())
    for note in notes[len(rows) :]:
        lines.append(f"{'':<4}{'':>{width}}{'':>{width}}   {note}")
    if s.shutout and rules.shutout is not Shutout.NONE:
        lines.append(f"Shutout ({rules.shutout.value}).")
    if s.forfeit:
        lines.append(
            f"{names[1 - (s.winner or 0)]} won by exactly {rules.forfeit_on_exact_margin} and "
            f"{verb_for(names[1 - (s.winner or 0)], 'forfeit', 'forfeits')}."
        )
    return "\n".join(lines)


def _games_text(games: tuple[int, ...]) -> str:
    if not games:
        return "-"
    nums = [str(g + 1) for g in games]
    return f"game {nums[0]}" if len(nums) == 1 else "games " + ", ".join(nums)


def hollywood_sheet(
    rules: Rules,
    names: tuple[str, str],
    columns: Sequence[ScoreColumn],
    results: Sequence[HandResult],
    entered: Sequence[tuple[int, ...]],
    title: str = "Hollywood",
    width: int | None = None,
    *,
    compact: bool = False,
    height: int | None = None,
) -> str:
    """Hollywood's sheet: the hand guide (with the games each win went to), then the games
    side by side. Each game cell holds both players' numbers, right-aligned in columns of
    equal width; an empty cell means no entry. When a line would be wider than ``width``
    (characters, at least 30; ``None``: no limit) a narrow layout is used
    for that part (the hand guide, the games): each hand on two lines, each game under the other,
    in lines of about 30 characters; with ``compact`` (a side panel) the hand guide keeps each hand
    on one line (:func:`_guide_compact`), and with ``height`` the oldest hands' rows are folded into
    one line when the sheet is taller (:func:`_fold`)."""
    summaries: list[GameSummary | None] = [c.summary() if c.is_over else None for c in columns]
    limit = None if width is None else max(width, 30)
    guide = _guide_wide(names, results, entered)
    if limit is not None and max(len(line) for line in guide) > limit:
        guide = (_guide_compact if compact else _guide_narrow)(names, results, entered, limit)
    games = _games_wide(names, columns, summaries)
    if compact and limit is not None and max(len(line) for line in games) > limit:
        games = _games_compact(names, columns, summaries, limit)
    elif limit is not None and max(len(line) for line in games) > limit:
        games = _games_narrow(names, columns, summaries)
    notes = _hollywood_notes(rules, names, columns, summaries)
    if limit is not None:
        notes = [line for note in notes for line in _wrap_note(note, limit)]
    head = f"{title}: {len(columns)} games at once, each to {rules.target}"
    if compact and limit is not None and len(head) > limit:
        head = f"{title}: {len(columns)} games to {rules.target}"
    top = _wrap(head, limit) if limit else [head]
    lines = [*top, *guide, "", *games, *notes]
    if compact and len(guide) == len(results) + 1:  # one line a hand
        lines = _fold(lines, len(top) + 1, len(results), height)
    return "\n".join(lines)


def _guide_wide(
    names: tuple[str, str], results: Sequence[HandResult], entered: Sequence[tuple[int, ...]]
) -> list[str]:
    """The hand guide as a table: hand, how it ended, how it was scored, the games it went to."""
    guide = [
        (str(i + 1), result_text(r, names), score_text(r, names), _games_text(entered[i]))
        for i, r in enumerate(results)
    ]
    rw = max([len(g[1]) for g in guide] + [6])
    sw = max([len(g[2]) for g in guide] + [5])
    lines = [f"  Hand  {'Result':<{rw}}  {'Score':<{sw}}  Entered in"]
    for g in guide:
        lines.append(f"  {g[0]:>4}  {g[1]:<{rw}}  {g[2]:<{sw}}  {g[3]}")
    return lines


def _guide_compact(
    names: tuple[str, str], results: Sequence[HandResult], entered: Sequence[tuple[int, ...]], limit: int
) -> list[str]:
    """The hand guide one line per hand in ``limit`` (at least 30) columns: the hand, how it
    ended in a word or two, the points under the winner's name and the games they went to."""
    w = max(4, min(8, (limit - 19) // 2))
    lines = [f"{'Hand':<12} {_cut(names[0], w):>{w}} {_cut(names[1], w):>{w}} games"]
    for i, r in enumerate(results):
        pts = ["", ""]
        if r.winner is not None:
            pts[r.winner] = str(r.points)
        games = ",".join(str(g + 1) for g in entered[i]) or "-"
        lines.append(f"{i + 1:>2} {r.outcome.label.lower():<9} {pts[0]:>{w}} {pts[1]:>{w}} {games}")
    return lines


def _guide_narrow(
    names: tuple[str, str], results: Sequence[HandResult], entered: Sequence[tuple[int, ...]], limit: int
) -> list[str]:
    """The hand guide for a narrow terminal: each hand on its own lines."""
    lines: list[str] = []
    for i, r in enumerate(results):
        lines.extend(_wrap(f"Hand {i + 1}: {result_text(r, names)}", limit))
        lines.extend("  " + t for t in _wrap(f"{score_text(r, names)}; {_games_text(entered[i])}", limit - 2))
    return lines


def _games_wide(
    names: tuple[str, str], columns: Sequence[ScoreColumn], summaries: Sequence[GameSummary | None]
) -> list[str]:
    """The games side by side: each game's points, totals, bonuses and final score."""
    a, b = names
    lines: list[str] = []
    width = max(5, len(a), len(b)) + 1
    cell = 2 * width

    def row(label: str, cells: Sequence[tuple[str, str] | str]) -> str:
        parts = []
        for c in cells:
            text = c if isinstance(c, str) else f"{c[0]:>{width}}{c[1]:>{width}}"
            parts.append(f" {text:<{cell}} ")
        return f"{label:<6}|" + "|".join(parts).rstrip()

    lines.append(row("", [f"Game {c.number}" for c in columns]))
    lines.append(row("", [(a, b) for _ in columns]))
    cols = [(c.points(0), c.points(1)) for c in columns]
    for i in range(max([len(p) for pts in cols for p in pts] + [0])):
        lines.append(
            row(
                "",
                [(str(p0[i]) if i < len(p0) else "", str(p1[i]) if i < len(p1) else "") for p0, p1 in cols],
            )
        )

    def pair(vals: tuple[int, int], keep_zero: bool = False) -> tuple[str, str]:
        return (str(vals[0]) if vals[0] or keep_zero else "", str(vals[1]) if vals[1] or keep_zero else "")

    lines.append(row("Total", [pair(c.totals, True) for c in columns]))
    rows: list[tuple[str, str]] = [("GB", "game_bonus"), ("BB", "box_bonus")]
    if any(s is not None and any(s.margin_bonus) for s in summaries):
        rows.append(("LB", "margin_bonus"))
    for label, name in rows:
        lines.append(row(label, [pair(getattr(s, name)) if s else ("", "") for s in summaries]))
    lines.append(row("Final", [pair(s.totals, True) if s else ("", "") for s in summaries]))
    status = []
    for s in summaries:
        if s is None:
            status.append("open")
        elif s.winner is None:
            status.append("drawn")
        else:
            status.append(f"{names[s.winner]} won")
    lines.append(row("", status))
    return lines


def _hollywood_notes(
    rules: Rules,
    names: tuple[str, str],
    columns: Sequence[ScoreColumn],
    summaries: Sequence[GameSummary | None],
) -> list[str]:
    """The lines under Hollywood's games: shutouts, forfeits, and the score over the games."""
    a, b = names
    lines: list[str] = []
    for c, s in zip(columns, summaries, strict=True):
        if s is not None and s.shutout and rules.shutout is not Shutout.NONE:
            lines.append(f"Game {c.number}: shutout ({rules.shutout.value}).")
        if s is not None and s.forfeit:
            lines.append(
                f"Game {c.number}: {names[1 - (s.winner or 0)]} won by exactly "
                f"{rules.forfeit_on_exact_margin} and forfeits."
            )
    done = [s for s in summaries if s is not None]
    if len(done) < len(columns):
        t = [sum(c.totals[p] for c in columns) for p in (0, 1)]
        lines.append(f"Hand points so far: {a} {t[0]}, {b} {t[1]}; games open: {len(columns) - len(done)}.")
    else:
        total = combine(done)
        line = f"Over the {len(columns)} games: {a} {total.totals[0]}, {b} {total.totals[1]}"
        if total.winner is None:
            lines.append(f"{line}; drawn.")
        else:
            margin = total.totals[total.winner] - total.totals[1 - total.winner]
            lines.append(f"{line}; {names[total.winner]} wins by {margin}.")
    return lines


def _games_compact(
    names: tuple[str, str],
    columns: Sequence[ScoreColumn],
    summaries: Sequence[GameSummary | None],
    limit: int,
) -> list[str]:
    """Each game on one line in ``limit`` (at least 30) columns: its number, open or over, and
    both players' totals (with the bonuses once it is over)."""
    w = max(4, min(8, (limit - 19) // 2))
    lines = [f"{'Game':<12} {_cut(names[0], w):>{w}} {_cut(names[1], w):>{w}}"]
    for c, s in zip(columns, summaries, strict=True):
        totals = s.totals if s is not None else c.totals
        label = f"{c.number} {'over' if s is not None else 'open'}"
        lines.append(f"{label:<12} {totals[0]:>{w}} {totals[1]:>{w}}")
    return lines


def _games_narrow(
    names: tuple[str, str], columns: Sequence[ScoreColumn], summaries: Sequence[GameSummary | None]
) -> list[str]:
    """The games one under the other (labels in words, names cut), in lines of 30 characters."""
    lines: list[str] = []
    cut = [_cut(n, _NARROW_NAME) for n in names]

    def row(label: str, v0: str, v1: str) -> str:
        return f"  {label:<10}{v0:>9}{v1:>9}".rstrip()

    for c, s in zip(columns, summaries, strict=True):
        lines.append(f"Game {c.number}" + ("" if s is not None else " (open)"))
        lines.append(row("", cut[0][:8], cut[1][:8]))  # 30 characters at most
        p0, p1 = c.points(0), c.points(1)
        for k in range(max(len(p0), len(p1))):
            lines.append(row("", str(p0[k]) if k < len(p0) else "", str(p1[k]) if k < len(p1) else ""))
        lines.append(row("Total", str(c.totals[0]), str(c.totals[1])))
        if s is None:
            lines.append("")
            continue
        for label, vals in (
            ("Game bonus", s.game_bonus),
            ("Box bonus", s.box_bonus),
            ("Margin", s.margin_bonus),
        ):
            if any(vals):
                lines.append(row(label, str(vals[0]) if vals[0] else "", str(vals[1]) if vals[1] else ""))
        lines.append(row("Final", str(s.totals[0]), str(s.totals[1])))
        lines.append("  drawn" if s.winner is None else f"  {names[s.winner]} won")
        lines.append("")
    return lines


def winner_text(summary: GameSummary, names: tuple[str, str], what: str = "the game") -> str:
    """Who won ``what`` and the final totals, one sentence: ``'Ed wins the game, 325 to 108.'``,
    ``'Jim wins the game (the first to reach the target), 225 to 324.'`` when the rules give the
    game to the player who reached the target and the other's total is higher (``(by forfeit)``
    when the other forfeited), or ``'The game is drawn at 200 each.'``.

    >>> s = GameSummary((125, 58), (4, 2), (100, 0), (100, 50), (0, 0), False, (325, 108), 0)
    >>> winner_text(s, ("Ed", "Jim"))
    'Ed wins the game, 325 to 108.'
    """
    t = summary.totals
    if summary.winner is None:
        return f"{what[0].upper()}{what[1:]} is drawn at {t[0]} each."
    w = summary.winner
    why = ""
    if t[w] < t[1 - w]:
        why = " (by forfeit)" if summary.forfeit else " (the first to reach the target)"
    return f"{agree(names[w], 'win', 'wins')} {what}{why}, {t[w]} to {t[1 - w]}."


def result_text(r: HandResult, names: tuple[str, str]) -> str:
    """How a hand ended, as in the sources' guide: ``Ed knocks with 3``."""
    if r.outcome is Outcome.DEAD or r.knocker is None:
        return "Dead hand"
    k = names[r.knocker]
    if r.outcome is Outcome.GIN:
        return f"{agree(k, 'go', 'goes')} gin"
    if r.outcome is Outcome.BIG_GIN:
        return f"{agree(k, 'go', 'goes')} big gin"
    return f"{agree(k, 'knock', 'knocks')} with {r.knocker_count}"


def score_text(r: HandResult, names: tuple[str, str]) -> str:
    """Who scored what and how, as in the sources' guide: ``Ed scores 7: (10 - 3)``."""
    if r.winner is None:
        return "No score"
    if r.multiplier != 1:  # Oklahoma's spade double: the plain arithmetic, then the multiplier
        plain = score_text(dataclasses.replace(r, multiplier=1, points=r.points // r.multiplier), names)
        how = plain.partition(": ")[2]
        return f"{agree(names[r.winner], 'score', 'scores')} {r.points}: {how} x {r.multiplier}"
    w = agree(names[r.winner], "score", "scores")
    if r.outcome in (Outcome.GIN, Outcome.BIG_GIN):
        bonus = r.points - r.defender_count
        label = "Gin" if r.outcome is Outcome.GIN else "Big Gin"
        return f"{w} {r.points}: ({r.defender_count} + {bonus} as {label} bonus)"
    if r.outcome is Outcome.UNDERCUT:
        diff = r.knocker_count - r.defender_count
        return f"{w} {r.points}: ({diff} + {r.points - diff} as Undercut bonus)"
    return f"{w} {r.points}: ({r.defender_count} - {r.knocker_count})"
