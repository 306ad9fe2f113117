"""The ``expert``'s search settings (:class:`ExpertParams`; re-exported by
:mod:`ginrummy.agents.expert`, the agent that reads them): what it searches, how many worlds, how
it models the opponent, and its time caps."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ginrummy.agents import fitted
from ginrummy.errors import ArgumentError

__all__ = ["ExpertParams"]


@dataclass(frozen=True, slots=True)
class ExpertParams:
    """Search settings: ``samples`` worlds per decision, ``candidates`` discards searched at
    most, ``margin`` (points of strong value) within which a discard is a candidate,
    ``max_seconds`` the time cap per decision, ``draw_search`` / ``knock_search`` whether
    take-or-draw / knock-or-play-on are searched too, ``wait`` whether the expert's rollout
    self knocks only when the knock scores, ``opp_wait`` the share of worlds (0-1) where the opponent does the same, ``z``
    the standard errors by which a searched option must beat the ``strong`` choice,
    ``knock_rule`` / ``draw_rule`` whether the fitted rules (:mod:`ginrummy.agents.fitted`)
    replace the ``strong`` knock judgement / upcard choice.

    ``None`` (the default of ``draw_search``, ``knock_search`` and ``knock_rule``) decides by
    the opponent (:meth:`ExpertAgent.opponent_knocks_at_once`): against a player who knocks
    as soon as it can, whom the rollouts model, both searches are on and knocks are judged as
    ``strong`` judges them (waiting for undercuts pays against such a player); against one
    seen to pass up a knock or to go gin, the fitted knock rule (fitted against ``strong``, who waits) and
    the discard search only (against ``strong`` the other searches measured worse than the
    choice they start from, bench/README.md).

    ``adapt``: whether the expert also tells a gin-seeker from the finished hands
    (:meth:`ExpertAgent.opponent_seeks_gin`: it has gone gin and seldom knocks short of gin
    after its first turns) and plays it so: the rollouts' opponent knocks only with gin, and
    knocks are searched against it. ``finish``: knock short of gin whenever at least this share
    of the sampled opponent hands lets the knock's points reach the game's target (the expert
    keeps the game's score from the finished hands; 0: off). ``game_seconds``: once its
    decisions in the current game have taken this long (wall-clock seconds), it stops searching
    for the rest of the game (its moves then take a few milliseconds), to stay within the 2021
    challenge's 30 s per game (0: no budget). ``score_aware``: under rules where only the
    game's winner counts (:func:`ginrummy.agents.gamewin.counts_games`: ``eaai``), the search
    values each outcome by the chance of winning the game from the score it leaves
    (:func:`ginrummy.agents.gamewin.win_chance`) instead of its points. ``endgame``: with
    ``score_aware``, knock or play on is searched too (knock now against playing on, so
    valued) once either player needs at most this many points to reach the target (0: off).
    ``knock_fit``: which fitted knock rule judges knocks against an opponent who waits
    (:func:`ginrummy.agents.fitted.knock_weights`): ``"strong"``, a line fitted on ``strong`` v
    ``strong`` hands, or ``"quadratic"`` (the default), with products of the features, fitted on
    those and on hands of the expert's rules against themselves; another name raises
    ``ValueError``. With ``adapt`` and ``score_aware`` off, ``finish``, ``game_seconds`` and
    ``endgame`` 0, ``knock_fit`` ``"strong"`` and ``race_draw`` off, play is the November 2026
    expert's.

    ``race``: whether take-or-draw and discards are also checked by the race to gin of gin-only
    hands (:func:`ginrummy.agents.straight_play.straight_action`: its choice replaces the
    expert's only when clearly better by the chance of reaching gin first) in hands where knocks
    short of gin are allowed; ``None`` decides by the opponent: on against one who waits, whose
    hands are mostly decided by gin (off by default: measured in bench/README.md, ninth
    session). ``race_search``: with the race on, whether the expert's own search of the closest
    discards runs before it where no knock is legal (off: the race checks the ``strong`` choice,
    as it does for ``strong``). ``race_draw``: whether the race checks take-or-draw alone (the
    expert's own choices stand for discards and knocks); ``None`` (the default) decides by the
    opponent as ``race`` does: on against one seen to wait, where it won about 6 points of games more
    against the frozen expert (bench/README.md, tenth session). With ``race`` on it changes
    nothing (the race already checks takes and draws).

    ``infer_pool``, ``infer_draws``: how the search's worlds draw the opponent's hand
    (:func:`~ginrummy.agents.strong.infer_opponent_hand`): ``infer_pool`` candidate hands, each
    as if the opponent had improved its hand on at most ``infer_draws`` of its draws, one kept by
    how well the opponent's latest discard fits it. ``infer_pool`` 1 and ``infer_draws`` 6 draw
    them as the ``strong`` heuristics do (the expert before 2026-11-27); ``infer_pool`` 8 with
    ``infer_draws`` 2 won 5.8 +- 3.7 points of games more against MARJJ_v5 in the 2021 EAAI
    framework, on the same 800 deals. ``infer_draws`` 3 (the default since 2026-11-28) gives the
    best calibrated undercut chances at the expert's knocks against ``gin-seeker`` (mean estimate
    0.52 against a true 0.50, Brier 0.208; with 2: 0.39, 0.222) and its knocks were undercut less
    (7.8% -> 5.6% of them against MARJJ_v5; bench/README.md, section Strength).
    ``at_once_draws``: ``infer_draws`` for the worlds while the opponent is played as one who
    knocks at once (``None``: ``infer_draws``); more draws read its hand as better than the
    tracking alone says.
    ``infer_pool`` below 1, or ``infer_draws`` or ``at_once_draws`` below 0, raises
    :class:`~ginrummy.errors.ArgumentError`.

    ``max_samples``, ``extend_share``: the time manager. Where after ``samples`` worlds the best
    option searched leads the ``strong`` choice but not clearly (a close decision), the search
    draws ``samples`` more worlds at a time, up to ``max_samples`` in all, while this decision has
    used less than ``extend_share`` of the game's time left (``game_seconds`` less the time spent)
    and ``max_seconds``; a clear decision stops at ``samples``. ``max_samples`` equal to
    ``samples`` is the search without it. ``max_samples`` below ``samples`` or
    ``extend_share`` outside 0-1 raises :class:`~ginrummy.errors.ArgumentError`.

    The defaults spend the 2021 challenge's budget (since 2026-11-28; before, 32 worlds, 3
    candidates within 3 points, 1.5 s a decision, 20 s a game, no extension): 64 worlds, up to
    1,024 on a close decision, 5 candidate discards within 5 points, at most 5 s a decision and 25
    s a game (the challenge allows 30). Against MARJJ_v5 in the 2021 EAAI framework the expert
    then won 61.7% of 1,920 games (four seeds) where the earlier settings won 57.6% of the same
    deals (+4.1 +- 2.5 points of games won), using about 5 s of decisions a game (compiled build,
    median 2 ms, p99 0.55-0.86 s a decision, at most 2.7 s; bench/README.md, section Strength).

    ``take_knock``: whether the take-or-draw search values taking the upcard as knocking at once
    when the take leaves a knock (the discard of least deadwood; knocking only when it scores,
    with ``wait``), as it values a card drawn from the stock (off: the take is always played on
    with the ``strong`` discard, as before 2026-11-28). ``fit_wait``: whether the worlds'
    opponent knocks at once in every world while it is seen to knock at once
    (:meth:`ExpertAgent.opponent_knocks_at_once`), waiting in a share ``opp_wait`` of them only
    once it has been seen to wait (off: ``opp_wait`` from the first hand).

    ``prior_gin``: how the expert plays an opponent it knows nothing of yet (each game starts
    afresh). On: as a gin-seeker who waits (:meth:`ExpertAgent.opponent_seeks_gin`), until a
    finished hand shows it knocking short of gin (then as one who knocks at once, unless seen to
    wait) or late (then no gin-seeker). Off: as one who knocks at once until seen to wait, as
    before 2026-11-28. Against MARJJ_v5 in the 2021 EAAI framework the first hand of a game went
    from -0.8 to +3.8 points and the games won from 55.2% to 59.9% (1,440 games on the same deals;
    bench/README.md, section Strength).

    ``prior_mix``: with ``prior_gin``, the share (0-1) of the search's worlds whose opponent knocks
    at once while it is played as a gin-seeker on the prior alone (no gin of its seen yet): an
    opponent the expert knows nothing of may be either. 0 (the default): every such world's
    opponent knocks only with gin. In the 2021 EAAI framework, 0.5 played the first hands better
    against its SimpleGinRummyPlayer (82.8% of 500 games against 83.6% on the same deals, -0.8 +-
    3.3 points of games) and worse against MARJJ_v5 (58.0% against 60.4%, -2.4 +- 5.0; the first
    hand of a game +0.9 points), so it stays 0 (bench/README.md, section Strength). A value outside
    0-1 raises :class:`~ginrummy.errors.ArgumentError`.

    ``keep_layoffs``: whether the rollouts' discards for the expert keep back a card that would
    lay off on the opponent's melds (:func:`~ginrummy.agents.rollout.guarded_discard`: such a
    card counts its points twice), so that the values see a defender who holds its layoffs when
    the opponent knocks. ``None`` decides by the opponent: on while it is played as one who knocks
    at once (:meth:`ExpertAgent.opponent_knocks_at_once`), off against a gin-seeker. Off by
    default: in the 2021 EAAI framework against its SimpleGinRummyPlayer the expert won 83.2% of
    500 games with ``None`` against 83.6% on the same deals (-0.4 +- 3.2 points of games; net
    +6.81 points a hand; bench/README.md, section Strength).

    ``safe_discards``: whether the rollouts' discards for the expert count a card that melds with
    the world's opponent hand (one the opponent would take) ``rollout.SAFE_DANGER`` (5) points
    dearer (:class:`~ginrummy.agents.rollout.OwnPlay`), as the expert's own play, which reads the
    opponent, keeps such cards; ``None`` decides by the opponent as ``keep_layoffs`` does. As a
    policy against ``simple``'s in the rollouts' own simulator (6,000 hands) such discards gain
    +5.0 +- 0.4 points a hand, yet in the search they bought nothing: in the 2021 EAAI framework
    against its SimpleGinRummyPlayer the expert won 82.0% of 500 games with ``None`` against 83.6%
    on the same deals (-1.6 +- 3.3 points of games; net +6.76 points a hand), so off by default
    (bench/README.md, section Strength).

    ``opp_ties``: whether the rollouts' opponent breaks ties between discards of least deadwood at
    random (:func:`~ginrummy.agents.rollout.tied_discard`, a seed per world, the same for every
    option searched in it), as the 2021 EAAI challenge's SimpleGinRummyPlayer does, instead of by
    the highest card (about 3 in 10 of that player's discards are such ties between ranks).
    ``None`` decides by the opponent as ``keep_layoffs`` does. Off by default: in the 2021 EAAI
    framework against its SimpleGinRummyPlayer the expert won 84.0% of 500 games with ``None``
    against 83.6% on the same deals (+0.4 +- 3.2 points of games; net +7.00 points a hand against
    +7.17; bench/README.md, section Strength).

    ``infer_at_once``: whether, while the opponent is played as one who knocks at once
    (:meth:`ExpertAgent.opponent_knocks_at_once`), the opponent hands it draws (the search's
    worlds and the knock judgements) leave out hands within the knock limit once it has
    discarded face up (``at_once`` of :func:`~ginrummy.agents.strong.infer_opponent_hand`): such
    a player would have knocked instead. Off by default: against ``simple`` the drawn hands come
    closer to the true ones (deadwood error 12.8 points against 14.9, bench/hand_reading.py), but
    against the framework's SimpleGinRummyPlayer in the 2021 EAAI framework the expert won 81.2%
    of 500 games with it against 81.8% without, on the same deals (-0.6 +- 1.9 points of games;
    bench/README.md, section Strength). On, the knock judgements draw hands as the worlds do.

    ``wide``: whether the discard search plays out every discard, not only the ``candidates``
    within ``margin`` of the ``strong`` choice (the ``strong`` choice still stands unless another
    is clearly better). ``None`` (the default) decides by the opponent: on against a player who
    knocks as soon as it can (:meth:`ExpertAgent.opponent_knocks_at_once`), whose policy the
    rollouts play (the 2021 EAAI framework's SimpleGinRummyPlayer's, but for its random
    tie-breaks), so that their values can be trusted beyond the discards ``strong`` ranks close;
    off against one who waits. Against that player in the 2021 EAAI framework the expert won
    82.7% of 1,000 games with it where it had won 81.4% of the same deals (+1.3 +- 2.4 points of
    games; in our engine against ``simple`` 83.5% of 400 against 79.5%; bench/README.md, section
    Strength). ``wide`` off is the sparring partner ``expert-close``.

    ``wide_draw``: whether take-or-draw is searched for every upcard, not only one that fits a
    meld or that the ``strong`` rule would take (the ``strong`` choice still stands unless the
    other is clearly better). ``None`` decides by the opponent as ``wide`` does. Off by default:
    against ``simple`` (in our engine, the same 400 games) the expert won 82.5% with it on while
    the opponent was seen to knock at once, as without (+0.000 +- 0.021 games a game by duplicate
    pair; bench/README.md, section Strength).

    ``read_play``: whether the search's worlds draw the opponent's hand from a chain over its whole
    play this hand (:func:`~ginrummy.agents.reading.read_hand`: every take, pass, discard and
    knock passed up judged on the hand it then held) instead of by its latest discard alone. Off by
    default: with the chain's earlier settings (10 moves a hand, ``read_beta`` 3, no cap), against ``simple`` the drawn hands came closer to the true ones (deadwood error 10.8
    points against 14.9, bench/hand_reading.py) but the expert won 82.9% of 240 games with it against
    82.5% without, on the same deals (+0.4 +- 2.7 points of games), and against MARJJ_v5 in the 2021
    EAAI framework 57.0% of 500 games against 60.0% (-3.0 +- 2.5; bench/README.md, section
    Strength).
    ``None`` decides by the opponent as ``wide`` does: on while it is played as one who knocks at
    once. ``read_steps``: the chain's moves per drawn hand (its hands come out less alike with
    more); ``read_hands``: the most distinct hands it draws per decision (0: no cap), dealt out
    again in turn to the further worlds; ``read_beta``: the model's surety (per point of regret)
    that the opponent throws a card of least deadwood (:class:`~ginrummy.agents.reading.ReadingModel`).
    With 10 moves per hand the chain's card chances are worse calibrated than the tracking's (Brier
    score 0.193 against 0.188 on the opponent's unknown cards, against ``simple``); with 100 moves
    and ``read_beta`` 1, better (0.178; bench/README.md, section Strength). Yet with those (and 32
    hands a decision) the expert won 79.4% of 500 games against the 2021 EAAI framework's
    SimpleGinRummyPlayer with ``read_play`` ``None`` against 83.6% on the same deals (-4.2 +- 4.0
    points of games): it knocked short of gin in 27% of hands instead of 11%, and undercut less. ``read_steps`` below 1,
    ``read_hands`` or ``read_beta`` below 0 raise :class:`~ginrummy.errors.ArgumentError`.
    ``read_knocks``: whether a discard decision that holds a knock short of gin draws its worlds
    from the chain too (off: from the tracking, so the knock is judged as without ``read_play``).
    With it off the expert knocked short of gin in 11% of hands again, yet won 79.8% of the same
    500 games (-3.8 +- 3.9 points of games). ``read_groups``: whether the paired test counts the
    worlds that share one of the chain's capped hands as one (their mean;
    :func:`~ginrummy.agents.rollout.clearly_better`): dealt out again, a hand would otherwise narrow
    the error as if it were new. With it, 53 pairs of a run came out no better (the expert knocked
    short of gin in 23% of hands; bench/README.md, section Strength, thirty-seventh session).
    ``read_draws``: whether take-or-draw draws its worlds from the chain too (off: from the
    tracking; the thirty-eighth session found the true hand worth nothing there). The chain at
    plain discards only (``read_knocks`` and ``read_draws`` off, ``read_hands`` 0, ``read_steps``
    30) won 82.4% of 500 games in the 2021 EAAI framework against its SimpleGinRummyPlayer where
    the expert won 83.6% of the same deals (bench/README.md, section Strength).

    ``hand_odds``: whether, with ``score_aware``, the chance of winning the game is taken between
    unequal players (:data:`~ginrummy.agents.gamewin.AT_ONCE_ODDS`: the share of hands the expert
    wins against a player who knocks at once, and each side's points when it wins) instead of
    equal ones. ``None`` decides by the opponent as ``wide`` does: on while it is played as one who
    knocks at once. Off by default: the fitted odds are calibrated (the expert's chance at 0-0 is
    0.823, where it wins 82.5-82.7% of games against such a player), but in the 2021 EAAI
    framework against its SimpleGinRummyPlayer the expert won 81.7% of 1,000 games with them
    where it won 82.7% of the same deals without (-1.0 +- 2.4 points of games, seeds 43 and 44;
    bench/README.md, section Strength).

    ``own_knock``: while the opponent is played as one who knocks at once, the most deadwood
    (points) at which the rollouts' own side knocks short of gin (``rollout``'s ``own_limit``; 0:
    only with gin); ``None`` (the default): the hand's knock limit, as against any other
    opponent. In our engine against ``simple`` (240 games, the same deals) 0 won 80.4% and 5 won
    81.7% where ``None`` won 80.0% (+0.4 +- 2.9 and +1.7 +- 3.0 points of games, 5 with fewer points a
    hand; bench/README.md, section Strength): not in play. Below 0 raises
    :class:`~ginrummy.errors.ArgumentError`.

    ``own_potential``: points added, in the rollouts' discards for the expert, to a card for each
    card of the hand left that it would meld with given one more card
    (:class:`~ginrummy.agents.rollout.OwnPlay`'s ``potential``); 0 (the default) plays them by
    least deadwood alone, as the rollouts' opponent does; ``None``:
    :data:`~ginrummy.agents.rollout.AT_ONCE_POTENTIAL` while the opponent is played as one who
    knocks at once, else 0. In our engine against ``simple`` (240 games, the same deals) 2, 4, 6
    and 8 won 81.2%, 85.4%, 80.4% and 75.4% where 0 won 80.0%; in the 2021 EAAI framework
    against its SimpleGinRummyPlayer ``None`` won 83.2% of 500 games where 0 won 83.6% of the
    same deals (-0.4 +- 1.6 points of games; bench/README.md, section Strength): not in play.
    Below 0 raises :class:`~ginrummy.errors.ArgumentError`.

    ``weigh_gins``: whether the opponent's gin marks it as a player who waits only while it has
    gone gin at least as often as it knocked short of gin (a player who knocks at once goes gin
    when one draw takes it from over the knock limit to none; a passed-up knock still proves
    waiting). Off: any gin marks it so (:func:`~ginrummy.agents.opponent.shows_waiting`). In the
    2021 EAAI framework against its SimpleGinRummyPlayer it changed 27 of 500 games, none's
    winner (bench/README.md, section Strength): off, play unchanged.

    ``no_wait_hands``: with ``prior_gin``, after this many hands that the opponent lost to the
    expert's knock or gin after more than :data:`~ginrummy.agents.opponent.LATE_TURN` discards of
    its own, its hand then shown without a knock passed up, an opponent not seen to wait is
    played as one who knocks at once, as after its knock short of gin (0, the default: off; the
    prior stands until it knocks). With 1 and ``weigh_gins``, in the 2021 EAAI framework against its
    SimpleGinRummyPlayer the expert won 84.2% of 500 games where it won 83.6% of the same deals
    (+0.6 +- 1.4 points of games, net +7.57 points a hand against +7.17; bench/README.md, section
    Strength): not yet measured against a gin-seeker, so off and play unchanged. Below 0 raises
    :class:`~ginrummy.errors.ArgumentError`.

    ``probe``: at discards where no knock is legal, while the opponent is played as one who knocks
    at once (and so takes every upcard that melds), value each discard one question deep
    (:class:`~ginrummy.agents.probing.ProbeSearch`): the rollouts after it also fix the next
    discard, the fast policy's own or one of ``probe`` other candidates, and that choice is made
    on the worlds that give the same answer (whether the opponent would take the discard). 0, the
    default: off (the plain discard search). With 2, in the 2021 EAAI framework against its
    SimpleGinRummyPlayer the expert won 81.0% of 500 games where it won 83.6% of the same deals
    (-2.6 +- 3.5 points of games; bench/README.md, section Strength): off, play unchanged. Below 0
    raises :class:`~ginrummy.errors.ArgumentError`."""

    samples: int = 64
    candidates: int = 5
    margin: float = 5.0
    max_seconds: float = 5.0
    draw_search: bool | None = None
    knock_search: bool | None = None
    wait: bool = True
    opp_wait: float = 0.5
    z: float = 2.0
    knock_rule: bool | None = None
    draw_rule: bool = False
    adapt: bool = True
    finish: float = 0.8
    game_seconds: float = 25.0
    score_aware: bool = True
    endgame: int = 30
    knock_fit: str = "quadratic"
    race: bool | None = False
    race_search: bool = True
    race_draw: bool | None = None
    infer_pool: int = 8
    infer_draws: int = 3
    at_once_draws: int | None = None
    max_samples: int = 1024
    extend_share: float = 0.2
    take_knock: bool = True
    fit_wait: bool = True
    infer_at_once: bool = False
    prior_gin: bool = True
    read_play: bool | None = False
    read_steps: int = 100
    read_hands: int = 32
    read_beta: float = 1.0
    read_knocks: bool = True
    read_groups: bool = True
    read_draws: bool = True
    wide: bool | None = None
    wide_draw: bool | None = False
    hand_odds: bool | None = False
    prior_mix: float = 0.0
    keep_layoffs: bool | None = False
    safe_discards: bool | None = False
    opp_ties: bool | None = False
    own_knock: int | None = None
    own_potential: int | None = 0
    weigh_gins: bool = False
    no_wait_hands: int = 0
    probe: int = 0

    def untimed(self) -> ExpertParams:
        """These settings without the time caps (``max_seconds`` infinite, ``game_seconds`` 0):
        play then follows the seed alone, whatever the machine's speed or load (the golden games
        and the two builds' differential run play so).

        >>> ExpertParams().untimed().game_seconds
        0.0
        """
        return replace(self, max_seconds=math.inf, game_seconds=0.0)

    def __post_init__(self) -> None:
        fitted.knock_weights(self.knock_fit)  # raises ValueError for an unknown rule
        if self.infer_pool < 1 or self.infer_draws < 0 or (self.at_once_draws or 0) < 0:
            raise ArgumentError(
                "infer_pool must be at least 1 and infer_draws and at_once_draws at least 0, "
                f"not {self.infer_pool}, {self.infer_draws} and {self.at_once_draws}"
            )
        if self.read_steps < 1 or self.read_hands < 0 or not self.read_beta >= 0.0:
            raise ArgumentError(
                "read_steps must be at least 1 and read_hands and read_beta at least 0, "
                f"not {self.read_steps}, {self.read_hands} and {self.read_beta}"
            )
        if self.own_knock is not None and self.own_knock < 0:
            raise ArgumentError(f"own_knock must be None or at least 0, not {self.own_knock}")
        if self.no_wait_hands < 0 or self.probe < 0:
            raise ArgumentError(
                f"no_wait_hands and probe must be at least 0, not {self.no_wait_hands} and {self.probe}"
            )
        if self.own_potential is not None and self.own_potential < 0:
            raise ArgumentError(f"own_potential must be None or at least 0, not {self.own_potential}")
        if not 0.0 <= self.prior_mix <= 1.0:
            raise ArgumentError(f"prior_mix must be within 0-1, not {self.prior_mix}")
        if self.max_samples < self.samples or not 0.0 <= self.extend_share <= 1.0:
            raise ArgumentError(
                f"max_samples must be at least samples ({self.samples}) and extend_share within 0-1, "
                f"not {self.max_samples} and {self.extend_share}"
            )
