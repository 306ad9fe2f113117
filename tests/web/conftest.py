"""Fixtures of the web tests: an in-process app with its test client."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")

from starlette.testclient import TestClient

from ginrummy.web.app import create_app


@pytest.fixture
def app_client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    """A test client over a fresh app with its own SQLite file. Its deals are repeatable: seeded
    by the test's id, so that a test plays the same deals on every run, in any order."""
    app = create_app(tmp_path / "games.sqlite3", test_seed=f"app:{request.node.nodeid}")
    with TestClient(app) as client:
        yield client


@pytest.fixture(autouse=True)
def deal_key(request: pytest.FixtureRequest) -> Iterator[str]:
    """The test's deal key, its node id (:data:`helpers.web.DEAL_KEY`): the live servers deal a
    test the same games on every run, whichever tests the same server (a module's, on one xdist
    worker) served before it."""
    from helpers.web import DEAL_KEY

    DEAL_KEY.append(request.node.nodeid)
    yield request.node.nodeid
    DEAL_KEY.pop()


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """``ginrummy serve`` in a subprocess over a fresh SQLite file, for the test module; its deals
    are seeded by the module's ``DEAL_SEED`` (a string)."""
    from helpers.web import LiveServer

    seed = getattr(request.module, "DEAL_SEED", "web")
    live = LiveServer(tmp_path_factory.mktemp("web") / "games.sqlite3", env={"GINRUMMY_TEST_DEAL_SEED": seed})
    yield live.start()
    live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium under Playwright, for the test module (skipped without them)."""
    from helpers.browser import CHROMIUM, FLAGS
    from helpers.web import KeyedBrowser

    if not Path(CHROMIUM).exists() and not shutil.which(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM}: `make browser-deps`")
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield KeyedBrowser(b)
        b.close()
