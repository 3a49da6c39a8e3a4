"""At start-up, tables that show an older move than the store are brought up to date.

A click saved just before the process stopped (a crash, a kill) was never answered, so its
table still shows the game before it until the next move, its buttons refused as out of date.
Each game still running that moved in the minutes before the start has its message read back
once; one whose buttons carry an older version than the store's is drawn again as the game now
stands. (A game that ended with that click is redrawn by the next click on its message.)
"""

from __future__ import annotations

import logging

import discord

from cogs.components import walk
from cogs.context import Desk, match_of
from cogs.custom_ids import decode
from cogs.messages import table_message
from storage import GameRecord

log = logging.getLogger(__name__)

RECENT_SECONDS = 15 * 60
"""How far back before the start a game's last move is looked for: a stopped process's
unanswered clicks are its last seconds, and a restart follows within minutes."""
MOST_TABLES = 500
"""The most tables read back at one start (the latest moved first): a message read each."""


def shown_version(message: discord.Message, game_id: int) -> int | None:
    """The newest version the message's buttons were drawn at, or None when none is the
    game's (a message without buttons, or another's)."""
    versions = [
        custom.version
        for child in walk(message.components)
        if (custom := decode(getattr(child, "custom_id", None) or "")) is not None
        and custom.game_id == game_id
    ]
    return max(versions) if versions else None


async def refresh_stale_tables(desk: Desk) -> int:
    """Redraw the recently moved tables whose message is behind the store; how many."""
    since = desk.clock() - RECENT_SECONDS
    refreshed = 0
    for record in await desk.store.games_updated_since(since, MOST_TABLES):
        if record.message_id is None or not desk.owns(record.guild_id):
            continue
        try:
            refreshed += await _refresh(desk, record, record.message_id)
        except Exception:  # one table that cannot be drawn must not keep the rest stale
            log.exception("could not bring the table of game %s up to date", record.id)
    if refreshed:
        log.info("brought %s tables up to date after the start", refreshed)
    return refreshed


async def _refresh(desk: Desk, record: GameRecord, message_id: int) -> int:
    channel = desk.client.get_partial_messageable(record.channel_id)
    try:
        message = await channel.fetch_message(message_id)
    except discord.HTTPException as error:  # gone, or out of reach: nothing to bring up
        log.info("could not read the table of game %s: %s", record.id, error)
        return 0
    shown = shown_version(message, record.id)
    if shown is None or shown >= record.version:
        return 0
    fields = await table_message(record, match_of(record))
    await desk.edit_message(record.channel_id, message_id, **fields)
    return 1
