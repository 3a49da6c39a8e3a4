"""Settings from the environment (and a .env file), so secrets never live in code or logs."""

from __future__ import annotations

import os
import re
import sys

from pydantic import (
    AliasChoices,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite:///data/bot.sqlite3"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", env_ignore_empty=True, extra="ignore"
    )

    discord_token: SecretStr | None = None
    database_url: str = DEFAULT_DATABASE_URL
    dev_guild_id: int | None = None
    game_expiry_minutes: int = Field(default=24 * 60, ge=1)
    challenge_expiry_minutes: int = Field(default=10, ge=1)
    turn_seconds: int = Field(
        default=120, ge=10, validation_alias=AliasChoices("turn_seconds", "deuces_turn_seconds")
    )
    """In a game with a turn timer, a player who keeps the table waiting this long is answered
    for (DEUCES_TURN_SECONDS, its earlier name, still works)."""
    expiry_check_seconds: int = Field(default=60, ge=5)
    thinking_processes: int = Field(default=1, ge=0, le=8)
    """Worker processes for hints and solvers, so their searches never hold up a click; 0 runs
    them in a thread of the bot's own process."""
    log_level: str = "INFO"
    shards: str | None = None
    """The shards this process runs, "FIRST-LAST" or one number (with SHARD_COUNT); unset, it
    runs every shard."""
    shard_count: int | None = Field(default=None, ge=1)
    """How many shards the whole bot has, across every process; unset, Discord recommends it."""

    @field_validator("shards")
    @classmethod
    def _shard_range(cls, value: str | None) -> str | None:
        if value is not None:
            parse_shard_range(value)  # a ValueError says what is wrong
        return value

    @model_validator(mode="after")
    def _shards_within_count(self) -> Settings:
        if self.shards is not None:
            problem = shard_problem(parse_shard_range(self.shards), self.shard_count)
            if problem:
                raise ValueError(problem.replace("--shard-count", "SHARD_COUNT"))
        return self

    def shard_ids(self) -> list[int] | None:
        """The shards this process runs, or None for all of them."""
        return None if self.shards is None else parse_shard_range(self.shards)

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
MASK = "***"
URL_DELIMITERS = re.compile(r"[/#?@:]")


def _userinfo(url: str) -> tuple[str, str, str] | None:
    """A URL cut around its credentials by position alone, as (before, credentials, after):
    everything between `scheme://` and the last `@` is credentials, whatever characters a
    password holds (`/`, `#`, `?`, `@`, `:`), so no parser's reading of them can leak one."""
    scheme, separator, rest = url.partition("://")
    if not separator or "@" not in rest:
        return None
    credentials, _, after = rest.rpartition("@")
    return f"{scheme}://", credentials, f"@{after}"


def password_of(url: str) -> str | None:
    """The password a URL carries (everything after the user name's `:`), or None."""
    parts = _userinfo(url)
    if parts is None or ":" not in parts[1]:
        return None
    return parts[1].partition(":")[2] or None


def printable_url(url: str) -> str:
    """A database URL fit to print: its password masked by its place in the URL, and its
    query (where a password may also be given) left out."""
    parts = _userinfo(url)
    if parts is not None and ":" in parts[1]:
        before, credentials, after = parts
        url = f"{before}{credentials.partition(':')[0]}:{MASK}{after}"
    base, query, _ = url.partition("?")
    return f"{base}?{MASK}" if query else base


def scrubbed(text: str, url: str) -> str:
    """Text that may quote a URL or pieces of it (a driver's error), with the URL's password
    and every piece of it a parser could have split off masked."""
    secret = password_of(url)
    if secret is None:
        return text.replace(url, printable_url(url))
    text = text.replace(url, printable_url(url)).replace(secret, MASK)
    pieces = sorted({p for p in URL_DELIMITERS.split(secret) if len(p) > 1}, key=len, reverse=True)
    for piece in pieces:
        text = text.replace(piece, MASK)
    return text


def parse_shard_range(text: str) -> list[int]:
    """The shard ids of "FIRST-LAST" (both included) or of one number: "0-3" is 0, 1, 2, 3."""
    first, dash, last = text.strip().partition("-")
    try:
        low = int(first)
        high = int(last) if dash else low
    except ValueError:
        raise ValueError(
            "not a shard range: give FIRST-LAST (e.g. 0-3) or one shard (e.g. 2)"
        ) from None
    if low < 0 or high < low:
        raise ValueError("not a shard range: FIRST-LAST needs 0 <= FIRST <= LAST")
    return list(range(low, high + 1))


def shard_problem(shard_ids: list[int], shard_count: int | None) -> str | None:
    """What is wrong with running these shards out of that many, or None."""
    if shard_count is None:
        return "a shard range needs --shard-count, the number of shards across every process"
    if shard_ids[-1] >= shard_count:
        named = (
            f"shard {shard_ids[0]} is not"
            if len(shard_ids) == 1
            else f"shards {shard_ids[0]}-{shard_ids[-1]} are not all"
        )
        return (
            f"{named} below the shard count {shard_count}"
            f" (shards are numbered 0 to {shard_count - 1})"
        )
    return None


def load_settings() -> Settings | str:
    """The settings, or what is wrong with them in words for the person starting the bot.

    Only each setting's name and the rule it breaks are told, never the value given: a value
    in the wrong place could be the token."""
    try:
        return Settings()
    except ValidationError as error:
        problems = [
            # A check across settings has no place of its own: the only one is the shards'.
            f"  {'.'.join(str(part) for part in problem['loc']).upper() or 'SHARDS'}:"
            f" {problem['msg']}"
            for problem in error.errors()
        ]
        return "The bot's settings are not right (see .env.example):\n" + "\n".join(problems)


def store_url(given: str | None) -> str | None:
    """The store a command names (`--url`), else the environment's DATABASE_URL; None, with
    the reason printed, when the environment cannot be read."""
    if given is not None:
        return given
    settings = load_settings()
    if isinstance(settings, str):
        print(settings, file=sys.stderr)
        return None
    return settings.database_url


def cannot_open(url: str, error: Exception) -> str:
    """Why a store did not open, with its password taken out of every word said."""
    return f"Cannot open the store at {printable_url(url)}: {scrubbed(str(error), url)}"


def no_token_help(python: str) -> str:
    """What to do without a token, every command given with the interpreter that is running
    (`.venv/bin/python` as the README installs it: a bare `python` may lack the packages)."""
    return f"""\
No DISCORD_TOKEN is set, so the bot cannot log in to Discord.

To run the bot in your server:
  1. Create an application at https://discord.com/developers/applications,
     open "Bot", press "Reset Token" and copy the token.
  2. Put it in the environment: export DISCORD_TOKEN=... (or copy .env.example to .env).
  3. Invite the bot (see README.md), register its commands once with
     `{python} -m bot sync --guild YOUR_SERVER_ID`, then start it with `{python} -m bot`.

To play right now without Discord, in this terminal:
  {python} -m bot play scoundrel
"""


def interpreter() -> str:
    """The running Python as a person would type it here: relative when it is below the
    current folder (`.venv/bin/python`), else its full path."""
    here = os.getcwd()
    path = sys.executable
    return os.path.relpath(path, here) if path.startswith(here + os.sep) else path
