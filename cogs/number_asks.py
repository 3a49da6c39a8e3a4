"""Moves that take a number from a range too wide for buttons (a wager of any chips held).

The hand shows one button for them; pressing it opens a box to type the number in, and the
number typed plays the move like any button. The box carries the button's own custom_id, so a
box submitted after the hand moved on is refused like a stale button, and nothing about it is
kept in memory between the press and the answer: the bounds are the game's, asked again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord

from bot.games.views import Control, NumberAsk
from cogs import answers
from cogs.answers import refuse
from cogs.components import drawn
from cogs.context import Desk, match_of, names_of
from cogs.custom_ids import CustomId
from cogs.plays import owners
from cogs.replies import say
from storage import GameStatus

NUMBER_FIELD = "number"
"""The box's one text input."""
MOST_DIGITS = 9
"""Longer than any count a game asks for: a forged answer past it is refused unread."""
TITLE_LIMIT, LABEL_LIMIT = 45, 45

Click = Callable[[discord.Interaction, CustomId], Awaitable[None]]


class NumberDesk:
    def __init__(self, desk: Desk, click: Click) -> None:
        self.desk = desk
        self.click = click

    async def open(self, interaction: discord.Interaction, custom: CustomId) -> None:
        """The box for the button's number, with the bounds the game gives now."""
        record = await self.desk.store.get_game(custom.game_id)
        if record is None:
            await refuse(interaction, say("unknown_game"))
            return
        if record.seat_of(interaction.user.id) is None:
            await refuse(interaction, say("not_player", owner=owners(record), game=record.game))
            return
        ask = None
        if record.status == GameStatus.ACTIVE:
            match = match_of(record)
            seat = record.seat_for(interaction.user.id, match.acting())
            assert seat is not None
            hand = match.hand(seat, [], names_of(record), hints=False)
            ask = asked(hand.controls if hand else [], custom.action_text)
        if ask is None:
            await refuse(interaction, say("stale"))
            return
        await answers.ask(interaction, number_box(custom, ask))

    async def answer(
        self, interaction: discord.Interaction, custom: CustomId, typed: Mapping[str, str]
    ) -> None:
        """The number typed, played as the move it completes (every check of a click's)."""
        text = typed.get(NUMBER_FIELD, "").strip()
        if not text.isdecimal() or len(text) > MOST_DIGITS:
            await refuse(interaction, say("illegal", reason="type a whole number"))
            return
        try:
            move = CustomId.for_action(
                custom.game_id, custom.version, f"{custom.action_text}.{int(text)}"
            )
        except ValueError:
            await refuse(interaction, say("illegal", reason="that number is too long"))
            return
        await self.click(interaction, move)


def asked(controls: Sequence[Control], action: str) -> NumberAsk | None:
    """What the hand's button for that move asks now, if the hand still has it."""
    return next(
        (c.ask for c in controls if c.ask is not None and c.action == action),
        None,
    )


def number_box(custom: CustomId, ask: NumberAsk) -> discord.ui.Modal:
    """The box: titled by the question, its one field bounded by the number's digits."""
    box = discord.ui.Modal(title=ask.question[:TITLE_LIMIT], custom_id=custom.encode())
    box.add_item(
        discord.ui.TextInput(
            label=f"A number from {ask.least} to {ask.most}"[:LABEL_LIMIT],
            custom_id=NUMBER_FIELD,
            placeholder=str(ask.least),
            min_length=1,
            max_length=min(MOST_DIGITS, len(str(ask.most))),
        )
    )
    return drawn(box)


def typed_values(data: Mapping[str, Any]) -> dict[str, str]:
    """A submitted box's text inputs by their ids, laid out in rows or under labels."""
    values: dict[str, str] = {}
    stack: list[Any] = list(data.get("components") or [])
    while stack:
        part = stack.pop()
        if not isinstance(part, dict):
            continue
        if "value" in part and "custom_id" in part:
            values[str(part["custom_id"])] = str(part["value"])
        stack += list(part.get("components") or [])
        if isinstance(part.get("component"), dict):
            stack.append(part["component"])
    return values
