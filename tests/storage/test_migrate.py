"""`migrate-store` copies a whole store into an empty one: every row of every table, checked,
and a copy the bot goes on playing from."""

import asyncio
import random
from pathlib import Path

import pytest

from bot.__main__ import main
from storage import (
    BoardQuery,
    GameStatus,
    PlayerSeat,
    Rating,
    RatingChange,
    ResultRow,
    open_store,
)
from storage.migrate import COLUMNS, ORDER, MigrationRefused, migrate_store
from storage.postgres_schema import TABLES
from tests.clock import Clock
from tests.storage.stores import query

GUILD = 2000
DAY = 24 * 3600


def plus_one(pool: str, user_ids: list[int]):
    def rate(before: list[Rating | None]) -> list[Rating]:
        return [
            Rating(
                game=pool,
                user_id=user,
                display_name=f"p{user}",
                mu=(old.mu if old else 25.0) + 0.5,
                sigma=8.25,
                ordinal=(old.mu if old else 25.0) - 24.5,
                games=(old.games if old else 0) + 1,
            )
            for user, old in zip(user_ids, before, strict=True)
        ]

    return RatingChange(pool=pool, user_ids=user_ids, rate=rate)


async def fill(url: str) -> None:
    """A store with some of everything: games in every status, action logs, results with and
    without hints, verdicts, ratings, daily attempts, boards over several periods."""
    clock = Clock(1_795_000_000.0)
    store = await open_store(url, clock)
    rng = random.Random(3)
    for n in range(40):
        clock.now += rng.choice([600, 5 * 3600, 3 * DAY])
        user = rng.randrange(1, 6)
        seats = [PlayerSeat(seat=0, user_id=user, display_name=f"p{user}")]
        daily = f"2026-11-{n % 28 + 1:02d}" if n % 5 == 0 else None
        game = await store.create_game(
            game=rng.choice(["scoundrel", "dragons"]),
            variant=rng.choice(["classic", "hard", None]),
            guild_id=rng.choice([GUILD, 999, None]),
            channel_id=100 + n,
            owner_id=user,
            players=seats,
            seed=rng.randrange(2**31),
            state=f'{{"n":{n}}}',
            narration='["dealt"]',
            daily=f"{daily}-{user}" if daily else None,
            settings='{"turn_seconds":90}' if n % 2 else None,
        )
        for version in range(rng.randrange(0, 4)):
            await store.commit_action(
                game.id,
                version,
                user_id=user,
                action=f'"move {version}"',
                state=f'{{"n":{n},"v":{version}}}',
                narration='["moved"]',
                status=GameStatus.ACTIVE,
            )
        if n % 7 == 3:
            continue  # still being played
        record = await store.get_game(game.id)
        outcome = rng.choice(["won", "lost", "lost"])
        result = ResultRow(
            user_id=user,
            display_name=f"p{user}",
            outcome=outcome,
            score=rng.randrange(-50, 30),
            turns=rng.randrange(1, 40),
            hints=rng.choice([0, 0, 1]),
        )
        await store.close_game(record.id, record.version, GameStatus.FINISHED, results=[result])
        if outcome == "lost" and n % 2:
            await store.record_verdict(game.id, winnable=n % 3 == 0)
    for n, rival in enumerate([2, 3, 2]):
        duel = await store.create_game(
            game="dragons",
            variant="duel",
            guild_id=GUILD,
            channel_id=500 + n,
            owner_id=1,
            players=[
                PlayerSeat(seat=0, user_id=1, display_name="p1"),
                PlayerSeat(seat=1, user_id=rival, display_name=f"p{rival}"),
            ],
            seed=n,
            state="{}",
            narration="[]",
            status=GameStatus.PENDING,
        )
        accepted = await store.accept_challenge(duel.id, 0, channel_id=600 + n)
        await store.commit_action(
            duel.id,
            accepted.version,
            user_id=1,
            action='"attack"',
            state="{}",
            narration="[]",
            status=GameStatus.FINISHED,
            ratings=plus_one("dragons-duel", [1, rival]),
        )
    await store.count_hint(1)
    await store.set_message(2, 101, 123456789012345678)
    await store.set_guild_settings(GUILD, '{"turn_seconds":300,"hints":false}')
    await store.set_player_settings(2, '{"turn_pings":"off"}')
    await store.close()


async def dump(url: str) -> dict[str, list[tuple]]:
    return {
        table: await query(
            url, f"SELECT {', '.join(COLUMNS[table])} FROM {table} ORDER BY {ORDER[table]}"
        )
        for table in TABLES
    }


async def what_players_see(url: str) -> list:
    store = await open_store(url)
    seen = []
    for period in ("all", "month:2026-11", "week:2026-11-23"):
        for game, variant in [("scoundrel", "classic"), ("dragons", None), ("scoundrel", None)]:
            query = BoardQuery(guild_id=GUILD, game=game, variant=variant, period=period)
            seen.append(await store.leaderboard(query, caller_id=3))
    seen.append(await store.rating_board(GUILD, "dragons-duel", caller_id=2))
    seen += [await store.player_stats(GUILD, user) for user in range(1, 6)]
    seen += [await store.get_game(game_id) for game_id in range(1, 50)]
    seen += [await store.actions(game_id) for game_id in range(1, 50)]
    seen += [await store.results(game_id) for game_id in range(1, 50)]
    await store.close()
    return seen


async def test_a_sqlite_store_is_copied_whole_into_postgresql(
    sqlite_url: str, postgres_url: str
) -> None:
    await fill(sqlite_url)
    told: list[str] = []
    copied = await migrate_store(sqlite_url, postgres_url, say=told.append)
    source = await dump(sqlite_url)
    assert all(source[table] for table in TABLES), "the source has rows in every table"
    assert copied == {table: len(rows) for table, rows in source.items()}
    assert await dump(postgres_url) == source
    assert told[-1] == "Every table's row count and total match the source's."
    assert await what_players_see(postgres_url) == await what_players_see(sqlite_url)

    store = await open_store(postgres_url)  # the bot goes on from where the copy left it
    try:
        last = max(row[0] for row in source["games"])
        playing = next(g for g in await store.inactive_games(2e9) if g.guild_id == GUILD)
        moved = await store.commit_action(
            playing.id,
            playing.version,
            user_id=playing.owner_id,
            action='"on"',
            state="{}",
            narration="[]",
            status=GameStatus.FINISHED,
            results=[ResultRow(user_id=9, display_name="p9", outcome="won", score=99, turns=1)],
        )
        assert moved.version == playing.version + 1
        fresh = await store.create_game(
            game="scoundrel",
            variant="classic",
            guild_id=GUILD,
            channel_id=9999,
            owner_id=9,
            players=[PlayerSeat(seat=0, user_id=9, display_name="p9")],
            seed=1,
            state="{}",
            narration="[]",
        )
        assert fresh.id == last + 1, "new games number on after the copied ones"
        [board] = await query(postgres_url, "SELECT MAX(id) FROM results")
        assert board[0] == max(row[0] for row in source["results"]) + 1
    finally:
        await store.close()


async def test_a_target_with_any_row_is_refused_and_left_as_it_was(
    sqlite_url: str, postgres_url: str
) -> None:
    await fill(sqlite_url)
    store = await open_store(postgres_url)
    await store.create_game(
        game="scoundrel",
        variant=None,
        guild_id=None,
        channel_id=1,
        owner_id=1,
        players=[],
        seed=1,
        state="{}",
        narration="[]",
    )
    await store.close()
    before = await dump(postgres_url)
    with pytest.raises(MigrationRefused, match=r"not empty: games \(1 rows\)"):
        await migrate_store(sqlite_url, postgres_url)
    assert await dump(postgres_url) == before
    with pytest.raises(MigrationRefused, match="same database"):
        await migrate_store(sqlite_url, sqlite_url)
    with pytest.raises(MigrationRefused, match="no SQLite file at"):
        await migrate_store(sqlite_url.replace("bot.sqlite3", "typo.sqlite3"), postgres_url)


async def test_a_postgresql_store_is_copied_back_into_sqlite(
    sqlite_url: str, postgres_url: str, tmp_path: Path
) -> None:
    await fill(postgres_url)
    back = f"sqlite:///{tmp_path}/back/bot.sqlite3"
    await migrate_store(postgres_url, back, say=lambda _: None)
    assert await dump(back) == await dump(postgres_url)
    assert await what_players_see(back) == await what_players_see(postgres_url)


async def test_the_copy_knows_every_column_of_both_schemas(
    sqlite_url: str, postgres_url: str
) -> None:
    store = await open_store(sqlite_url)
    await store.close()
    for table in TABLES:
        in_sqlite = await query(sqlite_url, f"SELECT name FROM pragma_table_info('{table}')")
        in_postgres = await query(
            postgres_url,
            "SELECT column_name FROM information_schema.columns"
            f" WHERE table_name = '{table}' ORDER BY ordinal_position",
        )
        assert {row[0] for row in in_sqlite} == set(COLUMNS[table]), table
        assert {row[0] for row in in_postgres} == set(COLUMNS[table]), table


def test_the_command_copies_and_then_refuses_to_copy_twice(
    sqlite_url: str, postgres_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    asyncio.run(fill(sqlite_url))
    assert main(["migrate-store", "--from", sqlite_url, "--to", postgres_url]) == 0
    out = capsys.readouterr().out
    assert "games" in out and "match the source's" in out
    assert main(["migrate-store", "--from", sqlite_url, "--to", postgres_url]) == 1
    assert "Nothing was copied: the target store is not empty" in capsys.readouterr().err


async def test_the_same_play_leaves_the_same_rows_in_either_store(
    sqlite_url: str, postgres_url: str
) -> None:
    """Both stores keep boards, stats and ratings up to date as games end, each in its own
    SQL: the same games must leave every table the same, row for row."""
    await fill(sqlite_url)
    await fill(postgres_url)
    assert await dump(postgres_url) == await dump(sqlite_url)
