"""Hints during a game and the solved deal after it, through the offline Discord."""

from datetime import UTC, datetime

from bot.games.contract import Setup
from bot.games.daily import winnable_daily_seed
from bot.games.dragons.engine import new_game as new_dragons
from bot.games.dragons.solver import DragonsSolver
from bot.games.registry import GAMES
from bot.games.scoundrel.engine import new_game
from bot.games.scoundrel.solver import ScoundrelSolver
from bot.render.insight import hint_text
from bot.render.phone import text_height
from tests.discord.tables import footnote
from tests.discord.test_dragons_discord import challenge, pick
from tests.discord.test_scoundrel_discord import HINDSIGHT, HINT, cautious, moves_left
from tests.harness import StoredMessage
from tests.render.test_phone_fit import PHONE_SCREEN

DRAGONS_SEED = 3
"""A solo Dragons deal the solver settles in about a second, where the tests' player (`pick`)
lets the best score go a move before the win."""


async def play_out(discord, message: StoredMessage, user) -> StoredMessage:
    while moves_left(message):
        message = (await discord.click(message, cautious(message)["custom_id"], user)).message
    return message


async def test_a_hint_is_told_only_to_the_player_and_keeps_the_game_off_the_boards(
    harness, make_bot, alice, bob
) -> None:
    async with harness.running(make_bot) as discord:
        game = await discord.slash("scoundrel new", alice)
        message = game.message
        moves = [b["label"] for b in message.buttons if b["label"] != HINT]
        hint_id = message.button(HINT)["custom_id"]

        stranger = await discord.click(message, hint_id, bob)
        assert stranger.ephemeral and "Only alice" in stranger.content

        hinted = await discord.click(message, hint_id, alice)
        assert hinted.ephemeral
        first, cost = hinted.content.split("\n")
        hint = GAMES["scoundrel"].resume((await discord.bot.store.get_game(1)).state).advise(0)
        assert hint is not None and first == hint_text(hint) and first.startswith("💡 **")
        assert any(label.startswith(hint.label) for label in moves), (hint.label, moves)
        assert "1 hint this game" in cost
        record = await discord.bot.store.get_game(1)
        assert record.hints == 1 and record.version == 0, "a hint is no move"
        # The table still plays: the hint did not make its buttons stale.
        played = await discord.click(message, cautious(message)["custom_id"], alice)
        assert "1 hint taken: not ranked" in footnote(played.message)

        await play_out(discord, played.message, alice)
        [result] = await discord.bot.store.results(1)
        assert result.hints == 1
        board = await discord.slash("leaderboard", bob)
        assert "alice" not in board.message.embed["description"]
        stats = await discord.slash("stats", alice)
        assert stats.message.embed["fields"][0]["value"].startswith("1 game")


async def test_could_i_have_won_answers_from_the_solver(
    harness, make_bot, alice, bob, seeds
) -> None:
    """The verdict, where the player's line let the best go, then a best line room by room in
    a second message only the player sees."""
    seeds.append(DRAGONS_SEED)
    truth = DragonsSolver().solve(new_dragons(DRAGONS_SEED, players=1)[0])
    async with harness.running(make_bot) as discord:
        game = await discord.slash("dragons new", alice)
        done = game.message
        while moves_left(done):
            done = (await discord.click(done, pick(done)["custom_id"], alice)).message
        [result] = await discord.bot.store.results(1)
        record = await discord.bot.store.get_game(1)
        played = [logged.action for logged in await discord.bot.store.actions(1)]
        asked = done.button(HINDSIGHT)["custom_id"]

        stranger = await discord.click(done, asked, bob)
        assert stranger.ephemeral and "Only alice" in stranger.content and not stranger.followups

        answer = await discord.click(done, asked, alice)
        # Two private messages: the verdict, then the line. A machine slow enough to take the
        # click's deadline acknowledges it first, and both come as followups.
        told = {m.id: m for m in [answer.message, *answer.followups] if m and m.ephemeral}
        verdict_message, line = told.values()
        said = verdict_message.content
        assert f"**{truth.best_score}**" in said
        if result.outcome == "won":
            assert said.startswith(f"You won this deal with **{result.score}**")
        else:
            assert truth.winnable and "could have been won" in said
            assert "lost the win at **Room " in said
            await discord.bot.router.insight.settled()
            stats = (await discord.slash("stats", alice)).message.embed["fields"][0]["value"]
            assert "1 of 1 lost deal could have been won" in stats, "counted once"

        verdict = GAMES["dragons"].resume(record.state).hindsight(Setup(variant="solo"), played)
        assert verdict is not None and verdict.dropped_move is not None, "the deal's best fell"
        assert verdict.lost_move is None or verdict.dropped_move < verdict.lost_move, "earlier"
        fell = f"fell short of the best at **{verdict.dropped_at}**: before it the best"
        went = f"within reach was {truth.best_score}, after it {verdict.best_after}."
        assert fell in said and went in said
        assert f"**{verdict.kept_by}** there would have kept {truth.best_score}" in said

        assert len(line.content) <= 2000
        assert text_height(said) <= PHONE_SCREEN >= text_height(line.content)
        rows = line.content.split("\n")
        assert rows[0] == f"**A line that scores {truth.best_score}**, room by room:"
        told = " · ".join(rows[1:])
        for part in verdict.best_line:
            assert f"{part.where}: {', '.join(part.moves)}" in told
        moves_told = sum(len(part.moves) for part in verdict.best_line)
        assert moves_told == len(truth.line)


async def test_a_lost_deal_is_solved_when_the_game_ends(harness, make_bot, alice, seeds) -> None:
    """Without anyone asking, a lost deal's verdict reaches the player's stats."""
    lost = next(seed for seed in range(40) if _cautious_loss(seed))
    seeds.append(lost)
    winnable = ScoundrelSolver().winnable(new_game(lost)[0])
    async with harness.running(make_bot) as discord:
        game = await discord.slash("scoundrel new", alice)
        await play_out(discord, game.message, alice)
        await discord.bot.router.insight.settled()
        stats = (await discord.slash("stats", alice)).message.embed["fields"][0]["value"]
    assert f"{int(winnable)} of 1 lost deal could have been won" in stats


def _cautious_loss(seed: int) -> bool:
    """Whether the tests' cautious player (drink, equip, weapon, else barehanded) loses a deal."""
    from bot.games.crawl.actions import ActionKind

    state, _ = new_game(seed)
    order = [ActionKind.DRINK, ActionKind.EQUIP, ActionKind.FIGHT_WITH_WEAPON]
    while not state.is_over:
        legal = [a for a in state.legal_actions() if a.kind != ActionKind.RUN]
        state.apply(0, min(legal, key=lambda a: order.index(a.kind) if a.kind in order else 3))
    return state.outcome is not None and state.outcome.value == "lost"


async def test_a_duel_offers_no_hint(harness, make_bot, alice, bob) -> None:
    async with harness.running(make_bot) as discord:
        message = await challenge(discord, alice, bob)
        accepted = await discord.click(message, message.button("Accept")["custom_id"], bob)
        assert HINT not in [b["label"] for b in accepted.message.buttons]


async def test_the_daily_deal_is_one_the_solver_wins(harness, make_bot, alice, clock) -> None:
    today = datetime.fromtimestamp(clock(), UTC).date()
    seed = winnable_daily_seed(GAMES["scoundrel"], "classic", today)
    async with harness.running(make_bot) as discord:
        attempt = await discord.slash("scoundrel daily", alice)
        record = await discord.bot.store.get_game(1)
        assert record.seed == seed
        thinker = discord.bot.router.desk.thinker
        verdict = await thinker.deal_best("scoundrel", "classic", seed, wait=120)
        assert verdict is not None and verdict.winnable and verdict.best_score > 0
        best = f"**{verdict.best_score}**" if verdict.best_exact else "at least **"
        done = await play_out(discord, attempt.message, alice)
        assert f"The best score today's deal allows is {best}" in done.text
        shared = await discord.click(done, done.button("Share my result")["custom_id"], alice)
        assert f"(the deal allows {best}" in shared.content
