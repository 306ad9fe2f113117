"""Discard-pile pickup gin (002)."""
