"""Dungeon of Cards through the offline Discord: a duel against the bot, played to its end from
the table's buttons and selects and the player's own hand, with the dungeon drawn on every
update of the table."""

from bot.games.registry import GAMES
from storage import GameStatus
from tests.discord.hands import press_hint
from tests.harness import StoredMessage

UPDATE_MESSAGE = 7
MOVES = 400


async def state_of(discord, game_id: int = 1):
    record = await discord.bot.store.get_game(game_id)
    return record, GAMES["dungeon"].load(record.state)


def menus_of(table: StoredMessage) -> list[dict]:
    return [c for c in table.walk_components() if c.get("type") == 3]


async def play_from_the_table(discord, table: StoredMessage, user) -> bool:
    """Choose the first move a table select offers; False when the table offers none."""
    menus = [m for m in menus_of(table) if m["options"]]
    if not menus:
        return False
    chosen = await discord.select(
        table, menus[0]["custom_id"], [menus[0]["options"][0]["value"]], user
    )
    assert chosen.response_type == UPDATE_MESSAGE, chosen.content
    return True


async def test_a_duel_against_the_bot_is_played_to_its_end(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        started = await discord.slash("dungeon new", alice)
        table = started.message
        assert table.heading.startswith("Dungeon of Cards")
        record, state = await state_of(discord)
        assert [p.is_bot for p in record.players] == [False, True]
        assert state.acting() == [0], "the bot has made its opening moves already"

        from_selects = 0
        edits = table.edits
        for _ in range(MOVES):
            record, state = await state_of(discord)
            if record.status != GameStatus.ACTIVE:
                break
            assert state.acting() == [0], "the bot never keeps the table waiting"
            [picture] = table.attachments
            assert picture["filename"] == "table.png", "the dungeon is drawn on every update"
            assert "```" in table.text, "and written as a grid for screen readers"
            if from_selects < 3 and await play_from_the_table(discord, table, alice):
                from_selects += 1
            else:
                await press_hint(discord, table, alice)
            assert table.edits > edits, "every move updates the table"
            edits = table.edits
        else:
            raise AssertionError("the duel did not end")

        record, state = await state_of(discord)
        assert record.status == GameStatus.FINISHED and state.is_over and from_selects == 3
        results = await discord.bot.store.results(1)
        assert [r.user_id for r in results] == [alice.id], "the bot has no result"
        labels = [b["label"] for b in table.buttons]
        assert "New game" in labels and "Rematch" not in labels, "no rematch with the bot"


async def test_a_select_by_someone_else_or_from_before_a_move_is_refused(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        table = (await discord.slash("dungeon new", alice)).message
        [menu, *_] = [m for m in menus_of(table) if m["options"]]
        first = menu["options"][0]["value"]
        before = (await state_of(discord))[0].version
        nope = await discord.select(table, menu["custom_id"], [first], bob)
        assert nope.ephemeral and "alice's game" in nope.content
        assert (await state_of(discord))[0].version == before, "nothing was played"

        old = StoredMessage(payload=dict(table.payload))
        moved = await discord.select(table, menu["custom_id"], [first], alice)
        assert moved.response_type == UPDATE_MESSAGE
        after = (await state_of(discord))[0].version
        stale = await discord.select(old, menu["custom_id"], [first], alice)
        assert stale.ephemeral and (await state_of(discord))[0].version == after
