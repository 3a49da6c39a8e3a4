"""Typed records of what happened in a dungeon crawl (Scoundrel, Diamonds & Dragons).

Narration, rendering and tests read these, never the engine's internals, so the words a player
sees always describe exactly what the rules did.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from bot.games.cards import Card
from bot.games.contract import Event, GameEnded, Outcome
from bot.games.crawl.plain import PlainAssignment


class CrawlEvent(PlainAssignment, Event, frozen=True):
    """An event of a dungeon crawl: its engine builds it with `built`, a move or two at a time,
    and no one changes it after."""


class RoomDealt(CrawlEvent, frozen=True):
    kind: Literal["room_dealt"] = "room_dealt"
    room: list[Card]
    carried: Card | None = None
    deck_left: int
    room_number: int
    seat: int | None = None


class RoomFaced(CrawlEvent, frozen=True):
    kind: Literal["room_faced"] = "room_faced"
    seat: int = 0


class WeaponEquipped(CrawlEvent, frozen=True):
    kind: Literal["weapon_equipped"] = "weapon_equipped"
    card: Card
    replaced: Card | None = None
    seat: int = 0


class MonsterFought(CrawlEvent, frozen=True):
    kind: Literal["monster_fought"] = "monster_fought"
    card: Card
    weapon: Card | None
    damage: int
    hp: int
    weapon_broke: bool = False
    seat: int = 0


class PotionDrunk(CrawlEvent, frozen=True):
    kind: Literal["potion_drunk"] = "potion_drunk"
    card: Card
    healed: int
    wasted: bool
    hp: int
    seat: int = 0


class Ran(CrawlEvent, frozen=True):
    kind: Literal["ran"] = "ran"
    cards: list[Card]
    reshuffled: bool = False
    seat: int = 0


class HeroFell(CrawlEvent, frozen=True):
    kind: Literal["hero_fell"] = "hero_fell"
    hero: Card
    seat: int = 0


@cache
def game_ended(outcome: Outcome, score: int, seat: int | None = 0) -> GameEnded:
    """The one frozen event of a result: games end on the same few scores, and building the
    shared event (validated, as it is no crawl's own) costs more than a whole move."""
    return GameEnded(outcome=outcome, score=score, seat=seat)
