"""Leaderboards, stats and the daily dungeon through the offline Discord."""

import re

from storage import GameStatus, PlayerSeat, ResultRow
from tests.discord.tables import footnote
from tests.discord.test_scoundrel_discord import HINDSIGHT, cautious, moves_left
from tests.harness import StoredMessage

SUITS = re.compile("[♠♣♥♦🃏]")


async def play_out(discord, message: StoredMessage, user) -> StoredMessage:
    while moves_left(message):
        message = (await discord.click(message, cautious(message)["custom_id"], user)).message
    return message


async def finished(discord, user, seed_list, seed: int) -> int:
    """A whole Scoundrel game by `user` on `seed`; returns its score."""
    seed_list.append(seed)
    game = await discord.slash("scoundrel new", user)
    message = await play_out(discord, game.message, user)
    footer = footnote(message)
    return int(re.search(r"score (-?\d+)", footer).group(1))


def board_lines(result) -> list[str]:
    return result.message.embed["description"].splitlines()


async def test_finished_games_rank_by_score_and_ties_go_to_the_first(
    harness, make_bot, alice, bob, world, seeds
) -> None:
    carol = world.add_user("carol")
    async with harness.running(make_bot) as discord:
        scores = {
            "alice": await finished(discord, alice, seeds, 3),
            "bob": await finished(discord, bob, seeds, 5),
            "carol": await finished(discord, carol, seeds, 3),  # the same deal as alice: a tie
        }
        board = await discord.slash("leaderboard", bob)
        assert board.ephemeral, "private until shared"
        lines = board_lines(board)
        names = [re.search(r"\*\*(\w+)\*\*", line).group(1) for line in lines[:3]]
        expected = sorted(scores, key=lambda n: (-scores[n], ["alice", "bob", "carol"].index(n)))
        assert names == expected
        assert scores["alice"] == scores["carol"] and names.index("alice") < names.index("carol")
        assert lines[-1].startswith("You (bob): #")
        assert "Scoundrel · Classic · all time" in board.message.embed["title"]
        labels = [b["label"] for b in board.message.buttons]
        assert labels == ["Share in channel"], "one page needs no paging, only sharing"


async def seed_results(discord, world, count: int, guild_id: int) -> None:
    """`count` other players with one finished game each, scores count..1."""
    store = discord.bot.store
    for n in range(count):
        user = world.add_user(f"p{n:02d}")
        record = await store.create_game(
            game="scoundrel",
            variant="classic",
            guild_id=guild_id,
            channel_id=10_000 + n,
            owner_id=user.id,
            players=[PlayerSeat(seat=0, user_id=user.id, display_name=user.name)],
            seed=1,
            state="{}",
            narration="[]",
        )
        await store.commit_action(
            record.id,
            0,
            user_id=user.id,
            action="{}",
            state="{}",
            narration="[]",
            status=GameStatus.FINISHED,
            results=[
                ResultRow(
                    user_id=user.id,
                    display_name=user.name,
                    outcome="won",
                    score=count - n,
                    turns=40,
                )
            ],
        )


async def test_the_callers_rank_shows_outside_the_top_ten_and_pages_turn(
    harness, make_bot, alice, world, seeds
) -> None:
    async with harness.running(make_bot) as discord:
        await seed_results(discord, world, 12, world.guild.id)
        await discord.slash("scoundrel new", alice)
        await discord.slash("game abandon", alice)  # an abandoned game is a loss, at the bottom
        board = await discord.slash("leaderboard", alice, period="week")
        lines = board_lines(board)
        assert len([line for line in lines if "**" in line and "game" in line]) == 10
        assert lines[0].startswith("🥇 **p00**: 12")
        assert lines[-1].startswith("You (alice): #13 of 13")
        assert board.message.button("◀ Previous")["disabled"] is True
        next_page = await discord.click(
            board.message, board.message.button("Next ▶")["custom_id"], alice
        )
        assert next_page.response_type == 7
        page_two = board_lines(next_page)
        assert page_two[0].startswith("`#11` **p10**: 2") and "alice" in page_two[2]
        assert next_page.message.button("Next ▶")["disabled"] is True
        snapshot = next_page.message
    async with harness.running(make_bot) as discord:  # paging survives a restart
        back = await discord.click(snapshot, snapshot.button("◀ Previous")["custom_id"], alice)
        assert board_lines(back)[0].startswith("🥇 **p00**")


async def test_periods_leave_out_older_games(harness, make_bot, alice, world, clock, seeds) -> None:
    async with harness.running(make_bot) as discord:
        old = await finished(discord, alice, seeds, 3)
        clock.advance(minutes=60 * 24 * 40)
        week = await discord.slash("leaderboard", alice, period="week")
        assert "No results yet" in week.message.embed["description"]
        all_time = await discord.slash("leaderboard", alice, period="all")
        assert f"**alice**: {old}" in all_time.message.embed["description"]
        hard = await discord.slash("leaderboard", alice, variant="hard")
        assert "No results yet" in hard.message.embed["description"]
        wrong = await discord.slash("leaderboard", alice, game="dragons", variant="classic")
        assert wrong.ephemeral and "has no variant classic" in wrong.content


async def test_stats_count_games_wins_and_streaks(harness, make_bot, alice, bob, seeds) -> None:
    async with harness.running(make_bot) as discord:
        scores = [await finished(discord, alice, seeds, seed) for seed in (3, 5)]
        await discord.bot.router.insight.settled()  # lost deals' verdicts count in /stats
        mine = await discord.slash("stats", alice)
        text = mine.message.embed["fields"][0]["value"]
        assert mine.message.embed["fields"][0]["name"] == "Scoundrel"
        assert text.startswith("2 games")
        assert f"best {max(scores)}" in text
        theirs = await discord.slash("stats", bob, user=alice)
        assert theirs.message.embed["fields"] == mine.message.embed["fields"]
        nobody = await discord.slash("stats", bob)
        assert "No finished games" in nobody.message.embed["description"]


async def test_the_daily_deal_is_the_same_for_everyone_with_one_attempt_each(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        first = await discord.slash("scoundrel daily", alice)
        other = await discord.slash("scoundrel daily", bob)
        assert first.ephemeral and other.ephemeral
        room = [s["components"][0]["content"] for s in first.message.sections]  # a card a line
        assert len(room) == 4 and room == [
            s["components"][0]["content"] for s in other.message.sections
        ]
        again = await discord.slash("scoundrel daily", alice)  # the same attempt, fresh buttons
        assert "· Game #1 ·" in footnote(again.message)
        done = await play_out(discord, again.message, alice)
        assert [b["label"] for b in done.buttons] == ["Share my result", HINDSIGHT]
        retry = await discord.slash("scoundrel daily", alice)
        assert retry.ephemeral and "had your attempt" in retry.content
        shared = await discord.click(done, done.button("Share my result")["custom_id"], alice)
        assert not shared.ephemeral and "daily dungeon" in shared.content
        assert not SUITS.search(shared.content), "the shared result spoils no card"
        board = await discord.slash("leaderboard", bob, game="daily")
        assert "**alice**" in board.message.embed["description"]
        assert "You (bob): not on this board yet." in board.message.embed["description"]
        # A daily game does not take the channel: a normal game still starts here.
        normal = await discord.slash("scoundrel new", bob)
        assert not normal.ephemeral


async def test_the_variant_option_offers_only_the_chosen_boards_variants(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        offered = await discord.autocomplete(
            "leaderboard", alice, focused="variant", game="scoundrel", variant=""
        )
        assert offered.response_type == 8
        assert [c["value"] for c in offered.choices] == ["classic", "easy", "hard"]
        typed = await discord.autocomplete(
            "leaderboard", alice, focused="variant", game="scoundrel", variant="ha"
        )
        assert [c["value"] for c in typed.choices] == ["hard"]
        dragons = await discord.autocomplete(
            "leaderboard", alice, focused="variant", game="dragons", variant=""
        )
        assert "classic" not in [c["value"] for c in dragons.choices]
        default = await discord.autocomplete("leaderboard", alice, focused="variant", variant="")
        assert [c["value"] for c in default.choices] == ["classic", "easy", "hard"]


async def test_counts_of_one_read_in_the_singular(harness, make_bot, alice, seeds) -> None:
    async with harness.running(make_bot) as discord:
        await finished(discord, alice, seeds, 3)
        board = await discord.slash("leaderboard", alice)
        assert "· 1 player ·" in board.message.embed["footer"]["text"]
        mine = await discord.slash("stats", alice)
        assert mine.message.embed["fields"][0]["value"].startswith("1 game · ")
