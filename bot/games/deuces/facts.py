"""The facts a front end shows: the public table for everyone, and one player's private hand.

These are plain pydantic values built from a state, so presentation (`table.py`) never reaches
into engine internals, and a hand is only ever built for its owner.
"""

from __future__ import annotations

from pydantic import BaseModel

from bot.games.cards import Card
from bot.games.deuces.content import Ability, describe
from bot.games.deuces.effects import Moment, targets, unusable_because
from bot.games.deuces.state import (
    DefendPrompt,
    DeucesTable,
    Loot,
    RaisePrompt,
    Ref,
    WagerPrompt,
    player,
)


class EnemyView(BaseModel):
    index: int
    name: str
    difficulty: int
    rank: str
    cards: int
    edge: int
    defeated: bool
    master: int | None = None
    """Masters & Monsters: the seat that plays this enemy."""


class SeatView(BaseModel):
    seat: int
    class_name: str
    cards: int
    deck: int
    discard: int
    threat: Card | None
    edge: int
    loot: list[Loot]
    defeated: bool
    chips: int | None = None
    """Quest for Loot: the player's stack (None at a table without chips)."""
    bet: int = 0
    sat_out: bool = False


class PetView(BaseModel):
    index: int
    master: int
    name: str
    cards: int
    defeated: bool


class TableFacts(BaseModel):
    encounter: int
    level: int
    target: int
    difficulty: int
    treasure: bool
    round: int
    side: str
    prompt: str | None
    waiting: str | None = None
    """What the awaited players are to do, as the table words it."""
    dealt: bool = True
    """Whether the enemies' hands are dealt (else the table shows each one's difficulty)."""
    waiting_for: list[int]
    attack: list[Card] | None
    """The cards of the attack waiting for an answer, if any."""
    defender: Ref | None = None
    """Who must answer that attack."""
    enemies: list[EnemyView]
    seats: list[SeatView]
    pets: list[PetView] = []
    gm_chips: int | None = None
    """Quest for Loot: the GM's stack."""
    bids_in: list[int] = []
    """Quest for Loot: the seats whose sealed wager is in (never how much)."""
    epics_needed: int | None = None
    """Masters & Monsters: the Epic loot cards that win (None at other tables)."""
    order: list[int] = []
    """Masters & Monsters: the seats in turn order this encounter."""


class HeldCard(BaseModel):
    card: Card
    raised: int = 0
    wild: bool = False
    loot: str | None = None


class AbilityView(BaseModel):
    id: str
    name: str
    text: str
    usable_now: bool
    why_not: str | None = None
    """Why it cannot be used now, in the player's words (None when it can)."""
    targets: list[int | None]
    cards_needed: int


class PetHand(BaseModel):
    index: int
    name: str
    cards: list[HeldCard]


class HandFacts(BaseModel):
    seat: int
    cards: list[HeldCard]
    abilities: list[AbilityView]
    pets: list[PetHand] = []
    """The player's pets in the fight, whose cards they play too."""
    chips: int | None = None
    """Quest for Loot: the player's stack, and what rides on this encounter."""
    bet: int = 0
    foes: list[PetHand] = []
    """Masters & Monsters: the enemies this player plays, with their cards (only theirs)."""


def table_view(state: DeucesTable) -> TableFacts:
    """Everything face up: counts, Threat Cards, loot, the enemies, and who is awaited."""
    return TableFacts(
        encounter=state.encounter,
        level=state.level,
        target=state.target,
        difficulty=state.difficulty,
        treasure=state.treasure,
        round=state.round,
        side=state.side.value,
        prompt=state.prompt.kind if state.prompt else None,
        waiting=state.mode.kind(state.prompt).waiting_words(state) if state.prompt else None,
        dealt=state.mode.kind(state.prompt).dealt if state.prompt else True,
        waiting_for=state.waiting_for,
        attack=list(state.clash.cards) if state.clash else None,
        defender=state.clash.defender if state.clash else None,
        enemies=[
            EnemyView(
                index=i,
                name=state.enemy_def(i).name,
                difficulty=state.enemy_def(i).difficulty,
                rank=state.enemy_def(i).rank_at(state.foe_level),
                cards=len(foe.hand),
                edge=foe.edge,
                defeated=foe.defeated,
                master=foe.master,
            )
            for i, foe in enumerate(state.enemies)
        ],
        seats=[
            SeatView(
                seat=who.seat,
                class_name=who.klass.name,
                cards=len(who.hand),
                deck=len(who.deck),
                discard=len(who.discard),
                threat=who.threat,
                edge=who.edge,
                loot=list(who.loot),
                defeated=who.defeated,
                chips=who.chips if state.mode.plays_for_chips else None,
                bet=who.bet,
                sat_out=who.sat_out,
            )
            for who in state.players
        ],
        pets=[
            PetView(
                index=i,
                master=companion.master,
                name=companion.name,
                cards=len(companion.hand),
                defeated=companion.defeated,
            )
            for i, companion in enumerate(state.pets)
        ],
        gm_chips=state.gm_chips if state.mode.plays_for_chips else None,
        bids_in=sealed_in(state),
        epics_needed=state.mode.epics_needed(state),
        order=list(state.order),
    )


def sealed_in(state: DeucesTable) -> list[int]:
    """The seats whose sealed bid or raise is in: the table shows that, never the amounts."""
    prompt = state.prompt
    if isinstance(prompt, WagerPrompt):
        return sorted(prompt.bids)
    if isinstance(prompt, RaisePrompt):
        return sorted(prompt.raises)
    return []


def hand_view(state: DeucesTable, seat: int) -> HandFacts:
    """One player's own cards with their marks, and their abilities (for that player only)."""
    who = state.players[seat]
    me = player(seat)
    prompt = state.prompt
    turn = state.turn_of(seat)
    on_turn = turn is not None
    defending = isinstance(prompt, DefendPrompt) and seat in state.waiting_for
    attacks = turn.attacks if turn is not None else 0
    used = turn.ability_used if turn is not None else False

    moment: Moment | None = "turn" if on_turn else "defend" if defending else None

    def why_not(ability: Ability) -> str | None:
        return unusable_because(state, me, ability, moment, attacks, used)

    return HandFacts(
        seat=seat,
        cards=[
            HeldCard(
                card=card,
                raised=who.raised.get(card, 0),
                wild=card in who.wilds,
                loot=tier.value if (tier := who.loot_tier(card)) else None,
            )
            for card in who.hand
        ],
        abilities=[
            AbilityView(
                id=ability.id,
                name=ability.name,
                text=describe(ability),
                usable_now=why_not(ability) is None,
                why_not=why_not(ability),
                targets=targets(state, me, ability),
                cards_needed=ability.cards_needed,
            )
            for ability in who.abilities(state.level)
        ],
        pets=[
            PetHand(
                index=index,
                name=state.pets[index].name,
                cards=[HeldCard(card=card) for card in state.pets[index].hand],
            )
            for index in state.pets_of(seat)
        ],
        chips=who.chips if state.mode.plays_for_chips else None,
        bet=who.bet,
        foes=[
            PetHand(
                index=index,
                name=state.enemy_def(index).name,
                cards=[HeldCard(card=card) for card in state.enemies[index].hand],
            )
            for index in state.owned(seat)
        ],
    )
