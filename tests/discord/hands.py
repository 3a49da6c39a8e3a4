"""A player's private hand in tests: opened from the table, seen by its owner only, and played
from by its hint, as games with hidden hands (Dungeons & Deuces, Dungeon of Cards) offer, or,
where the table offers none, by picking a move's cards and pressing its play."""

from __future__ import annotations

import re

from discord import InteractionResponseType

from cogs.custom_ids import GAME_KIND, decode
from tests.harness import StoredMessage


async def press_hint(discord, table: StoredMessage, user) -> None:
    """The player opens their hand, which only they see, and presses its hint."""
    hand = await discord.click(table, table.button("🂠 My hand")["custom_id"], user)
    assert hand.ephemeral, "a hand is shown only to its owner"
    hint = next(b for b in hand.message.buttons if b["label"].startswith("💡"))
    played = await discord.click(hand.message, hint["custom_id"], user)
    assert played.response_type == InteractionResponseType.message_update.value, played.content


CARD_CODE = re.compile(r"(?:10|[2-9AJQKT])[SHDC]|JK")


def _signature(move: str) -> tuple[str, list[str], list[str]]:
    """A move's kind, its cards whatever their order, and its other words (a target)."""
    kind, *words = move.split(".")
    codes = sorted(CARD_CODE.findall(".".join(words)))
    return kind, codes, [word for word in words if CARD_CODE.sub("", word)]


async def play_from_hand(discord, table: StoredMessage, user, move: str) -> None:
    """The player opens their hand, picks the cards of `move` (its text form) and presses the
    play they make: how a person plays where the table offers no hint."""
    hand = await _play_own(discord, table, user, move)
    assert not any(b["label"].startswith("💡") for b in hand.buttons), "no hint is offered"


async def play_own(discord, table: StoredMessage, user, move: str) -> None:
    """`play_from_hand` at a table that offers hints: the player picks the cards of `move`
    themselves and presses its own button, never the hint's, so the game stays ranked."""
    await _play_own(discord, table, user, move)


async def _play_own(discord, table: StoredMessage, user, move: str) -> StoredMessage:
    opened = await discord.click(table, table.button("🂠 My hand")["custom_id"], user)
    assert opened.ephemeral, "a hand is shown only to its owner"
    hand = opened.message
    codes = _signature(move)[1]
    pressed = _own_button(hand, move)
    if pressed is None and codes:  # its cards picked first (loot, say, is offered unpicked)
        picker = next(cid for cid in hand.custom_ids if ":pick" in cid)
        options = [option["value"] for option in hand.component(picker)["options"]]
        values: list[str] = []
        for code in codes:
            values.append(next(v for v in options if v.endswith(f".{code}") and v not in values))
        hand = (await discord.select(hand, picker, values, user)).message
        pressed = _own_button(hand, move)
    if pressed is None:  # a play with many places is an option of the hand's menus
        menu = _own_menu(hand, move)
        assert menu is not None, f"no button or menu of the player's own plays {move}"
        played = await discord.select(hand, menu["custom_id"], [move], user)
    else:
        played = await discord.click(hand, pressed["custom_id"], user)
    assert played.response_type == InteractionResponseType.message_update.value, played.content
    return hand


def _own_menu(hand: StoredMessage, move: str) -> dict | None:
    """The hand's select that offers `move` as one of its options, if shown."""
    return next(
        (
            c
            for c in hand.walk_components()
            if c.get("type") == 3 and any(o["value"] == move for o in c.get("options", []))
        ),
        None,
    )


def _own_button(hand: StoredMessage, move: str) -> dict | None:
    """The button that plays `move` as the player's own choice (not the hint's), if shown."""
    wanted = _signature(move)
    return next(
        (
            b
            for b in hand.buttons
            if (custom := decode(b["custom_id"])) is not None
            and custom.kind == GAME_KIND
            and _signature(custom.action_text) == wanted
        ),
        None,
    )
