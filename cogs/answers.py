"""Answering an interaction, always and on time, whatever the store is doing.

Discord drops an interaction that is not acknowledged within 3 seconds, and the user sees "This
interaction failed" even if the move was saved. So every click is watched: if nothing has
answered it `ACK_AFTER` seconds after Discord created it (a slow disk, a lock held elsewhere, a
burst of clicks ahead of it), it is acknowledged with a deferred update, and whatever the handler
says later goes out as an edit or a follow-up instead. Every answer in the Discord layer goes
through these helpers, which know which of the two an interaction needs; an interaction's one
initial response is claimed once, so the watch and a handler can never both use it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Coroutine, Mapping
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from typing import Any

import discord

from cogs.clock_offset import ClockOffset
from cogs.replies import CONTENT_LIMIT, clipped
from cogs.turns import step_aside

log = logging.getLogger(__name__)

ACK_AFTER = 2.0
"""Seconds after Discord made it that an unanswered click is acknowledged early (Discord
allows 3). Counted from its creation, not its arrival: in a burst it may arrive late."""
LATE_AFTER = 1.0
"""Seconds since its creation after which a click is acknowledged before its work: in a burst
the clicks ahead of it may take the rest of its 3 s."""
UNKNOWN_INTERACTION = 10062
"""Discord's error code for an interaction it has forgotten (or never answered in time)."""
_CLAIMED = "answer:claimed"
_READY = "answer:ready"
_WATCH = "answer:watch"
_GONE = "answer:gone"
_THINKING = "answer:thinking"
"""A command deferred with a "thinking..." placeholder: whether that placeholder is private."""
PRIVATE = "private"
"""A command whose answers are only for the user (its `extras`): deferred privately."""
_watching: set[asyncio.Task[None]] = set()
_offset = ClockOffset()
"""How far this machine's clock runs ahead of Discord's: taken off every age measured."""
CLEARED = ("content", "embed")
CLICKS = (discord.InteractionType.component, discord.InteractionType.modal_submit)
"""Interactions made on a message (a button, a select, a box a button opened): answered by
editing that message, or deferred as an update of it."""
"""Fields an edit sets to None to take them off: a Components V2 message may have neither."""


class _Gone(Exception):
    """The interaction expired: there is nothing a follow-up could be sent to."""


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
    watch = interaction.extras.pop(_WATCH, None)
    if isinstance(watch, asyncio.Task) and watch is not asyncio.current_task():
        watch.cancel()  # answered in time: nothing left to watch
    return True


def _release(interaction: discord.Interaction) -> None:
    """The initial response failed to reach Discord: let the next answer try it again."""
    if not interaction.response.is_done():
        interaction.extras[_CLAIMED] = False


def _expired(error: Exception) -> bool:
    """Discord no longer knows the interaction: its 3 s passed unanswered."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_INTERACTION


def _gone(interaction: discord.Interaction) -> bool:
    """The interaction expired unanswered: neither an answer nor a follow-up can reach its
    user, and trying again would only spend requests (in a burst, of clicks still in time)."""
    return bool(interaction.extras.get(_GONE))


@asynccontextmanager
async def _answering(interaction: discord.Interaction) -> AsyncIterator[None]:
    """Around the initial response of a claimed interaction: if it fails, the next answer
    may try again, unless Discord has forgotten the interaction; either way, follow-ups
    waiting for it may go."""
    try:
        yield
    except discord.HTTPException as error:
        if not _expired(error):
            _release(interaction)
            raise
        interaction.extras[_GONE] = True  # the claim stays taken: nobody may use it now
        log.info("interaction %s expired before it was answered", interaction.id)
    except Exception:
        _release(interaction)
        raise
    finally:
        _ready(interaction).set()


async def _edit_in_place(interaction: discord.Interaction, fields: Mapping[str, Any]) -> None:
    """An expired click's edit, made to its public message through the channel instead, so
    the table still shows the move that was saved."""
    message = interaction.message
    if message is None or message.flags.ephemeral:
        return
    try:
        await message.edit(**fields)
    except discord.HTTPException as error:
        log.info("could not edit message %s in place: %s", message.id, error)


async def _after_response(interaction: discord.Interaction, ephemeral: bool) -> None:
    """Wait until the initial response (ours or the watch's) is done, before a follow-up.

    The first follow-up after a "thinking..." placeholder takes its place and its visibility;
    a placeholder of the other visibility is removed first, so a refusal stays private and a
    game's message stays public."""
    if not interaction.response.is_done():
        await _ready(interaction).wait()
    if _gone(interaction):
        raise _Gone
    thinking = interaction.extras.pop(_THINKING, None)
    if thinking is not None and thinking != ephemeral:
        try:
            await interaction.delete_original_response()
        except discord.HTTPException as error:
            log.info("could not remove the placeholder of %s: %s", interaction.id, error)


def watch(interaction: discord.Interaction) -> None:
    """Acknowledge a click or a command early if nothing answers it by ACK_AFTER seconds after
    Discord made it (called as each interaction arrives, before its handler).

    In a burst of clicks this holds because their work is rationed (cogs/turns.py): those
    waiting for a turn are not on the event loop, which keeps turning quickly enough to wake
    each watch on time. Commands are not rationed; they are few, and most answer at once."""
    watched = (*CLICKS, discord.InteractionType.application_command)
    if interaction.type not in watched:
        return
    if interaction.extras.get(_CLAIMED) or interaction.response.is_done():
        return  # its handler ran first and answered: nothing to watch
    age = _raw_age(interaction)
    _offset.arrived(age)
    # Never later than ACK_AFTER after its arrival: a clock behind Discord's would make it
    # seem younger than it is.
    after = min(ACK_AFTER, max(0.0, ACK_AFTER - (age - _offset.ahead())))
    interaction.extras[_WATCH] = _kept(_defer_when_silent(interaction, after))


def acknowledge_soon(interaction: discord.Interaction) -> None:
    """Acknowledge the interaction at once, unless something answers it first, without making
    its handler wait for the round trip: its answer will go out as an edit or a follow-up once
    the acknowledgement is through."""
    if not _claim(interaction):  # claimed now: whatever the handler says next waits for it
        return
    _kept(_defer_claimed(interaction))


def _kept(acknowledgement: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
    """Run an acknowledgement as a task held until it is done (the loop keeps only a weak
    reference to its tasks)."""
    task = asyncio.get_running_loop().create_task(acknowledgement)
    _watching.add(task)
    task.add_done_callback(_watching.discard)
    return task


def make_way(interaction: discord.Interaction) -> None:
    """Before a click's work: a click that has already waited LATE_AFTER seconds since Discord
    made it (its id says when) is acknowledged now, since its work could take it past the
    deadline."""
    if _age(interaction) > LATE_AFTER:
        acknowledge_soon(interaction)


def _age(interaction: discord.Interaction) -> float:
    """Seconds since Discord created the interaction, with this clock's lead on Discord's
    taken off."""
    return _raw_age(interaction) - _offset.ahead()


def _raw_age(interaction: discord.Interaction) -> float:
    return (datetime.now(UTC) - interaction.created_at).total_seconds()


async def _defer_when_silent(interaction: discord.Interaction, after: float) -> None:
    if after > 0:
        await asyncio.sleep(after)
    if _claim(interaction):
        await _defer_claimed(interaction)


async def _defer_claimed(interaction: discord.Interaction) -> None:
    try:
        if interaction.type in CLICKS:
            await interaction.response.defer()
        else:
            command = interaction.command
            private = bool(command is not None and command.extras.get(PRIVATE))
            await interaction.response.defer(ephemeral=private, thinking=True)
            interaction.extras[_THINKING] = private
        log.info("interaction %s acknowledged early: its work is slow", interaction.id)
    except discord.HTTPException as error:
        if _expired(error):
            interaction.extras[_GONE] = True
        else:
            _release(interaction)
        log.info("could not acknowledge interaction %s early: %s", interaction.id, error)
    finally:
        _ready(interaction).set()


def as_new_message(fields: Mapping[str, Any]) -> dict[str, Any]:
    """Fields for a new message: what an edit takes as `attachments` a new message sends as
    `files`, and what an edit clears (content, embed: None) a new message leaves out."""
    new = {key: value for key, value in fields.items() if key not in CLEARED or value is not None}
    files = new.pop("attachments", None)
    if files:
        new["files"] = files
    return new


async def send(
    interaction: discord.Interaction, *, ephemeral: bool = False, **fields: Any
) -> int | None:
    """A new message answering the interaction; its id, where Discord says it."""
    fields = as_new_message(fields)
    step_aside()
    if _claim(interaction):
        async with _answering(interaction):
            sent = await interaction.response.send_message(ephemeral=ephemeral, **fields)
            return sent.message_id
        return None
    try:
        await _after_response(interaction, ephemeral)
    except _Gone:
        return None
    message = await interaction.followup.send(ephemeral=ephemeral, wait=True, **fields)
    return message.id


async def update(interaction: discord.Interaction, **fields: Any) -> None:
    """Edit the message whose component was used (or the deferred answer of a command)."""
    step_aside()
    if _claim(interaction):
        async with _answering(interaction):
            await interaction.response.edit_message(**fields)
        if _gone(interaction):
            await _edit_in_place(interaction, fields)
        return
    if not interaction.response.is_done():
        await _ready(interaction).wait()
    if _gone(interaction):
        await _edit_in_place(interaction, fields)
        return
    interaction.extras.pop(_THINKING, None)  # an edit replaces the placeholder itself
    await interaction.edit_original_response(**fields)


async def ask(interaction: discord.Interaction, modal: discord.ui.Modal) -> bool:
    """Open a box for the user to type into; False if the interaction was answered already
    (a box can only be the first answer)."""
    step_aside()
    if not _claim(interaction):
        return False
    async with _answering(interaction):
        await interaction.response.send_modal(modal)
    return True


async def defer(interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
    """Say that an answer is coming (a thread is being opened, say); follow-ups carry it."""
    step_aside()
    if _claim(interaction):
        async with _answering(interaction):
            if interaction.type in CLICKS:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=ephemeral, thinking=True)
                interaction.extras[_THINKING] = ephemeral


async def follow(interaction: discord.Interaction, text: str, *, ephemeral: bool = True) -> None:
    """A further message after the first answer."""
    text = clipped(text, CONTENT_LIMIT)
    step_aside()
    try:
        await _after_response(interaction, ephemeral)
    except _Gone:
        return
    await interaction.followup.send(text, ephemeral=ephemeral)


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """Answer only the user who clicked, whether or not the interaction was answered already.
    A refusal may quote what the user gave: it is clipped to Discord's limit, never refused."""
    text = clipped(text, CONTENT_LIMIT)
    step_aside()
    if _claim(interaction):
        async with _answering(interaction):
            await interaction.response.send_message(text, ephemeral=True)
        return
    await follow(interaction, text)
