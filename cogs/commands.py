"""Each game's slash-command group, built from what the registry says of it.

`/<game> new` takes the game's settings and variant as options with ranges and choices; a game
that declares a challenge gets `/<game> challenge @player` (and "Challenge: <game>" in a
member's Apps menu), one with a daily deal gets
`/<game> daily`. Starting goes to a lobby or straight to the table as the game declares.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Coroutine
from typing import Any, Optional

import discord
from discord import app_commands

from bot.games.contract import Setup
from bot.games.definition import GameEntry
from cogs.answers import PRIVATE
from cogs.router import Router

Callback = Callable[..., Coroutine[Any, Any, None]]


def game_group(game: GameEntry, router: Router) -> app_commands.Group:
    info = game.info
    group = app_commands.Group(name=info.key, description=info.description, guild_only=True)
    group.add_command(new_command(game, router))
    if info.challenge is not None:
        group.add_command(challenge_command(game, router))
    if info.daily is not None:
        group.add_command(daily_command(game, router))
    if info.tutorial is not None:
        group.add_command(tutorial_command(game, router))
    return group


def new_command(game: GameEntry, router: Router) -> app_commands.Command[Any, ..., None]:
    info = game.info
    variants = info.new_variants
    offered = len(variants) > 1
    default = info.default_variant if info.default_variant in {v.key for v in variants} else ""
    default = default or (variants[0].key if variants else info.default_variant)

    async def new(interaction: discord.Interaction, **options: Any) -> None:
        chosen = options.get(info.variant_option) if offered else None
        variant = chosen.value if isinstance(chosen, app_commands.Choice) else default
        setup = Setup(
            variant=variant,
            seats=info.variant(variant).seats.min,
            settings={s.name: int(options.get(s.name, s.default)) for s in info.settings},
        )
        if info.lobby is not None:
            await router.lobbies.open(interaction, game, setup)
        else:
            await router.starter.start(interaction, game, setup)

    parameters = [
        inspect.Parameter(
            setting.name,
            inspect.Parameter.POSITIONAL_OR_KEYWORD,
            default=setting.default,
            annotation=int
            if setting.choices
            else app_commands.Range[int, setting.minimum, setting.maximum],
        )
        for setting in info.settings
    ]
    descriptions = {setting.name: setting.description for setting in info.settings}
    choices: dict[str, list[app_commands.Choice[Any]]] = {
        setting.name: [
            app_commands.Choice(name=name, value=value) for name, value in setting.choices
        ]
        for setting in info.settings
        if setting.choices
    }
    if offered:
        parameters.append(
            inspect.Parameter(
                info.variant_option,
                inspect.Parameter.POSITIONAL_OR_KEYWORD,
                default=None,
                annotation=Optional[app_commands.Choice[str]],  # noqa: UP045 (a runtime object)
            )
        )
        descriptions[info.variant_option] = info.variant_description
        choices[info.variant_option] = [
            app_commands.Choice(name=v.label, value=v.key) for v in variants
        ]
    return _command("new", info.new_description, new, parameters, descriptions, choices)


MENU_NAME_LIMIT = 32


def challenge_menu(game: GameEntry, router: Router) -> app_commands.ContextMenu:
    """ "Apps > Challenge: <game>" on a member: the same challenge as `/<game> challenge`."""
    title = f"Challenge: {game.info.title}"
    name = title if len(title) <= MENU_NAME_LIMIT else f"Challenge: {game.info.key}"

    async def challenge_them(interaction: discord.Interaction, opponent: discord.User) -> None:
        await router.challenges.issue(interaction, game, opponent)

    menu = app_commands.ContextMenu(name=name, callback=challenge_them)
    return app_commands.guild_only(menu)


def challenge_command(game: GameEntry, router: Router) -> app_commands.Command[Any, ..., None]:
    challenge = game.info.challenge
    assert challenge is not None

    async def challenge_someone(interaction: discord.Interaction, opponent: discord.User) -> None:
        await router.challenges.issue(interaction, game, opponent)

    return app_commands.Command(
        name=challenge.command,
        description=challenge.description,
        callback=app_commands.describe(opponent=challenge.opponent_description)(challenge_someone),
    )


def daily_command(game: GameEntry, router: Router) -> app_commands.Command[Any, ..., None]:
    daily = game.info.daily
    assert daily is not None

    async def today(interaction: discord.Interaction) -> None:
        await router.daily.start(interaction, game)

    return app_commands.Command(
        name="daily", description=daily.description, callback=today, extras={PRIVATE: True}
    )


def tutorial_command(game: GameEntry, router: Router) -> app_commands.Command[Any, ..., None]:
    tutorial = game.info.tutorial
    assert tutorial is not None

    async def guided(interaction: discord.Interaction) -> None:
        await router.starter.start(interaction, game, Setup(variant=tutorial.variant))

    return app_commands.Command(name="tutorial", description=tutorial.description, callback=guided)


def _command(
    name: str,
    description: str,
    callback: Callback,
    parameters: list[inspect.Parameter],
    descriptions: dict[str, str],
    choices: dict[str, list[app_commands.Choice[Any]]],
) -> app_commands.Command[Any, ..., None]:
    """A command whose options are data: discord.py reads options from the callback's
    signature, so the signature is made from the game's settings and variants."""
    interaction = inspect.Parameter(
        "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
    )
    callback.__signature__ = inspect.Signature([interaction, *parameters])  # type: ignore[attr-defined]
    if descriptions:
        callback = app_commands.describe(**descriptions)(callback)
    if choices:
        callback = app_commands.choices(**choices)(callback)
    return app_commands.Command(name=name, description=description, callback=callback)
