"""The expert's discard search one question deep (``ExpertParams.probe``; issue 27).

A plain discard also asks the opponent a question: an opponent who takes every upcard that melds
with its hand (the 2021 EAAI challenge's SimpleGinRummyPlayer, and any player the expert models
as knocking at once) answers by taking the card or passing it, and the card tracking keeps the
answer for every later decision of the hand. A determinized search never pays for asking: in
each world it already knows the answer. :class:`ProbeSearch` values a discard with the next
decision made on the answer: for each candidate discard ``c`` and each world, the hand is
played on (:func:`~ginrummy.agents.rollout.rollout`) once for each of a few next discards fixed
in advance (``first``: the fast policy's own discard, or one of the other best candidates); the
next discard is then chosen, for each answer, by its mean over the worlds that give that answer.
So a discard whose answer splits the worlds can be worth more than its plain rollout.

Choosing the best of several means and scoring that choice on the same worlds would favour the
splits with the fewest worlds (the best of a few noisy means looks better than it is), so the
choice is cross-fitted: the worlds are dealt into two folds by their order, each fold's next
discard is chosen on the other fold's worlds with the same answer (all of the other fold's
worlds where none gives it), and each world is scored by the choice made without it. Values are
in the expert's units (points of the hand, or the game's worth where it counts games); the
candidate with the best total stands where it is clearly better than the first candidate (the
``strong`` choice) in a paired test over the same worlds, as in the expert's other searches.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ginrummy.cards import Card, CardSet
from ginrummy.melds import MeldRules, fits_meld

__all__ = ["ProbeSearch", "cross_fitted"]


def cross_fitted(values: list[list[float]], answers: list[bool]) -> list[float]:
    """Per world: the value (as given) of the next option chosen without that world.

    ``values``: per world, one value per next option (the same options in every world);
    ``answers``: per world, the answer that world gives. World ``i`` is in fold ``i % 2``; its
    option is the one of the best total over the other fold's worlds with the same answer (all of
    the other fold's worlds where none has it; the first option where the other fold is empty,
    ties to the earlier option).

    >>> cross_fitted([[0.0, 1.0], [0.0, 1.0], [5.0, 0.0], [5.0, 0.0]], [True, True, False, False])
    [1.0, 1.0, 5.0, 5.0]
    >>> cross_fitted([[0.0, 1.0], [5.0, 0.0]], [True, False])  # no world of the same answer
    [0.0, 0.0]
    """
    picks: dict[tuple[int, bool], int] = {}

    def pick(fold: int, answer: bool) -> int:
        key = (fold, answer)
        if key not in picks:
            other = [v for i, v in enumerate(values) if i % 2 != fold]
            same = [v for i, v in enumerate(values) if i % 2 != fold and answers[i] == answer]
            rows = same or other
            if not rows:
                picks[key] = 0
            else:
                totals = [sum(row[k] for row in rows) for k in range(len(rows[0]))]
                picks[key] = max(range(len(totals)), key=lambda k: (totals[k], -k))
        return picks[key]

    return [row[pick(i % 2, answers[i])] for i, row in enumerate(values)]


class ProbeSearch:
    """One plain discard's search, one question deep: :meth:`play` each world, :meth:`close` for
    the time manager, :meth:`choice` at the end.

    ``hand``: the 11 cards; ``cands``: the candidate discards, the ``strong`` choice first, the
    rest by that choice's order of preference; ``options``: how many of the other candidates are
    tried as the next discard after each (besides the fast policy's own discard); ``play_on``:
    :func:`~ginrummy.agents.rollout.rollout` with the rules and my play bound (called as
    ``play_on(kept, opp, stock, card, True, opp_wait=..., ties=..., first=...)``, points for me);
    ``worth``: points to the expert's value; ``mr``: the rules' melds (whether the opponent would
    take a card); ``tie_seed``: a seed per world for the opponent's tie-breaks; ``clearly``: the
    paired test (per-world gains, True where clearly positive).

    >>> from ginrummy.agents.rollout import rollout
    >>> from functools import partial
    >>> from ginrummy.cards import Card, parse_cards
    >>> from ginrummy.melds import STANDARD
    >>> from ginrummy.rules import Rules
    >>> hand = parse_cards("2s 3s 4s 5h 6h 7h 9c 9d Kc Qd Jh")
    >>> s = ProbeSearch(hand, [Card("Kc"), Card("Qd")], 1, partial(rollout, Rules()),
    ...     float, STANDARD, lambda: 0, lambda d: sum(d) > 0)
    >>> s.play((parse_cards("Ks Kh Qs Qh Js Jd 8c 8d 2d 3d"), [Card(x) for x in "Ac 2c 3c 4c 5c 6c".split()], False))
    >>> s.answers[Card("Kc")], s.answers[Card("Qd")]
    ([True], [True])
    >>> Card(s.choice())
    Card('Kc')
    """

    def __init__(
        self,
        hand: CardSet,
        cands: Sequence[Card],
        options: int,
        play_on: Callable[..., int],
        worth: Callable[[float], float],
        mr: MeldRules,
        tie_seed: Callable[[], int],
        clearly: Callable[[list[float]], bool],
    ) -> None:
        self.hand = hand
        self.cands = list(cands)
        self.nexts: dict[Card, list[Card | None]] = {
            c: [None, *[d for d in cands if d != c][:options]] for c in cands
        }
        self.play_on = play_on
        self.worth = worth
        self.mr = mr
        self.tie_seed = tie_seed
        self.clearly = clearly
        self.values: dict[Card, list[list[float]]] = {c: [] for c in cands}
        self.answers: dict[Card, list[bool]] = {c: [] for c in cands}

    def play(self, world: tuple[CardSet, list[int], bool | int]) -> None:
        """Play one world (opponent hand, stock top first, its waiting) out after every candidate
        and every next discard, and keep the opponent's answer to each candidate."""
        opp, stock, ow = world
        ties = self.tie_seed()
        for c in self.cands:
            self.answers[c].append(fits_meld(c, opp, mr=self.mr))
            kept = self.hand & ~(1 << c)
            self.values[c].append(
                [
                    self.worth(self.play_on(kept, opp, list(stock), c, True, opp_wait=ow, ties=ties, first=d))
                    for d in self.nexts[c]
                ]
            )

    def scores(self) -> dict[Card, list[float]]:
        """Per candidate: its per-world values, the next discard chosen on its answer
        (:func:`cross_fitted`)."""
        return {c: cross_fitted(self.values[c], self.answers[c]) for c in self.cands}

    def _lead(self) -> tuple[Card, list[float]]:
        """The candidate of the best total, and its per-world gains over the first candidate."""
        scores = self.scores()
        best = max(self.cands, key=lambda c: sum(scores[c]))
        return best, [a - b for a, b in zip(scores[best], scores[self.cands[0]], strict=True)]

    def close(self) -> bool:
        """Whether the leader's gain over the first candidate is positive but not clearly so."""
        diffs = self._lead()[1]
        return len(diffs) > 1 and sum(diffs) > 0 and not self.clearly(diffs)

    def choice(self) -> Card:
        """The discard: the best total where clearly better than the first candidate, else the
        first (also where no world was played)."""
        best, diffs = self._lead()
        return best if best != self.cands[0] and self.clearly(diffs) else self.cands[0]
