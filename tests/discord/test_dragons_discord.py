"""Diamonds & Dragons through the offline Discord: solo games, challenges and duels."""

import copy

from bot.games.contract import Outcome
from bot.games.registry import GAMES
from cogs.panel_colour import COLOURS
from storage import GameStatus
from tests.discord.challenges import assert_expires_unanswered
from tests.discord.positions import put_state
from tests.discord.tables import footnote, long_facts
from tests.discord.test_scoundrel_discord import (
    HINDSIGHT,
    HINT,
    REPLAY,
    SAME_DEAL,
    TABLE_LABELS,
    moves_left,
)
from tests.harness import StoredMessage

UPDATE_MESSAGE = 7


def enabled(message: StoredMessage) -> list[dict]:
    """The moves that can be played now (not the table's own buttons)."""
    return [b for b in message.buttons if not b.get("disabled") and b["label"] not in TABLE_LABELS]


def pick(message: StoredMessage) -> dict:
    """Face rather than run, drink or equip before fighting."""
    order = ("Face", "Drink", "Equip", "Fight", "Run")
    return min(
        enabled(message), key=lambda b: next(i for i, w in enumerate(order) if w in b["label"])
    )


async def state_of(discord, game_id: int):
    record = await discord.bot.store.get_game(game_id)
    return record, GAMES[record.game].load(record.state)


async def challenge(discord, alice, bob):
    issued = await discord.slash("dragons challenge", alice, opponent=bob)
    assert not issued.ephemeral
    assert f"<@{bob.id}>" in issued.content and "alice" in issued.content
    assert [b["label"] for b in issued.message.buttons] == ["Accept", "Decline"]
    return issued.message


async def test_solo_game_to_the_end(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        game = await discord.slash("dragons new", alice)
        message = game.message
        assert message.heading == "Diamonds & Dragons"
        heroes = next(iter(long_facts(message).values())).split("\n")[0]
        assert heroes.startswith("K♥\u00a0▰▰▰▰ Q♥\u00a0▰▰▰▰ "), "a hero and their bar never part"
        assert not any("barehanded" in b["label"] for b in message.buttons)
        assert message.buttons[-1]["label"] == HINT
        while moves_left(message):
            message = (await discord.click(message, pick(message)["custom_id"], alice)).message
        assert [b["label"] for b in message.buttons] == ["New game", HINDSIGHT, REPLAY, SAME_DEAL]
        record, state = await state_of(discord, 1)
        assert record.status == GameStatus.FINISHED
        results = await discord.bot.store.results(1)
        assert [(r.outcome, r.score) for r in results] == [(state.outcome.value, state.score)]
        assert message.accent_colour == COLOURS[state.outcome.value], "alone: won or lost"


async def test_a_challenge_accepted_and_played_to_the_end(harness, make_bot, alice, bob) -> None:
    async with harness.running(make_bot) as discord:
        message = await challenge(discord, alice, bob)
        accepted = await discord.click(message, message.button("Accept")["custom_id"], bob)
        assert accepted.response_type == UPDATE_MESSAGE and accepted.message.id == message.id
        message = accepted.message
        assert message.heading == "Diamonds & Dragons · Duel"
        parties = [name.split(" · ")[0] for name in list(long_facts(message))[:2]]
        assert parties == ["🛡️ alice", "🛡️ bob"]
        players = {0: alice, 1: bob}
        moves = 0
        while not any(b["label"] == "Rematch" for b in message.buttons):
            _, state = await state_of(discord, 1)
            mover = players[state.to_move]
            result = await discord.click(message, pick(message)["custom_id"], mover)
            assert result.response_type == UPDATE_MESSAGE, result.content
            message = result.message
            moves += 1
        record, state = await state_of(discord, 1)
        assert record.status == GameStatus.FINISHED and record.version == moves + 1
        results = {r.user_id: r for r in await discord.bot.store.results(1)}
        for party, user in zip(state.parties, (alice, bob), strict=True):
            assert (results[user.id].outcome, results[user.id].score) == (
                party.outcome.value,
                party.score,
            )
        ratings = await discord.bot.store.ratings(
            record.guild_id, "dragons-duel", [alice.id, bob.id]
        )
        assert set(ratings) == {alice.id, bob.id}
        assert all(r.games == 1 for r in ratings.values())
        board = await discord.slash("leaderboard", alice, game="dragons-duel")
        assert "alice" in board.embed["description"] and "bob" in board.embed["description"]
        verdict = long_facts(message)["🏆 Duel"]
        escaped = [
            user.name
            for party, user in zip(state.parties, (alice, bob), strict=True)
            if party.outcome.value == "won"
        ]
        expected = f"**{escaped[0]}** wins the duel" if len(escaped) == 1 else "a draw"
        assert expected in verdict
        # The channel sees the duel finished, never a rival's win on a red "lost" panel.
        assert message.accent_colour == COLOURS["winner" if escaped else "finished"]
        # A finished duel offers a rematch (a new challenge, from whoever presses it) and a
        # solo game.
        assert [b["label"] for b in message.buttons] == ["Rematch", "New solo game", REPLAY]
        rematch = await discord.click(message, message.button("Rematch")["custom_id"], bob)
        assert not rematch.ephemeral and f"<@{alice.id}>" in rematch.message.content
        assert "**bob** challenges you" in rematch.message.content
        assert [b["label"] for b in rematch.message.buttons] == ["Accept", "Decline"]
        accepted = await discord.click(
            rematch.message, rematch.message.button("Accept")["custom_id"], alice
        )
        assert accepted.response_type == UPDATE_MESSAGE
        abandoned = await discord.slash("game abandon", alice)  # frees the channel again
        assert "Abandoned" in abandoned.content
        again = await discord.click(message, message.button("New solo game")["custom_id"], bob)
        assert again.message.heading == "Diamonds & Dragons"
        assert "bob's table" in footnote(again.message)


async def test_only_the_player_on_turn_can_pick(harness, make_bot, alice, bob) -> None:
    async with harness.running(make_bot) as discord:
        message = await challenge(discord, alice, bob)
        message = (await discord.click(message, message.button("Accept")["custom_id"], bob)).message
        _, state = await state_of(discord, 1)
        waiting = bob if state.to_move == 0 else alice
        before = copy.deepcopy(message.payload)
        refused = await discord.click(message, pick(message)["custom_id"], waiting)
        assert refused.ephemeral and "not your turn" in refused.content
        assert message.payload == before
        assert (await discord.bot.store.get_game(1)).version == 1


async def test_a_declined_challenge(harness, make_bot, alice, bob, world) -> None:
    carol = world.add_user("carol")
    async with harness.running(make_bot) as discord:
        message = await challenge(discord, alice, bob)
        own = await discord.click(message, message.button("Accept")["custom_id"], alice)
        assert own.ephemeral and "Only" in own.content
        stranger = await discord.click(message, message.button("Decline")["custom_id"], carol)
        assert stranger.ephemeral and "between alice and" in stranger.content
        declined = await discord.click(message, message.button("Decline")["custom_id"], bob)
        assert declined.response_type == UPDATE_MESSAGE
        assert "bob** declined" in declined.message.content and declined.message.buttons == []
        assert (await discord.bot.store.get_game(1)).status == GameStatus.DECLINED


async def test_an_unanswered_challenge_expires(harness, make_bot, alice, bob, clock) -> None:
    async with harness.running(make_bot) as discord:
        message = await challenge(discord, alice, bob)
        await assert_expires_unanswered(discord, clock, message, bob, game_id=1)


async def test_accepting_after_the_deadline_expires_the_challenge(
    harness, make_bot, alice, bob, clock
) -> None:
    async with harness.running(make_bot) as discord:
        message = await challenge(discord, alice, bob)
        clock.advance(minutes=11)
        late = await discord.click(message, message.button("Accept")["custom_id"], bob)
        assert late.response_type == UPDATE_MESSAGE and "expired" in late.message.content
        assert (await discord.bot.store.get_game(1)).status == GameStatus.EXPIRED


async def test_a_duel_accepted_in_a_busy_channel_moves_to_a_thread(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        message = await challenge(discord, alice, bob)
        await discord.slash("scoundrel new", alice)  # the channel is now busy
        accepted = await discord.click(message, message.button("Accept")["custom_id"], bob)
        (thread,) = accepted.created_threads
        assert thread.mention in message.content and message.buttons == []
        duel, *turn_lines = discord.messages_in(thread)
        assert duel.heading == "Diamonds & Dragons · Duel"
        assert all("your turn" in line.content for line in turn_lines)
        record = await discord.bot.store.get_game(1)
        assert (record.status, record.channel_id, record.message_id) == (
            GameStatus.ACTIVE,
            thread.id,
            duel.id,
        )


async def test_nobody_challenges_themselves_or_a_bot(harness, make_bot, alice, world) -> None:
    robot = world.add_user("robot", bot=True)
    async with harness.running(make_bot) as discord:
        myself = await discord.slash("dragons challenge", alice, opponent=alice)
        assert myself.ephemeral and "yourself" in myself.content
        machine = await discord.slash("dragons challenge", alice, opponent=robot)
        assert machine.ephemeral and "Bots" in machine.content


async def test_giving_up_a_duel_costs_only_the_one_who_gave_up(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        message = await challenge(discord, alice, bob)
        await discord.click(message, message.button("Accept")["custom_id"], bob)
        gave_up = await discord.slash("game abandon", bob)
        assert "Abandoned by bob" in gave_up.content
        results = await discord.bot.store.results(1)
        assert [(r.user_id, r.outcome) for r in results] == [(bob.id, "abandoned")]
        record = await discord.bot.store.get_game(1)
        ratings = await discord.bot.store.ratings(
            record.guild_id, "dragons-duel", [alice.id, bob.id]
        )
        assert ratings[alice.id].mu > ratings[bob.id].mu


async def test_a_fallen_player_cannot_end_the_rivals_run(harness, make_bot, alice, bob) -> None:
    async with harness.running(make_bot) as discord:
        message = await challenge(discord, alice, bob)
        await discord.click(message, message.button("Accept")["custom_id"], bob)
        record, state = await state_of(discord, 1)
        state.parties[0].hp = 0  # alice's party has fallen; bob plays on
        state.parties[0].outcome, state.parties[0].score = Outcome.LOST, -40
        state.to_move = 1
        assert record.players[0].user_id == alice.id
        await put_state(discord, record, state)
        refused = await discord.slash("game abandon", alice)
        assert refused.ephemeral and "let them finish" in refused.content
        assert (await discord.bot.store.get_game(1)).status == GameStatus.ACTIVE
        gave_up = await discord.slash("game abandon", bob)
        assert "Abandoned by bob" in gave_up.content
        results = {r.user_id: r.outcome for r in await discord.bot.store.results(1)}
        assert results == {alice.id: "lost", bob.id: "abandoned"}


async def test_rules_for_dragons_fit_discords_limits(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        rules = await discord.slash("rules", alice, game="dragons")
        assert rules.ephemeral
        names = [f["name"] for f in rules.embed["fields"]]
        assert "Unlike Scoundrel" in names and any(n.startswith("Rulings") for n in names)
        assert all(len(f["value"]) <= 1024 for f in rules.embed["fields"])
        text = " ".join(f["value"] for f in rules.embed["fields"])
        assert "breaks" in text and "counts as a **loss**" in text
        names_and_values = sum(len(f["name"]) + len(f["value"]) for f in rules.embed["fields"])
        total = len(rules.embed["title"]) + len(rules.embed["description"]) + names_and_values
        assert total <= 6000, "Discord refuses an embed over 6,000 characters"


async def test_the_player_whose_turn_it_is_is_mentioned_and_nobody_else(
    harness, make_bot, alice, bob
) -> None:
    """An edit notifies nobody: each time the turn passes, the player now to move is mentioned
    in one line (allowed mentions: that user only), which replaces the game's previous line."""
    async with harness.running(make_bot) as discord:
        message = await challenge(discord, alice, bob)
        message = (await discord.click(message, message.button("Accept")["custom_id"], bob)).message
        players = {0: alice, 1: bob}

        def standing() -> list:
            lines = discord.messages_in(message.channel_id)
            return [m for m in lines if "your turn" in m.content and not m.deleted]

        passed = 0
        while not any(b["label"] == "Rematch" for b in message.buttons):
            _, state = await state_of(discord, 1)
            mover = players[state.to_move]
            message = (await discord.click(message, pick(message)["custom_id"], mover)).message
            _, state = await state_of(discord, 1)
            if state.to_move is None:
                break
            following = players[state.to_move]
            if following is not mover:
                passed += 1
                (line,) = standing()
                assert line.content.startswith(f"🔔 <@{following.id}>: your turn")
                assert f"/{message.channel_id}/{message.id}" in line.content  # a jump link
            assert len(standing()) <= 1
        assert passed > 3 and standing() == [], "a finished duel leaves no turn line"
        sent = [
            r.body
            for r in discord.find_requests("POST", "/channels/{channel_id}/messages")
            if "your turn" in (r.body or {}).get("content", "")
        ]
        assert len(sent) >= passed
        for body in sent:
            mentioned = body["content"].split(">")[0].removeprefix("🔔 <@")
            assert body["allowed_mentions"]["parse"] == []
            assert [str(user) for user in body["allowed_mentions"]["users"]] == [mentioned]


async def test_a_members_apps_menu_challenges_them(harness, make_bot, alice, bob, world) -> None:
    async with harness.running(make_bot) as discord:
        issued = await discord.user_command("Challenge: Diamonds & Dragons", alice, bob)
        assert not issued.ephemeral and f"<@{bob.id}>" in issued.content
        assert [b["label"] for b in issued.message.buttons] == ["Accept", "Decline"]
        accepted = await discord.click(
            issued.message, issued.message.button("Accept")["custom_id"], bob
        )
        assert accepted.message.heading == "Diamonds & Dragons · Duel"
        robot = world.add_user("robot", bot=True)
        refused = await discord.user_command("Challenge: Diamonds & Dragons", alice, robot)
        assert refused.ephemeral
