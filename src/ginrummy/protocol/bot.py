"""A bot in any language as an :class:`~ginrummy.play.Agent`: a subprocess speaking the protocol.

:class:`SubprocessBot` starts the command on its first decision, sends the hello (the rules and
the time budget) and reads the bot's hello (name, author, the variants it plays), then for each
decision writes an ``act`` message (the seat's view, the legal actions, the time left) and reads
one reply line ``{"action": "..."}`` (``docs/protocol.md``). Every line is one JSON object.
A reader thread feeds the replies to a queue, so a bot that hangs is waited on for its budget
only, then killed. Whatever the bot does wrong raises :class:`BotError` with a ``kind``:

- ``"crash"``: the command could not start, or exited / closed its output;
- ``"timeout"``: no reply line within the budget per decision, or the game's decisions took
  longer than the budget per game (if one is set; the process is killed);
- ``"garbage"``: a reply that is not a JSON object with a string ``"action"`` (or a bad hello);
- ``"illegal"``: an action that does not parse or is not legal now;
- ``"unsupported"``: the bot's hello does not list the variant, or speaks another protocol.

Runners turn a :class:`BotError` into a forfeit of the game (:mod:`ginrummy.tournament.pairs`, :mod:`ginrummy.web.botplayer`,
``ginrummy play``). Names ``cmd:COMMAND`` (:func:`parse_cmd`) build such a bot.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import shutil
import subprocess
import threading
import time
import weakref
from collections.abc import Sequence
from typing import IO, Any

from ginrummy.errors import GinRummyError, quoted
from ginrummy.protocol.messages import PROTOCOL, hello_json, legal_json, variant_name, view_json
from ginrummy.records import FORFEIT_KINDS
from ginrummy.rules import Rules
from ginrummy.variants import AnyAction, AnyView, parse_any_action

__all__ = ["BOT_KINDS", "CMD_PREFIX", "BotError", "SubprocessBot", "is_cmd", "parse_cmd"]

CMD_PREFIX = "cmd:"
BOT_KINDS = FORFEIT_KINDS
"""The kinds of failure: each forfeits the game (recorded as a game record's ``forfeit``)."""
DEFAULT_TIME_MS = 5000
"""The default budget per decision, in milliseconds."""
DEFAULT_START_MS = 20000
"""The default budget for starting and the hello, in milliseconds (an interpreter may be slow to start)."""
_MAX_LINE = 1 << 20


class BotError(GinRummyError):
    """A bot failed: ``kind`` is one of :data:`BOT_KINDS`, ``bot`` its name; the message says
    what happened. The bot forfeits the game."""

    def __init__(self, kind: str, bot: str, message: str) -> None:
        super().__init__(f"{bot}: {kind}: {message}")
        self.kind = kind
        self.bot = bot
        self.detail = message


def is_cmd(name: str) -> bool:
    """True for a player name ``cmd:COMMAND``."""
    return name.startswith(CMD_PREFIX)


def parse_cmd(name: str) -> list[str]:
    """The argument list of ``cmd:COMMAND`` (split as a POSIX shell would, without a shell).

    Raises :class:`GinRummyError` for an empty command or a program that is not found.

    >>> parse_cmd("cmd:python3 bots/simple_bot.py --x 'a b'")[1:]
    ['bots/simple_bot.py', '--x', 'a b']
    """
    if not is_cmd(name):
        raise GinRummyError(f"{quoted(name)} is not a command player (cmd:COMMAND)")
    try:
        argv = shlex.split(name[len(CMD_PREFIX) :])
    except ValueError as exc:
        raise GinRummyError(f"{quoted(name)}: {exc}") from None
    if not argv:
        raise GinRummyError("cmd: needs a command, e.g. cmd:python3 bots/simple_bot.py")
    if shutil.which(argv[0]) is None and not os.path.isfile(argv[0]):
        raise GinRummyError(f"{quoted(name)}: program {quoted(argv[0])} not found")
    return argv


def _reader(stream: IO[str], sink: queue.Queue[str | None]) -> None:
    try:
        for line in stream:
            sink.put(line[:_MAX_LINE])
    except (OSError, ValueError):
        pass
    sink.put(None)


def _kill(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):  # a process that survives SIGKILL
        proc.wait(timeout=5)
    for stream in (proc.stdin, proc.stdout):
        with contextlib.suppress(OSError):
            if stream is not None:
                stream.close()


def _may_be_legal(action: AnyAction, legal: Sequence[AnyAction]) -> bool:
    """True when ``action`` is of the kind (and card) of a legal action but names its own melds or
    layoffs: the engine checks those when the action is pushed (its :class:`IllegalActionError`
    is the bot's ``illegal`` forfeit, see :func:`ginrummy.protocol.forfeit_of`)."""
    card = getattr(action, "card", None)
    return any(type(a) is type(action) and getattr(a, "card", None) == card for a in legal)


class SubprocessBot:
    """An :class:`~ginrummy.play.Agent` played by the program ``command`` (an argument list or a
    ``cmd:`` name) over the protocol. ``time_ms``: the budget per decision; ``game_ms``: the budget
    for all the bot's decisions in one game (``None``: none; :meth:`new_game` starts the next
    game's clock, as does the start of a process); ``start_ms``: for the start and hello. The
    process lives until :meth:`close` (or until the bot is garbage collected), so one bot plays a
    whole game; its standard error is passed through if
    ``stderr`` is true, else discarded. ``name``: ``cmd:...`` until the bot says its own name
    (then that name); ``author``/``variants``: from its hello; ``failure``: the
    :class:`BotError` it failed with."""

    def __init__(
        self,
        command: str | Sequence[str],
        time_ms: int = DEFAULT_TIME_MS,
        start_ms: int = DEFAULT_START_MS,
        stderr: bool = False,
        game_ms: int | None = None,
    ) -> None:
        self.argv = parse_cmd(command) if isinstance(command, str) else list(command)
        self.name = command if isinstance(command, str) else CMD_PREFIX + shlex.join(self.argv)
        self.command = self.name
        self.author = ""
        self.variants: list[str] = []
        self.time_ms = time_ms
        self.game_ms = game_ms
        self.game_used_ms = 0.0
        """Milliseconds of this game's decisions so far (sending ``act`` to reading the reply)."""
        self.start_ms = start_ms
        self.stderr = stderr
        self.proc: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._rules: Rules | None = None
        self._finalizer: weakref.finalize[Any, SubprocessBot] | None = None
        self.failure: BotError | None = None
        """The error this bot failed with, once it has."""

    # -- the process ----------------------------------------------------------------------

    def _fail(self, kind: str, message: str) -> BotError:
        self.close()
        self.failure = BotError(kind, self.name, message)
        return self.failure

    def _send(self, message: dict[str, Any]) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        try:
            self.proc.stdin.write(json.dumps(message) + "\n")
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise self._fail("crash", f"the bot closed its input (exit code {self.proc.poll()})") from None

    def _receive(self, budget_ms: float, late: str = "") -> dict[str, Any]:
        """The next reply line as a JSON object, waited for ``budget_ms`` at most (``late``: the
        timeout's message, if not the default)."""
        assert self.proc is not None
        try:
            line = self._lines.get(timeout=max(0.0, budget_ms) / 1000)
        except queue.Empty:
            raise self._fail("timeout", late or f"no reply within {budget_ms:.0f} ms") from None
        if line is None:
            self.proc.poll()
            try:
                code = self.proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                code = None
            raise self._fail("crash", f"the bot closed its output (exit code {code})")
        try:
            data = json.loads(line)
        except ValueError:
            raise self._fail("garbage", f"not a JSON line: {line.strip()[:80]!r}") from None
        if not isinstance(data, dict):
            raise self._fail("garbage", f"not a JSON object: {line.strip()[:80]!r}")
        return data

    def _start(self, rules: Rules) -> None:
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=None if self.stderr else subprocess.DEVNULL,
                text=True,
                encoding="utf-8",
                errors="replace",
                bufsize=1,
            )
        except OSError as exc:
            raise self._fail("crash", f"could not start {self.argv[0]!r}: {exc}") from None
        self._finalizer = weakref.finalize(self, _kill, self.proc)
        assert self.proc.stdout is not None
        threading.Thread(target=_reader, args=(self.proc.stdout, self._lines), daemon=True).start()
        self._rules = rules
        self.game_used_ms = 0.0
        self._send(hello_json(rules, self.time_ms, self.game_ms))
        hello = self._receive(self.start_ms)
        if hello.get("type") != "hello" or not isinstance(hello.get("name"), str):
            raise self._fail("garbage", f"expected a hello with a name, got {json.dumps(hello)[:80]}")
        if hello.get("protocol") != PROTOCOL:
            raise self._fail("unsupported", f"speaks protocol {hello.get('protocol')!r}, not {PROTOCOL}")
        variants = hello.get("variants", ["standard"])
        if not isinstance(variants, list) or variant_name(rules) not in variants:
            raise self._fail("unsupported", f"does not play {variant_name(rules)} (it plays {variants})")
        self.name = f"{hello['name']}"[:60] or self.name
        self.author = str(hello.get("author", ""))[:60]
        self.variants = [str(v) for v in variants]

    def start(self, rules: Rules) -> None:
        """Start the process for a game under ``rules`` and exchange the hellos, unless it runs
        already (:meth:`act` starts it on its first call). Raises :class:`BotError`."""
        if self.proc is None:
            self._start(rules)

    def new_game(self) -> None:
        """Start the clock of a new game (the budget per game, ``game_ms``, is counted afresh)."""
        self.game_used_ms = 0.0

    def game_left_ms(self) -> float | None:
        """Milliseconds left of the budget per game (``None`` without one)."""
        return None if self.game_ms is None else self.game_ms - self.game_used_ms

    def _per_game(self) -> str:
        return f"{self.game_ms} ms per game (the budget for all its decisions in one game)"

    def _over_game_budget(self) -> str:
        return f"used {self.game_used_ms:.0f} ms of its {self._per_game()}"

    def close(self) -> None:
        """Say ``quit`` and end the process (killed if it does not exit within a second)."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None and proc.stdin is not None:
            try:
                proc.stdin.write(json.dumps({"type": "quit"}) + "\n")
                proc.stdin.flush()
                proc.wait(timeout=1)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        if self._finalizer is not None:
            self._finalizer()

    # -- the Agent protocol ---------------------------------------------------------------

    def act(self, view: AnyView) -> AnyAction:
        """Ask the bot for an action in ``view`` (starting it on the first call). Raises
        :class:`BotError` (the process ended) when it crashes, times out, or answers with
        garbage or an illegal action."""
        self.start(view.rules)
        legal = legal_json(view)
        game_left = self.game_left_ms()
        if game_left is not None and game_left <= 0:  # nothing left to wait for: no race with a fast bot
            raise self._fail("timeout", f"no time left: {self._over_game_budget()}")
        wait = float(self.time_ms) if game_left is None else min(float(self.time_ms), game_left)
        message: dict[str, Any] = {
            "type": "act",
            "view": view_json(view),
            "legal": legal,
            "time_ms": self.time_ms,
        }
        if game_left is not None:
            message["game_time_ms"] = max(0, int(game_left))
        t0 = time.monotonic()
        self._send(message)
        late = ""
        if game_left is not None and game_left < self.time_ms:  # the game's budget runs out first
            late = f"no reply within the {max(0.0, game_left):.0f} ms left of its {self._per_game()}"
        try:
            reply = self._receive(wait, late)
        finally:
            took = 1000 * (time.monotonic() - t0)
            self.game_used_ms += took
        if took > self.time_ms:  # the line came just as the budget ran out
            raise self._fail("timeout", f"replied after {took:.0f} ms, budget {self.time_ms} ms")
        if self.game_ms is not None and self.game_used_ms > self.game_ms:
            raise self._fail("timeout", self._over_game_budget())
        text = reply.get("action")
        if not isinstance(text, str):
            raise self._fail("garbage", f'a reply without a string "action": {json.dumps(reply)[:80]}')
        try:
            action = parse_any_action(text, view.rules)
        except GinRummyError as exc:
            raise self._fail("illegal", f"{quoted(text)} is not an action: {exc}") from None
        if str(action) not in legal and not _may_be_legal(action, view.legal_actions):
            raise self._fail("illegal", f"{quoted(text)} is not legal now; legal: {', '.join(legal)}")
        return action

    def hand_over(self, view: AnyView) -> None:
        """Tell the bot the hand is over (its view, with both hands as shown); no reply."""
        if self.proc is not None:
            self._send({"type": "hand_over", "view": view_json(view)})
