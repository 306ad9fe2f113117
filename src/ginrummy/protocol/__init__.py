"""The bot protocol: programs in any language play a seat over newline-delimited JSON on their
standard input and output (``docs/protocol.md``).

:mod:`~ginrummy.protocol.messages` writes a seat's view and its legal actions as JSON (and reads
a standard view back, for Python bots); :mod:`~ginrummy.protocol.bot` runs a bot as an
:class:`~ginrummy.play.Agent` (:class:`SubprocessBot`, named ``cmd:COMMAND``) whose failures raise
:class:`BotError`, a forfeit of the game for the runners; :func:`serve_bot` is the bot side's
loop for Python bots (``bots/simple_bot.py``).
"""

from __future__ import annotations

from ginrummy.errors import IllegalActionError
from ginrummy.protocol.bot import BOT_KINDS, CMD_PREFIX, BotError, SubprocessBot, is_cmd, parse_cmd
from ginrummy.protocol.client import serve_bot
from ginrummy.protocol.messages import (
    PROTOCOL,
    hello_json,
    legal_json,
    variant_name,
    view_from_json,
    view_json,
)

__all__ = [
    "BOT_KINDS",
    "CMD_PREFIX",
    "PROTOCOL",
    "BotError",
    "SubprocessBot",
    "close_agent",
    "forfeit_of",
    "hello_json",
    "is_cmd",
    "legal_json",
    "parse_cmd",
    "serve_bot",
    "variant_name",
    "view_from_json",
    "view_json",
]


def forfeit_of(exc: Exception, agent: object) -> BotError | None:
    """The :class:`BotError` a runner records for ``exc`` raised while ``agent`` was to act:
    ``exc`` itself if it is one, an ``illegal`` one when the engine refused a :class:`SubprocessBot`'s
    action (:class:`~ginrummy.errors.IllegalActionError`), else ``None`` (not the bot's fault)."""
    if isinstance(exc, BotError):
        return exc
    if isinstance(exc, IllegalActionError) and isinstance(agent, SubprocessBot):
        agent.close()
        return BotError("illegal", agent.name, f"the engine refused its action: {exc}")
    return None


def close_agent(agent: object) -> None:
    """End ``agent``'s process if it is a :class:`SubprocessBot` (else nothing)."""
    if isinstance(agent, SubprocessBot):
        agent.close()
