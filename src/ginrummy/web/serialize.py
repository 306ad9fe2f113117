"""The JSON the page receives, built from one seat's view only (:class:`~ginrummy.variants.standard.view.PlayerView`,
or a pickup hand's, :mod:`ginrummy.web.pickupjson`).

Nothing here reads the hidden state: the opponent's cards and the stock order are never
in a response (to either seat of a game between two people). The only other inputs are public: the finished hands' results (laid down
on the table), the score sheet, and the fairness commitments (seeds only once a hand is over).
Cards are strings in the engine's notation (``"7h"``, ``"Th"``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ginrummy.cards import CardSet
from ginrummy.hand import order
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import SECOND_PERSON, HandResult, Outcome, agree
from ginrummy.layoff import LayoffPlan
from ginrummy.melds import STANDARD, Meld, MeldRules, least_deadwood
from ginrummy.scoring.game import Game
from ginrummy.scoring.match import Match
from ginrummy.variants import AnyView, variant_of
from ginrummy.variants.standard.actions import BigGin, Discard, DrawStock, Knock, LayOff, Pass, TakeDiscard
from ginrummy.variants.standard.defense import layoff_choices
from ginrummy.variants.standard.view import PlayerView
from ginrummy.web.pickupjson import pickup_frame_json, pickup_result_json, pickup_view_json
from ginrummy.web.session import HUMAN, GameSession

__all__ = [
    "REPLAY_FRAME",
    "RESULT_JSON",
    "SPEECH",
    "VIEW_JSON",
    "any_result_json",
    "any_view_json",
    "cards",
    "ended_json",
    "layoff_plans",
    "match_json",
    "result_json",
    "sheet_json",
    "table_json",
    "team_json",
    "view_json",
]

SPEECH = (SECOND_PERSON, "The computer")
"""How the page's sentences name the players: the human is "You" (verbs agree, e.g. "You score"),
the computer "The computer"; score sheets keep the names chosen."""

MAX_PLANS = 12
"""The most layoff plans offered to the defender (best first)."""


def cards(mask: CardSet | Iterable[int], by_rank: bool = True) -> list[str]:
    """Cards as notation strings; a ``CardSet`` sorted by rank then suit (:func:`ginrummy.hand.order.by_rank`),
    an iterable too unless ``by_rank`` is false."""
    seq = order.by_rank(mask) if by_rank or isinstance(mask, int) else list(mask)
    return [str(c) for c in seq]


def _meld(m: Meld) -> list[str]:
    return [str(c) for c in m.cards]


def hand_json(hand: CardSet, mr: MeldRules = STANDARD) -> dict[str, Any]:
    """The hand sorted for display (:func:`ginrummy.hand.order.hand_layout`): melds of a
    least-deadwood arrangement first, then deadwood by rank."""
    layout = order.hand_layout(hand, mr)
    return {
        "melds": [_meld(m) for m in layout.melds],
        "deadwood": [str(c) for c in layout.deadwood],
        "deadwood_count": layout.points,
        "size": hand.bit_count(),
    }


def _legal_json(view: PlayerView) -> dict[str, Any]:
    acts = view.legal_actions
    knock: dict[str, int] = {}
    for a in acts:
        if isinstance(a, Knock):
            knock.setdefault(str(a.card), least_deadwood(view.hand & ~(1 << a.card), mr=view.meld_rules))
    return {
        "take": any(isinstance(a, TakeDiscard) for a in acts),
        "pass": any(isinstance(a, Pass) for a in acts),
        "draw": any(isinstance(a, DrawStock) for a in acts),
        "discard": [str(a.card) for a in acts if isinstance(a, Discard)],
        "knock": [{"card": c, "deadwood": d} for c, d in knock.items() if d > 0],
        "gin": [c for c, d in knock.items() if d == 0],
        "big_gin": any(isinstance(a, BigGin) for a in acts),
        "layoff": any(isinstance(a, LayOff) for a in acts),
    }


def _plan_json(plan: LayoffPlan) -> dict[str, Any]:
    return {
        "melds": [_meld(m) for m in plan.melds],
        "layoffs": [[str(c), i] for c, i in plan.layoffs],
        "deadwood": cards(plan.deadwood),
        "count": plan.points,
    }


def score_text(r: HandResult, names: tuple[str, str]) -> str:
    """The points of a hand with the bonus named, the verb agreeing with the name (``"You"``
    takes ``score``), e.g. ``'Ed scores 41: 16 + 25 gin bonus'``, ``'You score 7: 10 - 3'``."""
    if r.winner is None:
        return "No score" if r.outcome is Outcome.DEAD else "A tie: no score"
    w = agree(names[r.winner], "score", "scores")
    if r.outcome in (Outcome.GIN, Outcome.BIG_GIN):
        label = "gin" if r.outcome is Outcome.GIN else "big gin"
        return f"{w} {r.points}: {r.defender_count} + {r.points - r.defender_count} {label} bonus"
    if r.outcome is Outcome.UNDERCUT:
        diff = r.knocker_count - r.defender_count
        return f"{w} {r.points}: {diff} + {r.points - diff} undercut bonus"
    return f"{w} {r.points}: {r.defender_count} - {r.knocker_count}"


def _sentence(text: str, names: tuple[str, str]) -> str:
    """``text`` with the players' names lower-cased inside a sentence, after a comma or a colon
    (``"You knock with 3 against 9: You score 6"`` -> ``"...: you score 6"``); only the words of
    :data:`SPEECH` ("You", "The computer") change, never a name a player chose."""
    for n in names:
        if n in SPEECH:
            text = text.replace(f", {n} ", f", {n.lower()} ").replace(f": {n} ", f": {n.lower()} ")
    return text


def layoff_plans(view: PlayerView) -> list[dict[str, Any]]:
    """The defender's ways to lay off against the knock, best first (least deadwood, then fewer
    layoffs; :func:`ginrummy.variants.standard.defense.layoff_choices`), at most :data:`MAX_PLANS`; the first
    is the engine's best plan. Each: ``action`` (the notation that plays it), the defender's
    ``melds``, ``layoffs`` as ``[card, meld index]``, ``deadwood`` and ``count`` (points). Empty
    unless the view's player is the defender in the layoff phase (rules 000-004)."""
    return [
        {
            "melds": [_meld(m) for m in c.melds],
            "layoffs": [[str(card), i] for card, i in c.layoffs],
            "deadwood": cards(c.deadwood),
            "count": c.points,
            "action": str(c.action()),
        }
        for c in layoff_choices(view)[:MAX_PLANS]
    ]


def result_json(r: HandResult, names: tuple[str, str]) -> dict[str, Any]:
    """A finished hand as laid down: both hands (none for a dead hand), the knocker's melds,
    the defender's melds and each layoff in playing order, and the points."""
    out: dict[str, Any] = {
        "outcome": r.outcome.value,
        "label": r.outcome.label,
        "winner": r.winner,
        "points": r.points,
        "knocker": r.knocker,
        "describe": _sentence(r.describe(names), names),
        "score": score_text(r, names),
        "hands": [cards(h) for h in r.hands],
    }
    if r.knocker is not None:
        out |= {
            "knocker_count": r.knocker_count,
            "defender_count": r.defender_count,
            "knocker_melds": [_meld(m) for m in r.knocker_melds],
            "knocker_deadwood": cards(r.knocker_deadwood),
            "defense": _plan_json(r.defense) if r.defense is not None else None,
        }
    return out


def sheet_json(game: Game) -> dict[str, Any]:
    """The score sheet: each hand's result, running totals, and the box and bonus columns."""
    names = (game.names[0], game.names[1])
    rows = []
    running = [0, 0]
    for i, r in enumerate(game.results):
        if r.winner is not None:
            running[r.winner] += r.points
        rows.append(
            {
                "hand": i + 1,
                "outcome": r.outcome.value,
                "winner": r.winner,
                "points": r.points,
                "text": r.describe(names),
                "score": score_text(r, names),
                "totals": list(running),
            }
        )
    out: dict[str, Any] = {
        "names": list(names),
        "rows": rows,
        "totals": list(game.totals),
        "hands_won": list(game.hands_won),
        "boxes": [n * game.rules.box_bonus for n in game.hands_won],
        "target": game.rules.target,
        "over": game.is_over,
        "text": game.sheet(),
        "summary": None,
        # Hollywood: the three games side by side (one entry per game; a single game otherwise)
        "columns": [
            {
                "game": col.number,
                "points": [col.points(0), col.points(1)],
                "totals": list(col.totals),
                "over": col.is_over,
                "final": list(col.summary().totals) if col.is_over else None,
            }
            for col in game.columns
        ],
    }
    if game.is_over:
        s = game.summary()
        out["summary"] = {
            "hand_points": list(s.hand_points),
            "game_bonus": list(s.game_bonus),
            "box_bonus": list(s.box_bonus),
            "margin_bonus": list(s.margin_bonus),
            "shutout": s.shutout,
            "totals": list(s.totals),
            "winner": s.winner,
            "forfeit": s.forfeit,
        }
    return out


def view_json(view: PlayerView, names: tuple[str, str] = SPEECH) -> dict[str, Any]:
    """One player's view of the current hand; ``names`` are how its sentences name the players
    (:func:`speech`)."""
    laid_down = None
    if view.knocker is not None and view.phase is Phase.LAYOFF:
        laid_down = {
            "knocker": view.knocker,
            "melds": [_meld(m) for m in view.knocker_melds],
            "deadwood": cards(view.knocker_deadwood),
            "count": view.meld_rules.points(view.knocker_deadwood),
        }
    return {
        "variant": "standard",
        "phase": view.phase.value,
        "dealer": view.dealer,
        "to_act": view.to_act,
        "my_turn": view.my_turn,
        "hand": hand_json(view.hand, view.meld_rules),
        "discard_pile": [str(c) for c in view.discard_pile],
        "upcard": str(view.upcard) if view.upcard is not None else None,
        "stock_size": view.stock_size,
        "opponent": {"count": view.opponent_hand_size, "known": cards(view.opponent_known)},
        "events": [
            {"player": e.player, "kind": e.kind, "card": str(e.card) if e.card is not None else None}
            for e in view.history
        ],
        "drawn": str(view.drawn) if view.drawn is not None else None,
        "taken": str(view.taken) if view.taken is not None else None,
        "knock_limit": view.knock_limit,
        "must_knock": view.must_knock,
        "legal": _legal_json(view),
        "laid_down": laid_down,
        "result": result_json(view.result, names) if view.result is not None else None,
        "layoff_plans": layoff_plans(view),
    }


def speech(s: GameSession, seat: int) -> tuple[str, str]:
    """How the sentences shown to ``seat`` name the players: "You" for ``seat`` (verbs agree), the
    other "The computer" in a game against it, else their name (:data:`SPEECH`)."""
    other = SPEECH[1] if s.against_computer() else s.names[1 - seat]
    return (SPEECH[0], other) if seat == 0 else (other, SPEECH[0])


VIEW_JSON: dict[str, Callable[[Any, tuple[str, str]], dict[str, Any]]] = {
    "standard": view_json,
    "pickup": lambda view, names: pickup_view_json(view),
}
"""The JSON of each variant's view (:mod:`ginrummy.web.pickupjson` for pickup), by
:attr:`Rules.variant <ginrummy.rules.Rules.variant>`; its ``"result"`` is :func:`any_result_json`."""

RESULT_JSON: dict[str, Callable[[Any], dict[str, Any]]] = {
    "standard": lambda result: {},
    "pickup": pickup_result_json,
}
"""What each variant's finished hand adds to :func:`result_json`, by variant name."""

REPLAY_FRAME: dict[str, Callable[[Any], dict[str, Any]]] = {
    "standard": lambda state: {},
    "pickup": pickup_frame_json,
}
"""What each variant adds to a replay step (the state, every card revealed), by variant name."""


def any_view_json(view: AnyView, names: tuple[str, str]) -> dict[str, Any]:
    """A view of a hand of any variant (:data:`VIEW_JSON`)."""
    variant = view.rules.variant
    out = VIEW_JSON[variant](view, names)
    out["result"] = any_result_json(view.result, names, variant) if view.result is not None else None
    return out


def any_result_json(r: HandResult, names: tuple[str, str], variant: str = "standard") -> dict[str, Any]:
    """A finished hand of the variant named ``variant`` (:attr:`Rules.variant
    <ginrummy.rules.Rules.variant>`), as laid down (:data:`RESULT_JSON`)."""
    return result_json(r, names) | RESULT_JSON[variant](r)


def match_json(match: Match) -> dict[str, Any] | None:
    """A match of several games (``None`` for a single game or Hollywood set): how it is played,
    each finished game's final scores and winner, the totals, games won, SLAM points (a match
    to a total, 004), the winner once over, the settlement at the rules' stake, and the sheet."""
    if match.kind == "single":
        return None
    games = []
    for i, g in enumerate(match.finished):
        sm = g.summary()
        games.append({"game": i + 1, "totals": list(sm.totals), "winner": sm.winner})
    settlement = match.settlement()
    return {
        "kind": match.kind,
        "describe": match.describe(),
        "game": len(match.games),
        "games": games,
        "totals": list(match.totals),
        "games_won": list(match.games_won),
        "wins_needed": match.wins_needed if match.kind == "best-of" else None,
        "target": match.rules.match_target or None,
        "slam_points": list(match.slam_points) if match.kind == "to-target" else None,
        "over": match.is_over,
        "winner": match.winner,
        "settlement": settlement.text(match.names) if match.rules.stake and match.is_over else None,
        "text": match.sheet(),
    }


def team_json(s: GameSession) -> dict[str, Any] | None:
    """Team play (002; ``None`` without teams): how it is played, and once the seats' pairing is
    over, every pairing's players, totals and winner (the others played by the computer), the
    team bonus, the team totals, the winner, the settlement at the rules' stake and the team sheet."""
    rules = s.rules
    if rules.team_size == 1:
        return None
    out: dict[str, Any] = {
        "size": rules.team_size,
        "bonus": rules.team_bonus,
        "describe": (
            f"teams of {rules.team_size}: this table is pairing 1; when it is over, computer players "
            f"play the other {rules.team_size - 1} pairings, and each team's totals are added up"
            + (f" ({rules.team_bonus} more to a team whose members all win)" if rules.team_bonus else "")
        ),
        "played": s.team is not None,
    }
    team = s.team
    if team is None:
        return out
    return out | {
        "team_names": list(team.team_names),
        "pairings": [
            {"names": list(m.names), "totals": list(m.totals), "winner": m.winner} for m in team.pairings
        ],
        "pairings_won": list(team.pairings_won),
        "team_bonus": list(team.team_bonus),
        "totals": list(team.totals),
        "winner": team.winner,
        "settlement": team.settlement().text(team.team_names) if rules.stake else None,
        "text": team.sheet(),
    }


def seats_json(s: GameSession, online: Iterable[int] = ()) -> list[dict[str, Any]]:
    """Who plays each seat: ``kind`` (``person``, ``open``: waiting for the invited person,
    ``computer``), ``name``, the computer ``level``, ``since`` (the action a takeover came at),
    and ``online`` (a live connection open to the game from that seat)."""
    live = set(online)
    return [
        {
            "seat": seat.seat,
            "kind": seat.kind,
            "name": seat.name,
            "level": seat.level if seat.kind == "computer" else None,
            "took_over": seat.kind == "computer" and seat.since > 0,
            "online": seat.seat in live,
        }
        for seat in s.seats
    ]


def table_json(s: GameSession, seat: int = HUMAN, online: Iterable[int] = ()) -> dict[str, Any]:
    """Everything the table page shows, for the player in ``seat`` (their view only).

    ``game_over``: everything the rules make is played (the game, set or match);
    ``current_game_over``: the current game of a match is over; ``match``: :func:`match_json`;
    ``seats``: :func:`seats_json` (``online``: the seats with a live connection); ``reviewable``:
    whether its finished hands and game can be reviewed (:mod:`ginrummy.web.reviews`)."""
    names = s.names
    state = s.state
    hand_index = len(s.states) - 1
    fairness: dict[str, Any] | None = None
    hand: dict[str, Any] | None = None
    if state is not None:
        hand = any_view_json(state.view(seat), speech(s, seat))
        fairness = {"hand": hand_index + 1, "commitment": s.commitment(hand_index)}
        if state.is_over:
            fairness |= {"seed": str(s.hand_seeds[hand_index]), "salt": s.salt(hand_index)}
    mine = s.practice and s.against_computer() and seat == HUMAN
    return {
        "id": s.row.id,
        "version": s.version,
        "names": list(names),
        "you": seat,
        "variant": s.rules.variant,
        "opponent": "computer" if s.against_computer() else "person",
        "seats": seats_json(s, online),
        "game_number": len(s.match.games),
        "current_game_over": s.game.is_over,
        "match": match_json(s.match),
        "team": team_json(s),
        "preset": s.row.preset,
        "level": s.row.level,
        "mode": s.row.mode,
        "rules": s.rules.settings(),
        "hand_number": len(s.game_states[-1]) if s.game_states else 0,
        "hand": hand,
        "fairness": fairness,
        "sheet": sheet_json(s.game),
        "game_over": s.over,
        "can_undo": mine and s.can_undo(),
        "can_hint": mine and not s.over and state is not None and not state.is_over and state.to_act == HUMAN,
        "ended": ended_json(s),
        "reviewable": s.rules.team_size == 1 and variant_of(s.rules).knock_and_draw,
    }


def ended_json(s: GameSession) -> dict[str, Any] | None:
    """How a player ended the game early (``None`` if nobody did): ``how`` (``resigned`` or
    ``abandoned``), ``by`` (their seat), ``winner`` (the other seat after a resignation, else
    ``None``), ``totals`` (the scores reached) and ``hand`` (the hand it ended in, from 1)."""
    row = s.row
    if row.ended is None:
        return None
    final = row.final or {}
    return {
        "how": row.ended,
        "by": row.ended_by,
        "winner": final.get("winner"),
        "totals": final.get("totals", list(s.game.totals)),
        "hand": len(s.states),
    }
