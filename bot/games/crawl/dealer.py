"""The Dealer: turns dungeon events into short prose.

Lines are picked from tables with a generator seeded by the game's seed, the turn and the event's
place in it, so the same game always reads the same, in Discord, in the terminal and after a
restart, while two games read differently.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.games.cards import Card
from bot.games.contract import Event, Outcome, kind_of, seeded_rng
from bot.games.crawl.actions import Role, role_of
from bot.games.crawl.bestiary import (
    hero_name,
    menace,
    monster_name,
    potion_name,
    weapon_name,
)
from bot.words import plural, sentence

ROOM_OPENERS = [
    "Room {n}. The door creaks open on {contents}.",
    "You step into room {n}: {contents}.",
    "Torchlight flickers over room {n}: {contents}.",
    "Room {n} waits in the dark: {contents}.",
    "The passage widens into room {n}: {contents}.",
]
CARRIED = [
    "The {thing} from the last room is still here.",
    "The {thing} you left behind waits for you.",
]
DRAGON_ROOM = [
    "The air is scorching. Something vast breathes in the dark.",
    "Scorched bones crunch underfoot: this is a dragon's lair.",
    "A roar shakes dust from the ceiling. Dragon.",
]
FIGHT_WITH_WEAPON = [
    "You strike the {name} ({card}) with your {weapon_name} ({weapon}) and take {damage} damage.",
    "Your {weapon_name} ({weapon}) meets the {name} ({card}): {damage} damage gets through.",
    "The {name} ({card}) falls to your {weapon_name}, at a cost of {damage} HP.",
]
CLEAN_KILL = [
    "Your {weapon_name} ({weapon}) cuts the {name} ({card}) down without a scratch.",
    "One clean stroke of the {weapon_name} ({weapon}) and the {name} ({card}) is gone.",
]
BAREHANDED = [
    "You wrestle the {name} ({card}) with bare hands: {damage} damage.",
    "Fists against the {name} ({card}). It costs you {damage} HP.",
    "No blade this time: the {name} ({card}) mauls you for {damage} before it drops.",
]
WEAPON_BROKE = [
    "Your {weapon_name} ({weapon}) shatters on the {name} ({card})! You take the full {damage}.",
    "The {name} ({card}) snaps your {weapon_name} ({weapon}) in two: {damage} damage.",
]
HEALED = [
    "You drink the {potion} ({card}): +{healed} HP.",
    "The {potion} ({card}) warms you through: +{healed} HP.",
    "You down the {potion} ({card}) and feel stronger: +{healed} HP.",
]
FULL_ALREADY = ["You drink the {potion} ({card}), but you are already at full health."]
WASTED = [
    "The {potion} ({card}) has no effect this time.",
    "You drink the {potion} ({card}). Nothing. It is wasted.",
]
EQUIPPED = [
    "You take up the {weapon_name} ({card}).",
    "A {weapon_name} ({card})! You arm yourself.",
]
REPLACED = [" Your old {old_name} ({old}) is left behind.", " You drop the {old_name} ({old})."]
RAN = [
    "You flee! The room's cards slip back into the dark.",
    "Not this room. You back away the way you came.",
    "Discretion wins: you run.",
]
RESHUFFLED = [" The deck is reshuffled."]
FACED = ["{who} will face this room.", "{who} draws a weapon and steps in."]
HERO_FELL = ["{hero} falls!", "{hero} is down.", "{hero} collapses and does not rise."]
RUN_OR_FACE = [
    "You lead this room: run from it, or face it? Your rival must follow.",
    "You must choose for both of you: face this room, or flee it?",
]
HERO_REVIVED = ["{hero} rises again!", "{hero} gets back up."]
PLAYS_ON_ALONE = [
    "You are on your own now: you fight on alone.",
    "Your rival has fallen. You press on alone.",
]
WON = [
    "Daylight! You escape the dungeon. Score: {score}.",
    "You climb out into the open air, alive. Score: {score}.",
]
LOST = [
    "The dungeon claims you. Score: {score}.",
    "Darkness closes in. Your run ends here. Score: {score}.",
]


def describe(card: Card) -> str:
    """How a card looks when a room is dealt: "a fierce orc (7♣)". Short: the table shows the
    room's cards beside this line, so it is told in a few words."""
    role = role_of(card)
    if role == Role.WEAPON:
        return f"{article(weapon_name(card))} ({card})"
    if role == Role.POTION:
        return f"{article(potion_name(card))} ({card})"
    return f"{article(menace(card))} {monster_name(card)} ({card})"


def article(words: str) -> str:
    """ "an elixir", "a dagger": the indefinite article the first word's sound takes."""
    return f"{'an' if words[:1].lower() in 'aeiou' else 'a'} {words}"


def _join(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _room(event: Any, pick: Callable[[list[str]], str]) -> str:
    """The cards just dealt; a card carried over from the last room gets its own sentence
    (it leads the room), not a second mention among the new ones."""
    dealt = event.room[1:] if event.carried is not None else event.room
    contents = _join(_contents(dealt))
    text = pick(ROOM_OPENERS).format(n=event.room_number, contents=contents)
    if event.carried is not None:
        text += " " + pick(CARRIED).format(thing=_short(event.carried))
    if any(card.is_joker for card in event.room) and len(dealt) <= NAMED:
        text += " " + pick(DRAGON_ROOM)  # a bigger room's line names the dragon as its worst
    return text


ITEMS = {Role.WEAPON: "weapon", Role.POTION: "potion"}
NAMED = 4
"""The most cards a room's line describes one by one: a bigger room (a duel's) is counted by
kind, its worst monster named."""


def _contents(dealt: list[Card]) -> list[str]:
    """Each monster by name; weapons, or potions, counted where there are several ("3 potions
    (2♥ 8♥ 5♥)"): the table shows each card with what playing it does, so the line stays
    short. A room of more than NAMED cards is told by kind ("2 weapons, a potion and 4
    monsters, the worst a legendary dragon (🃏)")."""
    if len(dealt) > NAMED:
        return _counted(dealt)
    parts: list[str] = []
    for card in dealt:
        role = role_of(card)
        alike = [other for other in dealt if role_of(other) == role]
        if role not in ITEMS or len(alike) == 1:
            parts.append(describe(card))
        elif card == alike[0]:
            parts.append(f"{plural(len(alike), ITEMS[role])} ({' '.join(map(str, alike))})")
    return parts


def _counted(dealt: list[Card]) -> list[str]:
    monsters = [card for card in dealt if role_of(card) not in ITEMS]
    parts = [
        plural(count, ITEMS[role]) if count > 1 else article(ITEMS[role])
        for role in ITEMS
        if (count := sum(1 for card in dealt if role_of(card) == role))
    ]
    if monsters:
        worst = max(monsters, key=lambda card: card.value)
        many = plural(len(monsters), "monster") if len(monsters) > 1 else "a monster"
        parts.append(f"{many}, the worst {describe(worst)}")
    return parts


def _short(card: Card) -> str:
    role = role_of(card)
    name = {Role.WEAPON: weapon_name, Role.POTION: potion_name}.get(role, monster_name)(card)
    return f"{name} ({card})"


def _fight(event: Any, pick: Callable[[list[str]], str]) -> str:
    fields = {"name": monster_name(event.card), "card": event.card, "damage": event.damage}
    if event.weapon_broke:
        return pick(WEAPON_BROKE).format(
            weapon_name=weapon_name(event.weapon), weapon=event.weapon, **fields
        )
    if event.weapon is None:
        return pick(BAREHANDED).format(**fields)
    table = CLEAN_KILL if event.damage == 0 else FIGHT_WITH_WEAPON
    return pick(table).format(weapon_name=weapon_name(event.weapon), weapon=event.weapon, **fields)


def _potion(event: Any, pick: Callable[[list[str]], str]) -> str:
    table = WASTED if event.wasted else HEALED if event.healed else FULL_ALREADY
    return pick(table).format(potion=potion_name(event.card), card=event.card, healed=event.healed)


def _equip(event: Any, pick: Callable[[list[str]], str]) -> str:
    text = pick(EQUIPPED).format(weapon_name=weapon_name(event.card), card=event.card)
    if event.replaced is not None:
        old = event.replaced
        text += pick(REPLACED).format(old_name=weapon_name(old), old=old)
    return text


def _ran(event: Any, pick: Callable[[list[str]], str]) -> str:
    return pick(RAN) + (pick(RESHUFFLED) if event.reshuffled else "")


def _ended(event: Any, pick: Callable[[list[str]], str]) -> str:
    return pick(WON if event.outcome == Outcome.WON else LOST).format(score=event.score)


Line = Callable[[Any, Callable[[list[str]], str]], str]

LINES: dict[str, Line] = {
    "room_dealt": _room,
    "monster_fought": _fight,
    "potion_drunk": _potion,
    "weapon_equipped": _equip,
    "ran": _ran,
    "game_ended": _ended,
    "hero_fell": lambda event, pick: pick(HERO_FELL).format(hero=hero_name(event.hero)),
    "room_faced": lambda event, pick: pick(FACED).format(who="You"),
    "run_or_face": lambda event, pick: pick(RUN_OR_FACE),
    "hero_revived": lambda event, pick: pick(HERO_REVIVED).format(hero=hero_name(event.hero)),
    "plays_on_alone": lambda event, pick: pick(PLAYS_ON_ALONE),
}


class Dealer:
    """Narrates one game. With several players, lines about one player are addressed to them."""

    def __init__(self, seed: int, names: Sequence[str] = ()) -> None:
        self.seed = seed
        self.names = list(names)

    def narrate(self, events: Sequence[Event], turn: int) -> list[str]:
        lines: list[str] = []
        for index, event in enumerate(events):
            line = LINES.get(kind_of(event))
            if line is None:
                continue
            rng = seeded_rng(self.seed, f"narration:{turn}:{index}")
            lines.append(self._address(event, sentence(line(event, rng.choice))))
        return lines

    def _address(self, event: Event, text: str) -> str:
        seat: int | None = getattr(event, "seat", None)
        if len(self.names) < 2 or seat is None or kind_of(event) == "room_dealt":
            return text
        name = self.names[seat]
        if text.startswith("You "):
            return f"**{name}**, you {text[4:]}"
        return f"**{name}**: {text}"
