"""What the tests share, imported as ``helpers`` by every test module (pytest puts ``tests/`` on
the path: ``pythonpath`` in pyproject.toml):

- :mod:`helpers.oracle`: the brute-force oracle for melds and layoffs (independent of the engine);
- :mod:`helpers.strategies`: hypothesis strategies (hands, layoff cases, decks) and the random
  players the state-machine tests drive;
- :mod:`helpers.hands`: playing hands to the end, with a check that they end;
- :mod:`helpers.sheets`: checks of score sheets;
- :mod:`helpers.state`, :mod:`helpers.aces_high`, :mod:`helpers.pickup`: what the
  ``test_state*``, ``test_aces_high*`` and ``test_pickup*`` modules share;
- :mod:`helpers.terminal`: playing ``ginrummy play`` sessions with scripted input;
- :mod:`helpers.openspiel`, :mod:`helpers.openspiel_mirror`: OpenSpiel's gin rummy beside ours,
  for the differential tests (they need ``pyspiel``);
- :mod:`helpers.golden`: the golden cases (``python tests/helpers/golden.py`` rewrites them);
- :mod:`helpers.web`: the web tests' scripted player and live server;
- :mod:`helpers.bots`: small scripted bots for the bot protocol's tests.

Test modules never import one another (``tests/test_layout.py`` checks): anything two of them
need lives here, or in a ``conftest.py`` when it is a fixture.
"""
