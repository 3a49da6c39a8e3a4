"""What happens in a Dungeon of Cards game, as the voice and the tests read it.

Events are public: everyone at the table hears them. So an event never names a card that is
still secret (a card played face down from a hand, a hand dealt); cards turned up, claimed,
fought or discarded are face up for everyone and are named.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bot.games.cards import Card
from bot.games.contract import Event, GameEnded
from bot.games.dungeon.grid import Dir, Point


class JokerPlaced(Event, frozen=True):
    """A player chose their starting card and put their Joker on it."""

    kind: Literal["joker_placed"] = "joker_placed"
    seat: int
    at: Point


class TurnBegan(Event, frozen=True):
    kind: Literal["turn_began"] = "turn_began"
    seat: int
    number: int
    """1 for the game's first turn."""


class MonsterMoved(Event, frozen=True):
    kind: Literal["monster_moved"] = "monster_moved"
    seat: int
    """Who moved it: the player whose turn it is."""
    card: Card
    origin: Point
    at: Point


class MonsterHeld(Event, frozen=True):
    """A monster could not go the way it faces (a wall, a blank, a pawn or a monster ahead)."""

    kind: Literal["monster_held"] = "monster_held"
    card: Card
    at: Point
    facing: Dir | None = None


class MonsterFaced(Event, frozen=True):
    kind: Literal["monster_faced"] = "monster_faced"
    seat: int
    card: Card
    facing: Dir
    offered: bool = False
    """The facing the monster was given as it moved, which the table shows as a fact (and the
    pawn's move accepts); False when the mover turned it themselves."""


class PawnMoved(Event, frozen=True):
    kind: Literal["pawn_moved"] = "pawn_moved"
    seat: int
    origin: Point
    at: Point
    knight: bool = False


class CardTurned(Event, frozen=True):
    """A face-down card turned face up: by a pawn moving onto it, a flip, or a battle pick."""

    kind: Literal["card_turned"] = "card_turned"
    seat: int
    card: Card
    at: Point
    how: Literal["move", "flip", "pick"]


class Bounced(Event, frozen=True):
    """A pawn met a wall (or a monster) where it meant to land and went back."""

    kind: Literal["bounced"] = "bounced"
    seat: int
    blocker: Card
    origin: Point
    at: Point
    """Where the pawn stands now."""


class Claimed(Event, frozen=True):
    """A pawn landed (or hopped) on a red number card: treasure scores, every claimed card is
    discarded. Landing on floor is no claim; hopping onto floor is one worth nothing."""

    kind: Literal["claimed"] = "claimed"
    seat: int
    card: Card
    at: Point
    points: int
    score: int
    hop: bool = False


class BattleBegan(Event, frozen=True):
    kind: Literal["battle_began"] = "battle_began"
    seat: int
    """The fighter, whose pawn meets the monster."""
    monster: Card
    at: Point
    player_total: int
    monster_total: int


class Picked(Event, frozen=True):
    """One pick of a battle: `seat` picked for `side`, next to the fighter or to the monster."""

    kind: Literal["picked"] = "picked"
    seat: int
    side: Literal["player", "monster"]
    card: Card
    at: Point
    adds: int
    player_total: int
    monster_total: int


class BattleWon(Event, frozen=True):
    kind: Literal["battle_won"] = "battle_won"
    seat: int
    monster: Card
    player_total: int
    monster_total: int
    score: int


class BattleLost(Event, frozen=True):
    kind: Literal["battle_lost"] = "battle_lost"
    seat: int
    monster: Card
    player_total: int
    monster_total: int
    lost: int
    """Points lost: 5, or fewer when the score was lower."""
    score: int


class PawnTaken(Event, frozen=True):
    """A pawn with no move went back to its owner's hand, at no cost."""

    kind: Literal["pawn_taken"] = "pawn_taken"
    seat: int
    origin: Point


class PawnEntered(Event, frozen=True):
    kind: Literal["pawn_entered"] = "pawn_entered"
    seat: int
    at: Point


class HopsOffered(Event, frozen=True):
    """The pawn stands by a matching card: it may hop on and claim it."""

    kind: Literal["hops_offered"] = "hops_offered"
    seat: int


class CardPlaced(Event, frozen=True):
    """A card went into the dungeon face down: from the player's hand (only they know it) or
    blind from the pile (nobody knows it)."""

    kind: Literal["card_placed"] = "card_placed"
    seat: int
    at: Point
    blind: bool = False


class WallBroken(Event, frozen=True):
    kind: Literal["wall_broken"] = "wall_broken"
    seat: int
    card: Card
    wall: Card
    at: Point


class PlaySkipped(Event, frozen=True):
    """No card could be played: an empty hand, and nothing left to draw."""

    kind: Literal["play_skipped"] = "play_skipped"
    seat: int


class HandDealt(Event, frozen=True):
    kind: Literal["hand_dealt"] = "hand_dealt"
    seat: int
    count: int


class Reshuffled(Event, frozen=True):
    """The pile ran out: the discard pile was flipped over as the new pile."""

    kind: Literal["reshuffled"] = "reshuffled"
    count: int


class OutOfSight(Event, frozen=True):
    """Cards more than four steps from both pawns went to the discards (face up)."""

    kind: Literal["out_of_sight"] = "out_of_sight"
    cards: list[Card]
    cells: list[Point]


class DuelOver(Event, frozen=True):
    kind: Literal["duel_over"] = "duel_over"
    winner: int | None
    """None for a draw."""
    scores: list[int]
    reason: Literal["hundred", "turns", "cards"]


DungeonEvent = Annotated[
    JokerPlaced
    | TurnBegan
    | MonsterMoved
    | MonsterHeld
    | MonsterFaced
    | PawnMoved
    | CardTurned
    | Bounced
    | Claimed
    | BattleBegan
    | Picked
    | BattleWon
    | BattleLost
    | PawnTaken
    | PawnEntered
    | HopsOffered
    | CardPlaced
    | WallBroken
    | PlaySkipped
    | HandDealt
    | Reshuffled
    | OutOfSight
    | DuelOver
    | GameEnded,
    Field(discriminator="kind"),
]
