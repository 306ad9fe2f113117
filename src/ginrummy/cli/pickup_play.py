"""``ginrummy play`` for discard-pile pickup gin (``--rules pickup``): one hand at a time.

:class:`ginrummy.cli.play.PlaySession` hands every hand of a game whose rules have
``discard_pickup`` to :func:`play_pickup_hand`; the session's game loop (dealing, sheets,
summaries, quitting) is shared. The human is player 0 and sees only ``state.view(0)`` (a
:class:`~ginrummy.variants.pickup.state.PickupView`); the computer acts from ``state.view(1)`` only. Every
action is checked by the engine (:meth:`ginrummy.variants.pickup.state.PickupState.verify`); a refused
command is explained and asked again.

Commands (cards as ``7h``, ``Th``, ``10h``, ``7♥`` or by position under the hand):

======================  ==========================================================
``t``, ``take``         take the top card of the discard pile (the upcard)
``t 3``, ``t 8s``       take the top 3 cards / every card from the top down to 8s
``p``, ``pass``         pass the upcard (first turn)
``d``, ``draw``         draw from the stock
``m 7c 7d 7s``          lay a meld on the table (``m 1 2 3``: by positions)
``m``                   lay every meld of the hand's best arrangement
``a 8h 2``              add 8h to table meld 2 (``a 8h``: to the one meld it fits)
``a``                   add every card that fits a table meld
``x 9c``, ``9c``, ``4``  discard, ending the turn
``s`` / ``hint`` / ``h`` / ``q``  sheet / what the simple player would do / help / quit
======================  ==========================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text

from ginrummy.agents import plays_as
from ginrummy.agents.pickup_simple import PickupSimpleAgent
from ginrummy.cards import Card, parse_card
from ginrummy.cli import render
from ginrummy.cli.commands import META_WORDS, CommandError, Meta, card_in_hand
from ginrummy.cli.play import COMPUTER, HUMAN, PlaySession, _Quit
from ginrummy.errors import GinRummyError
from ginrummy.hand.actions import Discard, DrawStock, Pass
from ginrummy.hand.phase import Phase
from ginrummy.hand.results import Outcome
from ginrummy.melds import Meld, best_arrangement
from ginrummy.play import play_hand
from ginrummy.variants.pickup import PickupEvent, PickupState, PickupView, addable_cards
from ginrummy.variants.pickup.actions import AddCard, LayMeld, PickupAction, Take
from ginrummy.variants.pickup.scoring import PickupResult, pickup_points

__all__ = ["HELP", "PickupCommandError", "command_for", "parse_pickup_command", "play_pickup_hand"]

HELP = """\
Discard-pile pickup gin: no knocking. Draw, or take cards from the top of the discard pile
(taking several, the deepest must go on the table this turn); lay melds, add cards to any
meld on the table, then discard. Empty your hand to go gin: table cards count for you,
cards in hand against (A 15, 2-9 5, 10-K 10), gin 25. Commands:
  t, take        take the top discard        t 3, t 8s   the top 3 / down to 8s
  p, pass        pass the upcard (first turn) d, draw    draw from the stock
  m 7c 7d 7s     lay a meld (cards or positions); m alone: every meld of your best arrangement
  a 8h 2         add 8h to table meld 2; a 8h: to the meld it fits; a alone: every card that fits
  x 9c, 9c, 4    discard (by card or position), ending your turn
  s              score sheet          hint   what the simple computer player would do
  h, ?           this help            q      quit"""


class PickupCommandError(CommandError):
    """Text that is not a pickup command; the message says what to type instead."""


@dataclass(frozen=True, slots=True)
class Plays:
    """Actions to play in order (``m`` and ``a`` alone may make several); ``all_of`` names
    what a bulk command does, so an empty list can be explained."""

    actions: tuple[PickupAction, ...]
    all_of: str | None = None


def _bulk_melds(view: PickupView) -> tuple[PickupAction, ...]:
    return tuple(LayMeld(m) for m in best_arrangement(view.hand).melds)


def _bulk_adds(view: PickupView) -> tuple[PickupAction, ...]:
    """Every card of the hand that fits a table meld, chains included, in playing order."""
    hand = view.hand
    table = [m.mask for m in view.table]
    out: list[PickupAction] = []
    changed = True
    while changed:
        changed = False
        for i, m in enumerate(table):
            fit = addable_cards(m) & hand
            if fit:
                c = Card((fit & -fit).bit_length() - 1)
                out.append(AddCard(c, i))
                hand &= ~(1 << c)
                table[i] |= 1 << c
                changed = True
    return tuple(out)


def parse_pickup_command(text: str, view: PickupView) -> Meta | Plays:
    """Parse one line typed at the prompt into actions (the engine decides their legality).
    Raises :class:`PickupCommandError` (or ``CardParseError`` / ``InvalidMeldError``)."""
    t = " ".join(text.strip().replace(":", " ").split())
    low = t.lower()
    if not low:
        return Meta("empty")
    if low in META_WORDS:
        return Meta(META_WORDS[low])
    word, _, arg = low.partition(" ")
    arg = t[len(word) :].strip()
    if word in ("p", "pass") and not arg:
        return Plays((Pass(),))
    if word in ("d", "draw") and not arg:
        return Plays((DrawStock(),))
    if word in ("t", "take"):
        if not arg:
            return Plays((Take(1),))
        if arg.isdigit():
            return Plays((Take(int(arg)),))
        card = parse_card(arg)
        pile = view.discard_pile
        if card not in pile:
            raise PickupCommandError(f"{card} is not in the discard pile")
        return Plays((Take(len(pile) - pile.index(card)),))
    if word in ("m", "meld"):
        if not arg:
            return Plays(_bulk_melds(view), "melds in your hand")
        cards = [card_in_hand(tok, view.hand) for tok in arg.split()]
        return Plays((LayMeld(Meld(cards)),))
    if word in ("a", "add"):
        if not arg:
            return Plays(_bulk_adds(view), "cards that fit a table meld")
        tokens = arg.split()
        if len(tokens) > 2:
            raise PickupCommandError("add one card at a time: a CARD MELD-NUMBER, e.g. 'a 8h 2'")
        card = card_in_hand(tokens[0], view.hand)
        if len(tokens) == 2:
            if not tokens[1].isdigit() or int(tokens[1]) < 1:
                raise PickupCommandError(f"a table meld is named by its number; got {tokens[1]!r}")
            return Plays((AddCard(card, int(tokens[1]) - 1),))
        fits = [i for i, m in enumerate(view.table) if addable_cards(m.mask) >> card & 1]
        if len(fits) != 1:
            where = "no table meld" if not fits else "table melds " + ", ".join(str(i + 1) for i in fits)
            raise PickupCommandError(f"{card} fits {where}; say which: a {card} N")
        return Plays((AddCard(card, fits[0]),))
    if word in ("x", "discard"):
        if not arg:
            raise PickupCommandError("say which card to discard, e.g. 'x 7h' or 'x 3'")
        return Plays((Discard(card_in_hand(arg, view.hand)),))
    if " " not in low:
        try:
            return Plays((Discard(card_in_hand(t, view.hand)),))
        except GinRummyError:
            if low[0] in "a23456789tjqk1":
                raise
    raise PickupCommandError(f"unknown command {text.strip()!r}; type h for help")


def command_for(action: PickupAction) -> str:
    """The short command that plays ``action``."""
    if isinstance(action, Pass):
        return "p"
    if isinstance(action, DrawStock):
        return "d"
    if isinstance(action, Take):
        return "t" if action.count == 1 else f"t {action.count}"
    if isinstance(action, LayMeld):
        return f"m {action.meld}"
    if isinstance(action, AddCard):
        return f"a {action.card} {action.meld + 1}"
    return f"x {action.card}"


# -- the hand loop ---------------------------------------------------------------------


class _Hand:
    """One pickup hand of a session: the screen, the human's turns, the end."""

    def __init__(self, session: PlaySession, state: PickupState) -> None:
        self.session = session
        self.state = state
        self.glyphs = session.glyphs
        self.names = session.names
        self.seen = 0
        self.draws: dict[int, Card] = {}

    def say(self, text: Text) -> None:
        self.session._say(text)

    def card(self, card: int, style: str = "") -> Text:
        return render.card_text(card, self.glyphs, style)

    def cards(self, cards: Any) -> Text:
        return render.cards_text(cards, self.glyphs)

    def who(self, player: int) -> str:
        return "you" if player == HUMAN else self.names[player]

    # -- events ---------------------------------------------------------------------

    def event_text(self, i: int, e: PickupEvent) -> Text:
        you = e.player == HUMAN
        out = Text("  " + ("You" if you else self.names[e.player]) + " ")

        def verb(base: str, third: str) -> str:
            return base if you else third

        if e.kind == "pass":
            out.append(verb("pass", "passes"))
        elif e.kind == "draw":
            out.append(verb("draw ", "draws "))
            if i in self.draws:
                out.append_text(self.card(self.draws[i], "bold"))
                out.append(" ")
            out.append("from the stock")
        elif e.kind == "take":
            n = len(e.cards)
            out.append(verb("take ", "takes ") + ("" if n == 1 else f"{n} cards from the pile: "))
            out.append_text(self.cards(e.cards))
        elif e.kind == "meld":
            out.append(verb("lay ", "lays ") + f"meld {(e.meld or 0) + 1} ")
            out.append_text(render.meld_text(Meld(e.cards), self.glyphs))
        elif e.kind == "add":
            out.append(verb("add ", "adds "))
            out.append_text(self.cards(e.cards))
            out.append(f" to meld {(e.meld or 0) + 1}")
        else:
            out.append(verb("discard ", "discards "))
            out.append_text(self.card(e.cards[0], "bold"))
        return out + Text(".")

    def events(self, view: PickupView) -> None:
        for i in range(self.seen, len(view.history)):
            self.say(self.event_text(i, view.history[i]))
        self.seen = len(view.history)

    # -- the screen -------------------------------------------------------------------

    def table_text(self, view: PickupView) -> Text:
        out = Text("Table: ")
        if not view.table:
            return out + Text("no melds yet")
        for i, (m, owner) in enumerate(zip(view.table, view.table_owners, strict=True)):
            if i:
                out.append("  ")
            out.append(f"{i + 1} ")
            out.append_text(render.meld_text(m, self.glyphs))
            out.append(f" ({self.who(owner)})")
        return out

    def screen(self, view: PickupView) -> None:
        self.events(view)
        game = self.session.game
        t = game.totals
        n = self.names
        self.say(
            Text(
                f"-- {n[0]} {t[0]}, {n[1]} {t[1]} (game to {game.rules.target}) · {n[view.dealer]} dealt",
                style="dim",
            )
        )
        pile = Text("Discard pile, top first: ")
        if view.discard_pile:
            for depth, c in enumerate(reversed(view.discard_pile), start=1):
                if depth > 1:
                    pile.append("  ")
                pile.append(f"{depth}:", style="dim")
                pile.append_text(self.card(c, "bold" if depth == 1 else ""))
        else:
            pile.append("empty")
        self.say(pile)
        line = Text(f"Stock {view.stock_size} · {n[COMPUTER]} holds {view.opponent_hand_size} cards")
        if view.opponent_known:
            line.append(", known: ")
            line.append_text(self.cards(render.display_order(view.opponent_known)))
        self.say(line)
        self.say(self.table_text(view))
        on = view.table_points
        self.say(
            Text(
                f"On the table: you {on[HUMAN]}, {n[COMPUTER]} {on[COMPUTER]} · "
                f"your hand counts {pickup_points(view.hand)} against you"
            )
        )
        highlight = view.must_meld if view.must_meld is not None else view.drawn
        top, bottom = render.hand_block(view.hand, self.glyphs, highlight=highlight)
        self.say(Text(f"Your hand ({view.hand.bit_count()} cards):"))
        self.say(Text("  ") + top)
        self.say(Text("  ") + bottom)
        if view.must_meld is not None:
            self.say(
                Text("You must lay ", style="bold")
                + self.card(view.must_meld, "bold")
                + Text(" (the deepest card you took) on the table before you discard.", style="bold")
            )

    def prompt(self, view: PickupView) -> str:
        up = view.upcard.text(self.glyphs) if view.upcard is not None else "-"
        if view.phase is Phase.OFFER:
            return f"Take the upcard {up} (t) or pass (p)? > "
        if view.phase is Phase.DRAW:
            if view.draw_only:
                return "Draw from the stock (d)? > "
            return f"Draw (d), or take {up} (t) or the top N cards of the pile (t N)? > "
        if view.must_meld is not None:
            return f"Lay {view.must_meld.text(self.glyphs)}: m CARDS, a CARD N; h help > "
        return "Meld (m), add (a), or discard (x CARD, or its number); h help > "

    # -- turns ---------------------------------------------------------------------------

    def human_turn(self) -> None:
        """One command of the human: returns after it changed the state (or said why not)."""
        state = self.state
        view = state.view(HUMAN)
        while True:
            text = self.session._ask(self.prompt(view))
            try:
                cmd = parse_pickup_command(text, view)
            except GinRummyError as exc:
                self.session._error(str(exc), "Not understood")
                continue
            if isinstance(cmd, Meta):
                self.meta(cmd, view)
                continue
            if not cmd.actions:
                self.session._error(f"no {cmd.all_of}")
                continue
            done = 0
            for action in cmd.actions:
                try:
                    state.verify(action, player=HUMAN)
                except GinRummyError as exc:
                    self.session._error(f"{command_for(action)}: {exc}")
                    break
                state.push(action, player=HUMAN)
                done += 1
                if isinstance(action, DrawStock):
                    drawn = state.view(HUMAN).drawn
                    if drawn is not None:
                        self.draws[len(state.log) - 1] = drawn
                if state.is_over:
                    break
            if done:
                return

    def meta(self, cmd: Meta, view: PickupView) -> None:
        if cmd.kind == "quit":
            raise _Quit
        if cmd.kind == "help":
            self.say(Text(HELP))
        elif cmd.kind == "sheet":
            self.say(render.sheet_text(self.session.game))
        elif cmd.kind == "hint":
            action = PickupSimpleAgent(0).act(view)
            self.say(Text(f"Hint (the simple computer player would): {command_for(action)}"))
        else:
            self.say(Text("Type a command (h for help)."))

    # -- the end ----------------------------------------------------------------------------

    def result_lines(self, result: PickupResult) -> list[Text]:
        n = self.names
        if result.outcome is Outcome.DEAD or result.knocker is None:
            return [
                Text("Dead hand: the stock is down to its last cards and nobody went gin."),
                Text("Dead hand: no score", style="bold"),
            ]
        g = result.knocker
        lines = [Text(f"{n[g]} went gin.", style="bold"), Text("  ") + self.table_text_of(result)]
        for p in (g, 1 - g):
            line = Text(f"  {n[p]}: on the table {result.table_points[p]}")
            if result.hands[p]:
                line.append(", in hand ")
                line.append_text(self.cards(render.display_order(result.hands[p])))
                line.append(f" ({result.held_points[p]})")
            if result.bonus[p]:
                line.append(f", gin bonus {result.bonus[p]}")
            line.append(f": {result.net[p]} for the hand")
            lines.append(line)
        lines.append(Text(f"Gin: {result.describe((n[0], n[1]))}", style="bold"))
        return lines

    def table_text_of(self, result: PickupResult) -> Text:
        out = Text("Table: ")
        for i, m in enumerate(result.table_melds):
            if i:
                out.append("  ")
            out.append(f"{i + 1} ")
            out.append_text(render.meld_text(m, self.glyphs))
        return out

    def play(self) -> None:
        session, state = self.session, self.state
        self.say(Text(f"\nHand {len(session.states)}: {self.names[state.dealer]} deals.", style="bold"))
        while play_hand(state, [None, session.agent]) is None:  # the computer plays to the human's turn
            self.screen(state.view(HUMAN))
            self.human_turn()
        view = state.view(HUMAN)
        self.events(view)
        result = view.result
        assert result is not None
        for line in self.result_lines(result):
            self.say(line)
        session.game.enter(result)
        self.say(render.sheet_text(session.game))


def play_pickup_hand(session: PlaySession) -> None:
    """Deal and play the session's next hand of discard-pile pickup gin, record its result on the
    session's game and show the sheet. The first time, says what differs from standard play:
    the pickup commands, the computer player (``random`` and ``simple`` play pickup; other
    levels say when they play it as ``simple``: :func:`ginrummy.agents.plays_as`) and records (not
    written for pickup games)."""
    if not session.states:
        session._say(Text(HELP, style="dim"))
        level = plays_as(session.agent, session.game.rules)
        if level != session.agent.name:
            session._say(Text(f"The {session.agent.name} player plays discard-pile pickup as {level}."))
        if session.save_path is not None:
            session._say(Text("Records of discard-pile pickup games are not written yet: --save is ignored."))
            session.save_path = None
    state = session.game.new_hand()
    assert isinstance(state, PickupState)
    session.states.append(state)
    _Hand(session, state).play()
