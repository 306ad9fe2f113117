"""The PettingZoo environment's observations, kept between steps (compiled in the compiled build).

:class:`Observer` holds one player's observation as the bytes of its ``float32`` vector (shape
``(OBS_SIZE,)``) and of its ``int8`` action mask (shape ``(NUM_ACTIONS,)``), with numpy arrays over
them; each observation rewrites only what changed since the last one. Split from
:mod:`ginrummy.research.pettingzoo_env`, whose environment subclasses PettingZoo's ``AECEnv`` (an
interpreted class, so that module stays interpreted): this one is listed in
:data:`ginrummy.compiled.COMPILED`. Needs numpy (the ``research`` extra).
"""

from __future__ import annotations

import struct
from typing import Any

import numpy as np

from ginrummy.research.encoding import NUM_ACTIONS, OBS_SIZE, PLANES, SCALAR_START, observation_parts
from ginrummy.variants.standard.view import PlayerView

__all__ = ["Observer"]

_PACK_SCALARS = struct.Struct(f"={OBS_SIZE - SCALAR_START}f").pack_into
"""Writes the scalars as native ``float32`` (as numpy's ``float32`` and a memoryview's ``f``)."""
_PLANE_START: tuple[int, ...] = tuple(52 * k - 1 for k in range(len(PLANES)))
"""Where each plane's card ``c`` lies in the vector, less ``c + 1`` (a bit's ``bit_length``)."""
_ZEROS = bytes(NUM_ACTIONS)


class Observer:
    """One player's observation kept between steps: the bytes of its ``float32`` vector and of its
    mask, with numpy arrays over them. Each observation rewrites only the card bits that changed
    since the last one (a step changes a few), the scalars and the mask ids that changed, then
    returns copies (exactly :func:`ginrummy.research.pettingzoo_env.observation`'s arrays, owned
    by the caller)."""

    __slots__ = ("buf", "floats", "legal", "mask", "mask_bytes", "planes", "vector")

    def __init__(self) -> None:
        self.buf = bytearray(4 * OBS_SIZE)
        self.floats: Any = memoryview(self.buf).cast("f")
        self.vector: Any = np.frombuffer(self.buf, np.float32)
        self.planes: list[int] = [0] * len(PLANES)
        self.mask_bytes = bytearray(NUM_ACTIONS)
        self.mask: Any = np.frombuffer(self.mask_bytes, np.int8)
        self.legal: list[int] = []

    def observe(self, view: PlayerView, legal: list[int], public: tuple[int, int, int]) -> dict[str, Any]:
        """The observation of ``view`` (``legal``: its legal ids, ascending; ``public``: the
        discards and the pile's cards, :func:`~ginrummy.research.encoding.public_cards_of` its
        history): ``{"observation": float32 array (OBS_SIZE,), "action_mask": int8 array
        (NUM_ACTIONS,)}``, new arrays."""
        planes, scalars = observation_parts(view, (public[0], public[1]), public[2])
        floats = self.floats
        old_planes = self.planes
        for k in range(len(planes)):
            new = planes[k]
            changed = new ^ old_planes[k]
            if changed:
                start = _PLANE_START[k]
                while changed:
                    low = changed & -changed
                    floats[start + low.bit_length()] = 1.0 if new & low else 0.0
                    changed ^= low
        self.planes = planes
        _PACK_SCALARS(self.buf, 4 * SCALAR_START, *scalars)
        mask = self.mask_bytes
        old_legal = self.legal
        if old_legal:  # ascending: one slice clears them
            first, last = old_legal[0], old_legal[-1] + 1
            mask[first:last] = _ZEROS[: last - first]
        for i in legal:
            mask[i] = 1
        self.legal = legal
        return {"observation": self.vector.copy(), "action_mask": self.mask.copy()}
