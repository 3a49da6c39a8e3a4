"""/stats and /leaderboard answer privately, with a button that shows the answer to the
channel; a rated game reads as a rank and a whole rating, never the rating system's raw figures."""

from tests.discord.test_boards_discord import finished
from tests.discord.test_dragons_discord import challenge


def share_button(message) -> dict:
    (button,) = [b for b in message.buttons if b["label"].endswith("Share in channel")]
    return button


async def test_stats_are_private_until_shared(harness, make_bot, alice, bob, seeds) -> None:
    async with harness.running(make_bot) as discord:
        await finished(discord, alice, seeds, 3)
        mine = await discord.slash("stats", alice)
        assert mine.ephemeral
        (field,) = mine.message.embed["fields"]
        assert field["name"] == "Scoundrel"
        first, second = field["value"].splitlines()[:2]
        assert first.startswith("1 game · ") and " · best " in first
        assert second.startswith("streak ") and "best streak" in second
        shared = await discord.click(mine.message, share_button(mine.message)["custom_id"], alice)
        assert not shared.ephemeral, "shown to the channel"
        assert shared.message.embed == mine.message.embed and shared.message.buttons == []


async def test_a_rated_duel_shows_a_rank_and_a_whole_rating(harness, make_bot, alice, bob) -> None:
    async with harness.running(make_bot) as discord:
        message = await challenge(discord, alice, bob)
        await discord.click(message, message.button("Accept")["custom_id"], bob)
        await discord.slash("game abandon", bob)  # bob gives up: both are rated, alice ahead
        embed = (await discord.slash("stats", alice)).message.embed
        assert "No finished games" not in (embed.get("description") or "")
        rated = next(f["value"] for f in embed["fields"] if f["name"] == "Dragons duel ratings")
        rank, rating, games = rated.split(" · ")
        assert rank == "#1 of 2 here" and games == "1 rated game"
        assert rating.removeprefix("rating ").lstrip("-").isdigit(), rating
        assert "±" not in str(embed) and "skill" not in rated
        assert "starts at 0" in embed["footer"]["text"], "the rating says what it means"
        theirs = (await discord.slash("stats", alice, user=bob)).message.embed
        bobs = next(f["value"] for f in theirs["fields"] if f["name"] == "Dragons duel ratings")
        assert bobs.startswith("#2 of 2 here")


async def test_nobody_has_stats_before_a_game(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        nobody = await discord.slash("stats", alice)
        assert nobody.ephemeral and "No finished games" in nobody.message.embed["description"]
        assert "footer" not in nobody.message.embed, "no rating to explain"


async def test_the_leaderboard_is_private_until_shared(harness, make_bot, alice, seeds) -> None:
    async with harness.running(make_bot) as discord:
        score = await finished(discord, alice, seeds, 3)
        board = await discord.slash("leaderboard", alice)
        assert board.ephemeral and f"**alice**: {score}" in board.message.embed["description"]
        shared = await discord.click(board.message, share_button(board.message)["custom_id"], alice)
        assert not shared.ephemeral and shared.message.embed == board.message.embed


async def test_a_forged_share_posts_nothing_but_stats_and_boards(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        mine = await discord.slash("stats", alice)
        forged_on = (await discord.slash("help", alice)).message
        forged = share_button(mine.message)["custom_id"]
        refused = await discord.click(forged_on, forged, alice, check=False)
        assert refused.ephemeral and refused.message.embeds == [], "nothing was posted"
