"""What the tests of the public boundary share (``tests/test_api_boundary.py``,
``tests/test_api_fuzz.py``): a time limit for one call, and the outcome of a call as a word.

A call at the boundary either returns or raises a :class:`~ginrummy.errors.GinRummyError`,
within a time limit: :func:`outcome` runs it under :func:`time_limit` and says which, or what
else happened (another exception, or the time ran out).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ginrummy.errors import GinRummyError

LIMIT_S = 5.0
"""Seconds one call at the boundary may take: every call that returns does so in well under a
second on a loaded machine; the hangs these tests guard against never return."""


class CallTimedOut(BaseException):
    """Raised in the main thread when a call runs past its limit (a ``BaseException``, so that
    no ``except Exception`` in the code under test swallows it)."""


@contextmanager
def time_limit(seconds: float = LIMIT_S) -> Iterator[None]:
    """Raise :class:`CallTimedOut` in the body if it runs longer than ``seconds`` (a real-time
    interval timer and ``SIGALRM``: the main thread only, as pytest and its xdist workers run
    tests; elsewhere the body runs without a limit)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: Any) -> None:
        raise CallTimedOut(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def outcome(call: Callable[[], object], seconds: float = LIMIT_S) -> tuple[str, BaseException | None]:
    """``("returned", None)``, ``("refused", error)`` for a :class:`GinRummyError`, ``("other",
    error)`` for any other exception, or ``("hung", None)`` past ``seconds``."""
    try:
        with time_limit(seconds):
            call()
    except CallTimedOut:
        return "hung", None
    except GinRummyError as exc:
        return "refused", exc
    except Exception as exc:
        return "other", exc
    return "returned", None


class IntLike:
    """An int-like object that is not an ``int``, as numpy integers are: only ``__index__``
    (and a ``repr``). The boundary takes it as the int and keeps a plain ``int``."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value

    def __repr__(self) -> str:
        return f"IntLike({self.value})"


def int_likes(value: int) -> list[Any]:
    """``value`` as every int-like kind at hand: :class:`IntLike`, and numpy's ``int64`` and
    ``uint8`` when numpy is installed (it comes with the ``research`` extra)."""
    out: list[Any] = [IntLike(value)]
    try:
        import numpy
    except ImportError:
        return out
    out.append(numpy.int64(value))
    if 0 <= value < 256:
        out.append(numpy.uint8(value))
    return out
