"""What a player can do in Dungeons & Deuces, and its one text form for buttons, logs and typing.

Every action is a frozen value with a `kind`. `str(action)` is its text form, words joined by
dots so a custom_id can carry it, and `parse_action` reads it back (spaces work too, for typing):

    vote.hit | vote.stay
    attack.<enemy>.<cards...>      attack.1.TS.TH
    pet.<pet>.<enemy>.<cards...>   pet.0.1.9C     (your pet attacks)
    defend.<cards...>              defend.9C.9D   (defend alone: yield, too few cards)
    ability.<id>[.@<target>][.<cards...>]   ability.sharp_eye.7H   ability.jab.@0
    guard.<card> | end
    shed.<cards...>                shed.3C.4D     (down to the hand limit)
    trade.<keep>.<give> | give.<card>.<seat> | drop.<card> | done
    bid.<chips>                    bid.1 (the blind) | bid.3 (a raise to 3)   (Quest for Loot)
    call.match | call.fold         raise.<chips> (raise.0: none)   onward.go | onward.stop
    keep.<class>.<class>.<custom>.<custom>   keep.0.2.1.0 (Duel of the Duos: places drawn)
    initiative.draw | initiative.concede     extra.<seat>   (Duel of the Duos)
    strike.<enemy>.<P|A><place>.<cards...>   strike.0.P1.9C  (Masters & Monsters: your enemy
                                   attacks a player, or a pet, by its place)
    spell.<enemy>.<id>[.@<target>][.<cards...>]   auto   (your enemy's ability; the GM plays
                                   the rest of your enemies' turn)
    go.<room> | buy.<item>         go.cask_hall   buy.ember_flask   (Traditional Quest: the map)
    item.<id>[.@<target>]          item.mirror_shard.@0  (quest loot, a Joker sacrificed)
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, Field

from bot.games.cards import Card
from bot.games.contract import Action, IllegalAction
from bot.games.deuces.refs import Ref, parse_ref


def _words(*words: str) -> str:
    return ".".join(word for word in words if word)


def _codes(cards: tuple[Card, ...]) -> str:
    return ".".join(card.code for card in cards)


def _in_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


CardSet = Annotated[tuple[Card, ...], AfterValidator(_in_order)]
"""Cards whose order means nothing (a defence, an ability's or a shed's cards), kept in card
order: the same cards make one action with one text form, however they were picked, so a
hint or a timeout's move is exactly the legal action listed for it."""


class Vote(Action, frozen=True):
    """Hit (the GM draws one more enemy) or Stay."""

    kind: Literal["vote"] = "vote"
    hit: bool

    def __str__(self) -> str:
        return _words("vote", "hit" if self.hit else "stay")


class Attack(Action, frozen=True):
    """Attack an enemy (by its index on the table) with a single, set or five-card hand."""

    kind: Literal["attack"] = "attack"
    target: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return _words("attack", str(self.target), _codes(self.cards))


class PetAttack(Action, frozen=True):
    """One of your pets attacks an enemy with cards from its own hand."""

    kind: Literal["pet"] = "pet"
    pet: int
    target: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return _words("pet", str(self.pet), str(self.target), _codes(self.cards))


class Defend(Action, frozen=True):
    """Answer the pending attack with as many cards as it has (a Rare card may count twice).

    With no cards it is a yield: a defender holding too few cards to answer (who was asked
    because they could use a Disrupt) is overwhelmed, as the rules say."""

    kind: Literal["defend"] = "defend"
    cards: CardSet

    def __str__(self) -> str:
        return _words("defend", _codes(self.cards))


class UseAbility(Action, frozen=True):
    """Use one of your abilities; `target` is an enemy index (foe) or a seat (ally)."""

    kind: Literal["ability"] = "ability"
    ability: str
    target: int | None = None
    cards: CardSet = ()

    def __str__(self) -> str:
        aim = f"@{self.target}" if self.target is not None else ""
        return _words("ability", self.ability, aim, _codes(self.cards))


class Guard(Action, frozen=True):
    """Instead of attacking or using an ability: discard a card and draw one."""

    kind: Literal["guard"] = "guard"
    card: Card

    def __str__(self) -> str:
        return _words("guard", self.card.code)


class EndTurn(Action, frozen=True):
    kind: Literal["end"] = "end"

    def __str__(self) -> str:
        return "end"


class TradeUp(Action, frozen=True):
    """Two loot cards of one tier become one of the next: `keep` is upgraded, `give` returned."""

    kind: Literal["trade"] = "trade"
    keep: Card
    give: Card

    def __str__(self) -> str:
        return _words("trade", self.keep.code, self.give.code)


class Shed(Action, frozen=True):
    """Discard the chosen cards from a hand above the limit of ten."""

    kind: Literal["shed"] = "shed"
    cards: CardSet

    def __str__(self) -> str:
        return _words("shed", _codes(self.cards))


class GiveLoot(Action, frozen=True):
    """Hand a loot card to another player of the party (who must have room for it)."""

    kind: Literal["give"] = "give"
    card: Card
    to: int

    def __str__(self) -> str:
        return _words("give", self.card.code, str(self.to))


class DropLoot(Action, frozen=True):
    """Give up a loot card (only while holding more than the limit)."""

    kind: Literal["drop"] = "drop"
    card: Card

    def __str__(self) -> str:
        return _words("drop", self.card.code)


class LootDone(Action, frozen=True):
    kind: Literal["done"] = "done"

    def __str__(self) -> str:
        return "done"


class Bid(Action, frozen=True):
    """Quest for Loot: a sealed wager before the draw, from the 1-chip blind upwards."""

    kind: Literal["bid"] = "bid"
    chips: int

    def __str__(self) -> str:
        return _words("bid", str(self.chips))


class Call(Action, frozen=True):
    """Quest for Loot: match the highest bid (all in, if it is more than you hold) or fold."""

    kind: Literal["call"] = "call"
    match: bool

    def __str__(self) -> str:
        return _words("call", "match" if self.match else "fold")


class Raise(Action, frozen=True):
    """Quest for Loot: the sealed raise after the draw (0: none)."""

    kind: Literal["raise"] = "raise"
    chips: int

    def __str__(self) -> str:
        return _words("raise", str(self.chips))


class Onward(Action, frozen=True):
    """Quest for Loot: between encounters, play on or stop the table."""

    kind: Literal["onward"] = "onward"
    go: bool

    def __str__(self) -> str:
        return _words("onward", "go" if self.go else "stop")


class Keep(Action, frozen=True):
    """Duel of the Duos: keep two of the three classes drawn (by place) and the custom ability
    each of them gets (by place among the three drawn)."""

    kind: Literal["keep"] = "keep"
    classes: tuple[int, int]
    customs: tuple[int, int]

    def __str__(self) -> str:
        return _words("keep", *(str(n) for n in (*self.classes, *self.customs)))


class Initiative(Action, frozen=True):
    """Duel of the Duos: draw for initiative, or concede it to the rival."""

    kind: Literal["initiative"] = "initiative"
    concede: bool

    def __str__(self) -> str:
        return _words("initiative", "concede" if self.concede else "draw")


class Extra(Action, frozen=True):
    """Duel of the Duos: the side without initiative draws one more card for this hero."""

    kind: Literal["extra"] = "extra"
    hero: int

    def __str__(self) -> str:
        return _words("extra", str(self.hero))


class Strike(Action, frozen=True):
    """Masters & Monsters: one of your enemies attacks a player (or a pet) of another."""

    kind: Literal["strike"] = "strike"
    enemy: int
    target: Ref
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return _words("strike", str(self.enemy), str(self.target), _codes(self.cards))


class Spell(Action, frozen=True):
    """Masters & Monsters: one of your enemies uses an ability (`target`: a seat for a foe, an
    enemy's place for an ally)."""

    kind: Literal["spell"] = "spell"
    enemy: int
    ability: str
    target: int | None = None
    cards: CardSet = ()

    def __str__(self) -> str:
        aim = f"@{self.target}" if self.target is not None else ""
        return _words("spell", str(self.enemy), self.ability, aim, _codes(self.cards))


class Autopilot(Action, frozen=True):
    """Masters & Monsters: the GM's policy plays the rest of your enemies' turn."""

    kind: Literal["auto"] = "auto"

    def __str__(self) -> str:
        return "auto"


class Go(Action, frozen=True):
    """Traditional Quest: the party walks to a room next to the one it stands in."""

    kind: Literal["go"] = "go"
    room: str

    def __str__(self) -> str:
        return _words("go", self.room)


class Buy(Action, frozen=True):
    """Traditional Quest: buy a piece of quest loot at this room's shop, paid in cards from
    your discard pile, shuffled and handed over face down."""

    kind: Literal["buy"] = "buy"
    item: str

    def __str__(self) -> str:
        return _words("buy", self.item)


class UseItem(Action, frozen=True):
    """Traditional Quest: sacrifice a Joker from your hand to use a piece of your quest loot
    (`target`: an enemy for a foe, a seat for an ally)."""

    kind: Literal["item"] = "item"
    item: str
    target: int | None = None

    def __str__(self) -> str:
        aim = f"@{self.target}" if self.target is not None else ""
        return _words("item", self.item, aim)


DeucesAction = Annotated[
    Vote
    | Attack
    | PetAttack
    | Defend
    | UseAbility
    | Guard
    | EndTurn
    | Shed
    | TradeUp
    | GiveLoot
    | DropLoot
    | LootDone
    | Bid
    | Call
    | Raise
    | Onward
    | Keep
    | Initiative
    | Extra
    | Strike
    | Spell
    | Autopilot
    | Go
    | Buy
    | UseItem,
    Field(discriminator="kind"),
]


def _cards(words: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(word) for word in words)


def _ability(words: list[str]) -> UseAbility:
    name, rest = words[0], words[1:]
    target = None
    if rest and rest[0].startswith("@"):
        target, rest = int(rest[0][1:]), rest[1:]
    return UseAbility(ability=name, target=target, cards=_cards(rest))


def _spell(words: list[str]) -> Spell:
    cast = _ability(words[1:])
    return Spell(enemy=int(words[0]), ability=cast.ability, target=cast.target, cards=cast.cards)


_PARSERS = {
    "vote": lambda w: Vote(hit={"hit": True, "stay": False}[w[0]]),
    "attack": lambda w: Attack(target=int(w[0]), cards=_cards(w[1:])),
    "pet": lambda w: PetAttack(pet=int(w[0]), target=int(w[1]), cards=_cards(w[2:])),
    "defend": lambda w: Defend(cards=_cards(w)),
    "ability": _ability,
    "guard": lambda w: Guard(card=Card.parse(w[0])),
    "end": lambda w: EndTurn(),
    "shed": lambda w: Shed(cards=_cards(w)),
    "trade": lambda w: TradeUp(keep=Card.parse(w[0]), give=Card.parse(w[1])),
    "give": lambda w: GiveLoot(card=Card.parse(w[0]), to=int(w[1])),
    "drop": lambda w: DropLoot(card=Card.parse(w[0])),
    "done": lambda w: LootDone(),
    "bid": lambda w: Bid(chips=int(w[0])),
    "call": lambda w: Call(match={"match": True, "fold": False}[w[0]]),
    "raise": lambda w: Raise(chips=int(w[0])),
    "onward": lambda w: Onward(go={"go": True, "stop": False}[w[0]]),
    "keep": lambda w: _keep(w),
    "initiative": lambda w: Initiative(concede={"concede": True, "draw": False}[w[0]]),
    "extra": lambda w: Extra(hero=int(w[0])),
    "strike": lambda w: Strike(enemy=int(w[0]), target=parse_ref(w[1]), cards=_cards(w[2:])),
    "spell": _spell,
    "auto": lambda w: Autopilot(),
    "go": lambda w: Go(room=w[0]),
    "buy": lambda w: Buy(item=w[0]),
    "item": lambda w: _item(w),
}


def _item(words: list[str]) -> UseItem:
    used = _ability(words)
    if used.cards:
        raise ValueError("quest loot chooses no cards")
    return UseItem(item=used.ability, target=used.target)


def _keep(words: list[str]) -> Keep:
    if len(words) != 4:
        raise ValueError("keep names two classes and two custom abilities")
    first, second, one, other = (int(word) for word in words)
    return Keep(classes=(first, second), customs=(one, other))


def parse_action(text: str) -> DeucesAction:
    """Read an action from its text form; anything unreadable is an IllegalAction."""
    words = text.replace(".", " ").split()
    try:
        return _PARSERS[words[0]](words[1:])
    except (KeyError, IndexError, ValueError) as error:
        raise IllegalAction(f"not an action: {text!r}") from error
