"""Duel of the Duos: two players, two heroes each, no GM; the first to win three encounters.

Each player draws three classes and three custom abilities and keeps two of each, sealed; both
choices are shown together. Every encounter the heroes draw fresh hands from whole decks, each
player draws for initiative or concedes it (sealed), and the side without it draws one more card
for a hero of its choice. Then the sides take turns: both heroes of a side act (in the order
their player likes) before the rival's. An attack is answered by the hero it names, from that
hero's own hand, exactly as a player answers the GM. An encounter is won by defeating both rival
heroes; both sides then gain a level. Seats 0 and 1 are the first player's heroes, 2 and 3 the
second's; the first seat of a side makes the side's choices.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.cards import Card
from bot.games.contract import GameEnded, Outcome, SeatResult, seeded_rng, shuffle
from bot.games.crawl.plain import built
from bot.games.deuces import combat, flow, piles
from bot.games.deuces.actions import Extra, Initiative, Keep
from bot.games.deuces.content import Ability, ClassDef, Content, Summon
from bot.games.deuces.effects import reset_turn_uses
from bot.games.deuces.events import (
    DeucesEvent,
    DuelEncounterEnded,
    DuelInitiative,
    DuelTurn,
    EncounterStarted,
    ExtraDrawn,
    HeroesKept,
    HeroesShown,
    InitiativeSealed,
    LevelledUp,
)
from bot.games.deuces.state import (
    HEROES_PER_SIDE,
    MAX_LEVEL,
    DeucesTable,
    DraftPrompt,
    ExtraPrompt,
    InitiativePrompt,
    Offer,
    OpenTurnPrompt,
    Phase,
    TurnPrompt,
    player,
)

SIDES = 2
SEATS = SIDES * HEROES_PER_SIDE
WINS_NEEDED = 3
"""The best of five encounters."""
OFFERED = 3
"""Classes and custom abilities each player draws, to keep two of each."""
MAX_ROUNDS = 30
"""An encounter still undecided after this many rounds goes to the side holding more cards."""


def duel_classes(content: Content) -> list[ClassDef]:
    """The classes a duel draws from: those that never summon a pet (a pet answers the GM's
    targeting only, and a duel has no GM)."""
    return [
        klass
        for klass in content.classes
        if not any(
            isinstance(effect, Summon)
            for level in range(1, MAX_LEVEL + 1)
            for ability in klass.abilities_at(level)
            for effect in ability.effects
        )
    ]


def deal_offers(seed: int, content: Content) -> list[Offer]:
    """Each side's three classes and three custom abilities, drawn from the seed."""
    pool = duel_classes(content)
    offers: list[Offer] = []
    for side in range(SIDES):
        rng = seeded_rng(seed, f"draft:{side}")
        classes = rng.sample(pool, OFFERED)
        customs: list[Ability] = rng.sample(content.customs, OFFERED)
        offers.append(Offer(classes=classes, customs=customs))
    return offers


def side_seat(side: int) -> int:
    """The seat that makes a side's choices (its first hero's)."""
    return side * HEROES_PER_SIDE


# ---- the table's own progress ------------------------------------------------------------------


def _draft(state: DeucesTable) -> list[DeucesEvent]:
    state.prompt = DraftPrompt(seats=[side_seat(side) for side in range(SIDES)])
    return []


def _setup(state: DeucesTable) -> list[DeucesEvent]:
    """A new encounter: fresh hands from whole decks, then the initiative choice."""
    state.encounter += 1
    state.winner, state.taunt, state.paused = None, None, None
    events: list[DeucesEvent] = [
        EncounterStarted(encounter=state.encounter, level=state.level, target=0)
    ]
    for who in state.players:
        who.defeated, who.edge, who.used, who.raised, who.wilds = False, 0, {}, {}, []
        events += piles.draw_player(state, who.seat, flow.HAND_SIZES[state.level])
    state.phase = Phase.START
    state.prompt = InitiativePrompt(seats=[side_seat(side) for side in range(SIDES)])
    return events


def _fight(state: DeucesTable) -> list[DeucesEvent]:
    """Decide the encounter once a side has no hero standing, or past the round limit; else
    the next hero's turn (either of the side's heroes while both have yet to act)."""
    standing = [bool(state.standing(side)) for side in range(SIDES)]
    if not all(standing):
        # both fell at once (an attacker spent its last cards): the side whose turn it was wins
        state.winner = standing.index(True) if any(standing) else state.turn_side
        state.phase = Phase.END
        return []
    if state.round > MAX_ROUNDS:
        return _by_count(state)
    side = state.turn_side
    if not state.acted:
        for seat in state.standing(side):
            reset_turn_uses(state, player(seat))
    left = [seat for seat in state.standing(side) if seat not in state.acted]
    if not left:
        return _switch_side(state)
    if len(left) > 1:
        state.prompt = OpenTurnPrompt(seats=left)
        return []
    return flow.begin_turn(state, built(TurnPrompt, seat=left[0]))


def _by_count(state: DeucesTable) -> list[DeucesEvent]:
    """The round limit: more cards in the standing heroes' hands wins; a tie goes to the side
    without initiative (the side that moved second)."""
    held = [
        sum(len(state.players[seat].hand) for seat in state.standing(side)) for side in range(SIDES)
    ]
    second = 1 - state.first_side
    state.winner = second if held[second] >= held[state.first_side] else state.first_side
    state.phase = Phase.END
    return []


def _switch_side(state: DeucesTable) -> list[DeucesEvent]:
    """The rival side's turn; a Taunt binds the rivals until the end of their next turn."""
    state.turn_side = 1 - state.turn_side
    state.acted = []
    if state.taunt is not None and state.side_of(state.taunt) == state.turn_side:
        state.taunt = None
    if state.turn_side == state.first_side:
        state.round += 1
    return [DuelTurn(side=state.turn_side, round=state.round)]


def _end(state: DeucesTable) -> list[DeucesEvent]:
    """Count the win, rebuild every deck whole, level up, then the next encounter or the end."""
    assert state.winner is not None
    state.wins[state.winner] += 1
    by_count = state.round > MAX_ROUNDS and bool(state.standing(0)) and bool(state.standing(1))
    events: list[DeucesEvent] = [
        DuelEncounterEnded(
            encounter=state.encounter, winner=state.winner, by_count=by_count, wins=list(state.wins)
        )
    ]
    for who in state.players:
        who.deck += who.hand + who.discard
        who.hand, who.discard = [], []
        who.edge, who.used, who.raised, who.wilds = 0, {}, {}, []
        shuffle(who.deck, piles.roll(state))
    state.level_up = False
    if max(state.wins) >= WINS_NEEDED:
        state.outcome, state.phase = Outcome.WON, Phase.OVER
        winner = state.wins.index(max(state.wins))
        return [*events, GameEnded(outcome=Outcome.WON, score=state.wins[winner], seat=None)]
    state.level = min(state.level + 1, MAX_LEVEL)
    state.phase = Phase.SETUP
    return [*events, LevelledUp(level=state.level)]


STEPS: dict[Phase, Callable[[DeucesTable], list[DeucesEvent]]] = {
    Phase.DRAFT: _draft,
    Phase.SETUP: _setup,
    Phase.FIGHT: _fight,
    Phase.END: _end,
}


# ---- the players' choices ----------------------------------------------------------------------


def keep(state: DeucesTable, seat: int, prompt: DraftPrompt, action: Keep) -> list[DeucesEvent]:
    """A sealed keep; once both are in, each side's heroes take their classes and customs."""
    prompt.kept[seat] = [*action.classes, *action.customs]
    events: list[DeucesEvent] = [HeroesKept(side=state.side_of(seat))]
    if prompt.waiting:
        return events
    for chooser, kept in prompt.kept.items():
        offer = state.offers[state.side_of(chooser)]
        for n, hero in enumerate(state.heroes_of(state.side_of(chooser))):
            state.players[hero].klass = offer.classes[kept[n]]
            state.players[hero].custom = offer.customs[kept[HEROES_PER_SIDE + n]]
    state.prompt, state.phase = None, Phase.SETUP
    shown = HeroesShown(
        classes=[who.klass.name for who in state.players],
        customs=[who.custom.name if who.custom else "" for who in state.players],
    )
    return [*events, shown]


def choose_initiative(
    state: DeucesTable, seat: int, prompt: InitiativePrompt, action: Initiative
) -> list[DeucesEvent]:
    """A sealed answer; once both are in: a lone concession gives the rival initiative,
    otherwise both draw their first hero's top card (back to the bottom), higher first, and
    a tie draws again."""
    prompt.concedes[seat] = action.concede
    events: list[DeucesEvent] = [InitiativeSealed(side=state.side_of(seat))]
    if prompt.waiting:
        return events
    conceding = [state.side_of(s) for s, yes in prompt.concedes.items() if yes]
    if len(conceding) == 1:
        first = 1 - conceding[0]
        told = DuelInitiative(first=first, conceded_by=conceding[0])
    else:
        first, cards = _draw_initiative(state)
        told = DuelInitiative(first=first, cards=cards)
    state.first_side = state.turn_side = first
    state.prompt = ExtraPrompt(seat=side_seat(1 - first))
    return [*events, told]


def _draw_initiative(state: DeucesTable) -> tuple[int, list[Card]]:
    """Both first heroes flip their top cards until they differ (at most a deck's worth of
    flips; then the first player goes first)."""
    decks = [state.players[side_seat(side)].deck for side in range(SIDES)]
    flips: list[Card] = []
    for _ in range(max(len(deck) for deck in decks) or 1):
        flips = []
        for deck in decks:
            card = deck.pop(0)
            deck.append(card)
            flips.append(card)
        if flips[0].value != flips[1].value:
            return (0 if flips[0].value > flips[1].value else 1), flips
    return 0, flips


def extra(state: DeucesTable, seat: int, action: Extra) -> list[DeucesEvent]:
    """One more card for the chosen hero; then the fight begins with the initiative side."""
    events: list[DeucesEvent] = [ExtraDrawn(seat=action.hero)]
    events += piles.draw_player(state, action.hero, 1)
    state.prompt, state.phase = None, Phase.FIGHT
    state.round, state.acted = 1, []
    return [*events, *combat.mark_defeats(state), DuelTurn(side=state.turn_side, round=1)]


# ---- results -----------------------------------------------------------------------------------


def results(state: DeucesTable) -> list[SeatResult]:
    """Each hero's seat: its side won or lost, scored by the encounters its side won."""
    if state.outcome is None:
        return []
    winner = state.wins.index(max(state.wins))
    return [
        SeatResult(
            seat=seat,
            outcome=Outcome.WON.value if state.side_of(seat) == winner else Outcome.LOST.value,
            score=state.wins[state.side_of(seat)],
        )
        for seat in range(SEATS)
    ]


def forfeits(state: DeucesTable, forfeiters: set[int], outcome: str) -> list[SeatResult]:
    """The side that gave up takes the outcome; the other side wins."""
    losing = {state.side_of(seat) for seat in forfeiters}
    return [
        SeatResult(
            seat=seat,
            outcome=outcome if state.side_of(seat) in losing else Outcome.WON.value,
            score=state.wins[state.side_of(seat)],
        )
        for seat in range(SEATS)
    ]
