"""The tutorial through the offline Discord: `/deuces tutorial` deals the coached encounter
alone, the coach speaks on the table and in My hand, the player follows the hint to the end,
and /help stops suggesting it once it is finished."""

from discord import InteractionResponseType

from bot.games.deuces.modes.tutorial import script
from bot.games.deuces.modes.tutorial.mode import COACH
from storage import GameStatus
from tests.discord.test_deuces_discord import state_of
from tests.harness import StoredMessage

TUTORIAL_LINE = "/deuces tutorial"


async def help_text(discord, user) -> str:
    shown = await discord.slash("help", user)
    assert shown.ephemeral
    return str(shown.message.embeds)


def coach_of(table: StoredMessage) -> str:
    """The coach's line on the table, with its heading."""
    return table.line(COACH)


async def test_the_tutorial_is_played_to_its_end_and_help_stops_suggesting_it(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        assert TUTORIAL_LINE in await help_text(discord, alice)
        started = await discord.slash("deuces tutorial", alice)
        table = started.message
        assert not started.ephemeral and "Join" not in str(table.buttons), "no lobby: alone"
        assert f"{COACH} · move 1 of {len(script.STEPS)}" in coach_of(table)
        seen: list[str] = []
        for step in script.STEPS:
            record, state = await state_of(discord)
            assert record.status == GameStatus.ACTIVE and state.turn == len(seen)
            hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)
            assert hand.ephemeral
            plays = [b for b in hand.message.buttons if b["label"].startswith("💡")]
            assert len(plays) == 1, "the coached move is the one play offered"
            footer = str(hand.message.payload)
            assert step.line.split("**")[0].strip()[:40] in footer, "My hand says it too"
            played = await discord.click(hand.message, plays[0]["custom_id"], alice)
            assert played.response_type == InteractionResponseType.message_update.value
            seen.append(step.action)
        record, state = await state_of(discord)
        assert record.status == GameStatus.FINISHED and state.outcome is not None
        assert f"{COACH} · done" in coach_of(table) and "Epic" in coach_of(table)
        [result] = await discord.bot.store.results(record.id)
        assert (result.user_id, result.outcome) == (alice.id, "won")
        assert TUTORIAL_LINE not in await help_text(discord, alice), "finished: not suggested"
        assert TUTORIAL_LINE in await help_text(discord, bob), "still suggested to others"


async def test_an_abandoned_tutorial_is_still_suggested(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        await discord.slash("deuces tutorial", alice)
        await discord.slash("game abandon", alice)
        record, _ = await state_of(discord)
        assert record.status == GameStatus.ABANDONED
        assert TUTORIAL_LINE in await help_text(discord, alice)
