"""The Role Playing Card Game through the offline Discord: a lobby with bot players, hands only
their owners see, sealed bids revealed together, a player who leaves, and the ratings after."""

import asyncio

from bot.games.cards import Suit
from bot.games.registry import GAMES
from cogs.context import hints_offered
from storage import GameStatus
from tests.discord.hands import play_from_hand
from tests.discord.tables import facts_text
from tests.harness import StoredMessage
from tests.harness.problems import ProblemKind

UPDATE_MESSAGE = 7
MOVES = 600


async def state_of(discord, game_id: int = 1):
    record = await discord.bot.store.get_game(game_id)
    return record, GAMES["rpg"].load(record.state)


async def open_table(discord, host, *others, bots: int = 0) -> StoredMessage:
    lobby = (await discord.slash("rpg new", host)).message
    for user in others:
        joined = await discord.click(lobby, lobby.button("Join")["custom_id"], user)
        assert joined.response_type == UPDATE_MESSAGE
    for _ in range(bots):
        added = await discord.click(lobby, lobby.button("Add a bot player")["custom_id"], host)
        assert added.response_type == UPDATE_MESSAGE, added.content
    return lobby


async def open_hand(discord, table: StoredMessage, user):
    hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], user)
    assert hand.ephemeral, "a hand is shown only to its owner"
    return hand.message


async def bid_a_diamond(discord, table: StoredMessage, user) -> str | None:
    """Seal the highest diamond the player holds, through the picker and the Bid button; the
    card bid, or None when they hold no diamond (then they pass)."""
    hand = await open_hand(discord, table, user)
    picker = next(cid for cid in hand.custom_ids if ":pick" in cid)
    options = hand.component(picker)["options"]
    diamonds = [o for o in options if o["label"].endswith(Suit.DIAMONDS.value)]
    if not diamonds:
        passed = await discord.click(hand, hand.button("No bid")["custom_id"], user)
        assert passed.response_type == UPDATE_MESSAGE, passed.content
        return None
    picked = await discord.select(hand, picker, [diamonds[-1]["value"]], user)
    bid = next(b for b in picked.message.buttons if b["label"].startswith("Bid "))
    sealed = await discord.click(picked.message, bid["custom_id"], user)
    assert sealed.response_type == UPDATE_MESSAGE, sealed.content
    return diamonds[-1]["label"]


async def press_hint(discord, table: StoredMessage, user, keep_a_diamond: bool = False) -> None:
    """Play the hint; keeping a diamond for the bids, a turn whose hint would spend the last
    one ends instead."""
    hand = await open_hand(discord, table, user)
    hint = next(b for b in hand.buttons if b["label"].startswith("💡"))
    picker = next(cid for cid in hand.custom_ids if ":pick" in cid)
    options = hand.component(picker)["options"]
    diamonds = sum(o["label"].endswith(Suit.DIAMONDS.value) for o in options)
    if keep_a_diamond and hint["label"].startswith("💡 Buy") and diamonds == 1:
        hint = hand.button("End turn")
    played = await discord.click(hand, hint["custom_id"], user)
    assert played.response_type == UPDATE_MESSAGE, played.content


async def play_a_move(discord, table: StoredMessage, user, keep_a_diamond: bool = False) -> None:
    """Play as a person does at a table rated between people, which offers no hint: the move
    the bot would make (keeping a diamond for the bids, as `press_hint`), picked from the hand."""
    record, state = await state_of(discord)
    seat = record.seat_for(user.id, state.acting())
    move = GAMES["rpg"].resume(record.state).bot_move(seat)
    assert seat is not None and move is not None
    diamonds = sum(card.suit == Suit.DIAMONDS for card in state.hands[seat])
    if keep_a_diamond and move.startswith("buy") and diamonds == 1:
        move = "end"
    await play_from_hand(discord, table, user, move)


async def play_to_the_end(discord, table: StoredMessage, users: dict[int, object]) -> list[int]:
    """Every awaited person plays (bids their best diamond in a special round, else the hint,
    or where the table offers none as people rated against each other, the bot's move) until
    the game is over; the number of diamonds bid in each special round. While a round's bids
    are sealed, the table shows none of them."""
    bids_per_round: list[int] = []
    for _ in range(MOVES):
        record, state = await state_of(discord)
        if record.status != GameStatus.ACTIVE:
            return bids_per_round
        acting = state.acting()
        assert acting and all(seat in users for seat in acting), "bots never keep a table waiting"
        seat = acting[0]
        if state.phase != "bid" and not hints_offered(record):
            await play_a_move(discord, table, users[seat], keep_a_diamond=True)
            continue
        if state.phase != "bid":
            await press_hint(discord, table, users[seat], keep_a_diamond=True)
            continue
        await bid_a_diamond(discord, table, users[seat])
        record, state = await state_of(discord)
        if state.phase == "bid":  # others are still to answer: nothing sealed is shown
            sealed = [str(card) for card in state.bids if card is not None]
            shown = facts_text(table)
            assert not any(card in shown for card in sealed), "a sealed bid was shown early"
        else:
            bids_per_round.append(sum(card is not None for _, card in state.revealed))
    raise AssertionError("the game did not end")


async def test_two_people_and_two_bots_play_to_the_end(harness, make_bot, alice, bob) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice, bob, bots=2)
        seated = lobby.embed["fields"][0]["value"]
        assert "alice" in seated and "bob" in seated and seated.count("🤖") == 2
        not_host = await discord.click(lobby, lobby.button("Add a bot player")["custom_id"], bob)
        assert not_host.ephemeral and "Only the host" in not_host.content

        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        assert table.heading.startswith("Role Playing Card Game")
        record, _ = await state_of(discord)
        bots = [p for p in record.players if p.is_bot]
        assert len(bots) == 2 and all(p.user_id < 0 for p in bots)

        rounds = await play_to_the_end(discord, table, {0: alice, 1: bob})
        record, state = await state_of(discord)
        assert record.status == GameStatus.FINISHED and state.is_over
        assert any(count >= 2 for count in rounds), f"no special round with two bids: {rounds}"
        assert table.buttons and "New game" in [b["label"] for b in table.buttons]

        results = await discord.bot.store.results(1)
        assert {r.user_id for r in results} == {alice.id, bob.id}, "bots have no results"
        actions = await discord.bot.store.actions(1)
        assert {a.user_id for a in actions} >= {alice.id, bob.id, *(p.user_id for p in bots)}
        board = await discord.slash("leaderboard", alice, game="rpg")
        text = str(board.message.embed)
        assert "alice" in text and "bob" in text and "🤖" not in text


async def test_a_player_who_leaves_falls_and_the_game_goes_on(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice, bob, bots=1)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        left = await discord.slash("game abandon", bob)
        assert "left the game" in left.content
        record, state = await state_of(discord)
        assert record.status == GameStatus.ACTIVE and not state.alive(1)
        assert "left the game" in table.text
        again = await discord.slash("game abandon", bob)
        assert again.ephemeral, "a player who has left cannot leave twice"

        await play_to_the_end(discord, table, {0: alice})
        results = {r.user_id: r for r in await discord.bot.store.results(1)}
        assert set(results) == {alice.id, bob.id} and results[bob.id].outcome == "lost"


async def test_a_moderator_who_has_left_can_still_end_the_game(
    harness, make_bot, alice, moderator
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice, moderator, bots=1)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        left = await discord.slash("game abandon", moderator)
        assert "left the game" in left.content
        ended = await discord.slash("game abandon", moderator)
        assert not ended.ephemeral and "Abandoned by mod" in ended.content
        record, _ = await state_of(discord)
        assert record.status == GameStatus.ABANDONED and table.buttons == []


async def test_one_person_against_bots_is_not_rated(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice, bots=5)
        full = await discord.click(lobby, lobby.button("Add a bot player")["custom_id"], alice)
        assert full.ephemeral and "full" in full.content
        removed = await discord.click(lobby, lobby.button("Remove a bot")["custom_id"], alice)
        assert removed.message.embed["fields"][0]["value"].count("🤖") == 4
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        await play_to_the_end(discord, table, {0: alice})
        [result] = await discord.bot.store.results(1)
        assert result.user_id == alice.id
        record = await discord.bot.store.get_game(1)
        ratings = await discord.bot.store.ratings(record.guild_id, "rpg-classic", [alice.id])
        assert ratings == {}, "one person among bots has nobody to be rated against"


async def test_a_defender_who_lets_the_clock_run_out_is_defended_for(
    harness, make_bot, alice, bob, clock
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice, bob)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        users = {0: alice, 1: bob}
        for _ in range(MOVES):
            record, state = await state_of(discord)
            if state.phase == "defend" or record.status != GameStatus.ACTIVE:
                break
            if state.phase == "bid":
                await bid_a_diamond(discord, table, users[state.acting()[0]])
            else:
                await play_a_move(discord, table, users[state.acting()[0]])
        record, state = await state_of(discord)
        assert record.status == GameStatus.ACTIVE and state.phase == "defend", "no attack came"
        defender = state.acting()[0]
        held = len(state.hands[defender])
        clock.advance(minutes=3)
        assert await discord.bot.router.lifecycle.time_out_turns() == 1
        record, after = await state_of(discord)
        assert after.phase != "defend" or after.acting() != [defender]
        assert len(after.hands[defender]) < held or not after.alive(defender)
        assert "Time ran out" in table.text


async def test_a_bot_move_the_rules_refuse_is_replaced_by_the_rules_own(
    harness, make_bot, alice, monkeypatch
) -> None:
    from bot.games.rpg.actions import NoBid

    game = GAMES["rpg"]
    monkeypatch.setattr(game, "bot_action", lambda state, seat: NoBid())  # never legal on a turn
    async with harness.running(make_bot) as discord:
        with discord.expect_errors(ProblemKind.ERROR_LOGGED) as expected:
            lobby = await open_table(discord, alice, bots=2)
            table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
            for _ in range(3):  # alice ends her turns; the bots' broken moves must not stall it
                record, state = await state_of(discord)
                assert record.status == GameStatus.ACTIVE and state.acting() == [0]
                hand = await open_hand(discord, table, alice)
                word = "No bid" if state.phase == "bid" else "End turn"
                moved = await discord.click(hand, hand.button(word)["custom_id"], alice)
                assert moved.response_type == UPDATE_MESSAGE, moved.content
        assert all("the bot's move" in error.summary for error in expected.errors)
        actions = [a.action for a in await discord.bot.store.actions(1)]
        assert actions.count("end") >= 4, "the bots' turns were ended for them"


async def test_bots_owed_moves_after_a_stop_are_played_by_the_clock(
    harness, make_bot, alice, clock
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice, bots=2)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        record, state = await state_of(discord)
        while state.phase != "turn":  # a special round or a defence first: answer it
            hand = await open_hand(discord, table, alice)
            hint = next(b for b in hand.buttons if b["label"].startswith("💡"))
            await discord.click(hand, hint["custom_id"], alice)
            record, state = await state_of(discord)
        # Alice ends her turn, and the process stops before the bots answer: only her move is
        # saved, as if the bot had been killed between the two commits.
        match = GAMES["rpg"].resume(record.state)
        match.play(0, "end")
        await discord.bot.store.commit_action(
            record.id,
            record.version,
            user_id=alice.id,
            action="end",
            state=match.dump(),
            narration=record.narration,
            status=GameStatus.ACTIVE,
        )
        assert record.players[match.acting()[0]].is_bot, "the table waits on a bot"
        clock.advance(minutes=10 / 60)
        await discord.bot.router.lifecycle.sweep()
        record, state = await state_of(discord)
        assert record.status != GameStatus.ACTIVE or all(
            not record.players[seat].is_bot for seat in state.acting()
        ), "the bots have answered"
        assert table.edits >= 2


async def test_the_rules_and_the_help_of_the_new_games_fit_discord(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        for game, words in (("rpg", "sealed"), ("dungeon", "Knight")):
            rules = await discord.slash("rules", alice, game=game)
            messages = [rules.message, *rules.followups]
            text = str([m.embeds for m in messages])
            assert "Rulings" in text and words in text, game
            for message in messages:
                assert message.ephemeral
                size = sum(
                    len(e.get("title", ""))
                    + len(e.get("description", "") or "")
                    + sum(len(f["name"]) + len(f["value"]) for f in e["fields"])
                    for e in message.embeds
                )
                assert size <= 6000, game
        shown = str((await discord.slash("help", alice)).message.embeds)
        assert "/rpg new" in shown and "/dungeon new" in shown and "/dungeon challenge" in shown


async def test_two_new_table_commands_at_once_open_one_lobby(
    harness, make_bot, alice, clock
) -> None:
    async with harness.running(make_bot) as discord:
        first, second = await asyncio.gather(
            discord.slash("rpg new", alice, settle=False),
            discord.slash("rpg new", alice, settle=False),
        )
        await discord.settle()
        assert sorted([first.ephemeral, second.ephemeral]) == [False, True]
        held = first if first.ephemeral else second
        assert "a moment ago" in held.content
        assert await discord.bot.store.get_game(2) is None, "one lobby"
        clock.advance(minutes=0.1)
        later = await discord.slash("rpg new", alice)
        assert not later.ephemeral, "a lobby opened on purpose later is not held back"


async def test_the_long_night_is_a_setting_chosen_when_the_table_opens(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = (await discord.slash("rpg new", alice, long_night=10)).message
        assert "The Long Night from round 10" in lobby.embed["title"]
        await discord.click(lobby, lobby.button("Add a bot player")["custom_id"], alice)
        await discord.click(lobby, lobby.button("Start")["custom_id"], alice)
        _, state = await state_of(discord)
        assert state.long_night == 10
        rules = await discord.slash("rules", alice, game="rpg")
        assert "From round 15 (a table setting) the Long Night falls" in str(rules.message.embed)
