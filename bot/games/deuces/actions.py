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

from typing import Annotated, Literal, Self, cast, get_args

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


class Move(Action, frozen=True):
    """A Dungeons & Deuces action: `read` makes it from the words after its kind."""

    @classmethod
    def read(cls, words: list[str]) -> Self:
        """The action from its words (an action of no words ignores any)."""
        return cls()


CardSet = Annotated[tuple[Card, ...], AfterValidator(_in_order)]
"""Cards whose order means nothing (a defence, an ability's or a shed's cards), kept in card
order: the same cards make one action with one text form, however they were picked, so a
hint or a timeout's move is exactly the legal action listed for it."""


class Vote(Move, frozen=True):
    """Hit (the GM draws one more enemy) or Stay."""

    kind: Literal["vote"] = "vote"
    hit: bool

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(hit=_choice(words, "hit", "stay"))

    def __str__(self) -> str:
        return _words("vote", "hit" if self.hit else "stay")


class Attack(Move, frozen=True):
    """Attack an enemy (by its index on the table) with a single, set or five-card hand."""

    kind: Literal["attack"] = "attack"
    target: int
    cards: tuple[Card, ...]

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(target=int(words[0]), cards=_cards(words[1:]))

    def __str__(self) -> str:
        return _words("attack", str(self.target), _codes(self.cards))


class PetAttack(Move, frozen=True):
    """One of your pets attacks an enemy with cards from its own hand."""

    kind: Literal["pet"] = "pet"
    pet: int
    target: int
    cards: tuple[Card, ...]

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(pet=int(words[0]), target=int(words[1]), cards=_cards(words[2:]))

    def __str__(self) -> str:
        return _words("pet", str(self.pet), str(self.target), _codes(self.cards))


class Defend(Move, frozen=True):
    """Answer the pending attack with as many cards as it has (a Rare card may count twice).

    With no cards it is a yield: a defender holding too few cards to answer (who was asked
    because they could use a Disrupt) is overwhelmed, as the rules say."""

    kind: Literal["defend"] = "defend"
    cards: CardSet

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(cards=_cards(words))

    def __str__(self) -> str:
        return _words("defend", _codes(self.cards))


class UseAbility(Move, frozen=True):
    """Use one of your abilities; `target` is an enemy index (foe) or a seat (ally)."""

    kind: Literal["ability"] = "ability"
    ability: str
    target: int | None = None
    cards: CardSet = ()

    @classmethod
    def read(cls, words: list[str]) -> Self:
        name, target, cards = _aimed(words)
        return cls(ability=name, target=target, cards=cards)

    def __str__(self) -> str:
        aim = f"@{self.target}" if self.target is not None else ""
        return _words("ability", self.ability, aim, _codes(self.cards))


class Guard(Move, frozen=True):
    """Instead of attacking or using an ability: discard a card and draw one."""

    kind: Literal["guard"] = "guard"
    card: Card

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(card=Card.parse(words[0]))

    def __str__(self) -> str:
        return _words("guard", self.card.code)


class EndTurn(Move, frozen=True):
    kind: Literal["end"] = "end"

    def __str__(self) -> str:
        return "end"


class TradeUp(Move, frozen=True):
    """Two loot cards of one tier become one of the next: `keep` is upgraded, `give` returned."""

    kind: Literal["trade"] = "trade"
    keep: Card
    give: Card

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(keep=Card.parse(words[0]), give=Card.parse(words[1]))

    def __str__(self) -> str:
        return _words("trade", self.keep.code, self.give.code)


class Shed(Move, frozen=True):
    """Discard the chosen cards from a hand above the limit of ten."""

    kind: Literal["shed"] = "shed"
    cards: CardSet

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(cards=_cards(words))

    def __str__(self) -> str:
        return _words("shed", _codes(self.cards))


class GiveLoot(Move, frozen=True):
    """Hand a loot card to another player of the party (who must have room for it)."""

    kind: Literal["give"] = "give"
    card: Card
    to: int

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(card=Card.parse(words[0]), to=int(words[1]))

    def __str__(self) -> str:
        return _words("give", self.card.code, str(self.to))


class DropLoot(Move, frozen=True):
    """Give up a loot card (only while holding more than the limit)."""

    kind: Literal["drop"] = "drop"
    card: Card

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(card=Card.parse(words[0]))

    def __str__(self) -> str:
        return _words("drop", self.card.code)


class LootDone(Move, frozen=True):
    kind: Literal["done"] = "done"

    def __str__(self) -> str:
        return "done"


class Bid(Move, frozen=True):
    """Quest for Loot: a sealed wager before the draw, from the 1-chip blind upwards."""

    kind: Literal["bid"] = "bid"
    chips: int

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(chips=int(words[0]))

    def __str__(self) -> str:
        return _words("bid", str(self.chips))


class Call(Move, frozen=True):
    """Quest for Loot: match the highest bid (all in, if it is more than you hold) or fold."""

    kind: Literal["call"] = "call"
    match: bool

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(match=_choice(words, "match", "fold"))

    def __str__(self) -> str:
        return _words("call", "match" if self.match else "fold")


class Raise(Move, frozen=True):
    """Quest for Loot: the sealed raise after the draw (0: none)."""

    kind: Literal["raise"] = "raise"
    chips: int

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(chips=int(words[0]))

    def __str__(self) -> str:
        return _words("raise", str(self.chips))


class Onward(Move, frozen=True):
    """Quest for Loot: between encounters, play on or stop the table."""

    kind: Literal["onward"] = "onward"
    go: bool

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(go=_choice(words, "go", "stop"))

    def __str__(self) -> str:
        return _words("onward", "go" if self.go else "stop")


class Keep(Move, frozen=True):
    """Duel of the Duos: keep two of the three classes drawn (by place) and the custom ability
    each of them gets (by place among the three drawn)."""

    kind: Literal["keep"] = "keep"
    classes: tuple[int, int]
    customs: tuple[int, int]

    @classmethod
    def read(cls, words: list[str]) -> Self:
        if len(words) != 4:
            raise ValueError("keep names two classes and two custom abilities")
        first, second, one, other = (int(word) for word in words)
        return cls(classes=(first, second), customs=(one, other))

    def __str__(self) -> str:
        return _words("keep", *(str(n) for n in (*self.classes, *self.customs)))


class Initiative(Move, frozen=True):
    """Duel of the Duos: draw for initiative, or concede it to the rival."""

    kind: Literal["initiative"] = "initiative"
    concede: bool

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(concede=_choice(words, "concede", "draw"))

    def __str__(self) -> str:
        return _words("initiative", "concede" if self.concede else "draw")


class Extra(Move, frozen=True):
    """Duel of the Duos: the side without initiative draws one more card for this hero."""

    kind: Literal["extra"] = "extra"
    hero: int

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(hero=int(words[0]))

    def __str__(self) -> str:
        return _words("extra", str(self.hero))


class Strike(Move, frozen=True):
    """Masters & Monsters: one of your enemies attacks a player (or a pet) of another."""

    kind: Literal["strike"] = "strike"
    enemy: int
    target: Ref
    cards: tuple[Card, ...]

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(enemy=int(words[0]), target=parse_ref(words[1]), cards=_cards(words[2:]))

    def __str__(self) -> str:
        return _words("strike", str(self.enemy), str(self.target), _codes(self.cards))


class Spell(Move, frozen=True):
    """Masters & Monsters: one of your enemies uses an ability (`target`: a seat for a foe, an
    enemy's place for an ally)."""

    kind: Literal["spell"] = "spell"
    enemy: int
    ability: str
    target: int | None = None
    cards: CardSet = ()

    @classmethod
    def read(cls, words: list[str]) -> Self:
        name, target, cards = _aimed(words[1:])
        return cls(enemy=int(words[0]), ability=name, target=target, cards=cards)

    def __str__(self) -> str:
        aim = f"@{self.target}" if self.target is not None else ""
        return _words("spell", str(self.enemy), self.ability, aim, _codes(self.cards))


class Autopilot(Move, frozen=True):
    """Masters & Monsters: the GM's policy plays the rest of your enemies' turn."""

    kind: Literal["auto"] = "auto"

    def __str__(self) -> str:
        return "auto"


class Go(Move, frozen=True):
    """Traditional Quest: the party walks to a room next to the one it stands in."""

    kind: Literal["go"] = "go"
    room: str

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(room=words[0])

    def __str__(self) -> str:
        return _words("go", self.room)


class Buy(Move, frozen=True):
    """Traditional Quest: buy a piece of quest loot at this room's shop, paid in cards from
    your discard pile, shuffled and handed over face down."""

    kind: Literal["buy"] = "buy"
    item: str

    @classmethod
    def read(cls, words: list[str]) -> Self:
        return cls(item=words[0])

    def __str__(self) -> str:
        return _words("buy", self.item)


class UseItem(Move, frozen=True):
    """Traditional Quest: sacrifice a Joker from your hand to use a piece of your quest loot
    (`target`: an enemy for a foe, a seat for an ally)."""

    kind: Literal["item"] = "item"
    item: str
    target: int | None = None

    @classmethod
    def read(cls, words: list[str]) -> Self:
        name, target, cards = _aimed(words)
        if cards:
            raise ValueError("quest loot chooses no cards")
        return cls(item=name, target=target)

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


def _choice(words: list[str], yes: str, no: str) -> bool:
    """One of two words, as True or False."""
    if words[0] not in (yes, no):
        raise ValueError(f"expected {yes} or {no}")
    return words[0] == yes


def _aimed(words: list[str]) -> tuple[str, int | None, tuple[Card, ...]]:
    """An ability's (or quest loot's) id, its target after an @, and the cards chosen."""
    name, rest = words[0], words[1:]
    target = None
    if rest and rest[0].startswith("@"):
        target, rest = int(rest[0][1:]), rest[1:]
    return name, target, _cards(rest)


ACTION_TYPES: dict[str, type[Move]] = {
    kind.model_fields["kind"].default: kind for kind in get_args(get_args(DeucesAction)[0])
}
"""Every action by the word its text form starts with (each action's `kind`)."""


def parse_action(text: str) -> DeucesAction:
    """Read an action from its text form; anything unreadable is an IllegalAction."""
    words = text.replace(".", " ").split()
    try:
        action = ACTION_TYPES[words[0]].read(words[1:])
    except (KeyError, IndexError, ValueError) as error:
        raise IllegalAction(f"not an action: {text!r}") from error
    # every type listed is a member of the union, and reads an action of its own type
    return cast(DeucesAction, action)
