"""Masters & Monsters is rated through the offline Discord: a table of three people brought to
its last loot step finishes in the order the game ranks them, moves all three ratings in that
order and shows on its own board and in `/stats`; a player who abandons a table loses rating,
and the others, who played on, gain it."""

from bot.games.cards import cards
from bot.games.deuces import flow
from bot.games.deuces.state import Loot, LootPrompt, Phase, Tier
from bot.ratings import MODEL
from storage import GameStatus
from tests.discord.positions import put_state
from tests.discord.test_deuces_discord import play_sensibly, state_of

POOL = "deuces-masters"


async def masters_table(discord, host, *others):
    """A Masters & Monsters table of the host and the others (in seat order), one Epic to win."""
    lobby = (await discord.slash("deuces new", host, mode="masters", epics=1)).message
    for user in others:
        await discord.click(lobby, lobby.button("Join")["custom_id"], user)
    return (await discord.click(lobby, lobby.button("Start")["custom_id"], host)).message


async def to_the_last_loot_step(discord, loot: list[str]) -> None:
    """The first encounter over and cleared, each seat holding `loot` (tier letters) and the
    first seat asked at the loot step: its answer brings the tally that ends the game."""
    record, state = await state_of(discord)
    flow.clear_table(state)
    tiers = {"E": Tier.EPIC, "R": Tier.RARE, "C": Tier.COMMON}
    for who, held in zip(state.players, loot, strict=True):
        faces = iter(cards("AS KS QS JS"))
        who.loot = [Loot(card=next(faces), tier=tiers[t]) for t in held]
    state.phase, state.prompt = Phase.LOOT, LootPrompt(seats=[0])
    await put_state(discord, record, state)


async def test_a_finished_table_rates_everyone_in_finishing_order_on_its_board(
    harness, make_bot, alice, bob, world
) -> None:
    carol = world.add_user("carol")
    async with harness.running(make_bot) as discord:
        table = await masters_table(discord, alice, bob, carol)
        await to_the_last_loot_step(discord, ["ECC", "R", ""])  # alice wins; bob has a Rare
        record = await play_sensibly(discord, table, {0: alice}, limit=5)
        assert record.status == GameStatus.FINISHED
        results = {r.user_id: r for r in await discord.bot.store.results(1)}
        assert [(results[u.id].outcome, results[u.id].score) for u in (alice, bob, carol)] == [
            ("won", 2),
            ("lost", 1),
            ("lost", 0),
        ], "a score is the players finishing below"
        people = [alice.id, bob.id, carol.id]
        ratings = await discord.bot.store.ratings(record.guild_id, POOL, people)
        assert all(ratings[u].games == 1 for u in people)
        assert ratings[alice.id].mu > ratings[bob.id].mu > ratings[carol.id].mu
        board = await discord.slash("leaderboard", alice, game=POOL)
        assert board.embed["title"].startswith("🏆 Masters & Monsters ratings")
        lines = board.embed["description"].splitlines()
        assert ["alice" in lines[0], "bob" in lines[1], "carol" in lines[2]] == [True] * 3
        stats = (await discord.slash("stats", bob)).embed["fields"]
        rated = next(f["value"] for f in stats if f["name"] == "Masters & Monsters ratings")
        assert rated.endswith(" · 1 rated game"), "not a duel"


async def test_a_player_who_abandons_loses_rating_and_the_others_gain(
    harness, make_bot, alice, bob, world
) -> None:
    carol = world.add_user("carol")
    async with harness.running(make_bot) as discord:
        await masters_table(discord, alice, bob, carol)
        abandoned = await discord.slash("game abandon", bob)
        assert "Abandoned" in abandoned.content
        record = await discord.bot.store.get_game(1)
        assert record.status == GameStatus.ABANDONED
        results = {r.user_id: r.outcome for r in await discord.bot.store.results(1)}
        assert results == {bob.id: "abandoned"}, "those who played on did not lose"
        people = [alice.id, bob.id, carol.id]
        ratings = await discord.bot.store.ratings(record.guild_id, POOL, people)
        assert ratings[bob.id].mu < MODEL.mu, "the one who gave up loses rating"
        assert ratings[alice.id].mu > MODEL.mu and ratings[carol.id].mu > MODEL.mu
        assert ratings[alice.id].mu == ratings[carol.id].mu, "both count as winners"
