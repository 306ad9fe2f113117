"""What the ``ginrummy`` command says when something is wrong: one line on standard error
(``ginrummy CMD: error: ...``), exit status 2 for usage errors and 1 for the rest; input quoted
short and readable; a store that is not one said in one line; ``--version``, bare ``ginrummy``
and ``match --help``."""

from __future__ import annotations

import importlib.metadata
import random
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from ginrummy.agents import AGENTS
from ginrummy.agents.peers import PEERS
from ginrummy.agents.sparring import SPARRING
from ginrummy.cards import CARDS, parse_card
from ginrummy.cli.main import main
from ginrummy.compiled import build
from ginrummy.errors import CardParseError, StoreError, quoted
from ginrummy.storage import Store

HAND = "2s 9s Ac 2c 9c Ad 2d 3d 9d Ah 2h"


def run(*args: str, input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def one_error_line(result: Result, command: str, exit_code: int) -> str:
    """The message of ``result``'s one error line (``ginrummy COMMAND: error: MESSAGE``), after
    checking the exit status and that nothing else was written."""
    assert result.exit_code == exit_code, result.output
    assert result.stdout == ""
    prefix = f"ginrummy{' ' + command if command else ''}: error: "
    assert result.stderr.startswith(prefix), result.stderr
    assert result.stderr.count("\n") == 1 and result.stderr.endswith("\n"), result.stderr
    return result.stderr[len(prefix) : -1]


@pytest.fixture
def not_sqlite(tmp_path: Path) -> Path:
    path = tmp_path / "notes.db"
    path.write_text("not a database, just some notes\n" * 100)
    return path


@pytest.mark.parametrize(
    "args", [["stats"], ["history"], ["history", "--token"], ["replay", "--stored", "abc"]]
)
def test_a_file_that_is_not_a_store_is_one_line(not_sqlite: Path, args: list[str]) -> None:
    result = run(*args, "--db", str(not_sqlite))
    message = one_error_line(result, args[0], 1)
    assert message == f"cannot open the store {not_sqlite}: file is not a database"


def test_play_on_a_file_that_is_not_a_store_warns_in_one_line_and_plays(not_sqlite: Path) -> None:
    before = not_sqlite.read_bytes()
    result = run("play", "--plain", "--seed", "1", "--db", str(not_sqlite), input="q\n")
    assert result.exit_code == 0, result.output
    assert result.stderr == (
        f"ginrummy play: warning: cannot open the store {not_sqlite}: file is not a database; "
        "the game is not stored.\n"
    )
    assert "Gin Rummy against the computer" in result.stdout
    assert not_sqlite.read_bytes() == before


def test_an_sqlite_file_of_another_program_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (id TEXT PRIMARY KEY, title TEXT)")
    db.commit()
    db.close()
    before = path.read_bytes()
    with pytest.raises(
        StoreError, match="is not a ginrummy store: its table 'games' lacks the columns owner, created, "
    ):
        Store(path)
    message = one_error_line(run("stats", "--db", str(path)), "stats", 1)
    assert message.startswith(f"{path} is not a ginrummy store")
    assert path.read_bytes() == before


def test_a_store_that_cannot_be_created_is_a_store_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(StoreError, match="cannot open the store"):
        Store(blocker / "games.sqlite3")  # its folder would be a file


@pytest.mark.parametrize(
    ("args", "command", "message"),
    [
        (["bogus"], "", "no such command 'bogus'"),
        (["--bogus"], "", "no such option '--bogus'"),
        (["analyze", "--bogus", HAND], "analyze", "no such option '--bogus'"),
        (["analyze", "Ah Ah"], "analyze", "invalid value for HAND: 'Ah Ah': card given twice: 'Ah'"),
        (["match", "simple"], "match", "missing argument 'AGENT'"),
        (["replay"], "replay", "give a record FILE or --stored ID (not both)"),
        (["layoff", "--hand", HAND], "layoff", "missing option '--melds'"),
        (
            ["play", "--name", "Computer"],
            "play",
            "invalid value for --name: choose a name other than '' or 'Computer'",
        ),
        (["history", "--limit", "0"], "history", "invalid value for '--limit': 0 is not in the range x>=1"),
    ],
)
def test_usage_errors_are_one_line_exit_2(args: list[str], command: str, message: str) -> None:
    assert one_error_line(run(*args), command, 2) == message


def test_a_bad_choice_lists_the_choices_in_one_line() -> None:
    message = one_error_line(run("play", "--rules", "nope"), "play", 2)
    assert message.startswith("invalid value for '--rules': 'nope' is not one of 'bicycle', 'classic'")
    assert message.endswith("'wikipedia'")


def test_errors_that_are_not_usage_errors_are_one_line_exit_1(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{}")
    message = one_error_line(run("replay", str(path)), "replay", 1)
    assert message.startswith(f"{path} is not a ginrummy record")


def test_help_is_still_full() -> None:
    result = run("analyze", "--help")
    assert result.exit_code == 0
    assert result.stdout.startswith("Usage: ginrummy analyze [OPTIONS] [HAND]...")
    assert "Options:" in result.stdout and "--json" in result.stdout


def _big_hand(n: int = 10_000) -> str:
    rng = random.Random(24)
    return " ".join(str(rng.choice(CARDS)) for _ in range(n))


def test_a_long_input_is_quoted_short() -> None:
    text = _big_hand()
    assert len(text) == 29_999
    message = one_error_line(run("analyze", text), "analyze", 2)
    assert len(message) < 200
    assert message.startswith(
        f"invalid value for HAND: {text[:60]!r}… (29999 characters): card given twice: "
    )
    # from standard input, the line is not quoted at all, the card only
    result = run("analyze", input=text + "\n")
    assert result.exit_code == 1
    assert result.stderr.startswith("ginrummy analyze: error: line 1: card given twice: '")
    assert len(result.stderr) < 100
    # a value click itself quotes, and one the rules quote
    for args in (["play", "--rules", text], ["play", f"--rules={text}"]):
        message = one_error_line(run(*args), "play", 2)
        assert "… (29999 characters) is not one of 'bicycle'" in message and len(message) < 500
    message = one_error_line(run("analyze", "--set", f"target={text}", HAND), "analyze", 2)
    assert message.endswith(f"target must be a whole number; got {quoted(text)}") and len(message) < 250


def test_a_long_token_is_quoted_short() -> None:
    with pytest.raises(CardParseError) as info:
        parse_card("Ah" * 5000)
    assert f"not a card: {'Ah' * 30!r}… (10000 characters)" in str(info.value)


def test_bytes_that_are_not_utf8_read_as_such() -> None:
    # an argument as the system passes it (surrogate escapes)
    message = one_error_line(run("analyze", "\udcff\udcfe Ah"), "analyze", 2)
    assert message == "invalid value for HAND: '\ufffd\ufffd Ah': not valid UTF-8 text"
    # standard input, whatever the locale's decoding
    result = run("analyze", input=b"\xff\xfe Ah\n" + HAND.encode() + b"\n")
    assert result.exit_code == 1
    assert result.stderr == "ginrummy analyze: error: line 1: not valid UTF-8 text\n"
    assert "Hand: 2s 9s Ac" in result.stdout  # the good line is still done
    result = run("layoff", "--melds", "7c 7s 7d", input=b"\xff Ah\n")
    assert result.stderr == "ginrummy layoff: error: line 1: not valid UTF-8 text\n"
    assert "\\udc" not in result.output


@pytest.mark.parametrize("given", ["", "\n  \n\n"])
def test_empty_standard_input_is_a_usage_error(given: str) -> None:
    message = one_error_line(run("analyze", input=given), "analyze", 2)
    assert message == "no hands given: give HAND arguments, or one hand per line on standard input"
    message = one_error_line(run("layoff", "--melds", "7c 7s 7d", input=given), "layoff", 2)
    assert message == "no hands given: give --hand, or one hand per line on standard input"


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag: str) -> None:
    result = run(flag)
    assert result.exit_code == 0
    assert result.stdout == f"ginrummy {importlib.metadata.version('ginrummy')} ({build()})\n"
    assert build() in ("compiled: mypyc", "pure Python")  # never a mixed installation


def test_bare_ginrummy_prints_the_help_and_exits_0() -> None:
    result = run()
    assert result.exit_code == 0
    assert result.stdout == run("--help").stdout
    assert "Commands:" in result.stdout and "analyze" in result.stdout


def test_match_help_lists_every_agent_it_accepts() -> None:
    help_text = run("match", "--help").stdout
    for name in [*AGENTS, *SPARRING, *PEERS]:
        assert name in help_text, name
    assert "cmd:COMMAND" in help_text
    for name in SPARRING:  # accepted, as the help says
        result = run("match", name, "nobody")
        assert "'nobody' is not one of" in result.stderr and f"'{name}'" in result.stderr
