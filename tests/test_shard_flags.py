"""--shards and --shard-count (and SHARDS, SHARD_COUNT): a range of this process's shards out of
the whole bot's count; anything else is told in words, with exit code 2."""

import pytest

from bot.__main__ import parse_args
from bot.config import Settings, load_settings, parse_shard_range
from tests.test_terminal import run_cli


@pytest.mark.parametrize("before_run", [["run"], []])
def test_a_range_and_a_count(before_run: list[str]) -> None:
    args = parse_args([*before_run, "--shards", "0-3", "--shard-count", "8"])
    assert (args.shards, args.shard_count) == ([0, 1, 2, 3], 8)


def test_the_flags_go_before_run_too() -> None:
    args = parse_args(["--shards", "4-7", "--shard-count", "8", "run"])
    assert (args.command, args.shards, args.shard_count) == ("run", [4, 5, 6, 7], 8)


def test_one_shard_and_no_flags() -> None:
    assert parse_args(["--shards", "2", "--shard-count", "4"]).shards == [2]
    assert parse_args(["--shard-count", "4"]).shards is None  # every shard of the four
    plain = parse_args([])
    assert (plain.command, plain.shards, plain.shard_count) == (None, None, None)


@pytest.mark.parametrize(
    ("argv", "told"),
    [
        (["--shards", "x", "--shard-count", "8"], "not a shard range"),
        (["--shards", "3-1", "--shard-count", "8"], "0 <= FIRST <= LAST"),
        (["--shards", "-2", "--shard-count", "8"], "not a shard range"),
        (["--shards", "4-8", "--shard-count", "8"], "not all below the shard count 8"),
        (["run", "--shards", "8", "--shard-count", "8"], "shard 8 is not below the shard count 8"),
        (["--shards", "2"], "needs --shard-count"),
        (["--shard-count", "0"], "at least 1"),
        (["--shard-count", "two"], "invalid int value"),
        (["--shards", "0", "--shard-count", "2", "play", "scoundrel"], "for running the bot"),
    ],
)
def test_bad_flags_are_a_usage_error(argv: list[str], told: str, capsys) -> None:
    with pytest.raises(SystemExit) as exited:
        parse_args(argv)
    assert exited.value.code == 2
    assert told in capsys.readouterr().err


def test_settings_take_a_range_from_the_environment(monkeypatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.setenv("SHARDS", "2-3")
    monkeypatch.setenv("SHARD_COUNT", "4")
    settings = load_settings()
    assert isinstance(settings, Settings) and settings.shard_ids() == [2, 3]
    monkeypatch.setenv("SHARDS", "2-5")
    problem = load_settings()
    assert isinstance(problem, str) and "SHARDS:" in problem and "shard count 4" in problem
    monkeypatch.delenv("SHARD_COUNT")
    assert "needs SHARD_COUNT" in str(load_settings())
    monkeypatch.delenv("SHARDS")
    assert Settings(_env_file=None).shard_ids() is None  # SHARDS unset: every shard
    assert parse_shard_range(" 5 ") == [5]


def test_a_bad_range_exits_with_2_and_no_traceback() -> None:
    result = run_cli("--shards", "2-9", "--shard-count", "8", stdin="")
    assert result.returncode == 2
    assert "shards 2-9 are not all below the shard count 8" in result.stderr
    assert "Traceback" not in result.stderr
    env = {"DISCORD_TOKEN": "secret-token-value", "SHARDS": "one", "SHARD_COUNT": "2"}
    result = run_cli(stdin="", env=env)
    assert result.returncode == 2 and "SHARDS: Value error, not a shard range" in result.stderr
    assert "Traceback" not in result.stderr and "secret-token-value" not in result.stderr
