"""Quest for Loot wagers of any amount through the offline Discord: the hand lists the common
amounts, and "Another amount…" opens a box where any number of the chips held is typed; the
number typed is the sealed bid. A number out of range, or not a number, is refused privately
and changes nothing; a box from a hand the table has left behind is answered as stale."""

from tests.discord.test_deuces_discord import UPDATE_MESSAGE, state_of

ANOTHER = "Another amount…"


async def _opened_table(discord, alice, bob, chips: int):
    lobby = (await discord.slash("deuces new", alice, mode="loot", level=3, chips=chips)).message
    await discord.click(lobby, lobby.button("Join")["custom_id"], bob)
    return (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message


async def test_any_number_of_chips_held_can_be_bid_from_the_hand(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        table = await _opened_table(discord, alice, bob, chips=30)
        hand = (await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)).message
        labels = [b["label"] for b in hand.buttons]
        assert not any("7 chips" in label for label in labels), "7 is not one of the listed"
        opened = await discord.click(hand, hand.button(ANOTHER)["custom_id"], alice)
        box = opened.modal
        assert box is not None and box["title"] == "Chips to bid"
        assert "from 1 to 30" in str(box["components"])

        wrong = await discord.submit(opened, {"number": "99"}, alice)
        assert wrong.ephemeral and "1 (the blind) to 30 chips" in wrong.content
        _, state = await state_of(discord)
        assert state.prompt is not None and state.prompt.bids == {}, "nothing changed"

        opened = await discord.click(hand, hand.button(ANOTHER)["custom_id"], alice)
        bid = await discord.submit(opened, {"number": "7"}, alice)
        assert bid.response_type == UPDATE_MESSAGE
        assert "your sealed bid: 7" in str(bid.message.embed["fields"])
        _, state = await state_of(discord)
        assert state.prompt is not None and state.prompt.bids == {0: 7}


async def test_a_box_that_is_not_a_number_or_left_behind_changes_nothing(
    harness, make_bot, world, alice, bob
) -> None:
    carol = world.add_user("carol")
    async with harness.running(make_bot) as discord:
        table = await _opened_table(discord, alice, bob, chips=30)
        hand = (await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)).message
        opened = await discord.click(hand, hand.button(ANOTHER)["custom_id"], alice)
        words = await discord.submit(opened, {"number": "7a"}, alice)
        assert words.ephemeral and "whole number" in words.content

        stranger = await discord.click(hand, hand.button(ANOTHER)["custom_id"], carol, check=False)
        assert stranger.modal is None and stranger.ephemeral

        bob_hand = (await discord.click(table, table.button("🂠 My hand")["custom_id"], bob)).message
        await discord.click(bob_hand, bob_hand.button("Bid the blind: 1 chip")["custom_id"], bob)
        await discord.click(hand, hand.button("Bid the blind: 1 chip")["custom_id"], alice)
        _, state = await state_of(discord)
        moved_on = state.prompt
        # Both bids are in: alice's old box no longer completes a move the table waits for.
        late = await discord.submit(opened, {"number": "5"}, alice)
        assert late.ephemeral
        _, state = await state_of(discord)
        assert state.prompt == moved_on
