"""The defender's choices after a knock, for every front end that lets a player choose their layoffs.

After a knock (not gin or big gin) the defender lays down their own melds and lays off cards on
the knocker's melds (000-004; RULES.md section 2). :func:`layoff_choices` lists every way to do it
from the defender's own view (:class:`~ginrummy.variants.standard.view.PlayerView`: their hand and the
knocker's melds, nothing hidden), best plan first; each :class:`LayoffChoice` is a value that
front ends show and that becomes the engine's action with :meth:`LayoffChoice.action`.
:func:`custom_choice` checks a plan the player built themselves.

The stable API (used by the line mode, the full-screen table and the browser):

- ``layoff_choices(view) -> tuple[LayoffChoice, ...]``: empty unless ``view`` is the defender's,
  in the layoff phase, to act; else every distinct set of layoffs, each with the least-deadwood
  melds of the cards kept; sorted by deadwood (points), then fewer layoffs, deterministically; the
  first is the engine's own best plan (``view.legal_actions[0]``).
- ``LayoffChoice``: ``melds`` (own melds), ``layoffs`` (``(card, i)`` pairs: card laid off on the
  knocker's meld number ``i``, 0-based, in playing order), ``deadwood`` (``CardSet``), ``points``
  (the deadwood count); ``laid_off`` (``CardSet``), ``steps(knocker_melds)`` (each card with the
  meld as it stands when the card joins it), ``action()`` (the :class:`~ginrummy.variants.standard.actions.LayOff`
  to push), ``text(glyphs)``.
- ``custom_choice(view, melds, layoffs) -> LayoffChoice``: a plan the player built, checked;
  raises :class:`~ginrummy.errors.InvalidLayoffError` (an ``IllegalActionError``) naming the
  first card or meld that does not fit.

>>> from ginrummy.variants.standard.state import HandState
>>> from ginrummy.rules import Rules
>>> state = HandState.deal(Rules(), dealer=0, rng=1)
>>> layoff_choices(state.view(0))  # not in the layoff phase
()
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ginrummy.cards import Card, CardSet, cardset, format_cards
from ginrummy.errors import WrongPhaseError
from ginrummy.hand.phase import Phase
from ginrummy.layoff import LayoffPlan, check_layoffs
from ginrummy.layoff import layoff_choices as plans_of
from ginrummy.melds import Meld
from ginrummy.variants.standard.actions import LayOff
from ginrummy.variants.standard.view import PlayerView

__all__ = ["LayoffChoice", "custom_choice", "layoff_choices"]


@dataclass(frozen=True, slots=True)
class LayoffChoice:
    """One way for the defender to lay down after a knock (see the module docstring).

    ``melds``: the defender's own melds; ``layoffs``: ``(card, i)`` pairs, the card laid off on
    the knocker's meld number ``i`` (0-based, in the order the knocker laid them down), in an
    order in which each can be played; ``deadwood``: the cards left (``CardSet``); ``points``:
    their count (points, aces as the rules count them).
    """

    melds: tuple[Meld, ...]
    layoffs: tuple[tuple[Card, int], ...]
    deadwood: CardSet
    points: int

    @classmethod
    def from_plan(cls, plan: LayoffPlan) -> LayoffChoice:
        """The choice of a :class:`~ginrummy.layoff.LayoffPlan`."""
        return cls(plan.melds, plan.layoffs, plan.deadwood, plan.points)

    @property
    def laid_off(self) -> CardSet:
        """All cards laid off (``CardSet``)."""
        return cardset(c for c, _ in self.layoffs)

    def action(self) -> LayOff:
        """The engine's action for this choice (push it as the defender)."""
        return LayOff(self.melds, self.layoffs)

    def steps(self, knocker_melds: Sequence[Meld]) -> tuple[tuple[Card, int, CardSet], ...]:
        """Each layoff as ``(card, i, meld)``: ``meld`` is the knocker's meld number ``i`` as it
        stands when the card joins it (a ``CardSet``, earlier layoffs included), for wording
        such as ``7♥ on 8♥ 9♥ 10♥``."""
        current = [m.mask for m in knocker_melds]
        out: list[tuple[Card, int, CardSet]] = []
        for c, i in self.layoffs:
            out.append((c, i, current[i]))
            current[i] |= 1 << c
        return tuple(out)

    def text(self, glyphs: bool = False) -> str:
        """One line: ``melds [..] ; layoffs 7h on meld 1 ; deadwood Kd (10)``."""
        melds = " ".join(f"[{m.text(glyphs)}]" for m in self.melds) or "none"
        lay = ", ".join(f"{c.text(glyphs)} on meld {i + 1}" for c, i in self.layoffs) or "none"
        dw = format_cards(self.deadwood, glyphs) or "none"
        return f"melds {melds} ; layoffs {lay} ; deadwood {dw} ({self.points})"


def _is_defenders_layoff(view: PlayerView) -> bool:
    return view.phase is Phase.LAYOFF and view.my_turn


def layoff_choices(view: PlayerView) -> tuple[LayoffChoice, ...]:
    """Every way the defender may lay down, best first (empty unless ``view`` is the defender's
    during the layoff phase). Computed from the view alone: the defender's hand and the knocker's
    melds (:func:`ginrummy.layoff.layoff_choices`)."""
    if not _is_defenders_layoff(view):
        return ()
    plans = plans_of(view.knocker_melds, view.hand, mr=view.meld_rules)
    return tuple(LayoffChoice.from_plan(p) for p in plans)


def custom_choice(
    view: PlayerView, melds: Sequence[Meld], layoffs: Sequence[tuple[Card, int]]
) -> LayoffChoice:
    """A plan the defender built: own ``melds`` and ``layoffs`` (``(card, i)``, in playing order),
    checked against the view's hand and the knocker's melds. Raises
    :class:`~ginrummy.errors.WrongPhaseError` outside the defender's layoff and
    :class:`~ginrummy.errors.InvalidLayoffError` for a plan that does not fit."""
    if not _is_defenders_layoff(view):
        raise WrongPhaseError("there is nothing to lay off now: only the defender lays off, after a knock")
    plan = check_layoffs(view.knocker_melds, view.hand, melds, layoffs, mr=view.meld_rules)
    return LayoffChoice.from_plan(plan)
