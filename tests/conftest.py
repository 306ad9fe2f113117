"""The tests' root conftest.

The code the tests share is the package ``tests/helpers/``, imported as ``helpers`` in every test
module (``from helpers import oracle``, ``from helpers.hands import play_out``): pytest puts
``tests/`` on ``sys.path`` through the ``pythonpath`` option in pyproject.toml, so no test edits
the path and no test module imports another (``tests/test_layout.py`` checks both). Fixtures that
test modules in several folders need go here; those of one folder in its own conftest
(``tests/web/conftest.py``).

The helpers' asserts are rewritten as the tests' own are, so that a failing check in a helper
(a score sheet that does not add up, a hand that does not end) shows the values it compared.

Every run draws the same examples: the hypothesis profile ``repeatable``, loaded here before any
test module, derives each property test's examples from the test itself (``derandomize``), keeps
no database of earlier failures, and has no deadline nor the health check that times how fast
examples are made (a loaded machine must not fail a test). A test's ``@settings`` overrides only
what it names (its ``max_examples``). To look for new failing examples instead, pass
``--hypothesis-profile=explore`` (fresh random examples each run, failures replayed from
``.hypothesis/``); a failure it finds is printed with the example and a ``@reproduce_failure``
line to pin it.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, settings

pytest.register_assert_rewrite("helpers")

settings.register_profile(
    "repeatable",
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile(
    "explore", deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.load_profile("repeatable")


@pytest.fixture(autouse=True, scope="session")
def _private_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Commands that store games by default (``ginrummy play``) write into a folder of the test
    session, never into the user's data folder."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
        yield
