"""A DATABASE_URL's password is never printed, whatever characters it holds: it is masked by
its place in the URL (between the user name's `:` and the last `@`), not by what a URL parser
makes of it, and scrubbed from a driver's error that quotes pieces of it."""

from __future__ import annotations

from hypothesis import assume, given
from hypothesis import strategies as st

from bot.config import printable_url, scrubbed
from tests.test_terminal import run_cli

PASSWORD = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1
)


@given(password=PASSWORD)
def test_the_password_is_masked_whatever_it_holds(password: str) -> None:
    url = f"postgresql://bot:{password}@db.example:5432/games"
    assert printable_url(url) == "postgresql://bot:***@db.example:5432/games"


@given(password=PASSWORD)
def test_an_error_quoting_the_url_or_the_password_is_scrubbed(password: str) -> None:
    assume(len(password) > 1)
    url = f"postgresql://bot:{password}@db.example/games"
    said = scrubbed(f"cannot connect to {url}; bad password {password!s}", url)
    assert password not in said


def test_a_query_and_a_url_without_a_password_print_safely() -> None:
    assert printable_url("postgresql://db.example/games?password=x") == (
        "postgresql://db.example/games?***"
    )
    assert printable_url("sqlite:///data/bot.sqlite3") == "sqlite:///data/bot.sqlite3"
    assert printable_url("postgresql://bot@db.example/games") == "postgresql://bot@db.example/games"


def test_the_start_up_error_never_prints_a_password_with_url_characters() -> None:
    password = "s3cr/et#word?x@y:z"
    url = f"postgresql://bot:{password}@127.0.0.1:1/games"
    result = run_cli(stdin="", env={"DISCORD_TOKEN": "not-a-real-token", "DATABASE_URL": url})
    assert result.returncode == 2
    said = result.stderr + result.stdout
    assert "Cannot open the games database at DATABASE_URL=postgresql://bot:***@" in said
    for piece in ("s3cr", "et#word", "word", "?x@y", "y:z"):
        assert piece not in said, piece


def test_the_doctor_checks_the_store_and_never_prints_its_password(tmp_path) -> None:
    url = f"sqlite:///{tmp_path}/bot.sqlite3"
    checked = run_cli("doctor", stdin="", env={"DATABASE_URL": url})
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout == f"Checked 0 games in {url}: every one loads.\n"
    secret = "pa/ss#word"
    unreachable = f"postgresql://bot:{secret}@127.0.0.1:1/games"
    refused = run_cli("doctor", "--url", unreachable, stdin="")
    assert refused.returncode == 2
    assert "postgresql://bot:***@127.0.0.1:1/games" in refused.stderr
    assert "pa/ss" not in refused.stderr + refused.stdout and "word" not in refused.stderr
