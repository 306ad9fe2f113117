"""Choosing one's own layoffs in ``ginrummy play``: the choices listed best first, Enter for the
best, a number for another, a plan typed in the notation, bad input answered."""

from __future__ import annotations

from ginrummy.cli.session import PlaySession
from ginrummy.cli.table.layoffs import SHOWN
from ginrummy.hand.phase import Phase
from ginrummy.variants.standard.defense import LayoffChoice, layoff_choices
from helpers.terminal import bot_answer, run_session


def _at_layoff(session: PlaySession) -> bool:
    view = session.view
    return view is not None and view.phase is Phase.LAYOFF and view.my_turn


def test_enter_takes_the_best_and_a_number_another() -> None:
    inner = bot_answer(5)
    picked: list[tuple[int, LayoffChoice]] = []
    script = ["zz", "99", "all"]

    def answer(session: PlaySession, prompt: str) -> str:
        if _at_layoff(session) and prompt.startswith("Enter for choice 1"):
            assert session.view is not None
            choices = layoff_choices(session.view)
            if len(choices) > SHOWN and script:
                return script.pop(0)
            n = len(choices) if not picked else 1
            picked.append((len(session.states), choices[n - 1]))
            return str(n) if n > 1 else ""
        return inner(session, prompt)

    session, out, _ = run_session(answer, seed=6)
    text = out.getvalue()
    assert not script, "the game had a layoff with more choices than are listed"
    assert "Lay down and lay off (best first):" in text
    assert "more (type all to list them)" in text
    assert "Not understood" in text and "no choice 99" in text
    assert f"  {SHOWN + 1}. lay off" in text  # listed after 'all'
    results = session.game.results
    for hand_no, choice in picked:
        defense = results[hand_no - 1].defense
        assert defense is not None
        assert (defense.points, defense.layoffs) == (choice.points, choice.layoffs)
    assert len(picked) >= 2
    assert "You lay down and lay off" in text


def test_an_own_plan_is_checked_by_the_engine() -> None:
    inner = bot_answer(5)
    tried: list[str] = []
    hands: list[int] = []

    def answer(session: PlaySession, prompt: str) -> str:
        if _at_layoff(session) and prompt.startswith("Enter for choice 1") and not tried:
            tried.append("Kd:7")
            return "Kd:7"  # no knocker's meld 7 (or no Kd): refused, asked again
        if _at_layoff(session) and prompt.startswith("Enter for choice 1") and len(tried) == 1:
            tried.append("none")
            hands.append(len(session.states))
            return "none"
        return inner(session, prompt)

    session, out, _ = run_session(answer, seed=5)
    text = out.getvalue()
    assert len(tried) == 2
    assert "Not allowed: cannot lay off" in text
    first = session.game.results[hands[0] - 1]
    assert first.defense is not None and first.defense.layoffs == () and first.defense.melds == ()
