"""Seeds: the one way a seed is derived from another, so every game, match, pairing and
tournament pair is dealt from a seed that anyone can recompute.

>>> derive_seed(7, "game", 2) == derive_seed(7, "game", 2) != derive_seed(7, "game", 3)
True
>>> game_seed(7, 0), game_seed(7, 1) == derive_seed(7, "game", 1)
(7, True)
"""

from __future__ import annotations

import random

__all__ = ["derive_seed", "game_seed"]


def derive_seed(seed: int, *path: int | str) -> int:
    """A 63-bit seed derived from ``seed`` and a path such as ``("game", 2)``; the same on
    every run and platform (a string seed is hashed with SHA-512 by :mod:`random`)."""
    return random.Random("/".join(["ginrummy", str(seed), *map(str, path)])).getrandbits(63)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (from 0) of a match with ``seed``: the first game uses the
    match seed itself (so a one-game match deals like a lone game), later ones
    :func:`derive_seed` (``seed``, ``"game"``, ``index``)."""
    return seed if index == 0 else derive_seed(seed, "game", index)
