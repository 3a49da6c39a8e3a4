"""/history and replays through the offline Discord, on both stores."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import discord
import pytest

from bot.games.registry import GAMES
from cogs.context import match_of
from cogs.replay_steps import Replay
from cogs.replays import replay_id, replay_message, viewer_seat
from tests.discord.replayed import Kind, every_kind, record_game
from tests.discord.stores import set_column
from tests.discord.test_boards_discord import play_out
from tests.discord.test_scoundrel_discord import REPLAY, SAME_DEAL
from tests.harness import StoredMessage

GUILD_GAMES = 7


def world_message(discord, message: StoredMessage) -> StoredMessage:
    """The message as Discord holds it now (edited since it was read)."""
    return discord.world.message(message.id)


def guild_of(world) -> int:
    return world.channel.guild.id


def byline(message: StoredMessage) -> str:
    return next(text for text in message.texts if text.startswith("-# Replay of game"))


def step_of(message: StoredMessage) -> tuple[int, int]:
    found = re.search(r"step (\d+)/(\d+)", byline(message))
    assert found, message.text
    return int(found.group(1)), int(found.group(2))


def history_lines(message: StoredMessage) -> list[str]:
    return [line for line in message.embed["description"].splitlines() if line.startswith("**#")]


async def test_history_pages_newest_first_with_results_dates_and_links(
    harness, make_bot, alice, bob, world
) -> None:
    async with harness.running(make_bot) as discord:
        store = discord.bot.store
        guild = guild_of(world)
        recorded = []
        for n in range(GUILD_GAMES):
            kind = Kind("scoundrel", "classic", 1) if n % 2 else Kind("dragons", "solo", 1)
            record = await record_game(
                store, kind, [alice.id], seed=n + 1, guild_id=guild, channel_id=world.channel.id
            )
            await store.set_message(record.id, world.channel.id, 900 + n)
            recorded.append(record)
        elsewhere = await record_game(
            store, Kind("scoundrel", "classic", 1), [alice.id], guild_id=guild + 1, channel_id=5
        )

        first = await discord.slash("history", alice)
        assert first.ephemeral
        lines = history_lines(first.message)
        newest = [r.id for r in reversed(recorded)]
        assert [int(re.match(r"\*\*#(\d+)", line).group(1)) for line in lines] == newest[:5]
        assert f"#{elsewhere.id}" not in first.message.embed["description"], "another server's"
        top = lines[0]
        assert re.search(r"(Won|Lost), -?\d+", top), top
        assert "<t:" in top, "the date, as each reader's clock shows it"
        link = f"https://discord.com/channels/{guild}/{world.channel.id}/{900 + GUILD_GAMES - 1}"
        assert link in top
        assert first.message.embed["footer"]["text"].startswith("Page 1/2 · 7 games")

        older = await discord.click(
            first.message, first.message.button("Older ▶")["custom_id"], alice
        )
        assert older.response_type == 7
        assert len(history_lines(older.message)) == 2
        assert older.message.embed["footer"]["text"].startswith("Page 2/2")

        only = await discord.slash("history", bob, player=alice, game="dragons")
        only_lines = history_lines(only.message)
        assert len(only_lines) == 4 and all(
            "Diamonds" in line or "Dragons" in line for line in only_lines
        )

        empty = await discord.slash("history", bob)
        assert "No finished games here yet." in empty.message.embed["description"]

    async with harness.running(make_bot) as discord:  # a restart: the old page still turns
        newer = older.message.button("◀ Newer")["custom_id"]
        again = await discord.click(older.message, newer, alice)
        assert len(history_lines(again.message)) == 5

        chosen = await discord.select(
            again.message,
            next(c for c in again.message.custom_ids if c.startswith("hi:") and ":replay:" in c),
            [str(newest[0])],
            alice,
        )
        assert chosen.ephemeral and step_of(chosen.message) == (0, step_of(chosen.message)[1])


@pytest.mark.parametrize("kind", every_kind(), ids=str)
async def test_a_replay_of_every_game_steps_to_its_stored_end(
    harness, make_bot, alice, bob, world, kind
) -> None:
    users = [alice.id, bob.id, *(world.add_user(f"p{n}").id for n in range(kind.seats - 2))]
    async with harness.running(make_bot) as discord:
        store = discord.bot.store
        record = await record_game(
            store, kind, users, guild_id=guild_of(world), channel_id=world.channel.id
        )
        actions = await store.actions(record.id)
        steps = list(Replay(record, actions).steps())
        assert [s.number for s in steps] == list(range(len(actions) + 1))
        final = steps[-1].match
        assert final.dump() == record.state, "the replay ends where the game ended"
        assert final.results() == match_of(record).results()

        opened = await discord.slash("replay", bob, game=record.id)
        assert opened.ephemeral and step_of(opened.message) == (0, len(actions))
        forward = await discord.click(opened.message, opened.message.button("▶")["custom_id"], bob)
        assert forward.response_type == 7 and step_of(forward.message) == (1, len(actions))
        end = await discord.click(forward.message, forward.message.button("⏭")["custom_id"], bob)
        assert step_of(end.message) == (len(actions), len(actions))
        assert (
            end.message.texts[0]
            == f"### {final.table([p.display_name for p in record.players]).title}"
        )
        back = await discord.click(end.message, end.message.button("◀")["custom_id"], bob)
        assert step_of(back.message) == (len(actions) - 1, len(actions))


async def test_replays_refuse_running_foreign_and_unknown_games_and_stale_buttons_answer(
    harness, make_bot, alice, bob, world
) -> None:
    async with harness.running(make_bot) as discord:
        store = discord.bot.store
        guild = guild_of(world)
        running = await discord.slash("scoundrel new", alice)
        live_id = int(re.search(r"Game #(\d+)", running.message.text).group(1))
        refused = await discord.slash("replay", alice, game=live_id)
        assert refused.ephemeral and "still being played" in refused.content

        kind = Kind("scoundrel", "classic", 1)
        foreign = await record_game(store, kind, [alice.id], guild_id=guild + 1, channel_id=77)
        other = await discord.slash("replay", alice, game=foreign.id)
        assert "another server" in other.content

        broken = await record_game(store, kind, [alice.id], guild_id=guild, channel_id=79)
        await set_column(store, broken.id, "state", '{"not": "a table"}')
        unloadable = await discord.slash("replay", alice, game=broken.id)
        assert unloadable.ephemeral and "can no longer be loaded" in unloadable.content

        unknown = await discord.slash("replay", alice, game=999_999)
        assert (
            unknown.content
            == "There is no game #999999. `/history` lists your games with their numbers."
        )

        done = await record_game(store, kind, [alice.id], guild_id=guild, channel_id=78)
        opened = await discord.slash("replay", bob, game=done.id)
        last = step_of(opened.message)[1]
        forged = replay_id(done.id, 10_000, "next")
        far = await discord.click(opened.message, forged, bob, check=False)
        assert far.ephemeral and "isn't one of mine" in far.content, "not on its message"
        assert Replay(done, await store.actions(done.id)).at(10_000).number == last
        forward = opened.message.button("▶")["custom_id"]

    async with harness.running(make_bot) as discord:  # a restart: the replay's buttons still go
        stepped = await discord.click(opened.message, forward, bob)
        assert step_of(stepped.message) == (1, last)
        onward = stepped.message.button("▶")["custom_id"]
        again = await discord.click(stepped.message, onward, bob)
        assert step_of(again.message) == (min(2, last), last)


def hidden_kinds() -> list[Kind]:
    """Every game and mode whose seats hold hands only they see."""
    return [kind for kind in every_kind() if GAMES[kind.game].info.private_hands]


def layout_text(fields) -> str:
    """Every text a replay message shows (its picture draws the public table only)."""
    return "\n".join(
        item.content
        for item in fields["view"].walk_children()
        if isinstance(item, discord.ui.TextDisplay)
    )


@pytest.mark.parametrize("kind", hidden_kinds(), ids=str)
async def test_hidden_hands_never_show_in_another_players_replay(
    harness, make_bot, alice, bob, world, kind
) -> None:
    """At every step, each viewer's replay shows their own seat's hand and no other seat's:
    a hand is told by its cards in order, on a line of its own, which nothing public spells
    out the same way."""
    seats = max(kind.seats, 2) if GAMES[kind.game].info.variant(kind.variant).seats.max > 1 else 1
    kind = Kind(kind.game, kind.variant, seats)
    people = [alice, bob, *(world.add_user(f"p{n}") for n in range(seats - 2))][:seats]
    outsider = world.add_user("outsider")
    async with harness.running(make_bot) as discord:
        store = discord.bot.store
        record = await record_game(
            store, kind, [p.id for p in people], guild_id=guild_of(world), channel_id=4242
        )
        replay = Replay(record, await store.actions(record.id))
        final = match_of(record)
        names = [p.display_name for p in record.players]
        shown_own = 0
        for step in replay.steps():
            hands = {
                seat: hand.description
                for seat in range(seats)
                if (hand := step.match.hand(seat, [], names, hints=False)) is not None
                and hand.description
            }
            for viewer in [*people, outsider]:
                text = (
                    "\n" + layout_text(await replay_message(replay, step, viewer.id, final)) + "\n"
                )
                own = viewer_seat(record, step.match, viewer.id)
                for seat, cards in hands.items():
                    if seat == own:
                        assert f"\n{cards}\n" in text
                        shown_own += 1
                    elif hands.get(own) != cards:
                        assert f"\n{cards}\n" not in text, (
                            f"seat {seat}'s hand in {viewer.name}'s replay"
                        )
        assert shown_own > 0, "a player sees their own hand in their own replay"

        end = await discord.slash("replay", outsider, game=record.id)
        last = await discord.click(end.message, end.message.button("⏭")["custom_id"], outsider)
        assert "only you see it" not in last.message.text


async def test_a_friend_plays_the_same_deal_and_the_scores_are_compared(
    harness, make_bot, alice, bob, seeds
) -> None:
    seeds += [41, 99]
    async with harness.running(make_bot) as discord:
        store = discord.bot.store
        started = await discord.slash("scoundrel new", alice)
        finished = await play_out(discord, started.message, alice)
        own = await store.active_games_of(alice.id)
        assert own == [], "alice's game is over"

        replay = await discord.click(finished, finished.button(REPLAY)["custom_id"], bob)
        assert replay.ephemeral and step_of(replay.message)[0] == 0, "anyone here may replay it"

        offer_id = finished.button(SAME_DEAL)["custom_id"]
        by_bob = await discord.click(finished, offer_id, bob)
        assert by_bob.ephemeral and "Only alice" in by_bob.content
        offer = await discord.click(finished, offer_id, alice)
        assert not offer.ephemeral and "alice** challenges a friend" in offer.content
        play = offer.message.button("Play this deal")["custom_id"]
        mine = await discord.click(offer.message, play, alice)
        assert mine.ephemeral and "your own deal" in mine.content

        taken = await discord.click(offer.message, play, bob)
        assert not taken.ephemeral, "bob's table, in the channel"
        assert "A friend's deal, played again: not ranked" in taken.message.text
        bobs = (await store.active_games_of(bob.id))[0]
        alices = await store.get_game(bobs.id - 1)
        assert (bobs.seed, bobs.variant) == (alices.seed, alices.variant) == (41, "classic")
        challenge = world_message(discord, offer.message)
        assert f"their game is #{bobs.id}" in challenge.content
        compare = challenge.button("Compare scores")["custom_id"]
        early = await discord.click(challenge, compare, alice)
        assert early.ephemeral and "still going" in early.content

        await play_out(discord, taken.message, bob)

    async with harness.running(make_bot) as discord:  # the comparison survives a restart
        compared = await discord.click(challenge, compare, alice)
        assert compared.response_type == 7
        scores = dict(
            (name, int(score))
            for name, score in re.findall(r"\*\*(\w+)\*\* (-?\d+)", compared.content)
        )
        results = {
            "alice": (await discord.bot.store.results(alices.id))[0].score,
            "bob": (await discord.bot.store.results(bobs.id))[0].score,
        }
        assert scores == results
        board = await discord.slash("leaderboard", bob, game="scoundrel")
        shown = str(board.message.embed)
        assert "You (bob): not on this board yet" in shown, "a friend's go is not ranked"
        stats = await discord.slash("stats", bob)
        assert "1 game" in str(stats.message.embed), "but it counts in bob's stats"
        first = re.search(r"\*\*(\w+)\*\*", compared.content).group(1)
        assert results[first] == max(results.values()), "the better score first"
        assert compared.message.buttons == []


async def test_a_replay_plays_a_seat_that_left_and_turns_that_timed_out(
    harness, make_bot, alice, bob, world
) -> None:
    carol, dave = world.add_user("carol"), world.add_user("dave")
    kind = Kind("rpg", "classic", 4)
    async with harness.running(make_bot) as discord:
        store = discord.bot.store
        record = await record_game(
            store,
            kind,
            [alice.id, bob.id, carol.id, dave.id],
            guild_id=guild_of(world),
            channel_id=4343,
            time_out_at=1,
            leave_at=2,
        )
        logged = [a.action for a in await store.actions(record.id)]
        assert logged[1].startswith("timeout @") and logged[2] == "leave"
        steps = list(Replay(record, await store.actions(record.id)).steps())
        assert steps[-1].match.dump() == record.state
        assert steps[2].lines[0].startswith("⏳ Time ran out for")
        assert steps[3].lines[0].startswith("🏳️ player3 left the game")


async def test_a_lost_solo_deal_jumps_to_the_move_where_the_win_went(
    harness, make_bot, alice, world
) -> None:
    async with harness.running(make_bot) as discord:
        store = discord.bot.store
        record = await record_game(
            store,
            Kind("dragons", "solo", 1),
            [alice.id],
            seed=1,
            guild_id=guild_of(world),
            channel_id=1,
        )
        final = match_of(record)
        moves = [a.action for a in await store.actions(record.id)]
        verdict = final.hindsight(final.setup("solo", 1), moves)
        assert verdict is not None and verdict.lost_move is not None, "a winnable deal, lost"

        opened = await discord.slash("replay", alice, game=record.id)
        jumped = await discord.click(
            opened.message, opened.message.button("🔍 Where the win went")["custom_id"], alice
        )
        assert step_of(jumped.message) == (verdict.lost_move + 1, len(moves))


async def test_a_daily_deal_replays_once_its_day_is_over(
    harness, make_bot, alice, bob, world, clock
) -> None:
    today = datetime.fromtimestamp(clock(), UTC).date().isoformat()
    async with harness.running(make_bot) as discord:
        record = await record_game(
            discord.bot.store,
            Kind("scoundrel", "classic", 1),
            [alice.id],
            guild_id=guild_of(world),
            channel_id=world.channel.id,
            daily=today,
        )
        for asker in (alice, bob):
            early = await discord.slash("replay", asker, game=record.id)
            assert early.ephemeral and f"is {today}'s daily deal" in early.content
        clock.advance(24 * 60)
        opened = await discord.slash("replay", bob, game=record.id)
        assert opened.ephemeral and step_of(opened.message)[0] == 0
