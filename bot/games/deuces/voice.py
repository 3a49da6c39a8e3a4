"""The GM of Dungeons & Deuces: prose from encounter events.

Like the Dealer, lines come from tables and a generator seeded by the game, the turn and the
event's place, so a replay reads the same. Private facts (the cards a player draws) are never
told: only counts, as at a real table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from pydantic import BaseModel

from bot.games.contract import Event, GameEnded, seeded_rng
from bot.games.deuces.events import (
    AbilityUsed,
    AttackBlunted,
    AttackCancelled,
    Attacked,
    BidFolded,
    BidMatched,
    BidsShown,
    CardsDiscarded,
    CardsDrawn,
    CardsMarked,
    CardsRecovered,
    ChipsDealt,
    ChipsSettled,
    Clashed,
    DeckRanOut,
    Defeated,
    Defended,
    EdgeChanged,
    EncounterEnded,
    EncounterSet,
    EncounterStarted,
    EnemyDrawn,
    ExtraAttacks,
    Folded,
    Guarded,
    InitiativeDrawn,
    LevelledUp,
    LootDropped,
    LootGained,
    LootGiven,
    LootTraded,
    MonsterDrawn,
    OnwardVoted,
    Overwhelmed,
    PetSummoned,
    RaisesShown,
    StakesSet,
    TableClosed,
    TargetingChanged,
    TurnPassed,
    VoteCast,
    VoteTaken,
    WagerPlaced,
)
from bot.games.deuces.modes.duel.voice import DUEL_LINES
from bot.games.deuces.modes.masters.voice import MASTERS_LINES
from bot.games.deuces.modes.quest.voice import QUEST_LINES
from bot.games.deuces.state import DeucesTable, Ref
from bot.games.deuces.telling import Pick

Name = Callable[[Ref | int], str]


@dataclass(frozen=True)
class Voicing:
    """Where a mode's table is told otherwise than a party's (each mode has one)."""

    end_told_by_table: bool = False
    """The game's end is told by the table's close, its last encounter or its winners (Quest
    for Loot's stacks, a duel, Masters & Monsters), not by a party's score."""
    heroes_not_party: bool = False
    """Heroes of two sides, not a party: a spent deck only reshuffles, both sides level."""
    taunt_binds_master: bool = False
    """A Taunt binds the attacks of the taunter's master's enemies (Masters & Monsters)."""


@dataclass(frozen=True)
class Scene:
    """What a line may mention besides its event: who is who, and the party's level."""

    name: Name
    level: int
    voicing: Voicing = Voicing()


DRAWN = [
    "The GM turns over **{name}** (difficulty {difficulty}): the encounter stands at {total}.",
    "Out of the dark steps **{name}** ({difficulty}). Difficulty so far: {total}.",
]
VOTE = ["{who} votes to **{choice}**."]
VOTE_TAKEN = [
    "The party votes {hits}–{stays}: {decision}.",
]
SET = {
    "less": "An easy encounter ({difficulty} against {target}): the party strikes first.",
    "equal": "A perfect match ({difficulty} against {target}): the party strikes first, and "
    "treasure awaits.",
    "greater": "A hard encounter ({difficulty} against {target}): treasure awaits, but who "
    "strikes first is down to the initiative draw.",
}
INITIATIVE = ["Initiative: {who} draws {player_card}, the GM {gm_card}. {first} first."]
ATTACKED = [
    "{attacker} attacks {defender} with {category}: {cards}.",
    "{attacker} lunges at {defender}: {category} ({cards}).",
]
DEFENDED = ["{defender} answers with {cards}.", "{defender} meets it with {cards}."]
"""Neutral words: whether the answer holds is the next line's news."""
CLASH = {
    "attacker": "The attack lands: {attacker} draws {attacker_draws}.",
    "tie": "Steel rings on steel, a tie: both draw ({attacker_draws} and {defender_draws}).",
    "defender": "{defender} holds firm and draws {defender_draws}.",
}
OVERWHELMED = ["{defender} cannot answer and is overwhelmed!"]
DEFEATED = ["{who} is defeated!", "{who} falls and does not rise."]
GUARDED = ["{who} takes a guard with {card}."]
ABILITY = ["{user} uses **{name}**.", "{user} calls on **{name}**."]
FOLDED = ["The GM folds: the last enemies flee with {left} in hand."]
ENDED = {True: "The encounter is won!", False: "The party is beaten. The encounter is lost."}
LOOT = ["{who} finds loot: {card} ({tier})."]
LEVEL = ["The party reaches level {level}."]
SHED = [
    "{who} sheds {cards} to keep ten cards.",
    "Too much to hold: {who} lets go of {cards}.",
]
DISCARDED = ["{who} discards {cards}.", "{cards} from {who}'s hand hit the pile."]
RECOVERED = ["{who} takes back {cards} from the discard pile.", "{who} picks {cards} back up."]
MARKED = {
    "raise": "{who} raises {count} by {amount}.",
    "wild": "{who} makes {count} wild.",
}
EDGE = {
    True: "{who} gains an edge of +{amount} on the next play.",
    False: "{who}'s next play is weakened by {amount}.",
}
EXTRA = ["{who} may attack {count} more time{plural} this turn."]
TARGETING = {
    "taunt": "{who} taunts the other side: they must attack {who} until their turn is over.",
    "hunt": "{who} hunts: this turn its attacks ignore Threat Cards.",
    "masters_taunt": "{who} taunts the other players' enemies: they must attack {who} until"
    " {who}'s next turn.",
}
"""How a Taunt or a hunt is told; in Masters & Monsters a Taunt binds every other player's
enemies, until the taunting hero's turn comes round again."""
BLUNTED = [
    "{by} blunts the attack: every card counts {amount} less.",
    "{by} turns the blow: -{amount}.",
]
CANCELLED = ["{by} stops the attack cold: it does not happen.", "{by} cancels the attack."]
PASSED = ["{who} holds back this turn.", "{who} waits and watches."]
DECK_OUT = [
    "{who} has gone through their whole deck: the party will level up after this encounter.",
]
DUEL_DECK_OUT = [
    "{who} has gone through their whole deck and shuffles the discards into a new one.",
]
TRADED = ["{who} trades {give} up: {keep} is now {tier} loot."]
GIVEN = ["{who} gives {card} ({tier} loot) to {to}.", "{who} hands {to} the {card} ({tier})."]
DROPPED = ["{who} gives up the {card} loot."]
ABILITY_DRAW = ["{who} draws {count}."]
SUMMONED = [
    "{who} summons a **{name}** to fight beside them!",
    "With a flourish, {who} brings out a **{name}**.",
]
GAME_ENDED = ["The game ends: the party {outcome}, score {score} (level {level})."]
CHIPS_DEALT = [
    "Chips on the table: {chips} for each player, and the GM's stack of {gm_chips}.",
    "Each player stacks {chips}; the GM sits behind {gm_chips}.",
]
WAGERED = [
    "{who} slides a sealed wager across the table.",
    "{who} has wagered, face down.",
]
BIDS_SHOWN = [
    "The wagers turn over: {bids}. The highest is {highest}.",
    "Wagers up: {bids}. To stay in, match {highest}.",
]
EVEN_BIDS = ["The wagers turn over: {bids}. Everyone is in."]
MATCHED = {
    False: "{who} matches: {bet} riding.",
    True: "{who} goes all in with {bet}!",
}
FOLDED_BID = [
    "{who} folds and sits this one out; the GM takes the {blind} blind.",
    "{who} folds: the GM pockets the {blind} blind.",
]
STAKES = ["The stakes are set: {bets}. The GM draws to a target of {target}."]
RAISES = {
    "none": "No one raises: the target stays {target}.",
    "within": "Raises: {raises}. The target rises to {target}, still within the encounter's "
    "{difficulty}: no enemy is added.",
    "past": "Raises: {raises}. The target rises to {target}, past the encounter's "
    "{difficulty}: the GM draws again.",
}
SETTLED = ["{deals}. Stacks: {stacks}."]
ONWARD = {True: "{who} wants to play on.", False: "{who} would stop here."}
CLOSED = {
    "stopped": "The players push back their chairs: the table closes.",
    "broke": "{broke} has no chips left: the table closes.",
    "house_broken": "The GM cannot cover another round of blinds: the house is broken!",
    "limit": "The last encounter of the night is done: the table closes.",
}
FINAL = "Final stacks: {stacks}."


Line = Callable[[Any, Pick, Scene], str]


def _line(table: list[str] | dict[Any, str], key: Callable[[Any], Any] | None = None) -> Line:
    def tell(event: Any, pick: Pick, scene: Scene) -> str:
        name = scene.name
        template = table[key(event)] if key and isinstance(table, dict) else pick(list(table))
        model: BaseModel = event
        fields: dict[str, Any] = {name: getattr(event, name) for name in type(model).model_fields}
        for role in ("who", "attacker", "defender", "user", "by"):
            if role in fields and fields[role] is not None:
                fields[role] = name(fields[role])
        if "seat" in fields:
            fields["who"] = name(fields["seat"])
        cards: object = fields.get("cards")
        if isinstance(cards, list):
            fields["cards"] = " ".join(str(card) for card in cast("list[object]", cards))
        return template.format(**fields)

    return tell


def _targeting(event: TargetingChanged, pick: Pick, scene: Scene) -> str:
    rule = (
        "masters_taunt"
        if scene.voicing.taunt_binds_master and event.rule == "taunt"
        else event.rule
    )
    return TARGETING[rule].format(who=scene.name(event.who))


def _vote(event: VoteCast, pick: Pick, scene: Scene) -> str:
    return pick(VOTE).format(who=scene.name(event.seat), choice="hit" if event.hit else "stay")


def _vote_taken(event: VoteTaken, pick: Pick, scene: Scene) -> str:
    """A count only means something with several voters; alone, the choice is the news."""
    if event.hits + event.stays < 2:
        return ALONE_DECIDES[bool(event.hit)]
    decision = "the GM draws one more enemy" if event.hit else "they face what is there"
    return pick(VOTE_TAKEN).format(hits=event.hits, stays=event.stays, decision=decision)


ALONE_DECIDES = {
    True: "The GM draws one more enemy.",
    False: "You face what is there.",
}


def _initiative(event: InitiativeDrawn, pick: Pick, scene: Scene) -> str:
    first = "The party goes" if event.first == "players" else "The enemies go"
    return pick(INITIATIVE).format(
        who=scene.name(event.seat),
        player_card=event.player_card,
        gm_card=event.gm_card,
        first=first,
    )


def _folded(event: Folded, pick: Pick, scene: Scene) -> str:
    return pick(FOLDED).format(left=cards_count(event.cards_left))


def _discarded(event: CardsDiscarded, pick: Pick, scene: Scene) -> str:
    """Only discards a player did not already read about: an ability's and a shed's."""
    table = {"hand_limit": SHED, "ability": DISCARDED}.get(event.reason)
    if table is None:
        return ""
    cards = " ".join(str(card) for card in event.cards)
    return pick(table).format(who=scene.name(event.who), cards=cards)


def _marked(event: CardsMarked, pick: Pick, scene: Scene) -> str:
    return MARKED[event.mark].format(
        who=scene.name(event.who), count=cards_count(event.count), amount=event.amount
    )


def _edge(event: EdgeChanged, pick: Pick, scene: Scene) -> str:
    return EDGE[event.amount > 0].format(who=scene.name(event.who), amount=abs(event.amount))


def _extra(event: ExtraAttacks, pick: Pick, scene: Scene) -> str:
    plural = "" if event.count == 1 else "s"
    return pick(EXTRA).format(who=scene.name(event.who), count=event.count, plural=plural)


def _given(event: LootGiven, pick: Pick, scene: Scene) -> str:
    return pick(GIVEN).format(
        who=scene.name(event.seat), to=scene.name(event.to), card=event.card, tier=event.tier
    )


def _summoned(event: PetSummoned, pick: Pick, scene: Scene) -> str:
    return pick(SUMMONED).format(who=scene.name(event.master), name=event.name)


def _ability_draw(event: CardsDrawn, pick: Pick, scene: Scene) -> str:
    return pick(ABILITY_DRAW).format(who=scene.name(event.who), count=cards_count(event.count))


def cards_count(count: int) -> str:
    """ "1 card", "2 cards"."""
    return f"{count} card{'' if count == 1 else 's'}"


def chips_count(count: int) -> str:
    """ "1 chip", "3 chips"."""
    return f"{count} chip{'' if abs(count) == 1 else 's'}"


def _by_seat(values: list[int], scene: Scene, skip_zero: bool = False) -> str:
    """ "ann 3, bob 1": a number for each seat, by name."""
    return ", ".join(
        f"{scene.name(seat)}: {value}"
        for seat, value in enumerate(values)
        if value or not skip_zero
    )


def _chips_dealt(event: ChipsDealt, pick: Pick, scene: Scene) -> str:
    return pick(CHIPS_DEALT).format(
        chips=chips_count(event.chips), gm_chips=chips_count(event.gm_chips)
    )


def _bids_shown(event: BidsShown, pick: Pick, scene: Scene) -> str:
    even = len(set(event.bids)) == 1
    table = EVEN_BIDS if even and len(event.bids) > 1 else BIDS_SHOWN
    return pick(table).format(bids=_by_seat(event.bids, scene), highest=event.highest)


def _matched(event: BidMatched, pick: Pick, scene: Scene) -> str:
    return MATCHED[event.all_in].format(who=scene.name(event.seat), bet=chips_count(event.bet))


def _folded_bid(event: BidFolded, pick: Pick, scene: Scene) -> str:
    return pick(FOLDED_BID).format(who=scene.name(event.seat), blind=chips_count(event.blind))


def _stakes(event: StakesSet, pick: Pick, scene: Scene) -> str:
    return pick(STAKES).format(bets=_by_seat(event.bets, scene, True), target=event.target)


def _raises(event: RaisesShown, pick: Pick, scene: Scene) -> str:
    key = (
        "none"
        if not any(event.raises)
        else "past"
        if event.target > event.difficulty
        else ("within")
    )
    return RAISES[key].format(
        raises=_by_seat(event.raises, scene, True),
        target=event.target,
        difficulty=event.difficulty,
    )


def _settled(event: ChipsSettled, pick: Pick, scene: Scene) -> str:
    """ "The GM pays ann 2 chips and collects 3 chips from bob": who won, then who lost."""
    paid = [f"{scene.name(s)} {chips_count(c)}" for s, c in enumerate(event.changes) if c > 0]
    took = [f"{chips_count(-c)} from {scene.name(s)}" for s, c in enumerate(event.changes) if c < 0]
    deals = [f"pays {_and(paid)}"] if paid else []
    deals += [f"collects {_and(took)}"] if took else []
    said = f"The GM {' and '.join(deals)}" if deals else "No bets to settle"
    return pick(SETTLED).format(deals=said, stacks=_stacks(event, scene))


def _and(parts: list[str]) -> str:
    return ", ".join(parts[:-1]) + f" and {parts[-1]}" if len(parts) > 1 else parts[0]


def _stacks(event: ChipsSettled | TableClosed, scene: Scene) -> str:
    return f"{_by_seat(event.chips, scene)}; the GM {event.gm_chips}"


def _onward(event: OnwardVoted, pick: Pick, scene: Scene) -> str:
    return ONWARD[event.go].format(who=scene.name(event.seat))


def _closed(event: TableClosed, pick: Pick, scene: Scene) -> str:
    broke = " and ".join(scene.name(seat) for seat in event.broke)
    why = CLOSED[event.reason].format(broke=broke)
    return f"{why} {FINAL.format(stacks=_stacks(event, scene))}"


def _deck_out(event: DeckRanOut, pick: Pick, scene: Scene) -> str:
    return _line(DUEL_DECK_OUT if scene.voicing.heroes_not_party else DECK_OUT)(event, pick, scene)


def _levelled(event: LevelledUp, pick: Pick, scene: Scene) -> str:
    if scene.voicing.heroes_not_party:
        return f"Both sides reach level {event.level}."
    return pick(LEVEL).format(level=event.level)


def _game_ended(event: GameEnded, pick: Pick, scene: Scene) -> str:
    if scene.voicing.end_told_by_table:
        return ""  # the table's close told the stacks; a duel's last encounter told its end
    outcome = "wins" if event.outcome == "won" else "loses"
    return pick(GAME_ENDED).format(outcome=outcome, score=event.score, level=scene.level)


LINES: dict[type[Event], Line] = {
    EnemyDrawn: _line(DRAWN),
    VoteCast: _vote,
    VoteTaken: _vote_taken,
    EncounterSet: _line(SET, key=lambda event: event.comparison),
    InitiativeDrawn: _initiative,
    Attacked: _line(ATTACKED),
    Defended: _line(DEFENDED),
    Clashed: _line(CLASH, key=lambda event: event.result),
    Overwhelmed: _line(OVERWHELMED),
    Defeated: _line(DEFEATED),
    Guarded: _line(GUARDED),
    AbilityUsed: _line(ABILITY),
    Folded: _folded,
    EncounterEnded: _line(ENDED, key=lambda event: event.won),
    LootGained: _line(LOOT),
    LootTraded: _line(TRADED),
    LootGiven: _given,
    LootDropped: _line(DROPPED),
    LevelledUp: _levelled,
    CardsDiscarded: _discarded,
    CardsRecovered: _line(RECOVERED),
    CardsMarked: _marked,
    EdgeChanged: _edge,
    ExtraAttacks: _extra,
    TargetingChanged: _targeting,
    AttackBlunted: _line(BLUNTED),
    AttackCancelled: _line(CANCELLED),
    TurnPassed: _line(PASSED),
    DeckRanOut: _deck_out,
    PetSummoned: _summoned,
    GameEnded: _game_ended,
    ChipsDealt: _chips_dealt,
    WagerPlaced: _line(WAGERED),
    BidsShown: _bids_shown,
    BidMatched: _matched,
    BidFolded: _folded_bid,
    StakesSet: _stakes,
    RaisesShown: _raises,
    ChipsSettled: _settled,
    OnwardVoted: _onward,
    TableClosed: _closed,
    **DUEL_LINES,
    **MASTERS_LINES,
    **QUEST_LINES,
}


CASTING_LINES: dict[type[Event], Line] = {**LINES, CardsDrawn: _ability_draw}
"""The lines within an ability's effects: its draws are told (a combat's are in its line)."""

ABILITY_EVENTS: tuple[type[Event], ...] = (
    AbilityUsed,
    PetSummoned,
    CardsDrawn,
    CardsDiscarded,
    CardsRecovered,
    CardsMarked,
    EdgeChanged,
    ExtraAttacks,
    TargetingChanged,
    AttackBlunted,
    AttackCancelled,
)
"""What an ability's effects report; a draw among them is the ability's own."""


class GameMaster:
    """Narrates one game; `name` turns a combatant (a seat or an enemy ref) into words."""

    def __init__(
        self,
        seed: int,
        name: Name,
        level: int = 1,
        names: Sequence[str] = (),
        voicing: Voicing = Voicing(),
    ) -> None:
        self.seed = seed
        self.names = [name for name in names if name]
        self.scene = Scene(name=name, level=level, voicing=voicing)
        self.casting = False
        """Within an ability's effects: its draws are told (a combat's draws are in its line)."""

    def sentence(self, text: str) -> str:
        """A capital to start the line, unless it starts with a name: names stay as their
        owners typed them ("ann", not "Ann")."""
        if any(text.startswith(name) for name in self.names):
            return text
        return text[:1].upper() + text[1:]

    def narrate(self, events: Sequence[Event], turn: int, first: int = 0) -> list[str]:
        """Lines for events; `first` is the first event's place in the move (each line's
        wording is drawn from the seed, the turn and that place)."""
        lines: list[str] = []
        for index, event in enumerate(events, start=first):
            told = CASTING_LINES if self.casting else LINES
            line = told.get(type(event))
            if isinstance(event, ABILITY_EVENTS):
                self.casting = isinstance(event, AbilityUsed) or self.casting
            else:
                self.casting = False
            if line is not None:
                rng = seeded_rng(self.seed, f"gm:{turn}:{index}")
                text = line(event, rng.choice, self.scene)
                if text:
                    lines.append(self.sentence(text))
        return lines


def narrate(
    events: Sequence[Event], before: DeucesTable | None, after: DeucesTable, names: list[str]
) -> list[str]:
    """The GM's lines for one move. Players go by their names, enemies by theirs, as they sat
    when each event happened: the table before the move holds the enemies it starts with; a
    new encounter clears the places, and each enemy drawn names its place from then on (a
    move may end one encounter and start the next, whose enemies sit at the same places).
    A place the move itself never told of is looked up in the table after it."""
    seated: dict[int, str] = {}
    pets: dict[int, tuple[int, str]] = {}
    """A pet's place -> its master and name, followed like the enemies' places."""
    if before is not None:
        seated = {i: before.enemy_def(i).name for i in range(len(before.enemies))}
        pets = {i: (p.master, p.name) for i, p in enumerate(before.pets)}

    def player_name(seat: int) -> str:
        return names[seat] if seat < len(names) else f"Player {seat + 1}"

    def name(who: Ref | int) -> str:
        if isinstance(who, int) or who.side == "players":
            return player_name(who if isinstance(who, int) else who.index)
        if who.side == "pets":
            master, called = pets.get(who.index) or (0, "pet")
            return f"{player_name(master)}'s {called}"
        if who.index in seated:
            return seated[who.index]
        if who.index < len(after.enemies):
            return after.enemy_def(who.index).name
        return "the enemy"

    master = GameMaster(
        after.seed,
        name,
        after.level,
        names,
        voicing=after.mode.voicing,
    )
    lines: list[str] = []
    for place, event in enumerate(events):
        if isinstance(event, EncounterStarted):
            seated, pets = {}, {}
        elif isinstance(event, EnemyDrawn | MonsterDrawn):
            seated[event.index] = event.name
        elif isinstance(event, PetSummoned):
            pets[event.index] = (event.master, event.name)
        lines += master.narrate([event], after.turn, first=place)
    return lines
