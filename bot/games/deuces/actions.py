"""What a player can do in Dungeons & Deuces, and a compact text form for buttons and logs.

Every action is a frozen value with a `kind`. `str(action)` is its text form and `parse_action`
reads it back, so a select menu's values or a custom_id can carry any action:

    vote hit | vote stay
    attack <enemy> <cards...>      attack 1 TS TH
    defend <cards...>              defend 9C 9D
    ability <id> [@<target>] [<cards...>]   ability sharp_eye 7H   ability jab @0
    guard <card> | end
    trade <keep> <give> | drop <card> | done
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from bot.games.cards import Card
from bot.games.engine import Frozen, IllegalAction


def _codes(cards: tuple[Card, ...]) -> str:
    return " ".join(card.code for card in cards)


class Vote(Frozen):
    """Hit (the GM draws one more enemy) or Stay."""

    kind: Literal["vote"] = "vote"
    hit: bool

    def __str__(self) -> str:
        return f"vote {'hit' if self.hit else 'stay'}"


class Attack(Frozen):
    """Attack an enemy (by its index on the table) with a single, set or five-card hand."""

    kind: Literal["attack"] = "attack"
    target: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"attack {self.target} {_codes(self.cards)}"


class Defend(Frozen):
    """Answer the pending attack with as many cards as it has (a Rare card may count twice)."""

    kind: Literal["defend"] = "defend"
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"defend {_codes(self.cards)}"


class UseAbility(Frozen):
    """Use one of your abilities; `target` is an enemy index (foe) or a seat (ally)."""

    kind: Literal["ability"] = "ability"
    ability: str
    target: int | None = None
    cards: tuple[Card, ...] = ()

    def __str__(self) -> str:
        aim = f" @{self.target}" if self.target is not None else ""
        chosen = f" {_codes(self.cards)}" if self.cards else ""
        return f"ability {self.ability}{aim}{chosen}"


class Guard(Frozen):
    """Instead of attacking or using an ability: discard a card and draw one."""

    kind: Literal["guard"] = "guard"
    card: Card

    def __str__(self) -> str:
        return f"guard {self.card.code}"


class EndTurn(Frozen):
    kind: Literal["end"] = "end"

    def __str__(self) -> str:
        return "end"


class TradeUp(Frozen):
    """Two loot cards of one tier become one of the next: `keep` is upgraded, `give` returned."""

    kind: Literal["trade"] = "trade"
    keep: Card
    give: Card

    def __str__(self) -> str:
        return f"trade {self.keep.code} {self.give.code}"


class DropLoot(Frozen):
    """Give up a loot card (only while holding more than the limit)."""

    kind: Literal["drop"] = "drop"
    card: Card

    def __str__(self) -> str:
        return f"drop {self.card.code}"


class LootDone(Frozen):
    kind: Literal["done"] = "done"

    def __str__(self) -> str:
        return "done"


DeucesAction = Annotated[
    Vote | Attack | Defend | UseAbility | Guard | EndTurn | TradeUp | DropLoot | LootDone,
    Field(discriminator="kind"),
]
ACTION = TypeAdapter(DeucesAction)


def _cards(words: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in words)


def _ability(words: list[str]) -> UseAbility:
    name, rest = words[0], words[1:]
    target = None
    if rest and rest[0].startswith("@"):
        target, rest = int(rest[0][1:]), rest[1:]
    return UseAbility(ability=name, target=target, cards=_cards(rest))


_PARSERS = {
    "vote": lambda w: Vote(hit={"hit": True, "stay": False}[w[0]]),
    "attack": lambda w: Attack(target=int(w[0]), cards=_cards(w[1:])),
    "defend": lambda w: Defend(cards=_cards(w)),
    "ability": _ability,
    "guard": lambda w: Guard(card=Card.parse(w[0])),
    "end": lambda w: EndTurn(),
    "trade": lambda w: TradeUp(keep=Card.parse(w[0]), give=Card.parse(w[1])),
    "drop": lambda w: DropLoot(card=Card.parse(w[0])),
    "done": lambda w: LootDone(),
}


def parse_action(text: str) -> DeucesAction:
    """Read an action from its text form; anything unreadable is an IllegalAction."""
    words = text.split()
    try:
        return _PARSERS[words[0]](words[1:])
    except (KeyError, IndexError, ValueError) as error:
        raise IllegalAction(f"not an action: {text!r}") from error
