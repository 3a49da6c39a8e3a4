"""/settings: a server's settings, changed by its admins (Manage Server), and each player's own
(`/settings me`). Every option is made from a field of bot/settings.py, with its range and its
words, so what Discord offers, what is checked and what is shown never drift apart.

A change applies to new games: a game keeps the settings it started with (see cogs/starting.py).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import Any, Optional

import discord
from discord import app_commands

from bot.games.registry import GAMES
from bot.settings import (
    UNITS,
    PlayerSettings,
    ServerSettings,
    SettingRefused,
    TableSettings,
    TurnPings,
    bounds,
    checked,
    dumped,
    player_settings,
    range_text,
    server_settings,
    shown,
    title_of,
    with_change,
    without_change,
)
from cogs import answers
from cogs.answers import PRIVATE, refuse
from cogs.context import Desk

DESCRIPTION_LIMIT = 100
OPTION_NAMES = {
    "turn_seconds": "turn_timer",
    "game_expiry_minutes": "game_expiry",
    "challenge_expiry_minutes": "challenge_expiry",
}
"""A setting's option as Discord shows it, where it is not the field's own name."""
SERVER_FIELDS = list(TableSettings.model_fields)
"""The server's settings that `/settings server` sets, one option each."""
PING_CHOICES = {
    TurnPings.MENTION: "Notify me",
    TurnPings.QUIET: "Name me without a notification",
    TurnPings.OFF: "Leave me out",
    TurnPings.PRIVATE: "Tell me privately (a direct message)",
}
NEW_GAMES_ONLY = "Games already being played keep the settings they started with."

SAY = {
    "not_admin": "Only members with Manage Server can change this server's settings."
    " `/settings show` shows them, and `/settings me` sets your own.",
    "guild_only": "Server settings are changed in the server itself.",
    "changed": "Changed: {changes}. This applies to new games; " + NEW_GAMES_ONLY.lower(),
    "reset": "{title} is back to its default ({value}). This applies to new games; "
    + NEW_GAMES_ONLY.lower(),
    "game_on": "{title} can be started here again.",
    "game_off": "{title} can no longer be started here; games of it already being played go on.",
    "mine": "Turn pings: {choice}. This applies at once, in every game and server.",
}


def option_name(field: str) -> str:
    return OPTION_NAMES.get(field, field)


def option_description(field: str) -> str:
    info = TableSettings.model_fields[field]
    text = info.description or title_of(TableSettings, field)
    if field in UNITS:
        text = f"{text} ({range_text(field).removeprefix('from ')})"
    return text[:DESCRIPTION_LIMIT]


def _moderates(user: discord.User | discord.Member) -> bool:
    return isinstance(user, discord.Member) and user.guild_permissions.manage_guild


def server_lines(settings: ServerSettings, defaults: ServerSettings) -> list[str]:
    """Each server setting with its value, and its default where it was changed; each number
    with its range."""
    lines: list[str] = []
    for field in SERVER_FIELDS:
        value = getattr(settings, field)
        line = f"**{title_of(TableSettings, field)}**: {shown(field, value)}"
        if value != getattr(defaults, field):
            line += f" (default {shown(field, getattr(defaults, field))})"
        if field in UNITS:
            line += f" · {range_text(field)}"
        lines.append(f"• {line} · `{option_name(field)}`")
    off = sorted(GAMES[key].info.title for key in settings.games_off if key in GAMES)
    lines.append(f"• **Games turned off**: {', '.join(off) if off else 'none'} · `/settings game`")
    return lines


def settings_text(settings: ServerSettings, defaults: ServerSettings, mine: PlayerSettings) -> str:
    return "\n".join(
        [
            "## This server's settings",
            *server_lines(settings, defaults),
            f"Members with Manage Server change them with `/settings server`. {NEW_GAMES_ONLY}",
            "## Your own",
            f"• **Turn pings**: {PING_CHOICES[mine.turn_pings]} · `/settings me`",
        ]
    )


class SettingsDesk:
    """The /settings commands' work, on the bot's store."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    async def show(self, interaction: discord.Interaction) -> None:
        store = self.desk.store
        settings = await self.desk.server_settings(interaction.guild_id)
        mine = player_settings(await store.player_settings(interaction.user.id))
        text = settings_text(settings, self.desk.defaults, mine)
        await answers.send(interaction, ephemeral=True, content=text)

    async def _admin_guild(self, interaction: discord.Interaction) -> int | None:
        """The server whose settings the user may change; None (and they are told) if not."""
        if interaction.guild_id is None:
            await refuse(interaction, SAY["guild_only"])
            return None
        if not _moderates(interaction.user):
            await refuse(interaction, SAY["not_admin"])
            return None
        return interaction.guild_id

    async def change(self, interaction: discord.Interaction, values: dict[str, Any]) -> None:
        """Set every setting given, all or none: one out of range refuses them all."""
        guild_id = await self._admin_guild(interaction)
        if guild_id is None:
            return
        if not values:
            await self.show(interaction)
            return
        store = self.desk.store
        stored = await store.guild_settings(guild_id) or "{}"
        try:
            for field, value in values.items():
                stored = with_change(stored, field, value)
        except SettingRefused as refused:
            await refuse(interaction, f"{refused} Nothing was changed.")
            return
        await store.set_guild_settings(guild_id, stored)
        now = server_settings(self.desk.defaults, stored)
        changes = ", ".join(
            f"{title_of(TableSettings, field).lower()} {shown(field, getattr(now, field))}"
            for field in values
        )
        await answers.send(
            interaction, ephemeral=True, content=SAY["changed"].format(changes=changes)
        )

    async def reset(self, interaction: discord.Interaction, field: str) -> None:
        guild_id = await self._admin_guild(interaction)
        if guild_id is None:
            return
        if field not in TableSettings.model_fields:
            await refuse(
                interaction, f"There is no setting {field!r}: `/settings show` lists them."
            )
            return
        store = self.desk.store
        await store.set_guild_settings(
            guild_id, without_change(await store.guild_settings(guild_id), field)
        )
        value = shown(field, getattr(self.desk.defaults, field))
        text = SAY["reset"].format(title=title_of(TableSettings, field), value=value)
        await answers.send(interaction, ephemeral=True, content=text)

    async def switch_game(self, interaction: discord.Interaction, key: str, on: bool) -> None:
        guild_id = await self._admin_guild(interaction)
        if guild_id is None:
            return
        game = GAMES.get(key)
        if game is None:
            await refuse(interaction, f"There is no game {key!r}: `/help` lists them.")
            return
        store = self.desk.store
        stored = await store.guild_settings(guild_id)
        off = set(server_settings(self.desk.defaults, stored).games_off)
        off = off - {key} if on else off | {key}
        await store.set_guild_settings(guild_id, with_change(stored, "games_off", frozenset(off)))
        said = SAY["game_on" if on else "game_off"].format(title=game.info.title)
        await answers.send(interaction, ephemeral=True, content=said)

    async def mine(self, interaction: discord.Interaction, pings: str | None) -> None:
        store = self.desk.store
        stored = await store.player_settings(interaction.user.id)
        if pings is None:
            mine = player_settings(stored)
            text = f"Turn pings: {PING_CHOICES[mine.turn_pings]}. Change them with `pings`."
            await answers.send(interaction, ephemeral=True, content=text)
            return
        try:
            choice = checked(PlayerSettings, "turn_pings", pings)
        except SettingRefused as refused:
            await refuse(interaction, f"{refused} Nothing was changed.")
            return
        changes = {**player_settings(stored).model_dump(), "turn_pings": choice}
        await store.set_player_settings(interaction.user.id, dumped(changes))
        text = SAY["mine"].format(choice=PING_CHOICES[choice])
        await answers.send(interaction, ephemeral=True, content=text)


Callback = Callable[..., Coroutine[Any, Any, None]]


def _with_signature(callback: Callback, parameters: list[inspect.Parameter]) -> Callback:
    """discord.py reads a command's options from its callback's signature: this one is made
    from the settings' fields."""
    interaction = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    callback.__signature__ = inspect.Signature([interaction, *parameters])  # type: ignore[attr-defined]
    return callback


def _option_type(field: str) -> Any:
    """A field's option type: a number with its range (Discord's picker keeps to it), or a
    switch."""
    info = TableSettings.model_fields[field]
    if info.annotation is bool:
        return Optional[bool]  # noqa: UP045 (a runtime object)
    low, high = bounds(field)
    return Optional[app_commands.Range[int, low, high]]  # noqa: UP045


def server_command(work: SettingsDesk) -> app_commands.Command[Any, ..., None]:
    fields = {option_name(field): field for field in SERVER_FIELDS}

    async def server(interaction: discord.Interaction, **options: Any) -> None:
        given = {fields[name]: value for name, value in options.items() if value is not None}
        await work.change(interaction, given)

    parameters = [
        inspect.Parameter(
            name,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=None,
            annotation=_option_type(field),
        )
        for name, field in fields.items()
    ]
    callback = app_commands.describe(
        **{name: option_description(field) for name, field in fields.items()}
    )(_with_signature(server, parameters))
    return app_commands.Command(
        name="server",
        description="Change this server's settings for new games (Manage Server)",
        callback=callback,
        extras={PRIVATE: True},
    )


def settings_group(desk: Desk) -> app_commands.Group:
    work = SettingsDesk(desk)
    group = app_commands.Group(
        name="settings", description="This server's settings, and your own", guild_only=True
    )

    @group.command(
        name="show", description="This server's settings and your own", extras={PRIVATE: True}
    )
    async def show(interaction: discord.Interaction) -> None:
        await work.show(interaction)

    group.add_command(server_command(work))

    @group.command(
        name="game",
        description="Turn a game on or off in this server (Manage Server)",
        extras={PRIVATE: True},
    )
    @app_commands.describe(game="Which game", on="Whether it can be started here")
    @app_commands.choices(
        game=[app_commands.Choice(name=g.info.title, value=key) for key, g in GAMES.items()]
    )
    async def switch(interaction: discord.Interaction, game: str, on: bool) -> None:
        await work.switch_game(interaction, game, on)

    @group.command(
        name="reset",
        description="Put a setting back to its default (Manage Server)",
        extras={PRIVATE: True},
    )
    @app_commands.describe(setting="Which setting")
    @app_commands.choices(
        setting=[
            app_commands.Choice(name=title_of(TableSettings, field), value=field)
            for field in SERVER_FIELDS
        ]
    )
    async def reset(interaction: discord.Interaction, setting: str) -> None:
        await work.reset(interaction, setting)

    @group.command(name="me", description="Your own settings: turn pings", extras={PRIVATE: True})
    @app_commands.describe(pings="How a turn line tells you it is your turn")
    @app_commands.choices(
        pings=[
            app_commands.Choice(name=name, value=value.value)
            for value, name in PING_CHOICES.items()
        ]
    )
    async def me(interaction: discord.Interaction, pings: str | None = None) -> None:
        await work.mine(interaction, pings)

    return group
