"""A short rules page generated from the :class:`~ginrummy.rules.Rules` object in force.

>>> lines = rules_text(Rules.preset("pagat"))
>>> any("20 points" in line and "gin" in line.lower() for line in lines)
True
"""

from __future__ import annotations

from ginrummy.rules import Aces, DealerRule, GameWinner, KnockCard, Opening, Rules, Shutout

__all__ = ["rules_text"]


def rules_text(r: Rules) -> list[str]:
    """The rules in force as a few plain sentences (one per list item)."""
    corner = r.aces is Aces.ROUND_THE_CORNER
    aces = (
        "aces are high or low and runs may turn the corner: Q-K-A and K-A-2 are runs"
        if corner
        else "ace is low: A-2-3 is a run, Q-K-A is not"
    )
    out = [
        "Make melds: sets of 3 or 4 cards of one rank, or runs of 3 or more cards of one suit in order "
        f"({aces}). A card belongs to one meld only.",
        f"Deadwood is the cards in no meld. Aces count {r.ace_points}, number cards their value, "
        "J Q K count 10.",
    ]
    if r.knock_card is not KnockCard.FIXED:
        source = "the first upcard" if r.knock_card is KnockCard.UPCARD else "a card from a second deck"
        ace = "an ace means gin only" if r.ace_means_gin else f"an ace {r.ace_points}"
        out.append(
            f"Oklahoma: the knock limit of each hand is the value of {source} (face cards 10; {ace})"
            + ("; if it is a spade, every point of the hand is doubled." if r.spade_doubles else ".")
        )
    if r.opening is Opening.UPCARD:
        out.append(
            "Each player gets 10 cards. The next card is turned up: the non-dealer may take it or pass, "
            "then the dealer; if both pass, the non-dealer draws from the stock."
        )
    else:
        out.append("The non-dealer gets 11 cards and starts by discarding; the dealer gets 10.")
    turn = "On your turn draw the top card of the stock or of the discard pile, then discard one card."
    if not r.rediscard_taken_card:
        turn += " You may not discard the card you just took from the discard pile."
    out.append(turn)
    if r.knock_limit or r.knock_card is not KnockCard.FIXED:
        out.append(
            f"Knock: after drawing, if your deadwood after a discard is "
            f"{r.knock_limit if r.knock_card is KnockCard.FIXED else 'the knock limit'} or less, you may "
            "end the hand by discarding face down and laying down your melds."
        )
    else:
        out.append("There is no knocking: only gin ends a hand.")
    out.append(
        f"Gin: knock with no deadwood at all. Gin scores {r.gin_bonus} points plus the opponent's "
        "deadwood, and the opponent may not lay off."
    )
    if r.big_gin:
        out.append(
            f"Big gin: all 11 cards in melds after drawing, no discard: {r.big_gin_bonus} points plus the opponent's deadwood."
        )
    undercut = "equal to or lower than" if r.undercut_on_tie else "lower than"
    out.append(
        "After a knock the defender lays down melds and lays off deadwood on the knocker's melds. "
        "The knocker scores the difference of the deadwood counts; if the defender's count is "
        f"{undercut} the knocker's, that is an undercut: the defender scores the difference plus "
        f"{r.undercut_bonus} points."
    )
    if r.action_on_50th_card:
        out.append(
            f"When the stock is down to {r.stock_left_dead} cards, the last discard may be taken only to "
            "knock or go gin; otherwise the hand is dead."
        )
    else:
        out.append(
            f"If the stock is down to {r.stock_left_dead} cards and nobody knocks, the hand is dead: no score."
        )
    game = f"The game goes to {r.target} points."
    if r.game_bonus:
        game += f" Reaching it first earns a game bonus of {r.game_bonus}."
    if r.box_bonus:
        game += (
            f" Each hand won adds a box bonus of {r.box_bonus} at the end (not counted toward the target)."
        )
    if r.game_winner is GameWinner.TARGET:
        game += " The player who reaches the target wins the game, whatever the bonuses add."
    else:
        game += " The higher total after every bonus wins the game (equal totals: a drawn game)."
    out.append(game)
    shutout = {
        Shutout.NONE: "",
        Shutout.DOUBLE_GAME_BONUS: "A shutout (the loser scored nothing) doubles the game bonus.",
        Shutout.DOUBLE_SCORE: "A shutout doubles the winner's whole score.",
        Shutout.DOUBLE_HANDS: "A shutout doubles every hand's points before the box bonus.",
    }[r.shutout]
    if shutout:
        out.append(shutout)
    if r.margin_bonus:
        out.append(
            f"Reaching the target {r.margin_bonus_at} or more points ahead (before any bonus) earns a "
            f"margin bonus of {r.margin_bonus}."
        )
    out.append(
        {
            DealerRule.LOSER: "The loser of a hand deals the next.",
            DealerRule.WINNER: "The winner of a hand deals the next.",
            DealerRule.ALTERNATE: "The deal alternates.",
        }[r.dealer_rule]
        + " After a dead hand the same dealer deals again."
    )
    return out
