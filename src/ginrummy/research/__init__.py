"""Interfaces for researchers and bot authors: one action and observation encoding
(:mod:`~ginrummy.research.encoding`), an OpenSpiel game (:mod:`~ginrummy.research.openspiel`),
PettingZoo and Gymnasium environments (:mod:`~ginrummy.research.pettingzoo_env`,
:mod:`~ginrummy.research.gymnasium_env`) and a text harness for language models
(:mod:`~ginrummy.research.text`). None of them is imported here: the environments need the
``research`` extra (numpy, pettingzoo, gymnasium) and the OpenSpiel game ``peers`` (open-spiel).
Where Gymnasium is installed, importing this package registers the id ``ginrummy/GinRummy-v0``
(``gymnasium.make`` imports the environment itself when asked for it)."""

from importlib.util import find_spec as _find_spec


def _register_gymnasium_id() -> None:
    import gymnasium

    if "ginrummy/GinRummy-v0" not in gymnasium.registry:
        gymnasium.register(
            id="ginrummy/GinRummy-v0", entry_point="ginrummy.research.gymnasium_env:GinRummyGymEnv"
        )


if _find_spec("gymnasium") is not None:
    _register_gymnasium_id()
