"""/history and replays through the offline Discord, on both stores."""

from __future__ import annotations

import re

import pytest

from cogs.context import match_of
from cogs.replay_steps import Replay
from cogs.replays import replay_id
from tests.discord.replayed import Kind, every_kind, record_game
from tests.harness import StoredMessage

GUILD_GAMES = 7


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
