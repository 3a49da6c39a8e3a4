"""Answering an interaction, always and on time, whatever the store is doing.

Discord drops an interaction that is not acknowledged within 3 seconds, and the user sees "This
interaction failed" even if the move was saved. So every click is watched: if nothing has
answered it after `ACK_AFTER` seconds (a slow disk, a lock held elsewhere), it is acknowledged
with a deferred update, and whatever the handler says later goes out as an edit or a follow-up
instead. Every answer in the Discord layer goes through these helpers, which know which of the
two an interaction needs; an interaction's one initial response is claimed once, so the watch
and a handler can never both use it.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

ACK_AFTER = 2.0
"""Seconds a click may go unanswered before it is acknowledged early (Discord allows 3)."""
_CLAIMED = "answer:claimed"
_READY = "answer:ready"
_watching: set[asyncio.Task[None]] = set()


def _ready(interaction: discord.Interaction) -> asyncio.Event:
    """Set once the initial response has reached Discord, so follow-ups may be sent."""
    event = interaction.extras.get(_READY)
    if not isinstance(event, asyncio.Event):
        event = interaction.extras[_READY] = asyncio.Event()
    return event


def _claim(interaction: discord.Interaction) -> bool:
    """True for the one caller that may use the initial response."""
    if interaction.extras.get(_CLAIMED) or interaction.response.is_done():
        return False
    interaction.extras[_CLAIMED] = True
    return True


async def _after_response(interaction: discord.Interaction) -> None:
    """Wait until the initial response (ours or the watch's) is done, before a follow-up."""
    if not interaction.response.is_done():
        await _ready(interaction).wait()


def watch(interaction: discord.Interaction, after: float = ACK_AFTER) -> None:
    """Acknowledge a component interaction early if nothing answers it within `after`."""
    if interaction.type != discord.InteractionType.component:
        return
    task = asyncio.get_running_loop().create_task(_defer_when_silent(interaction, after))
    _watching.add(task)
    task.add_done_callback(_watching.discard)


async def _defer_when_silent(interaction: discord.Interaction, after: float) -> None:
    await asyncio.sleep(after)
    if not _claim(interaction):
        return
    try:
        await interaction.response.defer()
        log.info("interaction %s acknowledged early: its work is slow", interaction.id)
    except discord.HTTPException as error:
        log.info("could not acknowledge interaction %s early: %s", interaction.id, error)
    finally:
        _ready(interaction).set()


async def send(
    interaction: discord.Interaction, *, ephemeral: bool = False, **fields: Any
) -> int | None:
    """A new message answering the interaction; its id, where Discord says it."""
    if _claim(interaction):
        try:
            sent = await interaction.response.send_message(ephemeral=ephemeral, **fields)
        finally:
            _ready(interaction).set()
        return sent.message_id
    await _after_response(interaction)
    message = await interaction.followup.send(ephemeral=ephemeral, wait=True, **fields)
    return message.id


async def update(interaction: discord.Interaction, **fields: Any) -> None:
    """Edit the message whose component was used (or the deferred answer of a command)."""
    if _claim(interaction):
        try:
            await interaction.response.edit_message(**fields)
        finally:
            _ready(interaction).set()
        return
    await _after_response(interaction)
    await interaction.edit_original_response(**fields)


async def defer(interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
    """Say that an answer is coming (a thread is being opened, say); follow-ups carry it."""
    if _claim(interaction):
        try:
            if interaction.type == discord.InteractionType.component:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        finally:
            _ready(interaction).set()


async def follow(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """A further message after the first answer."""
    await _after_response(interaction)
    await interaction.followup.send(text, ephemeral=ephemeral)


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """Answer only the user who clicked, whether or not the interaction was answered already."""
    if _claim(interaction):
        try:
            await interaction.response.send_message(text, ephemeral=True)
        finally:
            _ready(interaction).set()
        return
    await follow(interaction, text)
