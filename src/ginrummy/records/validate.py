"""Reading record JSON strictly: each field present, of its JSON type and in range, or a
:class:`~ginrummy.errors.RecordError` naming the record and the field.

Messages read ``WHERE: "FIELD" must be ..., got VALUE``: ``WHERE`` is the record
(``game record``) and, for a record inside another, its place (``match record: game 2:
hand 3``); ``VALUE`` is written as JSON (cut to 60 characters).

>>> Fields.of({"format": "ginrummy-game", "first_dealer": 2}, "game record", "ginrummy-game").choice(
...     "first_dealer", (0, 1))
Traceback (most recent call last):
ginrummy.errors.RecordError: game record: "first_dealer" must be 0 or 1, got 2
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ginrummy.cards import Card, parse_card
from ginrummy.errors import GinRummyError, RecordError
from ginrummy.rules import Rules

__all__ = ["VERSION", "VERSIONS", "Fields", "shown"]

VERSION = 2
"""The version of the record format written now."""
VERSIONS = (1, 2)
"""The versions read. Version 1 wrote a defender who laid down nothing as ``layoff``
(see :mod:`ginrummy.records.hand`) and game, match and team records had no ``result``."""


def shown(value: Any) -> str:
    """``value`` as JSON text (``repr`` if it is not JSON), cut to 60 characters."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_int(value: Any) -> bool:
    """A JSON integer: an ``int`` but not a ``bool`` (``true`` is not a number here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_pair(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)


@dataclass(frozen=True, slots=True)
class Fields:
    """A JSON object being read as a record, or part of one; ``where`` names it in messages.

    Every reader raises :class:`RecordError` (``WHERE: "NAME" ...``) for a field that is
    missing (unless optional), of another JSON type, or out of range. Keys not read are
    ignored (the web server adds ``fairness`` to game records)."""

    data: dict[str, Any]
    where: str

    @classmethod
    def of(cls, data: Any, where: str, fmt: str | None = None) -> Fields:
        """``data`` as an object; with ``fmt``, its ``"format"`` must be ``fmt``."""
        if not isinstance(data, dict):
            raise RecordError(f"{where}: must be a JSON object, got {shown(data)}")
        fields = cls(data, where)
        if fmt is not None and data.get("format") != fmt:
            got = shown(data["format"]) if "format" in data else "nothing"
            raise fields.error("format", f"must be {shown(fmt)}, got {got}")
        return fields

    def error(self, name: str, message: str) -> RecordError:
        """The error ``WHERE: "NAME" MESSAGE`` (``"NAME"[K]`` for item ``K`` of a list)."""
        head, sep, index = name.partition("[")
        return RecordError(f'{self.where}: "{head}"{sep}{index} {message}')

    def get(self, name: str) -> Any:
        """The value of a field that must be present (``null`` counts as present)."""
        if name not in self.data:
            raise self.error(name, "is missing")
        return self.data[name]

    def _bad(self, name: str, want: str, value: Any) -> RecordError:
        return self.error(name, f"must be {want}, got {shown(value)}")

    # -- scalars ----------------------------------------------------------------------------------

    def version(self, outer: int | None = None) -> int:
        """The ``"version"``: one of :data:`VERSIONS`, and ``outer``'s (the enclosing record's) if given."""
        value = self.get("version")
        if outer is not None and value != outer:
            raise self._bad("version", f"{outer} (the enclosing record's)", value)
        if not _is_int(value) or value not in VERSIONS:
            allowed = " or ".join(str(v) for v in VERSIONS)
            raise self._bad("version", f"{allowed} (this program reads versions {allowed})", value)
        return int(value)

    def integer(self, name: str, low: int | None = None) -> int:
        """A JSON integer (not ``true``/``false``, not ``1.0``), at least ``low`` if given."""
        value = self.get(name)
        if not _is_int(value):
            raise self._bad(name, "an integer", value)
        if low is not None and value < low:
            raise self._bad(name, f"an integer of at least {low}", value)
        return int(value)

    def optional_integer(self, name: str) -> int | None:
        """A JSON integer, or ``None`` when ``null`` or absent."""
        return None if self.data.get(name) is None else self.integer(name)

    def choice(self, name: str, allowed: tuple[Any, ...]) -> Any:
        """One of ``allowed`` (JSON scalars; ``true`` is not ``1``)."""
        value = self.get(name)
        if not any(type(value) is type(a) and value == a for a in allowed):
            want = ", ".join(shown(a) for a in allowed[:-1]) + f" or {shown(allowed[-1])}"
            raise self._bad(name, want if len(allowed) > 1 else shown(allowed[0]), value)
        return value

    def boolean(self, name: str) -> bool:
        return bool(self.choice(name, (True, False)))

    def text(self, name: str) -> str:
        value = self.get(name)
        if not isinstance(value, str):
            raise self._bad(name, "a string", value)
        return value

    def card(self, name: str) -> Card | None:
        """A card such as ``"7h"``, or ``None`` when ``null`` or absent."""
        value = self.data.get(name)
        if value is None:
            return None
        if not isinstance(value, str):
            raise self._bad(name, 'a card such as "7h" or null', value)
        try:
            return parse_card(value)
        except GinRummyError as exc:
            raise self.error(name, f"is {exc}") from None

    # -- lists and objects ------------------------------------------------------------------------

    def array(self, name: str) -> list[Any]:
        value = self.get(name)
        if not isinstance(value, list):
            raise self._bad(name, "a list", value)
        return value

    def names(self, name: str) -> tuple[str, str]:
        """A list of two names (strings): of seat 0 and seat 1, or of the two teams."""
        value = self.get(name)
        if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, str) for v in value)):
            raise self._bad(name, "a list of two names (strings)", value)
        return value[0], value[1]

    def optional_names(self, name: str) -> tuple[str, str] | None:
        """:meth:`names`, or ``None`` when ``null`` or absent."""
        return None if self.data.get(name) is None else self.names(name)

    def members(self, name: str, size: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Two lists of ``size`` names each (a team match's teams), no name twice."""
        value = self.get(name)
        if not (
            isinstance(value, list)
            and len(value) == 2
            and all(
                isinstance(t, list) and len(t) == size and all(isinstance(n, str) for n in t) for t in value
            )
        ):
            raise self._bad(name, f"two lists of {size} names (strings; the rules' team_size)", value)
        flat = [n for team in value for n in team]
        if len(set(flat)) != len(flat):
            raise self._bad(name, 'names that differ (repeats are written apart, as in "simple A1")', value)
        return tuple(value[0]), tuple(value[1])

    def pair(self, name: str) -> tuple[int, int]:
        """A list of two integers (of player 0 and player 1)."""
        value = self.get(name)
        if not _is_pair(value):
            raise self._bad(name, "a list of two integers", value)
        return int(value[0]), int(value[1])

    def pairs(self, name: str) -> tuple[tuple[int, int], ...]:
        """A list of lists of two integers."""
        out = []
        for k, value in enumerate(self.array(name)):
            if not _is_pair(value):
                raise self._bad(f"{name}[{k}]", "a list of two integers", value)
            out.append((int(value[0]), int(value[1])))
        return tuple(out)

    def optional_pair(self, name: str) -> tuple[int, int] | None:
        """A list of two integers, or ``None`` when ``null`` (the field must be present)."""
        return None if self.get(name) is None else self.pair(name)

    def obj(self, name: str) -> Fields:
        """A nested JSON object, read with ``WHERE: "NAME"`` as its place."""
        value = self.get(name)
        if not isinstance(value, dict):
            raise self._bad(name, "an object", value)
        return Fields(value, f'{self.where}: "{name}"')

    def rules(self) -> Rules:
        """The ``"rules"``: an object of settings as :meth:`Rules.settings` writes them
        (settings left out take their defaults, so records written before a setting
        existed still read)."""
        value = self.get("rules")
        if not isinstance(value, dict):
            raise self._bad("rules", "an object of rules settings", value)
        try:
            return Rules.from_settings(value)
        except ValueError as exc:  # a RulesError naming the setting
            raise RecordError(f'{self.where}: "rules": {exc}') from None
