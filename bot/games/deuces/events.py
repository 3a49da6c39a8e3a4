"""Typed records of what happened at a Dungeons & Deuces table.

Narration, rendering and tests read these. Cards a player draws stay private (only counts are
told); every card that is played, discarded or flipped is public, as it is face up at a table.
"""

from __future__ import annotations

from functools import cache
from typing import Annotated, Literal

from pydantic import Field

from bot.games.cards import Card
from bot.games.contract import Event, GameEnded
from bot.games.crawl.plain import PlainAssignment, built
from bot.games.deuces.state import Ref, Side, Tier


class TableEvent(PlainAssignment, Event, frozen=True):
    """Base of this game's own events: the engine builds dozens a move, from values it already
    holds, with `built` (see `PlainAssignment`); saved events are still validated on load.

    Frozen by convention only, and the commonest are one shared instance per value (see the end
    of this module): an event is never assigned to once built."""


class EncounterStarted(TableEvent, frozen=True):
    kind: Literal["encounter_started"] = "encounter_started"
    encounter: int
    level: int
    target: int


class ThreatFlipped(TableEvent, frozen=True):
    """A player with no discard pile flips their deck's top card: their new Threat Card."""

    kind: Literal["threat_flipped"] = "threat_flipped"
    seat: int
    card: Card


class EnemyDrawn(TableEvent, frozen=True):
    kind: Literal["enemy_drawn"] = "enemy_drawn"
    index: int
    enemy_id: str
    name: str
    difficulty: int
    total: int


class MonsterDrawn(TableEvent, frozen=True):
    """Masters & Monsters: an enemy drawn by a player, who will play it; `total` is that
    player's own difficulty so far."""

    kind: Literal["monster_drawn"] = "monster_drawn"
    index: int
    enemy_id: str
    name: str
    difficulty: int
    total: int
    master: int


class VoteCast(TableEvent, frozen=True):
    kind: Literal["vote_cast"] = "vote_cast"
    seat: int
    hit: bool


class VoteTaken(TableEvent, frozen=True):
    kind: Literal["vote_taken"] = "vote_taken"
    hit: bool
    hits: int
    stays: int


class EncounterSet(TableEvent, frozen=True):
    """The draw is over: how it compares with the target, and what that gives."""

    kind: Literal["encounter_set"] = "encounter_set"
    difficulty: int
    target: int
    comparison: Literal["less", "equal", "greater"]
    treasure: bool
    first: Side


class InitiativeDrawn(TableEvent, frozen=True):
    kind: Literal["initiative_drawn"] = "initiative_drawn"
    seat: int
    player_card: Card
    gm_card: Card
    first: Side


class EnemiesDealt(TableEvent, frozen=True):
    kind: Literal["enemies_dealt"] = "enemies_dealt"
    hands: list[int]


class SideTurn(TableEvent, frozen=True):
    kind: Literal["side_turn"] = "side_turn"
    side: Side
    round: int


class TurnStarted(TableEvent, frozen=True):
    kind: Literal["turn_started"] = "turn_started"
    who: Ref


class AbilityUsed(TableEvent, frozen=True):
    kind: Literal["ability_used"] = "ability_used"
    user: Ref
    ability: str
    name: str
    target: Ref | None = None


class CardsDrawn(TableEvent, frozen=True):
    kind: Literal["cards_drawn"] = "cards_drawn"
    who: Ref
    count: int


Reason = Literal["ability", "guard", "hand_limit", "defeat", "cleared"]


class CardsDiscarded(TableEvent, frozen=True):
    kind: Literal["cards_discarded"] = "cards_discarded"
    who: Ref
    cards: list[Card]
    reason: Reason


class CardsRecovered(TableEvent, frozen=True):
    kind: Literal["cards_recovered"] = "cards_recovered"
    who: Ref
    cards: list[Card]


class CardsMarked(TableEvent, frozen=True):
    """Cards in a hand were raised or made wild (which cards stays private)."""

    kind: Literal["cards_marked"] = "cards_marked"
    who: Ref
    count: int
    mark: Literal["raise", "wild"]
    amount: int = 0


class EdgeChanged(TableEvent, frozen=True):
    kind: Literal["edge_changed"] = "edge_changed"
    who: Ref
    amount: int
    edge: int


class ExtraAttacks(TableEvent, frozen=True):
    kind: Literal["extra_attacks"] = "extra_attacks"
    who: Ref
    count: int


class TargetingChanged(TableEvent, frozen=True):
    kind: Literal["targeting_changed"] = "targeting_changed"
    who: Ref
    rule: Literal["taunt", "hunt"]


class PetSummoned(TableEvent, frozen=True):
    kind: Literal["pet_summoned"] = "pet_summoned"
    master: int
    index: int
    name: str


class Attacked(TableEvent, frozen=True):
    kind: Literal["attacked"] = "attacked"
    attacker: Ref
    defender: Ref
    cards: list[Card]
    category: str
    size: int


class AttackBlunted(TableEvent, frozen=True):
    kind: Literal["attack_blunted"] = "attack_blunted"
    by: Ref
    amount: int


class AttackCancelled(TableEvent, frozen=True):
    kind: Literal["attack_cancelled"] = "attack_cancelled"
    by: Ref


class Defended(TableEvent, frozen=True):
    """The answer: its cards, and what they made (None: no valid hand, it cannot tie or win)."""

    kind: Literal["defended"] = "defended"
    defender: Ref
    cards: list[Card]
    category: str | None


class Clashed(TableEvent, frozen=True):
    kind: Literal["clashed"] = "clashed"
    attacker: Ref
    defender: Ref
    result: Literal["attacker", "tie", "defender"]
    attacker_draws: int
    defender_draws: int


class Overwhelmed(TableEvent, frozen=True):
    """The defender had fewer cards than the attack: defeated without a defence."""

    kind: Literal["overwhelmed"] = "overwhelmed"
    defender: Ref


class Defeated(TableEvent, frozen=True):
    kind: Literal["defeated"] = "defeated"
    who: Ref


class Guarded(TableEvent, frozen=True):
    kind: Literal["guarded"] = "guarded"
    who: Ref
    card: Card


class TurnPassed(TableEvent, frozen=True):
    kind: Literal["turn_passed"] = "turn_passed"
    who: Ref


class Folded(TableEvent, frozen=True):
    """The GM concedes; each player still standing draws the enemies' remaining card count."""

    kind: Literal["folded"] = "folded"
    cards_left: int


class DeckRanOut(TableEvent, frozen=True):
    """A player went through their deck: it is rebuilt from the discard, and the party levels."""

    kind: Literal["deck_ran_out"] = "deck_ran_out"
    seat: int


class EncounterEnded(TableEvent, frozen=True):
    kind: Literal["encounter_ended"] = "encounter_ended"
    encounter: int
    won: bool


class LootGained(TableEvent, frozen=True):
    kind: Literal["loot_gained"] = "loot_gained"
    seat: int
    card: Card
    tier: Tier
    deuces: int


class LootTraded(TableEvent, frozen=True):
    kind: Literal["loot_traded"] = "loot_traded"
    seat: int
    keep: Card
    give: Card
    tier: Tier


class LootGiven(TableEvent, frozen=True):
    kind: Literal["loot_given"] = "loot_given"
    seat: int
    to: int
    card: Card
    tier: Tier


class LootDropped(TableEvent, frozen=True):
    kind: Literal["loot_dropped"] = "loot_dropped"
    seat: int
    card: Card


class LevelledUp(TableEvent, frozen=True):
    kind: Literal["levelled_up"] = "levelled_up"
    level: int


class ChipsDealt(TableEvent, frozen=True):
    """Quest for Loot: the stacks the table starts with."""

    kind: Literal["chips_dealt"] = "chips_dealt"
    chips: int
    gm_chips: int


class WagerPlaced(TableEvent, frozen=True):
    """A sealed bid or raise is in (how much stays hidden until every one is)."""

    kind: Literal["wager_placed"] = "wager_placed"
    seat: int


class BidsShown(TableEvent, frozen=True):
    """Every sealed bid, by seat, and the highest, which the others match or fold to."""

    kind: Literal["bids_shown"] = "bids_shown"
    bids: list[int]
    highest: int


class BidMatched(TableEvent, frozen=True):
    kind: Literal["bid_matched"] = "bid_matched"
    seat: int
    bet: int
    all_in: bool


class BidFolded(TableEvent, frozen=True):
    """A player folds: the GM takes their blind and they sit the encounter out."""

    kind: Literal["bid_folded"] = "bid_folded"
    seat: int
    blind: int


class StakesSet(TableEvent, frozen=True):
    """The bets are set: each seat's bet (0 for one sitting out) and the encounter's target."""

    kind: Literal["stakes_set"] = "stakes_set"
    bets: list[int]
    target: int


class RaisesShown(TableEvent, frozen=True):
    """The raises after the draw, by seat, and the target they make."""

    kind: Literal["raises_shown"] = "raises_shown"
    raises: list[int]
    target: int
    difficulty: int


class ChipsSettled(TableEvent, frozen=True):
    """The encounter's bets paid: each seat's change in chips, and every stack after it."""

    kind: Literal["chips_settled"] = "chips_settled"
    changes: list[int]
    chips: list[int]
    gm_chips: int


class OnwardVoted(TableEvent, frozen=True):
    kind: Literal["onward_voted"] = "onward_voted"
    seat: int
    go: bool


class TableClosed(TableEvent, frozen=True):
    """A Quest for Loot table ends: why, and every stack."""

    kind: Literal["table_closed"] = "table_closed"
    reason: Literal["stopped", "broke", "house_broken", "limit"]
    chips: list[int]
    gm_chips: int
    broke: list[int] = []
    """The seats left with no chips."""


class HeroesKept(TableEvent, frozen=True):
    """Duel of the Duos: a player has sealed their choice of heroes (shown once both have)."""

    kind: Literal["heroes_kept"] = "heroes_kept"
    side: int


class HeroesShown(TableEvent, frozen=True):
    """Duel of the Duos: both choices revealed, each hero's class and custom ability by seat."""

    kind: Literal["heroes_shown"] = "heroes_shown"
    classes: list[str]
    customs: list[str]


class InitiativeSealed(TableEvent, frozen=True):
    kind: Literal["initiative_sealed"] = "initiative_sealed"
    side: int


class DuelInitiative(TableEvent, frozen=True):
    """Duel of the Duos: who goes first, and how (a concession, or the cards drawn by side)."""

    kind: Literal["duel_initiative"] = "duel_initiative"
    first: int
    conceded_by: int | None = None
    cards: list[Card] = []


class ExtraDrawn(TableEvent, frozen=True):
    kind: Literal["extra_drawn"] = "extra_drawn"
    seat: int


class DuelTurn(TableEvent, frozen=True):
    kind: Literal["duel_turn"] = "duel_turn"
    side: int
    round: int


class DuelEncounterEnded(TableEvent, frozen=True):
    """Duel of the Duos: an encounter's winner, how (both rivals defeated, or the round
    limit's count of cards), and the encounters won by each side."""

    kind: Literal["duel_encounter_ended"] = "duel_encounter_ended"
    encounter: int
    winner: int
    by_count: bool = False
    wins: list[int]


class OrderSet(TableEvent, frozen=True):
    """Masters & Monsters: the turn order, lowest difficulty first (more enemies first on a
    tie, then the higher of cards flipped from the tied players' decks)."""

    kind: Literal["order_set"] = "order_set"
    order: list[int]
    difficulties: list[int]
    """Each seat's own difficulty, by seat."""
    enemies: list[int]
    """Each seat's count of enemies, by seat."""
    flips: list[list[Card]]
    """The cards each seat flipped to break a tie (none when it had no tie), by seat."""

    def difficulty_of(self, seat: int) -> int:
        return self.difficulties[seat]


class EnemyTurn(TableEvent, frozen=True):
    """Masters & Monsters: a player's enemies take their turn."""

    kind: Literal["enemy_turn"] = "enemy_turn"
    seat: int
    round: int


class AutopilotOn(TableEvent, frozen=True):
    """Masters & Monsters: the GM's policy plays the rest of a player's enemies' turn."""

    kind: Literal["autopilot"] = "autopilot"
    seat: int


class MastersTally(TableEvent, frozen=True):
    """Masters & Monsters: how an encounter ended, and the deuces each seat counts for loot
    (printed 2s in hand, 2 for each player its enemies defeated, and one per survivor to
    each survivor)."""

    kind: Literal["masters_tally"] = "masters_tally"
    encounter: int
    survivors: list[int]
    felled_by: list[int | None]
    """By seat: whose enemies defeated that player (None: standing, or fallen otherwise)."""
    deuces: list[int]
    """By seat: the deuces counted, bonuses included."""
    timed_out: bool = False
    """The round limit ended the encounter with enemies still standing."""


class MastersWon(TableEvent, frozen=True):
    """Masters & Monsters: the game is over; `winners` share it (a tie on Epic loot)."""

    kind: Literal["masters_won"] = "masters_won"
    winners: list[int]
    epics: list[int]
    """By seat: the Epic loot each holds."""
    limit: bool = False
    """The encounter limit ended the game before anyone reached the Epic loot needed."""


class QuestBegun(TableEvent, frozen=True):
    """Traditional Quest: the quest's title and opening words."""

    kind: Literal["quest_begun"] = "quest_begun"
    title: str
    intro: str


class RoomEntered(TableEvent, frozen=True):
    """Traditional Quest: the party walks into a room (`first`: never seen before, so its
    words are read out); `danger` says what waits there."""

    kind: Literal["room_entered"] = "room_entered"
    room: str
    name: str
    text: str
    first: bool
    danger: Literal["fixed", "random", "none"]


class SpecialSetUp(TableEvent, frozen=True):
    """Traditional Quest: a Special Encounter card is set out: its setup is read."""

    kind: Literal["special_set_up"] = "special_set_up"
    special: str
    name: str
    setup: str
    secret_known: bool


class SecretRevealed(TableEvent, frozen=True):
    """Traditional Quest: a Special Encounter's secret is discovered and turned face up."""

    kind: Literal["secret_revealed"] = "secret_revealed"
    special: str
    name: str
    text: str
    weakness: bool


class ItemGained(TableEvent, frozen=True):
    """Traditional Quest: quest loot found in a room or bought (`price`: the cards paid, face
    down, 0 when found); its Joker is shuffled into the holder's deck."""

    kind: Literal["item_gained"] = "item_gained"
    seat: int
    item: str
    name: str
    price: int = 0
    joker: bool = True


class ItemUsed(TableEvent, frozen=True):
    """Traditional Quest: a Joker sacrificed (back into the deck) to use quest loot."""

    kind: Literal["item_used"] = "item_used"
    seat: int
    item: str
    name: str


class LootLeft(TableEvent, frozen=True):
    """Traditional Quest: quest loot no one in the party has room for stays where it lies."""

    kind: Literal["loot_left"] = "loot_left"
    item: str
    name: str


class PartyRetreated(TableEvent, frozen=True):
    """Traditional Quest: the fallen party wakes in the room it came from (`left`: falls the
    quest still allows)."""

    kind: Literal["party_retreated"] = "party_retreated"
    room: str
    name: str
    falls: int
    left: int


DeucesEvent = Annotated[
    EncounterStarted
    | ThreatFlipped
    | EnemyDrawn
    | VoteCast
    | VoteTaken
    | EncounterSet
    | InitiativeDrawn
    | EnemiesDealt
    | SideTurn
    | TurnStarted
    | AbilityUsed
    | CardsDrawn
    | CardsDiscarded
    | CardsRecovered
    | CardsMarked
    | EdgeChanged
    | ExtraAttacks
    | TargetingChanged
    | Attacked
    | AttackBlunted
    | AttackCancelled
    | Defended
    | Clashed
    | Overwhelmed
    | Defeated
    | Guarded
    | TurnPassed
    | Folded
    | DeckRanOut
    | EncounterEnded
    | LootGained
    | LootTraded
    | PetSummoned
    | LootGiven
    | LootDropped
    | LevelledUp
    | ChipsDealt
    | WagerPlaced
    | BidsShown
    | BidMatched
    | BidFolded
    | StakesSet
    | RaisesShown
    | ChipsSettled
    | OnwardVoted
    | TableClosed
    | HeroesKept
    | HeroesShown
    | InitiativeSealed
    | DuelInitiative
    | ExtraDrawn
    | DuelTurn
    | DuelEncounterEnded
    | MonsterDrawn
    | OrderSet
    | EnemyTurn
    | AutopilotOn
    | MastersTally
    | MastersWon
    | QuestBegun
    | RoomEntered
    | SpecialSetUp
    | SecretRevealed
    | ItemGained
    | ItemUsed
    | LootLeft
    | PartyRetreated
    | GameEnded,
    Field(discriminator="kind"),
]


# ---- the events every turn tells ---------------------------------------------------------------
# Events are frozen values, and these few are told over and over with the same few values
# (a side's turn of a round, a fighter's turn, a count of cards drawn, an ability used, a
# clash's outcome): as with refs, one instance of each serves every use, built once.


@cache
def side_turn(side: Side, round: int) -> SideTurn:
    return built(SideTurn, side=side, round=round)


@cache
def turn_started(who: Ref) -> TurnStarted:
    return built(TurnStarted, who=who)


@cache
def cards_drawn(who: Ref, count: int) -> CardsDrawn:
    return built(CardsDrawn, who=who, count=count)


@cache
def ability_used(user: Ref, ability: str, name: str, target: Ref | None) -> AbilityUsed:
    return built(AbilityUsed, user=user, ability=ability, name=name, target=target)


@cache
def clashed(
    attacker: Ref,
    defender: Ref,
    result: Literal["attacker", "tie", "defender"],
    attacker_draws: int,
    defender_draws: int,
) -> Clashed:
    return built(
        Clashed,
        attacker=attacker,
        defender=defender,
        result=result,
        attacker_draws=attacker_draws,
        defender_draws=defender_draws,
    )
