"""Interfaces for researchers and bot authors: one action and observation encoding
(:mod:`~ginrummy.research.encoding`), an OpenSpiel game (:mod:`~ginrummy.research.openspiel`),
PettingZoo and Gymnasium environments (:mod:`~ginrummy.research.pettingzoo_env`,
:mod:`~ginrummy.research.gymnasium_env`) and a text harness for language models
(:mod:`~ginrummy.research.text`). Only the encoding and the text harness are imported here: the
others need the ``research`` extra (numpy, pettingzoo, gymnasium) or ``peers`` (open-spiel)."""
