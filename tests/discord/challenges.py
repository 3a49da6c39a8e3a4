"""Challenges as the tests drive them, for every game that has one (a Dragons duel, a Deuces
duel): what holds for all of them is asserted in one place."""

from __future__ import annotations

import copy

from storage import GameStatus
from tests.clock import Clock
from tests.harness import FakeDiscord, StoredMessage, User


async def assert_expires_unanswered(
    discord: FakeDiscord, clock: Clock, message: StoredMessage, challenged: User, game_id: int
) -> None:
    """Left past its ten minutes, the challenge expires on the sweep, its buttons go, and an
    Accept from a copy of the message taken before is told it was already answered."""
    snapshot = StoredMessage(payload=copy.deepcopy(message.payload))
    clock.advance(minutes=11)
    assert await discord.bot.router.lifecycle.expire_pending() == 1
    assert "expired unanswered" in message.content and message.buttons == []
    late = await discord.click(snapshot, snapshot.button("Accept")["custom_id"], challenged)
    assert late.ephemeral and "already been answered" in late.content
    assert (await discord.bot.store.get_game(game_id)).status == GameStatus.EXPIRED
