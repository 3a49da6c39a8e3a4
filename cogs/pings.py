"""Telling players it is their turn: a mention that notifies them, one standing per game.

Editing the game's message notifies nobody, so when a game starts waiting on players it was not
waiting on, a short line mentions them, and only them (the allowed mentions name those users,
never roles or everyone). The game's previous line is removed as the next goes out, and when the
game ends, so a long duel leaves one line in the channel, not one per move. Solo games never
ping: their player is the one who just clicked.
"""

from __future__ import annotations

import logging

import discord

from bot.games.definition import Match
from bot.settings import TurnPings, player_settings
from cogs.context import Desk
from storage import GameRecord, GameStatus

log = logging.getLogger(__name__)


async def announce_turn(
    desk: Desk,
    record: GameRecord,
    match: Match,
    waiting_before: set[int],
    clicked_by: int | None = None,
) -> None:
    """After a move (or a start, with nobody waited on before): mention the players the game
    now waits on that it did not before, except the one who clicked, who is looking already."""
    if len(record.players) < 2:
        return
    waiting = set(match.acting()) if record.status == GameStatus.ACTIVE else set()
    users = _users_at(record, waiting - waiting_before) - {clicked_by}
    if waiting and not users and waiting <= waiting_before:
        return  # the same players are still to decide: their line stands
    await withdraw(desk, record.id)
    if users:
        await _post(desk, record, users, "🔔", f"your turn in {match.info.title}")


def _users_at(record: GameRecord, seats: set[int]) -> set[int]:
    return {p.user_id for p in record.players if p.seat in seats and not p.is_bot}


def _heard(desk: Desk, record: GameRecord, users: set[int]) -> tuple[set[int], set[int]]:
    """Of the users a line is for, those it names and those of them it notifies: none where
    the game's server sends no turn pings, and each player as their own settings say (read
    with the game, so a ping costs no query of its own)."""
    if not desk.settings_of(record).turn_pings:
        return set(), set()
    choices = _choices(record)
    unnamed = (TurnPings.OFF, TurnPings.PRIVATE)
    named = {user for user in users if choices.get(user) not in unnamed}
    return named, {user for user in named if choices.get(user) == TurnPings.MENTION}


def _choices(record: GameRecord) -> dict[int, TurnPings]:
    """How each player of the game chose to hear of their turn (read with the game)."""
    return {p.user_id: player_settings(p.settings).turn_pings for p in record.players}


async def _post(desk: Desk, record: GameRecord, users: set[int], mark: str, words: str) -> None:
    """Send a game's line to `users` with a link to the table, notifying those who want it
    and nobody else; it becomes the game's standing line. Those who asked to be told privately
    are sent it as a direct message instead."""
    where = f" {_link(record)}" if record.message_id is not None else ""
    await _whisper(desk, record, users, f"{mark} {words[0].upper()}{words[1:]}{where}")
    users, notified = _heard(desk, record, users)
    if not users:
        return
    mentions = " ".join(f"<@{user_id}>" for user_id in sorted(users))
    text = f"{mark} {mentions}: {words}{where}"
    channel = desk.client.get_partial_messageable(record.channel_id)
    allowed = discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(u) for u in sorted(notified)],
    )
    try:
        sent = await channel.send(text, allowed_mentions=allowed)
    except discord.HTTPException as error:
        log.info("could not ping the players of game %s: %s", record.id, error)
        return
    desk.turn_pings[record.id] = (record.channel_id, sent.id)


async def _whisper(desk: Desk, record: GameRecord, users: set[int], text: str) -> None:
    """The line, sent privately to each of `users` who chose so (their own choice, whatever
    the server's pings): a player whose direct messages are closed is only logged."""
    choices = _choices(record)
    for user_id in sorted(u for u in users if choices.get(u) == TurnPings.PRIVATE):
        try:
            channel = await desk.client.create_dm(discord.Object(user_id))
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("could not tell %s privately of game %s: %s", user_id, record.id, error)


async def warn_turn(desk: Desk, record: GameRecord, match: Match, seconds_left: float) -> None:
    """The players a timed table waits on, told before the table moves for them: their line
    replaces the game's standing one."""
    users = _users_at(record, set(match.acting()))
    if not users:
        return
    await withdraw(desk, record.id)
    left = max(5, round(seconds_left / 5) * 5)
    words = (
        f"still your turn in {match.info.title}."
        f" If you have not moved in about {left} s, the table moves for you."
    )
    await _post(desk, record, users, "⏳", words)


async def withdraw(desk: Desk, game_id: int) -> None:
    """Remove a game's standing turn line, if this process sent one."""
    desk.turn_warnings.pop(game_id, None)
    posted = desk.turn_pings.pop(game_id, None)
    if posted is None:
        return
    channel_id, message_id = posted
    message = desk.client.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        await message.delete()
    except discord.HTTPException as error:  # deleted by someone already: nothing to do
        log.info("could not remove the turn line of game %s: %s", game_id, error)


def _link(record: GameRecord) -> str:
    guild = record.guild_id if record.guild_id is not None else "@me"
    return f"https://discord.com/channels/{guild}/{record.channel_id}/{record.message_id}"
