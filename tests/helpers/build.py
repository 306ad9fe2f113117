"""Which build the tests run on (``ginrummy.compiled``): the pure-Python source, or the optional
compiled build (``make compiled``, ``make test-compiled``), and the mark of the few tests that
only the pure build can run."""

from __future__ import annotations

import pytest

from ginrummy.compiled import build

COMPILED = build() == "compiled: mypyc"
"""Whether the modules of ``ginrummy.compiled.COMPILED`` are running compiled."""

pure_only = pytest.mark.skipif(
    COMPILED,
    reason=(
        "pure build only: the test replaces a module's function or sets an attribute an object does "
        "not declare, which compiled code does not see (mypyc binds calls within its modules when "
        "it builds them, and a compiled object has no __dict__)"
    ),
)
"""Skips a test on the compiled build, for the reason above; the pure build runs it."""
