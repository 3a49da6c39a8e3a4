"""The schema of a Traditional Quest, authored as data: a map of rooms, its encounters, its shops.

A quest file (`data/quest_*.json`) names its rooms and the paths between them, the room the
party starts in and the room of its last fight. A room may hold a fixed encounter (a Special
Encounter, a level and a modifier: "Boss, LVL 5, -2"), a random one (the standard draw, met the
first time the party walks in), a shop and a piece of quest loot. A Special Encounter card has
the three parts of the printed cards: its setup (the entities the GM sets out, each an enemy
card with its hand sizes and abilities), and a secret, hidden until the condition the card
states is met. Quest loot is an ability too, made of the same effect primitives, paid for by
sacrificing a Joker. Everything a room or card names must exist, and every room must be
reachable from the start: the loader refuses a quest that breaks any of it.
"""

from __future__ import annotations

import json
from collections import deque
from functools import cache
from importlib.resources import files
from math import ceil
from typing import Annotated, Literal

from pydantic import Field, model_validator

from bot.games.deuces.content import (
    DATA,
    LEVELS,
    PLAYER_ONLY,
    Ability,
    EnemyDef,
    Name,
    Slug,
    Strict,
    describe,
)

Text = Annotated[str, Field(min_length=1, max_length=400)]
MAX_ITEMS = 2
"""Quest loot a player may hold: each brings one of their deck's two Jokers into play."""
MIN_ROOMS, MAX_ROOMS = 2, 20


class Secret(Strict):
    """The hidden bottom of a Special Encounter card: what it is, and what reveals it.

    `reveal` is the condition the card states: the start of a round (`at`), its owner down to
    `at` cards or fewer, or another entity of the encounter falling. An `ability` secret is an
    ability its owner may use once revealed; a `weakness` strikes its owner at once (its
    effects are cast by the owner on itself)."""

    name: Name
    text: Text
    owner: Slug
    reveal: Literal["round", "hand", "ally_falls"]
    at: int = Field(default=1, ge=1, le=10)
    kind: Literal["ability", "weakness"]
    ability: Ability

    @model_validator(mode="after")
    def _fits(self) -> Secret:
        if self.ability.cards_needed:
            raise ValueError(f"{self.name}: a secret's ability chooses no cards")
        if self.ability.ops & PLAYER_ONLY:
            raise ValueError(f"{self.name}: taunt and summon are for players")
        alone = self.ability.target == "none" and self.ability.timing == "turn"
        if self.kind == "weakness" and not alone:
            raise ValueError(f"{self.name}: a weakness strikes its owner alone, at once")
        return self

    def condition(self, owner_name: str) -> str:
        """The condition as the card states it, face up even while the secret is hidden."""
        if self.reveal == "round":
            return f"revealed at the start of round {self.at}"
        if self.reveal == "hand":
            return f"revealed when {owner_name} holds {self.at} cards or fewer"
        return f"revealed when another of this encounter falls before {owner_name}"


class SpecialEncounter(Strict):
    """A Special Encounter card: its setup, its entities with their abilities, its secret."""

    id: Slug
    name: Name
    setup: Text
    entities: list[EnemyDef] = Field(min_length=1, max_length=3)
    secret: Secret

    @model_validator(mode="after")
    def _sound(self) -> SpecialEncounter:
        ids = [entity.id for entity in self.entities]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.id}: entity ids repeat")
        if self.secret.owner not in ids:
            raise ValueError(f"{self.id}: the secret's owner is not one of its entities")
        if self.secret.reveal == "ally_falls" and len(ids) < 2:
            raise ValueError(f"{self.id}: 'ally_falls' needs a second entity")
        for entity in self.entities:
            for ability in (entity.basic, entity.elite):
                if ability.ops & PLAYER_ONLY:
                    raise ValueError(f"{ability.id}: taunt and summon are for players")
        return self

    def entity(self, entity_id: str) -> EnemyDef:
        return next(entity for entity in self.entities if entity.id == entity_id)

    @property
    def difficulty(self) -> int:
        """The card's worth against the target: its entities' difficulties added up."""
        return sum(entity.difficulty for entity in self.entities)

    def hand_for(self, printed: int, target: int) -> int:
        """An entity's hand for a party whose modified target is `target`.

        The rule wants a fixed encounter's enemies to equal its modified target, but a card's
        entities are set out whole: for a small party they alone may be worth far more (the
        Warden and its bell are 8 against a lone player's 3). So where they exceed the target,
        each entity's printed hand shrinks in that proportion, rounded up, never below one card;
        a party whose target they fit meets them as printed."""
        if target >= self.difficulty:
            return printed
        return max(1, ceil(printed * target / self.difficulty))


class Fixed(Strict):
    """A fixed encounter: "Boss Name, LVL 5, -2" (each part optional)."""

    special: Slug | None = None
    level: int | None = Field(default=None, ge=1, le=LEVELS)
    modifier: int = Field(default=0, ge=-4, le=4)

    def words(self, quest: Quest) -> str:
        parts = [quest.special(self.special).name] if self.special else []
        parts += [f"LVL {self.level}"] if self.level else []
        parts += [f"{self.modifier:+d}"] if self.modifier else []
        return ", ".join(parts) or "a fixed encounter"


class QuestItem(Strict):
    """A piece of quest loot: an ability used by sacrificing a Joker, sold at a price in cards."""

    id: Slug
    name: Name
    flavour: str = Field(default="", max_length=160)
    price: int = Field(ge=1, le=8)
    ability: Ability

    @model_validator(mode="after")
    def _usable(self) -> QuestItem:
        if self.ability.timing == "disrupt":
            raise ValueError(f"{self.id}: quest loot is used on its holder's turn")
        if self.ability.cards_needed:
            raise ValueError(f"{self.id}: the Joker pays for quest loot: it chooses no cards")
        return self

    def text(self) -> str:
        return describe(self.ability)


class Room(Strict):
    id: Slug
    name: Name
    text: Text
    exits: list[Slug] = Field(min_length=1)
    encounter: Fixed | Literal["random"] | None = None
    shop: list[Slug] = Field(default_factory=list[Slug])
    loot: Slug | None = None
    """Quest loot found here once the room is safe (its encounter beaten, or at once)."""


class Quest(Strict):
    """A whole quest: its map, cards and loot, checked to fit together when it loads."""

    id: Slug
    title: Name
    intro: Text
    enemy_set: Slug
    """The enemy set its random and fixed encounters draw from."""
    start: Slug
    goal: Slug
    """The room of the last fight: the quest is won when its encounter is beaten."""
    rooms: list[Room] = Field(min_length=MIN_ROOMS, max_length=MAX_ROOMS)
    specials: list[SpecialEncounter] = Field(default_factory=list[SpecialEncounter])
    items: list[QuestItem] = Field(default_factory=list[QuestItem])

    @model_validator(mode="after")
    def _sound(self) -> Quest:
        rooms = {room.id: room for room in self.rooms}
        if len(rooms) != len(self.rooms):
            raise ValueError(f"{self.id}: room ids repeat")
        for kind, ids in (
            ("special", [s.id for s in self.specials]),
            ("item", [i.id for i in self.items]),
            ("entity", [e.id for s in self.specials for e in s.entities]),
        ):
            if len(set(ids)) != len(ids):
                raise ValueError(f"{self.id}: {kind} ids repeat")
        for end in (self.start, self.goal):
            if end not in rooms:
                raise ValueError(f"{self.id}: no room {end!r}")
        if not isinstance(rooms[self.goal].encounter, Fixed):
            raise ValueError(f"{self.id}: the goal room holds the quest's fixed last fight")
        if rooms[self.start].encounter is not None:
            raise ValueError(f"{self.id}: the party starts in a safe room")
        specials = {s.id for s in self.specials}
        items = {i.id for i in self.items}
        for room in self.rooms:
            self._check_room(room, rooms, specials, items)
        unreached = set(rooms) - reachable(self.start, {r.id: r.exits for r in self.rooms})
        if unreached:
            raise ValueError(f"{self.id}: rooms out of reach: {sorted(unreached)}")
        return self

    def _check_room(
        self, room: Room, rooms: dict[str, Room], specials: set[str], items: set[str]
    ) -> None:
        for exit_id in room.exits:
            if exit_id not in rooms or exit_id == room.id:
                raise ValueError(f"{room.id}: no room {exit_id!r} to lead to")
            if room.id not in rooms[exit_id].exits:
                raise ValueError(f"{room.id}: the path to {exit_id} must lead back too")
        fixed = room.encounter if isinstance(room.encounter, Fixed) else None
        if fixed is not None and fixed.special and fixed.special not in specials:
            raise ValueError(f"{room.id}: no special encounter {fixed.special!r}")
        for item in [*room.shop, *([room.loot] if room.loot else [])]:
            if item not in items:
                raise ValueError(f"{room.id}: no quest loot {item!r}")

    def room(self, room_id: str) -> Room:
        return next(room for room in self.rooms if room.id == room_id)

    def special(self, special_id: str) -> SpecialEncounter:
        return next(special for special in self.specials if special.id == special_id)

    def item(self, item_id: str) -> QuestItem:
        return next(item for item in self.items if item.id == item_id)

    def entity(self, entity_id: str) -> EnemyDef:
        return next(e for s in self.specials for e in s.entities if e.id == entity_id)

    def special_of(self, entity_id: str) -> SpecialEncounter:
        return next(s for s in self.specials if any(e.id == entity_id for e in s.entities))


def reachable(start: str, exits: dict[str, list[str]]) -> set[str]:
    """Every room a party can walk to from `start` along the map's paths."""
    seen, queue = {start}, deque([start])
    while queue:
        for nxt in exits.get(queue.popleft(), []):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def path_to(start: str, goals: set[str], exits: dict[str, list[str]]) -> list[str]:
    """The shortest walk from `start` to the nearest room in `goals` (rooms listed in map
    order break ties), `start` excluded; empty when none is reachable or start is one."""
    came: dict[str, str | None] = {start: None}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if here in goals and here != start:
            walk = [here]
            parent = came[here]
            while parent is not None and parent != start:
                walk.append(parent)
                parent = came[parent]
            return walk[::-1]
        for nxt in exits.get(here, []):
            if nxt not in came:
                came[nxt] = here
                queue.append(nxt)
    return []


@cache
def load_quests() -> tuple[Quest, ...]:
    """Every shipped quest, validated once per process, in the order of their ids."""
    folder = files("bot.games.deuces") / DATA
    found = [
        Quest.model_validate(json.loads(entry.read_text("utf-8")))
        for entry in folder.iterdir()
        if entry.name.startswith("quest_") and entry.name.endswith(".json")
    ]
    return tuple(sorted(found, key=lambda quest: quest.id))


def quest_by_id(quest_id: str) -> Quest:
    for quest in load_quests():
        if quest.id == quest_id:
            return quest
    raise KeyError(f"no quest {quest_id!r}")
