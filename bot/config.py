"""Settings from the environment (and a .env file), so secrets never live in code or logs."""

from __future__ import annotations

from pydantic import AliasChoices, Field, SecretStr, ValidationError, field_validator
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

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"must be one of {', '.join(LOG_LEVELS)}")
        return level


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def load_settings() -> Settings | str:
    """The settings, or what is wrong with them in words for the person starting the bot.

    Only each setting's name and the rule it breaks are told, never the value given: a value
    in the wrong place could be the token."""
    try:
        return Settings()
    except ValidationError as error:
        problems = [
            f"  {'.'.join(str(part) for part in problem['loc']).upper()}: {problem['msg']}"
            for problem in error.errors()
        ]
        return "The bot's settings are not right (see .env.example):\n" + "\n".join(problems)


NO_TOKEN_HELP = """\
No DISCORD_TOKEN is set, so the bot cannot log in to Discord.

To run the bot in your server:
  1. Create an application at https://discord.com/developers/applications,
     open "Bot", press "Reset Token" and copy the token.
  2. Put it in the environment: export DISCORD_TOKEN=... (or copy .env.example to .env).
  3. Invite the bot (see README.md), register its commands once with
     `python -m bot sync --guild YOUR_SERVER_ID`, then start it with `python -m bot`.

To play right now without Discord, in this terminal:
  python -m bot play scoundrel
"""
