"""Every JSON body of the API takes its own fields and no other: an unknown field, or a field of
the wrong type, is a 4xx naming it (never a server error), and nothing changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

from ginrummy.cli.main import main as cli
from ginrummy.errors import StoreError
from ginrummy.web.app import create_app

H = "x-player-token"

FIELDS = {
    "games": ("preset", "target", "level", "mode", "name", "opponent"),
    "actions": ("action", "version", "seat"),
    "next": ("version",),
    "undo": ("version",),
    "join": ("invite", "name"),
    "takeover": ("version", "level"),
    "resign": ("version", "seat"),
    "abandon": ("version", "seat"),
}
"""Each POST route (by its last path part) and the fields it takes, in the order its message names them."""

WRONG: list[Any] = [None, True, 1.5, -1, 10**30, "", "x" * 3000, "\udcff\u00e9", [], [1], {}, {"a": 1}]


def _taken(route: str) -> str:
    return ", ".join(f'"{f}"' for f in FIELDS[route])


def _games(client: TestClient, headers: dict[str, str]) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = client.get("/api/games", headers=headers).json()["games"]
    return games


@pytest.fixture
def setup(app_client: TestClient) -> tuple[TestClient, dict[str, str], dict[str, str]]:
    """The client, this browser's headers, and the URL of each POST route: a game against the
    computer, and a game against a friend (for ``join`` and ``takeover``)."""
    r = app_client.post("/api/games", json={"preset": "default", "level": "simple", "mode": "practice"})
    assert r.status_code == 201
    gid, headers = r.json()["game"]["id"], {H: r.json()["token"]}
    r = app_client.post("/api/games", json={"opponent": "friend"}, headers=headers)
    fid = r.json()["game"]["id"]
    urls = {route: f"/api/games/{fid if route in ('join', 'takeover') else gid}/{route}" for route in FIELDS}
    urls["games"] = "/api/games"
    return app_client, headers, urls


def _state(client: TestClient, headers: dict[str, str]) -> list[Any]:
    """Everything the browser can see: its games and each game's table."""
    games = _games(client, headers)
    return [games, *(client.get(f"/api/games/{g['id']}", headers=headers).json() for g in games)]


def test_creating_a_game_with_unknown_fields_is_refused(
    setup: tuple[TestClient, dict[str, str], dict[str, str]],
) -> None:
    client, headers, _urls = setup
    before = _state(client, headers)
    r = client.post("/api/games", json={"preset": "default", "colour": "red"}, headers=headers)
    assert r.status_code == 400
    assert r.json() == {"error": f"unknown field 'colour'; this request takes {_taken('games')}"}
    r = client.post("/api/games", json={"colour": 1, "seed": 2, "levle": "expert"}, headers=headers)
    assert r.status_code == 400
    assert r.json()["error"].startswith("unknown fields 'colour', 'seed', 'levle'; this request takes")
    # without a token, no new browser either: nothing at all is created
    r = client.post("/api/games", json={"cheat": True})
    assert r.status_code == 400 and "token" not in r.json()
    assert _state(client, headers) == before


def test_unknown_field_names_are_quoted_short(
    setup: tuple[TestClient, dict[str, str], dict[str, str]],
) -> None:
    client, headers, _urls = setup
    body = {"x" * 300: 1, **{f"f{i}": i for i in range(8)}}
    r = client.post("/api/games", json=body, headers=headers)
    assert r.status_code == 400
    error = r.json()["error"]
    assert error.startswith(
        f"unknown fields {'x' * 60!r}… (300 characters), 'f0', 'f1', 'f2', 'f3' and 4 more;"
    )
    assert len(error) < 250


@pytest.mark.parametrize("route", list(FIELDS))
def test_every_route_refuses_unknown_fields_and_changes_nothing(
    setup: tuple[TestClient, dict[str, str], dict[str, str]], route: str
) -> None:
    client, headers, urls = setup
    before = _state(client, headers)
    r = client.post(urls[route], json={"bogus": 1}, headers=headers)
    assert r.status_code == 400, r.text
    assert r.json() == {"error": f"unknown field 'bogus'; this request takes {_taken(route)}"}
    assert _state(client, headers) == before


@pytest.mark.parametrize("route", list(FIELDS))
def test_every_field_of_the_wrong_type_is_a_4xx_and_changes_nothing(
    setup: tuple[TestClient, dict[str, str], dict[str, str]], route: str
) -> None:
    client, headers, urls = setup
    before = _state(client, headers)
    json_headers = {**headers, "content-type": "application/json"}
    for field in FIELDS[route]:
        for value in WRONG:
            if value is None and field in ("target", "seat"):
                continue  # null: the default
            body = {field: value} | (
                {} if field == "version" or route in ("games", "join") else {"version": 1}
            )
            if isinstance(value, str) and not value.isascii():  # lone surrogates: as JSON escapes
                r = client.post(urls[route], content=f'{{"{field}": "\\udcff\\u00e9"}}', headers=json_headers)
            else:
                r = client.post(urls[route], json=body, headers=headers)
            assert 400 <= r.status_code < 500, (route, field, repr(value)[:40], r.status_code, r.text)
            assert isinstance(r.json()["error"], str) and len(r.json()["error"]) < 400
    if route != "games":
        assert _state(client, headers) == before
    else:  # only refusals: no game more
        assert len(_games(client, headers)) == len(before[0])


def test_a_bad_store_given_to_serve_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("not a database\n")
    result = CliRunner().invoke(cli, ["serve", "--db", str(path)])
    assert result.exit_code == 1
    assert result.stderr == f"ginrummy serve: error: cannot open the store {path}: file is not a database\n"
    with pytest.raises(StoreError, match="file is not a database"):
        create_app(path)
