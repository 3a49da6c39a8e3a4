"""Closed games written to a store as the bot writes them (each move committed with its log
line, results with the last), played by a seeded policy: for the history and replay tests,
which need many whole games of every kind without clicking through each."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from bot.games.contract import Setup
from bot.games.registry import GAMES
from cogs.lifecycle import LEAVE_ACTION, TIMEOUT_USER
from cogs.outcomes import result_rows
from storage import GameRecord, GameStatus, PlayerSeat, Store

MOVES_AT_MOST = 600


@dataclass(frozen=True)
class Kind:
    game: str
    variant: str
    seats: int

    def __str__(self) -> str:
        return f"{self.game}-{self.variant}"


def every_kind() -> list[Kind]:
    """Every game and every variant (each Deuces mode), at its fewest seats."""
    return [
        Kind(key, variant.key, variant.seats.min)
        for key, game in GAMES.items()
        for variant in game.info.variants
    ]


def lobby_picks(game: str, seats: int) -> list[dict[str, str]]:
    """Picks as a lobby makes them, each seat a choice other than its default one, so a
    replay that lost them would deal another party."""
    lobby = GAMES[game].info.lobby
    if lobby is None:
        return []
    return [
        {c.key: c.options[(seat + 1) % len(c.options)][0] for c in lobby.choices}
        for seat in range(seats)
    ]


async def record_game(
    store: Store,
    kind: Kind,
    user_ids: list[int],
    *,
    seed: int = 7,
    guild_id: int,
    channel_id: int,
    policy_seed: int = 1,
    leave_at: int | None = None,
    time_out_at: int | None = None,
    daily: str | None = None,
) -> GameRecord:
    """A whole game of `kind`, seat n played by `user_ids[n]`, stored move by move; finished,
    or abandoned after MOVES_AT_MOST moves with its forfeits recorded. At move `leave_at` the
    last seat leaves, and at `time_out_at` the clock answers for the seats awaited, logged as
    the bot logs them."""
    game = GAMES[kind.game]
    setup = Setup(variant=kind.variant, seats=kind.seats, picks=lobby_picks(kind.game, kind.seats))
    match, events = game.start(seed, setup)
    players = [
        PlayerSeat(seat=seat, user_id=user_ids[seat], display_name=f"player{seat}")
        for seat in range(kind.seats)
    ]
    names = [p.display_name for p in players]
    record = await store.create_game(
        game=kind.game,
        variant=kind.variant,
        guild_id=guild_id,
        channel_id=channel_id,
        owner_id=user_ids[0],
        players=players,
        seed=seed,
        state=match.dump(),
        narration=json.dumps(match.narrate(events, None, names)),
        daily=daily,
    )
    rng = random.Random(policy_seed)
    moves = 0
    while not match.is_over and moves < MOVES_AT_MOST:
        seat = match.acting()[0]
        if moves == leave_at:
            seat = kind.seats - 1
            match.leave(seat)
            user_id, text = record.players[seat].user_id, LEAVE_ACTION
        elif moves == time_out_at:
            played = [f"@{late}:{match.time_out(late)[0]}" for late in match.acting()]
            user_id, text = TIMEOUT_USER, " ".join(["timeout", *played])
        else:
            text = match.bot_move(seat) or rng.choice(match.legal(seat))
            match.play(seat, text)
            user_id = record.players[seat].user_id
        moves += 1
        over = match.is_over
        record = await store.commit_action(
            record.id,
            record.version,
            user_id=user_id,
            action=text,
            state=match.dump(),
            narration="[]",
            status=GameStatus.FINISHED if over else GameStatus.ACTIVE,
            results=result_rows(record, match) if over else [],
        )
    if not match.is_over:
        rows = result_rows(record, match, "abandoned", set(range(kind.seats)))
        record = await store.close_game(record.id, record.version, GameStatus.ABANDONED, rows)
    return record
