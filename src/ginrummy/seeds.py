"""Seeds: the one way a seed is derived from another, so every game, match, pairing and
tournament pair is dealt from a seed that anyone can recompute; and the shuffle of a deck by a
seeded generator (:func:`shuffle`, ``random.Random.shuffle``'s order, compiled in the compiled build).

>>> derive_seed(7, "game", 2) == derive_seed(7, "game", 2) != derive_seed(7, "game", 3)
True
>>> game_seed(7, 0), game_seed(7, 1) == derive_seed(7, "game", 1)
(7, True)
"""

from __future__ import annotations

import random
from typing import TypeVar

__all__ = ["derive_seed", "game_seed", "shuffle"]

T = TypeVar("T")


def derive_seed(seed: int, *path: int | str) -> int:
    """A 63-bit seed derived from ``seed`` and a path such as ``("game", 2)``; the same on
    every run and platform (a string seed is hashed with SHA-512 by :mod:`random`)."""
    return random.Random("/".join(["ginrummy", str(seed), *map(str, path)])).getrandbits(63)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a match with ``seed``: the first game uses the
    match seed itself (so a one-game match deals like a lone game), later ones
    :func:`derive_seed` (``seed``, ``"game"``, ``index``)."""
    return seed if index == 0 else derive_seed(seed, "game", index)


def shuffle(items: list[T], rng: random.Random) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (the same order, the
    generator left in the same state): CPython's algorithm (Fisher-Yates from the end, each index
    drawn by ``getrandbits`` with rejection), written out so that the compiled build
    (:mod:`ginrummy.compiled`) runs it as C instead of ``random.py``'s Python. A subclass of
    ``random.Random`` (which may draw otherwise) gets its own ``shuffle``.

    >>> a, b = list(range(52)), list(range(52))
    >>> shuffle(a, random.Random(7)); random.Random(7).shuffle(b); a == b
    True
    """
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
