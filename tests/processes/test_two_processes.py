"""Two real bot processes (`python -m bot`) on one PostgreSQL database, each running one of two
shards, one of them killed with SIGKILL in the middle of a game and started again.

Over the fake Discord served on a port (`tests/harness/served.py`), games are played in a guild
of each shard. After the kill, clicks in the dead process's guild go unanswered, as on Discord,
and change nothing; the other process plays on. Once restarted, the interrupted game goes on
from the move it was at. In the end each acknowledged click's move is in the action log once,
the stored game is its seed and those moves, the table shows that game, and each guild's
/leaderboard lists its own finished games and no one else's.
"""

from __future__ import annotations

import asyncio
import copy
import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.games.crawl.actions import parse_action
from bot.games.scoundrel.engine import ScoundrelState, new_game
from bot.games.scoundrel.view import scoundrel_table
from cogs.custom_ids import decode
from storage import GameStatus, Store, open_store
from tests.discord.conftest import SEED
from tests.discord.tables import facts_text, footnote
from tests.discord.test_scoundrel_discord import cautious, moves_left
from tests.discord.test_shards import guild_on_shard
from tests.harness import (
    Channel,
    Harness,
    InteractionResult,
    ProblemKind,
    SettleTimeout,
    StoredMessage,
    User,
)
from tests.harness.messages import MEDIA_GALLERY
from tests.harness.served import ServedDiscord
from tests.processes.bot_process import BotProcess, BotProcesses, bot_environment

SHARD_COUNT = 2
UPDATE_MESSAGE, CHANNEL_MESSAGE = 7, 4
CLICKS_BEFORE_THE_KILL = 4
OTHER_SEED = 7
"""Dave's deal: another game, another score than the others' (SEED), so a board that mixed
guilds up or lost a result would show it."""
BOARD_LINE = re.compile(r"\*\*(\w+)\*\*: (-?\d+) \((\d+) games?\)")
WHOLE_TEST = 120.0
"""No wait is longer than it needs; this only keeps a broken run from hanging."""


@dataclass
class Table:
    """One player's game, and every click its process acknowledged, in order."""

    player: User
    channel: Channel
    message: StoredMessage
    acknowledged: list[str] = field(default_factory=list)

    @property
    def game_id(self) -> int:
        first = decode(self.message.buttons[0]["custom_id"])
        assert first is not None
        return first.game_id


async def new_table(discord: ServedDiscord, player: User, channel: Channel) -> Table:
    started = await discord.slash("scoundrel new", player, channel=channel)
    assert started.response_type == CHANNEL_MESSAGE and started.message is not None
    return Table(player, channel, started.message)


async def click_once(discord: ServedDiscord, table: Table) -> InteractionResult:
    """Play the cautious move; the answer must be the table, edited in place."""
    custom_id = cautious(table.message)["custom_id"]
    result = await discord.click(table.message, custom_id, table.player)
    assert result.response_type == UPDATE_MESSAGE, result
    assert result.message is not None and result.message.id == table.message.id
    table.acknowledged.append(custom_id)
    table.message = result.message
    return result


async def play(discord: ServedDiscord, table: Table, clicks: int | None = None) -> None:
    """`clicks` moves, or every move to the end of the game."""
    while moves_left(table.message) and (clicks is None or clicks > 0):
        await click_once(discord, table)
        clicks = None if clicks is None else clicks - 1


async def replayed(store: Store, table: Table) -> ScoundrelState:
    """The game as its seed and its logged moves make it, checked against the stored game and
    against the clicks that were acknowledged: each one's move logged once, in order."""
    record = await store.get_game(table.game_id)
    assert record is not None
    actions = await store.actions(table.game_id)
    moves = [decode(custom_id) for custom_id in table.acknowledged]
    assert [a.action for a in actions] == [m.action_text for m in moves if m is not None]
    assert [m.version for m in moves if m is not None] == list(range(len(actions)))
    assert {a.user_id for a in actions} <= {table.player.id}
    assert record.version == len(actions)
    state, _ = new_game(record.seed)
    for logged in actions:
        state.apply(0, parse_action(logged.action))
    assert ScoundrelState.model_validate_json(record.state) == state
    return state


def assert_shows(message: StoredMessage, state: ScoundrelState) -> None:
    """The table message shows this state: its fields (those the picture shows, in its alt
    text) and, once over, its verdict."""
    table = scoundrel_table(state)
    shown = facts_text(message)
    alt = " ".join(
        item.get("description") or ""
        for part in message.walk_components()
        if part.get("type") == MEDIA_GALLERY
        for item in part.get("items", [])
    )
    for fact in table.fields:
        if fact.pictured:  # the picture shows it: the text leaves it to the picture's alt text
            assert f"{fact.name} {fact.value}" in alt, fact
            continue
        assert f"{fact.name} {fact.value}" in shown or f"**{fact.name}**" in shown, fact
        assert fact.value in shown, fact
    assert footnote(message).endswith(table.footer)


async def board_of(discord: ServedDiscord, member: User, channel: Channel) -> str:
    board = await discord.slash("leaderboard", member, channel=channel)
    assert board.message is not None and board.message.embed is not None
    return board.message.embed["description"]


def board_entries(board: str) -> dict[str, tuple[int, int]]:
    """Each player on a /leaderboard page: their score and how many games it counts."""
    return {name: (int(score), int(games)) for name, score, games in BOARD_LINE.findall(board)}


async def connected(served: ServedDiscord, process: BotProcess, shard: int) -> None:
    """Until the process identified on the gateway (it logged in and ran its setup before)."""
    try:
        await served.wait_for_shard(shard, alive=lambda: process.alive)
    except SettleTimeout as error:
        error.add_note(f"{process.name}'s log:\n{process.logs()}")
        raise


@pytest.fixture
async def served(harness: Harness, world) -> AsyncIterator[ServedDiscord]:
    """The fake Discord on a port; its problems fail the test like the in-process fake's."""
    discord = ServedDiscord(world, problems=harness.problems)
    harness.connections.append(discord)
    yield await discord.serve()


async def test_a_process_killed_mid_game_loses_nothing(
    served: ServedDiscord, world, postgres_url: str, tmp_path: Path
) -> None:
    north, south = guild_on_shard(world, "north", 0), guild_on_shard(world, "south", 1)
    alice = world.add_user("alice", guild=north)
    bob, dave = world.add_user("bob", guild=south), world.add_user("dave", guild=south)
    north_games = world.add_channel("games", north)
    south_games, south_more = world.add_channel("games", south), world.add_channel("more", south)
    environment = bot_environment(postgres_url, served.api_url, served.gateway_url)
    processes = BotProcesses(environment, tmp_path, SHARD_COUNT)
    store = await open_store(postgres_url)
    try:
        async with asyncio.timeout(WHOLE_TEST):
            zero = processes.start("shard0", "0", [SEED])
            one = processes.start("shard1", "1", [SEED, OTHER_SEED])
            await connected(served, zero, 0)
            await connected(served, one, 1)

            alices = await new_table(served, alice, north_games)
            bobs = await new_table(served, bob, south_games)
            await play(served, alices, CLICKS_BEFORE_THE_KILL)
            await play(served, bobs, CLICKS_BEFORE_THE_KILL)

            zero.kill()
            await served.wait_for_shard_gone(0)
            before = copy.deepcopy(alices.message.payload)
            logged = await store.actions(alices.game_id)
            with served.expect_errors(ProblemKind.UNACKNOWLEDGED) as unanswered:
                for _ in range(2):
                    lost = await served.click(
                        alices.message, cautious(alices.message)["custom_id"], alice
                    )
                    assert lost.response_type is None
            assert len(unanswered.unacknowledged) == 2
            assert alices.message.payload == before and alices.message.edits == len(logged)
            assert await store.actions(alices.game_id) == logged

            # The other process plays on: bob finishes his game, dave plays a whole one.
            await play(served, bobs)
            daves = await new_table(served, dave, south_more)
            await play(served, daves)

            zero.start()
            await connected(served, zero, 0)
            assert alices.message.payload == before  # nothing was sent while it was down
            assert_shows(alices.message, await replayed(store, alices))
            await click_once(served, alices)  # the game goes on from where it was
            assert_shows(alices.message, await replayed(store, alices))
            await play(served, alices)

            scores = {}
            for table in (alices, bobs, daves):
                state = await replayed(store, table)
                assert state.is_over and state.score is not None
                assert_shows(table.message, state)
                record = await store.get_game(table.game_id)
                assert record is not None and record.status == GameStatus.FINISHED
                scores[table.player.name] = state.score
            north_board = await board_of(served, alice, north_games)
            south_board = await board_of(served, bob, south_games)
            assert one.alive, "the other process ran all along"
    finally:
        processes.close()
        await store.close()
    assert board_entries(north_board) == {"alice": (scores["alice"], 1)}
    assert board_entries(south_board) == {"bob": (scores["bob"], 1), "dave": (scores["dave"], 1)}
    assert sorted((s.shard, s.count) for s in served.gateway.identified) == [(0, 2), (0, 2), (1, 2)]
    for process in processes.all:
        assert not process.errors(), f"{process.name} logged errors:\n" + process.logs()
