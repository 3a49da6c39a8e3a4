"""Leaderboards, stats and ratings over real results, on every store."""

import asyncio
import itertools
import random
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from storage import (
    BoardQuery,
    DailyTaken,
    GameStatus,
    PlayerSeat,
    Rating,
    RatingChange,
    ResultRow,
    open_store,
)
from storage.migrations import MIGRATIONS
from storage.periods import period_key
from tests.clock import Clock

GUILD = 2000
DAY = 24 * 3600
_channels = itertools.count(10_000)


@pytest.fixture
async def board(url: str):
    """A store on each database, with a clock the test moves."""
    clock = Clock()
    store = await open_store(url, clock)
    yield store, clock
    await store.close()


async def finish(
    store,
    clock,
    user: int,
    score: int,
    outcome: str = "won",
    hints: int = 0,
    tiebreak: int = 0,
    **game,
) -> int:
    name = f"user{user}"
    record = await store.create_game(
        game=game.get("game", "scoundrel"),
        variant=game.get("variant", "classic"),
        guild_id=game.get("guild_id", GUILD),
        channel_id=next(_channels),
        owner_id=user,
        players=[PlayerSeat(seat=0, user_id=user, display_name=name)],
        seed=1,
        state="{}",
        narration="[]",
        daily=game.get("daily"),
    )
    clock.now += 60
    await store.commit_action(
        record.id,
        0,
        user_id=user,
        action='"x"',
        state="{}",
        narration="[]",
        status=GameStatus.FINISHED,
        results=[
            ResultRow(
                user_id=user,
                display_name=name,
                outcome=outcome,
                score=score,
                turns=9,
                hints=hints,
                tiebreak=tiebreak,
            )
        ],
    )
    return record.id


CLASSIC = BoardQuery(guild_id=GUILD, game="scoundrel", variant="classic")


async def test_each_player_ranks_by_their_best_score(board) -> None:
    store, clock = board
    for user, score in [(1, 5), (2, 12), (1, 18), (3, -40), (2, 3)]:
        await finish(store, clock, user, score)
    page = await store.leaderboard(CLASSIC, caller_id=3)
    assert [(e.rank, e.user_id, e.score, e.games) for e in page.entries] == [
        (1, 1, 18, 2),
        (2, 2, 12, 2),
        (3, 3, -40, 1),
    ]
    assert page.players == 3 and page.caller.rank == 3


async def test_ties_go_to_who_reached_the_score_first(board) -> None:
    store, clock = board
    await finish(store, clock, 9, 15)
    await finish(store, clock, 4, 15)
    await finish(store, clock, 9, 15)  # a later equal score does not move the first one
    page = await store.leaderboard(CLASSIC, caller_id=0)
    assert [e.user_id for e in page.entries] == [9, 4]


POWER = BoardQuery(guild_id=GUILD, game="deuces", variant="quest-beginner")


async def test_equal_scores_rank_by_the_fewer_tiebreak_then_the_earlier(board) -> None:
    """A level board: the highest level, then the fewest falls, then who got there first."""
    store, clock = board
    deuces = {"game": "deuces", "variant": "quest-beginner"}
    for user, level, falls in [(1, 4, 2), (2, 4, 0), (3, 5, 3), (4, 4, 2), (5, 3, 0)]:
        await finish(store, clock, user, level, tiebreak=falls, **deuces)
    await finish(store, clock, 1, 4, tiebreak=1, **deuces)  # level 4 again, with fewer falls
    await finish(store, clock, 2, 4, tiebreak=3, **deuces)  # worse than their best: kept
    page = await store.leaderboard(POWER, caller_id=4)
    assert [(e.user_id, e.score, e.tiebreak, e.games) for e in page.entries] == [
        (3, 5, 3, 1),
        (2, 4, 0, 2),
        (1, 4, 1, 2),
        (4, 4, 2, 1),
        (5, 3, 0, 1),
    ]
    assert page.caller is not None and (page.caller.rank, page.caller.tiebreak) == (4, 2)
    mine = await store.leaderboard(POWER, caller_id=1)
    assert mine.caller is not None and mine.caller.rank == 3
    assert [r.tiebreak for r in await store.results(1)] == [2]


async def test_the_callers_rank_is_given_even_outside_the_page(board) -> None:
    store, clock = board
    for user in range(1, 26):
        await finish(store, clock, user, 100 - user)
    page = await store.leaderboard(CLASSIC, caller_id=23)
    assert [e.rank for e in page.entries] == list(range(1, 11))
    assert page.caller.rank == 23 and page.caller.user_id == 23
    second = await store.leaderboard(CLASSIC, caller_id=23, offset=10)
    assert [e.rank for e in second.entries] == list(range(11, 21))
    assert page.players == 25


async def test_boards_are_per_guild_game_variant_daily_and_period(board) -> None:
    store, clock = board
    await finish(store, clock, 1, 10)
    await finish(store, clock, 2, 11, guild_id=999)
    await finish(store, clock, 3, 12, variant="hard")
    await finish(store, clock, 4, 13, daily="2026-11-21")
    last_week = CLASSIC.model_copy(update={"period": period_key("week", clock.now)})
    clock.now += 7 * DAY
    await finish(store, clock, 5, 9)
    assert [e.user_id for e in (await store.leaderboard(CLASSIC, 0)).entries] == [1, 5]
    this_week = CLASSIC.model_copy(update={"period": period_key("week", clock.now)})
    assert [e.user_id for e in (await store.leaderboard(this_week, 0)).entries] == [5]
    assert [e.user_id for e in (await store.leaderboard(last_week, 0)).entries] == [1]
    daily = CLASSIC.model_copy(update={"daily": "2026-11-21"})
    assert [e.user_id for e in (await store.leaderboard(daily, 0)).entries] == [4]
    empty = await store.leaderboard(CLASSIC.model_copy(update={"game": "dragons"}), 0)
    assert empty.entries == [] and empty.caller is None and empty.players == 0


async def test_one_daily_attempt_per_player_and_day(board) -> None:
    store, clock = board
    await finish(store, clock, 1, 10, daily="2026-11-21")
    with pytest.raises(DailyTaken):
        await finish(store, clock, 1, 12, daily="2026-11-21")
    await finish(store, clock, 1, 12, daily="2026-11-22")
    await finish(store, clock, 2, 12, daily="2026-11-21")


async def test_stats_count_wins_scores_and_streaks(board) -> None:
    store, clock = board
    for outcome, score in [
        ("won", 10),
        ("won", 14),
        ("lost", -50),
        ("won", 3),
        ("won", 20),
        ("won", 8),
        ("abandoned", -180),
        ("won", 5),
    ]:
        await finish(store, clock, 7, score, outcome)
    await finish(store, clock, 7, 4, game="dragons", variant=None)
    await finish(store, clock, 8, 99)
    stats = {s.game: s for s in await store.player_stats(GUILD, 7)}
    scoundrel = stats["scoundrel"]
    assert (scoundrel.games, scoundrel.wins, scoundrel.best) == (8, 6, 20)
    assert scoundrel.win_rate == 0.75
    assert scoundrel.average == pytest.approx((10 + 14 - 50 + 3 + 20 + 8 - 180 + 5) / 8)
    assert (scoundrel.best_streak, scoundrel.current_streak) == (3, 1)
    assert (stats["dragons"].games, stats["dragons"].current_streak) == (1, 1)
    assert await store.player_stats(GUILD, 12345) == []


async def duel(store, channel_id: int, rival: int):
    return await store.create_game(
        game="dragons",
        variant="duel",
        guild_id=GUILD,
        channel_id=channel_id,
        owner_id=1,
        players=[
            PlayerSeat(seat=0, user_id=1, display_name="a"),
            PlayerSeat(seat=1, user_id=rival, display_name=f"p{rival}"),
        ],
        seed=1,
        state="{}",
        narration="[]",
    )


def first_player_wins(before: list[Rating | None]) -> list[Rating]:
    """A stand-in for the rating model: +1 / -1 and one more game each."""
    ids, names = [1, 2], ["a", "b"]
    return [
        Rating(
            game="dragons-duel",
            user_id=user,
            display_name=name,
            mu=(old.mu if old else 25.0) + (1 if seat == 0 else -1),
            sigma=8.0,
            ordinal=(old.mu if old else 25.0) + (1 if seat == 0 else -1) - 24,
            games=(old.games if old else 0) + 1,
        )
        for seat, (user, name, old) in enumerate(zip(ids, names, before, strict=True))
    ]


async def test_ratings_are_computed_and_stored_with_the_finishing_action(board) -> None:
    store, _ = board
    record = await duel(store, 1, 2)
    change = RatingChange(pool="dragons-duel", user_ids=[1, 2], rate=first_player_wins)
    await store.commit_action(
        record.id,
        0,
        user_id=1,
        action='"x"',
        state="{}",
        narration="[]",
        status=GameStatus.FINISHED,
        ratings=change,
    )
    ratings = await store.ratings(GUILD, "dragons-duel", [1, 2])
    assert (ratings[1].mu, ratings[2].mu, ratings[1].games) == (26.0, 24.0, 1)
    page = await store.rating_board(GUILD, "dragons-duel", caller_id=2)
    assert [(e.user_id, e.rank) for e in page.entries] == [(1, 1), (2, 2)]
    assert page.caller.score == 0.0


async def test_two_duels_sharing_a_player_finishing_at_once_both_count(board) -> None:
    store, _ = board
    games = [await duel(store, 1, 2), await duel(store, 2, 2)]
    change = RatingChange(pool="dragons-duel", user_ids=[1, 2], rate=first_player_wins)
    await asyncio.gather(
        *(
            store.commit_action(
                game.id,
                0,
                user_id=1,
                action='"x"',
                state="{}",
                narration="[]",
                status=GameStatus.FINISHED,
                ratings=change,
            )
            for game in games
        )
    )
    ratings = await store.ratings(GUILD, "dragons-duel", [1, 2])
    assert (ratings[1].games, ratings[1].mu, ratings[2].mu) == (2, 27.0, 23.0)


async def test_a_daily_attempt_is_found_and_does_not_occupy_the_channel(board) -> None:
    store, _ = board
    seat = [PlayerSeat(seat=0, user_id=5, display_name="e")]
    common = {
        "game": "scoundrel",
        "variant": "classic",
        "guild_id": GUILD,
        "owner_id": 5,
        "players": seat,
        "seed": 1,
        "state": "{}",
        "narration": "[]",
    }
    daily = await store.create_game(channel_id=77, daily="2026-11-21", **common)
    assert await store.active_game_in_channel(77) is None
    channel_game = await store.create_game(channel_id=77, **common)
    assert (await store.active_game_in_channel(77)).id == channel_game.id
    assert (await store.daily_game(5, "scoundrel", "2026-11-21")).id == daily.id
    assert await store.daily_game(5, "scoundrel", "2026-11-22") is None
    closed = await store.close_game(
        daily.id,
        0,
        GameStatus.EXPIRED,
        results=[ResultRow(user_id=5, display_name="e", outcome="expired", score=-200, turns=0)],
    )
    assert closed.status == GameStatus.EXPIRED
    assert [r.outcome for r in await store.results(daily.id)] == ["expired"]


async def test_rebuilding_summaries_from_results_gives_what_was_kept_live(tmp_path: Path) -> None:
    """Migration 2 fills the summary tables from old results in SQL; the store keeps them up to
    date in Python. Both must file every result under the same periods, bests and streaks."""
    clock = Clock(1_795_000_000.0)
    path = tmp_path / "bot.sqlite3"
    store = await open_store(f"sqlite:///{path}", clock)
    rng = random.Random(5)
    for attempt in range(120):
        clock.now += rng.choice([600, 3 * 3600, 20 * 3600, 4 * DAY])  # across days and months
        daily = rng.choice([None, None, None, f"deal {attempt}"])
        await finish(
            store,
            clock,
            rng.randrange(1, 6),
            rng.randrange(-30, 30),
            rng.choice(["won", "lost"]),
            variant=rng.choice(["classic", "hard", None]),
            guild_id=rng.choice([GUILD, 999]),
            daily=daily,
        )
    await store.close()

    def summaries(path: Path = path) -> tuple[list, list]:
        with closing(sqlite3.connect(path)) as db:
            return (
                db.execute(
                    "SELECT guild_id, game, variant, daily, period, players, user_id,"
                    " display_name, score, achieved_at, games, tiebreak"
                    " FROM board_bests JOIN boards ON board_id = id ORDER BY 1, 2, 3, 4, 5, 7"
                ).fetchall(),
                db.execute("SELECT * FROM player_stats ORDER BY 1, 2, 3").fetchall(),
            )

    live = summaries()
    assert len(live[0]) > 100 and any(row[4].startswith("week:") for row in live[0])
    assert any(row[5] > 1 for row in live[0]), "several players share a board"
    # The same games and results in a database from before the summaries existed.
    older = tmp_path / "older.sqlite3"
    with closing(sqlite3.connect(older, isolation_level=None)) as db:
        db.executescript(f"BEGIN; {MIGRATIONS[0]}; PRAGMA user_version = 1; COMMIT;")
        db.execute("ATTACH DATABASE ? AS live", (str(path),))
        for table in ("games", "game_players", "results"):  # the columns the old schema had
            columns = ", ".join(row[1] for row in db.execute(f"PRAGMA table_info({table})"))
            db.execute(f"INSERT INTO {table} ({columns}) SELECT {columns} FROM live.{table}")
        db.execute("DETACH DATABASE live")
    migrated = await open_store(f"sqlite:///{older}", clock)
    await migrated.close()
    assert summaries(older) == live


async def test_a_game_played_with_hints_counts_in_stats_but_on_no_board(board) -> None:
    store, clock = board
    await finish(store, clock, 1, 5)
    await finish(store, clock, 1, 19, hints=2)
    await finish(store, clock, 2, 30, hints=1)
    page = await store.leaderboard(CLASSIC, caller_id=2)
    assert [(e.user_id, e.score, e.games) for e in page.entries] == [(1, 5, 1)]
    assert page.caller is None and page.players == 1
    [stats] = await store.player_stats(GUILD, 1)
    assert (stats.games, stats.best) == (2, 19)


async def test_a_lost_deal_found_winnable_counts_once_in_the_players_stats(board) -> None:
    store, clock = board
    lost = [await finish(store, clock, 1, -10, "lost") for _ in range(3)]
    won = await finish(store, clock, 1, 12)
    assert await store.record_verdict(lost[0], winnable=True)
    assert not await store.record_verdict(lost[0], winnable=True), "known already"
    assert await store.record_verdict(lost[1], winnable=False)
    assert not await store.record_verdict(won, winnable=True), "a win needs no verdict"
    [stats] = await store.player_stats(GUILD, 1)
    assert (stats.lost_solved, stats.lost_winnable) == (2, 1)
    assert [row.hints for row in await store.results(won)] == [0]


async def test_hints_are_counted_on_the_game(board) -> None:
    store, _ = board
    record = await store.create_game(
        game="scoundrel",
        variant="classic",
        guild_id=GUILD,
        channel_id=next(_channels),
        owner_id=1,
        players=[PlayerSeat(seat=0, user_id=1, display_name="a")],
        seed=1,
        state="{}",
        narration="[]",
    )
    assert record.hints == 0
    assert [await store.count_hint(record.id) for _ in range(2)] == [1, 2]
    reloaded = await store.get_game(record.id)
    assert reloaded is not None and reloaded.hints == 2 and reloaded.version == record.version


async def test_results_recorded_at_once_all_count(board) -> None:
    """Games finishing together (on PostgreSQL, in concurrent transactions) each count once on
    the boards and in the stats, players sharing a board or a player sharing both."""
    store, _ = board
    users = [*range(1, 11), 1, 1]
    games = [
        await store.create_game(
            game="scoundrel",
            variant="classic",
            guild_id=GUILD,
            channel_id=next(_channels),
            owner_id=user,
            players=[PlayerSeat(seat=0, user_id=user, display_name=f"user{user}")],
            seed=1,
            state="{}",
            narration="[]",
        )
        for user in users
    ]
    await asyncio.gather(
        *(
            store.commit_action(
                game.id,
                0,
                user_id=user,
                action='"x"',
                state="{}",
                narration="[]",
                status=GameStatus.FINISHED,
                results=[
                    ResultRow(
                        user_id=user, display_name=f"user{user}", outcome="won", score=n, turns=1
                    )
                ],
            )
            for n, (game, user) in enumerate(zip(games, users, strict=True))
        )
    )
    page = await store.leaderboard(CLASSIC, caller_id=1)
    assert page.players == 10
    assert page.caller.score == 11 and page.caller.games == 3 and page.caller.rank == 1
    [stats] = await store.player_stats(GUILD, 1)
    assert (stats.games, stats.wins, stats.best, stats.current_streak) == (3, 3, 11, 3)


async def test_a_variant_played_to_its_end_is_found_for_its_player_and_server(board) -> None:
    store, clock = board
    tutorial = {"game": "deuces", "variant": "tutorial"}
    assert not await store.has_finished(GUILD, 7, "deuces", "tutorial")
    await finish(store, clock, 7, 1, "abandoned", **tutorial)
    await finish(store, clock, 8, 1, "won", game="deuces", variant="encounter")
    assert not await store.has_finished(GUILD, 7, "deuces", "tutorial"), "given up: not finished"
    await finish(store, clock, 7, 1, "lost", **tutorial)
    assert await store.has_finished(GUILD, 7, "deuces", "tutorial")
    assert not await store.has_finished(GUILD + 1, 7, "deuces", "tutorial"), "another server"
    assert not await store.has_finished(GUILD, 8, "deuces", "tutorial")
