"""Help for a player alone at the table: a hint during the game, and after it, whether the deal
could have been won, where the win or the best score slipped away, and a line that reaches the
best.

Both are the game's own thinking (its `advise` and `hindsight`), run off the event loop and
answered in a message only the player sees. A hint is counted on the game, which keeps a game
played with hints off the ranked boards; a lost deal's verdict is kept with its result, for the
player's /stats.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.games.contract import Setup
from bot.games.definition import Hindsight, Match
from bot.render.insight import best_line_text, best_text, hindsight_text, hint_text
from bot.words import plural
from cogs import answers
from cogs.answers import refuse
from cogs.context import Desk, game_of, hints_offered, match_of
from cogs.thinking import advise, can_win, hindsight
from storage import GameRecord

log = logging.getLogger(__name__)

VERDICTS_AT_ONCE = 16
"""Lost deals solved in the background at a time: past that a deal is left for its player's
"Could I have won?", so a rush of finished games never queues up minutes of solving ahead of
the players who ask."""
FINISH_WAIT = 0.0
"""Seconds a finished daily attempt's message waits for the best score its deal allows: none,
as it was set working out when the day's deal was chosen, long before anyone finishes."""

SAY = {
    "not_yours": "Only {owner} can ask about their own game.",
    "alone_only": "Hints and solved deals are for games played alone.",
    "no_hint": "I have no hint for this position.",
    "hints_off": "This table offers no hints.",
    "hint_cost": "-# {hints} this game: it counts in your `/stats`, not on the boards.",
    "daily_best": "The best score today's deal allows is {best}.",
}


class InsightDesk:
    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self._verdicts: set[asyncio.Task[None]] = set()

    async def hint(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """A move for the position as it is now, whatever the clicked message showed."""
        seat = await self._solo_seat(interaction, record)
        if seat is None:
            return
        if not hints_offered(record):  # a Hint button kept from an old message, or forged
            await refuse(interaction, SAY["hints_off"])
            return
        hint = await self.desk.thinker.run(advise, record.game, record.state, seat)
        if hint is None:
            await refuse(interaction, SAY["no_hint"])
            return
        hints = await self.desk.store.count_hint(record.id)
        text = hint_text(hint)
        cost = SAY["hint_cost"].format(hints=plural(hints, "hint").capitalize())
        await answers.send(interaction, ephemeral=True, content=f"{text}\n{cost}")

    async def hindsight(self, interaction: discord.Interaction, record: GameRecord) -> None:
        """The finished deal solved, told to its player."""
        seat = await self._solo_seat(interaction, record)
        if seat is None:
            return
        match = match_of(record)
        verdict = await self._solve(record, match)
        results = match.results()
        won = bool(results) and results[0].outcome == "won"
        if not won and verdict is not None:
            await self.desk.store.record_verdict(record.id, verdict.winnable)
        score = results[0].score if results else None
        await answers.send(interaction, ephemeral=True, content=hindsight_text(verdict, won, score))
        line = best_line_text(verdict)
        if line is not None:  # a message of its own: read after the verdict, or dismissed
            await answers.send(interaction, ephemeral=True, content=line)

    async def daily_best(self, record: GameRecord, wait: float) -> str | None:
        """The best score a daily attempt's deal allows ("**30**", "at least **28**"), where
        the game's solver knows it within `wait` seconds."""
        info = game_of(record).info
        if record.daily is None or info.daily is None or not info.solver:
            return None
        thinker = self.desk.thinker
        verdict = await thinker.deal_best(record.game, info.daily.variant, record.seed, wait)
        return best_text(verdict.best_score, verdict.best_exact) if verdict is not None else None

    async def daily_notice(self, record: GameRecord) -> str:
        best = await self.daily_best(record, wait=FINISH_WAIT)
        return SAY["daily_best"].format(best=best) if best is not None else ""

    def stop(self) -> None:
        """Stop waiting for verdicts (the bot is closing): a lost deal left unsolved is solved
        when its player asks "Could I have won?"."""
        for task in self._verdicts:
            task.cancel()

    async def settled(self) -> None:
        """Every verdict under way recorded (a clean shutdown, a test)."""
        while self._verdicts:
            await asyncio.gather(*self._verdicts, return_exceptions=True)

    def after_finish(self, record: GameRecord, match: Match) -> None:
        """A lost solo deal is solved in the background and its verdict kept for /stats; a
        process stopped first leaves it to the player's own "Could I have won?"."""
        info = match.info
        results = match.results()
        if not info.solver or len(record.players) != 1 or not results:
            return
        if results[0].outcome == "won" or len(self._verdicts) >= VERDICTS_AT_ONCE:
            return
        task = asyncio.get_running_loop().create_task(self._keep_verdict(record, match))
        self._verdicts.add(task)
        task.add_done_callback(self._verdicts.discard)

    async def _keep_verdict(self, record: GameRecord, match: Match) -> None:
        try:
            winnable = await self.desk.thinker.solve(
                can_win, record.game, record.state, _setup(record, match)
            )
            if winnable is not None:
                await self.desk.store.record_verdict(record.id, winnable)
        except Exception:
            log.exception("could not solve the deal of game %s", record.id)

    async def _solve(self, record: GameRecord, match: Match) -> Hindsight | None:
        moves = [logged.action for logged in await self.desk.store.actions(record.id)]
        setup = _setup(record, match)
        return await self.desk.thinker.solve(hindsight, record.game, record.state, setup, moves)

    async def _solo_seat(self, interaction: discord.Interaction, record: GameRecord) -> int | None:
        """The clicker's seat in a game they play alone; None (and they are told) otherwise."""
        seat = record.seat_of(interaction.user.id)
        if seat is None:
            owner = record.players[0].display_name if record.players else "its player"
            await refuse(interaction, SAY["not_yours"].format(owner=owner))
            return None
        if len(record.players) != 1:
            await refuse(interaction, SAY["alone_only"])
            return None
        game_of(record)  # an unregistered game raises UnknownGame here, answered by the router
        return seat


def _setup(record: GameRecord, match: Match) -> Setup:
    """What the game was dealt from, to deal it again."""
    return Setup(
        variant=record.variant or match.info.default_variant,
        seats=len(record.players),
        settings=match.settings(),
    )
