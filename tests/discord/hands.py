"""A player's private hand in tests: opened from the table, seen by its owner only, and played
from by its hint, as games with hidden hands (Dungeons & Deuces, Dungeon of Cards) offer."""

from __future__ import annotations

from discord import InteractionResponseType

from tests.harness import StoredMessage


async def press_hint(discord, table: StoredMessage, user) -> None:
    """The player opens their hand, which only they see, and presses its hint."""
    hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], user)
    assert hand.ephemeral, "a hand is shown only to its owner"
    hint = next(b for b in hand.message.buttons if b["label"].startswith("💡"))
    played = await discord.click(hand.message, hint["custom_id"], user)
    assert played.response_type == InteractionResponseType.message_update.value, played.content
