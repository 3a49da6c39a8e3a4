"""A closed game replayed privately, step by step, drawn as its table was drawn live.

The replay's buttons carry the game and the step they go to (`rp:<game>:<step>:<word>`), so
they need no version and nothing in memory: a click rebuilds that step from the seed and the
log (cogs/replay_steps.py), after a restart as before it, and an old replay's buttons still
answer. The table everyone saw is shown to anyone in the server; a seat's hidden hand only to
the player who held it, in their own replay. A daily deal is replayed once its day is over.
"""

from __future__ import annotations

import asyncio
import io
import logging
from datetime import UTC, datetime
from functools import partial
from typing import Any

import discord

from bot.games.definition import Match
from bot.games.views import Control, HandView, Picture
from bot.render.layout import Placed, table_layout
from bot.render.pictures import is_warm, render
from cogs import answers
from cogs.answers import refuse
from cogs.components import button
from cogs.context import Desk, UnknownGame, match_of, names_of
from cogs.custom_ids import REPLAY_KIND, CustomId
from cogs.loading import Unloadable
from cogs.messages import PICTURE_FILE, MessageFields, menu_select
from cogs.panel_colour import COLOURS
from cogs.replay_steps import NotReplayable, Replay, ReplayStep, setup_of
from cogs.table_layout import layout_view
from cogs.thinking import hindsight
from storage import GameRecord, GameStatus

log = logging.getLogger(__name__)

FIRST, BACK, NEXT, LAST, LOST = "first", "back", "next", "last", "lost"
CLOSED = {GameStatus.FINISHED, GameStatus.ABANDONED, GameStatus.EXPIRED}
"""The games that have a replay: played, and over."""

SAY = {
    "unknown": "There is no game #{id}. `/history` lists your games with their numbers.",
    "elsewhere": "Game #{id} was played in another server: replay it there.",
    "running": "Game #{id} is still being played: its replay opens once it is over.",
    "pending": "Game #{id} hasn't started yet: its replay opens once it has been played.",
    "never_played": "Game #{id} was never played (its challenge or lobby closed first), so"
    " there is nothing to replay.",
    "daily_today": "Game #{id} is {day}'s daily deal, still being played by others: its"
    " replay opens when the day is over (midnight UTC).",
    "unloadable": "Game #{id} can no longer be loaded (it was saved by an older version, or"
    " damaged), so it cannot be replayed.",
    "not_replayable": "Game #{id} no longer replays: its rules changed since it was played.",
    "no_lost": "The solver could not tell where this deal's win slipped away (it was never"
    " winnable, it was won, or the search ran too long).",
    "byline": "Replay of game #{id} · step {step}/{last}",
    "your_hand": "(only you see it, in your own replay)",
}


def replay_id(game_id: int, step: int, word: str) -> str:
    """A replay button's custom_id: the step it goes to travels where a game's version would."""
    return CustomId(kind=REPLAY_KIND, game_id=game_id, version=step, action=word).encode()


def refusal(
    record: GameRecord | None, game_id: int, guild_id: int | None, now: float
) -> str | None:
    """Why this game cannot be replayed here and now, in words the asker reads; None if it can."""
    if record is None:
        return SAY["unknown"].format(id=game_id)
    if record.guild_id != guild_id:
        return SAY["elsewhere"].format(id=game_id)
    if record.status == GameStatus.DECLINED:
        return SAY["never_played"].format(id=game_id)
    if record.status == GameStatus.PENDING:
        return SAY["pending"].format(id=game_id)
    if record.status not in CLOSED:
        return SAY["running"].format(id=game_id)
    today = datetime.fromtimestamp(now, UTC).date().isoformat()
    if record.daily is not None and record.daily >= today:
        return SAY["daily_today"].format(id=game_id, day=record.daily)
    return None


def nav_controls(step: int, last: int, lost_jump: bool) -> list[Control]:
    """◀ and ▶ with the ends, greyed where they lead nowhere; and, for a lost solo deal the
    solver can look at, a jump to the move where the win went."""
    controls = [
        Control(label="⏮", action=FIRST, disabled=step <= 0),
        Control(label="◀", action=BACK, disabled=step <= 0, style="primary"),
        Control(label="▶", action=NEXT, disabled=step >= last, style="primary"),
        Control(label="⏭", action=LAST, disabled=step >= last),
    ]
    if lost_jump:
        controls.append(Control(label="🔍 Where the win went", action=LOST))
    return controls


def targets(step: int, last: int) -> dict[str, int]:
    """The step each button goes to."""
    return {FIRST: 0, BACK: max(0, step - 1), NEXT: min(last, step + 1), LAST: last, LOST: 0}


def hand_text(hand: HandView) -> str:
    """A seat's own hand as a few lines of text under the table."""
    lines = [f"**🂠 {hand.title}** {SAY['your_hand']}"]
    if hand.description:
        lines.append(hand.description)
    lines += [f"**{field.name}** {field.value}" for field in hand.fields]
    return "\n".join(lines)


def viewer_seat(record: GameRecord, match: Match, viewer: int) -> int | None:
    """The viewer's own seat at this step (the one the table waits on, of theirs), if any."""
    return record.seat_for(viewer, match.acting() if not match.is_over else ())


def lost_jump_offered(record: GameRecord, match: Match) -> bool:
    """A solo deal, lost, of a game whose solver can say where the win went."""
    results = match.results()
    lost = bool(results) and results[0].outcome != "won"
    return match.info.solver and len(record.players) == 1 and lost


async def replay_message(
    replay: Replay, step: ReplayStep, viewer: int, final: Match
) -> MessageFields:
    """One step, laid out as the live table is, its moves left off and the replay's buttons in
    their place; the viewer's own hand under it where they held a seat."""
    record, match = replay.record, step.match
    table = match.table(names_of(record))
    table.controls, table.menus = [], []
    seat = viewer_seat(record, match, viewer)
    hand = match.hand(seat, [], names_of(record), hints=False) if seat is not None else None
    colour = "finished" if match.is_over else "active"
    layout = table_layout(
        table,
        narration=step.lines,
        colour=COLOURS[colour],
        lead=nav_controls(step.number, replay.last, lost_jump_offered(record, final)),
        trail=[],
        byline=SAY["byline"].format(id=record.id, step=step.number, last=replay.last),
        picture=table.picture is not None,
        notice=hand_text(hand) if hand is not None else "",
    )
    goes_to = targets(step.number, replay.last)

    def button_for(placed: Placed) -> discord.ui.Item[Any]:
        control = placed.control.model_copy(update={"row": None})
        return button(record.id, goes_to[control.action], control, REPLAY_KIND)

    view = layout_view(layout, button_for, partial(menu_select, record))
    attachments = await _drawn(table.picture) if layout.picture else []
    return {"view": view, "attachments": attachments, "content": None, "embed": None}


async def _drawn(picture: Picture | None) -> list[discord.File]:
    if picture is None:
        return []
    png = render(picture) if is_warm() else await asyncio.to_thread(render, picture)
    return [discord.File(io.BytesIO(png), filename=PICTURE_FILE)]


class Replays:
    """Opens replays (from /replay, /history) and turns their pages."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    async def open(self, interaction: discord.Interaction, game_id: int) -> None:
        """The deal of a closed game, in a new message only the asker sees."""
        await self._show(interaction, game_id, 0, edit=False)

    async def click(self, interaction: discord.Interaction, custom: CustomId) -> None:
        """A replay button: the step it names (a jump to the lost move works it out first)."""
        if custom.action == LOST:
            await self._lost(interaction, custom.game_id)
            return
        if custom.action not in {FIRST, BACK, NEXT, LAST}:
            await refuse(interaction, "That button isn't one of mine any more.")
            return
        await self._show(interaction, custom.game_id, custom.version, edit=True)

    async def _checked(self, interaction: discord.Interaction, game_id: int) -> Replay | None:
        """The game's replay, or None once the asker has been told why there is none."""
        record = await self.desk.store.get_game(game_id)
        problem = refusal(record, game_id, interaction.guild_id, self.desk.clock())
        if problem is not None or record is None:
            await refuse(interaction, problem or SAY["unknown"].format(id=game_id))
            return None
        return Replay(record, await self.desk.store.actions(game_id))

    async def _show(
        self, interaction: discord.Interaction, game_id: int, number: int, edit: bool
    ) -> None:
        replay = await self._checked(interaction, game_id)
        if replay is None:
            return
        try:
            final = match_of(replay.record)
            step = replay.at(number)
            fields = await replay_message(replay, step, interaction.user.id, final)
        except (UnknownGame, Unloadable):
            await refuse(interaction, SAY["unloadable"].format(id=game_id))
            return
        except NotReplayable as error:
            log.info("game %s does not replay: %s", game_id, error)
            await refuse(interaction, SAY["not_replayable"].format(id=game_id))
            return
        if edit:
            await answers.update(interaction, **fields)
        else:
            await answers.send(interaction, ephemeral=True, **fields)

    async def _lost(self, interaction: discord.Interaction, game_id: int) -> None:
        """Solve the deal (seconds, off the loop), then go to the move after which it could no
        longer be won."""
        replay = await self._checked(interaction, game_id)
        if replay is None:
            return
        record = replay.record
        try:
            final = match_of(record)
        except (UnknownGame, Unloadable):
            await refuse(interaction, SAY["unloadable"].format(id=game_id))
            return
        if not lost_jump_offered(record, final):
            await refuse(interaction, SAY["no_lost"])
            return
        await answers.defer(interaction)
        setup = setup_of(record, final)
        moves = [logged.action for logged in replay.actions]
        verdict = await self.desk.thinker.solve(hindsight, record.game, record.state, setup, moves)
        if verdict is None or verdict.lost_move is None:
            await refuse(interaction, SAY["no_lost"])
            return
        await self._show(interaction, game_id, verdict.lost_move + 1, edit=True)
