"""Each kind of prompt a table asks its players, with everything about it in one class.

A prompt is stored as plain data (`state.VotePrompt`, `TurnPrompt`, ...); its kind is the one
class that knows its rules: the actions it takes and lists, how each is checked and played,
what a timeout does, what a sensible player would do, and how the table words it. A mode lists
the kinds it asks (`DeucesMode.kinds`) and the engine finds a prompt's kind by the prompt's type,
so a kind missing from its mode is found by a test over every mode, not by a KeyError in play.
Actions a kind does not take are refused by its `check`, in one place: the `match` over the
actions it takes.

The kinds every mode asks live here: the vote, a turn (of one seat, or open to the party),
the shed down to the hand limit, a defence and the loot step. Each mode's own kinds live in its
folder (`modes/<mode>/prompts.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any, ClassVar, Generic, NoReturn, TypeVar

from bot.games.cards import Card
from bot.games.contract import IllegalAction
from bot.games.crawl.plain import built
from bot.games.deuces import autoplay, combat, flow, piles, turns
from bot.games.deuces.actions import (
    Attack,
    Defend,
    DeucesAction,
    DropLoot,
    EndTurn,
    GiveLoot,
    Guard,
    LootDone,
    PetAttack,
    Shed,
    TradeUp,
    UseAbility,
    Vote,
)
from bot.games.deuces.effects import Moment, cast, targets, usable
from bot.games.deuces.events import (
    DeucesEvent,
    Guarded,
    LootDropped,
    LootGiven,
    LootTraded,
    TurnPassed,
    VoteCast,
    VoteTaken,
)
from bot.games.deuces.poker import capacity, no_play, plays, read
from bot.games.deuces.state import (
    LOOT_LIMIT,
    TIERS,
    DefendPrompt,
    DeucesTable,
    Loot,
    LootPrompt,
    OpenTurnPrompt,
    Phase,
    Prompt,
    Ref,
    ShedPrompt,
    Side,
    Tier,
    TurnPrompt,
    VotePrompt,
    pet,
    player,
)
from bot.games.views import Control

P = TypeVar("P")
Play = Callable[[], list[DeucesEvent]]
"""A checked answer, ready to be played."""

SHED_LISTED = 3
"""Above this many cards to shed, the listed sheds are the default one and single swaps of it
(any choice of cards is still accepted when typed or picked)."""


class PromptKind(Generic[P]):
    """The rules of one kind of prompt; `P` is the stored prompt it reads."""

    prompt: ClassVar[type[Any]]
    """The stored prompt's class: a prompt of this type is answered by this kind."""
    waits_for: ClassVar[str]
    """What the table says the awaited players are to do ("… to vote Hit or Stay")."""
    sealed: ClassVar[bool] = False
    """Every awaited seat answers at once, unseen by the others until all have answered."""
    dealt: ClassVar[bool] = True
    """Whether the enemies' hands are dealt while this prompt waits (else the table shows
    each enemy's difficulty)."""

    def waiting_words(self, state: DeucesTable) -> str:
        """What the awaited players are to do, as the table says it."""
        return self.waits_for

    def hand_footer(self, state: DeucesTable) -> str | None:
        """My hand's last line while this prompt waits for its player (None: the usual)."""
        return None

    def other_answer(self, state: DeucesTable, seat: int, prompt: P) -> Control | None:
        """A button for answers too many to list (a wager of any chips held), asking for the
        rest of the answer first; None where every answer is listed."""
        return None

    def legal(self, state: DeucesTable, seat: int, prompt: P) -> list[DeucesAction]:
        """Every action the seat may answer with now."""
        raise NotImplementedError

    def take(self, state: DeucesTable, seat: int, prompt: P, action: DeucesAction) -> Play:
        """Check the seat's answer (IllegalAction, and nothing changed, unless it may answer
        so) and return its play: what changes the state and says what happened. The check
        narrows the action's and the prompt's types, which the play keeps."""
        raise NotImplementedError

    def timeout(self, state: DeucesTable, seat: int, prompt: P) -> DeucesAction:
        """What the game does for a seat that let this prompt time out."""
        raise NotImplementedError

    def suggest(self, state: DeucesTable, seat: int, prompt: P) -> DeucesAction:
        """A sensible answer (hints and simulated players); by default the timeout's."""
        return self.timeout(state, seat, prompt)

    def refuse(self, prompt: Prompt, action: DeucesAction) -> NoReturn:
        """An action this kind does not take."""
        raise IllegalAction(f"you cannot {action.kind} now: the table waits for a {prompt.kind}")


def check_held(
    state: DeucesTable, seat: int, cards: tuple[Card, ...], holder: Ref | None = None
) -> None:
    """The cards are in the hand of the seat, or of the fighter it answers for."""
    if not cards:
        raise IllegalAction("choose some cards")
    hand = state.fighter(holder).hand if holder is not None else state.players[seat].hand
    left = [card.text for card in hand]  # a card's text names it: cheap to compare
    for card in cards:
        if card.text not in left:
            raise IllegalAction("those cards are not in that hand")
        left.remove(card.text)


def check_standing(state: DeucesTable, seat: int) -> None:
    if state.players[seat].defeated:
        raise IllegalAction("you are out of this fight: only your pet may act")


def list_abilities(state: DeucesTable, seat: int, moment: Moment) -> list[DeucesAction]:
    """The seat's abilities it may use at this moment, with every aim and choice of cards."""
    me = player(seat)
    prompt = state.turn_of(seat)
    attacks = prompt.attacks if prompt is not None else 0
    used = prompt.ability_used if prompt is not None else False
    hand = state.players[seat].hand
    actions: list[DeucesAction] = []
    for ability in state.abilities(me):
        if not usable(state, me, ability, moment, attacks, used):
            continue
        picks = {tuple(sorted(group)) for group in combinations(hand, ability.cards_needed)}
        actions += [
            UseAbility(ability=ability.id, target=aim, cards=cards)
            for aim in targets(state, me, ability)
            for cards in sorted(picks)
        ]
    return actions


def check_ability(state: DeucesTable, seat: int, action: UseAbility) -> None:
    me = player(seat)
    ability = state.ability(me, action.ability)
    if ability is None:
        raise IllegalAction(f"you have no ability {action.ability!r} at level {state.level}")
    prompt = state.turn_of(seat)
    turn = prompt is not None
    attacks = prompt.attacks if prompt is not None else 0
    used = prompt.ability_used if prompt is not None else False
    moment: Moment = "turn" if turn else "defend"
    check_standing(state, seat)
    if not turn and state.clash is not None and state.clash.defender != me:
        raise IllegalAction("a Disrupt answers an attack on you, not on your pet")
    if not usable(state, me, ability, moment, attacks, used):
        raise IllegalAction(f"{ability.name} cannot be used now")
    if action.target not in targets(state, me, ability):
        raise IllegalAction(f"{ability.name} cannot aim there")
    if len(action.cards) != ability.cards_needed:
        raise IllegalAction(f"{ability.name} needs {ability.cards_needed} cards chosen")
    if action.cards:
        check_held(state, seat, action.cards)


def use_ability(
    state: DeucesTable, seat: int, turn: TurnPrompt | None, action: UseAbility
) -> list[DeucesEvent]:
    """An ability on the seat's turn (its turn goes on or ends), or (no turn) a Disrupt."""
    me = player(seat)
    ability = state.ability(me, action.ability)
    assert ability is not None  # checked by check_ability
    if turn is not None:
        turn.fresh = False
        if ability.timing == "instead_of_attack":
            turn.attacks -= 1
        else:
            turn.ability_used = True
    events = cast(state, me, ability, action.target, list(action.cards))
    if turn is not None:
        return events + combat.mark_defeats(state) + turns.after_turn_move(state, seat, turn)
    return events + turns.after_disrupt(state)


class Voting(PromptKind[VotePrompt]):
    """Hit (the GM draws one more enemy) or Stay; the majority decides, a tie stays."""

    prompt = VotePrompt
    waits_for = "vote Hit or Stay"
    dealt = False

    def legal(self, state: DeucesTable, seat: int, prompt: VotePrompt) -> list[DeucesAction]:
        return [Vote(hit=True), Vote(hit=False)]

    def take(self, state: DeucesTable, seat: int, prompt: VotePrompt, action: DeucesAction) -> Play:
        if not isinstance(action, Vote):
            self.refuse(prompt, action)
        if seat not in prompt.waiting:
            raise IllegalAction("you have already voted")
        return lambda: self._vote(state, seat, prompt, action)

    @staticmethod
    def _vote(state: DeucesTable, seat: int, prompt: VotePrompt, vote: Vote) -> list[DeucesEvent]:
        (prompt.hits if vote.hit else prompt.stays).append(seat)
        events: list[DeucesEvent] = [built(VoteCast, seat=seat, hit=vote.hit)]
        if prompt.waiting:
            return events
        hit = len(prompt.hits) > len(prompt.stays)
        events.append(built(VoteTaken, hit=hit, hits=len(prompt.hits), stays=len(prompt.stays)))
        state.prompt = None
        state.phase = Phase.START
        if hit:
            events += flow.draw_enemy(state)
            flow.open_vote(state)
        return events

    def timeout(self, state: DeucesTable, seat: int, prompt: VotePrompt) -> DeucesAction:
        return Vote(hit=False)


class Turn(PromptKind[Any]):
    """A seat's turn: attacks, its pets' attacks, abilities, a Guard instead of all of them,
    and the end of the turn (which also comes by itself once nothing is left to do)."""

    prompt = TurnPrompt
    waits_for = "take a turn"

    def turn_for(self, state: DeucesTable, seat: int, prompt: Any) -> TurnPrompt:
        """The turn the seat plays: this one."""
        assert isinstance(prompt, TurnPrompt)  # this kind answers turn prompts only
        return prompt

    def begin(self, state: DeucesTable, turn: TurnPrompt) -> list[DeucesEvent]:
        """What starts before the seat's move (nothing: its turn is under way)."""
        return []

    def legal(self, state: DeucesTable, seat: int, prompt: Any) -> list[DeucesAction]:
        turn = self.turn_for(state, seat, prompt)
        if state.players[seat].defeated:  # fallen, with a pet still fighting
            return [*self._pet_attacks(state, seat, turn), EndTurn()]
        hand = state.players[seat].hand
        actions: list[DeucesAction] = []
        if turn.attacks:
            actions += [
                Attack(target=foe, cards=cards)
                for foe, cards in self._attacks_of(state, player(seat))
            ]
        actions += self._pet_attacks(state, seat, turn)
        actions += list_abilities(state, seat, "turn")
        actions += self.extra_moves(state, seat, turn)
        if turn.fresh:
            actions += [Guard(card=card) for card in dict.fromkeys(hand)]
        return [*actions, EndTurn()]

    def extra_moves(
        self, state: DeucesTable, seat: int, turn: TurnPrompt
    ) -> Sequence[DeucesAction]:
        """Moves a mode adds to a turn (a quest's loot); none here."""
        return []

    def _pet_attacks(self, state: DeucesTable, seat: int, turn: TurnPrompt) -> list[DeucesAction]:
        """Each of the player's pets that has not attacked this turn may attack once."""
        return [
            PetAttack(pet=index, target=foe, cards=cards)
            for index in state.pets_of(seat)
            if index not in turn.pets_done
            for foe, cards in self._attacks_of(state, pet(index))
        ]

    @staticmethod
    def _attacks_of(state: DeucesTable, attacker: Ref) -> list[tuple[int, tuple[Card, ...]]]:
        """(foe, cards) of every attack a fighter of the party can make now."""
        sets = {play.cards for play in plays(piles.hand_faces(state, attacker))}
        foes = state.mode.foes(state, attacker)
        return [
            (foe, cards)
            for cards in sorted(sets, key=lambda c: [card.code for card in c])
            for foe in foes
        ]

    def take(self, state: DeucesTable, seat: int, prompt: Any, action: DeucesAction) -> Play:
        turn = self.turn_for(state, seat, prompt)
        move = self._take(state, seat, turn, action)
        if move is None:
            self.refuse(prompt, action)
        return lambda: self.begin(state, turn) + move()

    def _take(
        self, state: DeucesTable, seat: int, turn: TurnPrompt, action: DeucesAction
    ) -> Play | None:
        match action:
            case Attack():
                check_standing(state, seat)
                if turn.attacks <= 0:
                    raise IllegalAction("you have no attack left this turn")
                self._check_play(state, seat, player(seat), action.target, action.cards)
                return lambda: self._attack(state, turn, action)
            case PetAttack():
                if action.pet not in state.pets_of(seat):
                    raise IllegalAction("you have no pet there")
                if action.pet in turn.pets_done:
                    raise IllegalAction("your pet has attacked this turn")
                self._check_play(state, seat, pet(action.pet), action.target, action.cards)
                return lambda: self._pet_attack(state, turn, action)
            case UseAbility():
                check_ability(state, seat, action)
                return lambda: use_ability(state, seat, turn, action)
            case Guard():
                check_standing(state, seat)
                if not turn.fresh:
                    raise IllegalAction("Guard is instead of attacking or using an ability")
                check_held(state, seat, (action.card,))
                return lambda: self._guard(state, seat, action)
            case EndTurn():
                return lambda: self._end(state, turn)
            case _:
                return self.take_extra(state, seat, turn, action)

    def take_extra(
        self, state: DeucesTable, seat: int, turn: TurnPrompt, action: DeucesAction
    ) -> Play | None:
        """A move a mode adds to a turn, checked (None: not a move of this turn)."""
        return None

    @staticmethod
    def _check_play(
        state: DeucesTable, seat: int, attacker: Ref, target: int, cards: tuple[Card, ...]
    ) -> None:
        """An attack on a standing foe with cards the attacker holds that make a play."""
        if target not in state.mode.foes(state, attacker):
            raise IllegalAction("no foe you may attack stands at that place")
        check_held(state, seat, cards, attacker)
        if read(piles.faces_of(state, attacker, cards)) is None:
            raise IllegalAction(no_play(len(cards)))

    @staticmethod
    def _attack(state: DeucesTable, turn: TurnPrompt, action: Attack) -> list[DeucesEvent]:
        turn.attacks -= 1
        turn.fresh = False
        return state.mode.strike(state, turn, player(turn.seat), action.target, action.cards)

    @staticmethod
    def _pet_attack(state: DeucesTable, turn: TurnPrompt, action: PetAttack) -> list[DeucesEvent]:
        turn.pets_done.append(action.pet)
        turn.fresh = False
        return state.mode.strike(state, turn, pet(action.pet), action.target, action.cards)

    @staticmethod
    def _guard(state: DeucesTable, seat: int, action: Guard) -> list[DeucesEvent]:
        me = player(seat)
        state.prompt = None
        events: list[DeucesEvent] = [built(Guarded, who=me, card=action.card)]
        events += piles.discard(state, me, [action.card], "guard")
        return events + piles.draw(state, me, 1)

    @staticmethod
    def _end(state: DeucesTable, turn: TurnPrompt) -> list[DeucesEvent]:
        state.prompt = None
        return [built(TurnPassed, who=player(turn.seat))] if turn.fresh else []

    def timeout(self, state: DeucesTable, seat: int, prompt: Any) -> DeucesAction:
        return autoplay.timeout_turn(state, seat)

    def suggest(self, state: DeucesTable, seat: int, prompt: Any) -> DeucesAction:
        return autoplay.suggest_turn(state, seat)


class OpenTurn(Turn):
    """The party's turn with several players yet to act: whoever moves first takes the next
    turn (the rules let the players choose their order, and it may change every round)."""

    prompt = OpenTurnPrompt
    waits_for = "take a turn, in the order they like"

    def turn_for(self, state: DeucesTable, seat: int, prompt: Any) -> TurnPrompt:
        """A fresh turn for the seat, which starts as it moves."""
        return built(TurnPrompt, seat=seat)

    def begin(self, state: DeucesTable, turn: TurnPrompt) -> list[DeucesEvent]:
        return flow.begin_turn(state, turn)


class Shedding(PromptKind[ShedPrompt]):
    """A hand above the limit: its player chooses the cards to discard (the rules say a hand
    may never stay above 10). The prompt it interrupted waits in `state.held`."""

    prompt = ShedPrompt
    waits_for = "shed cards down to ten"

    def legal(self, state: DeucesTable, seat: int, prompt: ShedPrompt) -> list[DeucesAction]:
        """Every way to shed, or (for long sheds, whose choices run into thousands) the
        default and each single swap of it."""
        hand = state.players[seat].hand
        if prompt.count <= SHED_LISTED:
            groups = {tuple(sorted(g)) for g in combinations(hand, prompt.count)}
        else:
            base = piles.default_shed(state, seat)
            rest = list(hand)
            for card in base:
                rest.remove(card)
            groups = {tuple(sorted(base))} | {
                tuple(sorted([*base[:i], *base[i + 1 :], other]))
                for i in range(len(base))
                for other in rest
            }
        return [Shed(cards=cards) for cards in sorted(groups)]

    def take(self, state: DeucesTable, seat: int, prompt: ShedPrompt, action: DeucesAction) -> Play:
        if not isinstance(action, Shed):
            self.refuse(prompt, action)
        if len(action.cards) != prompt.count:
            raise IllegalAction(f"shed exactly {prompt.count} cards, down to ten")
        check_held(state, seat, action.cards)
        return lambda: self._shed(state, seat, action)

    @staticmethod
    def _shed(state: DeucesTable, seat: int, action: Shed) -> list[DeucesEvent]:
        """The hand is down to the limit: the interrupted prompt comes back."""
        state.prompt, state.held = state.held, None
        return piles.discard(state, player(seat), list(action.cards), "hand_limit")

    def timeout(self, state: DeucesTable, seat: int, prompt: ShedPrompt) -> DeucesAction:
        return autoplay.default_shed(state, seat)


class Defending(PromptKind[DefendPrompt]):
    """An attack on the seat (or its pet) waits for its answer: a defence of as many cards,
    a yield when too few are held, or a Disrupt."""

    prompt = DefendPrompt
    waits_for = "defend"

    def legal(self, state: DeucesTable, seat: int, prompt: DefendPrompt) -> list[DeucesAction]:
        assert state.clash is not None
        defender = state.clash.defender
        disrupts = list_abilities(state, seat, "defend") if defender.side == Side.PLAYERS else []
        if not combat.can_answer(state):  # too few cards: yield, unless a Disrupt saves them
            return [Defend(cards=()), *disrupts]
        size = state.clash.size
        hand = piles.hand_faces(state, defender)
        answers = {
            tuple(sorted(f.card for f in group))
            for count in range(1, size + 1)
            for group in combinations(hand, count)
            if count <= size <= capacity(group)
        }
        actions: list[DeucesAction] = [Defend(cards=cards) for cards in sorted(answers)]
        return actions + disrupts

    def take(
        self, state: DeucesTable, seat: int, prompt: DefendPrompt, action: DeucesAction
    ) -> Play:
        match action:
            case Defend():
                self._check_defence(state, seat, action)
                return lambda: self._defend(state, action)
            case UseAbility():
                check_ability(state, seat, action)
                return lambda: use_ability(state, seat, None, action)
            case _:
                self.refuse(prompt, action)

    @staticmethod
    def _check_defence(state: DeucesTable, seat: int, action: Defend) -> None:
        clash = state.clash
        assert clash is not None  # a defence prompt waits on the attack in play
        if not combat.can_answer(state):
            if action.cards:
                raise IllegalAction("too few cards to answer: yield, or use a Disrupt")
            return
        check_held(state, seat, action.cards, clash.defender)
        counted = piles.faces_of(state, clash.defender, action.cards)
        if not len(counted) <= clash.size <= capacity(counted):
            raise IllegalAction(f"answer with exactly {clash.size} cards")

    @staticmethod
    def _defend(state: DeucesTable, action: Defend) -> list[DeucesEvent]:
        state.prompt = None
        if not action.cards:  # a yield: too few cards to answer
            return combat.overwhelm(state) + turns.resume_attacker(state)
        return combat.answer(state, list(action.cards)) + turns.resume_attacker(state)

    def timeout(self, state: DeucesTable, seat: int, prompt: DefendPrompt) -> DeucesAction:
        return autoplay.auto_defence(state, seat)

    def suggest(self, state: DeucesTable, seat: int, prompt: DefendPrompt) -> DeucesAction:
        return autoplay.suggest_defence(state, seat)


class LootStep(PromptKind[LootPrompt]):
    """After an encounter: trade two loot cards of a tier up, give loot to another player with
    room, and (above the limit of five) give some up."""

    prompt = LootPrompt
    waits_for = "trade, give or keep loot"

    def legal(self, state: DeucesTable, seat: int, prompt: LootPrompt) -> list[DeucesAction]:
        loot = state.players[seat].loot
        actions: list[DeucesAction] = [
            TradeUp(keep=a.card, give=b.card)
            for a in loot
            for b in loot
            if a.card != b.card and a.tier == b.tier and a.tier != Tier.EPIC
        ]
        actions += [
            GiveLoot(card=item.card, to=other)
            for item in loot
            for other in self._has_room(state, seat)
        ]
        if len(loot) > LOOT_LIMIT:
            return actions + [DropLoot(card=item.card) for item in loot]
        return [*actions, LootDone()]

    @staticmethod
    def _has_room(state: DeucesTable, seat: int) -> list[int]:
        """The other players who can take one more loot card (none where loot is not given)."""
        if not state.mode.shares_loot:
            return []
        players = state.players
        return [who.seat for who in players if who.seat != seat and len(who.loot) < LOOT_LIMIT]

    def take(self, state: DeucesTable, seat: int, prompt: LootPrompt, action: DeucesAction) -> Play:
        holder = state.players[seat]
        match action:
            case TradeUp():
                keep, give = holder.loot_tier(action.keep), holder.loot_tier(action.give)
                if action.keep == action.give or keep is None or keep != give:
                    raise IllegalAction("trade up two loot cards of the same tier")
                if keep == Tier.EPIC:
                    raise IllegalAction("Epic is the highest tier")
                return lambda: self._trade(state, seat, keep, action)
            case GiveLoot():
                if holder.loot_tier(action.card) is None:
                    raise IllegalAction("that card is not your loot")
                if action.to == seat or not 0 <= action.to < len(state.players):
                    raise IllegalAction("give loot to another player of the party")
                if action.to not in self._has_room(state, seat):
                    raise IllegalAction(f"they already hold {LOOT_LIMIT} loot cards")
                return lambda: self._give(state, seat, action)
            case DropLoot():
                if len(holder.loot) <= LOOT_LIMIT:
                    raise IllegalAction("loot is only given up above the limit of five")
                if holder.loot_tier(action.card) is None:
                    raise IllegalAction("that card is not your loot")
                return lambda: self._drop(state, seat, action)
            case LootDone():
                if len(holder.loot) > LOOT_LIMIT:
                    raise IllegalAction("trade up or give up loot: you hold more than five")
                return lambda: self._done(state, seat, prompt)
            case _:
                self.refuse(prompt, action)

    @staticmethod
    def _trade(state: DeucesTable, seat: int, tier: Tier, action: TradeUp) -> list[DeucesEvent]:
        holder = state.players[seat]
        better = TIERS[TIERS.index(tier) + 1]
        holder.loot = [
            built(Loot, card=item.card, tier=better) if item.card == action.keep else item
            for item in holder.loot
            if item.card != action.give
        ]
        state.loot_deck.append(action.give)
        return [built(LootTraded, seat=seat, keep=action.keep, give=action.give, tier=better)]

    @staticmethod
    def _give(state: DeucesTable, seat: int, action: GiveLoot) -> list[DeucesEvent]:
        holder, taker = state.players[seat], state.players[action.to]
        item = next(item for item in holder.loot if item.card == action.card)
        holder.loot.remove(item)
        taker.loot.append(item)
        return [built(LootGiven, seat=seat, to=action.to, card=item.card, tier=item.tier)]

    @staticmethod
    def _drop(state: DeucesTable, seat: int, action: DropLoot) -> list[DeucesEvent]:
        holder = state.players[seat]
        holder.loot = [item for item in holder.loot if item.card != action.card]
        state.loot_deck.append(action.card)
        return [built(LootDropped, seat=seat, card=action.card)]

    @staticmethod
    def _done(state: DeucesTable, seat: int, prompt: LootPrompt) -> list[DeucesEvent]:
        prompt.seats.remove(seat)
        if not prompt.seats:
            state.prompt = None
            state.phase = state.mode.after_loot()
        return []

    def timeout(self, state: DeucesTable, seat: int, prompt: LootPrompt) -> DeucesAction:
        return autoplay.timeout_loot(state, seat)

    def suggest(self, state: DeucesTable, seat: int, prompt: LootPrompt) -> DeucesAction:
        return autoplay.suggest_loot(state, seat)


CORE_KINDS: tuple[PromptKind[Any], ...] = (
    Voting(),
    Turn(),
    OpenTurn(),
    Shedding(),
    Defending(),
    LootStep(),
)
"""The kinds every mode asks (a mode's own are added to these, or replace one of them)."""
