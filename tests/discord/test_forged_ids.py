"""A modified client sending made-up custom_ids gets an answer every time and changes nothing:
every kind, game, version and action, against games in every status (see forging.py)."""

import random

from tests.discord.forging import forge


async def test_forged_clicks_are_all_answered_and_change_no_game(harness, make_bot, world) -> None:
    async with harness.running(make_bot) as discord:
        tally = await forge(discord, world, 250, random.Random(7))
    assert tally.tried == 250
    assert tally.answered == tally.tried, "every interaction gets an answer"
    assert tally.changed == [], tally.changed[:5]
