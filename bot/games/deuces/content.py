"""The schema of Dungeons & Deuces content: enemy sets, classes and abilities, all as data.

Every ability is a short list of effect primitives the engine knows how to run (`effects.py` has
one handler per `op`), so nothing on a card is text only: a name, a flavour line, and effects. The
words a player reads are generated from the effects by `describe`, so they cannot drift from
what the engine does. Unknown primitives, stray parameters and out-of-range numbers are rejected
when the files load, and so are abilities whose parts do not fit together (a card choice with no
cards, a target that no effect uses, a counter-move outside the Disrupt timing).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache, cached_property
from importlib.resources import files
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, model_validator

Slug = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]{1,29}$")]  # short enough for a button's id
Name = Annotated[str, Field(min_length=2, max_length=40)]
Flavour = Annotated[str, Field(max_length=160)]
Who = Literal["self", "target", "allies", "foes"]
LEVELS = 5
NEVER = LEVELS + 1
"""An Elite or Boss level above the last means the enemy never reaches that rank."""


class Strict(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# ---- the effect primitives ----------------------------------------------------------------------


class Draw(Strict):
    """Draw cards."""

    op: Literal["draw"]
    count: int = Field(ge=1, le=4)
    who: Who = "self"


class Discard(Strict):
    """Discard cards: at random, the lowest, the highest, or (your own) cards you choose."""

    op: Literal["discard"]
    count: int = Field(ge=1, le=3)
    who: Who = "target"
    pick: Literal["random", "lowest", "highest", "chosen"] = "random"

    @model_validator(mode="after")
    def _chosen_from_own_hand(self) -> Discard:
        if self.pick == "chosen" and self.who != "self":
            raise ValueError("only your own cards can be chosen for a discard")
        return self


class Recover(Strict):
    """Take cards back from the top of a discard pile (never its last card) into hand."""

    op: Literal["recover"]
    count: int = Field(ge=1, le=3)
    who: Literal["self", "target", "allies"] = "self"


class Guard(Strict):
    """Discard cards you choose and draw as many: the Guard move, as an effect."""

    op: Literal["guard"]
    count: int = Field(ge=1, le=3)


class Raise(Strict):
    """Raise the value of cards you choose until they are played (above an ace is allowed)."""

    op: Literal["raise"]
    amount: int = Field(ge=1, le=4)
    count: int = Field(ge=1, le=3)


class Wild(Strict):
    """Make cards you choose wild until they are played."""

    op: Literal["wild"]
    count: int = Field(ge=1, le=2)


class Edge(Strict):
    """Shift every value of someone's next play, attack or defence, by a signed amount."""

    op: Literal["edge"]
    amount: int = Field(ge=-4, le=4)
    who: Who = "self"

    @model_validator(mode="after")
    def _not_zero(self) -> Edge:
        if self.amount == 0:
            raise ValueError("an edge of 0 does nothing")
        return self


class ExtraAttack(Strict):
    """Attack more times this turn."""

    op: Literal["extra_attack"]
    count: int = Field(ge=1, le=2)


class Taunt(Strict):
    """Enemies must attack you until the end of their next turn (players only)."""

    op: Literal["taunt"]


class Hunt(Strict):
    """This enemy's attacks this turn ignore Threat Cards (enemies only)."""

    op: Literal["hunt"]


class Summon(Strict):
    """Bring a pet into the fight: a fighter of the party with its own hand, drawn from its
    master's deck, that attacks on its master's turn (players only)."""

    op: Literal["summon"]
    name: Name
    hand: int = Field(ge=1, le=4)


class Cancel(Strict):
    """Disrupt: the attack being answered does not happen; the attacker takes its cards back."""

    op: Literal["cancel"]


class Blunt(Strict):
    """Disrupt: lower every value of the attack being answered."""

    op: Literal["blunt"]
    amount: int = Field(ge=1, le=4)


Effect = Annotated[
    Draw
    | Discard
    | Recover
    | Guard
    | Raise
    | Wild
    | Edge
    | ExtraAttack
    | Taunt
    | Hunt
    | Summon
    | Cancel
    | Blunt,
    Field(discriminator="op"),
]
PRIMITIVES: tuple[str, ...] = (
    "draw",
    "discard",
    "recover",
    "guard",
    "raise",
    "wild",
    "edge",
    "extra_attack",
    "taunt",
    "hunt",
    "summon",
    "cancel",
    "blunt",
)
DISRUPT_ONLY = {"cancel", "blunt"}
ENEMY_ONLY = {"hunt"}
PLAYER_ONLY = {"taunt", "summon"}


def cards_chosen(effect: Effect) -> int:
    """How many of the user's own cards this effect needs chosen."""
    if isinstance(effect, Guard | Raise | Wild):
        return effect.count
    if isinstance(effect, Discard) and effect.pick == "chosen":
        return effect.count
    return 0


# ---- abilities ----------------------------------------------------------------------------------


class Uses(Strict):
    per: Literal["turn", "encounter"] = "encounter"
    times: int = Field(default=1, ge=1, le=3)


class Ability(Strict):
    """A named list of effects, with when it may be used, on whom, and how often."""

    id: Slug
    name: Name
    flavour: Flavour = ""
    timing: Literal["turn", "instead_of_attack", "disrupt"] = "turn"
    target: Literal["none", "foe", "ally"] = "none"
    uses: Uses = Uses()
    effects: list[Effect] = Field(min_length=1, max_length=4)

    @cached_property
    def cards_needed(self) -> int:
        """Worked out once per ability: whether it may be used is asked many times a move."""
        return sum(cards_chosen(effect) for effect in self.effects)

    @property
    def ops(self) -> set[str]:
        return {effect.op for effect in self.effects}

    # What the policies ask of an ability before each use, worked out once per ability.

    @cached_property
    def summons(self) -> bool:
        return any(isinstance(effect, Summon) for effect in self.effects)

    @cached_property
    def throws_own(self) -> bool:
        """Whether its user gives cards up: a Guard, or a discard of its own."""
        return any(
            isinstance(effect, Guard) or (isinstance(effect, Discard) and effect.who == "self")
            for effect in self.effects
        )

    @cached_property
    def makes_wild(self) -> bool:
        return any(isinstance(effect, Wild) for effect in self.effects)

    @cached_property
    def only_recovers_own(self) -> bool:
        """Whether all it does is take cards back from its user's own discard pile."""
        effects = self.effects
        return bool(effects) and all(isinstance(e, Recover) and e.who == "self" for e in effects)

    @model_validator(mode="after")
    def _parts_fit(self) -> Ability:
        aims = any(getattr(effect, "who", None) == "target" for effect in self.effects)
        if aims != (self.target != "none"):
            raise ValueError("an ability has a target exactly when one of its effects uses it")
        if sum(1 for effect in self.effects if cards_chosen(effect)) > 1:
            raise ValueError("at most one effect of an ability chooses cards")
        if self.ops & DISRUPT_ONLY and self.timing != "disrupt":
            raise ValueError("cancel and blunt answer an attack: they need the disrupt timing")
        if self.timing == "disrupt":
            self._check_disrupt()
        return self

    def _check_disrupt(self) -> None:
        if self.target == "ally" or "extra_attack" in self.ops or self.ops & {"taunt", "hunt"}:
            raise ValueError("a disrupt ability answers an attack on its user; no turn effects")
        if any(isinstance(e, Edge) and e.who != "self" for e in self.effects):
            raise ValueError("a disrupt edge can only help its user's own defence (use blunt)")


# ---- enemies, sets and classes ------------------------------------------------------------------


class EnemyDef(Strict):
    """One enemy card: difficulty, hand size at levels 1-5, when it turns Elite and Boss."""

    id: Slug
    name: Name
    flavour: Flavour = ""
    difficulty: int = Field(ge=1, le=10)
    hand: tuple[int, int, int, int, int]
    elite_at: int = Field(ge=1, le=NEVER)
    boss_at: int = Field(ge=1, le=NEVER)
    basic: Ability
    elite: Ability

    @model_validator(mode="after")
    def _ranks_in_order(self) -> EnemyDef:
        if not all(1 <= size <= 10 for size in self.hand):
            raise ValueError("an enemy's hand holds 1 to 10 cards")
        if self.boss_at < self.elite_at:
            raise ValueError("an enemy turns Elite before (or when) it turns Boss")
        for ability in (self.basic, self.elite):
            if ability.ops & PLAYER_ONLY:
                raise ValueError(f"{ability.id}: taunt and summon are for players")
        return self

    def rank_at(self, level: int) -> Literal["basic", "elite", "boss"]:
        if level >= self.boss_at:
            return "boss"
        return "elite" if level >= self.elite_at else "basic"

    def abilities_at(self, level: int) -> list[Ability]:
        return [self.basic] if level < self.elite_at else [self.basic, self.elite]

    def hand_at(self, level: int) -> int:
        return self.hand[min(level, LEVELS) - 1]


class EnemySet(Strict):
    id: Slug
    name: Name
    flavour: Flavour = ""
    tier: int = Field(ge=1, le=5, description="How hard the set is meant to be, 1 the gentlest.")
    enemies: list[EnemyDef] = Field(min_length=6)

    @model_validator(mode="after")
    def _unique(self) -> EnemySet:
        if len({enemy.id for enemy in self.enemies}) != len(self.enemies):
            raise ValueError(f"{self.id}: enemy ids repeat")
        return self

    @cached_property
    def by_id(self) -> dict[str, EnemyDef]:
        """Indexed once per set: the table looks up its enemies' cards at every step."""
        return {enemy.id: enemy for enemy in self.enemies}

    def enemy(self, enemy_id: str) -> EnemyDef:
        return self.by_id[enemy_id]


class ClassAbility(Strict):
    level: int = Field(ge=1, le=LEVELS)
    ability: Ability


class ClassDef(Strict):
    """A player class: its abilities, each unlocked at a level and kept above it."""

    id: Slug
    name: Name
    flavour: Flavour = ""
    abilities: list[ClassAbility] = Field(min_length=1)

    @model_validator(mode="after")
    def _sound(self) -> ClassDef:
        if min(entry.level for entry in self.abilities) != 1:
            raise ValueError(f"{self.id}: a class has an ability from level 1")
        ids = [entry.ability.id for entry in self.abilities]
        if len(set(ids)) != len(ids):
            raise ValueError(f"{self.id}: ability ids repeat")
        for entry in self.abilities:
            if entry.ability.ops & ENEMY_ONLY:
                raise ValueError(f"{entry.ability.id}: hunt is for enemies")
        return self

    @cached_property
    def unlocked(self) -> tuple[tuple[Ability, ...], ...]:
        """The abilities held at each level from 0 to the last, worked out once per class: the
        table asks for a player's abilities several times a move."""
        return tuple(
            tuple(entry.ability for entry in self.abilities if entry.level <= level)
            for level in range(LEVELS + 1)
        )

    def abilities_at(self, level: int) -> list[Ability]:
        return list(self.unlocked[max(0, min(level, LEVELS))])  # every entry is within 1-5


class Content(Strict):
    sets: list[EnemySet] = Field(min_length=3)
    classes: list[ClassDef] = Field(min_length=6)
    customs: list[Ability] = Field(min_length=1)

    @model_validator(mode="after")
    def _ids_unique(self) -> Content:
        player_ids = [a.id for c in self.classes for a in c.abilities_at(LEVELS)]
        player_ids += [a.id for a in self.customs]
        for kind, ids in (
            ("set", [s.id for s in self.sets]),
            ("class", [c.id for c in self.classes]),
            ("player ability", player_ids),
        ):
            if len(set(ids)) != len(ids):
                raise ValueError(f"{kind} ids repeat")
        for custom in self.customs:
            if custom.ops & ENEMY_ONLY:
                raise ValueError(f"{custom.id}: hunt is for enemies")
        return self

    def enemy_set(self, set_id: str) -> EnemySet:
        return _by_id(self.sets, set_id, "enemy set")

    def klass(self, class_id: str) -> ClassDef:
        return _by_id(self.classes, class_id, "class")

    def custom(self, ability_id: str) -> Ability:
        return _by_id(self.customs, ability_id, "custom ability")


Item = TypeVar("Item", EnemySet, ClassDef, Ability)


def _by_id(items: list[Item], item_id: str, kind: str) -> Item:
    for item in items:
        if item.id == item_id:
            return item
    raise KeyError(f"no {kind} {item_id!r}")


DATA = "data"


@cache
def load_content() -> Content:
    """Every shipped set, class and custom ability, validated once per process."""
    folder = files("bot.games.deuces") / DATA
    sets = sorted(
        (
            json.loads(entry.read_text("utf-8"))
            for entry in folder.iterdir()
            if entry.name.startswith("set_") and entry.name.endswith(".json")
        ),
        key=lambda data: (data.get("tier", 0), data.get("id", "")),
    )
    classes = json.loads((folder / "classes.json").read_text("utf-8"))
    customs = json.loads((folder / "custom_abilities.json").read_text("utf-8"))
    return Content.model_validate({"sets": sets, "classes": classes, "customs": customs})


# ---- words from effects -------------------------------------------------------------------------

_WHO = {"self": "you", "target": "the target", "allies": "each ally", "foes": "each foe"}
_THEIR = {"self": "your", "target": "their", "allies": "their", "foes": "their"}


def _cards(n: int) -> str:
    return "a card" if n == 1 else f"{n} cards"


def _verb(who: str, verb: str) -> str:
    return f"{_WHO[who]} {verb}" if who == "self" else f"{_WHO[who]} {verb}s"


def _discard_phrase(e: Discard) -> str:
    if e.pick == "chosen":
        return f"discard {_cards(e.count)} of your choice"
    if e.pick == "random":
        return f"{_verb(e.who, 'discard')} {_cards(e.count)} at random"
    some = "card" if e.count == 1 else f"{e.count} cards"
    return f"{_verb(e.who, 'discard')} {_THEIR[e.who]} {e.pick} {some}"


def _recover_phrase(e: Recover) -> str:
    top = "top card" if e.count == 1 else f"top {e.count} cards"
    return f"{_verb(e.who, 'take')} back the {top} of {_THEIR[e.who]} discard pile"


def _edge_phrase(e: Edge) -> str:
    sign = "+" if e.amount > 0 else ""
    whose = "your" if e.who == "self" else f"{_WHO[e.who]}'s"
    return f"{sign}{e.amount} to every value of {whose} next play"


_PHRASES: dict[type[Any], Callable[[Any], str]] = {
    Draw: lambda e: f"{_verb(e.who, 'draw')} {_cards(e.count)}",
    Discard: _discard_phrase,
    Recover: _recover_phrase,
    Guard: lambda e: f"discard {_cards(e.count)} of your choice and draw as many",
    Raise: lambda e: f"raise {_cards(e.count)} of your choice by {e.amount}",
    Wild: lambda e: f"make {_cards(e.count)} of your choice wild",
    Edge: _edge_phrase,
    ExtraAttack: lambda e: f"attack {'once' if e.count == 1 else 'twice'} more this turn",
    Taunt: lambda e: "enemies must attack you until the end of their next turn",
    Hunt: lambda e: "attack any player this turn, whatever their Threat Card",
    Summon: lambda e: (
        f"summon a {e.name} with {_cards(e.hand)} from your deck, which "
        "attacks on your turns and fights on if you fall"
    ),
    Cancel: lambda e: "the attack is called off and its cards go back",
    Blunt: lambda e: f"-{e.amount} to every value of the attack",
}
_TIMING = {
    "turn": "On your turn",
    "instead_of_attack": "Instead of attacking",
    "disrupt": "Disrupt, when attacked",
}


def describe(ability: Ability) -> str:
    """The rules text of an ability, made from its effects."""
    parts = "; ".join(_PHRASES[type(effect)](effect) for effect in ability.effects)
    uses = f"{ability.uses.times}× per {ability.uses.per}"
    return f"{_TIMING[ability.timing]}: {parts}. ({uses})"
