"""A modified client sending made-up custom_ids gets an answer every time and changes nothing:
hypothesis draws them over every kind, game, version, action and user, against games in every
status (see forging.py); a failing one shrinks to the smallest sequence that shows it."""

import asyncio
import tempfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import DungeonBot
from bot.config import Settings
from tests.discord.forging import ARGS, GAME_IDS, KINDS, WORDS, Forger, Forgery
from tests.harness import Harness, World

forgeries = st.builds(
    Forgery,
    kind=st.sampled_from(KINDS),
    game_id=st.sampled_from(GAME_IDS),
    version_shift=st.sampled_from([-1, 0, 1, 5]),
    word=st.sampled_from(WORDS),
    arg=st.sampled_from(ARGS),
    user=st.integers(0, 3),
)


async def send_all(sequence: list[Forgery]) -> Forger:
    world = World()
    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(_env_file=None, database_url=f"sqlite:///{folder}/forged.sqlite3")
        harness = Harness(world, error_loggers=("discord", "bot", "cogs"))
        async with harness.running(lambda: DungeonBot(settings, seeds=lambda: 3)) as discord:
            forger = await Forger.at_tables(discord, world)
            for forgery in sequence:
                await forger.send(forgery)
        harness.check()  # nothing unanswered, nothing logged as an error, every body valid
    return forger


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(forgeries, min_size=40, max_size=40))
def test_forged_clicks_are_all_answered_and_change_no_game(sequence: list[Forgery]) -> None:
    forger = asyncio.run(send_all(sequence))
    tally = forger.tally
    assert tally.answered == tally.tried, "every interaction gets an answer"
    assert tally.changed == [], tally.changed[:5]
