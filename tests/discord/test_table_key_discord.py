"""A table's key: its words explained behind a button, told privately to whoever presses it
(a player or a passer-by), changing nothing; a table with nothing to explain has no key."""

from storage import GameStatus
from tests.discord.test_deuces_discord import state_of

KEY = "❔ Key"


async def test_the_key_explains_the_tables_words_privately_and_changes_nothing(
    harness, make_bot, alice, world
) -> None:
    carol = world.add_user("carol")
    async with harness.running(make_bot) as discord:
        lobby = (await discord.slash("deuces new", alice, mode="quest")).message
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        assert "map:" not in table.text, "the legend is not on the table itself"
        record, _ = await state_of(discord)
        for user in (alice, carol):
            answer = await discord.click(table, table.button(KEY)["custom_id"], user)
            assert answer.ephemeral and answer.content.startswith("- map: 📍 the party")
        after, _ = await state_of(discord)
        assert after.version == record.version and after.status == GameStatus.ACTIVE


async def test_a_table_with_nothing_to_explain_has_no_key(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        table = (await discord.slash("scoundrel new", alice)).message
        assert table.buttons and KEY not in [b["label"] for b in table.buttons]
