"""Settings in the store, on SQLite and on PostgreSQL: a server's and a player's kept whole, a
game's read with it (its players' own too), and each game idle past its own allowance."""

from storage import GameStatus, IdleLimit, PlayerSeat, open_store
from tests.clock import Clock
from tests.storage.test_store import ALICE, new_game

BOB = PlayerSeat(seat=1, user_id=43, display_name="bob")


async def test_server_and_player_settings_are_kept_and_replaced(url: str) -> None:
    store = await open_store(url)
    assert await store.guild_settings(2000) is None
    await store.set_guild_settings(2000, '{"hints":false}')
    await store.set_guild_settings(2000, '{"hints":true,"turn_seconds":300}')
    await store.set_guild_settings(2001, '{"pictures":false}')
    assert await store.guild_settings(2000) == '{"hints":true,"turn_seconds":300}'
    assert await store.guild_settings(2001) == '{"pictures":false}'
    assert await store.player_settings(ALICE.user_id) is None
    await store.set_player_settings(ALICE.user_id, '{"turn_pings":"off"}')
    assert await store.player_settings(ALICE.user_id) == '{"turn_pings":"off"}'
    await store.close()


async def test_a_game_carries_its_settings_and_its_players_own(url: str) -> None:
    store = await open_store(url)
    await store.set_player_settings(BOB.user_id, '{"turn_pings":"off"}')
    game = await new_game(store, players=[ALICE, BOB], settings='{"turn_seconds":45}')
    assert game.settings == '{"turn_seconds":45}'
    assert [p.settings for p in game.players] == [None, '{"turn_pings":"off"}']
    await store.set_player_settings(ALICE.user_id, '{"turn_pings":"direct"}')
    moved = await store.commit_action(
        game.id,
        0,
        user_id=ALICE.user_id,
        action='"x"',
        state="{}",
        narration="[]",
        status=GameStatus.ACTIVE,
    )
    loaded = await store.get_game(game.id)
    assert moved == loaded, "a commit returns the game as a load reads it"
    assert loaded is not None and loaded.settings == '{"turn_seconds":45}'
    assert [p.settings for p in loaded.players] == [
        '{"turn_pings":"direct"}',
        '{"turn_pings":"off"}',
    ]
    await store.close()


async def test_each_game_is_idle_past_its_own_allowance(url: str) -> None:
    clock = Clock()
    store = await open_store(url, clock)
    short = await new_game(store, channel_id=1, settings='{"turn_seconds":30}')
    long = await new_game(store, channel_id=2, settings='{"turn_seconds":600}')
    default = await new_game(store, channel_id=3)  # from before settings: the default's
    clock.now += 200
    limit = IdleLimit(now=clock.now, key="turn_seconds", default=120)
    found = await store.inactive_games(clock.now - 10, limit=limit)
    assert [g.id for g in found] == [short.id, default.id]
    by_minutes = IdleLimit(now=clock.now, key="turn_seconds", unit=60, default=600)
    assert [g.id for g in await store.inactive_games(clock.now - 10, limit=by_minutes)] == []
    clock.now += 500
    later = IdleLimit(now=clock.now, key="turn_seconds", default=120)
    found = await store.inactive_games(clock.now - 10, limit=later)
    assert [g.id for g in found] == [short.id, long.id, default.id]
    await store.close()
