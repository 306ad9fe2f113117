"""Fixtures of the web tests: an in-process app with its test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra is not installed: pip install -e '.[web]'")

from starlette.testclient import TestClient

from ginrummy.web.app import create_app


@pytest.fixture
def app_client(tmp_path: Path) -> Iterator[TestClient]:
    """A test client over a fresh app with its own SQLite file."""
    app = create_app(tmp_path / "games.sqlite3")
    with TestClient(app) as client:
        yield client
