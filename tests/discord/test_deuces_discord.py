"""Dungeons & Deuces through the offline Discord: a lobby, a party of three, hands only their
owners see, the GM's turns, and a player who lets the clock run out."""

import json
import re

from bot.games.registry import GAMES
from cogs.lobbies import LobbyState
from storage import GameStatus, PlayerSeat
from tests.discord.hands import play_own
from tests.discord.tables import facts_text
from tests.harness import StoredMessage

UPDATE_MESSAGE = 7


async def state_of(discord, game_id: int = 1):
    record = await discord.bot.store.get_game(game_id)
    return record, GAMES["deuces"].load(record.state)


def menu(message: StoredMessage, index: int) -> str:
    """The custom_id of a lobby's menu: 0 the classes, 1 the custom abilities."""
    return next(cid for cid in message.custom_ids if cid.endswith(f":klass:{index}"))


async def open_table(discord, host, *others):
    lobby = (await discord.slash("deuces new", host, level=1)).message
    assert [b["label"] for b in lobby.buttons] == ["Join", "Leave", "Start"]
    for user in others:
        joined = await discord.click(lobby, lobby.button("Join")["custom_id"], user)
        assert joined.response_type == UPDATE_MESSAGE
    return lobby


async def play_sensibly(discord, table: StoredMessage, users: dict[int, object], limit: int = 400):
    """Each awaited player plays, from their own hand, the move the GM would suggest (picking
    its cards and pressing its own button, never the hint's), until the game ends: a game
    played so is ranked, as one played with a hint is not."""
    for _ in range(limit):
        record, state = await state_of(discord)
        if record.status != GameStatus.ACTIVE:
            return record
        seat = state.waiting_for[0]
        move = GAMES["deuces"].suggest(state, seat)
        assert move is not None
        await play_own(discord, table, users[seat], str(move))
    raise AssertionError("the game did not end")


async def hints_until(
    discord, table: StoredMessage, users: dict[int, object], prompt: str, limit: int = 400
):
    """Each awaited player plays the GM's suggestion from their own hand until the table asks
    for `prompt` (its kind); the game's state then."""
    for _ in range(limit):
        record, state = await state_of(discord)
        assert record.status == GameStatus.ACTIVE
        if state.prompt is not None and state.prompt.kind == prompt:
            return state
        seat = state.waiting_for[0]
        move = GAMES["deuces"].suggest(state, seat)
        assert move is not None
        await play_own(discord, table, users[seat], str(move))
    raise AssertionError(f"the table never asked for {prompt}")


async def test_three_players_join_play_an_encounter_and_one_times_out(
    harness, make_bot, alice, bob, world, clock
) -> None:
    carol = world.add_user("carol")
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice, bob, carol)
        party = lobby.embed["fields"][0]["value"]
        assert "alice" in party and "bob" in party and "carol" in party
        picked = await discord.select(lobby, menu(lobby, 0), ["hedge_knight"], bob)
        assert picked.response_type == UPDATE_MESSAGE
        assert "**bob**: Hedge Knight" in picked.message.embed["fields"][0]["value"]
        picked = await discord.select(lobby, menu(lobby, 1), ["second_wind"], bob)
        assert "**bob**: Hedge Knight · Second Wind" in picked.message.embed["fields"][0]["value"]
        customs = menu(lobby, 1)
        unknown = customs[: -len("1")] + "7"  # a menu this lobby does not have
        forged_lobby = StoredMessage(
            payload=json.loads(json.dumps(lobby.payload).replace(customs, unknown))
        )
        forged = await discord.select(forged_lobby, unknown, ["second_wind"], bob)
        assert forged.ephemeral and "isn't on offer" in forged.content
        not_host = await discord.click(lobby, lobby.button("Start")["custom_id"], bob)
        assert not_host.ephemeral and "Only the host" in not_host.content
        started = await discord.click(lobby, lobby.button("Start")["custom_id"], alice)
        table = started.message
        assert table.id == lobby.id and table.heading.startswith("Dungeons & Deuces")
        assert "Waiting for" in facts_text(table)
        users = {0: alice, 1: bob, 2: carol}
        _, state = await state_of(discord)
        assert (state.players[1].klass.id, state.players[1].custom.id) == (
            "hedge_knight",
            "second_wind",
        )
        assert all(p.custom is not None for p in state.players), "unchosen: drawn by the seed"

        # A stranger has no hand; the awaited player does, and only they see it.
        stranger = world.add_user("dave")
        nope = await discord.click(table, table.button("🂠 My hand")["custom_id"], stranger)
        assert nope.ephemeral and "alice, bob and carol's game" in nope.content

        # Let the clock run out on whoever is awaited first: the GM answers for them.
        _, state = await state_of(discord)
        late = users[state.waiting_for[0]].name
        clock.advance(minutes=3)
        assert await discord.bot.router.lifecycle.time_out_turns() >= 1
        assert f"Time ran out for {late}" in table.text

        record = await play_sensibly(discord, table, users)
        assert record.status == GameStatus.FINISHED
        assert "Waiting for" not in facts_text(table), "nobody is awaited any more"
        results = await discord.bot.store.results(1)
        assert {r.user_id for r in results} == {alice.id, bob.id, carol.id}
        assert len({r.outcome for r in results}) == 1, "the party wins or loses together"


async def test_lobby_join_leave_and_the_host_closing_it(harness, make_bot, alice, bob) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice)
        twice = await discord.click(lobby, lobby.button("Join")["custom_id"], alice)
        assert twice.ephemeral and "already" in twice.content
        await discord.click(lobby, lobby.button("Join")["custom_id"], bob)
        await discord.click(lobby, lobby.button("Leave")["custom_id"], bob)
        assert "bob" not in lobby.embed["fields"][0]["value"]
        closed = await discord.click(lobby, lobby.button("Leave")["custom_id"], alice)
        assert "closed the lobby" in closed.message.content and closed.message.buttons == []
        assert (await discord.bot.store.get_game(1)).status == GameStatus.DECLINED


async def test_a_hand_click_after_the_table_moved_is_refused(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)
        [picture] = hand.message.attachments  # the hand, drawn
        assert picture["filename"] == "table.png" and hand.message.ephemeral
        hint = next(b for b in hand.message.buttons if b["label"].startswith("💡"))
        stale = StoredMessage(payload=dict(hand.message.payload))
        await discord.click(hand.message, hint["custom_id"], alice)
        again = await discord.click(stale, hint["custom_id"], alice)
        assert again.response_type == UPDATE_MESSAGE, "the stale hand is shown as it is now"
        assert "moved on" in again.followup.content and again.followup.ephemeral
        record = await discord.bot.store.get_game(1)
        assert all(f":{record.version}:" in cid for cid in again.message.custom_ids)


async def test_two_joins_at_once_both_count(harness, make_bot, alice, bob, world) -> None:
    import asyncio

    carol = world.add_user("carol")
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice)
        join = lobby.button("Join")["custom_id"]
        await asyncio.gather(
            discord.click(lobby, join, bob, settle=False),
            discord.click(lobby, join, carol, settle=False),
        )
        await discord.settle()
        record = await discord.bot.store.get_game(1)
        assert [p.display_name for p in record.players] == ["alice", "bob", "carol"]


async def test_an_unstarted_lobby_closes_and_the_sweep_goes_on(
    harness, make_bot, alice, clock
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice)
        clock.advance(minutes=30)
        await discord.bot.router.lifecycle.sweep()
        assert lobby.buttons, "a lobby waits as long as a game does"
        clock.advance(minutes=31)
        await discord.bot.router.lifecycle.sweep()
        assert "closed before anyone started it" in lobby.content and lobby.buttons == []


async def test_a_table_nobody_plays_expires_instead_of_playing_itself(
    harness, make_bot, alice, clock
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        assert "Waiting for" in facts_text(table)
        for _ in range(30):  # an hour and a half of sweeps every three minutes
            clock.advance(minutes=3)
            await discord.bot.router.lifecycle.sweep()
        record = await discord.bot.store.get_game(1)
        assert record.status == GameStatus.EXPIRED
        assert [r.outcome for r in await discord.bot.store.results(1)] == ["expired"]
        assert "Waiting for" not in facts_text(table), "a closed table waits on nobody"


async def test_the_deuces_rules_are_split_within_discords_limits(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        rules = await discord.slash("rules", alice, game="deuces")
        messages = [rules.message, *rules.followups]
        assert all(m.ephemeral for m in messages)
        for message in messages:
            size = sum(
                len(e.get("title", "")) + len(e.get("description", "") or "")
                for e in message.embeds
            )
            size += sum(
                len(f["name"]) + len(f["value"]) for e in message.embeds for f in e["fields"]
            )
            assert size <= 6000
        text = str([m.embeds for m in messages])
        assert "Rulings" in text and "Hit" in text and "My hand" in text


async def test_a_table_started_in_a_busy_channel_moves_to_a_thread(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice)
        await discord.slash("scoundrel new", alice)  # the channel is now busy
        started = await discord.click(lobby, lobby.button("Start")["custom_id"], alice)
        (thread,) = started.created_threads
        assert thread.mention in lobby.content and lobby.buttons == []
        (table,) = discord.messages_in(thread)
        assert table.heading.startswith("Dungeons & Deuces")
        record = await discord.bot.store.get_game(1)
        assert (record.status, record.channel_id, record.message_id) == (
            GameStatus.ACTIVE,
            thread.id,
            table.id,
        )


async def party_of_three(discord, world, alice, bob):
    """A table of three that alice, its host, has started: its message and its seats."""
    carol = world.add_user("carol")
    lobby = await open_table(discord, alice, bob, carol)
    table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
    return table, {0: alice, 1: bob, 2: carol}


async def test_the_party_is_told_whose_turn_it_is_by_one_line_at_a_time(
    harness, make_bot, alice, bob, world, clock
) -> None:
    async with harness.running(make_bot) as discord:
        table, users = await party_of_three(discord, world, alice, bob)

        def standing() -> list[str]:
            lines = discord.messages_in(table.channel_id)
            return [m.content for m in lines if "your turn" in m.content]

        def awaited() -> set[int]:
            return {users[seat].id for seat in state.acting()}

        _, state = await state_of(discord)
        expected = awaited() - {alice.id}  # the host who pressed Start is looking already
        if expected:
            (line,) = standing()
            assert {int(user) for user in re.findall(r"<@(\d+)>", line)} == expected
        clock.advance(minutes=3)
        await discord.bot.router.lifecycle.time_out_turns()
        _, state = await state_of(discord)
        if awaited():  # the table moved for them: everyone it now waits on is told afresh
            (line,) = standing()
            assert {int(user) for user in re.findall(r"<@(\d+)>", line)} == awaited()
        record = await play_sensibly(discord, table, users)
        assert record.status == GameStatus.FINISHED and standing() == []


async def test_players_are_warned_before_the_table_moves_for_them(
    harness, make_bot, alice, bob, world, clock
) -> None:
    async with harness.running(make_bot) as discord:
        table, users = await party_of_three(discord, world, alice, bob)
        lifecycle = discord.bot.router.lifecycle

        def warnings() -> list[str]:
            lines = discord.messages_in(table.channel_id)
            return [m.content for m in lines if m.content.startswith("⏳")]

        _, state = await state_of(discord)
        late = {users[seat] for seat in state.acting()}
        clock.advance(minutes=0.5)
        await lifecycle.sweep()
        assert warnings() == [], "too early: the next sweep would not move for them"
        clock.advance(minutes=0.75)  # 75 s of a 120 s turn: the next sweep will
        await lifecycle.sweep()
        (warning,) = warnings()
        assert all(f"<@{user.id}>" in warning for user in late)
        assert "about 45 s" in warning and "the table moves for you" in warning
        await lifecycle.sweep()
        assert len(warnings()) == 1, "one warning per move"
        clock.advance(minutes=1)
        await lifecycle.sweep()
        assert "Time ran out" in table.text
        assert warnings() == [], "once the table has moved, the warning goes"


def test_a_lobby_stored_with_one_pick_per_player_reads_it_as_the_first_menu() -> None:
    state = LobbyState.model_validate_json('{"variant": "encounter", "picks": {"5": "tinker"}}')
    lobby = GAMES["deuces"].info.lobby
    assert lobby is not None
    picks = state.picks_of(lobby, PlayerSeat(seat=0, user_id=5, display_name="ann"))
    assert picks == {"class": "tinker"}, "the custom ability is left to the seed"


async def test_deuces_new_takes_the_engines_options(harness, make_bot, alice) -> None:
    async with harness.running(make_bot) as discord:
        options = {"level": 2, "difficulty": -1, "enemies": 3, "levelling": 1}
        lobby = (await discord.slash("deuces new", alice, **options)).message
        title = lobby.embed["title"]
        assert "level 2" in title and "difficulty -1" in title
        assert "The Clockwork Vault" in title and "After every encounter" in title
        await discord.click(lobby, lobby.button("Start")["custom_id"], alice)
        _, state = await state_of(discord)
        assert state.options.enemy_set == "clockwork_vault" and state.options.modifier == -1
        assert state.options.level_every_encounter and state.level == 2
        wrong = await discord.slash("deuces new", alice, enemies=9)
        assert wrong.ephemeral, "a value off the menu is refused"


async def test_one_player_runs_two_heroes_and_plays_both(harness, make_bot, alice, bob) -> None:
    async with harness.running(make_bot) as discord:
        lobby = await open_table(discord, alice)
        picked = await discord.select(lobby, menu(lobby, 0), ["tinker", "herbalist"], alice)
        assert picked.response_type == UPDATE_MESSAGE
        party = lobby.embed["fields"][0]["value"]
        assert "**alice**: Tinker" in party and "**alice**: Herbalist" in party
        await discord.click(lobby, lobby.button("Join")["custom_id"], bob)
        three = ["tinker", "cutpurse", "bellringer"]
        fills = await discord.select(lobby, menu(lobby, 0), three, bob)
        assert fills.response_type == UPDATE_MESSAGE, "two and three heroes: five seats"
        crowded = await discord.select(lobby, menu(lobby, 0), three, alice)
        assert crowded.ephemeral and "full" in crowded.content, "three and three: too many"
        await discord.click(lobby, lobby.button("Leave")["custom_id"], bob)
        table = (await discord.click(lobby, lobby.button("Start")["custom_id"], alice)).message
        record, state = await state_of(discord)
        assert [p.user_id for p in record.players] == [alice.id, alice.id]
        assert [p.klass.id for p in state.players] == ["tinker", "herbalist"]
        assert "alice's Tinker" in facts_text(table), "each hero named by its class"
        played = None
        for _ in range(40):  # alice plays her first hero until the table waits on her second
            _, state = await state_of(discord)
            if state.waiting_for[0] == 1:
                break
            hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)
            assert hand.message.embed["title"] == "Your hand: Tinker"
            hint = next(b for b in hand.message.buttons if b["label"].startswith("💡"))
            played = await discord.click(hand.message, hint["custom_id"], alice)
        _, state = await state_of(discord)
        assert state.waiting_for[0] == 1 and played is not None
        assert played.message.embed["title"] == "Your hand: Herbalist", "the next hero's hand"
        record = await play_sensibly(discord, table, {0: alice, 1: alice})
        assert record.status == GameStatus.FINISHED
        results = await discord.bot.store.results(1)
        assert [r.user_id for r in results] == [alice.id], "one result for one person"
