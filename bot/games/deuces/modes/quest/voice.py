"""What the GM says of a Traditional Quest's own moments: the quest's opening, each room walked
into (read out the first time), a Special Encounter set out, a secret discovered, quest loot
found, bought and used, and a fallen party waking where it came from."""

from __future__ import annotations

from collections.abc import Callable

from bot.games.contract import Event
from bot.games.deuces.events import (
    ItemGained,
    ItemUsed,
    LootLeft,
    PartyRetreated,
    QuestBegun,
    RoomEntered,
    SecretRevealed,
    SpecialSetUp,
)
from bot.games.deuces.telling import Pick, Scene

DANGER = {
    "random": "Something stirs in the dark.",
    "fixed": "The way on is barred.",
    "none": "",
}


def _begun(event: QuestBegun, pick: Pick, scene: Scene) -> str:
    return f"**{event.title}**. {event.intro}"


def _entered(event: RoomEntered, pick: Pick, scene: Scene) -> str:
    if event.first:
        told = f"The party enters **{event.name}**. {event.text}"
    else:
        told = f"The party walks back into **{event.name}**."
    warning = DANGER[event.danger]
    if warning and not event.first:
        warning = "What beat the party here still waits."
    return f"{told} {warning}".strip()


def _special(event: SpecialSetUp, pick: Pick, scene: Scene) -> str:
    known = " Its secret is known now, and the party makes use of it." if event.secret_known else ""
    return f"📜 Special Encounter: **{event.name}**. {event.setup}{known}"


def _secret(event: SecretRevealed, pick: Pick, scene: Scene) -> str:
    return f"🔓 A secret discovered: **{event.name}**! {event.text}"


def _gained(event: ItemGained, pick: Pick, scene: Scene) -> str:
    who = scene.name(event.seat)
    joker = " A Joker goes into their deck to use it." if event.joker else ""
    if event.price:
        paid = f"{event.price} cards from their discard pile, shuffled and paid face down"
        return f"{who} buys **{event.name}** for {paid}.{joker}"
    return f"{who} finds **{event.name}**.{joker}"


def _used(event: ItemUsed, pick: Pick, scene: Scene) -> str:
    who = scene.name(event.seat)
    return f"{who} sacrifices a Joker (shuffled back into their deck) to use **{event.name}**."


def _left(event: LootLeft, pick: Pick, scene: Scene) -> str:
    return f"**{event.name}** lies here, but nobody has room to carry it."


def _retreated(event: PartyRetreated, pick: Pick, scene: Scene) -> str:
    more = "one more fall ends" if event.left == 1 else f"{event.left} more falls end"
    return f"The party falls, and wakes in **{event.name}**: {more} the quest."


QUEST_LINES: dict[type[Event], Callable[..., str]] = {
    QuestBegun: _begun,
    RoomEntered: _entered,
    SpecialSetUp: _special,
    SecretRevealed: _secret,
    ItemGained: _gained,
    ItemUsed: _used,
    LootLeft: _left,
    PartyRetreated: _retreated,
}
