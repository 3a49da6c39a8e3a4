"""Where a Traditional Quest stands: the party's room, the map it has seen, what it carries.

Stored in the table with the quest itself (as the enemy set is), so a saved quest plays on by
the map it started with. Each player's two Jokers wait in their box until quest loot brings
one into their deck; cards paid at a shop stay in the shopkeeper's till for the rest of the
quest. Both count among that player's cards, so every card is always in exactly one place.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from bot.games.cards import Card
from bot.games.deuces.content import Ability, EnemyDef
from bot.games.deuces.modes.quest.maps import Quest, QuestItem, Room

MAX_FALLS = 3
"""The party may fall this many times on a quest: the last fall ends it, lost."""
ROOM_SCORE = 5
"""Score for each room the party explores (beside the difficulty of each encounter won)."""


class QuestProgress(BaseModel):
    quest: Quest
    room: str
    """The room the party stands in (or fights in)."""
    came_from: str | None = None
    """The room the party walked in from: where it retreats to if it falls."""
    visited: list[str] = Field(default_factory=list[str])
    cleared: list[str] = Field(default_factory=list[str])
    """Rooms made safe: encounter beaten, or none to fight. Walking into one meets nothing."""
    fighting: bool = False
    """The current encounter is the room's own (fixed or random)."""
    revealed: list[str] = Field(default_factory=list[str])
    """Special encounters whose secret the party has discovered (it stays face up)."""
    struck: bool = False
    """A revealed weakness has struck in the current encounter."""
    sold: list[str] = Field(default_factory=list[str])
    """Quest loot already sold: each shop sells each piece once."""
    found: list[str] = Field(default_factory=list[str])
    """Rooms whose quest loot has been picked up."""
    items: list[list[str]] = Field(default_factory=list[list[str]])
    """Each seat's quest loot, by id."""
    box: list[list[Card]] = Field(default_factory=list[list[Card]])
    """Each seat's Jokers not yet in play."""
    till: list[list[Card]] = Field(default_factory=list[list[Card]])
    """Each seat's cards paid at shops, out of play for the rest of the quest."""
    falls: int = 0

    def here(self) -> Room:
        return self.quest.room(self.room)

    def item(self, item_id: str) -> QuestItem:
        return self.quest.item(item_id)

    def entity(self, entity_id: str) -> EnemyDef:
        return self.quest.entity(entity_id)

    def secret_abilities(self, entity_id: str) -> list[Ability]:
        """An entity's revealed hidden ability (a weakness is no ability: it strikes once)."""
        special = self.quest.special_of(entity_id)
        secret = special.secret
        shown = special.id in self.revealed and secret.kind == "ability"
        return [secret.ability] if shown and secret.owner == entity_id else []

    def items_of(self, seat: int) -> list[QuestItem]:
        return [self.quest.item(item_id) for item_id in self.items[seat]]
