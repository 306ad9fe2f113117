"""Variants that change the phases and actions of a hand (the standard game is :mod:`ginrummy.hand`)."""
