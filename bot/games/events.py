"""Typed records of what happened in a dungeon crawl (Scoundrel, Diamonds & Dragons).

Narration, rendering and tests read these, never the engine's internals, so the words a player
sees always describe exactly what the rules did.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.games.cards import Card
from bot.games.engine import Frozen, Outcome


class RoomDealt(Frozen):
    kind: Literal["room_dealt"] = "room_dealt"
    room: list[Card]
    carried: Card | None = None
    deck_left: int
    room_number: int
    player: int | None = None


class RoomFaced(Frozen):
    kind: Literal["room_faced"] = "room_faced"
    player: int = 0


class WeaponEquipped(Frozen):
    kind: Literal["weapon_equipped"] = "weapon_equipped"
    card: Card
    replaced: Card | None = None
    player: int = 0


class MonsterFought(Frozen):
    kind: Literal["monster_fought"] = "monster_fought"
    card: Card
    weapon: Card | None
    damage: int
    hp: int
    weapon_broke: bool = False
    player: int = 0


class PotionDrunk(Frozen):
    kind: Literal["potion_drunk"] = "potion_drunk"
    card: Card
    healed: int
    wasted: bool
    hp: int
    player: int = 0


class Ran(Frozen):
    kind: Literal["ran"] = "ran"
    cards: list[Card]
    reshuffled: bool = False
    player: int = 0


class HeroFell(Frozen):
    kind: Literal["hero_fell"] = "hero_fell"
    hero: Card
    player: int = 0


class GameEnded(Frozen):
    kind: Literal["game_ended"] = "game_ended"
    outcome: Outcome
    score: int
    player: int = 0


DungeonEvent = Annotated[
    RoomDealt
    | RoomFaced
    | WeaponEquipped
    | MonsterFought
    | PotionDrunk
    | Ran
    | HeroFell
    | GameEnded,
    Field(discriminator="kind"),
]
