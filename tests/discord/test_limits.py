"""Every reply fits Discord's limits, whatever a user types: an option's text is quoted back
clipped, and the fake rejects any message over Discord's limits (content of 2,000 characters,
embeds of 6,000 in all), as Discord would."""

from __future__ import annotations

from tests.harness.limits import CONTENT, limit_problems


async def test_a_long_variant_is_quoted_back_clipped(harness, make_bot, alice) -> None:
    typed = "classic" + "x" * 2500  # an option's text, as long as Discord lets one be typed
    async with harness.running(make_bot) as discord:
        refused = await discord.slash("leaderboard", alice, variant=typed)
        assert refused.ephemeral and "has no variant classicxxx" in refused.content
        assert len(refused.content) < 300, "the typed text is quoted clipped"
        assert "…" in refused.content


def test_the_fake_refuses_what_discord_refuses() -> None:
    fits = {"type": 4, "data": {"content": "x" * CONTENT}}
    assert limit_problems(fits) == []
    over = {"type": 4, "data": {"content": "x" * (CONTENT + 1)}}
    assert limit_problems(over) == ["content is 2001 characters (Discord allows 2000)"]
    embeds = {"embeds": [{"description": "x" * 4000}, {"description": "y" * 2001}]}
    assert limit_problems(embeds) == ["the embeds hold 6001 characters (Discord allows 6000)"]
