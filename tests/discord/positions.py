"""Putting a game in a chosen position, as a move would have left it: committed on the game's
own version, so the bot reads it like any saved move."""

from __future__ import annotations

from pydantic import BaseModel

from storage import GameRecord, GameStatus


async def put_state(discord, record: GameRecord, state: BaseModel) -> None:
    """Save `state` as the game's position after one more (empty) move by its first player."""
    await discord.bot.store.commit_action(
        record.id,
        record.version,
        user_id=record.players[0].user_id,
        action="{}",
        state=state.model_dump_json(),
        narration=record.narration,
        status=GameStatus.ACTIVE,
    )
