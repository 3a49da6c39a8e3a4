"""Every Dungeons & Deuces mode on a board, through /leaderboard: single encounters and the
Quest for Power by the level reached, then the fewest falls; the Traditional Quest by score;
every player of a party credited."""

import re

from storage import GameStatus
from tests.discord.test_deuces_discord import play_sensibly, state_of


def board_lines(result) -> list[str]:
    return result.message.embed["description"].splitlines()


def ranked(result) -> list[tuple[str, str]]:
    """(player, what the board says of their best) for each line of the page."""
    found = [re.search(r"\*\*(\w+)\*\*: (.+) \(\d+ games?\)", line) for line in board_lines(result)]
    return [(m.group(1), m.group(2)) for m in found if m]


async def start(discord, host, *others, **options):
    """A table opened with these options, joined by the others, started by its host."""
    lobby = (await discord.slash("deuces new", host, **{"level": 1, **options})).message
    for user in others:
        await discord.click(lobby, lobby.button("Join")["custom_id"], user)
    return (await discord.click(lobby, lobby.button("Start")["custom_id"], host)).message


async def test_encounters_rank_by_level_then_falls_and_a_party_is_credited_together(
    harness, make_bot, alice, bob, world
) -> None:
    carol = world.add_user("carol")
    async with harness.running(make_bot) as discord:
        table = await start(discord, alice)
        record = await play_sensibly(discord, table, {0: alice})
        assert record.status == GameStatus.FINISHED
        _, played = await state_of(discord, record.id)
        alice_falls = 0 if played.outcome is not None and played.outcome.value == "won" else 1

        # bob and carol give up a level-3 encounter: both on the board, a fall each.
        await start(discord, bob, carol, level=3)
        await discord.slash("game abandon", bob)
        [bob_row, carol_row] = await discord.bot.store.results(2)
        assert (bob_row.score, bob_row.tiebreak) == (carol_row.score, carol_row.tiebreak) == (3, 1)

        board = await discord.slash("leaderboard", alice, game="deuces-encounter")
        assert "Dungeons & Deuces encounters · Encounter · all time" in board.message.embed["title"]
        alice_best = f"{played.level} · {alice_falls} fall" + ("s" if alice_falls != 1 else "")
        assert ranked(board) == [
            ("bob", "3 · 1 fall"),
            ("carol", "3 · 1 fall"),
            ("alice", alice_best),
        ], "the higher level first; both players of the party share its result"
        assert board_lines(board)[-1] == f"You (alice): #3 of 3, level {alice_best}"
        footer = board.message.embed["footer"]["text"]
        assert "best level counts, then fewest falls" in footer


async def test_the_quest_for_power_and_the_traditional_quest_have_their_boards(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        await start(discord, alice, mode="quest-beginner", level=2)
        await discord.slash("game abandon", alice)
        await start(discord, bob, mode="quest-hardcore")
        await discord.slash("game abandon", bob)
        await start(discord, alice, bob, mode="quest")
        await discord.slash("game abandon", alice)

        beginner = await discord.slash("leaderboard", bob, game="deuces-power")
        assert "Quest for Power · Quest-Beginner" in beginner.message.embed["title"]
        assert ranked(beginner) == [("alice", "2 · 1 fall")], "giving up counts as a fall"
        assert board_lines(beginner)[-1] == "You (bob): not on this board yet."
        hardcore = await discord.slash(
            "leaderboard", bob, game="deuces-power", variant="quest-hardcore"
        )
        assert ranked(hardcore) == [("bob", "1 · 1 fall")]
        quest = await discord.slash("leaderboard", bob, game="deuces-quest")
        assert "Traditional Quest" in quest.message.embed["title"]
        assert sorted(name for name, _ in ranked(quest)) == ["alice", "bob"]
        _, explored = await state_of(discord, 3)
        assert explored.score > 0, "a room found scores"
        assert all(best == str(explored.score) for _, best in ranked(quest)), "by its score"
        offered = await discord.autocomplete(
            "leaderboard", bob, focused="variant", game="deuces-power", variant=""
        )
        assert [c["value"] for c in offered.choices] == ["quest-beginner", "quest-hardcore"]


async def test_a_game_played_with_a_hint_stays_off_the_level_boards(
    harness, make_bot, alice
) -> None:
    async with harness.running(make_bot) as discord:
        await start(discord, alice, level=2)
        record = await discord.bot.store.get_game(1)
        await discord.bot.store.count_hint(record.id)
        await discord.slash("game abandon", alice)
        board = await discord.slash("leaderboard", alice, game="deuces-encounter")
        assert ranked(board) == []
        stats = await discord.slash("stats", alice)
        assert stats.message.embed["fields"][0]["value"].startswith("1 game · ")
