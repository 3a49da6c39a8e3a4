"""What a server's admins and each player may change: one typed field per setting, with its
name as people read it, its range, and its default (the environment's, bot/config.py).

Everything that shows, checks or keeps a setting reads it from here, so its range is said in
one place. A server keeps only what its admins changed: a default changed in the environment
still reaches every server that left it alone.
"""

from __future__ import annotations

import json
import logging
from enum import StrEnum
from functools import cache, lru_cache
from typing import Annotated, Any, cast

from annotated_types import Ge, Le
from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic.fields import FieldInfo

from bot.words import plural

log = logging.getLogger(__name__)


class TurnPings(StrEnum):
    """How a player hears that it is their turn."""

    MENTION = "mention"
    """Named in the channel's turn line, which notifies them."""
    QUIET = "quiet"
    """Named in the turn line without a notification: they see it when they look."""
    OFF = "off"
    """Not named at all."""
    PRIVATE = "private"
    """Not named in the channel: a direct message from the bot says it is their turn, with a
    link to the table (nothing else is said there: no card, no hand)."""


UNITS = {"turn_seconds": "second", "game_expiry_minutes": "minute"}
UNITS["challenge_expiry_minutes"] = "minute"
"""The unit each number is counted in, as its words say it."""


class TableSettings(BaseModel):
    """What a game is played with, fixed when it starts and kept on its row: a server's later
    change applies to new games, never to one under way."""

    model_config = ConfigDict(extra="ignore")

    turn_seconds: int = Field(
        default=120,
        ge=30,
        le=3600,
        title="Turn timer",
        description="How long a player may keep a timed table waiting before it moves for them",
    )
    game_expiry_minutes: int = Field(
        default=1440,
        ge=10,
        le=10080,
        title="Game expiry",
        description="A game with no move for this long ends",
    )
    challenge_expiry_minutes: int = Field(
        default=10,
        ge=1,
        le=1440,
        title="Challenge expiry",
        description="A challenge nobody answers for this long is withdrawn",
    )
    threads: bool = Field(
        default=True,
        title="Threads",
        description="A game started where one is being played opens in a thread (off: refused)",
    )
    hints: bool = Field(default=True, title="Hints", description="Solo tables offer a Hint button")
    pictures: bool = Field(default=True, title="Pictures", description="Tables carry a picture")
    turn_pings: bool = Field(
        default=True,
        title="Turn pings",
        description="Games of several players name whose turn it is (each player may opt out)",
    )


class ServerSettings(TableSettings):
    """A server's settings: those a game starts with, and which games may be started."""

    games_off: frozenset[str] = Field(
        default=frozenset(),
        title="Games turned off",
        description="Games nobody can start here",
    )

    def table(self) -> TableSettings:
        return TableSettings.model_construct(
            **{name: getattr(self, name) for name in TableSettings.model_fields}
        )

    def game_is_on(self, key: str) -> bool:
        return key not in self.games_off


class PlayerSettings(BaseModel):
    """A player's own choices, the same in every server."""

    model_config = ConfigDict(extra="ignore")

    turn_pings: TurnPings = Field(
        default=TurnPings.MENTION,
        title="Turn pings",
        description="Whether a turn line notifies you, names you quietly, leaves you out, or "
        "comes as a direct message only you see",
    )


def environment_defaults(**values: int) -> ServerSettings:
    """Every server's settings before its admins change any: the environment's numbers
    (TURN_SECONDS, GAME_EXPIRY_MINUTES, CHALLENGE_EXPIRY_MINUTES), kept as they are even past
    a range a server may set (the operator's own choice), and every switch on."""
    return ServerSettings.model_construct(**{**ServerSettings().model_dump(), **values})


def _field(model: type[BaseModel], name: str) -> FieldInfo:
    return model.model_fields[name]


def _bounds(info: FieldInfo) -> tuple[int | None, int | None]:
    low = next((cast(int, m.ge) for m in info.metadata if isinstance(m, Ge)), None)
    high = next((cast(int, m.le) for m in info.metadata if isinstance(m, Le)), None)
    return low, high


def bounds(name: str) -> tuple[int, int]:
    """A number setting's range, both ends included."""
    low, high = _bounds(_field(TableSettings, name))
    assert low is not None and high is not None, f"{name} is a number with a range"
    return low, high


def shortest(name: str, defaults: TableSettings) -> int:
    """The least a setting can be in any game: its range's floor, or the environment's value
    when that is below it. The clock reads no game idle for less."""
    low, _ = _bounds(_field(TableSettings, name))
    value = int(getattr(defaults, name))
    return min(value, low) if low is not None else value


class SettingRefused(ValueError):
    """A value a setting does not take, with why in words for the person who gave it."""


def title_of(model: type[BaseModel], name: str) -> str:
    return _field(model, name).title or name


def range_text(name: str) -> str:
    """ "from 30 to 3600 seconds": a number setting's range in words."""
    low, high = _bounds(_field(TableSettings, name))
    unit = UNITS.get(name, "")
    return f"from {low} to {plural(high or 0, unit)}" if unit else ""


@cache
def _adapter(model: type[BaseModel], name: str) -> TypeAdapter[Any]:
    info = _field(model, name)
    kind: Any = Annotated[info.annotation, *info.metadata] if info.metadata else info.annotation
    return TypeAdapter(kind)


def checked(model: type[BaseModel], name: str, value: object) -> Any:
    """The value a setting takes, checked against its type and range; SettingRefused (with
    the range) for one it does not take."""
    try:
        return _adapter(model, name).validate_python(value)
    except ValidationError:
        rule = range_text(name) if name in UNITS else "one of the choices offered"
        raise SettingRefused(f"{title_of(model, name)} must be {rule}.") from None


def changes_of(model: type[BaseModel], stored: str | None) -> dict[str, Any]:
    """What a stored set of changes holds that still reads: a field that no longer exists or
    no longer fits its range is dropped (its default applies), never an error."""
    return dict(_read_changes(model, stored)) if stored else {}


@lru_cache(maxsize=1024)
def _read_changes(model: type[BaseModel], stored: str) -> tuple[tuple[str, Any], ...]:
    """Read once per distinct text: a game's settings are read at every click, and the
    games of a server share one text."""
    try:
        raw = json.loads(stored)
    except ValueError:
        log.warning("stored settings do not read as JSON; the defaults apply: %.80r", stored)
        return ()
    if not isinstance(raw, dict):
        return ()
    kept: list[tuple[str, Any]] = []
    for name, value in raw.items():
        if name not in model.model_fields:
            continue
        try:
            kept.append((name, checked(model, name, value)))
        except SettingRefused:
            log.warning(
                "a stored setting %s=%.40r no longer fits; its default applies", name, value
            )
    return tuple(kept)


def server_settings(defaults: ServerSettings, stored: str | None) -> ServerSettings:
    """A server's settings: the environment's, with what its admins changed."""
    return defaults.model_copy(update=changes_of(ServerSettings, stored))


def player_settings(stored: str | None) -> PlayerSettings:
    return PlayerSettings().model_copy(update=changes_of(PlayerSettings, stored))


def table_settings(defaults: TableSettings, stored: str | None) -> TableSettings:
    """The settings a game started with; a game from before they were kept (None) plays with
    the environment's."""
    if stored is None:
        return defaults
    return defaults.model_copy(update=changes_of(TableSettings, stored))


def with_change(stored: str | None, name: str, value: object) -> str:
    """A server's stored changes with one more, checked (SettingRefused if it does not fit)."""
    changes = changes_of(ServerSettings, stored)
    changes[name] = checked(ServerSettings, name, value)
    return dumped(changes)


def without_change(stored: str | None, name: str) -> str:
    """A server's stored changes with one taken back to its default."""
    changes = changes_of(ServerSettings, stored)
    changes.pop(name, None)
    return dumped(changes)


def dumped(changes: dict[str, Any]) -> str:
    plain = {k: sorted(v) if isinstance(v, frozenset) else v for k, v in changes.items()}
    return json.dumps(plain, sort_keys=True, separators=(",", ":"))


class GameSettings(TableSettings):
    """What one game was started with: its server's table settings, and whether it counts on
    the boards. Not a server's to change: a friend's go at a deal someone already played (and
    perhaps solved) is a casual comparison, never a ranked result."""

    ranked: bool = True


def snapshot(settings: ServerSettings, ranked: bool = True) -> str:
    """The table settings a new game keeps on its row."""
    kept = GameSettings.model_construct(**dict(settings.table()), ranked=ranked)
    return kept.model_dump_json()


def is_ranked(stored: str | None) -> bool:
    """Whether a game's kept settings let it count on the boards (a game from before they
    were kept, or whose settings no longer read, does)."""
    return bool(changes_of(GameSettings, stored).get("ranked", True))


def shown(name: str, value: object) -> str:
    """A setting's value as people read it: "2 minutes", "on"."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int) and name in UNITS:
        return plural(value, UNITS[name])
    return str(value)
