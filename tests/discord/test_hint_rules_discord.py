"""Hints as the rules have them, in every game: none at a table rated between people (a duel,
a table of several rated players), and everywhere else a hint that is counted when it is
played, which keeps the game off the boards."""

from bot.games.registry import GAMES
from cogs.custom_ids import HINT_KIND, decode
from storage import GameStatus
from tests.discord.hands import play_from_hand

UPDATE_MESSAGE = 7
HINT = "💡 Hint"


async def state_of(discord, game: str, game_id: int = 1):
    record = await discord.bot.store.get_game(game_id)
    return record, GAMES[game].load(record.state)


def kinds(message) -> set[str]:
    return {custom.kind for cid in message.custom_ids if (custom := decode(cid)) is not None}


async def open_hand(discord, table, user):
    opened = await discord.click(table, table.button("🂠 My hand")["custom_id"], user)
    assert opened.ephemeral
    return opened.message


async def test_a_dungeon_duel_between_people_offers_no_hint(harness, make_bot, alice, bob) -> None:
    async with harness.running(make_bot) as discord:
        issued = await discord.slash("dungeon challenge", alice, opponent=bob)
        accepted = await discord.click(
            issued.message, issued.message.button("Accept")["custom_id"], bob
        )
        table = accepted.message
        for _ in range(6):
            record, state = await state_of(discord, "dungeon")
            seat = state.acting()[0]
            user = alice if record.players[seat].user_id == alice.id else bob
            hand = await open_hand(discord, table, user)
            assert not any(b["label"].startswith("💡") for b in hand.buttons)
            assert HINT_KIND not in kinds(hand) and HINT not in str(table.buttons)
            move = GAMES["dungeon"].resume(record.state).bot_move(seat)
            assert move is not None
            if any(decode(c) and decode(c).action_text == move for c in table.custom_ids):
                button = next(c for c in table.custom_ids if decode(c).action_text == move)
                moved = await discord.click(table, button, user)
                assert moved.response_type == UPDATE_MESSAGE, moved.content
            elif move.startswith(("place", "break")):
                await play_from_hand(discord, table, user, move)
            else:  # a move only a select offers: its option
                menu = next(
                    c
                    for c in table.walk_components()
                    if c.get("type") == 3 and any(o["value"] == move for o in c["options"])
                )
                moved = await discord.select(table, menu["custom_id"], [move], user)
                assert moved.response_type == UPDATE_MESSAGE, moved.content
        record, _ = await state_of(discord, "dungeon")
        assert record.hints == 0


async def test_a_hint_played_against_the_bot_is_counted_on_the_game_and_its_result(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        table = (await discord.slash("dungeon new", alice)).message
        pressed = 0
        for _ in range(400):
            record, _ = await state_of(discord, "dungeon")
            if record.status != GameStatus.ACTIVE:
                break
            hand = await open_hand(discord, table, alice)
            [hint] = [b for b in hand.buttons if b["label"].startswith("💡")]
            assert decode(hint["custom_id"]).kind == HINT_KIND
            played = await discord.click(hand, hint["custom_id"], alice)
            assert played.response_type == UPDATE_MESSAGE, played.content
            pressed += 1
            assert (await state_of(discord, "dungeon"))[0].hints == pressed
        record, _ = await state_of(discord, "dungeon")
        assert record.status == GameStatus.FINISHED
        [result] = await discord.bot.store.results(1)
        assert result.user_id == alice.id and result.hints == pressed
        stats = await discord.slash("stats", alice)
        assert "Dungeon of Cards" in str(stats.message.embed), "it counts in the player's stats"


async def test_a_dragons_duel_offers_no_hint_and_a_solo_game_does(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        solo = (await discord.slash("dragons new", alice)).message
        assert HINT in [b["label"] for b in solo.buttons]
        issued = await discord.slash("dragons challenge", bob, opponent=alice)
        duel = (
            await discord.click(issued.message, issued.message.button("Accept")["custom_id"], alice)
        ).message
        assert HINT not in [b["label"] for b in duel.buttons]
        assert HINT_KIND not in kinds(duel)
