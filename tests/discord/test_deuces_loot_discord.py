"""Quest for Loot through the offline Discord: a table of two opened with its mode and chips,
sealed wagers made from private hands, a restart between bids, a timed-out match that folds,
chips on the table, and a whole table played to its end onto the chips board."""

from bot.games.registry import GAMES
from storage import GameStatus
from tests.discord.tables import fact, facts_text
from tests.discord.test_deuces_discord import UPDATE_MESSAGE, play_sensibly, state_of


async def test_a_quest_for_loot_table_is_played_through_to_the_chips_board(
    harness, make_bot, alice, bob, clock
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = (await discord.slash("deuces new", alice, mode="loot", level=3, chips=4)).message
        await discord.click(lobby, lobby.button("Join")["custom_id"], bob)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        assert "Quest for Loot" in table.heading
        assert fact(table, "Chips") == "alice 4 · bob 4 · the GM 8"
        assert not [b for b in table.buttons if "Bid" in b["label"]], "wagers are private"

        hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)
        assert hand.ephemeral
        labels = [b["label"] for b in hand.message.buttons]
        assert (
            labels[0] == "💡 Bid the blind: 1 chip"
            and "Raise to 2 chips (your target +1)" in labels
        )
        raised = await discord.click(
            hand.message,
            hand.message.button("Raise to 2 chips (your target +1)")["custom_id"],
            alice,
        )
        assert raised.response_type == UPDATE_MESSAGE
        assert "your sealed bid: 2" in str(raised.message.embed["fields"])
        assert fact(table, "Chips").startswith("alice 4 (wager in) · bob 4"), "sealed"

    async with harness.running(make_bot) as discord:  # a new process: the chips are stored
        _, state = await state_of(discord)
        assert state.prompt is not None and state.prompt.bids == {0: 2}
        hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], bob)
        blind = hand.message.button("Bid the blind: 1 chip")["custom_id"]  # his own, not 💡
        await discord.click(hand.message, blind, bob)
        assert "alice: 2, bob: 1" in table.text, "the bids turn over together"
        hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], bob)
        labels = [b["label"] for b in hand.message.buttons]
        assert "Match 2" in str(labels) and any(label.startswith("Fold") for label in labels)

        clock.advance(minutes=3)  # bob lets the match time out: he folds
        assert await discord.bot.router.lifecycle.time_out_turns() >= 1
        assert "Time ran out for bob" in table.text
        _, state = await state_of(discord)
        assert state.players[1].sat_out and (state.players[1].chips, state.gm_chips) == (3, 9)
        assert "bob 3 (folded)" in fact(table, "Chips")

        record = await play_sensibly(discord, table, {0: alice, 1: bob}, limit=2_000)
        assert record.status == GameStatus.FINISHED
        assert "Waiting for" not in facts_text(table)
        state = GAMES["deuces"].load(record.state)
        results = {r.user_id: r for r in await discord.bot.store.results(1)}
        assert results[alice.id].score == state.players[0].chips
        assert results[bob.id].score == state.players[1].chips
        assert sum(p.chips for p in state.players) + state.gm_chips == 16

        board = await discord.slash("leaderboard", alice, game="deuces-chips")
        title = board.message.embed["title"]
        assert title.startswith("🏆 Quest for Loot chips")
        assert "alice" in board.message.embed["description"]
        assert "chips" in board.message.embed["description"]
