"""Processes that run different shards share one store, and each one's clock sweeps only the
games of its own guilds: a game is timed out or expired once, by one process."""

from collections.abc import Callable

from bot.app import DungeonBot
from bot.config import Settings
from cogs.context import Shards
from storage import GameStatus
from tests.clock import Clock
from tests.discord.conftest import SEED
from tests.harness import Channel, Guild, User, World

COUNT = 2


def guild_on_shard(world: World, name: str, shard: int, count: int = COUNT) -> Guild:
    """A new guild whose id Discord's rule puts on that shard (ids are time-based, so the next
    one is moved a second ahead, onto the shard wanted)."""
    start = world.new_id()
    world._last_id = start + ((1000 * count + (shard - (start >> 22)) % count) << 22)
    guild = world.add_guild(name)
    assert (guild.id >> 22) % count == shard
    return guild


def sharded_bot(settings: Settings, clock: Clock, shards: str | None) -> Callable[[], DungeonBot]:
    update = {"shards": shards, "shard_count": COUNT if shards is not None else None}
    own = settings.model_copy(update=update)
    return lambda: DungeonBot(own, clock=clock, seeds=lambda: SEED)


async def open_table(discord, host: User, channel: Channel):
    """A Dungeons & Deuces lobby: a game that waits for its players, then times their turns."""
    return (await discord.slash("deuces new", host, channel=channel, level=1)).message


def a_table_in(world: World, guild: Guild, name: str) -> tuple[User, Channel, Channel]:
    """A player of the guild, a channel for a game and one for a lobby."""
    player = world.add_user(name, guild=guild)
    return player, world.add_channel("games", guild), world.add_channel("lobbies", guild)


def test_a_guild_belongs_to_the_shard_discords_rule_names() -> None:
    guild_id = 81384788765712384  # Discord's own example: shard (id >> 22) % count
    assert (guild_id >> 22) % 4 == 2
    assert Shards.of([2, 3], 4).owns(guild_id) and not Shards.of([0, 1], 4).owns(guild_id)
    assert Shards.of([0], 2).owns(None) and not Shards.of([1], 2).owns(None)  # DMs: shard 0
    everything = Shards.of(None, None)
    assert everything.owns(guild_id) and everything.owns(None)


async def test_each_process_sweeps_only_its_own_shards_games(
    harness, world, settings, clock
) -> None:
    first, second = guild_on_shard(world, "first", 0), guild_on_shard(world, "second", 1)
    alice, alice_games, alice_lobbies = a_table_in(world, first, "alice")
    bob, bob_games, bob_lobbies = a_table_in(world, second, "bob")
    zero = await harness.start(sharded_bot(settings, clock, "0"))
    one = await harness.start(sharded_bot(settings, clock, "1"))
    assert (zero.bot.shard_ids, zero.bot.shard_count) == ([0], COUNT)
    assert zero.bot.get_guild(first.id) and not zero.bot.get_guild(second.id)

    alice_game = (await zero.slash("scoundrel new", alice, channel=alice_games)).message
    alice_lobby = await open_table(zero, alice, channel=alice_lobbies)
    bob_game = (await one.slash("scoundrel new", bob, channel=bob_games)).message
    bob_lobby = await open_table(one, bob, channel=bob_lobbies)
    store = zero.bot.store
    alice_id, alice_lobby_id, bob_id, bob_lobby_id = 1, 2, 3, 4
    assert (await store.get_game(bob_lobby_id)).guild_id == second.id

    clock.advance(minutes=61)
    await zero.bot.router.lifecycle.sweep()
    assert (await store.get_game(alice_id)).status == GameStatus.EXPIRED
    assert (await store.get_game(alice_lobby_id)).status == GameStatus.EXPIRED
    assert (await store.get_game(bob_id)).status == GameStatus.ACTIVE
    assert (await store.get_game(bob_lobby_id)).status == GameStatus.PENDING
    assert "Expired" in alice_game.text and "closed" in alice_lobby.content
    assert bob_game.edits == 0 and bob_lobby.buttons
    alice_edits = alice_game.edits

    await one.bot.router.lifecycle.sweep()
    assert (await store.get_game(bob_id)).status == GameStatus.EXPIRED
    assert (await store.get_game(bob_lobby_id)).status == GameStatus.EXPIRED
    assert "Expired" in bob_game.text and "closed" in bob_lobby.content
    assert alice_game.edits == alice_edits  # the other process's sweep left it alone


async def test_each_process_times_out_only_its_own_shards_turns(
    harness, world, settings, clock
) -> None:
    first, second = guild_on_shard(world, "first", 0), guild_on_shard(world, "second", 1)
    alice, _, alice_lobbies = a_table_in(world, first, "alice")
    bob, _, bob_lobbies = a_table_in(world, second, "bob")
    zero = await harness.start(sharded_bot(settings, clock, "0"))
    one = await harness.start(sharded_bot(settings, clock, "1"))
    for discord, host, channel in ((zero, alice, alice_lobbies), (one, bob, bob_lobbies)):
        lobby = await open_table(discord, host, channel=channel)
        await discord.click(lobby, lobby.button("Start")["custom_id"], host)

    clock.advance(minutes=3)
    assert await one.bot.router.lifecycle.time_out_turns() == 1
    assert [a.user_id for a in await one.bot.store.actions(1)] == []  # alice's table waits
    assert [a.user_id for a in await one.bot.store.actions(2)] == [0]
    assert await zero.bot.router.lifecycle.time_out_turns() == 1
    assert [a.user_id for a in await zero.bot.store.actions(1)] == [0]


async def test_a_process_without_shards_sweeps_every_guild(harness, world, settings, clock) -> None:
    guilds = [guild_on_shard(world, "first", 0), guild_on_shard(world, "second", 1)]
    tables = [a_table_in(world, guild, f"player{n}") for n, guild in enumerate(guilds)]
    async with harness.running(sharded_bot(settings, clock, None)) as discord:
        assert discord.bot.shard_ids is None
        for player, games, _ in tables:
            await discord.slash("scoundrel new", player, channel=games)
        clock.advance(minutes=61)
        assert await discord.bot.router.lifecycle.expire_idle() == 2
