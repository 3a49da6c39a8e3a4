"""Dungeons & Deuces as players see it: the public table, and each player's own hand.

A player picks cards from their hand; the hand then offers exactly the legal plays made of those
cards (attack which enemy, defend, guard, an ability), led by the GM's hint. Plays are never
listed in advance, so a hand of seven offers no more than a few buttons at a time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import singledispatch

from bot.games.cards import Card
from bot.games.contract import IllegalAction
from bot.games.deuces import previews
from bot.games.deuces.actions import (
    Attack,
    Autopilot,
    Bid,
    Buy,
    Call,
    Defend,
    DeucesAction,
    DropLoot,
    EndTurn,
    Extra,
    GiveLoot,
    Go,
    Guard,
    Initiative,
    Keep,
    LootDone,
    Onward,
    PetAttack,
    Raise,
    Shed,
    Spell,
    Strike,
    TradeUp,
    UseAbility,
    UseItem,
    Vote,
)
from bot.games.deuces.autoplay import suggest
from bot.games.deuces.content import describe
from bot.games.deuces.engine import DeucesState
from bot.games.deuces.facts import (
    EnemyView,
    HandFacts,
    SeatView,
    TableFacts,
    hand_view,
    table_view,
)
from bot.games.deuces.modes.duel.table import draft_fields, duel_label
from bot.games.deuces.modes.loot.wagers import BLIND
from bot.games.deuces.modes.quest.table import (
    item_fields,
    quest_label,
    route_controls,
    shop_field,
)
from bot.games.deuces.poker import SETS, Category
from bot.games.deuces.refs import fighter_ref
from bot.games.deuces.state import (
    CallPrompt,
    Clash,
    DefendPrompt,
    EnemyTurnPrompt,
    Loot,
    LootPrompt,
    OnwardPrompt,
    RaisePrompt,
    Ref,
    RoutePrompt,
    ShedPrompt,
    Side,
    Tier,
    VotePrompt,
    WagerPrompt,
    enemy,
    pet,
    player,
)
from bot.games.deuces.voice import cards_count, chips_count
from bot.games.views import (
    CardGroup,
    Control,
    Field,
    HandCard,
    HandView,
    Picture,
    PictureCard,
    TableView,
)

PET_MARK = "p"
"""Starts a picker value that names a pet's card rather than the player's own."""
FOE_MARK = "e"
"""Starts a picker value that names a card of an enemy the player plays (Masters & Monsters)."""
MAX_PLAYS = 19
"""Plays offered beside the hint: with it, four rows of five buttons."""
LABEL_LIMIT = 80
FOES = "👹 Enemies"


def action_cards(action: DeucesAction) -> list[Card]:
    """The cards an action puts on the table (or trades), in any order."""
    match action:
        case Attack() | PetAttack() | Defend() | UseAbility() | Shed() | Strike() | Spell():
            return list(action.cards)
        case Guard() | GiveLoot() | DropLoot():
            return [action.card]
        case TradeUp():
            return [action.keep, action.give]
        case _:
            return []


def enemy_called(state: DeucesState, index: int) -> str:
    """An enemy's name, numbered among the enemies that share it ("Root Strangler 2"): two
    Root Stranglers would otherwise make two identical buttons."""
    name = state.enemy_def(index).name
    twins = [other for other in range(len(state.enemies)) if state.enemy_def(other).name == name]
    return f"{name} {twins.index(index) + 1}" if len(twins) > 1 else name


def label(state: DeucesState, seat: int, action: DeucesAction, names: Sequence[str] = ()) -> str:
    """A button's words; every legal action of a seat gets its own (enemies that share a name
    are told apart by their place, an ability's target is named)."""
    cards = " ".join(str(card) for card in action_cards(action))
    return button_words(action, Said(state=state, seat=seat, names=names, cards=cards))[
        :LABEL_LIMIT
    ]


@dataclass(frozen=True)
class Said:
    """What a button's words are told with: the table, whose button it is, and the cards."""

    state: DeucesState
    seat: int
    names: Sequence[str]
    cards: str


@singledispatch
def button_words(action: object, said: Said) -> str:
    """A button's words, by the action's type (each type registers its own below)."""
    raise TypeError(f"no words for {type(action).__name__}")


@button_words.register
def _(action: Vote, said: Said) -> str:
    return "Vote hit" if action.hit else "Vote stay"


@button_words.register
def _(action: Attack, said: Said) -> str:
    state = said.state
    foe = fighter_ref(state.mode.foe_side, action.target)
    said_of = _answer_words(state, foe, action.cards, player(said.seat))
    return f"Attack {_foe_called(state, action.target, said.names)} with {said.cards}{said_of}"


@button_words.register
def _(action: PetAttack, said: Said) -> str:
    state = said.state
    companion = state.pets[action.pet].name
    said_of = _answer_words(state, enemy(action.target), action.cards, pet(action.pet))
    return f"{companion} attacks {enemy_called(state, action.target)} with {said.cards}{said_of}"


def _answer_words(state: DeucesState, foe: Ref, cards: tuple[Card, ...], by: Ref) -> str:
    """What an attack leaves its target: an answer to find, or too few cards to answer."""
    if previews.answerable(state, foe, cards, by):
        return " · they can answer"
    return " · more than they hold"


@button_words.register
def _(action: Defend, said: Said) -> str:
    if not said.cards:
        return "Yield: too few cards to answer"
    return f"Defend with {said.cards} · {previews.defence(said.state, action.cards).words}"


@button_words.register
def _(action: Guard, said: Said) -> str:
    state = said.state
    if state.mode.threat_cards and len(state.players) > 1:
        return f"Guard with {said.cards} · it becomes your threat, draw 1"
    return f"Guard with {said.cards} · swap it for a new card"


@button_words.register
def _(action: EndTurn, said: Said) -> str:
    enemies = isinstance(said.state.prompt, EnemyTurnPrompt)
    return "End your enemies' turn" if enemies else "End turn"


@button_words.register(Strike)
@button_words.register(Spell)
@button_words.register(Autopilot)
def _(action: Strike | Spell | Autopilot, said: Said) -> str:
    return monster_label(said.state, action, said.names)


@button_words.register
def _(action: UseAbility, said: Said) -> str:
    ability = said.state.ability(player(said.seat), action.ability)
    text = f"{ability.name if ability else 'Ability'} {said.cards}".strip()
    if ability is not None and action.target is not None:
        text += f" on {_aimed_at(said.state, ability.target, action.target, said.names)}"
    return text


@button_words.register
def _(action: TradeUp, said: Said) -> str:
    return f"Trade {action.give} up into {action.keep}"


@button_words.register
def _(action: GiveLoot, said: Said) -> str:
    tier = said.state.players[said.seat].loot_tier(action.card)
    held = f" ({tier.value})" if tier else ""
    return f"Give loot {action.card}{held} to {_player_called(action.to, said.names)}"


@button_words.register
def _(action: Shed, said: Said) -> str:
    return f"Shed {said.cards}"


@button_words.register
def _(action: DropLoot, said: Said) -> str:
    return f"Drop loot {said.cards}"


@button_words.register
def _(action: LootDone, said: Said) -> str:
    return "Done with loot"


@button_words.register(Bid)
@button_words.register(Call)
@button_words.register(Raise)
@button_words.register(Onward)
def _(action: Bid | Call | Raise | Onward, said: Said) -> str:
    return wager_label(said.state, said.seat, action)


@button_words.register(Keep)
@button_words.register(Initiative)
@button_words.register(Extra)
def _(action: Keep | Initiative | Extra, said: Said) -> str:
    return duel_label(said.state, said.seat, action, said.names)


@button_words.register(Go)
@button_words.register(Buy)
@button_words.register(UseItem)
def _(action: Go | Buy | UseItem, said: Said) -> str:
    return quest_label(said.state, said.seat, action, said.names)


def monster_label(state: DeucesState, action: DeucesAction, names: Sequence[str]) -> str:
    """A Masters & Monsters enemy's move as its button says it: who attacks whom with what,
    or which ability it uses on whom."""
    cards = " ".join(str(card) for card in action_cards(action))
    match action:
        case Strike(enemy=index, target=target):
            victim = _fighter_called(state, target, names)
            return f"{enemy_called(state, index)} attacks {victim} with {cards}"
        case Spell(enemy=index, ability=ability_id, target=target):
            ability = state.ability(Ref(side=Side.GM, index=index), ability_id)
            text = f"{enemy_called(state, index)}: {ability.name if ability else ability_id}"
            text += f" {cards}" if cards else ""
            if ability is not None and target is not None:
                aimed = (
                    _player_called(target, names)
                    if ability.target == "foe"
                    else enemy_called(state, target)
                )
                text += f" on {aimed}"
            return text
        case _:
            return "Let the GM play your enemies' turn"


def wager_label(state: DeucesState, seat: int, action: Bid | Call | Raise | Onward) -> str:
    """A wager's button: how many chips it puts at stake and what it does to the target."""
    match action:
        case Bid(chips=chips):
            if chips == BLIND:
                return f"Bid the blind: {chips_count(chips)}"
            bid = "All in:" if chips == state.players[seat].chips else "Raise to"
            return f"{bid} {chips_count(chips)} (your target +{chips - BLIND})"
        case Call(match=True):
            prompt = state.prompt
            highest = prompt.highest if isinstance(prompt, CallPrompt) else 0
            held = state.players[seat].chips
            return f"All in: {chips_count(held)}" if held < highest else f"Match {highest}"
        case Call():
            return f"Fold (the GM takes your {chips_count(BLIND)} blind)"
        case Raise(chips=chips):
            who = state.players[seat]
            all_in = chips and chips == who.chips - who.bet
            told = "All in:" if all_in else "Raise"
            return f"{told} {chips_count(chips)} (target +{chips})" if chips else "No raise"
        case Onward(go=True):
            return "Play on"
        case _:
            return "Stop the table"


def _foe_called(state: DeucesState, target: int, names: Sequence[str]) -> str:
    """Whom an attack aims at: an enemy, or in a duel a rival hero."""
    return _fighter_called(state, fighter_ref(state.mode.foe_side, target), names)


def _aimed_at(state: DeucesState, kind: str, target: int, names: Sequence[str]) -> str:
    """An ability's target in words: an enemy as its button calls it, an ally by name (with
    their seat when two players share a name)."""
    if kind == "foe":
        return _foe_called(state, target, names)
    return _player_called(target, names)


def _player_called(seat: int, names: Sequence[str]) -> str:
    """A player by name, with their seat when two players share a name."""
    if seat >= len(names):
        return f"Player {seat + 1}"
    twins = list(names).count(names[seat]) > 1
    return f"{names[seat]} ({seat + 1})" if twins else names[seat]


VALUE_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}


def attack_words(clash: Clash) -> str:
    """The attack as it counts: its cards, what they make, and the value they count as once
    raises, wild cards and the attacker's edge are in ("J♣: single Q (+1 edge)"), so a tie
    with a Q reads as the J+1 it was."""
    cards = " ".join(str(card) for card in clash.cards)
    category = Category(clash.category)
    top = clash.key[0] if clash.key else 0
    counted = top + clash.edge
    shown = VALUE_NAMES.get(counted, str(counted))
    if category in SETS.values():
        kind = category.label if clash.size == 1 else f"{category.label} of {shown}s"
        value = f"{kind}" if clash.size > 1 else f"single {shown}"
    else:
        value = f"{category.label}, {VALUE_NAMES.get(top, str(top))} high"
    printed = sorted({card.value for card in clash.cards})
    marked = top not in printed and category in SETS.values()
    notes = ["raised or wild"] if marked else []
    notes += [f"{clash.edge:+d} edge"] if clash.edge else []
    return f"{cards}: {value}" + (f" ({', '.join(notes)})" if notes else "")


def _fighter_called(state: DeucesState, ref: Ref, names: Sequence[str]) -> str:
    """A fighter of either side in words: a player by name, a pet with its master's name."""
    if ref.side == Side.GM:
        return enemy_called(state, ref.index)
    if ref.side == Side.PETS:
        companion = state.pets[ref.index]
        return f"{_player_called(companion.master, names)}'s {companion.name}"
    return _player_called(ref.index, names)


def _no_enemies(state: DeucesState) -> str:
    """The enemies' field once the table holds none: gone after the encounter, or to come."""
    if state.won and state.folded:
        return "none left: they fled"
    if state.won:
        return "none left: all defeated"
    if state.won is False:
        return "none left: the party was beaten"
    return "none left" if state.is_over else "none yet"


def deuces_table(state: DeucesState, names: list[str]) -> TableView:
    facts = table_view(state)
    foes = [_enemy_line(f, enemy_called(state, f.index), facts, names) for f in facts.enemies]
    party = [_seat_line(s, facts, names) for s in facts.seats]
    mode = state.mode
    fields = mode.table_fields(
        state,
        names,
        [
            Field(name=FOES, value="\n".join(foes) or _no_enemies(state), inline=False),
            Field(name="🛡️ Party", value="\n".join(party), inline=False),
        ],
    )
    fields += _stakes_fields(facts, names) + _waiting_fields(state, facts, names)
    return TableView(
        title=mode.table_title(state, facts),
        fields=fields,
        legend=mode.table_legend(state, facts),
        controls=vote_controls(state) + onward_controls(state) + route_controls(state),
        picture=table_picture(
            facts,
            names,
            [enemy_called(state, foe.index) for foe in facts.enemies],
            "threat" if mode.threat_cards else "discard",
            rows=1 if mode.threat_cards else None,
        )
        if facts.attack or not mode.threat_cards
        else None,
    )


def _enemy_line(foe: EnemyView, called: str, facts: TableFacts, names: list[str]) -> str:
    """An enemy as the table lists it: its rank where it is not basic, who plays it, and its
    cards (or, before the hands are dealt, its difficulty)."""
    marks = [foe.rank] if foe.rank != BASIC else []  # basic unless said (the key says so)
    marks += [f"{_player_called(foe.master, names)}'s"] if foe.master is not None else []
    if foe.defeated:
        state = "defeated"
    else:  # hands are dealt once the draw is over
        state = cards_count(foe.cards) if facts.dealt else f"difficulty {foe.difficulty}"
    edge = f", edge {foe.edge:+d}" if foe.edge and not foe.defeated else ""
    told = f" ({', '.join(marks)})" if marks else ""
    return f"**{called}**{told}: {state}{edge}"


def _seat_line(seat: SeatView, facts: TableFacts, names: list[str]) -> str:
    """A player as the table lists them: class, cards, Threat Card, loot, and their pets."""
    line = f"**{names[seat.seat]}**, {seat.class_name}: {seat.cards} in hand, {seat.deck} in deck"
    line += f", threat {seat.threat}" if seat.threat else ""
    line += f", loot {' · '.join(_loot_words(item) for item in seat.loot)}" if seat.loot else ""
    line += " (folded)" if seat.sat_out else " (defeated)" if seat.defeated else ""
    return line + "".join(
        f"\n↳ 🐾 {p.name}: " + ("defeated" if p.defeated else cards_count(p.cards))
        for p in facts.pets
        if p.master == seat.seat
    )


def _loot_words(item: Loot) -> str:
    """A loot card with its tier ("Q♥ rare"): the tier is what the card does in hand."""
    return f"{item.card} {item.tier.value}"


def _stakes_fields(facts: TableFacts, names: list[str]) -> list[Field]:
    """What is played for beside the fight: Quest for Loot's chips, Masters' Epic loot."""
    fields: list[Field] = []
    if facts.gm_chips is not None:
        fields.append(Field(name="🪙 Chips", value=chips_line(facts, names), inline=False))
    if facts.epics_needed is not None:
        fields.append(Field(name="🏆 Epic loot", value=epics_line(facts, names), inline=False))
    return fields


def _waiting_fields(state: DeucesState, facts: TableFacts, names: list[str]) -> list[Field]:
    """The attack to answer, and whom the table waits for to do what."""
    fields: list[Field] = []
    if facts.attack and state.clash is not None:
        on = f" by {_fighter_called(state, facts.defender, names)}" if facts.defender else ""
        value = attack_words(state.clash)
        fields.append(Field(name=f"⚔️ Attack to answer{on}", value=value, inline=False))
    if not state.is_over and facts.waiting:
        waiting = ", ".join(names[seat] for seat in facts.waiting_for)
        value = f"{waiting} to {facts.waiting}"
        fields.append(Field(name="⏳ Waiting for", value=value, prompt=True))
    return fields


def party_title(facts: TableFacts, mode: str = "") -> str:
    """A GM table's title: the encounter, the level and how the difficulty stands."""
    return (
        f"Dungeons & Deuces{mode} · encounter {facts.encounter} · level {facts.level}"
        f" · difficulty {facts.difficulty}/{facts.target}"
    )


def epics_line(facts: TableFacts, names: list[str]) -> str:
    """Masters & Monsters: each player's Epic loot, in this encounter's turn order."""
    seats = facts.order or [seat.seat for seat in facts.seats]
    held = [
        f"{names[seat]} {sum(1 for item in facts.seats[seat].loot if item.tier == Tier.EPIC)}"
        for seat in seats
    ]
    return " · ".join(held) + f" (turn order; {facts.epics_needed} to win)"


def chips_line(facts: TableFacts, names: list[str]) -> str:
    """Every stack, the GM's last: what rides on the encounter, who folded, whose sealed
    wager is in (never how much)."""

    def stack(seat: int, chips: int, bet: int, sat_out: bool) -> str:
        told = f"{names[seat]} {chips}"
        if bet:
            told += f" ({bet} riding)"
        elif sat_out:
            told += " (folded)"
        elif seat in facts.bids_in:
            told += " (wager in)"
        return told

    stacks = [stack(s.seat, s.chips or 0, s.bet, s.sat_out) for s in facts.seats]
    return " · ".join([*stacks, f"the GM {facts.gm_chips}"])


BASIC = "basic"
LEGEND = {
    "rank": "rank: an enemy is basic unless marked elite or boss",
    "difficulty": "difficulty: the enemies' total against the party's target",
    "threat": "threat: the top card of a discard pile, the GM attacks the highest",
    "master_threat": "threat: the top card of a discard pile, enemies attack the highest "
    "(never their own master)",
    "edge": "edge: added to the next play's values",
    "treasure": "treasure: loot costs one 2 less",
    "loot": "loot: Common counts +1, Rare counts twice, Epic is wild",
    "chips": "chips: the GM pays a survivor their bet and collects a fallen player's",
}
"""The table's words explained, each only while it shows."""


def legend(facts: TableFacts, hidden: frozenset[str] = frozenset()) -> str:
    """What the words on this table mean, for the words it shows now (one short line each);
    `hidden`: words this table does not show at the moment (a quest's party on its map)."""
    mastering = facts.epics_needed is not None
    shown = ["rank"] if facts.enemies else []
    shown += [] if mastering or "difficulty" in hidden else ["difficulty"]
    threat = "master_threat" if mastering else "threat"
    shown += [threat] if any(seat.threat for seat in facts.seats) else []
    shown += ["edge"] if any(e.edge for e in facts.enemies if not e.defeated) else []
    shown += ["treasure"] if facts.treasure and "treasure" not in hidden else []
    shown += ["loot"] if any(seat.loot for seat in facts.seats) else []
    shown += ["chips"] if facts.gm_chips is not None else []
    return "\n".join(LEGEND[word] for word in shown)


def table_picture(
    facts: TableFacts,
    names: list[str],
    called: Sequence[str] = (),
    top: str = "threat",
    rows: int | None = None,
) -> Picture | None:
    """What the party faces and holds, face up. A table with Threat Cards draws it only while
    an attack waits to be answered: otherwise every card in it is in the table's text too (each
    enemy's cards, each Threat Card and loot), and a phone's screen is better spent on the
    moves; for the same reason it is one row (`rows`), the attack first (a duel's, whose tops
    of the discard piles are not in the text, shows every card). It shows the attack to
    answer, each enemy (a face-down card captioned with the cards it holds, or its difficulty
    before the hands are dealt), each player's Threat Card (in a duel, which has none, the top
    of the discard pile) with their loot by tier, and each pet's cards left, as many as the row
    holds. `called`: each enemy's name on the table."""
    groups: list[CardGroup] = []
    if facts.attack:
        groups.append(
            CardGroup(title="Attack", cards=[PictureCard(card=c.code) for c in facts.attack])
        )
    groups += [
        CardGroup(
            title=called[foe.index] if foe.index < len(called) else foe.name,
            cards=[_enemy_card(foe, facts.dealt)],
        )
        for foe in facts.enemies
    ]
    for seat in facts.seats:
        cards = [PictureCard(card=seat.threat.code, caption=top)] if seat.threat else []
        cards += [PictureCard(card=item.card.code, caption=item.tier.value) for item in seat.loot]
        if cards:
            groups.append(CardGroup(title=names[seat.seat], cards=cards))
    groups += [
        CardGroup(
            title=companion.name,
            cards=[
                PictureCard(
                    card=None,
                    caption="defeated" if companion.defeated else cards_count(companion.cards),
                    dim=companion.defeated,
                )
            ],
        )
        for companion in facts.pets
    ]
    return Picture(groups=groups, rows=rows) if groups else None


def _enemy_card(foe: EnemyView, dealt: bool) -> PictureCard:
    """An enemy as a face-down card: its cards left (before the deal, its difficulty)."""
    if foe.defeated:
        return PictureCard(card=None, caption="defeated", dim=True)
    return PictureCard(
        card=None, caption=cards_count(foe.cards) if dealt else f"difficulty {foe.difficulty}"
    )


def vote_controls(state: DeucesState) -> list[Control]:
    """The party's vote is public, so its buttons sit on the table for every voter."""
    if state.is_over or not isinstance(state.prompt, VotePrompt):
        return []
    return [
        Control(
            label=label(state, 0, vote), action=str(vote), style="danger" if hit else "secondary"
        )
        for hit in (True, False)
        for vote in [Vote(hit=hit)]
    ]


def onward_controls(state: DeucesState) -> list[Control]:
    """Whether to play on is everyone's open choice, so its buttons sit on the table too."""
    if state.is_over or not isinstance(state.prompt, OnwardPrompt):
        return []
    go, stop = Onward(go=True), Onward(go=False)
    return [
        Control(label=wager_label(state, 0, go), action=str(go), style="success"),
        Control(label=wager_label(state, 0, stop), action=str(stop), style="secondary"),
    ]


def deuces_hand(
    state: DeucesState, seat: int, picked: list[str], names: Sequence[str] = ()
) -> HandView:
    """One player's cards with their marks and abilities, and the plays of the picked cards."""
    facts = hand_view(state, seat)
    chosen = picked_cards(state, seat, picked)
    marks = [
        f"{held.card}"
        + (f" (+{held.raised})" if held.raised else "")
        + (" wild" if held.wild else "")
        for held in facts.cards
    ]
    waiting = seat in state.waiting_for and not state.is_over
    prompt = state.prompt
    on_map = isinstance(prompt, RoutePrompt)
    drafting = state.mode.hides_classes(state)
    own, monsters = _hand_cards(state, facts, chosen)
    legal = state.legal_actions(seat) if waiting else []
    return HandView(
        title="Your draw: keep two classes and two custom abilities"
        if drafting
        else f"Your hand: {state.players[seat].klass.name}",
        description=" · ".join(marks) or empty_hand(drafting, on_map),
        fields=_hand_fields(state, seat, facts, on_map, drafting)
        + _pick_fields(state, seat, chosen, legal),
        footer=_hand_footer(state) if waiting else "The table is not waiting for you right now.",
        cards=monsters + own if isinstance(prompt, EnemyTurnPrompt) else own + monsters,
        controls=plays(state, seat, chosen, legal, names) + _other_answer(state, seat, waiting),
        hint=hint_control(state, seat, legal, names) if waiting else None,
        picture=hand_picture(facts, chosen),
    )


def _hand_fields(
    state: DeucesState, seat: int, facts: HandFacts, on_map: bool, drafting: bool
) -> list[Field]:
    """My hand's fields: chips, abilities, the shop and quest loot (or the duel's draw), and
    the enemies the player plays."""
    if drafting:
        fields = draft_fields(state, seat)
    else:
        fields = [
            Field(
                name=f"{ability.name} ({ability_status(ability.why_not, on_map)})",
                value=ability.text,
                inline=False,
            )
            for ability in facts.abilities
        ]
        if facts.chips is not None:
            stake = own_stake(state, seat)
            fields.insert(0, Field(name="🪙 Your chips", value=stake, inline=False))
        fields += shop_field(state, seat) + item_fields(state, seat)
    fields += [
        Field(
            name=f"🐾 {companion.name} ({cards_count(len(companion.cards))})",
            value=" · ".join(str(held.card) for held in companion.cards) or "no cards",
            inline=False,
        )
        for companion in facts.pets
    ]
    return fields + [
        Field(
            name=f"👹 {enemy_called(state, foe.index)} ({cards_count(len(foe.cards))})",
            value=" · ".join(str(held.card) for held in foe.cards)
            + "".join(
                f"\n{ability.name}: {describe(ability)}"
                for ability in state.abilities(Ref(side=Side.GM, index=foe.index))
            ),
            inline=False,
        )
        for foe in facts.foes
    ]


def _other_answer(state: DeucesState, seat: int, waiting: bool) -> list[Control]:
    """The button that asks for an answer the plays cannot list (any chips held, wagered)."""
    prompt = state.prompt
    if not waiting or prompt is None:
        return []
    other = state.mode.kind(prompt).other_answer(state, seat, prompt)
    return [] if other is None else [other]


def _pick_fields(
    state: DeucesState, seat: int, chosen: list[Card], legal: Sequence[DeucesAction]
) -> list[Field]:
    """Why the picked cards offer no play, when they offer none."""
    note = pick_note(state, seat, chosen, legal)
    return [Field(name="✋ Your pick", value=note, inline=False)] if note else []


def _hand_cards(
    state: DeucesState, facts: HandFacts, chosen: list[Card]
) -> tuple[list[HandCard], list[HandCard]]:
    """The cards a player may pick: their own and their pets', and their enemies'."""
    own = [
        HandCard(
            label=str(held.card), value=f"{index}.{held.card.code}", picked=held.card in chosen
        )
        for index, held in enumerate(facts.cards)
    ] + [
        HandCard(
            label=f"{held.card} ({companion.name})",
            value=f"{PET_MARK}{companion.index}.{index}.{held.card.code}",
            picked=held.card in chosen,
        )
        for companion in facts.pets
        for index, held in enumerate(companion.cards)
    ]
    monsters = [
        HandCard(
            label=f"{held.card} ({enemy_called(state, foe.index)})",
            value=f"{FOE_MARK}{foe.index}.{index}.{held.card.code}",
            picked=held.card in chosen,
        )
        for foe in facts.foes
        for index, held in enumerate(foe.cards)
    ]
    return own, monsters


def ability_status(why_not: str | None, on_map: bool) -> str:
    """Beside an ability's name: ready, or why not now (on a quest's map, in encounters)."""
    if on_map:
        return "in encounters"
    return "ready" if why_not is None else why_not


def empty_hand(drafting: bool, on_map: bool) -> str:
    """What My hand says with no card in it: why there is none, where a reason is known."""
    if drafting:
        return "This draw stays hidden from the other side until both sides have kept theirs."
    if on_map:
        return MAP_HAND
    return "No cards."


MAP_HAND = "On the map: you draw a new hand when the party enters an encounter."
HAND_FOOTER = "Pick cards below, then press a play."


def _hand_footer(state: DeucesState) -> str:
    """My hand's last line while the table waits for this player: its prompt's own (no cards
    are picked to wager, nor to walk the map), else how to play cards."""
    prompt = state.prompt
    own = state.mode.kind(prompt).hand_footer(state) if prompt is not None else None
    return own or HAND_FOOTER


def own_stake(state: DeucesState, seat: int) -> str:
    """A player's stack, what rides on this encounter, and their own sealed wager."""
    who = state.players[seat]
    told = [chips_count(who.chips)]
    if who.bet:
        told.append(f"{who.bet} riding on this encounter")
    prompt = state.prompt
    sealed = (
        prompt.bids.get(seat)
        if isinstance(prompt, WagerPrompt)
        else prompt.raises.get(seat)
        if isinstance(prompt, RaisePrompt)
        else None
    )
    if sealed is not None:
        told.append(
            f"your sealed {'bid' if isinstance(prompt, WagerPrompt) else 'raise'}: {sealed}"
        )
    told.append(f"the GM holds {state.gm_chips}")
    return " · ".join(told)


def hand_picture(facts: HandFacts, chosen: list[Card]) -> Picture | None:
    """The hand, each card with its marks; the picked ones stand out, the rest are dimmed."""
    cards = [
        PictureCard(
            card=held.card.code,
            caption=" ".join(
                part
                for part in (f"+{held.raised}" if held.raised else "", "wild" if held.wild else "")
                if part
            ),
            dim=bool(chosen) and held.card not in chosen,
        )
        for held in facts.cards
    ]
    groups = [CardGroup(title="Your hand", cards=cards)] if cards else []
    groups += [
        CardGroup(
            title=companion.name,
            cards=[
                PictureCard(card=held.card.code, dim=bool(chosen) and held.card not in chosen)
                for held in companion.cards
            ],
        )
        for companion in facts.pets
        if companion.cards
    ]
    return Picture(groups=groups) if groups else None


def plays(
    state: DeucesState,
    seat: int,
    picked: list[Card],
    legal: Sequence[DeucesAction],
    names: Sequence[str] = (),
) -> list[Control]:
    """Every legal play made of exactly the picked cards, and those that take no cards (End
    turn, an ability with no cards to choose), which a pick never hides. The hint is apart
    (`hint_control`): the table says whether it leads them."""
    wanted = Counter(picked)
    loot = isinstance(state.prompt, LootPrompt)  # loot cards aren't held
    offered = [
        action for action in legal if loot or Counter(action_cards(action)) in (wanted, NO_CARDS)
    ]
    # the moves that end a turn or a step are never cut off by a long list of others
    offered.sort(key=lambda action: not isinstance(action, ENDINGS))
    return [
        Control(label=label(state, seat, action, names), action=str(action), style="primary")
        for action in offered[:MAX_PLAYS]
    ]


ENDINGS = (EndTurn, Autopilot, LootDone)
"""Moves that close a turn or a step: always on offer, whatever else is."""


def hint_control(
    state: DeucesState, seat: int, legal: Sequence[DeucesAction], names: Sequence[str] = ()
) -> Control:
    """The GM's suggestion for this seat as a button, saying what it does."""
    hint = suggest(state, seat)
    words = hint_words(state, seat, hint, legal, names)
    return Control(label=f"💡 {words}"[:LABEL_LIMIT], action=str(hint), style="success")


NO_CARDS: Counter[Card] = Counter()


def hint_words(
    state: DeucesState,
    seat: int,
    hint: DeucesAction,
    legal: Sequence[DeucesAction],
    names: Sequence[str] = (),
) -> str:
    """The hint's button: its move's words, and where it is a defence that falls, that no
    defence offered does better (the hint then only loses least)."""
    words = label(state, seat, hint, names)
    if not isinstance(hint, Defend) or not hint.cards:
        return words
    if previews.defence(state, hint.cards).answer is not previews.Answer.FALLS:
        return words
    if any(
        isinstance(other, Defend)
        and other.cards
        and previews.defence(state, other.cards).answer is not previews.Answer.FALLS
        for other in legal
    ):
        return words
    return f"Defend with {' '.join(str(card) for card in hint.cards)} · none holds: loses least"


def pick_note(
    state: DeucesState, seat: int, picked: list[Card], legal: Sequence[DeucesAction]
) -> str | None:
    """Why the picked cards make no play the seat may make now (None when they make one, or
    nothing is picked), in the engine's own words for the play they would be; `legal` are
    the seat's legal actions, as the hand has them already."""
    prompt = state.prompt
    if not picked or prompt is None or seat not in state.waiting_for:
        return None
    wanted = Counter(picked)
    if any(Counter(action_cards(action)) == wanted for action in legal):
        return None
    cards = " ".join(str(card) for card in picked)
    trial = _trial(state, seat, tuple(picked))
    if trial is None:
        return f"{cards} is not a play now."
    try:
        state.mode.kind(prompt).take(state, seat, prompt, trial)
    except IllegalAction as refusal:
        return f"{cards} is not a play: {refusal}."
    return f"{cards} is not a play now."


def _trial(state: DeucesState, seat: int, cards: tuple[Card, ...]) -> DeucesAction | None:
    """The play these cards would be asked as, to hear why it is refused: a defence while an
    attack waits on the seat, an attack on the first foe on its turn, else a shed."""
    prompt = state.prompt
    if isinstance(prompt, DefendPrompt):
        return Defend(cards=cards)
    if isinstance(prompt, ShedPrompt):
        return Shed(cards=cards)
    if state.turn_of(seat) is not None:
        foes = state.mode.foes(state, player(seat))
        return Attack(target=foes[0] if foes else 0, cards=cards)
    return None


def picked_cards(state: DeucesState, seat: int, values: list[str]) -> list[Card]:
    """The cards a picker's values name ("3.9C": the fourth card, 9♣; "p0.1.KC": the second
    card of the player's first pet; "e1.0.5H": the first card of their enemy at place 1), if
    still held."""
    cards: list[Card] = []
    for value in values:
        hand = state.players[seat].hand
        if value.startswith(PET_MARK):
            which, _, value = value[len(PET_MARK) :].partition(".")
            if not which.isdigit() or int(which) not in state.pets_of(seat):
                continue
            hand = state.pets[int(which)].hand
        elif value.startswith(FOE_MARK):
            which, _, value = value[len(FOE_MARK) :].partition(".")
            if not which.isdigit() or int(which) not in state.owned(seat):
                continue
            hand = state.enemies[int(which)].hand
        index, _, code = value.partition(".")
        if index.isdigit() and int(index) < len(hand) and hand[int(index)].code == code:
            cards.append(hand[int(index)])
    return cards
