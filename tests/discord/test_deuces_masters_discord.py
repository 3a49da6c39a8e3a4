"""Masters & Monsters through the offline Discord: a table of two opened with its mode and
Epic loot, an enemy turn played from its master's private hand (a card picked, an attack
pressed), a rival pressing those controls and a stranger asking for a hand answered in
private, a timed-out enemy turn played by the GM's policy, and the game played to its end."""

from bot.games.registry import GAMES
from storage import GameStatus
from tests.discord.tables import fact, facts_text
from tests.discord.test_deuces_discord import (
    UPDATE_MESSAGE,
    hints_until,
    play_sensibly,
    state_of,
)
from tests.discord.test_deuces_duel_discord import tampered


async def hints_until_enemy_turn(discord, table, users):
    """Sensible moves of each awaited player until one is asked to play their enemies."""
    return await hints_until(discord, table, users, "enemies", limit=300)


async def test_a_masters_table_is_played_through_with_enemy_turns_in_private(
    harness, make_bot, alice, bob, clock, world
) -> None:
    carol = world.add_user("carol")
    users = {0: alice, 1: bob}
    async with harness.running(make_bot) as discord:
        lobby = (await discord.slash("deuces new", alice, mode="masters", epics=1)).message
        await discord.click(lobby, lobby.button("Join")["custom_id"], bob)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        assert "Masters & Monsters" in table.heading
        assert "(turn order; 1 to win)" in fact(table, "Epic loot"), "how many Epic loot win"
        stranger = await discord.click(table, table.button("🂠 My hand")["custom_id"], carol)
        assert stranger.ephemeral and "alice and bob's game" in stranger.content

        state = await hints_until_enemy_turn(discord, table, users)
        master = state.waiting_for[0]
        rival = 1 - master
        assert "play their enemies' turn" in facts_text(table)
        hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], users[master])
        assert hand.ephemeral
        labels = [b["label"] for b in hand.message.buttons]
        assert not any(label.startswith("💡") for label in labels), "a rated table: no hint"
        assert "Let the GM play your enemies' turn" in labels
        assert "End your enemies' turn" in labels
        picker = next(cid for cid in hand.message.custom_ids if ":pick" in cid)
        mine = state.owned(master)[0]
        foe = state.enemies[mine]
        card = min(foe.hand, key=lambda c: c.value)
        value = f"e{mine}.{foe.hand.index(card)}.{card.code}"
        picked = await discord.select(hand.message, picker, [value], users[master])
        strike = next(b for b in picked.message.buttons if " attacks " in b["label"])
        assert str(card) in strike["label"]

        # the rival's client sends the master's enemy move (a hand is only its owner's to see)
        hand_button = table.button("🂠 My hand")["custom_id"]
        forged = tampered(table, hand_button, strike["custom_id"])
        meddler = await discord.click(forged, strike["custom_id"], users[rival])
        assert meddler.ephemeral and "not your turn" in meddler.content
        before, _ = await state_of(discord)
        played = await discord.click(picked.message, strike["custom_id"], users[master])
        assert played.response_type == UPDATE_MESSAGE
        after, state = await state_of(discord)
        assert after.version == before.version + 1
        assert "attacks alice" in table.text or "lunges at alice" in table.text, table.text

    async with harness.running(make_bot) as discord:  # a new process: the game is stored
        state = await hints_until_enemy_turn(discord, table, users)
        seat = state.waiting_for[0]
        late = users[seat].name
        clock.advance(minutes=3)
        assert await discord.bot.router.lifecycle.time_out_turns() >= 1
        assert f"Time ran out for {late}" in table.text
        _, state = await state_of(discord)
        played = state.prompt is None or state.prompt.kind != "enemies"
        assert played or state.waiting_for != [seat], "the GM's policy played the enemy turn"
        assert state.autopilot or state.stage != "enemies_on" or state.order[state.at] != seat

        record = await play_sensibly(discord, table, users, limit=3_000)
        assert record.status == GameStatus.FINISHED
        state = GAMES["deuces"].load(record.state)
        results = {r.user_id: r for r in await discord.bot.store.results(1)}
        for seat, user in users.items():
            won = seat in state.champions
            assert results[user.id].outcome == ("won" if won else "lost")
