"""Duel of the Duos through the offline Discord: `/deuces duel @player` accepted, declined or
left to expire; the sealed draft made from private hands with a restart between the two
choices; a whole duel played to its end with hints, rated onto its own board."""

import copy
import json

from bot.games.registry import GAMES
from cogs.router import ROUTES
from storage import GameStatus
from tests.discord.challenges import assert_expires_unanswered
from tests.discord.hands import play_from_hand
from tests.discord.tables import facts_text
from tests.discord.test_deuces_discord import UPDATE_MESSAGE, play_sensibly, state_of
from tests.harness import StoredMessage


async def duel(discord, alice, bob):
    issued = await discord.slash("deuces duel", alice, opponent=bob)
    assert not issued.ephemeral
    assert f"<@{bob.id}>" in issued.content and "Dungeons & Deuces duel" in issued.content
    assert [b["label"] for b in issued.message.buttons] == ["Accept", "Decline"]
    return issued.message


async def test_a_duel_is_drafted_in_private_and_played_to_the_rated_board(
    harness, make_bot, alice, bob, clock
) -> None:
    async with harness.running(make_bot) as discord:
        message = await duel(discord, alice, bob)
        record = await discord.bot.store.get_game(1)
        assert [p.user_id for p in record.players] == [alice.id, alice.id, bob.id, bob.id]
        own = await discord.click(message, message.button("Accept")["custom_id"], alice)
        assert own.ephemeral and "Only" in own.content
        accepted = await discord.click(message, message.button("Accept")["custom_id"], bob)
        assert accepted.response_type == UPDATE_MESSAGE
        table = accepted.message
        assert "Duel of the Duos" in table.heading
        _, state = await state_of(discord)
        offered = [k.name for k in state.offers[0].classes]
        assert not any(name in facts_text(table) for name in offered), "the draft is sealed"
        assert not [b for b in table.buttons if b["label"].startswith("Keep")]

        hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)
        assert hand.ephemeral
        drawn = [f["name"] for f in hand.message.embed["fields"]]
        assert [f"Class: {name}" for name in offered] == drawn[:3] and len(drawn) == 6
        keeps = [b for b in hand.message.buttons if "Keep" in b["label"]]
        assert len(keeps) == 18, "3 pairs of classes x 6 ways to give them customs"
        first = state.offers[0].classes[0].name
        chosen = next(b for b in keeps if b["label"].startswith(f"Keep {first} + "))
        kept = await discord.click(hand.message, chosen["custom_id"], alice)
        assert kept.response_type == UPDATE_MESSAGE

    async with harness.running(make_bot) as discord:  # a new process: the sealed keep is stored
        _, state = await state_of(discord)
        assert state.prompt is not None and list(state.prompt.kept) == [0]
        assert first not in facts_text(table), "still sealed until both have chosen"
        clock.advance(minutes=3)  # bob lets his draft time out: the hint keeps for him
        assert await discord.bot.router.lifecycle.time_out_turns() >= 1
        _, state = await state_of(discord)
        assert state.prompt is not None and state.prompt.kind == "initiative"
        assert first in facts_text(table), "both choices shown together"
        record = await play_sensibly(discord, table, {0: alice, 1: alice, 2: bob, 3: bob}, 4_000)
        assert record.status == GameStatus.FINISHED
        state = GAMES["deuces"].load(record.state)
        assert state.players[0].klass.name == first
        assert max(state.wins) == 3 and 3 <= state.encounter <= 5
        winner, loser = (alice, bob) if state.wins[0] == 3 else (bob, alice)
        results = {r.user_id: r for r in await discord.bot.store.results(1)}
        assert results[winner.id].outcome == "won" and results[loser.id].outcome == "lost"
        ratings = await discord.bot.store.ratings(
            record.guild_id, "deuces-duel", [alice.id, bob.id]
        )
        assert set(ratings) == {alice.id, bob.id}
        assert all(r.games == 1 for r in ratings.values())
        assert ratings[winner.id].mu > ratings[loser.id].mu
        board = await discord.slash("leaderboard", alice, game="deuces-duel")
        assert board.embed["title"].startswith("🏆 Duel of the Duos ratings")
        assert "alice" in board.embed["description"] and "bob" in board.embed["description"]
        assert any(b["label"] == "Rematch" for b in table.buttons)
        rematch = await discord.click(table, table.button("Rematch")["custom_id"], bob)
        assert "**bob** challenges you" in rematch.message.content
        again = await discord.bot.store.get_game(2)
        assert [p.user_id for p in again.players] == [bob.id, bob.id, alice.id, alice.id]


async def test_a_duel_declined_and_one_left_to_expire(
    harness, make_bot, alice, bob, clock, world
) -> None:
    carol = world.add_user("carol")
    async with harness.running(make_bot) as discord:
        message = await duel(discord, alice, bob)
        stranger = await discord.click(message, message.button("Decline")["custom_id"], carol)
        assert stranger.ephemeral and "between alice and" in stranger.content
        declined = await discord.click(message, message.button("Decline")["custom_id"], bob)
        assert "bob** declined" in declined.message.content and declined.message.buttons == []
        assert (await discord.bot.store.get_game(1)).status == GameStatus.DECLINED

        message = await duel(discord, alice, bob)
        await assert_expires_unanswered(discord, clock, message, bob, game_id=2)

        message = await duel(discord, alice, bob)
        await discord.click(message, message.button("Accept")["custom_id"], bob)
        abandoned = await discord.slash("game abandon", bob)
        assert "Abandoned" in abandoned.content
        results = {r.user_id: r.outcome for r in await discord.bot.store.results(3)}
        assert results == {alice.id: "won", bob.id: "abandoned"}
        record = await discord.bot.store.get_game(3)
        ratings = await discord.bot.store.ratings(
            record.guild_id, "deuces-duel", [alice.id, bob.id]
        )
        assert ratings[alice.id].mu > ratings[bob.id].mu, "the one who left loses, rated"


async def test_new_offers_the_party_modes_and_a_duel_is_only_a_challenge(
    harness, make_bot, alice
) -> None:
    assert "duel" not in [v.key for v in GAMES["deuces"].info.new_variants]
    async with harness.running(make_bot) as discord:
        lobby = (await discord.slash("deuces new", alice)).message
        join = lobby.button("Join")["custom_id"]
        forged = join.replace(":join", ":accept")
        forged_lobby = StoredMessage(
            payload=json.loads(json.dumps(lobby.payload).replace(join, forged))
        )
        refused = await discord.click(forged_lobby, forged, alice)
        assert refused.ephemeral, "a lobby takes no challenge's answer"
        assert (await discord.bot.store.get_game(1)).status == GameStatus.PENDING


def test_a_challenge_word_only_reaches_a_duel_and_a_lobby_word_only_a_lobby() -> None:
    info = GAMES["deuces"].info
    for word in ("accept", "decline", "rematch"):
        route = ROUTES[word]
        assert route.variant(info, "duel") and not route.variant(info, "encounter")
    for word in ("join", "start"):
        assert ROUTES[word].variant(info, "loot") and not ROUTES[word].variant(info, "duel")


def forged(custom_id: str, version: int | None = None, text: str | None = None) -> str:
    """A hand button's custom_id with another version or move: what a tampered client sends."""
    kind, game_id, old, *move = custom_id.split(":")
    action = text.replace(".", ":", 1) if text is not None else ":".join(move)
    return ":".join([kind, game_id, str(old if version is None else version), action])


def tampered(message: StoredMessage, old: str, new: str) -> StoredMessage:
    """The message as a tampered client shows it: one button's custom_id swapped for another."""
    return StoredMessage(payload=json.loads(json.dumps(message.payload).replace(old, new)))


async def test_bad_clicks_in_a_duel_are_answered_in_private_and_change_nothing(
    harness, make_bot, alice, bob, world
) -> None:
    carol = world.add_user("carol")
    async with harness.running(make_bot) as discord:
        message = await duel(discord, alice, bob)
        table = (await discord.click(message, message.button("Accept")["custom_id"], bob)).message
        stranger = await discord.click(table, table.button("🂠 My hand")["custom_id"], carol)
        assert stranger.ephemeral and "alice and bob's game" in stranger.content

        mine = await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)
        theirs = await discord.click(table, table.button("🂠 My hand")["custom_id"], bob)
        keep = next(b for b in mine.message.buttons if "Keep" in b["label"])["custom_id"]
        version = (await state_of(discord))[0].version

        hand_button = table.button("🂠 My hand")["custom_id"]
        meddler = await discord.click(tampered(table, hand_button, keep), keep, carol)
        assert meddler.ephemeral and "alice and bob's game" in meddler.content
        assert (await state_of(discord))[0].version == version, "a stranger changes nothing"

        first = StoredMessage(payload=copy.deepcopy(mine.message.payload))
        kept = await discord.click(mine.message, keep, alice)
        assert kept.response_type == UPDATE_MESSAGE
        double = await discord.click(first, keep, alice)
        assert double.followup.ephemeral and "moved on" in double.followup.content
        record, state = await state_of(discord)
        assert record.version == version + 1 and list(state.prompt.kept) == [0]

        again = forged(keep, record.version)
        refused = await discord.click(tampered(first, keep, again), again, alice)
        assert refused.ephemeral and "not your turn" in refused.content
        offered = next(b for b in theirs.message.buttons if "Keep" in b["label"])["custom_id"]
        for text in ("keep.0.0.1.1", "keep.9", "extra.2"):
            bad = forged(offered, record.version, text)
            refused = await discord.click(tampered(theirs.message, offered, bad), bad, bob)
            assert refused.ephemeral and "can't do that now" in refused.content, text
        gone = forged(offered).replace(":1:", ":99:", 1)
        unknown = await discord.click(tampered(theirs.message, offered, gone), gone, bob)
        assert unknown.ephemeral and "no longer exists" in unknown.content
        assert (await state_of(discord))[0].version == record.version, "nothing was played"

        # bob's hand was shown before alice kept: his choice is sealed and nothing it was
        # made from has changed, so it plays as it is
        sealed = await discord.click(theirs.message, offered, bob)
        assert sealed.response_type == UPDATE_MESSAGE and not sealed.followups
        record, state = await state_of(discord)
        assert state.prompt is not None and state.prompt.kind == "initiative"

        mine = await discord.click(table, table.button("🂠 My hand")["custom_id"], alice)
        theirs = await discord.click(table, table.button("🂠 My hand")["custom_id"], bob)
        draw = next(b for b in mine.message.buttons if b["label"] == "Draw for initiative")
        concede = next(b for b in theirs.message.buttons if "Concede" in b["label"])
        early = StoredMessage(payload=copy.deepcopy(mine.message.payload))
        await discord.click(mine.message, draw["custom_id"], alice)
        late = await discord.click(early, draw["custom_id"], alice)
        assert late.followup.ephemeral and "moved on" in late.followup.content, "a double click"
        answered = await discord.click(theirs.message, concede["custom_id"], bob)
        assert answered.response_type == UPDATE_MESSAGE and not answered.followups
        _, state = await state_of(discord)
        assert state.prompt is not None and state.prompt.kind == "extra"
        assert state.first_side == 0, "alice drew, bob conceded: alice has initiative"


async def test_a_duel_left_waiting_on_one_player_is_lost_by_them_and_rated(
    harness, make_bot, alice, bob, clock
) -> None:
    async with harness.running(make_bot) as discord:
        message = await duel(discord, alice, bob)
        table = (await discord.click(message, message.button("Accept")["custom_id"], bob)).message
        users = {0: alice, 1: alice, 2: bob, 3: bob}
        for _ in range(200):  # sensible moves until the table waits on both heroes of a side
            record, state = await state_of(discord)
            if state.prompt is not None and state.prompt.kind == "open":
                break
            seat = state.waiting_for[0]
            move = GAMES["deuces"].suggest(state, seat)
            assert move is not None
            await play_from_hand(discord, table, users[seat], str(move))  # a duel offers no 💡
        assert len(state.waiting_for) == 2, "one player, both of their heroes"
        stalled = users[state.waiting_for[0]]
        rival = bob if stalled is alice else alice
        clock.advance(minutes=61)  # nobody moved for longer than a game waits
        late = await discord.slash("game resume", rival, channel=record.channel_id)
        assert late.ephemeral and "expired" in late.content
        assert (await discord.bot.store.get_game(1)).status == GameStatus.EXPIRED
        results = {r.user_id: r.outcome for r in await discord.bot.store.results(1)}
        assert results == {stalled.id: "expired", rival.id: "won"}
        ratings = await discord.bot.store.ratings(
            record.guild_id, "deuces-duel", [alice.id, bob.id]
        )
        assert ratings[rival.id].mu > ratings[stalled.id].mu, "the one kept waiting wins"


async def test_a_duel_both_players_left_expires_lost_by_both_and_unrated(
    harness, make_bot, alice, bob, clock
) -> None:
    async with harness.running(make_bot) as discord:
        message = await duel(discord, alice, bob)
        table = (await discord.click(message, message.button("Accept")["custom_id"], bob)).message
        for _ in range(30):  # an hour and a half of sweeps every three minutes
            clock.advance(minutes=3)
            await discord.bot.router.lifecycle.sweep()
        record = await discord.bot.store.get_game(1)
        assert record.status == GameStatus.EXPIRED
        results = {r.user_id: r.outcome for r in await discord.bot.store.results(1)}
        assert results == {alice.id: "expired", bob.id: "expired"}
        ratings = await discord.bot.store.ratings(
            record.guild_id, "deuces-duel", [alice.id, bob.id]
        )
        assert not ratings, "nobody stayed to win it: unrated"
        assert "Expired" in facts_text(table) or "Expired" in table.text
