"""A game's messages as Discord shows them: the table everyone sees, and a hand only its owner
sees. Built from a game's view models, the same way for every game, within Discord's limits."""

from __future__ import annotations

import json
from typing import Any, TypedDict

import discord

from bot.games.definition import Match
from bot.games.views import Control, HandView, TableView
from cogs.components import GameSelect, build_view, button
from cogs.custom_ids import SELECT_KIND, TABLE_KIND, CustomId
from storage import GameRecord, GameStatus

DESCRIPTION_LIMIT = 4096
FIELD_LIMIT = 1024
COLOURS = {"active": 0x8B5CF6, "won": 0x22C55E, "lost": 0xEF4444, "closed": 0x6B7280}
NARRATION_LINES = 6
"""The voice's last lines, shown above the table."""
PICKER_LIMIT = 25
PICKS_AT_ONCE = 5

PLAY_AGAIN, SHARE, HAND, PICK, REMATCH = "again", "share", "hand", "pick", "rematch"
HAND_BUTTON = Control(label="🂠 My hand", action=HAND, style="primary")
HAND_FOOTER = "Press My hand to see your cards and play"


class MessageFields(TypedDict):
    embed: discord.Embed
    view: discord.ui.View


def table_message(record: GameRecord, match: Match, notice: str = "") -> MessageFields:
    """The game message for a record, whatever its status: the table, the voice's last lines,
    and the buttons that fit the status (plays, New game, Share, or none)."""
    names = [p.display_name for p in record.players]
    table = match.table(names)
    if match.info.private_hands and record.status == GameStatus.ACTIVE:
        table.footer = " · ".join(part for part in (table.footer, HAND_FOOTER) if part)
    embed = table_embed(table, json.loads(record.narration), record, _colour(record, match), notice)
    view = build_view(record.id, record.version, table_controls(record, match), TABLE_KIND)
    for control in table.controls if record.status == GameStatus.ACTIVE else []:
        view.add_item(button(record.id, record.version, control))
    return {"embed": embed, "view": view}


def table_embed(
    table: TableView, narration: list[str], record: GameRecord, colour: str, notice: str = ""
) -> discord.Embed:
    lines = [*narration, *([f"\n{notice}"] if notice else [])]
    embed = discord.Embed(
        title=table.title[:256],
        description="\n".join(lines)[-DESCRIPTION_LIMIT:] or None,
        colour=COLOURS[colour],
    )
    owner = record.players[0].display_name if record.players else "?"
    embed.set_author(name=f"{owner}'s dungeon"[:256])
    for field in table.fields[:25]:
        embed.add_field(name=field.name[:256], value=field.value[:FIELD_LIMIT], inline=field.inline)
    footer = f"Game #{record.id}" + (f" · {table.footer}" if table.footer else "")
    embed.set_footer(text=footer[:2048])
    return embed


def _colour(record: GameRecord, match: Match) -> str:
    if record.status == GameStatus.ACTIVE:
        return "active"
    results = match.results()
    if record.status == GameStatus.FINISHED and results and results[0].outcome in COLOURS:
        return results[0].outcome
    return "closed"


def table_controls(record: GameRecord, match: Match) -> list[Control]:
    """The table's own buttons, before the game's moves: My hand while a game with private
    hands runs, then New game or Share once it is over."""
    if record.status == GameStatus.ACTIVE:
        return [HAND_BUTTON] if match.info.private_hands else []
    if record.status == GameStatus.FINISHED and record.daily:
        return [Control(label="Share my result", action=SHARE, style="success")]
    if record.status == GameStatus.FINISHED:
        variant = again_variant(record, match)
        label = "New game" if variant == record.variant else f"New {variant} game"
        again = Control(label=label, action=PLAY_AGAIN, style="success")
        challenge = match.info.challenge
        if challenge is not None and record.variant == challenge.variant:
            return [Control(label="Rematch", action=REMATCH, style="primary"), again]
        return [again]
    return []


def again_variant(record: GameRecord, match: Match) -> str:
    """The same game again: a variant for two needs a challenge, so its button starts a solo."""
    info = match.info
    variant = info.variant(record.variant)
    if info.lobby is None and variant.seats.min > 1:
        return info.new_variants[0].key if info.new_variants else info.default_variant
    return variant.key


def hand_message(record: GameRecord, match: Match, seat: int, picked: list[str]) -> dict[str, Any]:
    """A seat's own cards and plays, in a message only that player sees."""
    hand = match.hand(seat, picked)
    if hand is None:
        return {"content": "This game has no hand to show.", "embed": None, "view": None}
    return {"embed": hand_embed(hand), "view": hand_view(record, hand)}


def hand_embed(hand: HandView) -> discord.Embed:
    embed = discord.Embed(
        title=hand.title[:256],
        description=hand.description[:DESCRIPTION_LIMIT],
        colour=COLOURS["active"],
    )
    for field in hand.fields[:25]:
        embed.add_field(name=field.name[:256], value=field.value[:FIELD_LIMIT], inline=field.inline)
    if hand.footer:
        embed.set_footer(text=hand.footer[:2048])
    return embed


def hand_view(record: GameRecord, hand: HandView) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    if hand.cards:
        custom = CustomId(kind=SELECT_KIND, game_id=record.id, version=record.version, action=PICK)
        options = [
            discord.SelectOption(label=card.label, value=card.value, default=card.picked)
            for card in hand.cards[:PICKER_LIMIT]
        ]
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom.encode(),
            placeholder="Pick cards for your play",
            min_values=0,
            max_values=min(PICKS_AT_ONCE, len(options)),
            options=options,
        )
        view.add_item(GameSelect(custom, select))
    for control in hand.controls:
        view.add_item(button(record.id, record.version, control))
    return view
