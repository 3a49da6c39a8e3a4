"""A Traditional Quest through the offline Discord: a table of two opened with its mode, the
map on the table showing only the rooms found, a path chosen by one player from the table's
buttons (a stranger's press answered in private), a purchase from the table's buttons and
another from a private hand at Odgar's Nook, a restart of the bot in the middle, and the quest
played by the hints to its end, each player's result stored."""

from bot.games.deuces.actions import Buy
from bot.games.deuces.modes.quest.table import quest_label
from bot.games.registry import GAMES
from storage import GameStatus
from tests.discord.tables import fact, facts_text
from tests.discord.test_deuces_discord import (
    UPDATE_MESSAGE,
    hints_until,
    play_sensibly,
    state_of,
)


async def hints_until_the_map(discord, table, users):
    """Press each awaited player's hint until the party stands on the map."""
    return await hints_until(discord, table, users, "route")


async def walk_to(discord, table, users, room: str, via: list[str]):
    """Walk the party along `via` (room ids) to `room` from the table's path buttons, fighting
    what waits on the way with the hints; a fall sends it back, so it tries again."""
    for _ in range(20):
        state = await hints_until_the_map(discord, table, users)
        here = state.quest.room
        if here == room:
            return state
        walk = [*via, room]
        step = walk[walk.index(here) + 1] if here in walk else walk[0]
        if step not in state.quest.here().exits:
            step = state.quest.came_from or state.quest.quest.start
        label = quest_label(state, 0, GAMES["deuces"].parse_action(f"go.{step}"))
        await discord.click(table, table.button(label)["custom_id"], users[1])
    raise AssertionError(f"the party never reached {room}")


async def test_a_quest_is_explored_by_the_map_a_shop_and_a_restart(
    harness, make_bot, alice, bob, world
) -> None:
    carol = world.add_user("carol")
    users = {0: alice, 1: bob}
    async with harness.running(make_bot) as discord:
        lobby = (await discord.slash("deuces new", alice, mode="quest")).message
        await discord.click(lobby, lobby.button("Join")["custom_id"], bob)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        assert "The Well Beneath Thornwick" in table.heading
        assert "📍 The Kitchen Trapdoor" in fact(table, "Map")
        assert "❔ Cask Hall · ❔ The Rootway" in fact(table, "Map")
        assert "Wellheart" not in table.text, "rooms not yet seen stay off the map"
        assert "choose where the party goes" in facts_text(table)

        path = table.button("Go to Cask Hall ❔")["custom_id"]
        stranger = await discord.click(table, path, carol)
        assert stranger.ephemeral and "alice and bob's game" in stranger.content
        record, state = await state_of(discord)
        assert state.quest.room == "trapdoor", "a stranger's press moves nobody"
        moved = await discord.click(table, path, bob)  # the first choice moves everyone
        assert moved.response_type == UPDATE_MESSAGE
        after, state = await state_of(discord)
        assert after.version == record.version + 1 and state.quest.room == "cask_hall"
        assert "The party enters **Cask Hall**" in table.text or "Cask Hall" in table.heading

        state = await walk_to(discord, table, users, "odgars_nook", via=["cask_hall"])
        assert "📍 Odgar's Nook 🛒" in fact(table, "Map")
        wares = [a for a in state.legal_actions(0) if isinstance(a, Buy)]
        assert wares, "alice has cards in her discard pile to pay with"
        label = quest_label(state, 0, wares[0])
        bought = await discord.click(table, table.button(label)["custom_id"], alice)
        assert bought.response_type == UPDATE_MESSAGE
        _, state = await state_of(discord)
        assert state.quest.items[0] == [wares[0].item] and len(state.quest.till[0]) > 0
        assert "alice buys" in table.text and "paid face down" in table.text

        hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], bob)
        assert hand.ephemeral and "Odgar's Nook" in str(hand.message.embed)
        hint = next(b for b in hand.message.buttons if b["label"].startswith("💡"))
        assert hint["label"].startswith("💡 Buy ")
        await discord.click(hand.message, hint["custom_id"], bob)
        _, state = await state_of(discord)
        assert len(state.quest.items[1]) == 1, "bob bought from his own hand"

    async with harness.running(make_bot) as discord:  # a new process: the quest is stored
        _, state = await state_of(discord)
        assert state.quest.room == "odgars_nook" and state.prompt.kind == "route"
        mine = await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)
        assert "Quest loot (1 of 2)" in str(mine.message.embed)
        record = await play_sensibly(discord, table, users, limit=3_000)
        assert record.status == GameStatus.FINISHED
        state = GAMES["deuces"].load(record.state)
        results = {r.user_id: r for r in await discord.bot.store.results(1)}
        for user in users.values():
            assert results[user.id].outcome == state.outcome.value
        assert "wins" in table.text or "loses" in table.text
