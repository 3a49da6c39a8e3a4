"""Seats the bot plays: filled in a lobby, then moved as soon as the game waits on them.

A bot seat is a PlayerSeat with a negative user id (no Discord user has one), so it is stored,
locked and versioned like any player's, and each of its moves is one row of the action log under
that id. Bot seats never get results, ratings or pings: the boards rank people.
"""

from __future__ import annotations

import logging

from bot.games.bot_players import bot_name
from bot.games.contract import GameError
from bot.games.definition import Match
from cogs.commits import commit_move
from cogs.context import Desk, names_of
from storage import GameRecord, PlayerSeat

log = logging.getLogger(__name__)

MOVES_AT_ONCE = 400
"""More bot moves than any round of any game takes: a policy that never lets the table
reach a person stops here, and the table waits for the clock's timeout instead."""


def bot_seat(number: int, players: list[PlayerSeat]) -> PlayerSeat:
    """A new bot for seat `number`, named unlike the bots already seated."""
    taken = {p.display_name for p in players}
    names = (f"🤖 {bot_name(n)}" for n in range(len(players) + 1))
    name = next(name for name in names if name not in taken)
    used = {p.user_id for p in players}
    user_id = next(uid for uid in range(-1, -100, -1) if uid not in used)
    return PlayerSeat(seat=number, user_id=user_id, display_name=name)


def waiting_bots(record: GameRecord, match: Match) -> list[int]:
    """The bot seats the game waits on now."""
    if match.is_over:
        return []
    return [seat for seat in match.acting() if record.players[seat].is_bot]


async def play_bots(desk: Desk, record: GameRecord, match: Match) -> GameRecord:
    """Play every move the bot seats owe, each committed on its own, until the game waits on a
    person or is over. `match` is moved along with the record."""
    names = names_of(record)
    for _ in range(MOVES_AT_ONCE):
        bots = waiting_bots(record, match)
        if not bots:
            break
        seat = bots[0]
        before = match.before_move()
        try:
            text = match.bot_move(seat)
            if text is None:
                break
            events = match.play(seat, text)
        except GameError:  # a policy that went wrong: the rules' own move keeps the game going
            log.exception("the bot's move for seat %s of game %s failed", seat, record.id)
            text, events = match.time_out(seat)
        lines = match.narrate(events, before, names)
        user_id = record.players[seat].user_id
        record = await commit_move(desk, record, match, user_id=user_id, action=text, lines=lines)
    return record
